"""Legality: the one place that decides whether an action is allowed.

:func:`check` returns ``None`` for a legal action or a :data:`Violation`
naming the profile key that forbids it and why. ``Game.can`` and
``Game.apply`` call it; :func:`canasta.core.listing.legal_actions` lists
exactly the candidates it accepts, using the same predicates.

A refusal names the rule that decides it under the profile in play: a
profile key wherever one forbids the action (under ``cuban`` a pile topped by
a wild card is refused by ``discard_pile.always_frozen``, not by the fixed
rule every other profile applies), cited from that profile
(:func:`refusal_source`). Only rules the engine applies under every profile
carry a fixed key and their own citation, in :data:`FIXED_SOURCES`.
"""

from __future__ import annotations

from canasta.variants.enums import ConcealedMinimum, DeadRanks, ReserveTrigger, StockExhausted

from .actions import (
    TAKE_FORMS,
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
    take,
)
from .canastas import counts_as_natural
from .cards import BLACK_THREE_CLUBS, BLACK_THREE_SPADES, FOUR, JOKER, RED_THREE_DIAMONDS, RED_THREE_HEARTS, THREE, TWO, WILD
from .discards import discard_violation
from .going_out import NATURAL_RANKS, can_go_out, going_out_plan
from .meld_limits import limit_violation
from .special_hands import shown_violation
from .state import ANSWER, OVER, MeldTuple, State
from .state import DRAW as PHASE_DRAW
from .state import MELD as PHASE_MELD
from .table import TableRules

Violation = tuple[str, str]
"""(rule key, reason): the profile key (or fixed-rule section) that forbids an action, and why."""

FIXED_SOURCES = {
    "turn": "000 TURORDNINGSREGEL, 001 §9",
    "melds": '000 TERMINOLOGIN "KOMBINATION", 001 §11',
    "discard_pile": "000 ATT TA HÖGEN, 001 §14",
    "discard_pile.frozen": "000 ATT TA HÖGEN 5, 001 §14 B",
    "discard_pile.wild_on_top": "001 §17 B; decisions P18",
    "discard_pile.forms": "000 ATT TA HÖGEN 6, 001 §14 A; decisions P6",
    "black_threes.on_top": "000 ATT TA HÖGEN 1, 001 §20 B",
    "black_threes.going_out_only": "000 SVARTA TREOR 2, 001 §20 C",
    "initial_meld.retract": "001 §27 A•2, §26 A",
    "initial_meld.pending_pile": "004 L70, 001 §26 A",
    "end_of_stock": "000 TALONGENS SISTA KORT 2, 001 §24",
}
"""Citations for the rules the engine applies under every profile, which no profile key states; keyed like profile keys."""


def refusal_source(rules: TableRules, key: str) -> str:
    """The citation of the rule ``key`` that refuses an action: the profile's own for a profile key, else the fixed one.

    A fixed rule takes its citation from :data:`FIXED_SOURCES`, never from a
    comment a profile wrote on the table its key shares a name with
    (``discard_pile.frozen`` is no key of ``[discard_pile]``). A profile key
    takes the citation the profile in play gives it, or the one of the key
    it belongs to (``going_out.canasta_kinds_required.natural``: the
    profile's ``going_out.canasta_kinds_required``); a profile without one
    (built in Python, with no comments) cites nothing.
    """
    fixed = FIXED_SOURCES.get(key)
    if fixed is not None:
        return fixed
    return rules.cite(key)


def rank_value(st: State, rank: int) -> int:
    """Point value of a natural card of this rank (000 POÄNGRÄKNING 2)."""
    return st.rules.value[rank * 4 if rank != THREE else 4]


def concealed_now(st: State, seat: int) -> bool:
    """Whether going out now would be concealed: nothing melded before this turn (000 DIREKT UTGÅNG 1, 001 §19 A•1)."""
    r = st.rules
    if not r.concealed_allowed or st.turn_added_old:
        return False
    if r.concealed_by_side:
        side = r.side_of[seat]
        return not any(rank not in st.turn_new for rank in st.melds[side])
    return not st.melded_before[seat]


def turn_canastas(st: State, side: int, extra_rank: int = -1, extra_is_canasta: bool = False) -> int:
    melds = st.melds[side]
    size = st.rules.canasta_size
    count = 0
    for rank in st.turn_new:
        if rank == extra_rank:
            continue
        m = melds[rank]
        if m[0] + m[1] + m[2] >= size:
            count += 1
    if extra_rank >= 0 and extra_is_canasta and (extra_rank in st.turn_new or extra_rank not in melds):
        count += 1
    return count


def _natural_needed(count: int) -> str:
    return "your side needs a natural canasta to go out" if count == 1 else f"your side needs {count} natural canastas to go out"


def going_out_violation(
    st: State, seat: int, canastas: int, naturals: int, turn_canastas: int, opened_after: bool, meld: tuple[int, int, int, int] = (-1, 0, 0, 0)
) -> Violation | None:
    """Why the player may not go out with the side's melds as given, or None (topics H, I).

    ``meld`` (rank, naturals, twos, jokers) is a meld about to be laid, for the
    requirements of schema 2 that read the side's melds themselves.
    """
    found = _going_out_violation(st, seat, canastas, naturals, turn_canastas, opened_after)
    if found is None and st.rules.family_going_out:
        return family_going_out_violation(st, seat, meld)
    return found


