"""Positions as files and data: reading a position's file, storing a position in a record, and exporting a state as one.

A position (``docs/scenarios.md``) is read into a state by
:func:`canasta.core.positions.build_state`; this module finds the table in a
file or a text (:func:`read_position`), keeps it in a record
(:func:`stored_position`) and writes a state back as a position
(:func:`export_position`), which reads back to the same state.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from canasta.errors import PositionError, is_instance, shown_text, shown_value
from canasta.textfiles import read_data_file, toml_data
from canasta.variants import Variant, VariantError, load_variant

from . import position_defaults as shown
from .positions import LIMIT, cards_text
from .state import ANSWER, DRAW, MELD, State


def _names_a_file(text: str) -> bool:
    """Whether a string given as a position is a path rather than TOML text: it ends with ``.toml`` or names something that exists."""
    if "\n" in text or not text.strip() or len(text) > 4096:
        return False
    if text.strip().lower().endswith(".toml"):
        return True
    if "=" in text or "[" in text:
        return False
    try:
        return Path(text).exists()
    except (OSError, ValueError):  # a name too long for the system, or holding a NUL
        return False


def read_position(position: Mapping[str, Any] | str | os.PathLike[str]) -> tuple[dict[str, Any], Path | None]:
    """The position table a table, TOML text or file holds, and the file (None for text or a table).

    A :class:`~pathlib.Path` (or any path-like) is a file; so is a string that
    ends with ``.toml`` or names an existing path; any other string is TOML
    text. The table may sit at the top level or under ``[position]``. Files are
    read with :func:`canasta.textfiles.read_text`, so a directory, a missing
    file, a FIFO or ``/dev/zero`` raise :class:`PositionError` naming the file
    instead of an OSError or a hang; broken TOML gives its line and column.
    """
    file: Path | None = None
    if isinstance(position, str):
        position = shown_text(position)  # a str subclass is read as the plain text it holds
    if is_instance(position, Mapping):
        try:
            data: Any = dict(position)
        except Exception as exc:  # a stranger's mapping whose keys or items raise
            raise PositionError([f"position: a table that cannot be read ({type(exc).__name__})"]) from None
    elif is_instance(position, os.PathLike) or (isinstance(position, str) and _names_a_file(position)):
        text, label = read_data_file(position, PositionError)
        file = Path(position)
        data = toml_data(text, PositionError, label)
    elif isinstance(position, str):
        if position.strip() and not any(mark in position for mark in "\n=["):
            raise PositionError([f"no such file, and not TOML text either: {shown_value(position)}"])
        data = toml_data(position, PositionError)
    else:
        raise PositionError([f"expected a position table, TOML text or the path of a .toml file, got {shown_value(position)}"])
    inner = data.get("position")
    return (dict(inner) if is_instance(inner, Mapping) else data), file


def stored_position(data: Mapping[str, Any], variant: Variant) -> dict[str, Any]:
    """A copy of a position that :func:`build_state` accepted, as a record stores it and TOML writes it.

    Seat and side keys given as ints from Python (``hands = {0: "AS KD"}``)
    become the strings TOML keys are, and a profile named by a relative
    ``.toml`` path is stored as the profile itself, so the record replays
    without that file.
    """
    stored = copy.deepcopy(dict(data))
    for key in ("hands", "sides"):
        table = stored.get(key)
        if is_instance(table, Mapping):
            stored[key] = {str(k): v for k, v in table.items()}
    spec = stored.get("variant")
    if isinstance(spec, str) and spec.strip().lower().endswith(".toml"):
        stored["variant"] = variant_spec(variant)
    return stored


def variant_spec(variant: Variant) -> Any:
    """A position's ``variant`` value: a bundled profile by name; any other profile as its full table."""
    try:
        if load_variant(variant.name) == variant:
            return variant.name
    except VariantError:
        pass
    from canasta.variants.converter import unstructure_variant

    return unstructure_variant(variant)


