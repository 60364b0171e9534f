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

from canasta.variants.enums import ConcealedMinimum

from .canastas import RANK_MASK, counts_as_natural
from .cards import THREE, TWO, WILD
from .refusals import Violation
from .state import State, concealed_now
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


def going_out_plan(
    counts: Sequence[int],
    melds: SideMelds,
    rules: TableRules,
    *,
    dead: frozenset[int] = frozenset(),
    opening: bool = False,
    reserve_ok: bool = True,
) -> tuple[list[Step], int | None] | None:
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

    Schema 2's rules narrow it (:mod:`canasta.core.meld_limits`): ``dead``
    ranks take no card, no meld grows past ``melds.max_size``, wild cards go
    only where the rank and the rule of five let them (``opening``: the side
    opened this turn), the going-out requirements over kinds and unfinished
    melds hold, and where the reserve must be taken first ``reserve_ok`` says
    whether it was. Where black threes are never melded (``black_threes.meldable``), one black
    three may be held, and it is the discard.

    The plan reads the hand and the melds, not the turn: where going out needs
    the partner's yes (``going_out.permission = "required"``), the callers
    that play it ask the state (:func:`canasta.core.legality.going_out_now`
    plays it through the rules; :func:`canasta.core.pile_rules.out_after_take`
    asks whether the question can still come).
    """
    if not reserve_ok:
        return None
    if dead and any(counts[r] for r in dead):
        dead_held = [r for r in dead if counts[r]]
        if len(dead_held) > 1 or counts[dead_held[0]] > 1:
            return None
    orphans = [r for r in NATURAL_RANKS if counts[r] and r not in melds and counts[r] < rules.min_naturals]
    orphans += [r for r in dead if counts[r] and r not in orphans]
    if counts[THREE] and not rules.black_threes_meldable:
        if counts[THREE] > 1:
            return None  # black threes are never melded here, and only one card is discarded (black_threes.meldable)
        orphans.append(THREE)
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
        steps = _out_steps(counts, melds, rules, discard, opening)
        if steps is not None:
            return steps, (None if discard < 0 else discard)
    return None


def _room(r: TableRules, rank: int, naturals: int, wilds: int, opening: bool, wild_open: bool) -> int:
    """The wild cards a meld of ``rank`` holding these cards may still take: its shape's room (``TableRules.wild_room``), less
    what the meld rules beyond the shape take away (:mod:`canasta.core.meld_limits`), a rank's table entry saying whether any may."""
    room = max(0, r.wild_room[min(naturals, 63)] - wilds)
    if r.wilds_limited[rank]:
        if r.natural_only[rank] or (r.wilds_only_in_opening[rank] and not opening) or wild_open:
            return 0
        if r.wilds_after_opening and not opening and naturals < r.wilds_after_opening:
            return 0
    return min(room, max(0, r.max_size - naturals - wilds))


def _out_steps(counts: Sequence[int], melds: SideMelds, r: TableRules, discard: int, opening: bool = False) -> list[Step] | None:
    c = list(counts)
    if discard >= 0:
        c[discard] -= 1
    size = r.canasta_size
    wilds = c[TWO] + c[WILD]
    old_wild = melds.get(WILD)
    wild_open = r.wild_meld_exclusive and old_wild is not None and old_wild[0] + old_wild[1] + old_wild[2] < size
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
        if n + w > r.max_size:
            return None
        room = 0 if complete and not r.wilds_added else _room(r, rank, n, w, opening, wild_open)
        shapes.append([rank, n, w, room, k, 0, int(complete)])
    blacks = c[THREE]
    if blacks and not (r.black_threes_meldable and r.black_three_min <= blacks <= r.black_three_max and blacks >= r.min_size):
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
    if not _kinds_ok(r, shapes, melds, wild_meld):
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


def _kinds_ok(r: TableRules, shapes: list[list[int]], melds: SideMelds, wild_meld: int) -> bool:
    """The checks of the side's melds once the plan is laid: the wild-card meld's size, no forbidden unfinished meld, the canastas of each kind."""
    size = r.canasta_size
    wild = melds.get(WILD)
    wild_size = (wild[0] + wild[1] + wild[2] if wild is not None else 0) + wild_meld
    if wild_size > r.max_size:
        return False
    if not r.going_out_reads_kinds:
        return True
    if any(r.unfinished_forbidden[s[0]] and s[1] + s[2] < size for s in shapes):
        return False
    if r.unfinished_forbidden[WILD] and 0 < wild_size < size:
        return False
    mixed = sum(1 for s in shapes if s[1] + s[2] >= size and s[2])
    wild_canastas = int(wild_size >= size)
    for key, m in melds.items():
        if key > RANK_MASK:  # a canasta closed and set aside (canastas.several_per_rank)
            if key & RANK_MASK == WILD:
                wild_canastas += 1
            elif m[1] + m[2]:
                mixed += 1
    return mixed >= r.mixed_canastas_required and wild_canastas >= r.wild_canastas_required


