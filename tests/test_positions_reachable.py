"""Positions no play can reach are refused at load; every accepted one can be played on.

A position is exported from a random point of a random match (any bundled
profile and player count), then mutated the way a scenario author or a
hostile caller might: a hand cut to one or two cards, the phase or the draw
switched, the stock emptied, the pile frozen or swapped, melds or openings
taken away, scores, seeds and counters pushed to the ends of their ranges.
Loading it either raises :class:`canasta.PositionError` or gives a game in
which the player to act has a legal action (or the match is over), and a
short random playout from there never meets a state without one
(docs/engine.md, "No dead ends").
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

import canasta
from canasta.core.arguments import INT64_MAX, INT64_MIN
from canasta.core.positions import LIMIT

PROFILES: tuple[tuple[str, int], ...] = tuple(
    (name, players) for name in canasta.variant_names() for players in canasta.load_variant(name).player_counts
)
PLAYOUT_STEPS = 60
"""Actions played from an accepted position, each checked for a legal action."""

Mutation = Callable[[dict[str, Any], random.Random], None]


def exported(variant: str, players: int, seed: int, steps: int) -> dict[str, Any]:
    """The position at the first exportable state after ``steps`` random actions of a seeded match."""
    g = canasta.Game(variant, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    while True:
        try:
            return g.position()
        except canasta.PositionError:
            g.apply(rng.choice(g.legal_actions()))


def _seat(pos: dict[str, Any]) -> str:
    return str(pos["seat"])


def cut_hand(pos: dict[str, Any], rng: random.Random) -> None:
    """The player to act keeps one to three of his cards; the rest go back to the stock."""
    cards = pos["hands"][_seat(pos)].split()
    pos["hands"][_seat(pos)] = " ".join(cards[: rng.randint(1, 3)])
    pos["stock"].pop("size", None)
    pos["stock"].pop("cards", None)


def switch_phase(pos: dict[str, Any], rng: random.Random) -> None:
    pos["phase"] = rng.choice(["draw", "meld"])
    pos["drew"] = rng.choice(["stock", "pile"])


def empty_stock(pos: dict[str, Any], rng: random.Random) -> None:
    pos["stock"] = {"cards": "", "size": rng.choice([0, 0, 1])}


def change_pile(pos: dict[str, Any], rng: random.Random) -> None:
    pile = pos["pile"]["cards"].split()
    pos["pile"] = {"cards": " ".join(pile[-rng.randint(0, 2) :] if pile else []), "frozen": rng.random() < 0.5}


def drop_melds(pos: dict[str, Any], rng: random.Random) -> None:
    for side in pos["sides"].values():
        if rng.random() < 0.5:
            side["melds"] = []
            side["opened"] = rng.random() < 0.3


def extreme_numbers(pos: dict[str, Any], rng: random.Random) -> None:
    ends = [INT64_MIN, INT64_MIN - 1, INT64_MAX, INT64_MAX + 1, -LIMIT, -LIMIT - 1, LIMIT, LIMIT + 1, 4995, 5000, 10**30, -(10**30), 10**5000, 0, 1]
    key = rng.choice(["scores", "seed", "hand_number", "dealer", "minimum_raise", "penalties"])
    if key == "scores":
        pos["scores"] = [rng.choice(ends) for _ in pos["scores"]]
    elif key in ("minimum_raise", "penalties"):
        side = rng.choice(list(pos["sides"].values()))
        side[key] = rng.choice(ends)
    else:
        pos[key] = rng.choice(ends)


def retract(pos: dict[str, Any], rng: random.Random) -> None:
    pos["retracted"] = rng.random() < 0.5


def answer(pos: dict[str, Any], rng: random.Random) -> None:
    """The partner's answer to "may I go out?" this turn, binding or not (001 §23 A-B)."""
    pos["answer"] = rng.choice(["yes", "no"])
    pos["answer_binds"] = rng.random() < 0.3


def red_three_in_hand(pos: dict[str, Any], rng: random.Random) -> None:
    """A red three in the hand of the player to act, taken from his side's table if it holds one."""
    for side in pos["sides"].values():
        threes = side.get("red_threes", "").split()
        if threes:
            side["red_threes"] = " ".join(threes[1:])
            pos["hands"][_seat(pos)] += " " + threes[0]
            return


MUTATIONS: tuple[Mutation, ...] = (cut_hand, switch_phase, empty_stock, change_pile, drop_melds, extreme_numbers, retract, answer, red_three_in_hand)


def assert_playable(g: canasta.Game, rng: random.Random) -> None:
    """A short random playout: a legal action in every state, and every position the game exports loads again."""
    for step in range(PLAYOUT_STEPS):
        if g.is_over:
            return
        legal = g.legal_actions()
        assert legal, f"dead end {step} actions after loading: seat {g.current_player}, phase {g.phase}\n{g}"
        try:
            position = g.position()
        except canasta.PositionError:  # mid-turn: no position to export
            pass
        else:
            again = canasta.Game.from_position(position)
            assert sorted(map(str, again.legal_actions())) == sorted(map(str, legal)), "an exported position loads with other legal actions"
        g.apply(rng.choice(legal))


@st.composite
def mutated_positions(draw: st.DrawFn) -> tuple[dict[str, Any], int]:
    variant, players = draw(st.sampled_from(PROFILES))
    seed = draw(st.integers(0, 2**16))
    position = exported(variant, players, seed, draw(st.integers(0, 120)))
    rng = random.Random(draw(st.integers(0, 2**16)))
    for mutation in draw(st.lists(st.sampled_from(MUTATIONS), min_size=1, max_size=3)):
        mutation(position, rng)
    return position, seed


