"""Actions: small, typed, immutable; each with a short text form.

Cards of one rank are interchangeable in melds (suit matters only for threes,
and red threes never leave the table), so actions name ranks and counts:
naturals, twos and jokers. The engine picks the physical cards.

Text forms (parsed by :func:`parse_action`, printed by ``str(action)``):

=====================  ======================================================
``draw``               draw the top card of the stock
``take``               take the pile by adding its top card to your meld of that rank
``take n2``            take the pile, melding the top card with two naturals from hand
``take n1 t1``         ... with one natural and a two (``j1``: a joker)
``take-top n2``        take only the top card (000 ATT TA HÖGEN 3 b)
``meld K n3 t1``       meld three kings and a two onto your side's king meld (new or not)
``meld W t3 j1``       meld wild cards as a wild-card meld (004 opt b)
``discard 7``          discard a seven (``discard 3``: a black three)
``ask``                ask the partner "may I go out?"
``yes`` / ``no``       the partner's answer
``retract``            take back this turn's unfinished opening (001 §27 A•2)
``decline``            at the end of the stock, leave the pile; the hand ends
``lay``                lay down a red three kept in hand (004 L160)
``show seven_pairs``   show the whole hand as a special hand (Modern American)
=====================  ======================================================

Actions check their arguments when built: a rank is text (``"K"``, ``"8"``,
``"10"``) or a :class:`~canasta.core.cards.Rank`, counts are small
non-negative ints, and ``yes`` is a bool; anything else raises
:class:`NotationError`, the error for a malformed action. The repr is a call
that builds an equal action::

    >>> Meld(rank="8", naturals=3)
    Meld(rank='8', naturals=3)
    >>> str(Meld(rank="8", naturals=3)), parse_action("take n1 j1")
    ('meld 8 n3', TakePile(naturals=1, jokers=1))
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Any, TypeVar

import attrs

from canasta.errors import NotationError, shown_value

from . import action_hints as hints
from .arguments import keyword_problem
from .cards import JOKER, RANK_CHARS, RANK_INDEXES, WILD, Rank, parse_rank, rank_text

MAX_COUNT = 999
"""The largest count an action may name; far above any hand (counts beyond the cards held are simply illegal)."""


_A = TypeVar("_A")


def _keyword_init(kind: type[_A]) -> type[_A]:
    """Give an action class's ``__init__`` the library's error for a call built wrong: positional, unknown or missing
    arguments raise :class:`NotationError` naming the class, what was wrong and an example
    (:func:`~canasta.core.arguments.keyword_problem`), as a value that is no rank or count does; Python would raise
    ``TypeError`` from the generated ``__init__``. A program building actions from a user's data catches one error."""
    generated = kind.__init__
    example = _EXAMPLES.get(kind.__name__, f"{kind.__name__}()")

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        problem = keyword_problem(kind, args, kwargs, example)
        if problem is not None:
            raise NotationError(problem)
        generated(self, **kwargs)

    __init__.__doc__ = generated.__doc__
    kind.__init__ = __init__  # type: ignore[method-assign]
    return kind


_EXAMPLES = {
    "Meld": "Meld(rank='K', naturals=3)",
    "TakePile": "TakePile(naturals=2)",
    "Discard": "Discard(rank='7')",
    "AnswerGoOut": "AnswerGoOut(yes=True)",
    "ShowSpecialHand": "ShowSpecialHand(name='seven_pairs')",
}


class Action:
    """Base class of every action; build one of its subclasses (:class:`Draw`, :class:`Meld`, ...).

    Actions are frozen attrs classes: a field cannot be assigned. Code that
    alters one anyway with ``object.__setattr__`` is outside the engine's
    contract, as it is in python-chess (docs/engine.md, "The API").
    """

    __slots__ = ()

    def __init__(self) -> None:
        raise NotationError("Action is the base class of the actions: build Draw(), Meld(rank='K', naturals=3), Discard(rank='7') ...")

    def text(self) -> str:
        """The short text form, which :func:`parse_action` reads back."""
        return f"<{type(self).__name__}>"

    def __str__(self) -> str:
        return self.text()


