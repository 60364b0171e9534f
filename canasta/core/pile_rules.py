"""Taking the pile: who may, with which cards from the hand, and a take for the opening (000 ATT TA HÖGEN, 001 §14, §26 A).

The forms are :data:`~canasta.core.actions.TAKE_FORMS`; which apply, and when
the pile is frozen, is the profile's (``discard_pile``). A take for the
opening must be completable by the hand (001 §26 A): :func:`opening_reach`
bounds what the hand can still meld. Every function is pure.
"""

from __future__ import annotations

from canasta.variants.enums import ConcealedMinimum

from .actions import TAKE_FORMS, TakePile
from .cards import BLACK_THREE_CLUBS, FOUR, JOKER, THREE, TWO, WILD
from .going_out import NATURAL_RANKS, going_out_plan
from .meld_limits import limit_violation
from .meld_rules import bonus_count, held_red_threes, is_bonus, rank_value, remaining_violation, shape_violation
from .refusals import Violation
from .state import MeldTuple, State


def pile_violation(st: State) -> Violation | None:
    """Whether the pile can be taken at all, whatever the form: it is there and its top card is natural (001 §14, §17 B, §20 B)."""
    pile = st.pile
    if not pile:
        return ("discard_pile", "the discard pile is empty")
    if st.retracted:
        return ("initial_meld.retract", "after taking back an opening from the pile, draw from the stock")
    top = pile[-1]
    if top == JOKER or top >> 2 == TWO:
        if st.rules.always_frozen:  # only a natural pair of the top card's rank takes it, and a wild card has none (Cuban RG, EBB §2.3)
            return ("discard_pile.always_frozen", "the pile is always frozen: only a natural pair of the top card's rank takes it, and a wild card on top has none")
        return ("discard_pile.wild_on_top", "a pile topped by a wild card cannot be taken")
    if top >> 2 == THREE:
        return ("black_threes.on_top", "a pile topped by a black three cannot be taken")
    if st.rules._ranks_die and st.is_dead(st.rules.side_of[st.current], top >> 2):
        return ("melds.dead_after_canasta", "the top card's rank is dead (a canasta of it is complete), so the pile cannot be taken")
    return None


def taker_violation(st: State, seat: int, side: int, existing: MeldTuple | None) -> Violation | None:
    """Whether this player may take the pile, whatever the form (001 §14 C, 000 ATT TA HÖGEN 4)."""
    r = st.rules
    if r.one_card_rule and st.sizes[seat] == 1 and len(st.pile) == 1:
        return ("discard_pile.one_card_rule", "holding one card, you may not take a pile of one card")
    if r.own_canasta_rank_blocks and existing is not None and existing[0] + existing[1] + existing[2] >= r.canasta_size:
        return ("discard_pile.own_canasta_rank_blocks", "the top card matches one of your side's canastas")
    if not st.opened[side] and r.from_hand_before_pile:
        return ("initial_meld.from_hand_before_pile", "your side must first lay its whole opening from the hand, then take the pile")
    if not st.opened[side] and not r.allowed_from_pile:
        return ("initial_meld.allowed_from_pile", "your side must open before taking the pile")
    return None


def take_violation(st: State, a: TakePile) -> Violation | None:
    found = pile_violation(st)
    if found is not None:
        return found
    if a.top_only and not st.rules.take_top_card_only:
        return ("discard_pile.take_top_card_only", "the whole pile must be taken")
    seat = st.current
    side = st.rules.side_of[seat]
    rank = st.pile[-1] >> 2
    existing = st.melds[side].get(rank)
    found = taker_violation(st, seat, side, existing)
    if found is not None:
        return found
    n, t, j = a.naturals, a.twos, a.jokers
    if (n, t, j) not in TAKE_FORMS:
        return ("discard_pile.forms", "take with a natural pair (n2), a natural and a wild (n1 t1, n1 j1), or onto your meld (take)")
    return form_violation(st, seat, side, rank, existing, n, t, j, a.top_only)


def taken_below(st: State, top_only: bool) -> list[int]:
    """The pile's cards under its top card that a take brings to the hand: none for the top card alone (000 ATT TA HÖGEN
    3 b), else the rest of the pile, or those of its top ``discard_pile.take_count`` (Hand and Foot: TXN, POB, GOCC)."""
    if top_only:
        return []
    pile = st.pile
    return pile[max(0, len(pile) - st.rules.take_count) : -1]