@settings(suppress_health_check=[HealthCheck.too_slow])
@given(mutated_positions())
def test_every_accepted_position_has_a_legal_action_and_plays_on(case: tuple[dict[str, Any], int]) -> None:
    position, seed = case
    with contextlib.suppress(ValueError):  # a number past Python's 4,300-digit limit has no repr
        note(repr(position))
    try:
        g = canasta.Game.from_position(position)
    except canasta.PositionError as exc:
        assert exc.problems and all(isinstance(p, str) and p for p in exc.problems)
        return
    assert g.is_over or g.legal_actions(), "an accepted position leaves its player no legal action"
    g.record().to_toml()  # every integer of the position fits TOML
    assert_playable(g, random.Random(seed))


# ---------------------------------------------------------------------------
# The named members of the class
# ---------------------------------------------------------------------------

FOUR_HANDS = {"1": 11, "2": 11, "3": 11}


def base(**changes: Any) -> dict[str, Any]:
    position: dict[str, Any] = {"variant": "finnish", "players": 4, "seat": 0, "hands": {"0": "7C 8D", **FOUR_HANDS}}
    position.update(changes)
    return position


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"phase": "meld", "hands": {"0": "7C", **FOUR_HANDS}}, "holds one card in the meld phase and can neither meld nor discard it"),
        ({"phase": "meld", "hands": {"0": "2C", **FOUR_HANDS}, "sides": {"0": {"melds": ["KC KD KH"]}}}, "can neither meld nor discard"),
        ({"scores": [5000, 0]}, "at or above the target 5000: the match would be over"),
        ({"scores": [0, 10**30]}, "at or above the target"),
        ({"scores": [-(10**30), 0]}, "no match played from there could end"),
        ({"seed": 2**64}, "position.seed: 18446744073709551616 is outside the 64-bit integers"),
        ({"hand_number": 2**63}, "position.hand_number: expected at most 1,000,000,000,000,000, got 9223372036854775808"),
        ({"hand_number": 10**5000}, "position.hand_number: expected at most 1,000,000,000,000,000, got a number of over 4,000 digits"),
        ({"seed": -(10**5000)}, "position.seed: a number of over 4,000 digits is outside the 64-bit integers"),
        ({"scores": [0, -(10**5000)]}, "side 1 has a number of over 4,000 digits, below -1,000,000,000,000,000"),
        ({"sides": {"0": {"penalties": 2**62}}}, "position.sides.0.penalties: expected at most 1,000,000,000,000,000"),
        ({"sides": {"0": {"minimum_raise": 10**16}}}, "position.sides.0.minimum_raise: expected at most"),
        ({"seat": 10**5000}, "position.seat: a number of over 4,000 digits is outside the 64-bit integers"),
        ({"hands": {"0": 10**5000, **FOUR_HANDS}}, "cards wanted"),
        ({"phase": "meld", "hands": {"0": "4C 3D", **FOUR_HANDS}}, "holds a red three after the draw"),
    ],
)
def test_unreachable_positions_are_refused_with_the_reason(changes: dict[str, Any], expected: str) -> None:
    with pytest.raises(canasta.PositionError) as raised:
        canasta.Game.from_position(base(**changes))
    assert any(expected in problem for problem in raised.value.problems), raised.value.problems


def test_a_one_card_hand_that_goes_out_is_still_a_position() -> None:
    """A convenient setup for a hand's last discard: one card in the meld phase is accepted when it can go out."""
    g = canasta.Game.from_position(base(phase="meld", hands={"0": "7C", **FOUR_HANDS}, sides={"0": {"melds": ["KC KD KH KS KC KD KH"]}}))
    assert [str(a) for a in g.legal_actions()] == ["discard 7"]


def test_asking_with_one_card_is_refused_so_a_no_cannot_strand_the_player() -> None:
    """With one card the player could not keep a card after a "no" (001 §23 A, 002 UTGÅNG 2): asking is not offered."""
    g = canasta.Game.from_position(base(phase="meld", hands={"0": "7C", **FOUR_HANDS}, sides={"0": {"melds": ["KC KD KH KS KC KD KH"]}}))
    error = g.violation("ask")
    assert error is not None and error.rule == "going_out.permission"


def test_a_red_three_in_hand_after_the_draw_is_refused_before_it_strands_the_player() -> None:
    """The audit's case: accepted, one meld later the player held only the red three and had no move (000 RÖDA TREOR 1-3, 001 §21 B-D)."""
    position = base(
        phase="meld",
        hands={"0": "4C 3D", **FOUR_HANDS},
        sides={"0": {"melds": ["KC KD KH KS KC KD KH", "QC QD QH QS QC QD QH", "4H 4S 4D"]}},
    )
    with pytest.raises(canasta.PositionError, match="holds a red three after the draw"):
        canasta.Game.from_position(position)


@pytest.mark.parametrize("key", ["hands", "sides"])
def test_seat_and_side_keys_given_as_ints_from_python_make_a_record_toml_can_write(key: str) -> None:
    position = base(sides={"0": {"melds": ["KC KD KH"]}})
    position[key] = {int(k): v for k, v in position[key].items()}
    record = canasta.Game.from_position(position).record()
    assert canasta.GameRecord.from_toml(record.to_toml()) == record
    assert all(isinstance(k, str) for k in record.position[key])  # type: ignore[index]
