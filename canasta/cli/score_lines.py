"""Reading the entries of a ``canasta score`` session: a hand, a penalty, a seat or side, each from one line of text.

The syntax is documented by ``help hand`` and ``help penalty`` (docs/scoresheet.md):
``hand ENDING | 0: ITEMS | 1: ITEMS [note TEXT]``, ``penalty SIDE KIND [COUNT] [hand N]``.
An item is a word and a number (``mixed 1``), ranks separated by commas (``unfinished 7,W``)
or a name (``special seven_pairs``); :func:`hand_help` lists those the sheet's profile takes.
A line that names no entry raises :class:`ReadError`, said to the person; an
entry that reads but that the rules refuse is the sheet's
:class:`~canasta.EntryError`. Nothing here scores or checks a rule.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from canasta.core.penalties import Penalty
    from canasta.scoresheet import HandEntry, PenaltyEntry, ScoreSheet, WarningEntry

_KINDS = {"natural": "NATURAL", "mixed": "MIXED", "wild": "WILD", "pure-wild": "PURE_WILD", "every-joker": "EVERY_JOKER"}
_COUNTS = {
    "red": "red_threes",
    "red-unplayed": "red_threes_unplayed",
    "red-in-hand": "red_threes_in_hand",
    "melded": "melded",
    "hand": "in_hand",
    "black": "black_threes",
    "black-in-hand": "black_threes_in_hand",
    "untaken": "reserves_untaken",
}
_RANK_LISTS = {"unfinished": "unfinished", "sets": "sets_in_hand"}
"""Items whose value is a list of ranks separated by commas (``unfinished 7,W``), one per meld or per player's set."""
_RANKED = "natural-"
"""The prefix of a natural canasta counted by its rank: ``natural-A 1`` (``ranks.natural_canasta_bonus``)."""
_SPECIAL = "special"
"""The item naming the special hand a side showed, and the ending of such a hand (``scoring.special_hands``)."""
_ENDINGS = {
    "went-out": "WENT_OUT",
    "concealed": "WENT_OUT_CONCEALED",
    "stock-out": "STOCK_EXHAUSTED",
    "red-three-last": "RED_THREE_LAST_CARD",
    "special": "SPECIAL_HAND",
}
_SIDE_LABEL = re.compile(r"^(?:side\s*)?(?P<side>\d{1,3})\s*:\s*(?P<rest>.*)$")
_NOTE = re.compile(r"(?:^|\s)note(?:\s+(?P<text>.*))?$")


class ReadError(ValueError):
    """A line that names no entry: what is wrong with it, said to the person; nothing is entered."""




def split_note(text: str) -> tuple[str, str]:
    """The line without its ``note ...`` tail, and the note."""
    found = _NOTE.search(text)
    if found is None:
        return text, ""
    return text[: found.start()].strip(), (found["text"] or "").strip()


def read_count(word: str, value: str | None, what: str = "a whole number") -> int:
    """The number after ``word``; :class:`ReadError` when it is missing or no whole number."""
    if value is None:
        raise ReadError(f"{word} needs {what} after it")
    if not (value.isascii() and value.isdigit()) or len(value) > 9:
        raise ReadError(f"{word} {value}: expected {what} (0 or more)")
    return int(value)


def seat_of(sheet: ScoreSheet, word: str) -> int:
    """A seat named by its number or by a player's name (any case)."""
    if word.isascii() and word.isdigit() and len(word) <= 3:
        return int(word)
    named = [seat for seat, name in enumerate(sheet.names) if name.lower() == word.lower()]
    if len(named) == 1:
        return named[0]
    raise ReadError(f"{word}: no seat has that number or name; the seats are {_seats(sheet)}")


def _seats(sheet: ScoreSheet) -> str:
    from canasta.errors import printable

    return ", ".join(f"{seat} {printable(name, newlines=False)}" for seat, name in enumerate(sheet.names))


