"""Build a seat's view from the state: compiled with the engine, and made from what changed, since a bot builds one per decision.

:mod:`canasta.core.views` defines what a view holds; this module fills one
in. It runs once per bot decision and per learning step, so it is compiled
with the engine (``pyproject.toml``) and does no work twice: a meld's
:class:`~canasta.core.views.MeldView` is made once per meld (the engine
replaces a side's meld tuple whenever the meld changes, so the tuple itself
is the key), and a hand is read from its counts per card code in one pass.
The views it makes are those the pure build makes, field for field
(``tests/test_view_golden.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, TypeVar, cast

import attrs

from canasta.errors import ArgumentError
from canasta.variants.enums import DeadRanks

from . import legality
from .actions import DECLINE, Action
from .arguments import shown
from .canastas import counts_as_natural
from .cards import CARDS, N_CODES, WILD, Card, Rank
from .state import ANSWER, DRAW, OVER, MeldTuple, State
from .table import TableRules
from .views import PHASE_OF_CODE, MeldView, PlayerView, Question, TurnView

if TYPE_CHECKING:
    from canasta.variants import Variant

_QUESTIONS: Final = (Question.NOT_ASKED, Question.ASKED, Question.YES, Question.NO)

T = TypeVar("T")
Setter = Callable[[object, object], None]


def slot_setters(cls: type, names: tuple[str, ...]) -> tuple[Setter, ...]:
    """The slot setters of an attrs class's fields, which must be exactly ``names`` in order.

    A view is a frozen attrs class: its generated ``__init__`` sets each field
    through ``object.__setattr__`` looked up by name, which costs more than the
    rest of building the view. :func:`filled` sets the slots directly, which is
    only the same thing while the class has no validator, converter or
    ``__attrs_post_init__``; this raises ``TypeError`` at import when that stops
    being so, or when ``names`` no longer lists the fields in order.
    """
    fields = attrs.fields(cls)
    if tuple(f.name for f in fields) != names:
        raise TypeError(f"view_builder: {cls.__name__}'s fields are {[f.name for f in fields]}, not {list(names)}")
    if any(f.validator is not None or f.converter is not None for f in fields) or hasattr(cls, "__attrs_post_init__"):
        raise TypeError(f"view_builder: {cls.__name__} validates or converts a field; build it through its __init__")
    return tuple([getattr(cls, name).__set__ for name in names])


def filled(cls: type[T], setters: tuple[Setter, ...], values: tuple[object, ...]) -> T:
    """A new instance of ``cls`` with its slots set to ``values``, in the order of ``setters`` (see :func:`slot_setters`)."""
    new: T = object.__new__(cls)
    for i in range(len(setters)):
        setters[i](new, values[i])
    return new


_MELD_VIEW: Final = slot_setters(
    MeldView, ("rank", "naturals", "twos", "jokers", "cards", "is_canasta", "is_natural", "to_canasta", "canasta_kind")
)
_TURN_VIEW: Final = slot_setters(
    TurnView,
    (
        "seat",
        "drew_from_stock",
        "took_pile",
        "pending_pile",
        "opening_points",
        "opening_needed",
        "melded_ranks",
        "added_to_old_meld",
        "retracted",
        "question",
        "stock_empty",
        "take_forced",
        "opened_now",
        "reserve_owed",
    ),
)
_PLAYER_VIEW: Final = slot_setters(
    PlayerView,
    (
        "seat",
        "side",
        "players",
        "sides",
        "partners",
        "dealer",
        "hand_number",
        "turn_order",
        "sitting_out",
        "current_player",
        "phase",
        "hand",
        "hand_sizes",
        "melds",
        "red_threes",
        "opened",
        "pile_top",
        "pile_size",
        "pile_frozen",
        "pile_frozen_by",
        "pile_freezing_card",
        "pile_freezing_seat",
        "discards",
        "stock_size",
        "scores",
        "opening_minimums",
        "turn",
        "legal_actions",
        "variant",
        "rules",
        "dead_ranks",
        "reserve_piles",
        "reserve_received",
        "first_round",
    ),
)

MELD_VIEWS_KEPT: Final = 4096
"""How many meld views the memo keeps before it starts afresh (a few matches' worth)."""

_meld_views: dict[int, tuple[object, TableRules, int, MeldView]] = {}
"""The memo of meld views: ``id(meld tuple) -> (meld tuple, rules, rank, view)``.

The entry holds the tuple itself, so its id cannot be reused while the entry
lives, and a hit is checked by identity of tuple, rules and rank: it can only
give the view of that very meld at that very table."""


def meld_view(rules: TableRules, rank: int, meld: object) -> MeldView:
    """The view of one meld of ``rank`` (its canasta status by ``rules``), made once per meld tuple.

    ``meld`` is typed ``object`` so that the compiled code keeps the engine's
    own tuple object (a typed tuple would be unboxed and boxed anew, a new
    object each time, and the memo would never find it).
    """
    key = id(meld)
    found = _meld_views.get(key)
    if found is not None and found[0] is meld and found[1] is rules and found[2] == rank:
        return found[3]
    naturals, twos, jokers, cards = cast(MeldTuple, meld)
    size = rules.canasta_size
    total = naturals + twos + jokers
    view = filled(
        MeldView,
        _MELD_VIEW,
        (
            Rank.from_index(rank),  # rank
            naturals,  # naturals
            twos,  # twos
            jokers,  # jokers
            tuple([CARDS[c] for c in cards]),  # cards
            total >= size,  # is_canasta
            counts_as_natural(rank, twos, jokers),  # is_natural
            max(0, size - total),  # to_canasta
            rules.kind_of(rank, twos, jokers) if total >= size else None,  # canasta_kind
        ),
    )
    if len(_meld_views) >= MELD_VIEWS_KEPT:
        _meld_views.clear()
    _meld_views[key] = (meld, rules, rank, view)
    return view


def hand_of(st: State, seat: int) -> tuple[Card, ...]:
    """A seat's cards, sorted by code, read from its counts per code."""
    counts = st.hands[seat]
    out: list[Card] = []
    for code in range(N_CODES):
        k = counts[code]
        if k:
            card = CARDS[code]
            for _ in range(k):
                out.append(card)
    return tuple(out)


def make_turn_view(st: State, viewer: int) -> TurnView:
    """The state of the turn in progress, as ``viewer`` sees it.

    Whether the player to draw must take the pile at the end of the stock
    depends on his hand (the top card fits a meld of his, 001 §24 A), so only
    his own view says so: another seat's view leaves it False.
    """
    seat = st.asker if st.phase == ANSWER and st.asker >= 0 else st.current
    side = st.rules.side_of[seat]
    opened = st.opened[side]
    stock_empty = not st.stock
    forced = viewer == st.current and st.phase == DRAW and stock_empty and bool(st.pile) and legality.check(st, DECLINE) is not None
    return filled(
        TurnView,
        _TURN_VIEW,
        (
            seat,  # seat
            st.drew_from_stock,  # drew_from_stock
            st.pile_taken_top >= 0,  # took_pile
            len(st.pending),  # pending_pile
            0 if opened else st.turn_points,  # opening_points
            0 if opened else max(0, st.minimum(side) - st.turn_points),  # opening_needed
            tuple([Rank.from_index(r) for r in st.turn_new]),  # melded_ranks
            st.turn_added_old,  # added_to_old_meld
            st.retracted,  # retracted
            _QUESTIONS[st.asked],  # question
            stock_empty,  # stock_empty
            forced,  # take_forced
            st.opened_now,  # opened_now
            st.reserve_owed,  # reserve_owed
        ),
    )


def make_view(st: State, seat: object, legal: tuple[Action, ...] = (), variant: Variant | None = None) -> PlayerView:
    """Build the view of ``seat``; ``legal`` is the legal-action list when ``seat`` is to act.

    ``seat`` is typed ``object``: it is the caller's value, and the compiled code would refuse another type with a bare
    ``TypeError`` before the check below could say what is wrong.
    """
    r = st.rules
    if type(seat) is not int or not 0 <= seat < r.players:
        raise ArgumentError(f"seat {shown(seat)} is not at this table of {r.players} (seats 0 to {r.players - 1})")
    hand_number = st.hand_number
    if hand_number >= 1:
        seating = r.seating(hand_number)
        turn_order = seating.turn_order(st.dealer)
        sitting_out = seating.out
    else:
        turn_order = ()
        sitting_out = ()
    melds = tuple([_side_melds(r, cast("dict[int, object]", side_melds)) for side_melds in st.melds])
    frozen = st.frozen
    pile = st.pile
    sides = r.sides
    return filled(
        PlayerView,
        _PLAYER_VIEW,
        (
            seat,  # seat
            r.side_of[seat],  # side
            r.players,  # players
            sides,  # sides
            r.partners[seat],  # partners
            st.dealer,  # dealer
            hand_number,  # hand_number
            turn_order,  # turn_order
            sitting_out,  # sitting_out
            st.current,  # current_player
            PHASE_OF_CODE[st.phase],  # phase
            hand_of(st, seat),  # hand
            tuple(st.sizes),  # hand_sizes
            melds,  # melds
            tuple([tuple([CARDS[c] for c in threes]) for threes in st.red_threes]),  # red_threes
            tuple(st.opened),  # opened
            CARDS[pile[-1]] if pile else None,  # pile_top
            len(pile),  # pile_size
            frozen,  # pile_frozen
            st.freeze_reason if frozen else None,  # pile_frozen_by
            CARDS[st.frozen_by] if frozen and st.frozen_by >= 0 else None,  # pile_freezing_card
            st.freezing_seat if frozen and st.freezing_seat >= 0 else None,  # pile_freezing_seat
            tuple([(s, CARDS[c]) for s, c in st.history]),  # discards
            len(st.stock),  # stock_size
            tuple(st.scores),  # scores
            tuple([st.minimum(side) for side in range(sides)]),  # opening_minimums
            make_turn_view(st, seat),  # turn
            legal if seat == st.current and st.phase != OVER else (),  # legal_actions
            variant if variant is not None else r.variant,  # variant
            r,  # rules
            tuple([_dead_ranks(st, side) for side in range(sides)]) if r.dead_ranks is not DeadRanks.NONE else (),  # dead_ranks
            tuple(r.reserve_sizes[st.reserve_next :]),  # reserve_piles
            tuple(st.reserve_got) if r.reserve_sizes else (),  # reserve_received
            hand_number >= 1 and st.turns < len(turn_order),  # first_round
        ),
    )


def _side_melds(rules: TableRules, melds: dict[int, object]) -> tuple[MeldView, ...]:
    """A side's melds by rank; ``melds`` is typed with ``object`` values so that the compiled code passes the tuples on untouched."""
    return tuple([meld_view(rules, rank, melds[rank]) for rank in sorted(melds)])


def _dead_ranks(st: State, side: int) -> tuple[Rank, ...]:
    """The ranks a completed canasta has closed to ``side`` (``melds.dead_after_canasta``)."""
    return tuple([Rank.from_index(rank) for rank in range(WILD) if st.is_dead(side, rank)])


__all__ = ["hand_of", "make_turn_view", "make_view", "meld_view"]
