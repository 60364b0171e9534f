"""The legality oracle: hand-written legal lists and pinned perft counts (tests/oracle/README.md).

Each position of ``tests/oracle/*.toml`` holds the exact list of legal actions,
written from the rules and checked by hand, sorted in plain string order. This
module sets each position up through the public API only
(``canasta.Game.from_position``), so a predicate the engine gets wrong cannot
pass here by being shared with the check: it must not import the engine's
predicates (``canasta.core.legality``, ``listing``, ``going_out``,
``meld_limits``, ``discards``, ``special_hands``, ``transitions``).

A position the engine gets wrong by the rules carries ``engine_disagrees``
(the reason) and runs as a strict expected failure: the file keeps the rules'
list, and the mark comes off when the engine is fixed.

The perft counts of ``tests/oracle/perft/*.toml`` (made by
``tests/oracle/make_perft.py``) pin the number of legal action sequences from
seeded deals: they guard a rebuild of the rules kernel against change, not
against error. The deeper rows run only with ``CANASTA_ORACLE_DEEP=1``.
"""

from __future__ import annotations

import ast
import importlib.util
import os
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import canasta

ORACLE = Path(__file__).parent / "oracle"
_SPEC = importlib.util.spec_from_file_location("make_perft", ORACLE / "make_perft.py")
assert _SPEC is not None and _SPEC.loader is not None
make_perft = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(make_perft)  # the counting walk, shared with the script that made the numbers

PROFILES = ("swedish-official", "swedish-club", "finnish", "dutch", "regency", "rasche-house", "modern-american", "cuban", "uruguayan", "hand-and-foot")
FORBIDDEN = ("legality", "listing", "going_out", "meld_limits", "discards", "special_hands", "transitions")
DEEP = os.environ.get("CANASTA_ORACLE_DEEP") == "1" or os.environ.get("HYPOTHESIS_PROFILE") == "ci"


def _cases() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for path in sorted(ORACLE.glob("*.toml")):
        with path.open("rb") as f:
            data = tomllib.load(f)
        for case in data.get("case", []):
            out.append((path.name, case))
    return out


CASES = _cases()


def _profile(case: dict[str, Any]) -> str:
    variant = case["position"]["variant"]
    return variant if isinstance(variant, str) else str(variant["extends"])


def _params() -> list[Any]:
    params = []
    for file, case in CASES:
        marks = []
        if "engine_disagrees" in case:
            marks.append(pytest.mark.xfail(reason=str(case["engine_disagrees"]), strict=True))
        params.append(pytest.param(case, id=f"{file}:{case['id']}", marks=marks))
    return params


def _game(case: dict[str, Any]) -> canasta.Game:
    """The position, then the actions of ``play`` (for a state inside a turn that a position cannot describe)."""
    game = canasta.Game.from_position(case["position"], base=ORACLE)
    for text in case.get("play", []):
        game.apply(text)
    return game


@pytest.mark.parametrize("case", _params())
def test_legal_list_is_exactly_the_rules_list(case: dict[str, Any]) -> None:
    """legal_actions() is the file's list, and can()/violation() agree with it, action by action."""
    game = _game(case)
    expected = list(case["legal"])
    got = sorted(str(a) for a in game.legal_actions())
    problems = []
    if "to_act" in case and game.current_player != case["to_act"]:
        problems.append(f"seat {game.current_player} is to act, the rules say seat {case['to_act']}")
    missing = [t for t in expected if t not in got]
    extra = [t for t in got if t not in expected]
    if missing:
        problems.append("missing (legal by the rules, not listed by the engine): " + ", ".join(missing))
    if extra:
        problems.append("extra (listed by the engine, not legal by the rules): " + ", ".join(extra))
    for text in expected:
        if not game.can(canasta.parse_action(text)):
            v = game.violation(canasta.parse_action(text))
            problems.append(f"can({text!r}) is False: {v}")
    for text, rule in case.get("illegal", {}).items():
        action = canasta.parse_action(text)
        v = game.violation(action)
        if v is None:
            problems.append(f"{text!r} should be refused ({rule or 'any rule'}), but can() allows it")
        elif rule and v.rule != rule:
            problems.append(f"{text!r} is refused under {v.rule!r}, the rules name {rule!r}: {v}")
    assert not problems, f"{case['id']}: {case['description']}\n  " + "\n  ".join(problems)


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[f"{f}:{c['id']}" for f, c in CASES])
def test_case_is_well_formed(case: dict[str, Any]) -> None:
    """Each list is sorted, free of repeats, in the canonical notation, and names no refused action as legal."""
    assert case.get("description"), "every position has a one-line description"
    legal = case["legal"]
    assert legal == sorted(legal), f"legal is not in plain string order: {sorted(legal)}"
    assert len(set(legal)) == len(legal), "an action is listed twice"
    for text in [*legal, *case.get("illegal", {})]:
        assert str(canasta.parse_action(text)) == text, f"{text!r} is not written as str(action) writes it"
    assert not set(legal) & set(case.get("illegal", {})), "an action is both legal and illegal"
    assert _profile(case) in PROFILES


def test_ids_are_unique() -> None:
    ids = Counter(case["id"] for _, case in CASES)
    assert [i for i, n in ids.items() if n > 1] == []


def test_coverage_every_profile_and_player_count() -> None:
    """At least 40 positions, every bundled profile, and 2 to 6 players among them."""
    assert len(CASES) >= 40
    assert {_profile(c) for _, c in CASES} == set(PROFILES)
    assert {int(c["position"].get("players", 4)) for _, c in CASES} >= {2, 3, 4, 5, 6}


def test_oracle_shares_no_code_with_the_engine_predicates() -> None:
    """This module and the perft script use the public API only."""
    for path in (Path(__file__), ORACLE / "make_perft.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else []
            )
            for name in names:
                assert not any(name.startswith(f"canasta.core.{m}") for m in FORBIDDEN), f"{path.name} imports {name}"
                assert not name.startswith("canasta.core"), f"{path.name} imports {name}: use the public API"


def _perft_rows() -> list[Any]:
    rows = []
    for path in sorted((ORACLE / "perft").glob("*.toml")):
        with path.open("rb") as f:
            data = tomllib.load(f)
        for entry in data["deal"]:
            counts, fast = entry["counts"], entry["fast_depth"]
            name = f"{path.stem}-p{entry['players']}-s{entry['seed']}"
            rows.append(pytest.param(data["variant"], entry["players"], entry["seed"], counts[:fast], id=f"{name}-d{fast}"))
            deep = pytest.mark.skip(reason="deep perft: set CANASTA_ORACLE_DEEP=1 (or HYPOTHESIS_PROFILE=ci)")
            rows.append(
                pytest.param(
                    data["variant"], entry["players"], entry["seed"], counts, id=f"{name}-d{len(counts)}", marks=[] if DEEP else [deep]
                )
            )
    return rows


@pytest.mark.parametrize(("variant", "players", "seed", "counts"), _perft_rows())
def test_perft(variant: str, players: int, seed: int, counts: list[int]) -> None:
    """The numbers of legal action sequences of depth 1, 2, ... from the start of a seeded match are the pinned ones."""
    game = canasta.Game(variant, players=players, seed=seed)
    assert make_perft.perft(game, len(counts)) == counts


def test_perft_files_cover_every_profile() -> None:
    stems = {p.stem for p in (ORACLE / "perft").glob("*.toml")}
    assert stems == set(PROFILES)
