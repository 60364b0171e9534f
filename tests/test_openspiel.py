"""The OpenSpiel game ``python_canasta`` of :mod:`canasta.integrations.openspiel`."""

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


@pytest.mark.parametrize(("variant", "players"), [*DEFAULTS, ("regency", 5), ("swedish-club", 6), ("swedish-club", 2), ("rasche-house", 3)])
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


# -- the framework's contracts ----------------------------------------------------------------

TABLES = [("finnish", 4), ("regency", 5), ("swedish-club", 2)]


def _terminal(variant: str, players: int, deal: int) -> object:
    game = pyspiel.load_game("python_canasta", {"variant": variant, "players": players})
    state = game.new_initial_state()
    state.apply_action(deal)
    _play_to_end(state, deal)
    return state


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_a_terminal_state_refuses_every_action_and_stays_as_it_was(variant: str, players: int) -> None:
    """As OpenSpiel's C++ games do: SpielError (here also canasta.IllegalActionError), the state unchanged."""
    state = _terminal(variant, players, deal=7)
    assert state.is_terminal() and state.legal_actions() == []  # type: ignore[attr-defined]
    history, text, returns = state.history(), str(state), state.returns()  # type: ignore[attr-defined]
    observation = state.observation_string(0)  # type: ignore[attr-defined]
    for action in (0, 1, 5, 10**6):
        for attempt in (state.apply_action, state.child):  # type: ignore[attr-defined]
            with pytest.raises(canasta_openspiel.SpielActionError, match="the hand is over") as info:
                attempt(action)
            assert isinstance(info.value, pyspiel.SpielError) and isinstance(info.value, canasta.IllegalActionError)
            assert info.value.rule == "hand"
    assert state.history() == history and str(state) == text and state.returns() == returns  # type: ignore[attr-defined]
    assert state.observation_string(0) == observation and state.is_terminal()  # type: ignore[attr-defined]


def test_an_action_a_live_state_refuses_is_a_spiel_error_and_changes_nothing() -> None:
    game = pyspiel.load_game("python_canasta(variant=finnish,players=4)")
    state = game.new_initial_state()
    for deal in (game.max_chance_outcomes(), 10**6):
        with pytest.raises(canasta_openspiel.SpielActionError, match=r"\[deals\]"):
            state.apply_action(deal)
    assert state.is_chance_node() and state.history() == []
    state.apply_action(3)
    history, text = state.history(), str(state)
    space = game.action_encoding
    illegal = [i for i in range(space.num_actions) if i not in state.legal_actions()][:5]
    for action in illegal:
        with pytest.raises(canasta_openspiel.SpielActionError) as info:
            state.apply_action(action)
        assert isinstance(info.value, pyspiel.SpielError) and info.value.rule and info.value.source is not None
    for action in (space.num_actions, 10**6):
        with pytest.raises(canasta_openspiel.SpielActionError, match=r"\[action index\]"):
            state.apply_action(action)
    assert state.history() == history and str(state) == text


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_a_terminal_state_shows_the_table_as_the_hand_left_it(variant: str, players: int) -> None:
    """One game is one hand: the observation at the end is that hand's last position, never the next deal."""
    space = ObservationSpace(variant, players)
    for deal in range(3):
        state = _terminal(variant, players, deal)
        engine = state.game  # type: ignore[attr-defined]
        assert engine.hand_number == 1 and engine.is_over and len(engine.hand_scores) == 1
        assert "hand 1: match over" in str(state) and "hand 2" not in str(state)
        for seat in range(players):
            text = state.observation_string(seat)  # type: ignore[attr-defined]
            assert text.startswith(f"{variant}, {players} players, hand 1: match over")
            parts = space.describe(np.asarray(state.observation_tensor(seat), dtype=np.float32))  # type: ignore[attr-defined]
            assert parts["phase"][3] == 1.0 and parts["hand"].sum() == len(engine.view(seat).hand)
        replayed = canasta.Game.replay(engine.record())
        assert replayed.hand_scores[0] == engine.hand_scores[0], "the record replays as the real match, its first hand the same"


def test_observers_honour_the_observation_type() -> None:
    """python_kuhn_poker's rule: private information only with private_info, public only with public_info."""
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("python_canasta(variant=finnish,players=4)")
    state = game.new_initial_state()
    state.apply_action(5)
    rng = random.Random(5)
    for _ in range(25):
        state.apply_action(rng.choice(state.legal_actions()))
    iig = pyspiel.IIGObservationType
    none, single = pyspiel.PrivateInfoType.NONE, pyspiel.PrivateInfoType.SINGLE_PLAYER
    public = make_observation(game, iig(public_info=True, perfect_recall=False, private_info=none))
    public_recall = make_observation(game, iig(public_info=True, perfect_recall=True, private_info=none))
    private = make_observation(game, iig(public_info=False, perfect_recall=True, private_info=single))
    nothing = make_observation(game, iig(public_info=False, perfect_recall=False, private_info=none))
    full = ObservationSpace("finnish", 4)
    texts = set()
    for seat in range(4):
        hand = " ".join(c.text for c in state.game.view(seat).hand)
        assert hand not in public.string_from(state, seat) and hand not in public_recall.string_from(state, seat)
        assert "drawn:" not in public_recall.string_from(state, seat) and "actions: " in public_recall.string_from(state, seat)
        texts.add(public.string_from(state, seat))
        public.set_from(state, seat)
        assert "hand" not in public.dict and public.tensor.shape == (full.shape[0] - 15,)
        assert private.string_from(state, seat) == f"seat {seat} hand: {hand}\ndrawn: {' '.join(state.drawn(seat))}"
        private.set_from(state, seat)
        assert list(private.dict) == ["hand"] and private.tensor.sum() == len(state.game.view(seat).hand)
        nothing.set_from(state, seat)
        assert nothing.tensor.shape == (0,) and nothing.string_from(state, seat) == f"seat {seat}"
    assert len(texts) == 1, "the public observation is the same for every seat"
    with pytest.raises(canasta.ArgumentError, match="ALL_PLAYERS"):
        make_observation(game, iig(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))
    for params in ({"x": 1}, {"perfect_recall": True}):
        with pytest.raises(canasta.ArgumentError, match="take no parameters"):
            make_observation(game, params=params)
    with pytest.raises(canasta.ArgumentError, match="IIGObservationType"):
        game.make_py_observer("public")


