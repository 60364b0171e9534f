"""The text of ``canasta play``: the table, one line per action, the score breakdown, the key rules.

Everything here is a pure function of a :class:`~canasta.core.views.PlayerView`
(what the person at the table may see), the events the engine returned and the
profile, so the plain and the rich screen show the same words. The table is
the one layout of :mod:`canasta.core.render` (``str(view)``'s), spoken to the
person (``you``, ``seat 2 (partner)``), with what taking the pile needs now
added to the pile. Cards print as ``KS``/``JK`` and actions in the text
notation of :mod:`canasta.core.actions`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from canasta.core import render
from canasta.core.actions import Action, Discard
from canasta.core.events import (
    CanastaCompleted,
    CardDrawn,
    Discarded,
    Event,
    GoOutAsked,
    HandDealt,
    HandEnded,
    MatchEnded,
    OpeningRetracted,
    PenaltyApplied,
    PileDeclined,
    PileFrozen,
    PileReleased,
    PileTaken,
    RedThreeLaid,
    SideOpened,
    Termination,
    UpcardTurned,
)
from canasta.core.scoring import HandScore
from canasta.core.table import TableRules
from canasta.core.views import Phase, PlayerView
from canasta.variants.enums import CanastaKind, GoOutPermission

from .costs import Cost, When

WIDTH = 100
"""Lines of numbered actions wrap at this width."""


# -- who is who -------------------------------------------------------------------------


def seat_name(view: PlayerView, seat: int) -> str:
    """``you``, ``seat 2 (partner)`` or ``seat 1 (opponent)``: a seat as the person at ``view.seat`` hears it."""
    return render.seat_name(view, seat, person=True)


def side_name(view: PlayerView, side: int) -> str:
    """``side 0 (seats 0 2, yours)`` or ``side 1 (seats 1 3)``."""
    return render.side_name(view, side, person=True)


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


def table_text(view: PlayerView) -> str:
    """The table as the person at ``view.seat`` sees it: the layout of ``str(view)``, spoken to the person (:mod:`canasta.core.render`)."""
    return "\n".join(render.table_lines(view, person=True, pile_notes=take_notes(view)))


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


# -- what happened -------------------------------------------------------------------------


def _event_note(view: PlayerView, actor: int, event: Event) -> str | None:
    """A short note for an event an action caused, or None when the action text already says it."""
    other = getattr(event, "seat", actor)
    who = "" if other == actor else f"{seat_name(view, int(other))} "
    match event:
        case CardDrawn(seat=seat, card=card) if seat == view.seat:
            return f"{who}drew {card.text}"
        case RedThreeLaid(card=card, replaced=replaced):
            return f"{who}laid red three {card.text}" + (" and drew a replacement" if replaced else "")
        case PileTaken(cards=cards, top_card=top, top_only=top_only, pending=pending):
            if top_only:
                return f"took the top card {top.text}"
            held = ", held back until the opening stands" if pending else ""
            return f"took the pile: {cards} cards, top {top.text}{held}"
        case PileReleased(cards=cards):
            return f"the {cards} held-back pile cards went into the hand"
        case PileFrozen(reason=reason):
            return f"the pile is frozen ({reason.value})"
        case SideOpened(side=side, points=points, minimum=minimum):
            return f"side {side} opened with {points} points (minimum {minimum})"
        case CanastaCompleted(side=side, rank=rank):
            return f"side {side} completed a {render.kind_text(event.kind)} canasta of {rank.text}"
        case OpeningRetracted(new_minimum=minimum):
            return f"{who}took back the opening; the minimum is now {minimum}"
        case Discarded(card=card):
            return f"({card.text})"
        case GoOutAsked(partner=partner):
            return f"asked {seat_name(view, partner)} 'may I go out?'"
        case PenaltyApplied(side=side, points=points, rule=rule):
            return f"side {side} penalised {points} points [{rule}]"
        case PileDeclined():
            return "left the pile"
        case UpcardTurned(card=card):
            return f"upcard {card.text}"
        case HandDealt(hand_number=number, dealer=dealer, first_player=first):
            return f"hand {number} dealt by seat {dealer}; {seat_name(view, first)} play{'' if first == view.seat else 's'} first"
    return None


def _describe(view: PlayerView, actor: int | None, events: Sequence[Event]) -> tuple[list[str], dict[int, list[str]]]:
    """Notes on ``events``: the actor's own, and those of seats acting after the turn passed (red threes laid at a turn's start)."""
    own: list[str] = []
    others: dict[int, list[str]] = {}
    passed = actor is None
    for event in events:
        seat = getattr(event, "seat", None)
        if passed and isinstance(seat, int) and seat != actor:
            note = _event_note(view, seat, event)
            if note is not None:
                others.setdefault(seat, []).append(note)
            continue
        note = _event_note(view, actor if actor is not None else -1, event)
        if isinstance(event, Discarded) and event.seat == actor:
            passed = True
            if note is not None:
                own.insert(0, note)
        elif note is not None:
            own.append(note)
    return own, others


def _until_hand_end(events: Sequence[Event]) -> tuple[Sequence[Event], Sequence[Event]]:
    for i, event in enumerate(events):
        if isinstance(event, HandEnded | MatchEnded):
            return events[:i], [e for e in events[i:] if not isinstance(e, HandEnded | MatchEnded)]
    return events, ()


def action_lines(view: PlayerView, actor: int, action: Action, events: Sequence[Event]) -> list[str]:
    """One line for an action, in the text notation, with what it caused (``seat 1 (opponent): discard 7 (7H)``),
    then a line for each seat whose red threes were laid as its turn began. Events after the end of a hand are left
    to :func:`deal_lines`."""
    own, others = _describe(view, actor, _until_hand_end(events)[0])
    text = f"{seat_name(view, actor)}: {action}"
    if own and own[0].startswith("(") and isinstance(action, Discard):
        text += " " + own.pop(0)
    lines = [text + (" - " + "; ".join(own) if own else "")]
    lines.extend(f"{seat_name(view, seat)}: " + "; ".join(notes) for seat, notes in others.items())
    return lines


def deal_lines(view: PlayerView, events: Sequence[Event]) -> list[str]:
    """The next hand's deal, after a hand ended: who dealt, the upcard, and red threes laid at once."""
    after = _until_hand_end(events)[1]
    own, others = _describe(view, None, after)
    lines = ["; ".join(own)] if own else []
    lines.extend(f"{seat_name(view, seat)}: " + "; ".join(notes) for seat, notes in others.items())
    return lines


