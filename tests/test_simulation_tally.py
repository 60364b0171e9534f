"""Statistics in bounded memory, bit for bit: counts of distinct values give exactly what the per-unit lists gave.

A run no longer keeps every unit's values (bounded memory: a 100,000-hand
comparison in bounded memory). Each metric is a :class:`Tally`, a count of
each distinct value, and paired differences are tallied as the chunks of the
two profiles arrive. The reference is the two-pass arithmetic on the full
list that :mod:`canasta.simulation.stats` keeps (``math.fsum`` for the mean,
then ``fsum((v - m) ** 2)``): every number must be the same float, not a
close one. Hypothesis draws arbitrary lists of floats (whole numbers, halves,
tenths that binary cannot hold, huge and tiny magnitudes, subnormals,
negative zeros, long runs of one value), and whole runs are compared with and
without their samples.
"""

from __future__ import annotations

import json
import math
import random
import struct
import weakref
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from transcripts import untimed

from canasta.errors import SimulationError
from canasta.simulation import compare, simulate
from canasta.simulation.options import Mode
from canasta.simulation.pairing import Pairing
from canasta.simulation.parallel import IN_FLIGHT_PER_WORKER, MOST_SECONDS, plan_chunks
from canasta.simulation.stats import (
    difference_of,
    estimate,
    estimate_of,
    mean,
    paired_difference,
    sample_sd,
    standardized,
    standardized_by,
)
from canasta.simulation.tally import Tally, exact_sum


def outcome(compute: Callable[[], Any]) -> Any:
    """What a computation gives: its value, its float's bits, or the type of the exception it raises (``x ** 2`` of a huge float raises)."""
    try:
        value = compute()
    except (OverflowError, ValueError) as exc:
        return type(exc)
    return struct.pack("<d", value) if isinstance(value, float) else value


def same_float(x: float, y: float) -> bool:
    """The same IEEE double, bit for bit (a negative zero is not a zero; every NaN is the same NaN here)."""
    if math.isnan(x) and math.isnan(y):
        return True
    return struct.pack("<d", x) == struct.pack("<d", y)


_NOTABLE = [
    0.0,
    -0.0,
    1.0,
    -1.0,
    0.5,
    0.1,
    0.2,
    0.3,
    1 / 3,
    2 / 3,
    1e-300,
    -1e-300,
    5e-324,
    -5e-324,
    2.2250738585072014e-308,
    1e300,
    -1e300,
]
"""Values where rounding shows: tenths and thirds binary cannot hold, the smallest subnormal, the edge of the normal range, magnitudes near the largest float."""

finite = st.one_of(
    st.integers(-10_000, 10_000).map(float),
    st.integers(-20_000, 20_000).map(lambda k: k / 2),
    st.integers(-1000, 1000).map(lambda k: k / 10),
    st.sampled_from(_NOTABLE),
    st.floats(min_value=-1e300, max_value=1e300, allow_nan=False, allow_infinity=False),
)
"""Any float a sum of a few dozen cannot overflow: whole scores, half points (a mean of two sides), shares, and anything else."""


@st.composite
def repeated(draw: st.DrawFn, values: st.SearchStrategy[float] = finite, most: int = 60) -> list[float]:
    """A list that repeats a few distinct values, as a metric's values over many hands do, in a random order."""
    pool = draw(st.lists(values, min_size=1, max_size=8))
    return draw(st.lists(st.sampled_from(pool), min_size=0, max_size=most))


lists = st.one_of(st.lists(finite, max_size=40), repeated())


@given(lists)
def test_a_tally_sums_exactly_as_fsum(values: list[float]) -> None:
    tally = Tally(values)
    assert same_float(tally.total(), math.fsum(values))
    assert same_float(tally.mean(), mean(values))
    assert outcome(tally.sd) == outcome(lambda: sample_sd(values))
    assert tally.n == len(values)


@given(lists, st.booleans())
def test_an_estimate_from_a_tally_is_the_estimate_from_the_list(values: list[float], proportion: bool) -> None:
    if not values:
        return
    assert outcome(lambda: estimate_of(Tally(values), proportion=proportion)) == outcome(lambda: estimate(values, proportion=proportion))


@given(repeated(st.sampled_from([0.0, 1.0]), most=300))
def test_a_share_gets_the_same_wilson_interval(values: list[float]) -> None:
    if values:
        assert estimate_of(Tally(values), proportion=True) == estimate(values, proportion=True)


