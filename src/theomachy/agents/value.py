"""A learned evaluation: a logistic correction to a game's hand-written ``evaluate``.

The model reads only what a seat may know: the game's observation vector of ``view(player)``
(``theomachy.engine.encoding``), plus the hand-written evaluation of the position as one more
input (its log-odds), so it starts from what the designer wrote and learns what that misses:

    value = sigmoid(bias + scale * logit(evaluate(player)) + weights . observe(view(player)))

It is trained by ``theomachy lab train-value GAME`` (``theomachy.lab.value``) from self-play
games and shipped as ``content/value.json`` in the game's package: a few thousand numbers, no
download. A search agent uses it with ``learned=1`` (``ismcts:learned=1``); whether it plays
better than the hand-written evaluation is measured in bench/EVALUATION.md.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from operator import mul
from typing import Any

from theomachy.engine.core import State
from theomachy.engine.encoding import encoded

FILE_NAME = "value.json"
_EDGE = 1e-6  # evaluations of exactly 0 or 1 are clipped before taking log-odds


def logit(probability: float) -> float:
    """The log-odds of ``probability``, clipped away from 0 and 1."""
    p = min(1.0 - _EDGE, max(_EDGE, probability))
    return math.log(p / (1.0 - p))


def sigmoid(x: float) -> float:
    """The logistic function, safe for large ``|x|``."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    z = math.exp(x)
    return z / (1.0 + z)


@dataclass(frozen=True)
class ValueModel:
    """Trained weights for one game at one player count, and how they were made."""

    game: str
    players: int
    options: dict[str, Any]
    bias: float
    scale: float
    weights: tuple[float, ...]
    training: dict[str, Any]

    def value(self, state: State, player: int) -> float:
        """How good ``state`` is for ``player`` (0..1): the returns at the end, else the model
        applied to what ``player`` sees."""
        if state.is_terminal():
            return state.returns()[player]
        observation = encoded(state.game).encoding.observe(state.view(player))
        x = self.bias + self.scale * logit(state.evaluate(player))
        x += sum(map(mul, self.weights, observation))
        return sigmoid(x)

    def to_json(self) -> str:
        """The document ``content/value.json`` holds (weights rounded to 6 digits)."""
        document = {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "bias": round(self.bias, 6),
            "scale": round(self.scale, 6),
            "weights": [round(w, 6) for w in self.weights],
            "training": self.training,
        }
        return json.dumps(document, indent=1) + "\n"


def parse_model(text: str) -> ValueModel:
    """A model from its JSON document; ``ValueError`` naming what is wrong."""
    try:
        data = json.loads(text)
        model = ValueModel(
            game=str(data["game"]),
            players=int(data["players"]),
            options=dict(data["options"]),
            bias=float(data["bias"]),
            scale=float(data["scale"]),
            weights=tuple(float(w) for w in data["weights"]),
            training=dict(data.get("training", {})),
        )
    except (ValueError, KeyError, TypeError) as error:
        raise ValueError(f"not a value model document: {error}") from None
    numbers = (model.bias, model.scale, *model.weights)
    if not all(math.isfinite(n) for n in numbers):
        raise ValueError("not a value model document: a weight is not a finite number")
    return model


def _package(game_module: str) -> str:
    return game_module.rsplit(".", 1)[0]


@lru_cache(maxsize=16)
def _shipped(package: str) -> ValueModel | None:
    try:
        text = resources.files(package).joinpath("content", FILE_NAME).read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError):
        return None
    return parse_model(text)


def shipped_model(state: State) -> ValueModel | None:
    """The model shipped for ``state``'s game, if there is one trained on this player count
    and these options (another set-up may read the same numbers differently)."""
    game = state.game
    model = _shipped(_package(type(game).__module__))
    if model is None or (model.game, model.players, model.options) != (
        game.id,
        game.players,
        game.options,
    ):
        return None
    return model


def learned_evaluator(state: State) -> ValueModel:
    """The shipped model for ``state``'s game; ``ValueError`` when the game has none (the
    message names the game and the command that trains one)."""
    model = shipped_model(state)
    if model is None:
        raise ValueError(
            f"no learned evaluation is shipped for {state.game.id} at {state.game.players} "
            "players with these options; train one with "
            f"`theomachy lab train-value {state.game.id}`"
        )
    expected = encoded(state.game).encoding.observation_size()
    if len(model.weights) != expected:
        raise ValueError(
            f"the learned evaluation of {state.game.id} has {len(model.weights)} weights, but "
            f"its observation has {expected} numbers: train it again"
        )
    return model
