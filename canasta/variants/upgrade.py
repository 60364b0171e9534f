"""Reading files of older schema versions, and of keys they do not give: the one place that turns old data into today's.

Every profile and house file written for an earlier schema version, or
before a key was added to its own version, loads unchanged and plays as it
did. Each file of an ``extends`` chain is upgraded on its own, before the
files are merged, so a schema-1 house file may extend a schema-2 profile and
the reverse. A file is upgraded key by key: a house file gives only some keys,
and only those are moved.

Schema 2 replaced five keys with the composition-keyed canasta bonus table and
the going-out requirements (:data:`RENAMED`). A rule key that files of some
version could be written without (:data:`ADDED`) takes, in a complete file
that does not give it, the value those files played: what the engine did
before the key existed, which is not always the key's default (a file without
``going_out.ask_after_melding`` played the engine's rule of its time, no
asking after melding, while new profiles allow it). ``tests/compat`` holds the
rule keys each version's first files gave, read from the commits, and fails
when the schema has a rule key that is neither among them nor here.

A key whose type was widened needs nothing here: every value it took before
still loads and means what it meant (``reserve.sizes``, an array for every
player count, may also be a table of arrays by player count).

A file that names no ``schema_version`` is read as version 1 if it gives a key
that only version 1 has, and as the current version otherwise (the two read
such a file alike).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import attrs

from .schema import SCHEMA_VERSION
from .shown import shown_toml

RENAMED: dict[int, dict[str, tuple[str, ...]]] = {
    2: {
        "canastas.natural_bonus": ("canastas.bonus.natural",),
        "canastas.mixed_bonus": ("canastas.bonus.mixed",),
        "canastas.wild_canasta_bonus": ("canastas.bonus.wild",),
        "canastas.pure_wild_canasta_bonus": ("canastas.bonus.pure_wild",),
        "going_out.natural_canasta_required": ("going_out.canasta_kinds_required.natural",),
    }
}
"""Keys each schema version replaced: ``{version: {old dotted key: (new dotted keys)}}``."""

DROPPED: dict[int, dict[str, Any]] = {
    1: {
        "melds.one_meld_per_rank": True,
        "turn.keep_one_card": True,
        "turn.red_threes_before_draw": True,
    }
}
"""Keys dropped within a schema version, ``{version: {dotted key: the one value ever played}}``: files of that version and
earlier may give them.

The first commit (b1160ee) wrote these three; the next, which brought the engine, dropped them, since no source varies
them and the engine plays only that value: a side holds one meld per rank (001 §11 B), a discard that does not go out
keeps a card in hand (001 §16 B), and dealt red threes are laid at the player's turn before his draw (001 §21 B), which
``turn.dealt_red_threes = "own_turn"`` says since. A file giving that value loads without the key; any other value is
refused, as no engine ever played it."""


@attrs.frozen(kw_only=True)
class AddedKey:
    """A rule key that files of some schema version were written without, and the value those files played."""

    key: str
    """The dotted key."""
    version: int
    """The schema version the key belongs to: files of every earlier version lack it."""
    within: bool
    """Whether it came within its version, after files of that version were written, so that those lack it too."""
    played: Any
    """The value, as a profile file writes it, that plays as the files without the key played."""
    commit: str
    """The commit that added the key."""
    before: str
    """What the files without the key played, and why :attr:`played` is that: the citation a loaded profile gives the key."""

    def lacked_by(self, version: int) -> bool:
        """Whether files of schema ``version`` may lack the key."""
        return version < self.version or (version == self.version and self.within)


_NO_FAMILY = "schema 1 had no such rule"


def _family(key: str, played: Any, before: str = _NO_FAMILY) -> AddedKey:
    """A key schema 2 came with (c66ce3b): every schema-1 file lacks it and played the classic game, the family's rule off."""
    return AddedKey(key=key, version=2, within=False, played=played, commit="c66ce3b", before=before)


