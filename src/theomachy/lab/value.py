"""Training a learned evaluation by self-play (``theomachy lab train-value GAME``).

1. Self-play: ``games`` games with ``agent`` in every seat, each seeded from ``seed`` and its
   index (so the data are the same on any number of processes). A share of the decision
   positions of each game (``positions`` a game on average, drawn with the game's own seeded
   generator) is kept, and for each seat: its observation vector (what that seat sees, never
   more), the log-odds of the hand-written evaluation of a determinization from that seat
   (as the search computes it), and the seat's return at the end.
2. The games are split by index: 70% to fit, 15% to choose the L2 strength, 15% to report on.
3. Logistic regression, started from the hand-written evaluation (scale 1, every weight 0)
   and fitted by full-batch Adam in float64: the same data give the same weights.

The report compares the learned and the hand-written evaluation on the held-out games (log
loss and Brier score); whether the learned one plays better is a separate, measured question
(bench/EVALUATION.md).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from typing import Any

import numpy as np

from theomachy.agents.specs import build
from theomachy.agents.value import ValueModel, logit
from theomachy.engine.chance import sample_outcome
from theomachy.engine.core import CHANCE
from theomachy.engine.encoding import encoded
from theomachy.engine.registry import load
from theomachy.engine.simulate import derive_seed

L2_CHOICES = (1e-3, 1e-2, 1e-1, 1.0)
STEPS = 400
LEARNING_RATE = 0.02


@dataclass(frozen=True)
class TrainConfig:
    """What a training run plays and keeps."""

    game: str
    players: int = 2
    games: int = 2000
    agent: str = "easy"
    positions: float = 6.0
    seed: int = 0
    jobs: int = 1
    options: dict[str, Any] | None = None


@dataclass(frozen=True)
class Rows:
    """One game's kept positions: observations, hand log-odds, returns (one row a seat)."""

    observations: list[list[float]]
    hand: list[float]
    outcomes: list[float]


def _positions(config: TrainConfig, index: int) -> Rows:
    """Play game ``index`` and keep some of its decision positions, for every seat."""
    game = load(config.game, players=config.players, options=config.options)
    encoding = encoded(game).encoding
    bots = [
        build(config.agent, seed=derive_seed(config.seed, index, "seat", s))
        for s in range(game.players)
    ]
    chance = random.Random(derive_seed(config.seed, index, "chance"))
    keep = random.Random(derive_seed(config.seed, index, "keep"))
    sampler = random.Random(derive_seed(config.seed, index, "determinize"))
    state = game.new_game()
    kept = []
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            state.apply(sample_outcome(state, chance))
            continue
        if len(state.legal_actions()) > 1:
            kept.append(state.clone())
        state.apply(bots[player].act(state))
    share = min(1.0, config.positions / max(1, len(kept)))
    chosen = [s for s in kept if keep.random() < share]
    returns = state.returns()
    rows = Rows([], [], [])
    for position in chosen:
        for seat in range(game.players):
            rows.observations.append(encoding.observe(position.view(seat)))
            # The hand-written evaluation as the search computes it: of a position the seat
            # cannot tell from this one, never of the hidden truth.
            seen = position.determinize(seat, sampler)
            rows.hand.append(logit(seen.evaluate(seat)))
            rows.outcomes.append(returns[seat])
    return rows


def _play(job: tuple[TrainConfig, int]) -> Rows:
    return _positions(*job)


def self_play(config: TrainConfig, progress: Callable[[int], None] | None = None) -> list[Rows]:
    """Every game's kept rows, in index order (the same whatever ``jobs`` is)."""
    jobs = [(config, index) for index in range(config.games)]
    if config.jobs <= 1:
        out = []
        for job in jobs:
            out.append(_play(job))
            if progress:
                progress(len(out))
        return out
    with Pool(config.jobs) as pool:
        out = []
        for rows in pool.imap(_play, jobs, chunksize=4):
            out.append(rows)
            if progress:
                progress(len(out))
        return out


@dataclass(frozen=True)
class Dataset:
    x: np.ndarray  # observations
    h: np.ndarray  # hand-written log-odds
    y: np.ndarray  # returns, 0..1

    @classmethod
    def of(cls, games: Sequence[Rows], size: int) -> Dataset:
        observations = [o for g in games for o in g.observations]
        x = np.array(observations, dtype=np.float64).reshape(len(observations), size)
        h = np.array([v for g in games for v in g.hand], dtype=np.float64)
        y = np.array([v for g in games for v in g.outcomes], dtype=np.float64)
        return cls(x, h, y)

    def __len__(self) -> int:
        return len(self.y)


