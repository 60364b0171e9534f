"""Reading files of older schema versions: the one function that turns schema-1 data into schema-2 data.

Every profile and house file written for schema version 1 loads unchanged and
plays as it did (issue 20). Each file of an ``extends`` chain is upgraded on
its own, before the files are merged, so a schema-1 house file may extend a
schema-2 profile and the reverse. A file is upgraded key by key: a house file
gives only some keys, and only those are moved.

Schema 2 replaced five keys with the composition-keyed canasta bonus table and
the going-out requirements (:data:`RENAMED`); every other key kept its name
and meaning, and every key schema 2 added defaults to what schema 1 played.

A file that names no ``schema_version`` is read as version 1 if it gives a key
that only version 1 has, and as the current version otherwise (the two read
such a file alike).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .schema import SCHEMA_VERSION

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

ADDED: dict[int, tuple[str, ...]] = {
    2: (
        "upcard.enabled",
        "turn.stock_draw",
        "initial_meld.minimums_by_hand",
        "initial_meld.mixed_canasta_allowed",
        "initial_meld.natural_meld_size",
        "initial_meld.from_hand_before_pile",
        "discard_pile.always_frozen",
        "discards.never",
        "discards.last_resort",
        "discards.not_on_empty_pile",
        "discards.dead_not_on_empty_pile",
        "discards.not_in_first_round",
        "melds.max_size",
        "melds.wilds_after_opening_min_naturals",
        "melds.wild_meld_exclusive",
        "melds.dead_after_canasta",
        "ranks.natural_only",
        "ranks.wilds_only_in_opening",
        "ranks.hand_penalty_count",
        "going_out.unfinished_melds_forbidden",
        "going_out.reserve_taken",
        "reserve.sizes",
        "reserve.trigger",
        "reserve.one_per",
        "reserve.dealt",
        "reserve.turn_continues",
        "reserve.not_with_pile",
        "reserve.min_stock",
        "reserve.untaken_penalty",
        "reserve.becomes_stock",
        "red_threes.sign_by_canastas",
        "black_threes.bonus_card",
        "black_threes.hand_penalty",
        "scoring.melded_sign_by_canastas",
        "scoring.special_hands",
        "match.hands",
    )
}
"""Keys each schema version added that a complete profile must give (maps that are empty by default are not required).

A complete schema-1 profile is given each at its default, which is what schema 1 played (:func:`upgrade`)."""


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


def upgrade(data: dict[str, Any], citations: dict[str, str], version: int, *, complete: bool = False) -> None:
    """Turn one file's data of schema ``version`` into the current schema's, in place, with the citations of the keys it moves.

    Only the keys the file gives are moved; a value is converted where its
    type changed (``natural_canasta_required = true`` becomes one natural
    canasta required). A value of the wrong type is moved as it is, so the
    loader reports it at its new key. A ``complete`` file (one without
    ``extends``) is also given every key added since its version, at the
    default that plays as its version did, cited as the upgrade.
    """
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
    if complete:
        from .converter import unstructure_variant
        from .schema import Variant

        defaults = unstructure_variant(Variant())
        for later in range(version + 1, SCHEMA_VERSION + 1):
            for key in ADDED.get(later, ()):
                node, last = _table_of(data, key)
                if last not in node:
                    node[last] = _lookup(defaults, key)
                    citations.setdefault(key, f"schema {version} profile: the rule schema {later} added, as schema {version} played it")
    if version < SCHEMA_VERSION:
        data["schema_version"] = SCHEMA_VERSION


__all__ = ["RENAMED", "file_version", "old_keys", "upgrade"]
