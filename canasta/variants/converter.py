"""The cattrs converter for profiles, and the translation of its failures into problems.

The converter is strict: an integer must be a TOML integer (not a string or a
float), a boolean a TOML boolean, an enum one of its listed strings, and no
unknown key is accepted. Every failure becomes a :class:`Problem` with the
dotted key path of the value at fault.
"""

from __future__ import annotations

import datetime
import difflib
import functools
import types
import typing
from collections.abc import Mapping
from enum import Enum
from typing import Any, get_args, get_origin

import attrs
from cattrs.errors import (
    AttributeValidationNote,
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.preconf.tomllib import TomllibConverter, make_converter

from canasta.errors import Problem

from . import enums
from .schema import PLAYER_COUNTS, PlayerCount, Variant
from .shown import shown_toml, toml_string


class InvalidValue(ValueError):
    """A value that failed a strict check; ``problems`` are relative (sub-path, message) pairs."""

    def __init__(self, problems: list[tuple[str, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(m for _, m in problems))


def describe(value: Any) -> str:
    """A short description of a TOML value for messages: its TOML type and the value in TOML's words (``a boolean (true)``)."""
    kind = {
        bool: "a boolean",
        int: "an integer",
        float: "a float",
        str: "a string",
        list: "an array",
        dict: "a table",
        datetime.datetime: "a date-time",
        datetime.date: "a date",
        datetime.time: "a time",
    }.get(type(value), type(value).__name__)
    return f"{kind} ({shown_toml(value, 40)})"


def _int(value: Any, _: Any) -> int:
    if type(value) is not int:
        raise InvalidValue([("", f"expected an integer, got {describe(value)}")])
    return value


def _bool(value: Any, _: Any) -> bool:
    if type(value) is not bool:
        raise InvalidValue([("", f"expected true or false, got {describe(value)}")])
    return value


def _str(value: Any, _: Any) -> str:
    if type(value) is not str:
        raise InvalidValue([("", f"expected a string, got {describe(value)}")])
    return value


_COUNT_KEYS = {str(n): PlayerCount(n) for n in PLAYER_COUNTS}
_NUMBER_WORDS = {word: str(n) for n, word in zip(PLAYER_COUNTS, ("two", "three", "four", "five", "six"), strict=True)}


def _count_hint(text: str) -> str | None:
    """The player count a key that is not one probably means: ``04``, ``٤`` (an Arabic-Indic four), ``four``."""
    word = text.strip().lower()
    if word in _NUMBER_WORDS:
        return _NUMBER_WORDS[word]
    try:
        number = str(int(word)) if len(word) <= 4 else ""
    except ValueError:
        return None
    return number if number in _COUNT_KEYS else None


def _key(text: str) -> str:
    """A table key a file gave, for a message: quoted as TOML quotes it, cut short."""
    return toml_string(text if len(text) <= 40 else text[:37] + "...")


def _player_count(value: Any) -> PlayerCount:
    # Only the plain keys "2" .. "6": str.isdigit() also accepts "²" (which int() rejects) and "٤", and "04" would collide with "4".
    text = str(value)
    if text not in _COUNT_KEYS:
        allowed = ", ".join(_COUNT_KEYS)
        hint = _count_hint(text)
        guess = f"; did you mean {hint}? Use" if hint and len(text) <= MAX_KEY_LENGTH else "; use"
        raise InvalidValue([("", f"{_key(text)} is not a player count{guess} one of {allowed}")])
    return _COUNT_KEYS[text]


def _tuple_of(conv: TomllibConverter, item: Any) -> Any:
    def structure(value: Any, _: Any) -> tuple[Any, ...]:
        if not isinstance(value, list):
            raise InvalidValue([("", f"expected an array, got {describe(value)}")])
        problems: list[tuple[str, str]] = []
        out = []
        for i, entry in enumerate(value):
            try:
                out.append(conv.structure(entry, item))
            except InvalidValue as exc:
                problems += [(f"[{i}]{sub}", msg) for sub, msg in exc.problems]
            except Exception as exc:  # a table of the array (a special hand) with an unknown or bad key: cattrs' own errors
                problems += [(f"[{i}].{p.path}" if p.path else f"[{i}]", p.message) for p in problems_from(exc)]
        if problems:
            raise InvalidValue(problems)
        return tuple(out)

    return structure


def _enum_key(cls: type[Enum]) -> Any:
    """A table key that must be one of an enum's values (a rank, a canasta kind)."""
    allowed = {str(m.value): m for m in cls}

    def parse(value: Any) -> Enum:
        text = str(value)
        if text not in allowed:
            hint = difflib.get_close_matches(text, list(allowed), n=1) if len(text) <= MAX_KEY_LENGTH else []
            if not hint:
                hint = [k for k in allowed if k.lower() == text.strip().lower()]
            guess = f"; did you mean {_key(hint[0])}?" if hint else ""
            raise InvalidValue([("", f"{_key(text)} is not a key here{guess or '.'} Allowed: {', '.join(allowed)}")])
        return allowed[text]

    return parse


_KEY_EXAMPLES = {PlayerCount: "player count, like { 4 = ... }"}


def _keyed(conv: TomllibConverter, key_type: Any, item: Any) -> Any:
    parse_key = _player_count if key_type is PlayerCount else _enum_key(key_type)
    what = _KEY_EXAMPLES.get(key_type) or f"{key_type.__name__}, like {{ {next(iter(key_type)).value} = ... }}"

    def structure(value: Any, _: Any) -> dict[Any, Any]:
        if not isinstance(value, dict):
            raise InvalidValue([("", f"expected a table keyed by {what}, got {describe(value)}")])
        problems: list[tuple[str, str]] = []
        out: dict[Any, Any] = {}
        for key, entry in value.items():
            try:
                count = parse_key(key)
                out[count] = conv.structure(entry, item)
            except InvalidValue as exc:
                problems += [(f".{key}{sub}", msg) for sub, msg in exc.problems]
        if problems:
            raise InvalidValue(problems)
        return out

    return structure


def _enum(cls: type[Enum]) -> Any:
    allowed = [str(m.value) for m in cls]
    listed = ", ".join(allowed)

    def structure(value: Any, _: Any) -> Enum:
        if isinstance(value, str):
            for member in cls:
                if member.value == value:
                    return member
            hint = difflib.get_close_matches(value, allowed, n=1) if len(value) <= MAX_KEY_LENGTH else []
            guess = f"; did you mean {toml_string(hint[0])}?" if hint else ""
            raise InvalidValue([("", f"{shown_toml(value, 40)} is not allowed{guess or '.'} Allowed: {listed}")])
        raise InvalidValue([("", f"expected one of {listed}; got {describe(value)}")])

    return structure


def _is_keyed(tp: Any) -> bool:
    """A table keyed by player count or by an enum's values: ``Mapping[PlayerCount, X]``, ``Mapping[MeldRank, X]``."""
    if get_origin(tp) not in (Mapping, dict, typing.Mapping):
        return False
    key = get_args(tp)[0]
    return key is PlayerCount or (isinstance(key, type) and issubclass(key, Enum))


def _is_tuple(tp: Any) -> bool:
    args = get_args(tp)
    return get_origin(tp) is tuple and len(args) == 2 and args[1] is Ellipsis


def _is_array_or_table(tp: Any) -> bool:
    """An array for every player count, or a table of them by player count: ``tuple[X, ...] | Mapping[PlayerCount, tuple[X, ...]]`` (``reserve.sizes``)."""
    if get_origin(tp) not in (types.UnionType, typing.Union):
        return False
    args = get_args(tp)
    return len(args) == 2 and _is_tuple(args[0]) and _is_keyed(args[1])


def _array_or_table(conv: TomllibConverter, tp: Any) -> Any:
    array, table = get_args(tp)
    structure_array, structure_table = _tuple_of(conv, get_args(array)[0]), _keyed(conv, get_args(table)[0], get_args(table)[1])

    def structure(value: Any, _: Any) -> Any:
        if isinstance(value, list):
            return structure_array(value, array)
        if isinstance(value, dict):
            return structure_table(value, table)
        raise InvalidValue([("", f"expected an array, or a table of arrays keyed by {_KEY_EXAMPLES[PlayerCount]}, got {describe(value)}")])

    return structure


def _make() -> TomllibConverter:
    conv = make_converter(forbid_extra_keys=True, detailed_validation=True)
    conv.register_structure_hook(int, _int)
    conv.register_structure_hook(bool, _bool)
    conv.register_structure_hook(str, _str)
    for cls in enums.__dict__.values():
        if isinstance(cls, type) and issubclass(cls, Enum) and cls.__module__ == enums.__name__:
            conv.register_structure_hook(cls, _enum(cls))
    conv.register_structure_hook_factory(_is_tuple, lambda t: _tuple_of(conv, get_args(t)[0]))
    conv.register_structure_hook_factory(_is_keyed, lambda t: _keyed(conv, get_args(t)[0], get_args(t)[1]))
    conv.register_structure_hook_factory(_is_array_or_table, lambda t: _array_or_table(conv, t))
    conv.register_unstructure_hook_factory(_is_tuple, lambda t: lambda v: [conv.unstructure(x) for x in v])

    def _tables(cls: type) -> Any:
        inner: Any = conv.gen_structure_attrs_fromdict(cls)

        def structure(value: Any, _: Any) -> Any:
            if not isinstance(value, dict):
                raise InvalidValue([("", f"expected a table, got {describe(value)}")])
            return inner(value, cls)

        return structure

    conv.register_structure_hook_factory(attrs.has, _tables)
    return conv


converter: TomllibConverter = _make()
"""The converter that turns TOML data into a :class:`Variant` and back."""


@functools.cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in attrs.fields(cls) if f.name != "citations")


@functools.cache
def all_key_paths(cls: type = Variant, prefix: str = "") -> tuple[str, ...]:
    """Every dotted key path the schema accepts, for "did you mean" suggestions (computed once)."""
    out: list[str] = []
    hints = typing.get_type_hints(cls)
    for name in _field_names(cls):
        path = f"{prefix}{name}"
        out.append(path)
        if attrs.has(hints[name]):
            out += all_key_paths(hints[name], f"{path}.")
    return tuple(out)


@functools.cache
def _last_parts() -> dict[str, str]:
    """Each key's last part, mapped to the first full path that ends with it."""
    out: dict[str, str] = {}
    for path in all_key_paths():
        out.setdefault(path.rsplit(".", 1)[-1], path)
    return out


MAX_SUGGESTED = 50
"""The unknown keys of one table that get a "did you mean"; the rest are only named, so a file of many unknown keys stays cheap."""

MAX_KEY_LENGTH = 100
"""A key longer than this gets no suggestion: no schema key is half as long."""


MAX_LISTED_KEYS = 10
"""A table of at most this many keys names them all when an unknown key in it is close to none."""


def _suggest(cls: type, key: str, prefix: str) -> str:
    """What an unknown key of the table ``cls`` probably means: a key of another table, a close key, else the table's keys."""
    if len(key) > MAX_KEY_LENGTH:
        return ""
    parts = _last_parts()
    if key in parts:
        return f"; it belongs in another table: {parts[key]!r}"
    fields = _field_names(cls)
    local = difflib.get_close_matches(key, fields, n=1, cutoff=0.6) or [f for f in fields if f.lower() == key.strip().lower()]
    if local:
        return f"; did you mean {prefix}{local[0]!r}?".replace(f"{prefix}'", f"'{prefix}")
    fuzzy = difflib.get_close_matches(key, list(parts), n=1, cutoff=0.75)
    if fuzzy:
        return f"; did you mean {parts[fuzzy[0]]!r}?"
    if len(fields) <= MAX_LISTED_KEYS:
        return f"; the keys here are {', '.join(fields)}"
    return ""


def problems_from(exc: BaseException, path: str = "") -> list[Problem]:
    """Turn a cattrs structuring failure into problems, each with its dotted key path."""
    join = (lambda name: f"{path}.{name}") if path else (lambda name: name)
    if isinstance(exc, InvalidValue):
        return [Problem(path=f"{path}{sub}", message=msg) for sub, msg in exc.problems]
    if isinstance(exc, ForbiddenExtraKeysError):
        prefix = f"{path}." if path else ""
        return [
            Problem(path=join(key), message=f"unknown key{_suggest(exc.cl, key, prefix) if i < MAX_SUGGESTED else ''}")
            for i, key in enumerate(sorted(exc.extra_fields))
        ]
    if isinstance(exc, ClassValidationError):
        out: list[Problem] = []
        with_notes, others = exc.group_exceptions()
        for sub, note in with_notes:
            assert isinstance(note, AttributeValidationNote)
            out += problems_from(sub, join(note.name))
        for sub in others:
            out += problems_from(sub, path)
        return out
    if isinstance(exc, IterableValidationError):
        out = []
        items, others = exc.group_exceptions()
        for sub, inote in items:
            assert isinstance(inote, IterableValidationNote)
            out += problems_from(sub, f"{path}[{inote.index}]")
        for sub in others:
            out += problems_from(sub, path)
        return out
    return [Problem(path=path, message=str(exc) or type(exc).__name__)]


def structure_variant(data: Mapping[str, Any]) -> Variant | list[Problem]:
    """Structure resolved profile data, or return every structural problem found."""
    try:
        return converter.structure(dict(data), Variant)
    except Exception as exc:  # cattrs raises ExceptionGroups and plain errors alike
        return problems_from(exc)


def unstructure_variant(variant: Variant) -> dict[str, Any]:
    """The profile as plain TOML data, without its citations."""
    data = converter.unstructure(variant)
    data.pop("citations", None)
    assert isinstance(data, dict)
    return data
