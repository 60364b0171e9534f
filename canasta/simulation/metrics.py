"""The metrics of a simulation, each declared once: its key, label, group, unit, and the function that computes it.

To add a metric, add one :class:`Metric` to :func:`catalog` (or one
:class:`ScorePart` to :data:`SCORE_PARTS` for a part of the hand score): the
summary, the JSON, the text and Markdown reports, ``compare`` and
``--by-rule`` all read it from there.

Every metric is a mean over units of a per-unit value, so each has a
confidence interval and pairs up seed by seed between profiles. In ``hands``
mode a unit is one hand; in ``games`` mode it is one match, and a per-hand
metric is first averaged over the hands of that match (hands of one match
are not independent, matches are).

The outcome metrics follow the Digital Ludeme Project's game evaluation
(Ludii's ``AdvantageP1``, ``Balance``, ``Drawishness``, ``Timeouts``): the
"first side" is the side of the player who plays first, the dealer's left
(001 §9). The score parts are the fields of :class:`canasta.HandScore` (topics
M; 000 POÄNGRÄKNING, 001 §34), with the canasta bonus split by kind
(:class:`canasta.CanastaKind`; 000 CANASTA 2-3, 001 §15 B, 004 opt b), each
canasta valued as the engine values it: by its kind and, for a natural canasta
of a rank with a bonus of its own (``ranks.natural_canasta_bonus``), by its
rank (``HandScore.canasta_ranks``, :meth:`canasta.TableRules.canasta_bonus`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence

import attrs

from canasta.core import scoring
from canasta.core.canastas import CanastaKind
from canasta.core.events import Termination
from canasta.core.scoring import HandScore
from canasta.core.table import TableRules
from canasta.variants.enums import Choice
from canasta.variants.schema import PLAYER_COUNTS

from .options import Mode
from .runner import HandOutcome, UnitOutcome


class Unit(Choice):
    """What a metric's values count, which decides how reports show them."""

    TURNS = "turns"
    """Turns per hand, one decimal."""
    DECISIONS = "decisions"
    """Bot decisions per hand, one decimal."""
    SHARE = "share"
    """A fraction of units, shown as a percentage; its differences in percentage points."""
    POINTS = "points"
    """Points of a side's hand score, one decimal."""
    CANASTAS = "canastas"
    """Canastas per hand, two decimals."""
    HANDS = "hands"
    """Hands per match, two decimals."""
    EDGE = "edge"
    """A signed share (an advantage over an even share), in percentage points."""

    @property
    def scale(self) -> float:
        """What a value is multiplied by to be shown: 100 for shares and edges, else 1."""
        return 100.0 if self in (Unit.SHARE, Unit.EDGE) else 1.0

    @property
    def decimals(self) -> int:
        """Decimals of a value in a table."""
        return 2 if self in (Unit.CANASTAS, Unit.HANDS) else 1

    @property
    def phrase_decimals(self) -> int:
        """Decimals of a value in a sentence (docs/effects.md): whole points, else as in a table."""
        return 0 if self is Unit.POINTS else self.decimals

    @property
    def suffix(self) -> str:
        """What follows a value: ``%`` for a share, `` pp`` for an edge."""
        return "%" if self is Unit.SHARE else " pp" if self is Unit.EDGE else ""

    @property
    def difference(self) -> Unit:
        """The unit of a difference of two values: a difference of shares is an edge (percentage points)."""
        return Unit.EDGE if self is Unit.SHARE else self

    @property
    def proportion(self) -> bool:
        """Values of 0 or 1 whose mean is a proportion: its interval is Wilson's (:func:`canasta.simulation.stats.estimate`)."""
        return self is Unit.SHARE


class Group(Choice):
    """The groups of metrics, in the order reports show them."""

    DURATION = "duration"
    ENDING = "ending"
    BALANCE = "balance"
    WINS = "wins"
    SCORE = "score"
    SIDE = "side"
    CANASTAS = "canastas"
    MATCH = "match"

    @property
    def heading(self) -> str:
        """The group's heading in a report."""
        return _HEADINGS[self]


