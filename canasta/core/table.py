"""The rules at one table: a profile resolved for a player count, in fast flat attributes.

The engine reads rules only from here, and this reads them only from the
:class:`~canasta.variants.Variant`; nothing about a federation is written in
the engine. Resolving once per game keeps the hot path (legal actions,
apply) free of mapping look-ups and enum comparisons.

:class:`TableRules` is public (``canasta.TableRules``, ``Game.rules``,
``PlayerView.rules``): the rules are public knowledge, so bots, encodings,
the simulation and the adapters read the same values the engine plays by,
never a copy of their own. Treat it as read-only.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from math import lcm
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

import attrs

from canasta.errors import UnsupportedPlayerCount as UnsupportedPlayerCount
from canasta.variants.citations import citation_for
from canasta.variants.enums import (
    AskAfterMelding,
    BlackThreeDiscard,
    CanastaClass,
    CardRank,
    ConcealedMelders,
    DeadRanks,
    DealtRedThrees,
    FinalDiscard,
    GoOutPermission,
    MeldRank,
    RedThreeCondition,
    ReserveLimit,
)
from canasta.variants.schema import PlayerCount, Variant

from .canastas import CanastaKind, canasta_kind
from .cards import ACE, EIGHT, FOUR, JOKER, N_CODES, RANK_CHARS, THREE, TWO, WILD

if TYPE_CHECKING:
    from .actions import Meld

def meld_rank_index(rank: MeldRank) -> int:
    """The rank index of a per-rank rule's key: ``4`` is 2, ``A`` is 12, ``W`` (the wild-card meld) is :data:`WILD`."""
    return WILD if rank is MeldRank.WILD else RANK_CHARS.index("T" if rank is MeldRank.TEN else rank.value)


def card_rank_index(rank: CardRank) -> int:
    """The index in a hand's per-rank counts of a discard restriction's rank: ``2`` is 0, ``A`` is 12, ``JK`` is :data:`WILD`."""
    return WILD if rank is CardRank.JOKER else RANK_CHARS.index("T" if rank is CardRank.TEN else rank.value)


def _rank_flags(ranks: tuple[MeldRank, ...] | tuple[CardRank, ...]) -> tuple[bool, ...]:
    """A flag per rank index (0 to :data:`WILD`), set for the ranks listed."""
    marked = {meld_rank_index(r) if isinstance(r, MeldRank) else card_rank_index(r) for r in ranks}
    return tuple(i in marked for i in range(WILD + 1))


def _rank_values(values: dict[MeldRank, int] | object, absent: int) -> tuple[int, ...]:
    """A value per rank index (0 to :data:`WILD`) from a per-rank table, ``absent`` where the table has none."""
    assert isinstance(values, dict)
    by_index = {meld_rank_index(r): v for r, v in values.items()}
    return tuple(by_index.get(i, absent) for i in range(WILD + 1))


MeldCache = dict[int, list[tuple["Meld", ...]]]
"""Melds by rank, twos held, jokers held, meld naturals (or -1) and meld wilds packed in one int
(:func:`canasta.core.meld_candidates.meld_key`), then by naturals held; see :func:`canasta.core.meld_candidates._shape_melds`."""

_MELD_CACHES: Final[dict[tuple[object, ...], MeldCache]] = {}
"""One meld cache per set of meld rules, shared by every table that has them."""
_MELD_CACHES_MAX: Final = 64


@attrs.frozen(kw_only=True)
class Seating:
    """Who plays one hand, and in what order (004 L11; docs/engine.md, "Five players").

    ``order`` lists the seats that play, in turn order from the first seat of a
    cycle: the sides alternate, so partners never follow each other (004 L22).
    ``out`` lists the seats that sit out the hand. ``next_seat[s]`` is the seat
    that plays after ``s``; for a seat sitting out, the first seat to its left
    that plays (the deal passes to the left, 004 L274). ``partner[s]`` is the
    first partner of ``s`` who plays this hand, or -1.
    """

    order: tuple[int, ...]
    out: tuple[int, ...]
    next_seat: tuple[int, ...]
    partner: tuple[int, ...]

    def turn_order(self, dealer: int) -> tuple[int, ...]:
        """The seats that play, in turn order from the one after ``dealer``, who leads (001 §9, 004 L11)."""
        start = self.order.index(self.next_seat[dealer])
        return self.order[start:] + self.order[:start]


