"""What a score sheet holds: a hand as a table counts it, a penalty, a warning, a correction, a withdrawn penalty, a deal, the
totals carried in, and the log line of each (001 §22 A, §34-§35).

These are plain, frozen records. A value of the wrong type, or a number past
what a sheet file holds (TOML's 64-bit integers), is refused when the record is
built (:class:`~canasta.ArgumentError`), before anything is made of it; whether the counts are
possible under a profile is decided when the entry reaches a sheet
(:mod:`canasta.scoresheet.validation`, :class:`~canasta.EntryError`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, cast

import attrs

from canasta.core.arguments import INT64, INT64_MAX, INT64_MIN, whole_number
from canasta.core.canastas import CanastaKind
from canasta.core.cards import RANK_CHARS, WILD, Rank
from canasta.core.events import Termination
from canasta.core.penalties import Penalty, penalty_of
from canasta.core.table import meld_rank_index
from canasta.errors import ArgumentError, is_instance, shown_value
from canasta.variants.enums import Choice, MeldRank

GOING_OUT = (Termination.WENT_OUT, Termination.WENT_OUT_CONCEALED)
"""The endings in which a seat went out (000 UTGÅNG, DIREKT UTGÅNG; 001 §18-§19)."""


def _as_int(value: Any) -> Any:
    """A whole number of another library (numpy's ``int64``) as a plain ``int``; anything else as it is, for :func:`_count` to name."""
    number = whole_number(value)
    return value if number is None else number


def bounded(number: int, call: str) -> int:
    """``number`` if a sheet file can hold it (TOML's 64-bit integers); else :class:`~canasta.ArgumentError` naming ``call``.

    Checked before anything is built from the number: the sheet then checks its range against the profile and the deck.
    """
    if number not in INT64:
        raise ArgumentError(f"{call}: {shown_value(number)} is past what a sheet file holds (a whole number from {INT64_MIN} to {INT64_MAX})")
    return number


def _count(what: str) -> Any:
    """An attrs validator: a whole number (not a bool) that a sheet file can hold; the sheet checks its range against the profile."""

    def check(_instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not int:
            raise ArgumentError(f"{what}(...{attribute.name}=...): expected a whole number, got {shown_value(value)}")
        bounded(value, f"{what}({attribute.name}=...)")

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
        counts[kind] = bounded(counts.get(kind, 0) + number, f"SideEntry(canastas=...): {kind.value}")
    return MappingProxyType({kind: counts[kind] for kind in CanastaKind if counts.get(kind)})


RANK_WORDS = ", ".join(r.value for r in MeldRank)
"""The ranks a side melds, as the per-rank rules name them: 4 to 10, J, Q, K, A, and W for the wild-card meld."""


def meld_rank(value: object, what: str) -> MeldRank:
    """A rank as the per-rank rules name it (:class:`~canasta.variants.enums.MeldRank`): ``"A"``, ``"7"``, ``"10"`` (or ``"T"``),
    ``"W"`` for the wild-card meld, in any case, or a :class:`~canasta.core.cards.Rank`; :class:`~canasta.ArgumentError` otherwise."""
    if isinstance(value, MeldRank):
        return value
    if isinstance(value, Rank):
        index = int(value)
        if index == WILD:
            return MeldRank.WILD
        text = RANK_CHARS[index] if 0 <= index < len(RANK_CHARS) else ""
        value = "10" if text == "T" else text
    if isinstance(value, str):
        text = value.strip().upper()
        text = "10" if text == "T" else text
        if text in {r.value for r in MeldRank}:
            return MeldRank(text)
    raise ArgumentError(f"{what}: {shown_value(value)} is not a rank of a meld ({RANK_WORDS})")


def meld_rank_of(index: int) -> MeldRank:
    """The :class:`~canasta.variants.enums.MeldRank` of a rank index (4 is 2, A is 12, W is :data:`~canasta.core.cards.WILD`)."""
    return next(r for r in MeldRank if meld_rank_index(r) == index)


def _rank_order(rank: MeldRank) -> int:
    return meld_rank_index(rank)


def _rank_canastas(value: object) -> Mapping[MeldRank, int]:
    """Natural canastas by rank as a read-only mapping in rank order, zero counts dropped; ranks may be given as text (``"A"``)."""
    if not is_instance(value, Mapping):
        raise ArgumentError(f"SideEntry(rank_canastas=...): expected a mapping of rank to count, e.g. {{'A': 1}}, got {shown_value(value)}")
    counts: dict[MeldRank, int] = {}
    for key, n in dict(value).items():
        rank = meld_rank(key, "SideEntry(rank_canastas=...)")
        number = whole_number(n)
        if number is None:
            raise ArgumentError(
                f"SideEntry(rank_canastas=...): the count of canastas of {rank.value} must be a whole number, got {shown_value(n)}"
            )
        counts[rank] = bounded(counts.get(rank, 0) + number, f"SideEntry(rank_canastas=...): {rank.value}")
    return MappingProxyType({rank: counts[rank] for rank in sorted(counts, key=_rank_order) if counts[rank]})


def _ranks(value: object, name: str) -> tuple[MeldRank, ...]:
    """A list of ranks (text or :class:`~canasta.variants.enums.MeldRank`) as a tuple in rank order."""
    if isinstance(value, (str, bytes)) or not is_instance(value, (tuple, list)):
        raise ArgumentError(f"SideEntry({name}=...): expected a list of ranks, e.g. ['A', '7'], got {shown_value(value)}")
    return tuple(sorted((meld_rank(v, f"SideEntry({name}=...)") for v in value), key=_rank_order))


def _unfinished(value: object) -> tuple[MeldRank, ...]:
    return _ranks(value, "unfinished")


def _sets(value: object) -> tuple[MeldRank, ...]:
    return _ranks(value, "sets_in_hand")


def _special(value: object) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise ArgumentError(f"SideEntry(special_hand=...): expected the name of a special hand or None, got {shown_value(value)}")
    return str.strip(value)


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

    # -- schema 2: what the family's tables count besides (Modern American, Cuban, ...); each is refused where the profile lacks its rule

    rank_canastas: Mapping[MeldRank, int] = attrs.field(factory=dict, converter=_rank_canastas, hash=False)
    """Natural canastas of a rank with a bonus of its own, by rank (``ranks.natural_canasta_bonus``; Modern American aces and
    sevens, EBB §2.7): ``{"A": 1}``. They are not counted again in ``canastas``."""
    black_threes: int = attrs.field(default=0, converter=_as_int, validator=_count("SideEntry"))
    """Black threes laid as bonus cards (``black_threes.bonus_card``; EBB §2.8), scored by their own count on ``red_threes.bonus_table``."""
    unfinished: tuple[MeldRank, ...] = attrs.field(default=(), converter=_unfinished)
    """The side's unfinished melds that cost ``ranks.unfinished_penalty``, one rank each (``W`` the wild-card meld; EBB §2.10):
    natural melds of a penalised rank, and the wild-card meld."""
    sets_in_hand: tuple[MeldRank, ...] = attrs.field(default=(), converter=_sets)
    """One rank per player and rank held ``ranks.hand_penalty_count`` times or more at the end (``ranks.hand_penalty``; CC):
    ``["A", "A"]`` for two players each left with three aces."""
    black_threes_in_hand: int = attrs.field(default=0, converter=_as_int, validator=_count("SideEntry"))
    """Black threes left in the side's hands, each costing ``black_threes.hand_penalty`` (their points are in ``in_hand``)."""
    reserves_untaken: int = attrs.field(default=0, converter=_as_int, validator=_count("SideEntry"))
    """Reserve piles the side (or each of its players, ``reserve.one_per``) never received, each costing ``reserve.untaken_penalty``."""
    special_hand: str | None = attrs.field(default=None, converter=_special)
    """The special hand the side showed, by name (``scoring.special_hands``; EBB §2.12): its points replace the side's score,
    so the side enters nothing else, and the hand ends ``special_hand``."""

    @property
    def canasta_count(self) -> int:
        """How many canastas the side entered, of every kind, read from the counts alone."""
        return sum(self.canastas.values()) + sum(self.rank_canastas.values())

    @property
    def kinds(self) -> tuple[CanastaKind, ...]:
        """Every canasta, one kind per canasta, in kind order (those of :attr:`rank_canastas` after the other natural ones):
        what :func:`canasta.core.scoring.side_score` takes.

        :class:`~canasta.ArgumentError` where a count passes the cards any deck may hold (:data:`~canasta.scoresheet.card_points.MOST_CARDS`):
        no such list is ever built; a sheet refuses such a count by its own deck first.
        """
        from .card_points import MOST_CARDS

        if any(not 0 <= n <= MOST_CARDS for n in (*self.canastas.values(), *self.rank_canastas.values())):
            raise ArgumentError(f"SideEntry.kinds: a canasta count of {self.canasta_count} is not one any deck makes (at most {MOST_CARDS} cards)")
        plain = self.canastas.get(CanastaKind.NATURAL, 0) + sum(self.rank_canastas.values())
        others = (kind for kind, n in self.canastas.items() if kind is not CanastaKind.NATURAL for _ in range(n))
        return (*((CanastaKind.NATURAL,) * plain), *others)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The rank index of each canasta of :attr:`kinds`, in the same order: a canasta's of :attr:`rank_canastas`, else -1 (not entered by rank)."""
        kinds = self.kinds
        ranked = tuple(meld_rank_index(rank) for rank, n in self.rank_canastas.items() for _ in range(n))
        natural = self.canastas.get(CanastaKind.NATURAL, 0)
        return (*((-1,) * natural), *ranked, *((-1,) * (len(kinds) - natural - len(ranked))))

    @property
    def melds(self) -> bool:
        """Whether the side melded: ``has_meld``, or by default any canasta, unfinished meld or melded points."""
        return self.has_meld if self.has_meld is not None else self.canasta_count > 0 or bool(self.unfinished) or self.melded > 0


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
    return None if number is None else bounded(number, "HandEntry(went_out=...)")


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
    return penalty_of(value, "PenaltyEntry(penalty=...)")


def _optional_number(value: object, call: str, what: str) -> int | None:
    """None, or a whole number a sheet file can hold (``what`` names it in the message)."""
    number = None if value is None else whole_number(value)
    if value is not None and number is None:
        raise ArgumentError(f"{call}: expected {what} or None, got {shown_value(value)}")
    return None if number is None else bounded(number, call)


def _hand(value: object) -> int | None:
    return _optional_number(value, "PenaltyEntry(hand=...)", "a hand number")


def _warned_seat(value: object) -> int | None:
    return _optional_number(value, "WarningEntry(seat=...)", "the seat warned")


def _warned_hand(value: object) -> int | None:
    return _optional_number(value, "WarningEntry(hand=...)", "a hand number")


def _flag(call: str) -> Any:
    def check(_instance: object, _attribute: attrs.Attribute[Any], value: object) -> None:
        if type(value) is not bool:
            raise ArgumentError(f"{call}: expected True or False, got {shown_value(value)}")

    return check


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
    override: bool = attrs.field(default=False, validator=_flag("PenaltyEntry(override=...)"))
    """Entered by the director's decision without the warning the penalty comes after (:attr:`~canasta.Penalty.warning_first`,
    001 §22 A); the log and every export say so. Only for such a penalty."""


def _warned(value: object) -> Penalty:
    return penalty_of(value, "WarningEntry(penalty=...)")


@attrs.frozen(kw_only=True)
class WarningEntry:
    """A warning a side was given, naming the penalty that follows if it happens again (001 §22 A: the table-talk forfeit comes
    "after one warning"). It costs nothing; a penalty that comes after a warning (:attr:`~canasta.Penalty.warning_first`) is
    refused without one for that side earlier in the match, unless the director overrides it (:attr:`PenaltyEntry.override`)."""

    side: int = attrs.field(converter=_as_int, validator=_count("WarningEntry"))
    penalty: Penalty = attrs.field(converter=_warned)
    """The rule warned of: the penalty that follows, with its profile key and source."""
    seat: int | None = attrs.field(default=None, converter=_warned_seat)
    """The player warned, where the table names one; a player of ``side``."""
    hand: int | None = attrs.field(default=None, converter=_warned_hand)
    """The hand it was given in; None: the hand in progress."""
    note: str = attrs.field(default="", converter=_note)


def carried_totals(value: object, call: str) -> tuple[int, ...]:
    """Totals carried in, one whole number per side that a sheet file can hold; else :class:`~canasta.ArgumentError` naming ``call``."""
    if isinstance(value, (str, bytes)) or not is_instance(value, (tuple, list)):
        raise ArgumentError(f"{call}: expected a list of totals, one per side, e.g. [1200, 850], got {shown_value(value)}")
    totals = []
    for total in tuple(value):
        number = whole_number(total)
        if number is None:
            raise ArgumentError(f"{call}: each total is a whole number, got {shown_value(total)}")
        totals.append(bounded(number, call))
    return tuple(totals)


def _totals(value: object) -> tuple[int, ...]:
    return carried_totals(value, "Carried(totals=...)")


@attrs.frozen(kw_only=True)
class Carried:
    """The totals a sheet starts from, carried in from an earlier sheet or session (a club evening continued): one per side, in
    side order. They open the log, count in every total, in the opening minimum by score (001 §13 A) and in the end of the match
    (001 §34 A), without a hand of their own."""

    totals: tuple[int, ...] = attrs.field(converter=_totals)
    note: str = attrs.field(default="", converter=_note)
    """Where the totals come from, e.g. "the sheet of 3 May"."""


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
class Withdrawal:
    """A penalty entered in error taken back (001 §35 B): it no longer counts, and the log keeps both lines.

    ``number`` is the penalty's number on the sheet, counting from 1 in the order
    the penalties were entered (:attr:`canasta.ScoreSheet.penalties`); ``penalty``
    is the entry withdrawn, filled in by the sheet.
    """

    number: int
    penalty: PenaltyEntry | None = None


@attrs.frozen(kw_only=True)
class Deal:
    """The deal of a hand was made: from now on the previous hand's score may be corrected only for arithmetic (001 §35 B)."""

    hand: int


class LogKind(Choice):
    """What a line of the sheet's log records."""

    HAND = "hand"
    PENALTY = "penalty"
    CORRECTION = "correction"
    WITHDRAWAL = "withdrawal"
    DEAL = "deal"
    WARNING = "warning"
    CARRIED = "carried"


LogItem = HandEntry | PenaltyEntry | Correction | Withdrawal | Deal | WarningEntry | Carried

_KINDS: dict[type[Any], LogKind] = {
    HandEntry: LogKind.HAND,
    PenaltyEntry: LogKind.PENALTY,
    Correction: LogKind.CORRECTION,
    Withdrawal: LogKind.WITHDRAWAL,
    Deal: LogKind.DEAL,
    WarningEntry: LogKind.WARNING,
    Carried: LogKind.CARRIED,
}


@attrs.frozen(kw_only=True)
class LogEntry:
    """One line of the sheet's append-only log: what was entered, for which hand, by whom and when (UTC, ISO 8601)."""

    item: LogItem
    hand: int
    """The hand it concerns: the hand entered or corrected, the penalty's or warning's hand (also for a withdrawal), the hand
    dealt; 0 for the totals carried in, which come before hand 1."""
    by: str = ""
    at: str = ""
    note: str = ""

    @property
    def kind(self) -> LogKind:
        """Whether the line is a hand, a penalty, a correction, a withdrawal, a deal, a warning or the totals carried in."""
        return _KINDS[type(self.item)]

    @property
    def replaced(self) -> HandEntry | None:
        """For a correction, the count it replaced (001 §35); else None."""
        return self.item.replaced if isinstance(self.item, Correction) else None


__all__ = [
    "GOING_OUT",
    "RANK_WORDS",
    "Carried",
    "Correction",
    "Deal",
    "HandEntry",
    "LogEntry",
    "LogItem",
    "LogKind",
    "PenaltyEntry",
    "SideEntry",
    "WarningEntry",
    "Withdrawal",
    "bounded",
    "carried_totals",
    "meld_rank",
    "meld_rank_of",
]
