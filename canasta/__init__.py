"""canasta: Canasta played by the rules of any federation, club or household.

The rules are data: a TOML variant profile. See the README for the API.
"""

from .variants import (
    Problem,
    Variant,
    VariantError,
    dumps_variant,
    load_variant,
    loads_variant,
    variant_names,
)

__all__ = [
    "Problem",
    "Variant",
    "VariantError",
    "dumps_variant",
    "load_variant",
    "loads_variant",
    "variant_names",
]
