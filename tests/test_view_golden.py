"""Views and observations are those of the code they were recorded from: a transcript per table, compared line for line.

Seeded random play under every bundled profile, at two player counts where
the profile allows several (:data:`TABLES`). ``tests/golden/views/`` holds a
transcript per table: every action played, in turns; every :data:`BLOCK`
actions a digest of every seat's view and observation read every
:data:`SAMPLED` actions, so that a change anywhere shows and the digest that
differs names its actions; and every :data:`EVERY` actions (and around each
hand's end) one seat's view written out (the seats take turns): the table as ``str(view)`` draws it, the fields it leaves out
that a bot reads (the turn, the discards the seat recalls, the legal actions
in notation, who deals, ...), and the seat's observation vector
(:class:`canasta.encoding.ObservationSpace`) as its nonzero entries, block by
block. A change of how views or observations are built shows as the first
line that differs; the compiled and the pure build must both give them.

The transcripts were written by this module from the code as it stood when
they replaced the digests of ``repr(view)`` and of the observation bytes
(which the code then still matched); ``python tests/test_view_golden.py``
writes them anew, for a deliberate change of what a view or an observation
holds only.
"""

from __future__ import annotations

import enum
import hashlib
import random
import sys
from pathlib import Path

import attrs
import numpy as np
import numpy.typing as npt
import pytest
from transcripts import compare, write

import canasta
from canasta.core.canastas import CanastaKind, canasta_kind
from canasta.core.events import HandEnded
from canasta.core.views import MeldView, PlayerView, Question, TurnView
from canasta.encoding import ObservationSpace

GOLDEN = Path(__file__).parent / "golden" / "views"

TABLES = (
    ("finnish", 4),
    ("dutch", 4),
    ("cuban", 4),
    ("modern-american", 4),
    ("hand-and-foot", 4),
    ("hand-and-foot", 6),
    ("swedish-official", 6),
    ("swedish-official", 3),
    ("swedish-club", 2),
    ("swedish-club", 4),
    ("regency", 5),
    ("regency", 3),
    ("rasche-house", 4),
    ("rasche-house", 2),
    ("uruguayan", 6),
    ("uruguayan", 2),
)
"""Every bundled profile, at two player counts where it has several: 2 to 6 players, sitting out (5 and 6 at Regency
and Uruguayan), three sides (Swedish at 3, Regency at 3), partners in two and three (Hand and Foot's six: two teams of three)."""
SEEDS = range(3)
STEPS = 260
"""Actions played per seed: a hand and more, across a deal."""
EVERY = 130
"""A seat's view is written every this many actions, and before and after the action that ends a hand. The seats take
turns from seed to seed, so every seat of six is seen, those sitting out among them."""
SAMPLED = 3
"""Every seat's view and observation are also read every this many actions, into a digest written every :data:`BLOCK`
actions: the transcript's views are a few, the digests cover them all, and a digest that differs names its actions."""
BLOCK = 20

DRAWN = frozenset(
    {
        "seat",
        "players",
        "hand_number",
        "current_player",
        "phase",
        "hand",
        "melds",
        "red_threes",
        "opened",
        "pile_top",
        "pile_size",
        "pile_frozen",
        "stock_size",
        "scores",
        "dead_ranks",
        "reserve_piles",
        "reserve_received",
    }
)
"""The view's fields ``str(view)`` draws in full; every other field is written after the table (:func:`unseen`)."""
SPECIAL = frozenset({"turn", "discards", "legal_actions", "variant", "rules"})
"""Fields with a line of their own (the turn, the discards, the legal actions), and the rules, which the table's header names."""


def name(variant: str, players: int) -> str:
    return f"{variant}-{players}p.txt"


def text(value: object) -> str:
    """A field's value in the transcript: cards and ranks as the notation writes them, choices by value, tuples spaced."""
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return " ".join(f"{text(v[0])}:{text(v[1])}" if isinstance(v, tuple) and len(v) == 2 else text(v) for v in value)
    shown = getattr(value, "text", None)
    return shown if isinstance(shown, str) else str(value)


