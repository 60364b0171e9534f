"""Hand and Foot's deck and foot, as a house file over ``finnish``: packs = players + 1 with their jokers, and a foot never reached.

The rule digest is ``rules/family/hand-and-foot.md``: "Packs, jokers, deal,
hand sizes" (five packs for four players, jokers kept: RVI, RG, DNX, NWP; two
11-card packets, the hand and the foot: RVI, GOCC, DNX, NWP), "Reserve hands"
(the foot is taken when the hand is used up; "Penalty if untaken: cards of the
foot count against the player at the end", TXN, like hand cards) and "Red and
black threes" (a red three left in hand or foot is penalized). The foot is the
``[reserve]`` mechanism: four dealt piles of 11, one per player, given when a
hand empties; each pile is dealt at random, so giving them in order is the
same in effect as a foot per player. The expected points are card values
written from the rules (000 POÄNGRÄKNING 2, 001 §12: joker 50, two and ace
20, king to eight 10, seven to four 5), not read from the engine.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest
import tomli_w

import canasta
from canasta.bots import HeuristicBot, RandomBot, play_turn
from canasta.core.actions import Meld
from canasta.core.cards import build_deck
from canasta.core.meld_candidates import meld_key
from canasta.encoding import ActionSpace, ObservationSpace
from canasta.variants.schema import DealRules
from canasta.variants.statement import statement_text

HOUSE: dict[str, Any] = {
    "extends": "finnish",
    "name": "hand-and-foot-house",
    "deal": {"decks": {"4": 5}, "jokers": {"4": 20}, "hand_size": {"4": 11}},
    "red_threes": {"bonus_table": {"4": [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]}},  # one entry per red three of 5 packs
    "reserve": {"sizes": [11, 11, 11, 11], "trigger": "empty_hand", "one_per": "player", "dealt": True},
}
"""Five packs and 20 jokers for four, hands of 11 and four feet of 11 dealt aside (decisions P68)."""


def house(**reserve: Any) -> dict[str, Any]:
    """:data:`HOUSE` with some ``[reserve]`` keys changed."""
    return {**HOUSE, "reserve": {**HOUSE["reserve"], **reserve}}


def _load(data: dict[str, Any]) -> canasta.Variant:
    return canasta.loads_variant(tomli_w.dumps(data))


# -- the deck: five packs and their jokers ------------------------------------------------------------


def test_five_packs_deal_four_hands_and_four_feet_of_eleven() -> None:
    """RVI, RG, DNX, NWP: packs = players + 1; each player gets two 11-card packets, the hand and the foot (GOCC, DNX)."""
    game = canasta.Game(_load(HOUSE), players=4, seed=5)
    st = game.state
    assert (game.rules.decks, game.rules.jokers) == (5, 20)
    assert st.sizes == [11, 11, 11, 11]
    assert [len(pile) for pile in st.reserves] == [11, 11, 11, 11]
    assert len(st.stock) + len(st.pile) == 5 * 52 + 20 - 4 * 11 - 4 * 11
    assert st.census() == Counter(build_deck(5, 20))
    assert Counter(st.census())[52] == 20  # every joker kept


def test_the_schema_allows_eight_packs_and_32_jokers_and_the_meld_cache_key_holds_them() -> None:
    """Seven packs for six players (decisions P68); the meld cache key packs its counts one a byte."""
    deal = attrs.fields_dict(DealRules)
    decks, jokers = deal["decks"].metadata["hi"], deal["jokers"].metadata["hi"]
    assert (decks, jokers) == (8, 32)
    most = 4 * decks + jokers  # every wild card of the largest deck
    assert most < 256
    key = meld_key(12, 4 * decks, jokers, (4 * decks, 4 * decks, jokers, ()))  # a MeldTuple: the compiled engine checks its shape
    assert [(key >> shift) & 0xFF for shift in (0, 8, 16, 24, 32)] == [12, 4 * decks, jokers, 4 * decks + 1, 4 * decks + jokers]


def test_a_meld_holding_every_natural_of_eight_packs_takes_only_wild_cards() -> None:
    """The listing's shapes stop at the naturals the packs hold: a meld of all 32 nines of eight packs may still take wild
    cards, and its listing does not run past its table (found by the house-file fuzzing: an IndexError)."""
    nines = " ".join(["9S", "9H", "9D", "9C"] * 8)
    variant = {"extends": "rasche-house", "name": "eight-packs", "deal": {"decks": {"6": 8}, "jokers": {"6": 6}}}
    variant["red_threes"] = {"bonus_table": {"6": [100] * 16}}
    position = {
        "variant": variant,
        "players": 6,
        "seat": 0,
        "phase": "meld",
        "drew": "stock",
        "hands": {"0": "2S 2H 5C 6D 7H", "1": 5, "2": 5, "3": 5},
        "sides": {"0": {"melds": [nines]}},
        "pile": {"cards": "4H"},
        "stock": {"size": 100},
    }
    game = canasta.Game.from_position(position)
    melds = [a for a in game.legal_actions() if isinstance(a, Meld)]
    assert {(str(a.rank), a.naturals, a.twos, a.jokers) for a in melds} == {("9", 0, 1, 0), ("9", 0, 2, 0)}


def test_six_players_play_seven_packs() -> None:
    deal = {key: {**table, "6": {"decks": 7, "jokers": 28, "hand_size": 11}[key]} for key, table in HOUSE["deal"].items()}
    data = {**HOUSE, "deal": {**deal, "sides": {"6": 2}}, "going_out": {"canastas_required": {"6": 1}}}
    data["red_threes"] = {"bonus_table": {**HOUSE["red_threes"]["bonus_table"], "6": [100 * (i + 1) for i in range(14)]}}
    data["reserve"] = {**HOUSE["reserve"], "sizes": [11] * 6}
    game = canasta.Game(_load(data), players=6, seed=2)
    assert game.state.census() == Counter(build_deck(7, 28))
    assert [len(p) for p in game.state.reserves] == [11] * 6


@pytest.mark.parametrize("counted", [False, True])
def test_random_matches_of_five_packs_play_to_the_end_with_views_encodings_and_records(counted: bool) -> None:
    v = _load(house(untaken_cards_count=counted))
    observations, actions = ObservationSpace(v, 4), ActionSpace(v, 4)
    for seed in range(2):
        game = canasta.Game(v, players=4, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            view = game.view(game.current_player)
            assert observations.encode(view).shape == observations.shape
            assert str(view)
            legal = game.legal_actions()
            assert int(actions.mask(game).sum()) == len(set(actions.indices(legal)))
            game.apply(rng.choice(legal))
            assert game.state.census() == Counter(build_deck(5, 20))
        assert str(game)
        again = canasta.Game.replay(game.record())
        assert again.scores == game.scores


# -- reserve.untaken_cards_count: a foot never reached counts against its player ----------------------


FOOT = "KS KH 5D JK 2C 7H 8S 9S TC QD AS"
"""Seat 3's foot, never reached: 10 + 10 + 5 + 50 + 20 + 5 + 10 + 10 + 10 + 10 + 20 = 160 (001 §12)."""


