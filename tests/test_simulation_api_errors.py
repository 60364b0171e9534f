"""The simulation API refuses hostile arguments with the library's own errors, never a stray AttributeError or TypeError.

Arguments of a run (``simulate``/``compare``) are refused with
:class:`canasta.SimulationError` before anything is played; arguments of the
calls on results, reports, statistics and plots with
:class:`canasta.ArgumentError` (``metric``/``row`` with :class:`UnknownMetric`,
also a KeyError as before). An executor that cannot run the tasks (shut
down, cancelling them, broken) ends the run with one SimulationError, while an
error of a task itself comes through as it is.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

import canasta
from canasta.errors import ArgumentError, CanastaError, shown_value
from canasta.simulation import SimulationError, UnknownMetric, compare, simulate
from canasta.simulation.experiment import entrant, seconds_per_unit, settings_for
from canasta.simulation.options import RunOptions
from canasta.simulation.parallel import TARGET_SECONDS, plan_chunks
from canasta.simulation.report import render
from canasta.simulation.stats import estimate, paired_difference, t_975

SMALL: dict[str, Any] = {"hands": 2, "bots": "random", "workers": 1}


class Sneaky(int):
    """An int whose own methods all raise: the library must read the number it holds, never call them."""

    def __str__(self) -> str:
        raise RuntimeError("__str__ of a stranger's int")

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        raise RuntimeError("__format__ of a stranger's int")

    def __lt__(self, other: object) -> bool:
        raise RuntimeError("__lt__ of a stranger's int")

    __gt__ = __le__ = __ge__ = __lt__

    def __hash__(self) -> int:
        raise RuntimeError("__hash__ of a stranger's int")


@pytest.fixture
def no_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if any hand is played: bad arguments must be refused before the run starts."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the run started although its arguments were bad")

    monkeypatch.setattr(importlib.import_module("canasta.simulation.experiment"), "run_on_pool", refuse)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"executor": object()}, "executor: expected a concurrent.futures.Executor"),
        ({"executor": "threads"}, "executor: expected a concurrent.futures.Executor"),
        ({"executor": ThreadPoolExecutor}, "executor: expected a concurrent.futures.Executor"),
        ({"scheduler": 1.5}, "scheduler: expected an address"),
        ({"scheduler": b"tcp://127.0.0.1:8786"}, "scheduler: expected an address"),
        ({"scheduler": ["tcp://127.0.0.1:8786"]}, "scheduler: expected an address"),
        ({"progress": 0}, "progress: expected None or a function"),
        ({"progress": "bar"}, "progress: expected None or a function"),
        ({"players": 10**5000}, "has rules for 4 players, not a number of over 4,000 digits"),
        ({"players": 10**40}, "has rules for 4 players, not a 41-digit number"),
        ({"players": 7}, "has rules for 4 players, not 7"),
        ({"seed": 3.0}, "seed: expected a whole number"),
        ({"workers": Sneaky(0)}, "workers must be a whole number of at least 1"),
    ],
)
def test_run_arguments_of_the_wrong_kind_are_a_simulation_error(kwargs: dict[str, Any], message: str, no_run: None) -> None:
    for run in (lambda: simulate("finnish", **{**SMALL, **kwargs}), lambda: compare(["finnish", "dutch"], **{**SMALL, **kwargs})):
        with pytest.raises(SimulationError, match=message) as caught:
            run()
        assert "\n" not in str(caught.value) and len(str(caught.value)) < 400


@pytest.mark.parametrize("by_rule", ["no", 0, 1, None, [True]])
def test_by_rule_takes_only_true_or_false(by_rule: object, no_run: None) -> None:
    with pytest.raises(SimulationError, match="by_rule: expected True or False"):
        compare(["finnish", "dutch"], by_rule=by_rule, **SMALL)  # type: ignore[arg-type]


def test_an_int_subclass_is_read_as_the_number_it_holds() -> None:
    """Its own __str__, comparisons and hash never run: the run plays exactly as with the plain number."""
    plain = simulate("finnish", seed=5, players=4, hands=2, bots="random", workers=1, hand_cap=3)
    sneaky = simulate("finnish", seed=Sneaky(5), players=Sneaky(4), hands=Sneaky(2), bots="random", workers=Sneaky(1), hand_cap=Sneaky(3))
    assert sneaky == plain
    assert type(sneaky.settings.seed) is int and type(sneaky.settings.players) is int
    with pytest.raises(SimulationError, match="seed: expected at most"):
        simulate("finnish", seed=Sneaky(2**70), **SMALL)


NUMPY_INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
"""numpy's integer types: docs/errors.md says whole numbers of other libraries are accepted wherever an int is."""

