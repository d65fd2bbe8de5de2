"""Gymnasium's own environment checker on every registered game."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

import theomachy
from theomachy.interop.gymnasium import env

from .cases import GAMES


@pytest.mark.parametrize("game_id", GAMES)
def test_check_env(game_id: str) -> None:
    check_env(env(game_id, seat=0, opponents="random"), skip_render_check=True)


@pytest.mark.parametrize("game_id", GAMES)
def test_check_env_on_another_seat(game_id: str) -> None:
    cls = theomachy.engine.game_class(game_id)
    check_env(
        env(game_id, seat=cls.max_players - 1, players=cls.max_players, opponents="greedy"),
        skip_render_check=True,
    )


def play(environment, seed: int) -> tuple[list[int], float]:
    observation, _info = environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions, reward, done = [], 0.0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        actions.append(action)
        observation, reward, terminated, truncated, _info = environment.step(action)
        done = terminated or truncated
    return actions, float(reward)


def test_a_game_against_the_default_mcts_opponent_is_seeded() -> None:
    environment = env("mythic-arena", opponents="mcts:iterations=20")
    first = play(environment, seed=11)
    again = play(environment, seed=11)
    assert first == again
    assert first[1] in (0.0, 0.5, 1.0)


def test_a_level_is_an_opponent() -> None:
    environment = env("mythic-arena", opponents="easy")
    assert environment.opponent_specs == ["easy"]
    first = play(environment, seed=5)
    assert first == play(environment, seed=5)  # a level's budget is in iterations
    assert first[1] in (0.0, 0.5, 1.0)
    check_env(env("mythic-arena", opponents="easy"), skip_render_check=True)
    several = env("mythic-wars", players=3, opponents=["easy", "ismcts:iterations=10"])
    assert play(several, seed=2)[1] in (0.0, 0.5, 1.0)


def test_illegal_actions_lose_or_raise() -> None:
    environment = env("mythic-arena", opponents="random")
    observation, _ = environment.reset(seed=2)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _obs, reward, terminated, _trunc, info = environment.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, illegal)
    strict = env("mythic-arena", opponents="random", illegal="raise")
    strict.reset(seed=2)
    before = strict.state_.to_json()
    with pytest.raises(theomachy.IllegalAction, match="not legal"):
        strict.step(illegal)
    assert strict.state_.to_json() == before


def test_bad_arguments_name_the_problem() -> None:
    with pytest.raises(ValueError, match="seat"):
        env("mythic-arena", seat=2)
    with pytest.raises(ValueError, match="unknown agent"):
        env("mythic-arena", opponents="wizard")
    with pytest.raises(ValueError, match="easy is a level and takes no parameters"):
        env("mythic-arena", opponents="easy:iterations=5")
    with pytest.raises(ValueError, match="budget_ms must be positive"):
        env("mythic-arena", opponents="ismcts:budget_ms=-1")
    with pytest.raises(ValueError, match="opponent specs"):
        env("mythic-wars", players=3, opponents=["random"])