@given(st.data())
def test_a_paired_difference_from_tallied_differences_is_the_paired_difference(data: st.DataObject) -> None:
    a = data.draw(st.one_of(st.lists(finite, min_size=1, max_size=40), repeated()).filter(bool))
    b = data.draw(st.lists(st.one_of(finite, st.sampled_from(a)), min_size=len(a), max_size=len(a)))
    tallied = outcome(lambda: difference_of(Tally([y - x for x, y in zip(a, b, strict=True)])))
    assert tallied == outcome(lambda: paired_difference(a, b))
    if isinstance(tallied, type):
        return
    diff = paired_difference(a, b)
    assert outcome(lambda: standardized_by(diff, Tally(a).sd(), Tally(b).sd())) == outcome(lambda: standardized(diff, a, b))


@given(lists, st.randoms(use_true_random=False))
def test_the_order_and_the_chunks_do_not_matter(values: list[float], rnd: random.Random) -> None:
    shuffled = list(values)
    rnd.shuffle(shuffled)
    tally = Tally()
    i = 0
    while i < len(shuffled):
        step = rnd.randint(1, 7)
        tally.add(shuffled[i : i + step])
        i += step
    whole = Tally(values)
    assert same_float(tally.total(), whole.total())
    assert outcome(tally.sd) == outcome(whole.sd)


def test_negative_zeros_and_non_finite_values_sum_as_fsum_sums_them() -> None:
    cases = [
        [-0.0],
        [-0.0, -0.0],
        [-0.0, 0.0],
        [0.0, -0.0],
        [1.0, -1.0],
        [math.inf, 1.0],
        [math.inf, math.inf],
        [math.nan, 2.0],
        [-math.inf, 3.0],
    ]
    for values in cases:
        assert same_float(Tally(values).total(), math.fsum(values)), values
    with pytest.raises(ValueError, match="inf"):
        math.fsum([math.inf, -math.inf])
    with pytest.raises(ValueError, match="inf"):
        Tally([math.inf, -math.inf]).total()


def test_a_sum_past_the_largest_float_overflows_as_fsum_does() -> None:
    with pytest.raises(OverflowError):
        math.fsum([1.7e308, 1.7e308])
    with pytest.raises(OverflowError):
        exact_sum([(1.7e308, 2)])


def test_a_tally_of_repeated_values_stays_small() -> None:
    """What bounds the memory: 100,000 values of a score metric are a few hundred counts."""
    rnd = random.Random(1)
    tally = Tally()
    for _ in range(100):
        tally.add([float(5 * rnd.randint(-100, 600)) for _ in range(1000)])
    assert tally.n == 100_000 and len(tally.counts) <= 701


@given(st.lists(st.lists(finite, min_size=3, max_size=3), min_size=1, max_size=12), st.randoms(use_true_random=False))
def test_pairing_folds_chunks_arriving_in_any_order(rows: list[list[float]], rnd: random.Random) -> None:
    """Three profiles, one metric, the units cut in chunks that arrive shuffled: the differences of the whole lists, and nothing left waiting."""
    columns = [[row[p] for row in rows] for p in range(3)]
    starts = list(range(0, len(rows), 3))
    arrivals = [(p, s) for s in starts for p in range(3)]
    rnd.shuffle(arrivals)
    pairing = Pairing([["x", "only0"], ["x"], ["x", "only2"]])
    for p, s in arrivals:
        pairing.add(p, s, {"x": columns[p][s : s + 3], "only0": [0.0] * len(columns[p][s : s + 3]), "only2": []})
    assert pairing.waiting == 0
    tallies = pairing.tallies
    assert tallies[0] == {}
    assert set(tallies[1]) == set(tallies[2]) == {"x"}
    for p in (1, 2):
        tallied, values = tallies[p]["x"], columns[p]
        assert outcome(lambda: difference_of(tallied)) == outcome(lambda: paired_difference(columns[0], values))  # noqa: B023 - called at once


def _untimed_lines(report: str) -> list[str]:
    return [line for line in report.splitlines() if not line.startswith("Played ")]


def _reference_rows(c: Any) -> None:
    """The statistics as the per-unit path computed them before runs were tallied: from the samples, by the two-pass functions."""
    first = c.results[0].samples
    for r in c.results:
        for m in r.metrics:
            assert m.estimate == estimate(r.samples.values[m.key], proportion=m.unit.proportion), (r.profile, m.key)
    for row in c.rows:
        for j, d in enumerate(row.differences, start=1):
            other = c.results[j].samples
            if row.key in first.values and row.key in other.values:
                assert d == paired_difference(first.values[row.key], other.values[row.key]), row.key
            else:
                assert d is None


def test_compare_gives_the_same_json_with_and_without_samples_and_as_the_per_unit_path() -> None:
    run: dict[str, Any] = {"hands": 160, "seed": 11, "bots": "random", "chunk_size": 37, "workers": 2}
    kept = compare(["finnish", "swedish-club", "dutch"], **run)
    streamed = compare(["finnish", "swedish-club", "dutch"], samples=False, **run)
    assert all(r.samples is None for r in streamed.results)
    assert untimed(json.loads(kept.to_json())) == untimed(json.loads(streamed.to_json()))
    assert _untimed_lines(kept.to_markdown(details=True)) == _untimed_lines(streamed.to_markdown(details=True))
    _reference_rows(kept)


