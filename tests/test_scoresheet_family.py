"""The score sheet under schema 2's scoring rules: canastas by rank, black threes as bonus cards, unfinished melds and sets held,
black threes and reserve piles, special hands and a match of fixed hands (Modern American EBB §2.7-§2.13; Cuban RG)."""

from __future__ import annotations

from pathlib import Path

import pytest

import canasta
from canasta import Termination
from canasta.bots import HeuristicBot, RandomBot
from canasta.core.canastas import CanastaKind
from canasta.errors import ArgumentError, EntryError, ScoreSheetError
from canasta.scoresheet import HandEntry, ScoreSheet, SideEntry, export
from canasta.variants.enums import MeldRank

N, M, W, E = CanastaKind.NATURAL, CanastaKind.MIXED, CanastaKind.WILD, CanastaKind.EVERY_JOKER
STOCK_OUT = Termination.STOCK_EXHAUSTED


def hand(a: SideEntry, b: SideEntry, ending: Termination = STOCK_OUT, went_out: int | None = None) -> HandEntry:
    return HandEntry(sides=(a, b), ending=ending, went_out=went_out)


def american() -> ScoreSheet:
    return ScoreSheet("modern-american", 4, names=["Ann", "Bo", "Cy", "Di"])


def test_a_modern_american_hand_is_scored_by_its_rules() -> None:
    """A canasta of aces earns 2,500 (EBB §2.7); black threes score by their own count (§2.8); the threes and melded cards are
    signed by the canastas (§2.8, §2.11); an unfinished meld of sevens and a set of sevens held cost 2,500 and 1,500 (§2.10); the deck's other aces are in the canasta."""
    sheet = american()
    a, b = sheet.add_hand(
        hand(
            SideEntry(canastas={N: 1, M: 1}, rank_canastas={"A": 1}, red_threes=1, black_threes=2, melded=400),
            SideEntry(canastas={M: 1}, unfinished=["7"], sets_in_hand=["7"], red_threes=1, melded=150, in_hand=60),
            Termination.WENT_OUT,
            0,
        )
    )
    assert (a.canastas, a.red_threes, a.going_out, a.melded, a.total) == (3300, 400, 100, 400, 4200)
    assert (b.canastas, b.red_threes, b.melded, b.in_hand, b.penalties, b.total) == (300, 0, 150, -60, -4000, -3610)
    assert a.canasta_kinds.count(N) == 2 and a.canasta_ranks == ()  # the plain natural canasta's rank is not known
    c, d = sheet.add_hand(hand(SideEntry(melded=90, red_threes=2), SideEntry(rank_canastas={MeldRank.SEVEN: 1}, melded=35)))
    assert (c.melded, c.red_threes, c.total) == (-90, -300, -390)  # no canasta: minus (EBB §2.8, §2.11)
    assert (d.canastas, d.canasta_ranks) == (2500, (canasta.Rank("7"),))  # every canasta counted by rank: the ranks are known


def test_a_special_hand_replaces_the_sides_score() -> None:
    sheet = american()
    shown, other = sheet.add_hand(
        hand(SideEntry(special_hand="seven_pairs"), SideEntry(canastas={M: 1}, melded=200, in_hand=30), Termination.SPECIAL_HAND)
    )
    assert (shown.special_hand, shown.total) == (2500, 2500)
    assert other.total == 300 + 200 - 30
    assert sheet.entries[0].sides[0].special_hand == "seven_pairs"


