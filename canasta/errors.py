"""The errors the library raises on purpose: one family under :class:`CanastaError`.

This module sits below every other one of the package (it imports nothing of
canasta), so the engine, the profiles, the simulation and the command line
all raise from the one family.

Like python-chess, a malformed action (:class:`NotationError`) is kept apart
from a well-formed action the rules forbid here (:class:`IllegalActionError`).
A wrong argument to a call is an :class:`ArgumentError`. Files and tables the
user hands in (game records, positions, scenario files) fail with a
:class:`DataError`, which says the file, the line where the TOML parser knows
it, and every problem found; a profile fails with a :class:`VariantError`
listing every :class:`Problem`. Every error here except :class:`CanastaError`
and :class:`VariantError` is also a :class:`ValueError`, so code written
against the built-in type keeps working. ``docs/errors.md`` lists them all.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import Any, ClassVar, SupportsIndex, TypeGuard, TypeVar, cast

import attrs


class CanastaError(Exception):
    """The base of every error the library raises on purpose: ``except canasta.CanastaError`` catches them all.

    Subclasses that take their own constructor arguments still pickle (for
    worker processes): :meth:`__reduce__` restores the message and the fields
    without calling ``__init__`` again.
    """

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore, (type(self), self.args, dict(self.__dict__)))


def _restore(cls: type[CanastaError], args: tuple[Any, ...], state: dict[str, Any]) -> CanastaError:
    error = cls.__new__(cls)
    error.args = args
    error.__dict__.update(state)
    return error


class NotationError(CanastaError, ValueError):
    """A card, rank or action written in text could not be parsed."""


class IllegalActionError(CanastaError, ValueError):
    """An action the rules forbid in the current state.

    ``rule`` is the profile key that forbids it and ``source`` the rule
    section, e.g. ``discard_pile.one_card_rule`` and ``001 §14 C``. The game
    is left exactly as it was.
    """

    def __init__(self, action: object, rule: str, source: str, reason: str) -> None:
        self.action = action
        self.rule = rule
        self.source = source
        self.reason = reason
        where = f"{rule} ({source})" if source else rule
        super().__init__(f"illegal action {_action_text(action)}: {reason} [{where}]")


def _action_text(action: object) -> str:
    """The action's text for a message, cut to 80 characters; never raises."""
    text = shown_text(action)
    return text if len(text) <= 80 else text[:77] + "..."


def shown_text(value: object) -> str:
    """``str(value)`` for a message; never raises, whatever a stranger's ``__str__`` does.

    A ``str`` subclass gives the plain text it holds (its own ``__str__`` never
    runs); a value whose ``__str__`` raises or returns no ``str`` is named by its type.
    """
    if issubclass(type(value), str):  # asks the type: isinstance would read a stranger's own __class__
        return str.__getitem__(cast(str, value), slice(None))
    try:
        text = str(value)
    except Exception:
        return f"<{type.__dict__['__name__'].__get__(type(value))}>"
    return str.__getitem__(text, slice(None))


def shown_value(value: object, limit: int = 60) -> str:
    """A caller's value as a message shows it: its repr, cut to ``limit`` characters; never raises, whatever ``repr`` does.

    A whole number of more than 30 digits is shown by its length (Python's
    ``repr`` refuses an int past 4,300 digits).
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        return f"a {len(str(abs(value) // 10**20)) + 20}-digit number" if abs(value) < 10**4000 else "a number of over 4,000 digits"
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def escaped(ch: str) -> str:
    """One character a terminal should not get, as its escape; a byte the decoder kept (U+DC80 to U+DCFF) as ``\\xff``."""
    if "\udc80" <= ch <= "\udcff":
        return f"\\x{ord(ch) - 0xDC00:02x}"
    return ascii(ch)[1:-1]


def printable(text: str, *, newlines: bool = True) -> str:
    """``text`` as it may reach a terminal, a transcript or a message: every character that is not printable written as its escape.

    An escape sequence (``\\x1b]0;title\\x07`` sets a window's title), a
    carriage return, a bidi override (U+202E) or a byte that was not text would
    rewrite what a person sees; each is shown as ``\\x1b``, ``\\r``,
    ``\\u202e``, ``\\xff``. Line breaks are kept unless ``newlines`` is false.
    The one rule for everything the library echoes of what a person or a file gave it.
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or (newlines and ch == "\n") else escaped(ch) for ch in text)


