"""Penalties entered in error are withdrawn (001 §35 B): in the sheet, its file, its exports and ``canasta score``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from canasta import Termination
from canasta.cli.main import main
from canasta.core.canastas import CanastaKind
from canasta.core.penalties import Penalty
from canasta.errors import ArgumentError, EntryError, ScoreSheetError
from canasta.scoresheet import HandEntry, LogKind, PenaltyEntry, ScoreSheet, SideEntry, Withdrawal
from canasta.scoresheet.files import VERSION


def _hand() -> HandEntry:
    return HandEntry(
        sides=(SideEntry(canastas={CanastaKind.NATURAL: 1}, red_threes=1, melded=230), SideEntry(melded=120, in_hand=45)),
        ending=Termination.WENT_OUT,
        went_out=0,
    )


def _sheet() -> ScoreSheet:
    sheet = ScoreSheet("finnish", 4, names=["Anna", "Bo", "Cia", "Dan"])
    sheet.add_hand(_hand())
    return sheet


def test_a_withdrawn_penalty_no_longer_counts_and_the_log_keeps_both() -> None:
    sheet = _sheet()
    assert sheet.add_penalty(PenaltyEntry(side=1, penalty=Penalty.PILE_OUT_OF_TURN, hand=1)) == 100
    assert sheet.totals == (930, -25)
    assert sheet.withdraw_penalty(1, by="TD", note="it was seat 0") == 100
    assert sheet.totals == (930, 75) and sheet.withdrawn == frozenset({1})
    assert len(sheet.penalties) == 1, "the withdrawn penalty stays on the sheet, numbered"
    line = sheet.log[-1]
    assert line.kind is LogKind.WITHDRAWAL and line.hand == 1 and (line.by, line.note) == ("TD", "it was seat 0")
    assert line.item == Withdrawal(number=1, penalty=sheet.penalties[0])


def test_a_withdrawn_27_a_raise_gives_back_the_minimum() -> None:
    sheet = _sheet()
    sheet.add_penalty(PenaltyEntry(side=1, penalty=Penalty.INSUFFICIENT_OPENING))
    assert sheet.minimum(1) == 60
    assert sheet.withdraw_penalty(1) == 10
    assert sheet.minimum(1) == 50


@pytest.mark.parametrize(
    ("number", "error", "says"),
    [
        (0, EntryError, "there is no penalty 0"),
        (4, EntryError, "there is no penalty 4"),
        (1, EntryError, r"penalty 1 \(hand 1\) can no longer be withdrawn"),
        (2, EntryError, "penalty 2 was already withdrawn"),
        ("1", ArgumentError, "expected a penalty's number"),
        (True, ArgumentError, "expected a penalty's number"),
        (1.0, ArgumentError, "expected a penalty's number"),
    ],
)
def test_a_withdrawal_the_rules_refuse_changes_nothing(number: object, error: type[Exception], says: str) -> None:
    sheet = _sheet()
    sheet.add_penalty(PenaltyEntry(side=1, penalty=Penalty.PILE_OUT_OF_TURN, hand=1))
    sheet.add_penalty(PenaltyEntry(side=0, penalty=Penalty.DRAW_OUT_OF_TURN, hand=1))
    sheet.withdraw_penalty(2)
    sheet.deal()  # hand 2 is dealt: hand 1's penalties are closed (001 §35 B)
    sheet.add_penalty(PenaltyEntry(side=0, penalty=Penalty.DRAW_OUT_OF_TURN))
    before = (sheet.log, sheet.totals, sheet.withdrawn, sheet.dumps())
    with pytest.raises(error, match=says) as info:
        sheet.withdraw_penalty(number)  # type: ignore[arg-type]
    if isinstance(info.value, EntryError):
        assert info.value.rule == "001 §35 B"
    assert (sheet.log, sheet.totals, sheet.withdrawn, sheet.dumps()) == before
    assert sheet.withdraw_penalty(3) == 100, "a penalty of the hand in progress can still be withdrawn"


def test_the_file_says_version_3_only_with_a_withdrawal_and_reads_back() -> None:
    sheet = _sheet()
    sheet.add_penalty(PenaltyEntry(side=1, penalty=Penalty.PILE_OUT_OF_TURN, hand=1))
    assert "version = 1" in sheet.dumps()
    sheet.withdraw_penalty(1, note="in error")
    text = sheet.dumps()
    assert "version = 3" in text and 'entry = "withdrawal"' in text
    again = ScoreSheet.loads(text)
    assert (again.log, again.totals, again.withdrawn) == (sheet.log, sheet.totals, sheet.withdrawn)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda t: t.replace("penalty = 1\n", "penalty = 2\n"), "there is no penalty 2"),
        (lambda t: t.replace("penalty = 1\n", 'penalty = "one"\n'), "penalty"),
        (lambda t: t.replace('entry = "withdrawal"\nhand = 1', 'entry = "withdrawal"\nhand = 2'), "names another penalty or hand"),
        (lambda t: t.replace("penalty = 1\n", "penalty = 1\nside = 0\n"), "side"),
        (lambda t: t.replace("version = 3", f"version = {VERSION + 1}"), "newer than this library reads"),
    ],
)
def test_a_bad_withdrawal_in_a_file_is_one_clear_error(change: object, says: str) -> None:
    sheet = _sheet()
    sheet.add_penalty(PenaltyEntry(side=1, penalty=Penalty.PILE_OUT_OF_TURN, hand=1))
    sheet.withdraw_penalty(1)
    text = change(sheet.dumps())  # type: ignore[operator]
    with pytest.raises(ScoreSheetError, match=says):
        ScoreSheet.loads(text)


def test_the_exports_number_the_penalties_and_mark_a_withdrawn_one() -> None:
    sheet = _sheet()
    sheet.add_penalty(PenaltyEntry(side=1, penalty=Penalty.PILE_OUT_OF_TURN, hand=1))
    sheet.add_penalty(PenaltyEntry(side=0, penalty=Penalty.DRAW_OUT_OF_TURN, hand=1))
    sheet.withdraw_penalty(1, by="TD")
    text = sheet.to_markdown()
    assert "penalty 1: hand 1, Bo \\& Dan: pile out of turn, -100" in text and "(withdrawn, 001 §35 B; by TD;" in text
    assert "penalty 2: hand 1, Anna \\& Cia: draw out of turn, -100 [" in text
    assert "penalty 2" in sheet.to_html() and "withdrawn, 001 §35 B" in sheet.to_html()
    penalties = json.loads(sheet.to_json())["penalties"]
    assert [(p["number"], p["withdrawn"] is not None) for p in penalties] == [(1, True), (2, False)]
    assert json.loads(sheet.to_json())["hands"][0]["totals"] == [830, 75]


def _run(argv: list[str], typed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code = main(argv)
    return code, capsys.readouterr().out


def test_withdraw_in_canasta_score(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    code, _ = _run(["score", "new", "--variant", "finnish", "--players", "4", "--names", "Anna,Bertil,Carita,David", "e.toml"], "", monkeypatch, capsys)
    assert code == 0
    typed = (
        "hand went-out 0 | 0: natural 1 mixed 1 red 2 melded 230 | 1: mixed 1 red 1 melded 120 hand 45\n"
        "penalty 1 pile-out-of-turn hand 1\n"
        "withdraw 1 note it was Anna\n"
        "withdraw 1\n"
        "withdraw x\n"
        "withdraw\n"
        "quit\n"
    )
    code, out = _run(["score", "e.toml"], typed, monkeypatch, capsys)
    assert code == 0 and "Traceback" not in out
    assert "penalty 1: Bertil & David -100 in hand 1" in out
    assert "penalty 1 withdrawn: Bertil & David no longer loses 100 in hand 1; the penalty and its withdrawal stay in the log" in out
    assert "refused: penalty 1 was already withdrawn  [rule 001 §35 B" in out
    assert "cannot read that: withdraw x: expected a penalty's number" in out
    assert "cannot read that: write withdraw N [note TEXT]" in out
    sheet = ScoreSheet.load(tmp_path / "e.toml")
    assert sheet.withdrawn == frozenset({1}) and sheet.log[-1].note == "it was Anna"
