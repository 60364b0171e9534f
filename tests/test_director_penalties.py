"""A director's penalties during play (001 §21 H, §22-§33; decisions P45) and the rules versions a record replays by.

``Game.penalize`` takes each :class:`canasta.Penalty` with its points from the
profile; a profile without one refuses it by name and changes nothing; the
record keeps the penalties, and a replay applies them at the same point. A
record names the engine's rules version, and one of version 1 replays by the
rules it was played by (decisions P44, P26).
"""

from __future__ import annotations

import pytest

import canasta
from canasta import EntryError, Penalty
from canasta.core.events import HandEnded, PenaltyApplied
from canasta.core.table import RULES_VERSION
from canasta.errors import ArgumentError, RecordError

POINTS = [kind for kind in Penalty if not kind.raises_minimum]


@pytest.mark.parametrize("kind", POINTS, ids=lambda k: k.name.lower())
def test_each_penalty_costs_the_profiles_points_in_the_hands_score(kind: Penalty) -> None:
    game = canasta.Game("finnish", seed=5)
    value = getattr(getattr(game.variant, kind.value.split(".")[0]), kind.value.split(".")[1])
    count = 2 if kind.per_card else 1
    (event,) = game.penalize(1, kind, count)
    assert event == PenaltyApplied(side=1, points=value * count, rule=kind.value)
    while game.hand_number == 1:
        events = game.apply(game.legal_actions()[0])
    ended = next(e for e in events if isinstance(e, HandEnded))
    assert ended.scores[1].penalties == -value * count
    assert ended.scores[0].penalties == 0


def test_an_insufficient_opening_raises_the_sides_minimum_for_the_hand_only() -> None:
    """001 §27 A•2: the minimum rises by 10 for the hand; the next hand starts from the table again."""
    game = canasta.Game("finnish", seed=2)
    before = game.view(0).opening_minimums
    (event,) = game.penalize(0, "insufficient_opening")
    assert event.minimum_raise == 10 and event.points == 0
    assert game.view(0).opening_minimums == (before[0] + 10, before[1])
    while game.hand_number == 1:
        game.apply(game.legal_actions()[0])
    assert game.view(0).opening_minimums[0] == game.rules.opening_minimum(game.scores[0])


@pytest.mark.parametrize(
    ("profile", "call", "error", "message"),
    [
        ("dutch", lambda g: g.penalize(0, "meld_out_of_turn"), EntryError, "profile 'dutch' has no penalty 'meld_out_of_turn'"),
        ("swedish-official", lambda g: g.penalize(0, Penalty.UNMELDED_RED_THREE), EntryError, "red_threes.unmelded_penalty is 0"),
        ("finnish", lambda g: g.penalize(2, "meld_out_of_turn"), ArgumentError, "expected a side from 0 to 1, got 2"),
        ("finnish", lambda g: g.penalize(0, "talking"), ArgumentError, "expected a Penalty or one of table_talk"),
        ("finnish", lambda g: g.penalize(0, "table_talk", 2), ArgumentError, "this penalty is not counted per card"),
        ("finnish", lambda g: g.penalize(0, "penalty_card_help", 0), ArgumentError, "a number of cards from 1 to 1000"),
        ("finnish", lambda g: g.penalize("0", "table_talk"), ArgumentError, "expected a side"),
    ],
)
def test_a_refused_penalty_names_what_is_wrong_and_changes_nothing(profile: str, call: object, error: type, message: str) -> None:
    game = canasta.Game(profile, seed=1)
    before = game.record().to_toml(), game.view(0)
    with pytest.raises(error, match=message):
        call(game)  # type: ignore[operator]
    assert (game.record().to_toml(), game.view(0)) == before


def test_a_house_file_changes_a_penalty(tmp_path: object) -> None:
    from pathlib import Path

    house = Path(str(tmp_path)) / "house.toml"
    house.write_text('extends = "finnish"\nname = "house"\n\n[penalties]\nmeld_out_of_turn = 250\n', encoding="utf-8")
    (event,) = canasta.Game(house, seed=1).penalize(0, "meld_out_of_turn")
    assert event.points == 250