WHOLE_ARGUMENTS: dict[str, tuple[dict[str, Any], int]] = {
    "seed": ({"hands": 2}, 5),
    "hands": ({}, 2),
    "games": ({"hand_cap": 2}, 1),
    "players": ({"hands": 2}, 4),
    "workers": ({"hands": 2}, 1),
    "hand_cap": ({"games": 1}, 2),
    "chunk_size": ({"hands": 2}, 1),
}
"""Each whole-number argument of a run, the other arguments it needs, and the value it is given."""


@pytest.mark.parametrize("kind", NUMPY_INTS)
@pytest.mark.parametrize("name", list(WHOLE_ARGUMENTS))
def test_numpy_integers_are_taken_as_the_ints_they_hold(name: str, kind: str) -> None:
    """``simulate`` and ``compare`` take them as Game, ScoreSheet and PettingZoo do (errors.whole_number), and play exactly as with the int."""
    np = pytest.importorskip("numpy")
    base, value = WHOLE_ARGUMENTS[name]
    plain = {"bots": "random", "workers": 1, **base, name: value}
    typed = {**plain, name: getattr(np, kind)(value)}
    assert simulate("finnish", **typed) == simulate("finnish", **plain)
    assert compare(["finnish", "dutch"], **typed) == compare(["finnish", "dutch"], **plain)
    settings = simulate("finnish", **typed).settings
    assert all(type(getattr(settings, field)) is int for field in ("players", "count", "seed", "hand_cap"))


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("seed", True, "seed: expected a whole number, got True"),
        ("hands", False, "hands: expected a whole number, got False"),
        ("players", 4.0, "players: expected a whole number, got 4.0"),
        ("hand_cap", "3", "hand cap: expected a whole number, got '3'"),
        ("chunk_size", 1.5, "chunk size: expected a whole number, got 1.5"),
        ("workers", True, "workers must be a whole number of at least 1, got True"),
        ("workers", 2.0, "workers must be a whole number of at least 1, got 2.0"),
        ("seed", 2**63, "seed: expected at most 9,223,372,036,854,775,807, got 9223372036854775808"),
        ("hands", 10**5000, "hands: expected at most 1,000,000, got a number of over 4,000 digits"),
        ("players", 10**40, "has rules for 4 players, not a 41-digit number"),
    ],
    ids=lambda v: shown_value(v, 20),
)
def test_bools_floats_strings_and_huge_values_are_still_refused(name: str, value: object, message: str, no_run: None) -> None:
    for run in (lambda: simulate("finnish", **{**SMALL, name: value}), lambda: compare(["finnish", "dutch"], **{**SMALL, name: value})):
        with pytest.raises(SimulationError, match=re.escape(message)):
            run()


@pytest.mark.parametrize(
    ("name", "numpy_value", "message"),
    [
        ("seed", ("bool_", True), "seed: expected a whole number"),
        ("hands", ("float64", 2.0), "hands: expected a whole number"),
        ("workers", ("bool_", True), "workers must be a whole number of at least 1"),
        ("workers", ("uint8", 0), "workers must be a whole number of at least 1"),
        ("seed", ("uint64", 2**64 - 1), "seed: expected at most 9,223,372,036,854,775,807, got 18446744073709551615"),
        ("hands", ("int64", 0), "hands: expected at least 1, got 0"),
        ("players", ("uint64", 2**64 - 1), "has rules for 4 players, not 18446744073709551615"),
        ("hand_cap", ("int16", 1001), "hand cap: expected at most 1,000, got 1001"),
    ],
)
def test_numpy_values_that_are_no_whole_number_or_out_of_range_are_refused(
    name: str, numpy_value: tuple[str, object], message: str, no_run: None
) -> None:
    np = pytest.importorskip("numpy")
    kind, raw = numpy_value
    value = getattr(np, kind)(raw)
    args = {"bots": "random", "workers": 1, **({"games": 1} if name == "hand_cap" else {"hands": 2}), name: value}
    for run in (lambda: simulate("finnish", **args), lambda: compare(["finnish", "dutch"], **args)):
        with pytest.raises(SimulationError, match=re.escape(message)):
            run()


def test_an_unknown_metric_is_an_argument_error_and_still_a_key_error() -> None:
    r = simulate("finnish", **SMALL)
    c = compare(["finnish", "dutch"], **SMALL)
    for lookup in (r.metric, c.row):
        for key in ("x", "", "duration.turns.side9", 5, None, Sneaky(3)):
            with pytest.raises(UnknownMetric) as caught:
                lookup(key)  # type: ignore[arg-type]
            assert isinstance(caught.value, ArgumentError) and isinstance(caught.value, KeyError)
            assert isinstance(caught.value, CanastaError)
            assert str(caught.value).startswith(("no metric", "expected a metric key")), str(caught.value)
            assert "duration.turns" in str(caught.value)
    assert r.metric("duration.turns").key == c.row("duration.turns").key == "duration.turns"


