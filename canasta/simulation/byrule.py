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
  profile plays exactly as A does.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from typing import Any

import tomli_w

from canasta.core.table import RULE_FIELDS, TableRules, UnsupportedPlayerCount
from canasta.variants import Variant, VariantError, dumps_variant, loads_variant
from canasta.variants.diff import RuleDifference, diff_variants, format_value
from canasta.variants.schema import PLAYER_COUNTS

from .metrics import HEADLINE, catalog
from .results import RuleEffect, RuleEffects, SimulationResult, SkippedRule
from .stats import paired_difference, standardized
from .summary import sides_of

_IGNORED_SLOTS = frozenset({"variant", "meld_cache"})
"""TableRules attributes that are not rules: the profile itself and a cache shared by equal meld rules."""


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


def _same_table(a: TableRules, b: TableRules) -> bool:
    return all(getattr(a, slot) == getattr(b, slot) for slot in RULE_FIELDS if slot not in _IGNORED_SLOTS)


def _skip(d: RuleDifference, reason: str) -> SkippedRule:
    return SkippedRule(key=d.key, a=format_value(d.a), b=format_value(d.b), reason=reason)


def single_rule_profiles(a: Variant, b: Variant, players: int) -> tuple[list[tuple[RuleDifference, Variant]], list[SkippedRule]]:
    """For each rule difference of ``a`` and ``b``: ``a`` with that rule alone set to ``b``'s value, or why it is skipped."""
    base_data = tomllib.loads(dumps_variant(a))
    base_table = TableRules(a, players)
    singles: list[tuple[RuleDifference, Variant]] = []
    skipped: list[SkippedRule] = []
    for d in diff_variants(a, b):
        count = _count_of(d.key)
        if count is not None and count != players:
            skipped.append(_skip(d, f"a value for {count} players; this comparison plays {players}"))
            continue
        data = tomllib.loads(tomli_w.dumps(base_data))
        _set_key(data, d.key, d.b)
        try:
            changed = loads_variant(tomli_w.dumps(data), label=f"{a.name} with {d.key} from {b.name}")
        except VariantError as exc:
            problems = "; ".join(f"{p.path}: {p.message}" for p in exc.problems)
            skipped.append(_skip(d, f"alone it makes an invalid profile ({problems})"))
            continue
        try:
            table = TableRules(changed, players)
        except UnsupportedPlayerCount:
            skipped.append(_skip(d, f"alone it leaves no rules for {players} players"))
            continue
        if _same_table(base_table, table):
            skipped.append(
                _skip(
                    d,
                    f"plays the same: no rule the engine reads at {players} players changes (a penalty, a procedure, or a rule not modelled)",
                )
            )
            continue
        singles.append((d, changed))
    return singles, skipped


def headline(sides: int, games: bool) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The headline metric keys and labels for ``--by-rule``."""
    keys = HEADLINE + (("match.hands",) if games else ())
    labels = {m.key: m.label for m in catalog(sides, games)}
    return keys, tuple(labels[k] for k in keys)


def _effect(key: str, a_text: str, b_text: str, base: SimulationResult, other: SimulationResult, metrics: Sequence[str]) -> RuleEffect:
    assert base.samples is not None and other.samples is not None
    diffs = []
    sizes = []
    for m in metrics:
        xa, xb = base.samples.values[m], other.samples.values[m]
        diff = paired_difference(xa, xb)
        diffs.append(diff)
        sizes.append(standardized(diff, xa, xb))
    best = max(range(len(metrics)), key=lambda i: sizes[i])
    return RuleEffect(key=key, a=a_text, b=b_text, differences=tuple(diffs), size=sizes[best], driver=metrics[best])


def rule_effects(
    a: Variant,
    b: Variant,
    base: SimulationResult,
    target: SimulationResult,
    singles: Sequence[tuple[RuleDifference, SimulationResult]],
    skipped: Sequence[SkippedRule],
) -> RuleEffects:
    """Each single rule's effect on the headline metrics, largest standardized effect first."""
    keys, labels = headline(sides_of(a, base.settings.players), base.settings.mode == "games")
    effects = [_effect(d.key, format_value(d.a), format_value(d.b), base, result, keys) for d, result in singles]
    effects.sort(key=lambda e: (-e.size, e.key))
    return RuleEffects(
        base=base.profile,
        target=target.profile,
        metrics=keys,
        labels=labels,
        total=_effect("all", a.name, b.name, base, target, keys),
        effects=tuple(effects),
        skipped=tuple(skipped),
    )
