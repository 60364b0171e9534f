"""Every speed figure of issue 21, for this checkout against a baseline commit, paired: one command to judge the next change.

    python benchmarks/against_baseline.py 2fa3e90                 # build both compiled wheels, 5 pairs
    python benchmarks/against_baseline.py 2fa3e90 --pairs 7 --only view,random_step
    python benchmarks/against_baseline.py --baseline-python /venvs/old/bin/python --current-python /venvs/new/bin/python

Each side runs in its own virtual environment with the compiled wheel of its
source (``CANASTA_REQUIRE_COMPILED=1``) and the adapters' frameworks (numpy,
pettingzoo, open_spiel); the environments are kept under
``~/.cache/canasta-bench`` (the baseline's by commit, the checkout's rebuilt
on every run), or given with ``--baseline-python`` and ``--current-python``.
A figure is measured in a fresh process, the baseline's and the checkout's in
turn, ``--pairs`` times; the report gives each side's median and the median
of the pair-by-pair ratios (baseline time over current time: above 1 is
faster now) with its range, so load on a shared machine falls on both sides
of a pair alike. Every figure uses only the public API the baseline has too.

Figures (finnish, four players, uniform random or heuristic play, seeded):

- ``view``: µs per ``Game.view(seat)`` of the player to act, mid-hand;
- ``random_step``: µs per step of random play (``legal_actions``, a choice, ``apply``);
- ``copy``: µs per ``Game.copy()`` of a game mid-hand (a search copies thousands of times a decision);
- ``heuristic_decision``: µs per decision of four ``HeuristicBot`` players (view, ``choose``, ``apply``);
- ``pettingzoo_step`` / ``openspiel_step``: µs per step of the adapters' usual loop
  (PettingZoo with the observation and mask); ``*_vs_engine`` is that over
  ``random_step`` in the same process, the issue's "at most 2x / 1.5x a bare step";
- ``pettingzoo_floor``: µs per step of the same loop over a PettingZoo env that does nothing but give a
  zero vector of the observation's shape and a mask of 7 legal actions: the loop's and PettingZoo's own
  cost; ``pettingzoo_floor_vs_engine`` over ``random_step`` (a real env costs at least this plus an engine
  step, so issue 21's 2x needs it at most 1);
- ``openspiel_floor``: µs per step of a Python game that does nothing (7 legal actions, the mean of finnish
  random play), through the same ``pyspiel`` calls: what OpenSpiel's bridge to a Python game costs by itself;
  ``openspiel_floor_vs_engine`` is that over ``random_step``, the least ``openspiel_step_vs_engine`` can be
  above 1 (issue 21's 1.5x needs it at most 0.5);
- ``compare``: seconds of ``canasta compare finnish swedish-club --hands 2000``, the main job.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "canasta-bench"
EXTRAS = ("numpy", "pettingzoo", "open_spiel")
"""What the adapter figures need beside the wheel (the package's own ``rl`` extras, named directly: old commits may name them otherwise)."""

_SETUP = """
import random, time
import canasta
def mid_hand_games(n=60):
    profile = canasta.load_variant("finnish")
    rng, out = random.Random(1), []
    for seed in range(n):
        g = canasta.Game(profile, players=4, seed=seed)
        for _ in range(rng.randrange(20, 80)):
            if g.hand_scores or g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
        if not (g.hand_scores or g.is_over):
            out.append(g)
    return out
def random_step(steps=60000):
    profile = canasta.load_variant("finnish")
    rng, seed, done = random.Random(0), 0, 0
    start = time.perf_counter()
    while done < steps:
        g = canasta.Game(profile, players=4, seed=seed)
        seed += 1
        while not (g.hand_scores or g.is_over) and done < steps:
            g.apply(rng.choice(g.legal_actions()))
            done += 1
    return (time.perf_counter() - start) / done * 1e6
"""

FIGURES: dict[str, str] = {  # each sets ``result``
    "view": """
games = mid_hand_games()
for g in games:
    g.legal_actions()
best = float("inf")
for _ in range(5):
    start = time.perf_counter()
    for _ in range(40):
        for g in games:
            g.view(g.current_player)
    best = min(best, (time.perf_counter() - start) / (40 * len(games)) * 1e6)
result = best
""",
    "random_step": "result = random_step()",
    "copy": """
games = mid_hand_games()
best = float("inf")
for _ in range(5):
    start = time.perf_counter()
    for _ in range(200):
        for g in games:
            g.copy()
    best = min(best, (time.perf_counter() - start) / (200 * len(games)) * 1e6)
result = best
""",
    "heuristic_decision": """
from canasta.bots import HeuristicBot
profile = canasta.load_variant("finnish")
decisions, start = 0, time.perf_counter()
for seed in range(12):
    g = canasta.Game(profile, players=4, seed=seed)
    bots = [HeuristicBot(seed=seed * 4 + s) for s in range(4)]
    while not (g.hand_scores or g.is_over):
        view = g.view(g.current_player)
        g.apply(bots[g.current_player].choose(view, view.legal_actions))
        decisions += 1
result = (time.perf_counter() - start) / decisions * 1e6
""",
    "pettingzoo_step": """
import numpy as np
from canasta.integrations.pettingzoo import raw_env
env, rng, steps, seed = raw_env(variant="finnish", players=4), random.Random(0), 0, 0
start = time.perf_counter()
while steps < 30000:
    env.reset(seed=seed)
    seed += 1
    while not env.terminations[env.agent_selection] and steps < 30000:
        mask = env.last()[0]["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
result = (time.perf_counter() - start) / steps * 1e6
""",
    "openspiel_step": """
import pyspiel
import canasta.integrations.openspiel
game = pyspiel.load_game("python_canasta", {"variant": "finnish", "players": 4})
rng, steps, seed = random.Random(0), 0, 0
start = time.perf_counter()
while steps < 40000:
    state = game.new_initial_state()
    state.apply_action(seed % game.max_chance_outcomes())
    seed += 1
    while not state.is_terminal() and steps < 40000:
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
result = (time.perf_counter() - start) / steps * 1e6
""",
    "openspiel_floor": """
import pyspiel
T = pyspiel.GameType
kind = T(short_name="python_do_nothing", long_name="do nothing", dynamics=T.Dynamics.SEQUENTIAL,
         chance_mode=T.ChanceMode.DETERMINISTIC, information=T.Information.PERFECT_INFORMATION,
         utility=T.Utility.ZERO_SUM, reward_model=T.RewardModel.TERMINAL, max_num_players=4, min_num_players=4,
         provides_information_state_string=False, provides_information_state_tensor=False,
         provides_observation_string=False, provides_observation_tensor=False, parameter_specification={})
info = pyspiel.GameInfo(num_distinct_actions=100, max_chance_outcomes=0, num_players=4, min_utility=-1.0,
                        max_utility=1.0, utility_sum=0.0, max_game_length=10**9)
LEGAL = list(range(0, 14, 2))  # 7 actions: finnish random play lists 6.6 a step on average
class DoNothingGame(pyspiel.Game):
    def __init__(self, params=None):
        super().__init__(kind, info, params or {})
    def new_initial_state(self):
        return DoNothingState(self)
class DoNothingState(pyspiel.State):
    def __init__(self, game):
        super().__init__(game)
        self.n = 0
    def current_player(self):
        return self.n % 4
    def _legal_actions(self, player):
        return LEGAL
    def _apply_action(self, action):
        self.n += 1
    def is_terminal(self):
        return False
    def returns(self):
        return [0.0] * 4
    def __str__(self):
        return ""
pyspiel.register_game(kind, DoNothingGame)
state, rng = pyspiel.load_game("python_do_nothing").new_initial_state(), random.Random(0)
start = time.perf_counter()
for _ in range(100000):
    state.apply_action(rng.choice(state.legal_actions()))
result = (time.perf_counter() - start) / 100000 * 1e6
""",
}
FIGURES["pettingzoo_floor"] = """
import numpy as np
from pettingzoo import AECEnv
class DoNothingEnv(AECEnv):
    metadata = {"name": "do_nothing_v0", "is_parallelizable": False}
    def __init__(self):
        super().__init__()
        self.possible_agents = [f"player_{i}" for i in range(4)]
    def observe(self, agent):  # what any env gives: a new vector of the same shape, a new mask of 7 legal actions
        mask = np.zeros(SIZES[1], dtype=np.int8)
        mask[[0, 5, 9, 14, 20, 33, 40]] = 1
        return {"observation": np.zeros(SIZES[0], dtype=np.float32), "action_mask": mask}
    def reset(self, seed=None, options=None):
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection, self.n = self.agents[0], 0
    def step(self, action):
        self.n += 1
        self.agent_selection = self.agents[self.n % 4]
        self._cumulative_rewards[self.agent_selection] = 0
        self._accumulate_rewards()
from canasta.integrations.pettingzoo import raw_env
real = raw_env(variant="finnish", players=4)
space = real.observation_space("player_0")
SIZES = (space["observation"].shape[0], space["action_mask"].shape[0])
env, rng, steps = DoNothingEnv(), random.Random(0), 0
env.reset(seed=0)
start = time.perf_counter()
while steps < 100000:
    mask = env.last()[0]["action_mask"]
    env.step(int(rng.choice(np.flatnonzero(mask))))
    steps += 1
result = (time.perf_counter() - start) / steps * 1e6
"""
RELATIVE = {
    "pettingzoo_step_vs_engine": "pettingzoo_step",
    "pettingzoo_floor_vs_engine": "pettingzoo_floor",
    "openspiel_step_vs_engine": "openspiel_step",
    "openspiel_floor_vs_engine": "openspiel_floor",
}
"""Figures that are a ratio to ``random_step`` measured in the same process (one number each, printed per side)."""
UNITS = {"compare": "s"}


def run(cmd: list[str], **kwargs: object) -> None:
    print("+", " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True, **kwargs)  # type: ignore[call-overload]


def build(source: Path, venv: Path) -> Path:
    """A fresh virtual environment at ``venv`` with the compiled wheel of ``source`` and the adapters' frameworks; its python."""
    shutil.rmtree(venv, ignore_errors=True)
    run([sys.executable, "-m", "venv", str(venv)])
    python = venv / "bin" / "python"
    env = {**os.environ, "CANASTA_REQUIRE_COMPILED": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    run([str(python), "-m", "pip", "install", "-q", f"{source}[cli]", *EXTRAS], env=env)
    check = "import canasta.core as c; assert c.COMPILED, 'the build is not compiled'"
    run([str(python), "-c", check], cwd=tempfile.gettempdir())
    return python


def baseline_python(commit: str) -> Path:
    """The cached environment of ``commit``'s compiled wheel, built once."""
    sha = subprocess.run(["git", "-C", str(ROOT), "rev-parse", commit], check=True, capture_output=True, text=True).stdout.strip()
    python = CACHE / sha / "bin" / "python"
    if python.exists():
        return python
    with tempfile.TemporaryDirectory(prefix="canasta-baseline-") as tmp:
        tree = Path(tmp) / "src"
        run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), sha])
        try:
            return build(tree, CACHE / sha)
        finally:
            run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)])


