"""HeuristicBot's decisions, compiled with the engine for speed: a pure function of the bot's salt, the view and the legal actions.

:class:`canasta.bots.HeuristicBot` is the public face (its docstrings, its
seed); every decision is :func:`decide`, here, which mypyc compiles with the
engine's hot modules and with :mod:`canasta.bots.evaluate` and
:mod:`canasta.bots.planning`, which it calls. How it decides, phase by phase,
is told in :mod:`canasta.bots.heuristic` and docs/bots.md; the decisions are
those of the pure-Python bot before it was compiled, decision for decision
(``tests/test_bot_golden.py``: every decision of fixed-seed matches under every profile).
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.core.actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    DeclinePile,
    Discard,
    Draw,
    LayRedThree,
    Meld,
    Retract,
    ShowSpecialHand,
    TakePile,
)
from canasta.core.cards import JOKER, TWO, WILD
from canasta.core.going_out import NATURAL_RANKS, SideMelds, Step, going_out_plan, split_wilds
from canasta.core.table import TableRules
from canasta.core.views import Phase, PlayerView, Question

from .base import check_choice, checked_entries, checked_entry
from .evaluate import DiscardJudge, canastas, discard_cost, hand_counts, hand_points, side_melds, table_points, threat, wild_room_left
from .planning import opening_plan

MASK = (1 << 64) - 1
"""Tie-break hashes are 64-bit."""
DRAW_WORTH = 14.0
"""What a blind draw from the stock is worth, in the bot's points: a take must beat it."""
CARD_WORTH = 9.0
"""What one more card from the pile is worth (more cards, more melds)."""
OUT_STOCK = 20
"""With this few stock cards left, a side that can go out does."""
BIG_PILE = 8
"""A pile this big, unfrozen, is worth freezing or blocking."""


def mix(x: int) -> int:
    """A 64-bit integer hash (splitmix64's finalizer): cheap, deterministic tie-breaks."""
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9 & MASK
    x = (x ^ (x >> 27)) * 0x94D049BB133111EB & MASK
    return x ^ (x >> 31)


class _Legal:
    """The legal actions sorted by kind, for fast look-ups."""

    __slots__ = ("ask", "decline", "discards", "draw", "melds", "retract", "takes")

    def __init__(self, legal: Sequence[Action]) -> None:
        self.melds: dict[Step, Meld] = {}
        self.discards: dict[int, Discard] = {}
        self.takes: list[TakePile] = []
        self.draw: Action | None = None
        self.ask: Action | None = None
        self.retract: Action | None = None
        self.decline: Action | None = None
        for a in checked_entries(legal, "HeuristicBot.choose"):
            kind = type(a)
            if kind is Meld:
                assert isinstance(a, Meld)
                self.melds[(int(a.rank), a.naturals, a.twos, a.jokers)] = a
            elif kind is Discard:
                assert isinstance(a, Discard)
                rank = int(a.rank)
                self.discards[WILD if rank == JOKER else rank] = a
            elif kind is TakePile:
                assert isinstance(a, TakePile)
                self.takes.append(a)
            elif kind is Draw:
                self.draw = a
            elif kind is AskGoOut:
                self.ask = a
            elif kind is Retract:
                self.retract = a
            elif kind is DeclinePile:
                self.decline = a

    def meld(self, rank: int, naturals: int, twos: int, jokers: int, least: int = 1) -> Meld | None:
        """The legal meld of ``rank`` with these wild cards and the most naturals from ``naturals`` down to ``least``."""
        melds = self.melds
        for n in range(naturals, min(least, naturals) - 1, -1):
            found = melds.get((rank, n, twos, jokers))
            if found is not None:
                return found
        return None


# -- entry point -------------------------------------------------------------


