"""Turning the units a profile played into its :class:`SimulationResult`: counts, estimates and samples."""

from __future__ import annotations

from collections.abc import Sequence

from canasta.core.table import TableRules
from canasta.variants import Variant

from .metrics import ENDINGS, Context, catalog, ludii_balance
from .options import Mode
from .results import MetricResult, Samples, Settings, SimulationResult, Timing
from .runner import UnitOutcome
from .stats import estimate


def sides_of(variant: Variant, players: int) -> int:
    """How many sides play at this many players (``deal.sides``)."""
    return int(variant.deal.sides[players])  # type: ignore[index]


def summarize(variant: Variant, label: str, settings: Settings, units: Sequence[UnitOutcome], timing: Timing) -> SimulationResult:
    """Every count and estimate of one profile's run, from its units in seed order."""
    games = settings.mode is Mode.GAMES
    sides = sides_of(variant, settings.players)
    metrics = catalog(sides, settings.mode)
    context = Context(sides=sides, rules=TableRules(variant, settings.players))
    columns = {m.key: tuple(m.value(u, context, settings.mode) for u in units) for m in metrics}
    hands = [h for u in units for h in u.hands]
    endings = {t.value: sum(1 for h in hands if h.termination is t) for t in ENDINGS}
    hand_wins = tuple(sum(1 for h in hands if h.winner == k) for k in range(sides))
    hand_draws = sum(1 for h in hands if h.winner is None)
    match_wins: tuple[int, ...] | None = None
    match_draws: int | None = None
    if games:
        match_wins = tuple(sum(1 for u in units if u.winner == k) for k in range(sides))
        match_draws = sum(1 for u in units if u.finished and u.winner is None)
        shares = [w / len(units) for w in match_wins]
    else:
        shares = [w / len(hands) for w in hand_wins]
    return SimulationResult(
        profile=label,
        title=variant.title,
        settings=settings,
        sides=sides,
        units=len(units),
        hands=len(hands),
        decisions=sum(h.decisions for h in hands),
        capped=sum(1 for u in units if not u.finished) if games else 0,
        endings=endings,
        hand_wins=hand_wins,
        hand_draws=hand_draws,
        seat_wins=tuple(hand_wins[seat % sides] for seat in range(settings.players)),
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
                estimate=estimate(columns[m.key], proportion=m.unit.proportion),
            )
            for m in metrics
        ),
        timing=timing,
        samples=Samples(
            seeds=tuple(u.seed for u in units),
            values=columns,
            hand_turns=tuple(h.turns for h in hands),
            hand_scores=tuple(tuple(s.total for s in h.scores) for h in hands),
        ),
    )
