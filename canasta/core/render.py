"""The table in plain text: ``str(view)`` and ``str(game)``, the way ``print(chess.Board())`` draws a board.

One layout serves both: a view shows its own hand and the other hands as
counts; a game shows every hand. Example (a view of seat 0)::

    finnish, 4 players, hand 1: seat 0 to meld          scores 0 : 0
    stock 61   pile 3, top 7H, frozen
    side 0 (seats 0 2) opened (minimum 50)   red threes 3H
      K  KC KD KH KS 2C           5 cards, 2 to canasta
      Q  QC QC QD QD QH QS QS     natural canasta
    side 1 (seats 1 3) not opened (minimum 50)
      (no melds)
    > seat 0  4C 5D 7H 7S 9S JS JK    (7 cards)
      seat 1  11 cards
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import Card

if TYPE_CHECKING:
    from .views import MeldView, PlayerView


def _meld_line(m: MeldView) -> str:
    cards = " ".join(c.text for c in m.cards)
    status = m.kind if m.is_canasta else f"{m.size} cards, {m.to_canasta} to canasta"
    return f"  {m.rank.text:<2} {cards:<28} {status}"


def _hand_text(cards: Sequence[Card]) -> str:
    return " ".join(c.text for c in cards) if cards else "(no cards)"


def render_table(view: PlayerView, hands: Sequence[Sequence[Card]] | None = None) -> str:
    """The table as text; ``hands`` (every seat's cards) shows all hands, as ``str(game)`` does."""
    v = view
    scores = " : ".join(str(s) for s in v.scores)
    if v.phase == "over":
        state = "match over"
    elif v.phase == "answer":
        state = f"seat {v.current_player} to answer seat {v.turn.seat}'s 'may I go out?'"
    else:
        state = f"seat {v.current_player} to {v.phase}"
    lines = [f"{v.variant.name}, {v.players} players, hand {v.hand_number}: {state}    scores {scores}"]
    pile = f"pile {v.pile_size}"
    if v.pile_top is not None:
        pile += f", top {v.pile_top.text}"
    if v.pile_frozen:
        pile += ", frozen"
    lines.append(f"stock {v.stock_size}   {pile}")
    for side in range(v.sides):
        seats = " ".join(str(s) for s in range(v.players) if s % v.sides == side)
        opened = "opened" if v.opened[side] else "not opened"
        head = f"side {side} (seats {seats}) {opened} (minimum {v.opening_minimums[side]})"
        if v.red_threes[side]:
            head += "   red threes " + " ".join(c.text for c in v.red_threes[side])
        lines.append(head)
        melds = v.melds[side]
        lines.extend(_meld_line(m) for m in melds)
        if not melds:
            lines.append("  (no melds)")
    t = v.turn
    if v.phase != "over" and (t.opening_points or t.pending_pile or t.retracted or t.question != "not_asked" or t.take_forced):
        notes = []
        if t.opening_points:
            notes.append(f"opening so far {t.opening_points}, {t.opening_needed} more needed")
        if t.pending_pile:
            notes.append(f"{t.pending_pile} pile cards held back until the opening stands")
        if t.retracted:
            notes.append("opening taken back")
        if t.question != "not_asked":
            notes.append(f"'may I go out?': {t.question.value.replace('_', ' ')}")
        if t.take_forced:
            notes.append("end of stock: the pile must be taken")
        lines.append("turn: " + "; ".join(notes))
    for seat in range(v.players):
        marker = ">" if seat == v.current_player and v.phase != "over" else " "
        if hands is not None:
            body = f"{_hand_text(hands[seat])}    ({len(hands[seat])} cards)"
        elif seat == v.seat:
            body = f"{_hand_text(v.hand)}    ({len(v.hand)} cards)"
        else:
            body = f"{v.hand_sizes[seat]} cards"
        lines.append(f"{marker} seat {seat}  {body}")
    return "\n".join(lines)


__all__ = ["render_table"]
