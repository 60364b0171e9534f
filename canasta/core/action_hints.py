"""What a person most likely meant by action text that does not parse: "did you mean ...?", or the forms to choose from.

:func:`canasta.core.actions.parse_action` asks these when it refuses text, so
every :class:`canasta.NotationError` for action text (in scenario files, at
``canasta play``'s prompt, from ``Game.apply``) names the closest valid text
it can build: a misspelt word (``dscard 7``: ``discard 7``, by
:func:`difflib.get_close_matches`), a count without its letter (``meld K 3``:
``meld K n3``), a rank by name or as a card (``meld queens n3``, ``discard 7H``),
the parts of a meld in the wrong order (``meld n3 K``); and where nothing is
close, the forms an action takes. Hints are built only on the error path.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable

from .cards import RANK_CHARS, SUIT_CHARS

WORDS = ("draw", "take", "take-top", "meld", "discard", "ask", "yes", "no", "retract", "decline", "lay", "show")
"""The words an action starts with."""

FORMS = "draw, take n2, take n1 t1, take, take-top n2, meld K n3 t1, meld W t2 j1, discard 7, discard JK, ask, yes, no, retract, decline, lay, show <special hand>"
"""Every form of action text, as listed where no close match exists."""

RANKS = "2 3 4 5 6 7 8 9 T J Q K A, JK for a joker or W for the wild-card meld"
"""The ranks action text names."""

RANK_NAMES = {
    "two": "2", "deuce": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "nine": "9",
    "ten": "T", "jack": "J", "queen": "Q", "king": "K", "ace": "A", "joker": "JK", "wild": "W", "wilds": "W",
}  # fmt: skip
"""Ranks by the names players say (``queens``, ``sevens``: the plural too)."""

_COUNT = re.compile(r"[ntj][0-9]{1,3}", re.I)


def closest(word: str, choices: tuple[str, ...] | list[str], cutoff: float = 0.6) -> str | None:
    """The choice closest to ``word`` (difflib), or None when none is close."""
    found = difflib.get_close_matches(word.lower(), choices, n=1, cutoff=cutoff)
    return found[0] if found else None


def rank_hint(token: str) -> str | None:
    """The rank a token that is no rank most likely names: by name (``queen``, ``kings``), as a card (``7H``), misspelt (``quen``)."""
    word = token.lower()
    if word in RANK_NAMES:
        return RANK_NAMES[word]
    if word.endswith("s") and word[:-1] in RANK_NAMES:
        return RANK_NAMES[word[:-1]]
    card = token.upper().replace("10", "T", 1)
    if len(card) == 2 and card[0] in RANK_CHARS and card[1] in SUIT_CHARS:
        return card[0]
    if len(word) > 3:  # a short word is too close to too many names ("the": "three")
        name = closest(word.rstrip("s"), list(RANK_NAMES), 0.8)
        if name is not None:
            return RANK_NAMES[name]
    return None


def count_hint(token: str) -> list[str] | None:
    """The counts a token that is no count most likely means: ``3`` → ``n3``, ``3n`` → ``n3``, ``n2t1`` → ``n2 t1``; else None."""
    if token.isascii() and token.isdigit() and len(token) <= 3:
        return [f"n{token}"]
    turned = re.fullmatch(r"([0-9]{1,3})([ntj])", token, re.I)
    if turned:
        return [f"{turned.group(2).lower()}{turned.group(1)}"]
    joined = re.findall(r"[ntj][0-9]{1,3}", token, re.I)
    if len(joined) > 1 and "".join(joined) == token:
        return [part.lower() for part in joined]
    return None


def fixed_counts(tokens: list[str]) -> list[str] | None:
    """``tokens`` with every count put right, or None where one cannot be; each letter at most once."""
    out: list[str] = []
    for token in tokens:
        if _COUNT.fullmatch(token):
            out.append(token.lower())
            continue
        hint = count_hint(token)
        if hint is None:
            return None
        out += hint
    letters = [t[0] for t in out]
    return out if len(set(letters)) == len(letters) else None


def meant(text: str, candidates: list[str], parses: Callable[[str], bool]) -> str:
    """``"; did you mean '...'?"`` for the first candidate that parses and differs from ``text``, else an empty string."""
    for candidate in candidates:
        if candidate.split() != text.split() and parses(candidate):
            return f"; did you mean {candidate!r}?"
    return ""


def unknown_word_candidates(tokens: list[str]) -> list[str]:
    """What text starting with an unknown word most likely meant: the closest word with the rest, or the action its rest implies.

    ``dscard 7`` → ``discard 7``; ``tke n2`` → ``take n2``; ``take top n2``
    (read as ``take`` with ``top``) is handled by the take parser. A first
    token that is a rank with counts after it (``K n3``) is a meld; a lone
    rank (``7``) a discard; counts alone (``n2``) a take.
    """
    word, rest = tokens[0], tokens[1:]
    out: list[str] = []
    near = closest(word, WORDS)
    if near is not None:
        out.append(" ".join([near, *rest]))
    joined = closest(word.replace("_", "-"), ["take-top"], 0.8)
    if joined and near != joined:
        out.append(" ".join([joined, *rest]))
    rank = _rank(word)
    if rank is not None and rest and fixed_counts(rest) is not None:
        out.append(" ".join(["meld", rank, *(fixed_counts(rest) or [])]))
    elif rank is not None and not rest:
        out.append(f"discard {rank}")
    if fixed_counts(tokens) is not None:
        out.append(" ".join(["take", *(fixed_counts(tokens) or [])]))
    return out


def _is_rank(token: str) -> bool:
    return token.upper() in (*RANK_CHARS, "JK", "W", "10")


def _rank(token: str) -> str | None:
    """A token's rank as action text writes it, read as is or as :func:`rank_hint` guesses it."""
    return token.upper() if _is_rank(token) else rank_hint(token)