def _count(instance: object, attribute: attrs.Attribute[int], value: object) -> None:
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        name = type(instance).__name__
        raise NotationError(f"{name}({attribute.name}={shown_value(value)}): a count is an int from 0 to {MAX_COUNT}")


def _boolean(instance: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if type(value) is not bool:
        raise NotationError(f"{type(instance).__name__}({attribute.name}={shown_value(value)}): write True or False")


def _to_rank(value: object) -> Rank:
    if isinstance(value, Rank):
        return value
    if isinstance(value, str):
        return parse_rank(value)
    raise NotationError(
        f"rank={shown_value(value)}: write the rank as text, like rank='K' or rank='8' (or a canasta.Rank); a bare int is ambiguous"
    )


def _args(**fields: object) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in fields.items() if v)


@_keyword_init
@attrs.frozen(slots=True, repr=False)
class Draw(Action):
    """Draw the top card of the stock (000 TURORDNINGSREGEL 1, 001 §9)."""

    def text(self) -> str:
        return "draw"

    def __repr__(self) -> str:
        return "Draw()"


def _counts(naturals: int, twos: int, jokers: int) -> str:
    parts = [f"n{naturals}"] if naturals else []
    if twos:
        parts.append(f"t{twos}")
    if jokers:
        parts.append(f"j{jokers}")
    return " ".join(parts)


@_keyword_init
@attrs.frozen(slots=True, kw_only=True, repr=False)
class TakePile(Action):
    """Take the discard pile by melding its top card with cards from hand.

    ``naturals``, ``twos`` and ``jokers`` count the hand cards melded with the
    top card; all zero means the top card joins the side's existing meld of
    its rank (001 §14 A•3). ``top_only`` takes just the top card and leaves
    the rest as the pile (000 ATT TA HÖGEN 3 b).
    """

    naturals: int = attrs.field(default=0, validator=_count)
    twos: int = attrs.field(default=0, validator=_count)
    jokers: int = attrs.field(default=0, validator=_count)
    top_only: bool = attrs.field(default=False, validator=_boolean)

    def text(self) -> str:
        word = "take-top" if self.top_only else "take"
        spec = _counts(self.naturals, self.twos, self.jokers)
        return f"{word} {spec}" if spec else word

    def __repr__(self) -> str:
        return f"TakePile({_args(naturals=self.naturals, twos=self.twos, jokers=self.jokers, top_only=self.top_only)})"


@_keyword_init
@attrs.frozen(slots=True, kw_only=True, repr=False)
class Meld(Action):
    """Meld cards from hand onto the side's meld of ``rank``, starting it if there is none.

    ``rank`` is text (``"K"``, ``"8"``, ``"10"``, ``"W"`` for the wild-card meld of
    004 opt b) or a :class:`~canasta.core.cards.Rank`. A side holds one meld per
    rank (001 §11 B). At least one card is named.
    """

    rank: Rank = attrs.field(converter=_to_rank)
    naturals: int = attrs.field(default=0, validator=_count)
    twos: int = attrs.field(default=0, validator=_count)
    jokers: int = attrs.field(default=0, validator=_count)

    def __attrs_post_init__(self) -> None:
        if self.naturals + self.twos + self.jokers == 0:
            raise NotationError(f"Meld(rank={self.rank.text!r}): a meld names at least one card, e.g. naturals=3")

    def text(self) -> str:
        return f"meld {rank_text(self.rank)} {_counts(self.naturals, self.twos, self.jokers)}"

    def __repr__(self) -> str:
        return f"Meld({_args(rank=rank_text(self.rank), naturals=self.naturals, twos=self.twos, jokers=self.jokers)})"


def _to_card_rank(value: object) -> Rank:
    rank = _to_rank(value)
    if rank == WILD:
        raise NotationError("Discard(rank='W'): W names the wild-card meld, not a card; discard a rank such as '7', '2' or 'JK'")
    return rank


@_keyword_init
@attrs.frozen(slots=True, kw_only=True, repr=False)
class Discard(Action):
    """Discard a card of ``rank``: text such as ``"7"``, ``"2"``, ``"3"`` (a black three) or ``"JK"`` (a joker)."""

    rank: Rank = attrs.field(converter=_to_card_rank)

    def text(self) -> str:
        return f"discard {rank_text(self.rank)}"

    def __repr__(self) -> str:
        return f"Discard(rank={rank_text(self.rank)!r})"


