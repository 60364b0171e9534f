"""``canasta play``: one person against bots at the terminal, or from a script piped into standard input.

:class:`Match` runs the match with no input or output; :mod:`canasta.play.text`
words the table, the actions and the scores; :mod:`canasta.play.costs` finds,
with the engine, what an action will cost before the person plays it;
:func:`run_session` reads the person's commands from a :class:`PlainScreen`
(any text streams) or a :class:`RichScreen` (a terminal, with ``rich`` from
the ``cli`` extra), checking every line first (:mod:`canasta.play.lines`).
"""

from .costs import Cost
from .loop import INTERRUPTED, run_session
from .screen import PlainScreen, RichScreen, Screen
from .session import BOT_NAMES, Match, Report, make_bot

__all__ = ["BOT_NAMES", "INTERRUPTED", "Cost", "Match", "PlainScreen", "Report", "RichScreen", "Screen", "make_bot", "run_session"]