def side_of(sheet: ScoreSheet, word: str) -> int:
    """A side named by its number, or by one of its players' names."""
    if word.isascii() and word.isdigit() and len(word) <= 3:
        return int(word)
    named = [seat for seat, name in enumerate(sheet.names) if name.lower() == word.lower()]
    if len(named) == 1:
        return int(sheet.rules.side_of[named[0]])
    sides = ", ".join(f"{s} ({side_name(sheet, s)})" for s in range(sheet.rules.sides))
    raise ReadError(f"{word}: no side has that number or player; the sides are {sides}")


def _ranks_of(word: str, value: str | None) -> list[str]:
    """The ranks after ``word``, separated by commas (``7,W``); :class:`ReadError` for a word that is no rank of a meld."""
    from canasta.scoresheet.entries import RANK_WORDS

    if value is None:
        raise ReadError(f"{word} needs ranks after it, separated by commas (e.g. {word} A,7; ranks: {RANK_WORDS})")
    ranks = [part for part in value.split(",") if part]
    bad = [part for part in ranks if not _is_rank(part)]
    if bad or not ranks:
        raise ReadError(f"{word} {value}: {bad[0] if bad else 'no rank'} is not a rank of a meld ({RANK_WORDS}); separate ranks with commas")
    return ranks


def _is_rank(text: str) -> bool:
    from canasta.errors import ArgumentError
    from canasta.scoresheet.entries import meld_rank

    try:
        meld_rank(text, "rank")
    except ArgumentError:
        return False
    return True


def _side_items(words: Sequence[str]) -> dict[str, Any]:
    from canasta.core.canastas import CanastaKind

    canastas: dict[CanastaKind, int] = {}
    by_rank: dict[str, int] = {}
    fields: dict[str, Any] = {}
    i = 0
    while i < len(words):
        word = words[i].lower()
        value = words[i + 1] if i + 1 < len(words) else None
        if word in _KINDS:
            canastas[CanastaKind[_KINDS[word]]] = read_count(word, value)
        elif word in _COUNTS:
            fields[_COUNTS[word]] = read_count(word, value, "card points" if word in ("melded", "hand") else "a count")
        elif word.startswith(_RANKED) and len(word) > len(_RANKED):
            ranks = [part for part in word[len(_RANKED) :].split(",") if part]
            if len(ranks) != 1 or not _is_rank(ranks[0]):
                from canasta.scoresheet.entries import RANK_WORDS

                raise ReadError(f"{words[i]}: write one rank of a meld after natural- ({RANK_WORDS}), e.g. natural-A 1")
            by_rank[ranks[0]] = by_rank.get(ranks[0], 0) + read_count(word, value)
        elif word in _RANK_LISTS:
            fields[_RANK_LISTS[word]] = [*fields.get(_RANK_LISTS[word], []), *_ranks_of(word, value)]
        elif word == _SPECIAL:
            if value is None:
                raise ReadError("special needs the name of the special hand the side showed (e.g. special seven_pairs)")
            fields["special_hand"] = value
        else:
            close = difflib.get_close_matches(word, [*_KINDS, *_COUNTS, *_RANK_LISTS, _SPECIAL], n=1)
            hint = f"; did you mean {close[0]}?" if close else "; help hand lists them"
            raise ReadError(f"{words[i]}: not an item of a side{hint}")
        i += 2
    if canastas:
        fields["canastas"] = canastas
    if by_rank:
        fields["rank_canastas"] = by_rank
    return fields


