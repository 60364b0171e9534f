"""``simulate(out=...)`` and ``--out``: the records are written while the run plays, in seed order, and the file is the same.

A run's records used to be held until it ended, a few kB a hand; they are
now written chunk by chunk as the chunks arrive, into a temporary file beside
the path that replaces it when the run ends well. What is checked: records
on disk before the run ends (read from the progress callback, which runs once
a chunk is counted and written), the same bytes whatever the chunking, the
workers and the order in which chunks arrive, and what is left when a run
fails: the old file as it was, no new file, no temporary one. How much memory
that saves is measured, not asserted: benchmarks/README.md.
"""

from __future__ import annotations

import errno
import io
import json
import os
import stat
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from canasta.bots.registry import derive_seed
from canasta.core.records import GameRecord
from canasta.simulation import SimulationError, load_records, simulate
from canasta.simulation.recordfile import RecordWriter, SeedOrder, write_records
from canasta.simulation.runner import ChunkResult, UnitOutcome

RUN: dict[str, Any] = {"bots": "random", "seed": 11}
FORMATS = (".jsonl", ".json", ".toml")


def partial_files(folder: Path) -> list[Path]:
    """The temporary files a run writes beside its records file (``.NAME.XXXXXXXX.tmp``, :func:`canasta.textfiles.replaced`)."""
    return sorted(folder.glob(".*.tmp"))


def whole_dump(records: list[GameRecord], suffix: str) -> str:
    """The file as one dump of the whole list writes it: the format's definition, before records were streamed."""
    if suffix == ".toml":
        return tomli_w.dumps({"games": [r.to_data() for r in records]}, multiline_strings=True)
    if suffix == ".json":
        return json.dumps([r.to_data() for r in records], ensure_ascii=False) + "\n"
    return "".join(r.to_json() + "\n" for r in records)


