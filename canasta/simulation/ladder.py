"""The rating ladder: round robins of bots per profile on paired deals, with Bradley-Terry ratings and their intervals.

One command plays it and writes the table (``benchmarks/ladder.md``)::

    python -m canasta.simulation.ladder --variant finnish --variant swedish-club --variant modern-american \\
        --variant rasche-house:2 --bots random,heuristic,search-quick,search,search-strong --pairs 40 --seed 0 \\
        --out benchmarks/ladder.md

For each profile (``name`` or ``name:players``; a house file's path too) every two bots meet in
``pairs`` deals, each played twice from a score of zero: bot A's partnership in side 0 and B's in
side 1, then the seats swapped on the same deal (:func:`canasta.simulate` with the same seed deals
the same cards). A pair is won by the bot whose side scored more over its two hands; equal totals
are a tie. The ratings are a Bradley-Terry fit of the pairs won (a tie half to each), on the Elo
scale (400 points: ten to one odds), anchored at ``heuristic`` (else the first bot), with a prior
of half a pair won each way in every meeting so that a bot that never wins has a finite rating.
The 95% intervals come from a bootstrap of the pairs (seeded). The same seeds and pair counts
give the same table. Only profiles played by two sides (partnerships of one kind against the
other) can be laddered.
"""

from __future__ import annotations

import argparse
import math
import platform
import random
import subprocess
import sys
from collections.abc import Sequence
from datetime import date

import attrs

from canasta.bots.registry import BotFactory, bot_label
from canasta.core.table import table_rules
from canasta.errors import ArgumentError, CanastaError
from canasta.variants import load_variant

from .experiment import simulate


@attrs.frozen(kw_only=True)
class Meeting:
    """Two bots' pairs of hands on one profile: ``first`` against ``second``."""

    first: str
    """The first bot's name (its partnership sits in side 0 in the first hand of each pair)."""
    second: str
    """The second bot's name."""
    won: int
    """Pairs the first bot's side won."""
    lost: int
    """Pairs the second bot's side won."""
    tied: int
    """Pairs with equal totals."""
    mean_difference: float
    """The first bot's mean margin per pair (its two hands' score less the other's), in points."""

    @property
    def pairs(self) -> int:
        """Pairs played."""
        return self.won + self.lost + self.tied

    def share(self) -> tuple[float, float, float]:
        """The first bot's share of the pairs (a tie half), with its 95% Wilson interval."""
        n = self.pairs
        if not n:
            return 0.5, 0.0, 1.0
        p = (self.won + self.tied / 2) / n
        z = 1.959964
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return p, centre - half, centre + half


@attrs.frozen(kw_only=True)
class Rating:
    """One bot's rating on the Elo scale, with its 95% bootstrap interval."""

    bot: str
    """The bot's name."""
    elo: float
    """Its rating: 400 points are ten to one odds of winning a pair; the anchor bot has 0."""
    low: float
    """The low end of the 95% bootstrap interval."""
    high: float
    """The high end of the 95% bootstrap interval."""


@attrs.frozen(kw_only=True)
class Ladder:
    """A profile's round robin: every meeting and the ratings fitted to them."""

    variant: str
    """The profile or house file, as given."""
    players: int
    """Players at the table."""
    pairs: int
    """Paired deals a meeting."""
    seed: int
    """The seed of every meeting's deals."""
    meetings: tuple[Meeting, ...]
    """Every two bots' meeting, in the order the bots were given."""
    ratings: tuple[Rating, ...]
    """Best first."""

    def order(self) -> tuple[str, ...]:
        """The bots, strongest first."""
        return tuple(r.bot for r in self.ratings)