def seatings(players: int, sides: int, sitting_out: int) -> tuple[Seating, ...]:
    """The seatings of successive hands, repeating: one per hand of the cycle (004 L11).

    Seat s plays for side s mod sides. Each side plays with
    (players - sitting_out) / sides of its members; a larger side's others
    sit out, in turn: in its first hand a side's last members sit out, then
    its first ones, and so on round the side. With nobody sitting out, there
    is one seating, in seat order.
    """
    members = [[s for s in range(players) if s % sides == side] for side in range(sides)]
    per_side = (players - sitting_out) // sides
    out: list[Seating] = []
    for x in range(lcm(*(len(m) for m in members))):
        playing: list[list[int]] = []
        for m in members:
            idle = len(m) - per_side
            skip = {(len(m) - idle + x * idle + i) % len(m) for i in range(idle)}
            playing.append([s for i, s in enumerate(m) if i not in skip])
        order = tuple(playing[p % sides][p // sides] for p in range(per_side * sides))
        plays = set(order)
        nxt = [0] * players
        for i, s in enumerate(order):
            nxt[s] = order[(i + 1) % len(order)]
        for s in range(players):
            if s not in plays:
                nxt[s] = next((s + k) % players for k in range(1, players) if (s + k) % players in plays)
        partner = [-1] * players
        for m in members:
            for i, s in enumerate(m):
                partner[s] = next((m[(i + k) % len(m)] for k in range(1, len(m)) if m[(i + k) % len(m)] in plays), -1)
        out.append(
            Seating(
                order=order,
                out=tuple(s for s in range(players) if s not in plays),
                next_seat=tuple(nxt),
                partner=tuple(partner),
            )
        )
    return tuple(out)


RULES_VERSION: Final = 3
"""The version of the engine's rules, written into every game record so that a record replays as it was played.

Version 2 scores a red three left in a hand as its source says
(decisions P44) and lets a player ask "may I go out?" after melding where the
profile's ``going_out.ask_after_melding`` allows it (001 §23 B). Version 3 refuses a take for the opening that could only be taken
back: one that leaves no card to discard and keep once the opening is made,
or counts on a concealed going out the hand cannot make (001 §16 B, §26 A,
004 L179). A record that names no version is version 1 and replays by the
rules it was played by (docs/engine.md, "Rules versions").
"""

RULES_VERSIONS: Final = (1, 2, 3)
"""The rules versions the engine can play."""


class TableRules:
    """A profile resolved for one player count: the rules the engine plays by, read-only.

    Attribute names follow the profile keys (``canasta_size`` is
    ``canastas.size``, ``going_out_bonus`` is ``going_out.bonus``, ...); a few
    are resolved further for speed: ``value`` and ``rank_value`` hold card
    points by code and by rank index, ``wild_room[n]`` the wild cards a meld of
    ``n`` naturals may hold, ``side_of`` and ``partners`` the seating. The
    profile itself is ``variant``. ``docs/architecture.md`` says where each
    kind of rule lives.
    """

    def __init__(self, variant: Variant, players: int, rules_version: int = RULES_VERSION) -> None:
        v = variant
        count = PlayerCount(players)
        if players not in v.deal.hand_size:
            counts = ", ".join(str(n) for n in v.player_counts)
            raise UnsupportedPlayerCount(f"profile {v.name!r} has rules for {counts} players, not {players}")
        self.variant = v
        self.players = players
        self.sides = v.deal.sides[count]
        self.side_of = tuple(seat % self.sides for seat in range(players))
        self.partners = tuple(
            tuple(s for k in range(1, players) if (s := (seat + k) % players) % self.sides == seat % self.sides) for seat in range(players)
        )
        """Every other member of each seat's side, in seat order to the left."""
        self.playing = players - v.deal.sitting_out.get(count, 0)
        """Players who play each hand; the others sit out (004 L11)."""
        self.seatings = seatings(players, self.sides, players - self.playing)
        self.hand_size = v.deal.hand_size[count]
        self.decks = v.deal.decks[count]
        self.jokers = v.deal.jokers[count]
        self.deal_red_threes_at_once = v.turn.dealt_red_threes is DealtRedThrees.AT_DEAL
        self.stock_draw = v.turn.stock_draw
        self.upcard_enabled = v.upcard.enabled
        self.upcard_wild_freezes = v.upcard.wild_freezes
        self.upcard_red_three_freezes = v.upcard.red_three_freezes
        self.upcard_black_three_freezes = v.upcard.black_three_freezes
        im = v.initial_meld
        self.thresholds = im.score_thresholds
        self.minimums = im.minimums
        self.several_melds = im.several_melds
        self.pile_needs_pair_to_open = im.pile_requires_natural_pair
        self.allowed_from_pile = im.allowed_from_pile
        self.minimums_by_hand = im.minimums_by_hand
        self.natural_meld_size = im.natural_meld_size
        self.mixed_canasta_in_opening = im.mixed_canasta_allowed
        self.from_hand_before_pile = im.from_hand_before_pile
        dp = v.discard_pile
        self.always_frozen = dp.always_frozen
        d = v.discards
        self.discard_never = _rank_flags(d.never)
        self.discard_last_resort = _rank_flags(d.last_resort)
        self.discard_not_on_empty = _rank_flags(d.not_on_empty_pile)
        self.discard_not_first_round = _rank_flags(d.not_in_first_round)
        self.dead_not_on_empty = d.dead_not_on_empty_pile
        self.discard_restricted = bool(d.never or d.last_resort or d.not_on_empty_pile or d.not_in_first_round or d.dead_not_on_empty_pile)
        """Whether any discard restriction applies: the listing checks them only then (``discards``)."""
        self.take_top_card_only = dp.take_top_card_only
        self.take_count = dp.take_count if dp.take_count else self.decks * 52 + self.jokers
        """Most cards a take of the pile takes, the top card among them: ``discard_pile.take_count``, or every card of the deck where the whole pile is taken."""
        self.wild_and_natural = dp.wild_and_natural
        self.add_top_card_to_meld = dp.add_top_card_to_meld
        self.add_top_card_to_canasta = dp.add_top_card_to_canasta and dp.add_top_card_to_meld and v.canastas.naturals_added
        self.own_canasta_rank_blocks = dp.own_canasta_rank_blocks
        self.one_card_rule = dp.one_card_rule
        self.wild_discard_freezes = dp.wild_discard_freezes
        m = v.melds
        self.min_size = m.min_size
        self.min_naturals = m.min_naturals
        self.max_wilds = m.max_wilds
        self.max_size = m.max_size if m.max_size else self.decks * 52 + self.jokers
        """Most cards a meld may hold: ``melds.max_size``, or every card of the deck where the profile sets no limit."""
        self.wilds_after_opening = m.wilds_after_opening_min_naturals
        self.wild_meld_exclusive = m.wild_meld_exclusive
        self.dead_ranks = m.dead_after_canasta
        """Whom a completed canasta closes its rank to: nobody, its side or everyone (``melds.dead_after_canasta``)."""
        self._ranks_die = m.dead_after_canasta is not DeadRanks.NONE
        self._dead_for_everyone = m.dead_after_canasta is DeadRanks.EVERYONE
        self.wild_limit = m.wild_limit
        self.wild_room = tuple(self._capacity(n) for n in range(64))
        self.wild_cap = max(self.wild_room)
        """The most wild cards any meld of a natural rank may hold."""
        c = v.canastas
        shape_rules = (self.decks, self.min_size, self.min_naturals, self.wild_room, c.size, c.naturals_added, c.wilds_added, self.max_size)
        cache = _MELD_CACHES.get(shape_rules)
        if cache is None:
            if len(_MELD_CACHES) >= _MELD_CACHES_MAX:
                _MELD_CACHES.pop(next(iter(_MELD_CACHES)))
            cache = _MELD_CACHES[shape_rules] = {}
        self._meld_cache: MeldCache = cache
        """Melds decided by shape alone, for the legal-action fast path; shared by tables with equal meld rules (private: the listing's)."""
        c = v.canastas
        self.canasta_size = c.size
        self.naturals_added = c.naturals_added
        self.wilds_added = c.wilds_added
        self.several_per_rank = c.several_per_rank
        self.wild_canastas = c.wild_canastas
        self.bonus_by_kind: Mapping[CanastaKind, int] = MappingProxyType(dict(c.bonus))
        """The bonus of each canasta kind the profile tells apart (``canastas.bonus``)."""
        self.pure_wild_kind = CanastaKind.PURE_WILD in c.bonus
        self.every_joker = self.jokers if CanastaKind.EVERY_JOKER in c.bonus and self.jokers else 0
        """The jokers an ``every_joker`` canasta holds (all of the deck's), or 0 where the profile does not tell that kind apart."""
        rk = v.ranks
        self.natural_only = _rank_flags(rk.natural_only)
        self.wilds_only_in_opening = _rank_flags(rk.wilds_only_in_opening)
        self.rank_canasta_bonus = _rank_values(rk.natural_canasta_bonus, -1)
        """The bonus of a natural canasta by rank index, -1 where ``canastas.bonus.natural`` applies (Modern American aces and sevens)."""
        self.unfinished_penalty = _rank_values(rk.unfinished_penalty, 0)
        self.hand_penalty = _rank_values(rk.hand_penalty, 0)
        self.hand_penalty_count = rk.hand_penalty_count
        g = v.going_out
        self.canastas_required = g.canastas_required[count]
        required = g.canasta_kinds_required
        self.natural_canastas_required = required.get(CanastaClass.NATURAL, 0)
        self.mixed_canastas_required = required.get(CanastaClass.MIXED, 0)
        self.wild_canastas_required = required.get(CanastaClass.WILD, 0)
        self.unfinished_forbidden = _rank_flags(g.unfinished_melds_forbidden)
        self.reserve_taken_required = g.reserve_taken
        self.going_out_reads_kinds = bool(self.mixed_canastas_required or self.wild_canastas_required or any(self.unfinished_forbidden))
        """Whether going out asks for canastas of a kind beside the natural ones, or forbids an unfinished meld of a rank: then
        the side's melds are read by kind when a player would go out (``going_out.canasta_kinds_required``,
        ``going_out.unfinished_melds_forbidden``)."""
        self.going_out_bonus = g.bonus
        self.final_discard_required = g.final_discard is FinalDiscard.REQUIRED
        self.permission = g.permission is not GoOutPermission.NOT_USED and self.sides < self.playing
        self.permission_after_stock_draw = g.permission is GoOutPermission.AFTER_STOCK_DRAW
        self.permission_required = self.permission and g.permission is GoOutPermission.REQUIRED
        """Going out needs the partner's yes to "may I go out?", asked this turn (``going_out.permission = "required"``; Hand and Foot, FEU); off at a table without partners, where nobody asks."""
        self.permission_penalty = g.permission_penalty
        self.rules_version = rules_version
        """The engine's rules version this table plays by (:data:`RULES_VERSION`; a record's own replays by its)."""
        legacy = rules_version < 2
        self.opening_takes_completable = rules_version >= 3
        """A take for the opening must leave the turn an end (a card to discard and one to keep, or a going out), and a
        concealed going out excuses the minimum only where the hand could go out (001 §16 B, §26 A, 004 L179); version 3."""
        self.ask_after_melding = g.ask_after_melding is not AskAfterMelding.REFUSED and not legacy
        self.ask_after_melding_binds = g.ask_after_melding is AskAfterMelding.MUST_GO_OUT and not legacy
        self.red_threes_in_hand_count_as_laid = legacy
        """Version 1 counted every red three left in a hand with the side's laid ones (decisions P30 read for every profile)."""
        self.keep_red_threes = v.red_threes.may_keep_in_hand and not legacy
        """Red threes from the deal and the stock stay in hand until the player lays them (``LayRedThree``; 004 L160, decisions P46)."""
        self.dealt_red_threes_wait = self.keep_red_threes or not self.deal_red_threes_at_once
        """Dealt red threes wait for the player's turn, so those of a seat whose first turn has not come count as laid (001 §21 G, decisions P30, P44, P46)."""
        cg = v.concealed_going_out
        self.concealed_allowed = cg.allowed
        self.concealed_by_side = cg.who_has_not_melded is ConcealedMelders.SIDE
        self.partner_canastas_count = cg.partner_canastas_count
        self.concealed_minimum = cg.minimum
        self.concealed_bonus = cg.bonus
        r3 = v.red_threes
        self.red_three_table = v.red_threes.bonus_table[count]
        self.red_threes_need_canasta = r3.plus_when is RedThreeCondition.CANASTA
        self.unmelded_red_three_penalty = r3.unmelded_penalty
        self.threes_sign = r3.sign_by_canastas
        b3 = v.black_threes
        self.black_bonus = b3.bonus_card
        """Black threes are bonus cards, laid and replaced as red threes are (``black_threes.bonus_card``)."""
        self.black_three_hand_penalty = b3.hand_penalty
        self.black_three_freezes_discard = b3.discard is BlackThreeDiscard.FREEZE
        self.black_threes_meldable = b3.meldable and not b3.bonus_card
        """Black threes may be melded, in going out (``black_threes.meldable``; never where they are bonus cards)."""
        self.black_three_min = b3.meld_min
        self.black_three_max = b3.meld_max
        self.end_mode = v.end_of_stock.mode
        self.chain = v.end_of_stock.chain
        self.target = v.match.target
        self.match_hands = v.match.hands
        rs = v.reserve
        self.reserve_sizes = rs.sizes_for(players)
        """The reserve piles of this table, in the order they are given: ``reserve.sizes``, or its entry for the player count."""
        self.reserve_trigger = rs.trigger
        """What gives a reserve pile: the side's opening, an empty hand or the side's first canasta (``reserve.trigger``)."""
        self.reserve_per_player = rs.one_per is ReserveLimit.PLAYER
        self.reserve_dealt = rs.dealt
        self.reserve_turn_continues = rs.turn_continues
        self.reserve_by_discard = rs.by_discard
        """A hand may be emptied by the discard to reach a reserve pile given on an empty hand (``reserve.by_discard``; "walking", BGA, FEU)."""
        self.reserve_not_with_pile = rs.not_with_pile
        self.reserve_min_stock = rs.min_stock
        self.reserve_untaken_penalty = rs.untaken_penalty
        self.reserve_untaken_cards_count = rs.untaken_cards_count and rs.dealt and bool(self.reserve_sizes)
        """The cards of piles still aside at the end of the hand count against the players (sides) who had none, as cards in hand
        (``reserve.untaken_cards_count``; Hand and Foot, TXN)."""
        self.reserve_becomes_stock = rs.becomes_stock
        sc = v.scoring
        self.melded_sign = sc.melded_sign_by_canastas
        self.special_hands = tuple(
            (h.name, tuple(sorted((int(g) for g in h.pattern.split() if not g.startswith("W")), reverse=True)), sum(int(g[1:]) for g in h.pattern.split() if g.startswith("W")), h.points)
            for h in sc.special_hands
        )
        """Each special hand as (name, natural group sizes largest first, wild cards, points) (``scoring.special_hands``)."""
        self.wilds_limited = tuple(
            bool(self.natural_only[rank] or self.wilds_only_in_opening[rank] or m.wild_meld_exclusive or m.wilds_after_opening_min_naturals) and rank < WILD
            for rank in range(WILD + 1)
        )
        """Per rank index: whether a meld of it may be refused a wild card by more than its shape (``ranks.natural_only``,
        ``ranks.wilds_only_in_opening``, ``melds.wild_meld_exclusive``, ``melds.wilds_after_opening_min_naturals``); the
        listing reads it rank by rank, so a rank no such rule touches costs nothing."""
        self.melds_limited = bool(
            m.max_size or not im.mixed_canasta_allowed or self.dead_ranks is not DeadRanks.NONE or any(self.wilds_limited)
        )
        """Whether some rule beyond a meld's shape limits melds (a largest meld, the opening's mixed canasta, dead ranks, a
        rank's wild cards): what a seat's observation shows of the melds then (:mod:`canasta.encoding`)."""
        self.minimum_raise = v.penalties.insufficient_opening_raise
        cp = v.scoring.card_points
        value = [0] * N_CODES
        for code in range(JOKER):
            rank = code >> 2
            if rank == TWO:
                value[code] = cp.two
            elif rank == THREE:
                value[code] = cp.black_three
            elif rank == ACE:
                value[code] = cp.ace
            elif rank >= EIGHT:
                value[code] = cp.eight_to_king
            elif rank >= FOUR:
                value[code] = cp.four_to_seven
        value[JOKER] = cp.joker
        self.value = tuple(value)
        """Card points by card code, 0 to 52 (000 POÄNGRÄKNING 2, 001 §12)."""
        self.rank_value = (*(value[4 * rank] for rank in range(13)), cp.joker)
        """Card points by rank index, as hands are counted: 0 the two, 1 the black three, 2 to 12 four to ace,
        :data:`~canasta.core.cards.WILD` (13) the joker (000 POÄNGRÄKNING 2, 001 §12)."""
        self._built = True

    def __setattr__(self, name: str, value: object) -> None:
        """The rules are read-only once built: a write raises ``attrs.exceptions.FrozenInstanceError`` (an ``AttributeError``),
        as it does on every frozen class of the library, so no bot, encoding or caller can change a game's rules."""
        if getattr(self, "_built", False):
            raise attrs.exceptions.FrozenInstanceError()
        object.__setattr__(self, name, value)

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __reduce__(self) -> tuple[object, tuple[Variant, int, int]]:
        """Pickled as what it is built from (the profile, the player count, the rules version), and built again."""
        return TableRules, (self.variant, self.players, self.rules_version)

    def __copy__(self) -> TableRules:
        return self

    def __deepcopy__(self, memo: object) -> TableRules:
        return self

    def __repr__(self) -> str:
        return f"<TableRules {self.variant.name!r}, {self.players} players, rules version {self.rules_version}>"

    def canasta_bonus(self, kind: CanastaKind, rank: int = -1) -> int:
        """The bonus a canasta of this kind earns (000 CANASTA 2-3, 001 §15 B, 004 opt b; ``canastas.bonus``).

        A natural canasta of a rank with a bonus of its own (``ranks.natural_canasta_bonus``,
        ``rank`` a rank index) earns that instead. A kind the profile does not tell apart earns ``wild``'s.
        """
        if kind is CanastaKind.NATURAL and rank >= 0 and self.rank_canasta_bonus[rank] >= 0:
            return self.rank_canasta_bonus[rank]
        found = self.bonus_by_kind.get(kind)
        return found if found is not None else self.bonus_by_kind[CanastaKind.WILD]

    def kind_of(self, rank: int, twos: int, jokers: int) -> CanastaKind:
        """The kind of a canasta of ``rank`` holding these wild cards, among those the profile tells apart (``canastas.bonus``)."""
        return canasta_kind(rank, twos, jokers, pure_wild=self.pure_wild_kind, every_joker=self.every_joker)

    def minimum_key(self) -> str:
        """The key a refusal of an opening short of its minimum cites: the minimum by hand number where the profile gives one (Hand and Foot: GOCC, TXN, FEU)."""
        return "initial_meld.minimums_by_hand" if self.minimums_by_hand else "initial_meld.minimums"

    def opening_minimum(self, score: int, hand_number: int = 1) -> int:
        """The opening minimum for a cumulative score at the start of hand ``hand_number`` (decisions P22; ``initial_meld.minimums_by_hand``)."""
        by_hand = self.minimums_by_hand
        if by_hand:
            return by_hand[min(max(hand_number, 1), len(by_hand)) - 1]
        return self.minimums[bisect_right(self.thresholds, score)]

    def seating(self, hand_number: int) -> Seating:
        """Who plays hand ``hand_number`` (counting from 1), and in what order (004 L11)."""
        return self.seatings[(hand_number - 1) % len(self.seatings)]

    def cite(self, key: str) -> str:
        """The source citation of a profile key, from the profile's comments."""
        return citation_for(self.variant.citations, key)

    def wild_capacity(self, naturals: int) -> int:
        """Most wild cards a meld with this many naturals may hold (topics F; decisions P1)."""
        return self.wild_room[naturals]

    def _capacity(self, naturals: int) -> int:
        return self.wild_limit.room(naturals, self.max_wilds)

    def shape_ok(self, rank: int, naturals: int, wilds: int) -> bool:
        """Whether a meld of this rank and shape is legal (001 §11 D, 000 KOMBINATION, 004 opt b)."""
        if naturals + wilds < self.min_size:
            return False
        if rank == WILD:
            return naturals == 0 and self.wild_canastas
        if rank == THREE:
            return wilds == 0 and self.black_threes_meldable and self.black_three_min <= naturals <= self.black_three_max
        return naturals >= self.min_naturals and wilds <= self.wild_capacity(naturals)


_TABLES: Final[dict[tuple[int, int, int], tuple[Variant, TableRules]]] = {}
"""Tables built for a profile object, a player count and a rules version, with the profile they were built from."""

_TABLES_MAX: Final = 256


def table_rules(variant: Variant, players: int, rules_version: int = RULES_VERSION) -> TableRules:
    """The :class:`TableRules` of ``variant`` for ``players`` players: built once per profile object and shared by the
    games played under it, which read-only rules make safe."""
    key = (id(variant), players, rules_version)
    found = _TABLES.get(key)
    if found is not None and found[0] is variant:
        return found[1]
    rules = TableRules(variant, players, rules_version)
    if len(_TABLES) >= _TABLES_MAX:
        _TABLES.pop(next(iter(_TABLES)))
    _TABLES[key] = (variant, rules)
    return rules
