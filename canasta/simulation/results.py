"""Typed results of ``simulate`` and ``compare``: attrs objects that print themselves as JSON.

The command line prints these same objects (text, Markdown or JSON), so a
program that calls :func:`canasta.simulate` sees exactly what a user sees.
``to_json()`` and ``from_json()`` round-trip: floats are written with
Python's shortest exact repr.

Results compare equal when the simulation played the same: the same
profile, settings and seeds give equal results whatever the number of
workers or the scheduler. Only :class:`Timing` differs between runs, so it is
left out of ``==``; the per-unit :class:`Samples` are left out of the JSON
unless asked for.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

import attrs
from cattrs.preconf.json import make_converter

from canasta.errors import ArgumentError, shown_text, shown_value

from .stats import Difference, Estimate

_converter = make_converter()
T = TypeVar("T")


class UnknownMetric(ArgumentError, KeyError):
    """A metric key that a result does not have: :meth:`SimulationResult.metric` and :meth:`ComparisonResult.row`.

    An :class:`canasta.ArgumentError`, and also a :class:`KeyError` as these
    lookups raised before, so ``except KeyError`` keeps working. The message
    lists the keys there are.
    """

    def __str__(self) -> str:
        return BaseException.__str__(self)  # the message as it is, not quoted as KeyError quotes its key


def _unknown(key: object, keys: list[str]) -> UnknownMetric:
    if not isinstance(key, str):
        return UnknownMetric(
            f"expected a metric key (a str) such as {keys[0]!r}, got {shown_value(key)}" if keys else "this result has no metrics"
        )
    return UnknownMetric(f"no metric {shown_value(key)}; there are {', '.join(keys)}")


@attrs.frozen(kw_only=True)
class Settings:
    """What was played: the same for every profile of a comparison."""

    players: int
    mode: str
    """``hands`` (single hands from a score of zero) or ``games`` (whole matches to the target)."""
    count: int
    """How many hands or matches: one per seed."""
    seed: int
    bots: tuple[str, ...]
    """The bot of every seat."""
    hand_cap: int
    """In ``games`` mode, the most hands a match may last before it is cut off."""


@attrs.frozen(kw_only=True)
class Timing:
    """How long it took; differs from run to run, so never part of ``==``."""

    wall_seconds: float
    """Seconds from start to finish (for a profile of a comparison: of the whole comparison)."""
    worker_seconds: float
    """Seconds the workers spent playing, summed over tasks (for a profile of a comparison: its own tasks)."""
    hands: int
    hands_per_second: float
    """Hands played per wall-clock second: ``hands / wall_seconds``."""
    hands_per_core_second: float
    """Hands per second of worker time: what one core plays, ``hands / worker_seconds``."""
    decisions_per_core_second: float
    """Bot decisions (with the engine's work on each) per second of worker time."""
    workers: int
    chunks: int
    executor: str
    """``in-process``, ``processes``, ``dask`` or the class name of the executor passed in."""


@attrs.frozen(kw_only=True)
class MetricResult:
    """One metric of one profile: its mean over the units with a 95% confidence interval."""

    key: str
    label: str
    group: str
    unit: str
    detail: bool
    estimate: Estimate


@attrs.frozen(kw_only=True)
class Samples:
    """The per-unit values behind the estimates, for pairing seeds and for plots."""

    seeds: tuple[int, ...]
    """The match seed of every unit, in order."""
    values: dict[str, tuple[float, ...]]
    """Every metric's value for each unit, in unit order."""
    hand_turns: tuple[int, ...]
    """Turns of every hand played, in order."""
    hand_scores: tuple[tuple[int, ...], ...]
    """Every hand's score of each side, in order."""


@attrs.frozen(kw_only=True)
class SimulationResult:
    """What ``canasta simulate`` reports for one profile."""

    profile: str
    title: str
    settings: Settings
    sides: int
    units: int
    """Hands (``hands`` mode) or matches (``games`` mode) played: one per seed."""
    hands: int
    """Hands played in all."""
    decisions: int
    capped: int
    """Matches cut off at the hand cap (always 0 in ``hands`` mode)."""
    endings: dict[str, int]
    """How many hands ended each way (``went_out``, ``stock_exhausted``, ...)."""
    hand_wins: tuple[int, ...]
    """Hands won by each side (the higher hand score)."""
    hand_draws: int
    seat_wins: tuple[int, ...]
    """Hands won by each seat's side."""
    match_wins: tuple[int, ...] | None
    """Matches won by each side (``games`` mode)."""
    match_draws: int | None
    balance: float
    """Ludii's Balance of the sides' win shares (of matches in ``games`` mode, else of hands): 1 is perfectly even."""
    metrics: tuple[MetricResult, ...]
    timing: Timing = attrs.field(eq=False)
    samples: Samples | None = attrs.field(default=None, repr=False)

    def metric(self, key: str) -> MetricResult:
        """The metric with this key; :class:`UnknownMetric` (a KeyError too) naming the keys there are."""
        wanted = shown_text(key) if isinstance(key, str) else None  # a str subclass as the plain text it holds
        for m in self.metrics:
            if m.key == wanted:
                return m
        raise _unknown(key, [m.key for m in self.metrics])

    def to_json(self, *, samples: bool = False, indent: int | None = 2) -> str:
        """The result as JSON; the per-unit samples only when ``samples`` is true."""
        return _dumps(self if samples else attrs.evolve(self, samples=None), indent)

    @classmethod
    def from_json(cls, text: str) -> SimulationResult:
        """A result read back from :meth:`to_json`'s text."""
        return _loads(text, cls)


@attrs.frozen(kw_only=True)
class ComparisonRow:
    """One metric across the profiles: each estimate, and each difference from the first profile."""

    key: str
    label: str
    group: str
    unit: str
    estimates: tuple[Estimate | None, ...]
    """One per profile; None where the profile lacks the metric (another number of sides)."""
    differences: tuple[Difference | None, ...]
    """One per profile after the first: that profile minus the first, paired by seed."""


@attrs.frozen(kw_only=True)
class RuleEffect:
    """The effect of one rule difference (or of all of them) on the headline metrics, paired by seed."""

    key: str
    """The dotted rule key, or ``all`` for the whole change from one profile to the other."""
    a: str
    """The value in the base profile, as a profile writes it."""
    b: str
    differences: tuple[Difference, ...]
    """One per headline metric: the profile with this rule changed minus the base profile."""
    size: float
    """The largest of the differences in standard deviations of the metric: what ``largest first`` sorts by."""
    driver: str
    """The metric with that largest standardized difference."""


@attrs.frozen(kw_only=True)
class SkippedRule:
    """A rule difference ``--by-rule`` did not simulate, and why."""

    key: str
    a: str
    b: str
    reason: str


@attrs.frozen(kw_only=True)
class RuleEffects:
    """``compare --by-rule``: each single rule difference from ``base`` towards ``target``, largest effect first."""

    base: str
    target: str
    metrics: tuple[str, ...]
    """The headline metric keys, in the order of every :attr:`RuleEffect.differences`."""
    labels: tuple[str, ...]
    total: RuleEffect
    """All differences at once: the target profile minus the base."""
    effects: tuple[RuleEffect, ...]
    skipped: tuple[SkippedRule, ...]


@attrs.frozen(kw_only=True)
class ComparisonResult:
    """What ``canasta compare`` reports: the profiles side by side on the same seeds."""

    settings: Settings
    profiles: tuple[str, ...]
    titles: tuple[str, ...]
    same_deal: tuple[bool, ...]
    """Per profile: whether it deals from the same deck as the first, so the same seeds give the same cards."""
    rows: tuple[ComparisonRow, ...]
    results: tuple[SimulationResult, ...]
    by_rule: RuleEffects | None = None
    timing: Timing = attrs.field(eq=False)

    def row(self, key: str) -> ComparisonRow:
        """The row of one metric, by its key such as ``duration.turns``; :class:`UnknownMetric` (a KeyError too) names the keys there are."""
        wanted = shown_text(key) if isinstance(key, str) else None
        for r in self.rows:
            if r.key == wanted:
                return r
        raise _unknown(key, [r.key for r in self.rows])

    def to_json(self, *, samples: bool = False, indent: int | None = 2) -> str:
        """The comparison as JSON; the per-unit samples of each profile only when ``samples`` is true."""
        shown = self if samples else attrs.evolve(self, results=tuple(attrs.evolve(r, samples=None) for r in self.results))
        return _dumps(shown, indent)

    @classmethod
    def from_json(cls, text: str) -> ComparisonResult:
        """A comparison read back from :meth:`to_json`'s text."""
        return _loads(text, cls)


def _dumps(obj: Any, indent: int | None) -> str:
    return json.dumps(_converter.unstructure(obj), indent=indent, ensure_ascii=False) + "\n"


def _loads(text: str, cls: type[T]) -> T:
    return _converter.structure(json.loads(text), cls)
