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
from .cards import card_text, parse_card, parse_rank, rank_text
from .errors import IllegalActionError, NotationError
from .events import Event, Termination
from .game import Game, MatchResult
from .records import GameRecord
from .scoring import HandScore
from .table import UnsupportedPlayerCount
from .views import MeldView, PlayerView

__all__ = [
    "Action",
    "AnswerGoOut",
    "AskGoOut",
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
    "PlayerView",
    "Retract",
    "TakePile",
    "Termination",
    "UnsupportedPlayerCount",
    "card_text",
    "parse_action",
    "parse_card",
    "parse_rank",
    "rank_text",
]