_HEADINGS = {
    Group.DURATION: "Hand length",
    Group.ENDING: "How hands ended",
    Group.BALANCE: "Balance between sides (Ludii)",
    Group.WINS: "Hands won",
    Group.SCORE: "Score per side and hand",
    Group.SIDE: "Score of each side",
    Group.CANASTAS: "Canastas per hand (both sides)",
    Group.MATCH: "Matches",
}


@attrs.frozen(kw_only=True)
class Context:
    """What a metric's function knows besides the hand or match: the sides and the rules the engine played by."""

    sides: int
    """How many sides play."""
    rules: TableRules
    """The profile's rules at this player count (for the bonus of each canasta kind)."""


HandValue = Callable[[HandOutcome, Context], float]
"""A hand metric's value for one hand."""

MatchValue = Callable[[UnitOutcome, Context], float]
"""A match metric's value for one match."""


@attrs.frozen(kw_only=True)
class Headline:
    """How ``--by-rule`` and docs/effects.md show a headline metric: one of the few every rule's effect is measured on."""

    column: int
    """Its column in the ``--by-rule`` table, from 0."""
    short: str
    """A short column head; `` (pp)`` marks differences in percentage points."""
    more: str = ""
    """How docs/effects.md says a significant increase, ``{v}`` standing for its size; empty: not said in words."""
    fewer: str = ""
    """How docs/effects.md says a significant decrease."""
    rise: str = ""
    """What the profiles that raise it significantly have, for a page that groups them (docs/hand-and-foot-effects.md): ``longer hands``."""
    fall: str = ""
    """What the profiles that lower it significantly have: ``shorter hands``."""


@attrs.frozen(kw_only=True)
class Metric:
    """One metric: everything the summary and the reports know of it, and the function that computes it.

    Exactly one of :attr:`hand` and :attr:`match` is set.
    """

    key: str
    """The key for programs: ``duration.turns``, ``score.total.side0``."""
    label: str
    """The label for people; a leading indent marks a part of the row above."""
    group: Group
    """The group it is reported under."""
    unit: Unit
    """What its values count, which decides how they are shown."""
    hand: HandValue | None = None
    """Its value for one hand (in ``games`` mode averaged over the match's hands)."""
    match: MatchValue | None = None
    """Its value for one match: only in ``games`` mode."""
    detail: bool = False
    """A per-side score part: in the ``simulate`` summary and the JSON, left out of the ``compare`` table unless ``--details``."""
    rare: bool = False
    """A metric of something most profiles never have (a wild-card canasta, 004 opt b; a special hand shown, schema 2):
    a row that is zero for every profile is left out of the reports."""
    headline: Headline | None = None
    """Set for the few metrics ``--by-rule`` measures every rule's effect on."""

    def __attrs_post_init__(self) -> None:
        if (self.hand is None) == (self.match is None):
            raise TypeError(f"metric {self.key}: give exactly one of hand= and match=")

    def value(self, unit: UnitOutcome, context: Context, mode: Mode) -> float:
        """Its value for one unit: a hand metric of a match is the mean over the match's hands."""
        if self.match is not None:
            return self.match(unit, context)
        assert self.hand is not None
        if mode is Mode.HANDS:
            return self.hand(unit.hands[0], context)
        return math.fsum(self.hand(h, context) for h in unit.hands) / len(unit.hands)


@attrs.frozen(kw_only=True)
class ScorePart:
    """A part of a side's hand score (:class:`canasta.HandScore`): one metric per side, and their mean over the sides."""

    key: str
    """``total``, ``melded``, ``canastas.natural`` ..."""
    label: str
    """Its row in the table of score parts; an indent marks a part of the canasta bonus."""
    value: Callable[[HandScore, Context], float]
    """The part's points for one side."""
    rare: bool = False
    """A part most profiles never score (a wild-card canasta bonus, 004 opt b; a special hand), left out of the reports where it is zero everywhere."""
    headline: Headline | None = None
    """Set when the mean over the sides is a headline metric (:attr:`Metric.headline`)."""


