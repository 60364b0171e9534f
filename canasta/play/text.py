"""The text of ``canasta play``: the table, what an action costs, the score breakdown, the rules, the help.

Everything here is a pure function of a :class:`~canasta.core.views.PlayerView`
(what the person at the table may see), the events the engine returned and the
profile, so the plain and the rich screen show the same words. The table is
the one layout of :mod:`canasta.core.render` (``str(view)``'s), spoken to the
person (``you``, ``seat 2 (partner)``), with what taking the pile needs now
added to the pile. The rules are the one statement of them in words,
:mod:`canasta.variants.statement`; the events are said by
:mod:`canasta.play.narration`. Cards print as ``KS``/``JK`` and actions in the
text notation of :mod:`canasta.core.actions`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from canasta.core import render
from canasta.core.actions import Action
from canasta.core.cards import Card
from canasta.core.events import HandEnded
from canasta.core.scoring import SCORE_PARTS, HandScore
from canasta.core.table import TableRules
from canasta.core.views import Phase, PlayerView
from canasta.variants.statement import statement, statement_text

from .costs import Cost, When
from .narration import hand_end_title, seat_name, side_name

WIDTH = 100
"""Lines of numbered actions wrap at this width."""


# -- the table --------------------------------------------------------------------------


def take_notes(view: PlayerView) -> list[str]:
    """What taking the pile needs now, for the person's side, following the engine's check of a take in its order.

    A wild card or a three on top stops everyone (001 §17 B, 000 ATT TA HÖGEN 1,
    001 §20 B), a side that has not opened may be barred from the pile
    (``initial_meld.allowed_from_pile``), a frozen pile needs a natural pair
    (000 ATT TA HÖGEN 5, 001 §14 B), and so does a side that has not opened
    under ``initial_meld.pile_requires_natural_pair``.
    """
    top = view.pile_top
    if top is None:
        return []
    opened = view.opened[view.side]
    rules = view.rules
    if top.is_wild or top.is_black_three or top.is_red_three:
        return [f"{render.card_noun(top)} on top: nobody may take it now"]
    if not opened and not rules.allowed_from_pile:
        return ["your side must open before it may take the pile"]
    if view.pile_frozen:
        return [f"only a natural pair of {top.rank.text} takes it"]
    if not opened and rules.pile_needs_pair_to_open:
        return [f"your side has not opened, so taking it needs a natural pair of {top.rank.text}"]
    return []


def pile_line(view: PlayerView) -> str:
    """The pile as the table shows it to the person: its top card, its size, whether it is frozen and why, and what taking it needs now."""
    return render.pile_text(view, person=True, notes=take_notes(view))


def table_text(view: PlayerView, width: int | None = None) -> str:
    """The table as the person at ``view.seat`` sees it: the layout of ``str(view)``, spoken to the person (:mod:`canasta.core.render`);
    ``width`` packs it for a screen that many characters wide."""
    return "\n".join(render.table_lines(view, person=True, pile_notes=take_notes(view), width=width))


COMMANDS = ("hint", "rules", "table", "pile", "help", "quit")
"""The session's commands besides the actions (:data:`HELP` explains them)."""


def completions(view: PlayerView) -> list[str]:
    """What the Tab key completes at the prompt: the session's commands and every legal action's text."""
    return [*COMMANDS, *(str(a) for a in view.legal_actions)]


def final_table_text(view: PlayerView, hands: Sequence[Sequence[Card]], ended: HandEnded, width: int | None = None) -> str:
    """The table as a hand ended, before its score: the view of the table then (``PlayedAction.table_at_end``), every
    hand shown, under a heading that says how the hand ended and the scores after it; ``width`` packs it."""
    lines = render.table_lines(view, hands or None, person=True, width=width)
    scores = " : ".join(str(s) for s in ended.totals)
    lines[0] = f"{view.variant.name}, {view.players} players, {hand_end_title(view, ended)}    scores {scores} ({render.match_goal(view.rules)})"
    return "\n".join(lines)


