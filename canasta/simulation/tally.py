"""A metric's values as a count of each distinct value: the statistics of every unit in memory that does not grow with the units.

A run of 100,000 hands used to keep every metric's value for every hand (and
every hand's outcome) until the end, only to take means and standard
deviations of them. A :class:`Tally` keeps one count per *distinct* value
instead: a score, a number of turns or canastas, a 0/1 share take a few
hundred distinct values at most, however many hands are played.

The statistics are exactly those of the full list, bit for bit, not an
approximation of them. :func:`math.fsum` returns the correctly rounded value
of the exact sum of its inputs, so ``fsum(values)`` equals the exact sum of
``count * value`` over the distinct values, rounded once: :func:`exact_sum`
computes that sum in integers (each float is an integer over a power of two)
and rounds it with one int-by-int true division, which CPython also rounds
correctly. The two-pass sample standard deviation sums ``(v - m) ** 2`` with
the mean ``m`` already known, so it too is a correctly rounded sum of one
term per distinct value, each counted as often as its value occurs.
``tests/test_simulation_tally.py`` checks both against the two-pass functions of
:mod:`canasta.simulation.stats` on arbitrary lists of floats.

Where a metric takes nearly as many distinct values as units (in ``games``
mode, a hand metric is the mean over a match's hands: 400 matches of
``finnish`` gave 396 distinct mean scores), a tally holds about as many
entries as the list it replaces, never more, each a dict entry (some 100
bytes) where the list held a float (some 32). No exact scheme does better:
the two-pass standard deviation rounds ``(v - m) ** 2`` for each value with
the final mean ``m``, which is known only at the end.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence

_NEGATIVE_ZERO = -0.0


def _is_negative_zero(value: float) -> bool:
    return value == 0.0 and math.copysign(1.0, value) < 0.0


def exact_sum(terms: Iterable[tuple[float, int]], *, negative_zero: bool = False) -> float:
    """``math.fsum`` of every ``value`` repeated ``count`` times, for ``(value, count)`` pairs, without repeating them.

    The exact sum is computed in integers and rounded once, as ``fsum`` rounds
    it. An infinity or a NaN among the values gives what ``fsum`` gives (it
    sums only those, and says ``-inf + inf`` is an error). A zero sum is
    ``fsum``'s zero: negative only if every value was a negative zero, which
    ``negative_zero`` says, since a dict keeps ``0.0`` and ``-0.0`` as one key.
    """
    pairs = [(v, c) for v, c in terms if c]
    special = [v for v, _ in pairs if not math.isfinite(v)]
    if special:
        return math.fsum(special)
    total = 0
    scale = 0  # total / 2**scale is the exact sum so far
    for value, count in pairs:
        numerator, denominator = value.as_integer_ratio()
        shift = denominator.bit_length() - 1  # the denominator is 2**shift
        if shift > scale:
            total <<= shift - scale
            scale = shift
        total += (count * numerator) << (scale - shift)
    if total == 0:
        return math.fsum([_NEGATIVE_ZERO if negative_zero else 0.0])
    return total / (1 << scale)  # int / int is correctly rounded (OverflowError past the largest float, as fsum)


class Tally:
    """The values of one metric over the units played so far, as a count of each distinct value.

    Mutable, and only ever added to: :meth:`add` takes a chunk's values in
    any order, since every statistic here is exact and so independent of order.
    """

    __slots__ = ("counts", "n", "only_negative_zeros")

    def __init__(self, values: Sequence[float] = ()) -> None:
        self.counts: Counter[float] = Counter()
        """How many units had each distinct value (``0.0`` and ``-0.0`` share a key)."""
        self.n = 0
        """How many values in all."""
        self.only_negative_zeros = True
        """Every value so far was ``-0.0`` (vacuously true while there are none): the only case where ``fsum`` can be ``-0.0``."""
        self.add(values)

    def __repr__(self) -> str:
        return f"<Tally of {self.n:,} values, {len(self.counts):,} distinct>"

    def add(self, values: Sequence[float]) -> None:
        """Count these values too."""
        if not values:
            return
        self.counts.update(values)
        self.n += len(values)
        if self.only_negative_zeros:
            self.only_negative_zeros = all(_is_negative_zero(v) for v in values)

    def total(self) -> float:
        """``math.fsum`` of the values."""
        return exact_sum(self.counts.items(), negative_zero=self.only_negative_zeros)

    def mean(self) -> float:
        """:func:`canasta.simulation.stats.mean` of the values: the exact mean, 0.0 for none."""
        return self.total() / self.n if self.n else 0.0

    def sd(self) -> float:
        """:func:`canasta.simulation.stats.sample_sd` of the values: the two-pass sample standard deviation, 0.0 for fewer than two."""
        if self.n < 2:
            return 0.0
        m = self.mean()
        return math.sqrt(exact_sum(((v - m) ** 2, c) for v, c in self.counts.items()) / (self.n - 1))

    def is_binary(self) -> bool:
        """Every value is 0 or 1 (a share: did the hand end this way?)."""
        return all(v == 0.0 or v == 1.0 for v in self.counts)

    def count(self, value: float) -> int:
        """How many values equal ``value``."""
        return self.counts.get(value, 0)
