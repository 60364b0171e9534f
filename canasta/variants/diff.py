"""The rule differences between two variant profiles, and their text, Markdown and JSON forms.

A federation comparing its rules with its neighbour's, or a club checking what
its house file really changes, wants every rule that differs, the value on each
side and the source each side cites for it, and the rules that change play
before the rest. Values are compared as TOML data (what
:func:`~canasta.variants.converter.unstructure_variant` gives), so an enum
prints as the string written in the profile and a tuple as an array.

Rules that depend on the player count are split per count
(``going_out.canastas_required.4``). A count the profile does not list is
``None`` (absent) on that side, except in a table a profile may leave short
(``deal.sitting_out``, where a count not listed means none): for a count the
profile plays, that is 0. ``players=N`` compares the rules as they stand for a
table of N players only. The metadata keys
(:data:`~canasta.variants.schema.META_KEYS`) describe a profile rather than set
a rule: :func:`diff_variants` leaves them out, and :func:`format_diff` lists
them last.

:func:`format_diff` leads with what matters: a summary in words, then the
rules that change play, in the order of :data:`canasta.variants.topics.TOPICS`
(going out, the opening, the pile, ...), then penalties and procedure, then
the metadata; each group in schema order. The rows for a player count only one
profile plays are folded into one line.
"""

from __future__ import annotations

import json
import re
import textwrap
import types
import typing
from collections.abc import Iterator, Mapping, Sequence
from enum import Enum
from typing import Any, get_args, get_origin

import attrs

from canasta.errors import ArgumentError, UnsupportedPlayerCount, shown_value, whole_number
from canasta.textfiles import FORMATS

from .citations import citation_for
from .converter import unstructure_variant
from .reference import KeyInfo, key_doc, keys
from .schema import META_KEYS, PlayerCount, Variant, key_order, key_type
from .topics import RuleGroup, group_of, key_info, rank_of, topic_of

__all__ = ["RuleDifference", "diff_variants", "format_diff"]
"""The public API. The helpers below without an underscore (value formatting, Markdown cells) are shared with
:mod:`canasta.variants.federations`."""

ABSENT = "(absent)"
"""How text and Markdown show a value a profile does not have (a rank its table does not list, a player count it does not play)."""


@attrs.frozen(kw_only=True)
class RuleDifference:
    """One rule whose value differs between two profiles, with the source each side cites."""

    key: str
    """Dotted key; a per-player-count rule is split per count, e.g. ``going_out.canastas_required.4``."""
    a: Any
    """The value in profile a as TOML data (enums as their strings, tuples as lists); None when absent."""
    b: Any
    """The value in profile b, the same way."""
    a_source: str
    """The citation of the value in a; empty when a cites none or has no value."""
    b_source: str
    """The citation of the value in b, the same way."""
    doc: str
    """What the key means (:func:`canasta.variants.reference.key_doc`)."""

    @property
    def group(self) -> RuleGroup:
        """Whether the key is a rule of play, procedure (penalties, who deals) or metadata (:class:`~canasta.variants.topics.RuleGroup`)."""
        return group_of(self.key)

    @property
    def topic(self) -> str:
        """The topic of the key's section, e.g. ``going out`` (:data:`canasta.variants.topics.TOPICS`)."""
        return topic_of(self.key).title


def is_per_players(tp: Any) -> bool:
    """Whether a field type is a mapping keyed by player count, or may be one (``reserve.sizes``: an array for every count, or a table of them)."""
    if get_origin(tp) in (types.UnionType, typing.Union):
        return any(is_per_players(arg) for arg in get_args(tp))
    return get_origin(tp) in (Mapping, dict, typing.Mapping) and get_args(tp)[:1] == (PlayerCount,)


def _by_count(value: Any, variant: Variant) -> Any:
    """A value that holds for every player count (an array of ``reserve.sizes``) as the table it means: the same value for each count the profile plays."""
    return value if isinstance(value, dict) else {str(n): value for n in variant.player_counts}