def read_hand(sheet: ScoreSheet, text: str) -> HandEntry:
    """A :class:`~canasta.scoresheet.HandEntry` from ``ENDING | 0: ITEMS | 1: ITEMS`` (see :data:`HAND_HELP`)."""
    from canasta.core.events import Termination
    from canasta.scoresheet import HandEntry, SideEntry

    head, *segments = text.split("|")
    words = head.split()
    if not words:
        raise ReadError("say how the hand ended first: went-out SEAT, concealed SEAT, stock-out, red-three-last or special")
    ending_word = words[0].lower()
    if ending_word not in _ENDINGS:
        close = difflib.get_close_matches(ending_word, list(_ENDINGS), n=1)
        hint = f"; did you mean {close[0]}?" if close else ""
        raise ReadError(f"{words[0]}: not an ending; write went-out SEAT, concealed SEAT, stock-out, red-three-last or special{hint}")
    ending = Termination[_ENDINGS[ending_word]]
    went_out: int | None = None
    if ending in (Termination.WENT_OUT, Termination.WENT_OUT_CONCEALED):
        if len(words) != 2:
            raise ReadError(f"{ending_word} needs the seat that went out, a number or a name: {_seats(sheet)}")
        went_out = seat_of(sheet, words[1])
    elif len(words) != 1:
        raise ReadError(f"{ending_word} takes no seat; put '|' before each side's items")
    sides_count = sheet.rules.sides
    if len(segments) != sides_count:
        raise ReadError(f"the table has {sides_count} sides: give one '| N: ...' segment for each (got {len(segments)})")
    sides = []
    for number, segment in enumerate(segments):
        found = _SIDE_LABEL.match(segment.strip())
        rest = segment
        if found is not None:
            if int(found["side"]) != number:
                raise ReadError(f"the segments go in side order: segment {number + 1} is side {number}, not {found['side']}")
            rest = found["rest"]
        sides.append(SideEntry(**_side_items(rest.split())))
    return HandEntry(sides=tuple(sides), ending=ending, went_out=went_out)


_HAND_HEAD = """\
a hand:   hand ENDING | 0: ITEMS | 1: ITEMS   (one segment per side; 'N:' is optional and checked)
ENDING:   went-out SEAT        a player went out (SEAT: a seat number or a player's name)
          concealed SEAT       a player went out concealed, melding his whole hand at once
          stock-out            the stock ran out and nobody went out
          red-three-last       the last stock card was a red three"""

_HAND_ITEMS = """\
ITEMS (each a word and a number; a missing one is 0):
          natural N  mixed N  wild N  pure-wild N  every-joker N    canastas by kind
          red N                red threes on the table
          red-unplayed N       red threes of a player who never had a turn (001 §21 G)
          red-in-hand N        red threes kept or forgotten in a hand (001 §21 H)
          melded P             card points melded (canastas' cards included)
          hand P               card points left in the side's hands, as a positive number"""

_HAND_EXAMPLE = "example:  hand went-out 0 | 0: natural 1 mixed 1 red 2 melded 230 | 1: mixed 1 red 1 melded 120 hand 45"


def hand_help(sheet: ScoreSheet) -> str:
    """``help hand``: the syntax of a hand, with the items of schema 2's rules that the sheet's profile has (and only those)."""
    from canasta.scoresheet.entries import meld_rank_of

    r = sheet.rules

    def ranks(values: Sequence[int], least: int) -> list[str]:
        return [meld_rank_of(i).value for i, v in enumerate(values) if v >= least and i >= 2]

    lines = [_HAND_HEAD]
    if r.special_hands:
        lines.append("          special              a player showed a special hand (scoring.special_hands); no seat")
    items = _HAND_ITEMS
    if r.black_bonus:
        items = items.replace("red threes kept or forgotten in a hand (001 §21 H)", "threes, red or black, kept or forgotten in a hand")
    lines.append(items)
    family = []
    bonus_ranks = ranks(r.rank_canasta_bonus, 0)
    if bonus_ranks:
        family.append(f"          natural-RANK N       natural canastas of a rank with its own bonus ({', '.join(bonus_ranks)}), e.g. natural-{bonus_ranks[-1]} 1")
    if r.black_bonus:
        family.append("          black N              black threes laid as bonus cards")
    unfinished = ranks(r.unfinished_penalty, 1)
    if unfinished:
        family.append(f"          unfinished RANKS     unfinished melds that cost a penalty ({', '.join(unfinished)}), e.g. unfinished {','.join(unfinished[-2:])}")
    held = ranks(r.hand_penalty, 1)
    if held:
        family.append(f"          sets RANKS           a rank per player left with {r.hand_penalty_count} or more of it ({', '.join(held)}), e.g. sets {held[-1]},{held[-1]}")
    if r.black_three_hand_penalty and not r.black_bonus:
        family.append("          black-in-hand N      black threes left in a hand")
    if r.reserve_untaken_penalty:
        family.append("          untaken N            reserve piles never received")
    if r.special_hands:
        family.append(f"          special NAME         the special hand shown ({', '.join(h[0] for h in r.special_hands)}); nothing else on its side")
    if family:
        lines += [f"{r.variant.name} also counts (ranks as the profile names them; W the wild-card meld):", *family]
    lines.append(_HAND_EXAMPLE)
    return "\n".join(lines)


