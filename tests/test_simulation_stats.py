"""The statistics behind simulate and compare: t quantiles, intervals, paired differences, checked by hand."""

from __future__ import annotations

import itertools
import math

import pytest

from canasta.simulation.stats import Z_975, estimate, paired_difference, standardized, t_975, wilson


def _t_cdf(t: float, df: int, steps: int = 4000) -> float:
    """Student's t distribution function by Simpson's rule over the density: an independent check of the table."""
    log_c = math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)

    def density(x: float) -> float:
        return math.exp(log_c - (df + 1) / 2 * math.log1p(x * x / df))

    h = t / steps
    total = density(0) + density(t) + sum((4 if i % 2 else 2) * density(i * h) for i in range(1, steps))
    return 0.5 + total * h / 3


@pytest.mark.parametrize("df", [1, 2, 3, 7, 19, 30, 31, 45, 120, 5000])
def test_t_quantile_leaves_two_and_a_half_percent_in_the_tail(df: int) -> None:
    assert _t_cdf(t_975(df), df) == pytest.approx(0.975, abs=1e-8)


def test_t_quantile_falls_towards_the_normal_one() -> None:
    values = [t_975(df) for df in range(1, 200)]
    assert all(b < a for a, b in itertools.pairwise(values))
    assert values[-1] > Z_975
    with pytest.raises(ValueError, match="degrees of freedom"):
        t_975(0)


def test_paired_difference_matches_a_hand_computation() -> None:
    a = [1.0, 2.0, 3.0, 4.0]
    b = [2.0, 4.0, 3.0, 7.0]
    # differences 1, 2, 0, 3: mean 1.5, sample variance (0.25 + 0.25 + 2.25 + 2.25) / 3 = 5/3
    half = 3.182446305284263 * math.sqrt(5 / 3) / math.sqrt(4)
    d = paired_difference(a, b)
    assert d.mean == pytest.approx(1.5)
    assert d.low == pytest.approx(1.5 - half)
    assert d.high == pytest.approx(1.5 + half)
    assert d.n == 4
    assert not d.significant  # the interval (-0.55, 3.55) holds 0


def test_pairing_removes_what_the_seeds_share() -> None:
    """Large differences between seeds, a steady +1 between profiles: the paired interval is narrow and significant."""
    a = [10.0, 200.0, 35.0, 4000.0, 52.0, 610.0]
    b = [x + 1 + 0.1 * (i % 2) for i, x in enumerate(a)]
    d = paired_difference(a, b)
    assert d.significant
    assert d.low is not None and d.high is not None
    assert 0.9 < d.low < d.mean < d.high < 1.2
    assert estimate(a).low is not None and estimate(a).low < estimate(a).mean - 100  # each mean alone is very uncertain


def test_equal_differences_give_a_point_interval() -> None:
    d = paired_difference([1.0, 5.0, 9.0], [3.0, 7.0, 11.0])
    assert (d.mean, d.low, d.high, d.significant) == (2.0, 2.0, 2.0, True)
    same = paired_difference([1.0, 5.0], [1.0, 5.0])
    assert (same.mean, same.low, same.high, same.significant) == (0.0, 0.0, 0.0, False)


def test_paired_values_must_pair_up() -> None:
    with pytest.raises(ValueError, match="equal numbers"):
        paired_difference([1.0, 2.0], [1.0])


def test_estimate_uses_the_t_interval_for_means() -> None:
    values = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]
    e = estimate(values)
    sd = math.sqrt(sum((v - 5.0) ** 2 for v in values) / 7)
    assert e.mean == 5.0
    assert e.sd == pytest.approx(sd)
    assert e.high == pytest.approx(5.0 + t_975(7) * sd / math.sqrt(8))


def test_a_share_gets_the_wilson_interval() -> None:
    never = estimate([0.0] * 100, proportion=True)
    assert never.low == 0.0
    assert never.high == pytest.approx(Z_975**2 / (100 + Z_975**2))  # Wilson's upper bound for 0 of n
    assert wilson(50, 100) == pytest.approx((0.4038, 0.5962), abs=1e-4)
    points = estimate([0.0] * 100)  # zero points in every hand: no spread, no interval width
    assert (points.low, points.high) == (0.0, 0.0)


def test_one_value_has_no_interval() -> None:
    e = estimate([3.0])
    assert (e.mean, e.low, e.high) == (3.0, None, None)
    with pytest.raises(ValueError, match="no values"):
        estimate([])


def test_standardized_size_is_in_standard_deviations() -> None:
    a = [0.0, 2.0, 0.0, 2.0]
    b = [1.0, 3.0, 1.0, 3.0]
    assert standardized(paired_difference(a, b), a, b) == pytest.approx(1 / math.sqrt(4 / 3))
    assert standardized(paired_difference([1.0, 1.0], [1.0, 1.0]), [1.0, 1.0], [1.0, 1.0]) == 0.0