def prompt_heading(view: PlayerView) -> str:
    """What the person is asked to do now."""
    if view.phase is Phase.ANSWER:
        return f"{seat_name(view, view.turn.seat)} asks you 'may I go out?': answer yes or no"
    if view.phase is Phase.DRAW:
        return "your turn: draw or take the pile"
    return "your turn: meld, then discard (or go out)"


def numbered(actions: Sequence[Action], width: int = WIDTH, marks: Mapping[Action, str] | None = None) -> str:
    """The legal actions numbered from 1, packed into lines of at most ``width`` characters; ``marks`` adds a note in
    brackets after an action (what it costs, :func:`cost_mark`)."""
    cells = [f"{i:>3} {a}" + (f" [{marks[a]}]" if marks and a in marks else "") for i, a in enumerate(actions, 1)]
    size = max((len(c) for c in cells), default=0) + 2
    per_line = max(1, width // size)
    rows = [cells[i : i + per_line] for i in range(0, len(cells), per_line)]
    return "\n".join("".join(c.ljust(size) for c in row).rstrip() for row in rows)


# -- what an action costs ------------------------------------------------------------------

_WHEN_MARK = {When.NOW: "", When.IF_YES: " if yes", When.AT_DISCARD: " later", When.IF_NOT_OUT: " if not out"}

_REASONS = {
    "going_out.permission_penalty": "your partner answered yes to 'may I go out?', and a discard that does not go out is penalised",
}
"""Why the engine penalises an action, by the penalty's profile key."""


def cost_mark(costs: Sequence[Cost]) -> str:
    """A short note of what an action costs, for the numbered list: ``-100``, ``-100 if yes``, ``minimum 60``."""
    return ", ".join(f"minimum {c.minimum[1]}" if c.minimum is not None else f"-{c.points}{_WHEN_MARK[c.when]}" for c in costs)


def cost_sentence(view: PlayerView, cost: Cost) -> str:
    """What an action costs and why, with the rule key and its source section (001 §23 D, 001 §27 A•2)."""
    whose = "your side" if cost.side == view.side else side_name(view, cost.side)
    cite = f" (rule {cost.rule}, source {cost.source or 'the profile'})"
    if cost.minimum is not None:
        old, new = cost.minimum
        return (
            f"raises your side's opening minimum from {old} to {new} for the rest of this hand: taking back an opening is penalised{cite}"
        )
    points = f"{cost.points} point{'s' if cost.points != 1 else ''}"
    if cost.when is When.IF_YES:
        return (
            "if your partner answers yes, you must go out this turn, and the engine finds no way for you to: "
            f"your discard would then cost {whose} {points}{cite}"
        )
    if cost.when is When.AT_DISCARD:
        return (
            f"leaves you no way to go out this turn, and your partner's yes binds you: your discard would then cost {whose} {points}{cite}"
        )
    if cost.when is When.IF_NOT_OUT:
        asker = seat_name(view, view.turn.seat)
        return f"binds {asker} to go out this turn: if the turn ends without going out, {whose} loses {points}{cite}"
    return f"costs {whose} {points}: {_REASONS.get(cost.rule, 'the profile penalises it')}{cite}"


def _runs(numbers: Sequence[int]) -> str:
    """``1-3, 5`` for 1 2 3 5."""
    spans: list[list[int]] = []
    for n in numbers:
        if spans and n == spans[-1][1] + 1:
            spans[-1][1] = n
        else:
            spans.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in spans)


def cost_lines(view: PlayerView, costs: Mapping[Action, Sequence[Cost]]) -> list[str]:
    """One warning line per distinct cost among the legal actions, naming the actions by number: ``! 8-15 (discard): costs ...``."""
    groups: dict[str, list[tuple[int, Action]]] = {}
    for number, action in enumerate(view.legal_actions, 1):
        for cost in costs.get(action, ()):
            groups.setdefault(cost_sentence(view, cost), []).append((number, action))
    lines = []
    for sentence, items in groups.items():
        if len(items) == 1:
            label = f"{items[0][0]} {items[0][1]}"
        else:
            words = {str(action).split()[0] for _, action in items}
            label = _runs([n for n, _ in items]) + (f" ({words.pop()})" if len(words) == 1 else "")
        lines.append(f"! {label}: {sentence}")
    return lines


