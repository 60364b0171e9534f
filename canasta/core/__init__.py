"""The game engine: cards, actions, legality, play, scoring, views and records."""

from .actions import (
    Action,
    AnswerGoOut,
    AskGoOut,
    DeclinePile,
    Discard,
    Draw,
    Meld,
    Retract,
    TakePile,
    parse_action,
)
from .cards import Card, Rank, card_text, is_natural, is_wild, parse_card, parse_rank, rank_of, rank_text
from .errors import CanastaError, DataError, IllegalActionError, NotationError, PositionError, RecordError, ReplayError, ScenarioError
from .events import Event, Termination
from .game import Game, MatchResult
from .records import GameRecord
from .scoring import HandScore
from .table import UnsupportedPlayerCount
from .views import MeldView, Phase, PlayerView, Question, TurnView

__all__ = [
    "Action",
    "AnswerGoOut",
    "AskGoOut",
    "CanastaError",
    "Card",
    "DataError",
    "DeclinePile",
    "Discard",
    "Draw",
    "Event",
    "Game",
    "GameRecord",
    "HandScore",
    "IllegalActionError",
    "MatchResult",
    "Meld",
    "MeldView",
    "NotationError",
    "Phase",
    "PlayerView",
    "PositionError",
    "Question",
    "Rank",
    "RecordError",
    "ReplayError",
    "Retract",
    "ScenarioError",
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
