"""Scoring one hand, broken down per side (topics M; 000 POÄNGRÄKNING, 001 §34).

Each side scores its canasta bonuses, its red threes, the going-out bonus,
the points of its melded cards, minus the cards left in its players' hands,
minus penalties. The parts add up to ``total``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from .canastas import RANK_MASK, CanastaKind
from .cards import BLACK_THREES, CODES_AT, N_CODES, RED_THREES, THREE, WILD, Rank

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from .state import State
    from .table import TableRules


@attrs.frozen(kw_only=True, repr=False)
class HandScore:
    """One side's score for one hand."""

    side: int
    canastas: int = 0
    """Canasta bonuses: natural, mixed and joker canastas (000 CANASTA 2-3, 001 §15 B, 004 opt b)."""
    canasta_kinds: tuple[CanastaKind, ...] = attrs.field(default=(), eq=False)
    """The kind of each of the side's canastas at the end of the hand, in rank order (joker canastas last).

    A detail of ``canastas``, which it adds up to (:meth:`canasta.TableRules.canasta_bonus`), so it is left out
    of ``==``: a score built from its points alone equals the engine's.
    """
    red_threes: int = 0
    """Red-three bonus, negative when the side did not qualify (000 POÄNGRÄKNING 4, 001 §21 F); black threes too where they are bonus cards."""
    going_out: int = 0
    """Going-out or concealed going-out bonus (000 UTGÅNG 3, DIREKT UTGÅNG 3, 001 §18 C, §19 B)."""
    melded: int = 0
    """Points of the side's melded cards (000 POÄNGRÄKNING 2, 001 §12); negative where ``scoring.melded_sign_by_canastas`` says so."""
    in_hand: int = 0
    """Points of the cards left in the side's hands, as a negative number (000 POÄNGRÄKNING 3); with them, those of the reserve
    piles its players (or it) never received, where ``reserve.untaken_cards_count`` says so (Hand and Foot, TXN)."""
    penalties: int = 0
    """Penalties, as a negative number: those applied during the hand (001 §23 D, a director's), red threes left in a hand (001 §21 H;
    004 L164), unfinished melds and sets held of special ranks, black threes held, a reserve never taken (schema 2)."""
    special_hand: int = 0
    """The points of a special hand the side showed, which replace every other part (``scoring.special_hands``; Modern American EBB §2.12)."""
    canasta_ranks: tuple[Rank, ...] = attrs.field(default=(), eq=False)
    """The rank of each canasta of ``canasta_kinds``, in the same order (``W`` for a wild-card canasta): a natural canasta of a
    rank with a bonus of its own (``ranks.natural_canasta_bonus``) earns that. Left out of ``==`` as ``canasta_kinds`` is."""

    @property
    def total(self) -> int:
        """The side's score for the hand: the sum of the parts."""
        return self.canastas + self.red_threes + self.going_out + self.melded + self.in_hand + self.penalties + self.special_hand

    def __repr__(self) -> str:
        """The side, the total, then each part that is not zero: ``HandScore(side=0, total=1045, canastas=500, ...)``."""
        parts = "".join(f", {name}={value}" for name in SCORE_PARTS if (value := getattr(self, name)))
        return f"HandScore(side={self.side}, total={self.total}{parts})"


SCORE_PARTS: tuple[str, ...] = tuple(f.name for f in attrs.fields(HandScore) if f.eq and f.name != "side")
"""The parts of a hand score, read from :class:`HandScore`'s fields in the order a score card lists them (the details
``canasta_kinds`` and ``canasta_ranks`` are left out, as they are of ``==``); :attr:`HandScore.total` is their sum. Read
from the class, so that a part added to it is shown and exported wherever the parts are listed."""


def score_parts(score: HandScore) -> tuple[tuple[str, int], ...]:
    """A side's score for a hand as (part, points) pairs, one per :data:`SCORE_PARTS`; they add up to ``score.total``."""
    return tuple((part, getattr(score, part)) for part in SCORE_PARTS)


_RANK_BY_INDEX = tuple(Rank.from_index(i) for i in range(WILD + 1))
"""Each rank index's :class:`~canasta.core.cards.Rank`, for the canasta ranks of a hand's scores."""


