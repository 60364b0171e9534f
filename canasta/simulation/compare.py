"""``canasta.compare``: several profiles on the same seeds, each metric side by side, differences paired by seed.

Common random numbers: unit ``i`` of every profile is the match
``Game(profile, players, seed=derive_seed(seed, i))`` with bots seeded from
the same unit seed, and the engine shuffles hand ``h`` of a match with seed
``s`` by ``random.Random(f"{s}:{h}")``. Profiles with the same deck (packs and
jokers) and hand size therefore get the same deals, card for card, and a
difference between them comes from the rules, not the luck of the deal. When
the decks differ (six jokers instead of four, three packs), the same seed
shuffles a different deck: the pairing by seed still holds, and the paired
interval is still valid, but it is no narrower than unpaired ones would be.
:attr:`ComparisonResult.same_deal` says which profiles share the first one's deals.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from pathlib import Path

import attrs

from canasta.core.table import TableRules
from canasta.errors import SimulationError, is_instance, shown_value
from canasta.textfiles import path_label
from canasta.variants import Variant
from canasta.variants.diff import format_value

from .byrule import rule_effects, single_rule_profiles
from .experiment import entrant, load_profile, run_entrants, settings_for, timing
from .options import BotChoice, ProfileRef, Progress, RunOptions, bot_list, check_progress, check_samples, run_options
from .results import ComparisonResult, ComparisonRow, SimulationResult, Timing
from .stats import Difference


def _labels(variants: Sequence[Variant], refs: Sequence[ProfileRef]) -> list[str]:
    """Each profile's name, or what the caller named it by where two names clash."""
    names = [v.name for v in variants]
    labels = [
        name if names.count(name) == 1 else path_label(ref) if not isinstance(ref, Variant) else name
        for name, ref in zip(names, refs, strict=True)
    ]
    return [label if labels.count(label) == 1 else f"{label} #{i + 1}" for i, label in enumerate(labels)]


def _same_deal(a: Variant, b: Variant, players: int) -> bool:
    ra, rb = TableRules(a, players), TableRules(b, players)
    return (ra.decks, ra.jokers, ra.hand_size) == (rb.decks, rb.jokers, rb.hand_size)


def comparison_rows(results: Sequence[SimulationResult], differences: Sequence[Mapping[str, Difference]]) -> tuple[ComparisonRow, ...]:
    """Every metric of any profile, in report order, with each profile's estimate and its paired difference from the first.

    ``differences`` holds, per profile (the first's is not read), its paired difference from the first by metric key
    (:meth:`canasta.simulation.pairing.Pairing.differences`); a metric one of the two lacks has none.
    """
    seen: dict[str, ComparisonRow] = {}
    for r in results:
        for m in r.metrics:
            if m.key in seen:
                continue
            estimates = []
            found_differences: list[Difference | None] = []
            for j, other in enumerate(results):
                found = next((x for x in other.metrics if x.key == m.key), None)
                estimates.append(found.estimate if found is not None else None)
                if j > 0:
                    found_differences.append(differences[j].get(m.key) if found is not None else None)
            seen[m.key] = ComparisonRow(
                key=m.key, label=m.label, group=m.group, unit=m.unit, estimates=tuple(estimates), differences=tuple(found_differences)
            )
    return tuple(seen.values())


