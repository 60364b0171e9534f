"""Saving a score sheet is whole or nothing, and only ever to a regular file: the API and ``canasta score`` share one writer.

A save writes a temporary file beside the target, flushes it to disk and
renames it over the target, so a failure at any step (a full disk, an error,
Ctrl-C) leaves the old file and no temporary file, and a killed process
leaves the old file or the new one, each loading. A FIFO, a device, a
directory or anything that is not a path is refused with the library's error,
checked before anything is opened, so no save blocks on a FIFO.
"""

from __future__ import annotations

import errno
import io
import os
import signal
import stat
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hostile import Hostile, HostileText

from canasta import Termination
from canasta.cli.main import main
from canasta.core.canastas import CanastaKind
from canasta.errors import CanastaError, ScoreSheetError
from canasta.scoresheet import HandEntry, ScoreSheet, SideEntry
from canasta.textfiles import UnwritableFileError, write_text

ROOT = Path(__file__).resolve().parents[1]

FIRST = HandEntry(
    sides=(SideEntry(canastas={CanastaKind.NATURAL: 1, CanastaKind.MIXED: 1}, red_threes=2, melded=230), SideEntry(melded=120, in_hand=45)),
    ending=Termination.WENT_OUT,
    went_out=0,
)
SECOND = HandEntry(
    sides=(SideEntry(canastas={CanastaKind.MIXED: 1}, melded=180, in_hand=20), SideEntry(canastas={CanastaKind.NATURAL: 1}, melded=310)),
    ending=Termination.WENT_OUT,
    went_out=1,
)


def _sheets() -> tuple[ScoreSheet, ScoreSheet]:
    """A sheet of one hand (on disk first) and the same sheet with a second hand (what the save writes)."""
    old = ScoreSheet("finnish", 4, names=["Anna", "Bertil", "Carita", "David"])
    old.add_hand(FIRST, by="Anna")
    new = ScoreSheet.loads(old.dumps())
    new.deal()
    new.add_hand(SECOND, by="Anna", note="a queen was left")
    return old, new


@pytest.fixture
def saved(tmp_path: Path) -> tuple[Path, ScoreSheet, ScoreSheet]:
    old, new = _sheets()
    path = tmp_path / "evening.toml"
    old.save(path)
    return path, old, new


def _only(path: Path) -> None:
    """The target is the only file of its folder: no temporary file was left."""
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_a_save_writes_the_whole_sheet_and_reads_back(saved: tuple[Path, ScoreSheet, ScoreSheet]) -> None:
    path, _, new = saved
    new.save(path)
    assert path.read_text(encoding="utf-8") == new.dumps()
    assert ScoreSheet.load(path).log == new.log
    _only(path)


def _fail_write_after(limit: int) -> Callable[[int, Any], int]:
    """``os.write`` that writes ``limit`` bytes of a file and then finds the disk full, as a full disk does."""
    real = os.write
    written = {"bytes": 0}

    def write(fd: int, data: Any) -> int:
        if fd <= 2:
            return real(fd, data)
        room = limit - written["bytes"]
        if room <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        n = real(fd, bytes(data[:room]))
        written["bytes"] += n
        return n

    return write


def _raise(error: BaseException) -> Callable[..., Any]:
    def fail(*args: object, **kwargs: object) -> Any:
        raise error

    return fail


FAILURES: dict[str, tuple[str, Callable[[], Callable[..., Any]], type[BaseException]]] = {
    "the disk fills mid-write": ("write", lambda: _fail_write_after(100), ScoreSheetError),
    "the first write fails": ("write", lambda: _raise(OSError(errno.EIO, "Input/output error")), ScoreSheetError),
    "the flush to disk fails": ("fsync", lambda: _raise(OSError(errno.EIO, "Input/output error")), ScoreSheetError),
    "the rename fails": ("replace", lambda: _raise(OSError(errno.EACCES, "Permission denied")), ScoreSheetError),
    "Ctrl-C mid-write": ("write", lambda: _raise(KeyboardInterrupt()), KeyboardInterrupt),
    "Ctrl-C before the rename": ("replace", lambda: _raise(KeyboardInterrupt()), KeyboardInterrupt),
}


