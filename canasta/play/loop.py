"""The loop of ``canasta play``: show the table, read the person's commands, play the match to its end.

:func:`run_session` plays a :class:`~canasta.play.session.Match` on a
:class:`~canasta.play.screen.Screen`. Every line the person types is checked
first (:func:`~canasta.play.lines.line_problem`): a line that is too long, is
not text or names no action is refused with a message and leaves the game
unchanged. An action that costs points is announced in the list, under it and
by ``?`` before the person plays it (:mod:`canasta.play.costs`).
"""

from __future__ import annotations

from collections.abc import Sequence

from canasta.core.actions import Action, parse_action
from canasta.errors import IllegalActionError, NotationError

from . import narration, text
from .costs import When
from .lines import command_text, line_problem
from .screen import Screen
from .session import Match, PlayedAction

INTERRUPTED = 130
"""The exit code after Ctrl-C, as shells report a SIGINT."""

_MAX_DIGITS = 6
"""An action number with more digits is beyond any list (and never read as an int)."""


def _where(match: Match) -> str:
    view = match.view()
    scores = ", ".join(f"side {s} {t}" for s, t in enumerate(view.scores))
    return f"in hand {view.hand_number}; scores before this hand: {scores}"


def _show_played(match: Match, screen: Screen, played: Sequence[PlayedAction]) -> None:
    """One line per action; at the end of a hand the table as it ended, then its score breakdown; the result at the end
    of the match."""
    view = match.view()
    for one in played:
        for line in narration.action_lines(view, one.seat, one.action, one.events):
            screen.say(line, "dim" if one.seat != match.seat else "")
        ended = one.hand_ended
        if ended is None:
            continue
        final = one.match_ended
        if one.table_at_end is not None:
            screen.table(text.final_table_text(one.table_at_end, one.hands_at_end, ended, _table_width(screen)))
            screen.pause("the table as the hand ended, every hand shown: press Enter for the score")
        screen.scores(narration.hand_end_title(view, ended), text.score_table(view, ended.scores, ended.totals))
        if final is not None:
            screen.say("")
            screen.say(narration.match_result(view, final, match.game.hand_number), "bold")
        else:
            screen.pause()
            screen.say("")
            for line in narration.deal_lines(view, one.events):
                screen.say(line)


def _table_width(screen: Screen) -> int | None:
    """The width the screen packs the table into; None (one meld a line) for a screen that does not say."""
    width = getattr(screen, "table_width", None)
    return width if isinstance(width, int) else None


def _number(command: str, count: int) -> int | str | None:
    """The action number ``command`` names (1 to ``count``); else None if it is no number (ASCII digits only), else what to say."""
    if not (command.isascii() and command.isdigit()):
        return None
    digits = command.lstrip("0") or "0"
    if len(digits) <= _MAX_DIGITS and 1 <= int(digits) <= count:
        return int(digits)
    shown = digits if len(digits) <= 30 else f"{digits[:8]}... (a number of {len(digits):,} digits)"
    return f"there is no action numbered {shown}; the list runs from 1 to {count}"


def _cost_note(match: Match, action: Action) -> str:
    costs = match.costs().get(action, ())
    return "; ".join(text.cost_sentence(match.view(), c) for c in costs)


def _explain(match: Match, screen: Screen, arg: str) -> None:
    """``? <action>`` or ``? <number>``: why the action is illegal (rule key and source section), or that it is legal and what it costs."""
    if not arg:
        screen.say("write ? followed by an action or its number, e.g.  ? discard 7")
        return
    legal = match.view().legal_actions
    number = _number(arg, len(legal))
    if isinstance(number, str):
        screen.say(number, "red")
        return
    if number is not None:
        action = legal[number - 1]
        label = f"{number} ({action})"
    else:
        found = match.explain(arg)
        if isinstance(found, NotationError):
            screen.say(f"cannot read that action: {found}", "red")
            return
        if found is not None:
            screen.say(f"{found.action} is illegal: {found.reason}", "red")
            screen.say(f"  rule: {found.rule}   source: {found.source or 'the general rules of play'}")
            return
        action = parse_action(arg)
        label = str(action)
    note = _cost_note(match, action)
    screen.say(f"{label} is legal now, but {note}" if note else f"{label} is legal now", "yellow" if note else "")


