"""Canasta kinds: what a completed meld is, by its composition, and so which bonus it earns (topics G).

One place for the classification the engine scores (:mod:`canasta.core.scoring`),
the views show (:class:`~canasta.core.views.MeldView`), the hand scores count
(:class:`~canasta.core.scoring.HandScore`) and the bots value
(:meth:`canasta.core.table.TableRules.canasta_bonus`). The kinds themselves are
profile data (``canastas.bonus`` is keyed by them), so the enum lives with the
schema, :class:`canasta.variants.enums.CanastaKind`.
"""

from __future__ import annotations

from canasta.variants.enums import CanastaKind

from .cards import WILD


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


__all__ = ["CanastaKind", "canasta_kind"]
