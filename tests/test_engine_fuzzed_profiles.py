"""No valid profile leads to a dead end (issue 17, item 2; DESIGN "No dead ends").

The playouts of ``test_engine_playouts`` run over the bundled profiles; here
they run over profiles no file ships: every *valid* profile hypothesis can
draw (``strategies.variants``: every enum value, every range end), and a sweep
that changes one rule of each bundled profile at a time to each of its enum
values, the other truth value and both ends of its range. Every state before
the end of the match must offer the player to act a legal action, and every
hand must end.

The sweep found ``going_out.final_discard = "required"`` letting a player meld
down to one card he could neither meld (the discard is required) nor discard
(going out needed a canasta he did not have); the last card must now be able
to go out as the discard (001 §16 B, §18 A).
"""

from __future__ import annotations

import enum
import random
import typing
from collections.abc import Iterator, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st
from strategies import variants

import canasta
from canasta.variants import check_variant
from canasta.variants.schema import Variant

ACTIONS_PER_HAND = 40_000
"""A hand still running after this many actions does not end: the turn cap ends every hand long before."""


def choose(legal: Sequence[canasta.Action], rng: random.Random, greedy: bool) -> canasta.Action:
    """Uniform, or (greedy) preferring takes and melds, which reach canastas, going out and the end-of-hand corners."""
    if greedy:
        preferred = [a for a in legal if isinstance(a, canasta.TakePile | canasta.Meld)]
        if preferred and rng.random() < 0.9:
            return rng.choice(preferred)
    return rng.choice(legal)


def play(variant: Variant, players: int, seed: int, *, hands: int, turn_cap: int, greedy: bool) -> canasta.Game:
    """Play ``hands`` hands (or to the end), asserting a legal action in every state and an end to every hand."""
    g = canasta.Game(variant, players=players, seed=seed, turn_cap=turn_cap)
    rng = random.Random(seed)
    in_hand = 0
    while not g.is_over and g.hand_number <= hands:
        legal = g.legal_actions()
        assert legal, f"dead end: seat {g.current_player}, phase {g.phase}, hand {g.hand_number}\n{g}"
        number = g.hand_number
        g.apply(choose(legal, rng, greedy))
        in_hand = 0 if g.hand_number != number else in_hand + 1
        assert in_hand < ACTIONS_PER_HAND, "a hand does not end"
    assert g.is_over or g.legal_actions()
    return g


@settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(variants(citations=False), st.data())
def test_every_valid_profile_plays_without_a_dead_end(variant: Variant, data: st.DataObject) -> None:
    players = data.draw(st.sampled_from(variant.player_counts), label="players")
    seed = data.draw(st.integers(0, 2**32), label="seed")
    turn_cap = data.draw(st.sampled_from([1, 2, 30, 400]), label="turn_cap")
    greedy = data.draw(st.booleans(), label="greedy")
    note(canasta.dumps_variant(variant))
    play(variant, players, seed, hands=2, turn_cap=turn_cap, greedy=greedy)


# ---------------------------------------------------------------------------
# One rule at a time, over every bundled profile
# ---------------------------------------------------------------------------


def _one_rule_changes(variant: Variant) -> Iterator[tuple[str, Variant]]:
    """``(key, profile)`` for each single-rule change: every enum value, the other bool, both ends of an int's range."""
    hints = typing.get_type_hints(Variant)
    for group in attrs.fields(Variant):
        kind = hints[group.name]
        if not attrs.has(kind):
            continue
        rules = getattr(variant, group.name)
        field_types = typing.get_type_hints(kind)
        for field in attrs.fields(kind):
            tp = field_types[field.name]
            values: list[Any]
            if isinstance(tp, type) and issubclass(tp, enum.Enum):
                values = list(tp)
            elif tp is bool:
                values = [not getattr(rules, field.name)]
            elif tp is int and "lo" in field.metadata and "hi" in field.metadata:
                values = [field.metadata["lo"], field.metadata["hi"]]
            else:
                continue
            for value in values:
                if value == getattr(rules, field.name):
                    continue
                changed = attrs.evolve(variant, **{group.name: attrs.evolve(rules, **{field.name: value})})
                if not check_variant(changed):
                    yield f"{group.name}.{field.name}={getattr(value, 'value', value)}", changed


CASES = [
    pytest.param(changed, key, id=f"{name}:{key}")
    for name in canasta.variant_names()
    for key, changed in _one_rule_changes(canasta.load_variant(name))
]


@pytest.mark.parametrize(("variant", "key"), CASES)
def test_each_single_rule_change_plays_without_a_dead_end(variant: Variant, key: str) -> None:
    for i, players in enumerate(variant.player_counts):
        play(variant, players, seed=sum(map(ord, key)) + i, hands=3, turn_cap=400, greedy=True)
