"""Every meld a player may lay now, fast: the candidates of the legal list, made from cached shapes.

A meld's shape (its naturals and wild cards, ``TableRules.wild_room``) decides
alone whether a meld that leaves the hand two cards is legal (001 §16 B), so
those melds come from a cache of interned actions per rank and shape; a meld
that leaves fewer goes through :func:`~canasta.core.meld_rules.meld_violation`
in full, and the meld rules beyond the shape (:mod:`canasta.core.meld_limits`)
are read rank by rank from the table. :func:`canasta.core.listing.legal_actions`
lists them, and :func:`canasta.core.legality.yes_binds` plays them on copies.
"""

from __future__ import annotations

from typing import Final

from .actions import Action, Meld, meld
from .cards import FOUR, THREE, TWO, WILD
from .meld_limits import dead_ranks, in_opening, wilds_allowed, wilds_need_naturals
from .meld_rules import held_red_threes, meld_violation
from .state import MeldTuple, State


def _shapes(st: State, rank: int, avail: int, twos: int, jokers: int, existing: MeldTuple | None) -> list[tuple[int, int, int]]:
    """The (naturals, twos, jokers) a meld of ``rank`` may take, from the meld's shape alone, in a fixed order.

    Shapes are screened with the same limits :func:`shape_violation`
    applies; what is left to check is the hand left after melding.
    """
    r = st.rules
    if existing is None:
        n0 = w0 = 0
        nat_ok = wild_ok = True
        new = True
    else:
        n0, w0 = existing[0], existing[1] + existing[2]
        complete = n0 + w0 >= r.canasta_size
        nat_ok = not complete or r.naturals_added
        wild_ok = not complete or r.wilds_added
        new = False
    min_nat, min_size, wild_room = r.min_naturals, r.min_size, r.wild_room
    space = r.max_size - n0 - w0  # cards the meld may still take (melds.max_size)
    out: list[tuple[int, int, int]] = []
    naturals_in_packs = (2 if rank == THREE else 4) * r.decks
    for n in range(avail + 1):
        if (n and not nat_ok) or n > space or n0 + n > naturals_in_packs:
            break  # no meld holds more naturals of a rank than the packs do (a meld of all of them takes only wild cards)
        tn = n0 + n
        if rank == WILD:
            room = twos + jokers
        elif rank == THREE:
            room = 0
        else:
            room = wild_room[tn] - w0
            if new and tn < min_nat:
                continue
        if room > space - n:
            room = space - n
        for t in range(min(twos, room) + 1 if wild_ok else 1):
            for j in range(min(jokers, room - t) + 1 if wild_ok else 1):
                used = n + t + j
                if used == 0 or (new and used < min_size):
                    continue
                out.append((n, t, j))
    return out


MELD_CACHE_LIMIT: Final = 20_000
"""Entries a meld cache may hold before it is emptied and refilled; 1,500 random matches of 4-player ``finnish`` fill about 3,600 (2 MB)."""


def meld_key(rank: int, twos: int, jokers: int, existing: MeldTuple | None) -> int:
    """The meld cache's key: rank, twos and jokers held, the meld's naturals (-1: no meld yet) and wild cards, one field a byte.

    An int, not a tuple: it is built for every rank held at every listing, and an int costs no allocation.
    """
    if existing is None:
        return rank | twos << 8 | jokers << 16
    return rank | twos << 8 | jokers << 16 | (existing[0] + 1) << 24 | (existing[1] + existing[2]) << 32


def _shape_melds(st: State, rank: int, avail: int, twos: int, jokers: int, existing: MeldTuple | None) -> list[tuple[Meld, ...]]:
    """The melds of :func:`_shapes` as interned actions, for up to ``avail`` naturals or more, cached.

    Returns ``by_held``: ``by_held[a]`` holds, in listing order, exactly the
    melds for ``a`` naturals held (the listing runs by naturals first, so each
    is a prefix of the next). For a hand that keeps two cards after any of
    them, the shape is all that decides (001 §16 B) and every one is legal;
    otherwise :func:`_melds_checked` checks them one by one. The cache key is
    :func:`meld_key`; the cache is shared by every table with the same meld
    rules (see :attr:`TableRules.meld_cache`).
    """
    key = meld_key(rank, twos, jokers, existing)
    cache = st.rules._meld_cache
    found = cache.get(key)
    if found is None or len(found) <= avail:
        if len(cache) >= MELD_CACHE_LIMIT:
            cache.clear()
        top = avail if rank == WILD else max(avail, 4 * st.rules.decks)  # a hand holds at most 4 naturals of a rank per pack
        shapes = _shapes(st, rank, top, twos, jokers, existing)
        melds = tuple(meld(rank, n, t, j) for n, t, j in shapes)
        ends = [0] * (top + 1)
        for n, _, _ in shapes:
            ends[n] += 1
        for n in range(1, top + 1):
            ends[n] += ends[n - 1]
        found = []
        part: tuple[Meld, ...] = ()
        for end in ends:
            if end != len(part):  # equal prefixes share one tuple
                part = melds if end == len(melds) else melds[:end]
            found.append(part)
        cache[key] = found
    return found


