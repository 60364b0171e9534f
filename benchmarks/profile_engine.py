"""cProfile over random play: the top functions by own time (tottime).

Run ``python benchmarks/profile_engine.py [--variant finnish] [--players 4] [--matches 20] [--top 25]``.
The same seeds and the same uniform random policy as ``bench_engine.py``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys

import canasta
from canasta.core.game import Game


def play(variant: canasta.Variant, players: int, matches: int, first_seed: int) -> int:
    """Play whole matches under uniform random play; return the number of hands."""
    hands = 0
    for seed in range(first_seed, first_seed + matches):
        g = Game(variant, players=players, seed=seed)
        choice = random.Random(seed).choice
        while not g.is_over:
            g.apply(choice(g.legal_actions()))
        hands += len(g.hand_scores)
    return hands


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="cProfile of the engine under random play")
    p.add_argument("--variant", default="finnish")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--matches", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--top", type=int, default=25)
    p.add_argument("--sort", default="tottime", help="a pstats sort key (default tottime)")
    args = p.parse_args(argv)
    variant = canasta.load_variant(args.variant)
    play(variant, args.players, 1, args.seed + 10_000)  # warm up
    prof = cProfile.Profile()
    prof.enable()
    hands = play(variant, args.players, args.matches, args.seed)
    prof.disable()
    print(f"{args.matches} matches, {hands} hands of {variant.name} with {args.players} players (times include profiler overhead)")
    pstats.Stats(prof, stream=sys.stdout).strip_dirs().sort_stats(args.sort).print_stats(args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