def went_out(foot: str, data: dict[str, Any] | None = None, **reserve: Any) -> canasta.HandScore:
    """Seat 1 goes out (a canasta of kings, three fives melded, the 9 discarded) while seat 3, his partner, still has his foot aside.

    Seats 0, 1 and 2 have had their feet; the one pile left is seat 3's. ``data`` is the house file (:data:`HOUSE`), with the
    ``[reserve]`` keys ``reserve`` changed. Returns side 1's score for the hand.
    """
    data = data or HOUSE
    spec = {
        "variant": {**data, "reserve": {**data["reserve"], **reserve}},
        "players": 4,
        "seat": 1,
        "phase": "meld",
        "drew": "stock",
        "hands": {"0": "4C 4D", "1": "5C 5D 5H 9D", "2": "QC QH", "3": "JC JD JH"},
        "sides": {"0": {"melds": ["AC AD AH"]}, "1": {"melds": ["KC KD KH KS KC KD KH"]}},
        "pile": {"cards": "6D"},
        "stock": {"size": 30},
        "reserve": {"given": 3, "received": [0, 1, 2], "piles": [foot]},
    }
    game = canasta.Game.from_position(spec)
    game.apply("meld 5 n3")
    ended = [e for e in game.apply("discard 9") if isinstance(e, canasta.HandEnded)]
    assert ended and ended[0].termination is canasta.Termination.WENT_OUT
    return ended[0].scores[1]


def test_a_foot_never_reached_costs_its_players_side_its_card_values() -> None:
    """TXN (decisions P68): the foot's cards count against the player, like hand cards."""
    without = went_out(FOOT)
    counted = went_out(FOOT, untaken_cards_count=True)
    assert without.in_hand == -30  # seat 3's three jacks
    assert counted.in_hand == -30 - 160
    assert counted.total == without.total - 160
    assert (counted.canastas, counted.going_out, counted.melded, counted.penalties) == (
        without.canastas, without.going_out, without.melded, without.penalties,
    )  # fmt: skip


