"""Positions (docs/scenarios.md "The position"): reading them from any input, refusing inconsistent ones, and exporting every start-of-turn state.

Each test names the defect it guards against.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import canasta
from canasta.core.positions import PositionError as PositionErrorFromPositions
from canasta.errors import CanastaError, PositionError

FOUR_HANDS = {"0": 11, "1": 11, "2": 11, "3": 11}


def position(**changes: Any) -> dict[str, Any]:
    """A valid Finnish four-player position at the start of seat 0's turn, with ``changes`` applied."""
    base: dict[str, Any] = {"variant": "finnish", "players": 4, "seat": 0, "hands": dict(FOUR_HANDS)}
    base.update(changes)
    return base


def problems_of(spec: Any) -> tuple[str, ...]:
    with pytest.raises(PositionError) as info:
        canasta.Game.from_position(spec)
    return info.value.problems


# ---------------------------------------------------------------------------
# The error type
# ---------------------------------------------------------------------------


def test_position_error_is_one_of_the_family_and_still_importable_from_positions() -> None:
    assert PositionErrorFromPositions is PositionError
    assert issubclass(PositionError, CanastaError) and issubclass(PositionError, ValueError)


# ---------------------------------------------------------------------------
# Paths: never an OSError, never a hang (textfiles.read_text)
# ---------------------------------------------------------------------------


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero on this system")
def test_dev_zero_is_refused_not_read_forever() -> None:
    (problem,) = problems_of("/dev/zero")
    assert "not a regular file" in problem
    with pytest.raises(PositionError) as info:
        canasta.Game.from_position(Path("/dev/zero"))
    assert info.value.file == "/dev/zero" and str(info.value).startswith("/dev/zero: ")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
def test_a_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "position.toml"
    os.mkfifo(fifo)
    (problem,) = problems_of(fifo)
    assert "FIFO" in problem
    (problem,) = problems_of(str(fifo))
    assert "FIFO" in problem


def test_a_directory_is_a_position_error_not_is_a_directory_error(tmp_path: Path) -> None:
    for spec in (tmp_path, str(tmp_path)):
        with pytest.raises(PositionError) as info:
            canasta.Game.from_position(spec)
        assert "is a directory" in str(info.value) and info.value.file == str(tmp_path)