def counts_candidates(tokens: list[str], head: str) -> list[str]:
    """What bad counts after ``head`` most likely meant: put right (``meld K 3``), without the rank a take does not name
    (``take K n2``: the pile's top card gives it), or ``take-top`` written apart (``take top n2``)."""
    out = []
    fixed = fixed_counts(tokens)
    if fixed is not None:
        out.append(" ".join([head, *fixed]))
    if not tokens:
        return out
    if head == "take" and tokens[0].lower() in ("top", "-top"):
        out.append(" ".join(["take-top", *(fixed_counts(tokens[1:]) or tokens[1:])]))
    rest = fixed_counts(tokens[1:])
    if head.startswith("take") and rest is not None and _rank(tokens[0]) is not None:
        out.append(" ".join([head, *rest]))
    return out


def rank_candidates(token: str, head: str, rest: list[str]) -> list[str]:
    """What a meld or discard whose rank ``token`` is no rank most likely meant: the rank by name or card (``meld queens n3``,
    ``discard 7H``), or a meld's rank written after its counts (``meld n3 K``)."""
    out = []
    guess = rank_hint(token)
    if guess is not None:
        out.append(" ".join([head, guess, *(fixed_counts(rest) or rest)]))
    if head == "meld" and fixed_counts([token]) is not None:
        ranks = [t for t in rest if _rank(t) is not None]
        if len(ranks) == 1:
            counts = fixed_counts([token, *(t for t in rest if t != ranks[0])])
            if counts is not None:
                out.append(" ".join(["meld", _rank(ranks[0]) or "", *counts]))
    return out


def discard_candidates(tokens: list[str]) -> list[str]:
    """What a discard naming no one rank most likely meant: the one rank among its words (``discard a 7``)."""
    ranks = [r for r in (_rank(t) for t in tokens) if r is not None]
    return [f"discard {ranks[0]}"] if len(ranks) == 1 else []


__all__ = [
    "FORMS",
    "RANKS",
    "RANK_NAMES",
    "WORDS",
    "closest",
    "count_hint",
    "counts_candidates",
    "discard_candidates",
    "fixed_counts",
    "meant",
    "rank_candidates",
    "rank_hint",
    "unknown_word_candidates",
]
