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
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

import tomli_w

from canasta.core.records import GameRecord
from canasta.errors import RecordError
from canasta.textfiles import json_data, read_data_file, toml_data

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
    """Every record of a file written by ``--out``, in order.

    Raises :class:`canasta.RecordError` for a file that cannot be read, broken
    TOML, JSON or JSON Lines (with the line), a file that is not a list of
    records, or a bad entry (named ``file[i]``).
    """
    text, label = read_data_file(path, RecordError, limit=RECORDS_LIMIT)
    fmt = _format(path)
    if fmt == "toml":
        data = toml_data(text, RecordError, label)
        entries: Any = data.get("games", [])
    elif fmt == "json":
        entries = json_data(text, RecordError, label)
    else:
        entries = []
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    entries.append(json_data(line, RecordError, label))
                except RecordError as exc:
                    raise RecordError(exc.problems, file=label, line=number, column=exc.column) from None
    if not isinstance(entries, list):
        raise RecordError([f"expected a list of game records, got {type(entries).__name__}"], file=label)
    return [GameRecord.from_data(entry, file=f"{label}[{i}]") for i, entry in enumerate(entries)]