def test_a_missing_file_is_a_position_error_not_file_not_found(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.toml"
    for spec in (missing, str(missing)):
        with pytest.raises(PositionError) as info:
            canasta.Game.from_position(spec)
        assert "no such file" in str(info.value) and info.value.file == str(missing)
    (problem,) = problems_of("nowhere.txt")
    assert "no such file" in problem


def test_a_string_naming_an_existing_file_is_read_as_a_file(tmp_path: Path) -> None:
    path = tmp_path / "start.position"
    path.write_text('[position]\nvariant = "finnish"\nplayers = 4\n[position.hands]\n0 = 11\n1 = 11\n2 = 11\n3 = 11\n', encoding="utf-8")
    game = canasta.Game.from_position(str(path))
    assert game.current_player == 0 and game.phase == "draw"


def test_a_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    path = tmp_path / "bom.toml"
    path.write_bytes(b'\xef\xbb\xbfvariant = "finnish"\nplayers = 4\nhands = { 0 = 11, 1 = 11, 2 = 11, 3 = 11 }\n')
    assert canasta.Game.from_position(path).players == 4


def test_broken_toml_says_the_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('variant = "finnish"\nplayers = 4\nhands = { 0 = 11,\n', encoding="utf-8")
    with pytest.raises(PositionError) as info:
        canasta.Game.from_position(path)
    error = info.value
    assert error.file == str(path) and error.line == 3
    assert str(error).startswith(f"{path}, line 3, column ") and "broken TOML" in str(error)


def test_problems_in_a_file_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text('variant = "finnish"\nplayers = 4\nseaat = 1\nhands = { 0 = 11, 1 = 11, 2 = 11, 3 = 11 }\n', encoding="utf-8")
    with pytest.raises(PositionError) as info:
        canasta.Game.from_position(path)
    assert info.value.file == str(path)
    assert info.value.problems == ("position.seaat: unknown key; did you mean 'seat'?",)


def test_a_value_that_is_no_position_at_all() -> None:
    (problem,) = problems_of(42)
    assert "expected a position table, TOML text or the path" in problem


# ---------------------------------------------------------------------------
# Inconsistent positions
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("size", [0, -5])
def test_a_hand_of_no_cards_or_fewer_is_refused_naming_the_seat(size: int) -> None:
    """A player without cards has gone out, which ends the hand (001 §18 A); left in play he would have no legal action."""
    (problem,) = problems_of(position(hands={**FOUR_HANDS, "2": size}))
    assert problem.startswith("position.hands.2: seat 2 holds") and str(size) in problem and "001 §18 A" in problem


@pytest.mark.parametrize("seat", [0, 3])
def test_an_empty_hand_given_as_cards_is_refused(seat: int) -> None:
    (problem,) = problems_of(position(hands={**FOUR_HANDS, str(seat): ""}))
    assert problem.startswith(f"position.hands.{seat}: seat {seat} holds no cards")


def test_a_string_where_a_table_belongs_is_a_problem_not_ignored() -> None:
    problems = problems_of(position(pile="AS", stock=[1], sides={"0": {"melds": "KC KD KH"}}))
    assert "position.pile: expected a table like { cards = \"5C 9D\", frozen = false }, got 'AS'" in problems
    assert any(p.startswith("position.stock: expected a table") for p in problems)
    assert any(p.startswith("position.sides.0.melds: expected a list of melds") for p in problems)
    assert len(problems) == 3


@pytest.mark.parametrize("key", ["hands", "sides"])
def test_hands_and_sides_must_be_tables(key: str) -> None:
    problems = problems_of(position(**{key: "AS"}))
    assert any(p.startswith(f"position.{key}: expected a table") for p in problems)


def test_a_unicode_digit_is_no_seat() -> None:
    problems = problems_of(position(hands={**FOUR_HANDS, "²": 11}))
    assert any(p.startswith("position.hands.²: not a seat") for p in problems)


def test_bad_dealer_and_hand_number_are_problems() -> None:
    problems = problems_of(position(dealer=9, hand_number=0))
    assert "position.dealer: 9 is not a seat at a table of 4" in problems
    assert "position.hand_number: expected at least 1, got 0" in problems


# ---------------------------------------------------------------------------
# Retracted openings (001 §27 A•2) and exports
# ---------------------------------------------------------------------------


def _opening_from_the_pile_then_retracted() -> canasta.Game:
    """Two kings take the pile for the opening (30 of the 50 needed, 000 ÖPPNING); instead of melding the queens the player takes it back (001 §27 A•2)."""
    game = canasta.Game.from_position(
        position(variant="swedish-official", hands={**FOUR_HANDS, "0": "KH KD QS QH QD 5C 6D"}, pile={"cards": "4C KS"})
    )
    game.apply("take n2")
    game.apply("retract")
    return game


def test_position_after_a_retracted_pile_take_exports_and_round_trips() -> None:
    game = _opening_from_the_pile_then_retracted()
    assert game.phase == "draw"
    exported = game.position()
    assert exported["retracted"] is True and exported["phase"] == "draw"
    copy = canasta.Game.from_position(exported)
    assert copy.legal_actions() == game.legal_actions() == [canasta.Draw()]
    assert copy.position() == exported
    assert str(copy.violation("take n2")) == str(game.violation("take n2"))


def test_position_after_a_retracted_meld_keeps_the_raised_minimum() -> None:
    """Finnish raises the minimum by 10 after a retracted opening (001 §27 A); the export carries it."""
    game = canasta.Game.from_position(position(hands={**FOUR_HANDS, "0": "5H 5D 5C 9S 8D"}, pile={"cards": "4C"}, stock={"cards": "7D"}))
    game.apply("draw")
    game.apply("meld 5 n3")
    game.apply("retract")
    exported = game.position()
    assert (exported["phase"], exported["drew"], exported["retracted"]) == ("meld", "stock", True)
    assert exported["sides"]["0"]["minimum_raise"] == 10
    copy = canasta.Game.from_position(exported)
    assert copy.state.minimum(0) == game.state.minimum(0) == 60
    assert copy.legal_actions() == game.legal_actions()
    assert copy.can("meld 5 n3") is False and copy.violation("meld 5 n3") is not None
    assert copy.position() == exported


def test_a_hand_written_retracted_position_raises_the_minimum_by_the_profile() -> None:
    game = canasta.Game.from_position(position(retracted=True, hands={**FOUR_HANDS, "0": "5H 5D 5C 9S 8D"}))
    assert game.state.minimum(0) == 60 and game.legal_actions() == [canasta.Draw()]


def test_retracted_is_refused_for_a_side_that_has_opened_and_after_a_pile_in_the_meld_phase() -> None:
    problems = problems_of(position(retracted=True, sides={"0": {"melds": ["KC KD KH"]}}))
    assert any(p.startswith("position.retracted: only a side that has not opened") for p in problems)
    problems = problems_of(position(retracted=True, phase="meld", drew="pile"))
    assert any(p.startswith("position.retracted: an opening taken back after taking the pile") for p in problems)
    problems = problems_of(position(retracted="yes"))
    assert "position.retracted: expected true or false, got 'yes'" in problems


def test_an_answer_before_a_retracted_opening_exports_and_round_trips() -> None:
    """The partner's answer stands after an opening taken back (001 §23, §27 A•2): the position keeps it, found by the ci fuzz run."""
    game = canasta.Game.from_position(
        position(variant="swedish-official", hands={**FOUR_HANDS, "0": "KH KD QS QH QD 5C 6D"}, pile={"cards": "4C KS"})
    )
    for action in ("take n2", "ask", "yes", "retract"):
        game.apply(action)
    exported = game.position()
    assert (exported["phase"], exported["retracted"], exported["answer"]) == ("draw", True, "yes") and "answer_binds" not in exported
    copy = canasta.Game.from_position(exported)
    assert copy.legal_actions() == game.legal_actions() and copy.position() == exported
    assert str(copy.violation("ask")) == str(game.violation("ask"))


def test_a_binding_answer_exports_and_round_trips() -> None:
    """Finnish: asked after melding, he must go out if he can whatever the answer (001 §23 B); the position keeps that."""
    game = canasta.Game.from_position(position(hands={**FOUR_HANDS, "0": "5H 5D 5C 9S 8D"}, pile={"cards": "4C"}, stock={"cards": "7D"}))
    for action in ("draw", "meld 5 n3", "ask", "no", "retract"):
        game.apply(action)
    exported = game.position()
    assert (exported["answer"], exported["answer_binds"]) == ("no", True)
    copy = canasta.Game.from_position(exported)
    assert copy.state.ask_binds and copy.legal_actions() == game.legal_actions() and copy.position() == exported


def test_an_answer_before_any_meld_exports_and_is_not_asked_again() -> None:
    game = canasta.Game.from_position(position(hands={**FOUR_HANDS, "0": "5H 5D 9S 8D"}, stock={"cards": "7D"}))
    for action in ("draw", "ask", "no"):
        game.apply(action)
    exported = game.position()
    assert (exported["phase"], exported["drew"], exported["answer"]) == ("meld", "stock", "no")
    copy = canasta.Game.from_position(exported)
    assert copy.legal_actions() == game.legal_actions() and not copy.can("ask")


def test_impossible_answers_are_refused_with_the_rule() -> None:
    def problem(**changes: Any) -> str:
        (found,) = [p for p in problems_of(position(**changes)) if p.startswith("position.answer")]
        return found

    assert "before it there is no answer" in problem(answer="yes")
    assert "use \"yes\" or \"no\"" in problem(phase="meld", answer="maybe")
    assert "only an answer binds" in problem(phase="meld", answer_binds=True)
    assert "expected true or false" in problem(phase="meld", answer="no", answer_binds="yes")
    assert "only after drawing from the stock" in problem(phase="meld", drew="pile", answer="yes", sides={"0": {"melds": ["KC KD KH"]}})
    assert "binds him to nothing" in problem(phase="meld", answer="no", answer_binds=True)
    assert "binds only where" in problem(variant="swedish-official", phase="meld", answer="no", answer_binds=True)
    assert "not part of these rules" in problem(variant="swedish-official", players=2, hands={"0": 11, "1": 11}, phase="meld", answer="no")
    assert "holds one card" in problem(phase="meld", answer="yes", hands={**FOUR_HANDS, "0": "9S"})


def test_mid_turn_and_finished_states_raise_position_error() -> None:
    game = canasta.Game.from_position(
        position(variant="swedish-official", hands={**FOUR_HANDS, "0": "KH KD QS QH QD 5C 6D"}, pile={"cards": "4C KS"})
    )
    game.apply("take n2")
    with pytest.raises(PositionError, match="mid-turn"):
        game.position()
    # docs/scenarios.md example 3, one hand from the target: going out ends the match (000 POÄNGRÄKNING, MATCHENS SLUT)
    over = canasta.Game.from_position(
        position(
            variant="swedish-official",
            phase="meld",
            scores=[4900, 0],
            hands={"0": "KS 7C", "1": "5H 5D", "2": "AC", "3": "JK"},
            sides={"0": {"melds": ["KC KD KH KS KC KD"], "red_threes": "3H"}, "1": {"melds": ["8C 8D 8H"]}},
            stock={"size": 20},
        )
    )
    over.apply("meld K n1")
    over.apply("discard 7")
    assert over.is_over
    with pytest.raises(PositionError, match="the match is over"):
        over.position()


def test_round_trip_through_toml_text_and_a_file(tmp_path: Path) -> None:
    import tomli_w

    game = _opening_from_the_pile_then_retracted()
    exported = game.position()
    path = tmp_path / "after-retract.toml"
    path.write_text(tomli_w.dumps({"position": exported}), encoding="utf-8")
    assert canasta.Game.from_position(path).position() == exported
    assert canasta.Game.from_position(tomli_w.dumps(exported)).position() == exported


def test_a_record_of_a_position_with_a_house_file_replays_without_the_file(tmp_path: Path) -> None:
    (tmp_path / "house.toml").write_text('extends = "finnish"\n[match]\ntarget = 7500\n', encoding="utf-8")
    path = tmp_path / "start.toml"
    path.write_text('variant = "house.toml"\nplayers = 4\nhands = { 0 = 11, 1 = 11, 2 = 11, 3 = 11 }\n', encoding="utf-8")
    game = canasta.Game.from_position(path)
    game.apply("draw")
    record = canasta.GameRecord.from_toml(game.record().to_toml())
    (tmp_path / "house.toml").unlink()
    replayed = canasta.Game.replay(record)
    assert replayed.variant == game.variant and replayed.variant.match.target == 7500
    assert replayed.position() == game.position()


def test_a_toml_text_string_is_never_taken_for_a_path() -> None:
    text = 'variant = "finnish"\nplayers = 4\nhands = { 0 = 11, 1 = 11, 2 = 11, 3 = 11 }\n'
    assert canasta.Game.from_position(text).players == 4


def test_a_score_played_past_the_floor_is_not_exported_as_a_position_that_would_not_load() -> None:
    """A position loaded at the score floor (-LIMIT) and played on: the export refuses, never writes what cannot load (found by the ci profile)."""
    game = canasta.Game.from_position(
        position(
            variant="dutch",
            scores=[0, -(10**15)],
            hands={"0": "KS 4H", "1": "9C", "2": "5D", "3": "JD"},
            sides={"0": {"melds": ["QC QD QH"]}},
            pile={"cards": "8C 3S"},
            stock={"size": 0},
        )
    )
    game.apply("decline")
    assert game.scores[1] < -(10**15)
    with pytest.raises(PositionError, match="past the range positions hold"):
        game.position()
