"""Scoring one hand, broken down per side (topics M; 000 POÄNGRÄKNING, 001 §34).

Each side scores its canasta bonuses, its red threes, the going-out bonus,
the points of its melded cards, minus the cards left in its players' hands,
minus penalties. The parts add up to ``total``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from .canastas import CanastaKind, canasta_kind
from .cards import RED_THREES

if TYPE_CHECKING:
    from .state import State


@attrs.frozen(kw_only=True)
class HandScore:
    """One side's score for one hand."""

    side: int
    canastas: int = 0
    """Canasta bonuses: natural, mixed and joker canastas (000 CANASTA 2-3, 001 §15 B, 004 opt b)."""
    canasta_kinds: tuple[CanastaKind, ...] = attrs.field(default=(), eq=False)
    """The kind of each of the side's canastas at the end of the hand, in rank order (joker canastas last).

    A detail of ``canastas``, which it adds up to (:meth:`canasta.TableRules.canasta_bonus`), so it is left out
    of ``==``: a score built from its points alone equals the engine's.
    """
    red_threes: int = 0
    """Red-three bonus, negative when the side did not qualify (000 POÄNGRÄKNING 4, 001 §21 F)."""
    going_out: int = 0
    """Going-out or concealed going-out bonus (000 UTGÅNG 3, DIREKT UTGÅNG 3, 001 §18 C, §19 B)."""
    melded: int = 0
    """Points of the side's melded cards (000 POÄNGRÄKNING 2, 001 §12)."""
    in_hand: int = 0
    """Points of the cards left in the side's hands, as a negative number (000 POÄNGRÄKNING 3)."""
    penalties: int = 0
    """Penalties, as a negative number (001 §21 H, §23 D; 004 L164)."""

    @property
    def total(self) -> int:
        """The side's score for the hand: the sum of the parts."""
        return self.canastas + self.red_threes + self.going_out + self.melded + self.in_hand + self.penalties


def score_hand(st: State, went_out: int | None, concealed: bool) -> tuple[HandScore, ...]:
    """Score the hand just ended for every side (topics M, J; 000 POÄNGRÄKNING 1-4, 001 §34 B).

    Red threes still in the hand of a player who never had a turn count with
    the side's red threes (001 §21 G as decisions P30 reads it).
    """
    r = st.rules
    value = r.value
    size = r.canasta_size
    out = []
    for side in range(r.sides):
        seats = [seat for seat in range(r.players) if r.side_of[seat] == side]
        melded = 0
        kinds: list[CanastaKind] = []
        for rank, (n, t, j, cards) in sorted(st.melds[side].items()):
            melded += sum(value[c] for c in cards)
            if n + t + j >= size:
                kinds.append(canasta_kind(rank, t, j))
        canastas = sum(r.canasta_bonus(kind) for kind in kinds)
        has_canasta = bool(kinds)
        threes = len(st.red_threes[side]) + sum(st.red_threes_in_hand(seat) for seat in seats)
        bonus = r.red_three_table[min(threes, len(r.red_three_table)) - 1] if threes else 0
        qualifies = has_canasta if r.red_threes_need_canasta else bool(st.melds[side])
        in_hand = 0
        for seat in seats:
            hand = st.hands[seat]
            in_hand -= sum(value[c] * hand[c] for c in range(len(hand)) if hand[c] and c not in RED_THREES)
        going_out = 0
        if went_out is not None and r.side_of[went_out] == side:
            going_out = r.concealed_bonus if concealed else r.going_out_bonus
        out.append(
            HandScore(
                side=side,
                canastas=canastas,
                canasta_kinds=tuple(kinds),
                red_threes=bonus if qualifies else -bonus,
                going_out=going_out,
                melded=melded,
                in_hand=in_hand,
                penalties=-st.penalties[side],
            )
        )
    return tuple(out)
