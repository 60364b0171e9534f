"""Errors raised by the game engine.

Like python-chess, a malformed action text (:class:`NotationError`) is kept
apart from a well-formed action the rules forbid here (:class:`IllegalActionError`).
"""

from __future__ import annotations


class NotationError(ValueError):
    """A card, rank or action written in text could not be parsed."""


class IllegalActionError(ValueError):
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
        super().__init__(f"illegal action {action}: {reason} [{where}]")
