"""The table in plain text: one layout for ``str(view)``, ``str(game)``, the OpenSpiel and PettingZoo adapters and ``canasta play``.

As python-chess draws one board for ``str(board)`` and ``board.unicode()``,
every drawing of the table is this one layout; what changes is the
perspective:

- whose hands show: the view's own seat (``str(view)``), every seat
  (``str(game)``, which passes ``hands``) or none (a view from no seat,
  ``seat=-1``, as OpenSpiel's public observation draws it);
- how it speaks: of seats by number (``seat 2``), or to the person at the
  view's seat (``person=True``, as ``canasta play`` does): ``you``,
  ``seat 2 (partner)``, ``side 0 (seats 0 2, yours)``, that person's hand
  grouped by rank.

``canasta play`` adds notes of its own to the pile (what taking it needs now,
:func:`canasta.play.text.take_notes`) and its prompts below the table.

The words are the engine's facts, read from the view: a meld's kind is the
:class:`~canasta.core.canastas.CanastaKind` it makes (``5 cards, mixed, 2 to
canasta``: the kind decides the canasta bonus, 001 §15 B, and whether it can be
the natural canasta going out may need, 001 §18), and why the pile is frozen
is the view's ``pile_frozen_by``, ``pile_freezing_card`` and
``pile_freezing_seat``. Example: ``print(view)``, the
view of seat 3 in a Finnish game (seed 4) the heuristic bots have played for a
while::

    finnish, 4 players, hand 1: seat 3 to draw    scores 0 : 0 (target 5000)
    stock 36 cards   pile 24 cards, top 9H (frozen: seat 1 discarded the wild card 2H)
    side 0 (seats 0 2): opened; red threes: 3D 3D 3H 3H
      5  5D 5C JK                       3 cards, mixed, 4 to canasta
      7  7H 7D 7C 7D 7C JK JK           mixed canasta (7 cards)
    side 1 (seats 1 3): not opened, needs 50 points to open; red threes: none
      (no melds)
      seat 0  5 cards
      seat 1  11 cards
      seat 2  7 cards
    > seat 3  4C 5C 5H TC JH JS JS QD QS AH AS    (11 cards)

Spoken to that person (``canasta play``), the same lines say ``you to
draw``, ``seat 1 (partner) discarded the wild card 2H``, ``side 1 (seats 1
3, yours)`` and ``> seat 3 (you)       A: AH AS | Q: QD QS | ...``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .canastas import KIND_WORDS, CanastaKind, canasta_kind
from .cards import Card
from .events import FreezeReason
from .phases import Phase, Question

if TYPE_CHECKING:
    from .table import TableRules
    from .views import MeldView, PlayerView

MELD_CARDS_WIDTH = 30
"""A meld's cards are padded to this width, so the canasta status of every meld starts in one column."""



_FREEZING_DISCARDS = {FreezeReason.WILD_DISCARD: "wild card", FreezeReason.BLACK_THREE_DISCARD: "black three"}
"""What a discard that froze the pile is called (000 LÅST HÖG 2, 001 §17 B; a black three only where the profile says so)."""


# -- who is who ------------------------------------------------------------------------


def _seated(view: PlayerView) -> bool:
    """Whether the view is drawn from a seat at the table (not from no seat, as a public observation is)."""
    return 0 <= view.seat < view.players


def seat_name(view: PlayerView, seat: int, *, person: bool = False) -> str:
    """``seat 2``; spoken to the person at ``view.seat``: ``you``, ``seat 2 (partner)`` or ``seat 1 (opponent)``."""
    if not (person and _seated(view)):
        return f"seat {seat}"
    if seat == view.seat:
        return "you"
    return f"seat {seat} ({'partner' if seat in view.partners else 'opponent'})"


def seat_label(view: PlayerView, seat: int, *, person: bool = False) -> str:
    """A seat in a list of seats: as :func:`seat_name`, with the person's own seat as ``seat 0 (you)``."""
    if person and _seated(view) and seat == view.seat:
        return f"seat {seat} (you)"
    return seat_name(view, seat, person=person)


