"""Positions: a TOML table that sets up any situation at the start of a turn or after its draw.

A position names the profile and the player count, the seat to act and its
phase, each side's score at the start of the hand, every hand, each side's
melds, red threes and opening, the discard pile (bottom to top) and the stock
(top first, possibly in part). Cards placed nowhere go to the stock below the
given cards, shuffled by the position's seed; with ``stock.size`` the stock is
cut to that size and the rest is set aside out of play.

:func:`build_state` checks the position for consistency and raises
:class:`PositionError` listing every problem; :func:`export_position` writes a
state back as a position, including a turn in which the player took back an
unfinished opening (``retracted = true``, 001 §27 A•2) and a turn in which his
partner has answered "may I go out?" (``answer``, 001 §23). The format is
documented in ``docs/scenarios.md``.
"""

from __future__ import annotations

import difflib
import random
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import tomli_w

from canasta.errors import NotationError, PositionError, is_instance, shown_text, shown_value
from canasta.variants import Variant, VariantError, load_variant, loads_variant

from . import position_defaults as shown
from .arguments import INT64
from .cards import JOKER, RED_THREES, THREE, TWO, WILD, build_deck, card_text, parse_card, rank_text
from .events import FreezeReason
from .state import DRAW, MELD, State, replaced
from .table import RULES_VERSION, TableRules, UnsupportedPlayerCount, table_rules

POSITION_PHASES = {"draw": DRAW, "meld": MELD}
"""The phases a position may start in, by the name a position file gives them (draw before the draw, meld after it)."""


def parse_cards(text: Any, where: str, problems: list[str]) -> list[int]:
    """Card codes from ``"AS KD 2C JK"`` or a list of card texts; bad cards become problems."""
    items = text.split() if isinstance(text, str) else text if isinstance(text, list) else None
    if items is None:
        problems.append(f"{where}: expected cards like \"AS KD 2C JK\", got {_show(text)}")
        return []
    out: list[int] = []
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
    except (TypeError, ValueError) as exc:  # a table from Python holding values TOML cannot hold
        problems.append(f"position.variant: not a profile table: {exc}")
        return None
    problems.append(f"position.variant: expected a profile name or a table of overrides with extends, got {_show(spec)}")
    return None


def _show(value: object) -> str:
    return shown_value(value)


LIMIT = 10**15
"""The largest size of a score, a penalty, a raised minimum or a hand number in a position.

Play keeps every number far inside the 64-bit integers TOML holds: a
thousandth of their range, so that a position played on for a thousand times
as many points again still exports and loads. A side that far behind could
not reach the target in a billion hands (no valid profile scores that much
in one), so no match played from there would end.
"""


def _int(data: Mapping[str, Any], key: str, default: int, problems: list[str], where: str, least: int | None = None, most: int | None = None) -> int:
    value = data.get(key, default)
    if type(value) is not int:
        problems.append(f"{where}.{key}: expected an integer, got {_show(value)}")
        return default
    if least is not None and value < least:
        problems.append(f"{where}.{key}: expected at least {least:,}, got {_show(value)}")
        return default
    if most is not None and value > most:
        problems.append(f"{where}.{key}: expected at most {most:,}, got {_show(value)}; no play reaches more")
        return default
    if value not in INT64:
        problems.append(f"{where}.{key}: {_show(value)} is outside the 64-bit integers, which is all TOML (and so a record) holds")
        return default
    return value


def _key(key: object) -> str:
    """A table key as a problem's path shows it; never raises, whatever a caller's key is."""
    return shown_text(key) if issubclass(type(key), str) else shown_value(key)


def _index(key: object, size: int) -> int | None:
    """A seat or side number from a table key (``"0"`` in TOML, ``0`` from Python), or None if it is not one below ``size``."""
    if type(key) is int:
        number = key
    elif isinstance(key, str) and str.isascii(key) and str.isdigit(key) and len(key) <= 3:
        number = int(str.__str__(key))
    else:
        return None
    return number if 0 <= number < size else None


