"""The pure-Python and the compiled engine side by side, in one run: hands per second, copy cost, memory.

Run ``python benchmarks/bench_compiled.py --help``; ``benchmarks/README.md``
explains every number. Each build runs in a subprocess of its own, one after
the other, on the same seeds:

- **pure**: the modules of a source tree (``--pure-src``, default this
  repository) put first on ``PYTHONPATH``, so they are imported as ``.py`` files;
- **compiled**: an interpreter whose installed ``canasta`` is the wheel compiled
  by mypyc (``--compiled-python``); without one, a virtual environment is made
  in the temporary directory with ``pip install <repository>`` (about a minute,
  kept for the next run);
- **baseline** (optional, ``--baseline-src``): another source tree run pure, for
  example an export of an older commit (``git archive COMMIT | tar -x -C DIR``).

Hands are played **one per game**, 4 players by default, from the seeds
``--seed``, ``--seed + 1``, ...: a new game is dealt (not timed), then the
decision loop (``legal_actions()``, the choice, ``apply()``) is timed until
the first hand ends. That is how other engines' figures are taken too.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HERE = Path(__file__).resolve().parent


# -- the worker: runs inside one build ---------------------------------------------


def _one_hand_loop(variant: Any, players: int, seed: int, policy: str) -> tuple[int, int]:
    """Deal a game from ``seed``, play its first hand; return (nanoseconds in the decision loop, actions)."""
    from canasta.core.game import Game

    g = Game(variant, players=players, seed=seed)
    legal = g.legal_actions
    apply = g.apply
    n = 0
    clock = time.perf_counter_ns
    if policy == "random":
        choice = random.Random(seed).choice
        start = clock()
        while g.hand_number == 1 and not g.is_over:
            apply(choice(legal()))
            n += 1
        return clock() - start, n
    from canasta.bots import HeuristicBot

    choose = HeuristicBot(seed=seed).choose
    view = g.view
    start = clock()
    while g.hand_number == 1 and not g.is_over:
        apply(choose(view(g.current_player), legal()))
        n += 1
    return clock() - start, n


def hands_per_second(variant: Any, players: int, hands: int, first_seed: int, policy: str) -> dict[str, float]:
    loop_ns = actions = 0
    for seed in range(first_seed, first_seed + hands):
        ns, n = _one_hand_loop(variant, players, seed, policy)
        loop_ns += ns
        actions += n
    return {
        "hands": hands,
        "hands_per_second": hands / (loop_ns / 1e9),
        "actions_per_hand": actions / hands,
        "loop_us_per_action": loop_ns / actions / 1000,
    }


def _rss_kib() -> tuple[int, int]:
    """(peak RSS, current RSS) of this process in KiB."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            current = int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024
    except OSError:
        current = -1
    return peak, current


