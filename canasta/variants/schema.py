"""The variant profile schema: every rule parameter of the rule topics A to O (docs/rule-topics.md).

A profile is pure data: numbers, booleans, enums and strings, grouped the way a
player thinks about the game. Each field's docstring says what it means and
which sources set it; defaults follow the decisions recorded in docs/decisions.md.
Values that depend on the player count are mappings keyed by the player count.

Ranges live in field metadata (``lo``/``hi``) so that validation and the JSON
Schema read them from one place.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from enum import Enum
from typing import Any, NewType, get_args, get_origin

import attrs

from .enums import (
    AskAfterMelding,
    BlackThreeDiscard,
    CanastaClass,
    CanastaKind,
    CardRank,
    ConcealedMelders,
    ConcealedMinimum,
    CutBy,
    DeadRanks,
    DealtRedThrees,
    FinalDiscard,
    FirstDealer,
    GoOutPermission,
    LastStockRedThree,
    MeldRank,
    PileInspection,
    RedThreeCondition,
    ReserveLimit,
    ReserveTrigger,
    StockExhausted,
    TieBreak,
    WildLimit,
)

SCHEMA_VERSION = 2
"""The schema version this library writes; it reads every version from 1 up (:mod:`canasta.variants.upgrade`)."""

PlayerCount = NewType("PlayerCount", int)
"""A number of players at the table: 2, 3, 4, 5 or 6 (TOML writes it as a key, ``4 = 11``)."""

PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4, 5, 6)


def key_type(tp: Any) -> Any:
    """The key type of a keyed table (``Mapping[PlayerCount, X]``, ``Mapping[MeldRank, X]``), or None for any other type."""
    if get_origin(tp) not in (Mapping, dict, typing.Mapping):
        return None
    key = get_args(tp)[0]
    return key if key is PlayerCount or (isinstance(key, type) and issubclass(key, Enum)) else None


def key_order(tp: Any) -> list[str]:
    """The keys a keyed table may hold, as TOML writes them, in their natural order (player counts, ranks, kinds)."""
    key = key_type(tp)
    if key is PlayerCount:
        return [str(n) for n in PLAYER_COUNTS]
    return [str(m.value) for m in key] if key is not None else []


def rule(default: Any, *, lo: int | None = None, hi: int | None = None, procedural: bool = False) -> Any:
    """An attrs field holding one rule value, with its allowed range in metadata; ``procedural``: a procedure the engine does not play (decisions P34)."""
    return attrs.field(default=default, metadata={"lo": lo, "hi": hi, "procedural": procedural})


def per_players(values: Mapping[int, Any], *, lo: int | None = None, hi: int | None = None) -> Any:
    """An attrs field holding a value per player count, with the range of each value."""
    frozen = {PlayerCount(k): v for k, v in values.items()}
    return attrs.field(factory=lambda: dict(frozen), metadata={"lo": lo, "hi": hi})


def _without_zeros(values: Mapping[Any, Any]) -> dict[Any, Any]:
    return {k: v for k, v in values.items() if v != 0} if isinstance(values, Mapping) else values


def keyed(values: Mapping[Any, Any], *, lo: int | None = None, hi: int | None = None, zero_is_absent: bool = False) -> Any:
    """An attrs field holding a value per key of an enum (a rank, a canasta kind), with the range of each value.

    Like a per-player-count map, a house file's table merges key by key with
    its parent's. Where ``zero_is_absent``, a key given 0 is dropped: it means
    what leaving it out means, and a house file writes it to undo its parent's.
    """
    frozen = dict(values)
    return attrs.field(factory=lambda: dict(frozen), metadata={"lo": lo, "hi": hi}, converter=_without_zeros if zero_is_absent else None)


def listed(values: tuple[Any, ...] = ()) -> Any:
    """An attrs field holding an array; a house file's array replaces its parent's whole."""
    return attrs.field(default=values, metadata={"lo": None, "hi": None})


@attrs.frozen(kw_only=True)
class DealRules:
    """Deck and deal (topics A)."""

    decks: Mapping[PlayerCount, int] = per_players({2: 2, 3: 3, 4: 2, 6: 3}, lo=1, hi=8)
    """Standard 52-card packs shuffled together, per player count (000 intro, 000 TRE SPELARE, 002 SEX SPELARE, 001 §2, 003 L8, 004 L22; decisions P28). Up to 8: Hand and Foot plays a pack more than the players, five for four and seven for six (decisions P68: RVI, RG, DNX, NWP)."""
    jokers: Mapping[PlayerCount, int] = per_players({2: 4, 3: 6, 4: 4, 6: 6}, lo=0, hi=32)
    """Jokers added to the packs, per player count (same sources as decks; 004 opt a: 6 jokers). Up to 32, four to each of eight packs: Hand and Foot keeps each pack's jokers, 10 in its five packs of 270 cards for four players (decisions P68: RVI, RG, DNX, NWP)."""
    hand_size: Mapping[PlayerCount, int] = per_players({2: 15, 3: 15, 4: 11, 6: 11}, lo=1, hi=30)
    """Cards dealt to each player, per player count (000 HUR SPELET BÖRJAR 1.1, TVÅ/TRE SPELARE, 002 SEX SPELARE, 001 §6 A, 004 L13; 004 opt c: 13)."""
    sides: Mapping[PlayerCount, int] = per_players({2: 2, 3: 3, 4: 2, 6: 3}, lo=2, hi=6)
    """Number of sides per player count. Seat s plays for side s mod sides, so partners sit opposite (000 intro, 002 SEX SPELARE, 004 L11/L22). Equal to the player count means individual play."""
    sitting_out: Mapping[PlayerCount, int] = per_players({}, lo=0, hi=4)
    """Players who sit out each hand, per player count; a count not listed means nobody (004 L11: with five, one must always sit out; in a side of three, one sits out). Every side plays each hand with (players - sitting_out) / sides of its members, the others of a larger side sitting out in turn from hand to hand; deal.hand_size, decks and jokers are those of the hand as played (decisions P31; docs/engine.md, "Five players")."""
    first_dealer: FirstDealer = rule(FirstDealer.UNSPECIFIED, procedural=True)
    """How the first dealer is chosen (001 §3-§4, 003 L26). Procedural: the engine lets seat 0 lead the first hand and moves the deal one seat to the left each hand (001 §4, 004 L274)."""
    cut_by: CutBy = rule(CutBy.UNSPECIFIED, procedural=True)
    """Who cuts the pack (001 §5, 003 L26). Procedural: the engine shuffles from the seed."""