def meet(
    variant: str, players: int, a: str | BotFactory, b: str | BotFactory, *, pairs: int, seed: int, workers: int | None = None
) -> Meeting:
    """Play ``pairs`` paired deals of ``a`` against ``b`` (see the module docstring)."""
    first = simulate(variant, players=players, hands=pairs, bots=(a, b), seed=seed, workers=workers, samples=True)
    second = simulate(variant, players=players, hands=pairs, bots=(b, a), seed=seed, workers=workers, samples=True)
    assert first.samples is not None and second.samples is not None
    if first.samples.seeds != second.samples.seeds:
        raise ArgumentError("ladder: the swapped run dealt other hands; the seeds of a run must not depend on its bots")
    won = lost = tied = 0
    total = 0
    for one, two in zip(first.samples.hand_scores, second.samples.hand_scores, strict=True):
        margin = (one[0] - one[1]) + (two[1] - two[0])
        total += margin
        won += margin > 0
        lost += margin < 0
        tied += margin == 0
    return Meeting(first=bot_label(a), second=bot_label(b), won=won, lost=lost, tied=tied, mean_difference=total / max(1, pairs))


def fit(bots: Sequence[str], meetings: Sequence[Meeting], *, anchor: str | None = None) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale from the meetings (a tie half a win each; half a pair's prior each way)."""
    index = {bot: i for i, bot in enumerate(bots)}
    n = len(bots)
    wins = [[0.0] * n for _ in range(n)]
    for m in meetings:
        i, j = index[m.first], index[m.second]
        wins[i][j] += m.won + m.tied / 2 + 0.5
        wins[j][i] += m.lost + m.tied / 2 + 0.5
    strength = [1.0] * n
    for _ in range(2000):
        new = []
        for i in range(n):
            games = sum((wins[i][j] + wins[j][i]) / (strength[i] + strength[j]) for j in range(n) if j != i)
            total = sum(wins[i][j] for j in range(n) if j != i)
            new.append(total / games if games else strength[i])
        scale = math.exp(sum(math.log(s) for s in new) / n)
        new = [s / scale for s in new]
        done = max(abs(x - y) for x, y in zip(new, strength, strict=True)) < 1e-10
        strength = new
        if done:
            break
    ref = strength[index[anchor]] if anchor in index else strength[0]
    return {bot: 400 * math.log10(strength[index[bot]] / ref) for bot in bots}


def _resampled(m: Meeting, rng: random.Random) -> Meeting:
    outcomes = [1] * m.won + [-1] * m.lost + [0] * m.tied
    drawn = [rng.choice(outcomes) for _ in outcomes] if outcomes else []
    return attrs.evolve(m, won=drawn.count(1), lost=drawn.count(-1), tied=drawn.count(0))


def ratings(bots: Sequence[str], meetings: Sequence[Meeting], *, seed: int, resamples: int = 400) -> tuple[Rating, ...]:
    """The fitted ratings with 95% bootstrap intervals (``resamples`` resamplings of each meeting's pairs), best first."""
    anchor = "heuristic" if "heuristic" in bots else bots[0]
    point = fit(bots, meetings, anchor=anchor)
    rng = random.Random(seed)
    drawn: dict[str, list[float]] = {bot: [] for bot in bots}
    for _ in range(resamples):
        again = fit(bots, [_resampled(m, rng) for m in meetings], anchor=anchor)
        for bot in bots:
            drawn[bot].append(again[bot])
    out = []
    for bot in bots:
        values = sorted(drawn[bot])
        low = values[int(0.025 * (len(values) - 1))] if values else point[bot]
        high = values[math.ceil(0.975 * (len(values) - 1))] if values else point[bot]
        out.append(Rating(bot=bot, elo=point[bot], low=low, high=high))
    return tuple(sorted(out, key=lambda r: -r.elo))


def ladder(
    variant: str, *, players: int, bots: Sequence[str | BotFactory], pairs: int, seed: int, workers: int | None = None
) -> Ladder:
    """Every two of ``bots`` meet on ``variant`` at ``players``; :class:`canasta.ArgumentError` for a table of more than two sides."""
    rules = table_rules(load_variant(variant), players)
    if rules.sides != 2:
        raise ArgumentError(f"ladder: {variant} with {players} players has {rules.sides} sides; a ladder pits two partnerships")
    if len(bots) < 2:
        raise ArgumentError("ladder: give two bots or more")
    meetings = []
    for i, a in enumerate(bots):
        for b in bots[i + 1 :]:
            meetings.append(meet(variant, players, a, b, pairs=pairs, seed=seed, workers=workers))
    names = [bot_label(b) for b in bots]
    return Ladder(
        variant=variant, players=players, pairs=pairs, seed=seed, meetings=tuple(meetings), ratings=ratings(names, meetings, seed=seed)
    )


def to_markdown(ladders: Sequence[Ladder], *, command: str, commit: str, machine: str, day: str) -> str:
    """The ladder's page: the command, the commit, the machine and the date, then each profile's ratings and meetings."""
    lines = [
        "# Rating ladder",
        "",
        f"Written by `{command}` on {day}, commit {commit}, on {machine}. Same seeds, same table.",
        "",
        "Each pair is one deal played twice with the seats swapped; a bot wins a pair when its side scored more over the two",
        "hands. Ratings: Bradley-Terry on the Elo scale, `heuristic` at 0, 95% bootstrap intervals (canasta.simulation.ladder).",
    ]
    for lad in ladders:
        lines += ["", f"## {lad.variant}, {lad.players} players ({lad.pairs} pair{'' if lad.pairs == 1 else 's'} a meeting, seed {lad.seed})", ""]
        lines += ["| bot | rating | 95% interval |", "|---|---:|---|"]
        lines += [f"| {r.bot} | {r.elo:+.0f} | {r.low:+.0f} to {r.high:+.0f} |" for r in lad.ratings]
        lines += ["", "| meeting | won | lost | tied | share of pairs (95% interval) | mean margin a pair |", "|---|---:|---:|---:|---|---:|"]
        for m in lad.meetings:
            p, low, high = m.share()
            lines.append(
                f"| {m.first} v {m.second} | {m.won} | {m.lost} | {m.tied} | {p:.0%} ({low:.0%} to {high:.0%}) | {m.mean_difference:+.0f} |"
            )
    return "\n".join(lines) + "\n"


def _commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True, timeout=10)
        return out.stdout.strip() or "unknown"
    except (OSError, subprocess.SubprocessError):
        return "unknown"


