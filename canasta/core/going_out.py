"""Can this hand go out this turn, and how: the one search the engine and the bots share.

After the partner answers "yes" to "may I go out?", the answer binds
(002 UTGÅNG 2, 004 L175, decisions P26): the player must go out if he can. The
engine then refuses a discard that does not go out while :func:`can_go_out`
finds a way out. :class:`~canasta.bots.HeuristicBot` asks :func:`going_out_plan`
for the melds that take it out.

The search works on counts, so it serves a state and a view alike. A hand is
14 counts by rank index: 0 the twos, 1 the black threes (red threes are laid
down, never melded), 2 to 12 the naturals four to ace, :data:`~canasta.core.cards.WILD`
(13) the jokers. A side's melds map a rank index to ``(naturals, twos, jokers)``
(more items are ignored). A step is one :class:`~canasta.core.actions.Meld`:
``(rank, naturals, twos, jokers)``.

The search is sound rather than complete: it answers only with a concrete plan
(every natural card joins its rank's meld, black threes form their going-out
meld, wild cards fill the melds' free room, the canastas the side needs are
completed first, and at most one card is discarded). A player it finds no plan
for may end his turn normally, so no state is ever left without a legal action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import THREE, TWO, WILD
from .state import State
from .table import TableRules

Step = tuple[int, int, int, int]
"""One meld: (rank index, naturals, twos, jokers)."""
SideMelds = Mapping[int, tuple[int, ...]]
"""A side's melds: rank index -> (naturals, twos, jokers, ...)."""

NATURAL_RANKS = range(THREE + 1, WILD)
"""The natural ranks by index, four to ace (000 TERMINOLOGIN "NATURLIGA KORT")."""


def split_wilds(wilds: int, twos: int, jokers: int, jokers_first: bool) -> tuple[int, int]:
    """How many twos and jokers make up ``wilds`` wild cards out of those held."""
    if jokers_first:
        j = min(wilds, jokers)
        return wilds - j, j
    t = min(wilds, twos)
    return t, wilds - t


def can_go_out(st: State, seat: int) -> bool:
    """Whether ``seat`` (who has drawn) can meld his whole hand, keeping at most one card to discard."""
    side = st.side(seat)
    if not st.opened[side] or st.pending or st.red_threes_in_hand(seat):
        return False
    counts = list(st.counts[seat])
    counts[THREE] = st.naturals_in_hand(seat, THREE)
    melds = {rank: (m[0], m[1], m[2]) for rank, m in st.melds[side].items()}
    return going_out_plan(counts, melds, st.rules) is not None


def going_out_plan(counts: Sequence[int], melds: SideMelds, rules: TableRules) -> tuple[list[Step], int | None] | None:
    """A way to meld the whole hand, keeping at most one card to discard, with the canastas the side needs.

    Returns the melds in playing order (those that complete a canasta first,
    black threes last, 000 SVARTA TREOR 2) and the rank to discard last, or
    None for no discard; None if the hand cannot go out. Going out needs
    ``going_out.canastas_required`` canastas (000 UTGÅNG 1, 001 §18 B,
    002 UTGÅNG 1), naturals join their rank's meld, every new meld has its
    natural minimum (001 §11 D), wild cards go where there is room (a
    completed canasta takes none where 001 §15 E•1 forbids it). Melding the
    last card is preferred to discarding it (its points count, 001 §34),
    unless the profile requires a final discard (decisions P25); otherwise
    the cheapest card is discarded.
    """
    orphans = [r for r in NATURAL_RANKS if counts[r] and r not in melds and counts[r] < rules.min_naturals]
    if len(orphans) > 1:
        return None
    options: list[int]  # -1: no discard
    if orphans:
        options = [orphans[0]]
    else:
        options = [] if rules.final_discard_required else [-1]
        value = rules.rank_value
        options += sorted((r for r in range(WILD + 1) if counts[r]), key=lambda r: (value[r], r))
    for discard in options:
        steps = _out_steps(counts, melds, rules, discard)
        if steps is not None:
            return steps, (None if discard < 0 else discard)
    return None


