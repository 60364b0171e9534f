"""Positions under the family profiles: a key left out is what the table shows, or the position is refused naming it.

A position may leave out the reserve piles (``[position.reserve]``), the turns
played (``turns``), whether the pile is frozen (``pile.frozen``) and the seats
still waiting for their first turn (``waiting``). Left out, each is what a
table in that state would have under the profile in play; where the table
cannot show it, the position is refused with the key's name, and never
silently gives a side the wrong cards or the wrong rule (docs/scenarios.md).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

import canasta
from canasta.core.position_files import variant_spec
from canasta.errors import PositionError

SNIPPETS = Path(__file__).resolve().parents[1] / "docs" / "snippets"
OPENER = "AS AH AC AD KS KH KD QS QH QD 9H 9C 5D 6D"
"""Seat 1's hand after his draw: aces, kings and queens open Modern American's 125 (4 x 20 + 3 x 10 + 3 x 10 = 140)."""


def ma(variant: Any = "modern-american", **changes: Any) -> dict[str, Any]:
    """Seat 1 of a Modern American table has drawn from the stock and can open; side 0 has opened."""
    base: dict[str, Any] = {
        "variant": variant,
        "players": 4,
        "seat": 1,
        "phase": "meld",
        "drew": "stock",
        "hands": {"0": 13, "1": OPENER, "2": 13, "3": 13},
        "sides": {"0": {"melds": ["JC JD JH JS", "8C 8D 8H"]}},
        "pile": {"cards": "5C 4D 8S"},
        "stock": {"size": 30},
    }
    base.update(changes)
    return base


def house(text: str, parent: str = "modern-american") -> dict[str, Any]:
    """A house profile as a position's ``variant`` table."""
    return {"extends": parent, "name": "club", **tomllib.loads(text)}


def problems_of(spec: dict[str, Any]) -> tuple[str, ...]:
    with pytest.raises(PositionError) as info:
        canasta.Game.from_position(spec)
    return info.value.problems


def open_and_discard(game: canasta.Game) -> int:
    """Seat 1 opens with aces, kings and queens and discards: the cards his hand then holds."""
    for action in ("meld A n4", "meld K n3", "meld Q n3", "discard 6"):
        game.apply(action)
    return game.state.sizes[1]


# -- the reserve piles (Modern American's talons) ---------------------------------------------------


def test_a_side_that_has_opened_has_had_the_first_talon_so_the_next_opener_receives_three() -> None:
    """WCA "This is called a Talon", EBB §2.4: 4 to the first opener of the hand, 3 to the other side's."""
    game = canasta.Game.from_position(ma())
    assert game.position()["reserve"] == {"given": 1, "received": [0]}
    assert open_and_discard(game) == 3 + 3  # 9H 9C 5D and the talon of 3


def test_with_no_side_opened_no_talon_has_gone_so_the_first_opener_receives_four() -> None:
    game = canasta.Game.from_position(ma(sides={}))
    assert game.position()["reserve"] == {"given": 0, "received": []}
    assert open_and_discard(game) == 3 + 4


def test_with_both_sides_opened_both_talons_have_gone() -> None:
    spec = ma(sides={"0": {"melds": ["JC JD JH JS", "8C 8D 8H"]}, "1": {"melds": ["7C 7D 7H"]}})
    spec["hands"]["1"] = "AS AH AC KS KH KD QS QH QD 9H 9C 5D 6D"
    game = canasta.Game.from_position(spec)
    assert game.position()["reserve"] == {"given": 2, "received": [0, 1]}


def test_dealt_talons_left_out_are_the_ones_not_yet_given_with_their_sizes() -> None:
    """MEG Deal: talons of 4 and 3 dealt aside; side 0 has had the 4, so the 3 lies aside."""
    variant = canasta.load_variant(SNIPPETS / "modern-american-predealt-talons.toml")
    game = canasta.Game.from_position(ma(variant=variant_spec(variant)))
    assert [len(pile) for pile in game.state.reserves] == [3]
    assert open_and_discard(game) == 3 + 3
    assert [len(pile) for pile in canasta.Game.from_position(ma(variant=variant_spec(variant), sides={})).state.reserves] == [4, 3]


