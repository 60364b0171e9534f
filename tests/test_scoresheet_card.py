"""The printable HTML score card reads as a club's paper card (001 §34 A): one "Hand" column, each side's "Score", a date, the
canastas as the table counted them, the totals carried in, the warnings and every hand's note."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest

from canasta import Termination
from canasta.core.canastas import CanastaKind
from canasta.scoresheet import Carried, HandEntry, ScoreSheet, SideEntry, WarningEntry

N, M = CanastaKind.NATURAL, CanastaKind.MIXED

FIRST = HandEntry(
    sides=(SideEntry(canastas={N: 1, M: 1}, red_threes=2, melded=230), SideEntry(canastas={M: 1}, red_threes=1, melded=120, in_hand=45)),
    ending=Termination.WENT_OUT,
    went_out=0,
)


class _Card(HTMLParser):
    """The table's header cells, each body row's cells (text), and the text after the table."""

    def __init__(self) -> None:
        super().__init__()
        self.heads: list[str] = []
        self.rows: list[list[str]] = []
        self.meta = ""
        self._cell: list[str] | None = None
        self._in: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._in.append(tag)
        if tag == "tr":
            self.rows.append([])
        if tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            text = " ".join("".join(self._cell).split())
            (self.heads if tag == "th" else self.rows[-1]).append(text)
            self._cell = None
        if self._in:
            self._in.pop()

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        elif "p" in self._in:
            self.meta += data


def _parse(page: str) -> _Card:
    card = _Card()
    card.feed(page)
    card.rows = [row for row in card.rows if row]
    return card


def test_one_column_is_headed_hand_and_each_sides_hand_score_is_score() -> None:
    sheet = ScoreSheet("finnish", 4, names=["Anna", "Bertil", "Carita", "David"])
    sheet.add_hand(FIRST)
    heads = _parse(sheet.to_html()).heads
    assert heads.count("Hand") == 1 and heads[0] == "Hand"
    assert heads.count("Score") == sheet.rules.sides
    assert heads.count("Total") == sheet.rules.sides


@pytest.mark.parametrize(("players", "profile"), [(4, "finnish"), (3, "swedish-official"), (6, "regency")])
def test_the_columns_hold_under_every_table_size(players: int, profile: str) -> None:
    sheet = ScoreSheet(profile, players)
    sides = sheet.rules.sides
    sheet.add_hand(
        HandEntry(
            sides=(SideEntry(canastas={N: 1}, melded=200), *(SideEntry(melded=50) for _ in range(sides - 1))),
            ending=Termination.STOCK_EXHAUSTED,
        )
    )
    card = _parse(sheet.to_html())
    assert card.heads.count("Hand") == 1 and card.heads.count("Score") == sides
    first = card.rows[0]
    assert first[0] == "1" and first[1] == "1 natural 500"  # the canastas as counted, above their bonus (000 CANASTA 2, 004)


@pytest.fixture
def zone() -> Iterator[None]:
    """Run with the local time zone of New York (UTC-5 in November); the machine's own is restored after."""
    if not hasattr(time, "tzset"):
        pytest.skip("the time zone cannot be changed on this system")
    before = os.environ.get("TZ")
    os.environ["TZ"] = "America/New_York"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


def _dated(*times: str) -> ScoreSheet:
    """A sheet whose hands were entered at ``times`` (UTC, as a sheet's file says)."""
    sheet = ScoreSheet("finnish", 4)
    entry = HandEntry(sides=(SideEntry(melded=50), SideEntry(melded=60)), ending=Termination.STOCK_EXHAUSTED)
    for at in times:
        sheet._append(entry, sheet.next_hand, "", "", at=at)
    return ScoreSheet.loads(sheet.dumps())


def test_the_card_is_dated_by_its_entries_in_the_local_time_zone(zone: None) -> None:
    """An evening in New York from 20:15 to 23:40 (01:15 to 04:40 UTC the next day) is the evening of the 27th there."""
    sheet = _dated("2026-11-28T01:15:00+00:00", "2026-11-28T04:40:00+00:00")
    meta = _parse(sheet.to_html()).meta
    assert "Date: 2026-11-27 (the day the entries were made)" in meta
    assert "2026-11-28" not in meta


def test_a_sheet_kept_over_two_days_shows_both(zone: None) -> None:
    sheet = _dated("2026-11-27T23:00:00+00:00", "2026-11-28T06:00:00+00:00")
    assert "Date: 2026-11-27 to 2026-11-28 (the days the entries were made)" in _parse(sheet.to_html()).meta


