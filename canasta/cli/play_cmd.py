"""``canasta play``: play a match in the terminal, one person against bot partners and opponents.

Options: ``--variant`` (a bundled name or a house file), ``--players``,
``--seat``, ``--seed`` and ``--bot``, a bot of :mod:`canasta.bots.registry`
for the other seats, each seeded by :func:`~canasta.bots.registry.seat_seed`
of the match seed and its seat.
When standard input and output are a terminal and ``rich`` (the ``cli``
extra) is installed, the table is drawn in colour and redrawn in place;
otherwise, or with ``--plain``, it is plain text read line by line from
standard input, so a session can be scripted. Bad options (an unknown
profile, a player count the profile does not support, a seat not at the
table, a value that is no whole number, a bot name the registry does not
know) exit with code 2 and one clear line; the end of input, a closed
standard input and Ctrl-C end the match with a line saying so. Bytes on standard input that are not text in its encoding
never raise: each such line is refused by the session.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TextIO

from canasta.errors import shown_value

from . import CommandError, Subparsers, whole_number


class _BotNames:
    """The registered bot names (:func:`canasta.bots.registry.bot_names`) as the help shows them, read only when the help is
    printed: the registry imports the engine, which every other command, and ``canasta --help``, need not load."""

    def __str__(self) -> str:
        from canasta.bots.registry import bot_names

        return ", ".join(bot_names())


class _BotOption(argparse.Action):
    """``--bot NAME``: the name is kept as given and checked by the registry when the match is set up
    (:func:`canasta.bots.registry.bot_factory`), so an unknown name is the same :class:`canasta.ArgumentError`, with its
    "did you mean", as everywhere else a bot is named; the help lists the names as ``%(names)s``."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, **kwargs)
        self.names = _BotNames()

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: str | Sequence[Any] | None,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, values)
        namespace.bot_given = True


def register(commands: Subparsers) -> None:
    """Add ``canasta play`` to the top-level parser."""
    parser = commands.add_parser(
        "play",
        help="play a match in the terminal against bots",
        description="Play a match of Canasta against bot partners and opponents. Enter an action in text notation "
        "(draw, take n2, meld K n3 t1, discard 7) or its number from the list; '? <action>' explains why it is illegal, "
        "or what it costs; 'hint' asks the heuristic bot, 'rules' shows the key rules, 'quit' leaves. An action that costs "
        "points is marked in the list before you play it. Commands can be piped in.",
    )
    parser.add_argument("--variant", default="finnish", metavar="V", help="a bundled profile name or a .toml house file (default: finnish)")
    parser.add_argument(
        "--players", type=whole_number, default=4, metavar="N", help="players at the table, the person included (default: 4)"
    )
    parser.add_argument("--seat", type=whole_number, default=0, metavar="S", help="your seat, 0 to N-1; seat 0 is side 0 (default: 0)")
    parser.add_argument(
        "--seed", type=whole_number, default=None, metavar="X", help="the seed of every shuffle, to replay a match (default: random)"
    )
    parser.add_argument(
        "--bot",
        action=_BotOption,
        default="heuristic",
        metavar="NAME",
        help="the bot in the other seats: %(names)s (default: %(default)s)",
    )
    parser.add_argument(
        "--level",
        default=None,
        metavar="L",
        help="play against the search bot at this level: quick, normal or strong (playouts per decision; docs/bots.md, "
        "'The search bot'); the same as --bot search-quick, search or search-strong",
    )
    parser.add_argument("--plain", action="store_true", help="plain text even in a terminal")
    parser.set_defaults(handler=run, bot_given=False)


def bot_for_level(level: str, bot: str, bot_given: bool) -> str:
    """The registered bot name ``--level`` stands for (``normal``: ``search``; else ``search-<level>``).

    :class:`CommandError` for a level that is not one of :data:`canasta.bots.registry.SEARCH_LEVELS`, or with a
    ``--bot`` that is not the search bot.
    """
    from canasta.bots.registry import SEARCH_LEVELS

    if level not in SEARCH_LEVELS:
        raise CommandError(f"--level {shown_value(level)}: not a level of the search bot; choose {', '.join(SEARCH_LEVELS)}")
    name = "search" if level == "normal" else f"search-{level}"
    if bot_given and not bot.startswith("search"):
        raise CommandError(f"--level {level} sets the search bot's level, but --bot {shown_value(bot)} is another bot; give one of the two")
    return name


