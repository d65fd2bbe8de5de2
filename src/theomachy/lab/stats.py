"""Win-rate statistics."""

from __future__ import annotations

import math
from typing import NamedTuple


class Rate(NamedTuple):
    """A win rate with its 95% Wilson score interval; ``score`` counts a shared win as its
    share of 1 (a two-way draw is half a win)."""

    score: float
    games: int
    rate: float
    low: float
    high: float


def wilson(score: float, games: int, z: float = 1.96) -> Rate:
    """The Wilson score interval of ``score`` wins out of ``games``."""
    if games == 0:
        return Rate(score, 0, 0.0, 0.0, 1.0)
    p = score / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    margin = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return Rate(score, games, p, max(0.0, centre - margin), min(1.0, centre + margin))


def fmt(rate: Rate) -> str:
    """``52.3% (48.1–56.4%)``."""
    return f"{100 * rate.rate:.1f}% ({100 * rate.low:.1f}–{100 * rate.high:.1f}%)"