def test_a_card_with_no_entry_has_a_line_for_the_date() -> None:
    page = ScoreSheet("finnish", 4).to_html()
    assert 'Date: <span class="blank"></span>' in page
    undated = _dated("", "not a time")
    assert 'Date: <span class="blank"></span>' in undated.to_html()


def test_the_canastas_are_shown_as_the_table_counted_them() -> None:
    sheet = ScoreSheet("finnish", 4, names=["Anna", "Bertil", "Carita", "David"])
    sheet.add_hand(FIRST)
    first = _parse(sheet.to_html()).rows[0]
    assert first[1] == "1 natural, 1 mixed 800"  # 500 + 300 (001 §15 B)
    per_side = len(first[1:]) // 2
    assert first[1 + per_side] == "1 mixed 300"


def test_a_correction_of_the_canastas_is_struck_through_beside_the_new_count() -> None:
    sheet = ScoreSheet("finnish", 4)
    sheet.add_hand(FIRST)
    recount = HandEntry(sides=(SideEntry(canastas={N: 2}, red_threes=2, melded=230), FIRST.sides[1]), ending=Termination.WENT_OUT, went_out=0)
    sheet.correct(1, recount, note="two natural ones")
    page = sheet.to_html()
    assert "<del>1&nbsp;natural, 1&nbsp;mixed</del> <ins>2&nbsp;natural</ins>" in page
    assert "<del>800</del> <ins>1000</ins>" in page


def test_canastas_counted_by_their_rank_are_shown_so() -> None:
    sheet = ScoreSheet("modern-american", 4)
    sheet.add_hand(
        HandEntry(
            sides=(
                SideEntry(canastas={N: 1, M: 1}, rank_canastas={"A": 1}, red_threes=1, black_threes=1, melded=400),
                SideEntry(canastas={M: 1}, melded=150, in_hand=60),
            ),
            ending=Termination.WENT_OUT,
            went_out=0,
        )
    )
    first = _parse(sheet.to_html()).rows[0]
    assert first[1].startswith("1 natural, 1 mixed, 1 natural-A ")


def test_the_hands_notes_are_on_the_card() -> None:
    sheet = ScoreSheet("finnish", 4, names=["Anna", "Bertil", "Carita", "David"])
    sheet.add_hand(FIRST, by="Anna", note="Bertil <forgot> his red three")
    card = _parse(sheet.to_html())
    assert "hand 1: Bertil <forgot> his red three (by Anna;" in " ".join(card.meta.split())


def test_the_result_keeps_the_names_as_written() -> None:
    big = HandEntry(
        sides=(SideEntry(canastas={N: 2, M: 2}, red_threes=4, melded=600), SideEntry(melded=50, in_hand=100)),
        ending=Termination.WENT_OUT,
        went_out=0,
    )
    sheet = ScoreSheet("finnish", 4, names=["Anna", "Bertil", "Carita", "David"])
    while not sheet.is_over:
        sheet.add_hand(big)
    assert "Won by Anna &amp; Carita" in sheet.to_html()


def test_the_totals_carried_in_open_the_card_and_the_warnings_are_under_it() -> None:
    """A club evening continued: the totals carried in are the first row, under "Hand", each side's total with its minimum for hand 1
    (001 §13 A: 1500 to 2995 90, minus 15); a warning (001 §22 A) is listed under the table with who gave it, when and its note."""
    sheet = ScoreSheet("finnish", 4, names=["Anna", "Bertil", "Carita", "David"], carried=Carried(totals=(1600, -20), note="the sheet of <3 May>"))
    sheet.warn(WarningEntry(side=1, seat=1, penalty="table_talk", note="Bertil <named> a card"), by="TD")
    sheet.add_hand(FIRST)
    card = _parse(sheet.to_html())
    assert card.rows[0] == ["Carried", "", "1600", "90", "", "-20", "15"]
    assert card.rows[1][0] == "1" and card.heads.count("Hand") == 1
    text = " ".join(card.meta.split())
    assert "Carried in: Anna & Carita 1600, Bertil & David -20 (the sheet of <3 May>)." in text
    assert re.search(r"warning 1: hand 1, Bertil & David \(Bertil\): table talk \[penalties\.table_talk_forfeit, 001 §22 A[^]]*\] "
                     r"\(by TD; \d\d:\d\d; note: Bertil <named> a card\)", text), text
    assert "<named>" not in sheet.to_html() and "<3 May>" not in sheet.to_html()
