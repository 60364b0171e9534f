"""Golden decisions: every action of a few fixed-seed matches played by the library's bots, compared byte for byte.

OpenSpiel's playthroughs are the model: a file per match under
``tests/golden/bots/`` lists every action in the order it was played, so any
change to what a bot decides, to how the registry seeds a seat
(:func:`canasta.bots.registry.seat_seed`) or to the engine's dealing shows up
as a diff naming the first action that changed.

The first six matches were recorded before the bots were moved onto
:class:`canasta.TableRules` and the engine's going-out search, and the bots
still play them action for action; the others were added, with the code of the
time, when these files replaced the digests of HeuristicBot's decisions
(which that code still matched): every bundled profile, two to six players, a
random player among heuristic ones in some, so a bot made faster can be shown
to decide as before, decision for decision.

A deliberate change of play is recorded anew with
``python tests/test_bot_golden.py`` (it rewrites every file); review the diff
before committing it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from transcripts import compare, write

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
    ("finnish", 4, 7, ("heuristic", "random", "heuristic", "heuristic")),
    ("swedish-official", 2, 8, ("heuristic",)),
    ("swedish-club", 2, 9, ("heuristic",)),
    ("regency", 5, 10, ("heuristic",)),
    ("regency", 3, 11, ("heuristic", "random", "heuristic")),
    ("rasche-house", 5, 12, ("heuristic",)),
    ("cuban", 4, 13, ("heuristic",)),
    ("cuban", 4, 14, ("heuristic", "random", "heuristic", "heuristic")),
    ("modern-american", 4, 15, ("heuristic",)),
    ("modern-american", 4, 16, ("heuristic", "random", "heuristic", "heuristic")),
    ("uruguayan", 6, 17, ("heuristic",)),
    ("uruguayan", 2, 18, ("heuristic", "random")),
    ("swedish-official", 6, 19, ("heuristic", "random", "heuristic", "heuristic", "heuristic", "heuristic")),
    ("swedish-club", 2, 20, ("heuristic", "random")),
    ("dutch", 4, 21, ("heuristic",)),
    ("regency", 5, 22, ("heuristic", "random", "heuristic", "heuristic", "heuristic")),
    ("regency", 3, 23, ("heuristic",)),
    ("rasche-house", 4, 24, ("heuristic", "random", "heuristic", "heuristic")),
    ("uruguayan", 6, 25, ("heuristic", "random", "heuristic", "heuristic", "heuristic", "heuristic")),
    ("uruguayan", 3, 26, ("heuristic",)),
    ("hand-and-foot", 4, 27, ("heuristic",)),
    ("hand-and-foot", 4, 28, ("heuristic", "random", "heuristic", "heuristic")),
    ("hand-and-foot", 6, 29, ("heuristic",)),
)
"""(profile, players, game seed, bots: one for every seat, one per side, or one for all)."""

HAND_CAP = 12
"""The most hands a golden match is played for: enough for every phase, few enough to read."""


def name(profile: str, players: int, seed: int, bots: tuple[str, ...]) -> str:
    return f"{profile}-{players}p-seed{seed}-{'-'.join(bots)}.txt"


def playthrough(profile: str, players: int, seed: int, bots: tuple[str, ...]) -> str:
    """The golden text of one match: a header, then ``hand seat action`` for every action."""
    game = canasta.Game(profile, players=players, seed=seed)
    side_of = game.rules.side_of
    seats = [bots[seat] if len(bots) == players else bots[0] if len(bots) == 1 else bots[side_of[seat]] for seat in range(players)]
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


def test_the_golden_matches_cover_every_profile_and_player_count() -> None:
    """Every bundled profile is played, all heuristic and with a random player among heuristic ones, and every player count is."""
    assert {c[0] for c in CASES if c[3] == ("heuristic",)} == set(canasta.variant_names())
    assert {c[0] for c in CASES if "random" in c[3]} == set(canasta.variant_names())
    assert {c[1] for c in CASES} == {2, 3, 4, 5, 6}
    assert len({name(*c) for c in CASES}) == len(CASES) == len(list(GOLDEN.glob("*.txt")))


@pytest.mark.parametrize("case", CASES, ids=[name(*c)[:-4] for c in CASES])
def test_the_bots_play_the_golden_match_action_for_action(case: tuple[str, int, int, tuple[str, ...]]) -> None:
    compare(GOLDEN / name(*case), playthrough(*case), "the bots no longer play the match as recorded")


if __name__ == "__main__":
    for c in CASES:
        write(GOLDEN / name(*c), playthrough(*c))
    sys.exit(0)
