"""The game engine: cards, actions, legality, play, scoring, views and records.

:data:`COMPILED` says which build of the engine runs: the hot modules compiled
by mypyc (the default wheel on a machine with a C compiler), or pure Python
(an editable install, ``CANASTA_PURE_PYTHON=1`` at install time, or no C
compiler). Both play every seed identically.
"""

from canasta.errors import (
    ArgumentError,
    CanastaError,
    DataError,
    IllegalActionError,
    NotationError,
    PositionError,
    RecordError,
    ReplayError,
    ScenarioError,
)

from . import state as _state
from .actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    DeclinePile,
    Discard,
    Draw,
    LayRedThree,
    Meld,
    Retract,
    ShowSpecialHand,
    TakePile,
    parse_action,
)
from .canastas import CanastaKind
from .cards import Card, Rank, card_text, is_natural, is_wild, parse_card, parse_rank, rank_of, rank_text
from .events import Event, FreezeReason, Termination
from .game import Game, MatchResult
from .penalties import Penalty
from .records import GameRecord
from .scoring import HandScore
from .table import TableRules, UnsupportedPlayerCount
from .views import MeldView, Phase, PlayerView, Question, TurnView

COMPILED_MODULES = ("state", "listing", "meld_candidates", "legality", "meld_rules", "pile_rules", "transitions", "going_out", "dealing", "table", "meld_limits", "discards", "special_hands", "view_builder")
"""The modules of :mod:`canasta.core` that the default wheel compiles with mypyc (``pyproject.toml``)."""

COMPILED_OUTSIDE_CORE = ("canasta.bots.evaluate", "canasta.bots.planning", "canasta.bots.heuristic_play")
"""The modules outside :mod:`canasta.core` that the default wheel compiles with the engine: HeuristicBot's decisions and what
they call (the public class stays Python, for its docstrings). Listed beside :data:`COMPILED_MODULES`, so that
``pyproject.toml``'s list is checked against one place."""


def _is_extension(path: str | None) -> bool:
    return path is not None and path.endswith((".so", ".pyd"))


COMPILED: bool = _is_extension(_state.__file__)
"""True when the engine's hot modules run compiled by mypyc, False when they run as pure Python.

Judged by :mod:`canasta.core.state` being loaded from an extension module (``.so`` or ``.pyd``).
"""

__all__ = [
    "COMPILED",
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
    "Event",
    "FreezeReason",
    "Game",
    "GameRecord",
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
    "Question",
    "Rank",
    "RecordError",
    "ReplayError",
    "Retract",
    "ScenarioError",
    "ShowSpecialHand",
    "TableRules",
    "TakePile",
    "Termination",
    "TurnView",
    "UnsupportedPlayerCount",
    "card_text",
    "is_natural",
    "is_wild",
    "parse_action",
    "parse_card",
    "parse_rank",
    "rank_of",
    "rank_text",
]
