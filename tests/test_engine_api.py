"""The public API contract of the engine: seats and phases, action notation, records, views, seeds, match end.

These are the promises the README and docs/engine.md ("The API") make to card
rooms, scorekeepers and research code: ``Game``, ``legal_actions``, ``apply``
returning events and raising ``IllegalActionError`` with the game unchanged,
``copy``, ``view``, ``record`` / ``replay``.
"""

from __future__ import annotations

import json
import random
import re
import tomllib
from collections import Counter

import attrs
import pytest
from engine_helpers import ACTION_POOL, assert_conserved, census, game, scramble_hidden, snapshot
from hypothesis import given
from hypothesis import strategies as st

import canasta
from canasta.core.events import Event, GoOutAnswered, GoOutAsked, HandDealt, HandEnded, MatchEnded, Termination
from canasta.core.views import MeldView, PlayerView

PROFILES = tuple((name, players) for name in canasta.variant_names() for players in canasta.load_variant(name).player_counts)
SEVENS = "7S 7H 7D 7C 7S 7H 7D"


def play(g: canasta.Game, actions: int, seed: int = 0) -> canasta.Game:
    """Apply up to ``actions`` random legal actions (fewer if the match ends)."""
    rng = random.Random(seed)
    for _ in range(actions):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    return g


# ---------------------------------------------------------------------------
# Seats, sides, phases
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "players"), PROFILES)
def test_seats_and_sides(variant: str, players: int) -> None:
    g = canasta.Game(variant, players=players, seed=1)
    assert g.players == players
    assert len(g.scores) == g.sides
    assert [g.side_of(s) for s in range(players)] == [s % g.sides for s in range(players)]
    assert g.phase == "draw" and g.hand_number == 1 and not g.is_over and g.result is None
    assert 0 <= g.current_player < players
    assert g.current_player == (g.dealer + 1) % players, "the player left of the dealer starts (001 §9, 004 L223)"
    assert g.scores == (0,) * g.sides
    assert g.hand_scores == ()


def test_dealer_and_first_player_rotate_each_hand() -> None:
    g = game("finnish", hands={0: "KS KH KD"}, melds={0: {"7": SEVENS}}, phase="meld")
    dealer = g.dealer
    events = g.apply("meld K n3")
    dealt = [e for e in events if isinstance(e, HandDealt)]
    assert len(dealt) == 1
    assert dealt[0].hand_number == 2 and dealt[0].dealer == (dealer + 1) % 4
    assert g.current_player == dealt[0].first_player == (dealt[0].dealer + 1) % 4
    assert g.hand_number == 2 and len(g.hand_scores) == 1


def test_phases_draw_meld_answer() -> None:
    g = game("finnish", hands={0: "5C 6D 7H 8S"}, melds={0: {"K": "KS KH KD"}}, stock_top="4C")
    assert g.phase == "draw" and g.current_player == 0
    g.apply("draw")
    assert g.phase == "meld" and g.current_player == 0
    events = g.apply("ask")
    assert isinstance(events[0], GoOutAsked)
    # While the answer is due the partner is the player to act, and only yes / no are legal.
    assert g.phase == "answer" and g.current_player == 2
    assert {str(a) for a in g.legal_actions()} == {"yes", "no"}
    assert g.view(2).current_player == 2 and g.view(0).phase == "answer"
    err = g.violation("discard 5")
    assert err is not None and err.rule == "going_out.permission"
    events = g.apply("no")
    assert isinstance(events[0], GoOutAnswered) and events[0].seat == 2 and not events[0].yes
    assert g.phase == "meld" and g.current_player == 0
    g.apply("discard 5")
    assert g.phase == "draw" and g.current_player == 1


def test_partner_answers_in_six_player_game() -> None:
    g = game("swedish-club", players=6, hands={4: "5C 6D 7H"}, current=4, stock_top="4C")
    g.apply("draw")
    g.apply("ask")
    assert g.current_player == 1 and g.side_of(1) == g.side_of(4)


