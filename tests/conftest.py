"""Shared test configuration: Hypothesis profiles.

Profiles (select with ``HYPOTHESIS_PROFILE=<name>``):

* ``ci`` (default): derandomized, no example database, modest example counts, so
  that the normal test run is fast and every failure reproduces exactly.
* ``thorough``: many more examples, random seeds, for long verification runs
  (``HYPOTHESIS_PROFILE=thorough pytest tests``).

Failures print a ``@reproduce_failure`` blob (``print_blob=True``) to replay them.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    max_examples=60,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "thorough",
    max_examples=2_000,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