BAD_AMERICAN = [
    ("ranks.natural_canasta_bonus", hand(SideEntry(rank_canastas={"K": 1}, melded=200), SideEntry())),
    ("ranks.natural_canasta_bonus", hand(SideEntry(rank_canastas={"W": 1}, melded=200), SideEntry())),
    ("ranks.unfinished_penalty", hand(SideEntry(unfinished=["5"], melded=50), SideEntry())),
    ("ranks.unfinished_penalty", hand(SideEntry(unfinished=["A", "A"], melded=50), SideEntry())),
    ("ranks.unfinished_penalty", hand(SideEntry(rank_canastas={"A": 1}, unfinished=["A"], melded=200), SideEntry())),
    ("ranks.hand_penalty", hand(SideEntry(sets_in_hand=["K"], in_hand=30), SideEntry())),
    ("ranks.hand_penalty_count", hand(SideEntry(sets_in_hand=["A", "A", "A"], in_hand=60), SideEntry())),
    ("black_threes.bonus_card", hand(SideEntry(black_threes_in_hand=1, in_hand=5), SideEntry())),
    ("reserve.untaken_penalty", hand(SideEntry(reserves_untaken=1), SideEntry())),
    ("scoring.special_hands", hand(SideEntry(special_hand="straight"), SideEntry(), Termination.SPECIAL_HAND)),
    ("scoring.special_hands", hand(SideEntry(special_hand="garbage"), SideEntry())),
    ("scoring.special_hands", hand(SideEntry(), SideEntry(), Termination.SPECIAL_HAND)),
    ("scoring.special_hands", hand(SideEntry(special_hand="garbage"), SideEntry(special_hand="garbage"), Termination.SPECIAL_HAND)),
    ("scoring.special_hands", hand(SideEntry(special_hand="garbage", melded=50), SideEntry(), Termination.SPECIAL_HAND)),
    (
        "going_out.unfinished_melds_forbidden",
        hand(SideEntry(canastas={N: 2}, unfinished=["W"], melded=400), SideEntry(), Termination.WENT_OUT, 0),
    ),
    ("going_out.canastas_required", hand(SideEntry(rank_canastas={"A": 1}, melded=400), SideEntry(), Termination.WENT_OUT, 0)),
    ("deal.decks", hand(SideEntry(rank_canastas={"A": 1}, melded=200), SideEntry(rank_canastas={"A": 1}, melded=200))),
    ("deal.decks", hand(SideEntry(red_threes=4, black_threes=3), SideEntry(red_threes_in_hand=2))),
    ("deal.decks", hand(SideEntry(black_threes=5), SideEntry())),
    ("deal.jokers", hand(SideEntry(canastas={E: 1}, melded=300), SideEntry(canastas={E: 1}, melded=300))),
    ("deal.jokers", hand(SideEntry(canastas={W: 2, E: 1}, melded=900), SideEntry(canastas={W: 2}, melded=600))),
]


@pytest.mark.parametrize(("rule", "entry"), BAD_AMERICAN, ids=[f"{i}-{rule}" for i, (rule, _) in enumerate(BAD_AMERICAN)])
def test_a_count_the_rules_or_the_deck_do_not_allow_is_refused_by_rule(rule: str, entry: HandEntry) -> None:
    sheet = american()
    before = sheet.dumps()
    with pytest.raises(EntryError) as info:
        sheet.add_hand(entry)
    assert info.value.rule == rule
    assert info.value.source == sheet.rules.cite(rule) and info.value.source
    assert sheet.dumps() == before


BAD_FINNISH = [
    ("ranks.natural_canasta_bonus", SideEntry(rank_canastas={"A": 1}, melded=200)),
    ("black_threes.bonus_card", SideEntry(black_threes=1)),
    ("ranks.unfinished_penalty", SideEntry(unfinished=["A"], melded=60)),
    ("canastas.wild_canastas", SideEntry(unfinished=["W"], melded=60)),
    ("ranks.hand_penalty", SideEntry(sets_in_hand=["A"], in_hand=60)),
    ("black_threes.hand_penalty", SideEntry(black_threes_in_hand=1, in_hand=5)),
    ("reserve.untaken_penalty", SideEntry(reserves_untaken=1)),
    ("canastas.wild_canastas", SideEntry(canastas={E: 1}, melded=300)),
]