# ---------------------------------------------------------------------------
# apply, can, violation, events
# ---------------------------------------------------------------------------


def test_apply_returns_events_and_accepts_text_or_action() -> None:
    g = canasta.Game("regency", seed=3)
    events = g.apply("draw")
    assert isinstance(events, tuple) and events and all(isinstance(e, Event) for e in events)
    discard = next(a for a in g.legal_actions() if isinstance(a, canasta.Discard))
    assert g.can(discard) and g.can(str(discard))
    g.apply(discard)
    assert [str(a) for a in g.actions] == ["draw", str(discard)]


def test_illegal_action_raises_and_leaves_game_unchanged() -> None:
    g = canasta.Game("finnish", seed=4)
    before = snapshot(g)
    for text in ("discard 5", "meld K n3", "yes", "decline", "retract", "ask"):
        err = g.violation(text)
        assert err is not None and not g.can(text)
        with pytest.raises(canasta.IllegalActionError) as raised:
            g.apply(text)
        assert raised.value.rule == err.rule and raised.value.reason
        assert str(raised.value).startswith("illegal action")
    assert snapshot(g) == before
    assert g.actions == []


def test_illegal_action_error_names_rule_and_source() -> None:
    g = game("finnish", hands={0: "QS"}, melds={0: {"Q": "QH QD QC", "7": SEVENS}}, pile="QC")
    err = g.violation("take")
    assert isinstance(err, canasta.IllegalActionError) and isinstance(err, ValueError)
    assert err.rule == "discard_pile.one_card_rule"
    assert err.source == "001 §14 C"
    assert "discard_pile.one_card_rule" in str(err) and "001 §14 C" in str(err)


def test_legal_actions_is_a_fresh_list() -> None:
    g = canasta.Game("dutch", seed=2)
    legal = g.legal_actions()
    legal.clear()
    assert g.legal_actions()


# ---------------------------------------------------------------------------
# Notation
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "players"), PROFILES)
def test_every_listed_action_round_trips_through_text(variant: str, players: int) -> None:
    g = canasta.Game(variant, players=players, seed=9)
    rng = random.Random(9)
    seen = 0
    while g.hand_number == 1 and not g.is_over:
        legal = g.legal_actions()
        for a in legal:
            assert canasta.parse_action(str(a)) == a
            assert str(canasta.parse_action(str(a))) == str(a)
            seen += 1
        g.apply(rng.choice(legal))
    assert seen > 50


def test_action_pool_round_trips() -> None:
    for text in ACTION_POOL:
        action = canasta.parse_action(text)
        assert str(action) == text, f"{text!r} is printed as {str(action)!r}"
        assert canasta.parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "same_as"),
    [
        ("  DRAW ", "draw"),
        ("meld 10 n3", "meld T n3"),
        ("meld k N2 T1", "meld K n2 t1"),
        ("meld K j1 n2", "meld K n2 j1"),
        ("take t1 n1", "take n1 t1"),
        ("discard jk", "discard JK"),
        ("discard t", "discard T"),
    ],
)
def test_action_text_variants_parse_to_the_canonical_action(text: str, same_as: str) -> None:
    assert canasta.parse_action(text) == canasta.parse_action(same_as)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "fly",
        "draw now",
        "yes please",
        "meld",
        "meld K",
        "meld K x3",
        "meld Z n3",
        "meld K n0",
        "meld K n2 n1",
        "meld K n",
        "meld K 3",
        "take n2 n2",
        "take q1",
        "take n-1",
        "discard",
        "discard 1",
        "discard K Q",
        "discard W1",
    ],
)
def test_malformed_action_text_raises_notation_error(text: str) -> None:
    with pytest.raises(canasta.NotationError) as raised:
        canasta.parse_action(text)
    assert str(raised.value), "the error says what is wrong"
    assert not isinstance(raised.value, canasta.IllegalActionError)
    # Game.apply and Game.violation raise it too, and the game is unchanged.
    g = canasta.Game("swedish-official", seed=1)
    before = snapshot(g)
    with pytest.raises(canasta.NotationError):
        g.apply(text)
    assert snapshot(g) == before