def long_run(variant: Any, players: int, hands: int, first_seed: int) -> dict[str, Any]:
    """``hands`` one-hand games in this process; peak and current RSS after the first 1% and at the end."""
    early = max(1, hands // 100)
    start = time.perf_counter()
    marks: dict[str, Any] = {}
    for i, seed in enumerate(range(first_seed, first_seed + hands), 1):
        _one_hand_loop(variant, players, seed, "random")
        if i == early:
            marks["start_hands"] = i
            marks["start_peak_rss_kib"], marks["start_rss_kib"] = _rss_kib()
    marks["end_hands"] = hands
    marks["end_peak_rss_kib"], marks["end_rss_kib"] = _rss_kib()
    marks["seconds"] = time.perf_counter() - start
    return marks


def worker(args: argparse.Namespace) -> dict[str, Any]:
    import canasta
    import canasta.core

    compiled = getattr(canasta.core, "COMPILED", False)  # a baseline tree from before the flag is pure
    sys.path.insert(0, str(HERE))
    import bench_engine  # the copy and memory measures, shared with bench_engine.py

    variant = canasta.load_variant(args.variant)
    out: dict[str, Any] = {"compiled": compiled, "canasta": str(Path(canasta.__file__).parent), "python": platform.python_version()}
    if args.long_hands:
        out["long"] = long_run(variant, args.players, args.long_hands, args.seed)
        return out
    _one_hand_loop(variant, args.players, args.seed, "random")  # warm-up: imports, caches
    out["random"] = hands_per_second(variant, args.players, args.hands, args.seed, "random")
    if args.bot_hands:
        out["heuristic"] = hands_per_second(variant, args.players, args.bot_hands, args.seed, "heuristic")
    games = bench_engine.mid_hand_games(variant, args.players, 50, args.seed)
    out["game_copy_us"], out["state_copy_us"] = bench_engine.time_copies(games, 1.0)
    probe = games[len(games) // 2]
    out["state_deep_bytes"] = bench_engine.deep_size(probe.state, skip=(probe.state.rules,))
    out["game_copy_bytes"] = bench_engine.traced_bytes(probe.copy, 2000)
    out["state_copy_bytes"] = bench_engine.traced_bytes(probe.state.copy, 2000)
    return out


# -- the driver: one subprocess per build -------------------------------------------


def default_venv() -> Path:
    return Path(tempfile.gettempdir()) / f"canasta-compiled-py{sys.version_info[0]}{sys.version_info[1]}"


def _is_compiled(python: str) -> bool:
    probe = "import canasta.core as c; print(c.COMPILED)"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([python, "-c", probe], env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True)
    return done.returncode == 0 and done.stdout.strip() == "True"


def compiled_python(args: argparse.Namespace) -> str:
    """An interpreter that imports the compiled build: given, this one, or a virtual environment made for it."""
    if args.compiled_python:
        return str(args.compiled_python)
    if _is_compiled(sys.executable):
        return sys.executable
    venv = default_venv()
    python = venv / "bin" / "python"
    if python.exists() and _is_compiled(str(python)) and not args.rebuild:
        return str(python)
    print(f"building the compiled engine into {venv} (pip install {ROOT}) ...", file=sys.stderr, flush=True)
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
    env = {**os.environ, "CANASTA_REQUIRE_COMPILED": "1"}
    env.pop("CANASTA_PURE_PYTHON", None)
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(ROOT)], check=True, env=env)
    return str(python)