def frozen_violation(st: State) -> Violation:
    """A frozen pile refused to a take without a natural pair: the rules' own pile, where it is always frozen (Modern American EBB §2.3)."""
    if st.rules.always_frozen:
        return ("discard_pile.always_frozen", "the pile is always frozen: only a natural pair of the top card's rank takes it")
    return ("discard_pile.frozen", "the pile is frozen: only a natural pair takes it")


def form_violation(
    st: State, seat: int, side: int, rank: int, existing: MeldTuple | None, n: int, t: int, j: int, top_only: bool
) -> Violation | None:
    """The checks of taking the pile that depend on the form: naturals, twos and jokers from hand, and the pile's state (001 §14 A-B)."""
    r = st.rules
    counts = st.counts[seat]
    if n > counts[rank] or t > counts[TWO] or j > counts[WILD]:
        return ("discard_pile", "you do not hold those cards")
    opened = st.opened[side]
    if n == 0:
        if not opened:
            return ("initial_meld.pile_requires_natural_pair", "before your side opens, the pile needs a natural pair")
        if st.frozen:
            return frozen_violation(st)
        if not r.add_top_card_to_meld:
            return ("discard_pile.add_top_card_to_meld", "the pile is not taken by adding its top card to a meld")
        if existing is None:
            return ("discard_pile.add_top_card_to_meld", "your side has no meld of the top card's rank")
        if existing[0] + existing[1] + existing[2] >= r.canasta_size and not r.add_top_card_to_canasta:
            return ("discard_pile.add_top_card_to_canasta", "the top card may not be added to a completed canasta")
    elif n == 1:
        if st.frozen:
            return frozen_violation(st)
        if not opened and r.pile_needs_pair_to_open:
            return ("initial_meld.pile_requires_natural_pair", "before your side opens, the pile needs a natural pair")
        if not r.wild_and_natural:
            return ("discard_pile.wild_and_natural", "the pile is not taken with a natural and a wild card")
    found = shape_violation(st, rank, n + 1, t + j, existing)
    if found is None:
        found = limit_violation(st, side, rank, n + 1, t, j, existing)
    if found is not None:
        return found
    below = taken_below(st, top_only)
    if not opened:
        found = opening_reach_violation(st, seat, side, rank, existing, n, t, j, waits=bool(below), top_only=top_only)
        if found is not None:
            return found
    k = st.sizes[seat] - n - t - j
    reds = held_red_threes(st, seat)  # with red threes kept in hand, remaining_violation decides
    if k >= 2 and not reds:
        return None
    if opened:
        k += len(below) - bonus_count(st, below)  # red threes (and black ones where they are bonus cards) are laid, not held
        if k >= 2 and not reds:
            return None
    points = (n + 1) * rank_value(st, rank) + t * r.value[0] + j * r.value[JOKER]
    pending = below if not top_only and not opened else st.pending
    incoming = [st.pile[-1], *(c for c in below if not is_bonus(st, c))] if opened else [st.pile[-1]]
    return remaining_violation(st, seat, side, k, rank, n + 1, t, j, existing, 0 if opened else points, pending, incoming)


