"""Seals: the fields each action's constructor checked, so that an action altered afterwards is told apart.

The actions are frozen attrs classes, but Python lets anyone change a frozen
object with ``object.__setattr__``. Every action with fields is sealed when its
constructor has checked it: the seal holds the very objects its fields held
(ranks, booleans and small counts are single objects), found again by the
action's id and dropped when the action dies. :func:`intact` compares the
fields with the seal by identity, so no caller's ``__eq__`` runs.

The engine's interned actions (those :meth:`canasta.Game.legal_actions`
lists) are also marked *shared*: every game lists the same objects, so one
altered is put back as it was built (:mod:`canasta.core.actions`, ``malformed``).
:meth:`canasta.Game.apply` applies a listed action without the full check
only when it is intact, so this module is compiled with the engine: the
check runs on every action applied.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any, Final

Reader = Callable[[Any], tuple[object, ...]]
"""Reads an action's fields as a tuple, in the class's field order."""

_SEALS: Final[dict[int, tuple[Reader, tuple[object, ...], weakref.ref[Any]]]] = {}
"""The reader, the sealed fields and a weak reference of every live sealed action, by the action's id."""

_SHARED: Final[set[int]] = set()
"""The ids of the engine's interned actions, which live as long as the process."""

_FIELDED: Final[set[type]] = set()
"""The action classes that have fields: an object of one of them without a seal was not made by its constructor."""


def reader(names: tuple[str, ...]) -> Reader:
    """A function giving an action's fields named ``names`` as a tuple, compiled with this module.

    ``attrgetter`` reads several fields in C but gives a bare value for one name,
    so a one-field action (a discard, the most common) gets a compiled function
    instead of a Python lambda: :func:`unchanged` calls it on every action applied.
    """
    if len(names) > 1:
        return attrgetter(*names)
    name = names[0]

    def read(action: Any) -> tuple[object, ...]:
        return (getattr(action, name),)

    return read


def has_fields(kind: type) -> None:
    """Declare that actions of ``kind`` have fields, and so are sealed by their constructor."""
    _FIELDED.add(kind)


def seal(action: object, read: Reader) -> None:
    """Record the fields of ``action`` as ``read`` reads them now, until the action dies."""
    key = id(action)
    ref: weakref.ref[Any] = weakref.ref(action, lambda dead: _forget(key, dead))
    _SEALS[key] = (read, read(action), ref)


def _forget(key: int, ref: weakref.ref[Any]) -> None:
    entry = _SEALS.get(key)
    if entry is not None and entry[2] is ref:
        del _SEALS[key]


def share(action: object) -> None:
    """Mark an interned action as shared by every game."""
    _SHARED.add(id(action))


def is_shared(action: object) -> bool:
    """Whether ``action`` is one of the engine's interned actions."""
    return id(action) in _SHARED


def sealed_fields(action: object) -> tuple[object, ...] | None:
    """The fields ``action`` was sealed with, or None if it has no seal."""
    entry = _SEALS.get(id(action))
    return None if entry is None else entry[1]


def unchanged(action: object) -> bool:
    """Whether a sealed action's fields are each still the very object sealed; False when it has no seal."""
    entry = _SEALS.get(id(action))
    if entry is None:
        return False
    return _matches(action, entry)


def _matches(action: object, entry: tuple[Reader, tuple[object, ...], weakref.ref[Any]]) -> bool:
    """Whether ``action``'s fields, read by the seal's reader, are each the very object its seal holds."""
    try:
        current = entry[0](action)
    except Exception:  # a field deleted with object.__delattr__
        return False
    fields = entry[1]
    if len(current) != len(fields):
        return False
    for i in range(len(fields)):  # noqa: SIM110
        if current[i] is not fields[i]:
            return False
    return True


def intact(action: object) -> bool:
    """Whether every field of ``action`` is still what its constructor checked (an action without fields always is)."""
    entry = _SEALS.get(id(action))
    if entry is None:
        return type(action) not in _FIELDED
    return _matches(action, entry)


def all_intact(actions: Sequence[object], kinds: frozenset[int]) -> bool:
    """Whether every entry of ``actions`` is of a type whose id is in ``kinds`` and :func:`intact`, in one compiled pass.

    A bot reads every legal action it is given; this answers for the whole list
    at once, and only a False sends the caller to the entry-by-entry check that
    says what is wrong (:func:`canasta.core.actions.malformed`). Types are told
    apart by id, so no stranger's ``__eq__`` or ``__hash__`` runs.
    """
    for action in actions:
        kind = type(action)
        if id(kind) not in kinds:
            return False
        entry = _SEALS.get(id(action))
        if entry is not None:
            if not _matches(action, entry):
                return False
        elif kind in _FIELDED:
            return False
    return True


__all__ = ["Reader", "all_intact", "has_fields", "intact", "is_shared", "reader", "seal", "sealed_fields", "share", "unchanged"]
