"""Research adapters: Canasta under any profile as a PettingZoo environment or an OpenSpiel game.

Each adapter needs its extra: ``pip install 'canasta[pettingzoo]'`` for
:mod:`canasta.integrations.pettingzoo`, ``pip install 'canasta[openspiel]'`` for
:mod:`canasta.integrations.openspiel`. Both wrap :class:`canasta.Game`, never a
copy of the rules, and encode actions and views with :mod:`canasta.encoding`.
See ``docs/rl.md``.
"""

from __future__ import annotations

POINTS = 100.0
"""Rewards and returns are in hundreds of points, like the points in the observation vector."""


def hand_returns(side_of: tuple[int, ...], totals: tuple[int, ...]) -> list[float]:
    """Each seat's reward for a hand: its side's hand score minus the mean of the other sides', in hundreds.

    A match is won by outscoring the other sides (001 §1, §34 A), so what a
    hand is worth to a side is its margin over them, not its raw score (which
    also grows with the length of the hand). With sides of equal size the
    rewards sum to zero over the seats.

    >>> hand_returns((0, 1, 0, 1), (650, -150))
    [8.0, -8.0, 8.0, -8.0]
    """
    sides = len(totals)
    total = sum(totals)
    out = []
    for side in side_of:
        others = (total - totals[side]) / (sides - 1)
        out.append((totals[side] - others) / POINTS)
    return out


__all__ = ["POINTS", "hand_returns"]
