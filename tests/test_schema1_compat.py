"""Schema-1 files play exactly as before schema 2: matches recorded on the last commit before schema 2 began, replayed.

``tests/golden/schema1/profiles/`` holds the six bundled profiles as they were
written for schema version 1, and ``house/`` the Rasche options a) to j) as the
docs gave them (004 opt a-j). ``matches/`` holds, per file, matches recorded by
the engine of commit 15b25bb (the last before schema 2 began): the record's
profile text is schema-1 TOML as ``dumps_variant`` wrote it then, and each
match lists its actions and a digest of every event and score the engine
produced. Replaying a match under today's engine must give the same events,
action for action, and loading a schema-1 file must give the profile its
schema-2 form gives.

Recorded anew (only ever on the old engine) with ``python tests/test_schema1_compat.py``.
``tests/compat/`` holds files of more commits, from the first to the present, and of every kind.
"""

from __future__ import annotations

import contextlib
import hashlib
import random
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import canasta
from canasta.bots.registry import make_bots
from canasta.core.events import HandEnded
from canasta.core.scoring import HandScore

GOLDEN = Path(__file__).parent / "golden" / "schema1"
PROFILES = GOLDEN / "profiles"
HOUSE = GOLDEN / "house"
MATCHES = GOLDEN / "matches"

HANDS = 2
"""Hands played per recorded match: enough for openings, canastas, going out and the next deal's minimum."""
SEEDS = (1, 2)


SCHEMA2_FIELDS = re.compile(r", special_hand=0, canasta_ranks=\([^)]*\)")
"""The fields schema 2 added to :class:`~canasta.core.scoring.HandScore`, as a schema-1 hand prints them: no special hand,
and the ranks of its canastas (a detail left out of ``==``). Left out of the digest, which the old engine wrote without them."""


def _every_field(score: HandScore) -> str:
    """A hand score with every field, as attrs printed it when the digests were written (its repr now gives the parts that count)."""
    return f"HandScore({', '.join(f'{a.name}={getattr(score, a.name)!r}' for a in attrs.fields(HandScore))})"


@contextlib.contextmanager
def _scores_in_full() -> Iterator[None]:
    """Hand scores print every field for as long as the digest is made: the events' reprs the old engine's digests were made of."""
    short = HandScore.__repr__
    HandScore.__repr__ = _every_field  # type: ignore[method-assign]
    try:
        yield
    finally:
        HandScore.__repr__ = short  # type: ignore[method-assign]


def digest(events: Any) -> str:
    """A short digest of events, in order (their reprs carry every field; :data:`SCHEMA2_FIELDS` aside)."""
    h = hashlib.sha256()
    with _scores_in_full():
        for e in events:
            h.update(SCHEMA2_FIELDS.sub("", repr(e)).encode("utf-8"))
            h.update(b"\n")
    return h.hexdigest()[:10]


def schema1_files() -> list[Path]:
    return sorted(PROFILES.glob("*.toml")) + sorted(HOUSE.glob("*.toml"))


def play(variant: canasta.Variant, players: int, seed: int) -> tuple[canasta.GameRecord, list[str]]:
    """A match of HANDS hands: seats alternate heuristic and seeded-random players; one digest per action."""
    game = canasta.Game(variant, players=players, seed=seed)
    kinds = ["heuristic" if (seat + seed) % 2 else "random" for seat in range(players)]
    bots = make_bots(kinds, seed)
    rng = random.Random(seed)
    digests: list[str] = []
    hands = 0
    while not game.is_over and hands < HANDS:
        seat = game.current_player
        legal = game.legal_actions()
        action = bots[seat].choose(game.view(seat), legal) if kinds[seat] == "heuristic" else rng.choice(legal)
        events = game.apply(action)
        digests.append(digest(events))
        hands += sum(1 for e in events if isinstance(e, HandEnded))
    return game.record(), digests


def record_all() -> None:
    MATCHES.mkdir(parents=True, exist_ok=True)
    for path in schema1_files():
        variant = canasta.load_variant(path)
        matches = []
        counts = variant.player_counts if path.parent == PROFILES else [n for n in variant.player_counts if n in (2, 4)]
        for players in counts:
            for seed in SEEDS:
                record, digests = play(variant, players, seed)
                matches.append({"players": players, "seed": seed, "actions": list(record.actions), "digests": digests, "scores": list(canasta.Game.replay(record).scores)})
                variant_text = record.variant
        out = MATCHES / f"{path.parent.name}-{path.stem}.toml"
        import tomli_w

        out.write_text(tomli_w.dumps({"file": f"{path.parent.name}/{path.name}", "variant": variant_text, "match": matches}), encoding="utf-8")


def _cases() -> list[tuple[str, int]]:
    out = []
    for file in sorted(MATCHES.glob("*.toml")):
        data = tomllib.loads(file.read_text(encoding="utf-8"))
        out += [(file.name, i) for i in range(len(data["match"]))]
    return out


@pytest.mark.parametrize("case", _cases(), ids=[f"{f[:-5]}-{i}" for f, i in _cases()])
def test_a_recorded_schema1_match_replays_event_for_event(case: tuple[str, int]) -> None:
    file, index = case
    data = tomllib.loads((MATCHES / file).read_text(encoding="utf-8"))
    match = data["match"][index]
    record = canasta.GameRecord(variant=data["variant"], players=match["players"], seed=match["seed"], rules_version=2, actions=tuple(match["actions"]))
    variant = canasta.loads_variant(record.variant)
    game = canasta.Game(variant, players=record.players, seed=record.seed, rules_version=record.rules_version)
    for i, (text, expected) in enumerate(zip(match["actions"], match["digests"], strict=True)):
        assert digest(game.apply(text)) == expected, f"{file} match {index}: action {i} ({text!r}) gave other events than on the old engine"
    assert list(game.scores) == match["scores"]


if __name__ == "__main__":
    record_all()
    sys.exit(0)
