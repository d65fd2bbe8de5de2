"""The greedy agent: one move of look-ahead, scored by the game's evaluation function."""

from __future__ import annotations

import random

from theomachy.agents.base import Agent
from theomachy.agents.checks import integer
from theomachy.agents.playout import finish_turn
from theomachy.engine.core import State


class GreedyAgent(Agent):
    """For each legal action, ``samples`` times: sample the hidden information the player
    cannot see (``determinize``), apply the action, play out chance and the player's own
    follow-ups, and evaluate. Plays the action with the best mean (first on ties)."""

    name = "greedy"

    def __init__(self, seed: int | None = None, samples: int = 6) -> None:
        samples = integer("greedy", "samples", samples, 1)
        self.rng = random.Random(seed)
        self.samples = samples

    def act(self, state: State) -> str:
        player = state.current_player
        legal = state.legal_actions()
        if player < 0 or not legal:
            raise ValueError("greedy: the state has no player to move")
        if len(legal) == 1:
            return legal[0]
        worlds = [state.determinize(player, self.rng) for _ in range(self.samples)]
        best, best_value = legal[0], -1.0
        for action in legal:
            total = 0.0
            for world in worlds:
                after = world.clone()
                after.apply(action)
                finish_turn(after, player, self.rng)
                total += after.evaluate(player)
            if total > best_value:
                best, best_value = action, total
        return best
