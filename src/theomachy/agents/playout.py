"""Shared pieces of search agents: sampling a full state, playing on at random."""

from __future__ import annotations

import random
import time
from abc import abstractmethod
from typing import Generic, TypeVar

from theomachy.agents.base import Agent
from theomachy.agents.checks import integer, positive
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


def checked_budget(agent: str, iterations: object, budget_ms: object) -> int | None:
    """A search agent's iteration budget (400 when neither budget is given), after checking
    both; ``ValueError`` naming the agent otherwise."""
    if iterations is None and budget_ms is None:
        return 400
    if budget_ms is not None:
        positive(agent, "budget_ms", budget_ms)
    if iterations is None:
        return None
    return integer(agent, "iterations", iterations, 1)


class Budget:
    """How long one search runs: ``iterations`` (deterministic) or ``budget_ms`` of wall clock
    (the one non-deterministic mode), whichever ends first, and at least one iteration."""

    def __init__(self, iterations: int | None, budget_ms: float | None) -> None:
        self.iterations = iterations
        self.deadline = time.perf_counter() + budget_ms / 1000 if budget_ms is not None else None

    def more(self, done: int) -> bool:
        """Whether iteration ``done + 1`` may start."""
        if self.iterations is not None and done >= self.iterations:
            return False
        return self.deadline is None or done == 0 or time.perf_counter() < self.deadline


RootT = TypeVar("RootT")


class TreeSearch(Agent, Generic[RootT]):
    """The loop every tree search shares: a move is asked of the player to move (a single
    legal action is played at once); each iteration searches one determinization, until the
    budget ends or ``_stop`` says the move is decided; ``_choose`` reads the answer."""

    rng: random.Random
    iterations: int | None
    budget_ms: float | None
    last_iterations = 0

    def act(self, state: State) -> str:
        player = state.current_player
        legal = state.legal_actions()
        if player < 0 or not legal:
            raise ValueError(f"{self.name}: the state has no player to move")
        if len(legal) == 1:
            self._played(state, player, legal[0], None)
            return legal[0]
        root = self._root_for(state, player)
        budget = Budget(self.iterations, self.budget_ms)
        done = 0
        while budget.more(done):
            self._iterate(root, state.determinize(player, self.rng))
            done += 1
            if self._stop(root, legal, player, done):
                break
        self.last_iterations = done
        action = self._choose(root, legal, player)
        self._played(state, player, action, root)
        return action

    @abstractmethod
    def _new_root(self, players: int) -> RootT:
        """An empty tree."""

    def _root_for(self, state: State, player: int) -> RootT:
        """The tree a search of ``state`` starts from (default: an empty one)."""
        return self._new_root(state.game.players)

    def _played(self, state: State, player: int, action: str, root: RootT | None) -> None:
        """Told the move returned for ``state`` (``root``: the searched tree, None for a
        forced move); default: nothing to remember."""

    @abstractmethod
    def _iterate(self, root: RootT, world: State) -> None:
        """One iteration in the sampled full state ``world``."""

    @abstractmethod
    def _choose(self, root: RootT, legal: list[str], player: int) -> str:
        """The move, from the searched tree."""

    def _stop(self, root: RootT, legal: list[str], player: int, done: int) -> bool:
        """Whether to end the search after ``done`` iterations (default: never early)."""
        return False