@given(st.text(max_size=30))
def test_parse_action_never_raises_anything_but_notation_error(text: str) -> None:
    try:
        action = canasta.parse_action(text)
    except canasta.NotationError as exc:
        assert str(exc)
    else:
        assert canasta.parse_action(str(action)) == action


@pytest.mark.parametrize("text", ["", "1S", "AX", "KSS", "J", "10"])
def test_malformed_card_text_raises_notation_error(text: str) -> None:
    with pytest.raises(canasta.NotationError):
        canasta.parse_card(text)


def test_card_text_round_trips() -> None:
    for code in range(53):
        assert canasta.parse_card(canasta.card_text(code)) == code
    assert canasta.parse_card("10D") == canasta.parse_card("TD")


# ---------------------------------------------------------------------------
# Records and replay
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "players"), [("finnish", 4), ("swedish-club", 6), ("regency", 3), ("rasche-house", 2)])
def test_record_round_trips_toml_and_json_and_replays(variant: str, players: int) -> None:
    g = play(canasta.Game(variant, players=players, seed=31), 600, seed=31)
    record = g.record()
    assert record.players == players and record.seed == g.seed
    assert list(record.actions) == [str(a) for a in g.actions]
    toml_text = record.to_toml()
    assert tomllib.loads(toml_text)["seed"] == g.seed
    assert canasta.GameRecord.from_toml(toml_text) == record
    json_text = record.to_json()
    assert json.loads(json_text)["players"] == players
    assert canasta.GameRecord.from_json(json_text) == record
    for loaded in (canasta.GameRecord.from_toml(toml_text), canasta.GameRecord.from_json(json_text)):
        replayed = canasta.Game.replay(loaded)
        assert snapshot(replayed) == snapshot(g)
        assert replayed.hand_scores == g.hand_scores
        assert replayed.record() == record


def test_replay_of_a_prefix_and_of_a_bad_record() -> None:
    g = play(canasta.Game("dutch", seed=8), 40, seed=8)
    record = g.record()
    prefix = canasta.Game.replay(record, record.actions[:10])
    twin = play(canasta.Game("dutch", seed=8), 10, seed=8)
    assert snapshot(prefix) == snapshot(twin)
    bad = attrs.evolve(record, actions=(*record.actions[:3], "decline"))
    with pytest.raises(canasta.errors.ReplayError) as info:  # names the action: 4 of 4, its hand and seat
        canasta.Game.replay(bad)
    assert isinstance(info.value.error, canasta.IllegalActionError) and info.value.index == 3
    with pytest.raises(ValueError):
        canasta.GameRecord.from_json('{"players": 4}')


def test_record_keeps_a_house_profile() -> None:
    v = canasta.loads_variant('extends = "regency"\n[match]\ntarget = 7500  # house\n')
    g = play(canasta.Game(v, seed=5), 30, seed=5)
    replayed = canasta.Game.replay(canasta.GameRecord.from_toml(g.record().to_toml()))
    assert replayed.variant == v
    assert snapshot(replayed) == snapshot(g)


# ---------------------------------------------------------------------------
# Copies
# ---------------------------------------------------------------------------


def test_copy_is_independent() -> None:
    g = play(canasta.Game("swedish-official", seed=12), 25, seed=12)
    before = snapshot(g)
    c = g.copy()
    assert snapshot(c) == before
    play(c, 200, seed=1)
    assert snapshot(g) == before
    assert g.legal_actions() == canasta.Game.replay(g.record()).legal_actions()


def state_fields(g: canasta.Game) -> dict[str, object]:
    """Every field of the engine's state, as plain values (in either build: the compiled state has no ``__dict__``)."""
    state = g.state
    names = [n for n in dir(state) if not n.startswith("_") and not callable(getattr(state, n)) and n != "rules"]
    return {n: repr(getattr(state, n)) for n in names}


