"""Positions: a TOML table that sets up any situation at the start of a turn or after its draw.

A position names the profile and the player count, the seat to act and its
phase, each side's score at the start of the hand, every hand, each side's
melds, red threes and opening, the discard pile (bottom to top) and the stock
(top first, possibly in part). Cards placed nowhere go to the stock below the
given cards, shuffled by the position's seed; with ``stock.size`` the stock is
cut to that size and the rest is set aside out of play.

:func:`build_state` checks the position for consistency and raises
:class:`PositionError` listing every problem; :func:`export_position` writes a
state back as a position. The format is documented in ``docs/scenarios.md``.
"""

from __future__ import annotations

import difflib
import random
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tomli_w

from canasta.variants import Variant, VariantError, load_variant, loads_variant

from .cards import JOKER, RED_THREES, TWO, build_deck, card_text, parse_card, rank_text
from .errors import NotationError
from .state import DRAW, MELD, WILD_RANK, State
from .table import TableRules, UnsupportedPlayerCount

PHASES = {"draw": DRAW, "meld": MELD}


class PositionError(ValueError):
    """A position that cannot be set up; ``problems`` lists every problem with its key path."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("bad position:\n" + "\n".join(f"  - {p}" for p in self.problems))


def parse_cards(text: Any, where: str, problems: list[str]) -> list[int]:
    """Card codes from ``"AS KD 2C JK"`` or a list of card texts; bad cards become problems."""
    items = text.split() if isinstance(text, str) else text if isinstance(text, list) else None
    if items is None:
        problems.append(f"{where}: expected cards like \"AS KD 2C JK\", got {text!r}")
        return []
    out = []
    for item in items:
        try:
            out.append(parse_card(str(item)))
        except NotationError as exc:
            problems.append(f"{where}: {exc}")
    return out


def cards_text(cards: list[int] | tuple[int, ...]) -> str:
    """Card codes as text, e.g. ``"AS KD JK"``."""
    return " ".join(card_text(c) for c in cards)


def _variant(spec: Any, base: Path | None, problems: list[str]) -> Variant | None:
    try:
        if isinstance(spec, str):
            path = Path(spec)
            if base is not None and spec.endswith(".toml") and not path.is_absolute():
                path = base / path
            return load_variant(path if spec.endswith(".toml") else spec)
        if isinstance(spec, dict):
            return loads_variant(tomli_w.dumps(spec), base=base, label="position.variant")
    except VariantError as exc:
        problems += [f"position.variant: {p}" for p in exc.problems]
        return None
    problems.append(f"position.variant: expected a profile name or a table of overrides with extends, got {spec!r}")
    return None


def _int(data: Mapping[str, Any], key: str, default: int, problems: list[str], where: str) -> int:
    value = data.get(key, default)
    if type(value) is not int:
        problems.append(f"{where}.{key}: expected an integer, got {value!r}")
        return default
    return value


def _meld_of(cards: list[int], rules: TableRules, where: str, problems: list[str]) -> tuple[int, tuple[int, int, int, tuple[int, ...]]] | None:
    naturals = [c for c in cards if c != JOKER and c >> 2 != TWO]
    twos = sum(1 for c in cards if c != JOKER and c >> 2 == TWO)
    jokers = sum(1 for c in cards if c == JOKER)
    ranks = {c >> 2 for c in naturals}
    if any(c in RED_THREES for c in naturals):
        problems.append(f"{where}: red threes are not melded; list them under red_threes")
        return None
    if len(ranks) > 1:
        problems.append(f"{where}: a meld holds one rank, got {' '.join(sorted(rank_text(r) for r in ranks))}")
        return None
    rank = ranks.pop() if ranks else WILD_RANK
    if not rules.shape_ok(rank, len(naturals), twos + jokers):
        problems.append(f"{where}: {cards_text(cards)} is not a legal meld under this profile")
        return None
    return rank, (len(naturals), twos, jokers, tuple(cards))


KEYS = {
    "": ("variant", "players", "seed", "hand_number", "dealer", "seat", "phase", "drew", "scores", "melded", "hands", "sides", "pile", "stock", "out_of_play"),
    "sides": ("melds", "red_threes", "opened"),
    "pile": ("cards", "frozen"),
    "stock": ("cards", "size"),
}
"""The keys a position may hold, by table."""


def _unknown_keys(data: Mapping[str, Any], problems: list[str]) -> None:
    def check(table: Any, allowed: tuple[str, ...], where: str) -> None:
        if not isinstance(table, dict):
            return
        for key in table:
            if key not in allowed:
                hint = difflib.get_close_matches(str(key), allowed, n=1)
                guess = f"; did you mean {hint[0]!r}?" if hint else f"; allowed: {', '.join(allowed)}"
                problems.append(f"{where}{key}: unknown key{guess}")

    check(data, KEYS[""], "position.")
    for side, table in (data.get("sides") or {}).items() if isinstance(data.get("sides"), dict) else ():
        check(table, KEYS["sides"], f"position.sides.{side}.")
    check(data.get("pile"), KEYS["pile"], "position.pile.")
    check(data.get("stock"), KEYS["stock"], "position.stock.")


def build_state(data: Mapping[str, Any], *, base: Path | None = None) -> tuple[Variant, State]:
    """Set up the state a position describes; raise PositionError listing every problem."""
    problems: list[str] = []
    p = data
    _unknown_keys(p, problems)
    variant = _variant(p.get("variant", "generic-missing"), base, problems) if "variant" in p else None
    if "variant" not in p:
        problems.append("position.variant: missing; name a bundled profile, a .toml file, or give a table with extends")
    players = _int(p, "players", 4, problems, "position")
    if variant is None:
        raise PositionError(problems)
    try:
        rules = TableRules(variant, players)
    except UnsupportedPlayerCount as exc:
        raise PositionError([*problems, f"position.players: {exc}"]) from None
    seed = _int(p, "seed", 0, problems, "position")
    st = State(rules, seed)
    st.hand_number = _int(p, "hand_number", 1, problems, "position")
    seat = _int(p, "seat", 0, problems, "position")
    if not 0 <= seat < players:
        problems.append(f"position.seat: {seat} is not a seat at a table of {players}")
        seat = 0
    st.current = seat
    st.dealer = _int(p, "dealer", (seat - 1) % players, problems, "position")
    phase = p.get("phase", "draw")
    if phase not in PHASES:
        problems.append(f"position.phase: {phase!r} is not a phase; use draw (before drawing) or meld (after the draw)")
        phase = "draw"
    st.phase = PHASES[phase]
    drew = p.get("drew", "stock")
    if drew not in ("stock", "pile"):
        problems.append(f"position.drew: {drew!r}; use stock or pile")
    st.drew_from_stock = st.phase == MELD and drew == "stock"
    scores = p.get("scores", [0] * rules.sides)
    if not isinstance(scores, list) or len(scores) != rules.sides or any(type(s) is not int for s in scores):
        problems.append(f"position.scores: expected {rules.sides} integers, one per side, got {scores!r}")
    else:
        st.scores = list(scores)
    used: Counter[int] = Counter()
    hands = p.get("hands", {})
    if not isinstance(hands, dict):
        problems.append("position.hands: expected a table like { 0 = \"AS KD\", 1 = 11 }")
        hands = {}
    fill_counts: dict[int, int] = {}
    for key, value in hands.items():
        if not str(key).isdigit() or not 0 <= int(key) < players:
            problems.append(f"position.hands.{key}: not a seat at a table of {players}")
            continue
        if type(value) is int:
            fill_counts[int(key)] = value
            continue
        for card in parse_cards(value, f"position.hands.{key}", problems):
            st.add_card(int(key), card)
            used[card] += 1
    for seat_no in range(players):
        if str(seat_no) not in {str(k) for k in hands}:
            problems.append(f"position.hands.{seat_no}: missing; give the cards, or a number of cards to deal from the stock")
    sides = p.get("sides", {})
    if not isinstance(sides, dict):
        problems.append("position.sides: expected a table keyed by side number")
        sides = {}
    melded_default: list[int] = []
    for key, side_data in sides.items():
        where = f"position.sides.{key}"
        if not str(key).isdigit() or not 0 <= int(key) < rules.sides or not isinstance(side_data, dict):
            problems.append(f"{where}: not a side of this table (0 to {rules.sides - 1}) or not a table")
            continue
        side = int(key)
        for i, meld_text in enumerate(side_data.get("melds", [])):
            cards = parse_cards(meld_text, f"{where}.melds[{i}]", problems)
            used.update(cards)
            found = _meld_of(cards, rules, f"{where}.melds[{i}]", problems)
            if found is None:
                continue
            rank, meld = found
            if rank in st.melds[side]:
                problems.append(f"{where}.melds[{i}]: a side holds one meld per rank (001 §11 B)")
                continue
            st.melds[side][rank] = meld
        threes = parse_cards(side_data.get("red_threes", []), f"{where}.red_threes", problems)
        if any(c not in RED_THREES for c in threes):
            problems.append(f"{where}.red_threes: only red threes (3H, 3D) go here")
        used.update(threes)
        st.red_threes[side] = threes
        opened = side_data.get("opened", bool(st.melds[side]))
        if type(opened) is not bool:
            problems.append(f"{where}.opened: expected true or false")
            opened = bool(st.melds[side])
        if st.melds[side] and not opened:
            problems.append(f"{where}.opened: a side with melds on the table has opened")
        st.opened[side] = opened
        if st.melds[side]:
            melded_default += [s for s in range(players) if rules.side_of[s] == side]
    melded = p.get("melded", melded_default)
    if not isinstance(melded, list) or any(type(s) is not int or not 0 <= s < players for s in melded):
        problems.append(f"position.melded: expected a list of seats that have melded this hand, got {melded!r}")
        melded = melded_default
    for s in melded:
        st.melded_before[s] = True
    pile_data = p.get("pile", {})
    pile_cards = parse_cards(pile_data.get("cards", ""), "position.pile.cards", problems) if isinstance(pile_data, dict) else []
    used.update(pile_cards)
    st.pile = pile_cards
    st.history = [(-1, c) for c in pile_cards]
    natural_freeze = any(c == JOKER or c >> 2 == TWO or c in RED_THREES for c in pile_cards)
    frozen = pile_data.get("frozen", natural_freeze) if isinstance(pile_data, dict) else natural_freeze
    if type(frozen) is not bool:
        problems.append("position.pile.frozen: expected true or false")
        frozen = natural_freeze
    st.frozen = frozen
    stock_data = p.get("stock", {})
    if not isinstance(stock_data, dict):
        problems.append("position.stock: expected a table with cards, size")
        stock_data = {}
    top = parse_cards(stock_data.get("cards", ""), "position.stock.cards", problems)
    used.update(top)
    aside = parse_cards(p.get("out_of_play", ""), "position.out_of_play", problems)
    used.update(aside)
    deck = Counter(build_deck(rules.decks, rules.jokers))
    for card, count in sorted(used.items()):
        if count > deck[card]:
            problems.append(f"position: {card_text(card)} appears {count} times, but the deck holds {deck[card]}")
    if problems:
        raise PositionError(problems)
    rest = list((deck - used).elements())
    random.Random(f"{seed}:position").shuffle(rest)
    fill = [c for c in rest if c not in RED_THREES]
    for seat_no, count in sorted(fill_counts.items()):
        if count > len(fill):
            raise PositionError([f"position.hands.{seat_no}: {count} cards wanted, only {len(fill)} left"])
        for _ in range(count):
            card = fill.pop()
            rest.remove(card)
            st.add_card(seat_no, card)
    stock = list(reversed(top))
    size = stock_data.get("size")
    if size is not None and (type(size) is not int or size < len(top)):
        raise PositionError([f"position.stock.size: expected an integer of at least {len(top)} (the cards given)"])
    wanted = len(rest) if size is None else size - len(top)
    if wanted > len(rest):
        raise PositionError([f"position.stock.size: {size} cards wanted, only {len(top) + len(rest)} left"])
    st.stock = rest[:wanted] + stock
    st.dead = aside + rest[wanted:]
    return variant, st


def _variant_spec(variant: Variant) -> Any:
    """A bundled profile by name; any other profile as its full table."""
    try:
        if load_variant(variant.name) == variant:
            return variant.name
    except VariantError:
        pass
    from canasta.variants.converter import unstructure_variant

    return unstructure_variant(variant)


def export_position(variant: Variant, st: State) -> dict[str, Any]:
    """The state as a position table that :func:`build_state` sets up again exactly."""
    r = st.rules
    if st.phase not in (DRAW, MELD) or st.turn_new or st.pending or st.turn_added_old or st.pile_taken_top >= 0 or st.asked or st.retracted:
        raise ValueError("a position can be exported at the start of a turn or right after its draw, before any meld")
    sides: dict[str, Any] = {}
    for side in range(r.sides):
        sides[str(side)] = {
            "melds": [cards_text(m[3]) for _, m in sorted(st.melds[side].items())],
            "red_threes": cards_text(st.red_threes[side]),
            "opened": st.opened[side],
        }
    out: dict[str, Any] = {
        "variant": _variant_spec(variant),
        "players": r.players,
        "seed": st.seed,
        "hand_number": st.hand_number,
        "dealer": st.dealer,
        "seat": st.current,
        "phase": "draw" if st.phase == DRAW else "meld",
        "scores": list(st.scores),
        "melded": [s for s in range(r.players) if st.melded_before[s]],
        "hands": {str(s): cards_text(st.hand_cards(s)) for s in range(r.players)},
        "sides": sides,
        "pile": {"cards": cards_text(st.pile), "frozen": st.frozen},
        "stock": {"cards": cards_text(list(reversed(st.stock))), "size": len(st.stock)},
    }
    if st.phase == MELD:
        out["drew"] = "stock" if st.drew_from_stock else "pile"
    if st.dead:
        out["out_of_play"] = cards_text(st.dead)
    return out


__all__ = ["PositionError", "build_state", "cards_text", "export_position", "parse_cards"]
