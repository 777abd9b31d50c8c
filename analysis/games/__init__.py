"""Each game's grader (`analysis.base.Analyzer`): analysis/games/<slug>.py."""
