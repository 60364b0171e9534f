"""Meld plans from a hand and a side's melds: how to open, and how to go out.

Part of the workings of :class:`~canasta.bots.HeuristicBot`, not of the
public API (see :mod:`canasta.bots.knowledge`): the functions trust their
arguments.

Pure functions of counts, so they are fast and easy to test. A hand is a list
of 14 counts by rank index (see :mod:`canasta.bots.knowledge`): twos, black
threes, fours to aces, jokers. A side's melds map a rank index to
``(naturals, twos, jokers)``. A plan is a list of steps ``(rank, naturals,
twos, jokers)``, each one :class:`~canasta.core.actions.Meld` action, in the
order to lay them.

The planners only propose; the bot plays a step only when it is among the
legal actions the engine lists, so a plan that the rules refuse is never
played.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .knowledge import JOKER_CODE, JOKERS, NATURALS, RED_THREE_CODES, THREES, TWOS, RuleFacts

Step = tuple[int, int, int, int]
"""One meld: (rank index, naturals, twos, jokers)."""
SideMelds = Mapping[int, tuple[int, int, int]]
"""A side's melds: rank index -> (naturals, twos, jokers)."""


def hand_counts(hand: Iterable[int]) -> list[int]:
    """Counts per rank index of a hand of card codes; red threes are left out (the engine lays them down, 000 RÖDA TREOR)."""
    counts = [0] * 14
    for card in hand:
        if card == JOKER_CODE:
            counts[JOKERS] += 1
        elif card not in RED_THREE_CODES:
            counts[card >> 2] += 1
    return counts


def split_wilds(wilds: int, twos: int, jokers: int, jokers_first: bool) -> tuple[int, int]:
    """How many twos and jokers make up ``wilds`` wild cards out of those held."""
    if jokers_first:
        j = min(wilds, jokers)
        return wilds - j, j
    t = min(wilds, twos)
    return t, wilds - t


# ---------------------------------------------------------------------------
# Opening (000 ÖPPNING, 001 §13)
# ---------------------------------------------------------------------------


def opening_plan(counts: Sequence[int], provisional: SideMelds, needed: int, spare: int, f: RuleFacts) -> list[Step] | None:
    """Melds from the hand that bring this turn's opening to the minimum, or None if the hand cannot.

    ``provisional`` are the melds laid this turn (they may grow), ``needed``
    the points still missing (``view.turn.opening_needed``), ``spare`` the most
    cards the plan may take from the hand. Natural melds come first, highest
    points first; then natural pairs made up with one wild card each; then
    wild cards added to the plan's melds, only as far as the points require,
    so wild cards are spent on an opening only when it needs them (001 §13).
    Only the naturals of a rank count toward the minimum as card points
    (001 §12); pile cards other than the top card never do (000 ATT TA HÖGEN 4).
    """
    value = f.value
    steps: list[list[int]] = []  # [rank, naturals, twos, jokers, naturals already on the table]
    points = 0
    used = 0
    need_nat = max(f.min_size, f.min_naturals)
    for rank in provisional:
        if rank in NATURALS:
            steps.append([rank, counts[rank], 0, 0, 1])
    new = sorted(
        (r for r in NATURALS if counts[r] >= need_nat and r not in provisional),
        key=lambda r: (-counts[r] * value[r], -r),
    )
    if not f.several_melds and new:
        new = new[:1] if not steps else []
    for rank in new:
        steps.append([rank, counts[rank], 0, 0, 0])
    for s in steps:
        points += s[1] * value[s[0]]
        used += s[1]
    twos, jokers = counts[TWOS], counts[JOKERS]
    if points < needed and (f.several_melds or not steps):
        pairs = sorted(
            (r for r in NATURALS if f.min_naturals <= counts[r] < need_nat and r not in provisional),
            key=lambda r: (-counts[r] * value[r], -r),
        )
        for rank in pairs:
            if points >= needed or (steps and not f.several_melds):
                break
            n = counts[rank]
            short = f.min_size - n
            if short > twos + jokers or short > f.wild_room[n]:
                continue
            # the cheaper wild kind first, unless only the dearer one reaches the minimum
            gain_twos = n * value[rank] + short * value[TWOS]
            t, j = split_wilds(short, twos, jokers, jokers_first=points + gain_twos < needed)
            twos -= t
            jokers -= j
            steps.append([rank, n, t, j, 0])
            points += n * value[rank] + t * value[TWOS] + j * value[JOKERS]
            used += n + t + j
    if points < needed:
        # wild cards onto the melds of this plan (and this turn's melds), jokers first: fewer cards for the points
        for s in steps:
            while points < needed and twos + jokers:
                on = provisional.get(s[0]) if s[4] else None
                n0, w0 = (on[0], on[1] + on[2]) if on is not None else (0, 0)
                if w0 + s[2] + s[3] >= f.wild_room[min(n0 + s[1], 63)]:
                    break
                if jokers:
                    jokers -= 1
                    s[3] += 1
                    points += value[JOKERS]
                else:
                    twos -= 1
                    s[2] += 1
                    points += value[TWOS]
                used += 1
    if points < needed or not any(x[1] + x[2] + x[3] for x in steps):
        return None
    if used > spare:
        steps = _trim(steps, points - needed, used - spare, value)
        if not steps:
            return None
    return [(s[0], s[1], s[2], s[3]) for s in steps if s[1] + s[2] + s[3]]


