"""The score sheet's exports (canasta.scoresheet.export): HTML escaping, CSV read back, JSON loads, the Markdown table."""

from __future__ import annotations

import csv
import io
import json
import re
from html.parser import HTMLParser

import pytest

from canasta import CanastaKind, Termination
from canasta.core.penalties import Penalty
from canasta.scoresheet import HandEntry, PenaltyEntry, ScoreSheet, SideEntry, export

NAMES = ("Anna", 'Bertil "<b>B</b>"', "Carita & Co", "David | <script>alert(1)</script>")


def _hand(first: SideEntry, second: SideEntry, ending: Termination = Termination.WENT_OUT, went_out: int | None = 0) -> HandEntry:
    return HandEntry(sides=(first, second), ending=ending, went_out=went_out)


HAND_1 = _hand(
    SideEntry(canastas={CanastaKind.NATURAL: 1, CanastaKind.MIXED: 1}, red_threes=2, melded=230),
    SideEntry(canastas={CanastaKind.MIXED: 1}, red_threes=1, melded=120, in_hand=45),
)
HAND_2 = _hand(
    SideEntry(canastas={CanastaKind.MIXED: 1}, melded=180, in_hand=20),
    SideEntry(canastas={CanastaKind.NATURAL: 1, CanastaKind.MIXED: 1}, red_threes=1, melded=310),
    went_out=1,
)
HAND_2_RECOUNTED = _hand(
    SideEntry(canastas={CanastaKind.MIXED: 1}, melded=180, in_hand=35),
    SideEntry(canastas={CanastaKind.NATURAL: 1, CanastaKind.MIXED: 1}, red_threes=1, melded=310),
    went_out=1,
)


@pytest.fixture
def sheet() -> ScoreSheet:
    """Two Finnish hands, a §27 A penalty in hand 2 and a correction of hand 2, with names and a note that need escaping."""
    s = ScoreSheet("finnish", 4, names=NAMES)
    s.add_hand(HAND_1, by="Anna")
    s.deal()
    s.add_penalty(PenaltyEntry(side=1, penalty=Penalty.INSUFFICIENT_OPENING, note="opened <50> & took it back"))
    s.add_hand(HAND_2)
    s.correct(2, HAND_2_RECOUNTED, by="Carita & Co", note="a <queen> | left in hand")
    return s