@attrs.frozen(kw_only=True)
class UpcardRules:
    """The upcard: the first card of the discard pile (topics B).

    A wild, red-three or black-three upcard is always covered by the next stock
    card until a natural card is on top (000 HUR SPELET BÖRJAR 1.2-1.4, 001 §6 B,
    003 L27, 004 L215).
    """

    enabled: bool = rule(True)
    """An upcard starts the discard pile (000 HUR SPELET BÖRJAR 1.2, 001 §6 B, 003 L27, 004 L215); off, the pile starts empty (Modern American: EBB §2.1, MEG)."""
    wild_freezes: bool = rule(True)
    """A two or joker turned up freezes the pile (000 HUR SPELET BÖRJAR 1.3 / LÅST HÖG 1, 001 §6 B, §14 B; decisions P15 applies it to 003 and 004)."""
    red_three_freezes: bool = rule(True)
    """A red three turned up freezes the pile (000 LÅST HÖG 1, 001 §21 A, 003 L62; decisions P15)."""
    black_three_freezes: bool = rule(False)
    """A black three turned up freezes the pile. Off in 000 HUR SPELET BÖRJAR 1.2 and 001 §20 A; the literal 003 L62 reading is an opt-in (decisions P15, P16)."""


@attrs.frozen(kw_only=True)
class TurnRules:
    """The turn: draw or take the pile, meld, discard (topics C).

    Only red threes come before the draw (002 TURORDNINGSREGEL); the engine lays
    them down itself. A turn that does not go out ends with a discard that
    leaves at least one card in hand (001 §16 B, 000 RÖDA TREOR 1).
    """

    dealt_red_threes: DealtRedThrees = rule(DealtRedThrees.OWN_TURN)
    """When red threes in a dealt hand are laid down and replaced: at the player's first turn, before his draw (000 RÖDA TREOR 1, 001 §21 B), or at once after the deal (003 L30, 004 L225). Red threes drawn later are always laid down and replaced at once (000 RÖDA TREOR 2, 001 §21 C)."""
    stock_draw: int = rule(1, lo=1, hi=3)
    """Cards drawn from the stock in one draw (000 TURORDNINGSREGEL 1, 001 §9: one; Samba, Hand and Foot: two). A stock holding fewer gives what it holds."""


@attrs.frozen(kw_only=True)
class InitialMeldRules:
    """The initial meld (opening) of a side (topics D; decisions P22)."""

    score_thresholds: tuple[int, ...] = rule((0, 1500, 3000))
    """Cumulative side scores at the start of the hand where the minimum steps up, strictly increasing. A score s uses minimums[i] where i counts the thresholds <= s, so exactly 0 gives the second band (000 ÖPPNING, 001 §13 A, 003 L48-52, 004 L60-68; decisions P22)."""
    minimums: tuple[int, ...] = rule((15, 50, 90, 120), lo=0, hi=10000)
    """The opening minimum of each band, one more entry than score_thresholds (000 ÖPPNING, 001 §13 A, 003 L48-52, 004 L60-68; 004 opt e: 25/90/120/150)."""
    minimums_by_hand: tuple[int, ...] = rule((), lo=0, hi=10000)
    """When given, the opening minimum by the hand's number instead of by score: entry h for hand h + 1, the last for every later hand (Hand and Foot: 50/90/120/150). Empty: by score."""
    mixed_canasta_allowed: bool = rule(True)
    """The melds of the side's opening turn may make a mixed canasta; off, never (Modern American: EBB §2.6 CLA, WCA "INITIAL MELD", HON rule 7)."""
    natural_meld_size: int = rule(0, lo=0, hi=7)
    """The opening must include a meld of at least this many naturals and no wild card, of a rank no canasta has closed; 0: no such meld is required (Modern American's clean triple, 3: WCA "INITIAL MELD", EBB §2.6)."""
    several_melds: bool = rule(True)
    """Several melds laid in one turn may together reach the minimum (001 §13 B, 003 L54; implied by 004 L70)."""
    pile_requires_natural_pair: bool = rule(True)
    """Taking the pile for the opening needs two natural cards of the top card's rank from the hand (000 ATT TA HÖGEN 4, 001 §13 C 2, 004 L110; 004 opt g turns it off; decisions P20)."""
    allowed_from_pile: bool = rule(True)
    """A side that has not opened may open by taking the pile, where only the top card counts beyond hand cards (000 ATT TA HÖGEN 4, 001 §13 C 2, 003 L54, 004 L70; decisions P19 resolves the 003 L59 contradiction)."""
    from_hand_before_pile: bool = rule(False)
    """A side that has not opened takes the pile only after laying its whole opening from the hand in the same turn, before drawing; the pile's cards never count toward it (Modern American: EBB §2.3, §2.6)."""


