"""A score sheet as a TOML file a person can read: the profile (named or embedded), the seats, and the log line by line.

The header comments show each hand's scores and the running totals, for the
reader; the data is the log alone, so loading replays it and every figure is
computed again (001 §34-§35). A file that cannot be read, is not a sheet, or
holds an entry the rules refuse raises :class:`ScoreSheetError` (a
:class:`~canasta.DataError`) naming the file and every problem; it is read
only through :func:`canasta.textfiles.read_data_file` and
:func:`canasta.textfiles.toml_data`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import attrs
import tomli_w

from canasta.core.canastas import CanastaKind
from canasta.core.events import Termination
from canasta.core.penalties import penalty_of
from canasta.errors import ArgumentError, CanastaError, ScoreSheetError, VariantError, shown_value
from canasta.textfiles import read_data_file, toml_data, write_data_file
from canasta.variants import Variant, dumps_variant, load_variant, loads_variant, variant_names
from canasta.variants.enums import MeldRank

from .entries import (
    RANK_WORDS,
    Carried,
    Correction,
    Deal,
    HandEntry,
    LogEntry,
    LogItem,
    LogKind,
    PenaltyEntry,
    SideEntry,
    WarningEntry,
    Withdrawal,
)

if TYPE_CHECKING:
    from .sheet import ScoreSheet

FORMAT = "canasta score sheet"
"""The ``format`` key of every sheet file."""
VERSION = 4
"""The newest version of the file layout: 2 adds the counts of schema 2's scoring rules (:data:`FAMILY_KEYS`), 3 the
withdrawal of a penalty (a log line ``entry = "withdrawal"``), 4 the totals carried in (``entry = "carried"``), warnings
(``entry = "warning"``) and a penalty's director's override (``override = true``).

A sheet is written as the oldest version that holds all it says (1, which every earlier library reads, where it uses
neither), so that a library that does not know a line refuses the file by its version, not by the line."""
SIDE_KEYS = ("canastas", "red_threes", "red_threes_unplayed", "red_threes_in_hand", "melded", "in_hand", "has_meld")
FAMILY_KEYS = ("rank_canastas", "black_threes", "unfinished", "sets_in_hand", "black_threes_in_hand", "reserves_untaken", "special_hand")
"""A side's counts under schema 2's scoring rules (:class:`SideEntry`), written only where they are not zero (version 2)."""
FAMILY_COUNTS = ("black_threes", "black_threes_in_hand", "reserves_untaken")
FAMILY_RANKS = ("unfinished", "sets_in_hand")
TOP_KEYS = ("format", "version", "variant", "profile", "players", "names", "seed_dealer", "unchecked_lines", "log")
CHECKED_FROM = 4
"""The first file version whose lines were checked against what their counts are worth in cards when they were entered; the
lines of an earlier version's file replay as they did then (:attr:`canasta.scoresheet.ScoreSheet.unchecked_lines`)."""


def _family(s: SideEntry) -> dict[str, Any]:
    """A side's schema-2 counts that are set, as the file writes them: ranks as the profiles name them (``A``, ``7``, ``W``)."""
    data: dict[str, Any] = {}
    if s.rank_canastas:
        data["rank_canastas"] = {rank.value: n for rank, n in s.rank_canastas.items()}
    data |= {key: getattr(s, key) for key in FAMILY_COUNTS if getattr(s, key)}
    data |= {key: [rank.value for rank in getattr(s, key)] for key in FAMILY_RANKS if getattr(s, key)}
    if s.special_hand is not None:
        data["special_hand"] = s.special_hand
    return data


def _side(s: SideEntry) -> dict[str, Any]:
    data: dict[str, Any] = {"canastas": {kind.value: n for kind, n in s.canastas.items()}}
    data |= {key: getattr(s, key) for key in SIDE_KEYS[1:-1]}
    if s.has_meld is not None:
        data["has_meld"] = s.has_meld
    return data | _family(s)


def _entries(item: LogItem) -> tuple[HandEntry, ...]:
    if isinstance(item, HandEntry):
        return (item,)
    if isinstance(item, Correction):
        return (item.entry, item.replaced)
    return ()


def layout_version(sheet: ScoreSheet) -> int:
    """The file layout a sheet needs: 4 where it has totals carried in, a warning or an overridden penalty, 3 where a penalty
    was withdrawn, 2 where an entry counts a rule of schema 2, else 1 (which earlier libraries read too)."""
    if any(_newest(line.item) for line in sheet.log):
        return 4
    if any(isinstance(line.item, Withdrawal) for line in sheet.log):
        return 3
    family = any(_family(s) for line in sheet.log for entry in _entries(line.item) for s in entry.sides)
    return 2 if family else 1