_ENDINGS = {
    Termination.WENT_OUT: "{who} went out",
    Termination.WENT_OUT_CONCEALED: "{who} went out concealed",
    Termination.STOCK_EXHAUSTED: "the stock ran out",
    Termination.RED_THREE_LAST_CARD: "the last stock card was a red three",
    Termination.TURN_CAP: "the turn limit was reached",
}

_PARTS = (
    ("canastas", "canastas"),
    ("red threes", "red_threes"),
    ("going out", "going_out"),
    ("melded cards", "melded"),
    ("cards in hand", "in_hand"),
    ("penalties", "penalties"),
)


def score_table(view: PlayerView, scores: Sequence[HandScore], totals: Sequence[int]) -> list[list[str]]:
    """The score breakdown as rows: a header, one row per part of :class:`HandScore`, the hand total and the match total."""
    rows = [["", *(f"side {s.side}{' (you)' if s.side == view.side else ''}" for s in scores)]]
    for label, attr in _PARTS:
        rows.append([label, *(str(getattr(s, attr)) for s in scores)])
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


def hand_end_title(view: PlayerView, ended: HandEnded) -> str:
    """``hand 1 over: seat 2 (partner) went out``."""
    who = seat_name(view, ended.seat) if ended.seat is not None else "nobody"
    return f"hand {ended.hand_number} over: " + _ENDINGS[ended.termination].format(who=who)


def match_result(view: PlayerView, ended: MatchEnded, hands: int) -> str:
    """The match's result from the person's side: who won, and the totals."""
    totals = ", ".join(f"side {s} {t}" for s, t in enumerate(ended.totals))
    if ended.winner is None:
        head = "a draw"
    elif ended.winner == view.side:
        head = f"your side wins ({side_name(view, ended.winner)})"
    else:
        head = f"{side_name(view, ended.winner)} wins; your side loses"
    return f"match over after {hands} hand{'s' if hands != 1 else ''}: {head}. Final scores: {totals}"


# -- the rules ------------------------------------------------------------------------------


_PERMISSION = {
    GoOutPermission.NOT_USED: "not used",
    GoOutPermission.OPTIONAL: "optional, the answer binds",
    GoOutPermission.AFTER_STOCK_DRAW: "only after drawing from the stock, the answer binds",
}


