"""Agents that play the games: ``agents.make(name, seed=..., **options)``."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from theomachy.agents.base import Agent
from theomachy.agents.greedy import GreedyAgent
from theomachy.agents.ismcts import ISMCTSAgent
from theomachy.agents.levels import LEVELS, LevelAgent, level_factory
from theomachy.agents.mcts import MCTSAgent
from theomachy.agents.random_agent import RandomAgent

_FACTORIES: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
    "ismcts": ISMCTSAgent,
    **{level: level_factory(level) for level in LEVELS},
}


def available() -> list[str]:
    """The names ``make`` accepts."""
    return sorted(_FACTORIES)


def make(name: str, seed: int | None = None, **options: Any) -> Agent:
    """A new agent by name; ``ValueError`` naming the known agents otherwise."""
    if name not in _FACTORIES:
        raise ValueError(f"unknown agent {name!r}; known agents: {', '.join(available())}")
    if name in LEVELS and options:
        raise ValueError(
            f"{name} is a level and takes no parameters (got {', '.join(sorted(options))}); "
            "to set the search yourself use ismcts, e.g. ismcts:iterations=800"
        )
    factory = _FACTORIES[name]
    accepted = [p for p in inspect.signature(factory).parameters if p != "seed"]
    unknown = sorted(set(options) - set(accepted))
    if unknown:
        raise ValueError(
            f"agent {name!r}: bad options {options}: no parameter {', '.join(unknown)}; "
            f"its parameters: {', '.join(accepted) or 'none'}"
        )
    try:
        return factory(seed=seed, **options)
    except TypeError as error:
        raise ValueError(f"agent {name!r}: bad options {options}: {error}") from None


__all__ = [
    "LEVELS",
    "Agent",
    "GreedyAgent",
    "ISMCTSAgent",
    "LevelAgent",
    "MCTSAgent",
    "RandomAgent",
    "available",
    "make",
]
