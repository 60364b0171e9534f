"""Engine throughput under random (or heuristic) play, on one core, in one process.

Run ``python benchmarks/bench_engine.py --help``; ``benchmarks/README.md``
explains every number. The numbers belong in that README, never in a timed test.

Whole matches are played from the fixed seeds ``--seed``, ``--seed + 1``, ...
A ``random.Random(seed)`` per match picks uniformly from ``legal_actions()`` at
every decision, so two runs play exactly the same games and differ only in speed.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import platform
import random
import sys
import time
import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import canasta
from canasta.core.actions import Action
from canasta.core.game import Game

Policy = Callable[[Game, list[Action]], Action]
"""Picks one of the legal actions of a game."""


# -- policies --------------------------------------------------------------------


def random_policy(seed: int) -> Policy:
    """Uniform choice among the legal actions, from ``random.Random(seed)``."""
    choice = random.Random(seed).choice

    def choose(game: Game, actions: list[Action]) -> Action:
        return choice(actions)

    return choose


def heuristic_policy_factory() -> Callable[[int], Policy] | None:
    """A factory of heuristic policies from ``canasta.bots.heuristic``, or None while that module does not exist.

    Accepted shapes, tried in order: ``make_bot(seed)`` returning an object with
    ``choose(game, actions)``; a class ``HeuristicBot(seed=...)`` with that method;
    a module function ``choose(game, actions[, rng])``.
    """
    try:
        module = importlib.import_module("canasta.bots.heuristic")
    except ImportError:
        return None
    if hasattr(module, "make_bot"):
        return lambda seed: module.make_bot(seed).choose
    if hasattr(module, "HeuristicBot"):
        # canasta.bots.HeuristicBot decides from the seat's view (the bot protocol), not from the game

        def make_view_policy(seed: int) -> Policy:
            bot = module.HeuristicBot(seed=seed)
            return lambda game, actions: bot.choose(game.view(game.current_player), actions)

        return make_view_policy
    if hasattr(module, "choose"):
        fn = module.choose
        if len(inspect.signature(fn).parameters) >= 3:

            def factory(seed: int) -> Policy:
                rng = random.Random(seed)
                return lambda game, actions: fn(game, actions, rng)

            return factory
        return lambda seed: fn
    return None


# -- play ------------------------------------------------------------------------


class Totals:
    """Counters of one timed phase."""

    def __init__(self) -> None:
        self.matches = 0
        self.hands = 0
        self.actions = 0
        self.legal_ns = 0
        self.apply_ns = 0
        self.elapsed_ns = 0


def _seeds(start: int) -> Iterator[int]:
    seed = start
    while True:
        yield seed
        seed += 1


def play_plain(variant: canasta.Variant, players: int, seconds: float, first_seed: int, make_policy: Callable[[int], Policy]) -> Totals:
    """Whole matches with no per-call timers: the honest hands per second.

    The match in progress when time runs out is finished, so every hand counted is a whole hand.
    """
    tot = Totals()
    start = time.perf_counter_ns()
    budget = int(seconds * 1e9)
    for seed in _seeds(first_seed):
        if time.perf_counter_ns() - start >= budget:
            break
        g = Game(variant, players=players, seed=seed)
        choose = make_policy(seed)
        legal = g.legal_actions
        apply = g.apply
        n = 0
        while not g.is_over:
            apply(choose(g, legal()))
            n += 1
        tot.matches += 1
        tot.actions += n
        tot.hands += len(g.hand_scores)
    tot.elapsed_ns = time.perf_counter_ns() - start
    return tot


def play_timed(variant: canasta.Variant, players: int, seconds: float, first_seed: int, make_policy: Callable[[int], Policy]) -> Totals:
    """The same matches with ``perf_counter_ns`` around every ``legal_actions()`` and ``apply()`` call."""
    tot = Totals()
    clock = time.perf_counter_ns
    start = clock()
    budget = int(seconds * 1e9)
    legal_ns = apply_ns = 0
    for seed in _seeds(first_seed):
        if clock() - start >= budget:
            break
        g = Game(variant, players=players, seed=seed)
        choose = make_policy(seed)
        legal = g.legal_actions
        apply = g.apply
        n = 0
        while not g.is_over:
            t0 = clock()
            actions = legal()
            t1 = clock()
            action = choose(g, actions)
            t2 = clock()
            apply(action)
            t3 = clock()
            legal_ns += t1 - t0
            apply_ns += t3 - t2
            n += 1
        tot.matches += 1
        tot.actions += n
        tot.hands += len(g.hand_scores)
    tot.elapsed_ns = clock() - start
    tot.legal_ns, tot.apply_ns = legal_ns, apply_ns
    return tot


# -- copies and memory -------------------------------------------------------------


def mid_hand_games(variant: canasta.Variant, players: int, count: int, first_seed: int) -> list[Game]:
    """``count`` games stopped in the middle of a hand, after a random number of random actions."""
    out: list[Game] = []
    rng = random.Random(first_seed)
    seed = first_seed
    while len(out) < count:
        g = Game(variant, players=players, seed=seed)
        seed += 1
        stop_hand = rng.randint(1, 3)
        stop_at = rng.randint(40, 120)
        done = 0
        choose = random_policy(seed)
        while not g.is_over:
            hand = g.hand_number
            g.apply(choose(g, g.legal_actions()))
            if g.hand_number != hand:
                done = 0
                continue
            done += 1
            if hand >= stop_hand and done >= stop_at:
                out.append(g)
                break
    return out


def time_copies(games: list[Game], seconds: float) -> tuple[float, float]:
    """Mean microseconds of ``Game.copy()`` and of ``State.copy()`` over the given games."""
    clock = time.perf_counter_ns
    states = [g.state for g in games]
    results = []
    for objs in (games, states):
        n = 0
        start = clock()
        budget = int(seconds * 1e9)
        while clock() - start < budget:
            for obj in objs:
                obj.copy()
            n += len(objs)
        results.append((clock() - start) / n / 1000)
    return results[0], results[1]


def traced_bytes(make: Callable[[], object], n: int) -> float:
    """Bytes tracemalloc sees allocated per object while ``n`` objects from ``make`` are alive."""
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        keep = [make() for _ in range(n)]
        after = tracemalloc.take_snapshot()
    finally:
        tracemalloc.stop()
    grown = sum(s.size_diff for s in after.compare_to(before, "filename"))
    grown -= sys.getsizeof(keep)
    del keep
    return grown / n


_SHARED_SINGLETONS = (type(None), bool)


def deep_size(obj: object, skip: tuple[object, ...] = ()) -> int:
    """``sys.getsizeof`` summed over everything ``obj`` reaches through lists, tuples, dicts, sets and slots.

    Each object is counted once however often it is referenced. ``None``,
    booleans and the small integers CPython preallocates (-5 to 256) are
    shared by every object in the process and are not counted; nor are the
    objects in ``skip`` (e.g. the rules a state shares with its copies).
    """
    seen: set[int] = {id(s) for s in skip}
    total = 0
    stack: list[object] = [obj]
    while stack:
        o = stack.pop()
        if id(o) in seen:
            continue
        seen.add(id(o))
        if isinstance(o, _SHARED_SINGLETONS) or (type(o) is int and -5 <= o <= 256):
            continue
        if isinstance(o, (type, type(sys), type(deep_size))):
            continue
        total += sys.getsizeof(o)
        if isinstance(o, dict):
            stack.extend(o.keys())
            stack.extend(o.values())
        elif isinstance(o, (list, tuple, set, frozenset)):
            stack.extend(o)
        elif not isinstance(o, (str, bytes, int, float)):
            for cls in type(o).__mro__:
                # a class compiled by mypyc lists its attributes in __mypyc_attrs__, not __slots__
                for name in getattr(cls, "__slots__", ()) or getattr(cls, "__mypyc_attrs__", ()):
                    if hasattr(o, name):
                        stack.append(getattr(o, name))
            if hasattr(o, "__dict__"):
                stack.append(o.__dict__)
    return total


# -- report ------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    model = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        model = platform.processor()
    import os

    return {
        "cpu": model,
        "cores_seen": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--variant", default="finnish", help="a bundled profile name or a .toml path (default finnish)")
    p.add_argument("--players", type=int, default=4, help="players at the table (default 4)")
    p.add_argument(
        "--seconds", type=float, default=20.0, help="time for the play phases, split between plain and per-call timing (default 20)"
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the first match; later matches use the next seeds (default 0)")
    p.add_argument("--bot", choices=("random", "heuristic"), default="random", help="the policy choosing actions (default random)")
    p.add_argument(
        "--copies", type=int, default=2000, help="copies of a mid-hand game kept alive for the tracemalloc measure (default 2000)"
    )
    p.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = p.parse_args(argv)

    variant = canasta.load_variant(args.variant)
    if args.bot == "heuristic":
        factory = heuristic_policy_factory()
        if factory is None:
            message = "heuristic bot: not available yet (canasta.bots.heuristic does not exist); use --bot random"
            print(json.dumps({"bot": "heuristic", "available": False, "message": message}) if args.json else message)
            return 2
        make_policy: Callable[[int], Policy] = factory
    else:
        make_policy = random_policy

    # warm up: imports, interned actions, caches
    play_plain(variant, args.players, 0.0, args.seed + 10_000, make_policy)

    plain = play_plain(variant, args.players, args.seconds * 0.6, args.seed, make_policy)
    timed = play_timed(variant, args.players, args.seconds * 0.4, args.seed, make_policy)

    games = mid_hand_games(variant, args.players, 50, args.seed + 50_000)
    copy_us, state_copy_us = time_copies(games, 1.0)
    probe = games[0]
    st = probe.state
    game_bytes = traced_bytes(probe.copy, args.copies)
    state_bytes = traced_bytes(st.copy, args.copies)
    deep_state = deep_size(st, skip=(st.rules,))
    cache = getattr(st.rules, "_meld_cache", None)
    deep_rules = deep_size(st.rules, skip=(cache,) if cache is not None else ())
    deep_cache = deep_size(cache) if cache is not None else 0

    sec = plain.elapsed_ns / 1e9
    result: dict[str, Any] = {
        "variant": variant.name,
        "players": args.players,
        "bot": args.bot,
        "first_seed": args.seed,
        "matches": plain.matches,
        "hands": plain.hands,
        "actions": plain.actions,
        "seconds": round(sec, 3),
        "hands_per_second": round(plain.hands / sec, 1),
        "actions_per_second": round(plain.actions / sec, 1),
        "actions_per_hand": round(plain.actions / plain.hands, 1),
        "loop_us_per_action": round(plain.elapsed_ns / plain.actions / 1000, 3),
        "timed_matches": timed.matches,
        "timed_hands": timed.hands,
        "timed_hands_per_second": round(timed.hands / (timed.elapsed_ns / 1e9), 1),
        "legal_actions_us": round(timed.legal_ns / timed.actions / 1000, 3),
        "apply_us": round(timed.apply_ns / timed.actions / 1000, 3),
        "timed_loop_us_per_action": round(timed.elapsed_ns / timed.actions / 1000, 3),
        "game_copy_us": round(copy_us, 3),
        "state_copy_us": round(state_copy_us, 3),
        "game_copy_bytes_tracemalloc": round(game_bytes),
        "state_copy_bytes_tracemalloc": round(state_bytes),
        "state_deep_bytes": deep_state,
        "rules_deep_bytes": deep_rules,
        "meld_cache_entries": len(cache) if cache is not None else 0,
        "meld_cache_deep_bytes": deep_cache,
        "probe_stock": len(st.stock),
        "probe_pile": len(st.pile),
        "probe_actions_so_far": len(probe.actions),
        "machine": machine(),
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    m = result["machine"]
    rows = [
        ("profile", f"{result['variant']}, {args.players} players, {args.bot} play, seeds from {args.seed}"),
        ("hands per second", f"{result['hands_per_second']:.0f}   ({plain.hands} hands, {plain.matches} matches in {sec:.1f} s)"),
        ("actions per hand", f"{result['actions_per_hand']:.1f}"),
        ("loop per action", f"{result['loop_us_per_action']:.2f} µs   (legal_actions + choice + apply, untimed run)"),
        ("legal_actions()", f"{result['legal_actions_us']:.2f} µs per call"),
        ("apply()", f"{result['apply_us']:.2f} µs per call"),
        (
            "timed loop per action",
            f"{result['timed_loop_us_per_action']:.2f} µs   ({result['timed_hands_per_second']:.0f} hands/s with timers on)",
        ),
        ("Game.copy()", f"{copy_us:.2f} µs   (State.copy() {state_copy_us:.2f} µs)"),
        (
            "memory per copy",
            f"{game_bytes:,.0f} B per Game.copy(), {state_bytes:,.0f} B per State.copy() (tracemalloc, {args.copies} copies)",
        ),
        ("deep size of state", f"{deep_state:,} B   (rules, shared by all copies: {deep_rules:,} B)"),
        ("meld cache", f"{result['meld_cache_entries']:,} entries, {deep_cache:,} B   (shared by every table with the same meld rules)"),
        ("machine", f"{m['cpu']}, {m['cores_seen']} cores seen, Python {m['python']}"),
    ]
    width = max(len(k) for k, _ in rows)
    for k, v in rows:
        print(f"{k:<{width}}  {v}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