@pytest.mark.parametrize("case", list(FAILURES))
def test_a_failed_save_leaves_the_old_file_and_no_temporary_file(
    case: str, saved: tuple[Path, ScoreSheet, ScoreSheet], monkeypatch: pytest.MonkeyPatch
) -> None:
    path, old, new = saved
    before = path.read_bytes()
    name, failing, error = FAILURES[case]
    monkeypatch.setattr(os, name, failing())
    with pytest.raises(error) as info:
        new.save(path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert ScoreSheet.load(path).log == old.log
    _only(path)
    if error is ScoreSheetError:
        assert str(path) in str(info.value) and "cannot be written" in str(info.value)


def test_a_failed_first_save_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _, new = _sheets()
    path = tmp_path / "new.toml"
    monkeypatch.setattr(os, "write", _fail_write_after(10))
    with pytest.raises(ScoreSheetError, match="No space left"):
        new.save(path)
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


CHILD = textwrap.dedent(
    """
    import os, sys
    import canasta.textfiles as files
    from canasta.scoresheet import ScoreSheet

    path, hook = sys.argv[1], sys.argv[2]
    sheet = ScoreSheet.load(path)
    sheet.deal()
    sheet.add_hand(ScoreSheet.load(sys.argv[3]).entries[1], note="a queen was left")

    def stop():
        sys.stdout.write("ready\\n")
        sys.stdout.flush()
        sys.stdin.read()  # until the parent kills this process

    real_write, real_fsync, real_replace, real_sync = os.write, os.fsync, os.replace, files._sync_folder

    def write(fd, data):
        if fd > 2 and hook == "write":
            real_write(fd, bytes(data[: len(data) // 2]))
            stop()
        return real_write(fd, data)

    def fsync(fd):
        if hook == "fsync":
            stop()
        return real_fsync(fd)

    def replace(a, b):
        if hook == "replace":
            stop()
        return real_replace(a, b)

    def after(folder):
        real_sync(folder)
        if hook == "after":
            stop()

    os.write, os.fsync, os.replace, files._sync_folder = write, fsync, replace, after
    sheet.save(path)
    """
)


@pytest.mark.parametrize(("hook", "holds"), [("write", "old"), ("fsync", "old"), ("replace", "old"), ("after", "new")])
def test_a_process_killed_while_saving_leaves_the_old_or_the_new_file(
    hook: str, holds: str, saved: tuple[Path, ScoreSheet, ScoreSheet], tmp_path: Path
) -> None:
    """SIGKILL at each step of a save (half the bytes written, before the flush, before the rename, after it): the file loads,
    as the old sheet before the rename and as the new one after it; it is never empty or cut."""
    path, old, new = saved
    model = tmp_path.parent / f"{tmp_path.name}-model.toml"
    new.save(model)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path), hook, str(model)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "ready\n"
        child.send_signal(signal.SIGKILL)
    finally:
        child.wait()
        model.unlink()
    assert child.returncode == -signal.SIGKILL
    again = ScoreSheet.load(path)
    assert [line.item for line in again.log] == [line.item for line in (old if holds == "old" else new).log]
    leftovers = [p.name for p in tmp_path.iterdir() if p != path]
    assert all(name.startswith(".evening.toml.") and name.endswith(".tmp") for name in leftovers), leftovers


