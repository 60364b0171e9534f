"""Game records: the profile, the seed and the actions; serialised to TOML or JSON.

Like PokerKit's hand histories and OpenSpiel's serialised histories, a record
is enough to reproduce a game bit for bit with :meth:`canasta.Game.replay`.
"""

from __future__ import annotations

import json
import tomllib
from typing import Any

import attrs
import tomli_w


@attrs.frozen(kw_only=True)
class GameRecord:
    """A replayable record of a game."""

    variant: str
    """The full profile as TOML text (:func:`canasta.dumps_variant`)."""
    players: int
    seed: int
    turn_cap: int
    actions: tuple[str, ...]
    """Every action in its text form, in order."""
    position: dict[str, Any] | None = None
    """The position the game started from (:meth:`canasta.Game.from_position`), or None for a dealt match."""

    def to_data(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "players": self.players,
            "seed": self.seed,
            "turn_cap": self.turn_cap,
            "actions": list(self.actions),
            "variant": self.variant,
        }
        if self.position is not None:
            data["position"] = self.position
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> GameRecord:
        try:
            return cls(
                variant=str(data["variant"]),
                players=int(data["players"]),
                seed=int(data["seed"]),
                turn_cap=int(data.get("turn_cap", 400)),
                actions=tuple(str(a) for a in data["actions"]),
                position=dict(data["position"]) if "position" in data else None,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not a game record: {exc}") from None

    def to_toml(self) -> str:
        return tomli_w.dumps(self.to_data(), multiline_strings=True)

    @classmethod
    def from_toml(cls, text: str) -> GameRecord:
        return cls.from_data(tomllib.loads(text))

    def to_json(self) -> str:
        return json.dumps(self.to_data(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        return cls.from_data(json.loads(text))