def _table(data: Mapping[str, Any], key: str, where: str, example: str, problems: list[str]) -> dict[Any, Any]:
    """``data[key]`` when it is a table (or absent: an empty one); anything else is a problem, never ignored."""
    value = data.get(key, {})
    if is_instance(value, Mapping):
        return dict(value)
    problems.append(f"{where}{key}: expected a table like {example}, got {_show(value)}")
    return {}


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
    rank = ranks.pop() if ranks else WILD
    if not rules.shape_ok(rank, len(naturals), twos + jokers):
        problems.append(f"{where}: {cards_text(cards)} is not a legal meld under this profile")
        return None
    if len(cards) > rules.max_size:
        problems.append(f"{where}: {len(cards)} cards, but a meld holds at most {rules.max_size} (melds.max_size)")
        return None
    if rank != WILD and twos + jokers and rules.natural_only[rank]:
        problems.append(f"{where}: melds of {rank_text(rank)} never hold a wild card (ranks.natural_only)")
        return None
    if rank == THREE and rules.black_bonus:
        problems.append(f"{where}: black threes are bonus cards here, laid with the red threes, never melded (black_threes.bonus_card)")
        return None
    return rank, (len(naturals), twos, jokers, tuple(cards))


def _waiting(p: Mapping[str, Any], st: State, rules: TableRules, problems: list[str]) -> None:
    """Which seats' first turn of the hand has not come (``waiting``): their red threes still in hand count as 001 §21 G says.

    By default, where dealt red threes wait for the player's own turn, a seat
    other than the one to play that holds a red three (or a black three, where
    black threes are bonus cards) has not had a turn (the only way play
    reaches that; 000 RÖDA TREOR 1, 001 §21 B); every other seat has.
    """
    default = shown.default_waiting(st, rules)
    waiting = p.get("waiting", default)
    if not isinstance(waiting, list) or any(type(s) is not int or not 0 <= s < rules.players for s in waiting):
        problems.append(f"position.waiting: expected a list of seats whose first turn of this hand has not come, got {_show(waiting)}")
        waiting = default
    elif st.current in waiting:
        problems.append(f"position.waiting: seat {st.current} is the one to play, so its turn has come")
        waiting = default
    st.had_turn = tuple(s not in waiting for s in range(rules.players))


KEYS = {
    "": (
        "variant", "players", "seed", "hand_number", "dealer", "seat", "phase", "drew", "retracted",
        "answer", "answer_binds", "scores", "melded", "waiting", "hands", "sides", "pile", "stock", "out_of_play",
        "turns", "reserve",
    ),
    "reserve": ("given", "received", "piles"),
    "sides": ("melds", "red_threes", "opened", "minimum_raise", "penalties"),
    "pile": ("cards", "frozen", "frozen_at"),
    "stock": ("cards", "size"),
}  # fmt: skip
"""The keys a position may hold, by table."""


def _unknown_keys(data: Mapping[str, Any], problems: list[str]) -> None:
    def check(table: Any, allowed: tuple[str, ...], where: str) -> None:
        if not is_instance(table, Mapping):
            return
        for key in table:
            if key not in allowed:
                hint = difflib.get_close_matches(str(key), allowed, n=1)
                guess = f"; did you mean {hint[0]!r}?" if hint else f"; allowed: {', '.join(allowed)}"
                problems.append(f"{where}{key}: unknown key{guess}")

    check(data, KEYS[""], "position.")
    sides = data.get("sides")
    for side, table in sides.items() if is_instance(sides, Mapping) else ():
        check(table, KEYS["sides"], f"position.sides.{side}.")
    check(data.get("pile"), KEYS["pile"], "position.pile.")
    check(data.get("stock"), KEYS["stock"], "position.stock.")
    check(data.get("reserve"), KEYS["reserve"], "position.reserve.")


