"""``canasta score``: keep a table's score sheet from the command line (:mod:`canasta.scoresheet`).

``canasta score new FILE --variant V --players N [--names ...]`` starts a
sheet; ``canasta score FILE`` (or ``canasta score open FILE``) opens it for a
session that reads one command a line, from a person at a terminal or from a
script on standard input, the way ``canasta play`` does: each line is bounded
and checked before it is read (:mod:`canasta.play.lines`) and echoed when it
does not come from a terminal, so a piped session reads as a transcript.
``canasta score show FILE`` and ``canasta score export FILE`` print or write the
sheet for scripts, as text, Markdown, CSV, JSON or a printable HTML card
(:mod:`canasta.scoresheet.export`).

The sheet is append-only (001 §35): a hand, a penalty, a correction and a deal
are entries, and the file is saved after each one the sheet accepts. An entry
the rules refuse prints the reason, the rule and its source, and changes
nothing, in memory or on disk. There is no undo: a mistake is corrected with
``correct``, which keeps the old value in the log.
"""

from __future__ import annotations

import argparse
import difflib
import os
import sys
from typing import TYPE_CHECKING, Any, TextIO

from canasta.errors import printable, shown_value

from . import CommandError, Subparsers, show_help, whole_number
from .score_lines import (
    ReadError,
    as_typed,
    hand_help,
    penalty_list,
    read_count,
    read_hand,
    read_penalty,
    read_warning,
    side_name,
    split_note,
)

if TYPE_CHECKING:
    from canasta.scoresheet import ScoreSheet

SHEET_FORMATS = ("text", "markdown", "csv", "json", "html")
"""What ``show`` and ``export`` write."""

COMMANDS = ("new", "open", "show", "export")
"""The subcommands; any other first word is the FILE of ``open``."""

INTERRUPTED = 130
"""The exit code after Ctrl-C, as shells report a SIGINT."""

HELP = """\
commands (one a line; the file is saved after every accepted entry):
  hand ENDING | 0: ITEMS | 1: ITEMS [note TEXT]
                       add the next hand; one segment per side, in side order
  penalty SIDE KIND [COUNT] [hand N] [override] [note TEXT]
                       a penalty of the profile's [penalties] (penalty alone lists them);
                       'override': the director's, for one that follows a warning
  warn SIDE-OR-PLAYER KIND [hand N] [note TEXT]
                       a warning of penalty KIND, e.g. warn Bertil table-talk (001 §22 A)
  correct N [arithmetic] ENDING | 0: ITEMS | 1: ITEMS [note TEXT]
                       replace hand N; 'arithmetic' for an adding error (001 §35 A)
  withdraw N [note TEXT]
                       take back penalty N, entered in error (001 §35 B); show numbers them
  deal                 the next hand is dealt: other corrections are closed (001 §35 B)
  show [FORMAT]        the sheet: text, markdown, csv, json or html
  log                  every entry, correction and deal, with who and when
  export FORMAT PATH   write the sheet to a file
  by NAME              record later entries as entered by NAME
  save                 save the file again (it is saved after every entry)
  help [hand|penalty]  this list, or the hand syntax, or the penalties (and what warn names)
  quit                 leave; the file is already saved"""

def _names_a_file(word: str) -> bool:
    """Whether a first word that is no subcommand is read as the FILE of ``open``: a path, or nothing like a subcommand's name."""
    return "." in word or "/" in word or os.sep in word or not difflib.get_close_matches(word.lower(), COMMANDS, n=1)


class _Commands(dict[str, argparse.ArgumentParser]):
    """The subcommands' parsers by name, where argparse's check of the choice also lets a FILE through (:func:`_names_a_file`)."""

    def __contains__(self, key: object) -> bool:
        return super().__contains__(key) or (isinstance(key, str) and _names_a_file(key))


