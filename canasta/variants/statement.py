"""The rules of a profile in words: one statement, read by ``canasta play``'s ``rules``, the table and the docs.

:func:`statement` words every rule a profile sets for a table of ``players``,
from the profile's fields (:mod:`canasta.variants.schema`) alone, topic by
topic, each :class:`Line` naming the keys it states. A rule that another rule
switches off is not stated (no upcard freezes where there is no upcard, no
wild-card limit beside the melds of wild cards only, no going-out question at
a table without partners), so the statement never contradicts itself; the
fixed rules every profile shares (a pile topped by a wild card cannot be taken,
001 §17 B) are stated beside the keys they qualify.

The names are the engine's, named for what a rule does (a reserve pile, not a
talon). The words players use for them are a gloss, shown beside the name:
:data:`canasta.variants.glossary.GLOSSARY`, one table, from the family
digests (Modern American's talons, SWAD and dead cards; Hand and Foot's foot;
Buraco's morto).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

import attrs

from canasta.errors import UnsupportedPlayerCount

from .citations import citation_for
from .enums import (
    AskAfterMelding,
    BlackThreeDiscard,
    CanastaClass,
    CanastaKind,
    ConcealedMelders,
    ConcealedMinimum,
    CutBy,
    DeadRanks,
    DealtRedThrees,
    FinalDiscard,
    FirstDealer,
    GoOutPermission,
    LastStockRedThree,
    PileInspection,
    RedThreeCondition,
    ReserveLimit,
    ReserveTrigger,
    StockExhausted,
)
from .glossary import called, gloss_text
from .schema import PlayerCount, SpecialHand, Variant, special_hand_groups
from .wording import WILD_LIMIT_WORDS, and_list, count_text, or_list, rank_of, ranks_text, signs_text, steps_text, unfinished_text

_T = TypeVar("_T")

__all__ = ["Line", "statement", "statement_text"]


# -- the statement -----------------------------------------------------------------------------


@attrs.frozen(kw_only=True)
class Line:
    """One line of the statement: a topic, the rules in words, and the profile keys it states."""

    topic: str
    """What the line is about: ``the opening``, ``melds``, ``going out``."""
    text: str
    """The rules in words."""
    keys: tuple[str, ...]
    """The dotted profile keys the line states (``melds.max_wilds``; a keyed table's entry as ``canastas.bonus.wild``)."""

    def __str__(self) -> str:
        return f"{self.topic}: {self.text}"


@attrs.frozen(kw_only=True)
class _Table:
    """What the statement needs to know of the table: the profile, the player count and who plays."""

    v: Variant
    players: int
    sides: int
    playing: int

    @property
    def partners(self) -> bool:
        """Whether a side has more than one player in a hand, so that a player has a partner to ask."""
        return self.playing > self.sides

    def at(self, table: Mapping[PlayerCount, _T], default: _T | None = None) -> _T:
        """The value of a table by player count for this table."""
        value = table.get(PlayerCount(self.players), default)
        if value is None:
            raise UnsupportedPlayerCount(f"profile {self.v.name!r} gives no value for {self.players} players")
        return value


def _match(t: _Table) -> list[Line]:
    m = t.v.match
    if m.hands:
        text = f"{count_text(m.hands, 'hand')}, whatever the scores; the higher total wins, equal totals are a draw"
        return [Line(topic="the match", text=text, keys=("match.hands", "match.tie"))]
    text = f"it ends after the hand in which a side reaches {m.target} points; the higher total wins, equal totals are a draw"
    return [Line(topic="the match", text=text, keys=("match.target", "match.tie"))]


def _deal(t: _Table) -> list[Line]:
    d, v = t.v.deal, t.v
    out = t.players - t.playing
    per = t.playing // t.sides
    if per == 1:
        seats = f"{t.players} players, {t.sides} sides of one: each plays for himself"
    else:
        seats = f"{t.players} players in {t.sides} sides of {per}, the sides alternating round the table"
    if out:
        seats += f"; {out} of them {'sits' if out == 1 else 'sit'} out each hand, in turn"
    decks, jokers, hand = t.at(d.decks), t.at(d.jokers), t.at(d.hand_size)
    text = f"{seats}; {count_text(decks, 'pack')} and {count_text(jokers, 'joker')} ({decks * 52 + jokers} cards), {count_text(hand, 'card')} to each player"
    keys = ["deal.sides", "deal.sitting_out", "deal.decks", "deal.jokers", "deal.hand_size"]
    if d.first_dealer is FirstDealer.RIGHT_OF_HIGH_CARD:
        text += "; the player right of the one who draws the highest card deals first"
        keys.append("deal.first_dealer")
    if d.cut_by is not CutBy.UNSPECIFIED:
        text += f"; the player {'right' if d.cut_by is CutBy.RIGHT_OF_DEALER else 'left'} of the dealer cuts"
        keys.append("deal.cut_by")
    lines = [Line(topic="the deal", text=text, keys=tuple(keys))]
    u = v.upcard
    if not u.enabled:
        lines.append(Line(topic="the upcard", text="none: the pile starts empty", keys=("upcard.enabled",)))
    else:
        text = "a card from the stock starts the pile; a wild card or a three turned up is covered by the next card"
        keys = ["upcard.enabled"]
        if not v.discard_pile.always_frozen:
            kinds = [word for word, on in (("wild", u.wild_freezes), ("red-three", u.red_three_freezes), ("black-three", u.black_three_freezes)) if on]
            text += f"; {'a ' + or_list(kinds) + ' upcard freezes the pile' if kinds else 'no upcard freezes the pile'}"
            keys += ["upcard.wild_freezes", "upcard.red_three_freezes", "upcard.black_three_freezes"]
        lines.append(Line(topic="the upcard", text=text, keys=tuple(keys)))
    return lines


def _turn(t: _Table) -> list[Line]:
    v = t.v
    draw = "one card" if v.turn.stock_draw == 1 else f"{v.turn.stock_draw} cards"
    threes = "threes, red and black," if v.black_threes.bonus_card else "red threes"
    when = "at once after the deal, in turn" if v.turn.dealt_red_threes is DealtRedThrees.AT_DEAL else "at the player's first turn, before his draw"
    text = (
        f"draw {draw} from the stock (fewer if it holds fewer) or take the pile; meld; discard one card, keeping at least one; "
        f"{threes} dealt are laid down and replaced {when}"
    )
    return [Line(topic="the turn", text=text, keys=("turn.stock_draw", "turn.dealt_red_threes"))]


def _opening(t: _Table) -> list[Line]:
    im = t.v.initial_meld
    if im.minimums_by_hand:
        steps = [f"{m} in hand {i}" for i, m in enumerate(im.minimums_by_hand[:-1], 1)]
        steps.append(f"{im.minimums_by_hand[-1]} from hand {len(im.minimums_by_hand)}")
        text = f"the side's first melds must reach, by the hand's number, {', '.join(steps)}"
        keys = ["initial_meld.minimums_by_hand"]
    else:
        bands = [f"{im.minimums[0]} below {im.score_thresholds[0]}"] if im.score_thresholds else [str(im.minimums[0])]
        bands += [f"{m} from {lo}" for lo, m in zip(im.score_thresholds, im.minimums[1:], strict=True)]
        text = f"the side's first melds must reach, by its score: {', '.join(bands)} points"
        keys = ["initial_meld.score_thresholds", "initial_meld.minimums"]
    text += "; several melds of the turn may make it" if im.several_melds else "; one meld must make it"
    keys.append("initial_meld.several_melds")
    if im.natural_meld_size:
        text += (
            f"; it must include a {called('natural meld', 'initial_meld.natural_meld_size')} of {im.natural_meld_size} or more"
            " naturals and no wild card, of a rank no canasta has closed"
        )
        keys.append("initial_meld.natural_meld_size")
    if not im.mixed_canasta_allowed:
        text += "; the opening turn may not make a mixed canasta"
        keys.append("initial_meld.mixed_canasta_allowed")
    pile_keys: list[str] = []
    if im.from_hand_before_pile:
        pile = (
            "a side that has not opened takes the pile only after laying its whole opening from the hand in that turn, before"
            " drawing, and then with a natural pair of the top card; the pile's cards never count toward the opening"
        )
        pile_keys.append("initial_meld.from_hand_before_pile")
    elif not im.allowed_from_pile:
        pile = "a side that has not opened may not take the pile"
        pile_keys.append("initial_meld.allowed_from_pile")
    else:
        pair = " with a natural pair of the top card" if im.pile_requires_natural_pair else ""
        pile = f"a side may open by taking the pile{pair}: only the top card counts toward the minimum, beside cards from the hand"
        pile_keys += ["initial_meld.allowed_from_pile", "initial_meld.pile_requires_natural_pair"]
    return [Line(topic="the opening", text=text, keys=tuple(keys)), Line(topic="the opening", text=pile, keys=tuple(pile_keys))]


def _pile(t: _Table) -> list[Line]:
    v = t.v
    dp, b3 = v.discard_pile, v.black_threes
    top = "a wild card" + (" or a black three" if not b3.bonus_card else "")
    text = f"never taken with {top} on top"
    keys: list[str] = ["discard_pile.always_frozen"]
    if dp.always_frozen:
        text += "; it is always frozen: only a natural pair of the top card's rank takes it"
    else:
        text += "; a frozen pile is taken only with a natural pair of the top card's rank"
        keys += ["discard_pile.wild_and_natural", "discard_pile.add_top_card_to_meld"]
        if dp.wild_and_natural:
            opened = ", by a side that has opened" if v.initial_meld.pile_requires_natural_pair else ""
            text += f"; one not frozen also with one such natural and a wild card{opened}"
        if dp.add_top_card_to_meld:
            text += "; or, by a side that has opened, adding its top card to the side's meld of that rank"
            if v.canastas.naturals_added:
                text += " (a canasta too)" if dp.add_top_card_to_canasta else " (not a canasta)"
                keys.append("discard_pile.add_top_card_to_canasta")
        freeze = []
        if dp.wild_discard_freezes:
            freeze.append("a wild card discarded onto it")
        if b3.discard is BlackThreeDiscard.FREEZE and not b3.bonus_card:
            freeze.append("a black three discarded onto it")
            keys.append("black_threes.discard")
        keys.append("discard_pile.wild_discard_freezes")
        text += f"; it freezes on {or_list(freeze)}, until taken" if freeze else "; no discard freezes it"
    text += "; the top card and the cards that take it are melded at once"
    if dp.take_count:
        text += f"; a take brings only the top {count_text(dp.take_count, 'card')}, the rest staying as the pile (frozen while the card that froze it is in it)"
    keys.append("discard_pile.take_count")
    if dp.take_top_card_only:
        text += "; a player who may take it may take its top card alone, leaving the rest"
    keys.append("discard_pile.take_top_card_only")
    if dp.own_canasta_rank_blocks:
        text += "; a side may not take it when the top card's rank is one of its canastas"
        keys.append("discard_pile.own_canasta_rank_blocks")
    if dp.one_card_rule:
        text += "; a player holding one card may not take a pile of one card"
    keys.append("discard_pile.one_card_rule")
    look = {
        PileInspection.ANY_TIME: "players may look through it",
        PileInspection.BEFORE_FIRST_DISCARD: "a player may look through it only before his own first discard",
        PileInspection.NEVER: "it is kept squared: only the top card is seen",
    }[dp.inspection]
    text += f"; {look}"
    keys.append("discard_pile.inspection")
    return [Line(topic="the pile", text=text, keys=tuple(keys))]


def _discards(t: _Table) -> list[Line]:
    v = t.v
    d, b3 = v.discards, v.black_threes
    parts = []
    keys = []
    if d.never:
        parts.append(f"{ranks_text(d.never)} are never discarded")
        keys.append("discards.never")
    if d.last_resort:
        parts.append(f"{ranks_text(d.last_resort)} are discarded only to go out, or when nothing else may be")
        keys.append("discards.last_resort")
    if d.not_on_empty_pile or d.dead_not_on_empty_pile:
        ranks = ranks_text(d.not_on_empty_pile, more=["dead ranks"] if d.dead_not_on_empty_pile else [])
        parts.append(f"{ranks} {gloss_text('discards.not_on_empty_pile')} are not discarded onto an empty pile")
        keys += ["discards.not_on_empty_pile", "discards.dead_not_on_empty_pile"]
    if d.not_in_first_round:
        parts.append(f"{ranks_text(d.not_in_first_round)} are not discarded in a player's first turn of the hand")
        keys.append("discards.not_in_first_round")
    if parts:
        parts.append("a player who holds nothing else may discard any card")
    if not b3.bonus_card:
        if b3.discard is BlackThreeDiscard.BLOCK_NEXT_PLAYER:
            parts.append(f"a black three discarded blocks the next player from taking the pile {gloss_text('black_threes.discard')}")
        else:
            parts.append("a black three discarded freezes the pile" + (" (it is always frozen)" if v.discard_pile.always_frozen else ""))
        keys.append("black_threes.discard")
    return [Line(topic="discards", text="; ".join(parts), keys=tuple(keys))] if parts else []


def _melds(t: _Table) -> list[Line]:
    v = t.v
    m, c, rk, b3 = v.melds, v.canastas, v.ranks, v.black_threes
    limit = WILD_LIMIT_WORDS[m.wild_limit]
    text = (
        f"{m.min_size} or more cards of one rank, fours to aces, at least {m.min_naturals} of them natural and at most"
        f" {m.max_wilds} wild{limit}; one {'unfinished ' if c.several_per_rank else ''}meld a rank for each side, never added to by the opponents"
    )
    keys = ["melds.min_size", "melds.min_naturals", "melds.max_wilds", "melds.wild_limit"]
    if m.max_size:
        text += f"; no meld grows past {m.max_size} cards, nor is a pile taken onto it past that"
        keys.append("melds.max_size")
    if rk.natural_only:
        text += f"; {ranks_text(rk.natural_only)} take no wild card"
        keys.append("ranks.natural_only")
    if rk.wilds_only_in_opening:
        text += f"; {ranks_text(rk.wilds_only_in_opening)} take wild cards only in the side's opening, natural cards after"
        keys.append("ranks.wilds_only_in_opening")
    if m.wilds_after_opening_min_naturals:
        name = called("wild cards", "melds.wilds_after_opening_min_naturals")
        text += f"; after the side's opening turn, {name} join only a meld of {m.wilds_after_opening_min_naturals} or more naturals"
        keys.append("melds.wilds_after_opening_min_naturals")
    if m.dead_after_canasta is not DeadRanks.NONE:
        whom = "its side" if m.dead_after_canasta is DeadRanks.SIDE else "everyone"
        text += (
            f"; a completed canasta closes its rank to {whom}: a {called('dead rank', 'melds.dead_after_canasta')} is melded no more,"
            " and a pile topped by it is not taken"
        )
        keys.append("melds.dead_after_canasta")
    lines = [Line(topic="melds", text=text, keys=tuple(keys))]
    if c.wild_canastas:
        text = (
            f"melds of wild cards only (twos and jokers mixed), {m.min_size} or more: the limits on wild cards above do not bind them"
        )
        keys = ["canastas.wild_canastas"]
        if m.wild_meld_exclusive:
            text += "; while a side's wild-card meld is unfinished, it puts wild cards in no other meld"
            keys.append("melds.wild_meld_exclusive")
        lines.append(Line(topic="wild-card melds", text=text, keys=tuple(keys)))
    else:
        lines.append(Line(topic="wild-card melds", text="none: every meld holds natural cards", keys=("canastas.wild_canastas",)))
    if not b3.bonus_card and not b3.meldable:
        lines.append(Line(topic="black threes melded", text="never: a black three is only a stop card, discarded or kept", keys=("black_threes.meldable",)))
    elif not b3.bonus_card:
        text = f"only when going out, {b3.meld_min} to {b3.meld_max} of them, no wild card"
        lines.append(Line(topic="black threes melded", text=text, keys=("black_threes.meld_min", "black_threes.meld_max")))
    return lines


_KIND_WORDS = {
    CanastaKind.NATURAL: "natural, no wild card",
    CanastaKind.MIXED: "mixed",
    CanastaKind.WILD: "wild cards only",
    CanastaKind.PURE_WILD: "wild cards of one kind (all twos, or all jokers)",
    CanastaKind.EVERY_JOKER: "every joker of the deck, with twos",
}


def _canastas(t: _Table) -> list[Line]:
    v = t.v
    c, rk, m = v.canastas, v.ranks, v.melds
    name = called("canasta", "canastas.size")
    kinds = []
    keys = ["canastas.size"]
    for kind in CanastaKind:
        if kind not in c.bonus or (kind not in (CanastaKind.NATURAL, CanastaKind.MIXED) and not c.wild_canastas):
            continue
        words = _KIND_WORDS[kind]
        gloss = gloss_text(f"canastas.bonus.{kind.value}")
        kinds.append(f"{words}{' ' + gloss if gloss else ''} {c.bonus[kind]}")
        keys.append(f"canastas.bonus.{kind.value}")
    text = f"a {name} is a meld of {c.size} cards; its bonus by kind: {'; '.join(kinds)}"
    if rk.natural_canasta_bonus:
        text += "; a natural canasta of " + ", of ".join(f"{rank_of(r)} {b}" for r, b in rk.natural_canasta_bonus.items())
        keys += [f"ranks.natural_canasta_bonus.{r.value}" for r in rk.natural_canasta_bonus]
    if m.max_size and m.max_size <= c.size:
        text += "; a completed canasta is closed: nothing is added to it"
    elif c.naturals_added and c.wilds_added:
        text += "; natural and wild cards may be added to a completed canasta (a natural one that takes a wild card becomes mixed)"
        keys += ["canastas.naturals_added", "canastas.wilds_added"]
    elif c.naturals_added:
        text += "; natural cards may be added to a completed canasta, wild cards not"
        keys += ["canastas.naturals_added", "canastas.wilds_added"]
    elif c.wilds_added:
        text += "; wild cards may be added to a completed canasta, natural cards not"
        keys += ["canastas.naturals_added", "canastas.wilds_added"]
    else:
        text += "; nothing is added to a completed canasta"
        keys += ["canastas.naturals_added", "canastas.wilds_added"]
    if c.several_per_rank:
        text += "; a completed canasta is set aside, and a new meld of its rank may be started (several canastas of one rank)"
        keys.append("canastas.several_per_rank")
    return [Line(topic="canastas", text=text, keys=tuple(keys))]


def _going_out(t: _Table) -> list[Line]:
    v = t.v
    g, cg, c = v.going_out, v.concealed_going_out, v.canastas
    required = t.at(g.canastas_required)
    text = f"the side needs {count_text(required, 'canasta')}"
    keys = ["going_out.canastas_required"]
    classes = {CanastaClass.NATURAL: "natural", CanastaClass.MIXED: "mixed", CanastaClass.WILD: "of wild cards only"}
    kinds = [f"{n} {classes[k]}" for k, n in g.canasta_kinds_required.items() if n]
    if kinds:
        text += f", {and_list(kinds)} among them"
        keys += [f"going_out.canasta_kinds_required.{k.value}" for k in g.canasta_kinds_required]
    forbidden = [r for r in g.unfinished_melds_forbidden if str(r.value) != "W" or c.wild_canastas]
    if forbidden:
        text += f", and no unfinished {or_list([unfinished_text(r) for r in forbidden])}"
        keys.append("going_out.unfinished_melds_forbidden")
    if g.reserve_taken:
        text += f", and the player must have received his {called('reserve pile', 'reserve.sizes')}"
        keys.append("going_out.reserve_taken")
    how = "with a discard, always" if g.final_discard is FinalDiscard.REQUIRED else "by melding every card, or discarding the last"
    text += f"; a player goes out {how}; bonus {g.bonus}"
    keys += ["going_out.final_discard", "going_out.bonus"]
    lines = [Line(topic="going out", text=text, keys=tuple(keys))]
    if cg.allowed:
        who = "his side has" if cg.who_has_not_melded is ConcealedMelders.SIDE else "he has"
        minimum = {
            ConcealedMinimum.WAIVED_AFTER_STOCK_DRAW: "no opening minimum after a stock draw, the minimum after taking the pile",
            ConcealedMinimum.ALWAYS_WAIVED: "no opening minimum",
            ConcealedMinimum.NEVER_WAIVED: "the opening minimum where his side has not opened",
        }[cg.minimum]
        counts = "the side's canastas already on the table count" if cg.partner_canastas_count else "his own canastas must make the number"
        text = f"melding the whole hand in one turn, when {who} melded nothing before: bonus {cg.bonus} instead; {minimum}; {counts}"
        keys = ["concealed_going_out.allowed", "concealed_going_out.who_has_not_melded", "concealed_going_out.minimum"]
        keys += ["concealed_going_out.partner_canastas_count", "concealed_going_out.bonus"]
        lines.append(Line(topic="going out concealed", text=text, keys=tuple(keys)))
    else:
        lines.append(Line(topic="going out concealed", text="no such thing: no bonus of its own", keys=("concealed_going_out.allowed",)))
    if t.partners:
        if g.permission is GoOutPermission.NOT_USED:
            lines.append(Line(topic="'may I go out?'", text="not asked", keys=("going_out.permission",)))
        else:
            when = "after drawing from the stock" if g.permission is GoOutPermission.AFTER_STOCK_DRAW else "in his turn"
            after = {
                AskAfterMelding.ALLOWED: "before or after melding",
                AskAfterMelding.MUST_GO_OUT: "before melding; after melding too, but then he must go out if he can, whatever the answer",
                AskAfterMelding.REFUSED: "only before melding anything",
            }[g.ask_after_melding]
            text = f"a player may ask his partner, {when}, {after}; the answer binds"
            if g.permission is GoOutPermission.REQUIRED:
                text = f"a player goes out only after asking his partner and being told yes this turn; he asks {after}; the answer binds"
            keys = ["going_out.permission", "going_out.ask_after_melding"]
            if g.permission_penalty:
                text += f"; after a yes, a discard that does not go out costs the side {g.permission_penalty}"
                keys.append("going_out.permission_penalty")
            lines.append(Line(topic="'may I go out?'", text=text, keys=tuple(keys)))
    return lines


def _reserve(t: _Table) -> list[Line]:
    r = t.v.reserve
    if not (sizes := r.sizes_for(t.players)):
        return []
    trigger = {ReserveTrigger.OPENING: "his side's opening", ReserveTrigger.EMPTY_HAND: "emptying his hand", ReserveTrigger.FIRST_CANASTA: "his side's first canasta"}[r.trigger]
    per = "each side" if r.one_per is ReserveLimit.SIDE else "each player"
    text = (
        f"{count_text(len(sizes), 'pile')} of {and_list([str(n) for n in sizes])} cards, given in that order, each to the player who"
        f" earns it by {trigger}; {per} receives at most one"
    )
    text += "; dealt aside after the hands" if r.dealt else "; drawn from the stock when given"
    keys = ["reserve.sizes", "reserve.trigger", "reserve.one_per", "reserve.dealt", "reserve.turn_continues"]
    if r.trigger is ReserveTrigger.EMPTY_HAND:  # BGA, FEU: "running" to the pile by a meld, "walking" to it by the discard
        run = "a hand emptied by a meld plays on with it at once" if r.turn_continues else "no meld may empty the hand"
        walk = "one emptied by the discard plays it from the next turn" if r.by_discard else "no discard may empty it to reach the pile"
        text, keys = f"{text}; {run}, {walk}", [*keys, "reserve.by_discard"]
    else:
        text += "; he plays on with it at once" if r.turn_continues else "; he receives it after his discard, and may empty his hand with that discard"
    if r.not_with_pile:
        text += "; none is given in a turn in which the player took the pile: that one is lost"
        keys.append("reserve.not_with_pile")
    if r.min_stock:
        text += f"; none once the stock holds {r.min_stock} cards or fewer {gloss_text('reserve.min_stock')}: that one is lost"
        keys.append("reserve.min_stock")
    if r.untaken_penalty:
        text += f"; a side that never received its pile loses {r.untaken_penalty}"
        keys.append("reserve.untaken_penalty")
    if r.untaken_cards_count and r.dealt:
        text += f"; the cards of a pile still aside at the end count against the {per[5:]} who never received one, as cards left in hand"
        keys.append("reserve.untaken_cards_count")
    if r.becomes_stock and r.dealt:
        text += "; piles still aside become the stock when it runs out"
        keys.append("reserve.becomes_stock")
    return [Line(topic=called("reserve piles", "reserve.sizes"), text=text, keys=tuple(keys))]


def _threes(t: _Table) -> list[Line]:
    v = t.v
    rt, b3 = v.red_threes, v.black_threes
    table = t.at(rt.bonus_table)
    keys = ["red_threes.bonus_table"]
    if b3.bonus_card:
        text = "threes, red and black, are bonus cards: laid down and replaced, never melded nor discarded; each colour scores " + steps_text(table)
        keys.append("black_threes.bonus_card")
        what = "they"
    else:
        text = f"red threes are bonus cards, laid down and replaced; they score {steps_text(table)}"
        what = "they"
    if rt.sign_by_canastas:
        text += "; " + signs_text(rt.sign_by_canastas, what)
        keys.append("red_threes.sign_by_canastas")
    else:
        need = "a meld" if rt.plus_when is RedThreeCondition.MELD else "a canasta"
        text += f"; they count minus unless the side has {need}"
        keys.append("red_threes.plus_when")
    if rt.may_keep_in_hand:
        text += "; a player may keep a red three in hand and lay it in a later turn"
        keys.append("red_threes.may_keep_in_hand")
    which = "a three of either colour" if b3.bonus_card else "a red three"
    cost = str(rt.unmelded_penalty) if rt.unmelded_penalty else "nothing"
    text += f"; {which} left in a hand at the end costs {cost}"
    keys.append("red_threes.unmelded_penalty")
    last = "is laid down" if rt.last_stock_card is LastStockRedThree.MUST_MELD else "may be laid down"
    text += f"; a red three drawn as the last stock card {last}, and the hand ends at once"
    keys.append("red_threes.last_stock_card")
    lines = [Line(topic="threes" if b3.bonus_card else "red threes", text=text, keys=tuple(keys))]
    if not b3.bonus_card and b3.hand_penalty:
        lines.append(Line(topic="black threes", text=f"one left in a hand costs {b3.hand_penalty} besides its points", keys=("black_threes.hand_penalty",)))
    return lines


def _special_hand(hand: SpecialHand) -> str:
    groups = special_hand_groups(hand.pattern)
    naturals, wilds = groups if groups is not None else ([], 0)
    sizes = {n: naturals.count(n) for n in naturals}
    words = {1: ("single card", "single cards"), 2: ("pair", "pairs")}
    parts = [count_text(count, *words.get(size, (f"set of {size}", f"sets of {size}"))) for size, count in sizes.items()]
    if wilds:
        parts.append(count_text(wilds, "wild card"))
    return f"{hand.name} ({', '.join(parts)}) {hand.points}"


def _scoring(t: _Table) -> list[Line]:
    v = t.v
    s, rk, cp = v.scoring, v.ranks, v.scoring.card_points
    text = (
        f"cards melded count plus, cards left in hand minus: joker {cp.joker}, two {cp.two}, ace {cp.ace}, king to eight"
        f" {cp.eight_to_king}, seven to four {cp.four_to_seven}, black three {cp.black_three}"
    )
    keys = [f"scoring.card_points.{f.name}" for f in attrs.fields(type(cp))]
    if s.melded_sign_by_canastas:
        text += "; " + signs_text(s.melded_sign_by_canastas, "melded cards")
        keys.append("scoring.melded_sign_by_canastas")
    lines = [Line(topic="scoring", text=text, keys=tuple(keys))]
    unfinished = {r: p for r, p in rk.unfinished_penalty.items() if str(r.value) != "W" or v.canastas.wild_canastas}
    if unfinished:
        parts = [
            "an unfinished wild-card meld" if str(r.value) == "W" else f"an unfinished meld of {rank_of(r)} with no wild card"
            for r in unfinished
        ]
        text = "; ".join(f"{part} costs {p}" for part, p in zip(parts, unfinished.values(), strict=True))
        lines.append(Line(topic="unfinished melds at the end", text=text, keys=tuple(f"ranks.unfinished_penalty.{r.value}" for r in unfinished)))
    if rk.hand_penalty:
        text = "; ".join(f"{rk.hand_penalty_count} or more {rank_of(r)} in one player's hand cost {p}" for r, p in rk.hand_penalty.items())
        lines.append(
            Line(topic="sets held at the end", text=text + ", besides their points", keys=("ranks.hand_penalty", "ranks.hand_penalty_count"))
        )
    if s.special_hands:
        text = "a side that has not melded may show one instead of playing on, after drawing; it ends the hand and is the side's whole score: "
        text += "; ".join(_special_hand(h) for h in s.special_hands)
        lines.append(Line(topic="special hands", text=text, keys=("scoring.special_hands",)))
    return lines


def _end_of_stock(t: _Table) -> list[Line]:
    e = t.v.end_of_stock
    what = {
        StockExhausted.OPTIONAL_PICKUP: "may take the pile if he can",
        StockExhausted.FORCED_IF_FITS_MELD: "must take an unfrozen pile whose top card fits one of his side's melds, and may take it otherwise",
        StockExhausted.FORCED_IF_LEGAL: "must take the pile whenever he may",
    }[e.mode]
    text = f"when it is empty, the next player {what}"
    text += "; after such a take the next player has the same choice, until one declines or goes out" if e.chain else ""
    text += "; the hand ends when nobody takes it, with no going-out bonus"
    return [Line(topic="the end of the stock", text=text, keys=("end_of_stock.mode", "end_of_stock.chain"))]


_DIRECTOR = (
    ("partial_correction", "an insufficient opening only partly corrected"),
    ("going_out_after_no", "melding to go out after the partner said no"),
    ("going_out_without_canasta", "trying to go out without a canasta"),
    ("draw_out_of_turn", "drawing out of turn"),
    ("pile_out_of_turn", "taking the pile out of turn"),
    ("meld_out_of_turn", "melding out of turn"),
    ("penalty_card_help", "each penalty card melded with the partner's help"),
    ("table_talk_forfeit", "a forfeit for table talk after a warning, to the other side"),
)
"""The penalties a director gives (``penalties``), which the engine never applies by itself (001 §22-§35)."""


def _cited(t: _Table, key: str) -> str:
    """`` (001 §23 D)``: the source the profile cites for ``key``, or nothing."""
    cite = citation_for(t.v.citations, key)
    return f" ({cite})" if cite else ""


def _penalties(t: _Table) -> list[Line]:
    p, g = t.v.penalties, t.v.going_out
    found = []
    keys = []
    if t.partners and g.permission is not GoOutPermission.NOT_USED and g.permission_penalty:
        key = "going_out.permission_penalty"
        found.append(
            f"after the partner's yes to 'may I go out?', a discard that does not go out costs the side {g.permission_penalty}{_cited(t, key)}"
        )
        keys.append(key)
    if p.insufficient_opening_raise:
        key = "penalties.insufficient_opening_raise"
        found.append(
            f"taking back an opening that falls short raises the side's minimum by {p.insufficient_opening_raise} for the hand{_cited(t, key)}"
        )
        keys.append(key)
    lines = [Line(topic="penalties in play", text="; ".join(found) or "none", keys=tuple(keys))]
    director = [(name, words) for name, words in _DIRECTOR if getattr(p, name)]
    if director:
        text = "; ".join(f"{words} {getattr(p, name)}{_cited(t, f'penalties.{name}')}" for name, words in director)
        lines.append(Line(topic="penalties a director gives", text=text, keys=tuple(f"penalties.{name}" for name, _ in director)))
    return lines


_TOPICS = (_match, _deal, _turn, _opening, _pile, _discards, _melds, _canastas, _going_out, _reserve, _threes, _scoring, _end_of_stock, _penalties)
"""The statement's topics, in the order a player meets them."""


def statement(variant: Variant, players: int) -> tuple[Line, ...]:
    """The rules of ``variant`` at a table of ``players`` in words, topic by topic; each line names the keys it states.

    Raises :class:`canasta.UnsupportedPlayerCount` for a player count the profile has no rules for.
    """
    count = PlayerCount(players)
    if count not in variant.deal.hand_size:
        counts = ", ".join(str(n) for n in variant.player_counts)
        raise UnsupportedPlayerCount(f"profile {variant.name!r} has rules for {counts} players, not {players}")
    sides = variant.deal.sides[count]
    table = _Table(v=variant, players=players, sides=sides, playing=players - variant.deal.sitting_out.get(count, 0))
    return tuple(line for topic in _TOPICS for line in topic(table))


def statement_text(variant: Variant, players: int) -> str:
    """The statement as text, a line a topic, under the profile's title."""
    head = f"{variant.title} ({variant.name}), {players} players"
    return "\n".join([head, *(str(line) for line in statement(variant, players))])
