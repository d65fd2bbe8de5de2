"""Gymnasium: one seat of a Theomachy game as a single-agent environment against our agents.

>>> from theomachy.interop.gymnasium import env
>>> environment = env("mythic-arena", seat=0, opponents="mcts:budget_ms=50")
>>> observation, info = environment.reset(seed=3)
>>> mask = observation["action_mask"]
>>> observation, reward, terminated, truncated, info = environment.step(
...     environment.action_space.sample(mask))

The learner plays ``seat``; every other seat is played by a Theomachy agent (``opponents``: one
agent spec for all of them, or a list with one spec per other seat, clockwise from the learner).
A spec is a level, ``"easy"``, ``"medium"``, ``"hard"`` or ``"expert"`` (no parameters), or an
agent with its parameters: ``"random"``, ``"greedy"``, ``"mcts"``, ``"mcts:budget_ms=50"``,
``"ismcts:iterations=300"``. Opponents see only their own view, like every agent of ours.
Chance events and the opponents' seeds come from ``reset(seed=...)``, so a seed fixes the
whole game given the learner's actions (unless an opponent thinks by the clock, ``budget_ms``:
a level's budget is in iterations).

Observation: a dict with ``observation`` (the game encoding's vector of the learner's view,
float32 in [0, 1]) and ``action_mask`` (int8, 1 at the legal decisions). Actions: integers of the
game's decision table. Reward: the learner's return at the end (1 shared by the winners, 0 for a
loss), 0 before. An action outside the mask ends the episode with reward ``illegal_reward``
(default -1) and ``info["illegal_action"]``, unless ``illegal="raise"`` is given, in which case it
raises ``theomachy.IllegalAction`` and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from theomachy.agents.base import Agent
from theomachy.agents.specs import build
from theomachy.engine.chance import sample_outcome
from theomachy.engine.core import IllegalAction, State
from theomachy.engine.simulate import derive_seed
from theomachy.interop.common import Adapted

Observation = dict[str, np.ndarray[Any, Any]]


class TheomachyEnv(gymnasium.Env[Observation, Any]):
    """A Theomachy game seen from one seat, the other seats played by our agents."""

    metadata = {"render_modes": ["human", "ansi"]}  # noqa: RUF012  (gymnasium declares it so)

    def __init__(
        self,
        game_id: str,
        seat: int = 0,
        opponents: str | Sequence[str] = "mcts",
        players: int | None = None,
        illegal: str = "lose",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', got {illegal!r}")
        self.adapted = Adapted(game_id, players, options)
        seats = self.adapted.game.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise ValueError(f"seat must be an integer from 0 to {seats - 1}, got {seat!r}")
        specs = [opponents] * (seats - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != seats - 1:
            raise ValueError(f"{seats - 1} opponent specs are needed, got {len(specs)}")
        for spec in specs:
            build(spec, seed=0)  # a bad spec fails here, naming the known agents
        self.seat = seat
        self.opponent_specs = specs
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        observation_space: Any = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, 1.0, (self.adapted.observation_size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, (self.adapted.num_decisions,), dtype=np.int8),
            }
        )
        self.observation_space = observation_space
        self.action_space: spaces.Discrete[Any] = spaces.Discrete(self.adapted.num_decisions)
        self._chance = random.Random()
        self._opponents: dict[int, Agent] = {}
        self.state_: State = self.adapted.game.new_game()

    def _observation(self) -> Observation:
        return {
            "observation": self.adapted.observation(self.state_, self.seat),
            "action_mask": self.adapted.action_mask(self.state_, self.seat),
        }

    def _info(self) -> dict[str, Any]:
        return {"seat": self.seat, "winners": self.state_.winners()}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game; ``seed`` fixes chance and the opponents' choices."""
        super().reset(seed=seed)
        base = int(self.np_random.integers(0, 2**62))
        self._chance = random.Random(derive_seed(base, 0))
        others = [
            (self.seat + offset) % self.adapted.game.players
            for offset in range(1, 1 + len(self.opponent_specs))
        ]
        self._opponents = {
            other: build(spec, seed=derive_seed(base, 1 + index))
            for index, (other, spec) in enumerate(zip(others, self.opponent_specs, strict=True))
        }
        self.state_ = self.adapted.game.new_game()
        self._advance()
        return self._observation(), self._info()

    def _advance(self) -> None:
        """Play chance and the opponents until the learner decides or the game ends."""
        state = self.state_
        while not state.is_terminal():
            player = state.current_player
            if state.is_chance():
                state.apply(sample_outcome(state, self._chance))
            elif player == self.seat:
                return
            else:
                state.apply(self._opponents[player].act(state))

    def step(self, action: int) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learner's ``action``, then the others until the learner's next decision."""
        if self.state_.is_terminal():
            raise IllegalAction("the game is over: call reset() to start a new one")
        table = self.adapted.encoded.decisions
        text = table.strings[int(action)] if 0 <= int(action) < len(table) else None
        if text is None or text not in self.state_.legal_actions():
            if self.illegal == "raise":
                raise IllegalAction(
                    f"action {action} ({text or 'out of range'}) is not legal now; "
                    f"legal: {self.adapted.legal_numbers(self.state_)}"
                )
            info = {**self._info(), "illegal_action": int(action)}
            return self._observation(), self.illegal_reward, True, False, info
        self.state_.apply(text)
        self._advance()
        terminated = self.state_.is_terminal()
        reward = float(self.state_.returns()[self.seat]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, False, self._info()

    def render(self) -> str | None:
        """The game as text (``ansi``) or printed (``human``)."""
        if self.render_mode is None:
            return None
        text = str(self.state_)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


def env(
    game_id: str, seat: int = 0, opponents: str | Sequence[str] = "mcts", **options: Any
) -> TheomachyEnv:
    """A single-agent environment for ``seat`` of a Theomachy game (``players``,
    ``illegal``, ``illegal_reward`` and ``render_mode`` may be given among the keyword
    arguments; the others are the game's options)."""
    return TheomachyEnv(game_id, seat=seat, opponents=opponents, **options)
