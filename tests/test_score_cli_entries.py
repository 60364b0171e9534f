"""``canasta score``'s new entries (totals carried in, warnings, the director's override) and its messages: an error names what the
person typed (``--names``, ``hand 7``, ``arithmetic``, ``table-talk``), never the Python API (``ScoreSheet(names=...)``,
``in_hand``, ``arithmetic=True``, ``table_talk``)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from canasta.cli.main import main
from canasta.scoresheet import ScoreSheet


def _run(argv: list[str], typed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(argv)
    out = capsys.readouterr()
    return code, out.out, out.err


API = re.compile(r"ScoreSheet|SideEntry|HandEntry|PenaltyEntry|WarningEntry|Carried\(|=\.\.\.|=True|(?<![\w.'-])[a-z]+_[a-z_]+(?![\w.'])")
"""The Python API's words: a class, a call's argument, a keyword argument, a field or penalty written with underscores (a dotted
profile key such as ``red_threes.bonus_table`` is the rule's name, which the message gives on purpose)."""


def _said(line: str) -> str:
    """What a refusal or a reading error says, without the rule it cites in brackets."""
    return line.split("  [rule ")[0]


@pytest.mark.parametrize(
    ("option", "args"),
    [
        ("--names", ["--names", "Anna,Bertil,Carita"]),
        ("--dealer", ["--dealer", "7"]),
        ("--players", ["--players", "99999999999999999999999"]),
        ("--carried", ["--carried", "99999999999999999999999,0"]),
    ],
)
def test_an_option_error_names_the_option(
    option: str, args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = _run(["score", "new", *args, "s.toml"], "", monkeypatch, capsys)
    assert code == 2 and option in err and not API.search(err), err
    assert not (tmp_path / "s.toml").exists()


def test_carried_totals_from_the_command_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    argv = ["score", "new", "--names", "Anna,Bertil,Carita,David", "--carried", "1600,-40", "--carried-note", "the sheet of 3 May", "s.toml"]
    code, out, err = _run(argv, "", monkeypatch, capsys)
    assert (code, err) == (0, "") and "carried in: Anna & Carita 1600, Bertil & David -40" in out
    sheet = ScoreSheet.load(tmp_path / "s.toml")
    assert sheet.carried == (1600, -40) and sheet.log[0].note == "the sheet of 3 May"
    code, out, _ = _run(["score", "s.toml"], "log\nquit\n", monkeypatch, capsys)
    assert "minimums Anna & Carita 90, Bertil & David 15" in out  # 001 §13 A by the carried totals
    assert "carried in before hand 1: totals 1600 / -40" in out
    for bad in ("1600", "1,2,3", "x,1", "5000,0"):
        code, _, err = _run(["score", "new", "--carried", bad, f"bad{bad}.toml"], "", monkeypatch, capsys)
        assert code == 2 and err and not API.search(err), err


SESSION = [
    "penalty 1 table-talk",
    "warn David table-talk note talked about the pile",
    "penalty 1 table-talk",
    "penalty Anna table-talk override note the director saw gestures",
    "penalty 0 draw-out-of-turn override",
    "warn seat 9 table-talk",
    "warn 0 draw-out-of-turn hand 4",
    "hand went-out 0 | 0: natural 2 melded 60 | 1: melded 50",
    "hand stock-out | 0: melded 45 hand 7 | 1:",
    "hand went-out 0 | 0: natural 1 melded 5000 | 1:",
    "hand stock-out | 0: natural 999999999 melded 200 | 1:",
    "hand stock-out | 0: mixed 7 melded 700 | 1: mixed 6 melded 400",
    "hand stock-out | 0: red 3 | 1: red 2",
    "hand went-out 0 | 0: natural 1 melded 100 | 1: melded 50",
    "deal",
    "correct 1 went-out 0 | 0: natural 1 melded 100 red 1 | 1: melded 50",
    "penalty 1 penalty-card-help 9999",
    "quit",
]


def test_the_session_says_what_was_typed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    _run(["score", "new", "--names", "Anna,Bertil,Carita,David", "s.toml"], "", monkeypatch, capsys)
    code, out, err = _run(["score", "s.toml"], "\n".join(SESSION) + "\n", monkeypatch, capsys)
    assert (code, err) == (0, "")
    told = [line for line in out.splitlines() if line.startswith(("refused:", "cannot read that:"))]
    assert len(told) == 12, out
    for line in told:
        assert not API.search(_said(line)), line
    assert "enter the warning first (warn SIDE-OR-PLAYER KIND), or the penalty with the director's override (override)" in told[0]
    assert "warning 1: Bertil & David (David) warned of table-talk in hand 1" in out
    assert "penalty 2: Anna & Carita -2000 in hand 1" in out and "by the director's override of 001 §22 A" in out
    assert "side 0: hand 7 is not a multiple of 5" in out
    assert "(arithmetic)" in out
    sheet = ScoreSheet.load(tmp_path / "s.toml")
    assert [p.override for p in sheet.penalties] == [False, True] and sheet.warnings[0].seat == 3
    assert sheet.warnings[0].note == "talked about the pile"


def test_the_family_counts_are_named_as_typed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Modern American counts a three held with the red ones (``red-in-hand``) and its points in ``hand`` (EBB §2.8)."""
    monkeypatch.chdir(tmp_path)
    _run(["score", "new", "--variant", "modern-american", "s.toml"], "", monkeypatch, capsys)
    lines = ["hand stock-out | 0: black-in-hand 1 hand 5 | 1:", "hand special | 0: | 1:", "quit"]
    _, out, _ = _run(["score", "s.toml"], "\n".join(lines) + "\n", monkeypatch, capsys)
    told = [line for line in out.splitlines() if line.startswith("refused:")]
    assert len(told) == 2 and "(red-in-hand)" in told[0] and "(special NAME)" in told[1]
    for line in told:
        assert not API.search(_said(line)), line
