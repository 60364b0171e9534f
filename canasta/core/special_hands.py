"""Special hands: a whole hand of a given pattern, shown instead of playing on (``scoring.special_hands``; Modern American EBB §2.12, CC).

A pattern is groups of natural cards, each group of its own rank (four to
ace), and a number of wild cards: ``"4 4 3 3"`` is two fours-of-a-kind and
two threes-of-a-kind, ``"2 2 2 2 2 2 W2"`` six pairs and two wild cards. The
hand matches when its naturals, rank by rank, are exactly the groups and its
wild cards exactly the number. Only a player whose side has not melded may
show one, after his draw from the stock and before melding anything; the
hand then ends and his side scores only the hand's points (EBB §2.12, CJS
part 2: no going-out bonus, the partner's cards not counted).
"""

from __future__ import annotations

from .cards import ACE, FOUR, THREE, TWO, WILD
from .state import State

Violation = tuple[str, str]


def matches(counts: list[int], groups: tuple[int, ...], wilds: int) -> bool:
    """Whether a hand's per-rank counts (14 entries) are exactly the pattern: ``groups`` largest first, and ``wilds`` wild cards."""
    if counts[TWO] + counts[WILD] != wilds or counts[THREE]:
        return False
    held = sorted((counts[rank] for rank in range(FOUR, ACE + 1) if counts[rank]), reverse=True)
    return tuple(held) == groups


def shown_violation(st: State, name: str) -> Violation | None:
    """Why the player may not show the special hand ``name`` now, or None (``scoring.special_hands``; EBB §2.12)."""
    r = st.rules
    found = next((h for h in r.special_hands if h[0] == name), None)
    if found is None:
        known = ", ".join(h[0] for h in r.special_hands) or "none"
        return ("scoring.special_hands", f"{name!r} is not a special hand of these rules (they have: {known})")
    seat = st.current
    side = r.side_of[seat]
    if st.melds[side] or st.opened[side]:
        return ("scoring.special_hands", "only a player whose side has not melded may show a special hand")
    if not st.drew_from_stock or st.turn_new or st.pile_taken_top >= 0:
        return ("scoring.special_hands", "a special hand is shown after drawing from the stock, before melding anything")
    if not matches(st.counts[seat], found[1], found[2]):
        return ("scoring.special_hands", f"your hand is not {name} ({_pattern(found[1], found[2])})")
    return None


def _pattern(groups: tuple[int, ...], wilds: int) -> str:
    return " ".join([*(str(g) for g in groups), *([f"W{wilds}"] if wilds else [])])


def shown_now(st: State) -> list[str]:
    """The special hands the player to act may show now, by name, in the profile's order."""
    r = st.rules
    seat = st.current
    side = r.side_of[seat]
    if st.melds[side] or st.opened[side] or not st.drew_from_stock or st.turn_new or st.pile_taken_top >= 0:
        return []
    counts = st.counts[seat]
    return [h[0] for h in r.special_hands if matches(counts, h[1], h[2])]


__all__ = ["matches", "shown_now", "shown_violation"]