_KIND_LABELS = {
    CanastaKind.NATURAL: ("natural", "natural canastas"),
    CanastaKind.MIXED: ("mixed", "mixed canastas"),
    CanastaKind.WILD: ("wild (twos and jokers)", "wild canastas (twos and jokers)"),
    CanastaKind.PURE_WILD: ("wild (one kind)", "wild canastas (one kind)"),
    CanastaKind.EVERY_JOKER: ("wild (every joker)", "wild canastas (every joker)"),
}
"""Canasta kinds as reports name them (000 CANASTA 2-3, 001 §15 B, 004 opt b; Cuban RG, Modern American EBB §2.7):
among the canastas, and among the score parts. Every :class:`canasta.CanastaKind` is here (a test checks it)."""

_WILD_KINDS = (CanastaKind.WILD, CanastaKind.PURE_WILD, CanastaKind.EVERY_JOKER)


def canastas_of(score: HandScore) -> tuple[tuple[CanastaKind, int], ...]:
    """Each canasta of a side's score as (kind, rank index), the rank -1 where the score does not say it.

    The engine's scores give the rank of every canasta (``HandScore.canasta_ranks``, parallel to
    ``canasta_kinds``); a score built by hand may give only the kinds.
    """
    kinds = score.canasta_kinds
    ranks = score.canasta_ranks
    if len(ranks) != len(kinds):
        return tuple((kind, -1) for kind in kinds)
    return tuple((kind, int(rank)) for kind, rank in zip(kinds, ranks, strict=True))


def _bonus_of(kind: CanastaKind) -> Callable[[HandScore, Context], float]:
    """The bonus of a side's canastas of one kind, each as the engine values it: a natural canasta of a rank with a bonus of
    its own (``ranks.natural_canasta_bonus``; Modern American aces and sevens) earns that (:meth:`canasta.TableRules.canasta_bonus`)."""

    def value(score: HandScore, context: Context) -> float:
        rules = context.rules
        return float(sum(rules.canasta_bonus(k, rank) for k, rank in canastas_of(score) if k is kind))

    return value


SCORE_PARTS: tuple[ScorePart, ...] = (
    ScorePart(
        key="total",
        label="score",
        value=lambda s, _: float(s.total),
        headline=Headline(
            column=1, short="score", more="each side scores {v} points more per hand",
            fewer="each side scores {v} points fewer per hand",
            rise="larger scores",
            fall="smaller scores",
        ),
    ),
    ScorePart(key="melded", label="melded cards", value=lambda s, _: float(s.melded)),
    ScorePart(key="canastas", label="canasta bonuses", value=lambda s, _: float(s.canastas)),
    *(
        ScorePart(key=f"canastas.{kind.value}", label=f"  {part}", value=_bonus_of(kind), rare=kind in _WILD_KINDS)
        for kind, (_, part) in _KIND_LABELS.items()
    ),
    ScorePart(key="red_threes", label="red threes", value=lambda s, _: float(s.red_threes)),
    ScorePart(key="going_out", label="going-out bonus", value=lambda s, _: float(s.going_out)),
    ScorePart(key="in_hand", label="cards left in hand", value=lambda s, _: float(s.in_hand)),
    ScorePart(key="penalties", label="penalties", value=lambda s, _: float(s.penalties)),
    ScorePart(key="special_hand", label="special hand", value=lambda s, _: float(s.special_hand), rare=True),
)
"""The parts of a side's hand score, in report order; the canasta bonus split by kind. The parts other than the kinds add up
to ``total`` (a special hand's points replace the others: ``scoring.special_hands``)."""