@attrs.frozen(kw_only=True)
class DiscardPileRules:
    """Taking the discard pile (topics E).

    The top card is always melded at once (decisions P6). Only the top card counts toward
    an opening (000 ATT TA HÖGEN 4). A pile topped by a wild card or a black
    three cannot be taken (decisions P18, 000 ATT TA HÖGEN 1). A frozen pile needs a
    natural pair (000 ATT TA HÖGEN 5, 001 §14 B, 003 L66-70, 004 L149).
    """

    always_frozen: bool = rule(False)
    """The pile is always frozen: only a natural pair matching the top card takes it, with the top card onto that rank's meld (Modern American EBB §2.3, CJ; Cuban RG; Uruguayan RG, BLK 2)."""
    take_top_card_only: bool = rule(False)
    """A player entitled to the pile may take only its top card; the rest stays as the pile, frozen if it was (000 ATT TA HÖGEN 3 b; decisions P5)."""
    take_count: int = rule(0, lo=0, hi=448)
    """How many cards a take of the pile takes, counted from the top, the top card among them (fewer where the pile holds fewer); the cards below stay as the pile, in order. 0: the whole pile (every classic source; Hand and Foot, which has no standard rule (RVI): RG, FEU). Hand and Foot tables take the top 7 (TXN), 5 (POB) or 1 (GOCC). The take's requirements are those of a whole pile's: the top card is melded at once and alone counts toward an opening. A pile frozen by a card (a wild card or black three discarded, the upcard) stays frozen while that card is still in it: the card lies crosswise in the pile to mark the freeze, and the pile thaws when it is taken (000 LÅST HÖG 2-3, 001 §17 A), which a take of the cards above it does not do. A position that says the pile is frozen but not by which card stays frozen until the pile is taken whole, and ``always_frozen`` keeps it frozen whatever is taken."""
    wild_and_natural: bool = rule(True)
    """An opened side may take an unfrozen pile with one natural card of the top card's rank plus one wild card (000 ATT TA HÖGEN 6 alt. 2, 001 §14 A•2, 003 L75, 004 L118)."""
    add_top_card_to_meld: bool = rule(True)
    """An opened side may take an unfrozen pile by adding the top card to its meld of that rank (001 §14 A•3, 003 L76, 004 L121); not a listed way in 000 ATT TA HÖGEN 6 (decisions P4)."""
    add_top_card_to_canasta: bool = rule(True)
    """That meld may be a completed canasta (001 §14 A•3, §15 E•2; decisions P3). Needs add_top_card_to_meld and canastas.naturals_added."""
    own_canasta_rank_blocks: bool = rule(False)
    """A side may not take the pile when its top card has the rank of one of its own canastas (000 ATT TA HÖGEN 2; decisions P3)."""
    one_card_rule: bool = rule(True)
    """A player holding one card may not take a pile of one card (001 §14 C, 003 L81; decisions P21)."""
    wild_discard_freezes: bool = rule(True)
    """A discarded two or joker freezes the pile until it is taken (000 LÅST HÖG 2, 001 §17 B, 004 L149; decisions P17 for 003)."""
    inspection: PileInspection = rule(PileInspection.ANY_TIME, procedural=True)
    """Whether players may look through the pile (001 §22 A•1, 004 L229). Informational: views always carry the public discard history."""


@attrs.frozen(kw_only=True)
class DiscardRules:
    """What a player may discard (topics C): restrictions by rank, by the pile and by the round.

    A player whose hand holds no card the restrictions allow may discard any
    card (decisions P47), so no restriction ever leaves him without a move; a
    discard that goes out is bound only by ``never``.
    """

    never: tuple[CardRank, ...] = listed(())
    """Ranks never discarded (Modern American's threes: EBB §2.3)."""
    last_resort: tuple[CardRank, ...] = listed(())
    """Ranks discarded only to go out, or when the hand holds nothing else that may be discarded (Modern American's wild cards: EBB §2.3, MEG)."""
    not_on_empty_pile: tuple[CardRank, ...] = listed(())
    """Ranks not discarded onto an empty pile (Modern American's SWAD: sevens, wild cards and aces, EBB §2.3, CJ)."""
    dead_not_on_empty_pile: bool = rule(False)
    """Cards of a rank closed by a canasta (``melds.dead_after_canasta``) are not discarded onto an empty pile (the D of SWAD)."""
    not_in_first_round: tuple[CardRank, ...] = listed(())
    """Ranks not discarded in a player's first turn of the hand (Cuban black threes: RG)."""