def fields(obj: object, skip: frozenset[str] = frozenset()) -> str:
    """``name=value`` for each attrs field of ``obj`` not in ``skip``, a true flag by its name alone; false, None and () left out."""
    out = []
    for field in attrs.fields(type(obj)):
        value = getattr(obj, field.name)
        if field.name in skip or value is False or value is None or value == ():
            continue
        out.append(field.name if value is True else f"{field.name}={text(value)}")
    return "; ".join(out)


def check_melds(view: PlayerView) -> None:
    """The meld fields ``str(view)`` does not draw agree with the cards it does (the MeldView docstrings; 001 §15)."""
    for side in view.melds:
        for m in side:
            assert (m.naturals, m.twos, m.jokers) == (
                sum(1 for c in m.cards if not c.is_wild),
                sum(1 for c in m.cards if c.text.startswith("2")),
                sum(1 for c in m.cards if c.text == "JK"),
            ), m
            assert m.is_canasta == (m.canasta_kind is not None), m
            kind = m.canasta_kind if m.canasta_kind is not None else canasta_kind(m.rank, m.twos, m.jokers)
            assert m.is_natural == (kind in (CanastaKind.NATURAL, CanastaKind.PURE_WILD)), m


def observation(vector: npt.NDArray[np.float32], space: ObservationSpace) -> list[str]:
    """The vector's nonzero entries, a line per block that has any: ``melds 0.4.0:3 0.4.1:1``, indices within the block."""
    lines = []
    for block in space.layout:
        values = vector[block.start : block.stop].reshape(block.shape)
        entries = [
            f"{'.'.join(str(i) for i in index)}:{int(v) if float(v).is_integer() else str(v)}" for index, v in np.ndenumerate(values) if v != 0
        ]
        if entries:
            lines.append(f"  obs {block.name} {' '.join(entries)}")
    return lines


def unseen(view: PlayerView) -> list[str]:
    """What ``str(view)`` leaves out: the view's other fields, its turn, the discards it recalls, its legal actions."""
    check_melds(view)
    assert view.hand_sizes[view.seat] == len(view.hand)
    legal = view.legal_actions
    return [
        f"  fields {fields(view, DRAWN | SPECIAL)}",
        f"  turn {fields(view.turn, frozenset({'question'}) if view.turn.question is Question.NOT_ASKED else frozenset())}",
        f"  discards {text(view.discards) or '-'}",
        f"  legal ({len(legal)}) {' | '.join(str(a) for a in legal)}" if legal else "  legal (0)",
    ]


def snapshot(view: PlayerView, space: ObservationSpace, when: str) -> list[str]:
    """One seat's view: the header, the table as ``str(view)`` draws it, what it leaves out, the observation."""
    return [f"view of seat {view.seat} {when}", *str(view).splitlines(), *unseen(view), *observation(space.encode(view), space)]


