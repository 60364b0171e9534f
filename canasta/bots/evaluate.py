"""Reading the table from a seat's view: the hand, melds, threats, and how dangerous a discard is.

Part of the workings of :class:`~canasta.bots.HeuristicBot`, not of the
public API (which is :mod:`canasta.bots`): the functions trust their
arguments, which the bot builds from a checked view.

Everything here is a function of a :class:`~canasta.core.views.PlayerView`
and the rules the engine plays by (``view.rules``, a
:class:`~canasta.TableRules`); nothing looks at hidden cards. Card counting
uses only what the seat saw: its own hand, every meld on the table, and the
pile (the last ``pile_size`` discards of this hand, ``view.discards``).

A hand is read as 14 counts by rank index, as the engine's going-out search
takes it (:mod:`canasta.core.going_out`): :data:`~canasta.core.cards.TWO`,
:data:`~canasta.core.cards.THREE` (black threes only), the naturals four to
ace, and :data:`~canasta.core.cards.WILD` (13) the jokers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import exp
from typing import TYPE_CHECKING

from canasta.core.canastas import RANK_MASK
from canasta.core.cards import JOKER, RED_THREES, SUIT_CHARS, THREE, TWO, WILD
from canasta.core.going_out import NATURAL_RANKS, SideMelds

if TYPE_CHECKING:
    from canasta.core.table import TableRules
    from canasta.core.views import MeldView, PlayerView


def hand_counts(hand: Iterable[int]) -> list[int]:
    """Counts per rank index of a hand of card codes; red threes are left out (the engine lays them down, 000 RÖDA TREOR)."""
    counts = [0] * (WILD + 1)
    for card in hand:
        if card == JOKER:
            counts[WILD] += 1
        elif card not in RED_THREES:
            counts[card >> 2] += 1
    return counts


def hand_points(counts: Sequence[int], rules: TableRules) -> int:
    """Points of the cards in a hand given as counts per rank index (000 POÄNGRÄKNING 2, 001 §12)."""
    value = rules.rank_value
    return sum(value[r] * n for r, n in enumerate(counts) if n)


def wild_room_left(rules: TableRules, naturals: int, wilds: int) -> int:
    """Wild cards a natural meld of this shape can still take: 0 for a canasta closed to wild cards (001 §15 E•1), else
    what the wild-card limit leaves (topics F; decisions P1)."""
    if naturals + wilds >= rules.canasta_size and not rules.wilds_added:
        return 0
    return max(0, rules.wild_room[min(naturals, len(rules.wild_room) - 1)] - wilds)


def side_melds(melds: Sequence[MeldView], rules: TableRules) -> dict[int, tuple[int, int, int]]:
    """A side's melds as rank index -> (naturals, twos, jokers), keyed as the state keys them: a canasta closed and set
    aside (``canastas.several_per_rank``) under a key of its own (:func:`canasta.core.canastas.key_rank`)."""
    out: dict[int, tuple[int, int, int]] = {}
    for m in melds:
        key = int(m.rank)
        if rules.several_per_rank and m.is_canasta:
            key += RANK_MASK + 1
            while key in out:
                key += RANK_MASK + 1
        out[key] = (m.naturals, m.twos, m.jokers)
    return out


def canastas(melds: SideMelds, rules: TableRules) -> int:
    """How many canastas a side holds (000 CANASTA 1, 001 §15 A)."""
    size = rules.canasta_size
    return sum(1 for m in melds.values() if m[0] + m[1] + m[2] >= size)


def table_points(melds: Sequence[MeldView], rules: TableRules) -> int:
    """A side's points on the table this hand: melded cards and canasta bonuses by kind (001 §15 B, §34; 004 opt b)."""
    value = rules.rank_value
    total = 0
    for m in melds:
        rank = int(m.rank)
        total += m.twos * value[TWO] + m.jokers * value[WILD]
        if rank != WILD:
            total += m.naturals * value[rank]
        if m.canasta_kind is not None:
            total += rules.canasta_bonus(m.canasta_kind, int(m.rank))
    return total


def next_opponent(view: PlayerView) -> int:
    """The seat that plays after this one, from the view's turn order (seats sitting out skipped, 004 L11)."""
    order = view.turn_order
    if view.seat not in order:
        return order[0] if order else (view.seat + 1) % view.players
    return order[(order.index(view.seat) + 1) % len(order)]


def threat(view: PlayerView, rules: TableRules) -> bool:
    """Whether an opponent side may go out soon: it has (nearly) the canastas it needs and a player low on cards.

    Going out needs ``going_out.canastas_required`` canastas (000 UTGÅNG 1,
    001 §18 B); a side one canasta short with a meld two cards from one is
    counted as close.
    """
    need = rules.canastas_required
    sides = view.sides
    sizes = view.hand_sizes
    for side in range(sides):
        if side == view.side or not view.opened[side]:
            continue
        done = 0
        close = False
        for m in view.melds[side]:
            if m.is_canasta:
                done += 1
            elif m.to_canasta <= 2:
                close = True
        if done >= need or (done + 1 == need and close):
            low = min((sizes[s] for s in range(side, view.players, sides) if sizes[s]), default=99)
            if low <= 3:
                return True
    return False