def _newest(item: LogItem) -> bool:
    """Whether a line needs version 4: totals carried in, a warning, an overridden penalty."""
    return isinstance(item, (Carried, WarningEntry)) or (isinstance(item, PenaltyEntry) and item.override)


def _hand(entry: HandEntry) -> dict[str, Any]:
    data: dict[str, Any] = {"ending": entry.ending.value}
    if entry.went_out is not None:
        data["went_out"] = entry.went_out
    data["sides"] = [_side(s) for s in entry.sides]
    return data


def _line(line: LogEntry) -> dict[str, Any]:
    item = line.item
    data: dict[str, Any] = {"entry": line.kind.value, "hand": line.hand, "by": line.by, "at": line.at}
    if line.note:
        data["note"] = line.note
    if isinstance(item, HandEntry):
        data |= _hand(item)
    elif isinstance(item, PenaltyEntry):
        data |= {"side": item.side, "penalty": item.penalty.name.lower(), "count": item.count}
        if item.override:
            data["override"] = True
    elif isinstance(item, WarningEntry):
        data |= {"side": item.side, "penalty": item.penalty.name.lower()}
        if item.seat is not None:
            data["seat"] = item.seat
    elif isinstance(item, Carried):
        data["totals"] = list(item.totals)
    elif isinstance(item, Correction):
        data |= {"arithmetic": item.arithmetic, **_hand(item.entry), "replaced": _hand(item.replaced)}
    elif isinstance(item, Withdrawal):
        data["penalty"] = item.number
    return data


def _named(variant: Variant) -> bool:
    """Whether the profile is a bundled one unchanged, so the file may name it instead of embedding it."""
    if variant.name not in variant_names():
        return False
    try:
        return load_variant(variant.name) == variant
    except CanastaError:  # pragma: no cover - a bundled profile always loads
        return False


def dumps_sheet(sheet: ScoreSheet) -> str:
    """The sheet as TOML: a comment per hand with its scores and totals, the profile, the seats and the log."""
    head = [f"# Canasta score sheet: {sheet.variant.name}, {sheet.players} players"]
    if sheet.carried is not None:
        head.append(f"# carried in: {' / '.join(str(t) for t in sheet.carried)}")
    for hand, (scores, running) in enumerate(zip(sheet.hands, sheet.running, strict=True), 1):
        head.append(f"# hand {hand}: {' / '.join(str(s.total) for s in scores)}   totals {' / '.join(str(t) for t in running)}")
    data: dict[str, Any] = {"format": FORMAT, "version": layout_version(sheet)}
    if _named(sheet.variant):
        data["variant"] = sheet.variant.name
    else:
        data["profile"] = dumps_variant(sheet.variant)
    data |= {"players": sheet.players, "names": list(sheet.names), "seed_dealer": sheet.seed_dealer}
    if data["version"] >= CHECKED_FROM and sheet.unchecked_lines:
        data["unchecked_lines"] = sheet.unchecked_lines
    data["log"] = [_line(line) for line in sheet.log]
    return "\n".join(head) + "\n\n" + tomli_w.dumps(data, multiline_strings=True)


