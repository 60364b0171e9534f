"""A refusal: the rule that forbids an action, as a profile key, and the source that key is cited from.

Every check of the engine returns a :data:`Violation` naming the profile key
that forbids the action under the profile in play (under ``cuban`` a pile
topped by a wild card is refused by ``discard_pile.always_frozen``) and why.
:func:`refusal_source` cites that key from the profile; only rules the engine
applies under every profile carry a fixed key and their own citation, in
:data:`FIXED_SOURCES`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
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


__all__ = ["FIXED_SOURCES", "Violation", "refusal_source"]
