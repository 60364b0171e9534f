"""The errors the library raises on purpose: one family under :class:`CanastaError`.

Like python-chess, a malformed action text (:class:`NotationError`) is kept
apart from a well-formed action the rules forbid here (:class:`IllegalActionError`).
Files and tables the user hands in (game records, positions, scenario files)
fail with a :class:`DataError`, which says the file, the line where the TOML
parser knows it, and every problem found. Every error here except
:class:`CanastaError` itself is also a :class:`ValueError`, so code written
against the built-in type keeps working. ``docs/errors.md`` lists them all.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable, Iterable
from typing import Any, ClassVar


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
    """The action's text for a message; never raises, whatever ``str()`` of a stranger's object does."""
    try:
        text = str(action)
    except Exception:
        text = f"<{type(action).__name__}>"
    return text if len(text) <= 80 else text[:77] + "..."


class UnsupportedPlayerCount(CanastaError, ValueError):
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


class PositionError(DataError):
    """A position that cannot be set up or exported; ``problems`` lists every problem with its key path."""

    what = "bad position"


class ScenarioError(DataError):
    """A scenario file that cannot be read: broken TOML, unknown keys, unreadable action texts."""

    what = "bad scenario file"


_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)")
_AT_END = "(at end of document)"


def toml_data(text: str, error: Callable[..., DataError], file: str | None = None) -> dict[str, Any]:
    """Parse TOML text, or raise ``error(problem, file=, line=, column=)`` with the place the parser names.

    Python 3.11's TOMLDecodeError keeps its place only in the message
    (``(at line 3, column 7)`` or ``(at end of document)``); both become
    :attr:`DataError.line` and :attr:`DataError.column`. Nesting deep enough
    to exhaust the parser's recursion, and integers past Python's digit limit,
    are refused the same way.
    """
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        at = _AT.search(msg)
        if at:
            raise error(f"broken TOML: {_AT.sub('', msg)}", file=file, line=int(at.group(1)), column=int(at.group(2))) from None
        if _AT_END in msg:
            last = text.rsplit("\n", 1)[-1]
            reason = msg.replace(_AT_END, "").strip()
            raise error(f"broken TOML: {reason} (it ends too soon)", file=file, line=text.count("\n") + 1, column=len(last) + 1) from None
        raise error(f"broken TOML: {msg}", file=file) from None
    except RecursionError:
        raise error("broken TOML: nested too deeply", file=file) from None
    except ValueError as exc:  # an integer longer than Python's int/str conversion limit
        raise error(f"broken TOML: {exc}", file=file) from None


def json_data(text: str, error: Callable[..., DataError], file: str | None = None) -> Any:
    """Parse JSON text, or raise ``error`` with the line and column of the syntax error."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise error(f"broken JSON: {exc.msg}", file=file, line=exc.lineno, column=exc.colno) from None
    except RecursionError:
        raise error("broken JSON: nested too deeply", file=file) from None
    except ValueError as exc:  # an integer longer than Python's int/str conversion limit
        raise error(f"broken JSON: {exc}", file=file) from None


__all__ = [
    "CanastaError",
    "DataError",
    "IllegalActionError",
    "NotationError",
    "PositionError",
    "RecordError",
    "ReplayError",
    "ScenarioError",
    "UnsupportedPlayerCount",
    "json_data",
    "toml_data",
]
