"""The PettingZoo AEC environment of :mod:`canasta.integrations.pettingzoo`."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

import canasta
from canasta.integrations import hand_returns
from canasta.integrations.pettingzoo import env, raw_env


def _default_players(name: str) -> int:
    counts = canasta.load_variant(name).player_counts
    return 4 if 4 in counts else counts[0]


def _play(e: raw_env, seed: int) -> dict[str, float]:
    """Play an episode at random; return each agent's summed reward."""
    e.reset(seed=seed)
    rng = random.Random(seed)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(rng.choice(legal)))
    return total


@pytest.mark.parametrize("variant", canasta.variant_names())
def test_api_and_seed_tests_pass_for_every_bundled_profile(variant: str) -> None:
    players = _default_players(variant)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # dict observations: PettingZoo's advisory warnings
        api_test(env(variant=variant, players=players), num_cycles=200)
        seed_test(lambda **kw: env(variant=variant, players=players, **kw), num_cycles=50)


@pytest.mark.parametrize(("variant", "players"), [("regency", 5), ("swedish-club", 6), ("regency", 3), ("rasche-house", 2)])
def test_api_test_passes_for_other_player_counts(variant: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(variant=variant, players=players), num_cycles=100)


def test_a_house_file_loads_as_an_environment(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('extends = "regency"\nname = "our-house"\n\n[canastas]\nwild_canastas = true\n', encoding="utf-8")
    e = raw_env(variant=house, players=4)
    assert e.variant.name == "our-house"
    assert "meld W t2 j1" in {str(a) for a in e.action_encoding.actions}, "the house rule reaches the action space (004 opt b)"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(variant=str(house), players=4), num_cycles=50)


def test_each_space_has_one_name_pettingzoos() -> None:
    """PettingZoo's API names the spaces action_space(agent) and observation_space(agent); the encodings are *_encoding.

    The dictionaries PettingZoo deprecates, and the names of earlier releases, are gone: one name per space.
    """
    e = env(variant="finnish", players=4)
    spaces = {agent: (e.observation_space(agent), e.action_space(agent)) for agent in e.possible_agents}
    assert all(spaces[a][0] is e.observation_space(a) and spaces[a][1] is e.action_space(a) for a in e.possible_agents)
    assert len({id(pair[1]) for pair in spaces.values()}) == 4, "each agent has its own space (seeded on its own)"
    assert e.action_space("player_0").n == e.action_encoding.num_actions
    assert e.observation_space("player_0")["observation"].shape == e.observation_encoding.shape
    for gone in ("action_spaces", "observation_spaces", "actions_space", "observations_space"):
        assert not hasattr(e.unwrapped, gone), gone
        with pytest.raises(AttributeError):
            getattr(e, gone)


def test_rewards_come_at_the_end_of_each_hand_and_match_the_scores() -> None:
    e = raw_env(variant="finnish", players=4, hands=2)
    e.reset(seed=3)
    assert e.game is not None
    rng = random.Random(3)
    rewards: list[tuple[int, dict[str, float]]] = []
    for _agent in e.agent_iter():
        obs, _, terminated, _, _ = e.last()
        if terminated:
            e.step(None)
            continue
        before = len(e.game.hand_scores)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        if any(e.rewards.values()):
            rewards.append((before, dict(e.rewards)))
    game = e.game
    assert len(game.hand_scores) >= 2 and len(rewards) == 2, "one reward per hand, none between"
    side_of = tuple(game.side_of(s) for s in range(4))
    for hand, (_, got) in enumerate(rewards):
        want = hand_returns(side_of, tuple(s.total for s in game.hand_scores[hand]))
        assert [got[f"player_{s}"] for s in range(4)] == want
        assert sum(got.values()) == 0, "two sides of two: the rewards are zero-sum"


def test_the_episode_ends_with_zero_observations_and_every_agent_removed() -> None:
    e = raw_env(variant="regency", players=2)
    totals = _play(e, seed=9)
    assert e.agents == []
    assert e.game is not None
    first = tuple(s.total for s in e.game.hand_scores[0])
    assert [totals["player_0"], totals["player_1"]] == hand_returns((0, 1), first)
    obs = e.observe("player_0")
    assert not obs["observation"].any() and not obs["action_mask"].any()


def test_only_the_agent_to_act_has_a_mask_and_it_matches_the_engine() -> None:
    e = raw_env(variant="swedish-club", players=4)
    e.reset(seed=4)
    assert e.game is not None
    rng = random.Random(4)
    for _ in range(60):
        current = e.agent_selection
        for agent in e.agents:
            mask = e.observe(agent)["action_mask"]
            if agent == current:
                assert {e.action_encoding.index_to_action(int(i)) for i in np.flatnonzero(mask)} == set(e.game.legal_actions())
            else:
                assert not mask.any()
        e.step(int(rng.choice(np.flatnonzero(e.observe(current)["action_mask"]))))


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    e = raw_env(variant="finnish", players=4)
    e.reset(seed=1)
    assert e.game is not None
    before = e.game.record()
    with pytest.raises(canasta.IllegalActionError):
        e.step(e.action_encoding.action_to_index("discard 7"))  # the turn starts with a draw (001 §9)
    with pytest.raises(canasta.ArgumentError, match="outside"):
        e.step(10**6)
    assert e.game.record() == before