def opening_reach(st: State, seat: int, side: int, rank: int, existing: MeldTuple | None, n: int, t: int, j: int) -> int:
    """The most points the hand could add to the opening this turn after taking the pile with (n, t, j) (001 §26 A, 004 L70).

    The pile's other cards do not count (004 L70, 000 ATT TA HÖGEN 4). A sound
    upper bound, never less than what the hand can really meld: every natural
    left of the top card's rank and of a rank the side has a meld of; every
    natural of a rank the hand could meld new (enough naturals, and with the
    wild cards enough cards); black threes when enough to meld; and the
    dearest wild cards that fit the free room of all those melds (every wild
    card when wild-card melds are allowed). With melds.several_melds off, only
    the pile's meld and the side's old melds can grow.
    """
    r = st.rules
    counts = st.counts[seat]
    value = r.value
    wilds = counts[TWO] - t + counts[WILD] - j
    single = not r.several_melds
    melds = st.melds[side]
    points = 0
    room = 0
    for x in range(FOUR, 13):
        c = counts[x] - (n if x == rank else 0)
        old = melds.get(x)
        if x == rank:
            nat, wild = c + n + 1 + (existing[0] if existing else 0), t + j + (existing[1] + existing[2] if existing else 0)
        elif old is not None:
            nat, wild = c + old[0], old[1] + old[2]
        elif single or c < r.min_naturals or c + wilds < r.min_size or c + r.wild_room[c] < r.min_size:
            continue
        else:
            nat, wild = c, 0
        points += c * value[x * 4]
        room += max(0, r.wild_room[nat] - wild)
    blacks = st.naturals_in_hand(seat, THREE)
    if r.black_threes_meldable and (THREE in melds or not single) and blacks >= r.black_three_min:
        points += blacks * value[BLACK_THREE_CLUBS]
    free = wilds if r.wild_canastas and (WILD in melds or not single) else min(wilds, room)
    by_value = sorted([value[JOKER]] * (counts[WILD] - j) + [value[0]] * (counts[TWO] - t), reverse=True)
    return points + sum(by_value[:free])


def out_after_take(st: State, seat: int, side: int, rank: int, existing: MeldTuple | None, n: int, t: int, j: int, below: list[int]) -> bool:
    """Whether the hand could go out in this turn after taking the pile with (n, t, j): every card melded, the pile's meld
    and the side's melds with the canastas going out needs (:func:`canasta.core.going_out.going_out_plan`, 001 §18 B).

    ``below``: the pile's other cards that come to the hand with the take; bonus cards among them are laid.

    Where going out needs the partner's yes (``going_out.permission = "required"``), the question can come only after
    the take, so the hand could go out only where it may still be asked: after melding (``going_out.ask_after_melding``),
    holding two cards or more. A no then leaves the player those cards, to discard one or take the opening back.
    """
    r = st.rules
    counts = list(st.counts[seat])
    counts[THREE] = st.naturals_in_hand(seat, THREE)
    counts[rank] -= n
    counts[TWO] -= t
    counts[WILD] -= j
    for card in below:
        if not st.is_bonus_card(card):
            counts[WILD if card == JOKER else card >> 2] += 1
    melds = {rk: (m[0], m[1], m[2]) for rk, m in st.melds[side].items()}
    n0, t0, j0 = melds.get(rank, (0, 0, 0))
    melds[rank] = (n0 + n + 1, t0 + t, j0 + j)
    if r.permission_required and (not r.ask_after_melding or sum(counts) < 2):
        return False  # the partner cannot be asked after this take, so the hand cannot go out this turn
    dead = frozenset(rk for rk in NATURAL_RANKS if st.is_dead(side, rk))
    return going_out_plan(counts, melds, r, dead=dead, opening=True) is not None


def opening_reach_violation(
    st: State, seat: int, side: int, rank: int, existing: MeldTuple | None, n: int, t: int, j: int, *, waits: bool, top_only: bool
) -> Violation | None:
    """Refuse a take for the opening that no meld from the hand can complete: it could only be taken back (001 §26 A).

    ``waits``: the rest of the pile waits for the opening (004 L70); ``top_only``:
    only the top card is taken (000 ATT TA HÖGEN 3 b). The pile's other cards
    never count toward the minimum (000 ATT TA HÖGEN 4, decisions P36).

    From rules version 3 the opening must also leave the turn an end: a card
    to discard and one to keep, the pile's other cards included once they come
    to the hand (001 §16 B, §26 A), or a going out with the canastas it needs
    (001 §18 B); and where a concealed going out needs no minimum, the take
    stands only if the hand it leaves could go out at once (004 L179). Before
    version 3 the points alone decided, and a concealed going out was assumed
    possible.
    """
    r = st.rules
    need = st.minimum(side)
    taken = (n + 1) * rank_value(st, rank) + t * r.value[0] + j * r.value[JOKER]
    if taken >= need:
        return None
    keeping = ""
    if not r.opening_takes_completable:
        if not waits and r.concealed_allowed and r.concealed_minimum is ConcealedMinimum.ALWAYS_WAIVED:
            return None
        more = opening_reach(st, seat, side, rank, existing, n, t, j)
    else:
        below = taken_below(st, top_only)
        kept = len(below) - bonus_count(st, below)
        out: bool | None = None  # whether the hand could go out after the take, found once if needed
        if r.concealed_allowed and r.concealed_minimum is ConcealedMinimum.ALWAYS_WAIVED and not waits:
            out = out_after_take(st, seat, side, rank, existing, n, t, j, below)
            if out:
                return None
        more = opening_reach(st, seat, side, rank, existing, n, t, j)
        if taken + more >= need and kept < 2 and not r.reserve_sizes:
            if out is None:
                out = out_after_take(st, seat, side, rank, existing, n, t, j, below)
            if not out:
                more = reach_keeping(st, seat, side, rank, existing, n, t, j, budget=st.sizes[seat] - n - t - j + kept - 2)
                keeping = " and still keep a card to discard"
    if taken + more >= need:
        return None
    form = "pair" if n == 2 else "natural and wild card"
    return (
        st.rules.minimum_key(),
        f"taking the pile with this {form} counts {taken} points, and your hand can add at most {more}{keeping}: your side needs {need}",
    )