def test_the_default_is_exported_and_sets_up_the_same_state() -> None:
    game = canasta.Game.from_position(ma())
    again = canasta.Game.from_position(game.position())
    assert again.state.reserve_next == game.state.reserve_next == 1
    assert again.state.reserve_got == game.state.reserve_got == (True, False)


def test_a_given_reserve_table_is_taken_as_given() -> None:
    """An explicit table wins over what the table shows."""
    game = canasta.Game.from_position(ma(reserve={"given": 0, "received": []}))
    assert open_and_discard(game) == 3 + 4


@pytest.mark.parametrize(
    ("rules", "sides", "fragment"),
    [
        ('[reserve]\none_per = "player"\n', None, 'reserve.one_per = "player"'),
        ('[reserve]\ntrigger = "empty_hand"\n', None, 'reserve.trigger = "empty_hand"'),
        ("[reserve]\nsizes = [4]\n", {"0": {"melds": ["JC JD JH JS"]}, "1": {"melds": ["7C 7D 7H"]}}, "more than the 1 pile(s)"),
    ],
)
def test_a_reserve_the_table_cannot_show_is_refused_naming_the_key(rules: str, sides: dict[str, Any] | None, fragment: str) -> None:
    spec = ma(variant=house(rules))
    if sides is not None:
        spec["sides"] = sides
        spec["hands"]["1"] = "AS AH AC KS KH KD QS QH QD 9H 9C 5D 6D"
    problems = problems_of(spec)
    assert any(p.startswith("position.reserve: missing;") and fragment in p for p in problems), problems
    canasta.Game.from_position({**spec, "reserve": {"given": 1, "received": [0]}})  # said, it is accepted


def test_an_empty_hand_trigger_with_nothing_melded_has_given_nothing() -> None:
    """No hand is emptied without a meld: before any meld no foot has been given."""
    game = canasta.Game.from_position(ma(variant=house('[reserve]\ntrigger = "empty_hand"\n'), sides={}))
    assert game.position()["reserve"] == {"given": 0, "received": []}


def test_a_first_canasta_trigger_counts_the_sides_with_a_canasta() -> None:
    sides = {"0": {"melds": ["JC JD JH JS JC JD JH"]}, "1": {"melds": ["7C 7D 7H"]}}
    spec = ma(variant=house('[reserve]\ntrigger = "first_canasta"\n'), sides=sides)
    spec["hands"]["1"] = "AS AH AC KS KH KD QS QH QD 9H 9C 5D 6D"
    game = canasta.Game.from_position(spec)
    assert game.position()["reserve"] == {"given": 1, "received": [0]}


# -- the first round of turns (Cuban black threes) --------------------------------------------------


def cuban(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "variant": "cuban",
        "players": 4,
        "seat": 2,
        "dealer": 0,
        "phase": "meld",
        "drew": "stock",
        "hands": {"0": 13, "1": 13, "2": "3C 5D 6D 8H 9S TS JD QC KH AS AD 4C 7H 9D", "3": 13},
    }
    base.update(changes)
    return base


def test_a_hand_with_nothing_melded_is_at_the_seat_to_acts_first_turn() -> None:
    """RG: black threes are not discarded in the first round; seat 1 has played (dealer 0), so it is seat 2's first turn."""
    game = canasta.Game.from_position(cuban())
    assert game.state.turns == 1
    error = game.violation("discard 3")
    assert error is not None and error.rule == "discards.not_in_first_round"


def test_melds_under_a_first_round_rule_need_the_turns_played() -> None:
    problems = problems_of(cuban(sides={"0": {"melds": ["KC KD KH"]}}))
    assert any(p.startswith("position.turns: missing;") and "discards.not_in_first_round: 3" in p for p in problems), problems
    game = canasta.Game.from_position(cuban(sides={"0": {"melds": ["KC KD KH"]}}, turns=6))
    assert game.violation("discard 3") is None


def test_turns_decide_nothing_where_no_rule_reads_the_first_round() -> None:
    game = canasta.Game.from_position({**cuban(sides={"0": {"melds": ["KC KD KH"]}}), "variant": "regency"})
    assert game.state.turns == 0


