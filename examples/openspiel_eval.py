"""Evaluate OpenSpiel's MCTS against uniform random play on ``python_canasta`` (a few seconds).

    python examples/openspiel_eval.py --variant finnish --players 4 --hands 2

Seat 0 (and its partners) is an ``MCTSBot`` with a small budget and random
rollouts; the others play uniformly at random. ``pyspiel.evaluate_bots`` plays
one hand per deal and returns each seat's return (its side's margin in
hundreds of points, docs/rl.md). Caveat: OpenSpiel's ``MCTSBot`` searches the
true state, so it sees the hidden cards; this shows the game works with a
standard algorithm, it is not a fair agent.
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts
from open_spiel.python.bots import uniform_random

import canasta.integrations.openspiel
from canasta.core.table import TableRules


def evaluate(variant: str, players: int, hands: int, simulations: int, seed: int) -> list[float]:
    """Mean return per seat over ``hands`` hands: MCTS for seat 0's side, random play for the rest."""
    game = pyspiel.load_game("python_canasta", {"variant": variant, "players": players})
    rng = np.random.RandomState(seed)
    side_of = TableRules(game.variant, players).side_of
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng)
        if side_of[seat] == 0
        else uniform_random.UniformRandomBot(seat, rng)
        for seat in range(players)
    ]
    total = np.zeros(players)
    for _ in range(hands):
        total += pyspiel.evaluate_bots(game.new_initial_state(), bots, int(rng.randint(2**31)))
    return [float(x) for x in total / hands]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="finnish")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=4, help="MCTS simulations per decision")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    returns = evaluate(args.variant, args.players, args.hands, args.simulations, args.seed)
    print(f"{args.variant}, {args.players} players, {args.hands} hands: mean return per seat (hundreds of points)")
    side_of = TableRules(canasta.load_variant(args.variant), args.players).side_of
    for seat, r in enumerate(returns):
        print(f"  seat {seat} ({'MCTS' if side_of[seat] == 0 else 'random'}): {r:+.2f}")


if __name__ == "__main__":
    main()