_ASK_AFTER_MELDING = {
    (True, False): ", before or after melding",
    (True, True): ", before melding; after melding too, but then you must go out if you can, whatever the answer",
    (False, False): ", before melding anything",
}
"""When the question may come (``going_out.ask_after_melding``; 000 UTGÅNG 1, 001 §23 B; decisions P26)."""


def _bonus_table(table: Sequence[int]) -> str:
    steps = ", ".join(f"{i} for {n}" for n, i in enumerate(table, 1))
    return f"{steps}" + (" or more" if len(table) > 1 else "")


def penalties_text(rules: TableRules) -> str:
    """The penalties the engine applies in play at this table (``view.rules``), with their sources; the others are
    for score sheets (001 §22-§35). The permission penalty only where a partner can be asked (001 §23 D)."""
    found = []
    points = rules.permission_penalty
    if points and rules.permission:
        found.append(
            f"after the partner's yes to 'may I go out?', a discard that does not go out costs the side {points}"
            f" ({rules.cite('going_out.permission_penalty')})"
        )
    raised = rules.minimum_raise
    if raised:
        found.append(
            f"taking back an opening that falls short raises the side's minimum by {raised} for the hand"
            f" ({rules.cite('penalties.insufficient_opening_raise')})"
        )
    return "penalties in play: " + ("; ".join(found) if found else "none")


def rules_text(rules: TableRules) -> str:
    """The key rules of this table (``view.rules``) in a few lines: opening minimums, the pile, melds, canastas,
    going out, penalties, red threes, the target."""
    r = rules
    first = f" below {r.thresholds[0]}" if r.thresholds else ""
    bands = [f"{r.minimums[0]}{first}"]
    for lo, minimum in zip(r.thresholds, r.minimums[1:], strict=False):
        bands.append(f"{minimum} from {lo}")
    natural = " (one of them natural)" if r.natural_canastas_required else ""
    ways = ["a natural pair"]
    if r.wild_and_natural:
        ways.append("a natural and a wild card (unfrozen pile, opened side)")
    if r.add_top_card_to_meld:
        ways.append("the top card onto your meld (unfrozen pile, opened side)")
    freeze = []
    if r.wild_discard_freezes:
        freeze.append("a discarded wild card")
    upcards = [kind for kind, on in (("wild", r.upcard_wild_freezes), ("red-three", r.upcard_red_three_freezes)) if on]
    if r.upcard_black_three_freezes:
        upcards.append("black-three")
    if upcards:
        freeze.append(f"a {' or '.join(upcards)} upcard")
    if r.black_three_freezes_discard:
        freeze.append("a discarded black three")
    before = "a natural pair" if r.pile_needs_pair_to_open else "the usual ways"
    v = r.variant
    lines = [
        f"{v.title} ({v.name}), {r.players} players; the match goes to {r.target} points",
        f"opening minimum by score: {', '.join(bands)}; several melds may make it: {'yes' if r.several_melds else 'no'}",
        f"the pile is taken with {'; or '.join(ways)}; before opening it needs {before}"
        + ("; you may take only its top card" if r.take_top_card_only else ""),
        f"the pile freezes on {', '.join(freeze) or 'nothing'}; a frozen pile needs a natural pair",
        f"melds: at least {r.min_size} cards, at least {r.min_naturals} natural, at most {r.max_wilds} wild",
        f"canasta: {r.canasta_size} cards; bonus {r.canasta_bonus(CanastaKind.NATURAL)} natural, {r.canasta_bonus(CanastaKind.MIXED)} mixed",
        f"going out needs {r.canastas_required} canasta{'s' if r.canastas_required != 1 else ''}{natural}; bonus {r.going_out_bonus}, concealed "
        + (str(r.concealed_bonus) if r.concealed_allowed else "not allowed")
        + f"; asking the partner 'may I go out?': {_PERMISSION[v.going_out.permission]}"
        + ("" if not r.permission else _ASK_AFTER_MELDING[(r.ask_after_melding, r.ask_after_melding_binds)]),
        penalties_text(r),
    ]
    threes = "threes, red and black," if r.black_bonus else "red threes"
    if r.threes_sign:
        signs = ", ".join(f"{'minus' if s < 0 else 'nothing' if s == 0 else 'plus'} with {i}{'+' if i == len(r.threes_sign) - 1 else ''}" for i, s in enumerate(r.threes_sign))
        lines.append(f"{threes} score {_bonus_table(r.red_three_table)} by colour, by the side's canastas: {signs}")
    else:
        lines.append(
            f"red threes score {_bonus_table(r.red_three_table)} (negative unless the side has {'a canasta' if r.red_threes_need_canasta else 'a meld'});"
            " a discarded black three " + ("freezes the pile" if r.black_three_freezes_discard else "blocks the next player")
        )
    lines += family_rules_lines(r)
    return "\n".join(lines)