def _possessive(name: str) -> str:
    return "your" if name == "you" else f"{name}'s"


def side_seats(view: PlayerView, side: int) -> tuple[int, ...]:
    """The seats of a side, in seat order."""
    return tuple(s for s in range(view.players) if view.rules.side_of[s] == side)


def side_name(view: PlayerView, side: int, *, person: bool = False) -> str:
    """``side 0 (seats 0 2)``; spoken to the person at ``view.seat``, their own side is ``side 0 (seats 0 2, yours)``."""
    seats = " ".join(str(s) for s in side_seats(view, side))
    mine = ", yours" if person and _seated(view) and side == view.side else ""
    return f"side {side} (seats {seats}{mine})"


# -- the parts of the table --------------------------------------------------------------


def hand_groups(cards: Sequence[Card]) -> str:
    """A hand grouped by rank, high ranks first, then black threes, then the wild cards: ``A: AS AH | K: KC | wild: 2C JK``."""
    if not cards:
        return "(no cards)"
    naturals: dict[str, list[str]] = {}
    order: list[tuple[int, str]] = []
    wild: list[str] = []
    for card in cards:
        if card.is_wild:
            wild.append(card.text)
            continue
        key = card.rank.text
        if key not in naturals:
            naturals[key] = []
            order.append((int(card.rank), key))
        naturals[key].append(card.text)
    groups = [f"{key}: {' '.join(naturals[key])}" for _, key in sorted(order, reverse=True)]
    if wild:
        groups.append(f"wild: {' '.join(wild)}")
    return " | ".join(groups)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(c.text for c in cards) if cards else "(no cards)"


def count_text(n: int) -> str:
    """``1 card``, ``7 cards``."""
    return f"{n} card{'' if n == 1 else 's'}"


def kind_text(kind: CanastaKind) -> str:
    """A canasta kind in words: ``natural``, ``mixed``, ``wild`` or ``pure wild``."""
    return KIND_WORDS[kind]


def meld_line(m: MeldView) -> str:
    """A meld, its cards and its canasta status: ``5 cards, mixed, 2 to canasta`` or ``natural canasta (7 cards)`` (001 §15).

    A canasta is of the view's ``canasta_kind``; a meld still short of one, of
    the kind it would make as it stands.
    """
    cards = " ".join(c.text for c in m.cards)
    kind = kind_text(m.canasta_kind if m.canasta_kind is not None else canasta_kind(m.rank, m.twos, m.jokers))
    status = f"{kind} canasta ({m.size} cards)" if m.is_canasta else f"{m.size} cards, {kind}, {m.to_canasta} to canasta"
    return f"  {m.rank.text:<2} {cards:<{MELD_CARDS_WIDTH}} {status}"


def card_noun(card: Card) -> str:
    """``a wild card``, ``a red three``, ``a black three`` or ``a card``: what the table calls a card that freezes or blocks the pile."""
    if card.is_wild:
        return "a wild card"
    if card.is_red_three:
        return "a red three"
    if card.is_black_three:
        return "a black three"
    return "a card"


def frozen_text(view: PlayerView, *, person: bool = False) -> str:
    """Why the pile is frozen, from the view (000 LÅST HÖG 2, 001 §17 B, 000 HUR SPELET BÖRJAR 1.3, 001 §10).

    ``the upcard 2C is a wild card``, ``seat 1 discarded the wild card JK``
    (a black three where ``black_threes.discard = "freeze"``), or, for a pile a
    position set frozen, the wild card that lies in it.
    """
    reason, card = view.pile_frozen_by, view.pile_freezing_card
    if reason is FreezeReason.ALWAYS:
        return "always, under these rules"
    if card is not None and reason is FreezeReason.UPCARD:
        return f"the upcard {card.text} is {card_noun(card)}"
    if card is not None and reason in _FREEZING_DISCARDS:
        what = f"the {_FREEZING_DISCARDS[reason]} {card.text}"
        seat = view.pile_freezing_seat
        return f"{seat_name(view, seat, person=person)} discarded {what}" if seat is not None else f"{what} was discarded into it"
    pile = [c for _, c in view.discards[-view.pile_size :]] if view.pile_size else []
    lying = next((c for c in pile if c.is_wild or c.is_red_three), None)
    if lying is not None:
        return f"{card_noun(lying)} ({lying.text}) lies in it"
    return "set by the position" if reason is FreezeReason.POSITION else "it was frozen earlier this hand"


