"""A fixed action index space for one profile and player count.

Reinforcement-learning code wants actions as integers ``0 .. num_actions - 1``
with a mask of the legal ones. :class:`ActionSpace` lists, once, every action
the engine can ever list under a profile at a table of that size, in a fixed
order, so an index means the same action in every state of every hand:

=========================  ===============================================================
block                      actions (in this order)
=========================  ===============================================================
draw                       ``draw``
take                       ``take n2``, ``take n1 t1``, ``take n1 j1``, ``take`` (the
                           forms the profile allows, 001 §14 A; decisions P6), then the same
                           forms as ``take-top`` where the profile lets a player take
                           only the top card (000 ATT TA HÖGEN 3 b)
meld                       black threes ``meld 3 n1`` .. ``n<max>`` (000 SVARTA TREOR 2,
                           001 §20 C); for each rank 4 .. A every (naturals, twos,
                           jokers) with naturals up to the rank's cards in the deck and
                           twos + jokers up to the most wild cards a meld of that rank
                           may hold (001 §11 D, topics F); the wild-card meld ``W`` with
                           every (twos, jokers) the deck holds, where allowed (004 opt b)
discard                    ``discard 2``, ``discard 3`` (a black three), ``4`` .. ``A``,
                           ``JK`` (001 §9)
ask / yes / no             where the profile asks the partner before going out
                           (000 UTGÅNG 1, 001 §23 A)
retract, decline           001 §27 A•2; 000 TALONGENS SISTA KORT 2, 001 §24 B
lay                        where red threes may be kept in hand (004 L160)
show                       ``show <name>`` for each special hand, in the profile's order
                           (``scoring.special_hands``; Modern American EBB §2.12)
=========================  ===============================================================

Counts are bounded by the deck of that player count (four naturals of a rank
and four twos per pack, the profile's jokers), so the space is finite and
small (about 1,000 actions for two packs). ``tests/test_encoding.py`` checks
that every action the engine lists at random positions of every profile is in
the space.
"""

from __future__ import annotations

import operator
import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import cast

import numpy as np
import numpy.typing as npt

from canasta import TableRules
from canasta.core import actions
from canasta.core.actions import (
    ASK,
    DECLINE,
    DRAW,
    LAY,
    NO,
    RETRACT,
    YES,
    Action,
    discard,
    malformed,
    meld,
    parse_action,
    show,
    take,
)
from canasta.core.arguments import check_players, shown
from canasta.core.cards import ACE, BLACK_THREES, FOUR, JOKER, SUIT_CHARS, THREE, TWO, WILD
from canasta.core.game import Game
from canasta.errors import ArgumentError, NotationError, shown_text, shown_value
from canasta.variants import Variant, load_variant

TAKE_FORMS = actions.TAKE_FORMS
"""The (naturals, twos, jokers) from hand that take the pile with its top card, in the order the action space holds them:
the engine's :data:`canasta.core.actions.TAKE_FORMS` (001 §14 A; decisions P6)."""


def resolve_variant(variant: Variant | str | Path, call: str = "resolve_variant") -> Variant:
    """A :class:`Variant` as given, or loaded from a bundled name or a TOML path.

    A profile that cannot be loaded raises :class:`canasta.VariantError`; a
    value that is neither a profile, a name nor a path raises
    :class:`canasta.ArgumentError` naming ``call``.
    """
    if issubclass(type(variant), Variant):  # not isinstance: a stranger's __class__ never runs
        return cast(Variant, variant)
    if not issubclass(type(variant), str | os.PathLike):
        raise ArgumentError(f"{call}(variant=...): expected a Variant, a bundled profile name or a TOML path, got {shown(variant)}")
    return load_variant(cast("str | Path", variant))


def as_index(value: object, call: str, name: str) -> int:
    """``value`` as an int: a Python int or anything with ``__index__`` (numpy integers); else :class:`canasta.ArgumentError`.

    A bool is refused although it is an int (``True`` as an index or a seed is
    a mistake), and so is a float, even a whole one: numpy and Python refuse
    both as indices.
    """
    if type(value) is int:
        return value
    if type(value) is not bool:
        try:
            return operator.index(value)  # type: ignore[arg-type]
        except Exception:  # no __index__, or a stranger's that raises
            pass
    raise ArgumentError(f"{call}: {name} must be an int, got {shown(value)}")