def _signed(value: int, signs: tuple[int, ...], canastas: int) -> int:
    """``value`` with the sign a side's number of canastas gives it (entry i for i canastas, the last for more)."""
    return value * signs[min(canastas, len(signs) - 1)]


def _table_value(table: tuple[int, ...], count: int) -> int:
    return table[min(count, len(table)) - 1] if count else 0


def side_score(
    rules: TableRules,
    *,
    side: int,
    canasta_kinds: Sequence[CanastaKind] = (),
    canasta_ranks: Sequence[int] = (),
    red_threes: int = 0,
    red_threes_unplayed: int = 0,
    red_threes_in_hand: int = 0,
    black_threes: int = 0,
    has_meld: bool,
    melded: int = 0,
    in_hand: int = 0,
    went_out: bool = False,
    concealed: bool = False,
    penalties: int = 0,
    unfinished: Sequence[int] = (),
    sets_in_hand: Sequence[int] = (),
    black_threes_in_hand: int = 0,
    reserves_untaken: int = 0,
    special_hand: int | None = None,
) -> HandScore:
    """One side's score for a hand, from what a table counts: the one scoring rule of the engine and the score sheet (topics M, J).

    ``red_threes`` are the side's red threes on the table; ``red_threes_unplayed``
    those in the hand of a player who never had a turn, where dealt red threes
    are laid at the player's own turn: they count with the others (001 §21 G as
    decisions P30 reads it). ``red_threes_in_hand`` are red threes still in a
    hand for any other reason (kept, 004 L160; forgotten, 001 §21 H): they do
    not count toward the bonus, and each costs ``red_threes.unmelded_penalty``
    (004 L164, L264; 001 §21 H; decisions P44). ``melded`` and ``in_hand`` are
    card points (``in_hand`` as a positive number), ``penalties`` the points of
    penalties already applied (positive). The red-three bonus counts plus when
    the side has melded (or has a canasta, 004 opt i), else minus (000
    POÄNGRÄKNING 4, 001 §21 F).

    Schema 2's rules: ``canasta_ranks`` (rank indexes, parallel to the kinds;
    -1 where a table did not say) give a natural canasta of a special rank its own bonus; ``black_threes`` are
    black threes laid as bonus cards, valued by colour with the same table
    (Modern American EBB §2.8); ``red_threes.sign_by_canastas`` and
    ``scoring.melded_sign_by_canastas`` sign the threes and the melded points
    by the number of canastas; ``unfinished`` lists the rank indexes of the
    side's unfinished melds that cost ``ranks.unfinished_penalty``,
    ``sets_in_hand`` one rank index per player and rank held
    ``ranks.hand_penalty_count`` times or more; ``black_threes_in_hand`` cost
    ``black_threes.hand_penalty`` each; each of ``reserves_untaken`` (piles the
    side, or one of its players, never received) costs ``reserve.untaken_penalty``;
    a ``special_hand``'s points replace everything.
    """
    r = rules
    if special_hand is not None:
        return HandScore(side=side, special_hand=special_hand)
    kinds = tuple(canasta_kinds)
    ranks = tuple(canasta_ranks)
    threes = red_threes + red_threes_unplayed
    table = r.red_three_table
    bonus = table[min(threes, len(table)) - 1] if threes else 0
    if black_threes:
        bonus += _table_value(table, black_threes)
    if r.threes_sign:
        red_value = _signed(bonus, r.threes_sign, len(kinds))
    else:
        qualifies = bool(kinds) if r.red_threes_need_canasta else has_meld
        red_value = bonus if qualifies else -bonus
    going_out = (r.concealed_bonus if concealed else r.going_out_bonus) if went_out else 0
    points = penalties + red_threes_in_hand * r.unmelded_red_three_penalty
    points += sum(r.unfinished_penalty[rank] for rank in unfinished)
    points += sum(r.hand_penalty[rank] for rank in sets_in_hand)
    points += black_threes_in_hand * r.black_three_hand_penalty
    points += reserves_untaken * r.reserve_untaken_penalty
    if ranks:
        bonuses = sum(r.canasta_bonus(kind, rank) for kind, rank in zip(kinds, ranks, strict=True))
        shown = tuple(_RANK_BY_INDEX[rank] for rank in ranks) if min(ranks) >= 0 else ()
    else:
        bonuses = sum(r.canasta_bonus(kind) for kind in kinds)
        shown = ()
    return HandScore(
        side=side,
        canastas=bonuses,
        canasta_kinds=kinds,
        canasta_ranks=shown,
        red_threes=red_value,
        going_out=going_out,
        melded=_signed(melded, r.melded_sign, len(kinds)) if r.melded_sign else melded,
        in_hand=-in_hand,
        penalties=-points,
    )


