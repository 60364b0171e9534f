"""Loading profiles: bundled names, files, ``extends`` chains and schema versions.

A house-rule file names its parent with ``extends = "<bundled name or relative
path>"`` and then gives only the keys that differ. Tables merge key by key, so
``[deal] hand_size = { 4 = 13 }`` changes the 4-player hand and keeps the
others; arrays replace the parent's array whole. Chains are followed up to
:data:`MAX_DEPTH` files; a cycle is an error.

A file without ``extends`` is a complete profile and must give every rule key
itself: the schema's defaults never stand in silently for a forgotten
``extends`` (the bundled profiles are complete files). A house file that does
not set its own ``title`` or ``description`` gets ones that say it derives
("Regency Club (Rasche-Software), with 2 changes"), never its parent's; nor
does it take its parent's ``name``: a file is named after itself
(``club.toml`` is ``club``), text after its parent as a house profile
(``regency (house)``).
Every file is read through :func:`canasta.textfiles.read_text`: regular files
only, a size limit, a UTF-8 byte-order mark allowed.
"""

from __future__ import annotations

import difflib
import functools
import os
import weakref
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, cast

import attrs

from canasta.errors import ArgumentError, Problem, VariantError, is_instance, shown_text, shown_value

from .citations import citation_for, read_citations
from .converter import describe, structure_variant, unstructure_variant
from .dumping import dumps_variant
from .profile_files import MAX_PROFILE_BYTES, bundled_path, locate_profile, parse_profile, read_profile_file, variant_names
from .reference import keys
from .schema import META_KEYS, SCHEMA_VERSION, Variant
from .shown import shown_toml, toml_string
from .upgrade import RENAMED, dropped_problems, file_version, upgrade
from .validation import check_variant, value_ranges

MAX_DEPTH = 8
"""The longest ``extends`` chain, counting the file itself."""

MAX_PROBLEMS = 200
"""The most problems a :class:`VariantError` lists one by one; the rest are counted in a last line."""