def is_keyed(tp: Any) -> bool:
    """Whether a field type is a table keyed by player count, rank or kind, compared key by key."""
    return key_type(tp) is not None


def _plain(value: Any) -> Any:
    """TOML data with enum members turned into their plain strings (StrEnum members still print as enums in repr)."""
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _lookup(data: Mapping[str, Any], path: str) -> Any:
    node: Any = data
    for part in path.split("."):
        node = node.get(part) if isinstance(node, Mapping) else None
    return node


def _rule_keys() -> list[KeyInfo]:
    """Every rule key of the schema in declaration order: the metadata keys left out."""
    return [k for k in keys() if k.path not in META_KEYS]


def rule_values(variant: Variant) -> dict[str, Any]:
    """Every rule of a profile as ``{dotted key: TOML value}``, in schema order, per-player rules kept whole."""
    data = unstructure_variant(variant)
    return {k.path: _plain(_lookup(data, k.path)) for k in _rule_keys()}


def checked_players(players: object, a: Variant, b: Variant, call: str) -> int | None:
    """``players`` as an int both profiles have rules for, or None; :class:`canasta.ArgumentError` for a value that is no whole number.

    A count one of them has no rules for raises :class:`canasta.UnsupportedPlayerCount`, naming the counts it has.
    """
    if players is None:
        return None
    number = whole_number(players)
    if number is None:
        raise ArgumentError(
            f"{call}(players=...): expected a number of players (an int) or None, got {shown_value(players)} ({type(players).__name__})"
        )
    for v in (a, b):
        if number not in v.player_counts:
            counts = ", ".join(str(n) for n in v.player_counts)
            raise UnsupportedPlayerCount(
                f"{call}(players={shown_value(number)}): profile {v.name!r} has rules for {counts} players, not {shown_value(number)}"
            )
    return number


def _at_count(key: KeyInfo, table: Mapping[str, Any], count: str, variant: Variant) -> Any:
    """A per-player-count table's value for ``count``: None where the profile does not play that count.

    A table a profile may leave short (its default is empty, as ``deal.sitting_out``'s) means 0 for a count it plays and does not list.
    """
    if count in table:
        return table[count]
    if isinstance(key.default, Mapping) and not key.default and int(count) in variant.player_counts:
        return 0
    return None


def _split(key: KeyInfo, a: Any, b: Any, va: Variant, vb: Variant, players: int | None) -> Iterator[tuple[str, Any, Any]]:
    """The (dotted key, a, b) triples of one schema key: one per table key for a rule by player count, rank or kind.

    With ``players``, a rule by player count gives only that count's triple.
    """
    if is_per_players(key.type) and isinstance(a, dict) != isinstance(b, dict):
        a, b = _by_count(a, va), _by_count(b, vb)  # a table by player count against an array for every count: compared count by count
    if is_per_players(key.type) and isinstance(a, dict) and isinstance(b, dict):
        counts = [str(players)] if players is not None else sorted(set(a) | set(b), key=int)
        for n in counts:
            yield f"{key.path}.{n}", _at_count(key, a, n, va), _at_count(key, b, n, vb)
    elif is_keyed(key.type) and isinstance(a, dict) and isinstance(b, dict):
        order = key_order(key.type)
        for k in sorted(set(a) | set(b), key=lambda k: (order.index(k) if k in order else len(order), k)):
            yield f"{key.path}.{k}", a.get(k), b.get(k)
    else:
        yield key.path, a, b


def _differs(a: Any, b: Any) -> bool:
    return not (a == b and type(a) is type(b))  # 1 == True in Python, but not in TOML


