"""Typed results of ``simulate`` and ``compare``: attrs objects that print themselves as text, Markdown or JSON.

The command line prints these same objects, so a program that calls
:func:`canasta.simulate` sees exactly what a user sees: ``str(result)`` is
the text report, :meth:`SimulationResult.to_markdown` the Markdown one (which
notebooks show through ``_repr_markdown_``), and ``repr`` a one-line summary.
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
from canasta.variants.enums import Choice

from .metrics import Group, Unit
from .options import Mode
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
    """What was played: the same for every profile of a comparison (the checked :class:`~canasta.simulation.RunOptions`)."""

    players: int
    """Players at the table."""
    mode: Mode
    """:attr:`Mode.HANDS` (single hands from a score of zero) or :attr:`Mode.GAMES` (whole matches to the target)."""
    count: int
    """How many hands or matches: one per seed."""
    seed: int
    """The run's seed: unit ``i`` played the match ``Game(profile, players, seed=derive_seed(seed, i))``."""
    bots: tuple[str, ...]
    """The bot of every seat, by its name in the registry (a factory by :func:`canasta.bots.registry.bot_label`)."""
    hand_cap: int
    """In ``games`` mode, the most hands a match may last before it is cut off."""

    def describe(self) -> str:
        """``200 hands, 4p, seed 0``: what the short ``repr`` of a result says."""
        one, many = ("hand", "hands") if self.mode is Mode.HANDS else ("match", "matches")
        return f"{self.count:,} {one if self.count == 1 else many}, {self.players}p, seed {self.seed}"


@attrs.frozen(kw_only=True)
class Timing:
    """How long it took; differs from run to run, so never part of ``==``."""

    wall_seconds: float
    """Seconds from start to finish (for a profile of a comparison: of the whole comparison)."""
    worker_seconds: float
    """Seconds the workers spent playing, summed over tasks (for a profile of a comparison: its own tasks)."""
    hands: int
    """Hands played (for a comparison: by every profile together, the single-rule profiles of ``--by-rule`` too)."""
    hands_per_second: float
    """Hands played per wall-clock second: ``hands / wall_seconds``."""
    hands_per_core_second: float
    """Hands per second of worker time: what one core plays, ``hands / worker_seconds``."""
    decisions_per_core_second: float
    """Bot decisions (with the engine's work on each) per second of worker time."""
    workers: int
    """Workers the run had: local processes, the executor's (as far as known) or the Dask cluster's threads."""
    chunks: int
    """Tasks the run was cut into, for every profile together."""
    executor: str
    """``in-process``, ``processes``, ``dask`` or the class name of the executor passed in."""


@attrs.frozen(kw_only=True)
class MetricResult:
    """One metric of one profile: its mean over the units with a 95% confidence interval.

    ``str()`` gives ``turns per hand: 29.5 [28.0, 30.9]``, the value shown in its unit.
    """

    key: str
    """The metric's key, such as ``duration.turns`` (see :func:`canasta.simulation.metrics.catalog`)."""
    label: str
    """The metric's label for people."""
    group: Group
    """The group it is reported under."""
    unit: Unit
    """What its values count, which decides how they are shown."""
    detail: bool
    """A per-side score part that the ``compare`` table shows only with ``details``."""
    estimate: Estimate
    """The mean over the units with its 95% confidence interval."""

    def __str__(self) -> str:
        from .report import show_estimate

        return f"{self.label.strip()}: {show_estimate(self.estimate, self.unit)}"


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


@attrs.frozen(kw_only=True, repr=False)
class SimulationResult:
    """What ``canasta simulate`` reports for one profile.

    ``str(result)`` is the report ``canasta simulate`` prints; :meth:`to_markdown` the same in Markdown,
    :meth:`to_json` the JSON. The ``repr`` is one line: ``<SimulationResult 'finnish' 200 hands, 4p, seed 0>``.
    """

    profile: str
    """The profile's name (in a comparison, its label: the name, the file where two names clash, or the single rule changed)."""
    title: str
    """The profile's title."""
    settings: Settings
    """What was played."""
    sides: int
    """How many sides played."""
    units: int
    """Hands (``hands`` mode) or matches (``games`` mode) played: one per seed."""
    hands: int
    """Hands played in all."""
    decisions: int
    """Bot decisions in all."""
    capped: int
    """Matches cut off at the hand cap (always 0 in ``hands`` mode)."""
    endings: dict[str, int]
    """How many hands ended each way (``went_out``, ``stock_exhausted``, ...)."""
    hand_wins: tuple[int, ...]
    """Hands won by each side (the higher hand score)."""
    hand_draws: int
    """Hands whose best score was shared by two or more sides."""
    seat_wins: tuple[int, ...]
    """Hands won by each seat's side."""
    match_wins: tuple[int, ...] | None
    """Matches won by each side (``games`` mode)."""
    match_draws: int | None
    """Finished matches without a single winner (``games`` mode)."""
    balance: float
    """Ludii's Balance of the sides' win shares (of matches in ``games`` mode, else of hands): 1 is perfectly even."""
    metrics: tuple[MetricResult, ...]
    """Every metric, in report order: look one up with :meth:`metric`."""
    timing: Timing = attrs.field(eq=False)
    """How long it took: not part of ``==``."""
    samples: Samples | None = None
    """The per-unit values behind the estimates; None for a result read back from JSON written without them."""

    def __repr__(self) -> str:
        return f"<SimulationResult {self.profile!r} {self.settings.describe()}>"

    def __str__(self) -> str:
        from .report import render_text, simulation_report

        return render_text(simulation_report(self))

    def to_markdown(self) -> str:
        """The report as Markdown, as ``canasta simulate --format markdown`` prints it."""
        from .report import render_markdown, simulation_report

        return render_markdown(simulation_report(self))

    def _repr_markdown_(self) -> str:
        """What a notebook shows: the Markdown report."""
        return self.to_markdown()

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
    """The metric's key."""
    label: str
    """The metric's label for people."""
    group: Group
    """The group it is reported under."""
    unit: Unit
    """What its values count."""
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
    """The value in the target profile, as a profile writes it."""
    differences: tuple[Difference, ...]
    """One per headline metric: the profile with this rule changed minus the base profile."""
    size: float
    """The largest of the differences in standard deviations of the metric: what ``largest first`` sorts by."""
    driver: str
    """The metric with that largest standardized difference."""