def measure(python: Path, figure: str) -> float:
    """One figure in a fresh process of ``python``, run outside the checkout so that the installed wheel is what runs."""
    if figure == "compare":
        canasta = python.parent / "canasta"
        start = time.perf_counter()
        cmd = [str(canasta), "compare", "finnish", "swedish-club", "--hands", "2000", "--seed", "1", "--format", "json"]
        subprocess.run(cmd, check=True, capture_output=True, cwd=tempfile.gettempdir())
        return time.perf_counter() - start
    if figure in RELATIVE:
        code = f"{_SETUP}\nbase = random_step()\n{FIGURES[RELATIVE[figure]]}\nprint(result / base)\n"
    else:
        code = f"{_SETUP}\n{FIGURES[figure]}\nprint(result)\n"
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True, cwd=tempfile.gettempdir())
    if done.returncode:
        sys.exit(f"figure {figure} failed under {python}:\n{done.stderr}")
    return float(done.stdout.split()[-1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("baseline", nargs="?", default="2fa3e90", help="the baseline commit (default 2fa3e90, where issue 21 started)")
    parser.add_argument("--pairs", type=int, default=5, help="runs of each figure on each side (default 5)")
    parser.add_argument("--only", default="", help="comma-separated figures to run (default all)")
    parser.add_argument("--baseline-python", type=Path, help="the python of an environment with the baseline installed (skips the build)")
    parser.add_argument("--current-python", type=Path, help="the python of an environment with this checkout installed (skips the build)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args()
    names = [*FIGURES, *RELATIVE, "compare"]
    chosen = [n for n in args.only.split(",") if n] or names
    unknown = sorted(set(chosen) - set(names))
    if unknown:
        parser.error(f"unknown figures {unknown}; the figures are {names}")
    old = args.baseline_python or baseline_python(args.baseline)
    new = args.current_python or build(ROOT, CACHE / "current")
    rows = []
    for figure in chosen:
        pairs = [(measure(old, figure), measure(new, figure)) for _ in range(args.pairs)]
        ratios = sorted(a / b for a, b in pairs)
        rows.append(
            {
                "figure": figure,
                "unit": "x engine step" if figure in RELATIVE else UNITS.get(figure, "µs"),
                "baseline": statistics.median(a for a, _ in pairs),
                "current": statistics.median(b for _, b in pairs),
                "speedup": statistics.median(ratios),
                "range": [ratios[0], ratios[-1]],
            }
        )
    if args.json:
        print(json.dumps({"baseline": args.baseline, "pairs": args.pairs, "rows": rows}, indent=2))
        return 0
    print(f"baseline {args.baseline} against this checkout, compiled, {args.pairs} pairs (median; speedup = baseline / current)")
    print("| figure | unit | baseline | current | speedup | range |")
    print("|---|---|---:|---:|---:|---|")
    for r in rows:
        print(
            f"| {r['figure']} | {r['unit']} | {r['baseline']:.2f} | {r['current']:.2f} | {r['speedup']:.2f}x"
            f" | {r['range'][0]:.2f}-{r['range'][1]:.2f} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
