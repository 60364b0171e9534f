"""Game records: the profile, the seed and the actions; serialised to TOML or JSON.

Like PokerKit's hand histories and OpenSpiel's serialised histories, a record
is enough to reproduce a game bit for bit with :meth:`canasta.Game.replay`.

Reading a record checks its shape and collects every problem before it
raises :class:`RecordError` (file, line of a syntax error, one problem per
key); an action that no longer applies is found by the replay, which raises
:class:`ReplayError` with the action's number, hand and seat.
"""

from __future__ import annotations

import copy
import json
import os
import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import tomli_w

from canasta.errors import RecordError, is_instance, shown_value
from canasta.textfiles import json_data, read_data_file, toml_data, toml_problems, write_data_file
from canasta.variants.schema import PLAYER_COUNTS

from .arguments import INT64, INT64_MAX, MAX_HANDS, keyword_problem
from .table import RULES_VERSION, RULES_VERSIONS
from .transitions import DEFAULT_TURN_CAP

REQUIRED_KEYS = ("variant", "players", "seed", "actions")
"""The keys every record holds."""

OPTIONAL_KEYS = ("turn_cap", "rules_version", "hands", "position", "penalties")
"""The keys a record may hold: the turn cap (default :data:`canasta.core.transitions.DEFAULT_TURN_CAP`), the engine's rules
version it was played by (default 1, the version before records named one), the starting position, and a director's penalties."""


def _is_int(value: object) -> bool:
    return type(value) is int


class _RecordCall(type):
    """GameRecord's metaclass: a call with positional, unknown or missing arguments is a :class:`RecordError`, not a TypeError."""

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        problem = keyword_problem(cls, args, kwargs, "GameRecord(variant=..., players=4, seed=7, actions=('draw',))")
        if problem is not None:
            raise RecordError([problem], file=None)
        return super().__call__(**kwargs)


def _is_mapping(value: object) -> bool:
    """Whether ``value`` is a table."""
    return is_instance(value, Mapping)


def _position_copy(value: Any) -> Any:
    """A copy of a position table as plain data, so that nothing the caller changes later changes the record."""
    return _plain(value) if _is_mapping(value) else value


_PROFILE_NAME = re.compile(r'^name = "((?:[^"\\\n]|\\.)*)"', re.M)
"""The profile's name in a record's TOML, for its repr (the TOML is read in full only to replay)."""


def _penalties_copy(value: Any) -> Any:
    """A copy of the director's penalties as a tuple of tables; anything else is kept for the check to name."""
    if isinstance(value, (list, tuple)):
        return tuple(dict(p) if _is_mapping(p) else p for p in value)
    return value