ADDED: tuple[AddedKey, ...] = (
    AddedKey(
        key="turn.dealt_red_threes",
        version=1,
        within=True,
        played="own_turn",
        commit="3f779cb",
        before="dealt red threes laid at the player's first turn, before his draw, as turn.red_threes_before_draw = true said (001 §21 B)",
    ),
    AddedKey(
        key="deal.sitting_out",
        version=1,
        within=True,
        played={},
        commit="e611efb",
        before="every player dealt in: the engine had no seat sitting out before five and six players came",
    ),
    AddedKey(
        key="going_out.ask_after_melding",
        version=1,
        within=True,
        played="refused",
        commit="e7f3410",
        before="the engine's rule before the key: 'may I go out?' only before melding (001 §23 A), never after (decisions P26)",
    ),
    AddedKey(
        key="red_threes.may_keep_in_hand",
        version=1,
        within=True,
        played=False,
        commit="efaec83",
        before="the engine's rule before the key: every red three laid down at once and replaced (004 L158, decisions P35)",
    ),
    _family("upcard.enabled", True, "the upcard was always turned (001 §6 B)"),
    _family("turn.stock_draw", 1, "one card was always drawn from the stock (001 §9)"),
    _family("initial_meld.minimums_by_hand", [], "the opening minimum went by the side's score (001 §13 A)"),
    _family("initial_meld.natural_meld_size", 0),
    _family("initial_meld.from_hand_before_pile", False),
    _family("discard_pile.always_frozen", False),
    _family("discards.never", []),
    _family("discards.last_resort", []),
    _family("discards.not_on_empty_pile", []),
    _family("discards.dead_not_on_empty_pile", False),
    _family("discards.not_in_first_round", []),
    _family("melds.max_size", 0),
    _family("melds.wilds_after_opening_min_naturals", 0),
    _family("melds.wild_meld_exclusive", False),
    _family("melds.dead_after_canasta", "none"),
    _family("ranks.natural_only", []),
    _family("ranks.wilds_only_in_opening", []),
    _family("ranks.natural_canasta_bonus", {}),
    _family("ranks.unfinished_penalty", {}),
    _family("ranks.hand_penalty", {}),
    _family("ranks.hand_penalty_count", 3, "no rank cost anything for being held, so the count is never read"),
    _family("going_out.unfinished_melds_forbidden", []),
    _family("going_out.reserve_taken", False),
    _family("reserve.sizes", []),
    _family("reserve.trigger", "opening", "no reserve piles, so nothing triggers one"),
    _family("reserve.one_per", "side", "no reserve piles"),
    _family("reserve.dealt", False),
    _family("reserve.turn_continues", False),
    _family("reserve.not_with_pile", False),
    _family("reserve.min_stock", 0),
    _family("reserve.untaken_penalty", 0),
    _family("reserve.becomes_stock", False),
    _family("red_threes.sign_by_canastas", []),
    _family("black_threes.bonus_card", False, "black threes were never bonus cards"),
    _family("black_threes.hand_penalty", 0),
    _family("scoring.melded_sign_by_canastas", []),
    _family("scoring.special_hands", []),
    _family("match.hands", 0, "a match was played to match.target (001 §1)"),
    AddedKey(
        key="initial_meld.mixed_canasta_allowed",
        version=2,
        within=True,
        played=True,
        commit="e5a2272",
        before="the engine's rule before the key: the opening turn's melds could make any canasta",
    ),
    AddedKey(
        key="canastas.several_per_rank",
        version=2,
        within=True,
        played=False,
        commit="8756293",
        before="the engine's rule before the key: a side held one meld per rank, its canasta included (001 §11 B; decisions P27)",
    ),
    AddedKey(
        key="discard_pile.take_count",
        version=2,
        within=True,
        played=0,
        commit="07744c8",
        before="the engine's rule before the key: a take of the pile took the whole pile (004 L125, 001 §10 ¶c)",
    ),
    AddedKey(
        key="reserve.untaken_cards_count",
        version=2,
        within=True,
        played=False,
        commit="9490422",
        before="the engine's rule before the key: a reserve pile never received cost only reserve.untaken_penalty, its cards nothing",
    ),
    AddedKey(
        key="black_threes.meldable",
        version=2,
        within=True,
        played=True,
        commit="98d1445",
        before="the engine's rule before the key: black threes were melded when going out, 3 or 4 of them (000 SVARTA TREOR 2, 001 §20 C)",
    ),
    AddedKey(
        key="reserve.by_discard",
        version=2,
        within=True,
        played=True,
        commit="0886d16",
        before="the engine's rule before the key: a hand could be emptied by the discard to reach a pile given on an empty hand, "
        "played from the next turn (Hand and Foot's walking: BGA, FEU)",
    ),
)
"""Every rule key that files of some schema version were written without, in the order they came, with the value those files played.

A complete file (one without ``extends``) that does not give such a key is
given :attr:`AddedKey.played` where its version may lack it
(:meth:`AddedKey.lacked_by`); anywhere else a missing key is a gap the loader
names. A new rule key goes here, with what the files without it played."""