def decide(salt: int, view: PlayerView, legal: Sequence[Action]) -> Action:
    """One of ``legal`` for the seat of ``view``.

    Raises :class:`canasta.ArgumentError` if ``view`` is not a view,
    ``legal`` is not a non-empty list or tuple of well-formed actions
    (:func:`~canasta.bots.base.check_choice`; every entry is read).
    """
    legal = check_choice(view, legal, "HeuristicBot.choose")
    if len(legal) == 1:
        return checked_entry(legal, 0, "HeuristicBot.choose")
    rules = view.rules
    acts = _Legal(legal)
    phase = view.phase
    if phase is Phase.ANSWER:
        return _answer(view, legal, rules)
    for a in legal:
        if type(a) is LayRedThree:
            return a  # a red three laid scores and is replaced; one kept costs red_threes.unmelded_penalty (004 L160-164)
        if type(a) is ShowSpecialHand:
            return a  # a special hand is the side's whole score, thousands of points (Modern American EBB §2.12)
    found = _draw(view, acts, rules) if phase is Phase.DRAW else _meld_phase(salt, view, acts, rules)
    return found if found is not None else _fallback(salt, view, acts, legal, rules)


def _tie(salt: int, view: PlayerView, key: int) -> float:
    """A tie-break below 0.01 point, fixed by the seed, the moment of the hand and ``key``."""
    x = mix(salt ^ (view.hand_number << 40) ^ (len(view.discards) << 20) ^ (view.stock_size << 8) ^ key)
    return (x >> 40) / float(1 << 24) * 0.01


# -- answering "may I go out?" ---------------------------------------------------


def _answer(view: PlayerView, legal: Sequence[Action], rules: TableRules) -> Action:
    """Yes when the side is ahead on the table, or when going out outweighs this hand's points (000 UTGÅNG 1, 001 §23 A)."""
    side, sides = view.side, view.sides
    ours = table_points(view.melds[side], rules)
    ahead = all(ours >= table_points(view.melds[o], rules) for o in range(sides) if o != side)
    mine = hand_points(hand_counts(view.hand), rules)
    opponents = sum(n for s, n in enumerate(view.hand_sizes) if s % sides != side)
    yes = ahead or mine <= rules.going_out_bonus + 8 * opponents
    for a in legal:
        if isinstance(a, AnswerGoOut) and a.yes == yes:
            return a
    return legal[0]


# -- draw: the stock or the pile ------------------------------------------------------


def _draw(view: PlayerView, acts: _Legal, rules: TableRules) -> Action | None:
    if acts.melds and rules.from_hand_before_pile and not view.opened[view.side]:
        found = _open_before_take(view, acts, rules)
        if found is not None:
            return found
    best: Action | None = None
    if acts.takes:
        counts = hand_counts(view.hand)
        best_worth = DRAW_WORTH if acts.draw is not None else 0.0
        if acts.draw is None and acts.decline is None:
            best_worth = float("-inf")  # forced to take (001 §24 A, 004 L194): the best form
        for a in acts.takes:
            worth = _take_worth(view, a, counts, rules)
            if worth > best_worth:
                best, best_worth = a, worth
    if best is not None:
        return best
    return acts.draw if acts.draw is not None else acts.decline


def _open_before_take(view: PlayerView, acts: _Legal, rules: TableRules) -> Action | None:
    """Where a side opens from its hand before taking the pile (``initial_meld.from_hand_before_pile``; EBB §2.3): lay the opening,
    keeping the natural pair that then takes a pile worth having; else draw (None)."""
    top = view.pile_top
    if top is None or view.pile_size < 3:
        return None
    counts = list(hand_counts(view.hand))
    counts[int(top.rank)] -= 2  # the pair that takes the pile stays in hand
    own = side_melds(view.melds[view.side], rules)
    turn = view.turn
    provisional = {int(r): own[int(r)] for r in turn.melded_ranks if int(r) in own}
    plan = opening_plan(counts, provisional, turn.opening_needed, len(view.hand) - 3, rules)
    for rank, n, t, j in plan or ():
        found = acts.meld(rank, n, t, j)
        if found is not None:
            return found
    return None