def family_going_out_violation(st: State, seat: int, meld: tuple[int, int, int, int] = (-1, 0, 0, 0)) -> Violation | None:
    """The going-out requirements of schema 2: canastas of a class, no unfinished meld of a rank, the reserve pile received.

    ``going_out.canasta_kinds_required`` (mixed and wild; natural is checked
    with the count), ``going_out.unfinished_melds_forbidden`` (Modern American:
    no unfinished wild-card meld, CCN) and ``going_out.reserve_taken`` (Hand and
    Foot's foot). ``meld`` is added to the side's melds as if laid.
    """
    r = st.rules
    side = r.side_of[seat]
    size = r.canasta_size
    rank, n, t, j = meld
    mixed = wild = 0
    shapes = [(rk, m[0], m[1], m[2]) for rk, m in st.melds[side].items() if rk != rank]
    if rank >= 0:
        m = st.melds[side].get(rank)
        shapes.append((rank, n + (m[0] if m else 0), t + (m[1] if m else 0), j + (m[2] if m else 0)))
    for rk, a, b, c in shapes:
        if a + b + c >= size:
            if rk == WILD:
                wild += 1
            elif b + c:
                mixed += 1
        elif r.unfinished_forbidden[rk]:
            return ("going_out.unfinished_melds_forbidden", "your side may not go out with an unfinished meld of " + ("wild cards" if rk == WILD else "that rank"))
    if mixed < r.mixed_canastas_required:
        return ("going_out.canasta_kinds_required.mixed", f"your side needs {r.mixed_canastas_required} mixed canasta(s) to go out and has {mixed}")
    if wild < r.wild_canastas_required:
        return ("going_out.canasta_kinds_required.wild", f"your side needs {r.wild_canastas_required} wild-card canasta(s) to go out and has {wild}")
    if r.reserve_taken_required and not st.reserve_got[st.reserve_unit(seat)]:
        return ("going_out.reserve_taken", "you may go out only once you have received your reserve pile")
    return None


def _going_out_violation(st: State, seat: int, canastas: int, naturals: int, turn_canastas: int, opened_after: bool) -> Violation | None:
    r = st.rules
    if st.asked == 3 and not st.ask_binds:
        return ("going_out.permission", "your partner answered no to 'may I go out?', so you must keep a card")
    req = r.canastas_required
    if opened_after:
        if canastas < req:
            return ("going_out.canastas_required", f"your side needs {req} canasta(s) to go out and has {canastas}")
        if naturals < r.natural_canastas_required:
            return ("going_out.canasta_kinds_required.natural", _natural_needed(r.natural_canastas_required))
        return None
    if not concealed_now(st, seat):
        if not r.concealed_allowed:
            return ("concealed_going_out.allowed", "your side has not opened, and these rules have no concealed going out: open first")
        return ("initial_meld.minimums", "your side has not opened, so only a concealed going out is possible")
    waived = r.concealed_minimum is ConcealedMinimum.ALWAYS_WAIVED or (r.concealed_minimum is ConcealedMinimum.WAIVED_AFTER_STOCK_DRAW and st.drew_from_stock)
    if not waived:
        return ("concealed_going_out.minimum", "going out concealed here still needs the opening minimum")
    if turn_canastas < 1 or canastas < req:
        return ("going_out.canastas_required", f"going out concealed needs a canasta of your own and {req} in all")
    if naturals < r.natural_canastas_required:
        return ("going_out.canasta_kinds_required.natural", _natural_needed(r.natural_canastas_required))
    return None


def _after_meld(st: State, side: int, rank: int, n: int, t: int, j: int, existing: MeldTuple | None) -> tuple[int, int, int, bool]:
    """Side canastas, natural canastas and this turn's canastas after adding (n, t, j) to the meld of ``rank``."""
    canastas, naturals = st.canastas(side)
    size = st.rules.canasta_size
    if existing is None:
        n0 = t0 = j0 = 0
    else:
        n0, t0, j0 = existing[0], existing[1], existing[2]
    before = n0 + t0 + j0 >= size
    after = n0 + t0 + j0 + n + t + j >= size
    if after:
        nat_before = before and counts_as_natural(rank, t0, j0)
        nat_after = counts_as_natural(rank, t0 + t, j0 + j)
        canastas += 0 if before else 1
        naturals += int(nat_after) - int(nat_before)
    return canastas, naturals, turn_canastas(st, side, rank, after), after


def _shape_violation(st: State, rank: int, n: int, w: int, existing: MeldTuple | None) -> Violation | None:
    r = st.rules
    if existing is not None:
        n0, w0 = existing[0], existing[1] + existing[2]
        if n0 + w0 >= r.canasta_size:
            if n and not r.naturals_added:
                return ("canastas.naturals_added", "no cards may be added to a completed canasta")
            if w and not r.wilds_added:
                return ("canastas.wilds_added", "wild cards may not be added to a completed canasta")
        n, w = n + n0, w + w0
    if r.shape_ok(rank, n, w):
        return None
    if rank == WILD:
        if not r.wild_canastas:
            return ("canastas.wild_canastas", "melds of wild cards only are not allowed")
        return ("melds.min_size", f"a meld needs at least {r.min_size} cards")
    if rank == THREE:
        if w:
            return ("black_threes.going_out_only", "black threes are never melded with wild cards")
        return ("black_threes.meld_min", f"black threes are melded {r.black_three_min} to {r.black_three_max} at a time")
    if n + w < r.min_size:
        return ("melds.min_size", f"a meld needs at least {r.min_size} cards")
    if n < r.min_naturals:
        return ("melds.min_naturals", f"a meld needs at least {r.min_naturals} natural cards")
    if w > r.max_wilds:
        return ("melds.max_wilds", f"a meld holds at most {r.max_wilds} wild cards")
    return ("melds.wild_limit", f"{w} wild cards are too many for {n} naturals")


