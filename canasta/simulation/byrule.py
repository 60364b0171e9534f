"""``compare --by-rule``: which single rule difference between two profiles causes the effect.

For profiles A and B, each :class:`canasta.RuleDifference` of
``diff_variants(A, B)`` gives a profile that is A with only that key set to
B's value (through the loader: A dumped to TOML, the key changed, loaded and
checked again). Each such profile plays the same seeds as A and B, and its
effect is its paired difference from A on the headline metrics.

A difference is not simulated, and the report says why, when:

- it is a per-player-count value for another player count than the one played;
- A with that value alone is not a valid profile (the checker's problems are quoted);
- it leaves every rule the engine plays by at this player count unchanged: a
  penalty for an irregularity the engine never allows, or a procedure such as
  who deals first. The engine and bots read the same profile, so such a
  profile plays exactly as A does;
- it changes only rules that a switch of A turns off (the bonus of a wild-card
  canasta where wild-card melds are not allowed, the going-out permission rules
  where nobody may ask, the concealed going-out rules where going out concealed
  is not allowed, the rules of reserve piles where there are none, ...:
  :data:`_SWITCHED_OFF`), or, in ``hands`` mode, rules that only matter after the
  first hand of a match (the target, the number of hands, the opening minimums
  for scores other than zero and hands after the first): every unit there is one
  hand of a fresh match, played from a score of zero.

The test is exact, never a guess: it compares what :func:`played_rules` keeps
of the engine's resolved rules (:class:`canasta.core.table.TableRules`, which
the bots' rule facts are also computed from), and it drops a rule only where
the engine's code cannot read it in that run.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

import attrs
import tomli_w

from canasta.core.canastas import CanastaKind
from canasta.core.cards import WILD
from canasta.core.table import TableRules, UnsupportedPlayerCount
from canasta.variants import Variant, VariantError, dumps_variant, loads_variant
from canasta.variants.diff import RuleDifference, diff_variants, format_value
from canasta.variants.enums import ReserveTrigger
from canasta.variants.schema import PLAYER_COUNTS

from .metrics import headline
from .options import Mode
from .results import RuleEffect, RuleEffects, SimulationResult, SkippedRule, SkipReason
from .stats import Difference, standardized_by
from .summary import sides_of

_IGNORED_SLOTS = frozenset({"variant", "melds_limited", "wilds_limited", "going_out_reads_kinds"})
"""TableRules attributes that are not rules: the profile itself, and facts the table derives from its rules to read them
fast (``melds_limited``, ``wilds_limited``, ``going_out_reads_kinds``). Every rule they summarize is compared itself."""


def _set_key(data: dict[str, Any], key: str, value: Any) -> None:
    """Set a dotted key in TOML data (``going_out.canastas_required.4``); None removes it."""
    *parents, last = key.split(".")
    node = data
    for part in parents:
        node = node.setdefault(part, {})
    if value is None:
        node.pop(last, None)
    else:
        node[last] = value


def _count_of(key: str) -> int | None:
    """The player count a split per-player key is for (``deal.decks.2`` is for 2 players), else None."""
    last = key.rsplit(".", 1)[-1]
    return int(last) if last.isdigit() and int(last) in PLAYER_COUNTS else None


Rules = dict[str, object]


@attrs.frozen(kw_only=True)
class Switch:
    """Rules the engine reads only while another rule (the switch) lets it, and why.

    ``off`` says, from A's resolved rules, that the dependants are never read;
    a dependant is a :class:`~canasta.core.table.TableRules` attribute, or one
    entry of it: ``"bonus_by_kind.wild"`` (a key of a table by kind) or
    ``"unfinished_penalty.13"`` (an index of a table by rank).
    """

    off: Callable[[Rules], bool]
    """Whether, by A's resolved rules (attribute name to value), the dependants are never read."""
    dependants: tuple[str, ...]
    """The attributes, or entries of attributes, the engine and the bots then never read."""
    why: str
    """Why they are never read, as the report says it."""


_WILD_KINDS = tuple(f"bonus_by_kind.{kind.value}" for kind in (CanastaKind.WILD, CanastaKind.PURE_WILD, CanastaKind.EVERY_JOKER))

