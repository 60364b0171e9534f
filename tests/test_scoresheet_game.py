"""An engine match and its score sheet agree to the point, for every bundled profile and player count."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import canasta
from canasta.bots import HeuristicBot, RandomBot
from canasta.errors import ArgumentError
from canasta.scoresheet import LogKind, ScoreSheet
from canasta.scoresheet.from_game import match_events
from canasta.variants import load_variant, variant_names

TABLES = [(name, players) for name in variant_names() for players in load_variant(name).player_counts]


def play(name: str, players: int, seed: int, heuristic: bool, hands: int) -> canasta.Game:
    game = canasta.Game(name, players, seed, turn_cap=400 if heuristic else 80)
    bots = [(HeuristicBot if heuristic else RandomBot)(seed + seat) for seat in range(players)]
    while not game.is_over and game.hand_number <= hands:
        seat = game.current_player
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return game


def agree(game: canasta.Game) -> ScoreSheet:
    sheet = ScoreSheet.from_game(game)
    assert len(match_events(game)) == len(game.hand_scores)
    assert sheet.hands == game.hand_scores
    assert [[sorted(s.canasta_kinds) for s in h] for h in sheet.hands] == [[sorted(s.canasta_kinds) for s in h] for h in game.hand_scores]
    assert sheet.totals == game.scores and sheet.is_over == game.is_over
    if game.result is not None:
        assert sheet.winner == game.result.winner
    again = ScoreSheet.loads(sheet.dumps())
    assert again.totals == sheet.totals and again.log == sheet.log
    return sheet


@pytest.mark.parametrize(("name", "players"), TABLES)
@settings(max_examples=max(3, settings.default.max_examples // 8))  # 3 under the default profile, 37 under ci
@given(seed=st.integers(0, 2**32), heuristic=st.booleans(), hands=st.integers(1, 8))
def test_a_match_and_its_sheet_agree(name: str, players: int, seed: int, heuristic: bool, hands: int) -> None:
    agree(play(name, players, seed, heuristic, hands))


@given(seed=st.integers(0, 2**32))
def test_whole_finnish_matches_with_their_penalties(seed: int) -> None:
    sheet = agree(play("finnish", 4, seed, True, 10**6))
    assert (sheet.is_over and sheet.winner is not None) or sheet.totals[0] == sheet.totals[1]
    assert all(line.by == "engine" for line in sheet.log)


def test_the_permission_penalty_is_a_ledger_entry() -> None:
    for seed in range(200):
        game = play("finnish", 4, seed, False, 3)
        sheet = agree(game)
        if any(line.kind is LogKind.PENALTY for line in sheet.log):
            return
    pytest.skip("no permission penalty in 200 random matches")


def test_a_game_from_a_position_is_refused() -> None:
    game = canasta.Game("finnish", 4, 1)
    positioned = canasta.Game.from_position(game.position())
    with pytest.raises(ArgumentError, match="position"):
        ScoreSheet.from_game(positioned)
    with pytest.raises(ArgumentError):
        ScoreSheet.from_game("game")  # type: ignore[arg-type]


HOUSES = {
    "finnish-family": 'extends = "finnish"\nname = "finnish-family"\n\n[black_threes]\nhand_penalty = 100\n\n'
    '[reserve]\nsizes = [5, 5, 4, 4]\none_per = "player"\nuntaken_penalty = 200\n\n[match]\nhands = 3\n',
    "american-fixed": 'extends = "modern-american"\nname = "american-fixed"\n\n[reserve]\nuntaken_penalty = 300\n\n[match]\nhands = 2\n',
}
"""House files with the scoring rules no bundled profile uses: black threes held, reserve piles never received (by player or
by side), and a match of a fixed number of hands (match.hands)."""


@pytest.mark.parametrize("house", sorted(HOUSES))
@settings(max_examples=max(3, settings.default.max_examples // 8), deadline=None)
@given(seed=st.integers(0, 2**32), heuristic=st.booleans())
def test_a_house_match_with_every_scoring_rule_and_its_sheet_agree(
    house: str, seed: int, heuristic: bool, tmp_path_factory: pytest.TempPathFactory
) -> None:
    path = tmp_path_factory.mktemp("houses") / f"{house}.toml"
    path.write_text(HOUSES[house], encoding="utf-8")
    game = play(str(path), 4, seed, heuristic, 10)
    sheet = agree(game)
    assert sheet.is_over == game.is_over
