"""Taking only the top cards of the pile: ``discard_pile.take_count`` (Hand and Foot tables).

decisions P68: how many cards a take brings differs by
table: the whole pile (RG, FEU), the top 7 (TXN), 5 (POB), 3 or 1 (GOCC). The
cards below stay as the pile, in order; a pile frozen by a card stays frozen
while that card is still in it (000 LÅST HÖG 2-3, 001 §17 A: the card lies
crosswise in the pile, which thaws when it is taken).
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import ACTION_POOL, assert_conserved, cards, events_of, setup, snapshot

import canasta
from canasta.core.events import FreezeReason, PileReleased, PileTaken
from canasta.core.records import GameRecord

POOL = tuple(canasta.parse_action(text) for text in ACTION_POOL)

TWELVE = "4C 5D 6H 7S 8C 9D TH JS QC 8D 9H KC"
"""A pile of twelve, bottom to top: a take of 7 leaves 4C 5D 6H 7S 8C, top 8C, and brings 9D TH JS QC 8D 9H with KC."""


def house(parent: str, take_count: int, extra: str = "") -> canasta.Variant:
    """A house file extending ``parent`` that takes only the top ``take_count`` cards of the pile."""
    return canasta.loads_variant(f'extends = "{parent}"\n[discard_pile]\ntake_count = {take_count}\n{extra}')


def table(variant: canasta.Variant, **spec: object) -> canasta.Game:
    return setup(canasta.Game(variant, players=4, seed=3), **spec)  # type: ignore[arg-type]


def test_take_count_is_validated_like_every_other_key() -> None:
    assert canasta.load_variant("finnish").discard_pile.take_count == 0  # the whole pile: 001 §10 ¶c
    assert house("finnish", 448).discard_pile.take_count == 448  # the largest deck: eight packs and 32 jokers
    house("swedish-official", 1)  # one card with take_top_card_only: the two forms take the same card
    for bad in (-1, 449):
        with pytest.raises(canasta.VariantError) as err:
            house("finnish", bad)
        assert any(p.path == "discard_pile.take_count" for p in err.value.problems)


@pytest.mark.parametrize("parent", ["finnish", "modern-american"])
def test_hand_and_foot_txn_top_7_leaves_the_rest_as_the_pile(parent: str) -> None:
    # decisions P68: TXN top 7
    g = table(house(parent, 7), hands={0: "KS KH 4D 5H 7D"}, melds={0: {"A": "AS AH AD"}}, pile=TWELVE, opened={0: True})
    events = g.apply("take n2")
    taken = events_of(events, PileTaken)[0]
    assert (taken.cards, taken.top_only, taken.pending) == (7, False, False), "the event says the seven cards taken"
    st = g.state
    assert st.pile == cards("4C 5D 6H 7S 8C"), "the five cards below stay as the pile, in order"
    assert g.view(1).pile_size == 5 and g.view(1).pile_top is not None and g.view(1).pile_top.text == "8C"
    assert sorted(st.hand_cards(0)) == sorted(cards("4D 5H 7D 9D TH JS QC 8D 9H")), "six cards under the top come to the hand"
    assert st.melds[0][11][:3] == (3, 0, 0), "the top card is melded with the pair"
    assert_conserved(g)


def test_hand_and_foot_txn_top_7_a_pile_of_four_is_taken_whole() -> None:
    # decisions P68: fewer than 7 cards, the whole pile
    g = table(house("finnish", 7), hands={0: "KS KH 4D 5H 7D"}, melds={0: {"A": "AS AH AD"}}, pile="6C 9D TH KC")
    taken = events_of(g.apply("take n2"), PileTaken)[0]
    assert taken.cards == 4
    assert g.state.pile == [] and not g.state.frozen
    assert g.state.sizes[0] == 3 + 3


def _frozen_at(g: canasta.Game, where: int) -> canasta.Game:
    """The pile frozen by the wild card at ``where`` from the bottom, discarded by seat 3."""
    st = g.state
    st.freeze(FreezeReason.WILD_DISCARD, st.pile[where], 3)
    st.frozen_at = where
    return g


@pytest.mark.parametrize(("where", "stays"), [(2, True), (4, True), (5, False), (9, False)])
def test_a_pile_stays_frozen_while_the_card_that_froze_it_is_left(where: int, stays: bool) -> None:
    # 000 LÅST HÖG 2-3, 001 §17 A: the wild card lies crosswise; the pile thaws when it is taken
    pile = cards(TWELVE)
    pile[where] = cards("2C")[0]
    g = _frozen_at(table(house("finnish", 7), hands={0: "KS KH 4D 5H 7D"}, melds={0: {"A": "AS AH AD"}}, pile=pile), where)
    assert g.violation("take n1 t1") is not None, "frozen: only a natural pair takes it (001 §14 B)"
    g.apply("take n2")
    st = g.state
    assert len(st.pile) == 5
    assert st.frozen is stays
    assert g.view(1).pile_frozen is stays
    if stays:
        assert st.freeze_reason is FreezeReason.WILD_DISCARD and st.frozen_by == cards("2C")[0]
    else:
        assert st.freeze_reason is None


def test_always_frozen_stays_frozen_after_a_partial_take() -> None:
    g = table(house("modern-american", 3), hands={0: "KS KH 4D 5H 7D"}, melds={0: {"A": "AS AH AD"}}, pile=TWELVE)
    g.apply("take n2")
    assert len(g.state.pile) == 9 and g.state.frozen and g.state.freeze_reason is FreezeReason.ALWAYS


def test_take_top_card_only_is_unchanged_by_take_count() -> None:
    # 000 ATT TA HÖGEN 3 b: the top card alone, whatever take_count says
    g = table(house("swedish-official", 7), hands={0: "KS KH 4D 5H 7D"}, melds={0: {"A": "AS AH AD"}}, pile=TWELVE)
    taken = events_of(g.apply("take-top n2"), PileTaken)[0]
    assert taken.cards == 1 and taken.top_only
    assert g.state.pile == cards(TWELVE)[:-1]


def test_red_threes_taken_with_the_top_cards_are_laid_and_those_below_stay() -> None:
    # 004 L166: red threes taken with the pile are laid at once; one left in the pile stays there
    g = table(house("finnish", 3), hands={0: "KS KH 4D 5H 7D"}, melds={0: {"A": "AS AH AD"}}, pile="3D 6C 7S 8C 3H KC")
    g.apply("take n2")
    st = g.state
    assert st.pile == cards("3D 6C 7S")
    assert cards("3H")[0] in st.red_threes[0] and cards("3D")[0] not in st.red_threes[0]
    assert cards("8C")[0] in st.hand_cards(0)
    assert_conserved(g)


def test_an_opening_from_the_pile_holds_back_only_the_cards_taken_and_retracts_in_order() -> None:
    # 004 L70, 001 §26 A: the cards taken wait for the opening; taken back, the pile is as it was
    spec = dict(hands={0: "KS KH QS QH QD 4D 5H 7D 9S"}, pile=TWELVE, opened={0: False}, scores=[0, 0])
    g = table(house("finnish", 7), **spec)
    taken = events_of(g.apply("take n2"), PileTaken)[0]
    assert (taken.cards, taken.pending) == (7, True)
    st = g.state
    assert len(st.pending) == 6 and st.pile == cards("4C 5D 6H 7S 8C")
    released = events_of(g.apply("meld Q n3"), PileReleased)  # 30 + 30 reaches 50 (001 §13 A)
    assert released and released[0].cards == 6
    assert g.state.pile == cards("4C 5D 6H 7S 8C") and not g.state.pending
    assert_conserved(g)
    g = table(house("finnish", 7), **spec)
    g.apply("take n2")
    g.apply("retract")
    assert g.state.pile == cards(TWELVE), "the pile is put back in its order: what was left, what was held back, the top card"
    assert_conserved(g)


def _playout(variant: canasta.Variant, players: int, seed: int, *, hands: int, check_every: int) -> tuple[canasta.Game, int]:
    """Play ``hands`` hands, taking the pile whenever it may be taken; at every ``check_every``-th step, the fast listing
    must agree with the full check over the whole action pool. Returns the game and the partial takes seen."""
    g = canasta.Game(variant, players=players, seed=seed, hands=hands)
    rng = random.Random(seed)
    partial = 0
    step = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, "no dead end"
        if step % check_every == 0:
            listed = set(legal)
            before = snapshot(g)
            for a in POOL:
                assert (g.violation(a) is None) == (a in listed), f"{a}: check and legal_actions disagree"
            assert snapshot(g) == before
        takes = [a for a in legal if isinstance(a, canasta.TakePile)]
        action = rng.choice(takes) if takes and rng.random() < 0.8 else rng.choice(legal)
        size = len(g.state.pile)
        for e in g.apply(action):
            if isinstance(e, PileTaken) and not e.top_only:
                assert e.cards == min(size, variant.discard_pile.take_count or size)
                partial += e.cards < size
        assert_conserved(g)
        step += 1
    return g, partial


@pytest.mark.parametrize(
    ("parent", "take_count", "players", "extra"),
    [
        ("finnish", 7, 4, ""),
        ("modern-american", 5, 4, ""),
        ("swedish-official", 3, 4, ""),
        ("regency", 1, 2, ""),
        ("regency", 2, 3, "[end_of_stock]\nmode = \"optional_pickup\"\nchain = true\n"),
    ],
)
def test_a_take_count_profile_plays_many_hands_and_lists_what_the_check_allows(parent: str, take_count: int, players: int, extra: str) -> None:
    variant = house(parent, take_count, extra)
    g, partial = _playout(variant, players, seed=take_count * 11 + players, hands=4, check_every=7)
    assert partial > 0, "the playout took part of a pile"
    assert g.hand_number >= 1


def test_replaying_a_take_count_game_reproduces_it() -> None:
    g, partial = _playout(house("finnish", 7), 4, seed=5, hands=2, check_every=10**9)
    assert partial > 0
    record = g.record()
    again = canasta.Game.replay(GameRecord.from_toml(record.to_toml()))
    assert again.scores == g.scores and again.hand_scores == g.hand_scores
    assert snapshot(again) == snapshot(g)
    assert all(again.view(s) == g.view(s) for s in range(g.players))
