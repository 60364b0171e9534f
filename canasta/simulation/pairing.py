"""Paired differences from the first profile, seed by seed, as the chunks of a comparison arrive.

Every profile of a comparison plays the same chunks of seeds
(:func:`canasta.simulation.parallel.plan_chunks` cuts the seeds once, and each
chunk becomes one task per profile). The difference of profile ``p`` from
the first on one seed, ``d_i = b_i - a_i``, needs both profiles' values of
that seed, so :class:`Pairing` holds a chunk's values only until the other
profiles' values of the same chunk arrive, folds each difference into a
:class:`~canasta.simulation.tally.Tally`, and drops them. With the tasks of
one chunk sent together and a bounded number of tasks in flight, only a few
chunks ever wait for their partners.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import sub

from .stats import Difference, difference_of
from .summary import Columns
from .tally import Tally


class _Chunk:
    """One chunk's values still needed: the first profile's, and those of profiles that arrived before it."""

    __slots__ = ("arrived", "base", "early")

    def __init__(self) -> None:
        self.base: Columns | None = None
        self.early: dict[int, Columns] = {}
        self.arrived = 0


class Pairing:
    """The per-seed differences of each profile from the first, tallied per metric the two profiles share."""

    __slots__ = ("_keys", "_waiting", "tallies")

    def __init__(self, keys: Sequence[Sequence[str]]) -> None:
        """``keys``: each profile's metric keys, in report order, the first profile's first."""
        first = set(keys[0])
        self._keys = [tuple(k for k in own if k in first) for own in keys]
        self.tallies: list[dict[str, Tally]] = [{} if p == 0 else {k: Tally() for k in shared} for p, shared in enumerate(self._keys)]
        """Per profile (none for the first): the tally of its differences from the first, by metric key."""
        self._waiting: dict[int, _Chunk] = {}
        """Per chunk (by its first unit), until every profile's values of it are in."""

    def add(self, profile: int, start: int, columns: Columns) -> None:
        """Take one profile's values of the chunk that starts at unit ``start``; fold every pair that is now complete."""
        chunk = self._waiting.setdefault(start, _Chunk())
        chunk.arrived += 1
        if profile == 0:
            chunk.base = columns
            for other, values in chunk.early.items():
                self._fold(other, columns, values)
            chunk.early.clear()
        elif chunk.base is not None:
            self._fold(profile, chunk.base, columns)
        else:
            chunk.early[profile] = columns
        if chunk.arrived == len(self._keys):
            del self._waiting[start]

    def _fold(self, profile: int, base: Columns, other: Columns) -> None:
        for key, tally in self.tallies[profile].items():
            tally.add(list(map(sub, other[key], base[key])))  # b_i - a_i, as paired_difference computes it

    @property
    def waiting(self) -> int:
        """Chunks whose values are still held, waiting for another profile's values of the same seeds."""
        return len(self._waiting)

    def differences(self) -> list[dict[str, Difference]]:
        """Per profile (empty for the first): the paired difference from the first on every metric both have, by key."""
        return [{key: difference_of(tally) for key, tally in own.items()} for own in self.tallies]