def family_rules_lines(rules: TableRules) -> list[str]:
    """The rules of schema 2 this table plays, in words: what a classic table does not have (docs/family.md)."""
    r = rules
    out = []
    if not r.upcard_enabled:
        out.append("no upcard: the pile starts empty")
    if r.stock_draw > 1:
        out.append(f"a draw takes {r.stock_draw} cards from the stock")
    if r.always_frozen:
        out.append("the pile is always frozen: only a natural pair of the top card's rank takes it")
    opening = []
    if r.natural_meld_size:
        opening.append(f"it needs a meld of {r.natural_meld_size} or more naturals and no wild card")
    if not r.mixed_canasta_in_opening:
        opening.append("it may not make a mixed canasta")
    if r.from_hand_before_pile:
        opening.append("it is laid from the hand before the pile may be taken (meld before drawing, then take)")
    if opening:
        out.append("the opening: " + "; ".join(opening))
    melds = []
    if r.max_size < 1 << 20:
        melds.append(f"at most {r.max_size} cards")
    if r.dead_ranks:
        melds.append("a completed canasta closes its rank to " + ("its side" if r.dead_ranks == 1 else "everyone"))
    if r.wilds_after_opening:
        melds.append(f"after the opening, wild cards join only a meld of {r.wilds_after_opening} naturals")
    if r.wild_meld_exclusive:
        melds.append("no wild card elsewhere while the wild-card meld is unfinished")
    if melds:
        out.append("melds: " + "; ".join(melds))
    discards = []
    names = render.RANK_NAMES
    for flags, what in (
        (r.discard_never, "never discarded"),
        (r.discard_last_resort, "discarded only to go out or when nothing else may be"),
        (r.discard_not_on_empty, "not discarded onto an empty pile"),
        (r.discard_not_first_round, "not discarded in the first round"),
    ):
        ranks = [("JK" if i == 13 else names[i]) for i, on in enumerate(flags) if on]
        if ranks:
            discards.append(f"{' '.join(ranks)} {what}")
    if r.dead_not_on_empty:
        discards.append("dead ranks not discarded onto an empty pile")
    if discards:
        out.append("discards: " + "; ".join(discards))
    if r.reserve_sizes:
        when = {0: "the side's opening", 1: "an empty hand", 2: "the side's first canasta"}[r.reserve_trigger]
        timing = "at once" if r.reserve_turn_continues else "after the discard"
        out.append(f"reserve piles of {' and '.join(str(n) for n in r.reserve_sizes)} cards, given for {when}, {timing}")
    if r.melded_sign:
        out.append("melded cards count minus while the side has no canasta")
    if r.special_hands:
        out.append("special hands: " + ", ".join(f"{name} ({points})" for name, _, _, points in r.special_hands))
    if r.match_hands:
        out.append(f"the match is {r.match_hands} hands")
    return out


HELP = """\
commands:
  <number>        play the action with that number in the list
  <action>        play an action in text notation: draw, take n2, meld K n3 t1, discard 7, ask, yes, no ...
  ? <action>      explain why an action is illegal now (rule key and source section), or what it costs
  ? <number>      the same for an action of the list
  hint            what the heuristic bot would play here, from your view only
  rules           the profile's key rules
  table           show the table again
  pile            this hand's discards, in order
  help            this list
  quit            leave the match
an action marked [-100] or [minimum 60] in the list costs points or raises your opening minimum;
the lines starting with ! under the list say what and why, before you play it"""
"""What ``help`` prints: the session's commands."""


def discards_text(view: PlayerView) -> str:
    """This hand's discards in order, as the view records them (``-`` marks an upcard)."""
    if not view.discards:
        return "no discards this hand"
    return "discards this hand: " + " ".join(f"{'-' if s < 0 else s}:{c.text}" for s, c in view.discards)


__all__ = [
    "HELP",
    "action_lines",
    "cost_lines",
    "cost_mark",
    "cost_sentence",
    "deal_lines",
    "discards_text",
    "format_rows",
    "hand_end_title",
    "match_result",
    "numbered",
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
