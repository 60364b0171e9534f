"""The metrics of a simulation: what each one means, and its value for one unit (a hand, or a match).

Every metric is a mean over units of a per-unit value, so each has a
confidence interval and pairs up seed by seed between profiles. In ``hands``
mode a unit is one hand; in ``games`` mode it is one match, and a per-hand
metric is first averaged over the hands of that match (hands of one match
are not independent, matches are).

The outcome metrics follow the Digital Ludeme Project's game evaluation
(Ludii's ``AdvantageP1``, ``Balance``, ``Drawishness``, ``Timeouts``): the
"first side" is the side of the player who plays first, the dealer's left
(001 §9). The score parts are the fields of :class:`canasta.HandScore` (topics
M; 000 POÄNGRÄKNING, 001 §34), with the canasta bonus split by kind.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from canasta.core.events import Termination
from canasta.core.scoring import HandScore

from .runner import KINDS, HandOutcome, UnitOutcome

GROUPS: dict[str, str] = {
    "duration": "Hand length",
    "ending": "How hands ended",
    "balance": "Balance between sides (Ludii)",
    "wins": "Hands won",
    "score": "Score per side and hand",
    "side": "Score of each side",
    "canastas": "Canastas per hand (both sides)",
    "match": "Matches",
}
"""Metric groups in the order reports show them, with their headings."""

PARTS: tuple[tuple[str, str], ...] = (
    ("total", "score"),
    ("melded", "melded cards"),
    ("canastas", "canasta bonuses"),
    ("canastas.natural", "  natural canastas"),
    ("canastas.mixed", "  mixed canastas"),
    ("canastas.wild", "  wild canastas (twos and jokers)"),
    ("canastas.pure_wild", "  wild canastas (one kind)"),
    ("red_threes", "red threes"),
    ("going_out", "going-out bonus"),
    ("in_hand", "cards left in hand"),
    ("penalties", "penalties"),
)
"""The parts of a side's hand score (:class:`canasta.HandScore`), the canasta bonus split by kind, as (key, label)."""

ENDINGS: dict[Termination, str] = {
    Termination.WENT_OUT: "went out",
    Termination.WENT_OUT_CONCEALED: "went out concealed",
    Termination.STOCK_EXHAUSTED: "stock exhausted",
    Termination.RED_THREE_LAST_CARD: "red three as last card",
    Termination.TURN_CAP: "turn cap (runaway hand)",
}
"""How a hand can end, as reports name it."""

KIND_LABELS = {"natural": "natural", "mixed": "mixed", "wild": "wild (twos and jokers)", "pure_wild": "wild (one kind)"}
"""Canasta kinds as reports name them."""

SHORT = {
    "duration.turns": "turns",
    "score.total": "score",
    "ended.went_out": "went out (pp)",
    "ended.went_out_concealed": "concealed (pp)",
    "ended.stock_exhausted": "stock out (pp)",
    "canastas.total": "canastas",
    "balance.first_player_advantage": "first side (pp)",
    "match.hands": "hands/match",
}
"""Short column heads for the headline metrics in the ``--by-rule`` table."""

HEADLINE = (
    "duration.turns",
    "score.total",
    "ended.went_out",
    "ended.went_out_concealed",
    "ended.stock_exhausted",
    "canastas.total",
    "balance.first_player_advantage",
)
"""The metrics ``--by-rule`` reports for each single rule (plus ``match.hands`` in ``games`` mode)."""


@attrs.frozen(kw_only=True)
class Metric:
    """One metric: a key for programs, a label for people, its group and how to show its values."""

    key: str
    label: str
    group: str
    unit: str
    """``turns``, ``decisions``, ``share`` (a fraction, shown as a percentage), ``points``, ``canastas``, ``hands`` or ``edge`` (a signed share)."""
    detail: bool = False
    """A per-side score part: in the ``simulate`` summary and the JSON, left out of the ``compare`` table."""