def penalised_unfinished(rules: TableRules, melds: Mapping[int, Sequence[Any]]) -> list[int]:
    """The rank indexes of a side's unfinished melds that cost ``ranks.unfinished_penalty``: natural ones of a special rank, and the wild-card meld (Modern American EBB §2.10).

    ``melds`` maps a rank index to (naturals, twos, jokers, ...), as a state or the score sheet holds them.
    """
    out = []
    for key, m in sorted(melds.items()):
        n, t, j = m[0], m[1], m[2]
        rank = key & RANK_MASK
        if rules.unfinished_penalty[rank] and n + t + j < rules.canasta_size and (rank == WILD or t + j == 0):
            out.append(rank)
    return out


def _untaken(st: State, seats: Sequence[int], side: int) -> int:
    """The reserve piles a side (or each of its players who played the hand) never received (``reserve.untaken_penalty``; Buraco)."""
    if st.rules.reserve_per_player:
        out = st.rules.seating(st.hand_number).out
        return sum(1 for seat in seats if seat not in out and not st.reserve_got[seat])
    return int(not st.reserve_got[side])


def untaken_piles(st: State) -> dict[int, tuple[int, ...]]:
    """The reserve piles still dealt aside at the end of a hand, by the unit they count against (``reserve.untaken_cards_count``).

    The piles are given in order and each was dealt at random, so the piles left are matched in order to the units
    (``reserve.one_per``: the players who played the hand, in seat order, or the sides) that never received one; a pile
    with no such unit (withheld, or more piles than units) counts against nobody (Hand and Foot, TXN; decisions P68).
    Empty unless the rule is on.
    """
    r = st.rules
    if not r.reserve_untaken_cards_count or not st.reserves:
        return {}
    if r.reserve_per_player:
        out = r.seating(st.hand_number).out
        units = [seat for seat in range(r.players) if seat not in out and not st.reserve_got[seat]]
    else:
        units = [side for side in range(r.sides) if not st.reserve_got[side]]
    return dict(zip(units, st.reserves, strict=False))


@attrs.frozen(kw_only=True)
class SideCount:
    """What a table counts of one side when a hand ends: the inputs of :func:`side_score`, read from a state by :func:`count_side`.

    The engine scores a hand from it (:func:`score_hand`), and the score sheet enters an engine's hand from it
    (``canasta.scoresheet``), so the two agree to the point.
    """

    canasta_kinds: tuple[CanastaKind, ...]
    canasta_ranks: tuple[int, ...]
    """The rank index of each canasta of ``canasta_kinds``."""
    red_threes: int
    """Red threes on the table (bonus black threes apart)."""
    black_threes: int
    """Black threes on the table, where they are bonus cards."""
    red_threes_unplayed: int
    red_threes_in_hand: int
    has_meld: bool
    melded: int
    in_hand: int
    unfinished: tuple[int, ...]
    sets_in_hand: tuple[int, ...]
    black_threes_in_hand: int
    reserves_untaken: int