@pytest.mark.parametrize("variant", canasta.variant_names())
@pytest.mark.parametrize("at", [15, 60, 140])
def test_playing_a_copy_changes_nothing_in_the_game_it_was_copied_from(variant: str, at: int) -> None:
    """A copy shares with its original what no play changes in place (the tuples of a hand's rarely changed fields, each
    side's melds until one changes, the actions played), so playing a copy on, through melds, the end of the hand and
    the next deal, must leave every field of the original as it was."""
    g = play(canasta.Game(variant, seed=at), at, seed=at)
    before = state_fields(g)
    c = g.copy()
    play(c, 400, seed=at + 1)
    assert state_fields(g) == before


def test_a_copy_shares_the_actions_played_but_each_game_goes_on_alone() -> None:
    """The actions played are shared by a copy, not copied: each game's later actions are its own, and the list read
    from ``actions`` is the reader's to change."""
    g = play(canasta.Game("finnish", seed=5), 30, seed=5)
    played = g.actions
    c = g.copy()
    assert c.actions == played and c.actions is not played
    play(c, 10, seed=1)
    play(g, 3, seed=2)
    assert c.actions[:30] == g.actions[:30] == played
    assert len(c.actions) == 40 and len(g.actions) == 33 and c.actions[30:] != g.actions[30:]
    played.clear()
    assert len(g.actions) == 33, "changing the list read changes nothing in the game"
    assert canasta.Game.replay(c.record()).actions == c.actions


# ---------------------------------------------------------------------------
# Views: hidden information
# ---------------------------------------------------------------------------

VIEW_FIELDS = {
    "seat",
    "side",
    "hand_number",
    "turn_order",
    "current_player",
    "phase",
    "hand",
    "hand_sizes",
    "melds",
    "red_threes",
    "opened",
    "pile_top",
    "pile_size",
    "pile_frozen",
    "pile_frozen_by",
    "pile_freezing_card",
    "pile_freezing_seat",
    "discards",
    "stock_size",
    "scores",
    "opening_minimums",
    "players",
    "sides",
    "partners",
    "dealer",
    "turn",
    "legal_actions",
    "variant",
    "rules",
    "sitting_out",
    "dead_ranks",
    "reserve_piles",
    "reserve_received",
    "first_round",
    "known_cards",
    "public_state",
}


def _check_view(g: canasta.Game, seat: int) -> None:
    view = g.view(seat)
    assert isinstance(view, PlayerView)
    assert {f.name for f in attrs.fields(PlayerView)} == VIEW_FIELDS, "a new view field must be checked for leaks"
    stt = g.state
    assert view.seat == seat and view.side == g.side_of(seat)
    assert sorted(view.hand) == sorted(stt.hand_cards(seat)), "own hand only"
    assert view.hand_sizes == tuple(stt.sizes)
    # the turn order is public: every seat at the table sees who plays, and who sits out (004 L11)
    assert set(view.turn_order) == {s for s in range(g.players)} - set(stt.rules.seating(stt.hand_number).out)
    assert view.sitting_out == stt.rules.seating(stt.hand_number).out and view.rules is g.rules
    # what froze the pile is public: the upcard, or a card every player saw discarded
    assert (view.pile_frozen_by is None) == (not stt.frozen)
    assert view.pile_freezing_card is None or view.pile_freezing_card in [c for _, c in view.discards]
    if view.pile_freezing_seat is not None:  # a discard every player saw
        assert (view.pile_freezing_seat, view.pile_freezing_card) in view.discards
    assert view.stock_size == len(stt.stock)
    assert view.pile_size == len(stt.pile) and view.pile_top == (stt.pile[-1] if stt.pile else None)
    for fld in VIEW_FIELDS - {"hand"}:
        value = getattr(view, fld)
        assert not (isinstance(value, tuple) and len(value) == len(stt.stock) > 4 and list(value) == stt.stock)
    for side_melds in view.melds:
        for m in side_melds:
            assert isinstance(m, MeldView)
    # schema 2: the reserve piles show their sizes, never their cards; dead ranks follow from the canastas on the table
    assert view.reserve_piles == tuple(stt.rules.reserve_sizes[stt.reserve_next :])
    assert all(type(n) is int for n in view.reserve_piles)
    for side, dead in enumerate(view.dead_ranks):
        assert {int(r) for r in dead} == {r for r in range(13) if stt.is_dead(side, r)}
    # known cards: each seat holds every card the table saw it take and keep (a multiset within its hand)
    assert view.public_state is None
    for other, known in enumerate(view.known_cards):
        assert not Counter(int(c) for c in known) - Counter(stt.hand_cards(other))
    # the public state, asked for, holds this hand and the known cards of the others, and no hidden card
    public = g.view(seat, public_state=True).public_state
    assert public is not None and public.seed == 0
    assert set(public.stock) <= {-1} and len(public.stock) == len(stt.stock)
    assert all(set(pile) <= {-1} for pile in public.reserves) and set(public.dead) <= {-1}
    for other in range(g.players):
        want = stt.hand_cards(other) if other == seat else [int(c) for c in view.known_cards[other]]
        assert sorted(public.hand_cards(other)) == sorted(want)


