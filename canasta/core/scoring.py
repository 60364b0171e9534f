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
    from collections.abc import Sequence

    from .state import State
    from .table import TableRules


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
    """Penalties, as a negative number: those applied during the hand (001 §23 D, a director's) and red threes left in a hand (001 §21 H; 004 L164)."""

    @property
    def total(self) -> int:
        """The side's score for the hand: the sum of the parts."""
        return self.canastas + self.red_threes + self.going_out + self.melded + self.in_hand + self.penalties


def side_score(
    rules: TableRules,
    *,
    side: int,
    canasta_kinds: Sequence[CanastaKind] = (),
    red_threes: int = 0,
    red_threes_unplayed: int = 0,
    red_threes_in_hand: int = 0,
    has_meld: bool,
    melded: int = 0,
    in_hand: int = 0,
    went_out: bool = False,
    concealed: bool = False,
    penalties: int = 0,
) -> HandScore:
    """One side's score for a hand, from what a table counts: the one scoring rule of the engine and the score sheet (topics M, J).

    ``red_threes`` are the side's red threes on the table; ``red_threes_unplayed``
    those in the hand of a player who never had a turn, where dealt red threes
    are laid at the player's own turn: they count with the others (001 §21 G as
    decisions P30 reads it). ``red_threes_in_hand`` are red threes still in a
    hand for any other reason (kept, 004 L160; forgotten, 001 §21 H): they do
    not count toward the bonus, and each costs ``red_threes.unmelded_penalty``
    (004 L164, L264; 001 §21 H; decisions P44). ``melded`` and ``in_hand`` are
    card points (``in_hand`` as a positive number), ``penalties`` the points of
    penalties already applied (positive). The red-three bonus counts plus when
    the side has melded (or has a canasta, 004 opt i), else minus (000
    POÄNGRÄKNING 4, 001 §21 F).
    """
    r = rules
    kinds = tuple(canasta_kinds)
    threes = red_threes + red_threes_unplayed
    bonus = r.red_three_table[min(threes, len(r.red_three_table)) - 1] if threes else 0
    qualifies = bool(kinds) if r.red_threes_need_canasta else has_meld
    going_out = (r.concealed_bonus if concealed else r.going_out_bonus) if went_out else 0
    return HandScore(
        side=side,
        canastas=sum(r.canasta_bonus(kind) for kind in kinds),
        canasta_kinds=kinds,
        red_threes=bonus if qualifies else -bonus,
        going_out=going_out,
        melded=melded,
        in_hand=-in_hand,
        penalties=-(penalties + red_threes_in_hand * r.unmelded_red_three_penalty),
    )


def score_hand(st: State, went_out: int | None, concealed: bool) -> tuple[HandScore, ...]:
    """Score the hand just ended for every side (topics M, J; 000 POÄNGRÄKNING 1-4, 001 §34 B), by :func:`side_score`.

    A red three still in a hand counts with the side's red threes when its
    player never had a turn and dealt red threes wait for the player's turn,
    as they do where laying them is the player's choice (001 §21 G, decisions
    P30, P46); any other costs ``red_threes.unmelded_penalty`` (001 §21 H,
    004 L164; decisions P44).
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
                kinds.append(r.kind_of(rank, t, j))
        unplayed = kept = in_hand = 0
        for seat in seats:
            hand = st.hands[seat]
            in_hand += sum(value[c] * hand[c] for c in range(len(hand)) if hand[c] and c not in RED_THREES)
            threes = st.red_threes_in_hand(seat)
            if threes and (r.red_threes_in_hand_count_as_laid or (not st.had_turn[seat] and r.dealt_red_threes_wait)):
                unplayed += threes
            else:
                kept += threes
        out.append(
            side_score(
                r,
                side=side,
                canasta_kinds=kinds,
                red_threes=len(st.red_threes[side]),
                red_threes_unplayed=unplayed,
                red_threes_in_hand=kept,
                has_meld=bool(st.melds[side]),
                melded=melded,
                in_hand=in_hand,
                went_out=went_out is not None and r.side_of[went_out] == side,
                concealed=concealed,
                penalties=st.penalties[side],
            )
        )
    return tuple(out)
