"""The embedding API: cards and ranks that read as cards, actions that cannot be built wrong,
views that are enough to decide, and a table that prints (issue: a library people can embed)."""

from __future__ import annotations

import contextlib
import pickle
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import canasta
from canasta import (
    AnswerGoOut,
    Card,
    Discard,
    Draw,
    HandScore,
    IllegalActionError,
    Meld,
    NotationError,
    Phase,
    Rank,
    TakePile,
)
from canasta.core.actions import ACTION_TYPES, Action, parse_action

PROFILES = tuple((name, players) for name in canasta.variant_names() for players in canasta.load_variant(name).player_counts)


# -- cards and ranks ---------------------------------------------------------------


def test_card_codes_are_documented_values() -> None:
    assert int(Card("2C")) == 0 and int(Card("3D")) == 5 and int(Card("KS")) == 47 and int(Card("AS")) == 51 and int(Card("JK")) == 52
    assert Card.from_code(47) is Card("KS")


@pytest.mark.parametrize("code", range(53))
def test_card_prints_as_its_text_and_round_trips(code: int) -> None:
    card = Card.from_code(code)
    assert repr(card) == str(card) == canasta.card_text(code)
    assert canasta.parse_card(str(card)) == card == code
    assert pickle.loads(pickle.dumps(card)) is card
    assert card.rank == canasta.rank_of(code)
    assert card.is_wild == canasta.is_wild(code)
    assert card.is_natural == canasta.is_natural(code)


def test_card_properties() -> None:
    assert Card("10d") == Card("TD") and Card("TD").suit == "D" and Card("JK").suit is None
    assert Card("JK").is_wild and Card("2H").is_wild and not Card("3H").is_natural and Card("4C").is_natural
    assert Card("3H").is_red_three and Card("3S").is_black_three
    assert Card("KS").rank is Rank.KING and Card("JK").rank is Rank.JOKER


def test_ranks_print_as_text() -> None:
    assert [repr(Rank(t)) for t in ("K", "10", "8", "W", "JK")] == ["K", "T", "8", "W", "JK"]
    assert Rank("K") == 11 and Rank.from_index(6) is Rank.EIGHT
    assert pickle.loads(pickle.dumps(Rank.ACE)) is Rank.ACE


@pytest.mark.parametrize("bad", [6, 99, None, 1.5, "X", "", "KK"])
def test_bad_ranks_and_cards_raise_notation_error(bad: object) -> None:
    with pytest.raises(NotationError):
        Rank(bad)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        Card(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 53, 99, True, 1.0])
def test_bad_codes_raise_notation_error(bad: object) -> None:
    with pytest.raises(NotationError):
        Card.from_code(bad)  # type: ignore[arg-type]


# -- actions -------------------------------------------------------------------------


def test_meld_takes_rank_as_text_and_prints_as_built() -> None:
    m = Meld(rank="8", naturals=3)
    assert str(m) == "meld 8 n3"
    assert repr(m) == "Meld(rank='8', naturals=3)"
    assert Meld(rank=Rank.EIGHT, naturals=3) == m == parse_action("meld 8 n3")


@pytest.mark.parametrize(
    "build",
    [
        lambda: Meld(rank=6, naturals=3),  # a bare int is ambiguous: index 6 is the eight
        lambda: Meld(rank="99", naturals=3),
        lambda: Meld(rank="K"),  # no cards
        lambda: Meld(rank="K", naturals=-1),
        lambda: Meld(rank="K", naturals=True),
        lambda: Meld(rank="K", naturals=1000),
        lambda: TakePile(naturals="2"),
        lambda: TakePile(top_only=1),
        lambda: Discard(rank="W"),
        lambda: Discard(rank=None),
        lambda: AnswerGoOut(yes="no"),
        lambda: AnswerGoOut(yes=None),
        lambda: AnswerGoOut(yes=1),
    ],
)
def test_actions_check_their_arguments_when_built(build: object) -> None:
    with pytest.raises(NotationError):
        build()  # type: ignore[operator]


def test_the_base_action_is_not_an_action() -> None:
    with pytest.raises(NotationError, match="base class"):
        Action()


@pytest.mark.parametrize("name,players", PROFILES)
def test_every_listed_action_repr_pastes_back(name: str, players: int) -> None:
    namespace = {cls.__name__: cls for cls in ACTION_TYPES}
    g = canasta.Game(name, players=players, seed=3)
    rng = random.Random(3)
    for _ in range(300):
        if g.is_over:
            break
        legal = g.legal_actions()
        for a in legal:
            assert eval(repr(a), namespace) == a
            assert parse_action(str(a)) == a
        g.apply(rng.choice(legal))


