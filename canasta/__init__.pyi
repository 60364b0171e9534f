"""The public names of :mod:`canasta`: the one table of them.

Type checkers read this stub; ``canasta/__init__.py`` reads it too, to import
each name from its module the first time it is used and to build
``__all__``, so a name is added or moved here and nowhere else. Keep its
form: one ``from <module> import (...)`` block per module, each name written
``Name as Name`` (an explicit re-export), one per line.
"""

# The engine: the game, its actions, cards, views, records and rules
from .core import (
    Action as Action,
    AnswerGoOut as AnswerGoOut,
    AskGoOut as AskGoOut,
    CanastaKind as CanastaKind,
    Card as Card,
    card_text as card_text,
    DeclinePile as DeclinePile,
    Discard as Discard,
    Draw as Draw,
    FreezeReason as FreezeReason,
    Game as Game,
    GameRecord as GameRecord,
    HandScore as HandScore,
    is_natural as is_natural,
    is_wild as is_wild,
    LayRedThree as LayRedThree,
    MatchResult as MatchResult,
    Meld as Meld,
    MeldView as MeldView,
    parse_action as parse_action,
    parse_card as parse_card,
    parse_rank as parse_rank,
    Penalty as Penalty,
    Phase as Phase,
    PlayerView as PlayerView,
    Question as Question,
    Rank as Rank,
    rank_of as rank_of,
    rank_text as rank_text,
    Retract as Retract,
    ShowSpecialHand as ShowSpecialHand,
    TableRules as TableRules,
    TakePile as TakePile,
    Termination as Termination,
    TurnView as TurnView,
)

# The events ``Game.apply`` returns
from .core.events import (
    CanastaCompleted as CanastaCompleted,
    CardDrawn as CardDrawn,
    Discarded as Discarded,
    Event as Event,
    GoOutAnswered as GoOutAnswered,
    GoOutAsked as GoOutAsked,
    HandDealt as HandDealt,
    HandEnded as HandEnded,
    MatchEnded as MatchEnded,
    Melded as Melded,
    OpeningRetracted as OpeningRetracted,
    PenaltyApplied as PenaltyApplied,
    PileBlocked as PileBlocked,
    PileDeclined as PileDeclined,
    PileFrozen as PileFrozen,
    PileReleased as PileReleased,
    PileTaken as PileTaken,
    RedThreeLaid as RedThreeLaid,
    ReserveLost as ReserveLost,
    ReserveReceived as ReserveReceived,
    ReserveToStock as ReserveToStock,
    SideOpened as SideOpened,
    SpecialHandShown as SpecialHandShown,
    UpcardTurned as UpcardTurned,
)

# The error family
from .errors import (
    ArgumentError as ArgumentError,
    CanastaError as CanastaError,
    DataError as DataError,
    EntryError as EntryError,
    IllegalActionError as IllegalActionError,
    NotationError as NotationError,
    PositionError as PositionError,
    RecordError as RecordError,
    ReplayError as ReplayError,
    ScenarioError as ScenarioError,
    ScoreSheetError as ScoreSheetError,
    SimulationError as SimulationError,
    UnsupportedPlayerCount as UnsupportedPlayerCount,
)

# Profiles: loading, checking, writing and comparing them
from .variants import (
    check_variant as check_variant,
    dumps_variant as dumps_variant,
    load_variant as load_variant,
    loads_variant as loads_variant,
    Problem as Problem,
    Variant as Variant,
    variant_names as variant_names,
    VariantError as VariantError,
)
from .variants.diff import (
    diff_variants as diff_variants,
    format_diff as format_diff,
    RuleDifference as RuleDifference,
)

# Bots
from .bots import (
    Bot as Bot,
    HeuristicBot as HeuristicBot,
    RandomBot as RandomBot,
)

# Simulation, and the results it returns
from .simulation import (
    compare as compare,
    ComparisonResult as ComparisonResult,
    ComparisonRow as ComparisonRow,
    Difference as Difference,
    Estimate as Estimate,
    MetricResult as MetricResult,
    Mode as Mode,
    RuleEffect as RuleEffect,
    RuleEffects as RuleEffects,
    RunOptions as RunOptions,
    simulate as simulate,
    SimulationResult as SimulationResult,
)

# The score sheet of a real table
from .scoresheet import (
    Carried as Carried,
    Correction as Correction,
    HandEntry as HandEntry,
    LogEntry as LogEntry,
    PenaltyEntry as PenaltyEntry,
    ScoreSheet as ScoreSheet,
    SideEntry as SideEntry,
    WarningEntry as WarningEntry,
    Withdrawal as Withdrawal,
)

__all__: list[str]
