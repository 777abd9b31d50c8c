"""axe-core (bundled by axe-playwright-python) over a page as it stands, for tests/e2e/test_axe.py.

The script is put into the page by Playwright's `evaluate`, which the page's Content-Security-
Policy does not govern: each page keeps its own policy while axe reads it. It is put in afresh
for each run, as the package does: axe keeps some computed colours between runs in one page,
which a change of theme makes wrong. A run brings back only what a report needs (each
violation's rule, impact, help and node targets, and the contrasts axe could not decide, by
reason), not axe's whole answer.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from axe_playwright_python.sync_playwright import Axe

# WCAG 2.0, 2.1 and 2.2 at levels A and AA, and Deque's best practices (landmarks, headings,
# ARIA on plain elements, focusable scrollers...).
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
IMPACTS = ("critical", "serious", "moderate", "minor")
SHOWN_NODES = 3

INJECT = Axe().axe_script
RUN = """async ([context, options]) => {
    const results = await axe.run(context || document, options);
    const undecided = results.incomplete.filter(r => r.id === "color-contrast")
        .flatMap(r => r.nodes.map(n => [[...n.any, ...n.all].map(c => c.data?.messageKey)
            .find(Boolean) || "other", n.target.join(" ")]));
    return {
        violations: results.violations.map(v => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => n.target.join(" ")),
            why: v.nodes[0].failureSummary.split("\\n").slice(1).join(" ").trim(),
        })),
        undecided,
    };
}"""

# The frame after a change of theme or size, and any transition it started (none under reduced
# motion, which the site honours with no transition at all).
SETTLED = """() => new Promise(done => requestAnimationFrame(() => {
    const moving = document.getAnimations().filter(a => a instanceof CSSTransition);
    Promise.allSettled(moving.map(a => a.finished))
        .then(() => requestAnimationFrame(() => done(true)));
}))"""


@dataclass
class Findings:
    """What axe said of one page in one state: its violations and undecided contrasts."""

    where: str
    violations: list[dict] = field(default_factory=list)
    undecided: Counter = field(default_factory=Counter)
    undecided_at: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def by_impact(self) -> dict[str, int]:
        counts = dict.fromkeys(IMPACTS, 0)
        for violation in self.violations:
            counts[violation["impact"] or "minor"] += len(violation["nodes"])
        return counts

    def lines(self) -> list[str]:
        """One line per violated rule: where, rule, impact, how many nodes and the first few."""
        found = []
        for violation in self.violations:
            nodes = violation["nodes"]
            more = f" (+{len(nodes) - SHOWN_NODES} more)" if len(nodes) > SHOWN_NODES else ""
            found.append(
                f"{self.where}: {violation['id']} ({violation['impact']}, {violation['help']}) "
                f"at {'; '.join(nodes[:SHOWN_NODES])}{more}; the first: {violation['why']}"
            )
        return found

    def summary(self) -> str:
        counts = " ".join(f"{impact}={n}" for impact, n in self.by_impact().items())
        reasons = ", ".join(f"{why} {n}" for why, n in self.undecided.most_common())
        total = sum(self.undecided.values())
        undecided = f"{total}{f' ({reasons})' if total else ''}"
        return f"{self.where}: {counts}; contrast undecided {undecided}; {self.seconds:.1f} s"


def run(page, where: str, *, only=None, skip=(), context=None) -> Findings:
    """axe over `page`: the rules named in `only`, or every rule of TAGS but those in `skip`;
    within `context` (axe's include/exclude selectors) or the whole document."""
    page.evaluate(INJECT)  # afresh: axe's caches would keep colours across a change of theme
    options = {
        "runOnly": {"type": "rule", "values": only} if only else {"type": "tag", "values": TAGS},
        "rules": {rule: {"enabled": False} for rule in skip},
        "resultTypes": ["violations", "incomplete"],
    }
    start = time.monotonic()
    found = page.evaluate(RUN, [context, options])
    seconds = time.monotonic() - start
    reasons = Counter(why for why, _ in found["undecided"])
    at = [f"{where}: contrast undecided ({why}) at {target}" for why, target in found["undecided"]]
    return Findings(where, found["violations"], reasons, at, seconds)


def theme(page, scheme: str) -> None:
    """Show `page` in the light or the dark theme, as its visitor's system would ask for it.
    The page may learn of the change a frame later: axe, which reads the page over many frames,
    must not start before it, or it reads some colours of either theme."""
    page.emulate_media(color_scheme=scheme)
    page.wait_for_function("s => matchMedia(`(prefers-color-scheme: ${s})`).matches", arg=scheme)
    page.evaluate(SETTLED)


def resize(page, size: dict) -> None:
    page.set_viewport_size(size)
    page.wait_for_function("w => innerWidth === w", arg=size["width"])
    page.evaluate(SETTLED)
