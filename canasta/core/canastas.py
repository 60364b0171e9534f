"""Canasta kinds: what a completed meld is, by its composition, and so which bonus it earns (topics G).

One place for the classification the engine scores (:mod:`canasta.core.scoring`),
the views show (:class:`~canasta.core.views.MeldView`), the hand scores count
(:class:`~canasta.core.scoring.HandScore`) and the bots value
(:meth:`canasta.core.table.TableRules.canasta_bonus`). The kinds themselves are
profile data (``canastas.bonus`` is keyed by them), so the enum lives with the
schema, :class:`canasta.variants.enums.CanastaKind`.
"""

from __future__ import annotations

from typing import Final

from canasta.variants.enums import CanastaKind

from .cards import WILD

RANK_MASK: Final = 15
"""A meld's key in a side's meld table, masked with this, is its rank index (:func:`key_rank`)."""


def key_rank(key: int) -> int:
    """The rank of the meld under ``key`` in a side's meld table.

    A meld of a set of one rank is keyed by its rank index; a canasta closed and
    set aside under ``canastas.several_per_rank`` (Hand and Foot's books) by
    ``rank | n << 4``, the n-th of its rank set aside, so that a new meld of the
    rank takes the rank's key. Code that reads a key as a rank masks it here.
    """
    return key & RANK_MASK


def canasta_kind(rank: int, twos: int, jokers: int, *, pure_wild: bool = True, every_joker: int = 0) -> CanastaKind:
    """The kind of a canasta of ``rank`` (a rank index; :data:`~canasta.core.cards.WILD` for the wild-card meld) holding these wild cards.

    A wild-card canasta of one kind is ``pure_wild`` where the profile tells
    that kind apart (decisions P29), and one holding ``every_joker`` jokers (the
    deck's, when the profile tells that kind apart; 0 when it does not) is
    ``every_joker`` (Cuban RG; Modern American EBB §2.7); otherwise it is ``wild``.
    """
    if rank == WILD:
        if pure_wild and (twos == 0 or jokers == 0):
            return CanastaKind.PURE_WILD
        if every_joker and jokers >= every_joker:
            return CanastaKind.EVERY_JOKER
        return CanastaKind.WILD
    return CanastaKind.NATURAL if twos + jokers == 0 else CanastaKind.MIXED


def counts_as_natural(rank: int, twos: int, jokers: int) -> bool:
    """Whether a meld of these wild cards is natural: none in a meld of a natural rank; in the wild-card meld, wild cards
    of one kind (all twos or all jokers; decisions P29). The going-out rules count such a canasta with the natural ones
    (``going_out.canasta_kinds_required.natural``, 001 §18 B with 004 opt b), and the table shows it as natural."""
    if rank == WILD:
        return twos == 0 or jokers == 0
    return twos + jokers == 0


KIND_WORDS = {
    CanastaKind.NATURAL: "natural",
    CanastaKind.MIXED: "mixed",
    CanastaKind.WILD: "wild",
    CanastaKind.PURE_WILD: "pure wild",
    CanastaKind.EVERY_JOKER: "every-joker wild",
}
"""Each kind as the table says it (004 opt b names the wild-card canastas)."""


__all__ = ["KIND_WORDS", "RANK_MASK", "CanastaKind", "canasta_kind", "counts_as_natural", "key_rank"]