def main(argv: list[str] | None = None) -> int:
    """The command line of this module: play the ladder and write its page."""
    parser = argparse.ArgumentParser(description="Play a rating ladder of bots per profile and write its table.")
    parser.add_argument("--variant", action="append", required=True, help="a profile or house file, NAME or NAME:PLAYERS (default 4 players); repeat")
    parser.add_argument("--bots", default="random,heuristic,search-quick,search,search-strong", help="registered bot names, comma-separated")
    parser.add_argument("--pairs", type=int, default=40, help="paired deals per meeting (default: 40)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the run (default: 0)")
    parser.add_argument("--workers", type=int, help="local worker processes (default: every core)")
    parser.add_argument("--out", help="write the table here (default: print it)")
    args = parser.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    command = "python -m canasta.simulation.ladder " + " ".join(argv if argv is not None else sys.argv[1:])
    machine = f"{platform.machine()}, {platform.python_implementation()} {platform.python_version()}"
    ladders: list[Ladder] = []
    for spec in args.variant:
        name, _, count = spec.rpartition(":") if spec.rpartition(":")[2].isdigit() else (spec, "", "4")
        try:
            ladders.append(ladder(name, players=int(count), bots=bots, pairs=args.pairs, seed=args.seed, workers=args.workers))
        except CanastaError as exc:
            print(f"ladder: {spec}: {exc}", file=sys.stderr)
            return 2
        print(f"{spec}: {' > '.join(ladders[-1].order())}", file=sys.stderr)
        if args.out:  # after each profile, so a long run that is stopped keeps the profiles it finished
            done = len(ladders) == len(args.variant)
            text = to_markdown(ladders, command=command, commit=_commit(), machine=machine, day=date.today().isoformat())
            if not done:
                text += f"\n(Unfinished: {len(ladders)} of the command's {len(args.variant)} profiles so far.)\n"
            with open(args.out, "w", encoding="utf-8") as f:
                f.write(text)
    if not args.out:
        print(to_markdown(ladders, command=command, commit=_commit(), machine=machine, day=date.today().isoformat()), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
