"""Simulation throughput: hands per second with random and heuristic bots, on one core and on all, and on Dask.

Run ``python benchmarks/bench_simulation.py --help``; ``benchmarks/README.md``
explains every number. The numbers belong in that README, never in a timed test.

Every measurement is a real ``canasta.simulate`` run of single hands of
``--variant`` (4 players) from fixed seeds, so it counts what a user waits
for: dealing, views, bot decisions, the engine, the metrics, and sending
work to processes. "Decisions per second of the heuristic bot" times
``HeuristicBot.choose`` alone, around each call, in one process.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from collections.abc import Sequence
from typing import Any

import canasta
from canasta.bots import HeuristicBot
from canasta.core.views import PlayerView
from canasta.simulation import simulate
from canasta.simulation.parallel import local_cores


def hands_per_second(variant: str, bots: str, hands: int, workers: int | None = None, scheduler: str | None = None) -> dict[str, Any]:
    """One simulate() run: wall-clock hands per second, and what one core plays."""
    began = time.perf_counter()
    result = simulate(variant, hands=hands, bots=bots, seed=0, workers=workers, scheduler=scheduler)
    wall = time.perf_counter() - began
    return {
        "bots": bots,
        "hands": result.hands,
        "workers": result.timing.workers,
        "executor": result.timing.executor,
        "wall_seconds": round(wall, 2),
        "hands_per_second": round(result.hands / wall, 1),
        "hands_per_core_second": round(result.timing.hands_per_core_second, 1),
        "decisions_per_core_second": round(result.timing.decisions_per_core_second),
        "turns_per_hand": round(result.metric("duration.turns").estimate.mean, 1),
    }


class _TimedBot:
    """Wraps a bot and adds up the time spent in its ``choose``."""

    def __init__(self, bot: HeuristicBot) -> None:
        self.bot = bot
        self.seconds = 0.0
        self.calls = 0

    def choose(self, view: PlayerView, legal: Sequence[canasta.Action]) -> canasta.Action:
        began = time.perf_counter()
        action = self.bot.choose(view, legal)
        self.seconds += time.perf_counter() - began
        self.calls += 1
        return action


def heuristic_decisions(variant: str, hands: int) -> dict[str, Any]:
    """``HeuristicBot.choose`` alone: calls per second over ``hands`` single hands (one process)."""
    from canasta.bots import play_turn

    bots = [_TimedBot(HeuristicBot(seed)) for seed in range(4)]
    played = 0
    for seed in range(hands):
        game = canasta.Game(variant, 4, seed=seed)
        while game.hand_number == 1 and not game.is_over:
            play_turn(game, bots)  # type: ignore[arg-type]
        played += 1
    calls = sum(b.calls for b in bots)
    seconds = sum(b.seconds for b in bots)
    return {
        "hands": played,
        "decisions": calls,
        "decisions_per_second": round(calls / seconds),
        "microseconds_per_decision": round(1e6 * seconds / calls, 1),
    }


def dask_scaling(variant: str, bots: str, hands: int) -> dict[str, Any]:
    """The same run on a loopback LocalCluster of one worker process, then of two."""
    from distributed import LocalCluster

    out: dict[str, Any] = {}
    for n in (1, 2):
        cluster = LocalCluster(host="127.0.0.1", n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None)
        try:
            out[f"{n}_workers"] = hands_per_second(variant, bots, hands, scheduler=cluster.scheduler_address)
        finally:
            cluster.close()
    out["speedup"] = round(out["2_workers"]["hands_per_second"] / out["1_workers"]["hands_per_second"], 2)
    return out


def table(report: dict[str, Any]) -> str:
    """The results as the Markdown table of benchmarks/README.md."""
    rows = ["| measure | value |", "|---|---|"]
    for key, label in (("random", "random bots"), ("heuristic", "heuristic bots")):
        one, every = report[f"{key}_1_core"], report[f"{key}_all_cores"]
        rows.append(f"| hands per second, {label}, 1 core | {one['hands_per_second']:,.0f} |")
        rows.append(f"| hands per second, {label}, {every['workers']} cores | {every['hands_per_second']:,.0f} |")
    d = report["heuristic_decisions"]
    rows.append(
        f"| heuristic bot decisions per second (`choose` alone) | {d['decisions_per_second']:,} ({d['microseconds_per_decision']} µs each) |"
    )
    rows.append(
        f"| decisions per core-second, heuristic play (bot + engine + views) | {report['heuristic_1_core']['decisions_per_core_second']:,} |"
    )
    if "dask" in report:
        k = report["dask"]
        rows.append(
            f"| Dask LocalCluster, heuristic bots: 1 → 2 workers | {k['1_workers']['hands_per_second']:,.0f} → "
            f"{k['2_workers']['hands_per_second']:,.0f} hands/s (×{k['speedup']}) |"
        )
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", default="finnish")
    parser.add_argument("--hands", type=int, default=2000, help="hands per measurement (default: 2000)")
    parser.add_argument("--no-dask", action="store_true", help="skip the Dask scaling run")
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {
        "variant": args.variant,
        "python": platform.python_version(),
        "cores": local_cores(),
        "cpu": platform.processor() or platform.machine(),
    }
    for bots in ("random", "heuristic"):
        report[f"{bots}_1_core"] = hands_per_second(args.variant, bots, args.hands, workers=1)
        report[f"{bots}_all_cores"] = hands_per_second(args.variant, bots, args.hands)
    report["heuristic_decisions"] = heuristic_decisions(args.variant, max(args.hands // 10, 50))
    if not args.no_dask:
        try:
            report["dask"] = dask_scaling(args.variant, "heuristic", args.hands)
        except ImportError:
            print("dask scaling skipped: pip install 'canasta[dask]'", file=sys.stderr)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"{args.variant}, 4 players, {args.hands} single hands per run; {report['cores']} cores, Python {report['python']}")
        print(table(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