def pile_text(view: PlayerView, *, person: bool = False, notes: Sequence[str] = ()) -> str:
    """The pile: its size, top card and whether it is frozen and why, then ``notes`` (``canasta play`` adds what taking it needs)."""
    if view.pile_size == 0 or view.pile_top is None:
        return "pile empty"
    found = [f"frozen: {frozen_text(view, person=person)}" if view.pile_frozen else "not frozen", *notes]
    return f"pile {count_text(view.pile_size)}, top {view.pile_top.text} ({'; '.join(found)})"


def threes_text(view: PlayerView, side: int) -> str:
    """The side's bonus threes on the table: ``red threes: 3H 3D``; where black threes are bonus cards too (Modern
    American EBB §2.8), each colour apart, since each scores by its own count: ``red threes: 3H; black threes: 3C 3S``
    (``threes: none`` when it has neither)."""
    cards = view.red_threes[side]
    red = " ".join(c.text for c in cards if not c.is_black_three)
    if not view.rules.black_bonus:
        return f"red threes: {red or 'none'}"
    black = " ".join(c.text for c in cards if c.is_black_three)
    shown = [f"{colour} threes: {found}" for colour, found in (("red", red), ("black", black)) if found]
    return "; ".join(shown) or "threes: none"


def opening_text(view: PlayerView, side: int) -> str:
    """Whether the side has opened and, if not, the minimum it needs and what this turn has melded toward it (001 §13);
    once the match is over, only whether it opened."""
    if view.opened[side]:
        return "opened"
    if view.phase is Phase.OVER:
        return "never opened"
    text = f"not opened, needs {view.opening_minimums[side]} points to open"
    t = view.turn
    if view.rules.side_of[t.seat] == side and t.opening_points:
        text += f" (this turn {t.opening_points} so far, {t.opening_needed} more needed)"
    return text


def _head(view: PlayerView, person: bool) -> str:
    v = view
    if v.phase is Phase.OVER:
        state = "match over"
    else:
        who = seat_name(v, v.current_player, person=person)
        if v.phase is Phase.ANSWER:
            state = f"{who} to answer {_possessive(seat_name(v, v.turn.seat, person=person))} 'may I go out?'"
        else:
            state = f"{who} to {v.phase.value}"
    scores = " : ".join(str(s) for s in v.scores)
    return f"{v.variant.name}, {v.players} players, hand {v.hand_number}: {state}    scores {scores} ({match_goal(v.rules)})"


def match_goal(rules: TableRules) -> str:
    """What ends the match, for the table's first line: ``target 5000``, or ``4 hands`` where the match is a number of hands
    whatever the scores (``match.hands``; Hand and Foot: GOCC, FEU)."""
    return f"{rules.match_hands} hands" if rules.match_hands else f"target {rules.target}"


def turn_notes(view: PlayerView) -> list[str]:
    """What the turn in progress holds beyond the melds: a pile held back, a retract, the question, the end of the stock."""
    v, t = view, view.turn
    if v.phase is Phase.OVER:
        return []
    notes = []
    if t.pending_pile:
        notes.append(f"{t.pending_pile} pile cards held back until the opening stands")
    if t.retracted:
        notes.append("the opening was taken back this turn")
    if t.question is not Question.NOT_ASKED:
        notes.append(f"'may I go out?': {t.question.value.replace('_', ' ')}")
    if t.take_forced:
        notes.append("the stock is empty: the pile must be taken")
    elif t.stock_empty and v.phase is Phase.DRAW:
        notes.append("the stock is empty: take the pile or decline it" if v.to_act else "the stock is empty")
    return notes