def _hint(match: Match, screen: Screen) -> None:
    action = match.hint()
    if action is None:
        screen.say("no hint: this match has no hint bot")
        return
    legal = match.view().legal_actions
    number = legal.index(action) + 1 if action in legal else 0
    note = _cost_note(match, action)
    screen.say(f"hint: {action}" + (f"   (number {number})" if number else "") + (f"; it {note}" if note else ""), "green")


def _play(match: Match, screen: Screen, command: str) -> bool:
    """Play an action given by its number or text; True if it was played."""
    legal = match.view().legal_actions
    number = _number(command, len(legal))
    if isinstance(number, str):
        screen.say(number, "red")
        return False
    chosen: Action | str = legal[number - 1] if number is not None else command
    try:
        played = match.apply(chosen)
    except NotationError as exc:
        screen.say(f"cannot read that: {exc}. Type help for the commands.", "red")
        return False
    except IllegalActionError as exc:
        screen.say(f"illegal: {exc.reason}  [rule {exc.rule}, {exc.source}]  (? {exc.action} explains; the game is unchanged)", "red")
        return False
    _show_played(match, screen, [played])
    return True


def _show_table(match: Match, screen: Screen, warned: set[str], view_only: bool = False) -> None:
    """The table, and unless ``view_only`` the prompt's heading; then the numbered actions and what any of them costs.

    A warning of what an action may cost later (``ask``: a yes the player cannot meet, 001 §23 D) is said once a
    session: ``warned`` holds those said, and the list's mark (``[-100 if yes]``) says it from then on.
    """
    view = match.view()
    costs = match.costs()
    body = text.table_text(view, _table_width(screen))
    again = getattr(screen, "table_again", None)
    if view_only and callable(again):
        again(body)
    else:
        screen.table(body)
    if not view_only:
        screen.say(text.prompt_heading(view), "bold")
    marks = {action: text.cost_mark(found) for action, found in costs.items()}
    screen.say(text.numbered(view.legal_actions, screen.width, marks))
    once = {action: [c for c in found if c.when is not When.IF_YES or text.cost_sentence(view, c) not in warned] for action, found in costs.items()}
    for line in text.cost_lines(view, once):
        screen.say(line, "yellow")
    for found in costs.values():
        for cost in found:
            if cost.when is When.IF_YES and text.cost_sentence(view, cost) not in warned:
                warned.add(text.cost_sentence(view, cost))
                screen.say(f"  (said once: from now on the mark [{text.cost_mark([cost])}] in the list says it; ? <number> says it again)", "yellow")


def _turn(match: Match, screen: Screen, warned: set[str]) -> bool:
    """Show the table, then read commands until the person plays an action (True) or quits (False)."""
    _show_table(match, screen, warned)
    while True:
        line = screen.ask("> ")
        problem = line_problem(line)
        if problem is not None:
            screen.say(problem, "red")
            continue
        command = command_text(line)
        word = command.lower()
        if not command:
            continue
        if word in ("quit", "exit", "q"):
            screen.say(f"you left the match {_where(match)}")
            return False
        if word in ("help", "h"):
            screen.say(text.HELP)
        elif word == "rules":
            screen.say(text.rules_text(match.view().rules))
        elif word == "hint":
            _hint(match, screen)
        elif word == "table":
            _show_table(match, screen, warned, view_only=True)
        elif word == "pile":
            screen.say(text.discards_text(match.view()))
        elif command.startswith("?"):
            _explain(match, screen, command[1:].strip())
        elif _play(match, screen, command):
            return True


def run_session(match: Match, screen: Screen, intro: Sequence[str] = ()) -> int:
    """Play ``match`` to its end on ``screen``; the exit code (0 also after quit or the end of input, 130 after Ctrl-C)."""
    warned: set[str] = set()
    try:
        for line in intro:
            screen.say(line)
        while True:
            _show_played(match, screen, match.advance())
            if match.is_over:
                return 0
            if not _turn(match, screen, warned):
                return 0
    except EOFError as exc:
        reason = str(exc) or "end of input"
        screen.say(f"{reason}: the match stops here, {_where(match)}")
        return 0
    except KeyboardInterrupt:
        screen.say("")
        screen.say(f"interrupted: the match stops here, {_where(match)}")
        return INTERRUPTED
    finally:
        close = getattr(screen, "close", None)  # a screen written before close() existed has none
        if callable(close):
            close()


__all__ = ["INTERRUPTED", "run_session"]
