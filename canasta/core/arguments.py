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

from typing import Any, Final

import attrs

from canasta.errors import ArgumentError, UnsupportedPlayerCount, shown_value, whole_number
from canasta.variants import Variant, sound_variant

INT64_MIN: Final = -(2**63)
INT64_MAX: Final = 2**63 - 1
INT64: Final = range(INT64_MIN, INT64_MAX + 1)
"""The integers TOML can hold, and so every integer a record or a position writes."""


def shown(value: object) -> str:
    """A value as an error shows it: its repr, cut short, and its type; never raises."""
    return f"{shown_value(value)} ({type(value).__name__})"


def check_seed(seed: object, call: str = "Game") -> int | None:
    """``seed`` as an int if it is None or a whole number a record can hold; else :class:`ArgumentError`.

    A bool is refused although it is an int: ``seed=True`` is a mistake, not a seed.
    """
    if seed is None:
        return None
    number = whole_number(seed)
    if number is None:
        raise ArgumentError(f"{call}(seed=...): expected an int or None, got {shown(seed)}")
    if number not in INT64:
        raise ArgumentError(f"{call}(seed={shown_value(number)}): a seed is an int from {INT64_MIN} to {INT64_MAX}, which a record can hold")
    return number


def check_turn_cap(turn_cap: object, call: str = "Game") -> int:
    """``turn_cap`` as an int if it is a whole number from 1 to :data:`INT64_MAX`; else :class:`ArgumentError`."""
    number = whole_number(turn_cap)
    if number is None:
        raise ArgumentError(f"{call}(turn_cap=...): expected an int, got {shown(turn_cap)}")
    if not 1 <= number <= INT64_MAX:
        raise ArgumentError(f"{call}(turn_cap={shown_value(number)}): a hand needs a cap of at least 1 turn, and at most {INT64_MAX}")
    return number


MAX_HANDS = 10_000
"""The most hands a match may be stopped after (``Game(hands=...)``): far beyond any match a profile plays."""


def check_hands(hands: object, call: str = "Game") -> int:
    """``hands`` as the number of hands after which a match stops: 0 for None (no limit), else a whole number from 1 to
    :data:`MAX_HANDS`; anything else :class:`ArgumentError`."""
    if hands is None:
        return 0
    number = whole_number(hands)
    if number is None or not 1 <= number <= MAX_HANDS:
        raise ArgumentError(f"{call}(hands=...): expected None or a number of hands from 1 to {MAX_HANDS:,}, got {shown(hands)}")
    return number


def check_rules_version(version: object, call: str = "Game") -> int:
    """``version`` as an int if it is one of the engine's rules versions (:data:`canasta.core.table.RULES_VERSIONS`); else :class:`ArgumentError`."""
    from .table import RULES_VERSIONS

    number = whole_number(version)
    if number is None or number not in RULES_VERSIONS:
        allowed = ", ".join(map(str, RULES_VERSIONS))
        raise ArgumentError(f"{call}(rules_version=...): expected one of the engine's rules versions {allowed}, got {shown(version)}")
    return number


def check_players(variant: Variant, players: object, call: str = "Game") -> int:
    """``players`` if the profile has rules for that many; :class:`ArgumentError` for a value that is no int.

    The profile must be sound (:func:`canasta.variants.sound_variant`): one
    built or changed in Python is checked like a file, once.

    An int the profile has no rules for raises :class:`UnsupportedPlayerCount`
    (a subclass of ArgumentError), listing the counts it has.
    """
    sound_variant(variant)
    number = whole_number(players)
    if number is None:
        raise ArgumentError(f"{call}(players=...): expected a number of players (an int), got {shown(players)}")
    if number not in variant.deal.hand_size:
        counts = ", ".join(str(n) for n in variant.player_counts)
        raise UnsupportedPlayerCount(f"profile {variant.name!r} has rules for {counts} players, not {shown_value(number)}")
    return number


def keyword_problem(cls: type, args: tuple[Any, ...], kwargs: dict[str, Any], example: str) -> str | None:
    """Why calling the attrs class ``cls`` with these arguments is wrong, or None.

    The library's data classes take keyword arguments only; Python would
    raise ``TypeError`` from the generated ``__init__`` for a positional,
    unknown or missing argument. Their metaclasses ask this first and raise
    the library's own error instead (:class:`~canasta.NotationError` for an
    action, :class:`~canasta.RecordError` for a record), naming the class,
    what is wrong and ``example``.
    """
    name = cls.__name__
    fields = attrs.fields(cls)
    names = [f.name for f in fields if f.init]
    call = f"{name}({', '.join([shown_value(a) for a in args] + [f'{k}={shown_value(v)}' for k, v in kwargs.items()])})"
    if args:
        takes = f"takes keyword arguments only ({', '.join(names)})" if names else "takes no arguments"
        return f"{call}: {name} {takes}; write it like {example}"
    unknown = [k for k in kwargs if k not in names]
    if unknown:
        allowed = f"it takes {', '.join(names)}" if names else "it takes no arguments"
        return f"{call}: unknown argument {shown_value(unknown[0])}; {allowed}, like {example}"
    missing = [f.name for f in fields if f.init and f.default is attrs.NOTHING and f.name not in kwargs]
    if missing:
        return f"{call}: missing {missing[0]}=...; write it like {example}"
    return None


__all__ = ["INT64", "INT64_MAX", "INT64_MIN", "MAX_HANDS", "check_hands", "check_players", "check_seed", "check_turn_cap", "keyword_problem", "shown", "whole_number"]
