"""The generator of docs/effects.md: what the bundled federations' rules do to play, measured with heuristic bots.

A docs generator, not part of the library's API (as :mod:`canasta.variants.federations` writes
docs/federations.md). One command writes the page and its picture::

    python -m canasta.simulation.effects_page --hands 2000 --seed 0 --out docs/effects.md --plot docs/img/effects.png

It compares every bundled profile that plays four-handed against ``finnish``
on the same seeds (but those of :data:`OWN_PAGES`, other games with a page of
their own), then breaks ``finnish`` against ``swedish-club`` down rule by rule
(``compare --by-rule``), and writes the tables with sentences that say
in plain words which differences are significant. Everything on the page
comes from that run, so running the command again with the same seed and
hand count gives the same page. The sentences' words for each headline
metric are the metric's own (:attr:`canasta.simulation.metrics.Headline.more`
and ``fewer``), so a new headline metric is written about without a change here.

With ``--base`` and ``--options`` the same module writes a page of house options
instead: the base profile against each option file on the same seeds, the
rules each option changes, and which options raise or lower each headline
metric (:attr:`~canasta.simulation.metrics.Headline.rise` and ``fall``)::

    python -m canasta.simulation.effects_page --base hand-and-foot --options 'docs/snippets/hand-and-foot-*.toml' \
        --hands 1000 --seed 0 --out docs/hand-and-foot-effects.md
"""

from __future__ import annotations

import argparse
import glob
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from canasta.variants import Variant, load_variant, variant_names
from canasta.variants.diff import RuleDifference, diff_variants, format_value, md_cell

from .compare import compare
from .metrics import Metric, find, headline
from .options import Mode, RunOptions
from .player_effects import section_of, splice
from .report import by_rule_report, comparison_report, render_markdown, show_difference, show_estimate
from .results import ComparisonResult, RuleEffect, RuleEffects
from .stats import Difference

BASE = "finnish"
TARGET = "swedish-club"
PLAYERS = 4
OWN_PAGES = {"hand-and-foot": ("hand-and-foot-effects.md", "five packs, a foot beside each hand, a match of four hands")}
"""Bundled profiles that play four-handed but are another game, left out of the federations' page: the page of their own, and why."""
DOCUMENTED_RUNS = {"hand-and-foot": (1000, "13 minutes", "one worker process")}
"""For a base with a page of house options: the hands per profile of its documented command, how long that run took, and on what."""


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


def _significant(c: ComparisonResult, m: Metric) -> list[tuple[str, Difference]]:
    """The profiles after the first whose difference from it on ``m`` is significant, with that difference."""
    out = []
    for name, d in zip(c.profiles[1:], c.row(m.key).differences, strict=True):
        if d is not None and d.significant:
            out.append((name, d))
    return out


def _sentence(subject: str, phrases: Sequence[str], nothing: str) -> str:
    if not phrases:
        return f"{subject}: {nothing}"
    if len(phrases) == 1:
        return f"{subject}: {phrases[0]}."
    return f"{subject}: {', '.join(phrases[:-1])} and {phrases[-1]}."


def profiles_summary(c: ComparisonResult) -> list[str]:
    """One sentence per profile: its significant differences from the first profile on the headline metrics."""
    said = {m.key: dict(_significant(c, m)) for m in _headline(c)}
    lines = []
    for name in c.profiles[1:]:
        phrases = [_phrase(m, said[m.key][name]) for m in _headline(c) if name in said[m.key]]
        lines.append("- " + _sentence(f"`{name}` against `{c.profiles[0]}`", phrases, "no headline difference is significant."))
    return lines


def _listing(found: Sequence[tuple[str, Difference]], m: Metric) -> str:
    """Profiles with their significant differences, largest first, each name in backquotes and its difference in parentheses."""
    ranked = sorted(found, key=lambda pair: -abs(pair[1].mean))
    return ", ".join(f"`{name}` ({show_difference(d, m.unit).removesuffix(' *')})" for name, d in ranked) or "none"


def grouped_summary(c: ComparisonResult) -> list[str]:
    """One sentence per headline metric: the profiles that raise it significantly, those that lower it, and how many do neither."""
    lines = []
    for m in _headline(c):
        assert m.headline is not None
        if not m.headline.rise:
            continue
        found = _significant(c, m)
        up = [(name, d) for name, d in found if d.mean > 0]
        down = [(name, d) for name, d in found if d.mean < 0]
        rest = len(c.profiles) - 1 - len(up) - len(down)
        lines.append(
            f"- {m.headline.rise[0].upper()}{m.headline.rise[1:]}: {_listing(up, m)}; {m.headline.fall}: {_listing(down, m)}; "
            f"no significant difference: {rest} of {len(c.profiles) - 1}."
        )
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