# -- whether the pile is frozen --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "pile", "frozen"),
    [
        ("", "5C 2D 9S", True),  # 001 §17 B: a discarded wild card freezes it
        ("[discard_pile]\nwild_discard_freezes = false\n[upcard]\nwild_freezes = false\n", "5C 2D 9S", False),
        ('[black_threes]\ndiscard = "freeze"\n', "5C 3S 9S", True),  # decisions P16's opt-in: a black three freezes like a wild card
        ("", "5C 3S 9S", False),  # decisions P16: a black three blocks one player, it does not freeze
        ("[upcard]\nred_three_freezes = false\n", "3H 5C 9S", False),  # the red three upcard, where it does not freeze
    ],
)
def test_a_pile_left_without_frozen_is_frozen_as_the_profile_freezes_it(rules: str, pile: str, frozen: bool) -> None:
    spec = {
        "variant": house(rules, "regency") if rules else "regency",
        "players": 4,
        "hands": {"0": 11, "1": 11, "2": 11, "3": 11},
        "pile": {"cards": pile},
    }
    assert canasta.Game.from_position(spec).state.frozen is frozen


def test_a_bottom_card_that_freezes_as_the_upcard_and_not_as_a_discard_needs_frozen_given() -> None:
    """The bottom card may be the upcard or a discard after the pile was taken; where the rules tell them apart, the position says which."""
    rules = "[discard_pile]\nwild_discard_freezes = false\n[upcard]\nwild_freezes = true\n"
    spec: dict[str, Any] = {"variant": house(rules, "regency"), "players": 4, "hands": {"0": 11, "1": 11, "2": 11, "3": 11}, "pile": {"cards": "2D 5C 9S"}}
    problems = problems_of(spec)
    assert any(p.startswith("position.pile.frozen: missing;") for p in problems), problems
    for given in (True, False):
        assert canasta.Game.from_position({**spec, "pile": {"cards": "2D 5C 9S", "frozen": given}}).state.frozen is given
    higher = {**spec, "pile": {"cards": "5C 2D 9S"}}  # above the first natural card: a discard, which does not freeze here
    assert canasta.Game.from_position(higher).state.frozen is False


# -- the seats still waiting for their first turn ---------------------------------------------------


def test_a_black_bonus_three_in_another_hand_waits_for_its_players_turn_where_dealt_threes_do() -> None:
    """EBB §2.8: black threes are bonus cards; where dealt ones wait for the player's turn (000 RÖDA TREOR 1), a seat holding one has not played."""
    variant = house('[turn]\ndealt_red_threes = "own_turn"\n')
    spec = ma(variant=variant, sides={})
    spec["hands"]["3"] = "3C 4C 5C 6C 8C 9C TC JC QC KC AC 4D 5D"
    game = canasta.Game.from_position(spec)
    assert not game.state.had_turn[3] and game.state.had_turn[2]
    assert "waiting" not in game.position()  # the default, so the export leaves it out


# -- the hand number ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "decides"),
    [("[initial_meld]\nminimums_by_hand = [50, 90, 120]\n", "initial_meld.minimums_by_hand"), ("[match]\nhands = 4\n", "match.hands = 4")],
)
def test_scores_of_hands_played_need_the_hand_number_where_it_decides_a_rule(rules: str, decides: str) -> None:
    """Left out, the hand is the first, whose scores are 0; where the number decides the minimum or the match's end, a later one must be given."""
    spec: dict[str, Any] = {"variant": house(rules, "regency"), "players": 4, "hands": {"0": 11, "1": 11, "2": 11, "3": 11}}
    assert canasta.Game.from_position(spec).hand_number == 1
    problems = problems_of({**spec, "scores": [500, 300]})
    assert any(p.startswith("position.hand_number: missing;") and decides in p for p in problems), problems
    game = canasta.Game.from_position({**spec, "scores": [500, 300], "hand_number": 3})
    if "minimums_by_hand" in rules:
        assert game.state.minimum(0) == 120  # the third hand's minimum, whatever the score
    assert canasta.Game.from_position({**spec, "variant": "regency", "scores": [500, 300]}).hand_number == 1  # the number decides nothing here
