"""Views: what one seat may see, and nothing more (the OpenSpiel observer idea).

A view holds the seat's own hand, every meld and red three on the table, the
pile's top card, size, frozen state and public discard history, the other
players' hand sizes, the stock size and the scores. Other players' cards and
the order of the stock never appear in it.
"""

from __future__ import annotations

import attrs

from .state import ANSWER, DRAW, MELD, OVER, State

_PHASES = {DRAW: "draw", MELD: "meld", ANSWER: "answer", OVER: "over"}


@attrs.frozen(kw_only=True)
class MeldView:
    """A meld on the table."""

    rank: int
    """Rank index (3 for black threes, 13 for the wild-card meld)."""
    naturals: int
    twos: int
    jokers: int
    cards: tuple[int, ...]
    is_canasta: bool
    is_natural: bool


@attrs.frozen(kw_only=True)
class PlayerView:
    """One seat's view of the table."""

    seat: int
    side: int
    hand_number: int
    current_player: int
    phase: str
    hand: tuple[int, ...]
    """This seat's own cards, as sorted card codes."""
    hand_sizes: tuple[int, ...]
    """Every seat's number of cards in hand."""
    melds: tuple[tuple[MeldView, ...], ...]
    """Each side's melds."""
    red_threes: tuple[tuple[int, ...], ...]
    """Each side's red threes on the table."""
    opened: tuple[bool, ...]
    """Whether each side has made its initial meld this hand."""
    pile_top: int | None
    pile_size: int
    pile_frozen: bool
    discards: tuple[tuple[int, int], ...]
    """Cards put on the pile this hand, in order, as (seat, card); seat -1 marks an upcard."""
    stock_size: int
    scores: tuple[int, ...]
    opening_minimums: tuple[int, ...]
    """Each side's opening minimum this hand."""


def make_view(st: State, seat: int) -> PlayerView:
    """Build the view of ``seat``."""
    r = st.rules
    if not 0 <= seat < r.players:
        raise ValueError(f"seat {seat} is not at this table of {r.players}")
    size = r.canasta_size
    melds = tuple(
        tuple(
            MeldView(
                rank=rank,
                naturals=n,
                twos=t,
                jokers=j,
                cards=cards,
                is_canasta=n + t + j >= size,
                is_natural=(t + j == 0) if rank != 13 else (t == 0 or j == 0),
            )
            for rank, (n, t, j, cards) in sorted(side_melds.items())
        )
        for side_melds in st.melds
    )
    return PlayerView(
        seat=seat,
        side=r.side_of[seat],
        hand_number=st.hand_number,
        current_player=st.current,
        phase=_PHASES[st.phase],
        hand=tuple(st.hand_cards(seat)),
        hand_sizes=tuple(st.sizes),
        melds=melds,
        red_threes=tuple(tuple(x) for x in st.red_threes),
        opened=tuple(st.opened),
        pile_top=st.pile[-1] if st.pile else None,
        pile_size=len(st.pile),
        pile_frozen=st.frozen,
        discards=tuple(st.history),
        stock_size=len(st.stock),
        scores=tuple(st.scores),
        opening_minimums=tuple(st.minimum(side) for side in range(r.sides)),
    )
