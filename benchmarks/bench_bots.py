"""Bot strength and speed: HeuristicBot against RandomBot, and against itself, under every bundled profile.

Strength (four players, two sides of partners, whole matches to the target):

* heuristic vs random: the heuristic bots are partners on one side, random bots
  on the other; the heuristic side alternates between side 0 and side 1 from
  match to match. Reported: matches won, hands won, mean margin per match and
  per hand (heuristic side minus random side), and the matches ended by the
  hand cap (``--cap``), whose winner is the side ahead.
* heuristic vs heuristic, seats swapped: every seed is played twice with the
  two pairs of bots (their seeds) swapped between the sides, so the deals are
  the same and only the seat differs. Reported: the win rate of side 0 (seat 0
  leads the first hand) and the mean margin of side 0, with a 95% interval.

Speed: decisions per second of ``HeuristicBot.choose`` alone, over views
recorded from heuristic play (the view is built before the clock starts).

Matches run in a process pool (``--workers``, default every core); results are
gathered in seed order, so they do not depend on the number of workers. Run
from the repository root::

    python benchmarks/bench_bots.py                     # 200 matches per profile and pairing
    python benchmarks/bench_bots.py --matches 20 --profiles finnish
    python benchmarks/bench_bots.py --json
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import canasta
from canasta.bots import Bot, HeuristicBot, RandomBot
from canasta.core.events import HandEnded

PLAYERS = 4


def play_match(profile: str, seed: int, kinds: tuple[str, str], bot_seeds: tuple[int, int], cap: int) -> dict[str, Any]:
    """One match: ``kinds[side]`` is ``h`` (heuristic) or ``r`` (random) for each side; partners share a bot object."""
    variant = canasta.load_variant(profile)
    made: list[Bot] = [HeuristicBot(seed=s) if k == "h" else RandomBot(seed=s) for k, s in zip(kinds, bot_seeds, strict=True)]
    g = canasta.Game(variant, players=PLAYERS, seed=seed)
    bots = [made[g.side_of(seat)] for seat in range(PLAYERS)]
    hand_totals: list[tuple[int, ...]] = []
    decisions = 0
    start = time.perf_counter()
    while not g.is_over and g.hand_number <= cap:
        seat = g.current_player
        view = g.view(seat)
        action = bots[seat].choose(view, view.legal_actions)
        decisions += 1
        for event in g.apply(action):
            if isinstance(event, HandEnded):
                totals = [0, 0]
                for part in event.scores:
                    totals[part.side] = part.total
                hand_totals.append(tuple(totals))
    return {
        "profile": profile,
        "seed": seed,
        "kinds": kinds,
        "scores": g.scores,
        "capped": not g.is_over,
        "hands": hand_totals,
        "decisions": decisions,
        "seconds": time.perf_counter() - start,
    }


def _run(args: tuple[str, int, tuple[str, str], tuple[int, int], int]) -> dict[str, Any]:
    return play_match(*args)


def _mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% normal interval."""
    if not xs:
        return 0.0, 0.0
    m = statistics.fmean(xs)
    if len(xs) < 2:
        return m, 0.0
    return m, 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))