def held_red_threes(st: State, seat: int) -> int:
    """The red threes a player keeps in hand where laying them is his choice (004 L160), else 0."""
    return st.red_threes_in_hand(seat) if st.rules.keep_red_threes else 0


def _remaining_violation(
    st: State, seat: int, side: int, k: int, rank: int, n: int, t: int, j: int, existing: MeldTuple | None, points: int, pending: list[int]
) -> Violation | None:
    """Check the hand left after melding: keep two cards, or go out (001 §16 B, §18).

    ``pending``: the pile's cards that wait for the opening after this play (those of a take for the opening, or
    ``st.pending``); passed, not set on the state, so the check changes nothing.

    Red threes kept in hand (004 L160) are never discarded nor melded, and a
    hand that holds one cannot go out: then the hand left must keep another
    card to discard, which ends the turn without going out.
    """
    r = st.rules
    opened_after = st.opened[side] or (st.turn_points + points >= st.minimum(side) and (not r.natural_meld_size or _natural_after(st, side, rank, n, t, j)))
    if pending and opened_after:
        k += len(pending) - _bonus_count(st, pending)  # red threes (and black ones where they are bonus cards) are laid, not held
    reds = held_red_threes(st, seat)
    if reds:
        if k - reds >= 1:
            return None
        return (
            "red_threes.may_keep_in_hand",
            "this leaves only red threes in your hand, which you may neither discard nor meld: lay them down first (lay), or keep a card to discard",
        )
    if k >= 2:
        return None
    if r.reserve_sizes and _reserve_keeps_hand(st, seat, side, k, opened_after):
        return None
    if k == 0 and st.rules.final_discard_required:
        return ("going_out.final_discard", "going out needs a final discard here")
    if pending and not opened_after:
        return ("initial_meld.pending_pile", "the pile waits until your opening reaches the minimum")
    canastas, naturals, turn_canastas, _ = _after_meld(st, side, rank, n, t, j, existing)
    found = going_out_violation(st, seat, canastas, naturals, turn_canastas, opened_after, (rank, n, t, j))
    if found is not None and k == 1 and found[0] != "going_out.permission":
        # With the final discard required, the last card can only go out as the discard, so only `found` decides.
        if not st.rules.final_discard_required and not pending and _last_card_goes_out(st, seat, side, rank, n, t, j, existing, st.turn_points + points):
            return None
        # The last card would have to go out, so the going-out rule that forbids it decides (001 §16 B).
        return (found[0], f"melding this leaves one card, which would go out, and you may not go out: {found[1]}")
    return found


def _natural_after(st: State, side: int, rank: int, n: int, t: int, j: int) -> bool:
    """Whether the side's melds include the opening's natural meld once (n, t, j) joins the meld of ``rank`` (``initial_meld.natural_meld_size``; WCA "INITIAL MELD").

    A side that has not opened holds only this turn's melds, so every one of them counts.
    """
    need = st.rules.natural_meld_size
    melds = st.melds[side]
    for rk, m in melds.items():
        if rk != rank and rk != WILD and rk != THREE and m[0] >= need and m[1] + m[2] == 0:
            return True
    old = melds.get(rank)
    naturals, wilds = n + (old[0] if old else 0), t + j + (old[1] + old[2] if old else 0)
    return rank != WILD and rank != THREE and naturals >= need and wilds == 0


def _bonus_count(st: State, cards: list[int]) -> int:
    """How many of ``cards`` are bonus cards, laid down when they come into a hand: red threes, and black ones where they are bonus cards."""
    count = cards.count(RED_THREE_DIAMONDS) + cards.count(RED_THREE_HEARTS)
    if st.rules.black_bonus:
        count += cards.count(BLACK_THREE_CLUBS) + cards.count(BLACK_THREE_SPADES)
    return count


def _reserve_keeps_hand(st: State, seat: int, side: int, k: int, opened_after: bool) -> bool:
    """Whether a reserve pile lets this play keep fewer than two cards (``reserve``): one to discard when a pile follows the discard (HON rule 5);
    none when one comes at once, as long as it brings enough cards to end the turn with a discard that keeps one."""
    r = st.rules
    if k == 0 and st.reserve_to_play_on(seat):
        return True
    opens = r.reserve_trigger is ReserveTrigger.OPENING and not st.opened[side] and opened_after and st.reserve_available(seat)
    if opens and r.reserve_not_with_pile and st.pile_taken_top >= 0:
        opens = False
    if r.reserve_turn_continues:
        return opens and k + st.next_reserve_cards() >= 2
    return k == 1 and (opens or st.reserve_after_discard(seat))


def _last_card_goes_out(
    st: State, seat: int, side: int, rank: int, n: int, t: int, j: int, existing: MeldTuple | None, points: int
) -> bool:
    """Whether, after this meld, the one card left can be melded to go out (000 UTGÅNG 2: no discard needed).

    The meld is laid on a copy of the state, which the question is asked of; the state itself is never changed. The
    copy is made only for a meld that leaves exactly one card, which is rare.
    """
    counts = st.counts[seat]
    if st.red_threes_in_hand(seat):
        return False
    left = [
        c for c in range(WILD + 1) if counts[c] - (n if c == rank else 0) - (t if c == TWO else 0) - (j if c == WILD else 0) > 0
    ]
    if len(left) != 1:
        return False
    last = left[0]
    trial = st.copy()
    melds = trial.melds[side]
    n0, t0, j0, cards = existing if existing is not None else (0, 0, 0, ())
    melds[rank] = (n0 + n, t0 + t, j0 + j, cards)
    if existing is None:
        trial.turn_new = [*trial.turn_new, rank]
    if last in (TWO, WILD):
        targets = [(r2, 0, int(last == TWO), int(last == WILD)) for r2 in melds]
        value = trial.rules.value[0] if last == TWO else trial.rules.value[JOKER]
    else:
        targets = [(last, 1, 0, 0)] if last in melds else []
        value = rank_value(trial, last)
    opened = trial.opened[side] or points + value >= trial.minimum(side)
    for r2, n2, t2, j2 in targets:
        target = melds[r2]
        if _shape_violation(trial, r2, n2, t2 + j2, target) is not None:
            continue
        if trial.rules.meld_filters and limit_violation(trial, side, r2, n2, t2, j2, target) is not None:
            continue
        canastas, naturals, turn_canastas, _ = _after_meld(trial, side, r2, n2, t2, j2, target)
        if going_out_violation(trial, seat, canastas, naturals, turn_canastas, opened) is None:
            return True
    return False


