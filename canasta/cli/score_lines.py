"""Reading the entries of a ``canasta score`` session: a hand, a penalty, a seat or side, each from one line of text.

The syntax is documented by ``help hand`` and ``help penalty`` (docs/scoresheet.md):
``hand ENDING | 0: ITEMS | 1: ITEMS [note TEXT]``, ``penalty SIDE KIND [COUNT] [hand N]``.
A line that names no entry raises :class:`ReadError`, said to the person; an
entry that reads but that the rules refuse is the sheet's
:class:`~canasta.EntryError`. Nothing here scores or checks a rule.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from canasta.core.penalties import Penalty
    from canasta.scoresheet import HandEntry, PenaltyEntry, ScoreSheet

_KINDS = {"natural": "NATURAL", "mixed": "MIXED", "wild": "WILD", "pure-wild": "PURE_WILD"}
_COUNTS = {
    "red": "red_threes",
    "red-unplayed": "red_threes_unplayed",
    "red-in-hand": "red_threes_in_hand",
    "melded": "melded",
    "hand": "in_hand",
}
_ENDINGS = {
    "went-out": "WENT_OUT",
    "concealed": "WENT_OUT_CONCEALED",
    "stock-out": "STOCK_EXHAUSTED",
    "red-three-last": "RED_THREE_LAST_CARD",
}
_SIDE_LABEL = re.compile(r"^(?:side\s*)?(?P<side>\d{1,3})\s*:\s*(?P<rest>.*)$")
_NOTE = re.compile(r"(?:^|\s)note(?:\s+(?P<text>.*))?$")


class ReadError(ValueError):
    """A line that names no entry: what is wrong with it, said to the person; nothing is entered."""




def split_note(text: str) -> tuple[str, str]:
    """The line without its ``note ...`` tail, and the note."""
    found = _NOTE.search(text)
    if found is None:
        return text, ""
    return text[: found.start()].strip(), (found["text"] or "").strip()


def read_count(word: str, value: str | None, what: str = "a whole number") -> int:
    """The number after ``word``; :class:`ReadError` when it is missing or no whole number."""
    if value is None:
        raise ReadError(f"{word} needs {what} after it")
    if not (value.isascii() and value.isdigit()) or len(value) > 9:
        raise ReadError(f"{word} {value}: expected {what} (0 or more)")
    return int(value)


def seat_of(sheet: ScoreSheet, word: str) -> int:
    """A seat named by its number or by a player's name (any case)."""
    if word.isascii() and word.isdigit() and len(word) <= 3:
        return int(word)
    named = [seat for seat, name in enumerate(sheet.names) if name.lower() == word.lower()]
    if len(named) == 1:
        return named[0]
    raise ReadError(f"{word}: no seat has that number or name; the seats are {_seats(sheet)}")


def _seats(sheet: ScoreSheet) -> str:
    return ", ".join(f"{seat} {name}" for seat, name in enumerate(sheet.names))


def side_of(sheet: ScoreSheet, word: str) -> int:
    """A side named by its number, or by one of its players' names."""
    if word.isascii() and word.isdigit() and len(word) <= 3:
        return int(word)
    named = [seat for seat, name in enumerate(sheet.names) if name.lower() == word.lower()]
    if len(named) == 1:
        return int(sheet.rules.side_of[named[0]])
    sides = ", ".join(f"{s} ({side_name(sheet, s)})" for s in range(sheet.rules.sides))
    raise ReadError(f"{word}: no side has that number or player; the sides are {sides}")


def _side_items(words: Sequence[str]) -> dict[str, Any]:
    from canasta.core.canastas import CanastaKind

    canastas: dict[CanastaKind, int] = {}
    fields: dict[str, Any] = {}
    i = 0
    while i < len(words):
        word = words[i].lower()
        value = words[i + 1] if i + 1 < len(words) else None
        if word in _KINDS:
            canastas[CanastaKind[_KINDS[word]]] = read_count(word, value)
        elif word in _COUNTS:
            fields[_COUNTS[word]] = read_count(word, value, "card points" if word in ("melded", "hand") else "a count")
        else:
            close = difflib.get_close_matches(word, [*_KINDS, *_COUNTS], n=1)
            hint = f"; did you mean {close[0]}?" if close else "; help hand lists them"
            raise ReadError(f"{words[i]}: not an item of a side{hint}")
        i += 2
    if canastas:
        fields["canastas"] = canastas
    return fields


