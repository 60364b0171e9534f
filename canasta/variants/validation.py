"""Semantic checks of a structured profile: ranges and contradictions.

Like python-chess's ``Board.status()``, :func:`check_variant` collects every
problem before anything is raised, so a club fixing its house file sees all of
them at once.
"""

from __future__ import annotations

import itertools
import re
import typing
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from canasta.errors import ArgumentError, Problem, shown_value

from .enums import CanastaKind, DeadRanks, MeldRank, ReserveTrigger
from .liveness import scoring_sources
from .schema import PlayerCount, Variant, special_hand_groups
from .shown import shown_toml

PER_PLAYER_KEYS = (
    "deal.decks",
    "deal.jokers",
    "deal.sides",
    "going_out.canastas_required",
    "red_threes.bonus_table",
)
"""Per-player-count values that must cover exactly the player counts of deal.hand_size; so must ``reserve.sizes`` where it is a table by player count rather than an array."""


def value_ranges(v: Variant) -> list[Problem]:
    """The values outside their key's range or below its least, each on its own: no value compared with another."""
    return _ranges(v, "")


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """The resolved field types of a schema class, read once: ``typing.get_type_hints`` takes milliseconds."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


def _ranges(obj: Any, prefix: str) -> list[Problem]:
    out: list[Problem] = []
    hints = _hints(type(obj))
    for f in attrs.fields(type(obj)):
        if f.name == "citations":
            continue
        value = getattr(obj, f.name)
        path = f"{prefix}{f.name}"
        if attrs.has(hints[f.name]):
            out += _ranges(value, f"{path}.")
            continue
        lo, hi = f.metadata.get("lo"), f.metadata.get("hi")
        if lo is None and hi is None and not (isinstance(value, tuple) and value and attrs.has(type(value[0]))):
            continue
        items: list[tuple[str, Any]]
        if isinstance(value, tuple) and value and attrs.has(type(value[0])):
            for i, item in enumerate(value):
                out += _ranges(item, f"{path}[{i}].")
            continue
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
                out.append(Problem(path=where, message=f"{shown_toml(v)} is out of range; allowed {lo} to {hi}"))
    return out


def _meld_ok(v: Variant, naturals: int, wilds: int) -> bool:
    """Whether a meld of this shape obeys the profile's wild-card limit (topics F; decisions P1)."""
    m = v.melds
    if naturals < m.min_naturals or wilds > m.max_wilds or naturals + wilds < m.min_size:
        return False
    return wilds <= m.wild_limit.room(naturals, m.max_wilds)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _packs(decks: int) -> str:
    return "1 pack holds" if decks == 1 else f"{decks} packs hold"


def _prefixes(path: str) -> list[str]:
    """The keys a dotted path lies inside: ``a.b[2].c`` gives ``a``, ``a.b``, ``a.b[2]``."""
    return [path[:i] for i, ch in enumerate(path) if ch in ".[" and i]


def _sides_problems(n: int, sides: int, idle: int) -> list[Problem]:
    """Whether n players, ``idle`` of them sitting out, can play every hand as ``sides`` sides of equal strength (004 L11)."""
    if idle == 0:
        if sides < 1 or sides > n or n % sides:
            return [Problem(path=f"deal.sides.{n}", message=f"{n} players cannot form {sides} equal sides")]
        return []
    playing = n - idle
    if sides < 1 or playing < sides or playing % sides or playing // sides > n // sides:
        return [
            Problem(
                path=f"deal.sitting_out.{n}",
                message=f"with {idle} of {n} players sitting out, the {playing} who play cannot form {sides} equal sides",
            )
        ]
    return []


SPECIAL_HAND_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")
"""A special hand's name: a lower-case word that the action's text form can carry (``show seven_pairs``)."""