@pytest.mark.parametrize(("variant", "players"), PROFILES)
def test_view_shows_only_what_the_seat_may_see(variant: str, players: int) -> None:
    g = canasta.Game(variant, players=players, seed=41)
    rng = random.Random(41)
    for step in range(120):
        if g.is_over:
            break
        if step % 15 == 0:
            for seat in range(players):
                _check_view(g, seat)
                # The view depends only on what the seat may see: re-dealing the hidden cards changes nothing.
                assert scramble_hidden(g, seat, rng).view(seat) == g.view(seat)
        play(g, 1, seed=rng.randrange(10**6))


def test_view_rejects_a_seat_not_at_the_table() -> None:
    g = canasta.Game("finnish", seed=1)
    with pytest.raises(ValueError):
        g.view(4)


# ---------------------------------------------------------------------------
# Seeds and player counts
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "players"), PROFILES)
def test_same_seed_same_deal_different_seed_different_deal(variant: str, players: int) -> None:
    a = canasta.Game(variant, players=players, seed=77)
    b = canasta.Game(variant, players=players, seed=77)
    assert snapshot(a) == snapshot(b)
    assert a.state.stock == b.state.stock
    deals = {tuple(canasta.Game(variant, players=players, seed=s).view(0).hand) for s in range(78, 84)}
    assert len(deals) == 6, "different seeds give different deals"
    assert tuple(a.view(0).hand) not in deals


def test_no_seed_picks_one_and_records_it() -> None:
    g = canasta.Game("finnish")
    assert isinstance(g.seed, int)
    assert snapshot(canasta.Game("finnish", seed=g.seed)) == snapshot(g)


def test_each_hand_is_shuffled_anew() -> None:
    g = game("finnish", hands={0: "KS KH KD"}, melds={0: {"7": SEVENS}}, phase="meld", seed=3)
    g.apply("meld K n3")
    h2 = g.view(0).hand
    g2 = game("finnish", hands={0: "KS KH KD"}, melds={0: {"7": SEVENS}}, phase="meld", seed=4)
    g2.apply("meld K n3")
    assert g2.view(0).hand != h2
    assert_conserved(g)


@pytest.mark.parametrize(
    ("variant", "players"), [("finnish", 2), ("finnish", 3), ("dutch", 6), ("finnish", 5), ("swedish-official", 5), ("swedish-club", 1)]
)
def test_unsupported_player_count_raises(variant: str, players: int) -> None:
    with pytest.raises(canasta.UnsupportedPlayerCount) as raised:
        canasta.Game(variant, players=players, seed=1)
    assert isinstance(raised.value, ValueError)
    assert str(players) in str(raised.value)


def test_unknown_profile_raises_variant_error() -> None:
    with pytest.raises(canasta.VariantError):
        canasta.Game("no-such-federation")


# ---------------------------------------------------------------------------
# Match end (topics N; decisions P23)
# ---------------------------------------------------------------------------