class _Reader:
    """Reads a sheet's data, collecting every problem with its key path."""

    def __init__(self) -> None:
        self.problems: list[str] = []

    def get(self, table: Mapping[str, Any], key: str, where: str, kind: type[Any] | tuple[type[Any], ...], default: Any = ...) -> Any:
        if key not in table:
            if default is ...:
                self.problems.append(f"{where}{key}: missing")
            return None if default is ... else default
        value = table[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            self.problems.append(f"{where}{key}: {shown_value(value)} is not {_kind_name(kind)}")
            return None if default is ... else default
        return value

    def unknown(self, table: Mapping[str, Any], keys: tuple[str, ...], where: str) -> None:
        self.problems += [f"{where}{key}: unknown key; expected {', '.join(keys)}" for key in table if key not in keys]

    def hand(self, table: Mapping[str, Any], where: str) -> HandEntry | None:
        ending = self.get(table, "ending", where, str)
        went_out = self.get(table, "went_out", where, int, None)
        sides = self.get(table, "sides", where, list)
        if ending is None or sides is None:
            return None
        if ending not in {t.value for t in Termination}:
            self.problems.append(f"{where}ending: {ending!r} is not one of {', '.join(t.value for t in Termination)}")
            return None
        out = []
        for i, side in enumerate(sides):
            at = f"{where}sides[{i}]."
            if not isinstance(side, dict):
                self.problems.append(f"{at[:-1]}: expected a table of counts")
                return None
            self.unknown(side, (*SIDE_KEYS, *FAMILY_KEYS), at)
            counts = {key: self.get(side, key, at, int, 0) for key in (*SIDE_KEYS[1:-1], *FAMILY_COUNTS)}
            canastas = self.get(side, "canastas", at, dict, {})
            bad = [k for k, n in canastas.items() if k not in {c.value for c in CanastaKind} or type(n) is not int]
            if bad:
                self.problems.append(
                    f"{at}canastas: {', '.join(map(repr, bad))}: expected canasta kinds ({', '.join(c.value for c in CanastaKind)}) with whole counts"
                )
                return None
            ranks = {r.value for r in MeldRank}
            by_rank = self.get(side, "rank_canastas", at, dict, {})
            bad = [k for k, n in by_rank.items() if k not in ranks or type(n) is not int]
            if bad:
                self.problems.append(f"{at}rank_canastas: {', '.join(map(repr, bad))}: expected ranks ({RANK_WORDS}) with whole counts")
                return None
            lists = {key: self.get(side, key, at, list, []) for key in FAMILY_RANKS}
            for key, value in lists.items():
                bad = [v for v in value if not isinstance(v, str) or v not in ranks]
                if bad:
                    self.problems.append(f"{at}{key}: {', '.join(map(shown_value, bad))}: expected ranks ({RANK_WORDS})")
                    return None
            special = self.get(side, "special_hand", at, str, None)
            out.append(
                SideEntry(
                    canastas=canastas,
                    has_meld=self.get(side, "has_meld", at, bool, None),
                    rank_canastas=by_rank,
                    special_hand=special,
                    **counts,
                    **lists,
                )
            )
        return HandEntry(sides=tuple(out), ending=Termination(ending), went_out=went_out)

    def item(self, line: Mapping[str, Any], where: str) -> LogItem | None:
        kind = self.get(line, "entry", where, str)
        hand = self.get(line, "hand", where, int)
        if kind is None or hand is None:
            return None
        base = ("entry", "hand", "by", "at", "note")
        if kind == "hand":
            self.unknown(line, (*base, "ending", "went_out", "sides"), where)
            return self.hand(line, where)
        if kind in ("penalty", "warning"):
            extra = ("count", "override") if kind == "penalty" else ("seat",)
            self.unknown(line, (*base, "side", "penalty", *extra), where)
            side, name = self.get(line, "side", where, int), self.get(line, "penalty", where, str)
            count = self.get(line, "count", where, int, 1)
            override = self.get(line, "override", where, bool, False)
            seat = self.get(line, "seat", where, int, None)
            if side is None or name is None:
                return None
            try:
                penalty = penalty_of(name, f"{where}penalty")
            except ArgumentError as exc:
                self.problems.append(str(exc))
                return None
            note = self.get(line, "note", where, str, "")
            if kind == "warning":
                return WarningEntry(side=side, penalty=penalty, seat=seat, hand=hand, note=note)
            return PenaltyEntry(side=side, penalty=penalty, count=count, hand=hand, note=note, override=override)
        if kind == "carried":
            self.unknown(line, (*base, "totals"), where)
            totals = self.get(line, "totals", where, list)
            return None if totals is None else Carried(totals=totals, note=self.get(line, "note", where, str, ""))
        if kind == "correction":
            self.unknown(line, (*base, "arithmetic", "ending", "went_out", "sides", "replaced"), where)
            entry = self.hand(line, where)
            replaced_data = self.get(line, "replaced", where, dict)
            replaced = None if replaced_data is None else self.hand(replaced_data, f"{where}replaced.")
            arithmetic = self.get(line, "arithmetic", where, bool, False)
            if entry is None or replaced is None:
                return None
            return Correction(hand=hand, entry=entry, replaced=replaced, arithmetic=arithmetic)
        if kind == "withdrawal":
            self.unknown(line, (*base, "penalty"), where)
            number = self.get(line, "penalty", where, int)
            return None if number is None else Withdrawal(number=number)
        if kind == "deal":
            self.unknown(line, base, where)
            return Deal(hand=hand)
        self.problems.append(f"{where}entry: {kind!r} is not one of {', '.join(k.value for k in LogKind)}")
        return None


def _kind_name(kind: type[Any] | tuple[type[Any], ...]) -> str:
    names = {int: "a whole number", str: "text", bool: "true or false", list: "a list", dict: "a table"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def sheet_from_data(data: Mapping[str, Any], *, file: str | None = None) -> ScoreSheet:
    """A sheet from a file's data: the profile and seats, then every line of the log replayed and checked again."""
    from .sheet import ScoreSheet

    read = _Reader()
    if data.get("format") != FORMAT:
        raise ScoreSheetError([f"format: expected {FORMAT!r}, got {shown_value(data.get('format'))}"], file=file)
    read.unknown(data, TOP_KEYS, "")
    version = read.get(data, "version", "", int)
    if version is not None and version > VERSION:
        read.problems.append(f"version: {version} is newer than this library reads ({VERSION})")
    name, profile = read.get(data, "variant", "", str, None), read.get(data, "profile", "", str, None)
    if (name is None) == (profile is None):
        read.problems.append("variant/profile: expected either a bundled profile's name (variant) or the profile's TOML (profile)")
    players = read.get(data, "players", "", int)
    names = read.get(data, "names", "", list, None)
    seed_dealer = read.get(data, "seed_dealer", "", int, 0)
    log = read.get(data, "log", "", list, [])
    unchecked = read.get(data, "unchecked_lines", "", int, 0)
    if version is not None and version < CHECKED_FROM:
        unchecked = len(log)
    elif not 0 <= unchecked <= len(log):
        read.problems.append(f"unchecked_lines: {shown_value(unchecked)} is not a number of the log's {len(log)} lines")
    if read.problems:
        raise ScoreSheetError(read.problems, file=file)
    try:
        variant = load_variant(name) if name is not None else loads_variant(profile, label=f"{file or '<sheet>'}: profile")
        sheet = ScoreSheet(variant, players, names=names, seed_dealer=seed_dealer)
    except VariantError as exc:
        raise ScoreSheetError([f"{'variant' if name is not None else 'profile'}: {p}" for p in exc.problems], file=file) from None
    except CanastaError as exc:
        raise ScoreSheetError([str(exc)], file=file) from None
    sheet._tally = attrs.evolve(sheet._tally, unchecked=unchecked)
    lines: list[tuple[LogItem, Mapping[str, Any], str]] = []
    for i, line in enumerate(log):
        where = f"log[{i}]."
        if not isinstance(line, dict):
            read.problems.append(f"log[{i}]: expected a table")
            continue
        try:
            item = read.item(line, where)
        except CanastaError as exc:
            read.problems.append(f"{where[:-1]}: {exc}")
            continue
        if item is not None:
            lines.append((item, line, where))
    if read.problems:
        raise ScoreSheetError(read.problems, file=file)
    for item, line, where in lines:
        try:
            sheet._append(item, line["hand"], line.get("by", ""), line.get("note", ""), at=line.get("at", ""))
        except CanastaError as exc:
            raise ScoreSheetError([f"{where[:-1]} ({line['entry']} of hand {line['hand']}): {exc}"], file=file) from None
    return sheet


def loads_sheet(text: str, *, file: str | None = None) -> ScoreSheet:
    """A sheet from its TOML text; anything wrong raises :class:`ScoreSheetError` with the file, the line where known, and the problem."""
    if not isinstance(text, str):
        raise ScoreSheetError([f"expected the sheet as TOML text, got {shown_value(text)}"], file=file)
    return sheet_from_data(toml_data(text, ScoreSheetError, file), file=file)


def load_sheet(path: str | os.PathLike[str]) -> ScoreSheet:
    """A sheet from its file, read through :func:`canasta.textfiles.read_data_file` (a missing or odd file is a :class:`ScoreSheetError`)."""
    text, label = read_data_file(path, ScoreSheetError)
    return loads_sheet(text, file=label)


def save_sheet(sheet: ScoreSheet, path: str | os.PathLike[str]) -> None:
    """Write the sheet's TOML to ``path`` whole or not at all, by :func:`canasta.textfiles.write_text` (a temporary file beside it,
    flushed and renamed over it); a path that cannot be written (a FIFO, a device, a missing folder, not a path) raises
    :class:`ScoreSheetError` naming it, and the file is as it was."""
    write_data_file(path, dumps_sheet(sheet), ScoreSheetError)


__all__ = [
    "FAMILY_KEYS",
    "FORMAT",
    "VERSION",
    "ScoreSheetError",
    "dumps_sheet",
    "layout_version",
    "load_sheet",
    "loads_sheet",
    "save_sheet",
    "sheet_from_data",
]