def test_a_red_three_in_a_foot_never_reached_costs_the_unmelded_penalty() -> None:
    """decisions P68: a red three left in hand or foot is penalized (finnish: 500, 001 §21 H)."""
    foot = "3H KH 5D JK 2C 7H 8S 9S TC QD AS"  # the king of spades of FOOT (10) made a red three
    counted = went_out(foot, untaken_cards_count=True)
    assert counted.in_hand == -30 - 150
    assert counted.penalties == -500
    assert went_out(foot).penalties == 0  # the key off: the pile's cards count nothing, as before


def test_a_black_three_in_a_foot_never_reached_counts_as_one_held() -> None:
    """Black threes left in a hand count their points and ``black_threes.hand_penalty`` (Bolivia's 100 here)."""
    foot = "3S KH 5D JK 2C 7H 8S 9S TC QD AS"
    score = went_out(foot, {**HOUSE, "black_threes": {"hand_penalty": 100}}, untaken_cards_count=True)
    assert score.in_hand == -30 - 150 - 5  # finnish's black three is worth 5 (001 §12)
    assert score.penalties == -100


def test_untaken_cards_count_needs_piles_dealt_aside() -> None:
    """Without reserve.dealt (piles drawn from the stock when given) or without reserve piles, no cards lie aside to count."""
    with pytest.raises(canasta.VariantError) as info:
        _load(house(untaken_cards_count=True, dealt=False))
    problems = [p for p in info.value.problems if p.path == "reserve.untaken_cards_count"]
    assert len(problems) == 1 and "reserve.dealt" in problems[0].message
    with pytest.raises(canasta.VariantError) as info:
        _load(house(untaken_cards_count=True, sizes=[]))
    problems = [p for p in info.value.problems if p.path == "reserve.untaken_cards_count"]
    assert len(problems) == 1 and "reserve.sizes" in problems[0].message


def test_the_rule_is_stated_in_words() -> None:
    text = statement_text(_load(house(untaken_cards_count=True)), 4)
    assert "count against the player who never received one" in text


# -- reserve.sizes by player count: four feet for four players, six for six (RVI, RG, NWP TEAMS) ------


def test_the_bundled_profile_plays_four_or_six_with_a_foot_each() -> None:
    """RVI; RG; NWP TEAMS: four players, or six in two teams of three; packs = players + 1, jokers kept (378 cards for six)."""
    v = canasta.load_variant("hand-and-foot")
    assert v.player_counts == (4, 6)
    assert v.reserve.sizes == {4: (11,) * 4, 6: (11,) * 6}
    game = canasta.Game(v, players=6, seed=1)
    assert (game.rules.decks, game.rules.jokers, game.rules.sides) == (7, 14, 2)
    assert game.rules.side_of == (0, 1, 0, 1, 0, 1)  # the teams alternate round the table
    assert game.state.sizes == [11] * 6
    assert [len(pile) for pile in game.state.reserves] == [11] * 6
    assert game.state.census() == Counter(build_deck(7, 14))
    assert sum(game.state.census().values()) == 378
    assert len(game.rules.red_three_table) == 14  # one entry per red three of seven packs
    assert canasta.Game(v, players=4, seed=1).rules.reserve_sizes == (11, 11, 11, 11)


def test_an_array_of_reserve_sizes_still_holds_for_every_player_count() -> None:
    """A file written before the table form loads unchanged: its array is the piles of every table it plays."""
    data = {**HOUSE, "deal": {key: {**table, "6": {"decks": 7, "jokers": 28, "hand_size": 11}[key]} for key, table in HOUSE["deal"].items()}}
    data["deal"]["sides"] = {"6": 2}
    data["going_out"] = {"canastas_required": {"6": 1}}
    data["red_threes"] = {"bonus_table": {**HOUSE["red_threes"]["bonus_table"], "6": [100 * (i + 1) for i in range(14)]}}
    data["reserve"] = {**HOUSE["reserve"], "sizes": [11, 11, 11, 11]}
    v = _load(data)
    assert v.reserve.sizes == (11, 11, 11, 11)
    assert canasta.Game(v, players=6, seed=0).rules.reserve_sizes == (11, 11, 11, 11)
    assert v.reserve.sizes_for(4) == v.reserve.sizes_for(6) == (11, 11, 11, 11)