@attrs.frozen(kw_only=True)
class MeldRules:
    """Melds and wild cards (topics F).

    A side holds one meld per rank; more cards of that rank join it (001 §11 B,
    004 L97; decisions P27). Cards are never added to the opponents' melds (001 §11 C).
    """

    min_size: int = rule(3, lo=2, hi=7)
    """Fewest cards in a meld (000 TERMINOLOGIN "KOMBINATION", 001 §11 A, 003 L39, 004 L56/L75)."""
    wild_limit: WildLimit = rule(WildLimit.HALF)
    """How wild cards relate to naturals in a meld (000 KOMBINATION, 001 §11 D, 003 L39, 004 L36; decisions P1)."""
    min_naturals: int = rule(2, lo=1, hi=7)
    """Fewest natural cards in a meld (001 §11 D; implied by 000 KOMBINATION and 004 L36)."""
    max_wilds: int = rule(3, lo=0, hi=12)
    """Most wild cards in a meld or canasta, whatever its size (000 BLANDAD CANASTA, 001 §11 D, §15 A, 003 L39, 004 L85)."""
    max_size: int = rule(0, lo=0, hi=14)
    """Most cards in a meld; a canasta that reaches it is closed, and no pile is taken onto it. 0: no limit (every classic source; Modern American EBB §2.3 and Cuban RG: 7)."""
    wilds_after_opening_min_naturals: int = rule(0, lo=0, hi=7)
    """After the turn the side opened in, wild cards join only a meld holding at least this many naturals, counting those laid with them; 0: no such rule (Modern American's "rule of five", 5: CCN, HON rule 3, EBB §2.5). The wild-card meld is exempt."""
    wild_meld_exclusive: bool = rule(False)
    """While the side's wild-card meld is unfinished, the side puts wild cards into no other meld (Modern American: EBB §2.5)."""
    dead_after_canasta: DeadRanks = rule(DeadRanks.NONE)
    """Whom a completed canasta closes its rank to: no more melding of it, and no taking a pile topped by it (Modern American's dead cards: CJ, EBB §2.3)."""


@attrs.frozen(kw_only=True)
class RankRules:
    """Rules of particular ranks, the special ranks of the family (topics F, G, M; Modern American's sevens and aces).

    Each table is keyed by rank (``4`` to ``A``; ``W`` the wild-card meld where it applies).
    """

    natural_only: tuple[MeldRank, ...] = listed(())
    """Ranks whose melds never hold a wild card (Modern American's sevens: EBB §2.5, POC)."""
    wilds_only_in_opening: tuple[MeldRank, ...] = listed(())
    """Ranks whose melds take wild cards only while they are laid in the side's opening; later cards are natural (Modern American's aces: WCA "ACES", EBB §2.5)."""
    natural_canasta_bonus: Mapping[MeldRank, int] = keyed({}, lo=0, hi=10000)
    """The bonus of a natural canasta of the rank, instead of ``canastas.bonus.natural`` (Modern American: aces and sevens 2500, EBB §2.7, CC)."""
    unfinished_penalty: Mapping[MeldRank, int] = keyed({}, lo=0, hi=10000, zero_is_absent=True)
    """What an unfinished meld of the rank with no wild card costs its side at the end of the hand (``W``: the unfinished wild-card meld) (Modern American: aces and sevens 2500, wild 2000, EBB §2.10, CC)."""
    hand_penalty: Mapping[MeldRank, int] = keyed({}, lo=0, hi=10000, zero_is_absent=True)
    """What a player holding ``hand_penalty_count`` or more cards of the rank at the end of the hand costs his side, once per rank, besides their points (Modern American: aces and sevens 1500, CC, CJS part 3)."""
    hand_penalty_count: int = rule(3, lo=1, hi=12)
    """How many cards of a rank in one hand ``hand_penalty`` counts from (Modern American: 3, CC)."""


@attrs.frozen(kw_only=True)
class CanastaRules:
    """Canastas and their bonuses (topics F, G)."""

    size: int = rule(7, lo=3, hi=14)
    """Cards that make a meld a canasta (000 CANASTA 1, 001 §15 A, 003 L44, 004 L83)."""
    naturals_added: bool = rule(True)
    """Natural cards may be added to a completed canasta (000 CANASTA 4, 001 §15 E•1, 004 L91; 004 opt j forbids)."""
    wilds_added: bool = rule(True)
    """Wild cards may be added to a completed canasta, up to melds.max_wilds; a natural canasta then becomes mixed (000 CANASTA 5, 004 L93-95; 001 §15 E•1 forbids; decisions P2)."""
    several_per_rank: bool = rule(False)
    """A completed canasta is closed and set aside, and the side may start a new meld of its rank: several canastas of one rank (Hand and Foot: books close at seven and new books of the rank open, NWP; several books of one rank are common in play, decisions P68). Needs canastas that take no more cards (``naturals_added`` and ``wilds_added`` off), and no rule that closes a rank with its canasta (``melds.dead_after_canasta``, ``discard_pile.own_canasta_rank_blocks``)."""
    wild_canastas: bool = rule(False)
    """Melds made only of wild cards are allowed, and score as joker canastas when complete (004 opt b, default off; decisions P29). They are exempt from melds.min_naturals and melds.max_wilds."""
    bonus: Mapping[CanastaKind, int] = keyed(
        {CanastaKind.NATURAL: 500, CanastaKind.MIXED: 300, CanastaKind.WILD: 1000, CanastaKind.PURE_WILD: 1000}, lo=0, hi=10000
    )
    """The bonus of a canasta by its kind (``CanastaKind``): ``natural`` (000 CANASTA 2, 001 §15 B, 003 L44, 004 L83), ``mixed`` (000 CANASTA 3, 001 §15 B, 003 L45, 004 L85), ``wild`` and ``pure_wild`` for wild-card canastas (004 opt b; decisions P29), ``every_joker`` (Cuban RG, Modern American EBB §2.7). A kind not listed is not told apart: its canastas count as ``wild``. ``natural``, ``mixed`` and ``wild`` are always given."""