def _seeds_sentence(hands: int, seed: int) -> str:
    """Who plays what: the hands, the seed, the bots, and the seeds the profiles share."""
    return (
        f"{hands:,} single four-player hands per profile, each from a score of zero, "
        f"seed {seed}, heuristic bots (`canasta.bots.HeuristicBot`) in every seat. Every profile plays the same seeds, "
        "so wherever the decks agree the same cards are dealt (common random numbers; see [simulation.md](simulation.md)). "
        "Do not edit by hand: run the command again. "
    )


CAVEAT = (
    "Read the numbers as what these rules do *to these bots*. The heuristic bot reads every rule from the profile "
    "and plays the same way of thinking under all of them, so a difference between two columns comes from the rules "
    "and the deals, not from different players. Human players adapt more; the direction of an effect is more "
    "trustworthy than its exact size."
)


def _legend(base: str) -> str:
    return (
        f"Each cell: the mean per hand; under it the difference from `{base}`, paired by seed, ±its 95% confidence interval, "
        "`*` where the interval excludes zero. Shares are in percent and their differences in percentage points. "
        '"First side" is the first-player advantage: the share of hands won by the side that plays first, minus 50%.'
    )


def _headline_part(c: ComparisonResult) -> list[str]:
    """The headline table, how hands of the first profile end, and each profile's significant differences in words."""
    return [
        *headline_table(c),
        "",
        baseline_summary(c),
        "",
        "In plain words, counting only differences whose interval excludes zero:",
        "",
        *profiles_summary(c),
        "",
    ]


def _details(c: ComparisonResult) -> list[str]:
    """Every metric of every profile, folded."""
    return [
        "<details><summary>Every metric of every profile</summary>",
        "",
        render_markdown(comparison_report(c, timing=False)).rstrip(),
        "",
        "</details>",
        "",
    ]


