"""Whole matches of named profiles and house files, random and heuristic, every record replayed.

    python benchmarks/soak_profiles.py hand-and-foot docs/snippets/hand-and-foot-*.toml --random 200 --heuristic 20

Each profile plays ``--random`` matches with uniformly random legal actions and
``--heuristic`` matches with ``canasta.HeuristicBot`` in every seat, ``--players`` players (four by default),
seeds from 0. At every hand end every card of the deck is in exactly one place;
any dead end (no legal action before the end) or exception stops it; every
match's record replays to the same totals. ``soak.py`` does the random part
for every bundled profile and player count.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time

import canasta
from canasta.core.cards import build_deck
from canasta.core.events import HandEnded


def soak(ref: str, policy: str, matches: int, players: int = 4) -> int:
    """Play ``matches`` matches of ``ref`` under ``policy``; the hands played."""
    v = canasta.load_variant(ref)
    hands = 0
    for seed in range(matches):
        g = canasta.Game(v, players=players, seed=seed)
        deck = collections.Counter(build_deck(g.state.rules.decks, g.state.rules.jokers))
        bots = [canasta.HeuristicBot(seed=seed * players + s) for s in range(players)] if policy == "heuristic" else None
        rng = random.Random(seed)
        while not g.is_over:
            legal = g.legal_actions()
            assert legal, (ref, seed, "dead end")
            action = bots[g.current_player].choose(g.view(g.current_player), legal) if bots else rng.choice(legal)
            if any(isinstance(e, HandEnded) for e in g.apply(action)):
                hands += 1
                assert g.is_over or g.state.census() == deck, (ref, seed, "cards not conserved")
        assert canasta.Game.replay(g.record()).scores == g.scores, (ref, seed, "the record replays otherwise")
    return hands


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("profiles", nargs="+", help="bundled profile names or .toml house files")
    p.add_argument("--random", type=int, default=200, help="random-play matches per profile (default 200)")
    p.add_argument("--heuristic", type=int, default=20, help="heuristic matches per profile (default 20)")
    p.add_argument("--players", type=int, default=4, help="players at the table (default 4)")
    args = p.parse_args(argv)
    t0 = time.time()
    for ref in args.profiles:
        for policy, matches in (("random", args.random), ("heuristic", args.heuristic)):
            print(f"{ref}: {policy} {matches} matches, {soak(ref, policy, matches, args.players)} hands, no failure", flush=True)
    n = len(args.profiles)
    print(f"{n} profiles: {n * args.random} random and {n * args.heuristic} heuristic matches, every record replayed, in {time.time() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
