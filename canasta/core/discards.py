"""Which cards may be discarded now: the discard restrictions of the family (schema 2, ``discards``).

Classic Canasta restricts no discard beyond red threes, which are never in a
hand to discard (000 RÖDA TREOR, 001 §21). Schema 2 names restrictions by
rank: ranks never discarded, ranks discarded only as a last resort (to go
out, or when nothing else may be), ranks not discarded onto an empty pile
(Modern American's SWAD, EBB §2.3, CJ; the D, dead ranks, by
``discards.dead_not_on_empty_pile``) and ranks not discarded in the player's
first turn (Cuban black threes, RG).

No restriction ever leaves a player without a discard (decisions P48): a
player whose hand holds no card that may be discarded may discard any, and a
last card is always free to go out as the discard (the going-out rules
decide whether it may). Ranks are indexes of a hand's per-rank counts: 0 the
twos, 1 the black threes, 2 to 12 four to ace, :data:`~canasta.core.cards.WILD`
the jokers.
"""

from __future__ import annotations

from .cards import THREE, WILD
from .state import State

Violation = tuple[str, str]


def restriction(st: State, seat: int, rank: int) -> Violation | None:
    """The restriction that bars discarding a card of ``rank`` now, or None (``discards``); the fallback of decisions P48 aside."""
    r = st.rules
    if r.discard_never[rank]:
        return ("discards.never", "cards of this rank are never discarded")
    if r.discard_last_resort[rank]:
        return ("discards.last_resort", "cards of this rank are discarded only to go out, or when you hold nothing else to discard")
    if not st.pile:
        if r.discard_not_on_empty[rank]:
            return ("discards.not_on_empty_pile", "cards of this rank are not discarded onto an empty pile")
        if r.dead_not_on_empty and rank != WILD and st.is_dead(r.side_of[seat], rank):
            return ("discards.dead_not_on_empty_pile", "a card of a dead rank is not discarded onto an empty pile")
    if r.discard_not_first_round[rank] and st.turns < len(r.seating(st.hand_number).order):
        return ("discards.not_in_first_round", "cards of this rank are not discarded in your first turn of the hand")
    return None


def held_ranks(st: State, seat: int) -> list[int]:
    """The ranks a player holds that a discard could name: naturals, twos, black threes and jokers (red threes are never discarded)."""
    counts = st.counts[seat]
    out = [rank for rank in range(WILD + 1) if counts[rank] and rank != THREE]
    if counts[THREE] and st.naturals_in_hand(seat, THREE):
        out.append(THREE)
    return out


def discard_violation(st: State, seat: int, rank: int) -> Violation | None:
    """Why the restrictions bar this discard (``rank`` a count index), or None: a last card, and a hand of barred cards only, discard freely (decisions P48)."""
    if st.sizes[seat] <= 1:
        return None
    found = restriction(st, seat, rank)
    if found is None:
        return None
    if any(restriction(st, seat, other) is None for other in held_ranks(st, seat)):
        return found
    return None


def free_ranks(st: State, seat: int) -> list[int]:
    """The ranks the player may discard now under the restrictions, for the listing: all he holds when none is free (decisions P48)."""
    held = held_ranks(st, seat)
    if st.sizes[seat] <= 1:
        return held
    free = [rank for rank in held if restriction(st, seat, rank) is None]
    return free or held


__all__ = ["discard_violation", "free_ranks", "held_ranks", "restriction"]