def test_the_record_keeps_the_penalties_and_a_replay_applies_them_at_the_same_point() -> None:
    game = canasta.Game("finnish", seed=9)
    for _ in range(7):
        game.apply(game.legal_actions()[0])
    game.penalize(1, "draw_out_of_turn")
    game.penalize(0, "insufficient_opening")
    for _ in range(40):
        game.apply(game.legal_actions()[-1])
    record = game.record()
    assert record.rules_version == RULES_VERSION
    assert [p["after"] for p in record.penalties] == [7, 7]
    for text in (record.to_toml(), record.to_json()):
        again = canasta.Game.replay(text)
        assert again.hand_scores == game.hand_scores and again.scores == game.scores
        assert again.director_penalties == game.director_penalties
        assert again.view(0) == game.view(0)


@pytest.mark.parametrize(
    ("penalties", "message"),
    [
        ([{"after": 99, "side": 0, "penalty": "table_talk"}], "penalties[0].after: expected the number of actions before it, from 0 to 2"),
        ([{"after": 0, "side": 0, "penalty": "talking"}], "penalties[0].penalty: expected one of"),
        ([{"after": 0, "side": 0, "penalty": "table_talk", "why": "x"}], "penalties[0]: unknown key 'why'"),
        ([{"after": 2, "side": 0, "penalty": "table_talk"}, {"after": 1, "side": 0, "penalty": "table_talk"}], "penalties[1].after"),
        ("table_talk", "penalties: expected a list"),
    ],
)
def test_a_records_bad_penalties_are_each_named(penalties: object, message: str) -> None:
    data = canasta.Game("finnish", seed=1).record().to_data()
    data["actions"] = ["draw", "discard 7"]
    data["penalties"] = penalties
    with pytest.raises(RecordError, match=message.replace("[", r"\[").replace("]", r"\]")):
        canasta.GameRecord.from_data(data)


def test_a_record_without_a_rules_version_is_version_one() -> None:
    data = canasta.Game("finnish", seed=1).record().to_data()
    del data["rules_version"]
    assert canasta.GameRecord.from_data(data).rules_version == 1
    data["rules_version"] = 4
    with pytest.raises(RecordError, match="rules_version: expected one of 1, 2, 3"):
        canasta.GameRecord.from_data(data)
    with pytest.raises(ArgumentError, match="rules_version"):
        canasta.Game("finnish", rules_version=0)


KEPT = {
    "variant": "regency",
    "players": 4,
    "seat": 0,
    "phase": "meld",
    "drew": "stock",
    "hands": {"0": "KS KH KD 7C", "1": "3H 9C", "2": "5D", "3": "JD"},
    "sides": {"0": {"melds": ["QC QD QH QS QC QD QH"]}, "1": {"melds": ["7C 7D 7H"]}},
    "stock": {"size": 30},
}


@pytest.mark.parametrize(("version", "red_threes", "penalties"), [(1, 100, 0), (2, 0, -500)])
def test_a_record_replays_by_its_rules_version(version: int, red_threes: int, penalties: int) -> None:
    """A red three kept in hand (004 L164): version 1 counted it with the laid ones, version 2 charges 500 (decisions P44)."""
    game = canasta.Game.from_position(KEPT, rules_version=version)
    game.apply("meld K n3")
    (ended,) = [e for e in game.apply("discard 7") if isinstance(e, HandEnded)]
    assert (ended.scores[1].red_threes, ended.scores[1].penalties) == (red_threes, penalties)
    again = canasta.Game.replay(game.record())
    assert again.hand_scores == game.hand_scores


@pytest.mark.parametrize(("version", "legal"), [(1, False), (2, True)])
def test_asking_after_melding_follows_the_rules_version(version: int, legal: bool) -> None:
    """000 UTGÅNG 1 sets no time for the question; version 1 refused it after a meld (decisions P26)."""
    position = {
        "variant": "swedish-official",
        "players": 4,
        "seat": 0,
        "phase": "meld",
        "drew": "stock",
        "hands": {"0": "8D 8H 8S 7C 6D", "1": 11, "2": 11, "3": 11},
        "sides": {"0": {"melds": ["KC KD KH KS KC KD KH"]}},
    }
    game = canasta.Game.from_position(position, rules_version=version)
    game.apply("meld 8 n3")
    assert game.can("ask") is legal


def test_a_side_may_be_a_whole_number_of_another_library() -> None:
    np = pytest.importorskip("numpy")
    (event,) = canasta.Game("finnish", seed=1).penalize(np.int64(1), "penalty_card_help", np.int8(2))
    assert (event.side, event.points) == (1, 600) and type(event.side) is int
    with pytest.raises(ArgumentError, match="expected a side"):
        canasta.Game("finnish", seed=1).penalize(True, "table_talk")