def run_build(label: str, python: str, src: Path | None, args: argparse.Namespace) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    if src is not None:
        env["PYTHONPATH"] = str(src)
    argv = [python, str(Path(__file__).resolve()), "--worker", "--variant", args.variant, "--players", str(args.players)]
    argv += ["--seed", str(args.seed), "--hands", str(args.hands), "--bot-hands", str(args.bot_hands), "--long-hands", str(args.long_hands)]
    print(f"running the {label} build ...", file=sys.stderr, flush=True)
    done = subprocess.run(argv, env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"the {label} build failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    if result["compiled"] != (label == "compiled"):
        sys.exit(f"the {label} build imported {'compiled' if result['compiled'] else 'pure'} modules from {result['canasta']}")
    return result


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return f"{cpu}, nproc {os.cpu_count()}, {platform.python_implementation()} {platform.python_version()}"


def report(results: dict[str, dict[str, Any]], args: argparse.Namespace) -> None:
    labels = list(results)
    print(f"{args.variant}, {args.players} players, one hand per game, seeds from {args.seed}; {machine()}")
    if args.long_hands:
        rows = [
            ("hands in one process", "{:,}", lambda r: r["long"]["end_hands"]),
            ("seconds", "{:.0f}", lambda r: r["long"]["seconds"]),
            ("peak RSS after the first 1% (KiB)", "{:,}", lambda r: r["long"]["start_peak_rss_kib"]),
            ("peak RSS at the end (KiB)", "{:,}", lambda r: r["long"]["end_peak_rss_kib"]),
            ("RSS after the first 1% / at the end (KiB)", "{}", lambda r: f"{r['long']['start_rss_kib']:,} / {r['long']['end_rss_kib']:,}"),
        ]
    else:
        rows = [
            (f"random play, hands/s ({args.hands} hands)", "{:,.0f}", lambda r: r["random"]["hands_per_second"]),
            ("  loop per action (µs)", "{:.2f}", lambda r: r["random"]["loop_us_per_action"]),
            ("  actions per hand", "{:.1f}", lambda r: r["random"]["actions_per_hand"]),
        ]
        if args.bot_hands:
            rows.append((f"heuristic bot, hands/s ({args.bot_hands} hands)", "{:,.0f}", lambda r: r["heuristic"]["hands_per_second"]))
        rows += [
            ("Game.copy() (µs)", "{:.2f}", lambda r: r["game_copy_us"]),
            ("State.copy() (µs)", "{:.2f}", lambda r: r["state_copy_us"]),
            ("bytes per game state (deep size)", "{:,}", lambda r: r["state_deep_bytes"]),
            ("bytes per Game.copy() / State.copy()", "{}", lambda r: f"{r['game_copy_bytes']:,.0f} / {r['state_copy_bytes']:,.0f}"),
        ]
    width = max(len(name) for name, _, _ in rows)
    print(" " * width + "".join(f"{label:>16}" for label in labels))
    for name, fmt, get in rows:
        print(f"{name:<{width}}" + "".join(f"{fmt.format(get(results[label])):>16}" for label in labels))
    if not args.long_hands and "compiled" in results:
        fast = results["compiled"]["random"]["hands_per_second"]
        for label in labels:
            if label != "compiled":
                slow = results[label]["random"]["hands_per_second"]
                print(f"compiled / {label}: {fast / slow:.2f}x hands per second (random play)")
                if args.bot_hands:
                    print(
                        f"compiled / {label}: {results['compiled']['heuristic']['hands_per_second'] / results[label]['heuristic']['hands_per_second']:.2f}x (heuristic bot)"
                    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--variant", default="finnish")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--hands", type=int, default=3000, help="random-play hands per build (default 3000)")
    parser.add_argument("--bot-hands", type=int, default=300, help="heuristic-bot hands per build (default 300; 0 skips)")
    parser.add_argument("--long-hands", type=int, default=0, help="instead: play this many hands in one process per build and report RSS")
    parser.add_argument(
        "--builds", default="pure,compiled", help="which builds, in order: pure, compiled, baseline (default pure,compiled)"
    )
    parser.add_argument("--pure-src", type=Path, default=ROOT, help="source tree of the pure build (default this repository)")
    parser.add_argument("--baseline-src", type=Path, help="another source tree, run pure as the 'baseline' build")
    parser.add_argument("--compiled-python", type=Path, help="interpreter whose installed canasta is compiled")
    parser.add_argument("--rebuild", action="store_true", help="rebuild the compiled environment in the temporary directory")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        json.dump(worker(args), sys.stdout)
        return 0
    builds = [b.strip() for b in args.builds.split(",") if b.strip()]
    if args.baseline_src and "baseline" not in builds:
        builds.append("baseline")
    results: dict[str, dict[str, Any]] = {}
    for label in builds:
        if label == "pure":
            results[label] = run_build(label, sys.executable, args.pure_src.resolve(), args)
        elif label == "baseline":
            if not args.baseline_src:
                parser.error("the baseline build needs --baseline-src")
            results[label] = run_build(label, sys.executable, args.baseline_src.resolve(), args)
        elif label == "compiled":
            results[label] = run_build(label, compiled_python(args), None, args)
        else:
            parser.error(f"unknown build {label!r}")
    if args.json:
        json.dump(
            {
                "machine": machine(),
                "settings": vars(args) | {"pure_src": str(args.pure_src), "baseline_src": str(args.baseline_src)},
                "results": results,
            },
            sys.stdout,
            default=str,
        )
        print()
    else:
        report(results, args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
