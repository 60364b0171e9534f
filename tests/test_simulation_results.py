"""Results that print, options that are typed, and bots of one's own.

``print(canasta.compare([...]))`` shows the report the command line prints, a
result's ``repr`` is one line, notebooks get Markdown, every public attribute
of the result classes is documented, and ``bots=`` takes a user's own bot
factory beside the registered names.
"""

from __future__ import annotations

import ast
import contextlib
import io
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

import canasta
from canasta.core.actions import Action
from canasta.core.views import PlayerView
from canasta.simulation import ComparisonResult, Estimate, Mode, RunOptions, SimulationError, SimulationResult, compare, simulate
from canasta.simulation.report import render
from canasta.simulation.stats import Difference

PACKAGE = Path(canasta.__file__).parent / "simulation"
QUICK = RunOptions(count=3, bots="random", workers=1, seed=4)


class FirstBot:
    """A bot of one's own, as docs/bots.md teaches: it takes the first legal action, with a seeded chance of another."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return legal[0] if self.rng.random() < 0.8 else self.rng.choice(legal)


def test_a_result_has_a_short_repr() -> None:
    r = simulate("finnish", options=QUICK)
    assert repr(r) == "<SimulationResult 'finnish' 3 hands, 4p, seed 4>"
    c = compare(["finnish", "dutch"], options=QUICK, games=2, hand_cap=2)
    assert repr(c) == "<ComparisonResult 'finnish' vs 'dutch' 2 matches, 4p, seed 4>"


def test_print_shows_the_report_and_notebooks_get_markdown() -> None:
    c = compare(["finnish", "swedish-club"], options=QUICK)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        print(c)
    assert out.getvalue() == render(c, "text") + "\n"
    assert out.getvalue().startswith("Comparing finnish, swedish-club: 3 single hands from a score of zero")
    assert c._repr_markdown_() == c.to_markdown() == render(c, "markdown")
    r = c.results[0]
    assert str(r) == render(r, "text") and r._repr_markdown_() == render(r, "markdown")
    assert str(r.metric("duration.turns")).startswith("turns per hand: ")


def test_an_estimate_prints_as_its_mean_and_interval() -> None:
    assert str(Estimate(mean=29.5, low=28.0, high=30.94, n=200, sd=10.0)) == "29.5 [28.0, 30.9]"
    assert str(Estimate(mean=0.42, low=0.3512, high=0.49, n=200, sd=0.5)) == "0.420 [0.351, 0.490]"
    assert str(Estimate(mean=3.0, low=None, high=None, n=1, sd=0.0)) == "3.00"
    assert str(Difference(mean=191.7, low=144.0, high=239.4, n=200, significant=True)) == "+191.7 ±47.7 *"


def test_everything_after_the_profiles_is_a_keyword() -> None:
    with pytest.raises(TypeError):
        simulate("finnish", 4, 10)  # type: ignore[misc]
    with pytest.raises(TypeError):
        compare(["finnish", "dutch"], 4)  # type: ignore[misc]


def test_one_options_object_serves_both_and_a_keyword_replaces_a_field() -> None:
    r = simulate("finnish", options=QUICK, seed=9)
    assert (r.settings.seed, r.settings.count, r.settings.mode) == (9, 3, Mode.HANDS)
    assert r == simulate("finnish", hands=3, bots="random", workers=1, seed=9)
    g = simulate("finnish", options=RunOptions(mode=Mode.GAMES, count=1, hand_cap=1, bots="random", workers=1))
    assert g.settings.mode is Mode.GAMES and g.hands == 1
    with pytest.raises(SimulationError, match=r"expected a canasta\.simulation\.RunOptions"):
        simulate("finnish", options={"hands": 3})  # type: ignore[arg-type]
    with pytest.raises(SimulationError, match=r"mode: expected Mode\.HANDS or Mode\.GAMES"):
        simulate("finnish", options=RunOptions(mode="matches", count=1, bots="random", workers=1))  # type: ignore[arg-type]


def test_a_bot_of_ones_own_plays_against_the_heuristic_bot() -> None:
    """``bots=`` takes a factory (a bot class) beside the registered names: one per side, the user's bot at seats 0 and 2."""
    c = canasta.compare(["finnish", "swedish-club"], hands=4, seed=1, bots=[FirstBot, "heuristic"], workers=1)
    assert c.settings.bots == ("FirstBot", "heuristic", "FirstBot", "heuristic")
    assert "seat 0: FirstBot, seat 1: heuristic" in str(c)
    again = canasta.compare(["finnish", "swedish-club"], hands=4, seed=1, bots=(FirstBot, "heuristic"), workers=2, chunk_size=1)
    assert again == c  # the factory reaches worker processes, and the result does not depend on them
    with pytest.raises(canasta.ArgumentError, match="unknown bot 'greedy'"):
        simulate("finnish", hands=1, bots=[FirstBot, "greedy"], workers=1)


def _undocumented(path: Path) -> list[str]:
    """Public annotated attributes of the classes of a module that no docstring follows."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    missing = []
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef) and not n.name.startswith("_")):
        body = cls.body
        for i, node in enumerate(body):
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and not node.target.id.startswith("_"):
                after = body[i + 1] if i + 1 < len(body) else None
                documented = isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant) and isinstance(after.value.value, str)
                if not documented:
                    missing.append(f"{path.name}: {cls.name}.{node.target.id}")
    return missing


def test_every_public_attribute_of_the_simulation_classes_is_documented() -> None:
    missing = [m for path in sorted(PACKAGE.glob("*.py")) for m in _undocumented(path)]
    assert not missing, missing


def test_the_result_classes_are_what_the_package_exports() -> None:
    for cls in (SimulationResult, ComparisonResult):
        assert cls.__module__ == "canasta.simulation.results"
    assert issubclass(SimulationError, canasta.CanastaError) and canasta.SimulationError is SimulationError