def _turn(p: Mapping[str, Any], st: State, players: int, problems: list[str]) -> None:
    """The hand number, dealer, seat to act, phase, how the player drew, and whether he retracted this turn."""
    st.hand_number = _int(p, "hand_number", 1, problems, "position", least=1, most=LIMIT)
    if st.rules.match_hands and st.hand_number > st.rules.match_hands:
        problems.append(f"position.hand_number: {st.hand_number}, but the match is {st.rules.match_hands} hands long (match.hands)")
    seat = _int(p, "seat", 0, problems, "position")
    if not 0 <= seat < players:
        problems.append(f"position.seat: {_show(seat)} is not a seat at a table of {players}")
        seat = 0
    if seat in st.rules.seating(st.hand_number).out:
        problems.append(f"position.seat: seat {seat} sits out hand {st.hand_number} (004 L11); name a seat that plays it")
    st.current = seat
    dealer = _int(p, "dealer", (seat - 1) % players, problems, "position")
    if not 0 <= dealer < players:
        problems.append(f"position.dealer: {_show(dealer)} is not a seat at a table of {players}")
        dealer = (seat - 1) % players
    st.dealer = dealer
    phase = p.get("phase", "draw")
    if phase not in POSITION_PHASES:
        problems.append(f"position.phase: {_show(phase)} is not a phase; use draw (before drawing) or meld (after the draw)")
        phase = "draw"
    st.phase = POSITION_PHASES[phase]
    drew = p.get("drew", "stock")
    if drew not in ("stock", "pile"):
        problems.append(f"position.drew: {_show(drew)}; use stock or pile")
    st.drew_from_stock = st.phase == MELD and drew == "stock"
    retracted = p.get("retracted", False)
    if type(retracted) is not bool:
        problems.append(f"position.retracted: expected true or false, got {_show(retracted)}")
        retracted = False
    if retracted and st.phase == MELD and not st.drew_from_stock:
        problems.append("position.retracted: an opening taken back after taking the pile returns the pile and the draw (001 §27 A•2); use phase = \"draw\"")
    st.retracted = retracted


def _answer(p: Mapping[str, Any], st: State, problems: list[str]) -> None:
    """The partner's answer to "may I go out?" this turn, and whether it binds (001 §23 A-B; decisions P26).

    The answer stands for the rest of the turn, also after an opening taken
    back: ``answer = "yes"`` makes a discard that does not go out cost
    ``going_out.permission_penalty``, and ``answer_binds = true`` (he asked
    after melding, where ``going_out.ask_after_melding = "must_go_out"``)
    obliges him to go out if he can, whatever the answer.
    """
    answer = p.get("answer")
    binds = p.get("answer_binds", False)
    if type(binds) is not bool:
        problems.append(f"position.answer_binds: expected true or false, got {_show(binds)}")
        binds = False
    if answer is None:
        if binds:
            problems.append('position.answer_binds: only an answer binds; give answer = "yes" or "no"')
        return
    if answer not in ("yes", "no"):
        problems.append(f'position.answer: {_show(answer)}; use "yes" or "no" (the partner\'s answer to "may I go out?")')
        return
    r = st.rules
    if not r.permission:
        problems.append("position.answer: asking the partner is not part of these rules or this table has no partners (going_out.permission)")
        return
    if st.phase == DRAW and not st.retracted:
        problems.append('position.answer: a player asks after his draw; before it there is no answer (001 §23 A), so use phase = "meld", or retracted = true after an opening taken back')
    elif r.permission_after_stock_draw and not (st.phase == MELD and st.drew_from_stock):
        problems.append('position.answer: under going_out.permission = "after_stock_draw" a player asks only after drawing from the stock (001 §23 A)')
    took_pile = not st.drew_from_stock  # in the draw phase after a retraction, the pile went back
    after_melding = took_pile or st.retracted
    if took_pile and not r.ask_after_melding:
        problems.append('position.answer: he took the pile this turn, and under going_out.ask_after_melding = "refused" a player asks before melding or taking the pile')
    if binds and not r.ask_after_melding_binds:
        problems.append('position.answer_binds: an answer binds only where going_out.ask_after_melding = "must_go_out" (001 §23 B)')
    elif binds and not after_melding:
        problems.append("position.answer_binds: he has neither melded nor taken the pile this turn, so his question binds him to nothing (001 §23 B)")
    st.asked = 2 if answer == "yes" else 3
    st.asker = st.current
    st.ask_binds = binds