ENDINGS: dict[Termination, str] = {
    Termination.WENT_OUT: "went out",
    Termination.WENT_OUT_CONCEALED: "went out concealed",
    Termination.STOCK_EXHAUSTED: "stock exhausted",
    Termination.RED_THREE_LAST_CARD: "red three as last card",
    Termination.TURN_CAP: "turn cap (runaway hand)",
    Termination.SPECIAL_HAND: "special hand shown",
}
"""How a hand can end, as reports name it: the labels of the ``ended.*`` metrics and of the endings table.
Every :class:`canasta.Termination` is here, so the endings add up to the hands."""

RARE_ENDINGS = frozenset({Termination.SPECIAL_HAND})
"""Endings most profiles never have (``scoring.special_hands``): their rows are left out of the reports where they are zero."""


def _ended(t: Termination) -> HandValue:
    return lambda h, _: 1.0 if h.termination is t else 0.0


def _leaders(h: HandOutcome) -> list[int]:
    totals = [s.total for s in h.scores]
    best = max(totals)
    return [k for k, t in enumerate(totals) if t == best]


def _first_player_advantage(h: HandOutcome, c: Context) -> float:
    """The first side's share of the result (1 for a win, 1/k when it shares the best score with k - 1 others, else 0) minus 1/sides."""
    leaders = _leaders(h)
    share = 1 / len(leaders) if h.first_player % c.sides in leaders else 0.0
    return share - 1 / c.sides


def _wins(k: int) -> HandValue:
    return lambda h, _: 1.0 if h.winner == k else 0.0


def _mean_part(part: ScorePart) -> HandValue:
    return lambda h, c: math.fsum(part.value(s, c) for s in h.scores) / c.sides


def _side_part(part: ScorePart, k: int) -> HandValue:
    return lambda h, c: part.value(h.scores[k], c)


def _canastas(kind: CanastaKind) -> HandValue:
    return lambda h, _: float(sum(s.canasta_kinds.count(kind) for s in h.scores))


def _ending_metric(t: Termination) -> Metric:
    return Metric(key=f"ended.{t.value}", label=ENDINGS[t], group=Group.ENDING, unit=Unit.SHARE, hand=_ended(t), rare=t in RARE_ENDINGS)


def _match_wins(k: int) -> MatchValue:
    return lambda u, _: 1.0 if u.winner == k else 0.0