@pytest.mark.parametrize(("rule", "side"), BAD_FINNISH, ids=[f"{i}-{rule}" for i, (rule, _) in enumerate(BAD_FINNISH)])
def test_a_profile_without_the_rule_refuses_its_count_by_name(rule: str, side: SideEntry) -> None:
    sheet = ScoreSheet("finnish", 4)
    with pytest.raises(EntryError) as info:
        sheet.add_hand(hand(side, SideEntry()))
    assert info.value.rule == rule and info.value.source == sheet.rules.cite(rule)
    with pytest.raises(EntryError) as info:
        sheet.add_hand(hand(SideEntry(special_hand="garbage"), SideEntry(), Termination.SPECIAL_HAND))
    assert info.value.rule == "scoring.special_hands" and "no special hands" in info.value.reason
    assert not sheet.log


def test_a_kind_the_profile_does_not_tell_apart_is_entered_as_wild() -> None:
    uruguayan = ScoreSheet("uruguayan", 4)  # wild canastas, but no every_joker bonus of their own (RG; BLK 1)
    with pytest.raises(EntryError) as info:
        uruguayan.add_hand(hand(SideEntry(canastas={E: 1}, melded=300), SideEntry()))
    assert info.value.rule == "canastas.bonus" and "count it as wild" in info.value.reason
    cuban = ScoreSheet("cuban", 4)
    a, _ = cuban.add_hand(hand(SideEntry(canastas={E: 1, N: 1}, melded=500), SideEntry()))
    assert a.canastas == 3000 + 500


@pytest.fixture
def house(tmp_path: Path) -> Path:
    """Finnish with black threes that cost 100 in a hand, a reserve pile a player never received costing 200, and a match of 2 hands."""
    path = tmp_path / "family-house.toml"
    path.write_text(
        'extends = "finnish"\nname = "family-house"\n\n[black_threes]\nhand_penalty = 100\n\n'
        '[reserve]\nsizes = [5]\none_per = "player"\nuntaken_penalty = 200\n\n[match]\nhands = 2\n',
        encoding="utf-8",
    )
    return path


def test_black_threes_and_reserves_never_received_and_a_match_of_fixed_hands(house: Path) -> None:
    sheet = ScoreSheet(house, 4)
    a, b = sheet.add_hand(hand(SideEntry(black_threes_in_hand=2, in_hand=10, melded=100), SideEntry(reserves_untaken=2, melded=50)))
    assert (a.penalties, a.in_hand, b.penalties) == (-200, -10, -400)
    with pytest.raises(EntryError) as info:
        sheet.add_hand(hand(SideEntry(reserves_untaken=3), SideEntry()))
    assert info.value.rule == "reserve.one_per"
    assert not sheet.is_over
    sheet.add_hand(hand(SideEntry(melded=10), SideEntry(melded=20)))
    assert sheet.is_over and sheet.totals == (-100, -330) and sheet.winner == 0  # two hands played, far below the target (match.hands)
    with pytest.raises(EntryError) as info:
        sheet.add_hand(hand(SideEntry(), SideEntry()))
    assert info.value.rule == "match.hands"
    again = ScoreSheet.loads(sheet.dumps())
    assert again.totals == sheet.totals and again.log == sheet.log and again.is_over


def test_the_new_counts_round_trip_through_the_file_as_version_2() -> None:
    sheet = american()
    sheet.add_hand(
        hand(
            SideEntry(canastas={N: 1, M: 1}, rank_canastas={"7": 1, "A": 1}, red_threes=1, black_threes=1, melded=600),
            SideEntry(canastas={M: 1}, unfinished=["W"], melded=150, in_hand=60),
            Termination.WENT_OUT,
            0,
        )
    )
    sheet.add_hand(hand(SideEntry(canastas={M: 1}, melded=200), SideEntry(unfinished=["W", "A"], sets_in_hand=["7", "A"], melded=150, in_hand=80)))
    sheet.add_hand(hand(SideEntry(melded=50), SideEntry(special_hand="wild_pairs"), Termination.SPECIAL_HAND))
    text = sheet.dumps()
    assert "version = 2" in text and 'unfinished = [\n    "A",\n    "W",\n]' in text and 'special_hand = "wild_pairs"' in text
    again = ScoreSheet.loads(text)
    assert again.log == sheet.log and again.totals == sheet.totals and again.dumps() == text
    assert again.entries[0].sides[0].rank_canastas == {MeldRank.SEVEN: 1, MeldRank.ACE: 1}


