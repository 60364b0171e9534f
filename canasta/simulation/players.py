"""Which bot sits in which seat: the bot registry and the ``--bots`` seat assignment.

Bots are named, not imported, by the simulation (``"random"``,
``"heuristic"``), so a task sent to another process or a Dask worker carries
only names and seeds, and :class:`canasta.bots.HeuristicBot` is imported only
when a task actually seats one. Every bot of a simulated hand or match is
made fresh from a seed derived from that unit's seed and the seat, so what a
unit plays never depends on which worker ran it or what ran before.
"""

from __future__ import annotations

import difflib
import hashlib
import importlib
from collections.abc import Callable, Sequence

import attrs

from canasta.bots.base import Bot, RandomBot
from canasta.errors import SimulationError, shown_value

BotFactory = Callable[[int], Bot]
"""Makes a bot from a seed."""


@attrs.frozen(kw_only=True)
class BotSpec:
    """A registered bot: how to make one, and a rough cost used only to size chunks of work."""

    name: str
    module: str
    """The module that defines the bot class, imported when the first bot is made."""
    cls: str
    seconds_per_hand: float
    """A single-core cost of a four-player hand with this bot in every seat (pure-Python engine, the test machine); sizes chunks, never results."""


BOTS: dict[str, BotSpec] = {
    "random": BotSpec(name="random", module="canasta.bots.base", cls="RandomBot", seconds_per_hand=0.008),
    "heuristic": BotSpec(name="heuristic", module="canasta.bots.heuristic", cls="HeuristicBot", seconds_per_hand=0.010),
}
"""The bots ``--bots`` may name."""


def bot_names() -> tuple[str, ...]:
    """The names ``--bots`` accepts."""
    return tuple(BOTS)


def unknown_bot(name: str) -> SimulationError:
    """The error for a bot name that is not registered, with the closest name when one is close: ``heuristc``."""
    names = ", ".join(BOTS)
    close = difflib.get_close_matches(name.lower(), BOTS, n=1)
    if close:
        return SimulationError(f"unknown bot {shown_value(name)}; did you mean {shown_value(close[0])}? Choose from {names}")
    return SimulationError(f"unknown bot {shown_value(name)}; choose from {names}")


def bot_factory(name: str) -> BotFactory:
    """A function making the bot called ``name`` from a seed; :class:`SimulationError` for an unknown name or a bot not installed."""
    spec = BOTS.get(name)
    if spec is None:
        raise unknown_bot(name)
    if spec.name == "random":
        return RandomBot
    try:
        cls = getattr(importlib.import_module(spec.module), spec.cls)
    except (ImportError, AttributeError):
        raise SimulationError(
            f"bot {shown_value(name)} is not available in this installation ({spec.module}.{spec.cls} is missing)"
        ) from None
    factory: BotFactory = cls
    return factory


def derive_seed(*parts: int | str) -> int:
    """A 63-bit seed from a tuple of parts, the same on every machine and Python (BLAKE2b, not ``hash()``)."""
    digest = hashlib.blake2b(":".join(str(p) for p in parts).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def seat_bots(names: Sequence[str], players: int, sides: int) -> tuple[str, ...]:
    """The bot name of every seat, from one name (everyone), one per side, or one per seat.

    Seats of one side are ``side, side + sides, ...`` (partners sit opposite),
    so ``heuristic,random`` at four players seats heuristic bots at 0 and 2.
    """
    names = tuple(n.strip() for n in names)
    for n in names:
        if n not in BOTS:
            raise unknown_bot(n)
    if len(names) == 1:
        return names * players
    if len(names) == players:
        return names
    if len(names) == sides:
        return tuple(names[seat % sides] for seat in range(players))
    raise SimulationError(
        f"{len(names)} bots given ({','.join(names)}); give one for everyone, one per side ({sides}) or one per seat ({players})"
    )


def make_bots(names: Sequence[str], unit_seed: int) -> list[Bot]:
    """Fresh bots for one hand or match: seat ``s`` gets the seed ``derive_seed(unit_seed, "bot", s)``."""
    return [bot_factory(name)(derive_seed(unit_seed, "bot", seat)) for seat, name in enumerate(names)]
