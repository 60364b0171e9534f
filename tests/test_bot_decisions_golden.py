"""HeuristicBot decides as it did before it was made fast, decision for decision.

The digests in ``tests/golden/bots/decisions.toml`` were written by
``tests/bot_digests.py`` with the pure-Python bot before it was compiled; the
compiled and the pure build must both give them.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from bot_digests import digest
from view_digests import TABLES

GOLDEN = tomllib.loads((Path(__file__).parent / "golden" / "bots" / "decisions.toml").read_text(encoding="utf-8"))


@pytest.mark.parametrize(("variant", "players"), TABLES, ids=[f"{v}-{p}" for v, p in TABLES])
def test_heuristic_bot_decides_as_before(variant: str, players: int) -> None:
    assert digest(variant, players) == GOLDEN[f"{variant}-{players}"]["decisions"], "a HeuristicBot decision differs from the golden one"
