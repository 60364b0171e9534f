"""The score sheet takes hostile numbers as the engine does: every numeric parameter of every entry point, given a huge or
negative int, a bool, a float, a numpy int, text or None, either works or raises the library's own error, and a refused entry
leaves the sheet exactly as it was (its saved text), while an accepted one can always be saved and read back (docs/errors.md)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hostile import Hostile
from hypothesis import given
from hypothesis import strategies as st

from canasta import Termination
from canasta.errors import ArgumentError, CanastaError, ScoreSheetError
from canasta.scoresheet import Carried, HandEntry, PenaltyEntry, ScoreSheet, SideEntry, WarningEntry

np = pytest.importorskip("numpy")

HUGE = [10**5000, -(10**5000), 10**4400, 2**63, -(2**63) - 1, 2**63 - 1, -(2**63), 10**18, 10**7]
NUMBERS = st.one_of(
    st.integers(-(2**70), 2**70),
    st.integers(-3, 12),
    st.sampled_from(HUGE),
    st.booleans(),
    st.floats(allow_nan=True),
    st.integers(-(2**63), 2**63 - 1).map(np.int64),
    st.integers(0, 255).map(np.uint8),
    st.text(max_size=4),
    st.none(),
    st.builds(Hostile),
)
"""What a caller might pass where a number is asked: whole numbers of every size and sign, and things that are not numbers (one
whose every method raises, too)."""


def sheet() -> ScoreSheet:
    """A Finnish sheet with a hand, a warning and a penalty entered, so that corrections and withdrawals have something to name."""
    s = ScoreSheet("finnish", 4, names=["Anna", "Bo", "Cia", "Dan"], carried=(100, 200))
    s.add_hand(HandEntry(sides=(SideEntry(canastas={"natural": 1}, melded=100), SideEntry(melded=50)), ending=Termination.WENT_OUT, went_out=0))
    s.warn(WarningEntry(side=1, penalty="table_talk"))
    s.add_penalty(PenaltyEntry(side=1, penalty="draw_out_of_turn"))
    return s


def _side(**counts: Any) -> HandEntry:
    return HandEntry(sides=(SideEntry(**counts), SideEntry()), ending=Termination.STOCK_EXHAUSTED)


SIDE_FIELDS = ("red_threes", "red_threes_unplayed", "red_threes_in_hand", "melded", "in_hand", "black_threes", "black_threes_in_hand", "reserves_untaken")

CALLS: dict[str, Callable[[ScoreSheet, Any], object]] = {
    **{f"SideEntry({name})": (lambda s, x, name=name: s.add_hand(_side(**{name: x}))) for name in SIDE_FIELDS},
    "SideEntry(canastas)": lambda s, x: s.add_hand(_side(canastas={"mixed": x}, melded=100)),
    "SideEntry(rank_canastas)": lambda s, x: s.add_hand(_side(rank_canastas={"A": x}, melded=200)),
    "HandEntry(went_out)": lambda s, x: s.add_hand(
        HandEntry(sides=(SideEntry(canastas={"natural": 1}, melded=100), SideEntry()), ending=Termination.WENT_OUT, went_out=x)
    ),
    "correct(hand)": lambda s, x: s.correct(x, _side(melded=100), arithmetic=True),
    "correct(entry)": lambda s, x: s.correct(1, HandEntry(sides=(SideEntry(canastas={"natural": 1}, melded=x), SideEntry(melded=50)), ending=Termination.WENT_OUT, went_out=0)),
    "PenaltyEntry(side)": lambda s, x: s.add_penalty(PenaltyEntry(side=x, penalty="meld_out_of_turn")),
    "PenaltyEntry(count)": lambda s, x: s.add_penalty(PenaltyEntry(side=0, penalty="penalty_card_help", count=x)),
    "PenaltyEntry(hand)": lambda s, x: s.add_penalty(PenaltyEntry(side=0, penalty="meld_out_of_turn", hand=x)),
    "WarningEntry(side)": lambda s, x: s.warn(WarningEntry(side=x, penalty="table_talk")),
    "WarningEntry(seat)": lambda s, x: s.warn(WarningEntry(side=0, seat=x, penalty="table_talk")),
    "WarningEntry(hand)": lambda s, x: s.warn(WarningEntry(side=0, hand=x, penalty="table_talk")),
    "withdraw_penalty(number)": lambda s, x: s.withdraw_penalty(x),
    "minimum(side)": lambda s, x: s.minimum(x),
    "side_names(side)": lambda s, x: s.side_names(x),
}


@pytest.mark.parametrize("call", sorted(CALLS))
@given(value=NUMBERS)
def test_a_hostile_number_is_the_librarys_error_and_changes_nothing(call: str, value: object) -> None:
    s = sheet()
    before = s.dumps()
    try:
        CALLS[call](s, value)
    except CanastaError:
        assert s.dumps() == before
    else:
        again = ScoreSheet.loads(s.dumps())
        assert again.log == s.log and again.totals == s.totals


@given(players=NUMBERS, dealer=NUMBERS, carried=NUMBERS)
def test_a_hostile_number_to_a_new_sheet_is_the_librarys_error(players: object, dealer: object, carried: object) -> None:
    for build in (
        lambda: ScoreSheet("finnish", players),  # type: ignore[arg-type]
        lambda: ScoreSheet("regency", 4, seed_dealer=dealer),  # type: ignore[arg-type]
        lambda: ScoreSheet("finnish", 4, carried=(carried, 0)),  # type: ignore[arg-type]
        lambda: ScoreSheet("finnish", 4, carried=carried),  # type: ignore[arg-type]
        lambda: Carried(totals=[carried]),
    ):
        try:
            made = build()
        except CanastaError:
            continue
        if isinstance(made, ScoreSheet):
            assert ScoreSheet.loads(made.dumps()).totals == made.totals


def test_numpy_integers_are_whole_numbers_in_the_new_entries() -> None:
    """numpy's integers are accepted wherever an int is (docs/errors.md), in a warning and in the totals carried in too."""
    s = ScoreSheet("finnish", np.int64(4), carried=(np.int64(1200), np.int32(850)))
    s.warn(WarningEntry(side=np.int64(1), seat=np.int8(3), penalty="table_talk", hand=np.uint8(1)))
    assert s.carried == (1200, 850) and type(s.carried[0]) is int and type(s.warnings[0].seat) is int
    for bad in (True, 1.0, "1"):
        with pytest.raises(ArgumentError):
            WarningEntry(side=bad, penalty="table_talk")
        with pytest.raises(ArgumentError):
            Carried(totals=[bad, 0])