@_keyword_init
@attrs.frozen(slots=True, repr=False)
class AskGoOut(Action):
    """Ask the partner "may I go out?" (000 UTGÅNG 1, 001 §23 A)."""

    def text(self) -> str:
        return "ask"

    def __repr__(self) -> str:
        return "AskGoOut()"


@_keyword_init
@attrs.frozen(slots=True, kw_only=True, repr=False)
class AnswerGoOut(Action):
    """The partner's binding answer, ``yes=True`` or ``yes=False`` (002 UTGÅNG 2, 001 §23 A)."""

    yes: bool = attrs.field(validator=_boolean)

    def text(self) -> str:
        return "yes" if self.yes else "no"

    def __repr__(self) -> str:
        return f"AnswerGoOut(yes={self.yes})"


@_keyword_init
@attrs.frozen(slots=True, repr=False)
class Retract(Action):
    """Take back this turn's opening melds while they fall short of the minimum (001 §27 A•2).

    After taking the pile for the opening, the pile is restored and the player
    draws from the stock instead (001 §26 A).
    """

    def text(self) -> str:
        return "retract"

    def __repr__(self) -> str:
        return "Retract()"


@_keyword_init
@attrs.frozen(slots=True, repr=False)
class DeclinePile(Action):
    """At the end of the stock, leave the pile; the hand ends (000 TALONGENS SISTA KORT 2, 001 §24 B)."""

    def text(self) -> str:
        return "decline"

    def __repr__(self) -> str:
        return "DeclinePile()"


@_keyword_init
@attrs.frozen(slots=True, repr=False)
class LayRedThree(Action):
    """Lay down a red three kept in hand and draw its replacement from the stock (004 L160, L162; decisions P46).

    Offered on the player's own turn, before or after his draw, where
    ``red_threes.may_keep_in_hand`` makes laying a choice; elsewhere red threes
    are laid automatically. With the stock empty no replacement is drawn.
    """

    def text(self) -> str:
        return "lay"

    def __repr__(self) -> str:
        return "LayRedThree()"


_HAND_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")


def _hand_name(instance: object, attribute: attrs.Attribute[str], value: object) -> None:
    if type(value) is not str or not _HAND_NAME.fullmatch(value):
        raise NotationError(
            f"ShowSpecialHand(name={shown_value(value)}): a special hand's name is a lower-case word of letters, digits and _, like 'seven_pairs'"
        )


@_keyword_init
@attrs.frozen(slots=True, kw_only=True, repr=False)
class ShowSpecialHand(Action):
    """Show the whole hand as the special hand ``name``, which ends the hand (``scoring.special_hands``; Modern American EBB §2.12, CC).

    Only a player whose side has not melded may, after his draw and before
    melding anything; the side then scores only the hand's points.
    """

    name: str = attrs.field(validator=_hand_name)

    def text(self) -> str:
        return f"show {self.name}"

    def __repr__(self) -> str:
        return f"ShowSpecialHand(name={self.name!r})"


TAKE_FORMS: tuple[tuple[int, int, int], ...] = ((2, 0, 0), (1, 1, 0), (1, 0, 1), (0, 0, 0))
"""The forms of taking the pile, as the (naturals, twos, jokers) from the hand that go with its top card: a natural pair,
a natural and a two, a natural and a joker, or the top card alone onto the side's meld of its rank (000 ATT TA HÖGEN 6,
001 §14 A; decisions P6). Which of them a profile allows is the profile's (``discard_pile``); the forms are these."""

ACTION_TYPES = (Draw, TakePile, Meld, Discard, AskGoOut, AnswerGoOut, Retract, DeclinePile, LayRedThree, ShowSpecialHand)
"""Every concrete action class."""


def _count_ok(value: object) -> bool:
    return type(value) is int and 0 <= value <= MAX_COUNT


def _rank_ok(value: object) -> bool:
    return type(value) is Rank and int(value) in RANK_INDEXES


_KINDS = frozenset(id(kind) for kind in ACTION_TYPES)
"""The ids of :data:`ACTION_TYPES`: a type is looked up by identity, so a stranger's metaclass ``__eq__`` never runs."""