def _enumerate(r: TableRules) -> list[Action]:
    """Every action the engine can list under these rules, in the documented order."""
    out: list[Action] = [DRAW]
    forms = [(2, 0, 0)]
    if r.wild_and_natural:
        forms.append((1, 1, 0))
        if r.jokers:
            forms.append((1, 0, 1))
    if r.add_top_card_to_meld:
        forms.append((0, 0, 0))
    for top_only in (False, True) if r.take_top_card_only else (False,):
        out += [take(n, t, j, top_only) for n, t, j in forms]
    naturals = twos = len(SUIT_CHARS) * r.decks  # the cards of one rank in the deck
    jokers = r.jokers
    out += [meld(THREE, n) for n in range(1, min(r.black_three_max, len(BLACK_THREES) * r.decks) + 1)]
    cap = max(r.wild_room[: naturals + 1])  # no meld of a natural rank holds more wild cards (topics F)
    for rank in range(FOUR, ACE + 1):
        for n in range(naturals + 1):
            for t in range(min(twos, cap) + 1):
                for j in range(min(jokers, cap - t) + 1):
                    if n + t + j:
                        out.append(meld(rank, n, t, j))
    if r.wild_canastas:
        out += [meld(WILD, 0, t, j) for t in range(twos + 1) for j in range(jokers + 1) if t + j]
    out += [discard(rank) for rank in range(TWO, ACE + 1)]
    out.append(discard(JOKER))
    if r.permission:
        out += [ASK, YES, NO]
    out += [RETRACT, DECLINE]
    if r.keep_red_threes:
        out.append(LAY)  # last, so the other actions keep their ids (004 L160)
    out += [show(hand[0]) for hand in r.special_hands]  # after them all, likewise (scoring.special_hands)
    return out