def _trim(steps: list[list[int]], surplus: int, excess: int, value: Sequence[int]) -> list[list[int]]:
    """Drop natural-only melds (cheapest first) the opening can spare, to keep cards in hand; [] if that is not enough."""
    kept = list(steps)
    for s in sorted(steps, key=lambda s: s[1] * value[s[0]]):
        if excess <= 0:
            break
        pts = s[1] * value[s[0]]
        if s[2] + s[3] == 0 and pts <= surplus:
            kept.remove(s)
            surplus -= pts
            excess -= s[1]
    return kept if excess <= 0 else []


# ---------------------------------------------------------------------------
# Going out (000 UTGÅNG, 001 §18)
# ---------------------------------------------------------------------------


def going_out_plan(counts: Sequence[int], melds: SideMelds, f: RuleFacts) -> tuple[list[Step], int | None] | None:
    """A way to meld the whole hand, keeping at most one card to discard, with the canastas the side needs.

    Returns the melds in playing order (those that complete a canasta first,
    black threes last, 000 SVARTA TREOR 2) and the rank to discard last, or
    None for no discard; None if the hand cannot go out. Going out needs
    ``going_out.canastas_required`` canastas (000 UTGÅNG 1, 001 §18 B,
    002 UTGÅNG 1), naturals join their rank's meld, every new meld has its
    natural minimum (001 §11 D), wild cards go where there is room (a
    completed canasta takes none where 001 §15 E•1 forbids it). Melding the
    last card is preferred to discarding it (its points count, 001 §34);
    otherwise the cheapest card is discarded.
    """
    orphans = [r for r in NATURALS if counts[r] and r not in melds and counts[r] < f.min_naturals]
    if len(orphans) > 1:
        return None
    if orphans:
        options: list[int | None] = [orphans[0]]
    else:
        options = [] if f.final_discard_required else [None]
        held = [r for r in range(14) if counts[r]]
        held.sort(key=lambda r: (f.value[r], r))
        options += held
    for discard in options:
        steps = _out_steps(counts, melds, f, discard)
        if steps is not None:
            return steps, discard
    return None


def _out_steps(counts: Sequence[int], melds: SideMelds, f: RuleFacts, discard: int | None) -> list[Step] | None:
    c = list(counts)
    if discard is not None:
        c[discard] -= 1
    size = f.canasta_size
    wilds = c[TWOS] + c[JOKERS]
    # [rank, naturals in all, wilds in all, room, naturals added, wilds added, was complete]
    shapes: list[list[int]] = []
    for rank in NATURALS:
        k = c[rank]
        old = melds.get(rank)
        if old is None:
            if not k:
                continue
            if k < f.min_naturals:
                return None
            n, w, complete = k, 0, False
        else:
            n, w = old[0] + k, old[1] + old[2]
            complete = old[0] + old[1] + old[2] >= size
            if complete and k and not f.naturals_added:
                return None
        room = 0 if complete and not f.wilds_added else max(0, f.wild_room[min(n, 63)] - w)
        shapes.append([rank, n, w, room, k, 0, int(complete)])
    blacks = c[THREES]
    if blacks and not (f.black_three_min <= blacks <= f.black_three_max and blacks >= f.min_size):
        return None
    for s in shapes:
        short = f.min_size - s[1] - s[2]
        if short > 0:
            if short > s[3] or short > wilds:
                return None
            s[2] += short
            s[3] -= short
            s[5] += short
            wilds -= short
    canastas = sum(1 for rank, m in melds.items() if m[0] + m[1] + m[2] >= size and rank not in NATURALS)
    canastas += sum(1 for s in shapes if s[1] + s[2] >= size)
    for s in sorted((s for s in shapes if s[1] + s[2] < size), key=lambda s: (size - s[1] - s[2], -s[0])):
        if canastas >= f.canastas_required:
            break
        deficit = size - s[1] - s[2]
        if deficit <= s[3] and deficit <= wilds:
            s[2] += deficit
            s[3] -= deficit
            s[5] += deficit
            wilds -= deficit
            canastas += 1
    if canastas < f.canastas_required:
        return None
    wild_meld = 0
    if wilds:
        for s in shapes:
            if f.natural_canasta_required and s[2] == 0 and s[1] >= size:
                continue  # keep a natural canasta natural (004 opt h)
            add = min(s[3], wilds)
            s[2] += add
            s[3] -= add
            s[5] += add
            wilds -= add
        if wilds:
            existing = melds.get(JOKERS)
            if not f.wild_canastas or (existing is None and wilds < f.min_size):
                return None
            wild_meld, wilds = wilds, 0
    if f.natural_canasta_required and not _has_natural(shapes, melds, size):
        return None
    twos, jokers = c[TWOS], c[JOKERS]
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
        steps.append((JOKERS, 0, twos, jokers))
    if blacks:
        steps.append((THREES, blacks, 0, 0))
    return steps


def _has_natural(shapes: list[list[int]], melds: SideMelds, size: int) -> bool:
    if any(s[1] + s[2] >= size and s[2] == 0 for s in shapes):
        return True
    wild = melds.get(JOKERS)
    return wild is not None and sum(wild) >= size and (wild[1] == 0 or wild[2] == 0)


__all__ = ["SideMelds", "Step", "going_out_plan", "hand_counts", "opening_plan", "split_wilds"]
