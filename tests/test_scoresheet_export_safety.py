"""What a person or a file wrote on a score sheet is safe in every export, and every note is in every export.

A spreadsheet runs a cell that begins with ``=``, ``+``, ``-`` or ``@`` (or a
tab or a carriage return) as a formula (OWASP, "CSV Injection"): every text
cell of the CSV is quoted and begun with ``'`` where it begins so, while the
scores, negative ones too, stay numbers. A terminal obeys escape sequences,
carriage returns and bidi overrides: the text, Markdown and HTML formats show
them as their escapes (``canasta.errors.printable``), on one line, and JSON as
``\\u`` escapes that read back to the very text. The fields: the players'
names (so the sides' names), the notes of a hand, a penalty, a warning, a
correction, a withdrawal and the totals carried in, who entered each line and
when, and a house profile's title.
"""

from __future__ import annotations

import csv
import io
import json
import re
from html.parser import HTMLParser

import pytest

from canasta import Termination
from canasta.core.canastas import CanastaKind
from canasta.core.penalties import Penalty
from canasta.errors import ArgumentError, ScoreSheetError, printable
from canasta.scoresheet import Carried, HandEntry, PenaltyEntry, ScoreSheet, SideEntry, WarningEntry, export
from canasta.scoresheet.cells import FORMULA_STARTS
from canasta.variants import loads_variant

FIRST = HandEntry(
    sides=(SideEntry(canastas={CanastaKind.NATURAL: 1, CanastaKind.MIXED: 1}, red_threes=2, melded=230), SideEntry(red_threes=1, melded=20, in_hand=245)),
    ending=Termination.WENT_OUT,
    went_out=0,
)
"""Side 1 scores 100 (one red three, melded) + 20 - 245 = -125: a negative hand score and total."""
SECOND = HandEntry(
    sides=(SideEntry(canastas={CanastaKind.MIXED: 1}, melded=180, in_hand=20), SideEntry(canastas={CanastaKind.NATURAL: 1}, melded=310)),
    ending=Termination.WENT_OUT,
    went_out=1,
)
RECOUNT = HandEntry(
    sides=(SideEntry(canastas={CanastaKind.MIXED: 1}, melded=180, in_hand=35), SideEntry(canastas={CanastaKind.NATURAL: 1}, melded=310)),
    ending=Termination.WENT_OUT,
    went_out=1,
)

FIELDS = ("name", "hand note", "penalty note", "warning note", "correction note", "withdrawal note", "carried note", "by")


def evening(text: str, field: str, *, names: tuple[str, ...] = ("Anna", "Bertil", "Carita", "David")) -> ScoreSheet:
    """Two hands, a warning and the table-talk forfeit it precedes (001 §22 A), penalties, a correction and a withdrawn penalty, with
    ``text`` in ``field`` and plain text elsewhere; the names of seats 0 and 1 begin their sides' names, so a name that begins a cell
    is tried on both sides. For the carried note the sheet starts from totals carried in (0 each, so the totals stay as without)."""
    if field == "name":
        names = (text, text + " 2", *names[2:])
    carried = Carried(totals=(0, 0), note=text) if field == "carried note" else None
    sheet = ScoreSheet("finnish", 4, names=names, carried=carried)

    def the(f: str, plain: str) -> str:
        return text if field == f else plain

    sheet.warn(WarningEntry(side=1, seat=1, penalty=Penalty.TABLE_TALK, note=the("warning note", "a word on the pile")), by=the("by", "TD"))
    sheet.add_hand(FIRST, by=the("by", "Anna"), note=the("hand note", "first hand"))
    sheet.deal()
    sheet.add_penalty(PenaltyEntry(side=1, penalty=Penalty.INSUFFICIENT_OPENING, note=the("penalty note", "opened with 40")))
    sheet.add_penalty(PenaltyEntry(side=0, penalty=Penalty.DRAW_OUT_OF_TURN, note="drew early"), by=the("by", "TD"))
    sheet.withdraw_penalty(2, note=the("withdrawal note", "it was David"))
    sheet.add_penalty(PenaltyEntry(side=1, penalty=Penalty.TABLE_TALK, note=the("penalty note", "talked")))
    sheet.add_hand(SECOND)
    sheet.correct(2, RECOUNT, by=the("by", "Carita"), note=the("correction note", "a queen was left"))
    return sheet