def _predict(params: tuple[float, float, np.ndarray], data: Dataset) -> np.ndarray:
    bias, scale, weights = params
    z = bias + scale * data.h + data.x @ weights
    result: np.ndarray = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
    return result


def log_loss(p: np.ndarray, y: np.ndarray) -> float:
    """Mean cross-entropy of predictions ``p`` for outcomes ``y`` (draws count half)."""
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def brier(p: np.ndarray, y: np.ndarray) -> float:
    """Mean squared error of predictions ``p`` for outcomes ``y``."""
    return float(np.mean((p - y) ** 2))


def fit(data: Dataset, l2: float, steps: int = STEPS) -> tuple[float, float, np.ndarray]:
    """Logistic regression from the hand-written evaluation (bias 0, scale 1, weights 0) by
    full-batch Adam; ``l2`` penalises the observation weights only."""
    theta = np.zeros(data.x.shape[1] + 2)
    theta[1] = 1.0
    m = np.zeros_like(theta)
    v = np.zeros_like(theta)
    n = len(data)
    for step in range(1, steps + 1):
        p = _predict((theta[0], theta[1], theta[2:]), data)
        error = (p - data.y) / n
        grad = np.empty_like(theta)
        grad[0] = error.sum()
        grad[1] = error @ data.h
        grad[2:] = data.x.T @ error + l2 * theta[2:]
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        m_hat = m / (1 - 0.9**step)
        v_hat = v / (1 - 0.999**step)
        theta -= LEARNING_RATE * m_hat / (np.sqrt(v_hat) + 1e-8)
    return float(theta[0]), float(theta[1]), theta[2:].copy()


@dataclass(frozen=True)
class TrainResult:
    """The model and how it compares with the hand-written evaluation on held-out games."""

    model: ValueModel
    report: dict[str, Any]


def train(config: TrainConfig, progress: Callable[[int], None] | None = None) -> TrainResult:
    """Self-play, split, choose the L2 strength on the validation games, report on the test
    games; the model is the fit on the training games."""
    if config.games < 20:
        raise ValueError(f"train-value needs at least 20 games, got {config.games}")
    game = load(config.game, players=config.players, options=config.options)
    size = encoded(game).encoding.observation_size()
    games = self_play(config, progress)
    first, second = math.floor(0.7 * len(games)), math.floor(0.85 * len(games))
    fit_data = Dataset.of(games[:first], size)
    valid = Dataset.of(games[first:second], size)
    test = Dataset.of(games[second:], size)
    if min(len(fit_data), len(valid), len(test)) == 0:
        raise ValueError("too few positions kept to train; play more games")
    trials = []
    for l2 in L2_CHOICES:
        params = fit(fit_data, l2)
        trials.append((log_loss(_predict(params, valid), valid.y), l2, params))
    _, l2, (bias, scale, weights) = min(trials, key=lambda t: (t[0], t[1]))
    hand = 1.0 / (1.0 + np.exp(-test.h))
    learned = _predict((bias, scale, weights), test)
    report = {
        "positions": {"fit": len(fit_data), "validation": len(valid), "test": len(test)},
        "l2": l2,
        "validation_log_loss": {f"{t[1]:g}": round(t[0], 5) for t in trials},
        "test_log_loss": {
            "hand": round(log_loss(hand, test.y), 5),
            "learned": round(log_loss(learned, test.y), 5),
        },
        "test_brier": {
            "hand": round(brier(hand, test.y), 5),
            "learned": round(brier(learned, test.y), 5),
        },
    }
    training = {
        "command": (
            f"theomachy lab train-value {config.game} --players {config.players} "
            f"--games {config.games} --agent {config.agent} --positions {config.positions:g} "
            f"--seed {config.seed}"
        ),
        **report,
    }
    model = ValueModel(
        game=config.game,
        players=config.players,
        options=game.options,
        bias=bias,
        scale=scale,
        weights=tuple(float(w) for w in weights),
        training=training,
    )
    return TrainResult(model, report)