OLD_SHEET = """\
# Canasta score sheet: finnish, 4 players
# hand 1: 1330 / 475   totals 1330 / 475

format = "canasta score sheet"
version = 1
variant = "finnish"
players = 4
names = ["Anna", "Bertil", "Carita", "David"]
seed_dealer = 0

[[log]]
entry = "hand"
hand = 1
by = ""
at = "2026-11-20T19:00:00+00:00"
ending = "went_out"
went_out = 0

[[log.sides]]
red_threes = 2
red_threes_unplayed = 0
red_threes_in_hand = 0
melded = 230
in_hand = 0

[log.sides.canastas]
natural = 1
mixed = 1

[[log.sides]]
red_threes = 1
red_threes_unplayed = 0
red_threes_in_hand = 0
melded = 120
in_hand = 45

[log.sides.canastas]
mixed = 1
"""


def test_a_sheet_written_before_loads_and_a_classic_sheet_is_still_version_1() -> None:
    sheet = ScoreSheet.loads(OLD_SHEET)
    assert sheet.totals == (1330, 475)
    assert "version = 1" in sheet.dumps() and "rank_canastas" not in sheet.dumps()


@pytest.mark.parametrize(
    ("key", "value", "says"),
    [
        ("rank_canastas", "{ Z = 1 }", "rank_canastas: 'Z'"),
        ("rank_canastas", '{ A = "1" }', "rank_canastas: 'A'"),
        ("unfinished", '["A", 7]', "unfinished: 7"),
        ("sets_in_hand", '"A"', "sets_in_hand: 'A' is not a list"),
        ("black_threes", '"2"', "black_threes: '2' is not a whole number"),
        ("special_hand", "3", "special_hand: 3 is not text"),
        ("glitter", "1", "glitter: unknown key"),
    ],
)
def test_a_bad_new_count_in_a_file_is_named(key: str, value: str, says: str) -> None:
    text = OLD_SHEET.replace('variant = "finnish"', 'variant = "modern-american"').replace(
        "in_hand = 45\n", f"in_hand = 45\n{key} = {value}\n"
    )
    with pytest.raises(ScoreSheetError, match=says):
        ScoreSheet.loads(text)


def test_entries_read_ranks_as_text_in_rank_order() -> None:
    side = SideEntry(rank_canastas={"a": 1, "7": 1, "T": 0}, unfinished=["W", "a"], sets_in_hand=["A", "7"])
    assert list(side.rank_canastas) == [MeldRank.SEVEN, MeldRank.ACE]
    assert side.unfinished == (MeldRank.ACE, MeldRank.WILD) and side.sets_in_hand == (MeldRank.SEVEN, MeldRank.ACE)
    assert side.kinds == (N, N) and side.ranks == (5, 12)
    assert SideEntry(rank_canastas={canasta.Rank("10"): 1}).rank_canastas == {MeldRank.TEN: 1}
    for bad in (
        lambda: SideEntry(rank_canastas={"Z": 1}),
        lambda: SideEntry(rank_canastas=["A"]),
        lambda: SideEntry(unfinished="A"),
        lambda: SideEntry(sets_in_hand=[3]),
        lambda: SideEntry(special_hand=""),
        lambda: SideEntry(black_threes=1.0),
    ):
        with pytest.raises(ArgumentError):
            bad()