def count_side(st: State, side: int) -> SideCount:
    """One side's count at the end of a hand (topics M, J): its canastas, threes, melded and held points and schema 2's penalties.

    A red three still in a hand counts with the side's red threes when its
    player never had a turn and dealt red threes wait for the player's turn,
    as they do where laying them is the player's choice (001 §21 G, decisions
    P30, P46); any other costs ``red_threes.unmelded_penalty`` (001 §21 H,
    004 L164; decisions P44). Black threes that are bonus cards count with them.
    A reserve pile never received counts as a hand's cards where
    ``reserve.untaken_cards_count`` says so (:func:`untaken_piles`): its points
    with ``in_hand``, its red threes with ``red_threes_in_hand``, its black
    threes with ``black_threes_in_hand`` (Hand and Foot, TXN).
    """
    r = st.rules
    value = r.value
    size = r.canasta_size
    bonus_codes = (*RED_THREES, *BLACK_THREES) if r.black_bonus else RED_THREES
    seats = [seat for seat in range(r.players) if r.side_of[seat] == side]
    melded = 0
    kinds: list[CanastaKind] = []
    ranks: list[int] = []
    for key, (n, t, j, cards) in sorted(st.melds[side].items()):
        melded += sum(value[c] for c in cards)
        if n + t + j >= size:
            kinds.append(r.kind_of(key & RANK_MASK, t, j))
            ranks.append(key & RANK_MASK)
    unplayed = kept = in_hand = held_black = 0
    sets: list[int] = []
    for seat in seats:
        hand = st.counts[seat]
        in_hand += sum(value[c] * hand[CODES_AT + c] for c in range(N_CODES) if hand[CODES_AT + c] and c not in bonus_codes)
        threes = st.bonus_cards_in_hand(seat)
        if threes and (r.red_threes_in_hand_count_as_laid or (not st.had_turn[seat] and r.dealt_red_threes_wait)):
            unplayed += threes
        else:
            kept += threes
        counts = st.counts[seat]
        sets += [rank for rank in range(WILD) if r.hand_penalty[rank] and counts[rank] >= r.hand_penalty_count]
        held_black += 0 if r.black_bonus else st.naturals_in_hand(seat, THREE)
    for unit, pile in untaken_piles(st).items():  # a pile never received counts as cards left in its player's hand (TXN)
        if (r.side_of[unit] if r.reserve_per_player else unit) == side:
            in_hand += sum(value[c] for c in pile if c not in bonus_codes)
            kept += sum(1 for c in pile if c in bonus_codes)
            held_black += 0 if r.black_bonus else sum(1 for c in pile if c in BLACK_THREES)
    laid = st.red_threes[side]
    black = sum(1 for c in laid if c not in RED_THREES) if r.black_bonus else 0
    return SideCount(
        canasta_kinds=tuple(kinds),
        canasta_ranks=tuple(ranks),
        red_threes=len(laid) - black,
        black_threes=black,
        red_threes_unplayed=unplayed,
        red_threes_in_hand=kept,
        has_meld=bool(st.melds[side]),
        melded=melded,
        in_hand=in_hand,
        unfinished=tuple(penalised_unfinished(r, st.melds[side])),
        sets_in_hand=tuple(sets),
        black_threes_in_hand=held_black,
        reserves_untaken=_untaken(st, seats, side) if r.reserve_untaken_penalty and r.reserve_sizes else 0,
    )


def score_hand(st: State, went_out: int | None, concealed: bool) -> tuple[HandScore, ...]:
    """Score the hand just ended for every side (topics M, J; 000 POÄNGRÄKNING 1-4, 001 §34 B): :func:`side_score` of :func:`count_side`.

    A special hand replaces its side's score (Modern American EBB §2.12).
    """
    r = st.rules
    out = []
    for side in range(r.sides):
        if st.special is not None and r.side_of[st.special[0]] == side:
            out.append(side_score(r, side=side, has_meld=False, special_hand=st.special[2]))
            continue
        c = count_side(st, side)
        out.append(
            side_score(
                r,
                side=side,
                canasta_kinds=c.canasta_kinds,
                canasta_ranks=c.canasta_ranks,
                red_threes=c.red_threes,
                black_threes=c.black_threes,
                red_threes_unplayed=c.red_threes_unplayed,
                red_threes_in_hand=c.red_threes_in_hand,
                has_meld=c.has_meld,
                melded=c.melded,
                in_hand=c.in_hand,
                went_out=went_out is not None and r.side_of[went_out] == side,
                concealed=concealed,
                penalties=st.penalties[side],
                unfinished=c.unfinished,
                sets_in_hand=c.sets_in_hand,
                black_threes_in_hand=c.black_threes_in_hand,
                reserves_untaken=c.reserves_untaken,
            )
        )
    return tuple(out)
