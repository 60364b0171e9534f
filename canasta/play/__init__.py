"""``canasta play``: one person against bots at the terminal, or from a script piped into standard input.

:class:`Match` runs the match with no input or output, each action applied
returned as a :class:`PlayedAction`; its bots come from
:mod:`canasta.bots.registry` (``make_bots``), as ``canasta play --bot`` seats
them. :mod:`canasta.play.text` words what ``canasta play`` adds to the table
(the table itself is ``str(view)``'s layout, :mod:`canasta.core.render`, spoken
to the person), the actions and the scores; :mod:`canasta.play.costs` finds,
with the engine, what an action will cost before the person plays it
(:class:`Cost`, due :class:`When`); :func:`run_session` reads the person's
commands from a :class:`PlainScreen` (any text streams) or a
:class:`RichScreen` (a terminal, with ``rich`` from the ``cli`` extra),
checking every line first (:mod:`canasta.play.lines`).
"""

from .costs import Cost, When
from .loop import INTERRUPTED, run_session
from .screen import PlainScreen, RichScreen, Screen
from .session import Match, PlayedAction

__all__ = ["INTERRUPTED", "Cost", "Match", "PlainScreen", "PlayedAction", "RichScreen", "Screen", "When", "run_session"]
