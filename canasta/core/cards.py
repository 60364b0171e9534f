"""Cards: compact integer codes, their text form, and the deck for a profile.

A card is an ``int``: ``rank * 4 + suit`` for the 52 standard cards and
:data:`JOKER` (52) for a joker. Two packs hold two equal codes, which is right:
identical cards are interchangeable. Ranks are indexed 0 (two) to 12 (ace).

Text form: a rank character (``A K Q J T 9 8 7 6 5 4 3 2``) and a suit
character (``S H D C``), e.g. ``AS``, ``TD``, ``3H``; a joker is ``JK``.
"""

from __future__ import annotations

from .errors import NotationError

RANK_CHARS = "23456789TJQKA"
"""Rank characters by rank index: 0 is the two, 12 the ace."""
SUIT_CHARS = "CDHS"
"""Suit characters by suit index: clubs, diamonds, hearts, spades."""

TWO = 0
THREE = 1
FOUR = 2
EIGHT = 6
ACE = 12
JOKER = 52
"""The code of a joker; also used as the 'rank' of jokers in per-rank tables."""
WILD = 13
"""Rank index of the wild-card meld (004 opt b joker canastas); never a card's rank."""
N_CODES = 53

RED_SUITS = (1, 2)
"""Diamonds and hearts."""
RED_THREES = (THREE * 4 + 1, THREE * 4 + 2)
BLACK_THREES = (THREE * 4 + 0, THREE * 4 + 3)


def rank_of(card: int) -> int:
    """The rank index of a card; jokers give :data:`JOKER`."""
    return JOKER if card == JOKER else card >> 2


def is_wild(card: int) -> bool:
    """Jokers and twos are wild (000 TERMINOLOGIN "HJÄLPKORT", 001 §2, 003 L45, 004 L36)."""
    return card == JOKER or card >> 2 == TWO


def is_red_three(card: int) -> bool:
    """Hearts and diamonds threes are bonus cards (000 RÖDA TREOR)."""
    return card in RED_THREES


def is_black_three(card: int) -> bool:
    """Clubs and spades threes are stop cards (000 SVARTA TREOR)."""
    return card in BLACK_THREES


def is_natural(card: int) -> bool:
    """Fours to aces are natural cards (000 TERMINOLOGIN "NATURLIGA KORT")."""
    return card != JOKER and card >> 2 >= FOUR


def card_text(card: int) -> str:
    """The two-character text of a card, e.g. ``AS`` or ``JK``."""
    if card == JOKER:
        return "JK"
    return RANK_CHARS[card >> 2] + SUIT_CHARS[card & 3]


def parse_card(text: str) -> int:
    """The code of a card written as ``AS``, ``TD``, ``10D`` or ``JK``; raises NotationError."""
    t = text.strip().upper()
    if t in ("JK", "JOKER", "*"):
        return JOKER
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANK_CHARS or t[1] not in SUIT_CHARS:
        raise NotationError(f"{text!r} is not a card; write rank then suit, like AS, TD, 3H, or JK for a joker")
    return RANK_CHARS.index(t[0]) * 4 + SUIT_CHARS.index(t[1])


def rank_text(rank: int) -> str:
    """The character of a rank index (``W`` for the wild-card meld)."""
    if rank == WILD:
        return "W"
    if rank == JOKER:
        return "JK"
    return RANK_CHARS[rank]


def parse_rank(text: str) -> int:
    """A rank index from its character (``K``, ``T`` or ``10``, ``3``; ``W`` for the wild meld)."""
    t = text.strip().upper()
    if t == "10":
        t = "T"
    if t == "W":
        return WILD
    if len(t) != 1 or t not in RANK_CHARS:
        raise NotationError(f"{text!r} is not a rank; use one of {' '.join(RANK_CHARS)} or W for the wild-card meld")
    return RANK_CHARS.index(t)


def build_deck(decks: int, jokers: int) -> list[int]:
    """The card codes of ``decks`` standard packs plus ``jokers`` jokers, unshuffled."""
    return [c for _ in range(decks) for c in range(52)] + [JOKER] * jokers
