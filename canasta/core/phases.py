"""Where a turn stands (:class:`Phase`) and where the question "may I go out?" stands (:class:`Question`).

Named values for what the engine's state holds as small codes, shared by the
views, the table drawn in text and ``Game.phase``.
"""

from __future__ import annotations

from canasta.variants.enums import Choice

from .state import ANSWER, DRAW, MELD, OVER


class Phase(Choice):
    """Where a turn stands; the same values as ``Game.phase`` and ``PlayerView.phase``."""

    DRAW = "draw"
    """The player to act draws from the stock or takes the pile (000 TURORDNINGSREGEL 1, 001 §9)."""
    MELD = "meld"
    """The player has drawn: melds, then discards or goes out (001 §9)."""
    ANSWER = "answer"
    """The partner answers "may I go out?" (000 UTGÅNG 1, 001 §23 A)."""
    OVER = "over"
    """The match has ended; nobody acts."""


PHASE_OF_CODE = {DRAW: Phase.DRAW, MELD: Phase.MELD, ANSWER: Phase.ANSWER, OVER: Phase.OVER}
"""The engine's phase codes to :class:`Phase`."""


class Question(Choice):
    """Where the question "may I go out?" stands this turn (000 UTGÅNG 1, 001 §23 A, 002 UTGÅNG 2)."""

    NOT_ASKED = "not_asked"
    ASKED = "asked"
    """Asked; the partner has yet to answer."""
    YES = "yes"
    """The partner said yes: a player who can go out must (002 UTGÅNG 2, 004 L175)."""
    NO = "no"
    """The partner said no: the player may not go out this turn (001 §23 A)."""


__all__ = ["PHASE_OF_CODE", "Phase", "Question"]