def all_well_formed(actions: Sequence[object]) -> bool:
    """Whether every entry of ``actions`` is an action (:func:`malformed` finds nothing wrong with any); False, or an
    exception from a stranger's sequence, means: check the entries one by one to learn what is wrong."""
    kinds = _KINDS
    return all(id(type(action)) in kinds for action in actions)


def _type_name(kind: type) -> str:
    """A type's own name, read past any ``__name__`` its metaclass defines."""
    name: str = type.__dict__["__name__"].__get__(kind)
    return name


def malformed(action: object) -> str | None:
    """Why ``action`` is not an action, or None if it is one: an object of one of :data:`ACTION_TYPES`, whose constructor
    checked its fields (a frozen class: they stay as checked, unless someone alters them with ``object.__setattr__``,
    which is outside the contract). Never raises, whatever the object's ``__eq__``, ``__hash__``, ``__repr__`` or
    metaclass do."""
    kind = type(action)
    if id(kind) in _KINDS:
        return None
    return f"{shown_value(action)} ({_type_name(kind)}) is not an action; build one, like Draw() or Meld(rank='K', naturals=3), or write its text"


DRAW = Draw()
ASK = AskGoOut()
YES = AnswerGoOut(yes=True)
NO = AnswerGoOut(yes=False)
RETRACT = Retract()
DECLINE = DeclinePile()
LAY = LayRedThree()


@cache
def meld(rank: int, naturals: int = 0, twos: int = 0, jokers: int = 0) -> Meld:
    """An interned :class:`Meld` from a rank index: the engine builds each distinct action once.

    Only the engine calls these interning constructors, with the few actions a
    profile allows, so their caches stay small; parsed text never reaches them.
    """
    return Meld(rank=Rank.from_index(rank), naturals=naturals, twos=twos, jokers=jokers)


@cache
def take(naturals: int = 0, twos: int = 0, jokers: int = 0, top_only: bool = False) -> TakePile:
    """An interned :class:`TakePile`."""
    return TakePile(naturals=naturals, twos=twos, jokers=jokers, top_only=top_only)


@cache
def show(name: str) -> ShowSpecialHand:
    """An interned :class:`ShowSpecialHand`."""
    return ShowSpecialHand(name=name)


@cache
def discard(rank: int) -> Discard:
    """An interned :class:`Discard` from a rank index (52 for a joker)."""
    return Discard(rank=Rank.from_index(rank))


_SIMPLE: dict[str, Action] = {"draw": DRAW, "ask": ASK, "yes": YES, "no": NO, "retract": RETRACT, "decline": DECLINE, "lay": LAY}
_COUNT = re.compile(r"([ntjNTJ])([0-9]{1,3})")
_MAX_TEXT = 200
_PARSED: dict[str, Action] = {}
"""Recently parsed texts and their actions."""
_MAX_PARSED = 1024


def _parse_counts(tokens: list[str], text: str, head: str, hinted: bool) -> tuple[int, int, int]:
    """The counts after ``head`` (``take``, ``meld K``); a bad one names itself and, where it can, the text meant (``n3`` for ``3``)."""
    got = {"n": 0, "t": 0, "j": 0}
    seen: set[str] = set()
    for tok in tokens:
        m = _COUNT.fullmatch(tok)
        key = m.group(1).lower() if m else ""
        if m is None or key in seen:
            raise NotationError(
                f"{text!r}: {tok!r} is not a count; write n<naturals>, t<twos> or j<jokers>, each once, with up to 3 digits 0-9, like 'n2 t1'"
                + (_meant(text, hints.counts_candidates(tokens, head)) if hinted else "")
            )
        seen.add(key)
        got[key] = int(m.group(2))
    return got["n"], got["t"], got["j"]


def _parses(text: str) -> bool:
    """Whether a candidate text parses; its own errors build no hints, so a hint never searches further."""
    try:
        _parse(text, hinted=False)
    except NotationError:
        return False
    return True


def _meant(text: str, candidates: list[str]) -> str:
    return hints.meant(text, candidates, _parses)