@functools.cache
def catalog(sides: int, mode: Mode) -> tuple[Metric, ...]:
    """Every metric of a run with ``sides`` sides, in report order; :attr:`Mode.GAMES` adds the match metrics.

    A cut-off match (at the hand cap) has no winner and is no draw: it counts as won by no side.
    """
    edge = "{v} percentage points"
    out = [
        Metric(
            key="duration.turns",
            label="turns per hand",
            group=Group.DURATION,
            unit=Unit.TURNS,
            hand=lambda h, _: float(h.turns),
            headline=Headline(
                column=0,
                short="turns",
                more="hands last {v} turns longer",
                fewer="hands last {v} turns fewer",
                rise="longer hands",
                fall="shorter hands",
            ),
        ),
        Metric(
            key="duration.decisions",
            label="decisions per hand",
            group=Group.DURATION,
            unit=Unit.DECISIONS,
            hand=lambda h, _: float(h.decisions),
        ),
        Metric(
            key="ended.went_out",
            label=ENDINGS[Termination.WENT_OUT],
            group=Group.ENDING,
            unit=Unit.SHARE,
            hand=_ended(Termination.WENT_OUT),
            headline=Headline(
                column=2,
                short="went out (pp)",
                more=f"{edge} more hands end with a player going out",
                fewer=f"{edge} fewer hands end with a player going out",
                rise="more hands ended by a player going out",
                fall="fewer hands ended by a player going out",
            ),
        ),
        Metric(
            key="ended.went_out_concealed",
            label=ENDINGS[Termination.WENT_OUT_CONCEALED],
            group=Group.ENDING,
            unit=Unit.SHARE,
            hand=_ended(Termination.WENT_OUT_CONCEALED),
            headline=Headline(
                column=3,
                short="concealed (pp)",
                more=f"{edge} more hands end with a concealed going out",
                fewer=f"{edge} fewer concealed going outs",
                rise="more concealed going outs",
                fall="fewer concealed going outs",
            ),
        ),
        Metric(
            key="ended.stock_exhausted",
            label=ENDINGS[Termination.STOCK_EXHAUSTED],
            group=Group.ENDING,
            unit=Unit.SHARE,
            hand=_ended(Termination.STOCK_EXHAUSTED),
            headline=Headline(
                column=4,
                short="stock out (pp)",
                more=f"{edge} more hands run the stock out",
                fewer=f"{edge} fewer hands run the stock out",
                rise="more hands that run the stock out (more decided by the deal)",
                fall="fewer hands that run the stock out (less decided by the deal)",
            ),
        ),
        Metric(
            key="ended.red_three_last_card",
            label=ENDINGS[Termination.RED_THREE_LAST_CARD],
            group=Group.ENDING,
            unit=Unit.SHARE,
            hand=_ended(Termination.RED_THREE_LAST_CARD),
        ),
        Metric(
            key="ended.turn_cap",
            label=ENDINGS[Termination.TURN_CAP],
            group=Group.ENDING,
            unit=Unit.SHARE,
            hand=_ended(Termination.TURN_CAP),
        ),
        _ending_metric(Termination.SPECIAL_HAND),
        Metric(
            key="balance.first_side_wins",
            label="first side wins (AdvantageP1)",
            group=Group.BALANCE,
            unit=Unit.SHARE,
            hand=lambda h, c: 1.0 if h.winner == h.first_player % c.sides else 0.0,
        ),
        Metric(
            key="balance.first_player_advantage",
            label="first-player advantage",
            group=Group.BALANCE,
            unit=Unit.EDGE,
            hand=_first_player_advantage,
            headline=Headline(
                column=6,
                short="first side (pp)",
                more=f"the side that plays first wins {edge} more often",
                fewer=f"the side that plays first wins {edge} less often",
                rise="the side that plays first more favoured",
                fall="the side that plays first less favoured",
            ),
        ),
        Metric(
            key="balance.draws",
            label="drawn hands (Drawishness)",
            group=Group.BALANCE,
            unit=Unit.SHARE,
            hand=lambda h, _: 1.0 if h.winner is None else 0.0,
        ),
    ]
    out += [
        Metric(key=f"wins.side{k}", label=f"side {k} wins the hand", group=Group.WINS, unit=Unit.SHARE, hand=_wins(k)) for k in range(sides)
    ]
    out += [
        Metric(
            key=f"score.{p.key}", label=p.label, group=Group.SCORE, unit=Unit.POINTS, hand=_mean_part(p), rare=p.rare, headline=p.headline
        )
        for p in SCORE_PARTS
    ]
    for k in range(sides):
        out += [
            Metric(
                key=f"score.{p.key}.side{k}",
                label=f"side {k}: {p.label.strip()}",
                group=Group.SIDE,
                unit=Unit.POINTS,
                hand=_side_part(p, k),
                detail=p.key != "total",
                rare=p.rare,
            )
            for p in SCORE_PARTS
        ]
    out.append(
        Metric(
            key="canastas.total",
            label="canastas",
            group=Group.CANASTAS,
            unit=Unit.CANASTAS,
            hand=lambda h, _: float(sum(len(s.canasta_kinds) for s in h.scores)),
            headline=Headline(
                column=5,
                short="canastas",
                more="{v} more canastas are made per hand",
                fewer="{v} fewer canastas are made per hand",
                rise="more canastas",
                fall="fewer canastas",
            ),
        )
    )
    out += [
        Metric(
            key=f"canastas.{kind.value}",
            label=f"  {label}",
            group=Group.CANASTAS,
            unit=Unit.CANASTAS,
            hand=_canastas(kind),
            rare=kind in _WILD_KINDS,
        )
        for kind, (label, _) in _KIND_LABELS.items()
    ]
    if mode is Mode.GAMES:
        out += [
            Metric(
                key="match.hands",
                label="hands per match",
                group=Group.MATCH,
                unit=Unit.HANDS,
                match=lambda u, _: float(len(u.hands)),
                headline=Headline(column=7, short="hands/match"),
            ),
            Metric(
                key="match.capped",
                label="matches cut off at the hand cap",
                group=Group.MATCH,
                unit=Unit.SHARE,
                match=lambda u, _: 0.0 if u.finished else 1.0,
            ),
            Metric(
                key="match.first_side_wins",
                label="side playing first in hand 1 wins",
                group=Group.MATCH,
                unit=Unit.SHARE,
                match=lambda u, c: 1.0 if u.winner == u.hands[0].first_player % c.sides else 0.0,
            ),
            Metric(
                key="match.draws",
                label="drawn matches",
                group=Group.MATCH,
                unit=Unit.SHARE,
                match=lambda u, _: 1.0 if u.finished and u.winner is None else 0.0,
            ),
        ]
        out += [
            Metric(key=f"match.wins.side{k}", label=f"side {k} wins the match", group=Group.MATCH, unit=Unit.SHARE, match=_match_wins(k))
            for k in range(sides)
        ]
    _check(out)
    return tuple(out)


