"""Schema-1 files play exactly as before schema 2: matches recorded on the last commit before schema 2 began, replayed.

``tests/golden/schema1/profiles/`` holds the six bundled profiles as they were
written for schema version 1, and ``house/`` the Rasche options a) to j) as the
docs gave them (004 opt a-j). ``matches/`` holds, per file, matches recorded by
the engine of commit 15b25bb (the last before schema 2 began): the record's
profile text is schema-1 TOML as ``dumps_variant`` wrote it then, and each
match lists its actions and the final scores. Beside each, ``<name>.txt`` is
the transcript of its matches: for every action, the events it caused, in
order, as their reprs print them (hand scores with every field, as the old
engine printed them: :func:`transcript_line`). Replaying a match under
today's engine must give the same events, action for action (a difference
fails with the diff of the first differing lines), and loading a schema-1
file must give the profile its schema-2 form gives.

Recorded anew only ever on the old engine: ``git archive 15b25bb`` into a
folder, then ``PYTHONPATH=<that folder> python tests/test_schema1_compat.py``
(the script plays and records every match and writes both files). The
transcripts were written so when they replaced the digests of each action's
events these files held: the old engine recorded the same matches again,
action for action, and each transcript line hashes to the digest it replaced.
``tests/compat/`` holds files of more commits, from the first to the present, and of every kind.
"""

from __future__ import annotations

import contextlib
import random
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from transcripts import compare, write

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
and the ranks of its canastas (a detail left out of ``==``). Left out of the transcripts, which the old engine wrote without them."""


def _every_field(score: HandScore) -> str:
    """A hand score with every field, as attrs printed it on the old engine (its repr now gives the parts that count)."""
    return f"HandScore({', '.join(f'{a.name}={getattr(score, a.name)!r}' for a in attrs.fields(HandScore))})"


@contextlib.contextmanager
def _scores_in_full() -> Iterator[None]:
    """Hand scores print every field for as long as a transcript line is made: the events' reprs as the old engine printed them."""
    short = HandScore.__repr__
    HandScore.__repr__ = _every_field  # type: ignore[method-assign]
    try:
        yield
    finally:
        HandScore.__repr__ = short  # type: ignore[method-assign]


def transcript_line(action: str, events: Any) -> str:
    """``action: event; event; ...``: the action's text and the events it caused, in order (their reprs carry every field;
    :data:`SCHEMA2_FIELDS` aside)."""
    with _scores_in_full():
        return f"{action}: {'; '.join(SCHEMA2_FIELDS.sub('', repr(e)) for e in events)}"


def match_header(index: int, players: int, seed: int) -> str:
    return f"## match {index}: {players} players, seed {seed}"


def transcript_header(file: str) -> list[str]:
    return [
        f"# {file}: the events each action of the recorded matches caused, in order ('action: event; event; ...'),",
        "# as the engine of commit 15b25bb (the last before schema 2) printed them; hand scores print every field.",
    ]


def schema1_files() -> list[Path]:
    return sorted(PROFILES.glob("*.toml")) + sorted(HOUSE.glob("*.toml"))


def play(variant: canasta.Variant, players: int, seed: int) -> tuple[canasta.GameRecord, list[str]]:
    """A match of HANDS hands: seats alternate heuristic and seeded-random players; a transcript line per action."""
    game = canasta.Game(variant, players=players, seed=seed)
    kinds = ["heuristic" if (seat + seed) % 2 else "random" for seat in range(players)]
    bots = make_bots(kinds, seed)
    rng = random.Random(seed)
    lines: list[str] = []
    hands = 0
    while not game.is_over and hands < HANDS:
        seat = game.current_player
        legal = game.legal_actions()
        action = bots[seat].choose(game.view(seat), legal) if kinds[seat] == "heuristic" else rng.choice(legal)
        events = game.apply(action)
        lines.append(transcript_line(str(action), events))
        hands += sum(1 for e in events if isinstance(e, HandEnded))
    return game.record(), lines


def record_all() -> None:
    """Play and record every match, and write its file and transcript (on the old engine only: see the module's docstring)."""
    import tomli_w

    for path in schema1_files():
        variant = canasta.load_variant(path)
        file = f"{path.parent.name}/{path.name}"
        matches, text = [], transcript_header(file)
        counts = variant.player_counts if path.parent == PROFILES else [n for n in variant.player_counts if n in (2, 4)]
        for players in counts:
            for seed in SEEDS:
                record, lines = play(variant, players, seed)
                text += [match_header(len(matches), players, seed), *lines]
                matches.append({"players": players, "seed": seed, "actions": list(record.actions), "scores": list(canasta.Game.replay(record).scores)})
                variant_text = record.variant
        out = MATCHES / f"{path.parent.name}-{path.stem}"
        write(out.with_suffix(".toml"), tomli_w.dumps({"file": file, "variant": variant_text, "match": matches}))
        write(out.with_suffix(".txt"), "\n".join(text) + "\n")


def test_every_recorded_file_has_its_transcript() -> None:
    assert sorted(p.stem for p in MATCHES.glob("*.txt")) == sorted(p.stem for p in MATCHES.glob("*.toml"))
    assert len(list(MATCHES.glob("*.toml"))) == len(schema1_files())


@pytest.mark.parametrize("file", sorted(p.name for p in MATCHES.glob("*.toml")), ids=lambda name: name[:-5])
def test_the_recorded_schema1_matches_replay_event_for_event(file: str) -> None:
    """Each recorded action gives the events the old engine gave (the transcript), and each match the old final scores."""
    data = tomllib.loads((MATCHES / file).read_text(encoding="utf-8"))
    text = transcript_header(data["file"])
    variant = canasta.loads_variant(data["variant"])
    scores = []
    for index, match in enumerate(data["match"]):
        record = canasta.GameRecord(variant=data["variant"], players=match["players"], seed=match["seed"], rules_version=2, actions=tuple(match["actions"]))
        game = canasta.Game(variant, players=record.players, seed=record.seed, rules_version=record.rules_version)
        text.append(match_header(index, record.players, record.seed))
        text += [transcript_line(action, game.apply(action)) for action in record.actions]
        scores.append(list(game.scores))
    compare((MATCHES / file).with_suffix(".txt"), "\n".join(text) + "\n", f"{file}: an action gave other events than on the old engine")
    assert scores == [match["scores"] for match in data["match"]], f"{file}: the final scores differ from the old engine's"


if __name__ == "__main__":
    record_all()
    sys.exit(0)
