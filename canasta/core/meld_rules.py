"""Melding: a meld's shape, and the hand a meld leaves (001 §11, §16 B, §18; 000 KOMBINATION).

The rules every meld is checked by, whether it is laid from the hand or made
with the pile's top card: the shape of the meld (its naturals and wild cards,
:data:`~canasta.core.table.TableRules.wild_room`), the limits of schema 2's
rules (:mod:`canasta.core.meld_limits`), and the hand left after it, which must
keep a card to discard and one to keep, or go out (:mod:`canasta.core.going_out`).
Every function is pure: it reads the state and the proposed meld, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.variants.enums import ReserveTrigger

from .actions import Meld
from .canastas import RANK_MASK, counts_as_natural
from .cards import BLACK_THREE_CLUBS, BLACK_THREE_SPADES, JOKER, RED_THREE_DIAMONDS, RED_THREE_HEARTS, THREE, TWO, WILD
from .going_out import going_out_violation
from .meld_limits import limit_violation
from .refusals import Violation
from .state import MeldTuple, State, turn_canastas

_UNMELDABLE: Violation = ("black_threes.meldable", "black threes are never melded here: a black three is a stop card, discarded or kept")
"""The refusal of a meld of black threes where they are never melded (Hand and Foot: GOCC, RVI; FEU, NWP)."""


def rank_value(st: State, rank: int) -> int:
    """Point value of a natural card of this rank (000 POÄNGRÄKNING 2)."""
    return st.rules.value[rank * 4 if rank != THREE else 4]


def after_meld(st: State, side: int, rank: int, n: int, t: int, j: int, existing: MeldTuple | None) -> tuple[int, int, int, bool]:
    """Side canastas, natural canastas and this turn's canastas after adding (n, t, j) to the meld of ``rank``."""
    canastas, naturals = st.canastas(side)
    size = st.rules.canasta_size
    if existing is None:
        n0 = t0 = j0 = 0
    else:
        n0, t0, j0 = existing[0], existing[1], existing[2]
    before = n0 + t0 + j0 >= size
    after = n0 + t0 + j0 + n + t + j >= size
    if after:
        nat_before = before and counts_as_natural(rank, t0, j0)
        nat_after = counts_as_natural(rank, t0 + t, j0 + j)
        canastas += 0 if before else 1
        naturals += int(nat_after) - int(nat_before)
    return canastas, naturals, turn_canastas(st, side, rank, after), after


def shape_violation(st: State, rank: int, n: int, w: int, existing: MeldTuple | None) -> Violation | None:
    r = st.rules
    if existing is not None:
        n0, w0 = existing[0], existing[1] + existing[2]
        if n0 + w0 >= r.canasta_size:
            if n and not r.naturals_added:
                return ("canastas.naturals_added", "no cards may be added to a completed canasta")
            if w and not r.wilds_added:
                return ("canastas.wilds_added", "wild cards may not be added to a completed canasta")
        n, w = n + n0, w + w0
    if r.shape_ok(rank, n, w):
        return None
    if rank == WILD:
        if not r.wild_canastas:
            return ("canastas.wild_canastas", "melds of wild cards only are not allowed")
        return ("melds.min_size", f"a meld needs at least {r.min_size} cards")
    if rank == THREE:
        if not r.black_threes_meldable:
            return _UNMELDABLE
        if w:
            return ("black_threes.going_out_only", "black threes are never melded with wild cards")
        return ("black_threes.meld_min", f"black threes are melded {r.black_three_min} to {r.black_three_max} at a time")
    if n + w < r.min_size:
        return ("melds.min_size", f"a meld needs at least {r.min_size} cards")
    if n < r.min_naturals:
        return ("melds.min_naturals", f"a meld needs at least {r.min_naturals} natural cards")
    if w > r.max_wilds:
        return ("melds.max_wilds", f"a meld holds at most {r.max_wilds} wild cards")
    return ("melds.wild_limit", f"{w} wild cards are too many for {n} naturals")


def held_red_threes(st: State, seat: int) -> int:
    """The red threes a player keeps in hand where laying them is his choice (004 L160), else 0."""
    return st.red_threes_in_hand(seat) if st.rules.keep_red_threes else 0