FORMULAS = ["=1+1 & @SUM(A1)", "+7", "-2+3", "@SUM(A1:A9)", "\t=2+2", "\r=3+3", " =4+4", '=HYPERLINK("http://x";"y")', "=cmd|' /C calc'!A0"]


def _cells(text: str) -> list[list[float | str]]:
    """The CSV's rows below its header as a spreadsheet types them: ``QUOTE_NONNUMERIC`` reads a bare cell as a number (and fails on
    bare text), a quoted one as text."""
    return list(csv.reader(io.StringIO(text.split("\n", 1)[1]), quoting=csv.QUOTE_NONNUMERIC))


def _runs_as_formula(cell: float | str) -> bool:
    return isinstance(cell, str) and cell.lstrip().startswith(FORMULA_STARTS)


@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("text", FORMULAS)
def test_no_text_cell_of_the_csv_begins_like_a_formula(text: str, field: str) -> None:
    sheet = evening(text, field)
    rows = _cells(sheet.to_csv())
    assert rows and not [cell for row in rows for cell in row if _runs_as_formula(cell)]
    shown = printable(text)  # a tab or a carriage return shown as its escape, which a spreadsheet reads as text
    if field in ("name", "hand note", "carried note"):  # a cell of its own: the text, begun with ' where it would run
        expected = {shown, "'" + shown} if not shown.lstrip().startswith(FORMULA_STARTS) else {"'" + shown}
        cells = [cell for row in rows for cell in row if isinstance(cell, str)]
        assert any(cell == e or cell.startswith(e + " & ") for cell in cells for e in expected)
    else:  # inside a penalty's or a correction's line
        assert any(isinstance(cell, str) and printable(text) in cell for row in rows for cell in row)


def test_a_text_that_begins_like_a_formula_reads_back_as_the_quote_and_the_text() -> None:
    sheet = evening("=1+1 & @SUM(A1)", "hand note")
    rows = list(csv.DictReader(io.StringIO(sheet.to_csv())))
    assert {row["note"] for row in rows if row["hand"] == "1"} == {"'=1+1 & @SUM(A1)"}
    assert '"\'=1+1 & @SUM(A1)"' in sheet.to_csv()  # quoted, as OWASP asks


def test_numbers_stay_numbers_and_negative_ones_too() -> None:
    sheet = evening("-2+3", "name")
    text = sheet.to_csv()
    columns = export.csv_columns(sheet.rules)
    numbers = {"hand", "side", *export.parts(sheet.rules), "hand_score", "total", "next_minimum"}
    for row in _cells(text):
        if row[columns.index("hand_score")] == "":  # a penalty of the hand in progress: no numbers yet
            continue
        for name, cell in zip(columns, row, strict=True):
            assert isinstance(cell, float) == (name in numbers or (name == "first_entered" and cell != "")), (name, cell)
    first = _cells(text)[1]
    assert first[columns.index("hand_score")] == -125 and first[columns.index("in_hand")] == -245
    assert "\n1,1," in text and ",-245,0,-125,-125," in text  # bare: a spreadsheet's numbers


