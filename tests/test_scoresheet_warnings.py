"""001 §22 A: "if the opponents go on talking or gesturing after one warning, the game is deemed forfeited". A warning is an entry
of the sheet; the forfeit without an earlier warning to that side is refused, or entered with the director's override, which the
log, the file and every export say."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from canasta import Termination
from canasta.core.penalties import Penalty
from canasta.errors import ArgumentError, EntryError, ScoreSheetError
from canasta.scoresheet import HandEntry, LogKind, PenaltyEntry, ScoreSheet, SideEntry, WarningEntry, export


def finnish() -> ScoreSheet:
    return ScoreSheet("finnish", 4, names=["Anna", "Bo", "Cia", "Dan"])


def a_hand() -> HandEntry:
    return HandEntry(sides=(SideEntry(canastas={"natural": 1}, melded=100), SideEntry(melded=50)), ending=Termination.WENT_OUT, went_out=0)


def test_only_the_table_talk_forfeit_comes_after_a_warning() -> None:
    """Of 001 §22-§33 only §22 A's last paragraph says "after one warning"; the rule is data on the penalty."""
    assert {p for p in Penalty if p.warning_first} == {Penalty.TABLE_TALK}
    assert Penalty.TABLE_TALK.warning_first == "001 §22 A"


def test_the_forfeit_without_a_warning_is_refused_citing_001_22_a() -> None:
    sheet = finnish()
    before = sheet.dumps()
    with pytest.raises(EntryError) as info:
        sheet.add_penalty(PenaltyEntry(side=1, penalty=Penalty.TABLE_TALK))
    assert info.value.rule == "penalties.table_talk_forfeit" and info.value.source.startswith("001 §22 A")
    assert "001 §22 A" in info.value.reason and sheet.dumps() == before


def test_a_warning_to_the_side_earlier_in_the_match_allows_the_forfeit() -> None:
    sheet = finnish()
    sheet.warn(WarningEntry(side=1, seat=3, penalty="table_talk", note="Dan talked of the pile"), by="TD")
    with pytest.raises(EntryError):
        sheet.add_penalty(PenaltyEntry(side=0, penalty=Penalty.TABLE_TALK))  # the other side was not warned
    sheet.add_hand(a_hand())
    sheet.deal()
    assert sheet.add_penalty(PenaltyEntry(side=1, penalty=Penalty.TABLE_TALK)) == 2000  # a later hand of the same match
    line = sheet.log[0]
    assert line.kind is LogKind.WARNING and line.by == "TD" and line.note == "Dan talked of the pile" and line.hand == 1
    assert sheet.warnings == (WarningEntry(side=1, seat=3, penalty="table_talk", hand=1, note="Dan talked of the pile"),)
    assert sheet.totals == tuple(s.total for s in sheet.hands[0])  # a warning costs nothing; the forfeit counts with hand 2


def test_the_directors_override_enters_it_and_every_output_says_so() -> None:
    sheet = finnish()
    sheet.add_penalty(PenaltyEntry(side=0, penalty=Penalty.TABLE_TALK, override=True, note="gestures"), by="TD")
    assert "director's override" in export.log_text(sheet)
    for text in (export.to_text(sheet), export.to_markdown(sheet), export.to_html(sheet)):
        assert "director's override of 001 §22 A" in text
    assert json.loads(export.to_json(sheet))["penalties"][0]["override"] == "001 §22 A"
    (row,) = [row for row in csv.DictReader(io.StringIO(export.to_csv(sheet))) if row["penalty_notes"]]
    assert "director's override of 001 §22 A" in row["penalty_notes"] and "note: gestures" in row["penalty_notes"]
    saved = sheet.dumps()
    assert "override = true" in saved and "version = 4" in saved
    assert ScoreSheet.loads(saved).penalties[0].override
    with pytest.raises(EntryError, match="nothing to override"):
        sheet.add_penalty(PenaltyEntry(side=0, penalty=Penalty.DRAW_OUT_OF_TURN, override=True))
    with pytest.raises(ArgumentError):
        PenaltyEntry(side=0, penalty=Penalty.TABLE_TALK, override=1)  # type: ignore[arg-type]


