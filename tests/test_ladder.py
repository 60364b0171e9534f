"""The rating ladder (issue 29): a test-sized round robin keeps the bots in their order, so a release that weakens one shows.

The full ladder is ``python -m canasta.simulation.ladder`` (benchmarks/ladder.md); here a few paired deals with fixed
seeds, one worker, and a small search budget.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest

import canasta
from canasta.bots import SearchBot
from canasta.bots.registry import SEARCH_CONFIDENCE
from canasta.simulation.ladder import Meeting, fit, ladder, main, meet, to_markdown


def small_search(seed: int) -> SearchBot:
    """The search bot at a budget the test suite can afford, with the margin of the level of that budget (``quick``)."""
    return SearchBot(seed, playouts=8, horizon=4, confidence=SEARCH_CONFIDENCE["quick"])


@pytest.fixture(scope="module")
def finnish_ladder() -> canasta.simulation.ladder.Ladder:
    return ladder("finnish", players=4, bots=["random", "heuristic", small_search], pairs=4, seed=1, workers=1)


def test_the_order_random_below_heuristic_and_search_holds(finnish_ladder: canasta.simulation.ladder.Ladder) -> None:
    order = finnish_ladder.order()
    assert order[-1] == "random", order
    by_name = {m.first + " v " + m.second: m for m in finnish_ladder.meetings}
    assert by_name["random v heuristic"].lost == 4 and by_name["random v small_search"].lost == 4
    # Heuristic against search: level under finnish (docs/bots.md), so checked under modern-american below.
    assert {m.pairs for m in finnish_ladder.meetings} == {4}


def test_the_search_beats_the_heuristic_under_modern_american() -> None:
    """Heuristic below search: under ``modern-american``, where the search measured stronger (docs/bots.md), a search of 8
    playouts with a horizon of 4 turns and the ``normal`` level's margin wins more of 8 paired deals than the heuristic.

    Under ``finnish`` (the ladder above) the search is level with the heuristic, so the order is checked here. The seed is
    not a lucky one: over seeds 1 to 4 (32 pairs) this search won 20, lost 8 and tied 4; seed 1 gives 7 won, 1 lost.
    """
    search = functools.partial(SearchBot, playouts=8, horizon=4, confidence=SEARCH_CONFIDENCE["normal"])
    m = meet("modern-american", 4, search, "heuristic", pairs=8, seed=1, workers=1)
    assert m.won > m.lost and m.mean_difference > 0, m


def test_the_ladder_is_the_same_for_the_same_seeds(finnish_ladder: canasta.simulation.ladder.Ladder) -> None:
    again = ladder("finnish", players=4, bots=["random", "heuristic", small_search], pairs=4, seed=1, workers=1)
    assert again == finnish_ladder
    text = to_markdown([again], command="python -m canasta.simulation.ladder ...", commit="abc1234", machine="x86_64", day="2026-11-28")
    assert "commit abc1234" in text and "| random v heuristic | 0 | 4 | 0 | 0% (0% to 49%) |" in text


def test_bradley_terry_ratings_follow_the_pairs_won() -> None:
    meetings = [
        Meeting(first="a", second="b", won=30, lost=10, tied=0, mean_difference=100.0),
        Meeting(first="b", second="c", won=30, lost=10, tied=0, mean_difference=100.0),
        Meeting(first="a", second="c", won=36, lost=4, tied=0, mean_difference=300.0),
    ]
    r = fit(["a", "b", "c"], meetings, anchor="b")
    assert r["b"] == 0 and r["a"] > 100 and r["c"] < -100
    even = fit(["a", "b"], [Meeting(first="a", second="b", won=5, lost=5, tied=2, mean_difference=0.0)])
    assert even == pytest.approx({"a": 0.0, "b": 0.0})
    p, low, high = meetings[2].share()
    assert p == 0.9 and 0.76 < low < 0.77 and 0.96 < high < 0.97  # Wilson, 36 of 40


def test_a_table_of_three_sides_and_a_bad_profile_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(canasta.ArgumentError, match="3 sides"):
        ladder("swedish-club", players=3, bots=["random", "heuristic"], pairs=1, seed=0, workers=1)
    assert main(["--variant", "no-such-profile", "--bots", "random,heuristic", "--pairs", "1", "--workers", "1"]) == 2
    assert "no-such-profile" in capsys.readouterr().err


def test_the_page_is_written_after_each_profile_and_says_when_it_is_unfinished(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A long run stopped after its first profile keeps that profile's table (the page is written as each one ends)."""
    from canasta.simulation import ladder as module

    out = tmp_path / "ladder.md"
    real = module.ladder
    seen: list[str] = []

    def first_only(name: str, **kwargs: Any) -> module.Ladder:
        if seen:
            assert "(Unfinished: 1 of the command's 2 profiles so far.)" in out.read_text(encoding="utf-8")
            raise KeyboardInterrupt
        seen.append(name)
        return real(name, **kwargs)

    monkeypatch.setattr(module, "ladder", first_only)
    with pytest.raises(KeyboardInterrupt):
        main(["--variant", "regency:2", "--variant", "uruguayan:2", "--bots", "random,heuristic", "--pairs", "1", "--workers", "1", "--out", str(out)])
    assert "## regency, 2 players" in out.read_text(encoding="utf-8")