def whole_number(value: object) -> int | None:
    """``value`` as a plain ``int`` when it is a whole number, else None: the one rule for what the library takes as an int.

    An ``int``, or an integer of another library that says so with
    ``__index__`` (numpy's ``int64``, ``uint8`` ...). A bool is no number here
    (``seed=True`` is a mistake), nor is a float, even ``4.0``. An ``int``
    subclass is read as the number it holds: none of its own methods runs.
    """
    if type(value) is int:
        return value
    try:
        if isinstance(value, bool) or not isinstance(value, SupportsIndex):
            return None
        return int(operator.index(value))
    except Exception:  # numpy's bool, an __index__ that raises, a type that answers isinstance by raising
        return None


_T = TypeVar("_T")


def is_instance(value: object, kind: type[_T] | tuple[type[_T], ...]) -> TypeGuard[_T]:
    """``isinstance`` for a caller's value; False, never an exception, when the check itself raises.

    An abstract type (``Mapping``, ``os.PathLike``) asks the value's type
    through caches that compare types with ``==``, and a stranger's metaclass
    may answer that by raising; such a value is simply not of the kind.
    """
    try:
        return isinstance(value, kind)
    except Exception:
        return False


class ArgumentError(CanastaError, ValueError, TypeError):
    """An argument of a call that has the wrong type or value: ``Game(v, players="4")``, ``seed="x"``, ``turn_cap=0``.

    The message names the call, the argument, the value and its type. It is
    both a :class:`ValueError` and a :class:`TypeError`, so code written
    against either built-in keeps working.
    """


class UnsupportedPlayerCount(ArgumentError):
    """The profile gives no rules for this many players."""


