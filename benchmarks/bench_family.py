"""Schema 2's cost (issue 20, item 5): classic random play against a baseline build, and the family profiles per decision.

Two measures, both from whole hands played in the decision loop (``legal_actions()``,
the choice, ``apply()``), the deal untimed, one hand per game, 4 players:

* **paired**: random play under a classic profile (``--variant``, default
  ``finnish``) in two interpreters, each with its own installed build of
  canasta (``--python`` for this one, ``--baseline-python`` for the commit to
  compare with, e.g. a wheel of the main an issue starts from). The two run in
  turn, A B A B …, each pair on the same seeds, and the ratio A/B of hands per
  second is reported pair by pair, with its median: on a shared machine the
  pairs cancel the drift;
* **per decision**: random and heuristic play under every profile named by
  ``--profiles``, in microseconds per decision, and the ratio to the first
  profile (the classic one to compare with).

Run from the repository root, e.g. with a compiled wheel of the baseline in
``/tmp/base-venv``::

    python benchmarks/bench_family.py --baseline-python /tmp/base-venv/bin/python --python .venv/bin/python
    python benchmarks/bench_family.py --profiles finnish,modern-american,cuban,uruguayan

``benchmarks/README.md`` records the figures with the machine and the date.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def _loop(variant: Any, seed: int, policy: str) -> tuple[int, int]:
    """One hand of a game dealt from ``seed``, 4 players: bench_compiled.py's loop (nanoseconds in the decision loop, decisions)."""
    sys.path.insert(0, str(HERE))
    from bench_compiled import _one_hand_loop

    return _one_hand_loop(variant, 4, seed, policy)


def worker(profile: str, hands: int, first_seed: int, policy: str) -> dict[str, Any]:
    """Hands per second and microseconds per decision of ``hands`` one-hand games, in this interpreter."""
    import canasta
    import canasta.core

    variant = canasta.load_variant(profile)
    _loop(variant, first_seed, policy)  # warm-up: caches
    ns = decisions = 0
    for seed in range(first_seed, first_seed + hands):
        t, n = _loop(variant, seed, policy)
        ns += t
        decisions += n
    return {
        "compiled": bool(getattr(canasta.core, "COMPILED", False)),
        "hands_per_second": hands / (ns / 1e9),
        "us_per_decision": ns / decisions / 1000,
        "decisions": decisions,
    }


def _run(python: str, profile: str, hands: int, seed: int, policy: str) -> dict[str, Any]:
    """A worker in a subprocess of ``python``, from a neutral folder so that its installed canasta is imported."""
    out = subprocess.run(
        [python, str(Path(__file__).resolve()), "--worker", profile, str(hands), str(seed), policy],
        check=True,
        capture_output=True,
        text=True,
        cwd="/",
    )
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def paired(args: argparse.Namespace) -> dict[str, Any]:
    ratios: list[float] = []
    rows = []
    for k in range(args.pairs):
        seed = args.seed + k * args.hands
        a = _run(args.python, args.variant, args.hands, seed, "random")
        b = _run(args.baseline_python, args.variant, args.hands, seed, "random")
        ratios.append(a["hands_per_second"] / b["hands_per_second"])
        rows.append((a["hands_per_second"], b["hands_per_second"], a["compiled"], b["compiled"]))
    return {"ratios": ratios, "median": statistics.median(ratios), "rows": rows}


def per_decision(args: argparse.Namespace) -> list[dict[str, Any]]:
    out = []
    for profile in args.profiles.split(","):
        rand = _run(args.python, profile, args.hands, args.seed, "random")
        heur = _run(args.python, profile, args.bot_hands, args.seed, "heuristic")
        out.append({"profile": profile, "random": rand, "heuristic": heur})
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="schema 2's cost: classic random play against a baseline build, and the family per decision")
    p.add_argument("--python", default=sys.executable, help="interpreter whose installed canasta is measured (default this one)")
    p.add_argument("--baseline-python", help="interpreter whose installed canasta is the baseline; without it, no paired run")
    p.add_argument("--variant", default="finnish", help="the classic profile of the paired run (default finnish)")
    p.add_argument("--profiles", default="finnish,modern-american,cuban,uruguayan", help="profiles per decision, the first the reference")
    p.add_argument("--pairs", type=int, default=7, help="pairs of the paired run (default 7)")
    p.add_argument("--hands", type=int, default=600, help="random-play hands per run (default 600)")
    p.add_argument("--bot-hands", type=int, default=60, help="heuristic hands per profile (default 60)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", action="store_true")
    p.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.worker:
        profile, hands, seed, policy = args.worker
        print(json.dumps(worker(profile, int(hands), int(seed), policy)))
        return 0
    report: dict[str, Any] = {}
    if args.baseline_python:
        report["paired"] = paired(args)
    report["per_decision"] = per_decision(args)
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    if "paired" in report:
        pr = report["paired"]
        print(f"paired random play, {args.variant}, {args.hands} hands a run, {args.pairs} pairs (A this build, B the baseline):")
        for (a, b, ca, cb), r in zip(pr["rows"], pr["ratios"], strict=True):
            print(f"  A {a:8.0f} hands/s{' (compiled)' if ca else ''}   B {b:8.0f} hands/s{' (compiled)' if cb else ''}   A/B {r:.3f}")
        print(f"  median A/B {pr['median']:.3f}, range {min(pr['ratios']):.3f} to {max(pr['ratios']):.3f}")
    rows = report["per_decision"]
    ref = rows[0]
    print(f"\nper decision ({'compiled' if ref['random']['compiled'] else 'pure-Python'} engine), ratio to {ref['profile']}:")
    print("| profile | random µs/decision | × | heuristic µs/decision | × |")
    print("|---|---:|---:|---:|---:|")
    for row in rows:
        r, h = row["random"]["us_per_decision"], row["heuristic"]["us_per_decision"]
        rr, hh = r / ref["random"]["us_per_decision"], h / ref["heuristic"]["us_per_decision"]
        print(f"| {row['profile']} | {r:.2f} | {rr:.2f} | {h:.1f} | {hh:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