def _hand_lines(view: PlayerView, hands: Sequence[Sequence[Card]] | None, person: bool) -> list[str]:
    """One line a seat, the seat to act marked ``>``: its cards where they show, else how many it holds."""
    v = view
    labels = [seat_label(v, seat, person=person) for seat in range(v.players)]
    width = max(len(label) for label in labels)
    lines = []
    for seat, label in enumerate(labels):
        marker = ">" if seat == v.current_player and v.phase is not Phase.OVER else " "
        cards = hands[seat] if hands is not None else v.hand if seat == v.seat else None
        if seat in v.sitting_out:
            body = "sits out this hand"
        elif cards is None:
            body = count_text(v.hand_sizes[seat])
        elif not cards:
            body = "(no cards)"
        else:
            shown = hand_groups(cards) if person and seat == v.seat else _cards(cards)
            body = f"{shown}    ({count_text(len(cards))})"
        if seat not in v.sitting_out:
            body += _own_reserve(v, seat)
        lines.append(f"{marker} {label:<{width}}  {body}")
    return lines


def _own_reserve(view: PlayerView, seat: int) -> str:
    """A seat's own reserve pile where each player has one dealt aside (Hand and Foot's foot: RVI, GOCC): face down until
    he empties his hand, then taken. Piles are given in order, so the one to come is the next still aside."""
    r = view.rules
    if not (r.reserve_sizes and r.reserve_per_player and r.reserve_dealt):
        return ""
    if view.reserve_received[seat]:
        return ", reserve pile taken"
    return f", reserve pile of {view.reserve_piles[0]} face down" if view.reserve_piles else ""


# -- the table ---------------------------------------------------------------------------


def table_lines(
    view: PlayerView,
    hands: Sequence[Sequence[Card]] | None = None,
    *,
    person: bool = False,
    pile_notes: Sequence[str] = (),
    width: int | None = None,
) -> list[str]:
    """The table's lines: the state and scores, stock and pile, each side's opening, red threes and melds, the turn, the hands.

    ``hands`` (every seat's cards) shows every hand, as ``str(game)`` does;
    ``person`` speaks to the person at ``view.seat``; ``pile_notes`` are added
    to the pile's line. ``width`` packs the table for a screen that many
    characters wide (``canasta play`` in a terminal of 80 columns): a side's
    melds side by side (:func:`meld_cell`), and the hand sizes of the other
    seats on one line.
    """
    v = view
    lines = [_head(v, person), f"stock {count_text(v.stock_size)}   {pile_text(v, person=person, notes=pile_notes)}"]
    lines.extend(family_lines(v, person=person))
    for side in range(v.sides):
        dead = f"; dead ranks: {' '.join(r.text for r in v.dead_ranks[side])}" if v.dead_ranks and v.dead_ranks[side] else ""
        lines.append(f"{side_name(v, side, person=person)}: {opening_text(v, side)}; {threes_text(v, side)}{dead}")
        if width is None:
            lines.extend(meld_line(m) for m in v.melds[side])
        else:
            lines.extend(packed([meld_cell(m) for m in v.melds[side]], width, indent="  "))
        if not v.melds[side]:
            lines.append("  (no melds)")
    notes = turn_notes(v)
    if notes:
        lines.append("this turn: " + "; ".join(notes))
    seats = _hand_lines(v, hands, person)
    if width is None or hands is not None:
        lines.extend(seats)
    else:
        lines.extend(line for seat, line in enumerate(seats) if seat == v.seat)
        held = [_held(v, seat, person) for seat in range(v.players) if seat != v.seat]
        lines.extend(packed(held, width, indent="  cards held: ", gap=", "))
    return lines


