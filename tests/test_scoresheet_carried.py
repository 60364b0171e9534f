"""A sheet that starts from totals carried in from an earlier sheet or session (a club evening continued), without a hand of its
own: they open the log, count in every total, in the opening minimum by score (001 §13 A) and in the end of the match (001 §1,
§34 A), are saved in the file, and are shown in the log and every export."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from canasta import Termination
from canasta.errors import ArgumentError, EntryError, ScoreSheetError
from canasta.scoresheet import Carried, HandEntry, LogKind, PenaltyEntry, ScoreSheet, SideEntry, export


def went_out(melded: int = 100) -> HandEntry:
    return HandEntry(sides=(SideEntry(canastas={"natural": 1}, melded=melded), SideEntry(melded=50)), ending=Termination.WENT_OUT, went_out=0)


def test_the_totals_start_from_the_carried_ones() -> None:
    """Finnish: 500 + 100 + 100 for the canasta, going out and the melded points; 50 for the other side (001 §34)."""
    sheet = ScoreSheet("finnish", 4, carried=Carried(totals=(1200, 850), note="the sheet of 3 May"))
    assert sheet.totals == (1200, 850) and sheet.carried == (1200, 850) and not sheet.hands
    sheet.add_hand(went_out())
    assert sheet.running == ((1900, 900),) and sheet.totals == (1900, 900)
    line = sheet.log[0]
    assert line.kind is LogKind.CARRIED and line.hand == 0 and line.note == "the sheet of 3 May" and len(sheet.log) == 2


def test_the_opening_minimum_is_by_the_carried_total() -> None:
    """001 §13 A: minus 15, 0 to 1495 50, 1500 to 2995 90, 3000 or more 120, by the side's total when the hand starts."""
    sheet = ScoreSheet("finnish", 4, carried=(-20, 3100))
    assert (sheet.minimum(0), sheet.minimum(1)) == (15, 120)
    sheet.deal()
    sheet.add_penalty(PenaltyEntry(side=0, penalty="insufficient_opening"))
    assert sheet.minimum(0) == 25  # the §27 A raise on top (001 §27 A•2)
    assert ScoreSheet("finnish", 4, carried=(1500, 1495)).minimum(0) == 90
    assert ScoreSheet("finnish", 4, carried=(1500, 1495)).minimum(1) == 50


def test_the_match_ends_by_the_carried_total() -> None:
    """The match ends at the end of the hand in which a side reaches 5000 (001 §34 A), counting what was carried in."""
    sheet = ScoreSheet("finnish", 4, carried=(4400, 4000))
    sheet.add_hand(went_out())
    assert sheet.is_over and sheet.winner == 0
    with pytest.raises(EntryError) as info:
        sheet.add_hand(went_out())
    assert info.value.rule == "match.target"


def test_carried_totals_are_checked_like_any_entry() -> None:
    for carried, rule in (((5000, 0), "match.target"), ((100,), "deal.sides"), ((1, 2, 3), "deal.sides")):
        with pytest.raises(EntryError) as info:
            ScoreSheet("finnish", 4, carried=carried)
        assert info.value.rule == rule
    ScoreSheet("swedish-official", 3, carried=(10, 20, 30))  # three sides of one
    for bad in ("1200,850", 1200, [1200.0, 850], [True, 0], {"a": 1}, [None, 0]):
        with pytest.raises(ArgumentError, match=re.escape("ScoreSheet(carried=...)")):
            ScoreSheet("finnish", 4, carried=bad)  # type: ignore[arg-type]


def test_carried_totals_open_the_log_and_nothing_else_does() -> None:
    sheet = ScoreSheet("finnish", 4)
    sheet.add_hand(went_out())
    text = sheet.dumps()
    late = text + '\n[[log]]\nentry = "carried"\nhand = 0\ntotals = [10, 20]\n'
    with pytest.raises(ScoreSheetError, match="carried in open the sheet"):
        ScoreSheet.loads(late)


def test_the_file_keeps_them_and_reads_them_back() -> None:
    sheet = ScoreSheet("finnish", 4, names=["Anna", "Bo", "Cia", "Dan"], carried=Carried(totals=(1200, 850), note="3 May"))
    sheet.add_hand(went_out())
    text = sheet.dumps()
    assert "version = 4" in text and 'entry = "carried"' in text and "# carried in: 1200 / 850" in text
    again = ScoreSheet.loads(text)
    assert again.carried == (1200, 850) and again.log == sheet.log and again.totals == sheet.totals and again.dumps() == text
    assert "version = 1" in ScoreSheet("finnish", 4).dumps()  # a sheet without them is written as before


def test_every_export_and_the_log_show_them() -> None:
    sheet = ScoreSheet("finnish", 4, names=["Anna", "Bo", "Cia", "Dan"], carried=Carried(totals=(1200, 850), note="3 May"))
    sheet.add_hand(went_out())
    assert "carried in before hand 1: totals 1200 / 850" in export.log_text(sheet)
    text = export.to_text(sheet)
    assert "Carried in: Anna & Cia 1200, Bo & Dan 850 (3 May)." in text
    assert any(line.split() == ["carried", "1200", "850"] for line in text.splitlines())
    assert "| carried |  | 1200 |  | 850 |" in export.to_markdown(sheet)
    rows = list(csv.DictReader(io.StringIO(export.to_csv(sheet))))
    assert [(r["hand"], r["total"], r["next_minimum"]) for r in rows[:2]] == [("carried", "1200", "50"), ("carried", "850", "50")]
    assert [int(r["total"]) for r in rows[2:]] == list(sheet.totals)
    assert rows[0]["note"] == rows[1]["note"] == "3 May" and rows[0]["players"] == "Anna & Cia"
    typed = list(csv.reader(io.StringIO(export.to_csv(sheet).split("\n", 1)[1]), quoting=csv.QUOTE_NONNUMERIC))
    assert typed[0][:3] == ["carried", 0, "Anna & Cia"]  # the totals and minimums are numbers for a spreadsheet, the rest text
    assert (typed[1][export.csv_columns(sheet.rules).index("total")], typed[1][export.csv_columns(sheet.rules).index("next_minimum")]) == (850, 50)
    data = json.loads(export.to_json(sheet))
    assert data["carried"] == {"totals": [1200, 850], "by": "", "at": sheet.log[0].at, "note": "3 May"}
    assert data["hands"][0]["totals"] == list(sheet.totals)
    page = export.to_html(sheet)
    assert '<tr class="carried"><td class="hand">Carried</td>' in page and "Carried in: Anna &amp; Cia 1200" in page