def _out_steps(counts: Sequence[int], melds: SideMelds, r: TableRules, discard: int) -> list[Step] | None:
    c = list(counts)
    if discard >= 0:
        c[discard] -= 1
    size = r.canasta_size
    wilds = c[TWO] + c[WILD]
    # [rank, naturals in all, wilds in all, room, naturals added, wilds added, was complete]
    shapes: list[list[int]] = []
    for rank in NATURAL_RANKS:
        k = c[rank]
        old = melds.get(rank)
        if old is None:
            if not k:
                continue
            if k < r.min_naturals:
                return None
            n, w, complete = k, 0, False
        else:
            n, w = old[0] + k, old[1] + old[2]
            complete = old[0] + old[1] + old[2] >= size
            if complete and k and not r.naturals_added:
                return None
        room = 0 if complete and not r.wilds_added else max(0, r.wild_room[min(n, 63)] - w)
        shapes.append([rank, n, w, room, k, 0, int(complete)])
    blacks = c[THREE]
    if blacks and not (r.black_three_min <= blacks <= r.black_three_max and blacks >= r.min_size):
        return None
    for s in shapes:
        short = r.min_size - s[1] - s[2]
        if short > 0:
            if short > s[3] or short > wilds:
                return None
            s[2] += short
            s[3] -= short
            s[5] += short
            wilds -= short
    canastas = sum(1 for rank, m in melds.items() if m[0] + m[1] + m[2] >= size and rank not in NATURAL_RANKS)
    canastas += sum(1 for s in shapes if s[1] + s[2] >= size)
    for s in sorted((s for s in shapes if s[1] + s[2] < size), key=lambda s: (size - s[1] - s[2], -s[0])):
        if canastas >= r.canastas_required:
            break
        deficit = size - s[1] - s[2]
        if deficit <= s[3] and deficit <= wilds:
            s[2] += deficit
            s[3] -= deficit
            s[5] += deficit
            wilds -= deficit
            canastas += 1
    if canastas < r.canastas_required:
        return None
    wild_meld = 0
    if wilds:
        for s in shapes:
            if r.natural_canastas_required and s[2] == 0 and s[1] >= size:
                continue  # keep a natural canasta natural (004 opt h)
            add = min(s[3], wilds)
            s[2] += add
            s[3] -= add
            s[5] += add
            wilds -= add
        if wilds:
            if not r.wild_canastas or (melds.get(WILD) is None and wilds < r.min_size):
                return None
            wild_meld, wilds = wilds, 0
    if r.natural_canastas_required and _naturals(shapes, melds, size) < r.natural_canastas_required:
        return None
    twos, jokers = c[TWO], c[WILD]
    order = sorted(
        (s for s in shapes if s[4] or s[5]),
        key=lambda s: (not (s[1] + s[2] >= size and not s[6]), -(s[4] + s[5]), s[0]),
    )
    steps: list[Step] = []
    for s in order:
        t, j = split_wilds(s[5], twos, jokers, jokers_first=False)
        twos -= t
        jokers -= j
        steps.append((s[0], s[4], t, j))
    if wild_meld:
        steps.append((WILD, 0, twos, jokers))
    if blacks:
        steps.append((THREE, blacks, 0, 0))
    return steps


def _naturals(shapes: list[list[int]], melds: SideMelds, size: int) -> int:
    """The natural canastas once the plan is laid: natural melds of the plan, and a wild-card canasta of one kind (decisions P29)."""
    count = sum(1 for s in shapes if s[1] + s[2] >= size and s[2] == 0)
    wild = melds.get(WILD)
    return count + int(wild is not None and wild[0] + wild[1] + wild[2] >= size and (wild[1] == 0 or wild[2] == 0))


__all__ = ["NATURAL_RANKS", "SideMelds", "Step", "can_go_out", "going_out_plan", "split_wilds"]