def remaining_violation(
    st: State,
    seat: int,
    side: int,
    k: int,
    rank: int,
    n: int,
    t: int,
    j: int,
    existing: MeldTuple | None,
    points: int,
    pending: Sequence[int],
    incoming: Sequence[int] = (),
) -> Violation | None:
    """Check the hand left after melding: keep two cards, or go out (001 §16 B, §18).

    ``pending``: the pile's cards that wait for the opening after this play (those of a take for the opening, or
    ``st.pending``); passed, not set on the state, so the check changes nothing. ``incoming``: the cards a take brings
    (its top card, counted in ``n``, and the pile's cards that join the hand at once), so that the one card left,
    which may be one of them, is known (:func:`last_card_melds`); the ``pending`` cards join them where this play
    makes the opening stand.

    Red threes kept in hand (004 L160) are never discarded nor melded, and a
    hand that holds one cannot go out: then the hand left must keep another
    card to discard, which ends the turn without going out.
    """
    r = st.rules
    opened_after = st.opened[side] or (st.turn_points + points >= st.minimum(side) and (not r.natural_meld_size or natural_after(st, side, rank, n, t, j)))
    if pending and opened_after:
        k += len(pending) - bonus_count(st, pending)  # red threes (and black ones where they are bonus cards) are laid, not held
        incoming = [*incoming, *(c for c in pending if not is_bonus(st, c))]  # they join the hand: the card left may be one of them
    reds = held_red_threes(st, seat)
    if reds:
        if k - reds >= 1:
            return None
        return (
            "red_threes.may_keep_in_hand",
            "this leaves only red threes in your hand, which you may neither discard nor meld: lay them down first (lay), or keep a card to discard",
        )
    if k >= 2:
        return None
    if r.reserve_sizes and st.reserve_when_empty(seat):
        found = reserve_hand_violation(st, seat, side, k, rank, n, t, j, existing, incoming)
        if found is not None:
            return found
    if k == 0 and not opened_after and r.reserve_sizes and st.reserve_to_play_on(seat):
        # The opening is made from the hand: melds that do not open may not empty it into the reserve pile, whose cards
        # would then complete it (hand-and-foot.md "Initial meld": only the top card and hand cards count; decisions P68).
        key, why = opening_shortfall(st, side, st.turn_points + points)
        return (key, f"this would empty your hand into your reserve pile before your opening stands ({why}): the opening is made from the hand")
    if r.reserve_sizes and reserve_keeps_hand(st, seat, side, k, opened_after):
        return None
    if k == 0 and st.rules.final_discard_required:
        return ("going_out.final_discard", "going out needs a final discard here")
    if pending and not opened_after:
        return ("initial_meld.pending_pile", "the pile waits until your opening reaches the minimum")
    canastas, naturals, turn_canastas, _ = after_meld(st, side, rank, n, t, j, existing)
    found = going_out_violation(st, seat, canastas, naturals, turn_canastas, opened_after, (rank, n, t, j))
    if found is not None and k == 1 and found[0] != "going_out.permission":
        # With the final discard required, the last card can only go out as the discard, so only `found` decides.
        if not st.rules.final_discard_required and not pending and last_card_goes_out(st, seat, side, rank, n, t, j, existing, st.turn_points + points, incoming):
            return None
        # The last card would have to go out, so the going-out rule that forbids it decides (001 §16 B).
        return (found[0], f"melding this leaves one card, which would go out, and you may not go out: {found[1]}")
    return found


def opening_shortfall(st: State, side: int, total: int) -> Violation:
    """Why an opening of ``total`` points laid this turn does not yet open the side: too few points, or no natural meld of the size asked (001 §13 A; WCA "INITIAL MELD")."""
    need = st.minimum(side)
    if total >= need:
        size = st.rules.natural_meld_size
        return ("initial_meld.natural_meld_size", f"your opening counts {total} points but needs a meld of {size} or more naturals and no wild card")
    return (st.rules.minimum_key(), f"your opening counts {total} points and your side needs {need}")


def natural_after(st: State, side: int, rank: int, n: int, t: int, j: int) -> bool:
    """Whether the side's melds include the opening's natural meld once (n, t, j) joins the meld of ``rank`` (``initial_meld.natural_meld_size``; WCA "INITIAL MELD").

    A side that has not opened holds only this turn's melds, so every one of them counts.
    """
    need = st.rules.natural_meld_size
    melds = st.melds[side]
    for key, m in melds.items():
        rk = key & RANK_MASK
        if key != rank and rk != WILD and rk != THREE and m[0] >= need and m[1] + m[2] == 0:
            return True
    old = melds.get(rank)
    naturals, wilds = n + (old[0] if old else 0), t + j + (old[1] + old[2] if old else 0)
    return rank != WILD and rank != THREE and naturals >= need and wilds == 0


