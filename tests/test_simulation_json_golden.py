"""Simulation outputs at full precision are what they were: the JSON of fixed-seed runs, compared line for line.

``tests/golden/simulation/<run>.json`` holds, for each run of :data:`RUNS`
(``simulate`` and ``compare``, in the calling process), its JSON with the
per-unit samples (``to_json(samples=True)``) and without the ``timing``
entries, the one part that is not a function of the seeds. Every float is as
JSON writes it, its shortest exact form, so a statistic that moves by one
bit, a count, an interval, a sample, shows up as the line that holds it. The
Markdown golden (``test_simulation_golden.py``) shows the report as people
read it, rounded.

The files were written by this module from the code that still gave the
digests they replaced (made by the code before the statistics were tallied
chunk by chunk); ``python tests/test_simulation_json_golden.py`` writes them
anew, for a deliberate change of what a run reports only.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from transcripts import compare, untimed, write

import canasta
from canasta.simulation import ComparisonResult, SimulationResult

GOLDEN = Path(__file__).parent / "golden" / "simulation"

Result = SimulationResult | ComparisonResult

RUNS: dict[str, Callable[[], Result]] = {
    "simulate-finnish-4p-hands": lambda: canasta.simulate("finnish", hands=40, seed=3, workers=1),
    "simulate-regency-2p-games": lambda: canasta.simulate("regency", players=2, games=3, seed=1, bots="heuristic,random", workers=1),
    "compare-finnish-swedish-club": lambda: canasta.compare(["finnish", "swedish-club"], hands=40, seed=0, workers=1),
    "compare-family-random": lambda: canasta.compare(["modern-american", "cuban", "finnish"], hands=30, seed=2, bots="random", workers=1),
    "compare-uruguayan-regency-3p": lambda: canasta.compare(["uruguayan", "regency"], players=3, hands=30, seed=5, workers=1),
    "compare-by-rule": lambda: canasta.compare(["finnish", "swedish-official"], hands=6, seed=4, by_rule=True, workers=1),
}
"""Fixed-seed runs in the calling process: hands and games mode, 2 to 4 players, classic and family profiles, by rule."""


def pretty(value: Any, depth: int = 0) -> str:
    """JSON, indented by its objects and lists, a list of plain values (a sample, an interval's row) on one line."""
    pad = "  " * depth
    if isinstance(value, dict) and value:
        items = (f"{pad}  {json.dumps(k)}: {pretty(v, depth + 1)}" for k, v in value.items())
        return "{\n" + ",\n".join(items) + f"\n{pad}}}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        return "[\n" + ",\n".join(f"{pad}  {pretty(v, depth + 1)}" for v in value) + f"\n{pad}]"
    return json.dumps(value)


def without_samples(value: Any) -> Any:
    """The data as ``to_json(samples=False)`` gives it: every ``samples`` entry None."""
    if isinstance(value, dict):
        return {k: None if k == "samples" else without_samples(v) for k, v in value.items()}
    if isinstance(value, list):
        return [without_samples(v) for v in value]
    return value


def transcript(result: Result) -> str:
    """The golden text of a run: its JSON with the samples, untimed, :func:`pretty`."""
    return pretty(untimed(json.loads(result.to_json(samples=True)))) + "\n"


def test_the_golden_files_are_those_of_the_runs() -> None:
    assert sorted(p.stem for p in GOLDEN.glob("*.json")) == sorted(RUNS)


@pytest.mark.parametrize("name", sorted(RUNS))
def test_the_json_of_a_fixed_seed_run_is_unchanged(name: str) -> None:
    result = RUNS[name]()
    text = transcript(result)
    compare(GOLDEN / f"{name}.json", text, f"{name}: a statistic, count, interval or sample changed")
    assert json.loads(text) == untimed(json.loads(result.to_json(samples=True))), "the golden text reads back as the JSON it shows"
    assert untimed(json.loads(result.to_json())) == without_samples(json.loads(text)), "without samples, the JSON is the same but for them"


if __name__ == "__main__":
    for name, run in RUNS.items():
        write(GOLDEN / f"{name}.json", transcript(run()))
    sys.exit(0)
