"""The agent interface: an agent picks an action for the player to move."""

from __future__ import annotations

from abc import ABC, abstractmethod

from theomachy.engine.core import State


class Agent(ABC):
    """Chooses actions. An agent never reads hidden information: what it needs about hidden
    parts of the game it samples with ``state.determinize(player, rng)``."""

    name: str = "agent"

    @abstractmethod
    def act(self, state: State) -> str:
        """The action to play for ``state.current_player``."""
