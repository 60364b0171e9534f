"""The search bot's speed: playouts per second per profile, and where a playout's time goes.

Run ``python benchmarks/bench_search.py --help``; ``benchmarks/README.md`` ("The search bot") keeps the numbers.

For each profile, heuristic bots play seeded hands to a set of positions (every ``--every``-th decision); at each,
the search bot's work is done piece by piece and timed: sampling a deal from the view
(:func:`canasta.core.sampling.sample_state`), copying it, and playing one playout to the end of the hand, whose
time is split between listing the legal actions, building the seat's view for the playout policy, the policy's
decision (HeuristicBot's) and applying it. Then whole decisions of ``SearchBot`` at each level are timed.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time

import canasta
from canasta.bots import HeuristicBot, SearchBot, play_turn
from canasta.bots.heuristic_play import MASK, decide, mix
from canasta.bots.registry import SEARCH_LEVELS
from canasta.core.listing import legal_actions
from canasta.core.sampling import sample_state
from canasta.core.state import OVER
from canasta.core.transitions import do
from canasta.core.view_builder import make_view


def positions(variant: str, players: int, seed: int, count: int, every: int) -> list[canasta.Game]:
    """Copies of a heuristic match at every ``every``-th decision with two or more legal actions."""
    game = canasta.Game(variant, players=players, seed=seed)
    bots = [HeuristicBot(seed + s) for s in range(players)]
    out: list[canasta.Game] = []
    step = 0
    while len(out) < count and not game.is_over:
        if len(game.legal_actions()) > 1:
            step += 1
            if step % every == 0:
                out.append(game.copy())
        play_turn(game, bots)
    return out


def time_playouts(games: list[canasta.Game], rng: random.Random) -> dict[str, float]:
    """Seconds per playout, split by part, over one playout from each position."""
    parts = {"sample": 0.0, "copy": 0.0, "listing": 0.0, "view": 0.0, "policy": 0.0, "apply": 0.0}
    actions = 0
    clock = time.perf_counter
    salt = mix(7 & MASK)
    for game in games:
        view = game.view(game.current_player, public_state=True)
        t0 = clock()
        st = sample_state(view, rng)
        t1 = clock()
        st = st.copy()
        t2 = clock()
        parts["sample"] += t1 - t0
        parts["copy"] += t2 - t1
        hand = st.hand_number
        while st.hand_number == hand and st.phase != OVER:
            a = clock()
            legal = legal_actions(st)
            b = clock()
            seat_view = make_view(st, st.current, tuple(legal))
            c = clock()
            choice = decide(salt, seat_view, legal)
            d = clock()
            do(st, choice)
            e = clock()
            parts["listing"] += b - a
            parts["view"] += c - b
            parts["policy"] += d - c
            parts["apply"] += e - d
            actions += 1
    n = len(games)
    out = {name: value / n for name, value in parts.items()}
    out["total"] = sum(out.values())
    out["actions_per_playout"] = actions / n
    return out


def time_decisions(games: list[canasta.Game], playouts: int) -> float:
    """Mean seconds of a SearchBot decision at ``playouts`` over the positions."""
    bot = SearchBot(1, playouts=playouts)
    spent = []
    for game in games:
        view = game.view(game.current_player, public_state=True)
        start = time.perf_counter()
        bot.choose(view, view.legal_actions)
        spent.append(time.perf_counter() - start)
    return statistics.mean(spent)


def main() -> None:
    """Time each profile and print a JSON line per profile."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", action="append", help="profiles (default: finnish, modern-american, hand-and-foot, rasche-house:2)")
    parser.add_argument("--positions", type=int, default=20, help="positions per profile (default: 20)")
    parser.add_argument("--every", type=int, default=5, help="take every n-th decision of the heuristic match (default: 5)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--levels", action="store_true", help="also time whole decisions at each level")
    args = parser.parse_args()
    specs = args.variant or ["finnish", "modern-american", "hand-and-foot", "rasche-house:2"]
    print(json.dumps({"machine": platform.machine(), "python": platform.python_version(), "compiled": canasta.core.COMPILED}))
    for spec in specs:
        name, _, count = spec.partition(":")
        games = positions(name, int(count or 4), args.seed, args.positions, args.every)
        parts = time_playouts(games, random.Random(args.seed))
        row: dict[str, object] = {"variant": spec, "positions": len(games), "playouts_per_second": round(1 / parts["total"], 1)}
        row.update({f"{k}_ms": round(v * 1000, 2) for k, v in parts.items() if k != "actions_per_playout"})
        row["actions_per_playout"] = round(parts["actions_per_playout"], 1)
        if args.levels:
            for level, playouts in SEARCH_LEVELS.items():
                row[f"decision_{level}_s"] = round(time_decisions(games, playouts), 3)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
