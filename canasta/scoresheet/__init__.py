"""The score sheet and penalty ledger of a physical table, for any profile and player count (001 §22-§35, 000 POÄNGRÄKNING).

Enter each hand as the table counts it (:class:`HandEntry`, one
:class:`SideEntry` per side), the penalties of the ledger
(:class:`PenaltyEntry`) and the warnings some of them follow
(:class:`WarningEntry`), each deal, corrections, and penalties withdrawn
(:class:`Withdrawal`); a sheet may start from totals carried in from an
earlier one (:class:`Carried`). The sheet scores every hand
by the engine's one scoring rule and keeps an append-only log
(:class:`LogEntry`) in which nothing entered is lost::

    from canasta.scoresheet import HandEntry, ScoreSheet, SideEntry
    from canasta import Termination

    sheet = ScoreSheet("finnish", 4, names=["Anna", "Bo", "Cia", "Dan"])
    sheet.add_hand(HandEntry(sides=(SideEntry(canastas={"natural": 1}, red_threes=1, melded=230),
                                    SideEntry(melded=120, in_hand=45)),
                             ending=Termination.WENT_OUT, went_out=0))
    sheet.totals  # (930, 75)

Beyond the shared design: :class:`Deal`, :class:`LogKind` and the log's
``item`` (the entry itself) and ``hand``; ``ScoreSheet.entries`` (the current
count of each hand), ``penalties``, ``next_hand``, ``sitting_out`` and
``side_names``. A file that cannot be loaded raises
:class:`~canasta.ScoreSheetError`, a :class:`~canasta.DataError`.
"""

from __future__ import annotations

from .entries import Carried, Correction, Deal, HandEntry, LogEntry, LogKind, PenaltyEntry, SideEntry, WarningEntry, Withdrawal
from .sheet import ScoreSheet

__all__ = [
    "Carried",
    "Correction",
    "Deal",
    "HandEntry",
    "LogEntry",
    "LogKind",
    "PenaltyEntry",
    "ScoreSheet",
    "SideEntry",
    "WarningEntry",
    "Withdrawal",
]
