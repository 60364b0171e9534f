"""Build a seat's view from the state: compiled with the engine, and made from what changed, since a bot builds one per decision.

:mod:`canasta.core.views` defines what a view holds; this module fills one
in. It runs once per bot decision and per learning step, so it is compiled
with the engine (``pyproject.toml``) and does no work twice: a meld's
:class:`~canasta.core.views.MeldView` is made once per meld (the engine
makes a meld's cards a new tuple whenever the meld changes, so that tuple is
the key), and a hand is read from its counts per card code in one pass. The
views are built through their classes' own constructors, by keyword.
The views it makes are those the pure build makes, field for field
(``tests/test_view_golden.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, TypeVar

import attrs

from canasta.errors import ArgumentError

from . import legality
from .actions import DECLINE, Action
from .arguments import shown
from .canastas import RANK_MASK, counts_as_natural
from .cards import CARDS, CODES_AT, N_CODES, WILD, Card, Rank
from .state import ANSWER, DRAW, OVER, MeldTuple, State
from .table import TableRules
from .views import PHASE_OF_CODE, MeldView, PlayerView, Question, TurnView

if TYPE_CHECKING:
    from canasta.variants import Variant

_QUESTIONS: Final = (Question.NOT_ASKED, Question.ASKED, Question.YES, Question.NO)

T = TypeVar("T")
Setter = Callable[[object, object], None]


def slot_setters(cls: type) -> tuple[tuple[str, Setter], ...]:
    """Each field of a frozen attrs class with the setter of its slot, in the class's own order.

    A view's generated ``__init__`` sets each field through ``object.__setattr__``
    looked up by name, which costs more than the rest of building a view;
    :func:`filled` sets the slots directly. That is the same thing only while
    the class has no validator, converter or ``__attrs_post_init__``, which
    this checks when the module loads.
    """
    fields = attrs.fields(cls)
    if any(f.validator is not None or f.converter is not None for f in fields) or hasattr(cls, "__attrs_post_init__"):
        raise TypeError(f"view_builder: {cls.__name__} validates or converts a field; build it through its __init__")
    return tuple([(f.name, getattr(cls, f.name).__set__) for f in fields])


def filled(cls: type[T], setters: tuple[tuple[str, Setter], ...], values: dict[str, object]) -> T:
    """A new instance of ``cls`` with each field set from ``values``, by name, as its ``__init__`` would (:func:`slot_setters`)."""
    if len(values) != len(setters):
        raise TypeError(f"view_builder: {cls.__name__} takes {[name for name, _ in setters]}, not {sorted(values)}")
    new: T = object.__new__(cls)
    for name, setter in setters:
        setter(new, values[name])
    return new


_MELD_VIEW: Final = slot_setters(MeldView)
_TURN_VIEW: Final = slot_setters(TurnView)
_PLAYER_VIEW: Final = slot_setters(PlayerView)


MELD_VIEWS_KEPT: Final = 4096
"""How many meld views the memo keeps before it starts afresh (a few matches' worth)."""

_meld_views: dict[int, tuple[tuple[int, ...], TableRules, int, MeldView]] = {}
"""The memo of meld views: ``id(the meld's cards) -> (cards, rules, rank, view)``.

A meld's cards are a new tuple whenever the meld changes, and they say its
naturals and wild cards, so the tuple names the meld as it is now. The entry
holds it, so its id cannot be reused while the entry lives, and a hit is
checked by identity of cards and rules and by the rank: it can only give the
view of that very meld at that very table."""


def meld_view(rules: TableRules, rank: int, naturals: int, twos: int, jokers: int, cards: tuple[int, ...]) -> MeldView:
    """The view of one meld of ``rank`` (its canasta status by ``rules``), made once per meld as it stands."""
    key = id(cards)
    found = _meld_views.get(key)
    if found is not None and found[0] is cards and found[1] is rules and found[2] == rank:
        return found[3]
    size = rules.canasta_size
    total = naturals + twos + jokers
    view = filled(
        MeldView,
        _MELD_VIEW,
        {
            "rank": Rank.from_index(rank),
            "naturals": naturals,
            "twos": twos,
            "jokers": jokers,
            "cards": tuple([CARDS[c] for c in cards]),
            "is_canasta": total >= size,
            "is_natural": counts_as_natural(rank, twos, jokers),
            "to_canasta": max(0, size - total),
            "canasta_kind": rules.kind_of(rank, twos, jokers) if total >= size else None,
        },
    )
    if len(_meld_views) >= MELD_VIEWS_KEPT:
        _meld_views.clear()
    _meld_views[key] = (cards, rules, rank, view)
    return view


def hand_of(st: State, seat: int) -> tuple[Card, ...]:
    """A seat's cards, sorted by code, read from its counts per code."""
    counts = st.counts[seat]
    out: list[Card] = []
    for code in range(N_CODES):
        k = counts[CODES_AT + code]
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
        {
            "seat": seat,
            "drew_from_stock": st.drew_from_stock,
            "took_pile": st.pile_taken_top >= 0,
            "pending_pile": len(st.pending),
            "opening_points": 0 if opened else st.turn_points,
            "opening_needed": 0 if opened else max(0, st.minimum(side) - st.turn_points),
            "melded_ranks": tuple([Rank.from_index(key & RANK_MASK) for key in st.turn_new]),
            "added_to_old_meld": st.turn_added_old,
            "retracted": st.retracted,
            "question": _QUESTIONS[st.asked],
            "stock_empty": stock_empty,
            "take_forced": forced,
            "opened_now": st.opened_now,
            "reserve_owed": st.reserve_owed,
        },
    )