def penalty_kind(word: str) -> Penalty:
    """A :class:`~canasta.core.penalties.Penalty` by its name, in lower case with hyphens (``table-talk``)."""
    from canasta.core.penalties import Penalty

    name = word.upper().replace("-", "_")
    if name in Penalty.__members__:
        return Penalty[name]
    names = [_penalty_word(p) for p in Penalty]
    close = difflib.get_close_matches(word.lower(), names, n=1)
    hint = f"; did you mean {close[0]}?" if close else "; 'penalty' alone lists them"
    raise ReadError(f"{word}: no such penalty{hint}")


def _penalty_word(penalty: Penalty) -> str:
    return penalty.name.lower().replace("_", "-")


def _hand_word(rest: list[str]) -> int | None:
    """``hand N`` at the head of ``rest`` (taken off it), or None."""
    if rest and rest[0].lower() == "hand":
        hand = read_count("hand", rest[1] if len(rest) > 1 else None, "a hand number")
        del rest[:2]
        return hand
    return None


def read_penalty(sheet: ScoreSheet, text: str) -> PenaltyEntry:
    """A :class:`~canasta.scoresheet.PenaltyEntry` from ``SIDE KIND [COUNT] [hand N] [override] [note TEXT]``."""
    from canasta.scoresheet import PenaltyEntry

    body, note = split_note(text)
    words = body.split()
    if len(words) < 2:
        raise ReadError("write penalty SIDE KIND [COUNT] [hand N] [override] [note TEXT], e.g. penalty 1 insufficient-opening")
    side = side_of(sheet, words[0])
    kind = penalty_kind(words[1])
    rest = words[2:]
    count = 1
    if rest and rest[0].lower() not in ("hand", "override"):
        count = read_count("the count", rest.pop(0))
    hand = _hand_word(rest)
    override = bool(rest) and rest[0].lower() == "override"
    if override:
        rest.pop(0)
    if rest:
        raise ReadError(f"{' '.join(rest)}: not understood after the penalty; write [COUNT] [hand N] [override] [note TEXT]")
    return PenaltyEntry(side=side, penalty=kind, count=count, hand=hand, note=note, override=override)


