"""Count legal action sequences from seeded deals ("perft"), and write tests/oracle/perft/<profile>.toml.

    cd <repository> && PYTHONPATH=$PWD python3 tests/oracle/make_perft.py          # every profile
    PYTHONPATH=$PWD python3 tests/oracle/make_perft.py cuban regency             # some of them

The count of depth d is the number of sequences of d legal actions from the
start of a match ``canasta.Game(profile, players=p, seed=s)``: each action of
``legal_actions()`` is applied to a ``Game.copy()``, and the walk goes on from
there (a drawn card comes from the seeded stock, so the walk is fixed). The
numbers are made once, by the engine as it stands, and pinned: they guard a
rebuild of the rules kernel against change, not against error (the
hand-written positions of tests/oracle/*.toml do that).

Only the public API is used (``canasta.Game``), as in tests/test_oracle.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

import canasta

HERE = Path(__file__).parent

DEALS: dict[str, list[tuple[int, int]]] = {
    "swedish-official": [(4, 0), (4, 1), (4, 2), (2, 0), (3, 0), (6, 0)],
    "swedish-club": [(4, 0), (4, 1), (4, 2), (2, 0)],
    "finnish": [(4, 0), (4, 1), (4, 2)],
    "dutch": [(4, 0), (4, 1), (4, 2)],
    "regency": [(4, 0), (4, 1), (4, 2), (2, 0), (5, 0)],
    "rasche-house": [(4, 0), (4, 1), (4, 2), (3, 0)],
    "modern-american": [(4, 0), (4, 1), (4, 2)],
    "cuban": [(4, 0), (4, 1), (4, 2)],
    "uruguayan": [(4, 0), (4, 1), (4, 2), (6, 0)],
    "hand-and-foot": [(4, 0), (4, 1), (4, 2)],
}
"""The (players, seed) deals counted per profile: seeds 0-2 at the default four players, and other counts the profile allows."""

DEPTH = 8
"""The deepest count written."""

FAST_DEPTH = 6
"""Counts up to this depth run in every test run; deeper ones only with CANASTA_ORACLE_DEEP=1."""


def perft(game: canasta.Game, depth: int) -> list[int]:
    """The number of legal action sequences of length 1, 2, ... ``depth`` from ``game`` (which is left unchanged)."""
    counts = [0] * depth

    def walk(g: canasta.Game, level: int) -> None:
        actions = g.legal_actions()
        counts[level] += len(actions)
        if level + 1 < depth:
            for action in actions:
                child = g.copy()
                child.apply(action)
                walk(child, level + 1)

    walk(game, 0)
    return counts


HEADER = """\
# Perft counts for {profile}: the number of legal action sequences of depth 1, 2, ... from the start of a
# seeded match, canasta.Game("{profile}", players=P, seed=S), every action applied to a Game.copy().
# Made by tests/oracle/make_perft.py from the engine as it stood, and pinned: they guard a rebuild of the
# rules kernel against CHANGE, not against error (a count the old engine got wrong is pinned wrong too;
# the hand-checked positions of tests/oracle/*.toml guard against error). A change that alters a count on
# purpose regenerates this file and says why in its commit.
# counts[d - 1] is the count of depth d; depths past fast_depth run only with CANASTA_ORACLE_DEEP=1.
"""


def write(profile: str) -> Path:
    lines = [HEADER.format(profile=profile), f'variant = "{profile}"', ""]
    for players, seed in DEALS[profile]:
        counts = perft(canasta.Game(profile, players=players, seed=seed), DEPTH)
        lines += ["[[deal]]", f"players = {players}", f"seed = {seed}", f"fast_depth = {FAST_DEPTH}", f"counts = {counts}", ""]
        print(profile, players, seed, counts, flush=True)
    path = HERE / "perft" / f"{profile}.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def main(argv: list[str]) -> None:
    (HERE / "perft").mkdir(exist_ok=True)
    for profile in argv or list(DEALS):
        write(profile)


if __name__ == "__main__":
    main(sys.argv[1:])