def _hands(p: Mapping[str, Any], st: State, players: int, used: Counter[int], problems: list[str]) -> dict[int, int]:
    """Place the cards given for each hand; return the seats given as a number of cards to deal."""
    hands = _table(p, "hands", "position.", '{ 0 = "AS KD", 1 = 11 }', problems)
    fill_counts: dict[int, int] = {}
    idle = st.rules.seating(st.hand_number).out
    given: set[int] = set(idle)
    stock = p.get("stock")
    # a hand is empty only where the stock ran out while its player laid red threes, which get no replacement then (001 §21 B)
    stock_out = is_instance(stock, Mapping) and stock.get("size") == 0 and not stock.get("cards")
    for key, value in hands.items():
        seat = _index(key, players)
        if seat in idle and value in (0, "", []):
            continue
        if seat in idle:
            problems.append(f"position.hands.{_key(key)}: seat {seat} sits out hand {st.hand_number} (004 L11), so it holds no cards; give 0 or leave it out")
            continue
        if seat is None or seat in given:
            problems.append(f"position.hands.{_key(key)}: not a seat at a table of {players}, or given twice")
            continue
        given.add(seat)
        if type(value) is int:
            if value < 1:
                problems.append(f"position.hands.{_key(key)}: seat {seat} holds {_show(value)} cards; every hand that plays holds at least one card (a player who melds his whole hand has gone out, 001 §18 A)")
            fill_counts[seat] = max(value, 0)
            continue
        cards = parse_cards(value, f"position.hands.{_key(key)}", problems)
        if ((isinstance(value, str) and not value.split()) or (isinstance(value, list) and not value)) and not stock_out:
            problems.append(f"position.hands.{_key(key)}: seat {seat} holds no cards; every hand that plays holds at least one card (a player who melds his whole hand has gone out, 001 §18 A)")
        for card in cards:
            st.add_card(seat, card)
            used[card] += 1
    for seat_no in range(players):
        if seat_no not in given:
            problems.append(f"position.hands.{seat_no}: missing; give the cards, or a number of cards to deal from the stock")
    if st.current in idle:
        problems.append(f"position.seat: seat {st.current} sits out hand {st.hand_number} (004 L11); name a seat that plays it")
    return fill_counts


def _sides(p: Mapping[str, Any], st: State, rules: TableRules, used: Counter[int], problems: list[str]) -> list[int]:
    """Each side's melds, red threes, opening, raised minimum and penalties; return the seats of sides with melds."""
    sides = _table(p, "sides", "position.", "{ 0 = { melds = [\"KC KD KH\"] } }", problems)
    melded: list[int] = []
    if st.retracted:  # by default, the one opening taken back this turn has raised the minimum (001 §27 A)
        st.minimum_raise = replaced(st.minimum_raise, rules.side_of[st.current], rules.minimum_raise)
    for key, side_data in sides.items():
        where = f"position.sides.{_key(key)}"
        side = _index(key, rules.sides)
        if side is None or not is_instance(side_data, Mapping):
            problems.append(f"{where}: not a side of this table (0 to {rules.sides - 1}) or not a table")
            continue
        meld_texts = side_data.get("melds", [])
        if not isinstance(meld_texts, list):
            problems.append(f'{where}.melds: expected a list of melds, each one string, like ["KC KD KH"], got {_show(meld_texts)}')
            meld_texts = []
        for i, meld_text in enumerate(meld_texts):
            cards = parse_cards(meld_text, f"{where}.melds[{i}]", problems)
            used.update(cards)
            found = _meld_of(cards, rules, f"{where}.melds[{i}]", problems)
            if found is None:
                continue
            rank, meld = found
            complete = meld[0] + meld[1] + meld[2] >= rules.canasta_size
            if rank in st.melds[side] and not (rules.several_per_rank and complete):
                if rules.several_per_rank:
                    problems.append(
                        f"{where}.melds[{i}]: a side holds one unfinished meld per rank; its canastas are set aside (canastas.several_per_rank)"
                    )
                else:
                    problems.append(f"{where}.melds[{i}]: a side holds one meld per rank (001 §11 B)")
                continue
            if rules.several_per_rank and complete:
                rank = st.closed_key(side, rank)  # set aside, beside an unfinished meld of its rank the position may also give
            st.put_meld(side, rank, meld)
        threes = parse_cards(side_data.get("red_threes", []), f"{where}.red_threes", problems)
        if rules.black_bonus:
            if any(c >> 2 != THREE or c == JOKER for c in threes):
                problems.append(f"{where}.red_threes: only threes go here (the bonus cards laid down: red ones, and black ones under black_threes.bonus_card)")
        elif any(c not in RED_THREES for c in threes):
            problems.append(f"{where}.red_threes: only red threes (3H, 3D) go here")
        used.update(threes)
        st.red_threes = replaced(st.red_threes, side, tuple(threes))
        opened = side_data.get("opened", bool(st.melds[side]))
        if type(opened) is not bool:
            problems.append(f"{where}.opened: expected true or false, got {_show(opened)}")
            opened = bool(st.melds[side])
        if st.melds[side] and not opened:
            problems.append(f"{where}.opened: a side with melds on the table has opened")
        st.opened = replaced(st.opened, side, opened)
        st.minimum_raise = replaced(st.minimum_raise, side, _int(side_data, "minimum_raise", st.minimum_raise[side], problems, where, least=0, most=LIMIT))
        st.penalties = replaced(st.penalties, side, _int(side_data, "penalties", 0, problems, where, least=0, most=LIMIT))
        if st.melds[side]:
            melded += [s for s in range(rules.players) if rules.side_of[s] == side]
    if st.retracted and st.opened[rules.side_of[st.current]]:
        problems.append("position.retracted: only a side that has not opened takes back an opening (001 §27 A•2)")
    return melded