def read_hand(sheet: ScoreSheet, text: str) -> HandEntry:
    """A :class:`~canasta.scoresheet.HandEntry` from ``ENDING | 0: ITEMS | 1: ITEMS`` (see :data:`HAND_HELP`)."""
    from canasta.core.events import Termination
    from canasta.scoresheet import HandEntry, SideEntry

    head, *segments = text.split("|")
    words = head.split()
    if not words:
        raise ReadError("say how the hand ended first: went-out SEAT, concealed SEAT, stock-out or red-three-last")
    ending_word = words[0].lower()
    if ending_word not in _ENDINGS:
        close = difflib.get_close_matches(ending_word, list(_ENDINGS), n=1)
        hint = f"; did you mean {close[0]}?" if close else ""
        raise ReadError(f"{words[0]}: not an ending; write went-out SEAT, concealed SEAT, stock-out or red-three-last{hint}")
    ending = Termination[_ENDINGS[ending_word]]
    went_out: int | None = None
    if ending in (Termination.WENT_OUT, Termination.WENT_OUT_CONCEALED):
        if len(words) != 2:
            raise ReadError(f"{ending_word} needs the seat that went out, a number or a name: {_seats(sheet)}")
        went_out = seat_of(sheet, words[1])
    elif len(words) != 1:
        raise ReadError(f"{ending_word} takes no seat; put '|' before each side's items")
    sides_count = sheet.rules.sides
    if len(segments) != sides_count:
        raise ReadError(f"the table has {sides_count} sides: give one '| N: ...' segment for each (got {len(segments)})")
    sides = []
    for number, segment in enumerate(segments):
        found = _SIDE_LABEL.match(segment.strip())
        rest = segment
        if found is not None:
            if int(found["side"]) != number:
                raise ReadError(f"the segments go in side order: segment {number + 1} is side {number}, not {found['side']}")
            rest = found["rest"]
        sides.append(SideEntry(**_side_items(rest.split())))
    return HandEntry(sides=tuple(sides), ending=ending, went_out=went_out)


def penalty_kind(word: str) -> Penalty:
    """A :class:`~canasta.core.penalties.Penalty` by its name, in lower case with hyphens (``table-talk``)."""
    from canasta.core.penalties import Penalty

    name = word.upper().replace("-", "_")
    if name in Penalty.__members__:
        return Penalty[name]
    names = [_penalty_word(p) for p in Penalty]
    close = difflib.get_close_matches(word.lower(), names, n=1)
    hint = f"; did you mean {close[0]}?" if close else "; 'penalty' alone lists them"
    raise ReadError(f"{word}: no such penalty{hint}")


def _penalty_word(penalty: Penalty) -> str:
    return penalty.name.lower().replace("_", "-")


def read_penalty(sheet: ScoreSheet, text: str) -> PenaltyEntry:
    """A :class:`~canasta.scoresheet.PenaltyEntry` from ``SIDE KIND [COUNT] [hand N] [note TEXT]``."""
    from canasta.scoresheet import PenaltyEntry

    body, note = split_note(text)
    words = body.split()
    if len(words) < 2:
        raise ReadError("write penalty SIDE KIND [COUNT] [hand N] [note TEXT], e.g. penalty 1 insufficient-opening")
    side = side_of(sheet, words[0])
    kind = penalty_kind(words[1])
    rest = words[2:]
    count, hand = 1, None
    if rest and rest[0].lower() != "hand":
        count = read_count("the count", rest.pop(0))
    if rest and rest[0].lower() == "hand":
        hand = read_count("hand", rest[1] if len(rest) > 1 else None, "a hand number")
        rest = rest[2:]
    if rest:
        raise ReadError(f"{' '.join(rest)}: not understood after the penalty; write [COUNT] [hand N] [note TEXT]")
    return PenaltyEntry(side=side, penalty=kind, count=count, hand=hand, note=note)


def penalty_list(sheet: ScoreSheet) -> str:
    """The penalties, each with its points under this profile (or that it has none) and its rule's source."""
    from canasta.core.penalties import Penalty, penalty_value
    from canasta.errors import EntryError

    rules = sheet.rules
    lines = ["penalties (penalty SIDE KIND [COUNT]):"]
    for penalty in Penalty:
        try:
            value = penalty_value(rules, penalty)
        except EntryError:
            shown = "none in this profile"
        else:
            shown = (
                f"minimum +{value} for the hand" if penalty.raises_minimum else f"{value} points" + (" a card" if penalty.per_card else "")
            )
        lines.append(f"  {_penalty_word(penalty):26} {shown:24} {penalty.value} ({rules.cite(penalty.value) or 'no source'})")
    return "\n".join(lines)


# --- the session -----------------------------------------------------------------------------------

def side_name(sheet: ScoreSheet, side: int) -> str:
    """A side's players' names, joined with ``&``."""
    return " & ".join(name for seat, name in enumerate(sheet.names) if sheet.rules.side_of[seat] == side)
