"""Whether the largest rule effects hold under another player: the generator of docs/effects-by-player.md.

A docs generator, not part of the library's API (as :mod:`canasta.simulation.effects_page`). docs/effects.md
measures each rule with :class:`~canasta.bots.HeuristicBot` in every seat; an effect measured with one player may be
an effect of that player. This command takes the largest single-rule effects of each pair of profiles (``compare
--by-rule`` with the heuristic, as docs/effects.md plays it), plays those rules again with other bots in every seat
on the same seeds, and says of each effect whether it keeps its sign and its size::

    python -m canasta.simulation.player_effects --pair finnish,swedish-club --pair modern-american,finnish \\
        --top 5 --bots search-quick --hands 200 --seed 0 --out docs/effects-by-player.md

An effect is its driver metric: the headline metric on which the heuristic measured the rule's largest effect, in
standard deviations (:class:`~canasta.simulation.RuleEffect`). Its verdict compares the two paired differences:

* **sign**: *kept* where the other player's difference is significant and of the heuristic's sign, *reversed* where it
  is significant and of the other, *not shown* where its interval holds zero;
* **size**: *the same* where the heuristic's mean lies inside the other player's interval, else *larger* or *smaller*;
* **precise**: whether the other player's interval is at most half the heuristic's effect (issue 29's bar), and if
  not, about how many hands would make it so (the interval narrows as one over the square root of the hands).

The command also writes its summary into docs/effects.md between :data:`BEGIN` and :data:`END`, the section that says
which conclusions depend on the player; :mod:`~canasta.simulation.effects_page` keeps that section when it rewrites
the page.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import attrs

from canasta.variants import load_variant

from .byrule import single_rule_profiles
from .compare import compare
from .metrics import find
from .options import Mode, RunOptions
from .report import show_difference
from .results import ComparisonResult, RuleEffect
from .stats import Difference

BEGIN = "<!-- effects-by-player: written by python -m canasta.simulation.player_effects -->"
"""The line before the section of docs/effects.md this command writes."""
END = "<!-- end of effects-by-player -->"
"""The line after it."""
PLAYERS = 4


@attrs.frozen(kw_only=True)
class Remeasured:
    """One rule's effect on its driver metric, by the heuristic and by the other bots, and the verdict."""

    pair: tuple[str, str]
    """The profiles: the rule is set to the second's value in the first."""
    effect: RuleEffect
    """The heuristic's measure of the rule (its driver metric, its differences on every headline metric)."""
    other: tuple[Difference, ...]
    """The other bots' paired differences, on the same headline metrics in the same order."""
    metrics: tuple[str, ...]
    """The headline metrics' keys, in the order of :attr:`other`."""

    @property
    def driver(self) -> int:
        """The index of the driver metric in :attr:`metrics`."""
        return self.metrics.index(self.effect.driver)

    @property
    def sign(self) -> str:
        """``kept``, ``reversed`` or ``not shown`` (see the module docstring)."""
        h, o = self.effect.differences[self.driver], self.other[self.driver]
        if not o.significant:
            return "not shown"
        return "kept" if (o.mean > 0) == (h.mean > 0) else "reversed"

    @property
    def size(self) -> str:
        """``the same``, ``larger`` or ``smaller``: where the heuristic's mean lies against the other bots' interval."""
        h, o = self.effect.differences[self.driver], self.other[self.driver]
        if o.low is None or o.high is None or o.low <= h.mean <= o.high:
            return "the same"
        return "larger" if abs(o.mean) > abs(h.mean) else "smaller"

    @property
    def half_width(self) -> float:
        """The half-width of the other bots' interval on the driver metric."""
        o = self.other[self.driver]
        return (o.high - o.low) / 2 if o.high is not None and o.low is not None else math.inf

    @property
    def precise(self) -> bool:
        """Whether that interval is at most half the heuristic's effect."""
        return self.half_width <= abs(self.effect.differences[self.driver].mean) / 2

    @property
    def hands_needed(self) -> int:
        """About how many hands would bring the interval to half the heuristic's effect (as many as played, if it is)."""
        n = self.other[self.driver].n
        bar = abs(self.effect.differences[self.driver].mean) / 2
        if self.precise or bar == 0 or math.isinf(self.half_width):
            return n
        return math.ceil(n * (self.half_width / bar) ** 2)


@attrs.frozen(kw_only=True)
class Departures:
    """How often a search bot in every seat left the heuristic's choice, and at which kinds of decision."""

    variant: str
    """The profile played."""
    hands: int
    """Single four-player hands played, from a score of zero."""
    decisions: int
    """Decisions with more than one legal action."""
    departed: int
    """Of those, the decisions where the search played another action than the heuristic's."""
    kinds: tuple[tuple[str, int, int], ...]
    """By the kind of the heuristic's choice (its action class): decisions and departures, most decisions first."""