def _turns(p: Mapping[str, Any], st: State, rules: TableRules, problems: list[str]) -> None:
    """The turns played this hand (``turns``), which decide the first round of turns (``discards.not_in_first_round``; Cuban RG).

    Left out, a hand with nothing melded is in its first round, at the seat
    to act's first turn (the turns of the seats between the dealer and him).
    Where the first round decides what may be discarded, melds on the table
    show a hand under way, and how far it has gone is not on the table: the
    position must give ``turns``. Elsewhere the count decides nothing but
    the turn cap, and is 0.
    """
    if "turns" in p or not any(rules.discard_not_first_round):
        st.turns = _int(p, "turns", 0, problems, "position", least=0, most=LIMIT)
        return
    found = shown.first_round_turns(st, rules)
    if isinstance(found, str):
        problems.append(f"position.turns: missing; {found}: give turns = the turns played this hand (below {rules.players - len(rules.seating(st.hand_number).out)}: the first round)")
        return
    st.turns = found


def _reserve(p: Mapping[str, Any], st: State, rules: TableRules, used: Counter[int], problems: list[str]) -> None:
    """The reserve piles (``reserve``): how many were given, to whom, and the cards of those still dealt aside (``reserve.dealt``).

    Left out where the rules have reserve piles, they are what the table
    shows (:func:`~canasta.core.position_defaults.reserve_default`): every side that has opened (or made its
    first canasta, by ``reserve.trigger``) has had its pile, in the order of
    ``reserve.sizes``, so the next side to open receives the next size; where
    the table cannot show it, the position must give ``reserve``.
    """
    if "reserve" not in p and rules.reserve_sizes:
        found = shown.reserve_default(st, rules)
        if isinstance(found, str):
            problems.append(f"position.reserve: missing; {found}: give [position.reserve] with given = the piles gone and received = the sides that had one")
            return
        st.reserve_next, received = found
        st.reserve_got = tuple(u in received for u in range(len(st.reserve_got)))
        return
    data = _table(p, "reserve", "position.", '{ given = 1, received = [0], piles = ["4C 8H 9D"] }', problems)
    if not data:
        return
    if not rules.reserve_sizes:
        problems.append("position.reserve: these rules have no reserve piles (reserve.sizes is empty)")
        return
    units = rules.players if rules.reserve_per_player else rules.sides
    word = "seats" if rules.reserve_per_player else "sides"
    received = data.get("received", [])
    if not isinstance(received, list) or any(type(u) is not int or not 0 <= u < units for u in received) or len(set(received)) != len(received):
        problems.append(f"position.reserve.received: expected a list of the {word} (0 to {units - 1}) that received a pile, each once, got {_show(received)}")
        received = []
    given = _int(data, "given", len(received), problems, "position.reserve", least=0, most=len(rules.reserve_sizes))
    if given < len(received):
        problems.append(f"position.reserve.given: {given} piles given, but {len(received)} {word} received one")
    elif given > len(received) and not (rules.reserve_becomes_stock or rules.reserve_not_with_pile or rules.reserve_min_stock or rules.reserve_turn_continues):
        problems.append(
            f"position.reserve.given: {given} piles gone, but only {len(received)} {word} received one; under these rules a pile is never lost nor made the stock"
        )
    st.reserve_next = given
    st.reserve_got = tuple(u in received for u in range(units))
    if rules.reserve_dealt and "piles" in data:
        piles = data["piles"]
        left = rules.reserve_sizes[given:]
        if not isinstance(piles, list) or len(piles) != len(left):
            problems.append(f"position.reserve.piles: expected the {len(left)} piles still aside, each a string of cards, got {_show(piles)}")
            return
        for i, (text, size) in enumerate(zip(piles, left, strict=True)):
            cards = parse_cards(text, f"position.reserve.piles[{i}]", problems)
            if len(cards) != size:
                problems.append(f"position.reserve.piles[{i}]: a pile of {size} cards (reserve.sizes), got {len(cards)}")
            used.update(cards)
            st.reserves += (tuple(cards),)