def make_view(st: State, seat: object, legal: tuple[Action, ...] = (), variant: Variant | None = None, *, public_state: bool = False) -> PlayerView:
    """Build the view of ``seat``; ``legal`` is the legal-action list when ``seat`` is to act; with ``public_state``,
    the view carries :meth:`State.public_copy` of ``seat`` too (a copy: only bots that sample hidden cards ask for it).

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
    melds = tuple([_side_melds(r, side_melds) for side_melds in st.melds])
    frozen = st.frozen
    pile = st.pile
    sides = r.sides
    return filled(
        PlayerView,
        _PLAYER_VIEW,
        {
            "seat": seat,
            "side": r.side_of[seat],
            "players": r.players,
            "sides": sides,
            "partners": r.partners[seat],
            "dealer": st.dealer,
            "hand_number": hand_number,
            "turn_order": turn_order,
            "sitting_out": sitting_out,
            "current_player": st.current,
            "phase": PHASE_OF_CODE[st.phase],
            "hand": hand_of(st, seat),
            "hand_sizes": tuple(st.sizes),
            "melds": melds,
            "red_threes": tuple([tuple([CARDS[c] for c in threes]) for threes in st.red_threes]),
            "opened": tuple(st.opened),
            "pile_top": CARDS[pile[-1]] if pile else None,
            "pile_size": len(pile),
            "pile_frozen": frozen,
            "pile_frozen_by": st.freeze_reason if frozen else None,
            "pile_freezing_card": CARDS[st.frozen_by] if frozen and st.frozen_by >= 0 else None,
            "pile_freezing_seat": st.freezing_seat if frozen and st.freezing_seat >= 0 else None,
            "discards": tuple([(s, CARDS[c]) for s, c in st.history]),
            "stock_size": len(st.stock),
            "scores": tuple(st.scores),
            "opening_minimums": tuple([st.minimum(side) for side in range(sides)]),
            "turn": make_turn_view(st, seat),
            "legal_actions": legal if seat == st.current and st.phase != OVER else (),
            "variant": variant if variant is not None else r.variant,
            "rules": r,
            "dead_ranks": tuple([_dead_ranks(st, side) for side in range(sides)]) if r._ranks_die else (),
            "reserve_piles": tuple(r.reserve_sizes[st.reserve_next :]),
            "reserve_received": tuple(st.reserve_got) if r.reserve_sizes else (),
            "first_round": hand_number >= 1 and st.turns < len(turn_order),
            "known_cards": tuple([tuple([CARDS[c] for c in held]) for held in st.known]),
            "public_state": st.public_copy(seat) if public_state else None,
        },
    )


_side_views: dict[int, tuple[dict[int, MeldTuple], TableRules, tuple[MeldView, ...]]] = {}
"""The memo of a side's meld views: ``id(the side's melds) -> (melds, rules, views)``. A side's dict of melds is
replaced, never changed, when a meld changes (:meth:`canasta.core.state.State.put_meld`), so the dict names the
side's melds as they are; the entry holds it, so its id is not reused while the entry lives."""


def _side_melds(rules: TableRules, melds: dict[int, MeldTuple]) -> tuple[MeldView, ...]:
    """A side's melds by rank, made once per change of the side's melds."""
    key = id(melds)
    found = _side_views.get(key)
    if found is not None and found[0] is melds and found[1] is rules:
        return found[2]
    out: list[MeldView] = []
    for key in sorted(melds, key=_by_rank):
        n, t, j, cards = melds[key]
        out.append(meld_view(rules, key & RANK_MASK, n, t, j, cards))
    views = tuple(out)
    if len(_side_views) >= MELD_VIEWS_KEPT:
        _side_views.clear()
    _side_views[key] = (melds, rules, views)
    return views


def _by_rank(key: int) -> int:
    """A meld's place among its side's: by rank, the rank's open meld before its canastas closed and set aside (:func:`~canasta.core.canastas.key_rank`)."""
    return (key & RANK_MASK) << 8 | key >> 4


def _dead_ranks(st: State, side: int) -> tuple[Rank, ...]:
    """The ranks a completed canasta has closed to ``side`` (``melds.dead_after_canasta``)."""
    return tuple([Rank.from_index(rank) for rank in range(WILD) if st.is_dead(side, rank)])


__all__ = ["hand_of", "make_turn_view", "make_view", "meld_view"]
