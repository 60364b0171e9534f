"""The generator of docs/effects.md: what the bundled federations' rules do to play, measured with heuristic bots.

A docs generator, not part of the library's API (as :mod:`canasta.variants.federations` writes
docs/federations.md). One command writes the page and its picture::

    python -m canasta.simulation.effects_page --hands 2000 --seed 0 --out docs/effects.md --plot docs/img/effects.png

It compares every bundled profile that plays four-handed against ``finnish``
on the same seeds, then breaks ``finnish`` against ``swedish-club`` down rule
by rule (``compare --by-rule``), and writes the tables with sentences that say
in plain words which differences are significant. Everything on the page
comes from that run, so running the command again with the same seed and
hand count gives the same page. The sentences' words for each headline
metric are the metric's own (:attr:`canasta.simulation.metrics.Headline.more`
and ``fewer``), so a new headline metric is written about without a change here.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from canasta.variants import load_variant, variant_names

from .compare import compare
from .metrics import Metric, find, headline
from .options import Mode, RunOptions
from .report import by_rule_report, comparison_report, render_markdown, show_difference, show_estimate
from .results import ComparisonResult, RuleEffect, RuleEffects
from .stats import Difference

BASE = "finnish"
TARGET = "swedish-club"
PLAYERS = 4


def _headline(c: ComparisonResult) -> tuple[Metric, ...]:
    """The headline metrics of the comparison's run, less those with no words (the match metrics)."""
    return tuple(m for m in headline(c.results[0].sides, c.settings.mode) if m.headline is not None and m.headline.more)


def _phrase(metric: Metric, d: Difference) -> str:
    """A significant difference in words: ``hands last 2.3 (±0.9) turns longer``."""
    assert metric.headline is not None
    unit = metric.unit.difference
    half = (d.high - d.low) / 2 if d.high is not None and d.low is not None else 0.0
    digits = unit.phrase_decimals
    value = f"{abs(d.mean) * unit.scale:,.{digits}f} (±{half * unit.scale:,.{digits}f})"
    return (metric.headline.more if d.mean > 0 else metric.headline.fewer).format(v=value)


def _sentence(subject: str, phrases: Sequence[str], nothing: str) -> str:
    if not phrases:
        return f"{subject}: {nothing}"
    if len(phrases) == 1:
        return f"{subject}: {phrases[0]}."
    return f"{subject}: {', '.join(phrases[:-1])} and {phrases[-1]}."


def profiles_summary(c: ComparisonResult) -> list[str]:
    """One sentence per profile: its significant differences from the first profile on the headline metrics."""
    lines = []
    for j, name in enumerate(c.profiles[1:]):
        phrases = []
        for m in _headline(c):
            d = c.row(m.key).differences[j]
            if d is not None and d.significant:
                phrases.append(_phrase(m, d))
        lines.append("- " + _sentence(f"`{name}` against `{c.profiles[0]}`", phrases, "no headline difference is significant."))
    return lines


def baseline_summary(c: ComparisonResult) -> str:
    """How hands of the first profile end, and how often the side playing first wins: the setting for every difference."""
    r = c.results[0]

    def share(key: str) -> str:
        return f"{r.metric(key).estimate.mean:.2%}"

    return (
        f"Under `{r.profile}` these bots end {share('ended.went_out')} of hands by going out, {share('ended.went_out_concealed')} "
        f"concealed and {share('ended.stock_exhausted')} with the stock exhausted, in {r.metric('duration.turns').estimate.mean:.1f} "
        f"turns on average; the side that plays first wins {share('balance.first_side_wins')} of hands."
    )


def _total_sentence(e: RuleEffects, top: RuleEffect) -> str:
    """How the largest single effect compares with the whole difference between the profiles, on the metric it moves most."""
    i = e.metrics.index(top.driver)
    single, total = top.differences[i].mean, e.total.differences[i].mean
    label = e.labels[i].strip()
    relation = (
        "more than the whole difference, so other rules push the other way"
        if abs(single) > abs(total) and single * total > 0
        else "against the direction of the whole difference"
        if single * total < 0
        else f"{abs(single / total):.0%} of the whole difference"
        if total
        else "while the profiles do not differ there overall"
    )
    return (
        f"The largest single effect is `{top.key}`: on {label} it moves {single:+,.2f} alone, against {total:+,.2f} "
        f"for all differences together ({relation})."
    )


def rules_summary(e: RuleEffects) -> list[str]:
    """Sentences naming the single rules that matter, largest first, and how many do not."""
    lines = [_total_sentence(e, e.effects[0]), ""] if e.effects else []
    mattered = [x for x in e.effects if any(d.significant for d in x.differences)]
    for x in mattered:
        said = [(find(key), d) for key, d in zip(e.metrics, x.differences, strict=True) if d.significant]
        phrases = [_phrase(m, d) for m, d in said if m.headline is not None and m.headline.more]
        lines.append("- " + _sentence(f"`{x.key}` ({x.a} → {x.b}) alone", phrases, "no significant effect."))
    quiet = [f"`{x.key}`" for x in e.effects if x not in mattered]
    if quiet:
        lines.append(f"- No significant effect on any headline metric, alone: {', '.join(quiet)}.")
    return lines