# -- any value: can, violation and apply never raise anything else -------------------

ODD_VALUES = st.one_of(
    st.none(),
    st.integers(),
    st.floats(allow_nan=True),
    st.binary(max_size=8),
    st.text(max_size=30),
    st.sampled_from(["meld K n²", "meld K n" + "9" * 5000, "meld 99 n3", "discard W", "take n٣", "discard", "yes please", "\x00"]),
    st.builds(object),
    st.sampled_from([Draw, Meld, canasta.Game, Action]),
    st.lists(st.integers(), max_size=3),
)


@given(ODD_VALUES)
def test_can_and_violation_answer_any_value_and_apply_raises_only_engine_errors(value: object) -> None:
    g = canasta.Game("finnish", players=4, seed=1)
    before = g.position()
    assert g.can(value) is False or isinstance(value, str)
    found = g.violation(value)
    if found is not None:
        assert isinstance(found, IllegalActionError | NotationError)
    try:
        g.apply(value)  # type: ignore[arg-type]
    except (IllegalActionError, NotationError):
        assert g.position() == before
    else:
        assert isinstance(value, str)  # only text can be a legal action here


def test_illegal_meld_of_a_valid_rank_is_refused_not_crashed() -> None:
    g = canasta.Game("finnish", players=4, seed=1)
    g.apply("draw")
    assert not g.can(Meld(rank="A", naturals=99))
    assert not g.can(Meld(rank="JK", naturals=3))
    with pytest.raises(IllegalActionError):
        g.apply(Meld(rank="JK", naturals=3))


# -- views -----------------------------------------------------------------------------


def _choose_from_view(view: canasta.PlayerView, rng: random.Random) -> canasta.Action:
    assert view.to_act and view.legal_actions
    return rng.choice(view.legal_actions)


@pytest.mark.parametrize("name,players", PROFILES)
def test_full_hands_decided_from_the_view_alone_never_hit_an_illegal_action(name: str, players: int) -> None:
    g = canasta.Game(name, players=players, seed=11)
    rng = random.Random(11)
    while g.hand_number <= 2 and not g.is_over:
        seat = g.current_player
        view = g.view(seat)
        assert set(view.legal_actions) == set(g.legal_actions())
        for other in range(players):
            if other != seat:
                assert g.view(other).legal_actions == ()
        g.apply(_choose_from_view(view, rng))  # raises IllegalActionError if the view misled the bot


def test_view_carries_the_turn_state() -> None:
    g = canasta.Game("finnish", players=4, seed=7)
    v = g.view(0)
    assert v.phase is Phase.DRAW and v.turn.question == "not_asked" and not v.turn.drew_from_stock
    assert v.turn.opening_needed == v.opening_minimums[0] and v.turn.opening_points == 0
    assert v.variant is g.variant and v.partners == (2,)
    g.apply("draw")
    v = g.view(0)
    assert v.phase is Phase.MELD and v.turn.drew_from_stock and not v.turn.took_pile


def test_view_shows_a_provisional_opening_and_its_retract() -> None:
    g = canasta.Game.from_position(
        {
            "variant": "finnish",
            "players": 4,
            "seat": 0,
            "phase": "meld",
            "hands": {"0": "KS KH KD 5C 6D 7H 8S 9C", "1": 11, "2": 11, "3": 11},
        }
    )
    g.apply(Meld(rank="K", naturals=3))
    t = g.view(0).turn
    assert t.opening_points == 30 and t.opening_needed == g.view(0).opening_minimums[0] - 30
    assert t.melded_ranks == (Rank.KING,)
    assert canasta.Retract() in g.view(0).legal_actions
    g.apply("retract")
    assert g.view(0).turn.retracted and g.view(2).turn.retracted


def test_view_never_shows_hidden_cards() -> None:
    g = canasta.Game("finnish", players=4, seed=5)
    v = g.view(1)
    text = repr(v) + str(v)
    own = {c.text for c in v.hand}
    for seat in (0, 2, 3):
        hidden = {c.text for c in g.view(seat).hand} - own
        for card in hidden:
            assert f"{card}," not in repr(v.hand)
    assert "cards" in text


