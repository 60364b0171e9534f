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
=====================  ======================================================
"""

from __future__ import annotations

from functools import cache

import attrs

from .cards import RANK_CHARS, WILD, parse_rank, rank_text
from .errors import NotationError


class Action:
    """Base class of every action."""

    __slots__ = ()

    def text(self) -> str:
        """The short text form."""
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()


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


@attrs.frozen(slots=True, kw_only=True, repr=False)
class TakePile(Action):
    """Take the discard pile by melding its top card with cards from hand.

    ``naturals``, ``twos`` and ``jokers`` count the hand cards melded with the
    top card; all zero means the top card joins the side's existing meld of
    its rank (001 §14 A•3). ``top_only`` takes just the top card and leaves
    the rest as the pile (000 ATT TA HÖGEN 3 b).
    """

    naturals: int = 0
    twos: int = 0
    jokers: int = 0
    top_only: bool = False

    def text(self) -> str:
        word = "take-top" if self.top_only else "take"
        spec = _counts(self.naturals, self.twos, self.jokers)
        return f"{word} {spec}" if spec else word

    def __repr__(self) -> str:
        return f"TakePile(naturals={self.naturals}, twos={self.twos}, jokers={self.jokers}, top_only={self.top_only})"


@attrs.frozen(slots=True, kw_only=True, repr=False)
class Meld(Action):
    """Meld cards from hand onto the side's meld of ``rank``, starting it if there is none.

    ``rank`` is a rank index (see :mod:`canasta.core.cards`); :data:`WILD` is
    the wild-card meld of 004 opt b. A side holds one meld per rank (001 §11 B).
    """

    rank: int
    naturals: int = 0
    twos: int = 0
    jokers: int = 0

    def text(self) -> str:
        return f"meld {rank_text(self.rank)} {_counts(self.naturals, self.twos, self.jokers)}"

    def __repr__(self) -> str:
        return f"Meld(rank={rank_text(self.rank)!r}, naturals={self.naturals}, twos={self.twos}, jokers={self.jokers})"


@attrs.frozen(slots=True, kw_only=True, repr=False)
class Discard(Action):
    """Discard a card of ``rank`` (a two or a black three included; jokers: rank JOKER)."""

    rank: int

    def text(self) -> str:
        return f"discard {rank_text(self.rank)}"

    def __repr__(self) -> str:
        return f"Discard(rank={rank_text(self.rank)!r})"


@attrs.frozen(slots=True, repr=False)
class AskGoOut(Action):
    """Ask the partner "may I go out?" (000 UTGÅNG 1, 001 §23 A)."""

    def text(self) -> str:
        return "ask"

    def __repr__(self) -> str:
        return "AskGoOut()"


@attrs.frozen(slots=True, kw_only=True, repr=False)
class AnswerGoOut(Action):
    """The partner's binding answer (002 UTGÅNG 2, 001 §23 A)."""

    yes: bool

    def text(self) -> str:
        return "yes" if self.yes else "no"

    def __repr__(self) -> str:
        return f"AnswerGoOut(yes={self.yes})"


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


@attrs.frozen(slots=True, repr=False)
class DeclinePile(Action):
    """At the end of the stock, leave the pile; the hand ends (000 TALONGENS SISTA KORT 2, 001 §24 B)."""

    def text(self) -> str:
        return "decline"

    def __repr__(self) -> str:
        return "DeclinePile()"


DRAW = Draw()
ASK = AskGoOut()
YES = AnswerGoOut(yes=True)
NO = AnswerGoOut(yes=False)
RETRACT = Retract()
DECLINE = DeclinePile()


@cache
def meld(rank: int, naturals: int = 0, twos: int = 0, jokers: int = 0) -> Meld:
    """An interned :class:`Meld`: the engine builds each distinct action once."""
    return Meld(rank=rank, naturals=naturals, twos=twos, jokers=jokers)


@cache
def take(naturals: int = 0, twos: int = 0, jokers: int = 0, top_only: bool = False) -> TakePile:
    """An interned :class:`TakePile`."""
    return TakePile(naturals=naturals, twos=twos, jokers=jokers, top_only=top_only)


@cache
def discard(rank: int) -> Discard:
    """An interned :class:`Discard`."""
    return Discard(rank=rank)


_SIMPLE: dict[str, Action] = {"draw": DRAW, "ask": ASK, "yes": YES, "no": NO, "retract": RETRACT, "decline": DECLINE}


def _parse_counts(tokens: list[str], text: str) -> tuple[int, int, int]:
    got = {"n": 0, "t": 0, "j": 0}
    seen: set[str] = set()
    for tok in tokens:
        key, num = tok[:1].lower(), tok[1:]
        if key not in got or not num.isdigit() or key in seen:
            raise NotationError(f"{text!r}: {tok!r} is not a count; write n<naturals>, t<twos> or j<jokers>, each once, like 'n2 t1'")
        seen.add(key)
        got[key] = int(num)
    return got["n"], got["t"], got["j"]


def parse_action(text: str) -> Action:
    """Parse an action's text form; raises :class:`NotationError` saying where it failed."""
    tokens = text.strip().split()
    if not tokens:
        raise NotationError("empty action text")
    word = tokens[0].lower()
    if word in _SIMPLE:
        if len(tokens) > 1:
            raise NotationError(f"{text!r}: {word!r} takes nothing after it")
        return _SIMPLE[word]
    if word in ("take", "take-top"):
        n, t, j = _parse_counts(tokens[1:], text)
        return take(n, t, j, word == "take-top")
    if word == "meld":
        if len(tokens) < 3:
            raise NotationError(f"{text!r}: write meld <rank> <counts>, like 'meld K n3 t1'")
        rank = parse_rank(tokens[1])
        n, t, j = _parse_counts(tokens[2:], text)
        if n + t + j == 0:
            raise NotationError(f"{text!r}: a meld needs at least one card")
        return meld(rank, n, t, j)
    if word == "discard":
        if len(tokens) != 2:
            raise NotationError(f"{text!r}: write discard <rank>, like 'discard 7' or 'discard JK'")
        r = tokens[1].upper()
        return discard(52 if r == "JK" else parse_rank(r))
    valid = "draw, take, take-top, meld, discard, ask, yes, no, retract, decline"
    raise NotationError(f"{text!r}: unknown action {word!r}; one of {valid}")


__all__ = [
    "ASK",
    "DECLINE",
    "DRAW",
    "NO",
    "RANK_CHARS",
    "RETRACT",
    "WILD",
    "YES",
    "Action",
    "AnswerGoOut",
    "AskGoOut",
    "DeclinePile",
    "Discard",
    "Draw",
    "Meld",
    "Retract",
    "TakePile",
    "discard",
    "meld",
    "parse_action",
    "take",
]