def diff_variants(a: Variant, b: Variant, *, players: int | None = None) -> list[RuleDifference]:
    """Every rule that differs between two profiles, in schema order, with both values and both citations.

    Per-player-count rules are compared count by count; with ``players=N``
    only as they stand for a table of N players, which both profiles must
    have rules for (:class:`canasta.UnsupportedPlayerCount` names the counts
    a profile has). Metadata (name, title, description, sources, schema
    version) and citations are not rules, so two profiles differing only there
    give an empty list. Anything but two :class:`Variant` objects raises
    :class:`canasta.ArgumentError` (load a name or a file with
    :func:`canasta.load_variant` first). Each difference says its
    :attr:`~RuleDifference.group` and :attr:`~RuleDifference.topic`;
    :func:`format_diff` puts the rules that change play first.
    """
    for name, value in (("a", a), ("b", b)):
        if not isinstance(value, Variant):
            raise ArgumentError(
                f"diff_variants({name}=...): expected a Variant (canasta.load_variant(name or file)), got {shown_value(value)}"
            )
    count = checked_players(players, a, b, "diff_variants")
    values_a, values_b = rule_values(a), rule_values(b)
    out: list[RuleDifference] = []
    for key in _rule_keys():
        for path, va, vb in _split(key, values_a[key.path], values_b[key.path], a, b, count):
            if not _differs(va, vb):
                continue
            out.append(
                RuleDifference(
                    key=path,
                    a=va,
                    b=vb,
                    a_source="" if va is None else citation_for(a.citations, path),
                    b_source="" if vb is None else citation_for(b.citations, path),
                    doc=key.doc,
                )
            )
    return out


def metadata_differences(a: Variant, b: Variant) -> list[RuleDifference]:
    """The metadata keys (name, title, description, sources, schema version) whose values differ, in schema order, without citations."""
    out = []
    for path in META_KEYS:
        va, vb = _plain(getattr(a, path)), _plain(getattr(b, path))
        if _differs(va, vb):
            out.append(RuleDifference(key=path, a=va, b=vb, a_source="", b_source="", doc=key_doc(path)))
    return out


# --- presentation ---------------------------------------------------------------------------------------------------------

_PARENS = re.compile(r"\s*\([^()]*\)")


def strip_parentheses(text: str) -> str:
    """Text with every parenthesised remark removed, nested ones included."""
    while True:
        stripped = _PARENS.sub("", text)
        if stripped == text:
            return stripped
        text = stripped


def summary(doc: str) -> str:
    """The first sentence of a key's doc without its parenthesised source list: a short line for tables."""
    plain = strip_parentheses(doc).replace(" ;", ";").replace(" ,", ",")
    first = re.split(r"(?<![ .]e\.g\.)(?<![ .]i\.e\.)(?<=[.!?])\s+(?=[A-Z`])", plain.strip(), maxsplit=1)[0]
    return first or doc


def format_value(value: Any) -> str:
    """A TOML value written the way a profile writes it (``true``, ``"half"``, ``[15, 50]``); ``(absent)`` for None."""
    if value is None:
        return ABSENT
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Enum):
        return format_value(value.value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a valid TOML basic string
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{k} = {format_value(v)}" for k, v in value.items()) + " }"
    return str(value)


def md_cell(text: str) -> str:
    """Text made safe for one Markdown table cell: pipes escaped, line breaks as ``<br>``, HTML brackets escaped."""
    return (
        text.replace("\\", "\\\\")
        .replace("|", "\\|")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\r\n", "<br>")
        .replace("\n", "<br>")
    )