def _no_piles(v: Variant) -> str:
    """Why some table the profile plays has no reserve pile (``reserve.sizes`` empty, or empty for a player count it plays), or ""."""
    sizes = v.reserve.sizes
    if not isinstance(sizes, Mapping):
        return "" if sizes else "reserve.sizes is empty"
    bare = [str(n) for n in sorted(sizes) if not sizes[n] and n in v.deal.hand_size]
    if bare:
        return f"reserve.sizes gives no pile for {', '.join(bare)} players"
    return "" if sizes else "reserve.sizes is an empty table"


def _books_problems(v: Variant, meldable: Mapping[int, int], sound: typing.Callable[..., bool]) -> list[Problem]:
    """The canastas needed to go out must fit in the deck's ``meldable`` cards at each player count (every card but the red threes).

    The bound is generous (one side melding every such card), so a profile it refuses is one where nobody can ever go out:
    chantastic's four clean and three dirty books (Hand and Foot) need 49 cards of five packs' 260; twelve books of seven
    would need 84, more than one pack's 52. Classes (``canasta_kinds_required``) needing more than the count hold for every
    player count: one problem names them all.
    """
    g, size = v.going_out, v.canastas.size
    kinds = sum(g.canasta_kinds_required.values())
    out: list[Problem] = []
    short: dict[int, int] = {}
    for n, cards in sorted(meldable.items()):
        required = g.canastas_required.get(PlayerCount(n))
        if required is None or max(required, kinds) * size <= cards or not sound("canastas.size", f"deal.decks.{n}", f"deal.jokers.{n}"):
            continue
        if kinds > required:
            short[n] = cards
        elif sound(f"going_out.canastas_required.{n}"):
            message = f"{required} canastas of {size} cards (canastas.size) need {required * size} cards, but at {n} players the deck holds {cards} besides its red threes: nobody could go out"
            out.append(Problem(path=f"going_out.canastas_required.{n}", message=message))
    if short and sound("going_out.canasta_kinds_required"):
        held = " and ".join(f"{cards} at {n} players" for n, cards in short.items())
        message = f"{kinds} canastas of {size} cards (canastas.size) need {kinds * size} cards, but the deck holds {held} besides its red threes: nobody could go out"
        out.append(Problem(path="going_out.canasta_kinds_required", message=message))
    return out


