"""The JSON Schema of variant profiles: valid draft-07, generated from the schema classes, and as strict as the loader."""

from __future__ import annotations

import tomllib
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import pytest
from engine_helpers import BUNDLED

from canasta.variants import bundled_dir, load_variant, variant_names
from canasta.variants.converter import unstructure_variant
from canasta.variants.jsonschema import variant_json_schema
from canasta.variants.reference import keys
from canasta.variants.schema import PLAYER_COUNTS, Variant, key_type

"""The ten profiles the library ships."""


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return variant_json_schema()


@pytest.fixture(scope="module")
def validator(schema: dict[str, Any]) -> jsonschema.Draft7Validator:
    return jsonschema.Draft7Validator(schema)


def _objects(node: Any, where: str = "$") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object-typed node of a schema, with a readable location."""
    if isinstance(node, dict):
        if node.get("type") == "object":
            yield where, node
        for key, value in node.items():
            yield from _objects(value, f"{where}.{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _objects(value, f"{where}[{i}]")


def _node(schema: dict[str, Any], dotted: str) -> dict[str, Any]:
    """The schema node of a dotted key path."""
    node = schema
    for part in dotted.split("."):
        node = node["properties"][part]
    return node


def _field_paths(cls: type = Variant, prefix: str = "") -> Iterator[str]:
    """Every key the attrs classes define, tables included, walked independently of the generator."""
    hints = typing.get_type_hints(cls)
    for field in attrs.fields(cls):
        if field.name == "citations":
            continue
        path = f"{prefix}{field.name}"
        yield path
        if attrs.has(hints[field.name]):
            yield from _field_paths(hints[field.name], f"{path}.")


def _errors(validator: jsonschema.Draft7Validator, data: dict[str, Any]) -> list[str]:
    return [e.message for e in validator.iter_errors(data)]


def test_schema_is_valid_draft_07(schema: dict[str, Any]) -> None:
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert schema["$id"] and schema["title"]
    jsonschema.Draft7Validator.check_schema(schema)


def test_every_object_forbids_unknown_keys(schema: dict[str, Any]) -> None:
    objects = list(_objects(schema))
    assert len(objects) > 20  # the root, every table and every per-player-count map
    for where, node in objects:
        assert node.get("additionalProperties") is False, where


def test_no_key_is_required_on_its_own(schema: dict[str, Any]) -> None:
    """A house file gives only what differs, so no key is required, except as the root's anyOf says."""
    assert not [where for where, node in _objects(schema) if "required" in node]
    assert schema["anyOf"][0] == {"required": ["extends"]}


def test_a_file_without_extends_must_give_every_rule_key(validator: jsonschema.Draft7Validator) -> None:
    """The loader's rule (decisions: a complete profile or a house file), for editors too."""
    assert _errors(validator, {}) != []
    assert _errors(validator, {"match": {"target": 7500}}) != []
    complete = unstructure_variant(Variant())
    assert _errors(validator, complete) == []
    del complete["match"]["tie"]
    assert _errors(validator, complete) != []
    assert _errors(validator, {**complete, "extends": "regency"}) == []
    del complete["deal"]["sitting_out"]
    assert _errors(validator, {**unstructure_variant(Variant()), "deal": complete["deal"]}) == [], (
        "an empty per-player table may be left out"
    )


def test_every_schema_field_appears(schema: dict[str, Any]) -> None:
    paths = list(_field_paths())
    assert "going_out.canastas_required" in paths and "scoring.card_points.joker" in paths
    for path in paths:
        assert _node(schema, path), path


KEYED = {k.path for k in keys() if key_type(k.type) is not None}
"""The keys whose tables are keyed by player count, rank or kind: their properties are keys, not fields."""


def test_no_property_without_a_field(schema: dict[str, Any]) -> None:
    fields = set(_field_paths())
    for where, node in _objects(schema):
        dotted = where.removeprefix("$").replace(".properties.", ".").lstrip(".")
        if set(node["properties"]) == {str(n) for n in PLAYER_COUNTS} or dotted in KEYED:
            continue  # a table keyed by player count, rank or kind
        if dotted.endswith(".items"):
            dotted = dotted.removesuffix(".items")  # a table in an array (a special hand): its fields are the item class's
            fields |= {f"{dotted}.{f.name}" for f in attrs.fields(typing.get_args(next(k.type for k in keys() if k.path == dotted))[0])}
        for name in node["properties"]:
            path = f"{dotted}.{name}" if dotted else name
            assert path in fields or path == "extends", path


def test_top_level_allows_extends_and_meta_keys(schema: dict[str, Any]) -> None:
    props = schema["properties"]
    assert props["extends"]["type"] == "string"
    assert "relative" in props["extends"]["description"]
    for meta in ("schema_version", "name", "title", "description", "sources"):
        assert meta in props
    assert "citations" not in props  # citations are TOML comments, never a key


