"""``canasta play``: play a match in the terminal, one person against bot partners and opponents.

Options: ``--variant`` (a bundled name or a house file), ``--players``,
``--seat``, ``--seed`` and ``--bot heuristic|random`` for the other seats.
When standard input and output are a terminal and ``rich`` (the ``cli``
extra) is installed, the table is drawn in colour and redrawn in place;
otherwise, or with ``--plain``, it is plain text read line by line from
standard input, so a session can be scripted. Bad options (an unknown
profile, a player count the profile does not support, a seat not at the
table, a value that is no whole number) exit with code 2 and one clear line;
the end of input, a closed standard input and Ctrl-C end the match with a
line saying so. Bytes on standard input that are not text in its encoding
never raise: each such line is refused by the session.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from canasta.errors import shown_value

from . import CommandError, Subparsers, whole_number


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
        "--bot", choices=("heuristic", "random"), default="heuristic", help="the bot in the other seats (default: heuristic)"
    )
    parser.add_argument("--plain", action="store_true", help="plain text even in a terminal")
    parser.set_defaults(handler=run)


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
        return play(
            variant=args.variant,
            players=args.players,
            seat=args.seat,
            seed=args.seed,
            bot=args.bot,
            plain=args.plain,
            stdin=stdin,
            stdout=sys.stdout,
        )


def play(
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
    :class:`CommandError` for a player count the profile does not support or a
    seat not at the table, and :class:`canasta.VariantError` for a bad profile
    (``main`` prints either with exit code 2).
    """
    from canasta.bots.base import Bot
    from canasta.core.game import Game
    from canasta.core.table import UnsupportedPlayerCount
    from canasta.play import Match, PlainScreen, make_bot, run_session
    from canasta.play.screen import Screen
    from canasta.play.session import bot_seed
    from canasta.variants import load_variant

    profile = load_variant(variant)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    try:
        game = Game(profile, players=players, seed=seed)
    except UnsupportedPlayerCount as exc:
        raise CommandError(f"--players {shown_value(players)}: {exc}") from None
    if not 0 <= seat < players:
        raise CommandError(f"--seat {shown_value(seat)}: not a seat at a table of {players} players; choose 0 to {players - 1}")
    bots: list[Bot | None] = []
    made = set()
    for s in range(players):
        if s == seat:
            bots.append(None)
            continue
        one, name = make_bot(bot, bot_seed(seed, s))
        bots.append(one)
        made.add(name)
    hint_bot, hint_name = make_bot("heuristic", bot_seed(seed, seat))
    match = Match(game, seat, bots, hint_bot if hint_name == "heuristic" else None)
    intro = [
        f"canasta play: {profile.title} ({profile.name}), {players} players, you are seat {seat}, seed {seed}",
        f"the other seats are played by the {' and '.join(sorted(made))} bot" + ("" if made == {bot} else f" ({bot} is not installed)"),
        "enter an action or its number; ? <action> explains, hint, rules, help, quit",
    ]
    screen: Screen = PlainScreen(stdin, stdout)
    if not plain and stdin is not None and _is_terminal(stdin) and _is_terminal(stdout):
        try:
            from canasta.play import RichScreen

            screen = RichScreen()
        except ImportError:  # rich is the cli extra; plain text works without it
            pass
    return run_session(match, screen, intro)


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