def _score_problems(scores: list[int], target: int, hands: int = 0) -> list[str]:
    """A position's scores come from play: each below the target (else the match is over; not where ``match.hands`` fixes the
    number of hands) and not below ``-LIMIT``."""
    problems = []
    for side, score in enumerate(scores):
        if score >= target and not hands:
            problems.append(
                f"position.scores: side {side} has {_show(score)}, at or above the target {target}: the match would be over, so no hand is played (001 §34 A)"
            )
        elif score < -LIMIT:
            problems.append(f"position.scores: side {side} has {_show(score)}, below {-LIMIT:,}: no match played from there could end")
    return problems


def _pile(p: Mapping[str, Any], st: State, used: Counter[int], problems: list[str]) -> None:
    pile_data = _table(p, "pile", "position.", '{ cards = "5C 9D", frozen = false }', problems)
    pile_cards = parse_cards(pile_data.get("cards", ""), "position.pile.cards", problems)
    used.update(pile_cards)
    st.pile = pile_cards
    st.history = [(-1, c) for c in pile_cards]
    natural_freeze = st.rules.always_frozen or shown.pile_freezes(st.rules, pile_cards)
    if natural_freeze is None and "frozen" not in pile_data:
        problems.append(
            "position.pile.frozen: missing; a card at the bottom of this pile may be the upcard or a discard, and these rules freeze the pile "
            "for one and not the other (upcard, discard_pile.wild_discard_freezes, black_threes.discard): give frozen = true or false"
        )
    frozen = pile_data.get("frozen", bool(natural_freeze))
    if type(frozen) is not bool:
        problems.append(f"position.pile.frozen: expected true or false, got {_show(frozen)}")
        frozen = bool(natural_freeze)
    if st.rules.always_frozen:
        if not frozen:
            problems.append("position.pile.frozen: the pile is always frozen under these rules (discard_pile.always_frozen)")
        st.unfreeze()  # frozen, for the reason the rules give
    elif frozen:
        st.freeze(FreezeReason.POSITION, -1)
        # where the card that froze it lies, from the bottom: a take of the cards above it leaves it frozen (discard_pile.take_count)
        st.frozen_at = _int(pile_data, "frozen_at", 0, problems, "position.pile", least=0, most=max(0, len(pile_cards) - 1))
    else:
        st.unfreeze()
        if "frozen_at" in pile_data:
            problems.append("position.pile.frozen_at: given for a pile that is not frozen; leave it out")


