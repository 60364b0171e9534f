"""canasta: Canasta played by the rules of any federation, club or household.

The rules are data: a TOML variant profile. See the README for the API.

The public names are imported when first used (PEP 562): ``canasta.Game``
and ``from canasta import Game`` work as always, while ``import canasta``
alone loads nothing of the engine, so a program (the command line among
them) starts quickly and handles Ctrl-C from its first step.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .core import (
        Action,
        AnswerGoOut,
        AskGoOut,
        CanastaError,
        CanastaKind,
        Card,
        DataError,
        DeclinePile,
        Discard,
        Draw,
        Event,
        FreezeReason,
        Game,
        GameRecord,
        HandScore,
        IllegalActionError,
        LayRedThree,
        MatchResult,
        Meld,
        MeldView,
        NotationError,
        Penalty,
        Phase,
        PlayerView,
        PositionError,
        Question,
        Rank,
        RecordError,
        ReplayError,
        Retract,
        ScenarioError,
        ShowSpecialHand,
        TableRules,
        TakePile,
        Termination,
        TurnView,
        UnsupportedPlayerCount,
        card_text,
        is_natural,
        is_wild,
        parse_action,
        parse_card,
        parse_rank,
        rank_of,
        rank_text,
    )
    from .errors import ArgumentError, EntryError, ScoreSheetError, SimulationError
    from .scoresheet import HandEntry, ScoreSheet
    from .simulation import compare, simulate
    from .variants import (
        Problem,
        Variant,
        VariantError,
        check_variant,
        dumps_variant,
        load_variant,
        loads_variant,
        variant_names,
    )
    from .variants.diff import RuleDifference, diff_variants, format_diff

_HOMES: dict[str, tuple[str, ...]] = {
    "canasta.core": ("Action", "AnswerGoOut", "AskGoOut", "CanastaError", "CanastaKind", "Card", "DataError", "DeclinePile", "Discard", "Draw", "Event", "FreezeReason", "Game", "GameRecord", "HandScore", "IllegalActionError", "LayRedThree", "MatchResult", "Meld", "MeldView", "NotationError", "Phase", "Penalty", "PlayerView", "PositionError", "Question", "Rank", "RecordError", "ReplayError", "Retract", "ScenarioError", "ShowSpecialHand", "TableRules", "TakePile", "Termination", "TurnView", "UnsupportedPlayerCount", "card_text", "is_natural", "is_wild", "parse_action", "parse_card", "parse_rank", "rank_of", "rank_text"),
    "canasta.errors": ("ArgumentError", "EntryError", "ScoreSheetError", "SimulationError"),
    "canasta.scoresheet": ("HandEntry", "ScoreSheet"),
    "canasta.simulation": ("compare", "simulate"),
    "canasta.variants": ("Problem", "Variant", "VariantError", "check_variant", "dumps_variant", "load_variant", "loads_variant", "variant_names"),
    "canasta.variants.diff": ("RuleDifference", "diff_variants", "format_diff"),
}
"""The module each public name comes from, imported when one of its names is first used."""

_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "Action",
    "AnswerGoOut",
    "ArgumentError",
    "AskGoOut",
    "CanastaError",
    "CanastaKind",
    "Card",
    "DataError",
    "DeclinePile",
    "Discard",
    "Draw",
    "EntryError",
    "Event",
    "FreezeReason",
    "Game",
    "GameRecord",
    "HandEntry",
    "HandScore",
    "IllegalActionError",
    "LayRedThree",
    "MatchResult",
    "Meld",
    "MeldView",
    "NotationError",
    "Penalty",
    "Phase",
    "PlayerView",
    "PositionError",
    "Problem",
    "Question",
    "Rank",
    "RecordError",
    "ReplayError",
    "Retract",
    "RuleDifference",
    "ScenarioError",
    "ScoreSheet",
    "ScoreSheetError",
    "ShowSpecialHand",
    "SimulationError",
    "TableRules",
    "TakePile",
    "Termination",
    "TurnView",
    "UnsupportedPlayerCount",
    "Variant",
    "VariantError",
    "card_text",
    "check_variant",
    "compare",
    "diff_variants",
    "dumps_variant",
    "format_diff",
    "is_natural",
    "is_wild",
    "load_variant",
    "loads_variant",
    "parse_action",
    "parse_card",
    "parse_rank",
    "rank_of",
    "rank_text",
    "simulate",
    "variant_names",
]


def __getattr__(name: str) -> Any:
    """Import a public name's module the first time the name is used, and keep the name here."""
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'canasta' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