@attrs.frozen(kw_only=True)
class GoingOutRules:
    """Going out (topics H)."""

    canastas_required: Mapping[PlayerCount, int] = per_players({2: 1, 3: 2, 4: 1, 6: 1}, lo=0, hi=12)
    """Canastas the side must hold, possibly completed while going out, per player count (000 UTGÅNG 1, 000 TRE SPELARE, 002 UTGÅNG 1, 001 §18 B, 003 L81, 004 L87/L171; decisions P28)."""
    canasta_kinds_required: Mapping[CanastaClass, int] = keyed({}, lo=0, hi=12, zero_is_absent=True)
    """How many of those canastas must be of a class (``CanastaClass``): ``natural = 1`` is 004 opt h; a class not listed needs none."""
    unfinished_melds_forbidden: tuple[MeldRank, ...] = listed(())
    """Ranks of which the side may hold no unfinished meld to go out (``W``: the wild-card meld; Modern American: CCN "Wild Cards")."""
    reserve_taken: bool = rule(False)
    """The player going out must have received his reserve pile (``reserve``; Hand and Foot's foot, Buraco's morto)."""
    bonus: int = rule(100, lo=0, hi=10000)
    """Bonus for going out (000 UTGÅNG 3, 001 §18 C, 003 L92, 004 L173)."""
    final_discard: FinalDiscard = rule(FinalDiscard.OPTIONAL)
    """Whether the last card may or must be discarded (000 UTGÅNG 2, 001 §18 A, 003 L81, 004 L171; decisions P25)."""
    permission: GoOutPermission = rule(GoOutPermission.OPTIONAL)
    """Asking the partner "may I go out?"; the answer binds (000 UTGÅNG 1, 002 UTGÅNG 2, 001 §23 A, 004 L175; decisions P26). ``required``: going out needs the partner's yes, asked this turn (Hand and Foot: FEU default, CHT). Needs a partner: at a table without one, nobody asks and going out needs no yes."""
    permission_penalty: int = rule(0, lo=0, hi=10000)
    """Penalty to the side when the partner says yes and the player cannot go out (001 §23 D: 100)."""
    ask_after_melding: AskAfterMelding = rule(AskAfterMelding.ALLOWED)
    """Whether the player may ask after melding this turn, and what follows (000 UTGÅNG 1 sets no time; 001 §23 B: he must then go out if he can, whatever the answer; decisions P26)."""


@attrs.frozen(kw_only=True)
class ConcealedGoingOutRules:
    """Going out concealed: the whole hand melded in one turn (topics I; decisions P7, P8)."""

    allowed: bool = rule(True)
    """Concealed going out exists (000 DIREKT UTGÅNG, 001 §19, 003 L83, 004 L179)."""
    who_has_not_melded: ConcealedMelders = rule(ConcealedMelders.PLAYER)
    """Who must have melded nothing but red threes before (000 DIREKT UTGÅNG 1, 001 §19 A•1, 004 L183)."""
    partner_canastas_count: bool = rule(True)
    """Canastas already held by the player's side count toward going_out.canastas_required (002 DIREKT UTGÅNG; decisions P7)."""
    minimum: ConcealedMinimum = rule(ConcealedMinimum.WAIVED_AFTER_STOCK_DRAW)
    """When the opening minimum is waived for an unopened side (000 DIREKT UTGÅNG 2, 001 §19 C, 003 L83, 004 L179)."""
    bonus: int = rule(200, lo=0, hi=10000)
    """Bonus for going out concealed, instead of going_out.bonus (000 DIREKT UTGÅNG 3, 001 §19 B, 004 L185; 003 L93 read as 100 + 100; 004 opt f: 500; decisions P8)."""