def _merge(parent: Mapping[str, Any], child: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(parent)
    for key, value in child.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _version_problems(data: Mapping[str, Any], label: str) -> list[Problem]:
    """The problems of a file's schema version: not a version this library reads, or a key its version replaced.

    A file of an older version is upgraded (:func:`canasta.variants.upgrade.upgrade`);
    one that says it is of a newer version but gives a key that version replaced
    gets a message naming the new key.
    """
    version = file_version(data)
    if type(version) is not int:
        return [Problem(path="schema_version", source=label, message=f"expected an integer, got {describe(version)}")]
    if version > SCHEMA_VERSION:
        return [
            Problem(
                path="schema_version",
                source=label,
                message=f"this file is written for schema version {version}, but this canasta reads versions up to {SCHEMA_VERSION}; upgrade canasta",
            )
        ]
    if version < 1:
        return [Problem(path="schema_version", source=label, message=f"{version} is not a schema version; the first is 1")]
    out = [Problem(path=key, source=label, message=message) for key, message in dropped_problems(data, version)]
    for since in range(2, version + 1):
        for old, new in RENAMED.get(since, {}).items():
            if _lookup(data, old) is not None:
                message = (
                    f"replaced by {' and '.join(repr(k) for k in new)} in schema version {since}, which this file is written for; "
                    f"use the new key, or write schema_version = {since - 1} to keep the old one"
                )
                out.append(Problem(path=old, source=label, message=message))
    return out


def _canonical(path: Path) -> str:
    """The identity of a file in an extends chain."""
    try:
        return str(path.resolve())
    except (OSError, ValueError, RuntimeError):  # RuntimeError: a symlink loop on older Pythons
        return os.path.abspath(path)


@attrs.frozen(kw_only=True)
class _Origin:
    """The nearest profile in a chain that names itself: the one a derived title and description refer to."""

    name: str
    title: str
    data: Mapping[str, Any]
    changed: tuple[str, ...] = ()
    """The dotted keys the files after the origin set, in file order."""


@attrs.frozen(kw_only=True)
class _Resolved:
    """A profile's merged data and citations, the problems found while resolving it, and its origin."""

    data: dict[str, Any]
    citations: dict[str, str]
    origin: _Origin
    problems: tuple[Problem, ...] = ()
    order: tuple[str, ...] = ()
    """The dotted keys of the first file of the chain, in the order the file gives them: problems are listed in it."""


def _resolve(ref: str, base: Path | None, chain: tuple[str, ...], via: str | None = None) -> _Resolved:
    """The merged data and citations of a profile and its ancestors.

    ``chain`` holds the files already on the way here; ``via`` is the label of
    the file whose ``extends`` names ``ref``, so that a bad reference is
    reported at that file's ``extends`` key.
    """
    try:
        path, label = locate_profile(ref, base)
        key = _canonical(path)
        if key in chain:
            loop = " -> ".join([*(Path(c).name for c in chain[chain.index(key) :]), path.name])
            raise VariantError([Problem(path="", source=label, message=f"forms a cycle: {loop}")])
        if len(chain) >= MAX_DEPTH:
            raise VariantError([Problem(path="", source=label, message=f"the chain is longer than {MAX_DEPTH} files")])
        text = read_profile_file(path, label)
    except VariantError as exc:
        if via is None:
            raise
        raise VariantError([attrs.evolve(p, path="extends", source=via) for p in exc.problems]) from None
    return _resolve_data(parse_profile(text, label), text, label=label, base=path.parent, chain=(*chain, key), stem=path.stem)


@functools.cache
def rule_keys() -> tuple[str, ...]:
    """The dotted rule keys a complete profile (a file without ``extends``) must give.

    The meta keys (name, title, description, sources, schema_version) are left
    out, and so are the per-player-count maps that are empty by default, like
    ``deal.sitting_out``: a count they do not list means none, so leaving one
    out is a statement, not a gap.
    """
    return tuple(k.path for k in keys() if k.path not in META_KEYS and not (isinstance(k.default, Mapping) and not k.default))


def _missing_summary(missing: Sequence[str]) -> str:
    """The missing rule keys, exactly: a whole group as ``penalties (all 9 keys)``, other keys one by one."""
    groups: dict[str, list[str]] = {}
    for key in rule_keys():
        groups.setdefault(key.rpartition(".")[0], []).append(key)
    parts: list[str] = []
    for group, members in groups.items():
        gone = [k for k in members if k in missing]
        if len(members) > 1 and len(gone) == len(members):
            parts.append(f"{group} (all {len(members)} keys)")
        else:
            parts += gone
    return ", ".join(parts)


EXTENDS_NAMES = ("extends", "extend", "inherits", "inherit", "parent", "base", "based_on", "include", "import")
"""``extends``, and the words other tools use for it: a top-level key close to one of these, in a file without ``extends``, is taken for it."""

EXTENDS_TYPO = "unknown key; did you mean 'extends'? Without extends, this file is read as a complete profile"


def _extends_typos(data: Mapping[str, Any]) -> list[str]:
    """The top-level keys of a file without ``extends`` that are probably ``extends`` mistyped (``extend``, ``Extends``, ``parent``)."""
    if "extends" in data:
        return []
    known = {*META_KEYS, *(f.name for f in attrs.fields(Variant))}
    return [
        key
        for key in data
        if key not in known and len(key) <= 40 and difflib.get_close_matches(key.strip().lower(), EXTENDS_NAMES, n=1, cutoff=0.75)
    ]


def _missing_extends(data: Mapping[str, Any], label: str, supplied: Sequence[str] = (), *, typo: str | None = None) -> Problem | None:
    """The problem of a file without ``extends`` that does not give every rule key, or None if it is complete.

    ``supplied`` are the keys the upgrade gave the file at the values files of
    its version played without them (:data:`canasta.variants.upgrade.ADDED`):
    a file that gives every other rule key is complete, as it was when written;
    a file that lacks others is no such file, and is told all it lacks. Where
    the file gives a ``typo`` of ``extends``, that comes first and this problem
    only counts the keys: they are not the file's mistake.
    """
    if all(_lookup(data, k) is not None for k in rule_keys()):
        return None
    missing = [k for k in rule_keys() if _lookup(data, k) is None or k in supplied]
    total = len(rule_keys())
    if typo is not None:
        given = total - len(missing)
        message = f"missing ({toml_string(typo)} above?); a file without it must give all {total} rule keys, and this one gives {given or 'none'}"
        return Problem(path="extends", source=label, message=message)
    lacks = (
        f"this file gives none of its {total} rule keys"
        if len(missing) == total
        else f"this file lacks {len(missing)} of its {total} rule keys: {_missing_summary(missing)}"
    )
    return Problem(
        path="extends",
        source=label,
        message=(
            'missing; name the profile this file changes, like extends = "regency" '
            f"(bundled: {', '.join(variant_names())}). Only a complete profile may leave it out, and {lacks}"
        ),
    )


def house_name(parent: str) -> str:
    """The name of a house profile read from text that names none: its parent's, marked as a house profile's.

    A file is named after itself (``club.toml`` is ``club``); text has no file
    name, and taking the parent's would let a house profile pass for the
    parent (a profile named ``finnish`` that is not Finnish Canasta).
    """
    return f"{parent} (house)"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


MAX_LISTED_CHANGES = 8
"""The most changed keys a derived description names one by one."""


def _derived(origin: _Origin, merged: Mapping[str, Any]) -> tuple[str, str]:
    """The title and description of a profile that does not set its own: its origin and the keys it changes.

    A key counts as a change when its value differs from the origin's, so a
    house file that repeats a parent's value changes nothing.
    """
    changed = [k for k in dict.fromkeys(origin.changed) if _lookup(merged, k) != _lookup(origin.data, k)]
    if not changed:
        return f"{origin.title}, with no changes", f"{origin.name}, with no changes"
    count = _plural(len(changed), "change")
    listed = ", ".join(changed[:MAX_LISTED_CHANGES])
    if len(changed) > MAX_LISTED_CHANGES:
        listed += f" and {len(changed) - MAX_LISTED_CHANGES} more"
    return f"{origin.title}, with {count}", f"{origin.name}, with {count}: {listed}"


def _resolve_data(data: dict[str, Any], text: str, *, label: str, base: Path | None, chain: tuple[str, ...], stem: str | None) -> _Resolved:
    """Resolve one file's data (its ``extends`` chain included) and read its citations.

    A file without ``extends`` is a complete profile: it must give every rule
    key, and its title defaults to its name. A house file is merged over its
    parent; each value it sets is cited by its comment, or as a house rule.
    ``stem`` (the file name, if any) is the default name.
    """
    problems = _version_problems(data, label)
    if problems:
        raise VariantError(problems)
    if "citations" in data:
        raise VariantError(
            [Problem(path="citations", source=label, message="unknown key; citations are written as TOML comments after each value")]
        )
    citations = read_citations(text)
    supplied = upgrade(data, citations, file_version(data), complete="extends" not in data)
    order = tuple(_leaf_paths(data))
    citations.pop("extends", None)  # not a rule: the resolved profile has no extends key
    parent_ref = data.pop("extends", None)
    if parent_ref is None:
        if stem is not None:
            data.setdefault("name", stem)
        name = data.get("name", Variant().name)
        if isinstance(name, str):
            data.setdefault("title", name)
        data["schema_version"] = SCHEMA_VERSION
        title = data.get("title")
        origin = _Origin(name=str(name), title=title if isinstance(title, str) else str(name), data=data)
        typos = _extends_typos(data)
        missing = _missing_extends(data, label, supplied, typo=typos[0] if typos else None)
        found = [Problem(path=typo, source=label, message=EXTENDS_TYPO) for typo in typos]
        return _Resolved(data=data, citations=citations, origin=origin, problems=(*found, *([missing] if missing else [])), order=order)
    try:
        if type(parent_ref) is not str:
            message = f"expected the name of a bundled profile or a relative path, got {describe(parent_ref)}"
            raise VariantError([Problem(path="extends", source=label, message=message)])
        parent = _resolve(parent_ref, base, chain, via=label)
    except VariantError as exc:
        # The parent cannot be had, but the file's own keys can still be checked: every problem at once.
        raise VariantError(_capped(_in_file_order([*exc.problems, *_own_problems(data, label)], order), label)) from None
    parent_citations = dict(parent.citations)
    merged = _merge(parent.data, data)
    # Each value the house file sets takes the comment on its own line, or on the line or table
    # header that encloses it (`jokers = { 4 = 6 }  # club decision` cites deal.jokers.4), else
    # "house rule". A comment on a table the house file sets becomes that table's citation; the
    # values the table still inherits then keep the parent's citation, written out key by key.
    house = f"house rule ({Path(label).name})" if stem is not None else "house rule"
    own = {dotted: citation_for(citations, dotted) or house for dotted in _leaf_paths(data)}
    for dotted, comment in citations.items():
        table = _lookup(merged, dotted) if isinstance(_lookup(data, dotted), dict) else None
        if not isinstance(table, dict):
            continue
        for leaf in _leaf_paths(table, f"{dotted}."):
            inherited = citation_for(parent_citations, leaf)
            if leaf not in own and inherited:
                own[leaf] = inherited
        own[dotted] = comment
    if "name" not in data:
        merged["name"] = stem if stem is not None else house_name(str(parent.data.get("name", "")))
        parent_citations.pop("name", None)  # the parent's note on its own name
    set_here = [k for k in _leaf_paths(data) if k.partition(".")[0] not in META_KEYS]
    origin = attrs.evolve(parent.origin, changed=(*parent.origin.changed, *set_here))
    title, description = _derived(origin, merged)
    if "title" not in data:
        merged["title"] = title
        parent_citations.pop("title", None)
    if "description" not in data:
        merged["description"] = description
        parent_citations.pop("description", None)
    if "title" in data:
        own_title = merged["title"]
        name = merged.get("name")
        origin = _Origin(name=str(name), title=own_title if isinstance(own_title, str) else str(name), data=merged)
    merged["schema_version"] = SCHEMA_VERSION
    return _Resolved(data=merged, citations={**parent_citations, **own}, origin=origin, problems=parent.problems, order=order)


def _own_problems(data: Mapping[str, Any], label: str) -> list[Problem]:
    """The problems a house file's own keys have whatever its parent: unknown keys, types, enum values and ranges.

    The file is laid over the schema's defaults in place of its parent, and
    only the problems at keys the file itself gives are kept: a check that
    relates its values to the parent's waits until the parent can be read.
    """
    own = {k: v for k, v in data.items() if k not in META_KEYS}
    result, problems = _structure(_merge(unstructure_variant(Variant()), own))
    if not isinstance(result, list):
        problems += value_ranges(result)
    given = _key_index(_leaf_paths(own))
    return [attrs.evolve(p, source=label) for p in problems if _place(p.path, given) is not None]


def _key_index(order: Sequence[str]) -> dict[str, int]:
    """Each key and every table or array it lies in, mapped to the place of its first leaf in ``order``."""
    index: dict[str, int] = {}
    for i, leaf in enumerate(order):
        index.setdefault(leaf, i)
        for j, ch in enumerate(leaf):
            if ch in ".[" and j:
                index.setdefault(leaf[:j], i)
    return index


def _place(path: str, index: Mapping[str, int]) -> int | None:
    """The place of a problem's key path in the file: its own, or that of the nearest key it lies in."""
    if path in index:
        return index[path]
    for j in range(len(path) - 1, 0, -1):
        if path[j] in ".[" and path[:j] in index:
            return index[path[:j]]
    return None


def _in_file_order(problems: Sequence[Problem], order: Sequence[str]) -> list[Problem]:
    """Problems in the order their keys appear in the file; problems at keys the file does not give keep their order, after."""
    if not order:
        return list(problems)
    index = _key_index(order)
    last = len(order)
    return sorted(problems, key=lambda p: last if (at := _place(p.path, index)) is None else at)


def _capped(problems: Sequence[Problem], label: str) -> list[Problem]:
    """At most :data:`MAX_PROBLEMS` problems, and a last one that counts the rest."""
    if len(problems) <= MAX_PROBLEMS:
        return list(problems)
    rest = len(problems) - MAX_PROBLEMS
    return [*problems[:MAX_PROBLEMS], Problem(path="", source=label, message=f"and {rest:,} more problems; fix these and load the file again")]


def _lookup(data: Mapping[str, Any], dotted: str) -> Any:
    """The value at a dotted key path (as the citation scanner writes it), or None."""
    node: Any = data
    for part in dotted.split("."):
        node = node.get(part) if isinstance(node, dict) else None
    return node


def _leaf_paths(data: Mapping[str, Any], prefix: str = "") -> list[str]:
    out = []
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            out += _leaf_paths(value, f"{path}.")
        else:
            out.append(path)
    return out


def _remove(node: Any, path: str) -> bool:
    """Delete the value at a problem's key path from nested TOML data; False if there is none.

    Keys are matched against the data itself, so a key holding a dot or a
    bracket is found too; a path into an array removes the whole array.
    """
    if not isinstance(node, dict):
        return False
    if path in node:
        del node[path]
        return True
    for key in sorted(node, key=lambda k: -len(str(k))):
        name = str(key)
        if path.startswith(f"{name}[") or (path.startswith(f"{name}.") and not isinstance(node[key], dict)):
            del node[key]
            return True
        if path.startswith(f"{name}.") and _remove(node[key], path[len(name) + 1 :]):
            return True
    return False


def variant_from_data(
    data: Mapping[str, Any],
    citations: Mapping[str, str] | None = None,
    label: str = "",
    *,
    found: Sequence[Problem] = (),
    order: Sequence[str] = (),
) -> Variant:
    """Build and check a profile from resolved TOML data; raise VariantError listing every problem.

    Values that fail to structure are dropped (so their defaults stand in) and
    the rest is structured again, so that the semantic checks still run on
    everything else; checks that involve a dropped value are skipped. Problems
    are listed in ``order`` (the file's keys, as given), at most
    :data:`MAX_PROBLEMS` of them. ``found``
    are problems already met while resolving the file (a missing ``extends``):
    they are reported first, and the semantic checks, which would then judge
    values the file never gave, are skipped.
    """
    result, problems = _structure(data)
    if not isinstance(result, list) and not found:
        problems += check_variant(result, unreliable=[p.path for p in problems])
    named = {p.path for p in found}
    problems = [*found, *_in_file_order([attrs.evolve(p, source=label) for p in problems if p.path not in named], order)]
    if problems or isinstance(result, list):
        raise VariantError(_capped(problems, label))
    return _known_sound(attrs.evolve(result, citations=dict(citations or {})))


_SOUND: dict[int, weakref.ref[Variant]] = {}
"""The profiles known to be sound, by id: each loaded one, and each one :func:`sound_variant` checked."""


def _known_sound(variant: Variant) -> Variant:
    key = id(variant)
    _SOUND[key] = weakref.ref(variant, lambda ref: _SOUND.pop(key) if _SOUND.get(key) is ref else None)
    return variant


def sound_variant(variant: Variant) -> Variant:
    """A profile the engine can play: ``variant`` itself when it was loaded, or is sound; else :class:`VariantError`.

    A :class:`Variant` made or changed in Python (``attrs.evolve``) skipped
    the loader's checks; it is written as TOML and read back, so it gets
    exactly the checks and the messages a house file gets (every problem, with
    its key path), and the profile read back is the one played. Each profile
    object is checked once.
    """
    if not isinstance(variant, Variant):
        raise ArgumentError(f"expected a Variant (canasta.load_variant(name or file)), got {shown_value(variant)}")
    known = _SOUND.get(id(variant))
    if known is not None and known() is variant:
        return variant
    label = f"profile {shown_toml(shown_text(variant.name))} built in Python"
    try:
        text = dumps_variant(variant)
    except Exception as exc:  # a value no TOML can hold: None, a set, a string with a lone surrogate
        raise VariantError([Problem(path="", source=label, message=f"holds a value no profile file can hold ({type(exc).__name__}: {shown_text(exc)[:200]})")]) from None
    again = loads_variant(text, label=label)
    return _known_sound(variant) if again == variant else again


def _structure(data: Mapping[str, Any]) -> tuple[Variant | list[Problem], list[Problem]]:
    """Structure profile data, dropping each malformed value and trying again: the result and every structural problem."""
    problems: list[Problem] = []
    seen: set[Problem] = set()
    work = _merge({}, data)
    result = structure_variant(work)
    while isinstance(result, list):
        fresh = [p for p in result if p not in seen]
        seen.update(fresh)
        problems += fresh
        progress = [_remove(work, p.path) for p in result]
        if not any(progress):
            break
        result = structure_variant(work)
    return result, problems


def load_variant(name_or_path: str | Path) -> Variant:
    """Load a bundled profile by name, or a profile or house-rule file by path.

    Raises :class:`VariantError` listing every problem, each with its dotted key
    path, in the order of the file; :class:`canasta.ArgumentError` for a value
    that is neither a name nor a path. A file over :data:`MAX_PROFILE_BYTES` is
    refused unread.
    """
    wrong = f"load_variant(...): expected a bundled profile name or a file path, got {shown_value(name_or_path)}"
    if not is_instance(name_or_path, (str, os.PathLike)):
        raise ArgumentError(wrong)
    try:
        ref = os.fspath(name_or_path)
    except Exception as exc:  # a path-like whose __fspath__ raises or returns no text
        raise ArgumentError(f"{wrong}: its __fspath__ failed ({type(exc).__name__})") from None
    if not issubclass(type(ref), str):
        raise ArgumentError(f"{wrong}, whose __fspath__ gives {type(ref).__name__}, not text")
    ref = str.__getitem__(ref, slice(None))
    if not ref.strip():
        message = f"an empty name names no profile; give a bundled name ({', '.join(variant_names())}) or a file path"
        raise VariantError([Problem(path="", source=repr(ref), message=message)])
    bundled = bundled_path(ref) if "/" not in ref and "\\" not in ref and not ref.endswith(".toml") else None
    if bundled is not None:
        st = bundled.stat()
        return _load_bundled(ref, str(bundled), st.st_mtime_ns, st.st_size)
    return _load(ref)


def _load(ref: str) -> Variant:
    resolved = _resolve(ref, None, ())
    return variant_from_data(resolved.data, resolved.citations, label=locate_profile(ref, None)[1], found=resolved.problems, order=resolved.order)


@functools.lru_cache(maxsize=32)
def _load_bundled(name: str, path: str, mtime_ns: int, size: int) -> Variant:
    """A bundled profile, loaded once per process: a :class:`Variant` is immutable, so every game shares it.

    The key holds the file's path, time and size, so an edited profile (in a source checkout) is read again.
    """
    return _load(name)


def loads_variant(text: str, *, base: Path | None = None, label: str = "<string>") -> Variant:
    """Load a profile from TOML text; a relative ``extends`` is resolved against ``base``.

    The text counts as the first file of its ``extends`` chain. A leading
    byte-order mark is ignored, as in a file.
    """
    if not isinstance(text, str):
        raise ArgumentError(f"loads_variant(...): expected the profile as TOML text (a str), got {shown_value(text)}")
    if base is not None and not is_instance(base, (str, os.PathLike)):
        raise ArgumentError(f"loads_variant(base=...): expected the folder a relative extends is read from (a path) or None, got {shown_value(base)}")
    if not isinstance(label, str):
        raise ArgumentError(f"loads_variant(label=...): expected text naming the profile in messages, got {shown_value(label)}")
    text = str.__getitem__(text, slice(None))
    try:
        base = None if base is None else Path(cast("str | os.PathLike[str]", base))
    except Exception as exc:  # a path-like whose __fspath__ raises or returns no text
        raise ArgumentError(f"loads_variant(base=...): {shown_value(base)} is not a usable path ({type(exc).__name__})") from None
    if len(text) > MAX_PROFILE_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_PROFILE_BYTES:
        size = len(text.encode("utf-8", "surrogatepass"))
        raise VariantError([Problem(path="", source=label, message=f"is {size:,} bytes; profiles over {MAX_PROFILE_BYTES:,} bytes are refused")])
    text = text.removeprefix("\ufeff")
    data = parse_profile(text, label)
    resolved = _resolve_data(data, text, label=label, base=base, chain=("<text>",), stem=None)
    return variant_from_data(resolved.data, resolved.citations, label=label, found=resolved.problems, order=resolved.order)