def test_reports_statistics_and_plots_refuse_bad_arguments_with_argument_error(tmp_path: Path) -> None:
    r = simulate("finnish", **SMALL)
    for call in (
        lambda: render(r, "html"),
        lambda: render(r, 5),  # type: ignore[arg-type]
        lambda: render("a result", "text"),  # type: ignore[arg-type]
        lambda: t_975(0),
        lambda: estimate([]),
        lambda: paired_difference([1.0], [1.0, 2.0]),
        lambda: paired_difference([], []),
    ):
        with pytest.raises(ArgumentError):
            call()
    pytest.importorskip("matplotlib")
    from canasta.simulation.plot import plot_comparison, plot_simulation

    read_back = canasta.simulation.SimulationResult.from_json(r.to_json())  # no samples
    for call in (
        lambda: plot_simulation(read_back, tmp_path / "a.png"),
        lambda: plot_simulation("result", tmp_path / "a.png"),  # type: ignore[arg-type]
        lambda: plot_comparison(r, tmp_path / "a.png"),  # type: ignore[arg-type]
        lambda: plot_simulation(r, 5),  # type: ignore[arg-type]
    ):
        with pytest.raises(ArgumentError):
            call()
    with pytest.raises(SimulationError, match="cannot write the plot to"):
        plot_simulation(r, tmp_path / "no" / "such" / "a.png")


class Cancelling(Executor):
    """An executor whose tasks are all cancelled before they run: a pool shut down under the run's feet."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.cancel()
        return future


class Refusing(Executor):
    """An executor that refuses every task, as a shut-down pool does."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        raise RuntimeError("cannot schedule new futures after shutdown")


def test_an_executor_that_cannot_run_the_tasks_is_one_simulation_error() -> None:
    shut = ThreadPoolExecutor(max_workers=1)
    shut.shutdown()
    for executor, message in [
        (Cancelling(), "its tasks were cancelled; was the executor shut down"),
        (Refusing(), "refused a task: cannot schedule new futures after shutdown"),
        (shut, "refused a task"),
    ]:
        with pytest.raises(SimulationError, match=message):
            simulate("finnish", hands=2, bots="random", executor=executor)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the patched task reaches the workers through fork")
def test_an_error_of_a_task_itself_comes_through_as_it_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """On any executor, and on local worker processes, a task's own error is raised unchanged (here a bug: RuntimeError)."""

    def broken(task: object) -> None:
        raise RuntimeError("a bug in a task")

    monkeypatch.setattr("canasta.simulation.parallel.run_task", broken)
    with ThreadPoolExecutor(max_workers=2) as pool, pytest.raises(RuntimeError, match="a bug in a task"):
        simulate("finnish", hands=4, bots="random", executor=pool, chunk_size=1)
    monkeypatch.setattr("canasta.simulation.processes.run_task", broken)
    with pytest.raises(RuntimeError, match="a bug in a task") as caught:
        simulate("finnish", hands=4, bots="random", workers=2, chunk_size=1)
    assert any("in a worker process" in note for note in getattr(caught.value, "__notes__", []))


def test_a_run_estimated_at_more_than_a_task_is_cut_for_more_than_one_worker() -> None:
    """`--workers 64 --hands 200` must not run seconds of heuristic play on one worker: the cost estimate sizes the tasks."""
    for bots in ("heuristic", "random"):
        settings = settings_for(RunOptions(count=200, bots=bots))
        player = entrant(canasta.load_variant("finnish"), "finnish", 4, (bots,))
        cost = seconds_per_unit([player], settings)
        assert cost * 200 > TARGET_SECONDS
        assert len(plan_chunks(200, 64, cost)) >= 2
    assert len(plan_chunks(4, 64, cost)) == 1  # a few hands stay one task, played in the calling process


class NoPath:
    """A path-like object whose ``__fspath__`` raises."""

    def __fspath__(self) -> str:
        raise RuntimeError("__fspath__ of a stranger's path")


class BytesPath:
    """A path-like object that gives bytes."""

    def __fspath__(self) -> bytes:
        return b"records.jsonl"


@pytest.mark.parametrize(
    ("out", "message"),
    [
        (NoPath(), "its __fspath__ gives no path"),
        (BytesPath(), "expected a path as text, got bytes"),
        (b"records.jsonl", "expected a file path, got bytes"),
        (5, "expected a file path, got int"),
    ],
)
def test_an_out_path_that_is_no_path_is_refused_before_the_run(out: object, message: str, no_run: None) -> None:
    with pytest.raises(SimulationError, match=message):
        simulate("finnish", out=out, **SMALL)  # type: ignore[arg-type]