def page(c: ComparisonResult, r: ComparisonResult, *, hands: int, seed: int, image: str | None) -> str:
    """The Markdown of docs/effects.md."""
    assert r.by_rule is not None
    command = f"python -m canasta.simulation.effects_page --hands {hands} --seed {seed} --out docs/effects.md --plot docs/img/effects.png"
    out = [
        "# What the federations' rules do to play",
        "",
        f"Generated by `{command}`: " + _seeds_sentence(hands, seed)
        + "The test suite does not rerun 2,000 hands: tests/test_docs_effects.py runs this command with 12 hands and checks "
        "that this page has the form it writes, and tests/test_simulation_docs.py that compare.md quotes this page's figures.",
        "",
        CAVEAT,
        "",
        "## Each federation against the Finnish rules",
        "",
        *(
            f"`{name}` also plays four-handed but is left out: it is another game ({why}), whose hands last more than twice as "
            "long and score several times more, so beside the federations its column would measure the game, not a difference "
            f"of rules; [{target}]({target}) measures its house options against it.\n"
            for name, (target, why) in OWN_PAGES.items()
        ),
        _legend(BASE),
        "",
        *_headline_part(c),
    ]
    if image is not None:
        out += [f"![Hand length and hand score of every bundled profile]({image})", ""]
    out += [
        *_details(c),
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


def _changes(diffs: Sequence[RuleDifference]) -> tuple[list[str], list[str], list[str]]:
    """The keys, the first profile's values and the second's, as three columns."""
    return [d.key for d in diffs], [format_value(d.a) for d in diffs], [format_value(d.b) for d in diffs]


def options_table(c: ComparisonResult, variants: Sequence[Variant]) -> list[str]:
    """Each option with the rules it changes from the base, the base's value and its own."""
    base = variants[0]
    lines = [f"| option | rule | `{base.name}` | option |", "|---|---|---|---|"]
    for name, variant in zip(c.profiles[1:], variants[1:], strict=True):
        diffs = diff_variants(base, variant, players=PLAYERS)
        keys, olds, news = ("<br>".join(md_cell(f"`{x}`") for x in column) for column in _changes(diffs))
        lines.append(f"| `{name}` | {keys or '(no rule)'} | {olds} | {news} |")
    return lines


def options_page(c: ComparisonResult, variants: Sequence[Variant], *, pattern: str, hands: int, seed: int, out: str) -> str:
    """The Markdown of a house options page (docs/hand-and-foot-effects.md): the base against each option file."""
    base = variants[0]
    command = (
        f"python -m canasta.simulation.effects_page --base {base.name} --options '{pattern}' --hands {hands} --seed {seed} --out {out}"
    )
    documented = DOCUMENTED_RUNS.get(base.name)
    cost = (
        f"The documented run, {documented[0]:,} hands for each of {len(c.profiles)} profiles, took {documented[1]} with {documented[2]} "
        "on a two-core machine shared with other work, so the test suite does not rerun it: "
        if documented is not None
        else "The test suite does not rerun it: "
    )
    return "\n".join(
        [
            f"# What the {base.title} house options do to play",
            "",
            f"Generated by `{command}`: " + _seeds_sentence(hands, seed)
            + f"Each hand is the first of a match, so rules of later hands (a higher opening minimum) are not measured. {cost}"
            "tests/test_docs_effects.py runs this command with a few hands and checks that this page has the form it writes.",
            "",
            CAVEAT,
            "",
            "## The options",
            "",
            f"Each option file (`{pattern}`) names `{base.name}` as its parent and changes only these rules "
            f"(at a table of {PLAYERS}):",
            "",
            *options_table(c, variants),
            "",
            f"## Each option against `{base.name}`",
            "",
            _legend(base.name),
            "",
            *_headline_part(c),
            "## Which options do what",
            "",
            "Each headline metric with the options that raise it and those that lower it, largest difference first, counting "
            "only differences whose interval excludes zero. A hand that runs the stock out ends with no one going out: no "
            "side earns the going-out bonus and each counts what it has melded by then, so the hand is decided more by the "
            "deal than by the race to go out. The intervals are not corrected for the number of comparisons: of "
            f"{(len(c.profiles) - 1) * len(_headline(c))} option-and-metric pairs, about one in twenty would show a difference "
            "by chance, so trust most the differences far from their interval's edge.",
            "",
            *grouped_summary(c),
            "",
            *_details(c),
        ]
    )


def _federations(args: argparse.Namespace, options: RunOptions) -> str:
    names = [BASE] + [n for n in variant_names() if n != BASE and n not in OWN_PAGES and PLAYERS in load_variant(n).player_counts]
    c = compare(names, options=options, samples=args.plot is not None)  # only the plot reads the per-hand samples
    r = compare([BASE, TARGET], options=options, by_rule=True, samples=False)
    image = None
    if args.plot is not None:
        from .plot import plot_comparison

        plot_comparison(c, args.plot)
        image = os.path.relpath(args.plot, args.out.parent).replace(os.sep, "/")
    return page(c, r, hands=args.hands, seed=args.seed, image=image)


def _house_options(args: argparse.Namespace, options: RunOptions) -> str:
    files = sorted(glob.glob(args.options))
    if not files:
        raise SystemExit(f"--options {args.options!r}: no file matches")
    variants = [load_variant(args.base), *(load_variant(f) for f in files)]
    c = compare(variants, options=options, samples=False)
    return options_page(c, variants, pattern=args.options, hands=args.hands, seed=args.seed, out=args.out.as_posix())


def main(argv: list[str] | None = None) -> int:
    """Run the comparisons and write the page (and the picture with ``--plot``); the command line of this module."""
    parser = argparse.ArgumentParser(
        description="Write docs/effects.md: every bundled profile against finnish, and finnish against swedish-club rule by rule; "
        "or, with --base and --options, a page of house options measured against their base profile."
    )
    parser.add_argument("--hands", type=int, default=2000, help="hands per profile (default: 2000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the run (default: 0)")
    parser.add_argument("--workers", type=int, help="local worker processes (default: every core)")
    parser.add_argument("--out", type=Path, default=Path("docs/effects.md"))
    parser.add_argument("--plot", type=Path, help="also draw the distributions into this PNG, linked from the page")
    parser.add_argument("--base", help="with --options: the profile the options are measured against, e.g. hand-and-foot")
    parser.add_argument("--options", metavar="GLOB", help="with --base: the house option files, e.g. 'docs/snippets/hand-and-foot-*.toml'")
    args = parser.parse_args(argv)
    if (args.base is None) != (args.options is None):
        parser.error("--base and --options go together")
    if args.options is not None and args.plot is not None:
        parser.error("--plot draws the federations' page only")
    options = RunOptions(players=PLAYERS, mode=Mode.HANDS, count=args.hands, seed=args.seed, bots="heuristic", workers=args.workers)
    text = _federations(args, options) if args.options is None else _house_options(args, options)
    kept = section_of(args.out.read_text(encoding="utf-8")) if args.out.exists() else None
    if kept is not None:  # the section canasta.simulation.player_effects writes: its run is not this one
        text = splice(text, kept)
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}" + (f" and {args.plot}" if args.plot else ""), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
