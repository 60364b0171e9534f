"""Card and action notation: printing and parsing round-trip; malformed text says where it failed."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import canasta
from canasta.core.actions import discard, meld, take
from canasta.core.cards import JOKER, card_text, parse_card
from canasta.core.positions import PositionError, cards_text, parse_cards

CARDS = st.integers(min_value=0, max_value=JOKER)


@given(CARDS)
def test_card_text_round_trips(card: int) -> None:
    assert parse_card(card_text(card)) == card


@given(st.lists(CARDS, max_size=20))
def test_card_lists_round_trip(cards: list[int]) -> None:
    problems: list[str] = []
    assert parse_cards(cards_text(cards), "x", problems) == cards
    assert problems == []


def test_card_spellings() -> None:
    assert card_text(parse_card("10D")) == "TD"
    assert card_text(parse_card("as")) == "AS"
    assert parse_card("JK") == JOKER


@pytest.mark.parametrize("text", ["", "A", "1S", "AX", "ASS", "KK", "11H"])
def test_malformed_card_names_the_text(text: str) -> None:
    with pytest.raises(canasta.NotationError, match="is not a card"):
        parse_card(text)


def test_malformed_card_in_a_list_names_where() -> None:
    problems: list[str] = []
    parse_cards("AS KX 2C", "position.hands.0", problems)
    assert problems == ["position.hands.0: 'KX' is not a card; write rank then suit, like AS, TD, 3H, or JK for a joker"]


ACTIONS = st.one_of(
    st.tuples(st.sampled_from([1, *range(2, 14)]), st.integers(0, 8), st.integers(0, 4), st.integers(0, 4))
    .filter(lambda a: a[1] + a[2] + a[3] > 0)
    .map(lambda a: meld(*a)),
    st.builds(take, st.integers(0, 3), st.integers(0, 2), st.integers(0, 2), st.booleans()),
    st.builds(discard, st.sampled_from([*range(13), JOKER])),
    st.sampled_from([canasta.parse_action(w) for w in ("draw", "ask", "yes", "no", "retract", "decline", "lay")]),
)


@given(ACTIONS)
def test_action_text_round_trips(action: canasta.Action) -> None:
    assert canasta.parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty action text"),
        ("fly", "unknown action 'fly'"),
        ("draw 2", "'draw' takes nothing after it"),
        ("meld K", "write meld <rank> <counts>"),
        ("meld X n3", "'X' is not a rank"),
        ("meld K n3 n1", "'n1' is not a count"),
        ("take q2", "'q2' is not a count"),
        ("discard", "write discard <rank>"),
    ],
)
def test_malformed_action_says_where(text: str, fragment: str) -> None:
    with pytest.raises(canasta.NotationError, match=fragment):
        canasta.parse_action(text)


def test_position_export_round_trips_mid_game() -> None:
    import random

    for name in canasta.variant_names():
        variant = canasta.load_variant(name)
        for players in variant.player_counts:
            game = canasta.Game(variant, players=players, seed=11)
            rng = random.Random(3)
            for _ in range(60):
                if game.is_over:
                    break
                game.apply(rng.choice(game.legal_actions()))
                # a turn start: melds laid before the draw (initial_meld.from_hand_before_pile) are mid-turn
                if game.phase == "draw" and not game.is_over and not game.state.retracted and not game.state.turn_new:
                    copy = canasta.Game.from_position(game.position())
                    assert copy.legal_actions() == game.legal_actions()
                    for seat in range(players):
                        a, b = game.view(seat), copy.view(seat)
                        assert (a.hand, a.melds, a.red_threes, a.pile_top, a.pile_size, a.stock_size, a.scores) == (
                            b.hand, b.melds, b.red_threes, b.pile_top, b.pile_size, b.stock_size, b.scores
                        )


def test_bad_position_lists_every_problem() -> None:
    with pytest.raises(PositionError) as info:
        canasta.Game.from_position({"variant": "finnish", "players": 5, "hands": {}})
    assert "position.players" in str(info.value)