def test_observers_and_states_refuse_what_is_no_state_or_no_seat() -> None:
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game("python_canasta(variant=finnish,players=4)")
    observer = make_observation(game)
    state = game.new_initial_state()
    for st in (None, "state", pyspiel.load_game("kuhn_poker").new_initial_state()):
        for call in (observer.set_from, observer.string_from):
            with pytest.raises(canasta.ArgumentError, match="expected a python_canasta state"):
                call(st, 0)
    state.apply_action(1)
    for seat in (-1, 4, 99, "0", None, 1.0, True):
        for call in (observer.set_from, observer.string_from, lambda s, p: s.drawn(p), lambda s, p: s.view(p)):
            with pytest.raises(canasta.ArgumentError, match="is not a seat of this table"):
                call(state, seat)
    with pytest.raises(canasta.ArgumentError, match=r"outside 0 \.\. 1006"):
        state.action_to_string(0, 10**6)
    with pytest.raises(canasta.ArgumentError, match="deal 5000 is outside"):
        game.new_initial_state().action_to_string(pyspiel.PlayerId.CHANCE, 5000)
    with pytest.raises(canasta.ArgumentError, match="expected the TableRules"):
        canasta_openspiel.score_bound(None)  # type: ignore[arg-type]


def test_the_game_reads_the_public_rules_and_names_its_encodings_as_pettingzoo_does() -> None:
    """One rules object: the game's rules are canasta.TableRules, and a hand is played under them, the match stopped after one
    hand by an option of the game (``Game(hands=1)``), never by changing its rules."""
    game = canasta_openspiel.CanastaGame({"variant": "regency", "players": 4})
    assert type(game.rules) is canasta.TableRules
    state = game.new_initial_state()
    state.apply_action(2)
    assert state.game is not None and state.game.hand_limit == 1
    assert state.game.rules.match_hands == game.rules.match_hands == 0 and state.game.rules.target == game.rules.target
    assert canasta_openspiel.score_bound(canasta.Game("regency", players=4, seed=1).rules) == canasta_openspiel.score_bound(game.rules)
    assert game.num_distinct_actions() == game.action_encoding.num_actions
    assert game.observation_tensor_shape() == list(game.observation_encoding.shape)
    assert not hasattr(game, "action_space") and not hasattr(game, "observation_space"), "one name per space: *_encoding"


def test_the_strings_show_the_profiles_target_not_the_one_hand_device() -> None:
    """The engine plays the hand in a match stopped after one hand (``Game(hands=1)``); the strings show the profile's target,
    and the game ends with its first hand, never showing a second deal."""
    game = canasta_openspiel.CanastaGame({"variant": "finnish", "players": 4})
    state = game.new_initial_state()
    state.apply_action(4)
    rng = random.Random(4)
    while True:
        assert state.game is not None
        assert str(game.rules.target) in str(state).splitlines()[0]
        assert state.game.hand_number == 1
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))


def test_bad_game_parameters_are_argument_errors() -> None:
    for params in ("x", 3, ["players"]):
        with pytest.raises(canasta.ArgumentError, match="expected the parameters as a dict"):
            canasta_openspiel.CanastaGame(params)  # type: ignore[arg-type]
    bad = [{"players": None}, {"players": "4"}, {"players": 7}, {"players": True}, {"deals": 0}, {"deals": 2**31}, {"deals": 1.5}]
    bad += [{"variant": 3}, {"variant": None}, {"zzz": 1}]
    for params in bad:
        with pytest.raises(canasta.ArgumentError, match="python_canasta"):
            canasta_openspiel.CanastaGame(params)
    for params in ({"players": 7}, {"deals": 0}, {"deals": -1}):
        with pytest.raises(canasta.ArgumentError):
            pyspiel.load_game("python_canasta", params)


def test_returns_are_exact_and_sum_to_zero_with_sides_of_equal_size() -> None:
    """Computed from integers: opposite to the last bit with two sides, whatever the size of the scores."""
    for totals in ((2**63 - 1, -(2**63)), (9 * 10**17 + 1, 3), (650, -150), (1, 0), (-7, 10**15 + 3)):
        returns = hand_returns((0, 1, 0, 1), totals)
        assert returns[0] == -returns[1] and sum(returns) == 0.0
        assert returns[0] == (totals[0] - totals[1]) / 100
    for variant, players in [("finnish", 4), ("swedish-club", 2), ("regency", 6)]:
        for deal in range(3):
            state = _terminal(variant, players, deal)
            assert sum(state.returns()) == 0.0  # type: ignore[attr-defined]
    with pytest.raises(canasta.ArgumentError):
        hand_returns((0, 1), (10**400, 0))
    for bad in (((0, 1), (1,)), ((0, 2), (1, 2)), (None, (1, 2)), ((0, 1), (1.0, 2)), ((True, 1), (1, 2))):
        with pytest.raises(canasta.ArgumentError, match="hand_returns"):
            hand_returns(*bad)  # type: ignore[arg-type]