def departures(variant: str, bot: str, *, hands: int, seed: int) -> Departures:
    """Play ``hands`` hands with the registered search bot ``bot`` in every seat and count its departures from the heuristic.

    Hand ``i`` is dealt from ``derive_seed(seed, i)`` and seat ``s`` seeded ``derive_seed(seed, i, s)``; one process.
    """
    from canasta.bots.base import derive_seed
    from canasta.bots.registry import bot_factory
    from canasta.bots.search import SearchBot
    from canasta.core.game import Game

    factory = bot_factory(bot)
    decided: dict[str, int] = {}
    left: dict[str, int] = {}
    for i in range(hands):
        game = Game(variant, players=PLAYERS, seed=derive_seed(seed, i))
        seats = [factory(derive_seed(seed, i, s)) for s in range(PLAYERS)]
        if not all(isinstance(b, SearchBot) for b in seats):
            raise SystemExit(f"--bots {bot}: departures are counted for the search bot's levels only")
        number = game.hand_number
        while not game.is_over and game.hand_number == number:
            legal = game.legal_actions()
            seat = game.current_player
            if len(legal) == 1:
                game.apply(legal[0])
                continue
            searcher = seats[seat]
            assert isinstance(searcher, SearchBot)
            view = game.view(seat, public_state=True)
            chosen = searcher.choose(view, legal)
            first = searcher.heuristic_choice(view, legal)
            kind = type(first).__name__
            decided[kind] = decided.get(kind, 0) + 1
            left[kind] = left.get(kind, 0) + (chosen != first)
            game.apply(chosen)
    kinds = tuple(sorted(((k, decided[k], left[k]) for k in decided), key=lambda t: (-t[1], t[0])))
    return Departures(
        variant=variant, hands=hands, decisions=sum(decided.values()), departed=sum(left.values()), kinds=kinds
    )


def departures_sentence(d: Departures, bot: str) -> str:
    """``d`` in words: the share of decisions, and the kinds of decision where the search departed."""
    share = d.departed / d.decisions if d.decisions else 0.0
    where = ", ".join(f"{kind} {gone} of {n}" for kind, n, gone in d.kinds if gone) or "nowhere"
    return (
        f"In {d.hands} hands of `{d.variant}` with `{bot}` in every seat, the search played another action than the heuristic's "
        f"in {d.departed} of {d.decisions} decisions with a choice ({share:.1%}); by the kind of the heuristic's choice: {where}."
    )


def remeasure(
    a: str, b: str, *, top: int, bots: str, hands: int, reference_hands: int, seed: int, workers: int | None
) -> tuple[ComparisonResult, ComparisonResult, list[Remeasured]]:
    """The heuristic's by-rule comparison of ``a`` and ``b``, the other bots' run of its ``top`` largest rules, and each verdict."""
    reference = RunOptions(players=PLAYERS, mode=Mode.HANDS, count=reference_hands, seed=seed, bots="heuristic", workers=workers)
    ref = compare([a, b], options=reference, by_rule=True, samples=False)
    assert ref.by_rule is not None
    chosen = ref.by_rule.effects[:top]
    singles = dict((d.key, v) for d, v in single_rule_profiles(load_variant(a), load_variant(b), PLAYERS, mode=Mode.HANDS)[0])
    variants = [load_variant(a), *(singles[e.key] for e in chosen)]
    options = attrs.evolve(reference, count=hands, bots=bots)
    run = compare(variants, options=options, samples=False)
    metrics = ref.by_rule.metrics
    out = []
    for i, e in enumerate(chosen, 1):
        other = []
        for key in metrics:
            d = run.row(key).differences[i - 1]
            assert d is not None
            other.append(d)
        out.append(Remeasured(pair=(a, b), effect=e, other=tuple(other), metrics=metrics))
    return ref, run, out


def _cell(d: Difference, key: str) -> str:
    return show_difference(d, find(key).unit)


def _label(key: str) -> str:
    return find(key).label


def verdict_table(found: Sequence[Remeasured], bots: str) -> list[str]:
    """The main table: each rule's driver metric, the two measures, and the verdict."""
    lines = [
        f"| rule | change | metric | heuristic | {bots} | sign | size | interval at most half the effect |",
        "|---|---|---|---:|---:|---|---|---|",
    ]
    for r in found:
        e, i = r.effect, r.driver
        precise = "yes" if r.precise else f"no: about {r.hands_needed:,} hands would be"
        lines.append(
            f"| `{e.key}` | {e.a} → {e.b} | {_label(e.driver)} | {_cell(e.differences[i], e.driver)} | {_cell(r.other[i], e.driver)} "
            f"| {r.sign} | {r.size} | {precise} |"
        )
    return lines