def test_render_ansi_draws_the_table() -> None:
    e = raw_env(variant="regency", players=5, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert text is not None and text.startswith("regency, 5 players, hand 1")
    quiet = raw_env(variant="regency", players=4)
    quiet.reset(seed=2)
    with pytest.warns(UserWarning, match="render_mode"):
        assert quiet.render() is None  # no render mode: a warning, nothing drawn
    with pytest.raises(ValueError, match="render_mode 'human'"):
        raw_env(render_mode="human")


def test_same_seed_same_episode_different_seed_different_deal() -> None:
    a, b, c = raw_env(), raw_env(), raw_env()
    assert _play(a, 5) == _play(b, 5)
    c.reset(seed=6)
    a.reset(seed=5)
    assert not np.array_equal(a.observe("player_0")["observation"], c.observe("player_0")["observation"])


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(canasta.UnsupportedPlayerCount):
        raw_env(variant="finnish", players=3)
    with pytest.raises(ValueError, match="hands=0"):
        raw_env(hands=0)
    with pytest.raises(canasta.VariantError):
        raw_env(variant="no-such-profile")


# -- the framework's contracts ----------------------------------------------------------------


def _first_observation(seed: object) -> bytes:
    e = raw_env(variant="finnish", players=4)
    e.reset(seed=seed)  # type: ignore[arg-type]
    return e.observe(e.agent_selection)["observation"].tobytes()


def test_numpy_integer_seeds_play_as_the_same_python_int() -> None:
    """Gymnasium's rule (a whole number of at least 0), with numpy integers counted as whole numbers."""
    for seed in (np.int64(3), np.int32(3), np.uint64(3), np.uint8(3), np.int16(3)):
        assert _first_observation(seed) == _first_observation(3)
    for seed in (np.uint64(2**64 - 1), 2**64 - 1, 10**5000):
        _first_observation(seed)
    e = env(variant="regency", players=4)
    e.reset(seed=np.int64(7))
    assert e.agent_selection in e.possible_agents


def test_distinct_seeds_give_distinct_episodes_and_others_are_refused() -> None:
    firsts = {_first_observation(seed) for seed in (0, 1, 2, 3, 2**63, 2**64, 2**64 + 1)}
    assert len(firsts) == 7
    for seed in (-1, -5, np.int64(-5)):
        with pytest.raises(canasta.ArgumentError, match="at least 0"):
            raw_env().reset(seed=seed)
    for seed in (True, np.bool_(True), 1.5, 3.0, "3", [3], object(), np.float64(3)):
        with pytest.raises(canasta.ArgumentError, match="seed must be an int"):
            raw_env().reset(seed=seed)  # type: ignore[arg-type]
    for options in ("x", 3, [("a", 1)]):
        with pytest.raises(canasta.ArgumentError, match="options must be a dict"):
            raw_env().reset(seed=1, options=options)  # type: ignore[arg-type]


def test_bad_agents_and_actions_are_argument_errors_and_change_nothing() -> None:
    e = raw_env(variant="finnish", players=4)
    e.reset(seed=2)
    assert e.game is not None
    before = e.game.record()
    for agent in ("nobody", "player_4", None, 0, ["player_0"]):
        for call in (e.observe, e.observation_space, e.action_space):
            with pytest.raises(canasta.ArgumentError, match="no agent"):
                call(agent)  # type: ignore[arg-type]
    for action in (None, 1.5, "0", True, np.float64(0), np.bool_(False), 10**6, -1, [0]):
        with pytest.raises(canasta.ArgumentError):
            e.step(action)  # type: ignore[arg-type]
    assert e.game.record() == before
    e.step(np.int64(e.action_encoding.action_to_index("draw")))
    assert len(e.game.actions) == 1


def test_bad_constructor_arguments_are_argument_errors() -> None:
    bad = [{"players": "4"}, {"players": None}, {"players": 4.0}, {"hands": 0}, {"hands": 1.5}, {"hands": True}]
    bad += [{"render_mode": "human"}, {"render_mode": ["ansi"]}, {"variant": 3}, {"variant": None}]
    for kwargs in bad:
        with pytest.raises(canasta.ArgumentError):
            raw_env(**kwargs)  # type: ignore[arg-type]
    assert raw_env(hands=np.int64(2)).hands == 2


def test_the_frameworks_own_errors_are_kept_where_pettingzoo_dictates_them() -> None:
    """Calls before reset raise PettingZoo's AssertionError, raw or wrapped; a dead agent takes only None (ValueError)."""
    for e in (raw_env(render_mode="ansi"), env(render_mode="ansi")):
        with pytest.raises(AssertionError, match="reset"):
            e.observe("player_0")
        with pytest.raises(AssertionError, match="reset"):
            e.step(0)
        with pytest.raises(AssertionError, match="reset"):
            e.render()
    e = raw_env(variant="regency", players=2)
    _play(e, seed=4)
    assert e.agents == []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        e.step(None)  # every agent is done: a warning, as PettingZoo's wrapper gives
    e.reset(seed=4)
    rng = random.Random(4)
    while not any(e.terminations.values()):
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    with pytest.raises(ValueError, match="the only valid action is None"):
        e.step(0)
