"""Which bot sits in which seat: the ``--bots`` seat assignment.

The bots themselves, their names and the seed of a seated bot are
:mod:`canasta.bots.registry`'s. A simulation names a registered bot
(``"random"``, ``"heuristic"``) or passes a user's
:data:`~canasta.bots.registry.BotFactory`; a task sent to another process or
a Dask worker carries names (or the factory, which must pickle) and seeds, and
every bot of a unit is made fresh there (:func:`~canasta.bots.registry.make_bots`).
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.bots.registry import BotFactory, bot_factory, bot_label
from canasta.errors import SimulationError, is_instance, shown_text


def seat_bots(bots: Sequence[str | BotFactory], players: int, sides: int) -> tuple[str | BotFactory, ...]:
    """The bot of every seat, from one bot (everyone), one per side, or one per seat.

    Each bot is a registered name (spaces around it ignored, as in
    ``heuristic, random``) or a factory; an unknown name or a value that is no
    factory raises :class:`canasta.ArgumentError` (:func:`~canasta.bots.registry.bot_factory`).
    Seats of one side are ``side, side + sides, ...`` (partners sit opposite),
    so ``heuristic,random`` at four players seats heuristic bots at 0 and 2.
    """
    given = tuple(shown_text(b).strip() if is_instance(b, str) else b for b in bots)
    for b in given:
        bot_factory(b)
    if len(given) == 1:
        return given * players
    if len(given) == players:
        return given
    if len(given) == sides:
        return tuple(given[seat % sides] for seat in range(players))
    raise SimulationError(
        f"{len(given)} bots given ({','.join(bot_label(b) for b in given)}); "
        f"give one for everyone, one per side ({sides}) or one per seat ({players})"
    )


__all__ = ["seat_bots"]