def details_table(found: Sequence[Remeasured], bots: str) -> list[str]:
    """Every headline metric of every rule: the heuristic's difference, then the other bots'."""
    metrics = found[0].metrics
    lines = [
        "| rule | player | " + " | ".join(_label(k) for k in metrics) + " |",
        "|---|---|" + "---:|" * len(metrics),
    ]
    for r in found:
        lines.append(f"| `{r.effect.key}` | heuristic | " + " | ".join(_cell(d, k) for d, k in zip(r.effect.differences, metrics, strict=True)) + " |")
        lines.append(f"| | {bots} | " + " | ".join(_cell(d, k) for d, k in zip(r.other, metrics, strict=True)) + " |")
    return lines


def summary(found: Sequence[Remeasured], bots: str, hands: int) -> list[str]:
    """Plain sentences: which effects hold under the other player, which depend on the player, and which the run cannot tell.

    An effect depends on the player where the other bots reverse it, measure another size, or show none with an
    interval narrow enough (at most half the heuristic's effect) that the heuristic's effect would have shown; an
    effect not shown with a wider interval is undecided: more hands would tell.
    """
    held = [r for r in found if r.sign == "kept" and r.size == "the same"]
    undecided = [r for r in found if r.sign == "not shown" and not r.precise]
    depends = [r for r in found if r not in held and r not in undecided]

    def names(rs: Sequence[Remeasured]) -> str:
        return ", ".join(f"`{r.effect.key}` ({r.pair[0]} → {r.pair[1]}: {r.sign}, {r.size})" for r in rs) or "none"

    def keys(rs: Sequence[Remeasured]) -> str:
        return ", ".join(f"`{r.effect.key}` ({r.pair[0]} → {r.pair[1]})" for r in rs) or "none"

    lines = [
        f"With `{bots}` in every seat ({hands:,} hands a rule, the same seeds), {len(held)} of the {len(found)} largest single-rule "
        f"effects keep their sign and size on their main metric.",
        "",
        f"- Hold under both players: {keys(held)}.",
        f"- Depend on the player (reversed, another size, or none where a heuristic-sized effect would have shown): {names(depends)}.",
        f"- Undecided (none shown, but the interval is wider than half the heuristic's effect; more hands would tell): {names(undecided)}.",
    ]
    imprecise = [r for r in held + depends if not r.precise]
    if imprecise:
        lines.append(
            f"- Measured less precisely than half the heuristic's effect, so read as provisional: {keys(imprecise)}."
        )
    return lines


def page(
    found: Sequence[Remeasured],
    runs: Sequence[tuple[ComparisonResult, ComparisonResult]],
    gone: Sequence[Departures],
    *,
    argv: str,
    args: argparse.Namespace,
) -> str:
    """The whole page, from the run's results."""
    seconds = sum(run.timing.wall_seconds for _, run in runs)
    lines = [
        "# Rule effects under another player",
        "",
        f"Generated by `python -m canasta.simulation.player_effects {argv}` ({seconds / 60:,.0f} minutes of the other bots' play "
        "on this machine). Do not edit by hand: run the command again.",
        "",
        f"[effects.md](effects.md) measures every rule with `heuristic` in every seat. Here the {args.top} largest single-rule "
        f"effects of each pair of profiles (`compare --by-rule` with `heuristic`, {args.reference_hands:,} hands, as effects.md "
        f"plays it) are played again with `{args.bots}` in every seat, {args.hands:,} hands a rule, on the same seeds. An effect "
        "is read on its main metric, the one on which the heuristic measured it largest in standard deviations. *Sign*: kept "
        "(significant, the same sign), reversed, or not shown (the interval holds 0); *size*: the same where the heuristic's "
        "mean lies in the other interval.",
        "",
        "How the other player plays: [bots.md](bots.md), \"The search bot\", says how it chooses and how strong it measured "
        "against the heuristic (the ladder in `benchmarks/ladder.md`). An effect that holds under both players is an effect "
        "of the rule, not of one way of playing it; one that does not depends on how the table plays. Where the other player "
        "seldom leaves the heuristic's choice, the two measures are close by construction; how often it does:",
        "",
        *(f"- {departures_sentence(d, args.bots)}" for d in gone),
        "",
        "## Summary",
        "",
        *summary(found, args.bots, args.hands),
        "",
        "## The effects, on their main metric",
        "",
        *verdict_table(found, args.bots),
        "",
        "Each cell: the mean paired difference (the rule changed, minus the first profile) ±its 95% interval, * where it "
        "excludes 0.",
        "",
        "## Every headline metric",
        "",
        *details_table(found, args.bots),
        "",
    ]
    return "\n".join(lines)