def compare(
    variants: Sequence[ProfileRef],
    *,
    options: RunOptions | None = None,
    by_rule: bool = False,
    players: int | None = None,
    hands: int | None = None,
    games: int | None = None,
    bots: BotChoice | None = None,
    seed: int | None = None,
    hand_cap: int | None = None,
    workers: int | None = None,
    executor: Executor | None = None,
    scheduler: str | None = None,
    chunk_size: int | None = None,
    progress: Progress | None = None,
    samples: bool | None = None,
) -> ComparisonResult:
    """Play every profile on the same seeds and compare each metric with the first profile's, paired by seed.

    Everything after the profiles is a keyword: ``options`` and the keywords
    that replace its fields are those of :func:`canasta.simulate`, so
    ``bots=[GreedyBot, "heuristic"]`` seats a user's bot factory on one side
    and the heuristic bot on the other. ``by_rule`` (two profiles only) also
    plays the first profile with each single rule difference set to the
    second's value, and reports each one's effect on the headline metrics,
    largest first. ``print(result)`` shows the report ``canasta compare``
    prints.
    """
    if is_instance(variants, (str, Path, Variant)) or not is_instance(variants, Sequence):
        raise SimulationError(f"compare needs a list of profiles, like ['finnish', 'dutch']; got {type(variants).__name__}")
    try:
        variants = list(variants)
    except Exception:  # a sequence that cannot be read through
        raise SimulationError(f"compare needs a list of profiles, like ['finnish', 'dutch']; got {shown_value(variants)}") from None
    if len(variants) < 2:
        raise SimulationError(f"compare needs at least two profiles, got {len(variants)}")
    if not issubclass(type(by_rule), bool):
        raise SimulationError(f"by_rule: expected True or False, got {shown_value(by_rule)}")
    if by_rule and len(variants) != 2:
        raise SimulationError(f"--by-rule compares exactly two profiles, got {len(variants)}")
    opts = run_options(
        options,
        players=players,
        hands=hands,
        games=games,
        bots=bots,
        seed=seed,
        hand_cap=hand_cap,
        workers=workers,
        executor=executor,
        scheduler=scheduler,
        chunk_size=chunk_size,
        progress=progress,
        samples=samples,
    )
    check_progress(opts.progress)
    check_samples(opts.samples)
    loaded = [load_profile(ref) for ref in variants]
    seats = bot_list(opts.bots)
    settings = settings_for(opts)
    players = settings.players
    entrants = [entrant(v, label, players, seats) for v, label in zip(loaded, _labels(loaded, variants), strict=True)]
    settings = attrs.evolve(settings, bots=entrants[0].bot_labels)
    singles = skipped = None
    if by_rule:
        singles, skipped = single_rule_profiles(loaded[0], loaded[1], players, mode=settings.mode)
        entrants += [entrant(v, f"{entrants[0].label} with {d.key} = {format_value(d.b)}", players, seats) for d, v in singles]
    played, pool, wall = run_entrants(entrants, settings, opts, pair=True)
    assert played.pairing is not None
    differences = played.pairing.differences()
    results = [s.result(e.label, timing(s, played.chunks, wall, pool)) for e, s in zip(entrants, played.summaries, strict=True)]
    shown = results[: len(loaded)]
    effects = None
    if singles is not None and skipped is not None:
        effects = rule_effects(
            loaded[0],
            loaded[1],
            results[0],
            results[1],
            list(zip((d for d, _ in singles), results[2:], strict=True)),
            skipped,
            differences,
        )
    hands_played = sum(t.timing.hands for t in results)
    worker_seconds = sum(s.worker_seconds for s in played.summaries)
    return ComparisonResult(
        settings=shown[0].settings,
        profiles=tuple(r.profile for r in shown),
        titles=tuple(v.title for v in loaded),
        same_deal=tuple(_same_deal(loaded[0], v, players) for v in loaded),
        rows=comparison_rows(shown, differences),
        results=tuple(shown),
        by_rule=effects,
        timing=Timing(
            wall_seconds=wall,
            worker_seconds=worker_seconds,
            hands=hands_played,
            hands_per_second=hands_played / wall if wall > 0 else 0.0,
            hands_per_core_second=hands_played / worker_seconds if worker_seconds > 0 else 0.0,
            decisions_per_core_second=sum(r.decisions for r in results) / worker_seconds if worker_seconds > 0 else 0.0,
            workers=pool.workers,
            chunks=played.chunks,
            executor=pool.name,
        ),
    )