@attrs.frozen(kw_only=True, repr=False)
class GameRecord(metaclass=_RecordCall):
    """A replayable record of a game: :meth:`canasta.Game.record` makes one, :meth:`canasta.Game.replay` plays it again.

    Built from keyword arguments; every value is checked, and a record that
    could not be written as TOML and JSON (a seed past 64 bits, a position
    holding anything but plain data) raises :class:`RecordError` listing every
    problem. The position is copied, so changing the table it came from does
    not change the record.
    """

    variant: str
    """The full profile as TOML text (:func:`canasta.dumps_variant`)."""
    players: int
    seed: int
    """The seed every shuffle of the match derives from."""
    turn_cap: int = DEFAULT_TURN_CAP
    """The turns after which a runaway hand ends (see :class:`canasta.Game`)."""
    rules_version: int = RULES_VERSION
    """The engine's rules version the game was played by (:data:`canasta.core.table.RULES_VERSION`, the default here); a
    record's data or file that names none predates version 2 and is read as version 1 (:meth:`from_data`)."""
    hands: int | None = None
    """The hands after which the game's match stopped whatever the scores (``Game(hands=...)``), or None for none."""
    actions: tuple[str, ...]
    """Every action in its text form, in order."""
    position: dict[str, Any] | None = attrs.field(default=None, converter=_position_copy)
    """The position the game started from (:meth:`canasta.Game.from_position`), or None for a dealt match."""
    penalties: tuple[dict[str, Any], ...] = attrs.field(default=(), converter=_penalties_copy)
    """Penalties a director applied during play (:meth:`canasta.Game.penalize`): ``after`` (actions before it), ``side``,
    ``penalty`` (its name, e.g. ``meld_out_of_turn``) and ``count``."""
    file: str | None = attrs.field(default=None, eq=False, repr=False)
    """The file the record was read from, for error messages; not part of the record (ignored by ``==``)."""

    def __attrs_post_init__(self) -> None:
        problems = _problems(self.variant, self.players, self.seed, self.turn_cap, self.actions, self.position, tuple)
        problems += _version_problems(self.rules_version)
        problems += _hands_problems(self.hands)
        problems += _penalty_problems(self.penalties, len(self.actions) if isinstance(self.actions, tuple) else 0)
        if problems:
            raise RecordError(problems, file=self.file)

    def __repr__(self) -> str:
        """A short summary, ``<GameRecord 'finnish' players=4 seed=7 actions=312 rules_version=2>``: the whole record is :meth:`to_toml`."""
        line = _PROFILE_NAME.search(self.variant)
        shown = repr(tomllib.loads(line.group(0))["name"]) if line else "?"
        extra = (" from a position" if self.position is not None else "") + (f" penalties={len(self.penalties)}" if self.penalties else "")
        extra += f" hands={self.hands}" if self.hands is not None else ""
        return f"<GameRecord {shown} players={self.players} seed={self.seed} actions={len(self.actions)} rules_version={self.rules_version}{extra}>"

    # -- plain data ----------------------------------------------------------------

    def to_data(self) -> dict[str, Any]:
        """The record as plain data (ints, strings, lists, tables), as TOML and JSON write it."""
        data: dict[str, Any] = {
            "players": self.players,
            "seed": self.seed,
            "turn_cap": self.turn_cap,
            "rules_version": self.rules_version,
            "actions": list(self.actions),
            "variant": self.variant,
        }
        if self.hands is not None:
            data["hands"] = self.hands
        if self.position is not None:
            data["position"] = copy.deepcopy(self.position)
        if self.penalties:
            data["penalties"] = [dict(p) for p in self.penalties]
        return data

    @classmethod
    def from_data(cls, data: Any, *, file: str | None = None) -> GameRecord:
        """A record from plain data; raises :class:`RecordError` listing every problem.

        Missing keys are named together; ``seed``, ``players`` and ``turn_cap``
        must be integers (not floats or booleans), ``turn_cap`` at least 1,
        ``actions`` a list of action texts and ``position`` a table. Whether
        the profile loads and the actions apply is found by the replay.
        """
        if not is_instance(data, Mapping):
            raise RecordError([f"expected a table with keys {', '.join(REQUIRED_KEYS)}, got {type(data).__name__}"], file=file)
        missing = [k for k in REQUIRED_KEYS if k not in data]
        if missing:
            raise RecordError([f"missing key{'s' if len(missing) > 1 else ''} {', '.join(missing)}"], file=file)
        problems = [f"{key}: unknown key; a record holds {', '.join(REQUIRED_KEYS + OPTIONAL_KEYS)}" for key in data if key not in REQUIRED_KEYS + OPTIONAL_KEYS]
        variant, players, seed = data["variant"], data["players"], data["seed"]
        turn_cap, actions, position = data.get("turn_cap", DEFAULT_TURN_CAP), data["actions"], data.get("position")
        problems += _problems(variant, players, seed, turn_cap, actions, position, list)
        version = data.get("rules_version", 1)
        problems += _version_problems(version)
        hands = data.get("hands")
        problems += _hands_problems(hands)
        penalties = data.get("penalties", [])
        if not isinstance(penalties, list):
            problems.append(f"penalties: expected a list of tables like {{ after = 12, side = 1, penalty = 'meld_out_of_turn' }}, got {_show(penalties)}")
            penalties = []
        else:
            problems += _penalty_problems(penalties, len(actions) if isinstance(actions, list) else 0)
        if problems:
            raise RecordError(problems, file=file)
        return cls(
            variant=variant,
            players=players,
            seed=seed,
            turn_cap=turn_cap,
            rules_version=version,
            hands=hands,
            penalties=tuple(penalties),
            actions=tuple(actions),
            position=position,
            file=file,
        )

    # -- text --------------------------------------------------------------------------

    def to_toml(self) -> str:
        """The record as TOML text."""
        return tomli_w.dumps(self.to_data(), multiline_strings=True)

    @classmethod
    def from_toml(cls, text: str, *, file: str | None = None) -> GameRecord:
        """A record from TOML text; broken TOML raises :class:`RecordError` with its line and column."""
        return cls.from_data(toml_data(_text(text, "TOML", file), RecordError, file), file=file)

    def to_json(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_data(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str, *, file: str | None = None) -> GameRecord:
        """A record from JSON text; broken JSON raises :class:`RecordError` with its line and column."""
        return cls.from_data(json_data(_text(text, "JSON", file), RecordError, file), file=file)

    @classmethod
    def loads(cls, text: str, *, file: str | None = None) -> GameRecord:
        """A record from TOML or JSON text: JSON when the text starts with ``{``."""
        if _text(text, "TOML or JSON", file).lstrip().startswith("{"):
            return cls.from_json(text, file=file)
        return cls.from_toml(text, file=file)

    # -- files -------------------------------------------------------------------------

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> GameRecord:
        """A record from a ``.toml`` or ``.json`` file (any other name is read by its content).

        The file is read with :func:`canasta.textfiles.read_text`: a missing
        file, a directory, a device or an oversized file raise
        :class:`RecordError` naming the file, never hang.
        """
        text, label = read_data_file(path, RecordError)
        suffix = Path(path).suffix.lower()
        if suffix == ".json":
            return cls.from_json(text, file=label)
        if suffix == ".toml":
            return cls.from_toml(text, file=label)
        return cls.loads(text, file=label)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record to a file, whole or not at all (:func:`canasta.textfiles.write_text`): JSON for a ``.json`` name, TOML otherwise.

        A path that cannot be written (a missing folder, no permission, a NUL
        byte, a FIFO or a device, not a path at all) raises :class:`RecordError`
        naming it, and leaves any file that was there as it was.
        """
        try:
            name: object = os.fspath(path)
        except Exception:  # not a path: write_data_file names the problem
            name = ""
        text = self.to_json() if isinstance(name, str) and name.lower().endswith(".json") else self.to_toml()
        write_data_file(path, text, RecordError)


def as_record(value: GameRecord | Mapping[str, Any] | str | os.PathLike[str]) -> GameRecord:
    """A record from what :meth:`canasta.Game.replay` accepts: a record, its data, its TOML or JSON text, or its file.

    A path-like, or a one-line string with no ``=`` or ``{``, is a file
    (:meth:`GameRecord.load`); any other string is text (:meth:`GameRecord.loads`).
    """
    if isinstance(value, GameRecord):
        return value
    if is_instance(value, Mapping):
        return GameRecord.from_data(value)
    if is_instance(value, os.PathLike) or (isinstance(value, str) and value.strip() and not any(mark in value for mark in "\n={")):
        return GameRecord.load(value)
    if isinstance(value, str):
        return GameRecord.loads(value)
    raise RecordError([f"expected a GameRecord, its data, its text or its file, got {_show(value)}"])


def _penalty_problems(penalties: Any, actions: int) -> list[str]:
    """Every problem with a record's director penalties: each a table of ``after``, ``side``, ``penalty`` and ``count``, in order."""
    from .penalties import Penalty

    if not isinstance(penalties, (list, tuple)):
        return [f"penalties: expected a list of penalty tables, got {_show(penalties)}"]
    names = {kind.name.lower() for kind in Penalty}
    problems: list[str] = []
    last = 0
    for i, p in enumerate(penalties):
        where = f"penalties[{i}]"
        if not _is_mapping(p):
            problems.append(f"{where}: expected a table like {{ after = 12, side = 1, penalty = 'meld_out_of_turn' }}, got {_show(p)}")
            continue
        unknown = [k for k in p if k not in ("after", "side", "penalty", "count")]
        if unknown:
            problems.append(f"{where}: unknown key {_show(unknown[0])}; a penalty holds after, side, penalty and count")
        after, side, name, count = p.get("after"), p.get("side"), p.get("penalty"), p.get("count", 1)
        if not _is_int(after) or not last <= after <= actions:
            problems.append(f"{where}.after: expected the number of actions before it, from {last} to {actions}, got {_show(after)}")
        else:
            last = after
        if not _is_int(side) or not 0 <= side < 6:
            problems.append(f"{where}.side: expected a side number, got {_show(side)}")
        if name not in names:
            problems.append(f"{where}.penalty: expected one of {', '.join(sorted(names))}, got {_show(name)}")
        if not _is_int(count) or not 1 <= count <= 1000:
            problems.append(f"{where}.count: expected a number of cards from 1 to 1000, got {_show(count)}")
    return problems


def _hands_problems(hands: Any) -> list[str]:
    if hands is None or (_is_int(hands) and 1 <= hands <= MAX_HANDS):
        return []
    return [f"hands: expected a number of hands from 1 to {MAX_HANDS:,} after which the match stopped, got {_show(hands)}"]


def _version_problems(version: Any) -> list[str]:
    if _is_int(version) and version in RULES_VERSIONS:
        return []
    return [f"rules_version: expected one of {', '.join(map(str, RULES_VERSIONS))}, the engine's rules versions, got {_show(version)}"]


def _problems(variant: Any, players: Any, seed: Any, turn_cap: Any, actions: Any, position: Any, sequence: type[list[Any]] | type[tuple[Any, ...]]) -> list[str]:
    """Every problem with a record's values; ``actions`` must be a ``sequence`` (a list in data, a tuple in the class)."""
    problems: list[str] = []
    if not isinstance(variant, str) or not variant.strip():
        problems.append(f"variant: expected the profile as TOML text, got {_show(variant)}")
    if not _is_int(players) or players not in PLAYER_COUNTS:
        problems.append(f"players: expected a number of players from {min(PLAYER_COUNTS)} to {max(PLAYER_COUNTS)}, got {_show(players)}")
    if not _is_int(seed) or seed not in INT64:
        problems.append(f"seed: expected a 64-bit integer (TOML holds no larger), got {_show(seed)}")
    if not _is_int(turn_cap) or not 1 <= turn_cap <= INT64_MAX:
        problems.append(f"turn_cap: expected a whole number of turns of at least 1 (64-bit), got {_show(turn_cap)}")
    if not isinstance(actions, sequence):
        problems.append(f"actions: expected a {sequence.__name__} of action texts like 'draw', got {_show(actions)}")
    else:
        problems += [f"actions[{i}]: expected action text like 'meld K n3', got {_show(text)}" for i, text in enumerate(actions) if not isinstance(text, str)]
    if position is not None and not _is_mapping(position):
        problems.append(f"position: expected a position table, got {_show(position)}")
    elif position is not None:
        problems += toml_problems(_plain(position), "position")
    return problems


def _plain(table: Mapping[str, Any]) -> Any:
    """A position as plain data, tables as dicts, so that :func:`toml_problems` reads it like the writers will."""
    try:
        return copy.deepcopy({k: (_plain(v) if is_instance(v, Mapping) else v) for k, v in table.items()})
    except Exception:  # a stranger's mapping or value that cannot be read or copied
        return object()


def _text(text: object, kind: str, file: str | None) -> str:
    """``text`` if it is a string; else :class:`RecordError`: only text is parsed."""
    if not isinstance(text, str):
        raise RecordError([f"expected the record as {kind} text, got {_show(text)} ({type(text).__name__})"], file=file)
    return text


def _show(value: object) -> str:
    """A value as a problem shows it: its repr, cut short, and its type when that is what is wrong."""
    text = shown_value(value)
    return f"{text} ({type(value).__name__})" if isinstance(value, bool | float) else text


__all__ = ["OPTIONAL_KEYS", "REQUIRED_KEYS", "GameRecord", "as_record"]