def build_state(data: Mapping[str, Any], *, base: Path | None = None, rules_version: int = RULES_VERSION) -> tuple[Variant, State]:
    """Set up the state a position describes; raise PositionError listing every problem.

    Every table-typed key must hold a table (a string where a table belongs is
    a problem, never ignored), and every hand at least one card: a hand of
    none would already have ended (001 §18 A) and leave its player no move.
    """
    if not is_instance(data, Mapping):
        raise PositionError([f"position: expected a table, got {_show(data)}"])
    problems: list[str] = []
    p = data
    _unknown_keys(p, problems)
    variant = _variant(p["variant"], base, problems) if "variant" in p else None
    if "variant" not in p:
        problems.append("position.variant: missing; name a bundled profile, a .toml file, or give a table with extends")
    players = _int(p, "players", 4, problems, "position")
    if variant is None:
        raise PositionError(problems)
    try:
        rules = table_rules(variant, players, rules_version)
    except UnsupportedPlayerCount as exc:
        raise PositionError([*problems, f"position.players: {exc}"]) from None
    seed = _int(p, "seed", 0, problems, "position")
    st = State(rules, seed)
    _turn(p, st, players, problems)
    _answer(p, st, problems)
    scores = p.get("scores", [0] * rules.sides)
    if not isinstance(scores, list) or len(scores) != rules.sides or any(type(s) is not int for s in scores):
        problems.append(f"position.scores: expected {rules.sides} integers, one per side, got {_show(scores)}")
    else:
        problems += _score_problems(scores, rules.target, rules.match_hands)
        st.scores = tuple(scores)
        if "hand_number" not in p and any(scores):
            found = shown.hand_number_unknown(rules)
            if found is not None:
                problems.append(f"position.hand_number: missing; {found}, and the scores show hands already played: give hand_number")
    used: Counter[int] = Counter()
    fill_counts = _hands(p, st, players, used, problems)
    if st.phase == MELD and rules.black_bonus and st.naturals_in_hand(st.current, THREE):
        problems.append(
            f"position.hands.{st.current}: seat {st.current} holds a black three after the draw; black threes are bonus cards here, "
            "laid down as soon as they come into the hand (black_threes.bonus_card), so no play reaches this position"
        )
    if st.phase == MELD and not rules.keep_red_threes and any(c in RED_THREES for c in st.hand_cards(st.current)):
        problems.append(
            f"position.hands.{st.current}: seat {st.current} holds a red three after the draw; a red three is laid down "
            "as soon as it comes into the hand (000 RÖDA TREOR 1-3, 001 §21 B-D), so no play reaches this position"
        )
    melded_default = _sides(p, st, rules, used, problems)
    if st.asked and st.current not in fill_counts and st.sizes[st.current] < 2:
        problems.append(f"position.answer: seat {st.current} holds one card; a player asks with two or more and melds nothing before an exported answer (001 §23)")
    if st.phase == MELD and not st.drew_from_stock and not st.opened[rules.side_of[st.current]]:
        problems.append(
            f"position.drew: seat {st.current} took the pile, but its side has not opened; before a side opens, taking "
            "the pile is its opening, and a take that falls short waits mid-turn (001 §13 C 2, §26 A; 004 L70), so no play reaches this"
        )
    melded = p.get("melded", melded_default)
    if not isinstance(melded, list) or any(type(s) is not int or not 0 <= s < players for s in melded):
        problems.append(f"position.melded: expected a list of seats that have melded this hand, got {_show(melded)}")
        melded = melded_default
    st.melded_before = tuple(s in melded for s in range(players))
    _waiting(p, st, rules, problems)
    _pile(p, st, used, problems)
    _turns(p, st, rules, problems)
    _reserve(p, st, rules, used, problems)
    stock_data = _table(p, "stock", "position.", '{ cards = "4C 8H", size = 10 }', problems)
    top = parse_cards(stock_data.get("cards", ""), "position.stock.cards", problems)
    used.update(top)
    aside = parse_cards(p.get("out_of_play", ""), "position.out_of_play", problems)
    used.update(aside)
    deck = Counter(build_deck(rules.decks, rules.jokers))
    for card, count in sorted(used.items()):
        if count > deck[card]:
            problems.append(f"position: {card_text(card)} appears {count} times, but the deck holds {deck[card]}")
    size = stock_data.get("size")
    if size is not None and (type(size) is not int or size < len(top)):
        problems.append(f"position.stock.size: expected an integer of at least {len(top)} (the cards given), got {_show(size)}")
    if problems:
        raise PositionError(problems)
    rest = list((deck - used).elements())
    random.Random(f"{seed}:position").shuffle(rest)
    fill = [c for c in rest if c not in RED_THREES and not (rules.black_bonus and c >> 2 == THREE)]
    for seat_no, count in sorted(fill_counts.items()):
        if count > len(fill):
            raise PositionError([f"position.hands.{seat_no}: {_show(count)} cards wanted, only {len(fill)} left"])
        for _ in range(count):
            card = fill.pop()
            rest.remove(card)
            st.add_card(seat_no, card)
    reserve = p.get("reserve")
    if rules.reserve_dealt and not (is_instance(reserve, Mapping) and "piles" in reserve):
        for pile_size in rules.reserve_sizes[st.reserve_next :]:  # piles not given: dealt aside from the cards placed nowhere
            if pile_size > len(rest):
                raise PositionError([f"position.reserve: a pile of {pile_size} cards wanted, only {len(rest)} left"])
            st.reserves += (tuple([rest.pop() for _ in range(pile_size)]),)
    stock = list(reversed(top))
    wanted = len(rest) if size is None else size - len(top)
    if wanted > len(rest):
        raise PositionError([f"position.stock.size: {_show(size)} cards wanted, only {len(top) + len(rest)} left"])
    st.stock = rest[:wanted] + stock
    st.dead = tuple(aside + rest[wanted:])
    return variant, st


__all__ = ["KEYS", "LIMIT", "PositionError", "build_state", "cards_text", "parse_cards"]
