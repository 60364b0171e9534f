"""Words for the statement of the rules: ranks, counts and lists as players say them (:mod:`canasta.variants.statement`)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .enums import WildLimit

__all__ = ["WILD_LIMIT_WORDS", "and_list", "count_text", "or_list", "rank_of", "ranks_text", "signs_text", "steps_text", "unfinished_text"]

WILD_LIMIT_WORDS = {
    WildLimit.HALF: ", and no more wild cards than naturals",
    WildLimit.FEWER: ", and fewer wild cards than naturals",
    WildLimit.STANDARD: "",
    WildLimit.TWO_PER_WILD: ", and two naturals for every wild card",
}
"""What ``melds.wild_limit`` adds to the statement of the melds, after the most wild cards a meld holds."""


_RANK_WORDS = {
    "2": "twos",
    "3": "threes",
    "4": "fours",
    "5": "fives",
    "6": "sixes",
    "7": "sevens",
    "8": "eights",
    "9": "nines",
    "10": "tens",
    "J": "jacks",
    "Q": "queens",
    "K": "kings",
    "A": "aces",
    "JK": "jokers",
}
"""A rank as players say it, in the plural."""


def ranks_text(values: Iterable[object], more: Sequence[str] = ()) -> str:
    """Ranks in words, then ``more``: ``sevens and aces``; twos and jokers together are ``wild cards``."""
    ranks = [str(getattr(v, "value", v)) for v in values]
    words = [_RANK_WORDS[r] for r in ranks if r not in ("2", "JK", "W")]
    if "2" in ranks and "JK" in ranks:
        words.append("wild cards")
    else:
        words += [_RANK_WORDS[r] for r in ranks if r in ("2", "JK")]
    return and_list([*words, *more])


def rank_of(key: object) -> str:
    """One rank of a keyed table in words: ``sevens``; ``W`` is the wild-card meld."""
    rank = str(getattr(key, "value", key))
    return "the wild-card meld" if rank == "W" else _RANK_WORDS[rank]


def unfinished_text(rank: object) -> str:
    """A meld a rule of unfinished melds names: ``meld of sevens``, ``wild-card meld``."""
    return "wild-card meld" if str(getattr(rank, "value", rank)) == "W" else f"meld of {rank_of(rank)}"


def and_list(words: Sequence[str]) -> str:
    if len(words) <= 2:
        return " and ".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def or_list(words: Sequence[str]) -> str:
    if len(words) <= 2:
        return " or ".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def count_text(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else plural or word + 's'}"


def steps_text(values: Sequence[int]) -> str:
    """A bonus table by count: ``100 for 1, 200 for 2, 300 for 3, 800 for 4 or more``."""
    steps = [f"{v} for {i}" for i, v in enumerate(values, 1)]
    if len(steps) > 1:
        steps[-1] += " or more"
    return ", ".join(steps)


def signs_text(signs: Sequence[int], what: str) -> str:
    """A sign by the side's canastas: ``minus with no canasta, nothing with 1, plus with 2 or more``."""
    words = {-1: "minus", 0: "nothing", 1: "plus"}
    parts = []
    for i, s in enumerate(signs):
        count = "no canasta" if i == 0 else f"{i}" + (" or more" if i == len(signs) - 1 else "")
        parts.append(f"{words[s]} with {count}")
    return f"{what} count " + ", ".join(parts)