def test_a_number_no_sheet_file_holds_is_refused_when_the_entry_is_built() -> None:
    """``SideEntry(melded=10**5000)`` could never be saved: it is refused at once, as every count past TOML's 64-bit integers is."""
    for build in (
        lambda: SideEntry(melded=10**5000),
        lambda: SideEntry(in_hand=2**63),
        lambda: SideEntry(canastas={"mixed": 2**64}),
        lambda: SideEntry(rank_canastas={"A": -(2**64)}),
        lambda: HandEntry(sides=(), ending=Termination.WENT_OUT, went_out=10**30),
        lambda: PenaltyEntry(side=0, penalty="table_talk", count=10**5000),
        lambda: PenaltyEntry(side=10**5000, penalty="table_talk"),
        lambda: WarningEntry(side=0, penalty="table_talk", seat=2**63),
        lambda: Carried(totals=[10**5000, 0]),
    ):
        with pytest.raises(ArgumentError, match="past what a sheet file holds"):
            build()
    with pytest.raises(ArgumentError, match="not one any deck makes"):
        _ = SideEntry(canastas={"mixed": 2**63 - 1}).kinds


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("players = 4", "players = 99999999999999999999999"),
        ("seed_dealer = 0", "seed_dealer = -99999999999999999999999"),
        ("melded = 100", "melded = 99999999999999999999999"),
        ("mixed = 0", "mixed = 9223372036854775807"),
        ("went_out = 0", "went_out = 99999999999999999999999"),
        ("side = 1", "side = 99999999999999999999999"),
        ("count = 1", "count = 99999999999999999999999"),
        ("    100,", "    99999999999999999999999,"),
    ],
)
def test_a_hostile_number_in_a_file_is_one_score_sheet_error(line: str, value: str) -> None:
    text = sheet().dumps().replace("[log.sides.canastas]\nnatural = 1", "[log.sides.canastas]\nnatural = 1\nmixed = 0", 1)
    assert line in text, line
    with pytest.raises(ScoreSheetError):
        ScoreSheet.loads(text.replace(line, value, 1))


@pytest.mark.parametrize("call", sorted(CALLS))
def test_an_object_whose_every_method_raises_is_the_librarys_error(call: str) -> None:
    s = sheet()
    before = s.dumps()
    with pytest.raises(CanastaError):
        CALLS[call](s, Hostile())
    assert s.dumps() == before


def test_an_object_whose_every_method_raises_is_refused_by_a_new_sheet() -> None:
    for build in (
        lambda: ScoreSheet("finnish", Hostile()),  # type: ignore[arg-type]
        lambda: ScoreSheet("finnish", 4, seed_dealer=Hostile()),  # type: ignore[arg-type]
        lambda: ScoreSheet("finnish", 4, carried=Hostile()),  # type: ignore[arg-type]
        lambda: ScoreSheet("finnish", 4, carried=[Hostile(), 0]),  # type: ignore[list-item]
    ):
        with pytest.raises(ArgumentError):
            build()


@pytest.mark.parametrize("canastas", ["mixed = 9223372036854775807", "natural = 10000000", "wild = -9223372036854775808"])
def test_a_huge_canasta_count_in_a_file_of_any_version_is_refused_before_it_is_built(canastas: str) -> None:
    """A file of version 1, whose lines replay without the checks of what a count is worth, still has its counts bounded by the
    deck before a canasta is listed (no MemoryError)."""
    plain = ScoreSheet("finnish", 4)
    plain.add_hand(HandEntry(sides=(SideEntry(canastas={"natural": 1}, melded=100), SideEntry()), ending=Termination.WENT_OUT, went_out=0))
    text = plain.dumps()
    assert "version = 1" in text
    with pytest.raises(ScoreSheetError, match="canastas"):
        ScoreSheet.loads(text.replace("natural = 1", canastas, 1))
