"""The uniformly random agent."""

from __future__ import annotations

import random

from theomachy.agents.base import Agent
from theomachy.engine.core import State


class RandomAgent(Agent):
    """Plays a legal action chosen uniformly at random (legal actions are part of the view)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, state: State) -> str:
        legal = state.legal_actions()
        if not legal:
            raise ValueError("the random agent was asked to act on a state with no legal action")
        return legal[self.rng.randrange(len(legal))]