def _take_worth(view: PlayerView, a: TakePile, counts: Sequence[int], rules: TableRules) -> float:
    """What taking the pile this way is worth, against :data:`DRAW_WORTH` for a blind draw."""
    top = view.pile_top
    if top is None:
        return float("-inf")
    rank = int(top.rank)
    n, t, j = a.naturals, a.twos, a.jokers
    value = rules.rank_value
    cards = 1 if a.top_only else min(view.pile_size, rules.take_count)  # discard_pile.take_count: only the top cards
    wild_cost = 45.0 * t + 70.0 * j
    side = view.side
    if not view.opened[side]:
        left = list(counts)
        left[rank] -= n
        left[TWO] -= t
        left[WILD] -= j
        points = (n + 1) * value[rank] + t * value[TWO] + j * value[WILD]
        needed = view.turn.opening_needed - points
        provisional = {rank: (n + 1, t, j)}
        # the pile joins the hand once the opening stands, so the hand may be melded down to its last card
        if needed > 0 and opening_plan(left, provisional, needed, sum(left) - 1, rules) is None:
            return float("-inf")
        return 100.0 + CARD_WORTH * cards - wild_cost
    per_card = CARD_WORTH / 3 if threat(view, rules) else CARD_WORTH
    return 12.0 + per_card * (cards - 1) - wild_cost


# -- meld phase ------------------------------------------------------------------------


def _meld_phase(salt: int, view: PlayerView, acts: _Legal, rules: TableRules) -> Action | None:
    counts = hand_counts(view.hand)
    side = view.side
    own = side_melds(view.melds[side], rules)
    if not view.opened[side]:
        found = _open(view, acts, counts, own, rules)
        if found is not None:
            return found
        return _discard(salt, view, acts, counts, own, False, rules)
    turn = view.turn
    if turn.question is not Question.NO:
        found = _go_out(view, acts, counts, own, rules)
        if found is not None:
            return found
    danger = threat(view, rules)
    found = _build(acts, counts, own, danger, len(view.hand), rules)
    if found is not None:
        return found
    return _discard(salt, view, acts, counts, own, danger, rules)


def _open(view: PlayerView, acts: _Legal, counts: Sequence[int], own: SideMelds, rules: TableRules) -> Action | None:
    """Lay the opening one meld at a time (001 §13 B); take it back if it cannot be finished (001 §27 A•2)."""
    turn = view.turn
    provisional = {int(r): own[int(r)] for r in turn.melded_ranks if int(r) in own}
    pending = turn.pending_pile > 0
    spare = len(view.hand) - (1 if pending else 2)
    plan = opening_plan(counts, provisional, turn.opening_needed, spare, rules) if not turn.retracted else None
    if plan:
        for rank, n, t, j in plan:
            found = acts.meld(rank, n, t, j)
            if found is not None:
                return found
    return acts.retract


def _go_out(view: PlayerView, acts: _Legal, counts: Sequence[int], own: SideMelds, rules: TableRules) -> Action | None:
    """Go out when the hand allows it (000 UTGÅNG, 001 §18), asking the partner first where the rules have it (001 §23 A),
    and only after his yes where going out needs it (``going_out.permission = "required"``, Hand and Foot FEU).

    The plan is the engine's own (:func:`canasta.core.going_out.going_out_plan`), the search that also
    decides when a binding "yes" obliges the player to go out (002 UTGÅNG 2)."""
    found = going_out_plan(counts, own, rules)
    if found is None:
        return None
    steps, discard = found
    turn = view.turn
    if turn.question is not Question.YES and not _out_pays(view, own, rules):
        return None
    if acts.ask is not None and turn.question is Question.NOT_ASKED:
        return acts.ask
    if rules.permission_required and turn.question is not Question.YES:
        return None  # going out needs the partner's yes (going_out.permission = "required"), which cannot come now: build on
    for rank, n, t, j in steps:
        a = acts.melds.get((rank, n, t, j))
        if a is not None:
            return a
    if not steps and discard is not None:
        return acts.discards.get(discard)
    return None


