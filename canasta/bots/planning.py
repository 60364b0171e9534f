"""How to open: melds from a hand that bring this turn's opening to the minimum (000 ÖPPNING, 001 §13).

Part of the workings of :class:`~canasta.bots.HeuristicBot`, not of the
public API (which is :mod:`canasta.bots`): the functions trust their
arguments, which the bot builds from a checked view.

A pure function of counts, so it is fast and easy to test. A hand is 14 counts
by rank index and a side's melds map a rank index to ``(naturals, twos,
jokers)``, as the engine's going-out search takes them
(:mod:`canasta.core.going_out`, which also answers how to go out); a plan is a
list of :data:`~canasta.core.going_out.Step` ``(rank, naturals, twos,
jokers)``, each one :class:`~canasta.core.actions.Meld` action, in the order
to lay them. The rules are the engine's own (``view.rules``).

The planner only proposes; the bot plays a step only when it is among the
legal actions the engine lists, so a plan that the rules refuse is never
played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from canasta.core.cards import TWO, WILD
from canasta.core.going_out import NATURAL_RANKS, SideMelds, Step, split_wilds

if TYPE_CHECKING:
    from canasta.core.table import TableRules


def opening_plan(counts: Sequence[int], provisional: SideMelds, needed: int, spare: int, rules: TableRules) -> list[Step] | None:
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
    value = rules.rank_value
    steps: list[list[int]] = []  # [rank, naturals, twos, jokers, naturals already on the table]
    points = 0
    used = 0
    need_nat = max(rules.min_size, rules.min_naturals)
    for rank in provisional:
        if rank in NATURAL_RANKS:
            steps.append([rank, counts[rank], 0, 0, 1])
    new = sorted(
        (r for r in NATURAL_RANKS if counts[r] >= need_nat and r not in provisional and not _penalised(rules, r, counts[r])),
        key=lambda r: (-counts[r] * value[r], -r),
    )
    if not rules.several_melds and new:
        new = new[:1] if not steps else []
    for rank in new:
        steps.append([rank, counts[rank], 0, 0, 0])
    for s in steps:
        points += s[1] * value[s[0]]
        used += s[1]
    twos, jokers = counts[TWO], counts[WILD]
    if points < needed and (rules.several_melds or not steps):
        pairs = sorted(
            (r for r in NATURAL_RANKS if rules.min_naturals <= counts[r] < need_nat and r not in provisional),
            key=lambda r: (-counts[r] * value[r], -r),
        )
        for rank in pairs:
            if points >= needed or (steps and not rules.several_melds):
                break
            n = counts[rank]
            short = rules.min_size - n
            if short > twos + jokers or short > rules.wild_room[n]:
                continue
            # the cheaper wild kind first, unless only the dearer one reaches the minimum
            gain_twos = n * value[rank] + short * value[TWO]
            t, j = split_wilds(short, twos, jokers, jokers_first=points + gain_twos < needed)
            twos -= t
            jokers -= j
            steps.append([rank, n, t, j, 0])
            points += n * value[rank] + t * value[TWO] + j * value[WILD]
            used += n + t + j
    if points < needed:
        # wild cards onto the melds of this plan (and this turn's melds), jokers first: fewer cards for the points
        for s in steps:
            while points < needed and twos + jokers:
                on = provisional.get(s[0]) if s[4] else None
                n0, w0 = (on[0], on[1] + on[2]) if on is not None else (0, 0)
                if w0 + s[2] + s[3] >= rules.wild_room[min(n0 + s[1], len(rules.wild_room) - 1)]:
                    break
                if jokers:
                    jokers -= 1
                    s[3] += 1
                    points += value[WILD]
                else:
                    twos -= 1
                    s[2] += 1
                    points += value[TWO]
                used += 1
    if points < needed or not any(x[1] + x[2] + x[3] for x in steps):
        return None
    if rules.natural_meld_size and not any(s[2] + s[3] == 0 and s[1] + (provisional[s[0]][0] if s[4] else 0) >= rules.natural_meld_size for s in steps):
        return None  # the opening needs a natural meld of this size (initial_meld.natural_meld_size; WCA "INITIAL MELD")
    if used > spare:
        steps = _trim(steps, points - needed, used - spare, value)
        if not steps:
            return None
    return [(s[0], s[1], s[2], s[3]) for s in steps if s[1] + s[2] + s[3]]


def _penalised(rules: TableRules, rank: int, held: int) -> bool:
    """Whether a new meld of ``rank`` from ``held`` naturals would stay unfinished and cost ``ranks.unfinished_penalty`` (EBB §2.10)."""
    return bool(rules.unfinished_penalty[rank]) and held < rules.canasta_size


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


__all__ = ["opening_plan"]