@attrs.frozen(kw_only=True)
class ReserveRules:
    """Reserve piles: cards kept aside and given to a player on a trigger (Modern American's talons, Hand and Foot's foot, Buraco's morto).

    The piles are given in order, each to the player whose play triggers it,
    into his hand; each side (or player, ``one_per``) receives at most one.
    A player owed a pile at the end of his turn may empty his hand with his
    discard without going out.
    """

    sizes: tuple[int, ...] | Mapping[PlayerCount, tuple[int, ...]] = rule((), lo=1, hi=30)
    """The piles, by size, in the order they are given (Modern American: [4, 3], WCA "This is called a Talon", EBB §2.4). Empty: no reserve. An array holds for every player count; a table by player count, like the other per-player keys, gives each count its own piles and must then list exactly the counts of ``deal.hand_size`` (Hand and Foot: a foot for each player, four for four and six for six, RVI, RG, NWP TEAMS; decisions P68)."""
    trigger: ReserveTrigger = rule(ReserveTrigger.OPENING)
    """What gives a player the next pile: his side's opening, an empty hand, or his side's first canasta."""
    one_per: ReserveLimit = rule(ReserveLimit.SIDE)
    """Who receives at most one pile a hand."""
    dealt: bool = rule(False)
    """The piles are dealt aside after the hands (MEG); otherwise each is drawn from the stock when given (EBB §2.4, the same cards in effect)."""
    turn_continues: bool = rule(False)
    """The player receives the pile at once and plays on; otherwise he receives it after his discard, and plays it from his next turn (WCA, EBB §2.4). Under ``trigger = "empty_hand"``: on, a hand emptied by a meld picks up its pile and plays on ("running to the foot", BGA, FEU); off, the pile always comes after the discard, so a meld must keep a card to discard (the house rule "the foot from the next turn", decisions P68)."""
    by_discard: bool = rule(True)
    """Under ``trigger = "empty_hand"``, the discard may empty the hand to reach the pile, which then comes after it and is played from the next turn ("walking", BGA, FEU); off, the house rule "no walking": while his pile waits, a player may not discard his last card, so he reaches the pile by melding his hand out ("running", BGA, FEU), and a meld may leave him one card only where that card can then be melded (decisions P68). Off needs ``turn_continues``, the pile else never reached. Unused under another trigger."""
    not_with_pile: bool = rule(False)
    """No pile is given for a trigger in a turn in which the player took the discard pile (Modern American: EBB §2.4, CLA)."""
    min_stock: int = rule(0, lo=0, hi=100)
    """No pile is given once the stock holds this many cards or fewer (Modern American's turn card: 8, WCA "Rules and Play", CJT, HON rule 5)."""
    untaken_penalty: int = rule(0, lo=0, hi=10000)
    """What a side that never received a pile costs at the end of the hand (Buraco: 100)."""
    untaken_cards_count: bool = rule(False)
    """The cards of a pile still dealt aside at the end of the hand count against the player (or side, ``one_per``) who never received one, as cards left in his hand: their points, a red three among them ``red_threes.unmelded_penalty``, a black three ``black_threes.hand_penalty``. The piles left are matched to the players (sides) without one in seat (side) order; each is dealt at random, so the same in effect as a pile per player. Needs ``dealt`` (Hand and Foot: TXN, a foot never reached counts against its player like hand cards, decisions P68; a red three left in hand or foot is penalized, "Red and black threes"). Off: a pile never received costs only ``untaken_penalty``."""
    becomes_stock: bool = rule(False)
    """Piles still dealt aside become the stock when it runs out (Buraco's morto)."""

    def sizes_for(self, players: int) -> tuple[int, ...]:
        """The piles for a table of ``players``: the array, or its count's entry in a table by player count (none where the table lacks the count)."""
        return tuple(self.sizes.get(PlayerCount(players), ())) if isinstance(self.sizes, Mapping) else self.sizes


@attrs.frozen(kw_only=True)
class RedThreeRules:
    """Red threes: bonus cards laid down and replaced (topics J).

    They are laid down automatically and replaced from the stock, repeatedly,
    unless ``may_keep_in_hand`` makes laying them the player's choice; one
    taken with the pile is not replaced (000 RÖDA TREOR 1-3, 001 §21 B-D, 004 L160-166).
    """

    bonus_table: Mapping[PlayerCount, tuple[int, ...]] = per_players(
        {2: (100, 200, 300, 800), 3: (100, 200, 300, 400, 1000, 1200), 4: (100, 200, 300, 800), 6: (100, 200, 300, 400, 1000, 1200)},
        lo=0,
        hi=10000,
    )
    """Total value of a side's red threes, indexed by how many it holds (first entry: one red three), per player count. One entry per red three in the deck (000 POÄNGRÄKNING 1, 000 TRE SPELARE, 002 SEX SPELARE, 003 L31, 004 L160; 001 §21 F literally 100 each; decisions P9, P10)."""
    plus_when: RedThreeCondition = rule(RedThreeCondition.MELD)
    """What a side needs for its red threes to count plus; otherwise they count minus (000 POÄNGRÄKNING 4, 001 §21 F, 003 L31, 004 L162; 004 opt i; decisions P11). Unused when ``sign_by_canastas`` is given."""
    sign_by_canastas: tuple[int, ...] = rule((), lo=-1, hi=1)
    """When given, the sign of the side's bonus threes by its number of canastas instead of ``plus_when``: entry i for i canastas, the last for more; -1 minus, 0 not counted, 1 plus (Modern American [-1, 0, 1]: EBB §2.8, CC)."""
    unmelded_penalty: int = rule(500, lo=0, hi=10000)
    """Penalty per red three still in a hand at the end, kept or forgotten (001 §21 H, 004 L164/L264; decisions P12, P44)."""
    may_keep_in_hand: bool = rule(False)
    """Whether laying a red three down is the player's choice, an action of his turn, rather than automatic: he may keep it in hand and pay ``unmelded_penalty`` for it at the end (004 L160; decisions P46). Red threes taken with the pile are still laid at once (004 L166)."""
    last_stock_card: LastStockRedThree = rule(LastStockRedThree.MUST_MELD)
    """A red three drawn as the last stock card: laid out, then the hand ends with no other meld or discard (000 TALONGENS SISTA KORT 1, 001 §21 E; decisions P13)."""


@attrs.frozen(kw_only=True)
class BlackThreeRules:
    """Black threes: stop cards (topics K), or bonus cards like the red threes."""

    bonus_card: bool = rule(False)
    """Black threes are bonus cards as red threes are: laid down and replaced, never melded nor discarded, and scored by colour with ``red_threes.bonus_table`` and its sign (Modern American: EBB §2.8, CC). The keys below then do not apply."""
    hand_penalty: int = rule(0, lo=0, hi=1000)
    """What each black three left in a hand at the end costs besides its points (Bolivia: 100, pagat via the family digest)."""

    discard: BlackThreeDiscard = rule(BlackThreeDiscard.BLOCK_NEXT_PLAYER)
    """What discarding a black three does (000 SVARTA TREOR 1, 001 §20 B, 003 L62, 004 L138-142; decisions P16)."""
    meldable: bool = rule(True)
    """Black threes may be melded, in going out (000 SVARTA TREOR 2, 001 §20 C, 004 L134); false: never melded, stop cards only, discarded or kept (Hand and Foot: "threes cannot be melded", GOCC, RVI; stop cards, not melded, FEU, NWP). The two keys below then do not apply."""
    meld_min: int = rule(3, lo=2, hi=8)
    """Fewest black threes in a meld, laid only when going out and never with wild cards (000 SVARTA TREOR 2, 001 §20 C, 004 L134). Unused while ``meldable`` is false."""
    meld_max: int = rule(4, lo=2, hi=12)
    """Most black threes in that meld (000 SVARTA TREOR 2, 001 §20 C). Unused while ``meldable`` is false."""


