"""Whether a profile lets a side score at all, so that a match can end (001 §1, §34 A).

A match ends only when a side reaches the target, so a profile under which no
side can ever end a hand above zero plays hands forever: every hand ends, but
the match does not. :func:`scoring_sources` names the keys through which some
side can score at a player count; :func:`canasta.variants.check_variant`
refuses a profile for which it finds none. The answer is optimistic (a key it
names may still be out of reach in play), so a profile it refuses is certainly
one where nobody ever scores.
"""

from __future__ import annotations

from .enums import CanastaClass, CanastaKind, ConcealedMinimum, RedThreeCondition
from .schema import PlayerCount, Variant, special_hand_groups

POINT_KEYS: tuple[str, ...] = (
    "scoring.card_points.joker",
    "scoring.card_points.two",
    "scoring.card_points.ace",
    "scoring.card_points.eight_to_king",
    "scoring.card_points.four_to_seven",
    "scoring.card_points.black_three",
    "canastas.bonus.natural",
    "canastas.bonus.mixed",
    "canastas.bonus.wild",
    "canastas.bonus.pure_wild",
    "canastas.bonus.every_joker",
    "ranks.natural_canasta_bonus",
    "going_out.bonus",
    "concealed_going_out.bonus",
    "red_threes.bonus_table",
    "scoring.special_hands",
)
"""The profile keys whose values can add to a side's score for a hand (topics M; 000 POÄNGRÄKNING 1-4, 001 §34 B).

Every other part of a hand's score only takes away: cards left in hand,
penalties (001 §21 H, §23 D).
"""


def _natural_shapes(v: Variant, decks: int, wilds: int) -> list[tuple[int, int]]:
    """The (naturals, wilds) of every meld of one natural rank the rules allow and the deck can supply: 4 naturals a pack (topics F)."""
    m = v.melds
    out = []
    for naturals in range(m.min_naturals, 4 * decks + 1):
        room = m.wild_limit.room(naturals, m.max_wilds)
        out += [(naturals, w) for w in range(min(room, wilds) + 1) if naturals + w >= m.min_size]
    return out


def _matchable(pattern: str, v: Variant, n: PlayerCount) -> bool:
    """Whether a hand after a draw can match a special hand's pattern: naturals of 11 ranks at most (four to ace, decisions P67), no
    group larger than the deck's cards of a rank, the wild cards in the deck, and as many cards as such a hand holds."""
    groups = special_hand_groups(pattern)
    if groups is None:
        return False
    naturals, wilds = groups
    decks, jokers = v.deal.decks[n], v.deal.jokers[n]
    if len(naturals) > 11 or any(g > 4 * decks for g in naturals) or wilds > 4 * decks + jokers:
        return False
    cards = sum(naturals) + wilds
    held = v.deal.hand_size[n] + v.turn.stock_draw
    return cards == held or (v.turn.stock_draw > 1 and cards > held)


