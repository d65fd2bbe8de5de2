"""What every adapter shares: a game with its encoding, observation and information vectors."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from theomachy.engine.core import Game, State
from theomachy.engine.encoding import Encoded, encoded
from theomachy.engine.registry import load

Vector = npt.NDArray[np.float32]

HIDDEN_SLOT = "?"
"""The log-summary slot counting log entries the viewer sees only masked (``draw ?``)."""


class Adapted:
    """A loaded game with its encoding: what the three adapters need, in one place."""

    def __init__(self, game_id: str, players: int | None, options: Mapping[str, Any]) -> None:
        self.game: Game = load(game_id, players=players, options=dict(options))
        self.encoded: Encoded = encoded(self.game)
        encoding = self.encoded.encoding
        self.observation_size = encoding.observation_size()
        # The log summary: one slot per decision, per chance outcome, and one for masked entries.
        self._log_slots: dict[str, int] = {}
        for text in (*self.encoded.decisions.strings, *self.encoded.outcomes.strings):
            self._log_slots.setdefault(text, len(self._log_slots))
        self._hidden_slot = len(self._log_slots)
        self.information_size = self.observation_size + self._hidden_slot + 1

    @property
    def num_decisions(self) -> int:
        """The size of the decision table (integer actions 0..n-1)."""
        return len(self.encoded.decisions)

    @property
    def num_outcomes(self) -> int:
        """The size of the chance-outcome table."""
        return len(self.encoded.outcomes)

    def legal_numbers(self, state: State) -> list[int]:
        """The legal decisions (or chance outcomes) of ``state`` as sorted integers."""
        table = self.encoded.outcomes if state.is_chance() else self.encoded.decisions
        return sorted(table.number(action) for action in state.legal_actions())

    def action_mask(self, state: State, player: int) -> npt.NDArray[np.int8]:
        """1 at each decision ``player`` may take now, else 0 (all 0 when not their turn)."""
        mask = np.zeros(self.num_decisions, dtype=np.int8)
        if state.current_player == player:
            for action in state.legal_actions():
                mask[self.encoded.decisions.number(action)] = 1
        return mask

    def observation(self, state: State, player: int) -> Vector:
        """The encoding's observation of ``view(player)`` as a float32 vector."""
        values = self.encoded.encoding.observe(state.view(player))
        return np.asarray(values, dtype=np.float32)

    def information(self, state: State, player: int) -> Vector:
        """The observation followed by a summary of the player's visible log.

        The summary counts each logged action (chance outcomes included; entries the player
        sees masked, such as another's ``draw ?``, in one shared slot), squashed as
        count / (count + 1) so it stays in [0, 1]. It is a fixed-size digest of the history,
        not perfect recall; the information-state *string* is the exact one.
        """
        view = state.view(player)
        counts = np.zeros(self._hidden_slot + 1, dtype=np.float32)
        slots, hidden = self._log_slots, self._hidden_slot
        for entry in view.get("log", ()):
            counts[slots.get(entry, hidden)] += 1.0
        summary = counts / (counts + 1.0)
        observed = np.asarray(self.encoded.encoding.observe(view), dtype=np.float32)
        return np.concatenate([observed, summary])

    @staticmethod
    def observation_text(state: State, player: int) -> str:
        """What ``player`` sees now, as canonical JSON (the view without its log)."""
        view = {key: value for key, value in state.view(player).items() if key != "log"}
        return json.dumps(view, sort_keys=True, separators=(",", ":"))

    @staticmethod
    def information_text(state: State, player: int) -> str:
        """Everything ``player`` knows (the view with its full visible log), canonical JSON:
        equal strings mean positions the player cannot tell apart."""
        return json.dumps(state.view(player), sort_keys=True, separators=(",", ":"))