@attrs.frozen(kw_only=True)
class EndOfStockRules:
    """The end of the stock (topics L; decisions P14). Nobody earns the going-out bonus if nobody goes out (001 §24 C, 004 L202)."""

    mode: StockExhausted = rule(StockExhausted.OPTIONAL_PICKUP)
    """What the next player may or must do with the pile (000 TALONGENS SISTA KORT 2, 001 §24 A, 004 L194)."""
    chain: bool = rule(True)
    """After such a take-up without going out, the next player has the same right or duty, until someone declines or goes out (001 §24 B, 004 L196-200; decisions P14 for 000)."""


@attrs.frozen(kw_only=True)
class CardPoints:
    """Card values, for melded cards (plus) and cards left in hand (minus) (topics M; decisions P24)."""

    joker: int = rule(50, lo=0, hi=1000)
    """A joker (000 POÄNGRÄKNING 2, 001 §12, 003 L21, 004 L43)."""
    two: int = rule(20, lo=0, hi=1000)
    """A two; a wild card keeps its own value in a meld (000 POÄNGRÄKNING 2, 001 §12, 003 L20, 004 L45)."""
    ace: int = rule(20, lo=0, hi=1000)
    """An ace (000 POÄNGRÄKNING 2, 001 §12, 003 L20, 004 L45; 002 KORTEN's 10 is an error, decisions P24)."""
    eight_to_king: int = rule(10, lo=0, hi=1000)
    """K, Q, J, 10, 9, 8 (000 POÄNGRÄKNING 2, 001 §12, 003 L19, 004 L47)."""
    four_to_seven: int = rule(5, lo=0, hi=1000)
    """7, 6, 5, 4 (000 POÄNGRÄKNING 2, 001 §12, 003 L18, 004 L49)."""
    black_three: int = rule(5, lo=0, hi=1000)
    """A black three (000 POÄNGRÄKNING 2, 001 §12, 003 L22, 004 L49; 002 KORTEN's 100 is an error, decisions P24)."""


def special_hand_groups(pattern: str) -> tuple[list[int], int] | None:
    """A special hand's pattern as (natural group sizes, wild cards), or None if it is not one (``"4 4 3 3"``, ``"2 2 W2"``)."""
    naturals: list[int] = []
    wilds = 0
    for group in pattern.split():
        text = group[1:] if group.startswith("W") else group
        if not (text.isascii() and text.isdigit()) or len(text) > 2 or int(text) < 1:
            return None
        if group.startswith("W"):
            wilds += int(text)
        else:
            naturals.append(int(text))
    return (naturals, wilds) if naturals or wilds else None


@attrs.frozen(kw_only=True)
class SpecialHand:
    """A special hand: a pattern the whole hand must match, and what it scores (Modern American: EBB §2.12, CC).

    The pattern lists groups separated by spaces: a number is that many
    natural cards of one rank, each group of a different rank; ``W`` and a
    number is that many wild cards (``"4 4 3 3"``, ``"2 2 2 2 2 2 W2"``).
    """

    name: str = rule("")
    """What players call it, a word of letters, digits and underscores (``seven_pairs``); the action shows it."""
    pattern: str = rule("")
    """The groups of cards the hand consists of, e.g. ``"2 2 2 2 2 2 2"`` for seven pairs."""
    points: int = rule(0, lo=0, hi=100000)
    """The side's whole score for the hand."""


@attrs.frozen(kw_only=True)
class ScoringRules:
    """Scoring a hand (topics M): bonuses, then melded cards minus cards left in hand (000 POÄNGRÄKNING 1-3, 001 §34 B)."""

    melded_sign_by_canastas: tuple[int, ...] = rule((), lo=-1, hi=1)
    """When given, the sign of the side's melded card points by its number of canastas: entry i for i canastas, the last for more; empty: always plus (Modern American [-1, 1]: minus with no canasta, EBB §2.11, CC)."""
    special_hands: tuple[SpecialHand, ...] = listed(())
    """Hands a side that has not melded may show instead of playing on, which end the hand and replace the side's score (Modern American: EBB §2.12, CC). Empty: none."""
    card_points: CardPoints = attrs.field(factory=CardPoints)
    """Values of the cards."""


@attrs.frozen(kw_only=True)
class MatchRules:
    """The match (topics N; decisions P23): checked at the end of each hand; the higher total wins."""

    target: int = rule(5000, lo=50, hi=100000)
    """The match ends after the hand in which a side reaches this total (000 MATCHENS SLUT, 001 §1, §34 A, 003 L101, 004 L27; 004 opt d: 7500 or 10000)."""
    tie: TieBreak = rule(TieBreak.DRAW)
    """What equal totals at the end mean (001 §1; decisions P23)."""
    hands: int = rule(0, lo=0, hi=100)
    """When not 0, the match is this many hands, whatever the scores; the target then does not end it (Hand and Foot: 4)."""


