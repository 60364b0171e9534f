"""Five and six players, some sitting out each hand (004 L11), named after the clause.

004 L11: "With five players, one must always sit out. [With six,] either two or
three parties play against each other. However, one must always sit out in a
party of three." The reading the engine takes (docs/engine.md, "Five players"):
five form a side of three and a side of two, six two sides of three, and in a
side of three one member sits out each hand, in turn, so every hand is 2 v 2.
"""

from __future__ import annotations

import itertools
import random

import pytest
from engine_helpers import assert_conserved, events_of, setup

import canasta
from canasta.core.events import GoOutAsked, HandDealt, HandEnded
from canasta.variants import loads_variant


def idle(g: canasta.Game) -> tuple[int, ...]:
    """The seats sitting out the hand in progress."""
    st = g.state
    return st.rules.seating(st.hand_number).out


def play_hands(g: canasta.Game, hands: int, seed: int) -> list[tuple[int, int]]:
    """Play random legal actions until ``hands`` hands have ended; return (hand, seat) of every turn."""
    rng = random.Random(seed)
    turns: list[tuple[int, int]] = []
    while not g.is_over and g.hand_number <= hands:
        if g.phase == "draw" and (not turns or turns[-1] != (g.hand_number, g.current_player)):
            turns.append((g.hand_number, g.current_player))  # once per turn: a retract from the pile draws again
        events = g.apply(rng.choice(g.legal_actions()))
        for e in events_of(events, HandDealt):
            out = idle(g)
            assert e.first_player not in out
            assert all(g.state.sizes[s] == 0 for s in out), "004 L11: a seat sitting out is dealt no cards"
            assert all(g.state.sizes[s] > 0 for s in range(g.players) if s not in out) or g.phase == "over"
        assert g.current_player not in idle(g) or g.is_over, "004 L11: a seat sitting out is never to act"
        assert_conserved(g)
    return turns


def test_004_l11_five_players_form_a_side_of_three_and_a_side_of_two() -> None:
    g = canasta.Game("regency", players=5, seed=3)
    assert (g.players, g.sides) == (5, 2)
    assert [g.side_of(s) for s in range(5)] == [0, 1, 0, 1, 0]
    assert idle(g) == (4,)
    assert g.state.sizes == [11, 11, 11, 11, 0], "004 L29: the four who play get 11 cards each"
    assert g.current_player == 0


def test_004_l11_one_of_the_side_of_three_sits_out_each_hand_in_turn() -> None:
    rules = canasta.Game("regency", players=5, seed=1).state.rules
    assert [rules.seating(h).out for h in range(1, 7)] == [(4,), (0,), (2,), (4,), (0,), (2,)]
    assert all(set(rules.seating(h).order) == {0, 1, 2, 3, 4} - set(rules.seating(h).out) for h in range(1, 7))


def test_004_l11_turns_alternate_sides_and_skip_the_seat_sitting_out() -> None:
    g = canasta.Game("regency", players=5, seed=11)
    turns = play_hands(g, 3, seed=5)
    by_hand: dict[int, list[int]] = {}
    for hand, seat in turns:
        by_hand.setdefault(hand, []).append(seat)
    assert len(by_hand) >= 2
    for hand, seats in by_hand.items():
        out = g.state.rules.seating(hand).out
        assert not set(seats) & set(out)
        # 004 L22: partners never follow each other; the two sides alternate.
        assert all(g.side_of(a) != g.side_of(b) for a, b in itertools.pairwise(seats))


def test_004_l11_may_i_go_out_asks_the_partner_who_plays() -> None:
    g = canasta.Game("regency", players=5, seed=2)
    g.state.hand_number = 2  # seat 0 sits out hand 2: seat 2's partner at the table is seat 4
    g = setup(g, melds={0: {"9": "9S 9H 9D"}}, current=2, phase="meld")
    assert idle(g) == (0,) and g.state.sizes[0] == 0
    events = g.apply("ask")
    assert events_of(events, GoOutAsked)[0].partner == 4
    assert g.current_player == 4


def test_004_l11_six_players_two_sides_of_three_one_of_each_sits_out() -> None:
    g = canasta.Game("regency", players=6, seed=4)
    assert g.sides == 2
    assert idle(g) == (4, 5)
    assert g.state.sizes == [11, 11, 11, 11, 0, 0]
    rules = g.state.rules
    assert [rules.seating(h).out for h in (1, 2, 3)] == [(4, 5), (0, 1), (2, 3)]
    play_hands(g, 3, seed=9)


