"""Helpers for the engine tests: put a :class:`canasta.Game` into a chosen mid-hand situation.

:func:`setup` edits ``g.state`` directly, but only by *moving* cards: every card
of the deck is first gathered into a pool (hands, melds, red threes, stock,
pile and pending pile cards), the cards a test names are taken out of that
pool, and whatever is left goes to the stock (or, when the stock is given a
size, under the pile or into a named hand). So :func:`census` still matches
``build_deck(decks, jokers)`` afterwards, and the engine never sees a card
that does not exist.

Card texts are the engine's (``KS``, ``TD``, ``3H``, ``JK``), separated by
spaces. Melds are given per side as ``{"K": "KS KH KD 2C"}``; the key is the
meld's rank character (``3`` for black threes, ``W`` for the wild-card meld).
"""

from __future__ import annotations

import importlib
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import canasta
from canasta.core import state as st_mod
from canasta.core.cards import CODES_AT, JOKER, N_CODES, RED_THREES, TWO, build_deck, card_text, parse_card, parse_rank
from canasta.core.state import State
from canasta.errors import IllegalActionError

CardsSpec = str | Sequence[int]

BUNDLED: tuple[str, ...] = (
    "cuban",
    "dutch",
    "finnish",
    "hand-and-foot",
    "modern-american",
    "rasche-house",
    "regency",
    "swedish-club",
    "swedish-official",
    "uruguayan",
)
"""The bundled profiles, by name in sorted order, written out: a profile added or lost shows in the tests that list them."""

CLASSIC: tuple[str, ...] = ("dutch", "finnish", "rasche-house", "regency", "swedish-club", "swedish-official")
"""The profiles of the five classic sources (000-004); the family profiles have their own tests.

The engine tests of the classic rules (upcard freezing, the 15/50/90/120 bands, taking the
pile with a wild and a natural card, the concealed 200, ...) run over these; the family
profiles (cuban, modern-american, uruguayan) change exactly those rules.
"""


def cards(spec: CardsSpec) -> list[int]:
    """Card codes from ``"KS KH 2C JK"`` (or a list of codes, returned as is)."""
    if isinstance(spec, str):
        return [parse_card(t) for t in spec.split()]
    return list(spec)


def texts(codes: Iterable[int]) -> str:
    """The text of card codes, sorted, for messages."""
    return " ".join(card_text(c) for c in sorted(codes))


def deck_counter(g: canasta.Game) -> Counter[int]:
    """The multiset of card codes the game's deck holds."""
    r = g.state.rules
    return Counter(build_deck(r.decks, r.jokers))


def census(g: canasta.Game | State) -> Counter[int]:
    """Every card in the game (State.census): hands, melds, red threes, stock, pile, pending and out of play."""
    st = g.state if isinstance(g, canasta.Game) else g
    return st.census()


def check_consistency(g: canasta.Game | State) -> None:
    """Hands, per-rank counts and sizes agree; melds' counts agree with their cards."""
    st = g.state if isinstance(g, canasta.Game) else g
    for seat, row in enumerate(st.counts):
        assert len(row) == CODES_AT + N_CODES, f"seat {seat}: a hand's list holds its counts per rank, then per card code"
        hand = row[CODES_AT:]
        assert min(hand) >= 0, f"seat {seat} holds a negative count of a card"
        per_rank = [0] * CODES_AT
        for code, n in enumerate(hand):
            per_rank[13 if code == JOKER else code >> 2] += n
        assert per_rank == row[:CODES_AT], f"seat {seat}: per-rank counts out of step with the hand"
        assert sum(hand) == st.sizes[seat], f"seat {seat}: size out of step with the hand"
    for side, side_melds in enumerate(st.melds):
        for rank, (n, t, j, codes) in side_melds.items():
            twos = sum(1 for c in codes if c != JOKER and c >> 2 == TWO)
            jokers = sum(1 for c in codes if c == JOKER)
            assert (n, t, j) == (len(codes) - twos - jokers, twos, jokers), f"side {side} meld {rank}: counts out of step with cards"