def read_warning(sheet: ScoreSheet, text: str) -> WarningEntry:
    """A :class:`~canasta.scoresheet.WarningEntry` from ``SIDE-OR-PLAYER KIND [hand N] [note TEXT]``: a player's name or seat
    (``seat N``) names the player warned as well as the side."""
    from canasta.scoresheet import WarningEntry

    body, note = split_note(text)
    words = body.split()
    if len(words) < 2:
        raise ReadError("write warn SIDE-OR-PLAYER KIND [hand N] [note TEXT], e.g. warn Bertil table-talk note talked about the pile")
    seat = None
    if words[0].lower() == "seat" and len(words) > 2:
        seat = seat_of(sheet, words[1])
        if not 0 <= seat < sheet.players:
            raise ReadError(f"seat {words[1]}: no such seat; the seats are {_seats(sheet)}")
        words = words[1:]
        side = int(sheet.rules.side_of[seat])
    elif not (words[0].isascii() and words[0].isdigit()):
        seat = seat_of(sheet, words[0])
        side = int(sheet.rules.side_of[seat])
    else:
        side = side_of(sheet, words[0])
    kind = penalty_kind(words[1])
    rest = words[2:]
    hand = _hand_word(rest)
    if rest:
        raise ReadError(f"{' '.join(rest)}: not understood after the warning; write [hand N] [note TEXT]")
    return WarningEntry(side=side, seat=seat, penalty=kind, hand=hand, note=note)


def penalty_list(sheet: ScoreSheet) -> str:
    """The penalties, each with its points under this profile (or that it has none) and its rule's source."""
    from canasta.core.penalties import Penalty, penalty_value
    from canasta.errors import EntryError

    rules = sheet.rules
    lines = ["penalties (penalty SIDE KIND [COUNT]):"]
    for penalty in Penalty:
        try:
            value = penalty_value(rules, penalty)
        except EntryError:
            shown = "none in this profile"
        else:
            shown = (
                f"minimum +{value} for the hand" if penalty.raises_minimum else f"{value} points" + (" a card" if penalty.per_card else "")
            )
        after = f"; after a warning (warn), {penalty.warning_first}" if penalty.warning_first else ""
        lines.append(f"  {_penalty_word(penalty):26} {shown:24} {penalty.value} ({rules.cite(penalty.value) or 'no source'}){after}")
    return "\n".join(lines)


_TYPED = {
    **{field: item for item, field in _COUNTS.items()},
    **{field: item for item, field in _RANK_LISTS.items()},
    "rank_canastas": "natural-RANK",
    "special_hand": "special NAME",
    "went_out": "went-out SEAT",
    "arithmetic=True": "arithmetic",
    "override=True": "override",
    "ScoreSheet.warn": "warn SIDE-OR-PLAYER KIND",
    "ScoreSheet(names=...)": "--names",
    "ScoreSheet(players=...)": "--players",
    "ScoreSheet(seed_dealer=...)": "--dealer",
    "ScoreSheet(variant=...)": "--variant",
    "ScoreSheet(carried=...)": "--carried",
    "Carried(totals=...)": "--carried",
}
"""The library's names in a message (a field of an entry, a call's argument) as ``canasta score`` has the person type them."""
_TYPED_NAME = re.compile(
    "|".join(rf"(?<![\w.]){re.escape(name)}(?![\w.])" for name in sorted(_TYPED, key=len, reverse=True))
    + r"|(?<![\w.])(?P<penalty>[a-z]+(?:_[a-z]+)+)(?![\w.])"
)


def as_typed(text: str) -> str:
    """A message of the library as ``canasta score`` says it: each entry's field, call argument and penalty named as the person
    types it (``in_hand`` is ``hand``, ``ScoreSheet(names=...)`` is ``--names``, ``table_talk`` is ``table-talk``)."""
    from canasta.core.penalties import Penalty

    penalties = {p.name.lower() for p in Penalty}

    def typed(found: re.Match[str]) -> str:
        word = found.group(0)
        if word in _TYPED:
            return _TYPED[word]
        return word.replace("_", "-") if word in penalties else word

    return _TYPED_NAME.sub(typed, text)


# --- the session -----------------------------------------------------------------------------------

def side_name(sheet: ScoreSheet, side: int) -> str:
    """A side's players' names, joined with ``&``, as a message shows them: on one line, each character that is not printable as its
    escape (:func:`canasta.errors.printable`), since a name comes from a file a stranger may have written."""
    from canasta.errors import printable

    return printable(" & ".join(sheet.side_names(side)), newlines=False)
