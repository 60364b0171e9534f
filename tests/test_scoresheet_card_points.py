"""What a count is worth in cards: every side's melded and in-hand points against what its canastas and melds can hold, and all
the sides' against the deck (001 §2, §11 B, §12, §15 A, §34; decisions P27).

The expected values are worked out by hand from the rules: a Finnish natural canasta is seven naturals of one rank (001 §15 A),
the cheapest worth 5 a card (4 to 7, the table in 001 §34), so at least 35; the deck is two packs and four jokers (001 §2): per
pack 16 cards of 4 to 7 at 5, 24 of 8 to K at 10, 4 aces and 4 twos at 20, 2 black threes at 5, and the jokers at 50, so
2 * (80 + 240 + 80 + 80 + 10) + 4 * 50 = 1,180 points besides the red threes.
"""

from __future__ import annotations

import pytest

from canasta import Termination
from canasta.core.canastas import CanastaKind
from canasta.errors import EntryError
from canasta.scoresheet import HandEntry, ScoreSheet, SideEntry
from canasta.scoresheet.card_points import canasta_points, deck_points

N, M, W, P, E = CanastaKind.NATURAL, CanastaKind.MIXED, CanastaKind.WILD, CanastaKind.PURE_WILD, CanastaKind.EVERY_JOKER
STOCK_OUT = Termination.STOCK_EXHAUSTED


def hand(a: SideEntry, b: SideEntry, ending: Termination = STOCK_OUT, went_out: int | None = None) -> HandEntry:
    return HandEntry(sides=(a, b), ending=ending, went_out=went_out)


def refused(sheet: ScoreSheet, entry: HandEntry) -> EntryError:
    before = sheet.dumps()
    with pytest.raises(EntryError) as info:
        sheet.add_hand(entry)
    assert sheet.dumps() == before
    assert info.value.source, info.value
    return info.value


# -- the class of the Finnish examples: canastas with too few card points (001 §15 A, §34) --------------------------------


@pytest.mark.parametrize(
    ("canastas", "melded", "least"),
    [
        ({N: 1}, 0, 35),
        ({N: 1}, 30, 35),
        ({N: 2}, 60, 70),  # two ranks of 4 to 7: 2 * 7 * 5
        ({N: 5}, 180, 210),  # four ranks of 4 to 7 (140), then a rank of 8 to K: 7 * 10
        ({M: 1}, 45, 50),  # six 4s and a two (001 §15 A: at least four naturals, at most three wild cards): 30 + 20
        ({N: 1, M: 1}, 80, 85),  # a natural canasta of 4s (35), a mixed one of 5s (50)
        ({M: 2}, 95, 100),
    ],
)
def test_finnish_canastas_hold_at_least_their_cheapest_cards(canastas: dict[CanastaKind, int], melded: int, least: int) -> None:
    sheet = ScoreSheet("finnish", 4)
    error = refused(sheet, hand(SideEntry(canastas=canastas, melded=melded), SideEntry()))
    assert error.rule == "canastas.size" and error.source == "001 §15 A" and f"at least {least} card points" in error.reason
    scores = sheet.add_hand(hand(SideEntry(canastas=canastas, melded=least), SideEntry()))
    assert scores[0].melded == least


def test_the_same_class_under_other_profiles_and_kinds() -> None:
    """Modern American: a canasta counted by rank holds seven of that rank (aces at 20: 140); a wild canasta of twos and jokers
    holds at least six twos and a joker (170); every joker's four jokers and three twos (260); an unfinished meld of aces three aces
    (EBB §2.3, §2.7, §2.10; card values as classic)."""
    american = ScoreSheet("modern-american", 4)
    for side, least in (
        (SideEntry(rank_canastas={"A": 1}, melded=135), 140),
        (SideEntry(canastas={W: 1}, melded=160), 170),
        (SideEntry(canastas={E: 1}, melded=255), 260),
        (SideEntry(canastas={P: 1}, melded=135), 140),
        (SideEntry(unfinished=["A"], melded=55), 60),
        (SideEntry(unfinished=["W"], melded=55), 60),
    ):
        error = refused(american, hand(side, SideEntry()))
        assert f"at least {least} card points" in error.reason, error
    uruguayan = ScoreSheet("uruguayan", 2)  # wild canastas of any twos and jokers; 2 packs, 4 jokers (RG; 004 L22)
    assert refused(uruguayan, hand(SideEntry(canastas={W: 1}, melded=135), SideEntry())).rule == "canastas.size"
    uruguayan.add_hand(hand(SideEntry(canastas={W: 1}, melded=170), SideEntry()))