def test_an_existing_file_keeps_its_permissions_and_a_new_one_gets_the_umask(saved: tuple[Path, ScoreSheet, ScoreSheet]) -> None:
    path, _, new = saved
    path.chmod(0o640)
    new.save(path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    mask = os.umask(0o022)
    os.umask(mask)
    fresh = path.with_name("fresh.toml")
    new.save(fresh)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o666 & ~mask


def test_a_symbolic_link_keeps_naming_the_file_it_names(saved: tuple[Path, ScoreSheet, ScoreSheet]) -> None:
    path, _, new = saved
    link = path.with_name("tonight.toml")
    link.symlink_to(path.name)
    new.save(link)
    assert link.is_symlink() and path.read_text(encoding="utf-8") == new.dumps()
    dangling = path.with_name("gone.toml")
    dangling.symlink_to("nowhere.toml")
    with pytest.raises(ScoreSheetError, match="symbolic link to a file that does not exist"):
        new.save(dangling)


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root may write any file")
def test_a_read_only_file_is_not_replaced(saved: tuple[Path, ScoreSheet, ScoreSheet]) -> None:
    path, _, new = saved
    before = path.read_bytes()
    path.chmod(0o444)
    with pytest.raises(ScoreSheetError, match="read-only"):
        new.save(path)
    assert path.read_bytes() == before


def _fifo(tmp_path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this system")
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    return fifo


def test_a_fifo_is_refused_without_being_opened(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening a FIFO to write blocks until a reader comes: the save must refuse it from its ``stat`` alone."""
    fifo = _fifo(tmp_path)
    real = os.open

    def guarded(name: Any, *args: Any, **kwargs: Any) -> int:
        assert os.fspath(name) != str(fifo), "the FIFO was opened"
        return real(name, *args, **kwargs)

    monkeypatch.setattr(os, "open", guarded)
    with pytest.raises(ScoreSheetError, match="not a regular file"):
        _sheets()[1].save(fifo)
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


BAD_TARGETS: dict[str, tuple[Callable[[Path], object], str]] = {
    "/dev/zero": (lambda tmp: "/dev/zero", "not a regular file"),
    "/dev/null": (lambda tmp: "/dev/null", "not a regular file"),
    "a directory": (lambda tmp: tmp, "is a directory"),
    "a name ending in a slash": (lambda tmp: f"{tmp}/sub/", "names a folder"),
    "a missing folder": (lambda tmp: tmp / "no" / "such" / "evening.toml", "there is no folder"),
    "a file as a folder": (lambda tmp: tmp / "evening.toml" / "x.toml", "cannot be written"),
    "an empty path": (lambda tmp: "", "an empty path"),
    "a NUL byte": (lambda tmp: f"{tmp}/a\0b.toml", "NUL"),
    "a lone surrogate": (lambda tmp: f"{tmp}/lone\ud800.toml", "lone surrogate"),
    "a name too long": (lambda tmp: f"{tmp}/{'x' * 5000}.toml", "cannot be written"),
    "a number": (lambda tmp: 42, "expected a file path, got int"),
    "None": (lambda tmp: None, "expected a file path, got NoneType"),
    "bytes": (lambda tmp: b"evening.toml", "expected a file path, got bytes"),
    "__fspath__ raises": (lambda tmp: RaisingPath(), "its __fspath__ raised RuntimeError"),
    "__fspath__ gives a number": (lambda tmp: NumberPath(), "its __fspath__ gives int, not text"),
    "an object whose methods raise": (lambda tmp: Hostile(), "expected a file path, got Hostile"),
}


class RaisingPath(os.PathLike[str]):
    def __fspath__(self) -> str:
        raise RuntimeError("fspath")


class NumberPath(os.PathLike[str]):
    def __fspath__(self) -> str:
        return 3  # type: ignore[return-value]


@pytest.mark.parametrize("case", list(BAD_TARGETS))
def test_a_save_to_anything_but_a_regular_file_is_the_librarys_error(
    case: str, saved: tuple[Path, ScoreSheet, ScoreSheet], tmp_path: Path
) -> None:
    path, _, new = saved
    before = path.read_bytes()
    target, says = BAD_TARGETS[case]
    with pytest.raises(ScoreSheetError) as info:
        new.save(target(tmp_path))  # type: ignore[arg-type]
    assert says in str(info.value) and str(info.value).isprintable()
    assert path.read_bytes() == before
    _only(path)


@pytest.mark.parametrize("case", [c for c in BAD_TARGETS if c not in ("a missing folder", "a name ending in a slash")])
def test_loading_and_making_a_sheet_from_a_bad_path_is_the_librarys_error(case: str, tmp_path: Path) -> None:
    target = BAD_TARGETS[case][0](tmp_path)
    with pytest.raises(CanastaError):
        ScoreSheet.load(target)  # type: ignore[arg-type]
    if case != "an empty path":  # the empty name is no profile either, refused by name
        with pytest.raises(CanastaError):
            ScoreSheet(target, 4)  # type: ignore[arg-type]


def test_a_path_like_is_read_once(tmp_path: Path) -> None:
    """A stranger's ``__fspath__`` may answer differently each time it is asked: the writer asks once and checks that answer."""
    answers = iter([str(tmp_path / "first.toml"), "/dev/zero", "/dev/zero"])

    class Shifty(os.PathLike[str]):
        def __fspath__(self) -> str:
            return next(answers)

    write_text(Shifty(), "x = 1\n")
    assert (tmp_path / "first.toml").read_text(encoding="utf-8") == "x = 1\n"


def test_the_writer_refuses_what_no_utf8_file_holds(tmp_path: Path) -> None:
    with pytest.raises(UnwritableFileError, match="lone surrogate"):
        write_text(tmp_path / "x.txt", "a\udcffb")
    with pytest.raises(UnwritableFileError, match="expected the text"):
        write_text(tmp_path / "x.txt", 3)  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []


def test_text_whose_own_methods_raise_is_read_as_the_path_it_holds(tmp_path: Path) -> None:
    write_text(HostileText(str(tmp_path / "x.txt")), "x")
    assert (tmp_path / "x.txt").read_text(encoding="utf-8") == "x"


# --- the command line: the same writer ---------------------------------------------------------------------------------


def _run(argv: list[str], typed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


HAND_LINE = "hand went-out 0 | 0: natural 1 mixed 1 red 2 melded 230 | 1: mixed 1 red 1 melded 120 hand 45\n"


def test_a_session_saves_each_entry_through_the_same_writer(
    saved: tuple[Path, ScoreSheet, ScoreSheet], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The session's save is ``ScoreSheet.save``: a rename that fails leaves the file as it was and no temporary file, and the
    session ends with one line that says so."""
    path, _, _ = saved
    before = path.read_bytes()
    monkeypatch.setattr(os, "replace", _raise(OSError(errno.ENOSPC, "No space left on device")))
    code, _, err = _run(["score", str(path)], "deal\n", monkeypatch, capsys)
    monkeypatch.undo()
    assert code == 2 and "No space left on device" in err and "was not saved" in err and err.count("\n") == 1, err
    assert path.read_bytes() == before
    _only(path)


@pytest.mark.parametrize(
    ("target", "says"),
    [("/dev/zero", "not a regular file"), ("{tmp}", "is a directory"), ("{tmp}/no/card.html", "there is no folder"), ("{fifo}", "not a regular file")],
)
def test_an_export_to_anything_but_a_regular_file_is_refused(
    target: str, says: str, saved: tuple[Path, ScoreSheet, ScoreSheet], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path, _, _ = saved
    fifo = tmp_path / "pipe.html"
    if "{fifo}" in target:
        if not hasattr(os, "mkfifo"):
            pytest.skip("no FIFOs on this system")
        os.mkfifo(fifo)
    where = target.format(tmp=tmp_path, fifo=fifo)
    code, _, err = _run(["score", "export", str(path), "--format", "html", "-o", where], "", monkeypatch, capsys)
    assert code == 2 and says in err and "-o - writes to standard output" in err and "Traceback" not in err
    code, out, _ = _run(["score", str(path)], f"export csv {where}\nquit\n", monkeypatch, capsys)
    assert code == 0 and f"cannot read that: {where}" in out and says in out


def test_new_into_a_missing_folder_or_an_empty_name_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for target, says in ((tmp_path / "no" / "x.toml", "there is no folder"), ("", "an empty path names no file")):
        code, _, err = _run(["score", "new", str(target)], "", monkeypatch, capsys)
        assert code == 2 and says in err and err.count("\n") == 1 and "not a score sheet" not in err, err
    assert list(tmp_path.iterdir()) == []


def test_an_exported_csv_file_starts_with_a_byte_order_mark_for_excel(
    saved: tuple[Path, ScoreSheet, ScoreSheet], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Excel reads a CSV as UTF-8 only after a byte-order mark; standard output gets none, and the file is the export otherwise."""
    path, old, _ = saved
    card = path.with_name("card.csv")
    code, _, _ = _run(["score", "export", str(path), "--format", "csv", "-o", str(card)], "", monkeypatch, capsys)
    assert code == 0 and card.read_bytes() == b"\xef\xbb\xbf" + old.to_csv().encode("utf-8")
    code, out, _ = _run(["score", "show", str(path), "--format", "csv"], "", monkeypatch, capsys)
    assert code == 0 and out == old.to_csv()