def assert_conserved(g: canasta.Game | State) -> None:
    """Card conservation: the census equals the deck, and the bookkeeping is consistent."""
    st = g.state if isinstance(g, canasta.Game) else g
    want = Counter(build_deck(st.rules.decks, st.rules.jokers))
    got = census(st)
    if got != want:
        missing = want - got
        extra = got - want
        raise AssertionError(f"cards not conserved: missing [{texts(missing.elements())}], extra [{texts(extra.elements())}]")
    check_consistency(st)


def _meld_tuple(rank: int, codes: list[int]) -> tuple[int, int, int, tuple[int, ...]]:
    twos = sum(1 for c in codes if c != JOKER and c >> 2 == TWO)
    jokers = sum(1 for c in codes if c == JOKER)
    return (len(codes) - twos - jokers, twos, jokers, tuple(codes))


class _Pool:
    def __init__(self, codes: list[int]) -> None:
        self.left = Counter(codes)
        self.order = codes

    def take(self, wanted: list[int], where: str) -> list[int]:
        for c in wanted:
            if self.left[c] <= 0:
                raise ValueError(f"setup: no {card_text(c)} left in the deck for {where}")
            self.left[c] -= 1
        return wanted

    def rest(self) -> list[int]:
        """The cards left, in the pool's (shuffled) order."""
        left = Counter(self.left)
        out = []
        for c in self.order:
            if left[c] > 0:
                left[c] -= 1
                out.append(c)
        return out


POSITION_PHASES = {"draw": st_mod.DRAW, "meld": st_mod.MELD}


def setup(
    g: canasta.Game,
    *,
    hands: Mapping[int, CardsSpec] | None = None,
    melds: Mapping[int, Mapping[str, CardsSpec]] | None = None,
    red_threes: Mapping[int, CardsSpec] | None = None,
    pile: CardsSpec = "",
    frozen: bool = False,
    stock_top: CardsSpec = "",
    stock_size: int | None = None,
    extra_to: str | int = "pile",
    opened: Mapping[int, bool] | None = None,
    melded_before: Mapping[int, bool] | None = None,
    current: int = 0,
    phase: str = "draw",
    drew_from_stock: bool | None = None,
    scores: Sequence[int] | None = None,
    minimum_raise: Sequence[int] | None = None,
    filler: int | None = None,
) -> canasta.Game:
    """Put ``g`` into a chosen situation by moving cards, and return it.

    * ``hands``: seat -> its cards. Seats not named get ``filler`` cards
      (default: the hand size) from the leftovers, red threes excluded;
      a seat sitting out the hand (004 L11) gets none.
    * ``melds``: side -> {rank char: cards}; ``red_threes``: side -> cards.
    * ``pile``: bottom to top; ``frozen``: the pile's frozen flag.
    * ``stock_top``: the next cards drawn, the last one drawn first.
      ``stock_size``: how many leftovers go into the stock under ``stock_top``
      (default: all of them); the others go under the pile (``extra_to="pile"``)
      or into the hand of the seat ``extra_to``.
    * ``opened``: side -> flag (default: the side has melds).
      ``melded_before``: seat -> flag (default: the seat's side has melds).
    * ``phase`` ``"draw"`` or ``"meld"``; in ``"meld"`` the player counts as
      having drawn from the stock unless ``drew_from_stock`` says otherwise.
    """
    st = g.state
    r = st.rules
    n, sides = r.players, r.sides
    aside = Counter(c for pile in st.reserves for c in pile)  # reserve piles dealt aside stay where they are
    pool_codes = sorted((census(st) - aside).elements())
    random.Random(f"setup:{st.seed}").shuffle(pool_codes)
    pool = _Pool(pool_codes)

    hands = dict(hands or {})
    melds = dict(melds or {})
    red_threes = dict(red_threes or {})

    hand_cards = {seat: pool.take(cards(spec), f"seat {seat}'s hand") for seat, spec in hands.items()}
    meld_cards: dict[int, dict[int, list[int]]] = {}
    for side, side_melds in melds.items():
        meld_cards[side] = {}
        for rank_char, spec in side_melds.items():
            meld_cards[side][parse_rank(rank_char)] = pool.take(cards(spec), f"side {side}'s {rank_char} meld")
    threes = {side: pool.take(cards(spec), f"side {side}'s red threes") for side, spec in red_threes.items()}
    pile_cards = pool.take(cards(pile), "the pile")
    top_cards = pool.take(cards(stock_top), "the top of the stock")

    leftovers = pool.rest()
    fill = r.hand_size if filler is None else filler
    idle = r.seating(st.hand_number).out  # seats sitting out this hand hold no cards (004 L11)
    for seat in range(n):
        if seat in hand_cards:
            continue
        if seat in idle:
            hand_cards[seat] = []
            continue
        chosen: list[int] = []
        kept: list[int] = []
        for c in leftovers:
            if len(chosen) < fill and c not in RED_THREES:
                chosen.append(c)
            else:
                kept.append(c)
        leftovers = kept
        hand_cards[seat] = chosen

    if stock_size is None:
        stock = leftovers + top_cards
        extra: list[int] = []
    else:
        if stock_size > len(leftovers):
            raise ValueError(f"setup: only {len(leftovers)} cards are left for a stock of {stock_size}")
        stock = leftovers[:stock_size] + top_cards
        extra = leftovers[stock_size:]

    for seat in range(n):
        st.counts[seat] = [0] * len(st.counts[seat])
        st.sizes[seat] = 0
    for seat, codes in hand_cards.items():
        for c in codes:
            st.add_card(seat, c)
    if extra_to == "pile":
        pile_cards = extra + pile_cards
    else:
        for c in extra:
            st.add_card(int(extra_to), c)

    st.melds = tuple({rank: _meld_tuple(rank, codes) for rank, codes in meld_cards.get(side, {}).items()} for side in range(sides))
    st.red_threes = tuple(tuple(threes.get(side, [])) for side in range(sides))
    st.pile = list(pile_cards)
    st.history = [(-1, c) for c in st.pile]
    st.stock = stock
    st.frozen = frozen

    opened = dict(opened or {})
    st.opened = tuple(opened.get(side, bool(st.melds[side])) for side in range(sides))
    melded_before = dict(melded_before or {})
    st.melded_before = tuple(melded_before.get(seat, bool(st.melds[r.side_of[seat]])) for seat in range(n))
    if scores is not None:
        st.scores = tuple(scores)
    st.minimum_raise = tuple(minimum_raise) if minimum_raise is not None else (0,) * sides
    st.penalties = (0,) * sides
    st.winner = None
    st.turns = 0
    st.current = current
    st.phase = POSITION_PHASES[phase]
    st.reset_turn()
    st.drew_from_stock = (phase == "meld") if drew_from_stock is None else drew_from_stock
    assert_conserved(st)
    return g


