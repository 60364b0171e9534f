"""Instructions, not seconds: the engine's copy, view and random play counted with callgrind, for one or more builds.

    python benchmarks/count_instructions.py PYTHON [PYTHON ...]
    python benchmarks/count_instructions.py ~/.cache/canasta-bench/<commit>/bin/python /venvs/new/bin/python

Timings on a shared virtual machine scatter by half from one run to the next; the
number of instructions a seeded piece of work takes does not. Each PYTHON is an
interpreter with a build of canasta installed (compiled or pure; for the pure
engine of a checkout, give ``--source DIR`` to put DIR first on the path). Each
figure is one run under ``valgrind --tool=callgrind`` with the set-up's count
(the games brought to mid-hand) taken away. Needs valgrind. Workloads, all
4-player ``finnish`` (``--variant`` names another profile), seeded as ``against_baseline.py``'s:

- ``copy``: ``Game.copy()`` of 59 games mid-hand, 300 times each;
- ``view``: ``Game.view()`` of the player to act in the same games, 60 times each;
- ``random_step``: 20,000 steps of uniform random play, one hand a game (games made and dealt included).
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys

GAMES = """
import random, canasta
profile = canasta.load_variant("finnish")
rng, games = random.Random(1), []
for seed in range(60):
    g = canasta.Game(profile, players=4, seed=seed)
    for _ in range(rng.randrange(20, 80)):
        if g.hand_scores or g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    if not (g.hand_scores or g.is_over):
        games.append(g)
for g in games:
    g.legal_actions()
"""

WORK = {
    "setup": GAMES,
    "copy": GAMES + "for _ in range(300):\n    for g in games:\n        g.copy()\n",
    "view": GAMES + "for _ in range(60):\n    for g in games:\n        g.view(g.current_player)\n",
    "random_step": """
import random, canasta
profile = canasta.load_variant("finnish")
rng, seed, done = random.Random(0), 0, 0
while done < 20000:
    g = canasta.Game(profile, players=4, seed=seed)
    seed += 1
    while not (g.hand_scores or g.is_over) and done < 20000:
        g.apply(rng.choice(g.legal_actions()))
        done += 1
""",
}


def instructions(python: str, code: str, source: str | None) -> int:
    """The instructions callgrind counts for ``python -c code``."""
    env = dict(os.environ)
    if source:
        env["PYTHONPATH"] = source
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", python, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    found = re.search(r"refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count from valgrind for {python}:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="instructions of copy, view and random play, per build (callgrind)")
    p.add_argument("pythons", nargs="+", help="interpreters, each with a build of canasta installed")
    p.add_argument("--source", action="append", default=[], help="a checkout to put first on the path, once per PYTHON in order (pure engine)")
    p.add_argument("--variant", default="finnish", help="the profile every workload plays (default finnish), 4 players")
    args = p.parse_args(argv)
    work = {name: code.replace('load_variant("finnish")', f"load_variant({args.variant!r})") for name, code in WORK.items()}
    sources: list[str | None] = [*args.source, *[None] * len(args.pythons)]
    print("| build | copy | view | random_step |")
    print("|---|---:|---:|---:|")
    for python, source in zip(args.pythons, sources, strict=False):
        setup = instructions(python, work["setup"], source)
        row = [instructions(python, work["copy"], source) - setup, instructions(python, work["view"], source) - setup]
        row.append(instructions(python, work["random_step"], source))
        print(f"| {source or python} | " + " | ".join(f"{n / 1e6:,.1f} M" for n in row) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