class ActionSpace:
    """Every action the engine can list under ``variant`` with ``players`` players, numbered ``0 .. num_actions - 1``.

    ``variant`` is a :class:`Variant`, a bundled name or a TOML path. A player
    count the profile has no rules for raises :class:`canasta.UnsupportedPlayerCount`,
    and a value that is no player count :class:`canasta.ArgumentError`.

    Bad arguments to the methods raise :class:`canasta.ArgumentError` (a
    ``ValueError`` and a ``TypeError``): an index outside the space or not an
    int (before, an ``IndexError`` or a ``TypeError``), a well-formed action the
    space does not hold, a game of another table. Text that is no action, and a
    value that is not a well-formed action, raise :class:`canasta.NotationError`
    (a ``ValueError``), as :meth:`canasta.Game.apply` does.

    >>> space = ActionSpace("finnish", 4)
    >>> space.index_to_action(0), space.index_to_action(space.action_to_index("meld K n3 t1"))
    (Draw(), Meld(rank='K', naturals=3, twos=1))
    """

    __slots__ = ("_by_id", "_index", "actions", "players", "variant")

    def __init__(self, variant: Variant | str | Path, players: int) -> None:
        self.variant = resolve_variant(variant, "ActionSpace")
        """The profile (a :class:`canasta.variants.Variant`)."""
        self.players = check_players(self.variant, players, "ActionSpace")
        """The player count of the table."""
        rules = TableRules(self.variant, self.players)  # the rules a game of this table plays by: no game is at hand
        self.actions: tuple[Action, ...] = tuple(_enumerate(rules))
        """The actions by index."""
        self._index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        self._by_id: dict[int, int] = {id(a): i for i, a in enumerate(self.actions)}
        if len(self._index) != len(self.actions):  # pragma: no cover - a bug in _enumerate
            raise AssertionError("the action space lists an action twice")

    @property
    def num_actions(self) -> int:
        """How many actions the space holds."""
        return len(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    def __repr__(self) -> str:
        return f"<ActionSpace {self.variant.name!r} players={self.players} num_actions={self.num_actions}>"

    def _where(self) -> str:
        return f"the action space of {self.variant.name!r} for {self.players} players"

    def action_to_index(self, action: Action | str) -> int:
        """The index of an action, or of its text form.

        Raises :class:`canasta.NotationError` for text that is no action and
        for a value that is not a well-formed action (no caller's ``__hash__``
        or ``__eq__`` ever runs), and :class:`canasta.ArgumentError` for an
        action the space does not hold (the engine never lists it under this
        profile).
        """
        i = self._by_id.get(id(action))
        if i is not None:  # the space holds its actions, so an object with one's id is that action
            return i
        if issubclass(type(action), str):  # not isinstance: a stranger's __class__ never runs
            act = parse_action(shown_text(action))  # the plain text a str subclass holds
        else:
            problem = malformed(action)
            if problem is not None:
                raise NotationError(problem)
            assert isinstance(action, Action)
            act = action
        found = self._index.get(act)
        if found is None:
            raise ArgumentError(f"{act.text()!r} is not in {self._where()}: the engine never lists it under this profile")
        return found

    def index_to_action(self, index: int) -> Action:
        """The action of an index, an int (numpy integers too) from 0 to ``num_actions - 1``; else :class:`canasta.ArgumentError`."""
        i = as_index(index, "ActionSpace.index_to_action", "the action index")
        if not 0 <= i < len(self.actions):
            raise ArgumentError(f"action index {shown_value(i)} is outside 0 .. {len(self.actions) - 1} of {self._where()}")
        return self.actions[i]

    def indices(self, actions: Iterable[Action]) -> list[int]:
        """The indices of some actions (or their texts), in ascending order (OpenSpiel's order of legal actions).

        Each is read as :meth:`action_to_index` reads it; a value that is not
        a collection of actions raises :class:`canasta.ArgumentError`.
        """
        kind = type(actions)
        if kind is not list and kind is not tuple:
            if issubclass(kind, str) or not issubclass(kind, Iterable):
                raise ArgumentError(f"ActionSpace.indices: expected a list of actions, got {shown(actions)}")
            try:
                actions = list(actions)
            except Exception as exc:  # a stranger's iterator that raises
                raise ArgumentError(f"ActionSpace.indices: could not read the actions from {shown(actions)}: {shown_text(exc)}") from exc
        by_id = self._by_id
        try:  # the engine's own actions, found by identity: the space holds them, so no other live object has their id
            out = [by_id[id(a)] for a in actions]
        except KeyError:
            out = [self.action_to_index(a) for a in actions]
        out.sort()
        return out

    def legal_indices(self, game: Game) -> list[int]:
        """The indices of ``game.legal_actions()``, ascending; a game of another table raises :class:`canasta.ArgumentError`."""
        self._check_game(game)
        return self.indices(game.legal_actions())

    def mask_of(self, actions: Sequence[Action]) -> npt.NDArray[np.int8]:
        """A 0/1 ``int8`` vector of length :attr:`num_actions`, 1 at each of ``actions`` (read as :meth:`indices` reads them)."""
        mask = np.zeros(len(self.actions), dtype=np.int8)
        mask[self.indices(actions)] = 1
        return mask

    def mask(self, game: Game) -> npt.NDArray[np.int8]:
        """The legal-action mask of ``game`` for its player to act (all zero once the match is over)."""
        self._check_game(game)
        return self.mask_of(game.legal_actions())

    def _check_game(self, game: object) -> None:
        """:class:`canasta.ArgumentError` unless ``game`` is a :class:`canasta.Game` under this profile with this many players."""
        if not issubclass(type(game), Game):
            raise ArgumentError(f"expected a canasta.Game for {self._where()}, got {shown(game)}")
        assert isinstance(game, Game)
        if game.players != self.players or (game.variant is not self.variant and game.variant != self.variant):
            raise ArgumentError(
                f"this action space is for {self.variant.name!r} with {self.players} players, "
                f"not a game of {game.variant.name!r} with {game.players}"
            )


__all__ = ["TAKE_FORMS", "ActionSpace", "as_index", "resolve_variant"]