# -- the table in text ---------------------------------------------------------------------


def test_str_of_a_game_draws_the_table() -> None:
    g = canasta.Game("finnish", players=4, seed=7)
    text = str(g)
    assert text.startswith("finnish, 4 players, hand 1: seat 0 to draw")
    assert "stock " in text and "pile " in text and "side 0 (seats 0 2)" in text and "side 1 (seats 1 3)" in text
    for seat in range(4):
        assert " ".join(c.text for c in g.view(seat).hand) in text


def test_str_of_a_view_hides_the_other_hands() -> None:
    g = canasta.Game("finnish", players=4, seed=7)
    text = str(g.view(2))
    assert " ".join(c.text for c in g.view(2).hand) in text
    assert " ".join(c.text for c in g.view(1).hand) not in text
    assert "  seat 1  11 cards" in text


def test_repr_of_a_game_is_a_summary() -> None:
    g = canasta.Game("finnish", players=4, seed=7)
    assert repr(g) == "<Game 'finnish' players=4 seed=7 hand=1 phase=draw current_player=0 scores=[0, 0]>"


@pytest.mark.parametrize("name", canasta.variant_names())
def test_repr_of_a_profile_is_a_summary_not_its_rules(name: str) -> None:
    """A profile prints as its name, title and player counts; its rules are :func:`canasta.dumps_variant`."""
    v = canasta.load_variant(name)
    text = repr(v)
    assert text.startswith(f"<Variant {name!r}: {v.title}, ") and text.endswith(" players>")
    assert all(str(n) in text for n in v.player_counts)
    assert len(text) < 120


def test_repr_of_a_record_is_a_summary_not_its_toml() -> None:
    g = canasta.Game("modern-american", players=4, seed=3)
    rng = random.Random(1)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))
    record = g.record()
    assert repr(record) == "<GameRecord 'modern-american' players=4 seed=3 actions=40 rules_version=3>"
    house = canasta.GameRecord(variant=record.variant.replace('name = "modern-american"', 'name = "a \\"quoted\\" club"'), players=4, seed=3, actions=())
    assert repr(house).startswith("""<GameRecord 'a "quoted" club' players=4""")


def test_repr_of_a_hand_score_gives_its_total_and_the_parts_that_count() -> None:
    score = HandScore(side=1, canastas=800, melded=420, in_hand=-35, penalties=-100)
    assert repr(score) == "HandScore(side=1, total=1085, canastas=800, melded=420, in_hand=-35, penalties=-100)"
    assert repr(HandScore(side=0)) == "HandScore(side=0, total=0)"
    special = HandScore(side=0, special_hand=5000)
    assert repr(special) == "HandScore(side=0, total=5000, special_hand=5000)"


def test_melds_print_with_canasta_status() -> None:
    g = canasta.Game.from_position(
        {
            "variant": "finnish",
            "players": 4,
            "seat": 0,
            "hands": {"0": "5C 6D 7H 8S 9C", "1": 11, "2": 11, "3": 11},
            "sides": {"0": {"melds": ["KS KH KD KC KS KH KD", "QS QH 2C"], "opened": True}},
        }
    )
    text = str(g)
    assert "natural canasta (7 cards)" in text and "3 cards, mixed, 4 to canasta" in text
    kings = g.view(0).melds[0][1]
    assert kings.rank is Rank.KING and kings.kind == "natural canasta" and kings.to_canasta == 0


def test_events_carry_cards() -> None:
    g = canasta.Game("finnish", players=4, seed=7)
    (drawn, *_) = g.apply("draw")
    assert isinstance(drawn, canasta.core.events.CardDrawn)
    assert isinstance(drawn.card, Card) and repr(drawn).startswith("CardDrawn(seat=0, card=")


def test_parsing_many_distinct_texts_leaves_the_engine_caches_bounded() -> None:
    from canasta.core import actions

    before = (actions.meld.cache_info().currsize, actions.take.cache_info().currsize, actions.discard.cache_info().currsize)
    for i in range(5000):
        for text in (f"meld K n{i % 1000} t{i // 1000}", f"take n{i % 1000}", f"meld K n{i}x"):
            with contextlib.suppress(NotationError):
                parse_action(text)
    after = (actions.meld.cache_info().currsize, actions.take.cache_info().currsize, actions.discard.cache_info().currsize)
    assert after == before
    assert len(actions._PARSED) <= actions._MAX_PARSED