def test_by_rule_effects_are_the_per_unit_ones() -> None:
    run: dict[str, Any] = {"games": 3, "seed": 3, "bots": "heuristic", "workers": 1}  # heuristic games end in a few hands
    kept = compare(["finnish", "swedish-club"], by_rule=True, **run)
    streamed = compare(["finnish", "swedish-club"], by_rule=True, samples=False, **run)
    assert untimed(json.loads(kept.to_json())) == untimed(json.loads(streamed.to_json()))
    _reference_rows(kept)
    assert kept.by_rule is not None
    base = kept.results[0].samples
    target = kept.results[1].samples
    for i, key in enumerate(kept.by_rule.metrics):  # the whole change: target minus base, sized by the pooled sd of the lists
        diff = paired_difference(base.values[key], target.values[key])
        assert kept.by_rule.total.differences[i] == diff
        assert same_float(
            standardized(diff, base.values[key], target.values[key]),
            standardized_by(diff, *(r.metric(key).estimate.sd for r in kept.results)),
        )


def test_simulate_gives_the_same_result_without_samples() -> None:
    for mode in (Mode.HANDS, Mode.GAMES):
        run: dict[str, Any] = {"seed": 5, "bots": "random", "workers": 1, "chunk_size": 7}
        run["hands" if mode is Mode.HANDS else "games"] = 40 if mode is Mode.HANDS else 8
        kept = simulate("dutch", **run)
        streamed = simulate("dutch", samples=False, **run)
        assert streamed.samples is None and kept.samples is not None
        assert untimed(json.loads(kept.to_json())) == untimed(json.loads(streamed.to_json()))
        for m in kept.metrics:
            assert m.estimate == estimate(kept.samples.values[m.key], proportion=m.unit.proportion)


@pytest.mark.parametrize("bad", ["yes", 1, 0.0, "False"])
def test_samples_must_be_true_or_false(bad: object) -> None:
    with pytest.raises(SimulationError, match="samples: expected True or False"):
        simulate("finnish", hands=1, workers=1, samples=bad)  # type: ignore[arg-type]
    with pytest.raises(SimulationError, match="samples: expected True or False"):
        compare(["finnish", "dutch"], hands=1, workers=1, samples=bad)  # type: ignore[arg-type]


def test_a_long_run_is_cut_into_tasks_of_bounded_size() -> None:
    """A task's result is held whole by its worker and by the client: 100,000 hands are many tasks, not eight of 12,500."""
    cost = 0.01
    chunks = plan_chunks(100_000, 2, cost)
    assert max(n for _, n in chunks) * cost <= MOST_SECONDS
    assert sum(n for _, n in chunks) == 100_000


class _CountingExecutor(Executor):
    """A thread pool that records the most futures alive at once: submitted and not yet let go by the caller."""

    def __init__(self) -> None:
        self.pool = ThreadPoolExecutor(max_workers=2)
        self.alive: weakref.WeakSet[Future[Any]] = weakref.WeakSet()
        self.most = 0
        self.submitted = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = self.pool.submit(fn, *args, **kwargs)
        self.alive.add(future)
        self.submitted += 1
        self.most = max(self.most, len(self.alive))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait=wait, cancel_futures=cancel_futures)


def test_an_executor_gets_a_few_tasks_at_a_time_and_each_future_is_let_go() -> None:
    """A Dask worker keeps a result while its future is held: the run holds at most a few futures, however many tasks."""
    executor = _CountingExecutor()
    try:
        result = compare(["finnish", "dutch"], hands=40, seed=1, bots="random", executor=executor, workers=2, chunk_size=2, samples=False)
    finally:
        executor.shutdown()
    assert executor.submitted == 40  # 20 chunks of two hands, for each profile
    assert executor.most <= IN_FLIGHT_PER_WORKER * 2
    assert result == compare(["finnish", "dutch"], hands=40, seed=1, bots="random", workers=1, samples=False)


def test_the_command_line_keeps_samples_only_for_a_plot() -> None:
    from canasta.cli.main import build_parser
    from canasta.cli.options import run_options

    parser = build_parser()
    plain = parser.parse_args(["compare", "finnish", "dutch", "--hands", "5"])
    plotted = parser.parse_args(["compare", "finnish", "dutch", "--hands", "5", "--plot", "x.png"])
    assert run_options(plain, None).samples is False
    assert run_options(plotted, None).samples is True
