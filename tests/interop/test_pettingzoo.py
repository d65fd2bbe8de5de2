"""PettingZoo's own API and seed tests on every registered game."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

import theomachy
from theomachy import agents
from theomachy.interop.pettingzoo import env

from .cases import CASES

# api_test suggests plain Box observations; a dict with "action_mask" is the convention of
# PettingZoo's own classic (board and card game) environments, which is what ours are.
pytestmark = pytest.mark.filterwarnings("ignore:Observation:UserWarning")


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_api_test(game_id: str, players: int) -> None:
    api_test(env(game_id, players=players), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_seed_test(game_id: str, players: int) -> None:
    seed_test(lambda: env(game_id, players=players), num_cycles=200)


def test_a_whole_game_ends_with_the_returns_as_rewards() -> None:
    environment = env("mythic-arena")
    environment.reset(seed=4)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _info = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        environment.step(int(rng.choice(legal)))
    assert sorted(totals.values()) in ([0.0, 1.0], [0.5, 0.5])
    assert environment.agents == []


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    environment = env("mythic-arena")
    environment.reset(seed=1)
    agent = environment.agent_selection
    mask = environment.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = environment.state_.to_json()
    with pytest.raises(theomachy.IllegalAction):
        environment.step(illegal)
    with pytest.raises(theomachy.IllegalAction, match="integer"):
        environment.step(10**9)
    assert environment.state_.to_json() == before
    assert environment.agent_selection == agent


def test_one_of_our_levels_can_take_a_seat() -> None:
    environment = env("mythic-arena")
    environment.reset(seed=6)
    bot = agents.make("easy", seed=1)
    decisions = environment.adapted.encoded.decisions
    rng = np.random.default_rng(1)
    moves = 0
    for agent in environment.agent_iter():
        observation, _reward, terminated, truncated, _info = environment.last()
        if terminated or truncated:
            action = None
        elif agent == "player_1":
            action = decisions.number(bot.act(environment.state_))
            assert observation["action_mask"][action] == 1
            moves += 1
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        environment.step(action)
    assert moves > 0 and environment.state_.is_terminal()