def yes_binds(st: State, seat: int) -> bool:
    """After the partner's yes, whether a discard that does not go out is refused (002 UTGÅNG 2, 004 L175, decisions P26).

    It is, while :func:`can_go_out` finds a way out and some meld now keeps one
    open (or ends the hand), so a bound player is never left without a move.
    """
    if not can_go_out(st, seat):
        return False
    from .listing import _meld_candidates
    from .transitions import do

    hand = st.hand_number
    for a in _meld_candidates(st, seat, st.rules.side_of[seat]):
        trial = st.copy()
        do(trial, a)
        if trial.hand_number != hand or trial.phase != PHASE_MELD or can_go_out(trial, seat):
            return True
    return False


def _meld_violation(st: State, a: Meld) -> Violation | None:
    seat = st.current
    side = st.rules.side_of[seat]
    rank, n, t, j = a.rank, a.naturals, a.twos, a.jokers
    if n < 0 or t < 0 or j < 0 or n + t + j == 0:
        return ("melds", "a meld names at least one card")
    if rank in (TWO, JOKER) or not 0 <= rank <= WILD:
        return ("melds", "twos and jokers are wild: meld them with a rank, or as the wild meld W")
    if rank == THREE and st.rules.black_bonus:
        return ("black_threes.bonus_card", "black threes are bonus cards here, laid down as soon as they come into the hand, never melded")
    if rank == WILD and n:
        return ("canastas.wild_canastas", "the wild meld holds only twos and jokers")
    if n > (st.naturals_in_hand(seat, rank) if rank != WILD else 0) or t > st.counts[seat][TWO] or j > st.counts[seat][WILD]:
        return ("melds", "you do not hold those cards")
    provisional = not st.opened[side]
    if provisional and st.retracted:
        return ("initial_meld.retract", "after taking back an opening, you cannot try again this turn")
    existing = st.melds[side].get(rank)
    if provisional and not st.rules.several_melds and existing is None and st.turn_new:
        return ("initial_meld.several_melds", "the opening must be a single meld")
    found = _shape_violation(st, rank, n, t + j, existing)
    if found is None and st.rules.meld_filters:
        found = limit_violation(st, side, rank, n, t, j, existing)
    if found is not None:
        return found
    k = st.sizes[seat] - n - t - j
    if rank == THREE and k > 1:
        return ("black_threes.going_out_only", "black threes are melded only when going out, as the last meld")
    points = n * rank_value(st, rank) if rank != WILD else 0
    points += t * st.rules.value[0] + j * st.rules.value[JOKER]
    return _remaining_violation(st, seat, side, k, rank, n, t, j, existing, points if provisional else 0, st.pending)


def _pile_violation(st: State) -> Violation | None:
    """Whether the pile can be taken at all, whatever the form: it is there and its top card is natural (001 §14, §17 B, §20 B)."""
    pile = st.pile
    if not pile:
        return ("discard_pile", "the discard pile is empty")
    if st.retracted:
        return ("initial_meld.retract", "after taking back an opening from the pile, draw from the stock")
    top = pile[-1]
    if top == JOKER or top >> 2 == TWO:
        if st.rules.always_frozen:  # only a natural pair of the top card's rank takes it, and a wild card has none (Cuban RG, EBB §2.3)
            return ("discard_pile.always_frozen", "the pile is always frozen: only a natural pair of the top card's rank takes it, and a wild card on top has none")
        return ("discard_pile.wild_on_top", "a pile topped by a wild card cannot be taken")
    if top >> 2 == THREE:
        return ("black_threes.on_top", "a pile topped by a black three cannot be taken")
    if st.rules.dead_ranks is not DeadRanks.NONE and st.is_dead(st.rules.side_of[st.current], top >> 2):
        return ("melds.dead_after_canasta", "the top card's rank is dead (a canasta of it is complete), so the pile cannot be taken")
    return None


def _taker_violation(st: State, seat: int, side: int, existing: MeldTuple | None) -> Violation | None:
    """Whether this player may take the pile, whatever the form (001 §14 C, 000 ATT TA HÖGEN 4)."""
    r = st.rules
    if r.one_card_rule and st.sizes[seat] == 1 and len(st.pile) == 1:
        return ("discard_pile.one_card_rule", "holding one card, you may not take a pile of one card")
    if r.own_canasta_rank_blocks and existing is not None and existing[0] + existing[1] + existing[2] >= r.canasta_size:
        return ("discard_pile.own_canasta_rank_blocks", "the top card matches one of your side's canastas")
    if not st.opened[side] and r.from_hand_before_pile:
        return ("initial_meld.from_hand_before_pile", "your side must first lay its whole opening from the hand, then take the pile")
    if not st.opened[side] and not r.allowed_from_pile:
        return ("initial_meld.allowed_from_pile", "your side must open before taking the pile")
    return None