class _Page(HTMLParser):
    """The tags, the text and every attribute of an HTML page."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []
        self.attributes: list[tuple[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.attributes += attrs

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_html_escapes_every_name_and_note(sheet: ScoreSheet) -> None:
    page = export.to_html(sheet)
    parsed = _Page()
    parsed.feed(page)
    assert "script" not in parsed.tags and "b" not in parsed.tags
    text = "".join(parsed.text)
    assert "David | <script>alert(1)</script>" in text
    assert 'Bertil "<b>B</b>"' in text
    assert "a <queen> | left in hand" in text and "opened <50> & took it back" in text
    assert "<script>" not in page and "<b>B" not in page


def test_html_is_one_printable_page_with_nothing_fetched(sheet: ScoreSheet) -> None:
    page = export.to_html(sheet)
    parsed = _Page()
    parsed.feed(page)
    assert page.startswith("<!DOCTYPE html>")
    assert "@media print" in page and "<style>" in page
    assert not {"script", "link", "img", "iframe"} & set(parsed.tags)
    assert not [value for name, value in parsed.attributes if name in ("src", "href")]
    assert "url(" not in page and "@import" not in page


def test_html_card_shows_the_parts_totals_minimums_penalty_and_correction(sheet: ScoreSheet) -> None:
    page = export.to_html(sheet)
    for label in ("Canastas", "Red 3s", "Going out", "Melded", "In hand", "Penalties", "Total", "Next min."):
        assert f"<th>{label}</th>" in page
    before, after = sheet.hands[1][0].total + 15, sheet.hands[1][0].total
    assert f"<del>{before}</del> <ins>{after}</ins>" in page
    assert "<del>-20</del> <ins>-35</ins>" in page
    assert "insufficient opening" in page and "penalties.insufficient_opening_raise" in page and "001 §27 A" in page
    for total in sheet.totals:
        assert f'<td class="total">{total}</td>' in page
    assert f'<td class="min">{sheet.minimum(0)}</td>' in page


def test_csv_reads_back_to_the_sheet(sheet: ScoreSheet) -> None:
    rows = list(csv.DictReader(io.StringIO(export.to_csv(sheet))))
    assert tuple(rows[0]) == export.CSV_COLUMNS
    assert len(rows) == len(sheet.hands) * sheet.rules.sides
    for row in rows:
        hand, side = int(row["hand"]), int(row["side"])
        score = sheet.hands[hand - 1][side]
        assert int(row["hand_score"]) == score.total
        assert sum(int(row[part]) for part in export.PARTS) == score.total
        assert int(row["total"]) == sheet.running[hand - 1][side]
        assert row["players"] == " & ".join(sheet.side_names(side))
    last = [r for r in rows if int(r["hand"]) == len(sheet.hands)]
    assert [int(r["next_minimum"]) for r in last] == [sheet.minimum(0), sheet.minimum(1)]
    assert [r["corrected"] for r in last] == ["yes", "yes"]
    assert int(last[0]["first_entered"]) == sheet.hands[1][0].total + 15


def test_json_loads_with_everything_the_card_shows(sheet: ScoreSheet) -> None:
    data = json.loads(export.to_json(sheet))
    assert data["profile"] == "finnish" and data["names"] == list(NAMES)
    assert data["totals"] == list(sheet.totals)
    assert [[s["total"] for s in h["scores"]] for h in data["hands"]] == [[s.total for s in hand] for hand in sheet.hands]
    assert data["hands"][1]["first_entered"] is not None and data["hands"][0]["first_entered"] is None
    (penalty,) = data["penalties"]
    assert penalty["rule"] == "penalties.insufficient_opening_raise" and penalty["raises_minimum"] and "§27 A" in penalty["source"]
    (correction,) = data["corrections"]
    assert correction["hand"] == 2 and correction["note"] == "a <queen> | left in hand" and correction["by"] == "Carita & Co"
    assert data["next"]["minimums"] == [sheet.minimum(0), sheet.minimum(1)] and data["over"] is False


def test_markdown_is_a_table_with_escaped_names(sheet: ScoreSheet) -> None:
    page = export.to_markdown(sheet)
    table = [line for line in page.splitlines() if line.startswith("|")]
    assert len(table) == 2 + len(sheet.hands)
    cells = [re.split(r"(?<!\\)\|", line)[1:-1] for line in table]
    assert {len(row) for row in cells} == {1 + 2 * sheet.rules.sides}
    assert "<script>" not in page and "\\<script\\>" in page
    assert f"~~{sheet.hands[1][0].total + 15:+d}~~ {sheet.hands[1][0].total:+d}" in page
    assert "§27 A" in page and "Corrections:" in page


def test_the_sheet_methods_are_the_exports(sheet: ScoreSheet) -> None:
    assert sheet.to_html() == export.to_html(sheet)
    assert sheet.to_csv() == export.to_csv(sheet)
    assert sheet.to_json() == export.to_json(sheet)
    assert sheet.to_markdown() == export.to_markdown(sheet)


def test_an_empty_sheet_and_a_finished_match_export() -> None:
    empty = ScoreSheet("finnish", 4)
    assert "Next: hand 1" in export.to_text(empty)
    assert json.loads(export.to_json(empty))["hands"] == []
    big = _hand(
        SideEntry(canastas={CanastaKind.NATURAL: 6, CanastaKind.MIXED: 4}, red_threes=4, melded=700),
        SideEntry(melded=50, in_hand=100),
    )
    done = ScoreSheet("finnish", 4)
    done.add_hand(big)
    if not done.is_over:
        done.add_hand(big)
    assert done.is_over and done.winner == 0
    assert "won by seat 0 &amp; seat 2" in export.to_html(done)
    assert json.loads(export.to_json(done))["next"] is None
