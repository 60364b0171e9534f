"""Statistics for simulation results: means with 95% confidence intervals, and paired differences.

Every profile of a comparison plays the same seeds, so its per-unit values
pair up seed by seed. The difference between two profiles is then estimated
from the per-seed differences ``d_i = b_i - a_i`` (a paired t interval),
which removes the variance the deals share: a much narrower interval than
two independent means would give, for the same hands.

Sums use :func:`math.fsum`, which is exact and independent of order, so an
estimate depends only on its values, never on how the work was split. A run
never keeps those values: it counts each distinct value in a
:class:`~canasta.simulation.tally.Tally`, and :func:`estimate_of` and
:func:`difference_of` give from it exactly, bit for bit, what :func:`estimate`
and :func:`paired_difference` give from the list.
No SciPy: the t quantile comes from a table and a Cornish-Fisher expansion.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import attrs

from canasta.errors import ArgumentError, shown_value

from .tally import Tally

Z_975 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution."""

_T_975 = (
    12.706204736174698, 4.302652729749464, 3.182446305284263, 2.7764451051977934, 2.570581835636314,
    2.4469118511449692, 2.3646242515927844, 2.306004135204166, 2.2621571628540993, 2.2281388519649385,
    2.200985160082949, 2.1788128296634177, 2.1603686564610127, 2.1447866879169273, 2.131449545559323,
    2.1199052992210112, 2.1098155778331806, 2.10092204024096, 2.093024054408263, 2.0859634472658364,
    2.079613844727662, 2.0738730679040147, 2.0686576104190406, 2.0638985616280205, 2.059538552753294,
    2.055529438642871, 2.0518305164802833, 2.048407141795244, 2.045229642132703, 2.0422724563012373,
)  # fmt: skip
"""The 97.5% quantile of Student's t for 1 to 30 degrees of freedom."""


def t_975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom (two-sided 95%).

    Exact to the printed digits up to 30; beyond, the Cornish-Fisher expansion
    in ``1/df`` (Abramowitz and Stegun 26.7.5), good to about 1e-7 there.
    """
    if df < 1:
        raise ArgumentError(f"degrees of freedom must be at least 1, got {shown_value(df)}")
    if df <= len(_T_975):
        return _T_975[df - 1]
    z = Z_975
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def _digits(*values: float | None) -> int:
    """Decimals that show these numbers readably: one from 10 up, two from 1, three below."""
    largest = max((abs(v) for v in values if v is not None), default=0.0)
    return 1 if largest >= 10 else 2 if largest >= 1 else 3


@attrs.frozen(kw_only=True)
class Estimate:
    """A mean with its 95% confidence interval; ``low`` and ``high`` are None when one value gives no spread.

    ``str()`` gives ``29.5 [28.0, 30.9]``: the mean and the interval, in the values' own scale (a share as a fraction).
    """

    mean: float
    """The mean of the values."""
    low: float | None
    """The lower end of the 95% confidence interval."""
    high: float | None
    """The upper end."""
    n: int
    """How many values (hands or matches) it rests on."""
    sd: float
    """Sample standard deviation of the values (0 for a single value)."""

    def __str__(self) -> str:
        d = _digits(self.mean, self.low, self.high)
        if self.low is None or self.high is None:
            return f"{self.mean:,.{d}f}"
        return f"{self.mean:,.{d}f} [{self.low:,.{d}f}, {self.high:,.{d}f}]"


@attrs.frozen(kw_only=True)
class Difference:
    """A paired difference ``b - a`` over the same seeds, with its 95% confidence interval.

    ``str()`` gives ``+191.7 ±47.7 *``: the mean difference, the half-width of its interval, and ``*`` when it is significant.
    """

    mean: float
    """The mean of the per-seed differences."""
    low: float | None
    """The lower end of the paired t 95% interval; None for a single pair."""
    high: float | None
    """The upper end."""
    n: int
    """How many pairs (seeds) it rests on."""
    significant: bool
    """The interval excludes zero (a two-sided test at the 5% level, uncorrected for the many metrics)."""

    def __str__(self) -> str:
        if self.low is None or self.high is None:
            return f"{self.mean:+,.{_digits(self.mean)}f}"
        half = (self.high - self.low) / 2
        d = _digits(self.mean, half)
        return f"{self.mean:+,.{d}f} ±{half:,.{d}f}{' *' if self.significant else ''}"


def mean(values: Sequence[float]) -> float:
    """The exact mean (``fsum``); 0.0 for no values."""
    return math.fsum(values) / len(values) if values else 0.0


def sample_sd(values: Sequence[float]) -> float:
    """The sample standard deviation (n - 1 in the denominator); 0.0 for fewer than two values."""
    n = len(values)
    if n < 2:
        return 0.0
    m = mean(values)
    return math.sqrt(math.fsum((v - m) ** 2 for v in values) / (n - 1))


def _is_binary(values: Sequence[float]) -> bool:
    return all(v == 0.0 or v == 1.0 for v in values)


def wilson(successes: int, n: int) -> tuple[float, float]:
    """The Wilson score 95% interval of a proportion: sound near 0 and 1, where the normal interval collapses."""
    p = successes / n
    z2 = Z_975 * Z_975
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z_975 / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return low, high


def estimate(values: Sequence[float], *, proportion: bool = False) -> Estimate:
    """The mean of per-unit values with its 95% interval.

    A ``proportion`` whose values are all 0 or 1 (did the hand end this way?
    did side 0 win?) gets the Wilson interval; everything else the t interval
    ``mean ± t(n-1) · sd / √n``. A run computes the same estimate, bit for
    bit, from a :class:`~canasta.simulation.tally.Tally` (:func:`estimate_of`);
    this function on the list is the reference it is tested against.
    """
    n = len(values)
    if n == 0:
        raise ArgumentError("no values to estimate from")
    binary = proportion and n >= 2 and _is_binary(values)
    return _estimate(n, mean(values), sample_sd(values), sum(1 for v in values if v == 1.0) if binary else None)


def estimate_of(tally: Tally, *, proportion: bool = False) -> Estimate:
    """:func:`estimate` of the values a tally counts, equal to it bit for bit, in memory that does not grow with the values."""
    n = tally.n
    if n == 0:
        raise ArgumentError("no values to estimate from")
    binary = proportion and n >= 2 and tally.is_binary()
    return _estimate(n, tally.mean(), tally.sd(), tally.count(1.0) if binary else None)


def _estimate(n: int, m: float, sd: float, successes: int | None) -> Estimate:
    """The estimate of ``n`` values of mean ``m`` and sample sd ``sd``; Wilson's interval when ``successes`` of 0/1 values are given."""
    if n < 2:
        return Estimate(mean=m, low=None, high=None, n=n, sd=sd)
    if successes is not None:
        low, high = wilson(successes, n)
        return Estimate(mean=m, low=low, high=high, n=n, sd=sd)
    half = t_975(n - 1) * sd / math.sqrt(n)
    return Estimate(mean=m, low=m - half, high=m + half, n=n, sd=sd)


