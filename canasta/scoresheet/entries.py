"""What a score sheet holds: a hand as a table counts it, a penalty, a correction, a deal, and the log line of each (001 §34-§35).

These are plain, frozen records. A value of the wrong type is refused when the
record is built (:class:`~canasta.ArgumentError`); whether the counts are
possible under a profile is decided when the entry reaches a sheet
(:mod:`canasta.scoresheet.validation`, :class:`~canasta.EntryError`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, cast

import attrs

from canasta.core.arguments import whole_number
from canasta.core.canastas import CanastaKind
from canasta.core.events import Termination
from canasta.core.penalties import Penalty
from canasta.errors import ArgumentError, is_instance, shown_value
from canasta.variants.enums import Choice

GOING_OUT = (Termination.WENT_OUT, Termination.WENT_OUT_CONCEALED)
"""The endings in which a seat went out (000 UTGÅNG, DIREKT UTGÅNG; 001 §18-§19)."""


def _as_int(value: Any) -> Any:
    """A whole number of another library (numpy's ``int64``) as a plain ``int``; anything else as it is, for :func:`_count` to name."""
    number = whole_number(value)
    return value if number is None else number


def _count(what: str) -> Any:
    """An attrs validator: a whole number (not a bool); the sheet checks its range against the profile."""

    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not int:
            raise ArgumentError(f"{what}(...{attribute.name}=...): expected a whole number, got {shown_value(value)}")

    return check


def _canastas(value: object) -> Mapping[CanastaKind, int]:
    """Canastas by kind as a read-only mapping in kind order, zero counts dropped; kinds may be given by their text (``"natural"``)."""
    if not is_instance(value, Mapping):
        raise ArgumentError(
            f"SideEntry(canastas=...): expected a mapping of canasta kind to count, e.g. {{'natural': 1}}, got {shown_value(value)}"
        )
    counts: dict[CanastaKind, int] = {}
    for key, n in dict(value).items():
        try:
            kind = CanastaKind(key)
        except ValueError:
            raise ArgumentError(
                f"SideEntry(canastas=...): {shown_value(key)} is not a canasta kind ({', '.join(k.value for k in CanastaKind)})"
            ) from None
        number = whole_number(n)
        if number is None:
            raise ArgumentError(f"SideEntry(canastas=...): the count of {kind.value} canastas must be a whole number, got {shown_value(n)}")
        counts[kind] = counts.get(kind, 0) + number
    return MappingProxyType({kind: counts[kind] for kind in CanastaKind if counts.get(kind)})


def _has_meld(value: object) -> bool | None:
    if value is not None and type(value) is not bool:
        raise ArgumentError(f"SideEntry(has_meld=...): expected True, False or None, got {shown_value(value)}")
    return value


@attrs.frozen(kw_only=True)
class SideEntry:
    """One side's count of a hand, as a table counts it (000 POÄNGRÄKNING 1-4, 001 §34 B)."""

    canastas: Mapping[CanastaKind, int] = attrs.field(factory=dict, converter=_canastas, hash=False)
    """Canastas by kind (000 CANASTA 2-3, 001 §15 B, 004 opt b); kinds may be given as text."""
    red_threes: int = attrs.field(default=0, converter=_as_int, validator=_count("SideEntry"))
    """Red threes on the table (000 RÖDA TREOR, 001 §21)."""
    red_threes_unplayed: int = attrs.field(default=0, converter=_as_int, validator=_count("SideEntry"))
    """Red threes in the hand of a player who never had a turn: they count with the others (001 §21 G; decisions P30)."""
    red_threes_in_hand: int = attrs.field(default=0, converter=_as_int, validator=_count("SideEntry"))
    """Red threes kept or forgotten in a hand: no bonus, the unmelded penalty each (004 L164, L264; 001 §21 H)."""
    melded: int = attrs.field(default=0, converter=_as_int, validator=_count("SideEntry"))
    """Card points melded, canastas' cards included (000 POÄNGRÄKNING 2, 001 §34 B)."""
    in_hand: int = attrs.field(default=0, converter=_as_int, validator=_count("SideEntry"))
    """Card points left in the side's hands, as a positive number (000 POÄNGRÄKNING 3, 001 §34 B)."""
    has_meld: bool | None = attrs.field(default=None, converter=_has_meld)
    """Whether the side melded (the red threes count plus, 000 POÄNGRÄKNING 4, 001 §21 F); None: any canasta or melded > 0."""

    @property
    def kinds(self) -> tuple[CanastaKind, ...]:
        """Every canasta, one kind per canasta, in kind order: what :func:`canasta.core.scoring.side_score` takes."""
        return tuple(kind for kind, n in self.canastas.items() for _ in range(n))

    @property
    def melds(self) -> bool:
        """Whether the side melded: ``has_meld``, or by default any canasta or melded points."""
        return self.has_meld if self.has_meld is not None else bool(self.kinds) or self.melded > 0


def _sides(value: object) -> tuple[SideEntry, ...]:
    if isinstance(value, (str, bytes)) or not is_instance(value, (tuple, list)):
        raise ArgumentError(f"HandEntry(sides=...): expected a list of SideEntry, one per side, got {shown_value(value)}")
    sides = tuple(value)
    for side in sides:
        if not isinstance(side, SideEntry):
            raise ArgumentError(f"HandEntry(sides=...): expected SideEntry items, got {shown_value(side)}")
    return sides


def _ending(value: object) -> Termination:
    try:
        return Termination(cast(str, value))
    except ValueError:
        raise ArgumentError(
            f"HandEntry(ending=...): expected a Termination ({', '.join(t.value for t in Termination)}), got {shown_value(value)}"
        ) from None


def _seat(value: object) -> int | None:
    number = None if value is None else whole_number(value)
    if value is not None and number is None:
        raise ArgumentError(f"HandEntry(went_out=...): expected a seat number or None, got {shown_value(value)}")
    return number


@attrs.frozen(kw_only=True)
class HandEntry:
    """A hand as the table counts it: one :class:`SideEntry` per side, how it ended and who went out (001 §34)."""

    sides: tuple[SideEntry, ...] = attrs.field(converter=_sides)
    ending: Termination = attrs.field(converter=_ending)
    """How the hand ended (000 UTGÅNG, TALONGENS SISTA KORT; 001 §18-§19, §21 E, §24)."""
    went_out: int | None = attrs.field(default=None, converter=_seat)
    """The seat that went out (its side gets the bonus); None unless the ending is a going out."""

    @property
    def concealed(self) -> bool:
        """The hand ended with a concealed going out (000 DIREKT UTGÅNG, 001 §19)."""
        return self.ending is Termination.WENT_OUT_CONCEALED


def _penalty(value: object) -> Penalty:
    try:
        return Penalty(cast(str, value))
    except ValueError:
        names = ", ".join(p.name.lower() for p in Penalty)
        raise ArgumentError(f"PenaltyEntry(penalty=...): expected a Penalty ({names}), got {shown_value(value)}") from None


def _hand(value: object) -> int | None:
    number = None if value is None else whole_number(value)
    if value is not None and number is None:
        raise ArgumentError(f"PenaltyEntry(hand=...): expected a hand number or None, got {shown_value(value)}")
    return number


def _note(value: object) -> str:
    if not isinstance(value, str):
        raise ArgumentError(f"note: expected text, got {shown_value(value)}")
    return str.__getitem__(value, slice(None))


@attrs.frozen(kw_only=True)
class PenaltyEntry:
    """A penalty of the ledger against a side (001 §22-§33); its points come from the profile (:func:`canasta.core.penalties.penalty_value`)."""

    side: int = attrs.field(converter=_as_int, validator=_count("PenaltyEntry"))
    penalty: Penalty = attrs.field(converter=_penalty)
    count: int = attrs.field(default=1, converter=_as_int, validator=_count("PenaltyEntry"))
    """Cards, for a per-card penalty (001 §33 A, §21 H); 1 for any other."""
    hand: int | None = attrs.field(default=None, converter=_hand)
    """The hand it belongs to; None: the hand in progress (the next hand number)."""
    note: str = attrs.field(default="", converter=_note)


@attrs.frozen(kw_only=True)
class Correction:
    """A hand's count replaced (001 §35): the new count, and the old one, which the log keeps."""

    hand: int
    entry: HandEntry
    replaced: HandEntry
    """The count it replaces: nothing entered is lost."""
    arithmetic: bool = False
    """An error of addition or subtraction: allowed at any time, and the minimum of the hand in progress stays (001 §35 A)."""


@attrs.frozen(kw_only=True)
class Deal:
    """The deal of a hand was made: from now on the previous hand's score may be corrected only for arithmetic (001 §35 B)."""

    hand: int


class LogKind(Choice):
    """What a line of the sheet's log records."""

    HAND = "hand"
    PENALTY = "penalty"
    CORRECTION = "correction"
    DEAL = "deal"


LogItem = HandEntry | PenaltyEntry | Correction | Deal

_KINDS: dict[type[Any], LogKind] = {
    HandEntry: LogKind.HAND,
    PenaltyEntry: LogKind.PENALTY,
    Correction: LogKind.CORRECTION,
    Deal: LogKind.DEAL,
}


@attrs.frozen(kw_only=True)
class LogEntry:
    """One line of the sheet's append-only log: what was entered, for which hand, by whom and when (UTC, ISO 8601)."""

    item: LogItem
    hand: int
    """The hand it concerns: the hand entered or corrected, the penalty's hand, the hand dealt."""
    by: str = ""
    at: str = ""
    note: str = ""

    @property
    def kind(self) -> LogKind:
        """Whether the line is a hand, a penalty, a correction or a deal."""
        return _KINDS[type(self.item)]

    @property
    def replaced(self) -> HandEntry | None:
        """For a correction, the count it replaced (001 §35); else None."""
        return self.item.replaced if isinstance(self.item, Correction) else None


__all__ = ["GOING_OUT", "Correction", "Deal", "HandEntry", "LogEntry", "LogItem", "LogKind", "PenaltyEntry", "SideEntry"]