def test_text_with_separators_and_quotes_stays_in_its_cell() -> None:
    """Excel in a Finnish locale splits on ``;``: every text cell is quoted, so no separator of any locale starts another cell."""
    for text in ('a;b', 'a,b', 'a\tb', 'say "hi"', "a\nb"):
        sheet = evening(text, "hand note")
        rows = list(csv.DictReader(io.StringIO(sheet.to_csv())))
        assert {row["note"] for row in rows if row["hand"] == "1"} == {printable(text)}
        for line in sheet.to_csv().splitlines()[1:]:
            assert re.fullmatch(r'(-?\d+|"([^"]|"")*"?)(,(-?\d+|"([^"]|"")*"?))*', line) or "\n" in text, line


HOSTILE = {
    "an escape sequence": "\x1b]0;owned\x07\x1b[2J",
    "a carriage return": "Anna\rEVIL",
    "a bidi override": "\u202eanna",
    "a NUL": "An\x00na",
    "a C1 control (CSI)": "\x9b31mred",
    "a line break": "Anna\nhand 9: +5000",
    "a line separator": "Anna\u2028x",
    "a tab": "An\tna",
    "a zero-width joiner": "An\u200dna",
}


def _printable_but_newlines(text: str) -> bool:
    return all(ch.isprintable() or ch == "\n" for ch in text)