_SWITCHED_OFF: tuple[Switch, ...] = (
    Switch(
        off=lambda r: not r["wild_canastas"],
        dependants=(*_WILD_KINDS, "pure_wild_kind", "every_joker", f"unfinished_penalty.{WILD}"),
        why="melds of wild cards only are not allowed (canastas.wild_canastas), so no wild-card canasta bonus is ever scored "
        "and no wild-card meld is ever unfinished",
    ),
    Switch(
        off=lambda r: not r["permission"],
        dependants=("permission_after_stock_draw", "permission_penalty"),
        why="nobody may ask a partner to go out (going_out.permission, or no partners at this table), so its rules never apply",
    ),
    Switch(
        off=lambda r: not r["concealed_allowed"],
        dependants=("concealed_by_side", "partner_canastas_count", "concealed_minimum", "concealed_bonus"),
        why="going out concealed is not allowed (concealed_going_out.allowed), so its rules never apply",
    ),
    Switch(
        off=lambda r: not r["upcard_enabled"],
        dependants=("upcard_wild_freezes", "upcard_red_three_freezes", "upcard_black_three_freezes"),
        why="no upcard is turned (upcard.enabled), so what an upcard freezes never applies",
    ),
    Switch(
        off=lambda r: not r["reserve_sizes"],
        dependants=("reserve_trigger", "reserve_dealt", "reserve_turn_continues", "reserve_not_with_pile", "reserve_min_stock"),
        why="there are no reserve piles (reserve.sizes), so the rules of giving one never apply",
    ),
    Switch(
        off=lambda r: not r["reserve_sizes"] or r["reserve_trigger"] is not ReserveTrigger.EMPTY_HAND,
        dependants=("reserve_by_discard",),
        why="no reserve pile is given on an empty hand (reserve.sizes, reserve.trigger), so whether the discard may empty the hand to reach one never applies",
    ),
    Switch(
        off=lambda r: not r["reserve_sizes"] and not r["reserve_untaken_penalty"] and not r["reserve_taken_required"],
        dependants=("reserve_per_player",),
        why="there are no reserve piles (reserve.sizes), and neither going out nor the score asks who received one",
    ),
    Switch(
        off=lambda r: not r["reserve_sizes"] or not r["reserve_dealt"],
        dependants=("reserve_becomes_stock",),
        why="no reserve pile lies aside (reserve.sizes, reserve.dealt), so none can become the stock",
    ),
    Switch(
        off=lambda r: bool(r["threes_sign"]),
        dependants=("red_threes_need_canasta",),
        why="the threes are signed by the number of canastas (red_threes.sign_by_canastas), so red_threes.plus_when never applies",
    ),
    Switch(
        off=lambda r: bool(r["black_bonus"]),
        dependants=("black_three_hand_penalty",),
        why="black threes are bonus cards (black_threes.bonus_card), so one in a hand is counted with the red ones, "
        "never at black_threes.hand_penalty",
    ),
    Switch(
        off=lambda r: not any(cast("tuple[int, ...]", r["hand_penalty"])),
        dependants=("hand_penalty_count",),
        why="no rank costs a penalty when held (ranks.hand_penalty), so how many make a set never matters",
    ),
    Switch(
        off=lambda r: bool(r["minimums_by_hand"]),
        dependants=("thresholds", "minimums"),
        why="the opening minimum goes by the hand's number (initial_meld.minimums_by_hand), never by the score",
    ),
    Switch(
        off=lambda r: bool(r["match_hands"]),
        dependants=("target",),
        why="the match is a fixed number of hands (match.hands), so no target ends it",
    ),
)
"""Rules the engine reads only while a switch lets it. Each was checked in the engine's and the bots' code: a wild-card
meld needs ``wild_canastas`` (004 opt b), asking the partner needs ``permission`` at this table (001 §23 A), a concealed
going out needs ``concealed_allowed`` (001 §19), an upcard needs ``upcard_enabled``, a reserve pile needs
``reserve.sizes``, ``threes_sign`` replaces ``plus_when`` in :func:`canasta.core.scoring.side_score`, a black three
that is a bonus card is never a black three held, a set held needs a rank with a hand penalty, the opening minimums
by hand replace those by score, and a match of fixed hands has no target (:func:`canasta.core.transitions.match_outcome`).
Other rules the profiles call "unused" under a switch, but which the heuristic bot still reads (``wild_discard_freezes``
under ``always_frozen``, ``black_threes.meld_min`` under ``bonus_card``), are simulated."""

