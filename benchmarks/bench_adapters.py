"""Steps per second of the research adapters against the bare engine, in one run (issue 11).

    python benchmarks/bench_adapters.py                       # finnish, 4 players, about 3 s per row
    python benchmarks/bench_adapters.py --variant regency --players 5 --seconds 2

Every row plays one-hand episodes under uniform random play, seeded the same
way, on one core; a step is one action of a player. Rows:

- ``engine``: ``Game.legal_actions()``, ``random.choice``, ``Game.apply()``.
- ``openspiel``: ``state.legal_actions()`` (indices), a choice, ``state.apply_action()``
  (the deal's chance node is not counted as a step).
- ``pettingzoo (mask only)``: the environment's action mask from the engine's
  list, a choice, ``env.step()``; no observation vector.
- ``pettingzoo (observation + mask)``: the usual agent loop, ``env.last()``
  (the seat's view encoded and the mask), a choice, ``env.step()``.

The cost per step relative to the engine is printed beside each row.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

import canasta


def bench_engine(variant: str, players: int, seconds: float) -> tuple[int, float]:
    profile = canasta.load_variant(variant)  # loaded once, as the adapters do
    rng = random.Random(0)
    steps, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = canasta.Game(profile, players=players, seed=seed)
        seed += 1
        while not (g.hand_scores or g.is_over):
            g.apply(rng.choice(g.legal_actions()))
            steps += 1
    return steps, time.perf_counter() - start


def bench_openspiel(variant: str, players: int, seconds: float) -> tuple[int, float]:
    import pyspiel

    import canasta.integrations.openspiel  # noqa: F401

    game = pyspiel.load_game("python_canasta", {"variant": variant, "players": players})
    rng = random.Random(0)
    steps, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        state.apply_action(seed % game.max_chance_outcomes())
        seed += 1
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
    return steps, time.perf_counter() - start


def bench_pettingzoo(variant: str, players: int, seconds: float, observe: bool) -> tuple[int, float]:
    from canasta.integrations.pettingzoo import raw_env

    env = raw_env(variant=variant, players=players)
    rng = random.Random(0)
    steps, seed = 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        game = env.game
        assert game is not None
        while not env.terminations[env.agent_selection]:
            mask = env.last()[0]["action_mask"] if observe else env.action_encoding.mask_of(game.legal_actions())
            env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
    return steps, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description="Steps per second of the adapters against the bare engine.")
    parser.add_argument("--variant", default="finnish")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=3.0, help="wall time per row")
    args = parser.parse_args()
    rows: list[tuple[str, Callable[[], tuple[int, float]]]] = [
        ("engine", lambda: bench_engine(args.variant, args.players, args.seconds)),
        ("openspiel", lambda: bench_openspiel(args.variant, args.players, args.seconds)),
        ("pettingzoo (mask only)", lambda: bench_pettingzoo(args.variant, args.players, args.seconds, observe=False)),
        ("pettingzoo (observation + mask)", lambda: bench_pettingzoo(args.variant, args.players, args.seconds, observe=True)),
    ]
    print(f"{args.variant}, {args.players} players, uniform random play, one-hand episodes, {args.seconds:g} s per row")
    print("| loop | steps/s | µs/step | cost vs engine |")
    print("|---|---:|---:|---:|")
    base = 0.0
    for name, run in rows:
        try:
            steps, wall = run()
        except ImportError as exc:
            print(f"| {name} | not installed ({exc.name}) | | |")
            continue
        us = wall / steps * 1e6
        base = base or us
        print(f"| {name} | {steps / wall:,.0f} | {us:.1f} | {us / base:.2f}× |")


if __name__ == "__main__":
    main()