def export_position(variant: Variant, st: State) -> dict[str, Any]:
    """The state as a position table that :func:`build_state` sets up again exactly.

    Possible at the start of a turn or right after its draw, before any meld,
    and after the player took back an unfinished opening (001 §27 A•2), which
    is written as ``retracted = true`` with the side's raised ``minimum_raise``.
    A partner's answer to "may I go out?" given before any meld, or before an
    opening taken back, is written as ``answer`` (and ``answer_binds``).
    Mid-turn states (melds made this turn, a pile waiting on an opening, a
    question awaiting its answer) and a finished match raise :class:`PositionError`.
    """
    r = st.rules
    if st.phase not in (DRAW, MELD):
        why = "the match is over" if st.phase not in (DRAW, MELD, ANSWER) else "the partner still has to answer 'may I go out?'"
        raise PositionError([f"no position to export: {why}; positions start a turn or follow its draw"])
    if st.turn_new or st.pending or st.turn_added_old or st.pile_taken_top >= 0:
        raise PositionError(["no position to export mid-turn: the player has melded or taken the pile this turn; positions start a turn or follow its draw"])
    sides: dict[str, Any] = {}
    for side in range(r.sides):
        table: dict[str, Any] = {
            "melds": [cards_text(m[3]) for _, m in sorted(st.melds[side].items())],
            "red_threes": cards_text(st.red_threes[side]),
            "opened": st.opened[side],
        }
        acting = st.retracted and side == r.side_of[st.current]
        if st.minimum_raise[side] or acting:
            table["minimum_raise"] = st.minimum_raise[side]
        if st.penalties[side]:
            table["penalties"] = st.penalties[side]
        sides[str(side)] = table
    out: dict[str, Any] = {
        "variant": variant_spec(variant),
        "players": r.players,
        "seed": st.seed,
        "hand_number": st.hand_number,
        "dealer": st.dealer,
        "seat": st.current,
        "phase": "draw" if st.phase == DRAW else "meld",
        "scores": list(st.scores),
        "melded": [s for s in range(r.players) if st.melded_before[s]],
        "hands": {str(s): cards_text(st.hand_cards(s)) for s in range(r.players) if s not in r.seating(st.hand_number).out},
        "sides": sides,
        "pile": {"cards": cards_text(st.pile), "frozen": st.frozen},
        "stock": {"cards": cards_text(list(reversed(st.stock))), "size": len(st.stock)},
    }
    waiting = [s for s in range(r.players) if not st.had_turn[s] and st.sizes[s]]
    if waiting != shown.default_waiting(st, r):
        out["waiting"] = waiting
    if st.phase == MELD:
        out["drew"] = "stock" if st.drew_from_stock else "pile"
    if st.retracted:
        out["retracted"] = True
    if st.asked:
        out["answer"] = "yes" if st.asked == 2 else "no"
        if st.ask_binds:
            out["answer_binds"] = True
    if st.dead:
        out["out_of_play"] = cards_text(st.dead)
    if st.frozen and st.frozen_at and variant.discard_pile.take_count:
        out["pile"]["frozen_at"] = st.frozen_at  # a take of part of the pile leaves it frozen while this card is in it (discard_pile.take_count)
    if any(r.discard_not_first_round):
        out["turns"] = st.turns
    if r.reserve_sizes:
        units = r.players if r.reserve_per_player else r.sides
        reserve: dict[str, Any] = {"given": st.reserve_next, "received": [u for u in range(units) if st.reserve_got[u]]}
        if r.reserve_dealt:
            reserve["piles"] = [cards_text(pile) for pile in st.reserves]
        out["reserve"] = reserve
    _check_range(out)
    return out


def _check_range(out: Mapping[str, Any]) -> None:
    """Refuse to export numbers past those a position holds (``LIMIT``), so an exported position always loads.

    Only a position loaded at the edge of the range and played on gets there.
    """
    past = [f"position.hand_number: {out['hand_number']:,}"] if out["hand_number"] > LIMIT else []
    past += [f"position.scores: side {side} has {score:,}" for side, score in enumerate(out["scores"]) if score < -LIMIT]
    for side, table in out["sides"].items():
        past += [f"position.sides.{side}.{key}: {table[key]:,}" for key in ("minimum_raise", "penalties") if table.get(key, 0) > LIMIT]
    if past:
        raise PositionError([f"no position to export: a number is past the range positions hold (-{LIMIT:,} to {LIMIT:,})", *past])


__all__ = ["export_position", "read_position", "stored_position", "variant_spec"]
