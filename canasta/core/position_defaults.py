"""What a table shows of the keys a position leaves out, under the profile in play (docs/scenarios.md, "Keys left out").

A position describes a table; a key it leaves out is what a table in that
state would have under the profile in play: the reserve piles gone
(``reserve``), the turns played (``turns``), whether the pile is frozen
(``pile.frozen``), the seats still waiting for their first turn
(``waiting``), the hand number (``hand_number``). Where the table cannot show it, each function says why, and
:mod:`canasta.core.positions` refuses the position naming the key, so a
default never silently gives a side the wrong cards or the wrong rule.
"""

from __future__ import annotations

from canasta.variants.enums import ReserveTrigger

from .cards import JOKER, RED_THREES, THREE, TWO, rank_text
from .state import State
from .table import TableRules


def default_waiting(st: State, rules: TableRules) -> list[int]:
    """The seats whose first turn has not come, where a position leaves out ``waiting``: another seat holding a bonus card where dealt ones wait.

    Where dealt red threes wait for the player's own turn (000 RÖDA TREOR 1,
    001 §21 B), a seat other than the one to play that holds a red three (or
    a black one, where black threes are bonus cards) has not had a turn: play
    reaches that no other way.
    """
    if rules.keep_red_threes or rules.deal_red_threes_at_once:  # a red three in hand was kept (004 L160), or none waits
        return []
    return [s for s in range(rules.players) if s != st.current and st.bonus_cards_in_hand(s)]


TRIGGER_WORDS = {ReserveTrigger.OPENING: "opened", ReserveTrigger.FIRST_CANASTA: "a canasta", ReserveTrigger.EMPTY_HAND: "emptied a hand"}
"""What a side shows on the table once its ``reserve.trigger`` has come, by trigger: its opening, or its first canasta."""


def reserve_default(st: State, rules: TableRules) -> tuple[int, list[int]] | str:
    """What the table shows of the reserve piles where a position leaves out ``reserve``: (piles gone, sides that had one), or why it cannot be told.

    A pile goes at a side's trigger, to the side or lost to it, in the order
    of ``reserve.sizes`` (WCA "This is called a Talon", EBB §2.4): where the
    trigger leaves a mark on the table (its opening, its first canasta) and
    each side receives one, every side that shows it has had its pile and the
    next pile is the one of the next size. Before anything is melded no
    trigger has come: no hand is emptied without a meld. Anything else (piles
    per player, a trigger the table does not show, more such sides than
    piles) cannot be told, and the position must say it.
    """
    trigger = rules.reserve_trigger
    shown = [s for s in range(rules.sides) if st.melds[s] or st.opened[s]]
    if trigger is ReserveTrigger.OPENING:
        shown = [s for s in range(rules.sides) if st.opened[s]]
    elif trigger is ReserveTrigger.FIRST_CANASTA:
        shown = [s for s in range(rules.sides) if st.canastas(s)[0]]
    if not shown:
        return 0, []
    sides = ", ".join(str(s) for s in shown)
    if trigger is ReserveTrigger.EMPTY_HAND:
        return f"a pile is given to a player who empties his hand (reserve.trigger = \"empty_hand\"), and the melds of side(s) {sides} do not show whether one has"
    if rules.reserve_per_player:
        return f"side(s) {sides} have {TRIGGER_WORDS[trigger]}, and which of their players received a pile (reserve.one_per = \"player\") is not on the table"
    if len(shown) > len(rules.reserve_sizes):
        return f"sides {sides} have {TRIGGER_WORDS[trigger]}, more than the {len(rules.reserve_sizes)} pile(s) of reserve.sizes: which of them had one is not on the table"
    return len(shown), shown


def first_round_turns(st: State, rules: TableRules) -> int | str:
    """The turns played this hand where a position leaves out ``turns`` under a first-round rule (``discards.not_in_first_round``; Cuban RG), or why it cannot be told.

    With nothing melded the hand is in its first round, at the seat to act's
    first turn: the turns of the seats from the dealer's left to him. Melds
    on the table show a hand under way, and how far it has gone is not on the
    table.
    """
    if any(st.melds[s] or st.opened[s] for s in range(rules.sides)):
        ranks = " ".join(rank_text(r) for r, barred in enumerate(rules.discard_not_first_round) if barred)
        return f"under these rules the first round of turns decides what may be discarded (discards.not_in_first_round: {ranks}), and the melds on the table show a hand under way"
    order = rules.seating(st.hand_number).turn_order(st.dealer)
    return order.index(st.current) if st.current in order else 0


def pile_freezes(rules: TableRules, cards: list[int]) -> bool | None:
    """Whether the cards of a pile have frozen it under these rules, as a table would have it; None where it cannot be told.

    A wild card freezes it where a discarded one does (``discard_pile.wild_discard_freezes``,
    000 LÅST HÖG 2, 001 §17 B), a black three where a discarded one does
    (``black_threes.discard = "freeze"``, decisions P16), a red three (only
    ever the upcard) where the upcard rules say (``upcard``, decisions P15).
    The bottom cards up to the first natural one may have been turned up as
    the upcard (000 HUR SPELET BÖRJAR 1.2-1.4, 001 §6 B) or discarded after
    the pile was taken: where the rules freeze the pile for one and not the
    other, and no other card decides, the answer is None.
    """
    upcards = 0
    if rules.upcard_enabled:
        for card in cards:
            upcards += 1
            if card != JOKER and card >> 2 not in (TWO, THREE):
                break
    unknown = False
    for i, card in enumerate(cards):
        if card in RED_THREES:
            readings = {rules.upcard_red_three_freezes}
        elif card == JOKER or card >> 2 == TWO:
            readings = {rules.wild_discard_freezes, *((rules.upcard_wild_freezes,) if i < upcards else ())}
        elif card >> 2 == THREE:
            readings = {rules.black_three_freezes_discard, *((rules.upcard_black_three_freezes,) if i < upcards else ())}
        else:
            continue
        if readings == {True}:
            return True
        unknown = unknown or len(readings) > 1
    return None if unknown else False


def hand_number_unknown(rules: TableRules) -> str | None:
    """What the hand number decides under these rules, where a position leaves it out and its scores show hands played; None where it decides nothing a table would miss.

    Left out, the hand is the first, whose scores are all 0. Where the
    opening minimum goes by the hand (``initial_meld.minimums_by_hand``) or
    the match lasts a number of hands (``match.hands``), a later hand's
    number is not on the table.
    """
    decides = []
    if rules.minimums_by_hand:
        decides.append("the opening minimum (initial_meld.minimums_by_hand)")
    if rules.match_hands:
        decides.append(f"when the match ends (match.hands = {rules.match_hands})")
    return f"under these rules the hand number decides {' and '.join(decides)}" if decides else None


__all__ = ["TRIGGER_WORDS", "default_waiting", "first_round_turns", "hand_number_unknown", "pile_freezes", "reserve_default"]