def _take_violation(st: State, a: TakePile) -> Violation | None:
    found = _pile_violation(st)
    if found is not None:
        return found
    if a.top_only and not st.rules.take_top_card_only:
        return ("discard_pile.take_top_card_only", "the whole pile must be taken")
    seat = st.current
    side = st.rules.side_of[seat]
    rank = st.pile[-1] >> 2
    existing = st.melds[side].get(rank)
    found = _taker_violation(st, seat, side, existing)
    if found is not None:
        return found
    n, t, j = a.naturals, a.twos, a.jokers
    if (n, t, j) not in TAKE_FORMS:
        return ("discard_pile.forms", "take with a natural pair (n2), a natural and a wild (n1 t1, n1 j1), or onto your meld (take)")
    return _form_violation(st, seat, side, rank, existing, n, t, j, a.top_only)


def _frozen(st: State) -> Violation:
    """A frozen pile refused to a take without a natural pair: the rules' own pile, where it is always frozen (Modern American EBB §2.3)."""
    if st.rules.always_frozen:
        return ("discard_pile.always_frozen", "the pile is always frozen: only a natural pair of the top card's rank takes it")
    return ("discard_pile.frozen", "the pile is frozen: only a natural pair takes it")


def _form_violation(
    st: State, seat: int, side: int, rank: int, existing: MeldTuple | None, n: int, t: int, j: int, top_only: bool
) -> Violation | None:
    """The checks of taking the pile that depend on the form: naturals, twos and jokers from hand, and the pile's state (001 §14 A-B)."""
    r = st.rules
    counts = st.counts[seat]
    if n > counts[rank] or t > counts[TWO] or j > counts[WILD]:
        return ("discard_pile", "you do not hold those cards")
    opened = st.opened[side]
    if n == 0:
        if not opened:
            return ("initial_meld.pile_requires_natural_pair", "before your side opens, the pile needs a natural pair")
        if st.frozen:
            return _frozen(st)
        if not r.add_top_card_to_meld:
            return ("discard_pile.add_top_card_to_meld", "the pile is not taken by adding its top card to a meld")
        if existing is None:
            return ("discard_pile.add_top_card_to_meld", "your side has no meld of the top card's rank")
        if existing[0] + existing[1] + existing[2] >= r.canasta_size and not r.add_top_card_to_canasta:
            return ("discard_pile.add_top_card_to_canasta", "the top card may not be added to a completed canasta")
    elif n == 1:
        if st.frozen:
            return _frozen(st)
        if not opened and r.pile_needs_pair_to_open:
            return ("initial_meld.pile_requires_natural_pair", "before your side opens, the pile needs a natural pair")
        if not r.wild_and_natural:
            return ("discard_pile.wild_and_natural", "the pile is not taken with a natural and a wild card")
    found = _shape_violation(st, rank, n + 1, t + j, existing)
    if found is None and r.meld_filters:
        found = limit_violation(st, side, rank, n + 1, t, j, existing)
    if found is not None:
        return found
    pile = st.pile
    if not opened:
        found = _opening_reach_violation(st, seat, side, rank, existing, n, t, j, waits=not top_only and len(pile) > 1, top_only=top_only)
        if found is not None:
            return found
    k = st.sizes[seat] - n - t - j
    reds = held_red_threes(st, seat)  # with red threes kept in hand, _remaining_violation decides
    if k >= 2 and not reds:
        return None
    if not top_only and opened:
        below = pile[:-1]
        k += len(below) - _bonus_count(st, below)  # red threes (and black ones where they are bonus cards) are laid, not held
        if k >= 2 and not reds:
            return None
    points = (n + 1) * rank_value(st, rank) + t * r.value[0] + j * r.value[JOKER]
    pending = pile[:-1] if not top_only and not opened else st.pending
    return _remaining_violation(st, seat, side, k, rank, n + 1, t, j, existing, 0 if opened else points, pending)


def _discard_violation(st: State, a: Discard) -> Violation | None:
    seat = st.current
    side = st.rules.side_of[seat]
    if not _held(st, seat, a.rank):
        return ("turn", "you do not hold that card")
    if st.pending:
        return ("initial_meld.pending_pile", "the pile waits until your opening reaches the minimum; meld more or retract")
    if not st.opened[side] and st.turn_new and st.sizes[seat] > 1:
        need = st.minimum(side)
        if st.turn_points >= need:
            size = st.rules.natural_meld_size
            return ("initial_meld.natural_meld_size", f"your opening counts {st.turn_points} points but needs a meld of {size} or more naturals and no wild card")
        return ("initial_meld.minimums", f"your opening counts {st.turn_points} points and your side needs {need}")
    if st.rules.discard_restricted:
        found = discard_violation(st, seat, WILD if a.rank == JOKER else a.rank)
        if found is not None:
            return found
    if st.sizes[seat] > 1:
        if st.asked == 2 and yes_binds(st, seat):
            return ("going_out.permission", "your partner answered yes, and you can go out, so you must")
        if st.ask_binds and yes_binds(st, seat):
            return ("going_out.ask_after_melding", "you melded before asking, so you must go out now that you can, whatever the answer")
        return None
    if st.rules.reserve_sizes and (st.reserve_after_discard(seat) or st.reserve_when_empty(seat)):
        return None  # the discard empties the hand, and a reserve pile refills it: no going out (HON rule 5)
    canastas, naturals = st.canastas(side)
    return going_out_violation(st, seat, canastas, naturals, turn_canastas(st, side), st.opened[side])