def lacked(version: int) -> tuple[AddedKey, ...]:
    """The rule keys a complete file of schema ``version`` may have been written without."""
    return tuple(added for added in ADDED if added.lacked_by(version))


def _same(given: Any, value: Any) -> bool:
    """Whether a file's value is ``value`` itself, of its type (``1`` is not ``true``)."""
    return type(given) is type(value) and given == value


def dropped(version: int) -> dict[str, Any]:
    """The dropped keys a file of schema ``version`` may give, with the one value each was ever played with."""
    out: dict[str, Any] = {}
    for later in range(version, SCHEMA_VERSION + 1):
        out.update(DROPPED.get(later, {}))
    return out


def dropped_problems(data: Mapping[str, Any], version: int) -> list[tuple[str, str]]:
    """(dotted key, message) for each dropped key a file gives with a value no engine played."""
    out = []
    for key, value in dropped(version).items():
        given = _lookup(data, key)
        if given is not None and not _same(given, value):
            message = (
                f"dropped from schema version {version} before any engine played it: the engine always plays "
                f"{shown_toml(value)}, so {shown_toml(given)} cannot be played; leave the key out"
            )
            out.append((key, message))
    return out


def _converted(old: str, value: Any) -> Any:
    """A schema-1 value in its schema-2 form."""
    if old == "going_out.natural_canasta_required" and type(value) is bool:
        return int(value)  # one natural canasta, or none
    return value


def old_keys(version: int) -> dict[str, tuple[str, ...]]:
    """The keys a file of ``version`` may give that the current schema replaced, with their new keys."""
    out: dict[str, tuple[str, ...]] = {}
    for later in range(version + 1, SCHEMA_VERSION + 1):
        out.update(RENAMED.get(later, {}))
    return out


def _lookup(data: Mapping[str, Any], dotted: str) -> Any:
    node: Any = data
    for part in dotted.split("."):
        node = node.get(part) if isinstance(node, Mapping) else None
    return node


def file_version(data: Mapping[str, Any]) -> Any:
    """The schema version a file is written for: its ``schema_version``, else 1 if it gives a key only version 1 has, else the current one."""
    if "schema_version" in data:
        return data["schema_version"]
    if any(_lookup(data, old) is not None for old in old_keys(1)):
        return 1
    return SCHEMA_VERSION


def _table_of(data: dict[str, Any], dotted: str) -> tuple[dict[str, Any], str]:
    """The table a dotted key lives in (made where missing, or where a value of the wrong type stands), and its last part."""
    node = data
    *parents, last = dotted.split(".")
    for part in parents:
        child = node.get(part)
        if not isinstance(child, dict):
            child = node[part] = {}
        node = child
    return node, last


def upgrade(data: dict[str, Any], citations: dict[str, str], version: int, *, complete: bool = False) -> tuple[str, ...]:
    """Turn one file's data of schema ``version`` into the current schema's, in place, with the citations of the keys it moves.

    Only the keys the file gives are moved; a value is converted where its
    type changed (``natural_canasta_required = true`` becomes one natural
    canasta required). A value of the wrong type is moved as it is, so the
    loader reports it at its new key. A ``complete`` file (one without
    ``extends``) is also given each key of :data:`ADDED` its version may lack
    and it does not give, at the value the files without it played, cited
    with what they played; those keys are returned.
    """
    for gone, value in dropped(version).items():
        section, _, key = gone.partition(".")
        table = data.get(section)
        if isinstance(table, dict) and key in table and _same(table[key], value):
            del table[key]
            citations.pop(gone, None)
    for old, new in old_keys(version).items():
        section, _, key = old.partition(".")
        table = data.get(section)
        if not isinstance(table, dict) or key not in table:
            continue
        value = table.pop(key)
        cited = citations.pop(old, None)
        for target in new:
            node, last = _table_of(data, target)
            node[last] = _converted(old, value)
            if cited is not None:
                citations[target] = cited
    given: list[str] = []
    if complete and type(version) is int:
        for added in lacked(version):
            node, last = _table_of(data, added.key)
            if last not in node:
                node[last] = copy.deepcopy(added.played)
                citations.setdefault(added.key, f"not in this schema-{version} file: {added.before}")
                given.append(added.key)
    if version < SCHEMA_VERSION:
        data["schema_version"] = SCHEMA_VERSION
    return tuple(given)


__all__ = ["ADDED", "DROPPED", "RENAMED", "AddedKey", "dropped", "dropped_problems", "file_version", "lacked", "old_keys", "upgrade"]