def bonus_count(st: State, cards: Sequence[int]) -> int:
    """How many of ``cards`` are bonus cards, laid down when they come into a hand: red threes, and black ones where they are bonus cards."""
    return sum(1 for card in cards if is_bonus(st, card))


def is_bonus(st: State, card: int) -> bool:
    """Whether ``card`` is a bonus card, laid down when it comes into a hand (:func:`bonus_count`)."""
    return card in (RED_THREE_DIAMONDS, RED_THREE_HEARTS) or (st.rules.black_bonus and card in (BLACK_THREE_CLUBS, BLACK_THREE_SPADES))


def reserve_hand_violation(
    st: State, seat: int, side: int, k: int, rank: int, n: int, t: int, j: int, existing: MeldTuple | None, incoming: Sequence[int] = ()
) -> Violation | None:
    """Why a play may not leave ``k`` cards (0 or 1) while the player's reserve pile waits for his hand to empty (``reserve.trigger = "empty_hand"``).

    Where the pile comes only after the discard (``reserve.turn_continues`` off), a meld may not empty the hand: the last
    card is the discard that brings the pile, played from the next turn (decisions P68). Where the discard may not empty
    the hand (``reserve.by_discard`` off, "no walking"), a meld may leave one card only where that card can then be melded,
    emptying the hand by melding ("running", BGA, FEU): one card that could only be discarded would leave no legal action.
    """
    r = st.rules
    if k == 0 and not r.reserve_turn_continues:
        return ("reserve.turn_continues", "your reserve pile comes after your discard, to play from your next turn: keep a card to discard")
    if k == 1 and not r.reserve_by_discard and not (st.reserve_to_play_on(seat) and last_card_melds(st, seat, side, rank, n, t, j, existing, incoming)):
        return (
            "reserve.by_discard",
            "this leaves one card that you could only discard, and your hand may not be emptied by the discard to reach your reserve pile: "
            "meld your whole hand, or keep two cards",
        )
    return None


def reserve_keeps_hand(st: State, seat: int, side: int, k: int, opened_after: bool) -> bool:
    """Whether a reserve pile lets this play keep fewer than two cards (``reserve``): one to discard when a pile follows the discard (HON rule 5);
    none when one comes at once, as long as it brings enough cards to end the turn with a discard that keeps one."""
    r = st.rules
    if k == 0 and st.reserve_to_play_on(seat):
        return True
    if k == 1 and st.reserve_when_empty(seat):
        return True  # the last card's discard empties the hand, and the pile comes then, played from the next turn (BGA, FEU: "walking")
    opens = r.reserve_trigger is ReserveTrigger.OPENING and not st.opened[side] and opened_after and st.reserve_available(seat)
    if opens and r.reserve_not_with_pile and st.pile_taken_top >= 0:
        opens = False
    if r.reserve_turn_continues:
        return opens and k + st.next_reserve_cards() >= 2
    return k == 1 and (opens or st.reserve_after_discard(seat))


def last_card_melds(
    st: State, seat: int, side: int, rank: int, n: int, t: int, j: int, existing: MeldTuple | None, incoming: Sequence[int] = ()
) -> bool:
    """Whether, after this meld (or take, whose ``incoming`` cards join the hand), the one card left can be melded onto the side's melds,
    by their shape and limits (``reserve.by_discard``)."""
    found = _last_card_targets(st, seat, side, rank, n, t, j, existing, incoming)
    return found is not None and bool(found[2])


