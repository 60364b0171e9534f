"""Variant profiles: the schema, loading and validation, extends, diff and JSON Schema."""

from canasta.errors import Problem, VariantError

from .dumping import dumps_variant
from .loading import MAX_DEPTH, load_variant, loads_variant, sound_variant
from .profile_files import bundled_dir, variant_names
from .schema import SCHEMA_VERSION, Variant
from .validation import check_variant

__all__ = [
    "MAX_DEPTH",
    "SCHEMA_VERSION",
    "Problem",
    "Variant",
    "VariantError",
    "bundled_dir",
    "check_variant",
    "dumps_variant",
    "load_variant",
    "loads_variant",
    "sound_variant",
    "variant_names",
]
