"""Checks of an agent's parameters as given locally (``agents.make``, ``specs.build``): each
bad value is a ``ValueError`` naming the agent, the parameter and what it must be. (The play
server's stricter limits are in :mod:`theomachy.agents.limits`.)"""

from __future__ import annotations

import math


def integer(agent: str, name: str, value: object, low: int, high: int | None = None) -> int:
    """``value`` as an int from ``low`` (to ``high``), or ``ValueError``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ValueError(f"{agent}: {name} must be an integer of at least {low}, got {value!r}")
    if high is not None and value > high:
        raise ValueError(f"{agent}: {name} must be an integer from {low} to {high}, got {value}")
    return value


def number(agent: str, name: str, value: object, low: float, high: float) -> float:
    """``value`` as a finite float from ``low`` to ``high``, or ``ValueError``."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not low <= value <= high
    ):
        raise ValueError(
            f"{agent}: {name} must be a number from {low:g} to {high:g}, got {value!r}"
        )
    return float(value)


def positive(agent: str, name: str, value: object) -> float:
    """``value`` as a finite float above 0, or ``ValueError``."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not value > 0
    ):
        raise ValueError(f"{agent}: {name} must be positive and finite, got {value!r}")
    return float(value)
