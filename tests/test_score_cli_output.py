"""``canasta score`` prints nothing of a sheet raw: a name or a note from a file reaches the terminal as printable text.

A sheet file is a stranger's text. ``\\x1b]0;owned\\x07`` sets a terminal's title,
``\\x1b[2J`` clears it, a carriage return rewrites the line, U+202E turns it
around: ``new``, ``show``, ``export -o -`` and every command of a session that
prints (the status, ``show`` in each format, ``log``, a refusal naming the
seats) show each as its escape (:func:`canasta.errors.printable`).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from canasta import Termination
from canasta.cli.main import main
from canasta.cli.score_cmd import SHEET_FORMATS
from canasta.core.canastas import CanastaKind
from canasta.core.penalties import Penalty
from canasta.errors import printable
from canasta.scoresheet import Carried, HandEntry, PenaltyEntry, ScoreSheet, SideEntry, WarningEntry

ROOT = Path(__file__).resolve().parents[1]

HOSTILE = ["\x1b]0;owned\x07\x1b[2J", "B\rEVIL", "\u202eCarita", "Da\x00vid\x9b31m"]
"""A title and a clear screen, a carriage return, a bidi override, a NUL and a C1 control sequence introducer."""
NOTE = "\x1b[31mred\x1b[0m\rnote\u202e"

FIRST = HandEntry(
    sides=(SideEntry(canastas={CanastaKind.NATURAL: 1, CanastaKind.MIXED: 1}, red_threes=2, melded=230), SideEntry(melded=120, in_hand=45)),
    ending=Termination.WENT_OUT,
    went_out=0,
)


def _clean(text: str) -> bool:
    """Only printable characters and line breaks: nothing a terminal obeys."""
    return all(ch.isprintable() or ch == "\n" for ch in text)


@pytest.fixture
def hostile_sheet(tmp_path: Path) -> Path:
    sheet = ScoreSheet("finnish", 4, names=HOSTILE, carried=Carried(totals=(1200, 850), note=NOTE))
    sheet.add_hand(FIRST, by=NOTE, note=NOTE)
    sheet.warn(WarningEntry(side=1, seat=1, penalty=Penalty.TABLE_TALK, note=NOTE), by=HOSTILE[0])
    sheet.add_penalty(PenaltyEntry(side=1, penalty=Penalty.TABLE_TALK, note=NOTE), by=HOSTILE[0])
    sheet.withdraw_penalty(1, note=NOTE)
    path = tmp_path / "evening.toml"
    sheet.save(path)
    return path


def _run(argv: list[str], typed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("form", SHEET_FORMATS)
def test_show_and_export_print_the_sheet_escaped(
    form: str, hostile_sheet: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for argv in (["score", "show", str(hostile_sheet), "--format", form], ["score", "export", str(hostile_sheet), "--format", form, "-o", "-"]):
        code, out, err = _run(argv, "", monkeypatch, capsys)
        assert (code, err) == (0, "") and _clean(out), [ch for ch in out if not ch.isprintable() and ch != "\n"]
        if form in ("text", "csv", "html"):  # Markdown escapes the backslashes once more; JSON writes its own escapes (\u001b)
            assert printable(HOSTILE[0], newlines=False) in out


def test_a_session_prints_every_name_and_note_escaped(
    hostile_sheet: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    typed = [
        "show",
        *(f"show {form}" for form in SHEET_FORMATS),
        "log",
        "penalty",
        "help hand",
        "hand went-out 9 | 0: melded 50 | 1:",  # refused, naming the seats
        "penalty Nobody table-talk",  # cannot be read, naming the sides
        "warn 0 table-talk note again",  # accepted, naming the side
        "hand stock-out | 0: natural 1 melded 200 hand 10 | 1: mixed 1 melded 250 hand 15",
        "quit",
    ]
    code, out, err = _run(["score", str(hostile_sheet)], "\n".join(typed) + "\n", monkeypatch, capsys)
    assert (code, err) == (0, "")
    assert _clean(out), sorted({ch for ch in out if not ch.isprintable() and ch != "\n"})
    assert "\\x1b]0;owned\\x07\\x1b[2J & \\u202eCarita" in out  # the status line names the sides
    assert "\\x1b[31mred\\x1b[0m\\rnote\\u202e" in out  # the log and show give the notes
    assert "refused" in out and "cannot read that" in out and "hand 2:" in out
    assert "warning 2: \\x1b]0;owned\\x07\\x1b[2J & \\u202eCarita warned of table-talk" in out


def test_new_prints_the_names_escaped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "\x1b[2Jtonight.toml"
    argv = ["score", "new", "--names", ",".join(HOSTILE), "--carried", "1200,850", "--carried-note", NOTE, str(target)]
    code, out, err = _run(argv, "", monkeypatch, capsys)
    assert (code, err) == (0, "") and _clean(out)
    assert "\\x1b[2Jtonight.toml: a new sheet" in out and "B\\rEVIL" in out
    assert "carried in: \\x1b]0;owned\\x07\\x1b[2J & \\u202eCarita 1200, B\\rEVIL & Da\\x00vid\\x9b31m 850" in out
    assert ScoreSheet.load(target).names == tuple(HOSTILE)


def test_a_name_that_is_no_text_is_refused_by_its_option(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A byte the terminal's encoding could not decode reaches Python as a lone surrogate: no file can hold it."""
    code, out, err = _run(["score", "new", "--names", "A\udcff,B,C,D", str(tmp_path / "x.toml")], "", monkeypatch, capsys)
    assert code == 2 and out == "" and _clean(err)
    assert "argument --names: A\\xff holds bytes that are not text" in err.splitlines()[-1] and "ScoreSheet" not in err
    assert not (tmp_path / "x.toml").exists()
    argv = ["score", "new", "--carried", "1200,850", "--carried-note", "3 May\udcff", str(tmp_path / "x.toml")]
    code, out, err = _run(argv, "", monkeypatch, capsys)
    assert code == 2 and out == "" and _clean(err)
    assert "argument --carried-note: 3 May\\xff holds bytes that are not text" in err.splitlines()[-1] and "ScoreSheet" not in err
    assert not (tmp_path / "x.toml").exists()


def test_the_real_terminal_gets_no_escape_byte(hostile_sheet: Path) -> None:
    """The same through ``python -m canasta``: the bytes written to standard output hold no ESC, BEL, CR, NUL or C1 control."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]), PYTHONIOENCODING="utf-8")
    for argv in (["show", str(hostile_sheet)], ["show", str(hostile_sheet), "--format", "markdown"]):
        done = subprocess.run([sys.executable, "-m", "canasta", "score", *argv], capture_output=True, env=env, check=True)
        text = done.stdout.decode("utf-8")
        assert _clean(text) and not {b"\x1b", b"\x07", b"\r", b"\x00"} & {bytes([b]) for b in done.stdout}
