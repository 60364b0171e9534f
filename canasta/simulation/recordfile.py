"""``--out FILE``: every simulated game's record in one file, each replayable with :meth:`canasta.Game.replay`.

The file name picks the format: ``.toml`` writes a TOML document with one
``[[games]]`` table per record, ``.json`` a JSON array of records, anything
else JSON Lines (one record per line, e.g. ``games.jsonl``). Each entry is a
:class:`canasta.GameRecord` as ``GameRecord.to_data()`` writes it, in seed
order; :func:`load_records` reads any of the three back. The records are
written as the run's chunks arrive (:class:`SeedOrder`), never all held at once.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TextIO

import tomli_w

from canasta.core.records import GameRecord
from canasta.errors import RecordError
from canasta.textfiles import json_data, read_data_file, toml_data

from .runner import ChunkResult, UnitOutcome

RECORDS_LIMIT = 1024 * 1024 * 1024
"""The largest records file :func:`load_records` reads: every record carries its whole profile, about 10 kB."""


def _format(path: str | os.PathLike[str]) -> str:
    suffix = Path(path).suffix.lower()
    return "toml" if suffix == ".toml" else "json" if suffix == ".json" else "jsonl"


class RecordWriter:
    """Writes records to an open stream one by one, in the format a path names; :meth:`finish` ends the file.

    A run's records go out as they are played, so the file never has to be
    held in memory. The text is exactly what one dump of the whole list
    writes: a JSON array is ``[`` and the records joined by ``, `` and ``]``
    (``json.dump``'s separators), and every record holds its profile's TOML on
    many lines, so ``tomli_w`` writes each as a ``[[games]]`` table, one blank
    line apart, whether it dumps one record or the whole list.
    """

    def __init__(self, stream: TextIO, path: str | os.PathLike[str]) -> None:
        self.stream = stream
        self.format = _format(path)
        self.written = 0

    def write(self, record: GameRecord) -> None:
        """Write one record after those written before it."""
        if self.format == "toml":
            text = tomli_w.dumps({"games": [record.to_data()]}, multiline_strings=True)
            if not text.startswith("[[games]]\n"):  # a record with its profile cannot fit on one line
                raise ValueError("a game record too short to be written as a [[games]] table")
            self.stream.write(text if self.written == 0 else "\n" + text)
        elif self.format == "json":
            self.stream.write("[" if self.written == 0 else ", ")
            json.dump(record.to_data(), self.stream, ensure_ascii=False)
        else:
            self.stream.write(record.to_json() + "\n")
        self.written += 1

    def finish(self) -> None:
        """End the file: close the JSON array; write TOML's empty ``games`` array when there was no record."""
        if self.format == "json":
            self.stream.write(("[" if self.written == 0 else "") + "]\n")
        elif self.format == "toml" and self.written == 0:
            self.stream.write(tomli_w.dumps({"games": []}))


def write_records(stream: TextIO, path: str | os.PathLike[str], records: Iterable[GameRecord]) -> None:
    """Write ``records`` to an open ``stream`` in the format ``path`` names, one after the other."""
    writer = RecordWriter(stream, path)
    for r in records:
        writer.write(r)
    writer.finish()


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


class SeedOrder:
    """A run's chunks handed to a :class:`RecordWriter` in seed order as they arrive, the stream flushed after each.

    Chunks finish in any order (worker processes, an executor); one that
    arrives before those of lower seeds waits for them, so no more chunks wait
    than are played at once. Each chunk is let go once written.
    """

    def __init__(self, writer: RecordWriter, record: Callable[[UnitOutcome], GameRecord]) -> None:
        self.writer = writer
        self.record = record
        self.next = 0
        """The first unit not written yet."""
        self.waiting: dict[int, ChunkResult] = {}
        """Chunks that arrived before those of lower seeds, by their first unit."""

    def __call__(self, chunk: ChunkResult) -> None:
        """Take one chunk; write it, and every waiting chunk it lets through."""
        self.waiting[chunk.start] = chunk
        while self.next in self.waiting:
            ready = self.waiting.pop(self.next)
            for unit in ready.units:
                self.writer.write(self.record(unit))
            self.next += len(ready.units)
        self.writer.stream.flush()
