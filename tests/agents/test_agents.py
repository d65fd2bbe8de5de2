"""Agents: legal moves, determinism, and no cheating (the same view gives the same move)."""

from __future__ import annotations

import random

import pytest

import theomachy
from theomachy import agents
from theomachy.engine import conformance

AGENTS = [("random", {}), ("greedy", {"samples": 3}), ("mcts", {"iterations": 40})]
GAMES = [("mythic-arena", 2), ("mythic-wars", 2), ("mythic-wars", 4)]


def _decision_states(game_id: str, players: int, seed: int, every: int) -> list:
    """Copies of the decision positions of a seeded random game, one in ``every``."""
    game = theomachy.load(game_id, players=players)
    states = []
    for step, state in enumerate(conformance.random_playthrough(game, seed)):
        if state.current_player >= 0 and step % every == 0 and len(state.legal_actions()) > 1:
            states.append(state.clone())
    return states


@pytest.mark.parametrize(("game_id", "players"), GAMES)
@pytest.mark.parametrize(("name", "params"), AGENTS)
def test_no_cheating_the_same_view_gives_the_same_move(game_id, players, name, params):
    differing = 0
    for state in _decision_states(game_id, players, seed=3, every=9)[:8]:
        player = state.current_player
        other = state.determinize(player, random.Random(99))
        assert other.view(player) == state.view(player)
        differing += conformance.fingerprint(other) != conformance.fingerprint(state)
        first = agents.make(name, seed=5, **params).act(state)
        second = agents.make(name, seed=5, **params).act(other)
        assert first == second, f"{name} on {game_id}: moves differ for the same view"
    if game_id == "mythic-wars":
        assert differing > 0, "the test must include states whose hidden parts differ"


@pytest.mark.parametrize(("name", "params"), AGENTS)
def test_agents_play_legal_moves_and_are_seeded(name, params):
    for state in _decision_states("mythic-wars", 3, seed=8, every=13)[:5]:
        move = agents.make(name, seed=1, **params).act(state)
        assert move in state.legal_actions()
        assert agents.make(name, seed=1, **params).act(state.clone()) == move


def test_agents_finish_whole_games_through_simulate():
    end = theomachy.simulate(
        "mythic-arena",
        agents=[agents.make("mcts", seed=1, iterations=30), agents.make("greedy", seed=2)],
        seed=4,
    )
    assert end.is_terminal()
    end = theomachy.simulate(
        "mythic-wars", players=3, agents=["greedy", "random", "random"], seed=2
    )
    assert end.is_terminal()


def test_mcts_time_budget_and_bad_parameters():
    state = _decision_states("mythic-arena", 2, seed=1, every=5)[0]
    assert agents.make("mcts", seed=1, budget_ms=30).act(state) in state.legal_actions()
    with pytest.raises(ValueError, match="iterations must be at least 1"):
        agents.make("mcts", iterations=0)
    with pytest.raises(ValueError, match="samples must be at least 1"):
        agents.make("greedy", samples=0)
    with pytest.raises(ValueError, match="bad options"):
        agents.make("random", depth=3)


def test_mcts_beats_random_at_mythic_arena():
    score = 0.0
    for seed in range(6):
        bots = [agents.make("mcts", seed=seed, iterations=150), agents.make("random", seed=seed)]
        if seed % 2:
            bots.reverse()
        end = theomachy.simulate("mythic-arena", agents=bots, seed=seed)
        score += end.returns()[seed % 2]
    assert score >= 5
