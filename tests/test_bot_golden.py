"""Golden decisions: every action of a few fixed-seed matches played by the library's bots, compared byte for byte.

OpenSpiel's playthroughs are the model: a file per match under
``tests/golden/bots/`` lists every action in the order it was played, so any
change to what a bot decides, to how the registry seeds a seat
(:func:`canasta.bots.registry.seat_seed`) or to the engine's dealing shows up
as a diff naming the first action that changed. The files were recorded before
the bots were moved onto :class:`canasta.TableRules` and the engine's
going-out search, and the bots still play them action for action.

A deliberate change of play is recorded anew with
``python tests/test_bot_golden.py`` (it rewrites every file); review the diff
before committing it.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import pytest

import canasta
from canasta.bots import play_turn
from canasta.bots.registry import make_bots
from canasta.core.events import HandEnded

GOLDEN = Path(__file__).parent / "golden" / "bots"

CASES = (
    ("finnish", 4, 2, ("heuristic",)),
    ("rasche-house", 4, 1, ("heuristic",)),
    ("regency", 2, 3, ("heuristic",)),
    ("swedish-official", 6, 4, ("heuristic",)),
    ("swedish-club", 3, 5, ("heuristic",)),
    ("dutch", 4, 6, ("heuristic", "random")),
)
"""(profile, players, game seed, bots as ``seat_bots`` takes them: one for every seat, or one per side)."""

HAND_CAP = 12
"""The most hands a golden match is played for: enough for every phase, few enough to read."""


def name(profile: str, players: int, seed: int, bots: tuple[str, ...]) -> str:
    return f"{profile}-{players}p-seed{seed}-{'-'.join(bots)}.txt"


def playthrough(profile: str, players: int, seed: int, bots: tuple[str, ...]) -> str:
    """The golden text of one match: a header, then ``hand seat action`` for every action."""
    game = canasta.Game(profile, players=players, seed=seed)
    sides = game.view(0).sides
    seats = [bots[0] if len(bots) == 1 else bots[seat % sides] for seat in range(players)]
    made = make_bots(seats, seed)
    lines = [
        f"# {profile}, {players} players, game seed {seed}; bots by seat: {', '.join(seats)}, seeded by seat_seed({seed}, seat)",
        "# hand seat action",
    ]
    hands = 0
    while not game.is_over and hands < HAND_CAP:
        seat, hand = game.current_player, game.hand_number
        events = play_turn(game, made)
        lines.append(f"{hand} {seat} {game.actions[-1]}")
        hands += sum(1 for e in events if isinstance(e, HandEnded))
    lines.append(f"# over: {game.is_over}, hands: {hands}, scores: {', '.join(str(s) for s in game.scores)}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("case", CASES, ids=[name(*c)[:-4] for c in CASES])
def test_the_bots_play_the_golden_match_action_for_action(case: tuple[str, int, int, tuple[str, ...]]) -> None:
    path = GOLDEN / name(*case)
    expected = path.read_text(encoding="utf-8")
    played = playthrough(*case)
    if played != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), played.splitlines(True), str(path), "played", n=2))
        pytest.fail(f"the bots no longer play {path.name} as recorded:\n{diff[:4000]}")


if __name__ == "__main__":
    for c in CASES:
        (GOLDEN / name(*c)).write_text(playthrough(*c), encoding="utf-8")
    sys.exit(0)