def _out_pays(view: PlayerView, own: SideMelds, rules: TableRules) -> bool:
    """Whether ending the hand now beats building on (001 §34).

    It does when the opponents may go out first, when the stock runs low,
    or when the side already holds a canasta more than going out needs;
    otherwise the side keeps building toward more canastas. (Measured in
    benchmarks/bench_bots.py: a little more per hand against random play,
    no change against itself.)
    """
    return threat(view, rules) or view.stock_size <= OUT_STOCK or canastas(own, rules) > rules.canastas_required


def _build(acts: _Legal, counts: Sequence[int], own: SideMelds, danger: bool, held: int, rules: TableRules) -> Action | None:
    """Add naturals, lay natural melds, and spend wild cards where they complete a canasta (001 §15)."""
    size = rules.canasta_size
    # naturals onto the side's melds, the meld nearest a canasta first
    for rank in sorted((r for r in NATURAL_RANKS if counts[r] and r in own), key=lambda r: (size - sum(own[r]), r)):
        found = acts.meld(rank, counts[rank], 0, 0)
        if found is not None:
            return found
    least = max(rules.min_size, rules.min_naturals)
    for rank in sorted((r for r in NATURAL_RANKS if counts[r] >= least and r not in own), key=lambda r: (-counts[r], -r)):
        if rules.unfinished_penalty[rank] and counts[rank] < size:
            continue  # an unfinished meld of this rank costs ranks.unfinished_penalty: lay it only whole (Modern American EBB §2.10)
        found = acts.meld(rank, counts[rank], 0, 0, least)
        if found is not None:
            return found
    twos, jokers = counts[TWO], counts[WILD]
    wilds = twos + jokers
    if not wilds:
        return None
    have = canastas(own, rules)
    short = have < rules.canastas_required
    best: tuple[int, int] | None = None
    for rank, (n, t, j) in own.items():
        if rank not in NATURAL_RANKS or n + t + j >= size:
            continue
        deficit = size - n - t - j
        if deficit > wilds or deficit > wild_room_left(rules, n, t + j):
            continue
        worth_it = deficit <= 1 or (deficit <= 2 and (short or held <= 6)) or danger or (short and held <= 5)
        if worth_it and (best is None or (deficit, -n) < (best[0], -own[best[1]][0])):
            best = (deficit, rank)
    if best is not None:
        t, j = split_wilds(best[0], twos, jokers, jokers_first=True)
        found = acts.meld(best[1], 0, t, j)
        if found is not None:
            return found
    if rules.wild_canastas:
        found = _wild_meld(acts, own, twos, jokers, rules)
        if found is not None:
            return found
    if danger:
        # the opponents may go out: wild cards are worth more melded than caught in hand (001 §34)
        for rank, (n, t, j) in sorted(own.items(), key=lambda kv: -kv[1][0]):
            room = wild_room_left(rules, n, t + j) if rank in NATURAL_RANKS else 0
            if room:
                tt, jj = split_wilds(min(room, wilds), twos, jokers, jokers_first=True)
                found = acts.meld(rank, 0, tt, jj)
                if found is not None:
                    return found
    return None


def _wild_meld(acts: _Legal, own: SideMelds, twos: int, jokers: int, rules: TableRules) -> Meld | None:
    """Build the wild-card meld (004 opt b): add to it, or start it holding more than a meld's worth of wild cards.

    Where an unfinished wild-card meld costs a penalty (``ranks.unfinished_penalty.W``; Modern American EBB §2.10), it is started only whole.
    """
    if WILD not in own and rules.unfinished_penalty[WILD] and twos + jokers < rules.canasta_size:
        return None
    if WILD in own or twos + jokers > rules.min_size:
        return acts.melds.get((WILD, 0, min(twos, rules.max_size), min(jokers, max(0, rules.max_size - twos))))
    return None


# -- discard -------------------------------------------------------------------------------


