"""Simulation outputs at full precision are those of the code before statistics were tallied (see ``simulation_digests.py``)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from simulation_digests import RUNS, digests

GOLDEN = Path(__file__).parent / "golden" / "simulation" / "json-digests.toml"


def test_the_golden_file_covers_every_run() -> None:
    assert sorted(tomllib.loads(GOLDEN.read_text(encoding="utf-8"))) == sorted(RUNS)


@pytest.mark.parametrize("name", sorted(RUNS))
def test_the_json_of_a_fixed_seed_run_is_unchanged(name: str) -> None:
    expected = tomllib.loads(GOLDEN.read_text(encoding="utf-8"))[name]
    found = digests(RUNS[name]())
    assert found["statistics"] == expected["statistics"], f"{name}: a statistic, count or interval changed"
    assert found["samples"] == expected["samples"], f"{name}: the statistics agree but a per-unit sample changed"