def _finish_hand(variant: str, scores: list[int], players: int = 4) -> tuple[canasta.Game, tuple[object, ...]]:
    """Seat 0 goes out: side 0 scores 500 (canasta) + 100 (out) + 35 + 30 = 665; side 1 scores 30 - 10 = 20."""
    g = game(
        variant,
        players=players,
        hands={0: "KS KH KD", 1: "5C", 2: "", 3: "5D"},
        melds={0: {"7": SEVENS}, 1: {"Q": "QS QH QD"}},
        phase="meld",
        scores=scores,
    )
    return g, g.apply("meld K n3")


def test_match_ends_when_a_side_reaches_the_target() -> None:
    g, events = _finish_hand("finnish", [4400, 0])
    assert g.scores == (5065, 20)
    ended = [e for e in events if isinstance(e, MatchEnded)]
    assert len(ended) == 1 and ended[0].winner == 0 and ended[0].totals == (5065, 20)
    assert g.is_over and g.phase == "over"
    assert g.result is not None and g.result.winner == 0 and not g.result.is_draw
    assert g.result.totals == g.scores and g.result.hands == 1
    assert g.legal_actions() == []
    err = g.violation("draw")
    assert err is not None and err.rule == "match.target"
    with pytest.raises(canasta.IllegalActionError):
        g.apply("draw")


def test_match_goes_on_below_the_target() -> None:
    g, events = _finish_hand("finnish", [4300, 0])
    assert g.scores == (4965, 20)
    assert not any(isinstance(e, MatchEnded) for e in events)
    assert not g.is_over and g.hand_number == 2 and g.phase == "draw"


def test_higher_total_wins_when_both_reach_the_target() -> None:
    # 001 §1, decisions P23: checked at the end of the hand; the higher total wins even if it crossed second.
    g, _ = _finish_hand("swedish-official", [4990, 4995])
    assert g.scores == (5655, 5015)
    assert g.result is not None and g.result.winner == 0
    g, _ = _finish_hand("swedish-official", [4000, 5800])
    assert g.result is not None and g.result.winner == 1


def test_equal_totals_are_a_draw() -> None:
    g, events = _finish_hand("finnish", [4400, 5045])
    assert g.scores == (5065, 5065)
    assert g.result is not None and g.result.is_draw and g.result.winner is None
    assert next(e for e in events if isinstance(e, MatchEnded)).winner is None


def test_three_player_match_end() -> None:
    g = game(
        "regency",
        players=3,
        hands={0: "KS KH KD", 1: "5C", 2: "5D"},
        melds={0: {"7": SEVENS}},
        phase="meld",
        scores=[4400, 4990, 0],
    )
    g.apply("meld K n3")
    assert g.scores == (5065, 4985, -5)
    assert g.result is not None and g.result.winner == 0


def test_turn_cap_ends_a_runaway_hand() -> None:
    g = canasta.Game("finnish", seed=6, turn_cap=3)
    rng = random.Random(0)
    events: tuple[object, ...] = ()
    while g.hand_number == 1:
        events = g.apply(rng.choice(g.legal_actions()))
    end = next(e for e in events if isinstance(e, HandEnded))
    assert end.termination in (Termination.TURN_CAP, Termination.WENT_OUT, Termination.WENT_OUT_CONCEALED)
    assert g.record().turn_cap == 3
    assert canasta.Game.replay(g.record()).hand_number == 2
    assert sum(census(g).values()) == 108


@pytest.mark.parametrize(("kwargs", "text"), [
    ({"seed": "x"}, "seed"),
    ({"seed": 1.5}, "seed"),
    ({"seed": True}, "seed"),
    ({"seed": 2**63}, "seed=9223372036854775808"),
    ({"seed": -(2**63) - 1}, "seed=-9223372036854775809"),
    ({"turn_cap": 0}, "turn_cap=0"),
    ({"turn_cap": -1}, "turn_cap=-1"),
    ({"turn_cap": 2**63}, "turn_cap=9223372036854775808"),
    ({"turn_cap": "400"}, "turn_cap"),
])  # fmt: skip
def test_game_refuses_a_seed_or_turn_cap_a_record_could_not_hold(kwargs: dict[str, object], text: str) -> None:
    """One error family for bad arguments (canasta.ArgumentError), still a ValueError and a TypeError for older callers."""
    with pytest.raises(canasta.ArgumentError, match=re.escape(text)) as raised:
        canasta.Game("finnish", **kwargs)  # type: ignore[arg-type]
    assert isinstance(raised.value, ValueError) and isinstance(raised.value, TypeError)