def test_records_are_on_disk_chunk_by_chunk_before_the_run_ends(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    seen: list[tuple[int, int, int]] = []

    def progress(done: int, total: int) -> None:
        (partial,) = partial_files(tmp_path)
        lines = partial.read_text(encoding="utf-8").count("\n")
        seen.append((done, lines, out.stat().st_size))

    simulate("finnish", hands=5, workers=1, chunk_size=1, out=out, progress=progress, **RUN)
    assert seen == [(n, n, 0) for n in range(6)], "each chunk written as it is counted; the file itself replaced at the end"
    assert len(load_records(out)) == 5
    assert partial_files(tmp_path) == []


@pytest.mark.parametrize("suffix", FORMATS)
def test_the_file_is_the_same_whatever_the_chunks_and_workers(tmp_path: Path, suffix: str) -> None:
    """In process, one chunk at a time on a thread pool (chunks arrive in any order), on two processes: the same bytes."""
    texts = []
    for i, how in enumerate(({"workers": 1}, {"chunk_size": 1, "executor": "threads"}, {"chunk_size": 2, "workers": 2})):
        out = tmp_path / f"run{i}{suffix}"
        if how.get("executor") == "threads":
            with ThreadPoolExecutor(max_workers=3) as pool:
                simulate("swedish-club", hands=7, out=out, **RUN, **{**how, "executor": pool})
        else:
            simulate("swedish-club", hands=7, out=out, **RUN, **how)
        texts.append(out.read_text(encoding="utf-8"))
    assert texts[0] == texts[1] == texts[2]
    records = load_records(tmp_path / f"run0{suffix}")
    assert [r.seed for r in records] == [derive_seed(RUN["seed"], i) for i in range(7)], "in seed order"
    assert texts[0] == whole_dump(records, suffix), "what one dump of the whole list writes"
    assert partial_files(tmp_path) == []


class Collect:
    """A stand-in for RecordWriter: keeps what it is given, and a stream to flush."""

    def __init__(self) -> None:
        self.written: list[int] = []
        self.stream = io.StringIO()

    def write(self, record: int) -> None:
        self.written.append(record)


def chunk(start: int, count: int) -> ChunkResult:
    units = tuple(
        UnitOutcome(index=i, seed=1000 + i, hands=(), finished=False, winner=None, actions=()) for i in range(start, start + count)
    )
    return ChunkResult(profile=0, start=start, units=units, seconds=0.0)


def test_a_chunk_that_arrives_early_waits_for_those_of_lower_seeds() -> None:
    writer = Collect()
    order = SeedOrder(writer, lambda unit: unit.seed)  # type: ignore[arg-type, return-value]
    order(chunk(4, 2))
    assert (writer.written, sorted(order.waiting)) == ([], [4])
    order(chunk(0, 2))
    assert (writer.written, sorted(order.waiting)) == ([1000, 1001], [4])
    order(chunk(6, 1))
    assert sorted(order.waiting) == [4, 6]
    order(chunk(2, 2))
    assert writer.written == [1000 + i for i in range(7)]
    assert order.waiting == {} and order.next == 7


@pytest.mark.parametrize("suffix", FORMATS)
def test_writing_one_by_one_is_one_dump_of_the_list(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"games{suffix}"
    simulate("dutch", hands=3, workers=1, out=out, **RUN)
    records = load_records(out)
    for some in (records, records[:1], []):
        stream = io.StringIO()
        write_records(stream, out, some)
        assert stream.getvalue() == whole_dump(some, suffix)


@pytest.mark.parametrize("existing", [False, True])
def test_a_write_that_fails_during_the_run_is_one_error_and_leaves_the_file_as_it_was(
    tmp_path: Path, existing: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "games.jsonl"
    if existing:
        out.write_text("earlier records\n", encoding="utf-8")
    calls = []

    def full(self: RecordWriter, record: GameRecord) -> None:
        calls.append(record)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, "No space left on device")
        self.stream.write(record.to_json() + "\n")

    monkeypatch.setattr(RecordWriter, "write", full)
    with pytest.raises(SimulationError, match=r"cannot write the records to .*games\.jsonl: No space left on device"):
        simulate("finnish", hands=4, workers=1, chunk_size=1, out=out, **RUN)
    assert (out.read_text(encoding="utf-8") if out.exists() else None) == ("earlier records\n" if existing else None)
    assert partial_files(tmp_path) == []


@pytest.mark.parametrize("stop", [KeyboardInterrupt, RuntimeError])
def test_a_run_stopped_half_way_leaves_no_temporary_file(tmp_path: Path, stop: type[BaseException]) -> None:
    def stop_after_two(done: int, total: int) -> None:
        if done == 2:
            raise stop

    old = tmp_path / "old.toml"
    old.write_text("earlier = true\n", encoding="utf-8")
    for out in (old, tmp_path / "new.toml"):
        with pytest.raises(stop):
            simulate("finnish", hands=4, workers=1, chunk_size=1, out=out, progress=stop_after_two, **RUN)
    assert old.read_text(encoding="utf-8") == "earlier = true\n"
    assert not (tmp_path / "new.toml").exists()
    assert partial_files(tmp_path) == []


def test_an_existing_file_keeps_its_permissions_and_a_link_stays_a_link(tmp_path: Path) -> None:
    target = tmp_path / "target.jsonl"
    target.write_text("", encoding="utf-8")
    target.chmod(0o640)
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    simulate("finnish", hands=2, workers=1, out=link, **RUN)
    assert link.is_symlink() and os.readlink(link) == str(target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert len(load_records(target)) == 2
    assert partial_files(tmp_path) == []


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="a device to write to")
def test_a_device_is_written_directly() -> None:
    simulate("finnish", hands=2, workers=1, out="/dev/null", **RUN)
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_a_folder_that_takes_no_new_file_is_refused_and_the_file_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A folder the user may not create files in, holding a file he may write (as a read-only folder is to all but root):
    the records cannot be written whole, so the run says so and the file keeps what it held (the library's one writer,
    :func:`canasta.textfiles.replaced`, never writes a user's file in place)."""
    out = tmp_path / "games.jsonl"
    out.write_text("kept\n", encoding="utf-8")
    real_open = os.open

    def no_new_file(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if str(path).endswith(".tmp"):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", no_new_file)
    with pytest.raises(SimulationError, match="no temporary file can be made beside it"):
        simulate("finnish", hands=2, workers=1, out=out, **RUN)
    assert out.read_text(encoding="utf-8") == "kept\n"
    assert partial_files(tmp_path) == []