def paired_difference(a: Sequence[float], b: Sequence[float]) -> Difference:
    """The mean of ``b_i - a_i`` over paired values, with the paired t 95% interval.

    When every difference is the same the interval is that single value, and
    it is significant if that value is not zero. A run computes the same
    difference from a tally of the ``b_i - a_i`` (:func:`difference_of`).
    """
    if len(a) != len(b):
        raise ArgumentError(f"paired values must come in equal numbers, got {len(a)} and {len(b)}")
    d = [y - x for x, y in zip(a, b, strict=True)]
    n = len(d)
    if n == 0:
        raise ArgumentError("no pairs to compare")
    return _difference(n, mean(d), sample_sd(d) if n >= 2 else 0.0)


def difference_of(differences: Tally) -> Difference:
    """:func:`paired_difference` from a tally of the per-seed differences ``b_i - a_i``, equal to it bit for bit."""
    n = differences.n
    if n == 0:
        raise ArgumentError("no pairs to compare")
    return _difference(n, differences.mean(), differences.sd() if n >= 2 else 0.0)


def _difference(n: int, m: float, sd: float) -> Difference:
    if n < 2:
        return Difference(mean=m, low=None, high=None, n=n, significant=False)
    half = t_975(n - 1) * sd / math.sqrt(n)
    low, high = m - half, m + half
    return Difference(mean=m, low=low, high=high, n=n, significant=low > 0 or high < 0)


def standardized(diff: Difference, a: Sequence[float], b: Sequence[float]) -> float:
    """The size of a difference in standard deviations of the values (pooled over both), 0 when neither varies."""
    return standardized_by(diff, sample_sd(a), sample_sd(b))


def standardized_by(diff: Difference, sd_a: float, sd_b: float) -> float:
    """:func:`standardized` from the two sample standard deviations (each profile's :attr:`Estimate.sd`)."""
    pooled = math.sqrt((sd_a**2 + sd_b**2) / 2)
    if pooled == 0.0:
        return 0.0
    return abs(diff.mean) / pooled