def _check(metrics: Sequence[Metric]) -> None:
    """A declaration mistake fails at import, never silently: keys are unique and the headline columns are 0, 1, 2, ... without gaps."""
    keys = [m.key for m in metrics]
    if len(set(keys)) != len(keys):
        raise TypeError(f"metric keys declared twice: {sorted({k for k in keys if keys.count(k) > 1})}")
    columns = sorted(m.headline.column for m in metrics if m.headline is not None)
    if columns != list(range(len(columns))):
        raise TypeError(f"headline columns must be 0 .. {len(columns) - 1}, each once; got {columns}")


def headline(sides: int, mode: Mode) -> tuple[Metric, ...]:
    """The metrics ``--by-rule`` measures every rule's effect on (those with a :attr:`Metric.headline`), in the order of its columns."""
    chosen = [(m.headline.column, m) for m in catalog(sides, mode) if m.headline is not None]
    return tuple(m for _, m in sorted(chosen, key=lambda pair: pair[0]))


def find(key: str) -> Metric:
    """The declaration of the metric with this key (of any side, of either mode); :class:`KeyError` for a key never declared."""
    return _declared()[key]


@functools.cache
def _declared() -> dict[str, Metric]:
    return {m.key: m for m in catalog(max(PLAYER_COUNTS), Mode.GAMES)}


def _check_declarations() -> None:
    """Build every catalog once when the module loads, so a declaration mistake (:func:`_check`) fails at import, and so
    does a part of the hand score (:data:`canasta.core.scoring.SCORE_PARTS`, read from :class:`canasta.HandScore`) that no
    metric declares."""
    for sides in range(2, max(PLAYER_COUNTS) + 1):
        for mode in Mode:
            catalog(sides, mode)
    missing = set(scoring.SCORE_PARTS) - {p.key for p in SCORE_PARTS}
    if missing:
        raise TypeError(f"parts of HandScore without a metric (SCORE_PARTS): {sorted(missing)}")


_check_declarations()


def ludii_balance(win_shares: Sequence[float]) -> float:
    """Ludii's ``Balance``: 1 minus the largest gap between two sides' win shares (1 is perfectly balanced)."""
    if len(win_shares) < 2:
        return 1.0
    return 1.0 - (max(win_shares) - min(win_shares))
