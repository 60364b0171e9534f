"""A fixed-size observation vector of a :class:`~canasta.core.views.PlayerView`.

The vector is a pure function of the view (who sits out is the view's
``sitting_out``), so it holds only what the seat may see: a view never shows
other hands or the stock (see :mod:`canasta.core.views`). Everything is given
from the seat's own point of view: seats in the order "me, the player to my
left, ...", sides in the order "my side, the next side, ...". So one policy
can play every seat.

Cards are counted in 15 *card classes* (:data:`CARD_CLASSES`): ``2``, ``3``
(a black three), ``4`` .. ``A``, ``r3`` (a red three) and ``JK``. Counts are
raw numbers of cards; points (scores, minimums, the provisional opening) are
in hundreds of points. :attr:`ObservationSpace.layout` lists every block
as a :class:`Block` (name, start, stop, shape, meaning); ``docs/rl.md``
prints the table for four players in two sides.

The discard history is summarised in two blocks: ``discards_by_seat`` counts
the cards of each class each seat (and the deal, for upcards) put on the pile
this hand, and ``recent_discards`` one-hot codes the last four cards put on
the pile, newest first, with who put them there. The view's recall is that of
an attentive player without notes (:mod:`canasta.core.views`), and so is this.

The ``pile`` block says whether the pile is frozen, not why
(``view.pile_frozen_by``): the rules take a frozen pile alike whatever froze
it (001 §14 B, §17 B), and the discard blocks count the wild cards and black
threes put on the pile.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import numpy as np
import numpy.typing as npt

from canasta import CanastaKind, TableRules
from canasta.core.arguments import check_players, shown
from canasta.core.cards import ACE, FOUR, JOKER, N_CODES, RED_THREES, THREE, WILD, rank_of
from canasta.core.views import Phase, PlayerView, Question
from canasta.errors import ArgumentError, shown_text, shown_value
from canasta.variants import Variant
from canasta.variants.enums import DeadRanks

from .actions import resolve_variant

CARD_CLASSES = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "r3", "JK")
"""The card classes: two, black three, four to ace (a class each, indexed as ranks), red three, joker."""
N_CLASSES = len(CARD_CLASSES)
"""How many card classes there are (15)."""
_RED_THREE_CLASS = CARD_CLASSES.index("r3")
_JOKER_CLASS = CARD_CLASSES.index("JK")
CLASS_OF: tuple[int, ...] = tuple(
    _JOKER_CLASS if c == JOKER else _RED_THREE_CLASS if c in RED_THREES else int(rank_of(c)) for c in range(N_CODES)
)
"""The card class of each card code."""
MELD_SLOTS = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "W")
"""A side's meld slots: black threes, four to ace, the wild-card meld (004 opt b)."""
SLOT_OF: dict[int, int] = {rank: slot for slot, rank in enumerate((THREE, *range(FOUR, ACE + 1), WILD))}
"""The meld slot of a meld's rank index."""
MELD_FEATURES = ("naturals", "twos", "jokers", "canasta", "natural_canasta")
"""The values encoded for each meld slot: its naturals, twos and jokers, whether it is a canasta, and whether the canasta
holds no mix of wild and natural cards (its :class:`canasta.CanastaKind` is ``NATURAL``, or ``PURE_WILD`` for a wild-card
canasta of twos only or jokers only, 004 opt b)."""
_UNMIXED = (CanastaKind.NATURAL, CanastaKind.PURE_WILD)
RECENT = 4
"""How many of the last cards put on the pile ``recent_discards`` shows."""
ENCODED_PHASES = (Phase.DRAW, Phase.MELD, Phase.ANSWER, Phase.OVER)
"""The phases in the order the ``phase`` block one-hot codes them."""
ENCODED_QUESTIONS = (Question.NOT_ASKED, Question.ASKED, Question.YES, Question.NO)
"""The states of the partner question (001 §23 A) in the order the ``question`` block one-hot codes them."""
TURN_FLAGS = (
    "drew_from_stock",
    "took_pile",
    "pending_pile",
    "opening_points",
    "opening_needed",
    "added_to_old_meld",
    "retracted",
    "stock_empty",
    "take_forced",
)
"""The values of the ``turn`` block, in order (the fields of :class:`~canasta.core.views.TurnView` they come from)."""
POINTS = 100.0
"""Points are divided by this: a score of 1,500 reads 15.0."""


@attrs.frozen(kw_only=True)
class Block:
    """One named slice of the observation vector."""

    name: str
    """The block's name, as :meth:`ObservationSpace.block` and :meth:`ObservationSpace.describe` know it."""
    start: int
    """The index of its first value in the vector."""
    stop: int
    """The index just past its last value."""
    shape: tuple[int, ...]
    """The shape :meth:`ObservationSpace.describe` gives its values."""
    meaning: str
    """What its values mean, as ``docs/rl.md`` prints it."""

    @property
    def size(self) -> int:
        """The number of values in the block."""
        return self.stop - self.start


