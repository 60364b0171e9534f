"""Card and action notation: printing and parsing round-trip; malformed text says where it failed."""

from __future__ import annotations

import re
import subprocess
import sys

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


def meant_by(text: str) -> str | None:
    """The text a NotationError for ``text`` suggests ("did you mean '...'?"), or None."""
    with pytest.raises(canasta.NotationError) as info:
        canasta.parse_action(text)
    found = re.search(r"did you mean '([^']*)'\?$", str(info.value))
    return found.group(1) if found else None


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("dscard 7", "discard 7"),  # a misspelt word: the closest one (difflib), with the rest
        ("dicsard JK", "discard JK"),
        ("DSCARD 7", "discard 7"),
        ("tke n2", "take n2"),
        ("mled K n3", "meld K n3"),
        ("drw", "draw"),
        ("retrct", "retract"),
        ("yse", "yes"),
        ("asks", "ask"),
        ("shwo seven_pairs", "show seven_pairs"),
        ("taketop n2", "take-top n2"),  # take-top written without its hyphen, or apart
        ("take_top n2", "take-top n2"),
        ("take top n2", "take-top n2"),
        ("meld K 3", "meld K n3"),  # a count without its letter, turned, or run together
        ("meld K 3n", "meld K n3"),
        ("meld k n3t1", "meld K n3 t1"),
        ("take 2", "take n2"),
        ("take n1t1", "take n1 t1"),
        ("take K n2", "take n2"),  # a take names no rank: the pile's top card gives it
        ("meld n3 K", "meld K n3"),  # the rank comes first
        ("meld queen n3", "meld Q n3"),  # a rank by its name, its plural, misspelt, or as a card
        ("meld queens n3", "meld Q n3"),
        ("meld quen n3", "meld Q n3"),
        ("meld KS n3", "meld K n3"),
        ("discard seven", "discard 7"),
        ("discard 7H", "discard 7"),
        ("discard 10D", "discard T"),
        ("discard the 7", "discard 7"),
        ("draw 2", "draw"),
        ("K n3", "meld K n3"),  # no word at all: the action the rest implies
        ("7", "discard 7"),
        ("n2", "take n2"),
    ],
)
def test_a_typo_in_action_text_gets_the_closest_valid_text(typed: str, meant: str) -> None:
    assert meant_by(typed) == meant
    canasta.parse_action(meant)  # the suggestion is itself valid text


@pytest.mark.parametrize("typed", ["xyzzy 3", "qwerty", "@@", "meld Z n3", "meld 1 n3", "take q2", "meld K x3", "meld K n3 n1", "discard 7 8"])
def test_text_with_nothing_close_lists_the_forms_instead(typed: str) -> None:
    """No suggestion is guessed where nothing is close: the message lists the forms (words, ranks or counts) to choose from."""
    with pytest.raises(canasta.NotationError) as info:
        canasta.parse_action(typed)
    message = str(info.value)
    assert "did you mean" not in message
    assert any(form in message for form in ("draw, take n2, take n1 t1", "2 3 4 5 6 7 8 9 T J Q K A", "n<naturals>", "write discard <rank>")), message


def test_valid_spellings_are_read_as_they_are() -> None:
    """Upper and lower case, and 10 for T, are valid text, not typos."""
    assert canasta.parse_action("meld k n3") == canasta.parse_action("meld K n3")
    assert canasta.parse_action("meld Q n3") == canasta.Meld(rank="Q", naturals=3)
    assert canasta.parse_action("Discard 10") == canasta.Discard(rank="T")
    assert canasta.parse_action("TAKE N2") == canasta.TakePile(naturals=2)


@given(st.text(alphabet="drawtkemlsciqnjK0123456789 -_", max_size=24))
def test_any_suggestion_is_valid_text(text: str) -> None:
    try:
        canasta.parse_action(text)
    except canasta.NotationError as exc:
        found = re.search(r"did you mean '([^']*)'\?$", str(exc))
        if found:
            canasta.parse_action(found.group(1))


def test_canasta_play_shows_the_suggestion_at_its_prompt() -> None:
    """The prompt's message is the NotationError's: a person who types ``dscard 7`` reads ``did you mean 'discard 7'?``."""
    run = subprocess.run(
        [sys.executable, "-m", "canasta", "play", "--seed", "1"], input="dscard 7\nquit\n", capture_output=True, text=True, timeout=120, check=False
    )
    assert "did you mean 'discard 7'?" in run.stdout, run.stdout[-800:]


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