def reach_keeping(st: State, seat: int, side: int, rank: int, existing: MeldTuple | None, n: int, t: int, j: int, *, budget: int) -> int:
    """The most points the hand could add to the opening after taking the pile with (n, t, j), melding at most ``budget``
    cards, so that one is left to discard and one to keep (001 §16 B). Black threes are left out: they are melded only
    in going out (001 §20 C).

    A bound of the same kind as :func:`opening_reach`: each rank may add naturals to the pile's meld or the side's melds,
    or start a meld with enough naturals (and the wild cards it then needs), and wild cards, the dearest first, fill the
    room the melds leave; over the ranks, the best points for each number of cards melded, wild room and wild cards
    required.
    """
    if budget <= 0:
        return 0
    r = st.rules
    counts = st.counts[seat]
    wilds = counts[TWO] - t + counts[WILD] - j
    value = r.value
    melds = st.melds[side]
    single = not r.several_melds
    bases: dict[int, tuple[int, int]] = {x: (m[0], m[1] + m[2]) for x, m in melds.items() if FOUR <= x < WILD}
    bases[rank] = (n + 1 + (existing[0] if existing else 0), t + j + (existing[1] + existing[2] if existing else 0))
    room0 = wilds if r.wild_canastas and (WILD in melds or not single) else 0
    room0 += sum(max(0, r.wild_room[min(nat, 63)] - wild) for nat, wild in bases.values())
    best: dict[tuple[int, int, int], int] = {(0, min(wilds, room0), 0): 0}  # (cards melded, free wild room, wild cards required) -> points
    for x in range(FOUR, 13):
        c = counts[x] - (n if x == rank else 0)
        if not c:
            continue
        base_n, base_w = bases.get(x, (-1, -1))
        options: list[tuple[int, int, int]] = []  # (naturals, free room added, wild cards required)
        for k in range(1, c + 1):
            if base_n >= 0:
                options.append((k, max(0, r.wild_room[min(base_n + k, 63)] - base_w) - max(0, r.wild_room[min(base_n, 63)] - base_w), 0))
            elif not single and k >= r.min_naturals:
                need_wild = max(0, r.min_size - k)
                room = r.wild_room[min(k, 63)]
                if need_wild <= min(room, wilds):
                    options.append((k, room - need_wild, need_wild))
        worth = value[x * 4]
        grown = dict(best)
        for (used, room, required), points in best.items():
            for k, more_room, more_required in options:
                cards = used + k + more_required
                if cards > budget or required + more_required > wilds:
                    continue
                key = (cards, min(wilds, room + more_room), required + more_required)
                if grown.get(key, -1) < points + k * worth:
                    grown[key] = points + k * worth
        best = grown
    by_value = sorted([value[JOKER]] * (counts[WILD] - j) + [value[0]] * (counts[TWO] - t), reverse=True)
    top = 0
    for (used, room, required), points in best.items():
        placed = required + min(wilds - required, room, budget - used)
        top = max(top, points + sum(by_value[:placed]))
    return top


__all__ = ["form_violation", "frozen_violation", "opening_reach", "opening_reach_violation", "out_after_take", "pile_violation", "reach_keeping", "take_violation", "taken_below", "taker_violation"]
