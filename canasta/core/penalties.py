"""The penalty ledger's entries: every penalty of a profile, with its rule, its source and its points (topics O; 001 §21-§35).

The engine never lets an irregular action happen, so most of 001's penalties
are applied by a person: a tournament director during an online game
(:meth:`canasta.Game.penalize`) or a scorekeeper on the score sheet
(:mod:`canasta.scoresheet`). Both take the same :class:`Penalty`, whose
points come from the profile (a house file may change them). A profile whose
value is zero has no such penalty, and an entry of it is refused by name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from canasta.errors import ArgumentError, EntryError, shown_value
from canasta.variants.enums import Choice

if TYPE_CHECKING:
    from .table import TableRules


class Penalty(Choice):
    """A penalty a director or scorekeeper applies to a side; its value is the profile key that sets its points."""

    TABLE_TALK = "penalties.table_talk_forfeit"
    """A side forfeits for table talk after a warning; the other side is compensated (001 §22 A, last paragraph)."""
    ANSWER_YES_CANNOT_GO_OUT = "going_out.permission_penalty"
    """The partner answered yes, or the opponents required him to go out, and he could not (001 §23 D)."""
    GOING_OUT_AFTER_NO = "penalties.going_out_after_no"
    """After a no, the player started melding to go out (001 §23 E)."""
    DRAW_OUT_OF_TURN = "penalties.draw_out_of_turn"
    """A card drawn from the stock out of turn (001 §25 C•3)."""
    PILE_OUT_OF_TURN = "penalties.pile_out_of_turn"
    """The pile taken out of turn (001 §26 B)."""
    INSUFFICIENT_OPENING = "penalties.insufficient_opening_raise"
    """An opening below the minimum: no points, the side's minimum rises by this much for the hand (001 §27 A•2-3)."""
    PARTIAL_CORRECTION = "penalties.partial_correction"
    """An insufficient opening only partly corrected (001 §27 B•1)."""
    GOING_OUT_WITHOUT_CANASTA = "penalties.going_out_without_canasta"
    """An attempt to go out without the canastas the profile requires (001 §27 B•3)."""
    MELD_OUT_OF_TURN = "penalties.meld_out_of_turn"
    """A meld during the left opponent's or the partner's turn (001 §30 B)."""
    PENALTY_CARD_HELP = "penalties.penalty_card_help"
    """Per penalty card melded with the partner's help (001 §33 A)."""
    UNMELDED_RED_THREE = "red_threes.unmelded_penalty"
    """Per red three still in a hand when the hand ends (001 §21 H, 004 L164, L264)."""

    @property
    def raises_minimum(self) -> bool:
        """The penalty raises the side's opening minimum for the hand instead of costing points (001 §27 A)."""
        return self is Penalty.INSUFFICIENT_OPENING

    @property
    def per_card(self) -> bool:
        """The penalty is counted per card: ``count`` cards cost ``count`` times the points (001 §33 A, 001 §21 H)."""
        return self is Penalty.PENALTY_CARD_HELP or self is Penalty.UNMELDED_RED_THREE

    @property
    def warning_first(self) -> str | None:
        """The rule by which the penalty comes only after a warning to the side, or None: of 001 §22-§33, only the table-talk
        forfeit does ("after one warning", 001 §22 A, last paragraph). A score sheet refuses it without an earlier warning."""
        return _WARNING_FIRST.get(self)


_WARNING_FIRST = {Penalty.TABLE_TALK: "001 §22 A"}
"""The penalties that follow a warning, with the rule that says so (001 §22-§33 read for "after a warning")."""


def penalty_of(value: object, call: str) -> Penalty:
    """A :class:`Penalty`, or the one its name (``"meld_out_of_turn"``) or profile key names; else :class:`~canasta.ArgumentError`
    naming ``call`` and the names there are (``Game.penalize`` and the score sheet's ``PenaltyEntry`` read a penalty alike)."""
    if isinstance(value, Penalty):
        return value
    if isinstance(value, str):
        text = str.__getitem__(value, slice(None))
        for kind in Penalty:
            if text in (kind.name.lower(), kind.value):
                return kind
    names = ", ".join(kind.name.lower() for kind in Penalty)
    raise ArgumentError(f"{call}: expected a Penalty or one of {names}, got {shown_value(value)}")


def penalty_value(rules: TableRules, penalty: Penalty) -> int:
    """The profile's value of ``penalty`` (points, or a minimum raise); :class:`~canasta.EntryError` when the profile has none."""
    section, _, key = penalty.value.partition(".")
    value = int(getattr(getattr(rules.variant, section), key))
    if value <= 0:
        raise EntryError(
            f"profile {rules.variant.name!r} has no penalty {penalty.name.lower()!r} ({penalty.value} is 0)",
            rule=penalty.value,
            source=rules.cite(penalty.value),
        )
    return value


__all__ = ["Penalty", "penalty_of", "penalty_value"]