def catalog(sides: int, games: bool) -> tuple[Metric, ...]:
    """Every metric of a run with ``sides`` sides, in report order; ``games`` adds the match metrics."""
    out = [
        Metric(key="duration.turns", label="turns per hand", group="duration", unit="turns"),
        Metric(key="duration.decisions", label="decisions per hand", group="duration", unit="decisions"),
    ]
    out += [Metric(key=f"ended.{t.value}", label=label, group="ending", unit="share") for t, label in ENDINGS.items()]
    out += [
        Metric(key="balance.first_side_wins", label="first side wins (AdvantageP1)", group="balance", unit="share"),
        Metric(key="balance.first_player_advantage", label="first-player advantage", group="balance", unit="edge"),
        Metric(key="balance.draws", label="drawn hands (Drawishness)", group="balance", unit="share"),
    ]
    out += [Metric(key=f"wins.side{k}", label=f"side {k} wins the hand", group="wins", unit="share") for k in range(sides)]
    out += [Metric(key=f"score.{key}", label=label, group="score", unit="points") for key, label in PARTS]
    for k in range(sides):
        out += [
            Metric(key=f"score.{key}.side{k}", label=f"side {k}: {label.strip()}", group="side", unit="points", detail=key != "total")
            for key, label in PARTS
        ]
    out += [Metric(key="canastas.total", label="canastas", group="canastas", unit="canastas")]
    out += [Metric(key=f"canastas.{kind}", label=f"  {label}", group="canastas", unit="canastas") for kind, label in KIND_LABELS.items()]
    if games:
        out += [
            Metric(key="match.hands", label="hands per match", group="match", unit="hands"),
            Metric(key="match.capped", label="matches cut off at the hand cap", group="match", unit="share"),
            Metric(key="match.first_side_wins", label="side playing first in hand 1 wins", group="match", unit="share"),
            Metric(key="match.draws", label="drawn matches", group="match", unit="share"),
        ]
        out += [Metric(key=f"match.wins.side{k}", label=f"side {k} wins the match", group="match", unit="share") for k in range(sides)]
    return tuple(out)


def _parts(score: HandScore, counts: Sequence[int], bonuses: Sequence[int]) -> list[float]:
    """One side's score parts in :data:`PARTS` order."""
    by_kind = [float(n * b) for n, b in zip(counts, bonuses, strict=True)]
    return [
        float(score.total),
        float(score.melded),
        float(score.canastas),
        *by_kind,
        float(score.red_threes),
        float(score.going_out),
        float(score.in_hand),
        float(score.penalties),
    ]


def hand_values(hand: HandOutcome, sides: int, bonuses: Sequence[int]) -> list[float]:
    """The per-hand values of every hand metric of :func:`catalog`, in its order.

    The first-player advantage of a hand is the first side's share of the result
    (1 for a win, 1/k when it shares the best score with k - 1 others, else 0)
    minus 1/sides, so 0 means no edge.
    """
    winner = hand.winner
    totals = [s.total for s in hand.scores]
    best = max(totals)
    leaders = [k for k, t in enumerate(totals) if t == best]
    first = hand.first_player % sides
    share = 1 / len(leaders) if first in leaders else 0.0
    values = [float(hand.turns), float(hand.decisions)]
    values += [1.0 if hand.termination is t else 0.0 for t in ENDINGS]
    values += [1.0 if winner == first else 0.0, share - 1 / sides, 1.0 if winner is None else 0.0]
    values += [1.0 if winner == k else 0.0 for k in range(sides)]
    per_side = [_parts(s, c, bonuses) for s, c in zip(hand.scores, hand.canastas, strict=True)]
    values += [math.fsum(p[i] for p in per_side) / sides for i in range(len(PARTS))]
    for p in per_side:
        values += p
    counts = [sum(c[i] for c in hand.canastas) for i in range(len(KINDS))]
    values += [float(sum(counts)), *(float(n) for n in counts)]
    return values


def unit_values(unit: UnitOutcome, sides: int, bonuses: Sequence[int], games: bool) -> list[float]:
    """The values of every metric of :func:`catalog` for one unit.

    In ``games`` mode a hand metric is the mean over the match's hands. A match
    cut off at the hand cap has no winner and is no draw: it counts as won by
    no side.
    """
    rows = [hand_values(h, sides, bonuses) for h in unit.hands]
    if not games:
        return rows[0]
    values = [math.fsum(col) / len(rows) for col in zip(*rows, strict=True)]
    first = unit.hands[0].first_player % sides
    capped = not unit.finished
    drawn = unit.finished and unit.winner is None
    values += [
        float(len(unit.hands)),
        1.0 if capped else 0.0,
        1.0 if unit.winner == first else 0.0,
        1.0 if drawn else 0.0,
    ]
    values += [1.0 if unit.winner == k else 0.0 for k in range(sides)]
    return values


def ludii_balance(win_shares: Sequence[float]) -> float:
    """Ludii's ``Balance``: 1 minus the largest gap between two sides' win shares (1 is perfectly balanced)."""
    if len(win_shares) < 2:
        return 1.0
    return 1.0 - (max(win_shares) - min(win_shares))