def test_the_exports_show_the_special_hand_where_the_profile_has_special_hands() -> None:
    sheet = american()
    sheet.add_hand(hand(SideEntry(special_hand="garbage"), SideEntry(melded=60), Termination.SPECIAL_HAND))
    assert "special_hand" in export.csv_columns(sheet.rules) and "special_hand" not in export.CSV_COLUMNS
    rows = export.to_csv(sheet).splitlines()
    assert rows[0].split(",") == list(export.csv_columns(sheet.rules))
    assert "<th>Special hand</th>" in export.to_html(sheet) and "<th>3s</th>" in export.to_html(sheet)
    assert '"special_hand": 2000' in export.to_json(sheet)
    assert "special_hand" not in export.to_csv(ScoreSheet("finnish", 4))


def _match_with(name: str, wanted: str) -> canasta.Game:
    """A short match of ``name`` whose sheet has a side count ``wanted`` (a field of SideEntry) set, from the first seed that has one."""
    for seed in range(200):
        game = canasta.Game(name, 4, seed, turn_cap=80)
        bots = [(RandomBot if seed % 2 else HeuristicBot)(seed + seat) for seat in range(4)]
        while not game.is_over and game.hand_number <= 2:
            seat = game.current_player
            game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
        sheet = ScoreSheet.from_game(game)
        if any(getattr(s, wanted) for e in sheet.entries for s in e.sides):
            return game
    pytest.skip(f"no {wanted} in 200 matches")


@pytest.mark.parametrize("wanted", ["rank_canastas", "black_threes", "unfinished", "sets_in_hand", "special_hand"])
def test_from_game_fills_the_new_counts_from_the_engine(wanted: str) -> None:
    game = _match_with("modern-american", wanted)
    sheet = ScoreSheet.from_game(game)
    assert sheet.hands == game.hand_scores and sheet.totals == game.scores
    shown = [e for e in sheet.entries if any(s.special_hand for s in e.sides)]
    assert all(e.ending is Termination.SPECIAL_HAND for e in shown)


def test_a_hand_and_foot_evening_is_entered_scored_and_exported() -> None:
    """Hand and Foot (decisions P68): books 500 and 300 (RVI, GOCC), red threes 100 each (FEU), going out 100 (RVI) with two
    natural and two mixed books (FEU toggle, decisions P68), several books of one rank (NWP: more books than the eleven ranks
    hold one of each), four hands (GOCC, FEU), the minimums by hand (50, 90, 120, 150: GOCC, TXN, FEU)."""
    sheet = ScoreSheet("hand-and-foot", 4, names=["Ann", "Bo", "Cy", "Di"])
    a, b = sheet.add_hand(
        hand(SideEntry(canastas={N: 7, M: 6}, red_threes=2, melded=1800), SideEntry(canastas={N: 1, M: 3}, red_threes=1, melded=980, in_hand=85), Termination.WENT_OUT, 0)
    )
    assert (a.canastas, a.red_threes, a.going_out, a.total) == (7 * 500 + 6 * 300, 200, 100, 5300 + 200 + 100 + 1800)
    assert (b.canastas, b.red_threes, b.in_hand, b.total) == (1400, 100, -85, 1400 + 100 + 980 - 85)
    with pytest.raises(EntryError) as refused:  # going out needs two natural books (FEU toggle)
        sheet.add_hand(hand(SideEntry(canastas={N: 1, M: 3}, melded=900), SideEntry(canastas={M: 1}, melded=300), Termination.WENT_OUT, 0))
    assert refused.value.rule.startswith("going_out.canasta_kinds_required")
    assert len(sheet.entries) == 1
    for _ in range(3):
        sheet.add_hand(hand(SideEntry(canastas={N: 2, M: 2}, melded=1000), SideEntry(canastas={M: 1}, melded=300, in_hand=40), Termination.WENT_OUT, 0))
    assert sheet.is_over  # four hands (match.hands)
    text = export.to_csv(sheet)
    assert len(text.splitlines()) == 1 + 4 * 2 and str(a.total) in text  # a row a side and hand
    assert "Ann" in export.to_html(sheet) and "Hand and Foot" in export.to_markdown(sheet)