def opening_reach(st: State, seat: int, side: int, rank: int, existing: MeldTuple | None, n: int, t: int, j: int) -> int:
    """The most points the hand could add to the opening this turn after taking the pile with (n, t, j) (001 §26 A, 004 L70).

    The pile's other cards do not count (004 L70, 000 ATT TA HÖGEN 4). A sound
    upper bound, never less than what the hand can really meld: every natural
    left of the top card's rank and of a rank the side has a meld of; every
    natural of a rank the hand could meld new (enough naturals, and with the
    wild cards enough cards); black threes when enough to meld; and the
    dearest wild cards that fit the free room of all those melds (every wild
    card when wild-card melds are allowed). With melds.several_melds off, only
    the pile's meld and the side's old melds can grow.
    """
    r = st.rules
    counts = st.counts[seat]
    value = r.value
    wilds = counts[TWO] - t + counts[WILD] - j
    single = not r.several_melds
    melds = st.melds[side]
    points = 0
    room = 0
    for x in range(FOUR, 13):
        c = counts[x] - (n if x == rank else 0)
        old = melds.get(x)
        if x == rank:
            nat, wild = c + n + 1 + (existing[0] if existing else 0), t + j + (existing[1] + existing[2] if existing else 0)
        elif old is not None:
            nat, wild = c + old[0], old[1] + old[2]
        elif single or c < r.min_naturals or c + wilds < r.min_size or c + r.wild_room[c] < r.min_size:
            continue
        else:
            nat, wild = c, 0
        points += c * value[x * 4]
        room += max(0, r.wild_room[nat] - wild)
    blacks = st.hands[seat][BLACK_THREE_CLUBS] + st.hands[seat][BLACK_THREE_SPADES]
    if (THREE in melds or not single) and blacks >= r.black_three_min:
        points += blacks * value[BLACK_THREE_CLUBS]
    free = wilds if r.wild_canastas and (WILD in melds or not single) else min(wilds, room)
    by_value = sorted([value[JOKER]] * (counts[WILD] - j) + [value[0]] * (counts[TWO] - t), reverse=True)
    return points + sum(by_value[:free])


def _out_after_take(st: State, seat: int, side: int, rank: int, existing: MeldTuple | None, n: int, t: int, j: int, below: list[int]) -> bool:
    """Whether the hand could go out in this turn after taking the pile with (n, t, j): every card melded, the pile's meld
    and the side's melds with the canastas going out needs (:func:`canasta.core.going_out.going_out_plan`, 001 §18 B).

    ``below``: the pile's other cards that come to the hand with the take; bonus cards among them are laid.
    """
    counts = list(st.counts[seat])
    counts[THREE] = st.naturals_in_hand(seat, THREE)
    counts[rank] -= n
    counts[TWO] -= t
    counts[WILD] -= j
    for card in below:
        if not st.is_bonus_card(card):
            counts[WILD if card == JOKER else card >> 2] += 1
    melds = {rk: (m[0], m[1], m[2]) for rk, m in st.melds[side].items()}
    n0, t0, j0 = melds.get(rank, (0, 0, 0))
    melds[rank] = (n0 + n + 1, t0 + t, j0 + j)
    dead = frozenset(rk for rk in NATURAL_RANKS if st.is_dead(side, rk))
    return going_out_plan(counts, melds, st.rules, dead=dead, opening=True) is not None


def _opening_reach_violation(
    st: State, seat: int, side: int, rank: int, existing: MeldTuple | None, n: int, t: int, j: int, *, waits: bool, top_only: bool
) -> Violation | None:
    """Refuse a take for the opening that no meld from the hand can complete: it could only be taken back (001 §26 A).

    ``waits``: the rest of the pile waits for the opening (004 L70); ``top_only``:
    only the top card is taken (000 ATT TA HÖGEN 3 b). The pile's other cards
    never count toward the minimum (000 ATT TA HÖGEN 4, decisions P36).

    From rules version 3 the opening must also leave the turn an end: a card
    to discard and one to keep, the pile's other cards included once they come
    to the hand (001 §16 B, §26 A), or a going out with the canastas it needs
    (001 §18 B); and where a concealed going out needs no minimum, the take
    stands only if the hand it leaves could go out at once (004 L179). Before
    version 3 the points alone decided, and a concealed going out was assumed
    possible.
    """
    r = st.rules
    need = st.minimum(side)
    taken = (n + 1) * rank_value(st, rank) + t * r.value[0] + j * r.value[JOKER]
    if taken >= need:
        return None
    keeping = ""
    if not r.opening_takes_completable:
        if not waits and r.concealed_allowed and r.concealed_minimum is ConcealedMinimum.ALWAYS_WAIVED:
            return None
        more = opening_reach(st, seat, side, rank, existing, n, t, j)
    else:
        below = [] if top_only else st.pile[:-1]
        kept = len(below) - _bonus_count(st, below)
        out: bool | None = None  # whether the hand could go out after the take, found once if needed
        if r.concealed_allowed and r.concealed_minimum is ConcealedMinimum.ALWAYS_WAIVED and not waits:
            out = _out_after_take(st, seat, side, rank, existing, n, t, j, below)
            if out:
                return None
        more = opening_reach(st, seat, side, rank, existing, n, t, j)
        if taken + more >= need and kept < 2 and not r.reserve_sizes:
            if out is None:
                out = _out_after_take(st, seat, side, rank, existing, n, t, j, below)
            if not out:
                more = _reach_keeping(st, seat, side, rank, existing, n, t, j, budget=st.sizes[seat] - n - t - j + kept - 2)
                keeping = " and still keep a card to discard"
    if taken + more >= need:
        return None
    form = "pair" if n == 2 else "natural and wild card"
    return (
        "initial_meld.minimums",
        f"taking the pile with this {form} counts {taken} points, and your hand can add at most {more}{keeping}: your side needs {need}",
    )