_MATCH_RULES = ("target", "thresholds", "minimums", "minimums_by_hand", "match_hands")
"""Rules that only matter after the first hand of a match: the target and the number of hands end the match, and the
opening minimum of a hand depends on the side's score (001 §13 A), which is zero throughout the first hand, or on the
hand's number (``initial_meld.minimums_by_hand``), which is 1."""


def _drop(rules: Rules, dependant: str) -> None:
    """Take one dependant out of ``rules``: an attribute, a key of a table by kind, or an index of a table by rank."""
    name, _, part = dependant.partition(".")
    if name not in rules:
        return
    if not part:
        del rules[name]
        return
    value = rules[name]
    if isinstance(value, dict):
        rules[name] = {k: v for k, v in value.items() if getattr(k, "value", k) != part}
    elif isinstance(value, tuple):
        index = int(part)
        rules[name] = tuple(None if i == index else v for i, v in enumerate(value))


def _rules(table: TableRules) -> dict[str, object]:
    """Every rule of a table by its attribute's name: its public attributes that are values, not methods."""
    out: dict[str, object] = {}
    for name in dir(table):
        if name.startswith("_") or name in _IGNORED_SLOTS:
            continue
        value = getattr(table, name)
        if not callable(value):
            out[name] = dict(value) if isinstance(value, Mapping) else value
    return out


def _off(rules: Rules) -> list[Switch]:
    """The switches that are off in ``rules`` (A's), so that their dependants are never read."""
    return [switch for switch in _SWITCHED_OFF if switch.off(rules)]


def _without_switched_off(rules: Rules, off: Sequence[Switch] | None = None) -> Rules:
    """``rules`` less the dependants of the switches that are off (in ``rules``, or those given: A's for both A and B)."""
    kept = dict(rules)
    for switch in _off(rules) if off is None else off:
        for name in switch.dependants:
            _drop(kept, name)
    return kept


def _part(rules: Rules, dependant: str) -> object:
    """One dependant's value in ``rules`` (None where it has none)."""
    name, _, part = dependant.partition(".")
    value = rules.get(name)
    if not part:
        return value
    if isinstance(value, dict):
        return next((v for k, v in value.items() if getattr(k, "value", k) == part), None)
    if isinstance(value, tuple):
        return value[int(part)]
    return value


def played_rules(table: TableRules, *, mode: Mode) -> dict[str, object]:
    """The rules of ``table`` that can change what a run plays and measures, by name.

    Every resolved rule, less those a switch turns off (:data:`_SWITCHED_OFF`).
    In :attr:`Mode.HANDS` every unit is the first hand of a
    match, from a score of zero, and stops when that hand ends, so the target
    and the opening minimums are left out and the opening minimum at a score
    of zero is kept instead.
    """
    rules = _without_switched_off(_rules(table))
    if mode is Mode.HANDS:
        for name in _MATCH_RULES:
            rules.pop(name, None)
        rules["opening_minimum_at_zero"] = table.opening_minimum(0)
    return rules


def why_the_same(base: TableRules, changed: TableRules, *, mode: Mode) -> tuple[SkipReason, str] | None:
    """Why ``changed`` plays exactly as ``base`` does in this run (the reason's kind and its sentence), or None if it may play differently."""
    players = base.players
    a, b = _rules(base), _rules(changed)
    if a == b:
        return (
            SkipReason.SAME_RULES,
            f"plays the same: no rule the engine reads at {players} players changes (a penalty, a procedure, or a rule not modelled)",
        )
    off = _off(a)
    if _off(b) == off and _without_switched_off(a, off) == _without_switched_off(b, off):
        why = [s.why for s in off if any(_part(a, n) != _part(b, n) for n in s.dependants)]
        return SkipReason.SWITCHED_OFF, f"plays the same at {players} players: {'; '.join(why)}"
    if mode is Mode.HANDS and played_rules(base, mode=mode) == played_rules(changed, mode=mode):
        return (
            SkipReason.FIRST_HAND_ONLY,
            "plays the same with --hands: every hand is the first of a match, from a score of zero, "
            "so the target and the opening minimums of other scores never apply",
        )
    return None


def _skip(d: RuleDifference, kind: SkipReason, reason: str) -> SkippedRule:
    return SkippedRule(key=d.key, a=format_value(d.a), b=format_value(d.b), reason=reason, kind=kind)