class DataError(CanastaError, ValueError):
    """A record, position or scenario file that cannot be read or used.

    ``problems`` lists every problem found (each with its key path where there
    is one), ``file`` names the file it came from (None for text or a table
    given in Python), and ``line`` and ``column`` locate a TOML or JSON syntax
    error (1-based; None when the parser gives no place).
    """

    what: ClassVar[str] = "bad data"
    """The message's heading, e.g. ``bad position``."""

    def __init__(
        self,
        problems: Iterable[str] | str,
        *,
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.problems: tuple[str, ...] = (problems,) if isinstance(problems, str) else tuple(problems)
        self.file = None if file is None else str(file)
        self.line = line
        self.column = column
        super().__init__(self._text())

    @property
    def location(self) -> str:
        """``file, line 3, column 7``, as much of it as is known; empty when nothing is."""
        parts = [self.file] if self.file else []
        if self.line is not None:
            parts.append(f"line {self.line}" + (f", column {self.column}" if self.column is not None else ""))
        return ", ".join(parts)

    def _text(self) -> str:
        head = f"{self.location}: {self.what}" if self.location else self.what
        if len(self.problems) == 1:
            return f"{head}: {self.problems[0]}"
        return "\n".join([f"{head} ({len(self.problems)} problems):", *(f"  - {p}" for p in self.problems)])


class RecordError(DataError):
    """A game record (:class:`canasta.GameRecord`) that cannot be read or replayed."""

    what = "not a game record"


class ReplayError(RecordError):
    """An action of a record that cannot be applied again, located in the game.

    ``index`` is the action's place in the record (0-based; the message counts
    from 1), ``total`` the number of actions replayed, ``hand_number`` and
    ``seat`` the hand in progress and the seat to act, ``action`` the action's
    text, and ``error`` the :class:`IllegalActionError` or
    :class:`NotationError` that stopped it (also its ``__cause__``).
    """

    what = "cannot replay"

    def __init__(
        self,
        *,
        index: int,
        total: int,
        hand_number: int,
        seat: int,
        action: str,
        error: CanastaError,
        file: str | None = None,
    ) -> None:
        self.index = index
        self.total = total
        self.hand_number = hand_number
        self.seat = seat
        self.action = action
        self.error = error
        if isinstance(error, IllegalActionError):
            where = f"{error.rule} ({error.source})" if error.source else error.rule
            reason = f"{error.reason} [{where}]"
        else:
            reason = str(error)
        shown = action if len(action) <= 80 else action[:77] + "..."
        problem = f"action {index + 1:,} of {total:,} (hand {hand_number}, seat {seat}): {shown!r}: {reason}"
        super().__init__(problem, file=file)

    def _text(self) -> str:
        return f"{self.file}: {self.problems[0]}" if self.file else self.problems[0]


class ScoreSheetError(DataError):
    """A score sheet file or text (:class:`canasta.ScoreSheet`) that cannot be read, or whose log the rules refuse on replay."""

    what = "not a score sheet"


class PositionError(DataError):
    """A position that cannot be set up or exported; ``problems`` lists every problem with its key path."""

    what = "bad position"


class ScenarioError(DataError):
    """A scenario file that cannot be read: broken TOML, unknown keys, unreadable action texts."""

    what = "bad scenario file"


@attrs.frozen(kw_only=True)
class Problem:
    """One thing wrong with a profile.

    ``path`` is the dotted key path (``going_out.canastas_required.4``), or empty
    for a problem with the file as a whole. ``source`` names the file or bundled
    profile the problem was found in.
    """

    path: str
    message: str
    source: str = ""

    def __str__(self) -> str:
        where = f"{self.source}: " if self.source else ""
        return f"{where}{self.path}: {self.message}" if self.path else f"{where}{self.message}"


class VariantError(CanastaError):
    """A profile could not be loaded. ``problems`` lists every problem found, not just the first."""

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems: tuple[Problem, ...] = tuple(problems)
        super().__init__(self._text())

    def _text(self) -> str:
        count = len(self.problems)
        head = f"{count} problem{'s' if count != 1 else ''} in the variant profile:"
        return "\n".join([head, *(f"  - {p}" for p in self.problems)])


class EntryError(CanastaError, ValueError):
    """An entry the rules refuse: a hand, a penalty or a correction on a score sheet, or a director's penalty in a game.

    ``rule`` is the profile key or rule that refuses it and ``source`` the rule
    section, e.g. ``red_threes.bonus_table`` and ``000 POÄNGRÄKNING 1``; ``reason``
    says what is wrong. Nothing entered before is changed or lost.
    """

    def __init__(self, reason: str, *, rule: str, source: str) -> None:
        self.rule = rule
        self.source = source
        self.reason = reason
        where = f"{rule} ({source})" if source else rule
        super().__init__(f"{reason} [{where}]")


class SimulationError(CanastaError, ValueError):
    """A simulation that cannot run as asked: an unknown bot, a player count a profile lacks, a count below one.

    The message says what is wrong and what to do instead; the command line
    prints it and exits with status 2.
    """


__all__ = [
    "ArgumentError",
    "CanastaError",
    "DataError",
    "EntryError",
    "IllegalActionError",
    "NotationError",
    "PositionError",
    "Problem",
    "RecordError",
    "ReplayError",
    "ScenarioError",
    "ScoreSheetError",
    "SimulationError",
    "UnsupportedPlayerCount",
    "VariantError",
    "escaped",
    "is_instance",
    "printable",
    "shown_text",
    "shown_value",
    "whole_number",
]
