"""The enumerated choices a variant profile may make.

Each enum's value is the string written in a TOML profile. The members name the
rule as the sources word it; the rule topic each one comes from (docs/rule-topics.md)
is in its docstring.
"""

from __future__ import annotations

from enum import EnumType, StrEnum
from typing import Any

from canasta.errors import ArgumentError, shown_value


class _ChoiceType(EnumType):
    """The metaclass of :class:`Choice`: a lookup that fails in any way (a value whose ``__hash__`` raises) is an ArgumentError."""

    def __call__(cls, value: object, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs or not cls.__members__:  # the functional API, or a subclass being made
            return super().__call__(value, *args, **kwargs)
        try:
            return super().__call__(value)
        except ArgumentError:
            raise
        except Exception:
            raise cls._refusal(value) from None

    def _refusal(cls, value: object) -> ArgumentError:
        allowed = ", ".join(repr(m.value) for m in cls)  # type: ignore[var-annotated]
        return ArgumentError(f"{cls.__name__}({shown_value(value)}): not a choice; allowed: {allowed}")


class Choice(StrEnum, metaclass=_ChoiceType):
    """A ``StrEnum`` of named choices: looking up a value that is none of them raises :class:`canasta.ArgumentError`.

    The error is also a ``ValueError``, as every Enum raises, and it lists the
    allowed values. Every enum of the library derives from it.
    """

    @classmethod
    def _missing_(cls, value: object) -> Any:
        raise _ChoiceType._refusal(cls, value)


class WildLimit(Choice):
    """How many wild cards a meld may hold relative to its naturals (topics F; decisions P1).

    Every choice also applies ``melds.min_naturals`` and ``melds.max_wilds``.
    """

    HALF = "half"
    """Wild cards at most half the meld: wilds <= naturals (000/002 KOMBINATION, 004 L36)."""
    FEWER = "fewer"
    """Fewer wild cards than naturals: wilds < naturals (Hand and Foot: GOCC "at least one more real card than wild cards", NWP, DRW)."""
    STANDARD = "standard"
    """Only the natural minimum and the wild maximum apply, so 2 naturals + 3 wilds is legal (001 §11 D)."""
    TWO_PER_WILD = "two_per_wild"
    """Literal 003 L39: two naturals for every wild card (naturals >= 2 x wilds)."""

    def room(self, naturals: int, max_wilds: int) -> int:
        """Most wild cards a meld of ``naturals`` natural cards may hold under this limit and ``melds.max_wilds``: the one
        statement of the limit, which the engine's table (``TableRules.wild_room``), validation and liveness all read."""
        if self is WildLimit.HALF:
            cap = naturals
        elif self is WildLimit.FEWER:
            cap = naturals - 1
        elif self is WildLimit.TWO_PER_WILD:
            cap = naturals // 2
        else:
            cap = max_wilds
        return max(0, min(cap, max_wilds))


class BlackThreeDiscard(Choice):
    """What a discarded black three does to the pile (topics K; decisions P16)."""

    BLOCK_NEXT_PLAYER = "block_next_player"
    """The next player may not take the pile on that turn (000/002 SVARTA TREOR 1, 001 §20 B, 004 L138)."""
    FREEZE = "freeze"
    """The literal 003 L62 reading: the black three freezes the pile like a wild card."""


class ConcealedMelders(Choice):
    """Who must not have melded before a concealed going out (topics I; decisions P7)."""

    PLAYER = "player"
    """The player himself has melded nothing but red threes (000 DIREKT UTGÅNG 1, 004 L183)."""
    SIDE = "side"
    """The whole side has melded nothing (001 §19 A•1)."""


class ConcealedMinimum(Choice):
    """When the opening minimum is waived for a concealed going out (topics I; decisions P7)."""

    WAIVED_AFTER_STOCK_DRAW = "waived_after_stock_draw"
    """No minimum after a stock draw; the minimum applies after taking the pile (000 DIREKT UTGÅNG 2, 001 §19 C)."""
    ALWAYS_WAIVED = "always_waived"
    """The minimum never applies (004 L179)."""
    NEVER_WAIVED = "never_waived"
    """The player must meet the minimum if his side has not opened (003 L83)."""


class RedThreeCondition(Choice):
    """What a side needs for its red threes to count plus (topics J; decisions P11)."""

    MELD = "meld"
    """At least one meld by the end of the hand (000 POÄNGRÄKNING 4, 001 §21 F, 003 L31, 004 L162)."""
    CANASTA = "canasta"
    """At least one canasta (004 opt i)."""


class LastStockRedThree(Choice):
    """A red three drawn as the last stock card (topics J; decisions P13). Either way the hand ends at once."""

    MUST_MELD = "must_meld"
    """It must be laid out; no other melds, no discard (000/002 TALONGENS SISTA KORT 1)."""
    MAY_MELD = "may_meld"
    """It may be melded; no other melds, no discard (001 §21 E). The engine melds it (decisions P13)."""


class StockExhausted(Choice):
    """What the next player may or must do once the stock is empty (topics L; decisions P14)."""

    OPTIONAL_PICKUP = "optional_pickup"
    """He may take the pile if he can (000/002 TALONGENS SISTA KORT 2)."""
    FORCED_IF_FITS_MELD = "forced_if_fits_meld"
    """He must take an unfrozen pile whose top card fits one of his side's melds; otherwise he may (001 §24 A)."""
    FORCED_IF_LEGAL = "forced_if_legal"
    """He must take the pile whenever it is legal, frozen or not (004 L194)."""


class FinalDiscard(Choice):
    """Whether a player going out may or must discard his last card (topics H; decisions P25)."""

    OPTIONAL = "optional"
    """Going out by melding every card, or by discarding the last one (000 UTGÅNG 2, 001 §18 A, 003 L81, 004 L171)."""
    REQUIRED = "required"
    """Going out always ends with a discard (no bundled source; a common house rule)."""


class DealtRedThrees(Choice):
    """When red threes in a dealt hand are laid down and replaced (topics C)."""

    OWN_TURN = "own_turn"
    """At the player's first turn, before his draw (000 RÖDA TREOR 1, 001 §21 B)."""
    AT_DEAL = "at_deal"
    """At once after the deal, in turn order (003 L30, 004 L225)."""


class GoOutPermission(Choice):
    """Asking the partner "may I go out?" (topics H; decisions P26)."""

    NOT_USED = "not_used"
    """The question is not part of the rules."""
    OPTIONAL = "optional"
    """The player may ask; the answer binds (000 UTGÅNG 1, 002 UTGÅNG 2, 004 L175). When: ``going_out.ask_after_melding``."""
    AFTER_STOCK_DRAW = "after_stock_draw"
    """The player may ask only after drawing from the stock; the answer binds (001 §23 A)."""
    REQUIRED = "required"
    """The player may go out only after asking and being told yes this turn; the answer binds as under ``optional`` (Hand and Foot: "ask partner's permission", FEU default, CHT). When: ``going_out.ask_after_melding``."""


class AskAfterMelding(Choice):
    """Asking "may I go out?" after melding this turn (taking the pile melds too) (topics H; decisions P26)."""

    ALLOWED = "allowed"
    """The question may come at any point of the turn; the answer binds as always (000 UTGÅNG 1, 002 UTGÅNG 2, 004 L175)."""
    MUST_GO_OUT = "must_go_out"
    """The question may come after melding, but then the player must go out if he can, whatever the answer (001 §23 B)."""
    REFUSED = "refused"
    """The question must come before any meld of the turn (no source says so; the engine's rule before schema 1.1)."""


class TieBreak(Choice):
    """What equal totals at the end of the match mean (topics N; decisions P23)."""

    DRAW = "draw"
    """Equal totals are a draw (001 §1)."""


class PileInspection(Choice):
    """Whether a player may look through the discard pile (topics E, informational)."""

    ANY_TIME = "any_time"
    """No restriction is stated."""
    BEFORE_FIRST_DISCARD = "before_first_discard"
    """Only before the player's own first discard (001 §22 A•1)."""
    NEVER = "never"
    """The pile is kept squared; only the top card is visible (004 L229)."""


class CutBy(Choice):
    """Who cuts the pack before the deal (topics A, procedural; the engine shuffles from the seed)."""

    UNSPECIFIED = "unspecified"
    RIGHT_OF_DEALER = "right_of_dealer"
    """001 §5."""
    LEFT_OF_DEALER = "left_of_dealer"
    """003 L26."""


class FirstDealer(Choice):
    """How the first dealer is chosen (topics A, procedural; the engine starts with seat 0 leading)."""

    UNSPECIFIED = "unspecified"
    RIGHT_OF_HIGH_CARD = "right_of_high_card"
    """The player right of the high-card drawer deals, so the drawer leads (001 §3-§4, 003 L26)."""


class CanastaKind(Choice):
    """The kind of a canasta, by its composition, which decides its bonus (topics G; ``canastas.bonus``).

    A kind a profile's ``canastas.bonus`` table does not list is not told apart:
    such a canasta is counted as the kind it belongs to (``every_joker`` and
    ``pure_wild`` as ``wild``).
    """

    NATURAL = "natural"
    """Naturals only (000 CANASTA 2, 001 §15 B)."""
    MIXED = "mixed"
    """Naturals with wild cards (000 CANASTA 3, 001 §15 B)."""
    WILD = "wild"
    """Wild cards only, twos and jokers together (004 opt b)."""
    PURE_WILD = "pure_wild"
    """Wild cards of one kind only, all twos or all jokers (004 opt b; decisions P29; Cuban RG: seven twos)."""
    EVERY_JOKER = "every_joker"
    """Wild cards only, holding every joker of the deck: four jokers and three twos in a two-pack game (Cuban RG; Modern American EBB §2.7)."""


class CanastaClass(Choice):
    """A class of canastas that going out may require a number of (``going_out.canasta_kinds_required``)."""

    NATURAL = "natural"
    """Natural canastas, with wild-card canastas of one kind (004 opt h; decisions P29)."""
    MIXED = "mixed"
    """Canastas of naturals with wild cards (Hand and Foot's dirty books)."""
    WILD = "wild"
    """Canastas of wild cards only, of any kind."""


class MeldRank(Choice):
    """A rank a side melds, as a key of the per-rank rules: ``4`` to ``A``, and ``W`` for the wild-card meld."""

    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"
    WILD = "W"
    """The wild-card meld (``canastas.wild_canastas``)."""


class CardRank(Choice):
    """A rank of card a player holds, as the discard restrictions name it: ``2`` to ``A``, and ``JK`` for a joker."""

    TWO = "2"
    THREE = "3"
    """A black three (red threes are never discarded)."""
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"
    JOKER = "JK"


class DeadRanks(Choice):
    """Whose play a completed canasta closes its rank to (topics F; Modern American's dead cards)."""

    NONE = "none"
    """No rank is ever closed (every classic source)."""
    SIDE = "side"
    """The side that completed the canasta may no longer meld that rank, nor take a pile topped by it."""
    EVERYONE = "everyone"
    """Neither side may meld that rank, nor take a pile topped by it (Modern American: CJ "No Dead Cards", EBB §2.3)."""


class ReserveTrigger(Choice):
    """What gives a player a reserve pile (``reserve.trigger``)."""

    OPENING = "opening"
    """His side's opening (Modern American's talons: WCA, EBB §2.4)."""
    EMPTY_HAND = "empty_hand"
    """Emptying his hand (Hand and Foot's foot, Buraco's morto)."""
    FIRST_CANASTA = "first_canasta"
    """His side's first canasta."""


class ReserveLimit(Choice):
    """Who may receive a reserve pile at most once a hand (``reserve.one_per``)."""

    SIDE = "side"
    """Each side receives at most one (Modern American's talons, Buraco's morto)."""
    PLAYER = "player"
    """Each player receives at most one (Hand and Foot's foot)."""