def test_a_table_of_reserve_sizes_loads_dumps_and_compares_count_by_count() -> None:
    table = _load(house(sizes={"4": [11, 11, 11, 11]}))
    array = _load(HOUSE)
    assert table.reserve.sizes == {4: (11, 11, 11, 11)}
    assert canasta.loads_variant(canasta.dumps_variant(table)) == table
    bundled = canasta.load_variant("hand-and-foot")
    assert canasta.loads_variant(canasta.dumps_variant(bundled)) == bundled
    assert [d.key for d in canasta.diff_variants(table, array) if d.key.startswith("reserve")] == []  # the same piles for four
    other = _load(house(sizes={"4": [11, 11, 13, 11]}))
    rows = [d for d in canasta.diff_variants(other, array) if d.key.startswith("reserve")]
    assert [(d.key, d.a, d.b) for d in rows] == [("reserve.sizes.4", [11, 11, 13, 11], [11, 11, 11, 11])]
    assert "reserve.sizes.4" in canasta.format_diff(rows, other, array)


@pytest.mark.parametrize(
    ("sizes", "path", "words"),
    [
        ({"4": [11, 11, 11, 11], "6": [11] * 6}, "reserve.sizes.6", "6 players has no deal.hand_size"),
        ({"5": [11]}, "deal.hand_size.4", "4 players also need reserve.sizes.4"),
        ({"4": [11, 0]}, "reserve.sizes.4[1]", "out of range"),
        ({"four": [11]}, "reserve.sizes.four", "is not a player count; did you mean 4?"),
        ({"4": 11}, "reserve.sizes.4", "expected an array"),
        (11, "reserve.sizes", "expected an array, or a table of arrays keyed by player count"),
        ({"4": []}, "going_out.reserve_taken", "reserve.sizes gives no pile for 4 players"),
    ],
)
def test_a_bad_table_of_reserve_sizes_is_refused_with_its_path(sizes: Any, path: str, words: str) -> None:
    with pytest.raises(canasta.VariantError) as info:
        _load({**house(sizes=sizes), "going_out": {"reserve_taken": True}})
    assert any(p.path == path and words in p.message for p in info.value.problems), info.value.problems


@pytest.mark.parametrize("bot", [RandomBot, HeuristicBot])
def test_six_player_matches_of_the_bundled_profile_play_to_the_end(bot: Any) -> None:
    """Six players, two teams of three, play the four hands of a match with random and heuristic bots; a record replays it."""
    v = canasta.load_variant("hand-and-foot")
    for seed in range(2):
        game = canasta.Game(v, players=6, seed=seed)
        bots = [bot(seed=seat) for seat in range(6)]
        while not game.is_over:
            assert game.legal_actions()
            play_turn(game, bots)
            assert game.state.census() == Counter(build_deck(7, 14))
        assert game.hand_number == 4 and str(game)
        assert canasta.Game.replay(game.record()).scores == game.scores


# -- reserve.by_discard and reserve.turn_continues: the table options of reaching the foot (BGA, FEU; decisions P68) --


def test_no_walking_with_the_foot_from_the_next_turn_is_refused() -> None:
    """Neither the discard nor a meld could empty the hand: the foot would be out of reach."""
    with pytest.raises(canasta.VariantError) as info:
        _load(house(by_discard=False, turn_continues=False))
    assert [p.path for p in info.value.problems] == ["reserve.by_discard"]
    assert "could never be reached" in info.value.problems[0].message
    assert _load(house(by_discard=False, turn_continues=True)).reserve.by_discard is False
    assert _load(house(by_discard=False, turn_continues=False, trigger="opening")).reserve.by_discard is False  # unused there


def test_a_complete_file_written_before_by_discard_walks_as_it_did() -> None:
    """upgrade.ADDED: a schema-2 file without the key played walking (BGA, FEU)."""
    text = "\n".join(line for line in canasta.dumps_variant(canasta.load_variant("hand-and-foot")).splitlines() if not line.startswith("by_discard"))
    assert "by_discard" not in text
    assert canasta.loads_variant(text) == canasta.load_variant("hand-and-foot")


@pytest.mark.parametrize("snippet", ["hand-and-foot-no-walking", "hand-and-foot-foot-next-turn"])
@pytest.mark.parametrize("players", [4, 6])
def test_the_foot_options_never_leave_a_player_without_a_legal_action(snippet: str, players: int) -> None:
    """Random play, the legal list checked action by action against the rules (``Game.violation``) where a hand holds one card."""
    v = canasta.load_variant(f"docs/snippets/{snippet}.toml")
    for seed in range(3):
        game = canasta.Game(v, players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            assert legal
            if game.state.sizes[game.current_player] == 1 and game.phase == "meld":
                texts = {a.text() for a in legal}
                for rank in "456789TJQKA2":
                    for action in (f"discard {rank}", f"meld {rank} n1"):
                        assert (game.violation(action) is None) == (action in texts), action
            melds = [a for a in legal if a.text().startswith("meld")]
            game.apply(rng.choice(melds) if melds and rng.random() < 0.7 else rng.choice(legal))
