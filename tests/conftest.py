"""Shared test settings: the hypothesis profiles.

``default`` keeps the suite fast; ``ci`` runs the property tests harder. Pick one
with ``pytest --hypothesis-profile=ci`` or the ``HYPOTHESIS_PROFILE`` environment
variable. Under CI (the ``CI`` environment variable set, as ``.ci/run`` runs) the
thorough ``ci`` profile is the default; it is derandomized, so a CI failure
reproduces locally with ``--hypothesis-profile=ci``. ``.ci/run`` runs the suite
twice, on the pure and on the compiled build; the second run uses ``default``
(the properties were just run thoroughly, and the compiled engine's
equivalence is checked by ``benchmarks/check_equivalence.py``), so that each
run stays near ten minutes on a two-core machine. Tests that play more in a
thorough run (the fuzzed profiles, the liveness checks) call a run thorough when
the loaded profile asks for at least as many examples as ``ci``.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("default", max_examples=25, deadline=None)
settings.register_profile("ci", max_examples=120, deadline=None, derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "default"))