def test_004_l11_three_sides_of_two_stay_expressible_for_six() -> None:
    v = loads_variant('extends = "regency"\n[deal]\nsides = { 6 = 3 }\nsitting_out = { 6 = 0 }\n')
    g = canasta.Game(v, players=6, seed=6)
    assert g.sides == 3 and idle(g) == ()
    assert g.state.sizes == [11] * 6
    play_hands(g, 1, seed=3)


@pytest.mark.parametrize("name", ["finnish", "dutch", "swedish-official", "swedish-club"])
def test_004_l11_profiles_without_five_refuse_it(name: str) -> None:
    with pytest.raises(canasta.UnsupportedPlayerCount, match="not 5"):
        canasta.Game(name, players=5)


def test_004_l11_a_five_player_match_scores_per_side_and_replays_exactly() -> None:
    g = canasta.Game("regency", players=5, seed=21)
    rng = random.Random(4)
    ended: list[HandEnded] = []
    while not g.is_over:
        ended += events_of(g.apply(rng.choice(g.legal_actions())), HandEnded)
    assert len(ended) >= 2 and all(len(e.scores) == 2 for e in ended)
    assert g.scores == tuple(sum(e.scores[side].total for e in ended) for side in (0, 1))
    again = canasta.Game.replay(g.record())
    assert again.scores == g.scores and again.hand_scores == g.hand_scores
    assert all(again.view(s) == g.view(s) for s in range(5))


def test_004_l11_the_view_of_a_seat_sitting_out() -> None:
    g = canasta.Game("regency", players=5, seed=8)
    view = g.view(4)
    assert view.hand == () and view.hand_sizes[4] == 0
    assert view.side == 0 and view.current_player == 0
    assert view.turn_order == (0, 1, 2, 3) and 4 not in view.turn_order


def test_004_l11_the_view_gives_the_turn_order_of_the_seats_that_play() -> None:
    g = canasta.Game("regency", players=5, seed=11)
    rng = random.Random(5)
    seen: dict[int, list[int]] = {}
    orders: dict[int, tuple[int, ...]] = {}
    while not g.is_over and g.hand_number <= 3:
        seat, hand = g.current_player, g.hand_number
        view = g.view(seat)
        orders.setdefault(hand, view.turn_order)
        assert view.turn_order == orders[hand], "the order holds for the whole hand"
        if g.phase == "draw" and (not seen.get(hand) or seen[hand][-1] != seat):
            seen.setdefault(hand, []).append(seat)
        g.apply(rng.choice(g.legal_actions()))
    assert len(seen) >= 2
    for hand, seats in seen.items():
        order = orders[hand]
        assert set(order) == {0, 1, 2, 3, 4} - set(g.state.rules.seating(hand).out)
        # the seats act in the view's order, round and round, from its first seat
        assert seats == [order[i % len(order)] for i in range(len(seats))]


def test_004_l11_house_files_are_checked_for_a_fair_seating() -> None:
    with pytest.raises(canasta.VariantError) as exc:
        loads_variant('extends = "regency"\n[deal]\nsitting_out = { 5 = 2 }\n')
    assert [p.path for p in exc.value.problems] == ["deal.sitting_out.5"]
    assert "cannot form 2 equal sides" in exc.value.problems[0].message
    with pytest.raises(canasta.VariantError) as exc:
        loads_variant('extends = "finnish"\n[deal]\nsitting_out = { 5 = 1 }\n')
    assert "no deal.hand_size" in exc.value.problems[0].message
    # Only the players who play are dealt a hand: 4 x 24 + 1 cards fit two packs, 5 x 24 + 1 would not.
    v = loads_variant('extends = "regency"\n[deal]\nhand_size = { 5 = 24 }\n')
    assert canasta.Game(v, players=5, seed=1).state.sizes == [24, 24, 24, 24, 0]


def test_004_l11_positions_name_the_seats_that_play() -> None:
    base = {"variant": "regency", "players": 5, "hand_number": 2, "seat": 2, "hands": {"1": 11, "2": "KS KH 5C", "3": 11, "4": 11}}
    g = canasta.Game.from_position(base)
    assert idle(g) == (0,) and g.state.sizes[0] == 0
    again = canasta.Game.from_position(g.position())
    assert again.position() == g.position()
    with pytest.raises(canasta.PositionError, match="sits out hand 2"):
        canasta.Game.from_position({**base, "seat": 0})
    with pytest.raises(canasta.PositionError, match="holds no cards"):
        canasta.Game.from_position({**base, "hands": {**base["hands"], "0": "AS"}})  # type: ignore[dict-item]
