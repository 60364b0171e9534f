"""A score sheet's TOML file: readable, loads back equal, and a bad file is a ScoreSheetError naming the file and the problem."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta import Termination
from canasta.core.canastas import CanastaKind
from canasta.core.penalties import Penalty
from canasta.errors import DataError, EntryError, RecordError, ScoreSheetError
from canasta.scoresheet import HandEntry, PenaltyEntry, ScoreSheet, SideEntry, WarningEntry


def evening() -> ScoreSheet:
    sheet = ScoreSheet("finnish", 4, names=["Anna", "Bo", "Cia", "Dan"], seed_dealer=2)
    hand = HandEntry(
        sides=(SideEntry(canastas={CanastaKind.NATURAL: 1}, red_threes=1, melded=230), SideEntry(melded=120, in_hand=45)),
        ending=Termination.WENT_OUT,
        went_out=0,
    )
    sheet.add_penalty(PenaltyEntry(side=1, penalty=Penalty.INSUFFICIENT_OPENING, note='"45" only'), by="Bo")
    sheet.add_hand(hand, by="Anna", note="first hand")
    sheet.correct(
        1,
        HandEntry(sides=(hand.sides[0], SideEntry(melded=120, in_hand=45, red_threes_in_hand=1)), ending=Termination.WENT_OUT, went_out=0),
    )
    sheet.deal(by="Cia")
    sheet.add_penalty(PenaltyEntry(side=0, penalty=Penalty.PENALTY_CARD_HELP, count=2))
    return sheet


def test_round_trip(tmp_path: Path) -> None:
    sheet = evening()
    path = tmp_path / "evening.toml"
    sheet.save(path)
    text = path.read_text(encoding="utf-8")
    assert 'variant = "finnish"' in text and "# hand 1: 930 / -425" in text and 'by = "Anna"' in text and "replaced" in text
    again = ScoreSheet.load(path)
    assert again.totals == sheet.totals and again.log == sheet.log and again.hands == sheet.hands
    assert again.names == sheet.names and again.next_dealer == sheet.next_dealer and again.minimum(0) == sheet.minimum(0)
    assert again.dumps() == text


def test_an_embedded_profile_round_trips(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text('extends = "finnish"\nname = "house"\n\n[going_out]\nbonus = 150\n', encoding="utf-8")
    sheet = ScoreSheet(house, 4)
    sheet.add_hand(HandEntry(sides=(SideEntry(canastas={"natural": 1}, melded=200), SideEntry()), ending=Termination.WENT_OUT, went_out=2))
    house.unlink()
    again = ScoreSheet.loads(sheet.dumps())
    assert again.totals == sheet.totals == (850, 0) and again.variant == sheet.variant


BAD = [
    ("", "format"),
    ('format = "canasta score sheet"\nversion = 1\nplayers = 4\n', "variant/profile"),
    ('format = "canasta score sheet"\nversion = 1\nvariant = "nope"\nplayers = 4\n', "nope"),
    ('format = "canasta score sheet"\nversion = 1\nvariant = "finnish"\nplayers = 7\n', "7"),
    ('format = "canasta score sheet"\nversion = 1\nvariant = "finnish"\nplayers = "4"\n', "players"),
    ('format = "canasta score sheet"\nversion = 9\nvariant = "finnish"\nplayers = 4\n', "version"),
    ('format = "canasta score sheet"\nversion = 1\nvariant = "finnish"\nplayers = 4\ncolour = 1\n', "colour"),
    (
        'format = "canasta score sheet"\nversion = 1\nvariant = "finnish"\nplayers = 4\n[[log]]\nentry = "hand"\nhand = 1\nending = "went_out"\nwent_out = 0\nsides = [{melded = 5}, {}]\n',
        "canastas_required",
    ),
    (
        'format = "canasta score sheet"\nversion = 1\nvariant = "finnish"\nplayers = 4\n[[log]]\nentry = "hand"\nhand = 2\nending = "stock_exhausted"\nsides = [{}, {}]\n',
        "hand 2",
    ),
    (
        'format = "canasta score sheet"\nversion = 1\nvariant = "finnish"\nplayers = 4\n[[log]]\nentry = "hand"\nhand = 1\nending = "lost"\nsides = [{}, {}]\n',
        "ending",
    ),
    (
        'format = "canasta score sheet"\nversion = 1\nvariant = "finnish"\nplayers = 4\n[[log]]\nentry = "hand"\nhand = 1\nending = "stock_exhausted"\nsides = [{melded = "x"}, {}]\n',
        "melded",
    ),
    (
        'format = "canasta score sheet"\nversion = 1\nvariant = "finnish"\nplayers = 4\n[[log]]\nentry = "hand"\nhand = 1\nending = "stock_exhausted"\nsides = [{canastas = {gold = 1}}, {}]\n',
        "canastas",
    ),
    (
        'format = "canasta score sheet"\nversion = 1\nvariant = "finnish"\nplayers = 4\n[[log]]\nentry = "penalty"\nhand = 1\nside = 0\npenalty = "cheating"\n',
        "cheating",
    ),
    ('format = "canasta score sheet"\nversion = 1\nvariant = "finnish"\nplayers = 4\n[[log]]\nentry = "wager"\nhand = 1\n', "wager"),
    ('format = "canasta score sheet"\nversion = 1\nvariant = "finnish"\nplayers = 4\nlog = [1]\n', "log[0]"),
    ('format = "canasta score sheet"\nversion = 1\nprofile = "[deal"\nplayers = 4\n', "profile"),
    ("format = [", "broken TOML"),
]


@pytest.mark.parametrize(("text", "problem"), BAD)
def test_a_bad_file_names_the_file_and_the_problem(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ScoreSheetError) as info:
        ScoreSheet.load(path)
    assert isinstance(info.value, DataError) and not isinstance(info.value, RecordError)
    assert str(path) in str(info.value) and problem in str(info.value)


def test_unreadable_paths(tmp_path: Path) -> None:
    for path in (tmp_path / "missing.toml", tmp_path):
        with pytest.raises(ScoreSheetError, match="not a score sheet"):
            ScoreSheet.load(path)
    with pytest.raises(ScoreSheetError, match="cannot be written"):
        evening().save(tmp_path / "no" / "such" / "dir.toml")


def test_a_tampered_log_is_checked_again() -> None:
    text = evening().dumps().replace('entry = "deal"', 'entry = "deal"\nhand_extra = 1', 1)
    with pytest.raises(ScoreSheetError, match="hand_extra"):
        ScoreSheet.loads(text)
    text = evening().dumps().replace("in_hand = 45", "in_hand = 44")
    with pytest.raises(ScoreSheetError, match="multiple of 5"):
        ScoreSheet.loads(text)


OLD = Path(__file__).resolve().parent / "golden" / "scoresheet_entries"


def test_a_file_an_earlier_version_wrote_replays_as_it_did() -> None:
    """docs/scoresheet.md's Modern American sheet, as the library wrote it before counts were checked against the deck: a canasta
    of aces and a set of aces held are ten of the deck's eight aces (EBB §2.1). Its lines replay as they did; what is entered
    now is checked in full, and a file that goes on to need version 4 says which lines came before."""
    text = (OLD / "american-v2-ten-aces.toml").read_text(encoding="utf-8")
    sheet = ScoreSheet.loads(text)
    assert sheet.totals == (4000, -3610) and sheet.unchecked_lines == 1 and sheet.dumps() == text
    with pytest.raises(EntryError):
        sheet.correct(1, sheet.entries[0], note="the same count, entered again now")
    sheet.warn(WarningEntry(side=1, penalty="unmelded_red_three"))  # a warning is written in version 4
    saved = sheet.dumps()
    assert "version = 4" in saved and "unchecked_lines = 1" in saved
    again = ScoreSheet.loads(saved)
    assert again.log == sheet.log and again.totals == sheet.totals and again.unchecked_lines == 1
    with pytest.raises(ScoreSheetError, match="deck"):
        ScoreSheet.loads(saved.replace("unchecked_lines = 1\n", ""))
