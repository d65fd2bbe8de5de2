"""PettingZoo: every Theomachy game as an AEC (turn-by-turn) environment.

>>> from theomachy.interop.pettingzoo import env
>>> environment = env("mythic-wars", players=4)
>>> environment.reset(seed=1)
>>> for agent in environment.agent_iter():
...     observation, reward, terminated, truncated, info = environment.last()
...     mask = observation["action_mask"]
...     action = None if terminated or truncated else environment.action_space(agent).sample(mask)
...     environment.step(action)

Agents are ``player_0`` ... ``player_{n-1}`` (seats). Each observation is a dict: ``observation``
(the game encoding's vector of that seat's view, float32 in [0, 1]) and ``action_mask`` (int8,
1 at the legal decisions of the seat to move). Actions are integers of the game's decision
table (``theomachy.engine.encoding``). Chance events are resolved inside the environment with a
generator seeded by ``reset(seed=...)``. Rewards come at the end: the game's returns (1 shared by
the winners, 0 for the rest). An illegal action raises ``theomachy.IllegalAction`` and changes
nothing.

Every seat is a learner here (no bot hook); to seat one of our agents (a level such as
``agents.make("hard")``, or any spec through ``agents.specs.build``), step with
``environment.adapted.encoded.decisions.number(bot.act(environment.state_))``: the agent reads
only its own view of the state.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from theomachy.engine.chance import sample_outcome
from theomachy.engine.core import IllegalAction, State
from theomachy.interop.common import Adapted


class TheomachyAEC(AECEnv):  # type: ignore[misc]
    """An AEC environment over one Theomachy game at a player count and options."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "theomachy",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.adapted = Adapted(game_id, players, options)
        seats = self.adapted.game.players
        self.possible_agents = [f"player_{seat}" for seat in range(seats)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        0.0, 1.0, (self.adapted.observation_size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (self.adapted.num_decisions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.adapted.num_decisions) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self.state_: State = self.adapted.game.new_game()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent``."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the game's decision table)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` fixes every chance event of it."""
        self._rng = random.Random(seed)
        self.state_ = self.adapted.game.new_game()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._advance()

    def _advance(self) -> None:
        """Resolve chance until a player is to move or the game is over."""
        state = self.state_
        while state.is_chance():
            state.apply(sample_outcome(state, self._rng))
        if state.is_terminal():
            returns = state.returns()
            for agent in self.agents:
                self.rewards[agent] = float(returns[self._seat[agent]])
                self.terminations[agent] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[state.current_player]

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation: its view's vector and its action mask."""
        seat = self._seat[agent]
        return {
            "observation": self.adapted.observation(self.state_, seat),
            "action_mask": self.adapted.action_mask(self.state_, seat),
        }

    def step(self, action: int | None) -> None:
        """Play ``action`` (an integer of the decision table) for the agent to move."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must choose an action; None is only for finished games")
        table = self.adapted.encoded.decisions
        try:
            text = table.text(int(action))
        except (IndexError, ValueError, TypeError):
            raise IllegalAction(
                f"action {action!r} is not an integer in 0..{len(table) - 1}"
            ) from None
        self._cumulative_rewards[agent] = 0.0
        self.state_.apply(text)  # raises IllegalAction, state unchanged, if not legal now
        self._clear_rewards()
        self._advance()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The game as text (``ansi``) or printed (``human``)."""
        if self.render_mode is None:
            return None
        text = str(self.state_)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def state(self) -> np.ndarray[Any, Any]:
        """A global observation is not offered: the games hide information."""
        raise NotImplementedError("Theomachy environments give per-agent observations only")

    def close(self) -> None:
        """Nothing to release."""


def env(game_id: str, players: int | None = None, **options: Any) -> TheomachyAEC:
    """An AEC environment for a Theomachy game (``render_mode`` may be given among the
    keyword arguments; the others are the game's options)."""
    return TheomachyAEC(game_id, players=players, **options)