FAMILY_FLAGS = ("opened_now", "first_round", "reserve_owed", "reserve_piles_left", "reserve_cards_left")
"""The values that open the ``family`` block, in order: the side opened this turn, the hand's first round, a reserve pile owed
after the discard, how many piles and cards are still to give (the view's ``turn.opened_now``, ``first_round``,
``turn.reserve_owed`` and ``reserve_piles``)."""


def observes_family(rules: TableRules) -> bool:
    """Whether the profile has rules of schema 2 whose state the view shows (reserve piles, dead ranks, the rule of five,
    the first round's discards): then the vector ends with the ``family`` block; other profiles' vectors are unchanged."""
    return bool(rules.reserve_sizes or rules.dead_ranks is not DeadRanks.NONE or rules.melds_limited or any(rules.discard_not_first_round))


def _blocks(players: int, sides: int, family: bool = False, books: bool = False) -> tuple[Block, ...]:
    p, s = players, sides
    spec: list[tuple[str, tuple[int, ...], str]] = [
        ("hand", (N_CLASSES,), "own cards by class (001 §9)"),
        ("hand_sizes", (p,), "cards in hand per seat, me first, then to my left"),
        ("playing", (p,), "1 for each seat that plays this hand, 0 for one sitting out (004 L11)"),
        ("dealer", (p,), "one-hot: the dealer's seat"),
        ("current_player", (p,), "one-hot: the seat to act; all 0 once the match is over"),
        ("phase", (len(ENCODED_PHASES),), "one-hot: draw, meld, answer, over"),
        (
            "melds",
            (s, len(MELD_SLOTS), len(MELD_FEATURES)),
            "per side (mine first) and slot 3 4 .. A W: naturals, twos, jokers, is canasta, is natural canasta",
        ),
        ("red_threes", (s,), "red threes on the table per side (001 §21)"),
        ("opened", (s,), "1 if the side has made its initial meld (001 §13)"),
        ("scores", (s,), "cumulative score per side before this hand, in hundreds"),
        ("opening_minimums", (s,), "opening minimum per side this hand, in hundreds (001 §13 A)"),
        ("pile_top", (N_CLASSES + 1,), "one-hot: the pile's top card class, or the last entry for an empty pile"),
        ("pile", (2,), "pile size, 1 if frozen (001 §14 B)"),
        ("stock", (1,), "cards in the stock"),
        ("discards_by_seat", (p + 1, N_CLASSES), "cards put on the pile this hand by class, per seat (me first), last row the upcards"),
        (
            "recent_discards",
            (RECENT, N_CLASSES + p + 1),
            "last 4 cards put on the pile, newest first: class one-hot, then who (seat one-hot, last entry the deal)",
        ),
        ("turn_seat", (p,), "one-hot: whose turn it is (the asker, while the partner answers)"),
        (
            "turn",
            (len(TURN_FLAGS),),
            "drew from stock, took pile, pile cards held back, opening points and points still needed (hundreds), added to an old meld, retracted, stock empty, take forced",
        ),
        ("turn_melded", (len(MELD_SLOTS),), "1 for each meld slot started this turn"),
        ("question", (len(ENCODED_QUESTIONS),), "one-hot: may I go out? not asked, asked, yes, no (001 §23 A)"),
    ]
    if family:
        spec.append(
            (
                "family",
                (len(FAMILY_FLAGS) + p + s * (ACE - FOUR + 1),),
                "schema 2, where the profile has its rules: opened this turn, first round, reserve pile owed, reserve piles and "
                "cards left; reserve received per seat (me first; per side, each seat of the side); dead ranks 4 .. A per side (mine first)",
            )
        )
    if books:
        spec.append(
            (
                "books",
                (s, len(MELD_SLOTS), 2),
                "per side (mine first) and slot 3 4 .. A W: canastas closed and set aside (canastas.several_per_rank), and how "
                "many of them are natural; the melds block then holds each rank's unfinished meld",
            )
        )
    out: list[Block] = []
    at = 0
    for name, shape, meaning in spec:
        size = int(np.prod(shape))
        out.append(Block(name=name, start=at, stop=at + size, shape=shape, meaning=meaning))
        at += size
    return tuple(out)