def test_the_kinds_card_points_under_the_bundled_profiles() -> None:
    """Worked by hand: Finnish natural 7 4s (35) to 8 aces (160), mixed six 4s and a two (50) to 8 aces and 3 jokers (310);
    Modern American canastas hold at most seven cards (EBB §2.3: 7 aces, 140; 5 aces and 2 jokers, 200)."""
    finnish = ScoreSheet("finnish", 4).rules
    assert canasta_points(finnish, N) == (35, 160) and canasta_points(finnish, M) == (50, 310)
    assert canasta_points(finnish, W) is None  # no wild canastas (001 §11 D)
    american = ScoreSheet("modern-american", 4).rules
    assert canasta_points(american, N) == (35, 140) and canasta_points(american, M) == (50, 200)
    assert canasta_points(american, E) == (260, 260) and canasta_points(american, P) == (140, 140)
    assert deck_points(finnish) == 1180 and deck_points(american) == 1180 - 20  # black threes are bonus cards there (EBB §2.8)


# -- the deck: card points, cards of a rank, wild cards (001 §2) -------------------------------------------------------------


@pytest.mark.parametrize(
    "entry",
    [
        hand(SideEntry(canastas={N: 1}, melded=5000), SideEntry(), Termination.WENT_OUT, 0),
        hand(SideEntry(melded=100), SideEntry(in_hand=10**18)),
        hand(SideEntry(melded=600), SideEntry(melded=400, in_hand=185)),
        hand(SideEntry(in_hand=1185), SideEntry()),
    ],
)
def test_card_points_no_deck_holds_are_refused(entry: HandEntry) -> None:
    error = refused(ScoreSheet("finnish", 4), entry)
    assert error.rule == "deal.decks" and "holds 1180" in error.reason


def test_the_deck_total_follows_the_profile_and_the_player_count() -> None:
    """Swedish with three players plays three packs and six jokers (000 TRE SPELARE): 3 * 490 + 6 * 50 = 1,770."""
    three = ScoreSheet("swedish-official", 3)
    sides = (SideEntry(melded=600), SideEntry(melded=600), SideEntry(melded=500, in_hand=75))
    assert refused(three, HandEntry(sides=sides, ending=STOCK_OUT)).rule == "deal.decks"
    three.add_hand(HandEntry(sides=(*sides[:2], SideEntry(melded=500, in_hand=70)), ending=STOCK_OUT))


def test_melds_without_a_canasta_hold_at_most_what_fewer_than_seven_cards_can() -> None:
    """No Finnish canasta: every meld holds six cards at most. The richest: each rank of 8 to A six naturals (6 * 60 + 6 * 20 =
    480), each of 4 to 7 three naturals and three wild cards (001 §15 A) taking the deck's 12 (4 * 15 + 8 * 20 + 4 * 50 = 420)."""
    sheet = ScoreSheet("finnish", 4)
    error = refused(sheet, hand(SideEntry(melded=905), SideEntry()))
    assert error.rule == "canastas.size" and "at most 900" in error.reason
    sheet.add_hand(hand(SideEntry(melded=900), SideEntry()))


def test_the_sides_natural_canastas_share_the_deck() -> None:
    """Two Finnish sides with four natural canastas each need eight ranks (a rank's eight cards make one canasta of seven): four
    of 4 to 7 (140) and four of 8 to J (280), so 420 in all, not 280."""
    sheet = ScoreSheet("finnish", 4)
    error = refused(sheet, hand(SideEntry(canastas={N: 4}, melded=140), SideEntry(canastas={N: 4}, melded=140)))
    assert error.rule == "deal.decks" and "at least 420" in error.reason
    sheet.add_hand(hand(SideEntry(canastas={N: 4}, melded=140), SideEntry(canastas={N: 4}, melded=280)))


