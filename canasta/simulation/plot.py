"""``simulate --plot`` and ``compare --plot``: the distributions of hand length and hand score of each profile, in one PNG.

matplotlib (the ``plot`` extra) is imported here and nowhere else, through
its object-oriented API (a ``Figure`` of its own, no pyplot state), so
drawing works without a display and leaves nothing behind.

A call with something other than a result, or a result read back without its
samples, raises :class:`canasta.ArgumentError`; a missing matplotlib or a file
that cannot be written, :class:`canasta.SimulationError`.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import Any

from canasta.errors import ArgumentError, SimulationError, is_instance, shown_value

from .options import Mode
from .outputs import cannot_write, file_path
from .results import ComparisonResult, Settings, SimulationResult


def _bins(values: Sequence[Sequence[float]], step: float) -> list[float]:
    """Bin edges ``step`` apart, on multiples of ``step``, covering every value."""
    low = math.floor(min(min(v) for v in values if v) / step) * step
    high = math.floor(max(max(v) for v in values if v) / step) * step + step
    return [low + i * step for i in range(round((high - low) / step) + 1)]


def _step(values: Sequence[Sequence[float]], bins: int, nice: Sequence[int]) -> int:
    """The smallest of ``nice`` bin widths that gives at most ``bins`` bins."""
    spread = max(max(v) for v in values if v) - min(min(v) for v in values if v)
    return next((n for n in nice if spread / n <= bins), nice[-1])


HISTOGRAM_PROFILES = 3
"""Up to this many profiles the panels overlay histograms; more would hide each other, so each gets a box plot."""


def _histograms(axes: Any, names: Sequence[str], turns: list[list[float]], scores: list[list[float]]) -> None:
    turns_ax, score_ax = axes
    turn_step = _step(turns, 45, (1, 2, 3, 5, 10, 20))
    score_step = _step(scores, 50, (10, 20, 50, 100, 200, 250, 500, 1000))
    for i, (name, t, sc) in enumerate(zip(names, turns, scores, strict=True)):
        colour = f"C{i}"
        for ax, values, bins, digits in ((turns_ax, t, _bins(turns, turn_step), 1), (score_ax, sc, _bins(scores, score_step), 0)):
            mean = sum(values) / len(values)
            weights = [100 / len(values)] * len(values)
            ax.hist(
                values, bins=bins, weights=weights, histtype="step", linewidth=1.8, color=colour, label=f"{name} (mean {mean:.{digits}f})"
            )
            ax.axvline(mean, color=colour, linestyle="--", linewidth=1)
    turns_ax.set_ylabel(f"% of hands (bins of {turn_step} turn{'s' if turn_step > 1 else ''})")
    score_ax.set_ylabel(f"% of sides' hand scores (bins of {score_step} points)")
    for ax in axes:
        ax.legend(title="profile (dashed line: its mean)", loc="best")


def _boxes(axes: Any, names: Sequence[str], turns: list[list[float]], scores: list[list[float]]) -> None:
    for ax, data, digits in ((axes[0], turns, 1), (axes[1], scores, 0)):
        positions = list(range(len(names), 0, -1))  # the first profile on top
        ax.boxplot(
            data, positions=positions, orientation="horizontal", showmeans=True, widths=0.6, flierprops={"markersize": 2, "alpha": 0.4}
        )
        ax.set_yticks(positions, [f"{n}\n(mean {sum(v) / len(v):.{digits}f})" for n, v in zip(names, data, strict=True)])
        ax.set_ylabel("profile")
    axes[1].text(
        0.99,
        0.01,
        "box: middle half of the values, line: median, triangle: mean, whiskers: 1.5 box lengths",
        transform=axes[1].transAxes,
        ha="right",
        va="bottom",
        fontsize=8,
        color="0.35",
    )


def plot_comparison(result: ComparisonResult, path: str | os.PathLike[str]) -> None:
    """Draw two panels into ``path`` (PNG): turns per hand, and each side's score per hand, for every profile.

    Up to :data:`HISTOGRAM_PROFILES` profiles as overlaid histograms with their
    means, more as one box plot per profile.
    """
    if not isinstance(result, ComparisonResult):
        raise ArgumentError(f"plot_comparison(result=...): expected a ComparisonResult, got {shown_value(result)}")
    _plot(result.results, result.profiles, result.settings, path)


def plot_simulation(result: SimulationResult, path: str | os.PathLike[str]) -> None:
    """Draw the same two panels as :func:`plot_comparison` for one profile's run."""
    if not isinstance(result, SimulationResult):
        raise ArgumentError(f"plot_simulation(result=...): expected a SimulationResult, got {shown_value(result)}")
    _plot((result,), (result.profile,), result.settings, path)


def _plot(results: Sequence[SimulationResult], profiles: Sequence[str], s: Settings, path: str | os.PathLike[str]) -> None:
    if not is_instance(path, (str, os.PathLike)):
        raise ArgumentError(f"plot: expected a file path for the picture, got {shown_value(path)}")
    target = file_path(path, "the plot")
    samples = []
    for r in results:
        if r.samples is None or not r.samples.hand_turns:
            raise ArgumentError(f"profile {shown_value(r.profile)}: no samples to plot (was the result read back from JSON without them?)")
        samples.append(r.samples)
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise SimulationError("plotting needs matplotlib: pip install 'canasta[plot]'") from None
    many = len(samples) > HISTOGRAM_PROFILES
    fig = Figure(figsize=(13, 5.2 + (0.45 * len(samples) if many else 0)), layout="constrained")
    axes = fig.subplots(1, 2)
    turns = [list(map(float, x.hand_turns)) for x in samples]
    scores = [[float(v) for hand in x.hand_scores for v in hand] for x in samples]
    (_boxes if many else _histograms)(axes, profiles, turns, scores)
    axes[0].set_title("Hand length")
    axes[0].set_xlabel("turns in the hand")
    axes[1].set_title("Hand score")
    axes[1].set_xlabel("one side's score for one hand (points)")
    for ax in axes:
        ax.grid(alpha=0.3)
    unit = "single hands from a score of zero" if s.mode is Mode.HANDS else "matches"
    bots = s.bots[0] if len(set(s.bots)) == 1 else ",".join(s.bots)
    names = " vs ".join(profiles) if not many else f"{len(samples)} profiles"
    each = " each on the same seeds" if len(samples) > 1 else ""
    fig.suptitle(f"{names}: {s.count:,} {unit}{each}\n(seed {s.seed}, {s.players} players, {bots} bots in every seat)", fontsize=13)
    try:
        fig.savefig(target, dpi=110, format="png")
    except (OSError, ValueError) as exc:
        raise cannot_write("the plot", target, exc) from None