def _family_problems(v: Variant, sound: typing.Callable[..., bool]) -> list[Problem]:
    """The contradictions of the rules schema 2 added: meld sizes, the canasta kinds, per-rank keys, special hands, reserves."""
    out: list[Problem] = []
    m, c = v.melds, v.canastas
    if m.max_size and sound("melds.max_size", "canastas.size", "melds.min_size"):
        if m.max_size < c.size:
            out.append(Problem(path="melds.max_size", message=f"{m.max_size} cards is fewer than a canasta's {c.size} (canastas.size): no canasta could be made"))
        elif m.max_size < m.min_size:
            out.append(Problem(path="melds.max_size", message=f"{m.max_size} cards is fewer than the smallest meld's {m.min_size} (melds.min_size)"))
    missing = [k.value for k in (CanastaKind.NATURAL, CanastaKind.MIXED, CanastaKind.WILD) if k not in c.bonus]
    if missing and sound("canastas.bonus"):
        out.append(Problem(path="canastas.bonus", message=f"needs the bonus of every kind of canasta; give {', '.join(missing)}"))
    for key in ("natural_only", "wilds_only_in_opening"):
        if MeldRank.WILD in getattr(v.ranks, key) and sound(f"ranks.{key}"):
            out.append(Problem(path=f"ranks.{key}", message="W is the wild-card meld, which holds wild cards only; name natural ranks, 4 to A"))
    for key in ("natural_canasta_bonus", "hand_penalty"):
        if MeldRank.WILD in getattr(v.ranks, key) and sound(f"ranks.{key}"):
            word = "its bonus is canastas.bonus" if key == "natural_canasta_bonus" else "wild cards in hand count their points"
            out.append(Problem(path=f"ranks.{key}.W", message=f"W is the wild-card meld: {word}; name natural ranks, 4 to A"))
    both = set(v.ranks.natural_only) & set(v.ranks.wilds_only_in_opening)
    if both and sound("ranks.natural_only", "ranks.wilds_only_in_opening"):
        ranks = ", ".join(r.value for r in MeldRank if r in both)
        out.append(Problem(path="ranks.wilds_only_in_opening", message=f"{ranks} also in ranks.natural_only, whose melds never hold a wild card"))
    names: set[str] = set()
    for i, hand in enumerate(v.scoring.special_hands):
        where = f"scoring.special_hands[{i}]"
        if not SPECIAL_HAND_NAME.fullmatch(hand.name):
            out.append(Problem(path=f"{where}.name", message=f"{shown_toml(hand.name)} is not a name; write a lower-case word of letters, digits and _, like \"seven_pairs\""))
        elif hand.name in names:
            out.append(Problem(path=f"{where}.name", message=f"{shown_toml(hand.name)} names two special hands"))
        names.add(hand.name)
        groups = special_hand_groups(hand.pattern)
        if groups is None:
            out.append(
                Problem(
                    path=f"{where}.pattern",
                    message=f"{shown_toml(hand.pattern)} is not a pattern; write groups like \"4 4 3 3\" (naturals of one rank each) and W2 (wild cards)",
                )
            )
        elif len(groups[0]) > 11:
            out.append(Problem(path=f"{where}.pattern", message=f"{len(groups[0])} groups of naturals, each of its own rank, but a special hand's naturals are 4 to A, 11 ranks (decisions P67)"))
    if c.several_per_rank:
        grows = [key for key, on in (("canastas.naturals_added", c.naturals_added), ("canastas.wilds_added", c.wilds_added)) if on]
        if grows and sound("canastas.several_per_rank", *grows):
            out.append(
                Problem(
                    path="canastas.several_per_rank",
                    message=f"a canasta set aside takes no more cards, but {' and '.join(grows)} let it grow: set {' and '.join(grows)} to false",
                )
            )
        closes = [
            key
            for key, on in (
                ("melds.dead_after_canasta", m.dead_after_canasta is not DeadRanks.NONE),
                ("discard_pile.own_canasta_rank_blocks", v.discard_pile.own_canasta_rank_blocks),
            )
            if on
        ]
        if closes and sound("canastas.several_per_rank", *closes):
            out.append(
                Problem(
                    path="canastas.several_per_rank",
                    message=f"a new meld of a canasta's rank may start, but {' and '.join(closes)} close the rank with its canasta: turn {'it' if len(closes) == 1 else 'them'} off",
                )
            )
    r = v.reserve
    no_piles = _no_piles(v)
    if v.going_out.reserve_taken and no_piles and sound("going_out.reserve_taken", "reserve.sizes"):
        out.append(Problem(path="going_out.reserve_taken", message=f"there is no reserve pile to take: {no_piles}"))
    walled = not r.by_discard and not r.turn_continues and r.trigger is ReserveTrigger.EMPTY_HAND
    if walled and sound("reserve.by_discard", "reserve.turn_continues", "reserve.trigger"):
        out.append(
            Problem(
                path="reserve.by_discard",
                message="a pile given on an empty hand could never be reached: the discard may not empty the hand, and with "
                "reserve.turn_continues = false neither may a meld; set one of them to true",
            )
        )
    if r.untaken_cards_count and sound("reserve.untaken_cards_count", "reserve.dealt", "reserve.sizes"):
        missing = [why for why, lacking in (("reserve.dealt is off", not r.dealt), (no_piles, bool(no_piles))) if lacking]
        if missing:
            out.append(
                Problem(
                    path="reserve.untaken_cards_count",
                    message=f"no cards lie aside to count: {' and '.join(missing)}; the cards of a pile never received count only where "
                    "reserve.dealt = true deals the piles aside (reserve.sizes)",
                )
            )
    return out