def _reach_keeping(st: State, seat: int, side: int, rank: int, existing: MeldTuple | None, n: int, t: int, j: int, *, budget: int) -> int:
    """The most points the hand could add to the opening after taking the pile with (n, t, j), melding at most ``budget``
    cards, so that one is left to discard and one to keep (001 §16 B). Black threes are left out: they are melded only
    in going out (001 §20 C).

    A bound of the same kind as :func:`opening_reach`: each rank may add naturals to the pile's meld or the side's melds,
    or start a meld with enough naturals (and the wild cards it then needs), and wild cards, the dearest first, fill the
    room the melds leave; over the ranks, the best points for each number of cards melded, wild room and wild cards
    required.
    """
    if budget <= 0:
        return 0
    r = st.rules
    counts = st.counts[seat]
    wilds = counts[TWO] - t + counts[WILD] - j
    value = r.value
    melds = st.melds[side]
    single = not r.several_melds
    bases: dict[int, tuple[int, int]] = {x: (m[0], m[1] + m[2]) for x, m in melds.items() if FOUR <= x < WILD}
    bases[rank] = (n + 1 + (existing[0] if existing else 0), t + j + (existing[1] + existing[2] if existing else 0))
    room0 = wilds if r.wild_canastas and (WILD in melds or not single) else 0
    room0 += sum(max(0, r.wild_room[min(nat, 63)] - wild) for nat, wild in bases.values())
    best: dict[tuple[int, int, int], int] = {(0, min(wilds, room0), 0): 0}  # (cards melded, free wild room, wild cards required) -> points
    for x in range(FOUR, 13):
        c = counts[x] - (n if x == rank else 0)
        if not c:
            continue
        base_n, base_w = bases.get(x, (-1, -1))
        options: list[tuple[int, int, int]] = []  # (naturals, free room added, wild cards required)
        for k in range(1, c + 1):
            if base_n >= 0:
                options.append((k, max(0, r.wild_room[min(base_n + k, 63)] - base_w) - max(0, r.wild_room[min(base_n, 63)] - base_w), 0))
            elif not single and k >= r.min_naturals:
                need_wild = max(0, r.min_size - k)
                room = r.wild_room[min(k, 63)]
                if need_wild <= min(room, wilds):
                    options.append((k, room - need_wild, need_wild))
        worth = value[x * 4]
        grown = dict(best)
        for (used, room, required), points in best.items():
            for k, more_room, more_required in options:
                cards = used + k + more_required
                if cards > budget or required + more_required > wilds:
                    continue
                key = (cards, min(wilds, room + more_room), required + more_required)
                if grown.get(key, -1) < points + k * worth:
                    grown[key] = points + k * worth
        best = grown
    by_value = sorted([value[JOKER]] * (counts[WILD] - j) + [value[0]] * (counts[TWO] - t), reverse=True)
    top = 0
    for (used, room, required), points in best.items():
        placed = required + min(wilds - required, room, budget - used)
        top = max(top, points + sum(by_value[:placed]))
    return top


def _decline_violation(st: State) -> Violation | None:
    if st.stock:
        return ("end_of_stock", "the pile may be left only once the stock is empty; draw instead")
    if st.turn_new and not st.opened[st.rules.side_of[st.current]]:
        # An opening laid before the draw (initial_meld.from_hand_before_pile) stands only with the pile taken: leaving the
        # pile would end the hand with melds of a side that never opened on the table (EBB §2.3, §2.6).
        return ("initial_meld.from_hand_before_pile", "take the pile to complete your opening, or take the opening back (retract)")
    mode = st.rules.end_mode
    if mode is StockExhausted.OPTIONAL_PICKUP or st.retracted:
        return None
    # A take for an opening that the hand cannot complete is refused (_opening_reach_violation), so it is never forced (004 L194).
    takes = [f for f in TAKE_FORMS if _take_violation(st, take(*f)) is None]
    if not takes:
        return None
    if mode is StockExhausted.FORCED_IF_LEGAL:
        return ("end_of_stock.mode", "at the end of the stock you must take the pile when you can")
    top = st.pile[-1]
    if not st.frozen and (top >> 2) in st.melds[st.rules.side_of[st.current]]:
        return ("end_of_stock.mode", "at the end of the stock you must take the pile when its top card fits your side's meld")
    return None


def _ask_violation(st: State) -> Violation | None:
    r = st.rules
    if not r.permission:
        return ("going_out.permission", "asking the partner is not part of these rules or this table has no partners")
    if st.asked:
        return ("going_out.permission", "you have already asked this turn")
    if not r.ask_after_melding and (st.turn_new or st.turn_added_old or st.pile_taken_top >= 0):
        return ("going_out.ask_after_melding", "ask before melding anything")
    if r.permission_after_stock_draw and not st.drew_from_stock:
        return ("going_out.permission", "ask only after drawing from the stock")
    if st.sizes[st.current] < 2:
        return ("going_out.permission", "with one card you could not keep a card if the answer were no: go out or play on without asking")
    return None