def _held(view: PlayerView, seat: int, person: bool) -> str:
    """How many cards a seat holds, for a packed table: ``seat 1: 13``, ``seat 2 (partner): 11``, ``seat 4 sits out``."""
    name = seat_name(view, seat, person=person).replace(" (opponent)", "")
    if seat in view.sitting_out:
        return f"{name} sits out"
    r = view.rules
    if r.reserve_sizes and r.reserve_per_player and r.reserve_dealt:  # his own reserve pile (Hand and Foot's foot): see _own_reserve
        if view.reserve_received[seat]:
            return f"{name}: {view.hand_sizes[seat]} (pile taken)"
        if view.reserve_piles:
            return f"{name}: {view.hand_sizes[seat]} + {view.reserve_piles[0]} face down"
    return f"{name}: {view.hand_sizes[seat]}"


def meld_cell(m: MeldView) -> str:
    """A meld in a few words, for a packed table: ``K mixed canasta (7 cards)``, ``Q ×3 2S (mixed, 4 to go)``: its natural
    cards counted (their suits decide nothing in a meld of one rank), its wild cards named."""
    if m.is_canasta:
        kind = kind_text(m.canasta_kind if m.canasta_kind is not None else canasta_kind(m.rank, m.twos, m.jokers))
        return f"{m.rank.text} {kind} canasta ({count_text(m.size)})"
    kind = kind_text(canasta_kind(m.rank, m.twos, m.jokers))
    wild = [c.text for c in m.cards if c.is_wild]
    naturals = len(m.cards) - len(wild)
    cards = " ".join(([f"\u00d7{naturals}"] if naturals else []) + wild)
    return f"{m.rank.text} {cards} ({kind}, {m.to_canasta} to go)"


def packed(cells: Sequence[str], width: int, *, indent: str = "", gap: str = "   ") -> list[str]:
    """Cells side by side in lines of at most ``width`` characters where they fit, in order; a longer cell has a line of its own."""
    lines: list[str] = []
    line = ""
    for cell in cells:
        if line and len(line) + len(gap) + len(cell) <= width:
            line += gap + cell
            continue
        if line:
            lines.append(line)
        line = indent + cell
    if line:
        lines.append(line)
    return lines


def family_lines(view: PlayerView, *, person: bool = False) -> list[str]:
    """The table's line for the reserve piles, where a profile has them: those still to give, who had one, one owed this turn.

    ``reserve piles left: 4 3 (side 0 had one)``. The rules of the profile (its special ranks among them) are not
    drawn on the table: they are in the statement of the rules, :mod:`canasta.variants.statement`.
    """
    v, r = view, view.rules
    lines = []
    if r.reserve_sizes:
        left = " ".join(str(n) for n in v.reserve_piles) or "none"
        got = [i for i, done in enumerate(v.reserve_received) if done]
        unit = seat_name if r.reserve_per_player else side_name
        had = f" ({', '.join(unit(v, i, person=person) for i in got)} had one)" if got else ""
        owed = "; one is owed this turn, after the discard" if v.turn.reserve_owed else ""
        lines.append(f"reserve piles left: {left}{had}{owed}")
    return lines


def render_table(view: PlayerView, hands: Sequence[Sequence[Card]] | None = None) -> str:
    """The table as text from ``view``'s seat (``str(view)``); ``hands`` (every seat's cards) shows all hands, as ``str(game)`` does."""
    return "\n".join(table_lines(view, hands))


__all__ = [
    "MELD_CARDS_WIDTH",
    "card_noun",
    "count_text",
    "family_lines",
    "frozen_text",
    "hand_groups",
    "kind_text",
    "meld_cell",
    "meld_line",
    "opening_text",
    "packed",
    "pile_text",
    "render_table",
    "seat_label",
    "seat_name",
    "side_name",
    "side_seats",
    "table_lines",
    "threes_text",
    "turn_notes",
]