def _discard(
    salt: int, view: PlayerView, acts: _Legal, counts: Sequence[int], own: SideMelds, danger: bool, rules: TableRules
) -> Action | None:
    """The cheapest discard by :func:`discard_cost` (ties broken by the seed)."""
    if not acts.discards:
        return None
    if len(acts.discards) == 1:
        return next(iter(acts.discards.values()))
    return _discard_costs(salt, view, acts, counts, own, danger, rules)[0][1]


def _discard_costs(
    salt: int, view: PlayerView, acts: _Legal, counts: Sequence[int], own: SideMelds, danger: bool, rules: TableRules
) -> list[tuple[float, Discard]]:
    """The legal discards with their :func:`discard_cost` (and the seed's tie-break), cheapest first."""
    judge = DiscardJudge(view, counts, rules)
    pile = view.pile_size
    pile_value = 15.0 + 10.0 * pile
    big = not view.pile_frozen and pile >= BIG_PILE
    opened = view.opened[view.side]
    costs = [
        (discard_cost(rank, counts, own, opened, judge, pile_value, big, danger, rules) + _tie(salt, view, rank), a)
        for rank, a in acts.discards.items()
    ]
    costs.sort(key=lambda ca: ca[0])
    return costs


def ranked_alternatives(salt: int, view: PlayerView, legal: Sequence[Action], first: Action) -> list[Action]:
    """The legal actions other than ``first`` (the heuristic's choice) that the heuristic rates next, best first, for a search to weigh
    against it: in the draw phase the other way of drawing (the stock, or the pile's takes by their worth); in the meld phase the
    discards by :func:`discard_cost` (ending the turn, where ``first`` melds or asks) taken in turn with the melds, biggest first
    (asking to go out before them). Answers to "may I go out?" are not rated: the search keeps the heuristic's (canasta.bots.search).
    Actions it does not rate (retracts, laying red threes) are left to the caller."""
    acts = _Legal(legal)
    rules = view.rules
    out: list[Action] = []
    if view.phase is Phase.DRAW:
        counts = hand_counts(view.hand)
        takes = sorted(acts.takes, key=lambda a: -_take_worth(view, a, counts, rules))
        out.extend(a for a in (acts.draw, acts.decline, *takes) if a is not None)
    elif view.phase is not Phase.ANSWER:
        counts = hand_counts(view.hand)
        side = view.side
        own = side_melds(view.melds[side], rules)
        danger = view.opened[side] and threat(view, rules)
        discards = [a for _, a in _discard_costs(salt, view, acts, counts, own, danger, rules) if a is not first]
        melds: list[Action] = [m for _, m in sorted(acts.melds.items(), key=_meld_size, reverse=True) if m is not first]
        if acts.ask is not None:
            melds.insert(0, acts.ask)
        for i in range(max(len(discards), len(melds))):
            out.extend(x[i] for x in (discards, melds) if i < len(x))
    return [a for a in out if a is not first]


def _meld_size(item: tuple[Step, Meld]) -> tuple[int, int, int]:
    """Which meld is bigger: more cards, then more naturals, then the lower rank (the order of :func:`_fallback` and :func:`ranked_alternatives`)."""
    (rank, n, t, j), _ = item
    return (n + t + j, n, -rank)


def _fallback(salt: int, view: PlayerView, acts: _Legal, legal: Sequence[Action], rules: TableRules) -> Action:
    """When no rule above applies: discard, else the biggest meld (a binding yes, 002 UTGÅNG 2), else retract, else the first."""
    counts = hand_counts(view.hand)
    own = side_melds(view.melds[view.side], rules)
    found = _discard(salt, view, acts, counts, own, False, rules)
    if found is not None:
        return found
    if acts.melds:
        return max(acts.melds.items(), key=_meld_size)[1]
    if acts.retract is not None:
        return acts.retract
    return legal[0]


__all__ = ["BIG_PILE", "CARD_WORTH", "DRAW_WORTH", "MASK", "OUT_STOCK", "decide", "mix", "ranked_alternatives"]
