"""Resolving chance nodes with a seeded generator, and helpers to build outcome lists."""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Iterable
from fractions import Fraction

from theomachy.engine.core import State


def sample_outcome(state: State, rng: random.Random) -> str:
    """Pick one chance outcome of ``state`` according to its probabilities."""
    outcomes = state.chance_outcomes()
    if not outcomes:
        raise ValueError("sample_outcome needs a chance node")
    if len(outcomes) == 1:
        return outcomes[0][0]
    cumulative = list(itertools.accumulate(p for _, p in outcomes))
    index = bisect.bisect_right(cumulative, rng.random() * cumulative[-1])
    return outcomes[min(index, len(outcomes) - 1)][0]


def uniform(names: Iterable[str]) -> list[tuple[str, float]]:
    """Equal probabilities over ``names``."""
    listed = list(names)
    p = 1.0 / len(listed)
    return [(name, p) for name in listed]


def draw_outcomes(cards: Iterable[str]) -> list[tuple[str, float]]:
    """``draw <card-id>`` outcomes of an unordered deck; duplicate cards share one outcome.

    Sorted by card id so the order never depends on how the deck was stored.
    """
    counts: dict[str, int] = {}
    total = 0
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
        total += 1
    return [(f"draw {card}", float(Fraction(n, total))) for card, n in sorted(counts.items())]
