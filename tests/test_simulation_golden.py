"""Golden report: the Markdown of a small fixed-seed comparison, rule by rule, compared byte for byte.

``tests/golden/simulation/`` holds what ``canasta compare finnish swedish-club
--hands 10 --seed 0 --by-rule --format markdown`` prints, less the one line
that says how long the run took. Any change to a metric, a number's format, a
heading, the statistics, the rule-by-rule breakdown or the order of anything
shows up as a diff, as OpenSpiel's playthroughs show a changed game. The file
was first written from the code before every metric had one
declaration, and the report is the same since.

A deliberate change of the report is recorded anew with
``python tests/test_simulation_golden.py`` (it rewrites the file); review the
diff before committing it.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import pytest

import canasta
from canasta.simulation import ComparisonResult
from canasta.simulation.report import comparison_report, render_markdown

GOLDEN = Path(__file__).parent / "golden" / "simulation" / "compare-finnish-swedish-club-by-rule.md"

PROFILES = ("finnish", "swedish-club")
RUN = {"hands": 10, "seed": 0, "bots": "heuristic", "workers": 1}
"""A run small enough for the suite (about 20 profiles of 10 hands), in the calling process."""


def comparison() -> ComparisonResult:
    return canasta.compare(list(PROFILES), by_rule=True, **RUN)  # type: ignore[arg-type]


def report(result: ComparisonResult) -> str:
    """The Markdown report without the line on how long the run took: all of it is a pure function of the seeds."""
    return render_markdown(comparison_report(result, timing=False))


def test_the_markdown_report_of_a_small_comparison_is_the_golden_one() -> None:
    result = comparison()
    written = report(result)
    expected = GOLDEN.read_text(encoding="utf-8")
    if written != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), written.splitlines(True), str(GOLDEN), "written", n=2))
        pytest.fail(f"the comparison report changed:\n{diff[:6000]}")
    shown = [line.rstrip() for line in result.to_markdown().splitlines()]  # what a notebook shows: the same, and how long it took
    timed = [i for i, line in enumerate(shown) if line.startswith("Played ")]
    assert len(timed) == 1
    assert shown[: timed[0]] + shown[timed[0] + 1 :] == [line.rstrip() for line in expected.splitlines()]


if __name__ == "__main__":
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(report(comparison()), encoding="utf-8")
    sys.exit(0)