def transcript(variant: str, players: int) -> str:
    """The text of one table: per seed, the turns played and the views written (:data:`EVERY`, hands' ends)."""
    space = ObservationSpace(variant, players)
    lines = [
        f"# {variant}, {players} players: seeded random play (random.Random(seed).choice of legal_actions()), {STEPS} actions per seed",
        f"# a turn: 'seat S: actions'; every {EVERY} actions, and before and after the action that ends a hand, one seat's view:",
        "#   str(view); fields: the view's fields str() does not draw (false, None and empty left out); turn: the TurnView;",
        "#   discards: seat:card put on the pile this hand (seat -1: the upcards); legal: the legal actions in notation;",
        "#   obs BLOCK i.j:value: the nonzero entries of the observation vector (ObservationSpace), indices within the block",
        f"# views A-B: a digest of every seat's repr(view) and observation bytes every {SAMPLED} actions from A to B",
    ]
    turn: list[str] = []

    def end_turn(seat: int) -> None:
        if turn:
            lines.append(f"seat {seat}: {', '.join(turn)}")
            turn.clear()

    for seed in SEEDS:
        lines.append(f"## seed {seed}")
        game = canasta.Game(variant, players=players, seed=seed)
        rng = random.Random(seed)
        seat = -1
        digest, first = hashlib.sha256(), 0
        for step in range(STEPS):
            if game.is_over:
                break
            if step % SAMPLED == 0:
                for viewer in range(players):
                    view = game.view(viewer)
                    digest.update(repr(view).encode())
                    digest.update(space.encode(view).tobytes())
            if step % BLOCK == BLOCK - 1:
                end_turn(seat)
                lines.append(f"views {first}-{step}: {digest.hexdigest()[:16]}")
                digest, first = hashlib.sha256(), step + 1
            if step % EVERY == 0:
                end_turn(seat)
                shown = (seed * -(-STEPS // EVERY) + step // EVERY) % players
                lines.extend(snapshot(game.view(shown), space, f"before action {step}"))
            if game.current_player != seat:
                end_turn(seat)
                seat = game.current_player
            before = game.view(seat)
            action = rng.choice(game.legal_actions())
            events = game.apply(action)
            turn.append(str(action))
            for ended in (e for e in events if isinstance(e, HandEnded)):
                end_turn(seat)
                lines.extend(snapshot(before, space, f"before action {step}, which ends the hand"))
                lines.extend(snapshot(game.view(seat), space, f"after action {step}, which ended hand {ended.hand_number}"))
        end_turn(seat)
        lines.append(f"## seed {seed} over: {game.is_over}, hand {game.hand_number}, scores {text(tuple(game.scores))}")
    return "\n".join(lines) + "\n"


def test_every_bundled_profile_has_a_table() -> None:
    assert {v for v, _ in TABLES} == set(canasta.variant_names())
    for variant in canasta.variant_names():
        counts = canasta.load_variant(variant).player_counts
        assert sum(1 for v, _ in TABLES if v == variant) == min(2, len(counts)), variant


def test_the_transcript_writes_every_field_of_a_view() -> None:
    """Every field of a view is drawn by ``str(view)`` or written after it (the turn in full), so no change to one goes unseen;
    a meld's fields are drawn or checked against its cards (:func:`check_melds`): a field added to a meld must be added there."""
    assert {f.name for f in attrs.fields(PlayerView)} >= DRAWN | SPECIAL
    drawn = {"rank", "cards", "to_canasta"}
    checked = {"naturals", "twos", "jokers", "is_canasta", "is_natural", "canasta_kind"}
    assert {f.name for f in attrs.fields(MeldView)} == drawn | checked


@pytest.mark.parametrize(("variant", "players"), TABLES, ids=[name(v, p)[:-4] for v, p in TABLES])
def test_views_and_observations_are_unchanged(variant: str, players: int) -> None:
    compare(GOLDEN / name(variant, players), transcript(variant, players), "a seat's view or observation changed")


def test_a_view_filled_slot_by_slot_equals_one_built_through_its_init() -> None:
    """view_builder fills the frozen view classes slot by slot; every field, the turn and the melds are what ``__init__`` would set."""
    game = canasta.Game("finnish", players=4, seed=5)
    rng = random.Random(5)
    for _ in range(60):
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(game.current_player)
    assert any(view.melds), "the game should have melds by now"
    rebuilt = PlayerView(**attrs.asdict(view, recurse=False))
    assert rebuilt == view and rebuilt.variant is view.variant and rebuilt.rules is view.rules
    assert TurnView(**attrs.asdict(view.turn, recurse=False)) == view.turn
    for side in view.melds:
        for meld in side:
            assert MeldView(**attrs.asdict(meld, recurse=False)) == meld


if __name__ == "__main__":
    for table in TABLES:
        write(GOLDEN / name(*table), transcript(*table))
    sys.exit(0)
