"""The checks of the arguments where they enter the library: seeds, turn caps and player counts.

Each check raises :class:`canasta.ArgumentError` (or its subclass
:class:`canasta.UnsupportedPlayerCount`) naming the call, the argument, the
value and its type, before anything is dealt. Here, not in the compiled
engine, so that the pure and the compiled build refuse every value with the
same message.

A seed and a turn cap go into every game record, and TOML integers are 64-bit
(toml.io, "Integer"), so both must lie in :data:`INT64`: a record never
writes an integer TOML cannot hold.
"""

from __future__ import annotations

from typing import Final

from canasta.errors import ArgumentError, UnsupportedPlayerCount, shown_value
from canasta.variants import Variant

INT64_MIN: Final = -(2**63)
INT64_MAX: Final = 2**63 - 1
INT64: Final = range(INT64_MIN, INT64_MAX + 1)
"""The integers TOML can hold, and so every integer a record or a position writes."""


def shown(value: object) -> str:
    """A value as an error shows it: its repr, cut short, and its type; never raises."""
    return f"{shown_value(value)} ({type(value).__name__})"


def check_seed(seed: object, call: str = "Game") -> int | None:
    """``seed`` if it is None or an int a record can hold; else :class:`ArgumentError`.

    A bool is refused although it is an int: ``seed=True`` is a mistake, not a seed.
    """
    if seed is None:
        return None
    if type(seed) is not int:
        raise ArgumentError(f"{call}(seed=...): expected an int or None, got {shown(seed)}")
    if seed not in INT64:
        raise ArgumentError(f"{call}(seed={seed}): a seed is an int from {INT64_MIN} to {INT64_MAX}, which a record can hold")
    return seed


def check_turn_cap(turn_cap: object, call: str = "Game") -> int:
    """``turn_cap`` if it is an int from 1 to :data:`INT64_MAX`; else :class:`ArgumentError`."""
    if type(turn_cap) is not int:
        raise ArgumentError(f"{call}(turn_cap=...): expected an int, got {shown(turn_cap)}")
    if not 1 <= turn_cap <= INT64_MAX:
        raise ArgumentError(f"{call}(turn_cap={turn_cap}): a hand needs a cap of at least 1 turn, and at most {INT64_MAX}")
    return turn_cap


def check_players(variant: Variant, players: object, call: str = "Game") -> int:
    """``players`` if the profile has rules for that many; :class:`ArgumentError` for a value that is no int.

    An int the profile has no rules for raises :class:`UnsupportedPlayerCount`
    (a subclass of ArgumentError), listing the counts it has.
    """
    if type(players) is not int:
        raise ArgumentError(f"{call}(players=...): expected a number of players (an int), got {shown(players)}")
    if players not in variant.deal.hand_size:
        counts = ", ".join(str(n) for n in variant.player_counts)
        raise UnsupportedPlayerCount(f"profile {variant.name!r} has rules for {counts} players, not {players}")
    return players


__all__ = ["INT64", "INT64_MAX", "INT64_MIN", "check_players", "check_seed", "check_turn_cap", "shown"]