def md_code(text: str) -> str:
    """Inline code that survives backticks inside the text."""
    fence = "`" * (max((len(m) for m in re.findall(r"`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def md_value(value: Any, source: str) -> str:
    """A table cell: the value, with its citation in small type under it."""
    cell = md_cell(format_value(value))
    return f"{cell}<br><sub>{md_cell(source)}</sub>" if source else cell


# --- the report: what matters first -----------------------------------------------------------------------------------------

SUMMARY_WIDTH = 78
"""The width the text form wraps its summary to: an 80-column terminal shows it whole."""

HEADINGS = {
    RuleGroup.PLAY: "Rules that change play",
    RuleGroup.PROCEDURE: "Penalties and procedure",
    RuleGroup.METADATA: "About the profiles",
}
"""The heading of each group of rows in the text and Markdown forms."""

DECIDING = 3
"""How many differences the summary names as the ones that decide most play."""


def _count_of(d: RuleDifference) -> int | None:
    """The player count of a per-player-count row (``deal.decks.4`` gives 4); None for any other row."""
    info = key_info(d.key)
    if info is None or info.path == d.key or not is_per_players(info.type):
        return None
    return int(d.key.rpartition(".")[2])


def _counts_text(counts: Sequence[int]) -> str:
    return ", ".join(str(n) for n in counts)


@attrs.frozen(kw_only=True)
class _Report:
    """What every form of the diff shows: both profiles, the rows in the order that matters, the folded rows and the summary."""

    a: Variant
    b: Variant
    players: int | None
    rows: tuple[RuleDifference, ...]
    """The rows shown: rules that change play (by topic), penalties and procedure, metadata; each group in schema order."""
    not_compared: tuple[RuleDifference, ...]
    """The rows of a player count only one profile plays, folded into one line."""

    @property
    def rules(self) -> list[RuleDifference]:
        return [d for d in self.rows if d.group is not RuleGroup.METADATA]

    @property
    def compared_counts(self) -> list[int]:
        if self.players is not None:
            return [self.players]
        return [n for n in self.a.player_counts if n in self.b.player_counts]

    @property
    def scope(self) -> str:
        """The player counts the rules are compared for, as the end of a sentence: `` with 4 players``, or nothing where that is all of them."""
        if self.players is not None:
            return f" with {self.players} players"
        common = self.compared_counts
        if common and self.a.player_counts != self.b.player_counts:
            return f" for {_counts_text(common)} players, where both have rules"
        return ""

    def counts_line(self) -> str:
        """Each profile's player counts and what is not compared: one line, or empty when both play the same counts and no count was chosen."""
        a, b = self.a, self.b
        plays = f"{a.name} plays {_counts_text(a.player_counts)}; {b.name} plays {_counts_text(b.player_counts)}"
        if self.players is not None:
            return f"players: {self.players}" + (f" ({plays})" if a.player_counts != b.player_counts else "")
        if a.player_counts == b.player_counts:
            return ""
        left_out = []
        for v, other in ((a, b), (b, a)):
            only = [n for n in v.player_counts if n not in other.player_counts]
            if only:
                left_out.append(f"the {_counts_text(only)}-player rules of {v.name}")
        return f"player counts: {plays} ({' and '.join(left_out)} are not compared)"

    def count_line(self) -> str:
        n = len(self.rules)
        if n == 0:
            return f"No differences: {self.a.name} and {self.b.name} set every rule the same{self.scope}."
        return f"{n} rule{'s differ' if n != 1 else ' differs'} between {self.a.name} and {self.b.name}{self.scope}."

    def deciding(self) -> list[list[RuleDifference]]:
        """The differences that decide most play, :data:`DECIDING` of them: the first of each topic in topic order, then the next ones.

        The rows of one rule that differs alike for several player counts count as one (``going_out.canastas_required`` 1 or 2 with 2, 4 and 6 players).
        """
        items: list[list[RuleDifference]] = []
        for d in (d for d in self.rows if d.group is RuleGroup.PLAY):
            last = items[-1][-1] if items else None
            if last is not None and _count_of(d) is not None and _base(last) == _base(d) and (last.a, last.b) == (d.a, d.b):
                items[-1].append(d)
            else:
                items.append([d])
        firsts = [item for i, item in enumerate(items) if i == 0 or items[i - 1][0].topic != item[0].topic]
        chosen = firsts[:DECIDING]
        chosen += [item for item in items if item not in chosen][: DECIDING - len(chosen)]
        return sorted(chosen, key=items.index)

    def summary(self) -> str:
        """The paragraph the report opens with: how many rules differ, in which topics, and the few that decide most play."""
        rules = self.rules
        if not rules:
            return self.count_line()
        play = [d for d in rules if d.group is RuleGroup.PLAY]
        procedure = len(rules) - len(play)
        topics: dict[str, int] = {}
        for d in play:
            topics[d.topic] = topics.get(d.topic, 0) + 1
        parts = []
        if play:
            parts.append(f"{len(play)} change{'s' if len(play) == 1 else ''} play ({', '.join(f'{t} {n}' for t, n in topics.items())})")
        if procedure:
            parts.append(f"{procedure} {'is a penalty or procedure' if procedure == 1 else 'are penalties and procedure'}")
        text = self.count_line().removesuffix(".") + ": " + " and ".join(parts) + "."
        deciding = self.deciding()
        if deciding:
            what = "What decides most play" if len(deciding) > 1 else "What changes play"
            text += f" {what}: " + "; ".join(self._in_words(item) for item in deciding) + "."
        return text

    def _in_words(self, rows: Sequence[RuleDifference]) -> str:
        """One difference in a sentence: what the key means and each profile's value, ``... with 4 players (finnish 1, swedish-club 2)``.

        ``rows`` are the rows of one rule for one or more player counts, with the same values.
        """
        d = rows[0]
        info = key_info(d.key)
        phrase = summary(d.doc).split(";")[0].strip().removesuffix(".")
        first = phrase.split(" ", 1)[0]
        if first.isalpha() and first[1:].lower() == first[1:]:  # "Canastas", "A": not "K, Q, J" nor a name in capitals
            phrase = phrase[0].lower() + phrase[1:]
        counts = [n for n in (_count_of(r) for r in rows) if n is not None]
        if counts:
            listed = str(counts[0]) if len(counts) == 1 else f"{', '.join(map(str, counts[:-1]))} and {counts[-1]}"
            comma = "," if phrase.endswith(", per player count") else ""
            phrase = re.sub(r",? per player count$", "", phrase) + f"{comma} with {listed} players"
        elif info is not None and info.path != d.key:
            phrase += f" ({d.key[len(info.path) + 1 :]})"
        return f"{phrase} ({self.a.name} {_word(d.a)}, {self.b.name} {_word(d.b)})"


def _base(d: RuleDifference) -> str:
    """The schema key of a row: ``going_out.canastas_required`` for ``going_out.canastas_required.4``."""
    info = key_info(d.key)
    return info.path if info is not None else d.key


def _word(value: Any) -> str:
    """A value in a sentence: ``yes``/``no`` for a boolean, a choice with spaces (``forced if fits meld``), ``none`` where absent."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str) and value:
        return value.replace("_", " ")
    return format_value(value)


def _report(diffs: Sequence[RuleDifference], a: Variant, b: Variant, players: int | None) -> _Report:
    """The rows in the order that matters, the rows of a player count only one profile plays apart; with ``players``, only that count's."""
    rows: list[RuleDifference] = []
    folded: list[RuleDifference] = []
    for d in diffs:
        count = _count_of(d)
        if count is not None and players is not None and count != players:
            continue
        if count is not None and not (count in a.player_counts and count in b.player_counts):
            folded.append(d)
        else:
            rows.append(d)
    rows += metadata_differences(a, b)
    return _Report(a=a, b=b, players=players, rows=tuple(sorted(rows, key=lambda d: rank_of(d.key))), not_compared=tuple(folded))


def _groups(rows: Sequence[RuleDifference]) -> list[tuple[RuleGroup, list[RuleDifference]]]:
    return [(g, members) for g in RuleGroup if (members := [d for d in rows if d.group is g])]


def _cited(value: Any, source: str) -> str:
    return f"{format_value(value)}  [{source}]" if source else format_value(value)


def _text(r: _Report) -> str:
    lines = [f"a: {r.a.name}  ({r.a.title})", f"b: {r.b.name}  ({r.b.title})"]
    if counts := r.counts_line():
        lines.append(counts)
    lines += ["", *textwrap.wrap(r.summary(), SUMMARY_WIDTH, break_on_hyphens=False, break_long_words=False), ""]
    for group, members in _groups(r.rows):
        lines += [f"== {HEADINGS[group]} ({len(members)}) ==", ""]
        for d in members:
            lines += [d.key]
            if d.doc:
                lines += [f"    {summary(d.doc)}"]
            lines += [f"    a: {_cited(d.a, d.a_source)}", f"    b: {_cited(d.b, d.b_source)}", ""]
    lines.append(r.count_line())
    return "\n".join(lines) + "\n"


def _markdown(r: _Report) -> str:
    a, b = r.a, r.b
    lines = [
        f"## Rule differences: {md_code(a.name)} vs {md_code(b.name)}",
        "",
        f"- a: {md_code(a.name)}: {md_cell(a.title)}",
        f"- b: {md_code(b.name)}: {md_cell(b.title)}",
    ]
    if counts := r.counts_line():
        lines.append(f"- {md_cell(counts)}")
    lines += ["", md_cell(r.summary()), ""]
    for group, members in _groups(r.rows):
        lines += [f"### {HEADINGS[group]} ({len(members)})", ""]
        lines += [f"| rule | a: {md_cell(a.name)} | b: {md_cell(b.name)} |", "|---|---|---|"]
        for d in members:
            rule = md_code(d.key).replace("|", "\\|")
            if d.doc:
                rule += f"<br><sub>{md_cell(summary(d.doc))}</sub>"
            lines.append(f"| {rule} | {md_value(d.a, d.a_source)} | {md_value(d.b, d.b_source)} |")
        lines.append("")
    lines.append(r.count_line())
    return "\n".join(lines) + "\n"


def _row(d: RuleDifference) -> dict[str, Any]:
    return {
        "key": d.key,
        "group": d.group.value,
        "topic": d.topic,
        "a": _plain(d.a),
        "b": _plain(d.b),
        "a_source": d.a_source,
        "b_source": d.b_source,
        "doc": d.doc,
    }


def _json(r: _Report) -> str:
    payload = {
        "a": r.a.name,
        "b": r.b.name,
        "players": r.players,
        "player_counts": {"a": list(r.a.player_counts), "b": list(r.b.player_counts), "compared": r.compared_counts},
        "summary": r.summary(),
        "differences": [_row(d) for d in r.rows],
        "not_compared": [_row(d) for d in r.not_compared],
    }
    return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"


def format_diff(diffs: Sequence[RuleDifference], a: Variant, b: Variant, fmt: str = "text", *, players: int | None = None) -> str:
    """The differences between ``a`` and ``b`` as ``text``, ``markdown`` or ``json``; ValueError for another format.

    Every form opens with a summary in words (how many rules differ, in
    which topics, and the few that decide most play), then lists the rules
    that change play, in the order of :data:`canasta.variants.topics.TOPICS`,
    then penalties and procedure, then the metadata that differs (name,
    title, description, sources), each group in schema order. The rows of a
    player count only one profile plays are folded into one line naming each
    profile's counts. ``players=N`` (as given to :func:`diff_variants`) shows
    the rules as they stand for N players only.

    Text is for a terminal: a header naming both profiles, the summary, one
    block per rule (key, what it means, each value with its citation) under
    its group's heading, and a count line. Markdown is a table per group, for
    a web page or an issue. JSON is for programs: ``{"a", "b", "players",
    "player_counts", "summary", "differences": [...], "not_compared": [...]}``,
    every row with its ``group`` and ``topic``. Every form ends with a newline.
    """
    if fmt not in FORMATS:
        raise ArgumentError(f"unknown diff format {shown_value(fmt)}; use one of {', '.join(FORMATS)}")
    report = _report(diffs, a, b, checked_players(players, a, b, "format_diff"))
    if fmt == "text":
        return _text(report)
    if fmt == "markdown":
        return _markdown(report)
    return _json(report)
