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

    def __deepcopy__(self, memo: dict[int, Any]) -> Adapted:
        # Shared, never mutated: OpenSpiel deep-copies a Python state's attributes to clone it.
        return self

    def __reduce__(self) -> tuple[Any, tuple[str, int, str]]:
        # Pickled (OpenSpiel serialisation) as its key, rebuilt from the cache on load.
        options = json.dumps(self.game.options, sort_keys=True)
        return (_adapted_from_key, (self.game.id, self.game.players, options))

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

    def observation(self, state: State, player: int, seen: Seen | None = None) -> Vector:
        """The encoding's observation of ``view(player)`` as a float32 vector."""
        seen = seen or Seen(state)
        return seen.observed(self, player)

    def information(self, state: State, player: int, seen: Seen | None = None) -> Vector:
        """The observation followed by a summary of the player's visible log.

        The summary counts each logged action (chance outcomes included; entries the player
        sees masked, such as another's ``draw ?``, in one shared slot), squashed as
        count / (count + 1) so it stays in [0, 1]. It is a fixed-size digest of the history,
        not perfect recall; the information-state *string* is the exact one.
        """
        seen = seen or Seen(state)
        counts = np.zeros(self._hidden_slot + 1, dtype=np.float32)
        slots, hidden = self._log_slots, self._hidden_slot
        for entry in seen.view(player).get("log", ()):
            counts[slots.get(entry, hidden)] += 1.0
        return np.concatenate([seen.observed(self, player), counts / (counts + 1.0)])

    @staticmethod
    def observation_text(state: State, player: int, seen: Seen | None = None) -> str:
        """What ``player`` sees now, as canonical JSON (the view without its log)."""
        view = (seen or Seen(state)).view(player)
        public = {key: value for key, value in view.items() if key != "log"}
        return json.dumps(public, sort_keys=True, separators=(",", ":"))

    @staticmethod
    def information_text(state: State, player: int, seen: Seen | None = None) -> str:
        """Everything ``player`` knows (the view with its full visible log), canonical JSON:
        equal strings mean positions the player cannot tell apart."""
        view = (seen or Seen(state)).view(player)
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


class Seen:
    """The views (and observation vectors) of one position, each computed once per player.

    OpenSpiel asks for a position's observation and information state as tensors and strings,
    four views of the same thing; the owner calls :meth:`forget` whenever the state moves on.
    """

    __slots__ = ("_observed", "_views", "state")

    def __init__(self, state: State) -> None:
        self.state = state
        self._views: dict[int, dict[str, Any]] = {}
        self._observed: dict[int, Vector] = {}

    def forget(self) -> None:
        """The state has changed: drop what was computed."""
        self._views.clear()
        self._observed.clear()

    def view(self, player: int) -> dict[str, Any]:
        """``state.view(player)``, computed once."""
        view = self._views.get(player)
        if view is None:
            view = self._views[player] = self.state.view(player)
        return view

    def observed(self, adapted: Adapted, player: int) -> Vector:
        """The encoding's vector of ``view(player)``, computed once."""
        vector = self._observed.get(player)
        if vector is None:
            values = adapted.encoded.encoding.observe(self.view(player))
            vector = self._observed[player] = np.asarray(values, dtype=np.float32)
        return vector


_ADAPTED: dict[tuple[str, int, str], Adapted] = {}


def adapted(game_id: str, players: int | None, options: Mapping[str, Any]) -> Adapted:
    """The shared :class:`Adapted` of a game id, player count and options (built once)."""
    game = load(game_id, players=players, options=dict(options))
    key = (game.id, game.players, json.dumps(game.options, sort_keys=True))
    found = _ADAPTED.get(key)
    if found is None:
        found = _ADAPTED[key] = Adapted(game_id, players, options)
    return found


def _adapted_from_key(game_id: str, players: int, options: str) -> Adapted:
    return adapted(game_id, players, json.loads(options))