@attrs.frozen(kw_only=True)
class PenaltyRules:
    """Penalties for irregularities (topics O), for scorekeeping tools.

    The engine never lets an irregular action happen (it raises
    IllegalActionError instead), so only permission_penalty and
    red_threes.unmelded_penalty ever reach its scores. Zero means the source
    has no such penalty.
    """

    insufficient_opening_raise: int = rule(0, lo=0, hi=1000)
    """Raise of the opening minimum per insufficient opening in a hand (001 §27 A•2-3: 10)."""
    partial_correction: int = rule(0, lo=0, hi=10000)
    """Penalty when an insufficient opening is only partly corrected (001 §27 B•1: 100)."""
    going_out_after_no: int = rule(0, lo=0, hi=10000)
    """Penalty for melding to go out after the partner said no (001 §23 E: 100)."""
    going_out_without_canasta: int = rule(0, lo=0, hi=10000)
    """Penalty for trying to go out with no canasta (001 §27 B•3: 100)."""
    draw_out_of_turn: int = rule(0, lo=0, hi=10000)
    """Penalty for drawing from the stock out of turn (001 §25 C•3: 100)."""
    pile_out_of_turn: int = rule(0, lo=0, hi=10000)
    """Penalty for taking the pile out of turn (001 §26 B: 100)."""
    meld_out_of_turn: int = rule(0, lo=0, hi=10000)
    """Penalty for melding during the left opponent's or partner's turn (001 §30 B: 100)."""
    penalty_card_help: int = rule(0, lo=0, hi=10000)
    """Penalty per penalty card melded with the partner's help (001 §33 A: 300)."""
    table_talk_forfeit: int = rule(0, lo=0, hi=100000)
    """Compensation when a side forfeits for table talk after a warning (001 §22 A, last paragraph: 2000)."""


@attrs.frozen(kw_only=True, repr=False)
class Variant:
    """A complete, resolved variant profile."""

    schema_version: int = SCHEMA_VERSION
    """The schema version the profile was written for."""
    name: str = "generic"
    """Short identifier, e.g. ``finnish``."""
    title: str = "Generic Canasta"
    """Display name an app can show."""
    description: str = ""
    """One-line description."""
    sources: tuple[str, ...] = ()
    """The source documents behind the profile, e.g. ``001 Suomen Canastaliitto, Canastan säännöt``."""
    deal: DealRules = attrs.field(factory=DealRules)
    upcard: UpcardRules = attrs.field(factory=UpcardRules)
    turn: TurnRules = attrs.field(factory=TurnRules)
    initial_meld: InitialMeldRules = attrs.field(factory=InitialMeldRules)
    discard_pile: DiscardPileRules = attrs.field(factory=DiscardPileRules)
    discards: DiscardRules = attrs.field(factory=DiscardRules)
    melds: MeldRules = attrs.field(factory=MeldRules)
    ranks: RankRules = attrs.field(factory=RankRules)
    canastas: CanastaRules = attrs.field(factory=CanastaRules)
    going_out: GoingOutRules = attrs.field(factory=GoingOutRules)
    concealed_going_out: ConcealedGoingOutRules = attrs.field(factory=ConcealedGoingOutRules)
    reserve: ReserveRules = attrs.field(factory=ReserveRules)
    red_threes: RedThreeRules = attrs.field(factory=RedThreeRules)
    black_threes: BlackThreeRules = attrs.field(factory=BlackThreeRules)
    end_of_stock: EndOfStockRules = attrs.field(factory=EndOfStockRules)
    scoring: ScoringRules = attrs.field(factory=ScoringRules)
    match: MatchRules = attrs.field(factory=MatchRules)
    penalties: PenaltyRules = attrs.field(factory=PenaltyRules)
    citations: Mapping[str, str] = attrs.field(factory=dict, eq=False, repr=False)
    """Source citation per dotted key, read from the profile's TOML comments. Not a rule: ignored by equality."""

    @property
    def player_counts(self) -> tuple[int, ...]:
        """The player counts this profile supports: those with a hand size."""
        return tuple(sorted(self.deal.hand_size))

    def __repr__(self) -> str:
        """A short summary, ``<Variant 'finnish': Finnish Canasta Federation (...), 4 players>``: the rules are in :func:`canasta.dumps_variant`."""
        counts = ", ".join(str(n) for n in self.player_counts) or "no"
        return f"<Variant {self.name!r}: {self.title}, {counts} player{'' if counts == '1' else 's'}>"

    def opening_minimum(self, score: int, hand_number: int = 1) -> int:
        """The opening minimum for a side whose cumulative score at the start of hand ``hand_number`` is ``score`` (decisions P22).

        By the hand's number where ``initial_meld.minimums_by_hand`` gives minimums (Hand and Foot).
        """
        by_hand = self.initial_meld.minimums_by_hand
        if by_hand:
            return by_hand[min(max(hand_number, 1), len(by_hand)) - 1]
        band = sum(1 for t in self.initial_meld.score_thresholds if score >= t)
        return self.initial_meld.minimums[band]


META_KEYS = ("schema_version", "name", "title", "description", "sources")
"""Top-level keys that describe the profile rather than set a rule."""

SECTIONS: tuple[str, ...] = (
    "deal",
    "upcard",
    "turn",
    "initial_meld",
    "discard_pile",
    "discards",
    "melds",
    "ranks",
    "canastas",
    "going_out",
    "concealed_going_out",
    "reserve",
    "red_threes",
    "black_threes",
    "end_of_stock",
    "scoring",
    "match",
    "penalties",
)
"""The rule groups, in the order a player thinks about the game."""
