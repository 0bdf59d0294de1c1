"""The learned bot's weights (written by ``python -m tools.train_learned``; do not edit)."""

from __future__ import annotations

from collections.abc import Mapping

WEIGHTS: Mapping[int, tuple[float, ...]] = {}
