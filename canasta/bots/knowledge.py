"""What a bot knows of the rules: the facts of a profile its decisions need, computed once per profile.

This module, :mod:`canasta.bots.planning` and :mod:`canasta.bots.evaluate` are
the workings of :class:`~canasta.bots.HeuristicBot`, not part of the public
API (which is :mod:`canasta.bots`): their functions trust their arguments,
which the bot builds from a checked view, except :func:`rule_facts`, which
docs/bots.md names and which checks its own.

A bot never names a federation; it reads the rules from ``view.variant``.
:func:`rule_facts` turns a profile and a player count into a :class:`RuleFacts`
of plain numbers and flags, cached by the profile's identity, so a decision
costs a few attribute reads instead of walking the profile.

Ranks are indexed as in the engine's actions: 0 is the two, 1 the (black)
three, 2 to 12 the naturals four to ace, and :data:`JOKERS` (13) the jokers,
which is also the index of the wild-card meld ``W`` (004 opt b).
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from canasta.core.arguments import check_players, shown
from canasta.errors import ArgumentError
from canasta.variants.enums import BlackThreeDiscard, FinalDiscard, GoOutPermission, WildLimit
from canasta.variants.schema import PlayerCount, Variant

TWOS = 0
"""Index of the twos (wild, 000 TERMINOLOGIN "HJÄLPKORT", 001 §2)."""
THREES = 1
"""Index of the black threes (stop cards, 000 SVARTA TREOR)."""
FOUR = 2
ACE = 12
JOKERS = 13
"""Index of the jokers in hand counts, and the rank of the wild-card meld ``W`` (004 opt b)."""
NATURALS = range(FOUR, ACE + 1)
"""The natural ranks, four to ace (000 TERMINOLOGIN "NATURLIGA KORT")."""
RED_THREE_CODES = (5, 6)
"""Card codes of the red threes (3D, 3H): bonus cards the engine lays down, never held for long (000 RÖDA TREOR)."""
JOKER_CODE = 52


@attrs.frozen(kw_only=True)
class RuleFacts:
    """The rules of one profile at one player count, as plain values a bot reads fast."""

    players: int
    sides: int
    value: tuple[int, ...]
    """Card points by rank index (0 two, 1 black three, 2-12 naturals, 13 joker) (000 POÄNGRÄKNING 2, 001 §12)."""
    copies: int
    """Cards of one natural rank in the deck: four per pack (000 intro, 001 §2)."""
    jokers: int
    wilds_in_deck: int
    total_cards: int
    min_size: int
    """Fewest cards in a meld (001 §11 A)."""
    min_naturals: int
    """Fewest naturals in a meld (001 §11 D)."""
    wild_room: tuple[int, ...]
    """Most wild cards a meld with n naturals may hold, for n = 0 .. 63 (topics F; decisions P1: wild_limit and max_wilds)."""
    several_melds: bool
    """Several melds may make the opening together (001 §13 B)."""
    pile_needs_pair_to_open: bool
    """Before the opening only a natural pair takes the pile (000 ATT TA HÖGEN 4, 001 §13 C 2)."""
    allowed_from_pile: bool
    canasta_size: int
    """Cards that make a canasta (001 §15 A)."""
    natural_bonus: int
    mixed_bonus: int
    naturals_added: bool
    """Naturals may join a completed canasta (001 §15 E•1)."""
    wilds_added: bool
    """Wild cards may join a completed canasta (000 CANASTA 5; 001 §15 E•1 forbids)."""
    wild_canastas: bool
    """Melds of wild cards only are allowed (004 opt b)."""
    wild_canasta_bonus: int
    canastas_required: int
    """Canastas a side needs to go out at this player count (000 UTGÅNG 1, 001 §18 B, 002 UTGÅNG 1)."""
    natural_canasta_required: bool
    going_out_bonus: int
    final_discard_required: bool
    permission: bool
    """Going out may be asked of a partner here (000 UTGÅNG 1, 001 §23 A): the profile uses it and sides have partners."""
    take_top_card_only: bool
    wild_and_natural: bool
    """An opened side takes an unfrozen pile with one natural and a wild card (001 §14 A•2)."""
    add_top_card_to_meld: bool
    """An opened side takes an unfrozen pile by adding its top card to a meld (001 §14 A•3)."""
    add_top_card_to_canasta: bool
    own_canasta_rank_blocks: bool
    wild_discard_freezes: bool
    """A discarded two or joker freezes the pile (000 LÅST HÖG 2, 001 §17 B)."""
    black_three_freezes: bool
    """A discarded black three freezes the pile instead of only blocking the next player (003 L62 literal, decisions P16)."""
    black_three_min: int
    black_three_max: int

    def meld_ok(self, naturals: int, wilds: int) -> bool:
        """Whether a meld of a natural rank with this shape is legal (001 §11 A, D)."""
        return naturals + wilds >= self.min_size and naturals >= self.min_naturals and wilds <= self.wild_room[min(naturals, 63)]

    def room(self, naturals: int, wilds: int, twos: int = 0, jokers: int = 0) -> int:
        """Wild cards a natural meld of this shape can still take (0 for a canasta closed to wild cards)."""
        if naturals + wilds >= self.canasta_size and not self.wilds_added:
            return 0
        return max(0, self.wild_room[min(naturals, 63)] - wilds)

    def points(self, counts: Sequence[int]) -> int:
        """Points of the cards in a hand given as counts per rank index."""
        value = self.value
        return sum(value[r] * n for r, n in enumerate(counts) if n)


def _facts(v: Variant, players: int) -> RuleFacts:
    count = PlayerCount(players)
    cp = v.scoring.card_points
    value = [cp.two, cp.black_three] + [cp.four_to_seven] * 4 + [cp.eight_to_king] * 6 + [cp.ace, cp.joker]
    m = v.melds
    cap: list[int] = []
    for n in range(64):
        if m.wild_limit is WildLimit.HALF:
            room = n
        elif m.wild_limit is WildLimit.TWO_PER_WILD:
            room = n // 2
        else:
            room = m.max_wilds
        cap.append(min(room, m.max_wilds))
    decks = v.deal.decks[count]
    jokers = v.deal.jokers[count]
    sides = v.deal.sides[count]
    playing = players - v.deal.sitting_out.get(count, 0)
    dp = v.discard_pile
    c = v.canastas
    g = v.going_out
    return RuleFacts(
        players=players,
        sides=sides,
        value=tuple(value),
        copies=4 * decks,
        jokers=jokers,
        wilds_in_deck=4 * decks + jokers,
        total_cards=52 * decks + jokers,
        min_size=m.min_size,
        min_naturals=m.min_naturals,
        wild_room=tuple(cap),
        several_melds=v.initial_meld.several_melds,
        pile_needs_pair_to_open=v.initial_meld.pile_requires_natural_pair,
        allowed_from_pile=v.initial_meld.allowed_from_pile,
        canasta_size=c.size,
        natural_bonus=c.natural_bonus,
        mixed_bonus=c.mixed_bonus,
        naturals_added=c.naturals_added,
        wilds_added=c.wilds_added,
        wild_canastas=c.wild_canastas,
        wild_canasta_bonus=c.wild_canasta_bonus,
        canastas_required=g.canastas_required[count],
        natural_canasta_required=g.natural_canasta_required,
        going_out_bonus=g.bonus,
        final_discard_required=g.final_discard is FinalDiscard.REQUIRED,
        permission=g.permission is not GoOutPermission.NOT_USED and sides < playing,
        take_top_card_only=dp.take_top_card_only,
        wild_and_natural=dp.wild_and_natural,
        add_top_card_to_meld=dp.add_top_card_to_meld,
        add_top_card_to_canasta=dp.add_top_card_to_canasta and dp.add_top_card_to_meld and c.naturals_added,
        own_canasta_rank_blocks=dp.own_canasta_rank_blocks,
        wild_discard_freezes=dp.wild_discard_freezes,
        black_three_freezes=v.black_threes.discard is BlackThreeDiscard.FREEZE,
        black_three_min=v.black_threes.meld_min,
        black_three_max=v.black_threes.meld_max,
    )


_CACHE: dict[tuple[int, int], tuple[Variant, RuleFacts]] = {}
_CACHE_MAX = 64


def rule_facts(variant: Variant, players: int) -> RuleFacts:
    """The facts of ``variant`` at ``players``, computed once per profile object.

    Keyed by the profile's identity (profiles hold mappings, so they are not
    hashable); the entry keeps the profile alive, so its id is never reused
    while cached. A value that is not a profile, or a player count it has no
    rules for, raises :class:`canasta.ArgumentError` (:class:`canasta.UnsupportedPlayerCount`).
    """
    if not issubclass(type(variant), Variant):
        raise ArgumentError(f"rule_facts(variant=...): expected a Variant (view.variant), got {shown(variant)}")
    key = (id(variant), check_players(variant, players, "rule_facts"))
    found = _CACHE.get(key)
    if found is not None and found[0] is variant:
        return found[1]
    facts = _facts(variant, players)
    if len(_CACHE) >= _CACHE_MAX:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[key] = (variant, facts)
    return facts


__all__ = ["ACE", "FOUR", "JOKERS", "JOKER_CODE", "NATURALS", "RED_THREE_CODES", "THREES", "TWOS", "RuleFacts", "rule_facts"]
