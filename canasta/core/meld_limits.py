"""What a meld may hold beyond its shape: the meld rules of the Canasta family (schema 2).

The shape of a meld (its naturals against its wild cards, 001 §11 D) is
:meth:`canasta.TableRules.shape_ok`'s; this module adds the rules that depend
on the table or on the rank, each a profile key named for what it does:

* ``melds.max_size``: no meld grows past it, so a canasta that reaches it is
  closed (Modern American EBB §2.3, Cuban RG);
* ``melds.dead_after_canasta``: a completed canasta closes its rank (Modern
  American's dead cards, CJ "No Dead Cards");
* ``ranks.natural_only`` and ``ranks.wilds_only_in_opening``: ranks that take no
  wild card, or only while the side opens (Modern American's sevens and aces,
  EBB §2.5, WCA "ACES");
* ``melds.wilds_after_opening_min_naturals``: the "rule of five" (CCN, HON
  rule 3);
* ``melds.wild_meld_exclusive``: no wild card elsewhere while the wild-card
  meld is unfinished (EBB §2.5).

:func:`limit_violation` is the one check; the listing
(:mod:`canasta.core.listing`) screens its candidates with the same rules
through :func:`wilds_allowed` and :func:`wilds_need_naturals`, rank by
rank where the table says a rule touches the rank (``TableRules.wilds_limited``).
A profile that sets none of them (every classic profile) plays the same path,
its rules holding their defaults: nothing is dead, every rank may take wild
cards, and no meld is longer than the deck.
"""

from __future__ import annotations

from typing import Final

from .canastas import RANK_MASK
from .cards import WILD
from .state import MeldTuple, State

Violation = tuple[str, str]


def in_opening(st: State, side: int) -> bool:
    """Whether the side's melds this turn are part of its opening: it has not opened, or opened in this turn (EBB §2.5)."""
    return not st.opened[side] or st.opened_now


def wilds_allowed(st: State, side: int, rank: int) -> bool:
    """Whether a meld of ``rank`` may take a wild card now, whatever its naturals (the rule of five aside)."""
    r = st.rules
    if rank == WILD:
        return True
    if r.natural_only[rank]:
        return False
    if r.wilds_only_in_opening[rank] and not in_opening(st, side):
        return False
    if r.wild_meld_exclusive:
        wild = st.melds[side].get(WILD)
        if wild is not None and wild[0] + wild[1] + wild[2] < r.canasta_size:
            return False
    return True


def wilds_need_naturals(st: State, side: int, rank: int) -> int:
    """The naturals a meld of ``rank`` must hold (counting those laid with them) to take a wild card now: the rule of five, else 0."""
    need = st.rules.wilds_after_opening
    if not need or rank == WILD or in_opening(st, side):
        return 0
    return need


_NONE_DEAD: Final[frozenset[int]] = frozenset()


def dead_ranks(st: State, side: int) -> frozenset[int] | set[int]:
    """The ranks closed to ``side`` (``melds.dead_after_canasta``): those of a complete canasta of its own, or of any side's for everyone."""
    r = st.rules
    if not r._ranks_die:
        return _NONE_DEAD
    size = r.canasta_size
    sides = range(len(st.melds)) if r._dead_for_everyone else (side,)
    return {key & RANK_MASK for s in sides for key, m in st.melds[s].items() if m[0] + m[1] + m[2] >= size}


def limit_violation(st: State, side: int, rank: int, n: int, t: int, j: int, existing: MeldTuple | None) -> Violation | None:
    """Why adding (n, t, j) to the side's meld of ``rank`` breaks a meld rule of the family, or None (schema 2; see the module)."""
    r = st.rules
    if st.is_dead(side, rank):
        return ("melds.dead_after_canasta", "a canasta of that rank is complete, so the rank is dead: nobody melds it any more")
    size = n + t + j + (existing[0] + existing[1] + existing[2] if existing is not None else 0)
    if size > r.max_size:
        return ("melds.max_size", f"a meld holds at most {r.max_size} cards")
    if not t + j:
        return None
    if not r.mixed_canasta_in_opening and rank != WILD and size >= r.canasta_size and in_opening(st, side):
        return ("initial_meld.mixed_canasta_allowed", "the opening may not make a mixed canasta")
    if rank != WILD and r.natural_only[rank]:
        return ("ranks.natural_only", "melds of this rank never hold a wild card")
    if rank != WILD and r.wilds_only_in_opening[rank] and not in_opening(st, side):
        return ("ranks.wilds_only_in_opening", "melds of this rank take wild cards only in the side's opening")
    if not wilds_allowed(st, side, rank):
        return ("melds.wild_meld_exclusive", "while your side's wild-card meld is unfinished, wild cards go into no other meld")
    need = wilds_need_naturals(st, side, rank)
    if need and n + (existing[0] if existing is not None else 0) < need:
        return ("melds.wilds_after_opening_min_naturals", f"after the opening, wild cards join only a meld of at least {need} naturals")
    return None


__all__ = ["in_opening", "limit_violation", "wilds_allowed", "wilds_need_naturals"]