class ObservationSpace:
    """The observation vector of a seat's view under one profile and player count.

    ``variant`` and ``players`` are read as :class:`~canasta.encoding.ActionSpace`
    reads them. Bad arguments to the methods raise :class:`canasta.ArgumentError`
    (a ``ValueError`` and a ``TypeError``): a value that is not a view of a
    table of this size, a block name the layout lacks (before, a ``KeyError``),
    a vector of another shape.

    >>> space = ObservationSpace("finnish", 4)
    >>> space.shape, space.block("hand").stop
    ((377,), 15)
    """

    __slots__ = ("_books", "_family", "_off", "layout", "players", "shape", "sides", "variant")

    def __init__(self, variant: Variant | str | Path, players: int) -> None:
        self.variant = resolve_variant(variant, "ObservationSpace")
        """The profile (a :class:`canasta.variants.Variant`)."""
        self.players = check_players(self.variant, players, "ObservationSpace")
        """The player count of the table."""
        rules = TableRules(self.variant, self.players)
        self.sides: int = rules.sides
        """How many sides the table plays in (the rules a game of this table plays by, :class:`canasta.TableRules`)."""
        self._family = observes_family(rules)
        self._books = rules.several_per_rank
        self.layout = _blocks(self.players, self.sides, self._family, self._books)
        """Every block of the vector, in order."""
        self.shape: tuple[int] = (self.layout[-1].stop,)
        """The shape of the vector: one dimension, the number of values."""
        self._off = {b.name: b.start for b in self.layout}

    def __repr__(self) -> str:
        return f"<ObservationSpace {self.variant.name!r} players={self.players} shape={self.shape}>"

    def block(self, name: str) -> Block:
        """The block called ``name``; :class:`canasta.ArgumentError` naming the blocks there are for any other value."""
        if issubclass(type(name), str):
            text = shown_text(name)  # the plain text a str subclass holds: its own __eq__ never runs
            for b in self.layout:
                if b.name == text:
                    return b
        raise ArgumentError(f"ObservationSpace.block: no block {shown(name)}; the blocks are {', '.join(b.name for b in self.layout)}")

    def encode(self, view: PlayerView) -> npt.NDArray[np.float32]:
        """The observation vector of ``view``: ``float32`` of :attr:`shape`."""
        return np.array(self.encode_list(view), dtype=np.float32)

    def encode_list(self, view: PlayerView) -> list[float]:
        """The observation vector as a list of floats (what :meth:`encode` wraps).

        ``view`` is a :class:`~canasta.core.views.PlayerView` of a table of this
        size (from :meth:`canasta.Game.view`); anything else, and a view built
        by hand whose fields do not fit together, raises :class:`canasta.ArgumentError`.
        """
        if not issubclass(type(view), PlayerView):
            raise ArgumentError(f"ObservationSpace.encode: expected a PlayerView (game.view(seat)), got {shown(view)}")
        players, sides = view.players, view.sides
        if type(players) is not int or type(sides) is not int or players != self.players or sides != self.sides:
            raise ArgumentError(
                f"ObservationSpace.encode: a view of a table of {shown_value(players)} players in {shown_value(sides)} sides "
                f"does not fit an observation space for {self.players} players in {self.sides} sides"
            )
        try:
            return self._encode(view)
        except Exception as exc:  # a view built by hand, with fields no game gives
            problem = shown_text(exc)
            raise ArgumentError(f"ObservationSpace.encode: the view cannot be encoded, its fields do not fit together: {problem}") from exc

    def _encode(self, view: PlayerView) -> list[float]:
        p, s = self.players, self.sides
        me, side = view.seat, view.side
        off = self._off
        x = [0.0] * self.shape[0]
        at = off["hand"]
        for c in view.hand:
            x[at + CLASS_OF[c]] += 1.0
        at, pl, dl, cp = off["hand_sizes"], off["playing"], off["dealer"], off["current_player"]
        out = view.sitting_out
        for k in range(p):
            seat = (me + k) % p
            x[at + k] = float(view.hand_sizes[seat])
            x[pl + k] = 0.0 if seat in out else 1.0
        x[dl + (view.dealer - me) % p] = 1.0
        if view.phase is not Phase.OVER:
            x[cp + (view.current_player - me) % p] = 1.0
        x[off["phase"] + ENCODED_PHASES.index(view.phase)] = 1.0
        at = off["melds"]
        per_side = len(MELD_SLOTS) * len(MELD_FEATURES)
        red, opened, scores, mins = off["red_threes"], off["opened"], off["scores"], off["opening_minimums"]
        for k in range(s):
            sd = (side + k) % s
            for m in view.melds[sd]:
                if self._books and m.is_canasta:
                    b = self._off["books"] + (k * len(MELD_SLOTS) + SLOT_OF[m.rank]) * 2
                    x[b] += 1.0  # closed and set aside (canastas.several_per_rank): counted in the books block
                    x[b + 1] += 1.0 if m.is_natural else 0.0
                    continue
                i = at + k * per_side + SLOT_OF[m.rank] * len(MELD_FEATURES)
                x[i] = float(m.naturals)
                x[i + 1] = float(m.twos)
                x[i + 2] = float(m.jokers)
                kind = m.canasta_kind
                if kind is not None:
                    x[i + 3] = 1.0
                    x[i + 4] = 1.0 if kind in _UNMIXED else 0.0
            x[red + k] = float(len(view.red_threes[sd]))
            x[opened + k] = 1.0 if view.opened[sd] else 0.0
            x[scores + k] = view.scores[sd] / POINTS
            x[mins + k] = view.opening_minimums[sd] / POINTS
        top = view.pile_top
        x[off["pile_top"] + (N_CLASSES if top is None else CLASS_OF[top])] = 1.0
        x[off["pile"]] = float(view.pile_size)
        x[off["pile"] + 1] = 1.0 if view.pile_frozen else 0.0
        x[off["stock"]] = float(view.stock_size)
        at = off["discards_by_seat"]
        for seat, card in view.discards:
            row = p if seat < 0 else (seat - me) % p
            x[at + row * N_CLASSES + CLASS_OF[card]] += 1.0
        at = off["recent_discards"]
        width = N_CLASSES + p + 1
        for k, (seat, card) in enumerate(reversed(view.discards[-RECENT:])):
            i = at + k * width
            x[i + CLASS_OF[card]] = 1.0
            x[i + N_CLASSES + (p if seat < 0 else (seat - me) % p)] = 1.0
        t = view.turn
        x[off["turn_seat"] + (t.seat - me) % p] = 1.0
        at = off["turn"]
        x[at] = 1.0 if t.drew_from_stock else 0.0
        x[at + 1] = 1.0 if t.took_pile else 0.0
        x[at + 2] = float(t.pending_pile)
        x[at + 3] = t.opening_points / POINTS
        x[at + 4] = t.opening_needed / POINTS
        x[at + 5] = 1.0 if t.added_to_old_meld else 0.0
        x[at + 6] = 1.0 if t.retracted else 0.0
        x[at + 7] = 1.0 if t.stock_empty else 0.0
        x[at + 8] = 1.0 if t.take_forced else 0.0
        at = off["turn_melded"]
        for rank in t.melded_ranks:
            x[at + SLOT_OF[rank]] = 1.0
        x[off["question"] + ENCODED_QUESTIONS.index(t.question)] = 1.0
        if self._family:
            self._encode_family(view, x)
        return x

    def _encode_family(self, view: PlayerView, x: list[float]) -> None:
        """The ``family`` block: what the view shows of schema 2's rules (:data:`FAMILY_FLAGS`, reserves received, dead ranks)."""
        p, s = self.players, self.sides
        me, side, t = view.seat, view.side, view.turn
        at = self._off["family"]
        x[at] = 1.0 if t.opened_now else 0.0
        x[at + 1] = 1.0 if view.first_round else 0.0
        x[at + 2] = 1.0 if t.reserve_owed else 0.0
        x[at + 3] = float(len(view.reserve_piles))
        x[at + 4] = float(sum(view.reserve_piles))
        at += len(FAMILY_FLAGS)
        received = view.reserve_received
        per_player = len(received) == p and p != s
        for k in range(p):
            seat = (me + k) % p
            unit = seat if per_player else view.rules.side_of[seat]
            x[at + k] = 1.0 if received and received[unit] else 0.0
        at += p
        for k in range(s):
            for rank in view.dead_ranks[(side + k) % s] if view.dead_ranks else ():
                x[at + k * (ACE - FOUR + 1) + int(rank) - FOUR] = 1.0

    def describe(self, vector: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """The vector split into its blocks, each reshaped: ``{"hand": array(15), "melds": array(sides, 13, 5), ...}``.

        ``vector`` is a numpy array of :attr:`shape`; anything else raises :class:`canasta.ArgumentError`.
        """
        if not issubclass(type(vector), np.ndarray):
            raise ArgumentError(f"ObservationSpace.describe: expected a numpy array of shape {self.shape}, got {shown(vector)}")
        if vector.shape != self.shape:
            raise ArgumentError(f"ObservationSpace.describe: a vector of shape {vector.shape} is not of this space's shape {self.shape}")
        return {b.name: vector[b.start : b.stop].reshape(b.shape) for b in self.layout}


def layout_table(space: ObservationSpace) -> str:
    """The layout as a Markdown table (``docs/rl.md`` prints it for ``finnish``, 4 players)."""
    if not issubclass(type(space), ObservationSpace):
        raise ArgumentError(f"layout_table: expected an ObservationSpace, got {shown(space)}")
    lines = ["| block | slice | shape | meaning |", "|---|---|---|---|"]
    for b in space.layout:
        shape = " × ".join(str(d) for d in b.shape)
        lines.append(f"| `{b.name}` | {b.start}:{b.stop} | {shape} | {b.meaning} |")
    return "\n".join(lines)


__all__ = ["CARD_CLASSES", "CLASS_OF", "MELD_FEATURES", "MELD_SLOTS", "Block", "ObservationSpace", "layout_table"]