@contextmanager
def _readable_stdin() -> Iterator[TextIO | None]:
    """Standard input for the session: None when it is closed (``canasta play <&-``); bytes that are not text in its
    encoding are kept as escapes (``surrogateescape``) for the session to refuse, not raised on as a UnicodeDecodeError."""
    stream = sys.stdin
    changed: io.TextIOWrapper | None = None
    if isinstance(stream, io.TextIOWrapper) and stream.errors not in ("surrogateescape", "replace", "backslashreplace"):
        old = stream.errors
        try:
            stream.reconfigure(errors="surrogateescape")
            changed = stream
        except (OSError, ValueError):
            pass
    try:
        yield stream
    finally:
        if changed is not None:
            with contextlib.suppress(OSError, ValueError):
                changed.reconfigure(errors=old)


def run(args: argparse.Namespace) -> int:
    """The handler: set up the match from the options and play it on standard input and output."""
    with _readable_stdin() as stdin:
        return run_match(
            variant=args.variant,
            players=args.players,
            seat=args.seat,
            seed=args.seed,
            bot=args.bot if args.level is None else bot_for_level(args.level, args.bot, args.bot_given),
            plain=args.plain,
            stdin=stdin,
            stdout=sys.stdout,
        )


def run_match(
    *,
    variant: str,
    players: int,
    seat: int,
    seed: int | None,
    bot: str,
    stdin: TextIO | None,
    stdout: TextIO,
    plain: bool = False,
) -> int:
    """Play one match with the person's commands read from ``stdin``; return the exit code.

    ``stdin`` None is a closed standard input: the match stops at once. Raises
    :class:`canasta.ArgumentError` for a ``bot`` that is not a registered name
    (the registry's error, with the closest name: the same for ``canasta
    simulate --bots`` and ``canasta.simulate(bots=...)``),
    :class:`CommandError` for a player count the profile does not support or a
    seat not at the table, and :class:`canasta.VariantError` for a bad profile;
    ``main`` prints each with exit code 2. Every bot is made by the registry,
    seat ``s`` seeded by ``seat_seed(seed, s)``; the hint is the heuristic
    bot's, seeded for the person's seat.
    """
    from canasta.bots import HeuristicBot
    from canasta.bots.base import Bot
    from canasta.bots.registry import bot_factory, bot_label, seat_seed
    from canasta.core.game import Game
    from canasta.core.table import UnsupportedPlayerCount
    from canasta.play import Match, PlainScreen, run_session
    from canasta.play.screen import Screen
    from canasta.variants import load_variant

    factory = bot_factory(bot)
    profile = load_variant(variant)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    try:
        game = Game(profile, players=players, seed=seed)
    except UnsupportedPlayerCount as exc:
        raise CommandError(f"--players {shown_value(players)}: {exc}") from None
    if not 0 <= seat < players:
        raise CommandError(f"--seat {shown_value(seat)}: not a seat at a table of {players} players; choose 0 to {players - 1}")
    bots: list[Bot | None] = [None if s == seat else factory(seat_seed(seed, s)) for s in range(players)]
    match = Match(game, seat, bots, HeuristicBot(seat_seed(seed, seat)))
    intro = [
        f"canasta play: {profile.title} ({profile.name}), {players} players, you are seat {seat}, seed {seed}",
        f"the other seats are played by the {bot_label(bot)} bot",
        "enter an action or its number; ? <action> explains, hint, rules, help, quit",
    ]
    from canasta.play.text import completions

    def words() -> list[str]:
        return completions(match.view())

    screen: Screen | None = None
    if not plain and stdin is not None and _is_terminal(stdin) and _is_terminal(stdout):
        try:
            from canasta.play import RichScreen

            screen = RichScreen(words=words)
        except ImportError:  # rich is the cli extra; plain text works without it
            pass
    if screen is None:
        screen = PlainScreen(stdin, stdout, words=words)
    return run_session(match, screen, intro)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
