"""The compiled and the pure-Python engine play every seed identically.

The test suite runs against whichever build is installed: ``.ci/run`` runs it
once against the pure-Python editable install and once against the wheel
compiled by mypyc. Under the compiled build, :func:`test_compiled_and_pure_builds_play_alike`
replays seeded matches in this process and, in a subprocess, under the pure
modules of the source tree (``PYTHONPATH`` set to the repository, where no
extension module is ever left), and compares the records step by step: the
legal actions listed, the action chosen, the events, the scores.

``CANASTA_EXPECT_COMPILED=1`` (or ``0``) makes the suite fail when the build
running is not the one expected, so that CI cannot test the pure build twice
without noticing.

Run this file as a script to print the digests of the build it imports as JSON.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import attrs
import pytest
from engine_helpers import state_fields

from canasta.bots import HeuristicBot
from canasta.core import COMPILED, COMPILED_MODULES
from canasta.core.game import Game

ROOT = Path(__file__).resolve().parent.parent

MATCHES: tuple[tuple[str, int, int, str], ...] = tuple(
    [(name, 4, seed, "random") for name in ("finnish", "dutch") for seed in range(8)]
    + [("regency", players, 10 + players, "random") for players in (2, 3, 5, 6)]
    + [("swedish-club", 6, 21, "random"), ("swedish-official", 2, 22, "random"), ("rasche-house", 3, 23, "random")]
    + [(name, 4, 30, "heuristic") for name in ("finnish", "swedish-official")]
)
"""(profile, players, seed, policy): every bundled profile, every player count of some, both policies."""


def _plain(value: object) -> object:
    """The value with every ``int`` subclass but ``bool`` made a plain ``int``.

    The pure build keeps a :class:`canasta.core.cards.Rank` where an action put one (as a meld's key);
    the compiled build stores the same number as an ``int``. Equal, but printed differently.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return [(_plain(k), _plain(v)) for k, v in value.items()]
    return value


def match_digest(variant: str, players: int, seed: int, policy: str) -> dict[str, object]:
    """Play one whole match from a seed and digest everything both builds must agree on."""
    g = Game(variant, players=players, seed=seed)
    choice = random.Random(seed).choice
    bot = HeuristicBot(seed=seed)
    steps = hashlib.sha256()
    while not g.is_over:
        actions = g.legal_actions()
        action = choice(actions) if policy == "random" else bot.choose(g.view(g.current_player), actions)
        events = g.apply(action)
        steps.update(repr((g.hand_number, [str(a) for a in actions], str(action), events)).encode())
    return {
        "actions": len(g.actions),
        "record": hashlib.sha256(g.record().to_json().encode()).hexdigest(),
        "steps": steps.hexdigest(),
        "scores": list(g.scores),
        "hand_scores": repr(g.hand_scores),
        "state": repr([_plain(getattr(g.state, name)) for name in state_fields(g.state) if name not in ("rules", "hand_scores")]),
    }


def all_digests() -> dict[str, object]:
    return {"compiled": COMPILED, "matches": [match_digest(*m) for m in MATCHES]}


def test_expected_build_runs() -> None:
    expected = os.environ.get("CANASTA_EXPECT_COMPILED")
    if expected is None:
        pytest.skip("CANASTA_EXPECT_COMPILED is not set")
    assert (expected == "1") == COMPILED, f"canasta.core.COMPILED is {COMPILED}, CANASTA_EXPECT_COMPILED={expected}"


def test_compiled_flag_matches_the_modules() -> None:
    """COMPILED is True exactly when every listed hot module is an extension module."""
    import importlib

    from canasta.core import COMPILED_OUTSIDE_CORE

    names = [f"canasta.core.{name}" for name in COMPILED_MODULES] + list(COMPILED_OUTSIDE_CORE)
    kinds = {name: str(importlib.import_module(name).__file__).endswith((".so", ".pyd")) for name in names}
    assert set(kinds.values()) == {COMPILED}, kinds


def test_version_says_which_engine(capsys: pytest.CaptureFixture[str]) -> None:
    from canasta.cli.main import main

    code = main(["--version"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith("canasta ")
    assert ("compiled engine" in out) == COMPILED and ("pure-Python engine" in out) != COMPILED


@pytest.mark.parametrize("length", [0, 1, 2, 53, 108, 162, 216])
def test_the_engine_shuffle_is_random_shuffle(length: int) -> None:
    """canasta.core.dealing.shuffle draws as Random.shuffle does, so every seed deals as before."""
    from canasta.core.dealing import shuffle

    for seed in range(50):
        mine, theirs = list(range(length)), list(range(length))
        shuffle(random.Random(f"{seed}:1"), mine)
        random.Random(f"{seed}:1").shuffle(theirs)
        assert mine == theirs


def test_games_pickle_and_rules_copy_in_either_build() -> None:
    """A game pickles as its record and is played again; its rules are read-only and rebuilt from what they are made of."""
    import pickle

    g = Game("finnish", players=4, seed=3)
    choice = random.Random(3).choice
    for _ in range(40):
        g.apply(choice(g.legal_actions()))
    back = pickle.loads(pickle.dumps(g))
    assert back.legal_actions() == g.legal_actions()
    assert [_plain(getattr(back.state, name)) for name in state_fields(back.state) if name != "rules"] == [
        _plain(getattr(g.state, name)) for name in state_fields(g.state) if name != "rules"
    ]
    assert back.rules.canasta_size == g.rules.canasta_size and back.rules.rules_version == g.rules.rules_version
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        g.rules.target = -1  # type: ignore[misc]


def test_the_wheel_compiles_the_listed_modules() -> None:
    """pyproject.toml's build hook compiles exactly canasta.core.COMPILED_MODULES and COMPILED_OUTSIDE_CORE, and the sdist carries the hook."""
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "hatch-mypyc>=0.16" in data["build-system"]["requires"]
    hook = data["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]
    from canasta.core import COMPILED_OUTSIDE_CORE

    outside = ["/" + name.replace(".", "/") + ".py" for name in COMPILED_OUTSIDE_CORE]
    assert hook["include"] == [f"/canasta/core/{name}.py" for name in COMPILED_MODULES] + outside
    assert "hatch_build.py" in data["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]


@pytest.mark.skipif(not COMPILED, reason="the pure-Python build is running; there is no compiled build to compare it with")
def test_compiled_and_pure_builds_play_alike() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, __file__], env=env, capture_output=True, text=True, check=True, timeout=600)
    pure = json.loads(done.stdout)
    assert pure["compiled"] is False, "the subprocess was meant to run the pure modules of the source tree"
    here = all_digests()
    for match, a, b in zip(MATCHES, here["matches"], pure["matches"], strict=True):  # type: ignore[call-overload]
        assert a == b, f"the builds differ on {match}"


if __name__ == "__main__":
    json.dump(all_digests(), sys.stdout)
