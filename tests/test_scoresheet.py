"""The score sheet: hands scored by the engine's rule, validation, corrections (001 §35), the penalty ledger, a Finnish evening."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta import Termination
from canasta.core.canastas import CanastaKind
from canasta.core.penalties import Penalty
from canasta.core.transitions import match_outcome
from canasta.errors import ArgumentError, EntryError
from canasta.scoresheet import HandEntry, LogKind, PenaltyEntry, ScoreSheet, SideEntry, WarningEntry

N, M = CanastaKind.NATURAL, CanastaKind.MIXED


def went_out(seat: int = 0, *, a: SideEntry | None = None, b: SideEntry | None = None, concealed: bool = False) -> HandEntry:
    return HandEntry(
        sides=(a or SideEntry(canastas={N: 1}, red_threes=1, melded=230), b or SideEntry(melded=120, in_hand=45)),
        ending=Termination.WENT_OUT_CONCEALED if concealed else Termination.WENT_OUT,
        went_out=seat,
    )


def finnish() -> ScoreSheet:
    return ScoreSheet("finnish", 4, names=["Anna", "Bo", "Cia", "Dan"])


def test_a_hand_is_scored_by_the_profile() -> None:
    sheet = finnish()
    a, b = sheet.add_hand(went_out())
    assert (a.canastas, a.red_threes, a.going_out, a.melded, a.total) == (500, 100, 100, 230, 930)
    assert (b.in_hand, b.total) == (-45, 75)
    assert sheet.totals == (930, 75) and sheet.running == ((930, 75),)
    assert sheet.minimum(0) == 50 and sheet.minimum(1) == 50
    assert sheet.next_dealer == 1 and sheet.next_hand == 2 and not sheet.is_over and sheet.winner is None


def test_regency_four_red_threes_and_three_player_swedish_five() -> None:
    regency = ScoreSheet("regency", 4)
    a, _ = regency.add_hand(went_out(a=SideEntry(canastas={M: 1}, red_threes=4, melded=200)))
    assert a.red_threes == 800
    swedish = ScoreSheet("swedish-official", 3)
    sides = (SideEntry(canastas={N: 2}, red_threes=5, melded=400), SideEntry(melded=50), SideEntry(red_threes=1))
    scores = swedish.add_hand(HandEntry(sides=sides, ending=Termination.WENT_OUT, went_out=0))
    assert scores[0].red_threes == 1000 and scores[2].red_threes == -100


def test_red_threes_kept_in_hand_cost_the_unmelded_penalty() -> None:
    sheet = finnish()
    _, b = sheet.add_hand(went_out(b=SideEntry(melded=120, red_threes_in_hand=1)))
    assert b.penalties == -500 and b.red_threes == 0


BAD_HANDS = [
    ("deal.sides", HandEntry(sides=(SideEntry(),), ending=Termination.STOCK_EXHAUSTED)),
    ("deal.sides", HandEntry(sides=(SideEntry(), SideEntry(), SideEntry()), ending=Termination.STOCK_EXHAUSTED)),
    ("scoring.card_points.two", HandEntry(sides=(SideEntry(melded=-5), SideEntry()), ending=Termination.STOCK_EXHAUSTED)),
    ("scoring.card_points.two", HandEntry(sides=(SideEntry(), SideEntry(in_hand=-10)), ending=Termination.STOCK_EXHAUSTED)),
    ("red_threes.bonus_table", HandEntry(sides=(SideEntry(red_threes=-1), SideEntry()), ending=Termination.STOCK_EXHAUSTED)),
    ("canastas.size", HandEntry(sides=(SideEntry(canastas={N: -1}), SideEntry()), ending=Termination.STOCK_EXHAUSTED)),
    ("scoring.card_points.two", HandEntry(sides=(SideEntry(melded=233), SideEntry()), ending=Termination.STOCK_EXHAUSTED)),
    ("scoring.card_points.two", HandEntry(sides=(SideEntry(), SideEntry(in_hand=7)), ending=Termination.STOCK_EXHAUSTED)),
    ("deal.decks", HandEntry(sides=(SideEntry(red_threes=3), SideEntry(red_threes=2)), ending=Termination.STOCK_EXHAUSTED)),
    (
        "deal.decks",
        HandEntry(
            sides=(SideEntry(red_threes=2, red_threes_in_hand=2), SideEntry(red_threes_in_hand=1)), ending=Termination.STOCK_EXHAUSTED
        ),
    ),
    (
        "deal.decks",
        HandEntry(
            sides=(SideEntry(canastas={N: 12}, melded=2000), SideEntry(canastas={N: 12}, melded=2000)), ending=Termination.STOCK_EXHAUSTED
        ),
    ),
    ("deal.decks", HandEntry(sides=(SideEntry(canastas={M: 30}, melded=5000), SideEntry()), ending=Termination.STOCK_EXHAUSTED)),
    (
        "canastas.wild_canastas",
        HandEntry(sides=(SideEntry(canastas={CanastaKind.WILD: 1}, melded=200), SideEntry()), ending=Termination.STOCK_EXHAUSTED),
    ),
    ("going_out.canastas_required", HandEntry(sides=(SideEntry(melded=200), SideEntry()), ending=Termination.WENT_OUT, went_out=0)),
    (
        "going_out.canastas_required",
        HandEntry(sides=(SideEntry(canastas={N: 1}, melded=200), SideEntry(melded=100)), ending=Termination.WENT_OUT, went_out=1),
    ),
    ("going_out.bonus", HandEntry(sides=(SideEntry(canastas={N: 1}, melded=200), SideEntry()), ending=Termination.WENT_OUT)),
    ("going_out.bonus", HandEntry(sides=(SideEntry(canastas={N: 1}, melded=200), SideEntry()), ending=Termination.WENT_OUT_CONCEALED)),
    ("going_out.bonus", HandEntry(sides=(SideEntry(), SideEntry()), ending=Termination.STOCK_EXHAUSTED, went_out=0)),
    ("deal.hand_size", HandEntry(sides=(SideEntry(canastas={N: 1}, melded=200), SideEntry()), ending=Termination.WENT_OUT, went_out=4)),
    ("deal.hand_size", HandEntry(sides=(SideEntry(canastas={N: 1}, melded=200), SideEntry()), ending=Termination.WENT_OUT, went_out=-1)),
    ("red_threes.plus_when", HandEntry(sides=(SideEntry(melded=200, has_meld=False), SideEntry()), ending=Termination.STOCK_EXHAUSTED)),
]


@pytest.mark.parametrize(("rule", "entry"), BAD_HANDS)
def test_a_bad_hand_is_refused_by_rule_and_changes_nothing(rule: str, entry: HandEntry) -> None:
    sheet = finnish()
    sheet.add_hand(went_out())
    before = sheet.dumps()
    with pytest.raises(EntryError) as info:
        sheet.add_hand(entry)
    assert info.value.rule == rule
    assert info.value.source == sheet.rules.cite(rule) and info.value.source
    assert sheet.dumps() == before and len(sheet.log) == 1


def test_profile_specific_refusals() -> None:
    swedish = ScoreSheet("swedish-club", 4)  # two canastas to go out (000 UTGÅNG 1)
    with pytest.raises(EntryError, match="needs 2") as info:
        swedish.add_hand(went_out())
    assert info.value.rule == "going_out.canastas_required"
    five = ScoreSheet("regency", 5)
    out = five.sitting_out
    assert out
    with pytest.raises(EntryError) as info:
        five.add_hand(
            went_out(seat=out[0], a=SideEntry(canastas={N: 1}, melded=200))
            if five.rules.side_of[out[0]] == 0
            else went_out(seat=out[0], b=SideEntry(canastas={N: 1}, melded=200))
        )
    assert info.value.rule == "deal.sitting_out"
    regency = ScoreSheet("regency", 4)  # dealt red threes are laid at the deal (turn.dealt_red_threes)
    if regency.rules.deal_red_threes_at_once:
        with pytest.raises(EntryError) as info:
            regency.add_hand(HandEntry(sides=(SideEntry(red_threes_unplayed=1), SideEntry()), ending=Termination.STOCK_EXHAUSTED))
        assert info.value.rule == "turn.dealt_red_threes"


def test_a_profile_without_concealed_going_out_refuses_one(tmp_path: Path) -> None:
    house = tmp_path / "open-only.toml"
    house.write_text('extends = "finnish"\nname = "open-only"\n\n[concealed_going_out]\nallowed = false\n', encoding="utf-8")
    sheet = ScoreSheet(house, 4)
    before = sheet.dumps()
    with pytest.raises(EntryError) as info:
        sheet.add_hand(went_out(concealed=True))
    assert info.value.rule == "concealed_going_out.allowed" and sheet.dumps() == before
    assert finnish().add_hand(went_out(concealed=True))[0].going_out == 200


@pytest.mark.parametrize(
    "build",
    [
        lambda: SideEntry(melded="100"),
        lambda: SideEntry(melded=1.5),
        lambda: SideEntry(red_threes=True),
        lambda: SideEntry(canastas={"golden": 1}),
        lambda: SideEntry(canastas={"natural": "1"}),
        lambda: SideEntry(canastas=[1]),
        lambda: SideEntry(has_meld=1),
        lambda: HandEntry(sides=SideEntry(), ending=Termination.WENT_OUT),
        lambda: HandEntry(sides=(SideEntry(),), ending="won"),
        lambda: HandEntry(sides=(SideEntry(),), ending=Termination.WENT_OUT, went_out="0"),
        lambda: PenaltyEntry(side=0, penalty="cheating"),
        lambda: PenaltyEntry(side="0", penalty=Penalty.TABLE_TALK),
        lambda: PenaltyEntry(side=0, penalty=Penalty.TABLE_TALK, hand=1.0),
    ],
)
def test_a_value_of_the_wrong_type_is_an_argument_error(build: object) -> None:
    with pytest.raises(ArgumentError):
        build()  # type: ignore[operator]


def test_entries_read_canasta_kinds_as_text_and_drop_zero_counts() -> None:
    assert SideEntry(canastas={"natural": 1, "mixed": 0}) == SideEntry(canastas={N: 1})
    assert SideEntry(canastas={M: 1, N: 2}).kinds == (N, N, M)
    assert hash(SideEntry(canastas={N: 1})) == hash(SideEntry(canastas={"natural": 1}))


# -- the penalty ledger ---------------------------------------------------------------


@pytest.mark.parametrize("penalty", [p for p in Penalty if not p.raises_minimum])
def test_every_penalty_takes_its_points_from_the_profile(penalty: Penalty) -> None:
    sheet = ScoreSheet("finnish", 4)
    value = int(getattr(getattr(sheet.variant, penalty.value.split(".")[0]), penalty.value.split(".")[1]))
    count = 2 if penalty.per_card else 1
    if penalty.warning_first:
        sheet.warn(WarningEntry(side=1, penalty=penalty))
    assert sheet.add_penalty(PenaltyEntry(side=1, penalty=penalty, count=count)) == value * count
    sheet.add_hand(went_out())
    assert sheet.hands[0][1].penalties == -value * count
    assert sheet.log[-2].kind is LogKind.PENALTY and sheet.log[-2].hand == 1


def test_the_27_a_raise_changes_the_minimum_of_the_hand_only() -> None:
    sheet = finnish()
    assert sheet.add_penalty(PenaltyEntry(side=0, penalty=Penalty.INSUFFICIENT_OPENING)) == 10
    sheet.add_penalty(PenaltyEntry(side=0, penalty=Penalty.INSUFFICIENT_OPENING))
    assert (sheet.minimum(0), sheet.minimum(1)) == (70, 50)
    sheet.add_hand(went_out())
    assert sheet.hands[0][0].penalties == 0
    assert (sheet.minimum(0), sheet.minimum(1)) == (50, 50)  # 930: the 50 band (001 §13 A); the raise is gone


def test_a_profile_without_a_penalty_refuses_it_by_name() -> None:
    sheet = ScoreSheet("dutch", 4)
    before = sheet.dumps()
    for penalty in (Penalty.TABLE_TALK, Penalty.UNMELDED_RED_THREE, Penalty.ANSWER_YES_CANNOT_GO_OUT):
        with pytest.raises(EntryError, match=penalty.name.lower()) as info:
            sheet.add_penalty(PenaltyEntry(side=0, penalty=penalty))
        assert info.value.rule == penalty.value
    assert sheet.dumps() == before


def test_a_house_file_changes_a_penalty(tmp_path: Path) -> None:
    house = tmp_path / "strict.toml"
    house.write_text(
        'extends = "finnish"\nname = "strict-club"\n\n[penalties]\nmeld_out_of_turn = 250\ninsufficient_opening_raise = 20\n',
        encoding="utf-8",
    )
    sheet = ScoreSheet(house, 4)
    assert sheet.add_penalty(PenaltyEntry(side=1, penalty=Penalty.MELD_OUT_OF_TURN)) == 250
    assert sheet.add_penalty(PenaltyEntry(side=0, penalty=Penalty.INSUFFICIENT_OPENING)) == 20
    assert sheet.minimum(0) == 70
    sheet.add_hand(went_out())
    assert sheet.hands[0][1].penalties == -250
    again = ScoreSheet.loads(sheet.dumps())
    assert again.totals == sheet.totals and "profile" in sheet.dumps()


@pytest.mark.parametrize(
    "entry",
    [
        PenaltyEntry(side=2, penalty=Penalty.TABLE_TALK),
        PenaltyEntry(side=-1, penalty=Penalty.TABLE_TALK),
        PenaltyEntry(side=0, penalty=Penalty.TABLE_TALK, count=0),
        PenaltyEntry(side=0, penalty=Penalty.PENALTY_CARD_HELP, count=-2),
        PenaltyEntry(side=0, penalty=Penalty.DRAW_OUT_OF_TURN, count=2),
        PenaltyEntry(side=0, penalty=Penalty.DRAW_OUT_OF_TURN, hand=5),
        PenaltyEntry(side=0, penalty=Penalty.DRAW_OUT_OF_TURN, hand=0),
    ],
)
def test_a_bad_penalty_is_refused_and_changes_nothing(entry: PenaltyEntry) -> None:
    sheet = finnish()
    sheet.add_hand(went_out())
    sheet.deal()
    before = sheet.dumps()
    with pytest.raises(EntryError):
        sheet.add_penalty(entry)
    assert sheet.dumps() == before


def test_a_penalty_for_the_last_hand_until_the_next_deal() -> None:
    sheet = finnish()
    sheet.add_hand(went_out())
    sheet.add_penalty(PenaltyEntry(side=1, penalty=Penalty.PILE_OUT_OF_TURN, hand=1))
    assert sheet.totals == (930, -25)
    sheet.deal()
    with pytest.raises(EntryError) as info:
        sheet.add_penalty(PenaltyEntry(side=1, penalty=Penalty.PILE_OUT_OF_TURN, hand=1))
    assert info.value.rule == "001 §35 B"


# -- corrections (001 §35) ---------------------------------------------------------


def test_any_correction_before_the_next_deal_and_the_old_value_kept() -> None:
    sheet = finnish()
    first = went_out()
    sheet.add_hand(first)
    fixed = went_out(seat=2, a=SideEntry(canastas={N: 1, M: 1}, red_threes=1, melded=400))
    sheet.correct(1, fixed, by="Bo", note="a mixed canasta was missed")
    assert sheet.entries == (fixed,) and sheet.totals == (1400, 75)
    line = sheet.log[-1]
    assert line.kind is LogKind.CORRECTION and line.replaced == first and line.by == "Bo" and line.at.endswith("+00:00")


def test_after_the_deal_only_arithmetic() -> None:
    sheet = finnish()
    sheet.add_hand(went_out())
    sheet.deal()
    before = sheet.dumps()
    for entry in (
        went_out(seat=2),
        went_out(a=SideEntry(canastas={N: 2}, red_threes=1, melded=400)),
        went_out(a=SideEntry(canastas={N: 1}, melded=230)),
    ):
        with pytest.raises(EntryError) as info:
            sheet.correct(1, entry, arithmetic=False)
        assert info.value.rule == "001 §35 B"
        with pytest.raises(EntryError) as info:
            sheet.correct(1, entry, arithmetic=True)
        assert info.value.rule == "001 §35 A"
    assert sheet.dumps() == before
    sheet.correct(1, went_out(a=SideEntry(canastas={N: 1}, red_threes=1, melded=830)), arithmetic=True)
    assert sheet.totals == (1530, 75)
    assert sheet.minimum(0) == 50  # the hand in progress keeps the minimum of its deal, at 930 (001 §35 A)
    sheet.add_hand(HandEntry(sides=(SideEntry(melded=50), SideEntry(melded=50)), ending=Termination.STOCK_EXHAUSTED))
    assert sheet.minimum(0) == 90  # the next hand starts from the corrected total: 1580, the 90 band (001 §13 A)


def test_a_later_hand_closes_the_window_but_arithmetic_stays_open() -> None:
    sheet = finnish()
    sheet.add_hand(went_out())
    sheet.add_hand(went_out())
    with pytest.raises(EntryError, match="later hand"):
        sheet.correct(1, went_out(seat=2))
    sheet.correct(1, went_out(b=SideEntry(melded=120, in_hand=40)), arithmetic=True)
    assert sheet.totals == (1860, 155)
    with pytest.raises(EntryError):
        sheet.correct(3, went_out(), arithmetic=True)
    with pytest.raises(EntryError):
        sheet.correct(0, went_out(), arithmetic=True)


def test_many_bad_entries_leave_the_sheet_exactly_as_it_was() -> None:
    sheet = finnish()
    sheet.add_hand(went_out())
    sheet.add_penalty(PenaltyEntry(side=0, penalty=Penalty.INSUFFICIENT_OPENING))
    before = sheet.dumps()
    log = sheet.log
    attempts = 0
    for _, entry in BAD_HANDS:
        for call in (
            lambda e=entry: sheet.add_hand(e),
            lambda e=entry: sheet.correct(1, e),
            lambda e=entry: sheet.correct(1, e, arithmetic=True),
        ):
            with pytest.raises(EntryError):
                call()
            attempts += 1
    with pytest.raises(ArgumentError):
        sheet.add_hand("hand")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        sheet.add_hand(went_out(), by=3)  # type: ignore[arg-type]
    assert attempts > 50 and sheet.dumps() == before and sheet.log == log


# -- the end of the match -------------------------------------------------------------


def test_the_match_ends_by_the_engines_rule() -> None:
    rules = finnish().rules
    assert match_outcome(rules, (4990, 5100)) == (True, 1)
    assert match_outcome(rules, (5000, 5000)) == (True, None)
    assert match_outcome(rules, (4995, 30)) == (False, None)
    sheet = finnish()
    big = went_out(a=SideEntry(canastas={N: 8}, red_threes=4, melded=1000))
    while not sheet.is_over:
        sheet.add_hand(big)
    assert sheet.winner == 0
    before = sheet.dumps()
    for call in (lambda: sheet.add_hand(big), sheet.deal, lambda: sheet.add_penalty(PenaltyEntry(side=0, penalty=Penalty.TABLE_TALK))):
        with pytest.raises(EntryError) as info:
            call()
        assert info.value.rule in ("match.target", "001 §35 B")
    assert sheet.dumps() == before


def test_a_correction_may_not_end_the_match_before_a_later_hand() -> None:
    """Eight natural canastas, four red threes and going out: 4,920 with the fewest card points eight canastas hold (four of 4s to
    7s at 5, four of 8s to Js at 10: 420); 180 more points found by arithmetic would have ended the match after hand 1 (001 §34 A)."""
    sheet = finnish()
    sheet.add_hand(went_out(a=SideEntry(canastas={N: 8}, red_threes=4, melded=420)))
    assert sheet.totals[0] == 4920
    sheet.add_hand(went_out())
    with pytest.raises(EntryError) as info:
        sheet.correct(1, went_out(a=SideEntry(canastas={N: 8}, red_threes=4, melded=600)), arithmetic=True)
    assert info.value.rule == "match.target"


def test_the_deal_passes_left_and_five_players_sit_out_in_turn() -> None:
    sheet = ScoreSheet("regency", 5, seed_dealer=3)
    seen = []
    for _ in range(5):
        seen.append((sheet.next_dealer, sheet.sitting_out))
        assert sheet.sitting_out == sheet.rules.seating(sheet.next_hand).out
        sheet.add_hand(HandEntry(sides=(SideEntry(melded=50), SideEntry(melded=50)), ending=Termination.STOCK_EXHAUSTED))
    assert [d for d, _ in seen] == [3, 4, 0, 1, 2]


def test_a_worked_finnish_evening() -> None:
    """Three hands, a §27 A raise, a table-talk-free evening with one correction (001 §27 A, §34, §35)."""
    sheet = finnish()
    sheet.add_hand(
        went_out(seat=0, a=SideEntry(canastas={N: 1, M: 1}, red_threes=1, melded=355), b=SideEntry(melded=140, in_hand=65)), by="Anna"
    )
    sheet.deal(by="Bo")
    assert sheet.add_penalty(PenaltyEntry(side=1, penalty=Penalty.INSUFFICIENT_OPENING, note="opened with 45"), by="Bo") == 10
    assert sheet.minimum(1) == 60
    hand2 = HandEntry(
        sides=(SideEntry(canastas={M: 1}, melded=260, in_hand=30), SideEntry(canastas={N: 2}, red_threes=2, melded=520)),
        ending=Termination.WENT_OUT,
        went_out=3,
    )
    sheet.add_hand(hand2, by="Cia")
    sheet.correct(
        2,
        HandEntry(sides=(hand2.sides[0], SideEntry(canastas={N: 2}, red_threes=2, melded=540)), ending=Termination.WENT_OUT, went_out=3),
        by="Dan",
    )
    sheet.deal(by="Cia")
    sheet.add_hand(
        HandEntry(sides=(SideEntry(melded=120, in_hand=15), SideEntry(red_threes=1, in_hand=80)), ending=Termination.STOCK_EXHAUSTED),
        by="Dan",
    )
    assert [tuple(s.total for s in h) for h in sheet.hands] == [(1355, 75), (530, 1840), (105, -180)]
    assert sheet.running == ((1355, 75), (1885, 1915), (1990, 1735))
    assert sheet.totals == (1990, 1735) and not sheet.is_over
    assert [line.kind for line in sheet.log] == [
        LogKind.HAND,
        LogKind.DEAL,
        LogKind.PENALTY,
        LogKind.HAND,
        LogKind.CORRECTION,
        LogKind.DEAL,
        LogKind.HAND,
    ]
    assert sheet.log[4].replaced == hand2
    assert (sheet.minimum(0), sheet.minimum(1)) == (90, 90)
    again = ScoreSheet.loads(sheet.dumps())
    assert again.totals == sheet.totals and again.log == sheet.log and again.dumps() == sheet.dumps()


def test_whole_numbers_of_other_libraries_are_counts_and_bools_or_floats_are_not() -> None:
    """numpy's integers are whole numbers wherever the sheet takes one, as everywhere in the library; True and 4.0 are not."""
    np = pytest.importorskip("numpy")
    sheet = ScoreSheet("finnish", np.int64(4), seed_dealer=np.int8(1))
    entry = HandEntry(
        sides=(
            SideEntry(canastas={"natural": np.int64(1)}, red_threes=np.int16(1), melded=np.int64(100)),
            SideEntry(melded=np.int32(50), in_hand=np.uint8(20)),
        ),
        ending=Termination.WENT_OUT,
        went_out=np.int64(0),
    )
    sheet.add_hand(entry)
    sheet.add_penalty(PenaltyEntry(side=np.int64(1), penalty=Penalty.PENALTY_CARD_HELP, count=np.int64(2)))
    assert type(entry.sides[0].melded) is int and type(entry.went_out) is int
    assert sheet.minimum(np.int64(0)) == sheet.minimum(0) and sheet.next_dealer == 2
    assert ScoreSheet.loads(sheet.dumps()).totals == sheet.totals
    for bad in (True, 4.0, "4"):
        with pytest.raises(ArgumentError, match="expected a whole number"):
            SideEntry(melded=bad)
        with pytest.raises(ArgumentError):
            ScoreSheet("finnish", bad)