def scoring_sources(v: Variant, players: int) -> list[str]:
    """The keys of :data:`POINT_KEYS` through which some side can end a hand above 0 at this player count.

    Empty means no side can ever score a point, so no side can reach the
    match target (001 §1, §34 A) and the match never ends: validation refuses
    such a profile. The answer is optimistic: it asks only whether the deck
    holds the cards for a meld, a canasta or going out under the meld limits,
    and whether an opening can reach the lowest minimum with every card of the
    deck (or go out concealed with the minimum waived); a key it names may
    still be out of reach in play, but a profile it finds no key for is
    certainly one where nobody ever scores.
    """
    n = PlayerCount(players)
    decks, jokers = v.deal.decks[n], v.deal.jokers[n]
    wilds = 4 * decks + jokers
    c, cp, cg = v.canastas, v.scoring.card_points, v.concealed_going_out
    shapes = _natural_shapes(v, decks, wilds)
    wild_meld = c.wild_canastas and wilds >= v.melds.min_size  # twos and jokers alone (004 opt b; decisions P29)
    natural_canasta = any(w == 0 and naturals >= c.size for naturals, w in shapes)
    mixed_canasta = any(w > 0 and naturals + w >= c.size for naturals, w in shapes)
    pure_wild_canasta = c.wild_canastas and max(4 * decks, jokers) >= c.size
    mixed_wild_canasta = c.wild_canastas and jokers > 0 and wilds >= c.size
    canasta = natural_canasta or mixed_canasta or pure_wild_canasta or mixed_wild_canasta
    required = v.going_out.canastas_required[n]
    out_shape = (bool(shapes) or wild_meld) and (required == 0 or canasta)
    kinds = v.going_out.canasta_kinds_required
    if kinds.get(CanastaClass.NATURAL, 0) and not natural_canasta:
        out_shape = False
    if kinds.get(CanastaClass.MIXED, 0) and not mixed_canasta:
        out_shape = False
    if kinds.get(CanastaClass.WILD, 0) and not (pure_wild_canasta or mixed_wild_canasta):
        out_shape = False
    deck_points = (
        4 * decks * (4 * cp.four_to_seven + 6 * cp.eight_to_king + cp.ace + cp.two) + jokers * cp.joker + 2 * decks * cp.black_three
    )
    im = v.initial_meld
    opens = min(im.minimums_by_hand or im.minimums) <= deck_points  # 001 §13 A: the opening minimum, from melded card values
    if im.natural_meld_size and im.natural_meld_size > min(4 * decks, v.melds.max_size or 4 * decks):
        opens = False  # the opening's natural meld cannot be made (Modern American's clean triple, WCA "INITIAL MELD")
    concealed = cg.allowed and out_shape and (opens or cg.minimum is not ConcealedMinimum.NEVER_WAIVED)  # 001 §19 C
    melds = (bool(shapes) or wild_meld) and (opens or concealed)
    goes_out = out_shape and (opens or concealed)
    wild_melded = melds and (any(w for _, w in shapes) or wild_meld)
    black_threes = goes_out and not v.black_threes.bonus_card and v.black_threes.meldable and v.black_threes.meld_min <= min(2 * decks, v.black_threes.meld_max)  # 001 §20 C
    signs = v.red_threes.sign_by_canastas
    if signs:  # the sign by the side's canastas (Modern American EBB §2.8): plus with none, or with canastas it can make
        qualifies = signs[0] > 0 or (canasta and melds and any(s > 0 for s in signs[1:]))
    else:
        qualifies = melds and (canasta if v.red_threes.plus_when is RedThreeCondition.CANASTA else True)  # 001 §21 F
    melded_signs = v.scoring.melded_sign_by_canastas
    plus = not melded_signs or melded_signs[0] > 0 or (canasta and any(s > 0 for s in melded_signs[1:]))  # EBB §2.11
    table = v.red_threes.bonus_table[n]
    bonus = c.bonus
    found = {
        "scoring.card_points.joker": plus and cp.joker > 0 and jokers > 0 and wild_melded,
        "scoring.card_points.two": plus and cp.two > 0 and wild_melded,
        "scoring.card_points.ace": plus and cp.ace > 0 and melds and bool(shapes),
        "scoring.card_points.eight_to_king": plus and cp.eight_to_king > 0 and melds and bool(shapes),
        "scoring.card_points.four_to_seven": plus and cp.four_to_seven > 0 and melds and bool(shapes),
        "scoring.card_points.black_three": plus and cp.black_three > 0 and black_threes,
        "canastas.bonus.natural": bonus.get(CanastaKind.NATURAL, 0) > 0 and melds and natural_canasta,
        "canastas.bonus.mixed": bonus.get(CanastaKind.MIXED, 0) > 0 and melds and mixed_canasta,
        "canastas.bonus.wild": bonus.get(CanastaKind.WILD, 0) > 0
        and melds
        and (mixed_wild_canasta or (pure_wild_canasta and CanastaKind.PURE_WILD not in bonus)),  # decisions P66
        "canastas.bonus.pure_wild": bonus.get(CanastaKind.PURE_WILD, 0) > 0 and melds and pure_wild_canasta,
        "canastas.bonus.every_joker": bonus.get(CanastaKind.EVERY_JOKER, 0) > 0 and melds and mixed_wild_canasta,
        "ranks.natural_canasta_bonus": any(b > 0 for b in v.ranks.natural_canasta_bonus.values()) and melds and natural_canasta,
        "scoring.special_hands": any(h.points > 0 and _matchable(h.pattern, v, n) for h in v.scoring.special_hands),
        "going_out.bonus": v.going_out.bonus > 0 and goes_out,
        "concealed_going_out.bonus": cg.bonus > 0 and concealed,
        # A side that does not qualify counts its red threes minus: a negative entry then scores (001 §21 F).
        "red_threes.bonus_table": (any(e > 0 for e in table) and qualifies) or (any(e < 0 for e in table) and (not signs or min(signs) < 0)),
    }
    return [key for key in POINT_KEYS if found[key]]


__all__ = ["POINT_KEYS", "scoring_sources"]