def test_per_player_maps_allow_exactly_the_player_counts(schema: dict[str, Any]) -> None:
    hand_size = _node(schema, "deal.hand_size")
    assert sorted(hand_size["properties"]) == [str(n) for n in PLAYER_COUNTS]
    assert hand_size["properties"]["4"]["type"] == "integer"
    bonus_table = _node(schema, "red_threes.bonus_table")
    assert bonus_table["properties"]["6"] == {"description": "With 6 players.", "type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 10000}}


def test_descriptions_defaults_and_ranges_come_from_the_schema_classes(schema: dict[str, Any]) -> None:
    for info in keys():
        node = _node(schema, info.path)
        assert node.get("description", "") == info.doc, info.path
        forms = node.get("anyOf", [node])  # reserve.sizes: an array, or a table of arrays by player count
        value_nodes = [value for form in forms for value in (list(form["properties"].values()) if form["type"] == "object" else [form])]
        for value in value_nodes:
            leaf = value["items"] if value["type"] == "array" else value
            if leaf["type"] == "integer":
                assert leaf.get("minimum") == info.lo and leaf.get("maximum") == info.hi, info.path
        jsonschema.Draft7Validator(node).validate(node["default"])
    assert _node(schema, "match.target")["default"] == 5000
    assert _node(schema, "melds.wild_limit")["enum"] == ["half", "fewer", "standard", "two_per_wild"]
    assert _node(schema, "deal.hand_size")["default"]["4"] == 11
    assert _node(schema, "initial_meld.minimums")["items"] == {"type": "integer", "minimum": 0, "maximum": 10000}


def test_table_descriptions_are_the_class_docstrings(schema: dict[str, Any]) -> None:
    assert _node(schema, "deal")["description"] == "Deck and deal (topics A)."
    assert _node(schema, "scoring.card_points")["description"].startswith("Card values")


def test_the_ten_profiles_are_bundled() -> None:
    assert tuple(variant_names()) == BUNDLED


@pytest.mark.parametrize("path", sorted(bundled_dir().glob("*.toml")), ids=lambda p: p.stem)
def test_bundled_profile_file_validates(validator: jsonschema.Draft7Validator, path: Path) -> None:
    with path.open("rb") as f:
        data = tomllib.load(f)
    assert _errors(validator, data) == []


@pytest.mark.parametrize("name", BUNDLED)
def test_resolved_bundled_profile_validates(validator: jsonschema.Draft7Validator, name: str) -> None:
    """What ``canasta variants show`` prints is a valid file too."""
    assert _errors(validator, unstructure_variant(load_variant(name))) == []


def test_generic_defaults_validate(validator: jsonschema.Draft7Validator) -> None:
    assert _errors(validator, unstructure_variant(Variant())) == []


def test_house_file_validates(validator: jsonschema.Draft7Validator) -> None:
    house = {"extends": "regency", "deal": {"jokers": {"4": 6}}, "match": {"target": 7500}}
    assert _errors(validator, house) == []


@pytest.mark.parametrize(
    "data",
    [
        {"deal": {"jokerz": {"4": 6}}},
        {"jokers": 6},
        {"scoring": {"card_points": {"jokers": 50}}},
        {"citations": {"match.target": "001 §1"}},
    ],
    ids=["in-table", "top-level", "nested-table", "citations"],
)
def test_misspelled_key_is_rejected(validator: jsonschema.Draft7Validator, data: dict[str, Any]) -> None:
    errors = _errors(validator, {"extends": "regency", **data})
    assert errors and "Additional properties are not allowed" in errors[0]


def test_wrong_enum_value_is_rejected(validator: jsonschema.Draft7Validator) -> None:
    errors = _errors(validator, {"extends": "regency", "melds": {"wild_limit": "halff"}})
    assert len(errors) == 1 and "'halff' is not one of" in errors[0]


@pytest.mark.parametrize(
    "data",
    [
        {"deal": {"hand_size": {"7": 11}}},
        {"match": {"target": "7500"}},
        {"match": {"target": 10}},
        {"canastas": {"naturals_added": 1}},
        {"initial_meld": {"minimums": [15, 50, -1]}},
        {"red_threes": {"bonus_table": {"4": 800}}},
        {"extends": ["regency"]},
    ],
    ids=["player-count", "string-for-int", "below-minimum", "int-for-bool", "array-item-range", "int-for-array", "extends-type"],
)
def test_wrong_values_are_rejected(validator: jsonschema.Draft7Validator, data: dict[str, Any]) -> None:
    assert _errors(validator, {"extends": "regency", **data})