class _SubcommandOrFile(argparse._SubParsersAction):  # type: ignore[type-arg]
    """The subcommands of ``canasta score``, where a first word that is no subcommand (and not a misspelt one) is the FILE of ``open``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._name_parser_map = self.choices = _Commands()

    def __call__(
        self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any, option_string: str | None = None
    ) -> None:
        words = list(values)
        if words and not dict.__contains__(self._name_parser_map, words[0]):
            words = ["open", *words]
        super().__call__(parser, namespace, words, option_string)


def _names(text: str) -> list[str]:
    """An argparse ``type``: names separated by commas, each stripped; none may be empty."""
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise argparse.ArgumentTypeError(f"expected names separated by commas, e.g. Anna,Bertil,Carita,David; got {shown_value(text)}")
    for name in names:
        _decoded(name)
    return names


def _decoded(text: str) -> str:
    """An argparse ``type``: text as typed, refused where it holds bytes the terminal's encoding could not decode (Python's lone
    surrogates), which no sheet file can hold."""
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        raise argparse.ArgumentTypeError(
            f"{printable(text, newlines=False)} holds bytes that are not text in the terminal's encoding, which no sheet can hold"
        )
    return text


def _totals(text: str) -> list[int]:
    """An argparse ``type``: whole numbers separated by commas, each may be negative (a side's total)."""
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected totals separated by commas, e.g. 1200,850; got {shown_value(text)}") from None


def register(commands: Subparsers) -> None:
    """Add ``canasta score`` and its subcommands to the top-level parser."""
    parser = commands.add_parser(
        "score",
        help="keep a table's score sheet: hands, penalties, corrections, a printable card",
        description="Keep the score of a physical table by the rules of a profile. 'canasta score new FILE' starts a sheet, "
        "'canasta score FILE' opens it to enter hands, penalties and corrections (type help; lines can be piped in), "
        "'show' and 'export' print or write it as text, Markdown, CSV, JSON or a printable HTML card.",
    )
    parser.set_defaults(handler=show_help(parser))
    sub = parser.add_subparsers(title="subcommands", metavar="SUBCOMMAND", action=_SubcommandOrFile)
    new = sub.add_parser("new", help="start a sheet in a new file", description="Start an empty score sheet in FILE (never overwritten).")
    new.add_argument("file", metavar="FILE", help="the sheet's file, e.g. evening.toml (must not exist)")
    new.add_argument("--variant", default="finnish", metavar="V", help="a bundled profile name or a .toml house file (default: finnish)")
    new.add_argument("--players", type=whole_number, default=4, metavar="N", help="players at the table (default: 4)")
    new.add_argument(
        "--names",
        type=_names,
        metavar="A,B,...",
        help="the players' names in seat order, separated by commas (default: seat 0, seat 1, ...)",
    )
    new.add_argument("--dealer", type=whole_number, default=0, metavar="SEAT", help="the seat that deals the first hand (default: 0)")
    new.add_argument(
        "--carried",
        type=_totals,
        metavar="A,B,...",
        help="totals carried in from an earlier sheet or session, one per side in side order, e.g. 1200,850 (default: none)",
    )
    new.add_argument("--carried-note", type=_decoded, default="", metavar="TEXT", help="where the carried totals come from, e.g. 'the sheet of 3 May'")
    new.set_defaults(handler=run_new)
    open_ = sub.add_parser(
        "open",
        help="enter hands, penalties and corrections (also: canasta score FILE)",
        description="Open a sheet and enter commands, one a line: hand, penalty, correct, deal, show, log, export, save, quit; "
        "help lists them. Standard input may be a script; each line is echoed.",
    )
    open_.add_argument("file", metavar="FILE", help="the sheet's file")
    open_.add_argument("--by", default="", metavar="NAME", help="who enters, recorded with each entry (default: nobody named)")
    open_.set_defaults(handler=run_open)
    show = sub.add_parser("show", help="print the sheet", description="Print the sheet: totals, each hand, penalties, corrections.")
    show.add_argument("file", metavar="FILE", help="the sheet's file")
    show.add_argument("--format", choices=SHEET_FORMATS, default="text", help="text (default), markdown, csv, json or html")
    show.set_defaults(handler=run_show)
    export = sub.add_parser(
        "export", help="write the sheet as Markdown, CSV, JSON or an HTML card", description="Write the sheet in a format."
    )
    export.add_argument("file", metavar="FILE", help="the sheet's file")
    export.add_argument("--format", choices=SHEET_FORMATS, default="html", help="html (default: a printable card), markdown, csv, json or text")
    export.add_argument("-o", "--output", default="-", metavar="PATH", help="where to write it (default: standard output)")
    export.set_defaults(handler=run_export)


# --- the scripted subcommands ---------------------------------------------------------------------


def _load(path: str) -> ScoreSheet:
    from canasta.scoresheet import ScoreSheet

    return ScoreSheet.load(path)


def rendered(sheet: ScoreSheet, form: str) -> str:
    """The sheet in one of :data:`SHEET_FORMATS`."""
    from canasta.scoresheet import export

    writers = {"text": export.to_text, "markdown": export.to_markdown, "csv": export.to_csv, "json": export.to_json, "html": export.to_html}
    if form not in writers:
        raise CommandError(f"no format {shown_value(form)}; choose one of {', '.join(SHEET_FORMATS)}")
    return writers[form](sheet)


CSV_BOM = "\ufeff"
"""Put before a CSV written to a file: the byte-order mark by which Excel reads a CSV as UTF-8 (names with ä, the sources' §);
LibreOffice, Google Sheets and Python's ``encoding="utf-8-sig"`` read it too. Standard output gets none."""


def export_file(sheet: ScoreSheet, form: str, path: str) -> str:
    """Write the sheet in ``form`` to ``path`` whole (:func:`canasta.textfiles.write_text`); returns the path's label.

    Raises :class:`~canasta.textfiles.UnwritableFileError` for a path that is not a regular file or a new file in an existing
    folder, or that cannot be written; the file is then as it was.
    """
    from canasta.textfiles import write_text

    text = _ended(rendered(sheet, form))
    return write_text(path, CSV_BOM + text if form == "csv" else text)


def save_sheet(sheet: ScoreSheet, path: str, after: str = "") -> None:
    """:meth:`ScoreSheet.save`, the one way a sheet is written; a failure is a :class:`CommandError` that says what the file holds."""
    from canasta.errors import ScoreSheetError

    try:
        sheet.save(path)
    except ScoreSheetError as exc:
        raise CommandError(f"{exc.file}: {'; '.join(exc.problems)}{after}") from None


def run_new(args: argparse.Namespace) -> int:
    """``canasta score new``: write an empty sheet to a file that does not exist yet."""
    from canasta.core.table import UnsupportedPlayerCount
    from canasta.errors import ArgumentError
    from canasta.scoresheet import Carried, ScoreSheet

    if os.path.lexists(args.file):
        raise CommandError(f"{args.file}: the file exists; a score sheet is never overwritten: choose another name")
    try:
        carried = None if args.carried is None else Carried(totals=args.carried, note=args.carried_note)
        sheet = ScoreSheet(args.variant, args.players, names=args.names, seed_dealer=args.dealer, carried=carried)
    except UnsupportedPlayerCount as exc:
        raise CommandError(f"--players {shown_value(args.players)}: {exc}") from None
    except ArgumentError as exc:
        raise CommandError(as_typed(str(exc))) from None
    save_sheet(sheet, args.file)
    print(printable(f"{args.file}: a new sheet, {_table_line(sheet)}"))
    if sheet.carried is not None:
        print(f"carried in: {', '.join(f'{side_name(sheet, s)} {t}' for s, t in enumerate(sheet.carried))}")
    print(printable(f"enter the hands with: canasta score {args.file}"))
    return 0


def run_show(args: argparse.Namespace) -> int:
    """``canasta score show``: print the sheet; whatever it holds reaches the terminal as printable text (:func:`canasta.errors.printable`)."""
    sys.stdout.write(printable(_ended(rendered(_load(args.file), args.format))))
    return 0


def run_export(args: argparse.Namespace) -> int:
    """``canasta score export``: write the sheet to a file, or to standard output with ``-o -``."""
    from canasta.textfiles import UnwritableFileError

    sheet = _load(args.file)
    if args.output == "-":
        sys.stdout.write(printable(_ended(rendered(sheet, args.format))))
        return 0
    try:
        label = export_file(sheet, args.format, args.output)
    except UnwritableFileError as exc:
        raise CommandError(f"-o {exc.label}: {exc.reason} (-o - writes to standard output)") from None
    print(f"wrote {label} ({args.format})")
    return 0


def _ended(text: str) -> str:
    return text if text.endswith("\n") else text + "\n"


def _table_line(sheet: ScoreSheet) -> str:
    rules = sheet.rules
    sides = "; ".join(f"side {s}: {side_name(sheet, s)}" for s in range(rules.sides))
    return f"{rules.variant.title} ({rules.variant.name}), {sheet.players} players; {sides}"


def _hands(sheet: ScoreSheet) -> str:
    count = len(sheet.hands)
    return f"{count} hand" if count == 1 else f"{count} hands"




class Session:
    """One person's session over a sheet and its file: each accepted entry is saved at once; a refused one changes nothing."""

    def __init__(self, sheet: ScoreSheet, path: str, out: TextIO, by: str = "") -> None:
        self.sheet = sheet
        self.path = path
        self.out = out
        self.by = by

    def say(self, text: str) -> None:
        self.out.write(printable(text) + "\n")

    def save(self, after: str = "; the file holds every entry before the last, which was not saved") -> None:
        save_sheet(self.sheet, self.path, after)

    def status(self) -> str:
        """Totals, the next dealer and each side's minimum: what a table asks before the deal."""
        sheet = self.sheet
        totals = ", ".join(f"{side_name(sheet, s)} {t}" for s, t in enumerate(sheet.totals))
        if sheet.is_over:
            winner = sheet.winner
            result = "a tie" if winner is None else f"won by {side_name(sheet, winner)}"
            return f"after {_hands(sheet)}: {totals}; the match is over, {result}"
        minimums = ", ".join(f"{side_name(sheet, s)} {sheet.minimum(s)}" for s in range(sheet.rules.sides))
        dealer = printable(sheet.names[sheet.next_dealer], newlines=False)
        return f"after {_hands(sheet)}: {totals}; hand {len(sheet.hands) + 1}: {dealer} deals, minimums {minimums}"

    def command(self, line: str) -> bool:
        """Carry out one checked line; False when the person leaves."""
        from canasta.errors import ArgumentError, EntryError

        word, _, rest = line.partition(" ")
        word = word.lower()
        if word in ("quit", "exit", "q"):
            self.say(f"left; {self.path} holds every entry")
            return False
        try:
            self._command(word, rest.strip())
        except (ReadError, ArgumentError) as exc:
            self.say(f"cannot read that: {as_typed(str(exc))} (nothing was entered)")
        except EntryError as exc:
            where = f"{exc.rule}, {exc.source}" if exc.source else exc.rule
            self.say(f"refused: {as_typed(exc.reason)}  [rule {where}]  Nothing was entered; the sheet is unchanged.")
        return True

    def _command(self, word: str, rest: str) -> None:
        handlers = {
            "hand": self._hand,
            "penalty": self._penalty,
            "warn": self._warn,
            "correct": self._correct,
            "withdraw": self._withdraw,
            "deal": self._deal,
            "show": self._show,
            "log": self._log,
            "export": self._export,
            "by": self._by,
            "save": self._save,
            "help": self._help,
            "h": self._help,
            "undo": self._undo,
        }
        handler = handlers.get(word)
        if handler is None:
            close = difflib.get_close_matches(word, [w for w in handlers if len(w) > 1] + ["quit"], n=1)
            hint = f"; did you mean {close[0]}?" if close else ""
            raise ReadError(f"{word}: no such command{hint} (help lists them)")
        handler(rest)

    def _hand(self, rest: str) -> None:
        body, note = split_note(rest)
        entry = read_hand(self.sheet, body)
        scores = self.sheet.add_hand(entry, by=self.by, note=note)
        self.save()
        number = len(self.sheet.hands)
        shown = ", ".join(f"{side_name(self.sheet, s.side)} {s.total:+d}" for s in scores)
        self.say(f"hand {number}: {shown}")
        self.say(self.status())

    def _penalty(self, rest: str) -> None:
        if not rest:
            self.say(penalty_list(self.sheet))
            return
        entry = read_penalty(self.sheet, rest)
        points = self.sheet.add_penalty(entry, by=self.by)
        self.save()
        hand = entry.hand if entry.hand is not None else len(self.sheet.hands) + 1
        who = side_name(self.sheet, entry.side)
        number = len(self.sheet.penalties)
        if entry.penalty.raises_minimum:
            self.say(
                f"penalty {number}: {who}'s minimum rises by {points} for hand {hand} ({entry.penalty.value}, {self.sheet.rules.cite(entry.penalty.value)})"
            )
        else:
            override = f", by the director's override of {entry.penalty.warning_first}" if entry.override else ""
            self.say(
                f"penalty {number}: {who} -{points} in hand {hand} ({entry.penalty.value}, {self.sheet.rules.cite(entry.penalty.value)}"
                f"{override})"
            )
        self.say(self.status())

    def _warn(self, rest: str) -> None:
        entry = read_warning(self.sheet, rest)
        self.sheet.warn(entry, by=self.by)
        self.save()
        hand = entry.hand if entry.hand is not None else len(self.sheet.hands) + 1
        who = side_name(self.sheet, entry.side) + (f" ({self.sheet.names[entry.seat]})" if entry.seat is not None else "")
        rule = entry.penalty.value
        self.say(
            f"warning {len(self.sheet.warnings)}: {who} warned of {entry.penalty.name.lower().replace('_', '-')} in hand {hand} "
            f"({rule}, {self.sheet.rules.cite(rule)})"
        )

    def _withdraw(self, rest: str) -> None:
        body, note = split_note(rest)
        words = body.split()
        if len(words) != 1:
            raise ReadError("write withdraw N [note TEXT], N the penalty's number as show lists it")
        number = read_count("withdraw", words[0], "a penalty's number")
        points = self.sheet.withdraw_penalty(number, by=self.by, note=note)
        self.save()
        entry = self.sheet.penalties[number - 1]
        who = side_name(self.sheet, entry.side)
        what = f"{who}'s minimum no longer rises by {points}" if entry.penalty.raises_minimum else f"{who} no longer loses {points}"
        self.say(f"penalty {number} withdrawn: {what} in hand {entry.hand}; the penalty and its withdrawal stay in the log")
        self.say(self.status())

    def _correct(self, rest: str) -> None:
        words = rest.split(maxsplit=1)
        if not words:
            raise ReadError("write correct N [arithmetic] ENDING | 0: ITEMS | 1: ITEMS, the whole hand as it should be")
        number = read_count("correct", words[0], "a hand number")
        body, note = split_note(words[1] if len(words) > 1 else "")
        arithmetic = body.split(maxsplit=1)[:1] == ["arithmetic"]
        if arithmetic:
            body = body.split(maxsplit=1)[1] if len(body.split(maxsplit=1)) > 1 else ""
        entry = read_hand(self.sheet, body)
        old = self.sheet.hands[number - 1] if 1 <= number <= len(self.sheet.hands) else ()
        scores = self.sheet.correct(number, entry, arithmetic=arithmetic, by=self.by, note=note)
        self.save()
        changes = ", ".join(
            f"{side_name(self.sheet, s.side)} {o.total:+d} -> {s.total:+d}" for o, s in zip(old, scores, strict=False) if o != s
        )
        self.say(f"hand {number} corrected: {changes or 'the same scores'}; the old entry stays in the log")
        self.say(self.status())

    def _deal(self, rest: str) -> None:
        if rest:
            raise ReadError("deal takes nothing after it")
        self.sheet.deal(by=self.by)
        self.save()
        self.say(f"hand {len(self.sheet.hands) + 1} is dealt: earlier hands take only arithmetic corrections now (001 §35 B)")

    def _show(self, rest: str) -> None:
        form = rest.lower() or "text"
        if form not in SHEET_FORMATS:
            raise ReadError(f"{rest}: no such format; choose one of {', '.join(SHEET_FORMATS)}")
        self.out.write(printable(_ended(rendered(self.sheet, form))))

    def _log(self, rest: str) -> None:
        from canasta.scoresheet import export

        self.say(export.log_text(self.sheet))

    def _export(self, rest: str) -> None:
        words = rest.split(maxsplit=1)
        if len(words) != 2 or words[0].lower() not in SHEET_FORMATS:
            raise ReadError(f"write export FORMAT PATH, FORMAT one of {', '.join(SHEET_FORMATS)}")
        from canasta.textfiles import UnwritableFileError

        try:
            label = export_file(self.sheet, words[0].lower(), words[1])
        except UnwritableFileError as exc:
            raise ReadError(f"{exc.label}: {exc.reason}") from None
        self.say(f"wrote {label} ({words[0].lower()})")

    def _by(self, rest: str) -> None:
        self.by = rest
        self.say(f"entries are now recorded as by {rest}" if rest else "entries are now recorded with no name")

    def _save(self, rest: str) -> None:
        self.save("; the file holds every entry, saved as each was made")
        self.say(f"saved {self.path}")

    def _help(self, rest: str) -> None:
        topic = rest.lower()
        if topic in ("hand", "correct"):
            self.say(hand_help(self.sheet))
        elif topic in ("penalty", "warn"):
            self.say(penalty_list(self.sheet))
        else:
            self.say(HELP)

    def _undo(self, rest: str) -> None:
        raise ReadError(
            "the sheet is append-only and nothing entered is removed; write correct N ... to replace a hand, "
            "or withdraw N to take back penalty N (001 §35)"
        )


def run_open(args: argparse.Namespace) -> int:
    """``canasta score FILE``: the session on standard input and output."""
    from .play_cmd import _readable_stdin

    sheet = _load(args.file)
    with _readable_stdin() as stdin:
        return run_session(Session(sheet, args.file, sys.stdout, args.by), stdin)


def run_session(session: Session, stdin: TextIO | None) -> int:
    """Read commands until ``quit`` or the end of input; 0, or 130 after Ctrl-C (the file holds every accepted entry).

    At a terminal the line is edited with readline and earlier lines come back with the up arrow
    (:class:`canasta.play.lines.PersonLines`); piped lines are read and echoed as before."""
    from canasta.play.lines import PersonLines, command_text, line_problem, shown_input

    lines = PersonLines(stdin, session.out)
    echo = not lines.editing and not _is_terminal(stdin)
    session.say(f"canasta score: {session.path}, {_table_line(session.sheet)}")
    session.say(session.status())
    session.say("enter hand, penalty, correct, deal, show, log, export, help or quit")
    try:
        while True:
            try:
                line = lines.read("score> ")
            except EOFError as exc:
                session.out.write("\n")
                session.say(f"{exc or 'end of input'}: {session.path} holds every entry")
                return 0
            if echo:
                session.out.write(shown_input(line) + "\n")
            problem = line_problem(line)
            if problem is not None:
                session.say(problem.replace("the game is unchanged", "nothing was entered"))
                continue
            command = command_text(line)
            if command and not session.command(command):
                return 0
    except KeyboardInterrupt:
        session.say("")
        session.say(f"interrupted: {session.path} holds every accepted entry")
        return INTERRUPTED
    finally:
        lines.close()


def _is_terminal(stream: TextIO | None) -> bool:
    if stream is None:
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