def splice(text: str, block: Sequence[str]) -> str:
    """``text`` with the section between :data:`BEGIN` and :data:`END` replaced by ``block`` (added at the end where absent)."""
    section = "\n".join([BEGIN, *block, END])
    if BEGIN in text and END in text:
        head, _, rest = text.partition(BEGIN)
        _, _, tail = rest.partition(END)
        return head + section + tail
    return text.rstrip("\n") + "\n\n" + section + "\n"


def section_of(text: str) -> list[str] | None:
    """The lines between :data:`BEGIN` and :data:`END` of ``text``, or None where it has no such section."""
    if BEGIN not in text or END not in text:
        return None
    return text.partition(BEGIN)[2].partition(END)[0].strip("\n").split("\n")


def effects_section(
    found: Sequence[Remeasured], args: argparse.Namespace, page_name: str, pairs: Sequence[tuple[str, str]], gone: Sequence[Departures]
) -> list[str]:
    """The section of docs/effects.md: which of its conclusions depend on the player."""
    which = " and of ".join(f"`{a}` against `{b}`" for a, b in pairs)
    return [
        "## Which conclusions depend on the player",
        "",
        f"[{page_name}]({page_name}) plays the {args.top} largest single-rule effects of {which} again with `{args.bots}` in every seat.",
        "",
        *summary(found, args.bots, args.hands),
        "",
        "How far the other player is from the heuristic:",
        "",
        *(f"- {departures_sentence(d, args.bots)}" for d in gone),
    ]


def _is_search(bot: str) -> bool:
    """Whether ``bot`` names a registered level of the search bot, the player whose departures the page counts."""
    from canasta.bots.registry import bot_factory
    from canasta.bots.search import SearchBot
    from canasta.errors import CanastaError

    try:
        return isinstance(bot_factory(bot)(0), SearchBot)
    except CanastaError:
        return False


def main(argv: list[str] | None = None) -> int:
    """Run the re-measurement and write its page and the section of docs/effects.md; the command line of this module."""
    parser = argparse.ArgumentParser(description="Play the largest rule effects of effects.md again with other bots, and say which hold.")
    parser.add_argument("--pair", action="append", required=True, metavar="A,B", help="two profiles, the rules of B set in A one at a time; repeat")
    parser.add_argument("--top", type=int, default=5, help="the largest effects of each pair to play again (default: 5)")
    parser.add_argument("--bots", default="search-quick", help="the other player, in every seat: a level of the search bot (default: search-quick)")
    parser.add_argument("--hands", type=int, default=200, help="hands a rule with the other bots (default: 200)")
    parser.add_argument("--reference-hands", type=int, default=2000, help="hands a rule with the heuristic (default: 2000, as effects.md)")
    parser.add_argument("--departure-hands", type=int, default=10, help="hands of each pair's first profile in which the search's departures from the heuristic are counted (default: 10)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the run (default: 0)")
    parser.add_argument("--workers", type=int, help="local worker processes (default: every core)")
    parser.add_argument("--out", type=Path, default=Path("docs/effects-by-player.md"))
    parser.add_argument("--effects", type=Path, default=Path("docs/effects.md"), help="the page whose section this writes (default: docs/effects.md)")
    args = parser.parse_args(argv)
    for name, least in (("top", 1), ("hands", 2), ("reference_hands", 2), ("departure_hands", 1)):  # two hands make an interval
        if getattr(args, name) < least:
            parser.error(f"--{name.replace('_', '-')} {getattr(args, name)}: expected at least {least}")
    if not _is_search(args.bots):
        parser.error(f"--bots {args.bots}: expected one of the search bot's levels (search-quick, search, search-strong)")
    pairs = []
    for text in args.pair:
        parts = text.split(",")
        if len(parts) != 2 or not all(parts):
            parser.error(f"--pair {text!r}: expected two profiles, like finnish,swedish-club")
        pairs.append((parts[0], parts[1]))
    found: list[Remeasured] = []
    runs = []
    started = time.perf_counter()
    for a, b in pairs:
        ref, run, rows = remeasure(
            a, b, top=args.top, bots=args.bots, hands=args.hands, reference_hands=args.reference_hands, seed=args.seed, workers=args.workers
        )
        runs.append((ref, run))
        found += rows
        print(f"{a} against {b}: {time.perf_counter() - started:,.0f} s", file=sys.stderr)
    gone = [departures(a, args.bots, hands=args.departure_hands, seed=args.seed) for a in dict.fromkeys(a for a, _ in pairs)]
    shown = " ".join(sys.argv[1:] if argv is None else argv)
    args.out.write_text(page(found, runs, gone, argv=shown, args=args), encoding="utf-8")
    if args.effects.exists():
        text = args.effects.read_text(encoding="utf-8")
        args.effects.write_text(splice(text, effects_section(found, args, args.out.name, pairs, gone)), encoding="utf-8")
    print(f"wrote {args.out} and the section of {args.effects}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