def check_variant(v: Variant, *, unreliable: Iterable[str] = ()) -> list[Problem]:
    """Every range violation and contradiction in a profile; empty when it is sound.

    A check that relates several values is skipped when one of them is out of
    range, or lies under one of the ``unreliable`` key paths (the loader passes
    the values it had to drop as malformed), so that one mistake is reported
    once, not again as a contradiction with its neighbours.
    """
    if not isinstance(v, Variant):
        raise ArgumentError(f"check_variant(...): expected a Variant (canasta.load_variant(name or file)), got {shown_value(v)}")
    out = _ranges(v, "")
    doubtful = {*unreliable, *(p.path for p in out)}
    inside = {prefix for d in doubtful for prefix in _prefixes(d)}  # every key a doubtful path lies inside

    def sound(*keys: str) -> bool:
        """No key is doubtful, inside a doubtful key, or holds one: a set lookup per key, however many problems."""
        return not any(k in doubtful or k in inside or any(q in doubtful for q in _prefixes(k)) for k in keys)

    counts = set(v.deal.hand_size)
    if not counts and sound("deal.hand_size"):
        out.append(Problem(path="deal.hand_size", message="no player count has a hand size; give at least one, like { 4 = 11 }"))
    missing: dict[int, list[str]] = {}
    short_of_threes: list[str] = []
    meldable: dict[int, int] = {}
    by_count = ("reserve.sizes",) if isinstance(v.reserve.sizes, Mapping) else ()  # a table by player count, not the array for every count
    for key in (*PER_PLAYER_KEYS, *by_count):
        group, name = key.split(".")
        have = set(getattr(getattr(v, group), name))
        for n in sorted(counts - have):
            if sound(f"{key}.{n}", f"deal.hand_size.{n}"):
                missing.setdefault(n, []).append(f"{key}.{n}")
        for n in sorted(have - counts):
            if sound(f"{key}.{n}", f"deal.hand_size.{n}"):
                out.append(
                    Problem(path=f"{key}.{n}", message=f"{n} players has no deal.hand_size; add deal.hand_size.{n} or remove this entry")
                )
    for n in sorted(set(v.deal.sitting_out) - counts):
        if sound(f"deal.sitting_out.{n}", f"deal.hand_size.{n}"):
            message = f"{n} players has no deal.hand_size; add deal.hand_size.{n} or remove this entry"
            out.append(Problem(path=f"deal.sitting_out.{n}", message=message))
    for count, needed in sorted(missing.items()):
        out.append(Problem(path=f"deal.hand_size.{count}", message=f"{count} players also need {', '.join(needed)}"))
    for n in sorted(counts):
        decks = v.deal.decks.get(n)
        jokers = v.deal.jokers.get(n)
        sides = v.deal.sides.get(n)
        idle = v.deal.sitting_out.get(n, 0)
        playing = n - idle if sound(f"deal.sitting_out.{n}") else n
        if decks is not None and jokers is not None:
            total = 52 * decks + jokers
            upcard = 1 if v.upcard.enabled else 0
            aside = sum(v.reserve.sizes_for(n)) if v.reserve.dealt else 0
            dealt = playing * v.deal.hand_size[n] + upcard + aside
            if dealt > total and sound(f"deal.hand_size.{n}", f"deal.decks.{n}", f"deal.jokers.{n}", f"deal.sitting_out.{n}", "reserve"):
                extra = (" plus the upcard" if upcard else "") + (f" plus {aside} cards of reserve piles" if aside else "")
                out.append(
                    Problem(
                        path=f"deal.hand_size.{n}",
                        message=f"{playing} hands of {v.deal.hand_size[n]}{extra} need {dealt} cards, but the deck holds {total}",
                    )
                )
            table = v.red_threes.bonus_table.get(n)
            if table is not None and len(table) != 2 * decks and sound(f"red_threes.bonus_table.{n}", f"deal.decks.{n}"):
                out.append(
                    Problem(
                        path=f"red_threes.bonus_table.{n}",
                        message=f"needs one entry per red three: {_packs(decks)} {2 * decks} red threes, the table has {len(table)}",
                    )
                )
            if v.black_threes.meld_min > 2 * decks and sound("black_threes.meld_min", f"deal.decks.{n}"):
                short_of_threes.append(f"{n} players ({_packs(decks)} {2 * decks})")
            meldable[n] = total - 2 * decks
        if sides is not None and sound(f"deal.sides.{n}", f"deal.sitting_out.{n}"):
            out += _sides_problems(n, sides, idle)
    out += _books_problems(v, meldable, sound)
    if short_of_threes:
        out.append(
            Problem(
                path="black_threes.meld_min",
                message=f"{v.black_threes.meld_min} black threes can never be melded with {', '.join(short_of_threes)}",
            )
        )
    thresholds = v.initial_meld.score_thresholds
    if any(b <= a for a, b in itertools.pairwise(thresholds)) and sound("initial_meld.score_thresholds"):
        out.append(Problem(path="initial_meld.score_thresholds", message=f"thresholds must be strictly increasing, got {shown_toml(list(thresholds), 200)}"))
    if len(v.initial_meld.minimums) != len(thresholds) + 1 and sound("initial_meld.score_thresholds", "initial_meld.minimums"):
        out.append(
            Problem(
                path="initial_meld.minimums",
                message=(
                    f"needs one minimum per band: initial_meld.score_thresholds has {_count(len(thresholds), 'threshold')}, "
                    f"making {_count(len(thresholds) + 1, 'band')}, but initial_meld.minimums has "
                    f"{_count(len(v.initial_meld.minimums), 'minimum')}"
                ),
            )
        )
    m = v.melds
    if not sound("melds"):
        pass  # the meld limits below would loop over an out-of-range melds.min_size
    elif not any(_meld_ok(v, n, m.min_size - n) for n in range(m.min_size + 1)):
        out.append(Problem(path="melds", message="no meld of melds.min_size cards is legal under these limits"))
    too_big = m.min_naturals > v.canastas.size or m.min_size > v.canastas.size
    if too_big and sound("melds.min_naturals", "melds.min_size", "canastas.size"):
        out.append(Problem(path="canastas.size", message=f"a canasta of {v.canastas.size} cards is smaller than the smallest legal meld"))
    if v.discard_pile.wild_and_natural and sound("melds", "discard_pile.wild_and_natural") and not _meld_ok(v, 2, 1):
        out.append(
            Problem(
                path="discard_pile.wild_and_natural",
                message=(
                    "taking the pile with a natural and a wild card makes a meld of 2 naturals and 1 wild, "
                    f"which melds.wild_limit = {shown_toml(m.wild_limit)}, melds.min_naturals = {m.min_naturals}, "
                    f"melds.max_wilds = {m.max_wilds} and melds.min_size = {m.min_size} forbid"
                ),
            )
        )
    if v.black_threes.meld_min > v.black_threes.meld_max and sound("black_threes.meld_min", "black_threes.meld_max"):
        out.append(
            Problem(
                path="black_threes.meld_min",
                message=f"{v.black_threes.meld_min} is more than black_threes.meld_max = {v.black_threes.meld_max}",
            )
        )
    out += _family_problems(v, sound)
    if not v.name.strip() and sound("name"):
        out.append(Problem(path="name", message="must not be empty"))
    scoring = ("deal", "scoring", "canastas", "going_out", "concealed_going_out", "red_threes", "melds", "initial_meld", "black_threes")
    if sound(*scoring) and not out and not v.match.hands:  # a match of a fixed number of hands ends anyway
        dead = [n for n in sorted(counts) if not scoring_sources(v, n)]
        if dead:
            which = " or ".join(str(n) for n in dead)
            out.append(
                Problem(
                    path="match.target",
                    message=(
                        f"with {which} players no side can ever score a point: no card value, canasta bonus, going-out bonus "
                        "or red-three value can be earned under these rules (the deck, the meld limits and the opening "
                        "minimums allow none), so no side reaches the target and no match ends (001 §1, §34 A)"
                    ),
                )
            )
    return out
