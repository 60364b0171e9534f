"""Canasta kinds: what a completed meld is, by its composition, and so which bonus it earns (topics G).

One place for the classification the engine scores (:mod:`canasta.core.scoring`),
the views show (:class:`~canasta.core.views.MeldView`), the hand scores count
(:class:`~canasta.core.scoring.HandScore`) and the bots value
(:meth:`canasta.core.table.TableRules.canasta_bonus`).
"""

from __future__ import annotations

from canasta.variants.enums import Choice

from .cards import WILD


class CanastaKind(Choice):
    """The kind of a canasta, which decides its bonus (000 CANASTA 2-3, 001 §15 B, 004 opt b; decisions P29)."""

    NATURAL = "natural"
    """Naturals only: ``canastas.natural_bonus`` (000 CANASTA 2, 001 §15 B)."""
    MIXED = "mixed"
    """Naturals with wild cards: ``canastas.mixed_bonus`` (000 CANASTA 3, 001 §15 B)."""
    WILD = "wild"
    """Wild cards only, twos and jokers together: ``canastas.wild_canasta_bonus`` (004 opt b)."""
    PURE_WILD = "pure_wild"
    """Wild cards of one kind only, all twos or all jokers: ``canastas.pure_wild_canasta_bonus`` (004 opt b; decisions P29)."""


def canasta_kind(rank: int, twos: int, jokers: int) -> CanastaKind:
    """The kind of a canasta of ``rank`` (a rank index; :data:`~canasta.core.cards.WILD` for the wild-card meld) holding these wild cards."""
    if rank == WILD:
        return CanastaKind.PURE_WILD if twos == 0 or jokers == 0 else CanastaKind.WILD
    return CanastaKind.NATURAL if twos + jokers == 0 else CanastaKind.MIXED


__all__ = ["CanastaKind", "canasta_kind"]