def test_cards_named_by_rank_are_counted_against_the_deck() -> None:
    """Modern American has eight aces (EBB §2.1): a canasta of aces and a player holding three more is ten (EBB §2.7, §2.10)."""
    sheet = ScoreSheet("modern-american", 4)
    error = refused(sheet, hand(SideEntry(rank_canastas={"A": 1}, melded=200), SideEntry(sets_in_hand=["A"], in_hand=60)))
    assert error.rule == "deal.decks" and "10 cards of A" in error.reason
    error = refused(sheet, hand(SideEntry(unfinished=["A"], melded=60), SideEntry(unfinished=["A"], sets_in_hand=["A", "A"], melded=60, in_hand=120)))
    assert "12 cards of A" in error.reason
    sheet.add_hand(hand(SideEntry(rank_canastas={"A": 1}, melded=200), SideEntry(sets_in_hand=["7"], in_hand=60)))


def test_mixed_canastas_need_the_decks_wild_cards() -> None:
    """Twelve wild cards in the Finnish deck (001 §2), one at least in each mixed canasta (001 §15 B)."""
    sheet = ScoreSheet("finnish", 4)
    error = refused(sheet, hand(SideEntry(canastas={M: 7}, melded=700), SideEntry(canastas={M: 6}, melded=400)))
    assert error.rule == "deal.jokers" and "13 wild cards" in error.reason


def test_a_side_holds_one_meld_of_a_rank() -> None:
    """decisions P27 (001 §11 B): the Rasche house deck makes two wild canastas (8 twos, 6 jokers), but not for one side; a side has
    eleven ranks of 4 to A for its canastas of naturals."""
    house = ScoreSheet("rasche-house", 4)
    assert refused(house, hand(SideEntry(canastas={W: 2}, melded=400), SideEntry())).rule == "decisions P27"
    house.add_hand(hand(SideEntry(canastas={W: 1}, melded=200), SideEntry(canastas={W: 1}, melded=200)))
    american = ScoreSheet("modern-american", 4)
    assert refused(american, hand(SideEntry(canastas={E: 1}, unfinished=["W"], melded=400), SideEntry())).rule == "decisions P27"
    finnish = ScoreSheet("finnish", 4)
    assert refused(finnish, hand(SideEntry(canastas={N: 6, M: 6}, melded=1000), SideEntry())).rule == "decisions P27"


def test_held_sets_and_black_threes_are_in_the_hands_points() -> None:
    """A Modern American set is three aces or sevens held (CC; EBB §2.10): three aces are 60 points in hand at least."""
    american = ScoreSheet("modern-american", 4)
    error = refused(american, hand(SideEntry(melded=50), SideEntry(sets_in_hand=["A"], in_hand=55)))
    assert error.rule == "ranks.hand_penalty_count" and "at least 60" in error.reason
    american.add_hand(hand(SideEntry(melded=50), SideEntry(sets_in_hand=["A"], in_hand=60)))


def test_a_side_whose_only_player_went_out_holds_nothing() -> None:
    """Two players, one a side (000 TVÅ SPELARE): the one who went out has no card left; a partner of four players may have."""
    two = ScoreSheet("swedish-official", 2)
    for held in (SideEntry(canastas={N: 1}, melded=100, in_hand=10), SideEntry(canastas={N: 1}, melded=100, red_threes_in_hand=1)):
        assert refused(two, hand(held, SideEntry(melded=50), Termination.WENT_OUT, 0)).rule == "deal.sides"
    two.add_hand(hand(SideEntry(canastas={N: 1}, melded=100), SideEntry(melded=50, in_hand=10), Termination.WENT_OUT, 0))
    four = ScoreSheet("swedish-official", 4)
    four.add_hand(hand(SideEntry(canastas={N: 1}, melded=100, in_hand=10), SideEntry(melded=50), Termination.WENT_OUT, 0))


def test_a_huge_canasta_count_is_refused_before_anything_is_built_from_it() -> None:
    """``canastas = {mixed = 2**63 - 1}`` would be a tuple of that many canastas; the deck's count refuses it first."""
    for count in (2**63 - 1, 10**7, 16):
        for side in (SideEntry(canastas={M: count}), SideEntry(rank_canastas={"A": count}), SideEntry(canastas={N: count, M: -count})):
            error = refused(ScoreSheet("finnish", 4), hand(side, SideEntry()))
            assert error.rule in ("deal.decks", "canastas.size", "ranks.natural_canasta_bonus"), error