def test_warnings_are_shown_in_the_log_and_every_export() -> None:
    sheet = finnish()
    sheet.warn(WarningEntry(side=1, seat=1, penalty="table_talk", note="Bo <gestured>"))
    sheet.add_hand(a_hand())
    assert "warning 1 side 1 seat 1 of table-talk" in export.log_text(sheet)
    assert "warning 1: hand 1, Bo & Dan (Bo): table talk [penalties.table_talk_forfeit" in export.to_text(sheet)
    assert "Warnings:" in export.to_markdown(sheet) and "Bo \\<gestured\\>" in export.to_markdown(sheet)
    page = export.to_html(sheet)
    assert "<h2>Warnings</h2>" in page and "Bo &lt;gestured&gt;" in page
    (warning,) = json.loads(export.to_json(sheet))["warnings"]
    assert (warning["side"], warning["seat"], warning["hand"], warning["rule"], warning["note"]) == (
        1,
        1,
        1,
        "penalties.table_talk_forfeit",
        "Bo <gestured>",
    )
    rows = list(csv.DictReader(io.StringIO(export.to_csv(sheet))))
    assert [(row["hand"], row["side"]) for row in rows] == [("1", "0"), ("1", "1")] and rows[0]["warnings"] == ""
    warned = rows[1]["warnings"]  # the side's row of the hand: the penalty warned of, its rule, the player and the note
    assert all(part in warned for part in ("table talk", "(Bo)", "penalties.table_talk_forfeit", "note: Bo <gestured>")), warned


def test_a_warning_of_the_hand_in_progress_is_in_the_csv_before_its_hand() -> None:
    """Like a penalty of the hand in progress: a row of that hand for the side, with the warning and no numbers yet."""
    sheet = finnish()
    sheet.add_hand(a_hand())
    sheet.deal()
    sheet.warn(WarningEntry(side=0, seat=2, penalty="table_talk", note="=Cia named a card"))
    rows = list(csv.DictReader(io.StringIO(export.to_csv(sheet))))
    pending = [row for row in rows if row["hand"] == "2"]
    assert len(pending) == 1 and pending[0]["side"] == "0" and pending[0]["total"] == "" and pending[0]["penalty_notes"] == ""
    assert "(Cia)" in pending[0]["warnings"] and "note: =Cia named a card" in pending[0]["warnings"]
    assert "warning 1: hand 2, Anna & Cia (Cia): table talk" in export.to_text(sheet)


def test_a_warning_is_checked_like_any_entry() -> None:
    sheet = finnish()
    before = sheet.dumps()
    for bad, rule in (
        (WarningEntry(side=2, penalty="table_talk"), "penalties.table_talk_forfeit"),
        (WarningEntry(side=0, seat=1, penalty="table_talk"), "deal.sides"),  # seat 1 plays for side 1
        (WarningEntry(side=0, seat=7, penalty="table_talk"), "deal.sides"),
        (WarningEntry(side=0, penalty="table_talk", hand=3), "001 §35 B"),
    ):
        with pytest.raises(EntryError) as info:
            sheet.warn(bad)
        assert info.value.rule == rule
    dutch = ScoreSheet("dutch", 4)  # no table-talk penalty in 003: a warning of it is refused by name
    with pytest.raises(EntryError, match="table_talk"):
        dutch.warn(WarningEntry(side=0, penalty="table_talk"))
    with pytest.raises(ArgumentError):
        sheet.warn(PenaltyEntry(side=0, penalty="table_talk"))  # type: ignore[arg-type]
    assert sheet.dumps() == before


def test_a_file_with_warnings_reads_back_and_a_forfeit_without_one_is_refused() -> None:
    sheet = finnish()
    sheet.warn(WarningEntry(side=1, penalty="table_talk"))
    sheet.add_penalty(PenaltyEntry(side=1, penalty="table_talk"))
    text = sheet.dumps()
    again = ScoreSheet.loads(text)
    assert again.log == sheet.log and again.totals == sheet.totals
    blocks = text.split("\n[[log]]\n")
    without = "\n[[log]]\n".join(block for block in blocks if 'entry = "warning"' not in block)
    with pytest.raises(ScoreSheetError, match="001 §22 A"):
        ScoreSheet.loads(without)


def test_a_house_file_with_the_forfeit_needs_the_warning_too(tmp_path: Path) -> None:
    """The rule goes with the penalty, not the profile: a house file that gives table talk a forfeit asks for the warning."""
    house = tmp_path / "talk.toml"
    house.write_text('extends = "regency"\nname = "quiet"\n\n[penalties]\ntable_talk_forfeit = 500\n', encoding="utf-8")
    sheet = ScoreSheet(house, 4)
    with pytest.raises(EntryError, match="warning"):
        sheet.add_penalty(PenaltyEntry(side=0, penalty="table_talk"))
    sheet.warn(WarningEntry(side=0, penalty="table_talk"))
    assert sheet.add_penalty(PenaltyEntry(side=0, penalty="table_talk")) == 500