def _lay_violation(st: State) -> Violation | None:
    """Whether the player may lay down a red three he kept (004 L160, L162; decisions P46).

    Only where laying is a choice, on his own turn, holding one. With the stock
    empty no replacement comes, so the lay must not leave him stranded: in the
    draw phase it keeps a card, after the draw two, or one that goes out.
    """
    seat = st.current
    if not st.rules.keep_red_threes:
        return ("red_threes.may_keep_in_hand", "red threes are laid down automatically under these rules")
    if not st.red_threes_in_hand(seat):
        return ("red_threes.may_keep_in_hand", "you hold no red three to lay down")
    if st.stock:
        return None
    reds = st.red_threes_in_hand(seat)
    ordinary = st.sizes[seat] - reds
    if st.phase == PHASE_DRAW:
        if reds > 1 or ordinary:
            return None
        return ("red_threes.may_keep_in_hand", "the stock is empty, so no replacement comes: laying your last card would leave you no hand")
    if ordinary >= (1 if reds > 1 else 2):
        return None
    if ordinary == 0:
        return ("red_threes.may_keep_in_hand", "the stock is empty, so no replacement comes: you would keep no card to discard")
    side = st.rules.side_of[seat]
    canastas, naturals = st.canastas(side)
    found = going_out_violation(st, seat, canastas, naturals, turn_canastas(st, side), st.opened[side])
    if found is None:
        return None
    return (found[0], f"the stock is empty, so no replacement comes, and the one card left would have to go out: {found[1]}")


def _retract_violation(st: State) -> Violation | None:
    side = st.rules.side_of[st.current]
    if st.opened[side] or not (st.turn_new or st.pending):
        return ("initial_meld.retract", "there is no unfinished opening to take back")
    return None


def _held(st: State, seat: int, rank: int) -> int:
    """How many cards of ``rank`` (a rank index; 52 for a joker) the seat could discard: black threes only, of the threes."""
    if rank == JOKER:
        return st.counts[seat][WILD]
    if rank == THREE:
        return st.naturals_in_hand(seat, THREE)
    return st.counts[seat][rank] if 0 <= rank <= 12 else 0


def _unheld_violation(st: State, action: Action) -> Violation | None:
    """Before the draw, a discard or meld of cards the player does not hold: say so, not only that he must draw first.

    Both are refused either way; the cards named are the more useful reason.
    """
    seat = st.current
    counts = st.counts[seat]
    if isinstance(action, Discard):
        return None if _held(st, seat, action.rank) else ("turn", "you do not hold that card")
    if isinstance(action, Meld) and 0 <= action.rank <= WILD and action.rank != JOKER:
        naturals = 0 if action.rank == WILD else st.naturals_in_hand(seat, action.rank)
        if action.naturals > naturals or action.twos > counts[TWO] or action.jokers > counts[WILD]:
            return ("melds", "you do not hold those cards")
    return None


def early_melds_open(st: State) -> bool:
    """Whether the player may meld before drawing, to open from his hand and then take the pile (``initial_meld.from_hand_before_pile``; EBB §2.3, §2.6).

    Only while his side has not opened, and only when the pile could then be
    taken: its top card natural and not dead, and a natural pair of its rank
    in his hand. Drawing from the stock stays open to him all along.
    """
    seat = st.current
    side = st.rules.side_of[seat]
    if st.opened[side] or st.retracted or not st.pile or _pile_violation(st) is not None:
        return False
    return st.naturals_in_hand(seat, st.pile[-1] >> 2) >= 2


def _early_meld_violation(st: State, a: Meld) -> Violation | None:
    """A meld before the draw (``initial_meld.from_hand_before_pile``): part of an opening from the hand that takes the pile after."""
    if not early_melds_open(st):
        side = st.rules.side_of[st.current]
        if st.opened[side]:
            return _unheld_violation(st, a) or ("turn", "draw from the stock or take the pile first")
        return _unheld_violation(st, a) or (
            "initial_meld.from_hand_before_pile",
            "you may meld before drawing only to open from your hand and then take the pile with a natural pair of its top card",
        )
    return _meld_violation(st, a)


def check(st: State, action: Action) -> Violation | None:
    """None if ``action`` is legal for the player to act now; otherwise the rule that forbids it."""
    phase = st.phase
    if phase == OVER:
        return ("match.hands" if st.rules.match_hands else "match.target", "the match is over")
    if phase == ANSWER:
        if isinstance(action, AnswerGoOut):
            return None
        return ("going_out.permission", "the partner must first answer 'may I go out?'")
    if isinstance(action, AnswerGoOut):
        return ("going_out.permission", "nobody asked 'may I go out?'")
    if phase == PHASE_DRAW:
        if isinstance(action, Draw):
            return None if st.stock else ("end_of_stock", "the stock is empty: take the pile or decline it")
        if isinstance(action, TakePile):
            return _take_violation(st, action)
        if isinstance(action, DeclinePile):
            return _decline_violation(st)
        if isinstance(action, LayRedThree):
            return _lay_violation(st)
        if st.rules.from_hand_before_pile:
            if isinstance(action, Meld):
                return _early_meld_violation(st, action)
            if isinstance(action, Retract) and st.turn_new:
                return _retract_violation(st)
        if isinstance(action, ShowSpecialHand) and st.rules.special_hands:
            return ("scoring.special_hands", "a special hand is shown after drawing from the stock, before melding anything")
        return _unheld_violation(st, action) or ("turn", "draw from the stock or take the pile first")
    if isinstance(action, Meld):
        return _meld_violation(st, action)
    if isinstance(action, Discard):
        return _discard_violation(st, action)
    if isinstance(action, AskGoOut):
        return _ask_violation(st)
    if isinstance(action, Retract):
        return _retract_violation(st)
    if isinstance(action, (Draw, TakePile, DeclinePile)):
        return ("turn", "you have already drawn this turn")
    if isinstance(action, LayRedThree):
        return _lay_violation(st)
    if isinstance(action, ShowSpecialHand):
        return shown_violation(st, action.name)
    return ("turn", f"{action!r} is not an action")


__all__ = ["FIXED_SOURCES", "Violation", "check", "going_out_violation", "opening_reach", "rank_value", "refusal_source"]