class SkipReason(Choice):
    """Why ``--by-rule`` did not simulate a rule difference: in every case but an invalid profile, it would play exactly as the base."""

    OTHER_PLAYER_COUNT = "other_player_count"
    """A value for another player count than the one played (``deal.decks.2`` in a four-player comparison)."""
    INVALID_ALONE = "invalid_alone"
    """The base profile with this value alone is not a valid profile; the checker's problems are quoted."""
    NO_RULES_AT_COUNT = "no_rules_at_count"
    """With this value alone the profile has no rules for the player count played."""
    SAME_RULES = "same_rules"
    """No rule the engine reads at this player count changes: a penalty, a procedure, or a rule not modelled."""
    SWITCHED_OFF = "switched_off"
    """It changes only rules that a switch of the base profile turns off."""
    FIRST_HAND_ONLY = "first_hand_only"
    """In ``hands`` mode, it changes only what matters after the first hand of a match."""


@attrs.frozen(kw_only=True)
class SkippedRule:
    """A rule difference ``--by-rule`` did not simulate, and why."""

    key: str
    """The dotted rule key."""
    a: str
    """The value in the base profile, as a profile writes it."""
    b: str
    """The value in the target profile."""
    reason: str
    """Why, in a sentence for people."""
    kind: SkipReason
    """Why, for programs: what the report groups the skipped rules by."""


@attrs.frozen(kw_only=True)
class RuleEffects:
    """``compare --by-rule``: each single rule difference from ``base`` towards ``target``, largest effect first."""

    base: str
    """The base profile's label."""
    target: str
    """The target profile's label."""
    metrics: tuple[str, ...]
    """The headline metric keys, in the order of every :attr:`RuleEffect.differences`."""
    labels: tuple[str, ...]
    """The headline metrics' labels, in the same order."""
    total: RuleEffect
    """All differences at once: the target profile minus the base."""
    effects: tuple[RuleEffect, ...]
    """One per simulated rule difference, largest effect first."""
    skipped: tuple[SkippedRule, ...]
    """The rule differences not simulated, with the reason."""


@attrs.frozen(kw_only=True, repr=False)
class ComparisonResult:
    """What ``canasta compare`` reports: the profiles side by side on the same seeds.

    ``print(result)`` shows the report ``canasta compare`` prints; :meth:`to_markdown` the same in Markdown.
    The ``repr`` is one line: ``<ComparisonResult 'finnish' vs 'dutch' 200 hands, 4p, seed 0>``.
    """

    settings: Settings
    """What was played, the same for every profile."""
    profiles: tuple[str, ...]
    """Each profile's label, the baseline first."""
    titles: tuple[str, ...]
    """Each profile's title."""
    same_deal: tuple[bool, ...]
    """Per profile: whether it deals from the same deck as the first, so the same seeds give the same cards."""
    rows: tuple[ComparisonRow, ...]
    """Every metric of any profile, in report order: look one up with :meth:`row`."""
    results: tuple[SimulationResult, ...]
    """Each profile's own result, as :func:`canasta.simulate` would give it."""
    by_rule: RuleEffects | None = None
    """With ``by_rule``: the effect of each single rule difference."""
    timing: Timing = attrs.field(eq=False)
    """How long the whole comparison took: not part of ``==``."""

    def __repr__(self) -> str:
        rule = ", by rule" if self.by_rule is not None else ""
        return f"<ComparisonResult {' vs '.join(repr(p) for p in self.profiles)} {self.settings.describe()}{rule}>"

    def __str__(self) -> str:
        from .report import comparison_report, render_text

        return render_text(comparison_report(self))

    def to_markdown(self, *, details: bool = False) -> str:
        """The report as Markdown, as ``canasta compare --format markdown`` prints it; ``details`` adds every score part of each side."""
        from .report import comparison_report, render_markdown

        return render_markdown(comparison_report(self, details=bool(details)))

    def _repr_markdown_(self) -> str:
        """What a notebook shows: the Markdown report."""
        return self.to_markdown()

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
