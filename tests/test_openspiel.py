"""The OpenSpiel game ``python_canasta`` of :mod:`canasta.integrations.openspiel` (issue 11)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import canasta  # noqa: E402
import canasta.integrations.openspiel as canasta_openspiel  # noqa: E402
from canasta.encoding import ObservationSpace  # noqa: E402
from canasta.integrations import hand_returns  # noqa: E402

DEFAULTS = [(name, 4 if 4 in canasta.load_variant(name).player_counts else 2) for name in canasta.variant_names()]


def _play_to_end(state: object, seed: int) -> None:
    rng = random.Random(seed)
    while not state.is_terminal():  # type: ignore[attr-defined]
        if state.is_chance_node():  # type: ignore[attr-defined]
            state.apply_action(rng.randrange(len(state.chance_outcomes())))  # type: ignore[attr-defined]
        else:
            state.apply_action(rng.choice(state.legal_actions()))  # type: ignore[attr-defined]


@pytest.mark.parametrize(("variant", "players"), [*DEFAULTS, ("regency", 5), ("swedish-club", 6), ("rasche-house", 3)])
def test_random_sim_test_passes_with_serialization(variant: str, players: int) -> None:
    game = pyspiel.load_game("python_canasta", {"variant": variant, "players": players})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_load_game_by_string_plays_random_hands_to_the_end() -> None:
    game = pyspiel.load_game("python_canasta(variant=finnish,players=4)")
    info = game.get_type()
    assert info.short_name == "python_canasta"
    assert info.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert info.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert info.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 4 and game.max_chance_outcomes() == canasta_openspiel.DEALS
    for seed in range(2):
        state = game.new_initial_state()
        assert state.is_chance_node() and len(state.chance_outcomes()) == canasta_openspiel.DEALS
        _play_to_end(state, seed)
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0)
        assert all(game.min_utility() <= r <= game.max_utility() for r in returns)


def test_the_deal_outcome_is_the_seed_and_returns_are_the_side_margins() -> None:
    game = pyspiel.load_game("python_canasta(variant=regency,players=4)")
    state = game.new_initial_state()
    state.apply_action(17)
    engine = canasta.Game("regency", players=4, seed=17)
    assert state.game.view(0) == engine.view(0), "outcome k deals the engine's seed k"
    _play_to_end(state, 1)
    scores = state.game.hand_scores[0]
    assert state.returns() == hand_returns((0, 1, 0, 1), tuple(s.total for s in scores))


def test_five_players_are_general_sum_and_the_seat_sitting_out_shares_its_side_return() -> None:
    game = pyspiel.load_game("python_canasta(variant=regency,players=5)")
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    state = game.new_initial_state()
    _play_to_end(state, 3)
    r = state.returns()
    assert r[0] == r[2] == r[4] and r[1] == r[3] and r[0] == -r[1]


def test_a_house_file_loads_as_a_game(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('extends = "regency"\nname = "our-house"\n', encoding="utf-8")
    game = pyspiel.load_game("python_canasta", {"variant": str(house), "players": 4})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_tensors_and_strings_come_from_the_encoding_and_hide_other_hands() -> None:
    game = pyspiel.load_game("python_canasta(variant=finnish,players=4)")
    space = ObservationSpace("finnish", 4)
    assert game.observation_tensor_shape() == list(space.shape) == game.information_state_tensor_shape()
    state = game.new_initial_state()
    state.apply_action(5)
    rng = random.Random(5)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    for seat in range(4):
        want = space.encode(state.game.view(seat))
        assert np.array_equal(np.asarray(state.observation_tensor(seat), dtype=np.float32), want)
        assert np.array_equal(np.asarray(state.information_state_tensor(seat), dtype=np.float32), want)
        text = state.information_state_string(seat)
        assert state.observation_string(seat) in text and "actions: " in text
        other = (seat + 1) % 4
        hidden = " ".join(c.text for c in state.game.view(other).hand)
        assert hidden not in state.observation_string(seat)
        assert f"drawn: {' '.join(state.drawn(seat))}" in text


def test_clone_is_independent() -> None:
    game = pyspiel.load_game("python_canasta(variant=swedish-club,players=4)")
    state = game.new_initial_state()
    state.apply_action(0)
    state.apply_action(state.legal_actions()[0])
    copy = state.clone()
    assert copy.history() == state.history() and str(copy) == str(state)
    copy.apply_action(copy.legal_actions()[0])
    assert len(copy.history()) == len(state.history()) + 1
    assert str(copy) != str(state)


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(canasta.UnsupportedPlayerCount):
        pyspiel.load_game("python_canasta(variant=finnish,players=3)")
    with pytest.raises(ValueError, match="deals=0"):
        pyspiel.load_game("python_canasta(deals=0)")
    with pytest.raises(canasta.VariantError):
        pyspiel.load_game("python_canasta(variant=no-such-profile)")


def test_the_example_evaluates_bots_in_a_few_hands() -> None:
    import importlib.util

    path = Path(__file__).resolve().parent.parent / "examples" / "openspiel_eval.py"
    spec = importlib.util.spec_from_file_location("openspiel_eval", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    results = module.evaluate("regency", players=2, hands=1, simulations=2, seed=1)
    assert len(results) == 2 and sum(results) == pytest.approx(0.0)
