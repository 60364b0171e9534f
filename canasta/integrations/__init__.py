"""Research adapters: Canasta under any profile as a PettingZoo environment or an OpenSpiel game.

Each adapter needs its extra: ``pip install 'canasta[pettingzoo]'`` for
:mod:`canasta.integrations.pettingzoo`, ``pip install 'canasta[openspiel]'`` for
:mod:`canasta.integrations.openspiel`. Both wrap :class:`canasta.Game`, never a
copy of the rules, and encode actions and views with :mod:`canasta.encoding`.
See ``docs/rl.md``.
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.core.arguments import shown
from canasta.errors import ArgumentError

POINTS = 100.0
"""Rewards and returns are in hundreds of points, like the points in the observation vector."""


def hand_returns(side_of: Sequence[int], totals: Sequence[int]) -> list[float]:
    """Each seat's reward for a hand: its side's hand score minus the mean of the other sides', in hundreds.

    A match is won by outscoring the other sides (001 §1, §34 A), so what a
    hand is worth to a side is its margin over them, not its raw score (which
    also grows with the length of the hand). Each reward is the float nearest
    the exact margin, computed from integers (``margin * (sides - 1) * 100``
    is one), so with two sides the rewards are exact opposites and sum to
    exactly zero; with sides of equal size they sum to zero over the seats up
    to the last bit of each float.

    ``side_of`` gives each seat's side, ``totals`` each side's hand score (ints,
    at least two sides); anything else raises :class:`canasta.ArgumentError`.

    >>> hand_returns((0, 1, 0, 1), (650, -150))
    [8.0, -8.0, 8.0, -8.0]
    """
    sides_list = _ints(totals, "totals")
    seats = _ints(side_of, "side_of")
    sides = len(sides_list)
    if sides < 2:
        raise ArgumentError(f"hand_returns: totals must give the hand score of at least two sides, got {shown(totals)}")
    if any(not 0 <= side < sides for side in seats):
        raise ArgumentError(f"hand_returns: side_of must give each seat a side from 0 to {sides - 1}, got {shown(side_of)}")
    total = sum(sides_list)
    scale = (sides - 1) * int(POINTS)
    try:
        margins = [((sides - 1) * own - (total - own)) / scale for own in sides_list]
    except OverflowError:
        raise ArgumentError(f"hand_returns: the margins of {shown(totals)} are too large for a float") from None
    return [margins[side] for side in seats]


def _ints(values: object, name: str) -> list[int]:
    """``values`` as a list of ints (not bools), or :class:`canasta.ArgumentError` naming ``name``."""
    if type(values) is not tuple and type(values) is not list:
        raise ArgumentError(f"hand_returns: {name} must be a tuple or list of ints, got {shown(values)}")
    out: list[int] = list(values)
    if any(type(v) is not int for v in out):
        raise ArgumentError(f"hand_returns: {name} must hold ints only, got {shown(values)}")
    return out


__all__ = ["POINTS", "hand_returns"]