def versus_random(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Match and hand statistics of the heuristic side against the random side."""
    won = drawn = capped = hands = hands_won = 0
    margins: list[float] = []
    hand_margins: list[float] = []
    for r in results:
        h = r["kinds"].index("h")
        scores = r["scores"]
        margin = scores[h] - scores[1 - h]
        margins.append(margin)
        won += margin > 0
        drawn += margin == 0
        capped += r["capped"]
        for totals in r["hands"]:
            hands += 1
            hand_margins.append(totals[h] - totals[1 - h])
            hands_won += totals[h] > totals[1 - h]
    m, ci = _mean_ci(margins)
    hm, hci = _mean_ci(hand_margins)
    n = len(results)
    return {
        "matches": n,
        "won": won,
        "drawn": drawn,
        "win_rate": won / n if n else 0.0,
        "hands": hands,
        "hands_won": hands_won,
        "hand_win_rate": hands_won / hands if hands else 0.0,
        "margin_per_match": m,
        "margin_per_match_ci": ci,
        "margin_per_hand": hm,
        "margin_per_hand_ci": hci,
        "hands_per_match": hands / n if n else 0.0,
        "capped": capped,
    }


def seat_bias(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Side 0's record in heuristic-vs-heuristic matches (both seatings of every seed)."""
    won = lost = capped = hands = 0
    margins: list[float] = []
    hand_margins: list[float] = []
    for r in results:
        a, b = r["scores"]
        margins.append(a - b)
        won += a > b
        lost += b > a
        capped += r["capped"]
        for t0, t1 in r["hands"]:
            hands += 1
            hand_margins.append(t0 - t1)
    m, ci = _mean_ci(margins)
    hm, hci = _mean_ci(hand_margins)
    n = len(results)
    return {
        "matches": n,
        "side0_won": won,
        "side1_won": lost,
        "side0_win_rate": won / n if n else 0.0,
        "side0_margin_per_match": m,
        "side0_margin_per_match_ci": ci,
        "side0_margin_per_hand": hm,
        "side0_margin_per_hand_ci": hci,
        "hands_per_match": hands / n if n else 0.0,
        "capped": capped,
    }


def decision_speed(profile: str, hands: int = 30, repeat: int = 5) -> dict[str, float]:
    """Decisions per second of HeuristicBot.choose over views recorded from heuristic play; also the view's own cost."""
    variant = canasta.load_variant(profile)
    samples = []
    seed = 0
    while len(samples) < hands * 60:
        g = canasta.Game(variant, players=PLAYERS, seed=10_000 + seed)
        bot = HeuristicBot(seed=seed)
        seed += 1
        while not g.is_over and g.hand_number <= 3:
            view = g.view(g.current_player)
            samples.append(view)
            g.apply(bot.choose(view, view.legal_actions))
    bot = HeuristicBot(seed=1)
    choices = [view for view in samples if len(view.legal_actions) > 1]

    def best_of(views: list[Any]) -> float:
        best = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            for view in views:
                bot.choose(view, view.legal_actions)
            best = min(best, time.perf_counter() - t0)
        return best

    best = best_of(samples)
    real = best_of(choices)
    g = canasta.Game(variant, players=PLAYERS, seed=1)
    t0 = time.perf_counter()
    for _ in range(2000):
        g.view(g.current_player)
    view_us = (time.perf_counter() - t0) / 2000 * 1e6
    return {
        "decisions": len(samples),
        "decisions_per_second": len(samples) / best,
        "us_per_decision": best / len(samples) * 1e6,
        "us_per_real_choice": real / len(choices) * 1e6,
        "view_us": view_us,
    }


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--matches", type=int, default=200, help="matches per profile for each pairing (default 200)")
    p.add_argument(
        "--hh-matches", type=int, default=None, help="heuristic-vs-heuristic seeds per profile, each played twice (default: --matches / 2)"
    )
    p.add_argument("--profiles", default=",".join(canasta.variant_names()), help="comma-separated bundled profiles (default: all)")
    p.add_argument("--cap", type=int, default=50, help="hands per match before it is ended and the side ahead wins (default 50)")
    p.add_argument("--seed", type=int, default=0, help="first deal seed (default 0)")
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes (default: every core)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    profiles = [x.strip() for x in args.profiles.split(",") if x.strip()]
    hh = args.hh_matches if args.hh_matches is not None else max(1, args.matches // 2)
    tasks: list[tuple[str, int, tuple[str, str], tuple[int, int], int]] = []
    for profile in profiles:
        for i in range(args.matches):
            seed = args.seed + i
            kinds = ("h", "r") if i % 2 == 0 else ("r", "h")
            tasks.append((profile, seed, kinds, (2 * seed, 2 * seed + 1), args.cap))
        for i in range(hh):
            seed = args.seed + i
            tasks.append((profile, seed, ("h", "h"), (2 * seed, 2 * seed + 1), args.cap))
            tasks.append((profile, seed, ("h", "h"), (2 * seed + 1, 2 * seed), args.cap))
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(_run, tasks, chunksize=4))
    wall = time.perf_counter() - start
    report: dict[str, Any] = {
        "machine": {"python": platform.python_version(), "cpus": os.cpu_count(), "workers": args.workers},
        "settings": {"players": PLAYERS, "matches": args.matches, "hh_seeds": hh, "cap": args.cap, "first_seed": args.seed},
        "wall_seconds": wall,
        "profiles": {},
    }
    for profile in profiles:
        mine = [r for r in results if r["profile"] == profile]
        vr = [r for r in mine if "r" in r["kinds"]]
        vh = [r for r in mine if "r" not in r["kinds"]]
        decisions = sum(r["decisions"] for r in mine)
        seconds = sum(r["seconds"] for r in mine)
        report["profiles"][profile] = {
            "vs_random": versus_random(vr),
            "vs_heuristic": seat_bias(vh),
            "play_us_per_decision": seconds / decisions * 1e6 if decisions else 0.0,
            "speed": decision_speed(profile),
        }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(format_report(report))
    return 0


def format_report(report: dict[str, Any]) -> str:
    s = report["settings"]
    lines = [
        f"{s['players']} players; heuristic vs random: {s['matches']} matches per profile; "
        f"heuristic vs heuristic: {s['hh_seeds']} seeds x 2 seatings; cap {s['cap']} hands per match; "
        f"wall {report['wall_seconds']:.0f} s on {report['machine']['workers']} workers",
        "",
        "| profile | matches won vs random | hands won | margin per match | margin per hand | hands per match | capped |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name, p in report["profiles"].items():
        v = p["vs_random"]
        lines.append(
            f"| {name} | {v['won']}/{v['matches']} ({v['win_rate']:.1%}) | {v['hand_win_rate']:.1%} "
            f"| {v['margin_per_match']:+.0f} ± {v['margin_per_match_ci']:.0f} | {v['margin_per_hand']:+.0f} ± {v['margin_per_hand_ci']:.0f} "
            f"| {v['hands_per_match']:.1f} | {v['capped']} |"
        )
    lines += [
        "",
        "| profile | heuristic vs heuristic: side 0 wins | side 1 wins | side 0 margin per match | per hand | hands per match | capped |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name, p in report["profiles"].items():
        h = p["vs_heuristic"]
        lines.append(
            f"| {name} | {h['side0_won']}/{h['matches']} ({h['side0_win_rate']:.1%}) | {h['side1_won']} "
            f"| {h['side0_margin_per_match']:+.0f} ± {h['side0_margin_per_match_ci']:.0f} "
            f"| {h['side0_margin_per_hand']:+.0f} ± {h['side0_margin_per_hand_ci']:.0f} | {h['hands_per_match']:.1f} | {h['capped']} |"
        )
    lines += [
        "",
        "| profile | HeuristicBot.choose decisions/s | µs per decision | µs per choice among 2+ actions | view µs | play loop µs per decision |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for name, p in report["profiles"].items():
        sp = p["speed"]
        lines.append(
            f"| {name} | {sp['decisions_per_second']:,.0f} | {sp['us_per_decision']:.1f} | {sp['us_per_real_choice']:.1f} "
            f"| {sp['view_us']:.1f} | {p['play_us_per_decision']:.1f} |"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
