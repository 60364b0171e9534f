"""Cards and ranks: compact integer codes that print as cards.

A card is a :class:`Card`, an ``int`` subclass: ``rank * 4 + suit`` for the 52
standard cards (suits ``C D H S`` are 0 to 3) and 52 for a joker. So ``2C``
is 0, ``3D`` is 5, ``KS`` is 47, ``AS`` is 51 and ``JK`` is 52. Two packs hold
two equal codes, which is right: identical cards are interchangeable.

A rank is a :class:`Rank`, also an ``int``: its index 0 (two) to 12 (ace), 13
for the wild-card meld ``W`` of 004 opt b, and 52 (``JK``) where a joker is
named as a rank, as in ``discard JK``. Both print as their text::

    >>> Card("KS"), Card("10d"), Card("JK").is_wild
    (KS, TD, True)
    >>> Rank("K"), Card("KS").rank, Rank("10")
    (K, K, T)
    >>> int(Card("KS")), Card.from_code(47)
    (47, KS)

Text form: a rank character (``A K Q J T 9 8 7 6 5 4 3 2``, ``10`` for ``T``)
and a suit character (``S H D C``), e.g. ``AS``, ``TD``, ``3H``; a joker is ``JK``.
The engine keeps plain ints internally; everything it hands out (views,
events, actions) carries these types.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Final

from canasta.errors import ArgumentError, NotationError, shown_value

RANK_CHARS = "23456789TJQKA"
"""Rank characters by rank index: 0 is the two, 12 the ace."""
SUIT_CHARS = "CDHS"
"""Suit characters by suit index: clubs, diamonds, hearts, spades."""

TWO: Final = 0
THREE: Final = 1
FOUR: Final = 2
EIGHT: Final = 6
ACE: Final = 12
JOKER: Final = 52
"""The code of a joker; also used as the 'rank' of jokers in per-rank tables."""
WILD: Final = 13
"""Rank index of the jokers in per-rank counts (twos are rank 0), and of the wild-card meld (004 opt b
joker canastas); never a card's own rank: a joker's card code is :data:`JOKER`."""
N_CODES: Final = 53
CODES_AT: Final = 14
"""Where a hand's counts per card code begin in the engine's list of its counts, after the counts per rank (0 to 12 and
:data:`WILD`): ``counts[seat][rank]`` and ``counts[seat][CODES_AT + code]`` (:class:`canasta.core.state.State`)."""

RED_SUITS = (1, 2)
"""Diamonds and hearts."""
BLACK_THREE_CLUBS: Final = THREE * 4
RED_THREE_DIAMONDS: Final = THREE * 4 + 1
RED_THREE_HEARTS: Final = THREE * 4 + 2
BLACK_THREE_SPADES: Final = THREE * 4 + 3
"""The codes of the four threes, one name each: the compiled engine inlines them."""
RED_THREES = (RED_THREE_DIAMONDS, RED_THREE_HEARTS)
BLACK_THREES = (BLACK_THREE_CLUBS, BLACK_THREE_SPADES)


def _code(card: object, call: str) -> int:
    """``card`` if it is a card code (an int from 0 to 52, a :class:`Card`); else :class:`canasta.ArgumentError`."""
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < N_CODES:
        return card
    raise ArgumentError(f"{call}({shown_value(card)}): a card is a code from 0 to {N_CODES - 1} or a canasta.Card, like Card('KS')")


def rank_of(card: int) -> Rank:
    """The rank of a card; a joker gives the rank ``JK`` (52)."""
    return _RANK_OF[_code(card, "rank_of")]


def is_wild(card: int) -> bool:
    """Jokers and twos are wild (000 TERMINOLOGIN "HJÄLPKORT", 001 §2, 003 L45, 004 L36)."""
    card = _code(card, "is_wild")
    return card == JOKER or card >> 2 == TWO


def is_red_three(card: int) -> bool:
    """Hearts and diamonds threes are bonus cards (000 RÖDA TREOR)."""
    return _code(card, "is_red_three") in RED_THREES


def is_black_three(card: int) -> bool:
    """Clubs and spades threes are stop cards (000 SVARTA TREOR)."""
    return _code(card, "is_black_three") in BLACK_THREES


def is_natural(card: int) -> bool:
    """Fours to aces are natural cards (000 TERMINOLOGIN "NATURLIGA KORT")."""
    card = _code(card, "is_natural")
    return card != JOKER and card >> 2 >= FOUR


def card_text(card: int) -> str:
    """The two-character text of a card code, e.g. ``AS`` or ``JK``."""
    return _CARD_TEXT[_code(card, "card_text")]


def _card_code(text: str) -> int:
    text = str.__getitem__(text, slice(None))  # a str subclass is read as the plain text it holds
    t = text.strip().upper()
    if t in ("JK", "JOKER", "*"):
        return JOKER
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANK_CHARS or t[1] not in SUIT_CHARS:
        raise NotationError(f"{shown_value(text)} is not a card; write rank then suit, like AS, TD, 3H, or JK for a joker")
    return RANK_CHARS.index(t[0]) * 4 + SUIT_CHARS.index(t[1])


def parse_card(text: str) -> Card:
    """The card written as ``AS``, ``TD``, ``10D`` or ``JK``; raises :class:`NotationError`.

    >>> parse_card("10D"), int(parse_card("AS"))
    (TD, 51)
    """
    if not isinstance(text, str):
        raise NotationError(f"{shown_value(text)} is not a card; write it as text, like 'AS' or 'JK'")
    return _CARDS[_card_code(text)]


def rank_text(rank: int) -> str:
    """The text of a rank index: ``K``, ``T``, ``W`` for the wild-card meld, ``JK`` for a joker."""
    if not isinstance(rank, int) or isinstance(rank, bool) or rank not in RANK_INDEXES:
        raise ArgumentError(f"rank_text({shown_value(rank)}): a rank index is 0 (two) to 12 (ace), 13 (W) or 52 (JK), or a canasta.Rank")
    if rank == WILD:
        return "W"
    if rank == JOKER:
        return "JK"
    return RANK_CHARS[rank]


def _rank_index(text: str) -> int:
    text = str.__getitem__(text, slice(None))  # a str subclass is read as the plain text it holds
    t = text.strip().upper()
    if t == "10":
        t = "T"
    if t == "W":
        return WILD
    if t in ("JK", "JOKER"):
        return JOKER
    if len(t) != 1 or t not in RANK_CHARS:
        raise NotationError(f"{shown_value(text)} is not a rank; use one of {' '.join(RANK_CHARS)}, JK for a joker or W for the wild-card meld")
    return RANK_CHARS.index(t)


def parse_rank(text: str) -> Rank:
    """The rank written as ``K``, ``T`` or ``10``, ``3``, ``JK`` or ``W``; raises :class:`NotationError`.

    >>> parse_rank("10"), int(parse_rank("K"))
    (T, 11)
    """
    if not isinstance(text, str):
        raise NotationError(f"{shown_value(text)} is not a rank; write it as text, like 'K' or '8'")
    return _RANKS[_rank_index(text)]


def _one_value(kind: str, args: tuple[object, ...], kwargs: Mapping[str, object], example: str) -> object:
    """The one value ``Rank(...)`` or ``Card(...)`` is built from; any other call is a :class:`NotationError`, not a TypeError."""
    if len(args) == 1 and not kwargs:
        return args[0]
    if not args and list(kwargs) == ["value"]:
        return kwargs["value"]
    shown = ", ".join([shown_value(a) for a in args] + [f"{k}={shown_value(v)}" for k, v in kwargs.items()])
    raise NotationError(f"{kind}({shown}): build it from one value, its text, like {example}")


class Rank(int):
    """A rank: an ``int`` index that prints as its text (``K``, ``T``, ``W``, ``JK``).

    Build one from text, ``Rank("K")`` or ``Rank("10")``, or from an index with
    :meth:`from_index`. A bare ``int`` is refused: ``6`` is the index of the
    eight, which is too easy to misread. The members ``Rank.TWO`` ...
    ``Rank.ACE``, ``Rank.JOKER`` and ``Rank.WILD`` are there too.
    """

    __slots__ = ()

    TWO: Rank
    THREE: Rank
    FOUR: Rank
    FIVE: Rank
    SIX: Rank
    SEVEN: Rank
    EIGHT: Rank
    NINE: Rank
    TEN: Rank
    JACK: Rank
    QUEEN: Rank
    KING: Rank
    ACE: Rank
    JOKER: Rank
    WILD: Rank

    def __new__(cls, *args: str | Rank, **kwargs: str | Rank) -> Rank:
        value = _one_value("Rank", args, kwargs, "Rank('K')")
        if issubclass(type(value), Rank):
            return value  # type: ignore[return-value]
        if issubclass(type(value), str):
            return _RANKS[_rank_index(value)]  # type: ignore[arg-type]
        raise NotationError(
            f"Rank({shown_value(value)}): write the rank as text, like Rank('K') or Rank('8'); an int is ambiguous, use Rank.from_index"
        )

    @staticmethod
    def from_index(index: int) -> Rank:
        """The rank of an index: 0 (two) to 12 (ace), 13 (``W``) or 52 (``JK``); raises :class:`NotationError`."""
        try:
            found = _RANKS.get(index) if type(index) is int or isinstance(index, Rank) else None
        except TypeError:
            found = None
        if found is None:
            raise NotationError(f"{shown_value(index)} is not a rank index; ranks are 0 (two) to 12 (ace), 13 (W) and 52 (JK)")
        return found

    @property
    def text(self) -> str:
        """``K``, ``T``, ``W`` or ``JK``."""
        return rank_text(self)

    def __repr__(self) -> str:
        return rank_text(self)

    __str__ = __repr__

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Rank.from_index, (int(self),))


class Card(int):
    """A card: an ``int`` code that prints as its text (``KS``, ``TD``, ``JK``).

    Build one from text, ``Card("KS")``, or from a code with :meth:`from_code`.
    """

    __slots__ = ()

    def __new__(cls, *args: str | Card, **kwargs: str | Card) -> Card:
        value = _one_value("Card", args, kwargs, "Card('KS')")
        if issubclass(type(value), Card):
            return value  # type: ignore[return-value]
        if issubclass(type(value), str):
            return _CARDS[_card_code(value)]  # type: ignore[arg-type]
        raise NotationError(f"Card({shown_value(value)}): write the card as text, like Card('KS') or Card('JK'), or use Card.from_code")

    @staticmethod
    def from_code(code: int) -> Card:
        """The card of a code 0 to 52; raises :class:`NotationError`."""
        if (type(code) is int or isinstance(code, Card)) and 0 <= code < N_CODES:
            return _CARDS[code]
        raise NotationError(f"{shown_value(code)} is not a card code; codes are 0 (2C) to 51 (AS) and 52 (JK)")

    @property
    def rank(self) -> Rank:
        """The card's rank; a joker's is ``JK``."""
        return _RANK_OF[self]

    @property
    def suit(self) -> str | None:
        """``C``, ``D``, ``H`` or ``S``; None for a joker."""
        return None if self == JOKER else SUIT_CHARS[self & 3]

    @property
    def text(self) -> str:
        """``KS``, ``TD``, ``JK``."""
        return _CARD_TEXT[self]

    @property
    def is_wild(self) -> bool:
        """A joker or a two (001 §2)."""
        return is_wild(self)

    @property
    def is_natural(self) -> bool:
        """Four to ace (000 TERMINOLOGIN)."""
        return is_natural(self)

    @property
    def is_red_three(self) -> bool:
        """Whether this is a red three, a bonus card (000 RÖDA TREOR)."""
        return is_red_three(self)

    @property
    def is_black_three(self) -> bool:
        """Whether this is a black three, a stop card (000 SVARTA TREOR)."""
        return is_black_three(self)

    def __repr__(self) -> str:
        return _CARD_TEXT[self]

    __str__ = __repr__

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_code, (int(self),))


_CARD_TEXT = tuple("JK" if c == JOKER else RANK_CHARS[c >> 2] + SUIT_CHARS[c & 3] for c in range(N_CODES))
RANK_INDEXES: Final = frozenset((*range(13), WILD, JOKER))
"""Every rank index: 0 (two) to 12 (ace), 13 (``W``, the wild-card meld) and 52 (``JK``)."""

_RANKS: dict[int, Rank] = {i: int.__new__(Rank, i) for i in sorted(RANK_INDEXES)}
_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, c) for c in range(N_CODES))
CARDS = _CARDS
"""Every card by code: ``CARDS[47]`` is ``KS``."""
_RANK_OF: tuple[Rank, ...] = tuple(_RANKS[JOKER if c == JOKER else c >> 2] for c in range(N_CODES))
for _name, _index in (
    ("TWO", 0), ("THREE", 1), ("FOUR", 2), ("FIVE", 3), ("SIX", 4), ("SEVEN", 5), ("EIGHT", 6), ("NINE", 7),
    ("TEN", 8), ("JACK", 9), ("QUEEN", 10), ("KING", 11), ("ACE", 12), ("JOKER", JOKER), ("WILD", WILD),
):  # fmt: skip
    setattr(Rank, _name, _RANKS[_index])


def cards_of(codes: Iterable[int]) -> tuple[Card, ...]:
    """Card codes as a tuple of :class:`Card`."""
    return tuple(_CARDS[c] for c in codes)


def build_deck(decks: int, jokers: int) -> list[int]:
    """The card codes of ``decks`` standard packs plus ``jokers`` jokers, unshuffled."""
    return [c for _ in range(decks) for c in range(52)] + [JOKER] * jokers