def meld_candidates(st: State, seat: int, side: int) -> list[Action]:
    """Every legal meld, fast.

    When a rank's naturals and every wild card in hand could all be melded
    and still leave two cards, the shape decides alone and the melds come
    from a cache (:func:`_shape_melds`). Otherwise, and always for black
    threes, a candidate that leaves fewer than two cards goes through
    :func:`meld_violation` in full; tests compare this list with
    :func:`check` over every candidate.

    The meld rules beyond a meld's shape (:mod:`canasta.core.meld_limits`)
    are read rank by rank from the table: a dead rank gives no meld, and the
    melds of a rank whose wild cards a rule limits now (``wilds_limited``), or
    of any rank while the opening may make no mixed canasta, are screened by
    :func:`_screened`. A rank no such rule touches costs a lookup.
    """
    r = st.rules
    out: list[Action] = []
    provisional = not st.opened[side]
    if provisional and st.retracted:
        return out
    single = provisional and not r.several_melds and bool(st.turn_new)
    counts = st.counts[seat]
    twos, jokers = counts[TWO], counts[WILD]
    hand_size = st.sizes[seat]
    reds = held_red_threes(st, seat)
    if reds:  # kept red threes stay in hand: one other card must stay to discard (remaining_violation)
        hand_size += 1 - reds
    melds = st.melds[side]
    dead = dead_ranks(st, side)
    no_mixed = not r.mixed_canasta_in_opening and in_opening(st, side)
    limited = r.wilds_limited
    limit = hand_size - 2 - twos - jokers  # most naturals of a rank that can go with every wild card and leave two cards
    cache = r._meld_cache
    # A meld of a natural rank takes at most r.wild_cap wild cards, so holding more twos or jokers lists the same melds.
    cap = r.wild_cap
    tw = twos if twos < cap else cap
    jk = jokers if jokers < cap else cap
    wilds_key = tw << 8 | jk << 16  # meld_key, inline: the loop below is the hottest part of listing
    existing = melds.get(THREE)
    if (counts[THREE] or existing is not None) and r.black_threes_meldable:  # never melded under black_threes.meldable = false
        avail = st.naturals_in_hand(seat, THREE)
        # black threes are melded only when going out (001 §20 C): with two cards left over, none is legal
        if hand_size - avail < 2 and (existing is not None or not single):
            _melds_checked(st, out, THREE, avail, twos, jokers, existing, hand_size)
    for rank in range(FOUR, 13):
        avail = counts[rank]
        existing = melds.get(rank) if melds else None  # an unopened side has no melds: no lookup
        if existing is None:
            if not avail or single:
                continue
            key = rank | wilds_key
        else:
            key = rank | wilds_key | (existing[0] + 1) << 24 | (existing[1] + existing[2]) << 32
        if dead and rank in dead:
            continue
        start = len(out)
        if avail <= limit:
            found = cache.get(key)
            if found is None or len(found) <= avail:
                found = _shape_melds(st, rank, avail, tw, jk, existing)
            out += found[avail]
        else:
            _melds_checked(st, out, rank, avail, twos, jokers, existing, hand_size)
        if limited[rank] or no_mixed:
            out[start:] = _screened(st, side, rank, out[start:], existing, no_mixed)
    if r.wild_canastas and (twos or jokers):
        existing = melds.get(WILD)
        if (existing is None and single) or (dead and WILD in dead):
            return out
        if limit >= 0:
            out += _shape_melds(st, WILD, 0, twos, jokers, existing)[0]
        else:
            _melds_checked(st, out, WILD, 0, twos, jokers, existing, hand_size)
    return out


def _screened(st: State, side: int, rank: int, candidates: list[Action], existing: MeldTuple | None, no_mixed: bool) -> list[Action]:
    """The melds of a natural rank the meld rules beyond the shape allow now (:func:`canasta.core.meld_limits.limit_violation`
    is the rule): with wild cards only where the rank may take them now and the meld then holds the naturals the rule of
    five asks, and none that would make a mixed canasta in an opening that may not."""
    allow = wilds_allowed(st, side, rank)
    need = wilds_need_naturals(st, side, rank)
    held = existing[0] if existing is not None else 0
    cards = existing[0] + existing[1] + existing[2] if existing is not None else 0
    size = st.rules.canasta_size
    out: list[Action] = []
    for a in candidates:
        assert isinstance(a, Meld)
        if a.twos or a.jokers:
            if not allow or a.naturals + held < need:
                continue
            if no_mixed and cards + a.naturals + a.twos + a.jokers >= size:
                continue
        out.append(a)
    return out


def _melds_checked(
    st: State, out: list[Action], rank: int, avail: int, twos: int, jokers: int, existing: MeldTuple | None, hand_size: int
) -> None:
    """Append the melds of ``rank`` that keep two cards in hand, and those :func:`meld_violation` accepts.

    The actions come from :func:`_shape_melds`, interned, in the order of :func:`_shapes`.
    """
    shapes = _shapes(st, rank, avail, twos, jokers, existing)
    for i, a in enumerate(_shape_melds(st, rank, avail, twos, jokers, existing)[avail]):
        n, t, j = shapes[i]
        if (rank != THREE and hand_size - n - t - j >= 2) or meld_violation(st, a) is None:
            out.append(a)


__all__ = ["MELD_CACHE_LIMIT", "meld_candidates", "meld_key"]
