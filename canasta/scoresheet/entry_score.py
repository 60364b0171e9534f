"""A hand's count scored by the engine's one scoring rule: each side's :class:`~canasta.core.scoring.HandScore` from its
:class:`~canasta.scoresheet.SideEntry` (001 §34 B; 000 POÄNGRÄKNING 1-4; schema 2's rules too)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from canasta.core.cards import THREE
from canasta.core.scoring import HandScore, side_score
from canasta.core.table import meld_rank_index

from .validation import special_points

if TYPE_CHECKING:
    from canasta.core.table import TableRules

    from .entries import HandEntry, SideEntry


_UNRANKED: Final = THREE
"""The rank index given to :func:`~canasta.core.scoring.side_score` for a canasta the table did not count by rank: the black
three, which no ``ranks.natural_canasta_bonus`` names, so a natural canasta earns ``canastas.bonus.natural`` and any other
kind its kind's bonus (:meth:`canasta.TableRules.canasta_bonus`)."""


def side_entry_score(rules: TableRules, side: int, s: SideEntry, *, went_out: bool, concealed: bool, penalties: int) -> HandScore:
    """One side's score for its count, by :func:`canasta.core.scoring.side_score` (001 §34 B; schema 2's rules too).

    A special hand's points replace the side's score (EBB §2.12). Canastas counted by rank (:attr:`SideEntry.rank_canastas`)
    earn their rank's bonus; the score then lists no ranks (``canasta_ranks`` is empty), since the others' are not known.
    """
    if s.special_hand is not None:
        return side_score(rules, side=side, has_meld=False, special_hand=special_points(rules, s.special_hand) or 0)
    ranks = s.ranks
    ranked = any(rank >= 0 for rank in ranks)
    score = side_score(
        rules,
        side=side,
        canasta_kinds=s.kinds,
        canasta_ranks=tuple(rank if rank >= 0 else _UNRANKED for rank in ranks) if ranked else (),
        red_threes=s.red_threes,
        red_threes_unplayed=s.red_threes_unplayed,
        red_threes_in_hand=s.red_threes_in_hand,
        black_threes=s.black_threes,
        has_meld=s.melds,
        melded=s.melded,
        in_hand=s.in_hand,
        went_out=went_out,
        concealed=concealed,
        penalties=penalties,
        unfinished=tuple(meld_rank_index(rank) for rank in s.unfinished),
        sets_in_hand=tuple(meld_rank_index(rank) for rank in s.sets_in_hand),
        black_threes_in_hand=s.black_threes_in_hand,
        reserves_untaken=s.reserves_untaken,
    )
    if not ranked or all(rank >= 0 for rank in ranks):
        return score
    return HandScore(
        side=score.side,
        canastas=score.canastas,
        canasta_kinds=score.canasta_kinds,
        red_threes=score.red_threes,
        going_out=score.going_out,
        melded=score.melded,
        in_hand=score.in_hand,
        penalties=score.penalties,
        special_hand=score.special_hand,
    )


def score_entry(rules: TableRules, entry: HandEntry, penalties: Sequence[int]) -> tuple[HandScore, ...]:
    """Each side's score for a hand's count and its penalty points, by :func:`canasta.core.scoring.side_score` (001 §34 B)."""
    went_side = None if entry.went_out is None else rules.side_of[entry.went_out]
    return tuple(
        side_entry_score(rules, side, s, went_out=went_side == side, concealed=entry.concealed, penalties=penalties[side])
        for side, s in enumerate(entry.sides)
    )


__all__ = ["score_entry", "side_entry_score"]