class DiscardJudge:
    """Prices each discard for one decision: what keeping the card is worth, and what the next opponent may take.

    The next opponent takes an unfrozen pile with a card its side has melded
    (001 §14 A•3), with one natural and a wild card (001 §14 A•2), or with a
    natural pair; a frozen pile, or a side that has not opened, needs the
    pair (000 ATT TA HÖGEN 4-5, 001 §14 B). A pile topped by a wild card or a
    black three cannot be taken at all (001 §17 B, §20 B). The chance that
    the opponent holds one or two cards of a rank is a Poisson estimate from
    the copies this seat has not seen.
    """

    __slots__ = ("_copies", "_frozen", "_lam", "_nxt_discarded", "_nxt_melds", "_nxt_opened", "_pwild", "_rules", "_seen")

    def __init__(self, view: PlayerView, counts: Sequence[int], rules: TableRules) -> None:
        self._rules = rules
        self._copies = len(SUIT_CHARS) * rules.decks
        nxt = next_opponent(view)
        nxt_side = nxt % view.sides
        self._nxt_opened = view.opened[nxt_side]
        closing = rules.several_per_rank  # a canasta set aside leaves its rank free for a new meld
        self._nxt_melds = {int(m.rank): m.is_canasta for m in view.melds[nxt_side] if not (closing and m.is_canasta)}
        self._frozen = view.pile_frozen
        seen = list(counts)
        wilds_seen = counts[TWO] + counts[WILD]
        for melds in view.melds:
            for m in melds:
                rank = int(m.rank)
                if rank in NATURAL_RANKS:
                    seen[rank] += m.naturals
                wilds_seen += m.twos + m.jokers
        nxt_discarded: set[int] = set()
        discards = view.discards
        pile = view.pile_size
        for i, (s, card) in enumerate(discards):
            rank = WILD if card == JOKER else card >> 2
            if s == nxt:
                nxt_discarded.add(rank)
            if i >= len(discards) - pile:
                if rank in NATURAL_RANKS:
                    seen[rank] += 1
                elif rank in (TWO, WILD):
                    wilds_seen += 1
        self._seen = seen
        self._nxt_discarded = nxt_discarded
        hidden = max(1, view.stock_size + sum(view.hand_sizes) - len(view.hand))
        hold = view.hand_sizes[nxt]
        self._lam = hold / hidden
        wilds_in_deck = self._copies + rules.jokers  # the twos and the jokers
        self._pwild = 1.0 - exp(-hold * max(0, wilds_in_deck - wilds_seen) / hidden)

    def unseen(self, rank: int) -> int:
        """Copies of a natural rank this seat has not seen."""
        return max(0, self._copies - self._seen[rank])

    def take_chance(self, rank: int) -> float:
        """The chance that the next opponent can take the pile topped by a natural of ``rank``."""
        rules = self._rules
        canasta = self._nxt_melds.get(rank)
        open_pile = not self._frozen and self._nxt_opened and rules.add_top_card_to_meld
        if open_pile and canasta is not None and (not canasta or (rules.add_top_card_to_canasta and not rules.own_canasta_rank_blocks)):
            return 1.0
        lam = self._lam * self.unseen(rank)
        if lam <= 0.0:
            return 0.0
        e = exp(-lam)
        one = 1.0 - e
        pair = 1.0 - e * (1.0 + lam)
        if rank in self._nxt_discarded:
            one *= 0.5
            pair *= 0.25
        if canasta is not None:
            pair *= 0.3  # its side melds that rank, so it rarely holds a pair of it
        if self._frozen or not self._nxt_opened:
            return pair if self._nxt_opened else 0.5 * pair
        if rules.wild_and_natural:
            return pair + (one - pair) * self._pwild
        return pair


def discard_cost(
    rank: int,
    counts: Sequence[int],
    own: SideMelds,
    opened: bool,
    judge: DiscardJudge,
    pile_value: float,
    big_pile: bool,
    danger: bool,
    rules: TableRules,
) -> float:
    """The price of discarding a card of ``rank``: its worth to this side plus the pile it may hand over.

    A wild card or a black three on top stops the next player (001 §17 B,
    §20 B), so it costs only its own worth; a wild card also freezes the pile
    where the profile says so (000 LÅST HÖG 2), which is why it gets cheaper
    as the pile grows. A black three is the natural stop card (000 SVARTA
    TREOR 1); it is kept only for a going-out meld of black threes.
    """
    if rank == WILD:
        return 70.0 if big_pile and rules.wild_discard_freezes else 140.0 if opened else 160.0
    if rank == TWO:
        if big_pile and rules.wild_discard_freezes:
            return 35.0
        return 60.0 if danger else 90.0 if opened else 110.0
    if rank == THREE:
        if big_pile or danger:
            return 0.0
        if not rules.black_threes_meldable:
            return 12.0  # a stop card only, never melded (black_threes.meldable)
        return 12.0 if counts[THREE] < rules.black_three_min else 20.0
    count = counts[rank]
    mine = own.get(rank)
    held = rules.hand_penalty[rank]
    if held and count >= rules.hand_penalty_count:
        return -float(held) / 100  # holding this many costs ranks.hand_penalty at the end (Modern American CC): shed one
    if mine is not None:
        complete = sum(mine) >= rules.canasta_size
        closed = complete and (not rules.naturals_added or sum(mine) >= rules.max_size)
        keep = 0.0 if closed else 20.0
    elif count >= 3:
        keep = 70.0
    elif count == 2:
        keep = 45.0 if opened else 60.0
    else:
        keep = 6.0 + 1.5 * judge.unseen(rank)
    return keep + judge.take_chance(rank) * pile_value


__all__ = [
    "DiscardJudge",
    "canastas",
    "discard_cost",
    "hand_counts",
    "hand_points",
    "next_opponent",
    "side_melds",
    "table_points",
    "threat",
    "wild_room_left",
]