def _rank_of(token: str, text: str, head: str, rest: list[str], hinted: bool) -> Rank:
    """The rank a meld or discard names; a token that is none suggests the text meant (``meld queens n3``: ``meld Q n3``)."""
    try:
        return parse_rank(token)
    except NotationError:
        pass
    meant = _meant(text, hints.rank_candidates(token, head, rest)) if hinted else ""
    raise NotationError(f"{text!r}: {shown_value(token)} is not a rank; use one of {hints.RANKS}" + meant)


def parse_action(text: str) -> Action:
    """Parse an action's text form; raises :class:`NotationError` saying where it failed.

    >>> parse_action("meld K n3 t1")
    Meld(rank='K', naturals=3, twos=1)
    >>> parse_action("discard JK")
    Discard(rank='JK')
    """
    if not isinstance(text, str):
        raise NotationError(f"{shown_value(text)} is not action text; write it like 'draw' or 'meld K n3'")
    text = str.__getitem__(text, slice(None))  # a str subclass is read as the plain text it holds
    if len(text) > _MAX_TEXT:
        raise NotationError(f"action text of {len(text):,} characters is too long to be an action")
    action = _PARSED.get(text)
    if action is not None:
        return action
    action = _parse(text)
    if len(_PARSED) >= _MAX_PARSED:
        _PARSED.clear()
    _PARSED[text] = action
    return action


def _parse(text: str, hinted: bool = True) -> Action:
    """The action ``text`` writes; ``hinted``: a refusal says what was most likely meant (:mod:`canasta.core.action_hints`)."""
    tokens = text.strip().split()
    if not tokens:
        raise NotationError(f"empty action text; write one of: {hints.FORMS}")
    word = tokens[0].lower()
    if word in _SIMPLE:
        if len(tokens) > 1:
            raise NotationError(f"{text!r}: {word!r} takes nothing after it; did you mean {word!r}?")
        return _SIMPLE[word]
    if word in ("take", "take-top"):
        n, t, j = _parse_counts(tokens[1:], text, word, hinted)
        return TakePile(naturals=n, twos=t, jokers=j, top_only=word == "take-top")
    if word == "meld":
        if len(tokens) < 3:
            raise NotationError(f"{text!r}: write meld <rank> <counts>, like 'meld K n3 t1'")
        rank = _rank_of(tokens[1], text, "meld", tokens[2:], hinted)
        n, t, j = _parse_counts(tokens[2:], text, f"meld {rank}", hinted)
        if n + t + j == 0:
            raise NotationError(f"{text!r}: a meld needs at least one card")
        return Meld(rank=rank, naturals=n, twos=t, jokers=j)
    if word == "discard":
        if len(tokens) != 2:
            meant = _meant(text, hints.discard_candidates(tokens[1:])) if hinted else ""
            raise NotationError(f"{text!r}: write discard <rank>, like 'discard 7' or 'discard JK'" + meant)
        rank = _rank_of(tokens[1], text, "discard", [], hinted)
        if rank == WILD:
            raise NotationError(f"{text!r}: W names the wild-card meld, not a card; discard a two (discard 2) or a joker (discard JK)")
        return Discard(rank=rank)
    if word == "show":
        if len(tokens) != 2:
            raise NotationError(f"{text!r}: write show <special hand>, like 'show seven_pairs'")
        return ShowSpecialHand(name=tokens[1])
    meant = _meant(text, hints.unknown_word_candidates(tokens)) if hinted else ""
    if meant:
        raise NotationError(f"{text!r}: unknown action {tokens[0]!r}{meant}")
    raise NotationError(f"{text!r}: unknown action {tokens[0]!r}; write one of: {hints.FORMS}")


__all__ = [
    "ACTION_TYPES",
    "ASK",
    "DECLINE",
    "DRAW",
    "JOKER",
    "LAY",
    "MAX_COUNT",
    "NO",
    "RANK_CHARS",
    "RETRACT",
    "TAKE_FORMS",
    "WILD",
    "YES",
    "Action",
    "AnswerGoOut",
    "AskGoOut",
    "DeclinePile",
    "Discard",
    "Draw",
    "LayRedThree",
    "Meld",
    "Retract",
    "ShowSpecialHand",
    "TakePile",
    "discard",
    "malformed",
    "meld",
    "parse_action",
    "show",
    "take",
]