# -- the score --------------------------------------------------------------------------------

_PART_WORDS = {
    "canastas": "canastas",
    "red_threes": "red threes",
    "going_out": "going out",
    "melded": "melded cards",
    "in_hand": "cards in hand",
    "penalties": "penalties",
    "special_hand": "special hand",
}
"""A part of :class:`~canasta.core.scoring.HandScore` as the score breakdown calls it; a part not listed is called by its
field's name."""


def part_label(rules: TableRules, part: str) -> str:
    """The row label of a score part: ``threes`` for the threes' part where black threes are bonus cards too (it counts
    both colours, Modern American EBB §2.8), else the part's words."""
    if part == "red_threes" and rules.black_bonus:
        return "threes"
    return _PART_WORDS.get(part, part.replace("_", " "))


def _part_shown(rules: TableRules, part: str, scores: Sequence[HandScore]) -> bool:
    """Every part is a row, but a special hand's only where the profile has special hands (or one scored)."""
    return part != "special_hand" or bool(rules.special_hands) or any(getattr(s, part) for s in scores)


def score_table(view: PlayerView, scores: Sequence[HandScore], totals: Sequence[int]) -> list[list[str]]:
    """The score breakdown as rows: a header, one row per part of :class:`HandScore` (:data:`canasta.core.scoring.SCORE_PARTS`,
    read from the class, so no part is left out), the hand total and the match total."""
    rows = [["", *(f"side {s.side}{' (you)' if s.side == view.side else ''}" for s in scores)]]
    for part in SCORE_PARTS:
        if _part_shown(view.rules, part, scores):
            rows.append([part_label(view.rules, part), *(str(getattr(s, part)) for s in scores)])
    rows.append(["hand total", *(str(s.total) for s in scores)])
    rows.append(["match total", *(str(t) for t in totals)])
    return rows


def format_rows(rows: Sequence[Sequence[str]]) -> str:
    """Rows as an aligned plain-text table: the first column left-aligned, the others right-aligned."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  " + "   ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in enumerate(zip(row, widths, strict=True)))
        for row in rows
    )


# -- the rules ------------------------------------------------------------------------------


def rules_text(rules: TableRules) -> str:
    """The rules of this table (``view.rules``) in words: the one statement of them, :mod:`canasta.variants.statement`."""
    return statement_text(rules.variant, rules.players)


def penalties_text(rules: TableRules) -> str:
    """The penalties the engine applies in play at this table, with their sources: the statement's line of them (the
    others are a director's, for score sheets, 001 §22-§35)."""
    return next(str(line) for line in statement(rules.variant, rules.players) if line.topic == "penalties in play")


HELP = """\
commands:
  <number>        play the action with that number in the list
  <action>        play an action in text notation: draw, take n2, meld K n3 t1, discard 7, ask, yes, no ...
  ? <action>      explain why an action is illegal now (rule key and source section), or what it costs
  ? <number>      the same for an action of the list
  hint            what the heuristic bot would play here, from your view only
  rules           the rules of the profile in words
  table           show the table again
  pile            this hand's discards, in order
  help            this list
  quit            leave the match
an action marked [-100] or [minimum 60] in the list costs points or raises your opening minimum;
the lines starting with ! under the list say what and why, before you play it
at a terminal: the arrows edit the line, the up arrow brings back an earlier one, Tab completes"""
"""What ``help`` prints: the session's commands."""


def discards_text(view: PlayerView) -> str:
    """This hand's discards in order, as the view records them (``-`` marks an upcard)."""
    if not view.discards:
        return "no discards this hand"
    return "discards this hand: " + " ".join(f"{'-' if s < 0 else s}:{c.text}" for s, c in view.discards)


__all__ = [
    "COMMANDS",
    "HELP",
    "completions",
    "cost_lines",
    "cost_mark",
    "cost_sentence",
    "discards_text",
    "final_table_text",
    "format_rows",
    "numbered",
    "part_label",
    "penalties_text",
    "pile_line",
    "prompt_heading",
    "rules_text",
    "score_table",
    "seat_name",
    "side_name",
    "table_text",
    "take_notes",
]