def game(variant: str, players: int = 4, seed: int = 1, **kwargs: Any) -> canasta.Game:
    """A new game of ``variant`` set up with :func:`setup`."""
    return setup(canasta.Game(variant, players=players, seed=seed), **kwargs)


def state_fields(st: State) -> list[str]:
    """The names of a state's attributes, read off the object (a compiled state has no ``__dict__``; its attributes are
    descriptors of its class), so no list of them is kept by hand."""
    return sorted(name for name in dir(st) if not name.startswith("_") and not callable(getattr(st, name)))


def snapshot(g: canasta.Game) -> tuple[Any, ...]:
    """Everything observable about a game, and the internal state too, for 'left unchanged' checks."""
    st = g.state
    views = tuple(g.view(seat) for seat in range(g.players))
    internal = tuple((slot, _freeze(getattr(st, slot))) for slot in state_fields(st) if slot not in ("rules", "hand_scores"))
    return (views, g.scores, g.phase, g.current_player, g.hand_number, tuple(sorted(census(st).items())), internal, len(st.hand_scores))


def _freeze(value: Any) -> Any:
    if isinstance(value, dict):
        return tuple(sorted((k, _freeze(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


def violation(g: canasta.Game, action: str) -> IllegalActionError:
    """The violation an illegal action raises; fails if the action is legal."""
    err = g.violation(action)
    assert err is not None, f"{action!r} should be illegal here"
    return err


def assert_illegal(g: canasta.Game, action: str, rule: str, source: str | None = None) -> IllegalActionError:
    """``action`` is refused by ``rule`` citing ``source``; apply raises it and leaves the game unchanged."""
    before = snapshot(g)
    err = violation(g, action)
    assert err.rule == rule, f"{action!r} refused by {err.rule!r} ({err.reason}), expected {rule!r}"
    if source is not None:
        assert source in err.source, f"{action!r}: source {err.source!r} does not cite {source!r}"
    assert canasta.parse_action(action) not in g.legal_actions(), f"{action!r} is listed although illegal"
    try:
        g.apply(action)
    except IllegalActionError as raised:
        assert raised.rule == rule
    else:
        raise AssertionError(f"apply({action!r}) did not raise")
    assert snapshot(g) == before, f"refused {action!r} changed the game"
    return err


def assert_legal(g: canasta.Game, action: str) -> None:
    """``action`` is legal now and listed by legal_actions()."""
    err = g.violation(action)
    assert err is None, f"{action!r} should be legal: {err}"
    assert canasta.parse_action(action) in g.legal_actions(), f"{action!r} is legal but not listed"


def legal_texts(g: canasta.Game) -> set[str]:
    return {str(a) for a in g.legal_actions()}


def _count_text(n: int, t: int, j: int) -> str:
    return " ".join([f"n{n}"] * bool(n) + [f"t{t}"] * bool(t) + [f"j{j}"] * bool(j))


def action_pool() -> list[str]:
    """Every action text form, in canonical spelling: the simple words, every take and
    take-top with up to 3 naturals and 2 of each wild, every ``meld R nN tT jJ`` for
    each rank (the two and the wild meld ``W`` included) with up to 8 naturals or up
    to 5 naturals and 3 of each wild, and a discard of every rank and of a joker."""
    out = ["draw", "ask", "yes", "no", "retract", "decline"]
    for word in ("take", "take-top"):
        out.append(word)
        for n in range(4):
            for t in range(3):
                for j in range(3):
                    if n + t + j:
                        out.append(f"{word} {_count_text(n, t, j)}")
    for rank in "3456789TJQKAW2":
        for n in range(9):
            for t in range(4):
                for j in range(4):
                    if n + t + j == 0 or (n > 5 and t + j):
                        continue
                    out.append(f"meld {rank} {_count_text(n, t, j)}")
    out += [f"discard {r}" for r in "23456789TJQKA"] + ["discard JK"]
    return out


ACTION_POOL: tuple[str, ...] = tuple(action_pool())


def events_of(events: Iterable[object], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


__all__ = [
    "ACTION_POOL",
    "BUNDLED",
    "CLASSIC",
    "action_pool",
    "assert_conserved",
    "assert_illegal",
    "assert_legal",
    "cards",
    "census",
    "check_consistency",
    "deck_counter",
    "events_of",
    "game",
    "legal_texts",
    "setup",
    "snapshot",
    "state_fields",
    "texts",
    "violation",
]


def scramble_hidden(g: canasta.Game, seat: int, rng: random.Random) -> canasta.Game:
    """A copy where every card ``seat`` cannot see (other hands, the stock) is dealt anew, sizes kept; the cards each
    other seat is known to hold (taken with the pile in view of all, ``State.known``) stay in its hand."""
    c = g.copy()
    stt = c.state
    known = stt.known
    others = [s for s in range(c.players) if s != seat]
    hidden = list(stt.stock)
    unknown: dict[int, list[int]] = {}
    for s in others:
        unknown[s] = list((Counter(stt.hand_cards(s)) - Counter(known[s])).elements())
        hidden += unknown[s]
    rng.shuffle(hidden)
    for s in others:
        for card in unknown[s]:
            stt.remove_card(s, card)
        for _ in range(len(unknown[s])):
            stt.add_card(s, hidden.pop())
    stt.known = known
    stt.stock = hidden
    assert_conserved(c)
    return c


def source_of(modname: str) -> Path:
    """The Python source of a module, also when the build compiled it: the wheel ships each ``.py`` beside its extension module."""
    path = Path(importlib.import_module(modname).__file__ or "")
    if path.suffix in (".so", ".pyd"):
        path = path.with_name(modname.rsplit(".", 1)[-1] + ".py")
    return path

