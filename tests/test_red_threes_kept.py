"""Red threes kept in hand by choice (004 L160; decisions P46): the action, its limits, its rules version.

The rule scenarios are in tests/scenarios/J-N/red_threes_kept.toml; these tests cover what a
scenario cannot say: the rules version, records, the action's forms, the action space and the bot.
"""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest

import canasta
from canasta.bots import HeuristicBot
from canasta.encoding.actions import ActionSpace

REGENCY = canasta.load_variant("regency")
KEPT = attrs.evolve(REGENCY, name="regency-kept", red_threes=attrs.evolve(REGENCY.red_threes, may_keep_in_hand=True))
"""Regency with the house rule that plays 004 L160 literally; no bundled profile keeps red threes (decisions P46)."""
KEPT_TABLE = {"extends": "regency", "name": "regency-kept", "red_threes": {"may_keep_in_hand": True}}


def _play(game: canasta.Game, seed: int, hands: int = 1) -> list[canasta.Action]:
    rng = random.Random(seed)
    chosen: list[canasta.Action] = []
    while not game.is_over and game.hand_number <= hands:
        action = rng.choice(game.legal_actions())
        chosen.append(action)
        game.apply(action)
    return chosen


def test_the_action_has_a_text_a_repr_and_survives_copies() -> None:
    lay = canasta.parse_action("lay")
    assert lay == canasta.LayRedThree() and repr(lay) == "LayRedThree()" and str(lay) == "lay"
    assert pickle.loads(pickle.dumps(lay)) == lay and copy.copy(lay) == lay
    with pytest.raises(canasta.NotationError, match="takes nothing after it"):
        canasta.parse_action("lay 3H")


def test_where_the_profile_allows_it_dealt_red_threes_wait_in_hand() -> None:
    seen = 0
    for seed in range(40):
        game = canasta.Game(KEPT, players=4, seed=seed)
        seat = game.current_player
        held = [c for c in game.view(seat).hand if c.is_red_three]
        if held:
            seen += 1
            assert canasta.LayRedThree() in game.legal_actions()
    assert seen, "no seed dealt a red three to the first player"


def test_other_profiles_never_offer_it_and_refuse_it_by_rule() -> None:
    for name in canasta.variant_names():
        game = canasta.Game(name, players=4, seed=3)
        assert all(not isinstance(a, canasta.LayRedThree) for a in _play(game, 3))
        violation = game.violation("lay") if not game.is_over else None
        assert violation is None or violation.rule == "red_threes.may_keep_in_hand"


def test_rules_version_1_lays_every_red_three_itself_so_old_records_replay() -> None:
    for seed in range(6):
        old = canasta.Game(KEPT, players=4, seed=seed, rules_version=1)
        assert all(not isinstance(a, canasta.LayRedThree) for a in _play(old, seed))
        again = canasta.Game.replay(old.record().to_toml())
        assert again.record().rules_version == 1 and again.hand_scores == old.hand_scores


def test_a_record_with_lays_replays_to_the_same_scores() -> None:
    for seed in range(6):
        game = canasta.Game(KEPT, players=4, seed=seed)
        actions = _play(game, seed, hands=2)
        again = canasta.Game.replay(game.record().to_toml())
        assert again.hand_scores == game.hand_scores and again.scores == game.scores
        if any(isinstance(a, canasta.LayRedThree) for a in actions):
            return
    pytest.fail("no seed laid a red three by choice")


def test_with_the_stock_empty_a_lay_may_not_leave_one_card_that_cannot_go_out() -> None:
    """No replacement comes (004 L166 reads the same for the pile); the 5 alone could only go out, without a canasta."""
    game = canasta.Game.from_position(
        {
            "variant": KEPT_TABLE,
            "players": 4,
            "seat": 0,
            "phase": "meld",
            "hands": {"0": "3H 5S", "1": 5, "2": 5, "3": 5},
            "stock": {"size": 0},
        }
    )
    violation = game.violation("lay")
    assert violation is not None and "no replacement" in violation.reason
    assert [str(a) for a in game.legal_actions() if str(a) != "ask"] == ["discard 5"]  # he keeps the red three and ends the turn
    game.apply("discard 5")
    assert game.current_player == 1 and not game.is_over


def test_the_action_space_puts_lay_last_so_other_ids_keep_their_numbers() -> None:
    for players in (2, 4):
        space = ActionSpace(KEPT, players)
        old = ActionSpace(REGENCY, players)
        assert space.num_actions == old.num_actions + 1
        assert space.index_to_action(space.num_actions - 1) == canasta.LayRedThree()
        assert [space.index_to_action(i) for i in range(old.num_actions)] == [old.index_to_action(i) for i in range(old.num_actions)]


def test_the_heuristic_bot_lays_a_red_three_at_once() -> None:
    bot = HeuristicBot(seed=1)
    for seed in range(40):
        game = canasta.Game(KEPT, players=4, seed=seed)
        legal = game.legal_actions()
        if canasta.LayRedThree() in legal:
            assert bot.choose(game.view(game.current_player), legal) == canasta.LayRedThree()
            return
    pytest.fail("no seed dealt a red three to the first player")
