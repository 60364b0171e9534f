"""Shared test settings: the hypothesis profiles.

``default`` keeps the suite fast; ``ci`` runs the property tests harder. Pick one
with ``pytest --hypothesis-profile=ci`` or the ``HYPOTHESIS_PROFILE`` environment
variable. Under CI (the ``CI`` environment variable set, as ``.ci/run`` runs) the
thorough ``ci`` profile is the default.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("default", max_examples=25, deadline=None)
settings.register_profile("ci", max_examples=300, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default"))
