"""Whether a player can still go out this turn: used to hold him to a binding "yes".

After the partner answers "yes" to "may I go out?", the answer binds
(002 UTGÅNG 2, 004 L175, decisions P26): the player must go out if he can. The
engine then refuses a discard that does not go out while :func:`can_go_out`
finds a way out.

The search is sound rather than complete: it answers True only when it has
built a concrete plan (every natural card joins its rank's meld, black threes
form their going-out meld, wild cards fill the melds' free room, the
canastas the side needs are completed first, and at most one card is
discarded). A player it answers False for may end his turn normally, so no
state is ever left without a legal action.
"""

from __future__ import annotations

from .cards import THREE, TWO
from .state import WILD_RANK, State


def can_go_out(st: State, seat: int) -> bool:
    """Whether ``seat`` (who has drawn) can meld his whole hand, keeping at most one card to discard."""
    side = st.side(seat)
    if not st.opened[side] or st.pending:
        return False
    counts = st.counts[seat]
    options = [None, *[rank for rank in range(WILD_RANK + 1) if counts[rank] and rank != THREE]]
    if st.naturals_in_hand(seat, THREE):
        options.append(THREE)
    for discard in options:
        if discard is None and st.rules.final_discard_required:
            continue
        if _plan(st, seat, side, discard):
            return True
    return False


def _plan(st: State, seat: int, side: int, discard: int | None) -> bool:
    r = st.rules
    counts = list(st.counts[seat])
    blacks = st.naturals_in_hand(seat, THREE)
    if discard == THREE:
        blacks -= 1
    elif discard is not None:
        counts[discard] -= 1
    if st.red_threes_in_hand(seat):
        return False
    wilds = counts[TWO] + counts[WILD_RANK]
    size = r.canasta_size
    melds = st.melds[side]
    shapes: list[list[int]] = []  # [naturals, wilds, free wild room] of each natural meld once its naturals are in
    for rank in range(THREE + 1, 13):
        c = counts[rank]
        old = melds.get(rank)
        if old is None:
            if c == 0:
                continue
            if c < r.min_naturals:
                return False
            n, w, complete = c, 0, False
        else:
            n, w = old[0] + c, old[1] + old[2]
            complete = old[0] + old[1] + old[2] >= size
            if complete and c and not r.naturals_added:
                return False
        room = 0 if complete and not r.wilds_added else max(0, r.wild_room[n] - w)
        shapes.append([n, w, room])
    if blacks and not (r.black_three_min <= blacks <= r.black_three_max):
        return False
    if blacks and r.min_size > blacks:
        return False
    for shape in shapes:
        short = r.min_size - shape[0] - shape[1]
        if short > 0:
            if short > shape[2] or short > wilds:
                return False
            shape[1] += short
            shape[2] -= short
            wilds -= short
    canastas = sum(1 for n, w, _ in shapes if n + w >= size)
    canastas += sum(1 for rank, m in melds.items() if (rank in (WILD_RANK, THREE)) and m[0] + m[1] + m[2] >= size)
    for shape in sorted((s for s in shapes if s[0] + s[1] < size), key=lambda s: size - s[0] - s[1]):
        if canastas >= r.canastas_required:
            break
        deficit = size - shape[0] - shape[1]
        if deficit <= shape[2] and deficit <= wilds:
            shape[1] += deficit
            shape[2] -= deficit
            wilds -= deficit
            canastas += 1
    if canastas < r.canastas_required:
        return False
    if r.natural_canasta_required and not any(n >= size and w == 0 for n, w, _ in shapes) and not _natural_elsewhere(st, side):
        return False
    if wilds == 0:
        return True
    room = sum(s[2] for s in shapes if not (r.natural_canasta_required and s[1] == 0 and s[0] >= size))
    if wilds <= room:
        return True
    if r.wild_canastas:
        return WILD_RANK in melds or wilds - room >= r.min_size
    return False


def _natural_elsewhere(st: State, side: int) -> bool:
    """A natural canasta the plan does not touch: the wild-card meld of one kind (decisions P29)."""
    m = st.melds[side].get(WILD_RANK)
    return m is not None and m[0] + m[1] + m[2] >= st.rules.canasta_size and (m[1] == 0 or m[2] == 0)
