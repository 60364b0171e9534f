"""``--out FILE``: every simulated game's record in one file, each replayable with :meth:`canasta.Game.replay`.

The file name picks the format: ``.toml`` writes a TOML document with one
``[[games]]`` table per record, ``.json`` a JSON array of records, anything
else JSON Lines (one record per line, e.g. ``games.jsonl``). Each entry is a
:class:`canasta.GameRecord` as ``GameRecord.to_data()`` writes it, in seed
order; :func:`load_records` reads any of the three back.
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import tomli_w

from canasta.core.records import GameRecord
from canasta.textfiles import read_text

RECORDS_LIMIT = 1024 * 1024 * 1024
"""The largest records file :func:`load_records` reads: every record carries its whole profile, about 10 kB."""


def _format(path: str | os.PathLike[str]) -> str:
    suffix = Path(path).suffix.lower()
    return "toml" if suffix == ".toml" else "json" if suffix == ".json" else "jsonl"


def write_records(stream: TextIO, path: str | os.PathLike[str], records: Sequence[GameRecord]) -> None:
    """Write ``records`` to an open ``stream`` in the format ``path`` names."""
    fmt = _format(path)
    if fmt == "toml":
        stream.write(tomli_w.dumps({"games": [r.to_data() for r in records]}, multiline_strings=True))
    elif fmt == "json":
        json.dump([r.to_data() for r in records], stream, ensure_ascii=False)
        stream.write("\n")
    else:
        for r in records:
            stream.write(r.to_json() + "\n")


def load_records(path: str | os.PathLike[str]) -> list[GameRecord]:
    """Every record of a file written by ``--out``, in order; :class:`canasta.errors.RecordError` for a bad entry."""
    text = read_text(path, limit=RECORDS_LIMIT)
    label = str(path)
    fmt = _format(path)
    if fmt == "toml":
        entries = tomllib.loads(text).get("games", [])
    elif fmt == "json":
        entries = json.loads(text)
    else:
        entries = [json.loads(line) for line in text.splitlines() if line.strip()]
    return [GameRecord.from_data(entry, file=f"{label}[{i}]") for i, entry in enumerate(entries)]