def with_rule(base_data: dict[str, Any], d: RuleDifference, *, label: str) -> Variant:
    """The profile of TOML data ``base_data`` with the key of ``d`` set to its ``b`` value; :class:`VariantError` if invalid."""
    data = tomllib.loads(tomli_w.dumps(base_data))
    _set_key(data, d.key, d.b)
    return loads_variant(tomli_w.dumps(data), label=label)


def single_rule_profiles(
    a: Variant, b: Variant, players: int, *, mode: Mode = Mode.GAMES
) -> tuple[list[tuple[RuleDifference, Variant]], list[SkippedRule]]:
    """For each rule difference of ``a`` and ``b``: ``a`` with that rule alone set to ``b``'s value, or why it is skipped.

    ``mode`` says whether the run plays whole matches or single hands from a score of zero.
    """
    base_data = tomllib.loads(dumps_variant(a))
    base_table = TableRules(a, players)
    singles: list[tuple[RuleDifference, Variant]] = []
    skipped: list[SkippedRule] = []
    for d in diff_variants(a, b):
        count = _count_of(d.key)
        if count is not None and count != players:
            skipped.append(_skip(d, SkipReason.OTHER_PLAYER_COUNT, f"a value for {count} players; this comparison plays {players}"))
            continue
        try:
            changed = with_rule(base_data, d, label=f"{a.name} with {d.key} from {b.name}")
        except VariantError as exc:
            problems = "; ".join(f"{p.path}: {p.message}" for p in exc.problems)
            skipped.append(_skip(d, SkipReason.INVALID_ALONE, f"alone it makes an invalid profile ({problems})"))
            continue
        try:
            table = TableRules(changed, players)
        except UnsupportedPlayerCount:
            skipped.append(_skip(d, SkipReason.NO_RULES_AT_COUNT, f"alone it leaves no rules for {players} players"))
            continue
        same = why_the_same(base_table, table, mode=mode)
        if same is not None:
            skipped.append(_skip(d, *same))
            continue
        singles.append((d, changed))
    return singles, skipped


def _effect(
    key: str,
    a_text: str,
    b_text: str,
    base: SimulationResult,
    other: SimulationResult,
    differences: Mapping[str, Difference],
    metrics: Sequence[str],
) -> RuleEffect:
    """One rule's (or all rules') effect: ``other``'s paired differences from ``base`` on the headline metrics, and the largest.

    A difference's size is in standard deviations of the metric, pooled over both profiles: each profile's
    :attr:`~canasta.simulation.Estimate.sd`, the sample standard deviation of its values.
    """
    diffs = []
    sizes = []
    for m in metrics:
        diff = differences[m]
        diffs.append(diff)
        sizes.append(standardized_by(diff, base.metric(m).estimate.sd, other.metric(m).estimate.sd))
    best = max(range(len(metrics)), key=lambda i: sizes[i])
    return RuleEffect(key=key, a=a_text, b=b_text, differences=tuple(diffs), size=sizes[best], driver=metrics[best])


def rule_effects(
    a: Variant,
    b: Variant,
    base: SimulationResult,
    target: SimulationResult,
    singles: Sequence[tuple[RuleDifference, SimulationResult]],
    skipped: Sequence[SkippedRule],
    differences: Sequence[Mapping[str, Difference]],
) -> RuleEffects:
    """Each single rule's effect on the headline metrics, largest standardized effect first.

    ``differences`` holds each profile's paired differences from ``base`` by metric key, in the order the run played them:
    ``base``, ``target``, then each of ``singles``.
    """
    metrics = headline(sides_of(a, base.settings.players), base.settings.mode)
    keys = tuple(m.key for m in metrics)
    labels = tuple(m.label for m in metrics)
    effects = [
        _effect(d.key, format_value(d.a), format_value(d.b), base, result, differences[2 + i], keys)
        for i, (d, result) in enumerate(singles)
    ]
    effects.sort(key=lambda e: (-e.size, e.key))
    return RuleEffects(
        base=base.profile,
        target=target.profile,
        metrics=keys,
        labels=labels,
        total=_effect("all", a.name, b.name, base, target, differences[1], keys),
        effects=tuple(effects),
        skipped=tuple(skipped),
    )