def _naturals(shapes: list[list[int]], melds: SideMelds, size: int) -> int:
    """The natural canastas once the plan is laid: natural melds of the plan, and a wild-card canasta of one kind (decisions P29)."""
    count = sum(1 for s in shapes if s[1] + s[2] >= size and s[2] == 0)
    count += sum(1 for key, m in melds.items() if key > RANK_MASK and counts_as_natural(key & RANK_MASK, m[1], m[2]))  # set aside
    wild = melds.get(WILD)
    return count + int(wild is not None and wild[0] + wild[1] + wild[2] >= size and counts_as_natural(WILD, wild[1], wild[2]))


def _natural_needed(count: int) -> str:
    return "your side needs a natural canasta to go out" if count == 1 else f"your side needs {count} natural canastas to go out"


def going_out_violation(
    st: State, seat: int, canastas: int, naturals: int, turn_canastas: int, opened_after: bool, meld: tuple[int, int, int, int] = (-1, 0, 0, 0)
) -> Violation | None:
    """Why the player may not go out with the side's melds as given, or None (topics H, I).

    The side's canastas and natural ones count as given (the meld about to be
    laid included). The requirements that read the side's melds by kind
    (``going_out.canasta_kinds_required`` beyond the natural ones,
    ``going_out.unfinished_melds_forbidden``) read them with ``meld``
    (rank, naturals, twos, jokers) added, where the profile has any
    (``TableRules.going_out_reads_kinds``); ``going_out.reserve_taken`` asks
    whether the player has received his reserve pile (Hand and Foot's foot).
    """
    found = _going_out_violation(st, seat, canastas, naturals, turn_canastas, opened_after)
    if found is not None:
        return found
    r = st.rules
    if r.going_out_reads_kinds:
        found = _kinds_violation(st, seat, meld)
        if found is not None:
            return found
    if r.reserve_taken_required and not st.reserve_got[st.reserve_unit(seat)]:
        return ("going_out.reserve_taken", "you may go out only once you have received your reserve pile")
    if not st.asked and r.permission_required:  # last: what the melds lack is said first, since asking would not help
        return ("going_out.permission", "going out needs your partner's yes: ask 'may I go out?' first, and keep a card until he answers")
    return None


def _kinds_violation(st: State, seat: int, meld: tuple[int, int, int, int]) -> Violation | None:
    """The side's melds with ``meld`` added, read by kind: an unfinished meld of a rank that forbids going out, too few
    mixed or wild-card canastas (``going_out.unfinished_melds_forbidden``, ``going_out.canasta_kinds_required``)."""
    r = st.rules
    side = r.side_of[seat]
    size = r.canasta_size
    rank, n, t, j = meld
    mixed = wild = 0
    shapes = [(rk, m[0], m[1], m[2]) for rk, m in st.melds[side].items() if rk != rank]
    if rank >= 0:
        m = st.melds[side].get(rank)
        shapes.append((rank, n + (m[0] if m else 0), t + (m[1] if m else 0), j + (m[2] if m else 0)))
    for rk, a, b, c in shapes:
        if a + b + c >= size:
            if rk & RANK_MASK == WILD:
                wild += 1
            elif b + c:
                mixed += 1
        elif r.unfinished_forbidden[rk]:
            return ("going_out.unfinished_melds_forbidden", "your side may not go out with an unfinished meld of " + ("wild cards" if rk == WILD else "that rank"))
    if mixed < r.mixed_canastas_required:
        return ("going_out.canasta_kinds_required.mixed", f"your side needs {r.mixed_canastas_required} mixed canasta(s) to go out and has {mixed}")
    if wild < r.wild_canastas_required:
        return ("going_out.canasta_kinds_required.wild", f"your side needs {r.wild_canastas_required} wild-card canasta(s) to go out and has {wild}")
    return None


def _going_out_violation(st: State, seat: int, canastas: int, naturals: int, turn_canastas: int, opened_after: bool) -> Violation | None:
    r = st.rules
    if st.asked == 3 and not st.ask_binds:
        return ("going_out.permission", "your partner answered no to 'may I go out?', so you must keep a card")
    req = r.canastas_required
    if opened_after:
        if canastas < req:
            return ("going_out.canastas_required", f"your side needs {req} canasta(s) to go out and has {canastas}")
        if naturals < r.natural_canastas_required:
            return ("going_out.canasta_kinds_required.natural", _natural_needed(r.natural_canastas_required))
        return None
    if not concealed_now(st, seat):
        if not r.concealed_allowed:
            return ("concealed_going_out.allowed", "your side has not opened, and these rules have no concealed going out: open first")
        return (st.rules.minimum_key(), "your side has not opened, so only a concealed going out is possible")
    waived = r.concealed_minimum is ConcealedMinimum.ALWAYS_WAIVED or (r.concealed_minimum is ConcealedMinimum.WAIVED_AFTER_STOCK_DRAW and st.drew_from_stock)
    if not waived:
        return ("concealed_going_out.minimum", "going out concealed here still needs the opening minimum")
    if turn_canastas < 1 or canastas < req:
        return ("going_out.canastas_required", f"going out concealed needs a canasta of your own and {req} in all")
    if naturals < r.natural_canastas_required:
        return ("going_out.canasta_kinds_required.natural", _natural_needed(r.natural_canastas_required))
    return None


__all__ = ["NATURAL_RANKS", "SideMelds", "Step", "going_out_plan", "going_out_violation", "split_wilds"]