def _text_of(page: str) -> str:
    class Text(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.parts: list[str] = []

        def handle_data(self, data: str) -> None:
            self.parts.append(data)

    parser = Text()
    parser.feed(page)
    return "".join(parser.parts)


@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("kind", list(HOSTILE))
def test_hostile_text_is_shown_escaped_in_every_export(kind: str, field: str) -> None:
    text = HOSTILE[kind]
    sheet = evening(text, field)
    plain = evening("x", field)
    shown = printable(text, newlines=False)
    for form in ("to_text", "to_markdown", "to_html", "to_csv", "to_json"):
        out = getattr(export, form)(sheet)
        assert _printable_but_newlines(out), (form, [ch for ch in out if not ch.isprintable() and ch != "\n"])
    log = export.log_text(sheet)
    assert _printable_but_newlines(log)
    for form in ("to_text", "to_markdown", "to_html"):  # one line each: a line break in a name adds no line
        assert getattr(export, form)(sheet).count("\n") == getattr(export, form)(plain).count("\n"), form
    assert log.count("\n") == export.log_text(plain).count("\n")
    assert shown in export.to_text(sheet) or field in ("correction note", "withdrawal note")  # the text table shows their results
    assert shown in _text_of(export.to_html(sheet))


@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("kind", list(HOSTILE))
def test_json_keeps_every_character(kind: str, field: str) -> None:
    text = HOSTILE[kind]
    data = json.loads(evening(text, field).to_json())
    found = json.dumps(data, ensure_ascii=False)
    assert json.dumps(text, ensure_ascii=False)[1:-1] in found


def test_a_text_no_file_can_hold_is_refused_and_changes_nothing() -> None:
    """A lone surrogate is no character of UTF-8: a sheet holding one could never be saved, so it is refused where it is entered."""
    with pytest.raises(ArgumentError, match="lone surrogate"):
        ScoreSheet("finnish", 4, names=["Anna", "B\udcff", "C", "D"])
    with pytest.raises(ArgumentError, match="lone surrogate"):
        ScoreSheet("finnish", 4, carried=Carried(totals=(1200, 850), note="from May\udcff"))
    sheet = evening("x", "name")
    before = sheet.dumps()
    for call in (
        lambda: sheet.add_hand(FIRST, note="\ud800"),
        lambda: sheet.add_penalty(PenaltyEntry(side=0, penalty=Penalty.TABLE_TALK, note="x\udcff", override=True)),
        lambda: sheet.warn(WarningEntry(side=0, penalty=Penalty.TABLE_TALK, note="x\udcff")),
        lambda: sheet.deal(by="\udcffTD"),
        lambda: sheet.withdraw_penalty(3, note="\ud800"),
    ):
        with pytest.raises(ArgumentError, match="lone surrogate"):
            call()
        assert sheet.dumps() == before


def test_a_house_profiles_title_is_escaped_too() -> None:
    house = loads_variant('extends = "finnish"\nname = "house"\ntitle = "=1+1 \\u001b[2J \\u202e <b>x</b> | *"\n')
    sheet = ScoreSheet(house, 4)
    sheet.add_hand(FIRST)
    for form in ("to_text", "to_markdown", "to_html", "to_json"):
        assert _printable_but_newlines(getattr(export, form)(sheet)), form
    assert "<b>" not in sheet.to_html() and "=1+1 \\x1b[2J \\u202e &lt;b&gt;x&lt;/b&gt; | *" in sheet.to_html()
    assert "\\<b\\>x\\</b\\> \\| \\*" in sheet.to_markdown()


@pytest.mark.parametrize("field", ["hand note", "penalty note", "warning note", "correction note", "withdrawal note", "carried note", "by"])
def test_every_note_is_in_every_export(field: str) -> None:
    """A hand's note, a penalty's, a warning's, a correction's reason, a withdrawal's, the totals carried in's and who entered: in the
    text, Markdown, HTML, CSV and JSON."""
    note = "Bertil's <red> three | *forgot*"
    sheet = evening(note, field)
    assert note in export.to_text(sheet) or (field == "withdrawal note" and f"note: {note}" in export.to_text(sheet))
    assert note.replace("<", "\\<").replace(">", "\\>").replace("|", "\\|").replace("*", "\\*") in export.to_markdown(sheet)
    assert note in _text_of(export.to_html(sheet))
    assert any(note in cell for row in csv.reader(io.StringIO(sheet.to_csv())) for cell in row)
    assert note in json.dumps(json.loads(sheet.to_json()), ensure_ascii=False)
    assert note in export.log_text(sheet)


def test_the_json_holds_each_hands_count_who_entered_it_and_its_note() -> None:
    sheet = evening("first hand", "hand note")
    first, second = json.loads(sheet.to_json())["hands"]
    assert first["note"] == "first hand" and first["by"] == "Anna" and first["at"] == sheet.log[0].at
    assert first["entry"]["sides"][0]["canastas"] == {"natural": 1, "mixed": 1} and first["first_entry"] is None
    assert second["entry"]["sides"][0]["in_hand"] == 35 and second["first_entry"]["sides"][0]["in_hand"] == 20


def test_a_penalty_of_the_hand_in_progress_is_in_the_csv_before_its_hand() -> None:
    sheet = evening("x", "name")
    sheet.add_penalty(PenaltyEntry(side=0, penalty=Penalty.PILE_OUT_OF_TURN, note="took the pile early"))
    rows = list(csv.DictReader(io.StringIO(sheet.to_csv())))
    pending = [row for row in rows if row["hand"] == "3"]
    assert len(pending) == 1 and pending[0]["side"] == "0" and "took the pile early" in pending[0]["penalty_notes"]
    assert pending[0]["hand_score"] == "" and pending[0]["total"] == ""


def test_the_times_a_file_gives_are_text_like_the_others() -> None:
    """A hand-written file may give any text as the time of a line: it is shown as the other texts are; a time that is no text is
    refused with the file's error."""
    text = evening("x", "name").dumps()
    odd = ScoreSheet.loads(re.sub(r'^at = "[^"]*"', lambda _: 'at = "=cmd|\\u001b[2J\\u202e"', text, flags=re.M))
    for form in ("to_text", "to_markdown", "to_html", "to_csv", "to_json"):
        assert _printable_but_newlines(getattr(export, form)(odd)), form
    assert not [cell for row in _cells(odd.to_csv()) for cell in row if _runs_as_formula(cell)]
    assert "=cmd|\\x1b[2J\\u202e" in _text_of(odd.to_html())  # the penalties' and corrections' times, as written
    with pytest.raises(ScoreSheetError, match="at must be text"):
        ScoreSheet.loads(re.sub(r'^at = "[^"]*"', "at = 5", text, count=1, flags=re.M))