def headline_table(c: ComparisonResult) -> list[str]:
    """Profiles as rows, headline metrics as columns: each mean, and under it the paired difference from the first profile."""
    metrics = _headline(c)
    heads = [m.headline.short.removesuffix(" (pp)") for m in metrics if m.headline is not None]
    lines = ["| profile | " + " | ".join(heads) + " |", "|---|" + "---:|" * len(metrics)]
    for j, (name, result) in enumerate(zip(c.profiles, c.results, strict=True)):
        cells = []
        for m in metrics:
            cell = show_estimate(result.metric(m.key).estimate, m.unit).split(" [")[0]
            if j > 0:
                diff = c.row(m.key).differences[j - 1]
                cell += f"<br><sub>{show_difference(diff, m.unit).replace(' pp', '')}</sub>"
            cells.append(cell)
        lines.append(f"| `{name}` | " + " | ".join(cells) + " |")
    return lines


def page(c: ComparisonResult, r: ComparisonResult, *, hands: int, seed: int, image: str | None) -> str:
    """The Markdown of docs/effects.md."""
    assert r.by_rule is not None
    command = f"python -m canasta.simulation.effects_page --hands {hands} --seed {seed} --out docs/effects.md --plot docs/img/effects.png"
    out = [
        "# What the federations' rules do to play",
        "",
        f"Generated by `{command}`: {hands:,} single four-player hands per profile, each from a score of zero, "
        f"seed {seed}, heuristic bots (`canasta.bots.HeuristicBot`) in every seat. Every profile plays the same seeds, "
        "so wherever the decks agree the same cards are dealt (common random numbers; see [simulation.md](simulation.md)). "
        "Do not edit by hand: run the command again. "
        "The test suite does not rerun 2,000 hands: tests/test_docs_effects.py runs this command with 12 hands and checks "
        "that this page has the form it writes, and tests/test_simulation_docs.py that compare.md quotes this page's figures.",
        "",
        "Read the numbers as what these rules do *to these bots*. The heuristic bot reads every rule from the profile "
        "and plays the same way of thinking under all of them, so a difference between two columns comes from the rules "
        "and the deals, not from different players. Human players adapt more; the direction of an effect is more "
        "trustworthy than its exact size.",
        "",
        "## Each federation against the Finnish rules",
        "",
        "Each cell: the mean per hand; under it the difference from `finnish`, paired by seed, ±its 95% confidence interval, "
        "`*` where the interval excludes zero. Shares are in percent and their differences in percentage points. "
        '"First side" is the first-player advantage: the share of hands won by the side that plays first, minus 50%.',
        "",
        *headline_table(c),
        "",
        baseline_summary(c),
        "",
        "In plain words, counting only differences whose interval excludes zero:",
        "",
        *profiles_summary(c),
        "",
    ]
    if image is not None:
        out += [f"![Hand length and hand score of every bundled profile]({image})", ""]
    out += [
        "<details><summary>Every metric of every profile</summary>",
        "",
        render_markdown(comparison_report(c, timing=False)).rstrip(),
        "",
        "</details>",
        "",
        f"## `{BASE}` against `{TARGET}`, one rule at a time",
        "",
        f"`canasta compare {BASE} {TARGET} --by-rule` plays `{BASE}` with each single rule changed to the `{TARGET}` value, "
        f"on the same seeds, and measures each change against plain `{BASE}`.",
        "",
        *rules_summary(r.by_rule),
        "",
        render_markdown(by_rule_report(r.by_rule)).rstrip(),
        "",
    ]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Run the two comparisons and write the page (and the picture with ``--plot``); the command line of this module."""
    parser = argparse.ArgumentParser(
        description="Write docs/effects.md: every bundled profile against finnish, and finnish against swedish-club rule by rule."
    )
    parser.add_argument("--hands", type=int, default=2000, help="hands per profile (default: 2000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the run (default: 0)")
    parser.add_argument("--workers", type=int, help="local worker processes (default: every core)")
    parser.add_argument("--out", type=Path, default=Path("docs/effects.md"))
    parser.add_argument("--plot", type=Path, help="also draw the distributions into this PNG, linked from the page")
    args = parser.parse_args(argv)
    names = [BASE] + [n for n in variant_names() if n != BASE and PLAYERS in load_variant(n).player_counts]
    options = RunOptions(players=PLAYERS, mode=Mode.HANDS, count=args.hands, seed=args.seed, bots="heuristic", workers=args.workers)
    c = compare(names, options=options, samples=args.plot is not None)  # only the plot reads the per-hand samples
    r = compare([BASE, TARGET], options=options, by_rule=True, samples=False)
    image = None
    if args.plot is not None:
        from .plot import plot_comparison

        plot_comparison(c, args.plot)
        image = os.path.relpath(args.plot, args.out.parent).replace(os.sep, "/")
    args.out.write_text(page(c, r, hands=args.hands, seed=args.seed, image=image), encoding="utf-8")
    print(f"wrote {args.out}" + (f" and {args.plot}" if args.plot else ""), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
