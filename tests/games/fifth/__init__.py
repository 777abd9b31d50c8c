"""A fifth game the site does not know, for tests only: "par ou ímpar" for two seats. Registered
by tests/games/test_fifth_game.py through the public registries; nothing under games/, config/,
accounts/ or templates/ names it."""
