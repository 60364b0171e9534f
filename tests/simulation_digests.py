"""Digests of simulation outputs, every number at full precision: a change of how statistics are gathered changes no output but the timings.

``tests/golden/simulation/json-digests.toml`` holds the SHA-256 of the JSON
of fixed-seed ``simulate`` and ``compare`` runs, with every float as JSON
writes it (its shortest exact form) and the timings left out, written by the
code before the statistics were tallied chunk by chunk.
``tests/test_simulation_json_golden.py`` compares: a statistic that moves by
one bit, a count, an interval, a sample, shows up. The Markdown golden
(``test_simulation_golden.py``) shows the report as people read it, rounded.
Regenerate (only for a deliberate change of what a run reports) with::

    python tests/simulation_digests.py > tests/golden/simulation/json-digests.toml
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

import canasta
from canasta.simulation import ComparisonResult, SimulationResult

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


def untimed(value: Any) -> Any:
    """The JSON data without its ``timing`` entries, the one part that is not a function of the seeds."""
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if k != "timing"}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


def digests(result: Result) -> dict[str, str]:
    """The digest of the result's JSON without samples (the statistics) and with them (the per-unit values too)."""
    out = {}
    for name, samples in (("statistics", False), ("samples", True)):
        data = untimed(json.loads(result.to_json(samples=samples)))
        out[name] = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()
    return out


def main() -> None:
    print("# Digests of simulation outputs at full precision; see tests/simulation_digests.py.")
    for name, run in RUNS.items():
        found = digests(run())
        print(f'\n["{name}"]\nstatistics = "{found["statistics"]}"\nsamples = "{found["samples"]}"')


if __name__ == "__main__":
    main()
