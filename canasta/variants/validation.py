"""Semantic checks of a structured profile: ranges and contradictions.

Like python-chess's ``Board.status()``, :func:`check_variant` collects every
problem before anything is raised, so a club fixing its house file sees all of
them at once.
"""

from __future__ import annotations

import itertools
import typing
from collections.abc import Mapping
from typing import Any

import attrs

from .enums import WildLimit
from .errors import Problem
from .schema import Variant

PER_PLAYER_KEYS = (
    "deal.decks",
    "deal.jokers",
    "deal.sides",
    "going_out.canastas_required",
    "red_threes.bonus_table",
)
"""Per-player-count values that must cover exactly the player counts of deal.hand_size."""


def _ranges(obj: Any, prefix: str) -> list[Problem]:
    out: list[Problem] = []
    hints = typing.get_type_hints(type(obj))
    for f in attrs.fields(type(obj)):
        if f.name == "citations":
            continue
        value = getattr(obj, f.name)
        path = f"{prefix}{f.name}"
        if attrs.has(hints[f.name]):
            out += _ranges(value, f"{path}.")
            continue
        lo, hi = f.metadata.get("lo"), f.metadata.get("hi")
        if lo is None and hi is None:
            continue
        items: list[tuple[str, Any]]
        if isinstance(value, Mapping):
            items = []
            for k, v in value.items():
                if isinstance(v, tuple):
                    items += [(f"{path}.{k}[{i}]", x) for i, x in enumerate(v)]
                else:
                    items.append((f"{path}.{k}", v))
        elif isinstance(value, tuple):
            items = [(f"{path}[{i}]", x) for i, x in enumerate(value)]
        else:
            items = [(path, value)]
        for where, v in items:
            if isinstance(v, int) and not isinstance(v, bool) and ((lo is not None and v < lo) or (hi is not None and v > hi)):
                out.append(Problem(path=where, message=f"{v} is out of range; allowed {lo} to {hi}"))
    return out


def _meld_ok(v: Variant, naturals: int, wilds: int) -> bool:
    """Whether a meld of this shape obeys the profile's wild-card limit (MATRIX F, P1)."""
    m = v.melds
    if naturals < m.min_naturals or wilds > m.max_wilds or naturals + wilds < m.min_size:
        return False
    if m.wild_limit is WildLimit.HALF:
        return wilds <= naturals
    if m.wild_limit is WildLimit.TWO_PER_WILD:
        return naturals >= 2 * wilds
    return True


def check_variant(v: Variant) -> list[Problem]:
    """Every range violation and contradiction in a profile; empty when it is sound."""
    out = _ranges(v, "")
    counts = set(v.deal.hand_size)
    if not counts:
        out.append(Problem(path="deal.hand_size", message="no player count has a hand size; give at least one, like { 4 = 11 }"))
    missing: dict[int, list[str]] = {}
    for key in PER_PLAYER_KEYS:
        group, name = key.split(".")
        have = set(getattr(getattr(v, group), name))
        for n in sorted(counts - have):
            missing.setdefault(n, []).append(f"{key}.{n}")
        for n in sorted(have - counts):
            out.append(
                Problem(path=f"{key}.{n}", message=f"{n} players has no deal.hand_size; add deal.hand_size.{n} or remove this entry")
            )
    for count, needed in sorted(missing.items()):
        out.append(Problem(path=f"deal.hand_size.{count}", message=f"{count} players also need {', '.join(needed)}"))
    for n in sorted(counts):
        decks = v.deal.decks.get(n)
        jokers = v.deal.jokers.get(n)
        sides = v.deal.sides.get(n)
        if decks is not None and jokers is not None:
            total = 52 * decks + jokers
            dealt = n * v.deal.hand_size[n] + 1
            if dealt > total:
                out.append(
                    Problem(
                        path=f"deal.hand_size.{n}",
                        message=f"{n} hands of {v.deal.hand_size[n]} plus the upcard need {dealt} cards, but the deck holds {total}",
                    )
                )
            table = v.red_threes.bonus_table.get(n)
            if table is not None and len(table) != 2 * decks:
                out.append(
                    Problem(
                        path=f"red_threes.bonus_table.{n}",
                        message=f"needs one entry per red three: {decks} packs hold {2 * decks} red threes, the table has {len(table)}",
                    )
                )
            if v.black_threes.meld_min > 2 * decks:
                out.append(
                    Problem(
                        path="black_threes.meld_min",
                        message=f"{v.black_threes.meld_min} black threes can never be melded with {n} players: {decks} packs hold {2 * decks}",
                    )
                )
        if sides is not None and (sides > n or n % sides):
            out.append(Problem(path=f"deal.sides.{n}", message=f"{n} players cannot form {sides} equal sides"))
    thresholds = v.initial_meld.score_thresholds
    if any(b <= a for a, b in itertools.pairwise(thresholds)):
        out.append(Problem(path="initial_meld.score_thresholds", message=f"thresholds must be strictly increasing, got {list(thresholds)}"))
    if len(v.initial_meld.minimums) != len(thresholds) + 1:
        out.append(
            Problem(
                path="initial_meld.minimums",
                message=f"needs one minimum per band: {len(thresholds)} thresholds make {len(thresholds) + 1} bands, got {len(v.initial_meld.minimums)} minimums",
            )
        )
    m = v.melds
    if not any(_meld_ok(v, n, m.min_size - n) for n in range(m.min_size + 1)) and not _meld_ok(v, m.min_size, 0):
        out.append(Problem(path="melds", message="no meld of melds.min_size cards is legal under these limits"))
    if m.min_naturals > v.canastas.size or m.min_size > v.canastas.size:
        out.append(Problem(path="canastas.size", message=f"a canasta of {v.canastas.size} cards is smaller than the smallest legal meld"))
    if v.discard_pile.wild_and_natural and not _meld_ok(v, 2, 1):
        out.append(
            Problem(
                path="discard_pile.wild_and_natural",
                message=(
                    "taking the pile with a natural and a wild card makes a meld of 2 naturals and 1 wild, "
                    f"which melds.wild_limit = {m.wild_limit.value!r}, melds.min_naturals = {m.min_naturals}, "
                    f"melds.max_wilds = {m.max_wilds} and melds.min_size = {m.min_size} forbid"
                ),
            )
        )
    if v.black_threes.meld_min > v.black_threes.meld_max:
        out.append(
            Problem(
                path="black_threes.meld_min",
                message=f"{v.black_threes.meld_min} is more than black_threes.meld_max = {v.black_threes.meld_max}",
            )
        )
    if not v.name.strip():
        out.append(Problem(path="name", message="must not be empty"))
    return out