def _last_card_targets(
    st: State, seat: int, side: int, rank: int, n: int, t: int, j: int, existing: MeldTuple | None, incoming: Sequence[int] = ()
) -> tuple[State, int, list[tuple[int, int, int, int]]] | None:
    """After this meld, on a copy of the state: the copy, the one card left's value and the melds it may join (their shape and limits
    allowing); None where the meld leaves not exactly one card of one rank, or a red three is held. The hand is the
    player's with the ``incoming`` cards of a take (the top card and the pile's cards that join the hand) added.

    The meld is laid on a copy of the state, which the question is asked of; the state itself is never changed. The
    copy is made only for a meld that leaves exactly one card, which is rare.
    """
    counts = st.counts[seat]
    if st.red_threes_in_hand(seat):
        return None
    if incoming:
        counts = counts[: WILD + 1]
        for card in incoming:
            counts[WILD if card == JOKER else card >> 2] += 1
    left = [
        c for c in range(WILD + 1) if counts[c] - (n if c == rank else 0) - (t if c == TWO else 0) - (j if c == WILD else 0) > 0
    ]
    if len(left) != 1:
        return None
    last = left[0]
    trial = st.copy()
    n0, t0, j0, cards = existing if existing is not None else (0, 0, 0, ())
    if existing is None:
        trial.turn_new = (*trial.turn_new, rank)
    trial.put_meld(side, rank, (n0 + n, t0 + t, j0 + j, cards))
    melds = trial.melds[side]
    if last in (TWO, WILD):
        targets = [(r2, 0, int(last == TWO), int(last == WILD)) for r2 in melds if r2 <= RANK_MASK]  # a closed book takes no card
        value = trial.rules.value[0] if last == TWO else trial.rules.value[JOKER]
    else:
        targets = [(last, 1, 0, 0)] if last in melds else []
        value = rank_value(trial, last)
    allowed = [
        (r2, n2, t2, j2)
        for r2, n2, t2, j2 in targets
        if shape_violation(trial, r2, n2, t2 + j2, melds[r2]) is None and limit_violation(trial, side, r2, n2, t2, j2, melds[r2]) is None
    ]
    return trial, value, allowed


def last_card_goes_out(
    st: State, seat: int, side: int, rank: int, n: int, t: int, j: int, existing: MeldTuple | None, points: int, incoming: Sequence[int] = ()
) -> bool:
    """Whether, after this meld (or take, with its ``incoming`` cards), the one card left can be melded to go out (000 UTGÅNG 2: no discard needed)."""
    found = _last_card_targets(st, seat, side, rank, n, t, j, existing, incoming)
    if found is None:
        return False
    trial, value, targets = found
    opened = trial.opened[side] or points + value >= trial.minimum(side)
    melds = trial.melds[side]
    for r2, n2, t2, j2 in targets:
        canastas, naturals, turn_canastas, _ = after_meld(trial, side, r2, n2, t2, j2, melds[r2])
        if going_out_violation(trial, seat, canastas, naturals, turn_canastas, opened) is None:
            return True
    return False


def meld_violation(st: State, a: Meld) -> Violation | None:
    seat = st.current
    side = st.rules.side_of[seat]
    rank, n, t, j = a.rank, a.naturals, a.twos, a.jokers
    if n < 0 or t < 0 or j < 0 or n + t + j == 0:
        return ("melds", "a meld names at least one card")
    if rank in (TWO, JOKER) or not 0 <= rank <= WILD:
        return ("melds", "twos and jokers are wild: meld them with a rank, or as the wild meld W")
    if rank == THREE and st.rules.black_bonus:
        return ("black_threes.bonus_card", "black threes are bonus cards here, laid down as soon as they come into the hand, never melded")
    if rank == THREE and not st.rules.black_threes_meldable:
        return _UNMELDABLE
    if rank == WILD and n:
        return ("canastas.wild_canastas", "the wild meld holds only twos and jokers")
    if n > (st.naturals_in_hand(seat, rank) if rank != WILD else 0) or t > st.counts[seat][TWO] or j > st.counts[seat][WILD]:
        return ("melds", "you do not hold those cards")
    provisional = not st.opened[side]
    if provisional and st.retracted:
        return ("initial_meld.retract", "after taking back an opening, you cannot try again this turn")
    existing = st.melds[side].get(rank)
    if provisional and not st.rules.several_melds and existing is None and st.turn_new:
        return ("initial_meld.several_melds", "the opening must be a single meld")
    found = shape_violation(st, rank, n, t + j, existing)
    if found is None:
        found = limit_violation(st, side, rank, n, t, j, existing)
    if found is not None:
        return found
    k = st.sizes[seat] - n - t - j
    if rank == THREE and k > 1:
        return ("black_threes.going_out_only", "black threes are melded only when going out, as the last meld")
    points = n * rank_value(st, rank) if rank != WILD else 0
    points += t * st.rules.value[0] + j * st.rules.value[JOKER]
    return remaining_violation(st, seat, side, k, rank, n, t, j, existing, points if provisional else 0, st.pending)


__all__ = [
    "after_meld",
    "bonus_count",
    "held_red_threes",
    "is_bonus",
    "last_card_goes_out",
    "last_card_melds",
    "meld_violation",
    "natural_after",
    "opening_shortfall",
    "rank_value",
    "remaining_violation",
    "reserve_hand_violation",
    "reserve_keeps_hand",
    "shape_violation",
]
