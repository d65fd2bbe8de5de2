"""Shared pieces of search agents: sampling a full state, playing on at random."""

from __future__ import annotations

import random

from theomachy.engine.chance import sample_outcome
from theomachy.engine.core import CHANCE, State


def step_randomly(state: State, rng: random.Random) -> None:
    """Apply one action: a chance outcome by its probability, else a uniform legal action."""
    if state.current_player == CHANCE:
        state.apply(sample_outcome(state, rng))
    else:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def finish_turn(state: State, player: int, rng: random.Random, limit: int = 200) -> None:
    """Play on (chance by its probabilities, ``player``'s own follow-up decisions at random)
    until another player must decide or the game ends."""
    for _ in range(limit):
        current = state.current_player
        if state.is_terminal() or (current != CHANCE and current != player):
            return
        step_randomly(state, rng)


def values(state: State) -> list[float]:
    """Every player's evaluation of a position (returns at the end)."""
    if state.is_terminal():
        return state.returns()
    return [state.evaluate(p) for p in range(state.game.players)]
