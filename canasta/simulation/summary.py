"""Turning the units a profile played into its :class:`SimulationResult`, chunk by chunk as they arrive: counts, estimates and samples.

A :class:`Summary` takes each chunk of units as soon as a worker sends it,
counts what the report counts (hands, endings, wins, decisions), adds every
metric's values to its :class:`~canasta.simulation.tally.Tally`, and lets the
units go. Nothing it keeps grows with the number of units, unless it was
asked to keep the per-unit :class:`Samples` (for plots, for
``to_json(samples=True)``); the records of every game (``--out``) are written
as their chunks arrive (:mod:`canasta.simulation.recordfile`). The
estimates come from the tallies either way, so they never depend on whether
samples were kept, nor on the order in which chunks arrive.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.core.table import TableRules
from canasta.variants import Variant

from .metrics import ENDINGS, Context, Metric, catalog, ludii_balance
from .options import Mode
from .results import MetricResult, Samples, Settings, SimulationResult, Timing
from .runner import ChunkResult, UnitOutcome
from .stats import estimate_of
from .tally import Tally

Columns = dict[str, list[float]]
"""Every metric's value for each unit of one chunk, in unit order, by metric key."""


def sides_of(variant: Variant, players: int) -> int:
    """How many sides play at this many players (``deal.sides``)."""
    return int(variant.deal.sides[players])  # type: ignore[index]


class _Kept:
    """The per-unit samples of one chunk, kept only when asked for."""

    __slots__ = ("columns", "hand_scores", "hand_turns", "seeds")

    def __init__(self, units: Sequence[UnitOutcome], columns: Columns) -> None:
        self.seeds = [u.seed for u in units]
        self.columns = columns
        self.hand_turns = [h.turns for u in units for h in u.hands]
        self.hand_scores = [tuple(s.total for s in h.scores) for u in units for h in u.hands]


class Summary:
    """One profile's run as its chunks arrive; :meth:`result` gives its :class:`SimulationResult` once every chunk is in.

    ``samples`` keeps every unit's values, hand turns and hand scores for
    :attr:`SimulationResult.samples`. Without them, what it holds does not grow
    with the units: counts, and a tally of each metric's distinct values.
    """

    __slots__ = (
        "_kept",
        "capped",
        "context",
        "decisions",
        "endings",
        "hand_draws",
        "hand_wins",
        "hands",
        "match_draws",
        "match_wins",
        "metrics",
        "settings",
        "sides",
        "tallies",
        "title",
        "units",
        "worker_seconds",
    )

    def __init__(self, variant: Variant, settings: Settings, *, samples: bool = True) -> None:
        self.settings = settings
        self.title = variant.title
        self.sides = sides_of(variant, settings.players)
        self.metrics: tuple[Metric, ...] = catalog(self.sides, settings.mode)
        self.context = Context(sides=self.sides, rules=TableRules(variant, settings.players))
        self.tallies = {m.key: Tally() for m in self.metrics}
        self.units = 0
        self.hands = 0
        self.decisions = 0
        self.capped = 0
        self.endings = dict.fromkeys(ENDINGS, 0)
        self.hand_wins = [0] * self.sides
        self.hand_draws = 0
        self.match_wins = [0] * self.sides
        self.match_draws = 0
        self.worker_seconds = 0.0
        self._kept: dict[int, _Kept] | None = {} if samples else None

    def add(self, chunk: ChunkResult) -> Columns:
        """Count a chunk's units, and return every metric's value for each of them (for pairing with another profile's)."""
        units = chunk.units
        mode = self.settings.mode
        columns = {m.key: [m.value(u, self.context, mode) for u in units] for m in self.metrics}
        for key, values in columns.items():
            self.tallies[key].add(values)
        self.units += len(units)
        self.worker_seconds += chunk.seconds
        for u in units:
            if u.finished:
                if u.winner is not None:
                    self.match_wins[u.winner] += 1
                else:
                    self.match_draws += 1
            else:
                self.capped += 1
            for h in u.hands:
                self.hands += 1
                self.decisions += h.decisions
                if h.termination in self.endings:
                    self.endings[h.termination] += 1
                winner = h.winner
                if winner is None:
                    self.hand_draws += 1
                else:
                    self.hand_wins[winner] += 1
        if self._kept is not None:
            self._kept[chunk.start] = _Kept(units, columns)
        return columns

    def samples(self) -> Samples | None:
        """The per-unit samples in seed order, or None when they were not kept."""
        if self._kept is None:
            return None
        chunks = [self._kept[start] for start in sorted(self._kept)]
        return Samples(
            seeds=tuple(s for c in chunks for s in c.seeds),
            values={m.key: tuple(v for c in chunks for v in c.columns[m.key]) for m in self.metrics},
            hand_turns=tuple(t for c in chunks for t in c.hand_turns),
            hand_scores=tuple(s for c in chunks for s in c.hand_scores),
        )

    def result(self, label: str, timing: Timing) -> SimulationResult:
        """Every count and estimate of the profile's run, once all its units are in."""
        games = self.settings.mode is Mode.GAMES
        hand_wins = tuple(self.hand_wins)
        match_wins: tuple[int, ...] | None = None
        match_draws: int | None = None
        if games:
            match_wins = tuple(self.match_wins)
            match_draws = self.match_draws
            shares = [w / self.units for w in match_wins]
        else:
            shares = [w / self.hands for w in hand_wins]
        return SimulationResult(
            profile=label,
            title=self.title,
            settings=self.settings,
            sides=self.sides,
            units=self.units,
            hands=self.hands,
            decisions=self.decisions,
            capped=self.capped if games else 0,
            endings={t.value: n for t, n in self.endings.items()},
            hand_wins=hand_wins,
            hand_draws=self.hand_draws,
            seat_wins=tuple(hand_wins[seat % self.sides] for seat in range(self.settings.players)),
            match_wins=match_wins,
            match_draws=match_draws,
            balance=ludii_balance(shares),
            metrics=tuple(
                MetricResult(
                    key=m.key,
                    label=m.label,
                    group=m.group,
                    unit=m.unit,
                    detail=m.detail,
                    estimate=estimate_of(self.tallies[m.key], proportion=m.unit.proportion),
                )
                for m in self.metrics
            ),
            timing=timing,
            samples=self.samples(),
        )