def test_from_position_refuses_a_turn_cap_below_one() -> None:
    position = canasta.Game("finnish", seed=1).position()
    with pytest.raises(ValueError, match="turn_cap=0"):
        canasta.Game.from_position(position, turn_cap=0)


def test_only_the_player_to_draw_sees_that_the_end_of_the_stock_forces_him_to_take_the_pile() -> None:
    """Under Regency he must take the pile whenever he legally can (004 L194); a frozen pile needs a natural pair from his hand,
    so whether he must depends on his cards: no other view may tell."""
    g = canasta.Game.from_position(
        {
            "variant": "regency",
            "players": 4,
            "seat": 0,
            "hands": {"0": "9H 9D 4C", "1": "7C 8D", "2": "7D 8C", "3": "7H 8H"},
            "sides": {"0": {"melds": ["KC KD KH"]}, "1": {"melds": ["QC QD QH"]}},
            "pile": {"cards": "5S 2C 9C", "frozen": True},
            "stock": {"size": 0},
        }
    )
    assert g.view(0).turn.take_forced and "decline" not in [str(a) for a in g.legal_actions()]
    assert not any(g.view(seat).turn.take_forced for seat in (1, 2, 3))


def test_a_bot_cannot_change_the_rules_of_its_game_through_its_view() -> None:
    """``game.rules`` and ``view.rules`` are read-only: a write or a delete raises, the tables inside cannot be changed,
    and the game plays on by its profile (the rules are built once per profile and shared, so no game could change another's)."""
    import attrs

    from canasta.core.canastas import CanastaKind

    g = canasta.Game("finnish", players=4, seed=1)
    view = g.view(g.current_player)
    assert view.rules is g.rules
    before = [str(a) for a in g.legal_actions()]
    for name, value in (("canasta_size", 3), ("target", 0), ("variant", None), ("wild_room", ()), ("new_rule", 1)):
        with pytest.raises(attrs.exceptions.FrozenInstanceError):
            setattr(view.rules, name, value)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        del view.rules.canasta_size
    with pytest.raises(TypeError):
        view.rules.bonus_by_kind[CanastaKind.NATURAL] = 0  # type: ignore[index]
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        view.rules = g.rules  # type: ignore[misc]
    assert g.rules.canasta_size == 7 and g.rules.target == 5000 and [str(a) for a in g.legal_actions()] == before
    assert canasta.Game("finnish", players=4, seed=2).rules is g.rules


def test_the_rules_hold_named_values_and_print_short() -> None:
    """Enums and named values, not int codes and sentinels; a repr of one line."""
    from canasta.variants.enums import ConcealedMinimum, DeadRanks, ReserveTrigger, StockExhausted, WildLimit

    fi = canasta.Game("finnish", players=4, seed=1).rules
    ma = canasta.Game("modern-american", players=4, seed=1).rules
    assert fi.end_mode is StockExhausted.FORCED_IF_FITS_MELD or isinstance(fi.end_mode, StockExhausted)
    assert isinstance(fi.concealed_minimum, ConcealedMinimum) and isinstance(fi.wild_limit, WildLimit)
    assert fi.dead_ranks is DeadRanks.NONE and ma.dead_ranks is DeadRanks.EVERYONE
    assert isinstance(ma.reserve_trigger, ReserveTrigger)
    assert ma.max_size == 7 and fi.max_size == fi.decks * 52 + fi.jokers  # no limit: every card of the deck
    assert repr(fi) == "<TableRules 'finnish', 4 players, rules version 3>"
