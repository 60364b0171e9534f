"""``canasta play``: one person against bots at the terminal, or from a script piped into standard input.

:class:`Match` runs the match with no input or output; :mod:`canasta.play.text`
words the table, the actions and the scores; :func:`run_session` reads the
person's commands from a :class:`PlainScreen` (any text streams) or a
:class:`RichScreen` (a terminal, with ``rich`` from the ``cli`` extra).
"""

from .screen import PlainScreen, RichScreen, Screen, run_session
from .session import BOT_NAMES, Match, Report, make_bot

__all__ = ["BOT_NAMES", "Match", "PlainScreen", "Report", "RichScreen", "Screen", "make_bot", "run_session"]
