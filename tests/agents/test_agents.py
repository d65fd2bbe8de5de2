"""Agents: legal moves, determinism, and no cheating (the same view gives the same move)."""

from __future__ import annotations

import random

import pytest

import theomachy
from theomachy import agents
from theomachy.agents.ismcts import ISMCTSAgent
from theomachy.agents.specs import build
from theomachy.engine import conformance

AGENTS = [
    ("random", {}),
    ("greedy", {"samples": 3}),
    ("mcts", {"iterations": 40}),
    ("ismcts", {"iterations": 40}),
    ("ismcts", {"iterations": 40, "rollout_depth": 5, "temperature": 1.0}),
    ("ismcts", {"iterations": 40, "prior_temperature": 0.0}),
    ("ismcts", {"iterations": 40, "open_loop": 0, "prior_samples": 3}),
    ("ismcts", {"iterations": 40, "rollout_greedy": 0.5}),
    ("ismcts", {"iterations": 40, "reuse": 0}),
]
GAMES = [("mythic-arena", 2), ("mythic-wars", 2), ("mythic-wars", 4)]
# Every game, for the new search agent: hidden hands, decks, drafts and private decisions.
ALL_GAMES = [
    ("mythic-arena", 2),
    ("mythic-wars", 4),
    ("mythotopia", 3),
    ("arena-of-the-gods", 2),
    ("mythic-battles", 2),
]


def _decision_states(game_id: str, players: int, seed: int, every: int) -> list:
    """Copies of the decision positions of a seeded random game, one in ``every``."""
    game = theomachy.load(game_id, players=players)
    states = []
    for step, state in enumerate(conformance.random_playthrough(game, seed)):
        if state.current_player >= 0 and step % every == 0 and len(state.legal_actions()) > 1:
            states.append(state.clone())
    return states


def _same_move_for_the_same_view(
    game_id: str, players: int, name: str, params: dict, spread: int = 4
) -> int:
    """Asserts that agent ``name`` plays the same move from a position and from another one
    its player cannot tell apart, at ``spread`` positions over the whole game; returns how
    many pairs differed in hidden parts."""
    differing = 0
    states = _decision_states(game_id, players, seed=3, every=9)
    for state in states[:: max(1, len(states) // spread)][:spread]:
        player = state.current_player
        other = state.determinize(player, random.Random(99))
        assert other.view(player) == state.view(player)
        differing += conformance.fingerprint(other) != conformance.fingerprint(state)
        first = agents.make(name, seed=5, **params).act(state)
        second = agents.make(name, seed=5, **params).act(other)
        assert first == second, f"{name} on {game_id}: moves differ for the same view"
    return differing


@pytest.mark.parametrize(("game_id", "players"), GAMES)
@pytest.mark.parametrize(("name", "params"), AGENTS)
def test_no_cheating_the_same_view_gives_the_same_move(game_id, players, name, params):
    differing = _same_move_for_the_same_view(game_id, players, name, params, spread=8)
    if game_id == "mythic-wars":
        assert differing > 0, "the test must include states whose hidden parts differ"


@pytest.mark.parametrize(("game_id", "players"), ALL_GAMES)
def test_ismcts_is_blind_in_every_game(game_id, players):
    differing = _same_move_for_the_same_view(
        game_id, players, "ismcts", {"iterations": 30}, spread=8
    )
    if game_id != "mythic-arena":
        assert differing > 0, "the test must include states whose hidden parts differ"


@pytest.mark.parametrize("level", agents.LEVELS)
@pytest.mark.parametrize(("game_id", "players"), [("mythic-arena", 2), ("mythic-wars", 2)])
def test_every_level_is_blind(game_id, players, level):
    _same_move_for_the_same_view(game_id, players, level, {})


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
    with pytest.raises(ValueError, match="iterations must be an integer of at least 1"):
        agents.make("mcts", iterations=0)
    with pytest.raises(ValueError, match="samples must be an integer of at least 1"):
        agents.make("greedy", samples=0)
    with pytest.raises(ValueError, match="bad options"):
        agents.make("random", depth=3)


@pytest.mark.parametrize("level", agents.LEVELS)
def test_levels_are_seeded_and_play_legal_moves(level):
    for state in _decision_states("mythic-arena", 2, seed=8, every=7)[:3]:
        move = agents.make(level, seed=1).act(state)
        assert move in state.legal_actions()
        assert agents.make(level, seed=1).act(state.clone()) == move


def test_a_level_settles_its_search_from_public_facts_only():
    """A level's settings depend on the game and the player count, nothing else."""
    from theomachy.agents.levels import plan

    assert plan("hard", "mythic-wars", 4) == plan("hard", "mythic-wars", 4)
    for game_id in theomachy.games():
        # Each level searches at least as much as the one below and picks its move no more
        # freely (a lower temperature): where search saturates, levels differ by randomness.
        strengths = [
            (settings["iterations"], -settings.get("temperature", 0.0))
            for settings in (plan(level, game_id, 2) for level in agents.LEVELS)
        ]
        assert strengths == sorted(strengths), f"{game_id}: levels must not weaken as they rise"
        assert len(set(strengths)) == len(strengths), f"{game_id}: two levels are the same"


def test_bad_specs_are_refused_with_the_problem_named():
    with pytest.raises(ValueError, match="unknown agent 'master'"):
        agents.make("master")
    with pytest.raises(ValueError, match="hard is a level and takes no parameters"):
        agents.make("hard", iterations=5)
    with pytest.raises(ValueError, match="iterations must be an integer of at least 1"):
        agents.make("ismcts", iterations=-3)
    with pytest.raises(ValueError, match="budget_ms must be positive"):
        agents.make("ismcts", budget_ms=-1)
    with pytest.raises(ValueError, match="rollout_depth must be an integer of at least 0"):
        agents.make("ismcts", rollout_depth=-1)
    with pytest.raises(ValueError, match="bad options"):
        agents.make("ismcts", depth=3)
    # Values that would make a search endless or meaningless.
    for params, problem in [
        ({"iterations": 2.5}, "iterations must be an integer"),
        ({"iterations": float("nan")}, "iterations must be an integer"),
        ({"budget_ms": float("inf")}, "budget_ms must be positive and finite"),
        ({"rollout_depth": float("inf")}, "rollout_depth must be an integer"),
        ({"exploration": "abc"}, "exploration must be a number"),
        ({"temperature": -1}, "temperature must be a number from 0 to 10"),
        ({"prior_samples": 0}, "prior_samples must be an integer of at least 1"),
        ({"prior_samples": 33}, "prior_samples must be an integer from 1 to 32"),
        ({"open_loop": 2}, "open_loop must be an integer from 0 to 1"),
        ({"rollout_greedy": 1.5}, "rollout_greedy must be a number from 0 to 1"),
        ({"reuse": 2}, "reuse must be an integer from 0 to 1"),
    ]:
        with pytest.raises(ValueError, match=problem):
            agents.make("ismcts", **params)
    with pytest.raises(ValueError, match="exploration must be a number"):
        agents.make("mcts", exploration=-1)
    with pytest.raises(ValueError, match="samples must be an integer"):
        agents.make("greedy", samples=2.5)
    with pytest.raises(ValueError, match="the seed is given apart"):
        build("hard:seed=3", seed=1)
    with pytest.raises(ValueError, match="iterations is given twice"):
        build("ismcts:iterations=5:iterations=7", seed=1)


def test_ismcts_stops_early_only_when_the_move_is_decided():
    """The early stop counts visits: it ends searches sooner and never changes the move."""

    class FullBudget(ISMCTSAgent):
        def _decided(self, root, legal, player, remaining):
            return False

    stopped = 0
    for state in _decision_states("mythic-wars", 2, seed=2, every=5)[:6]:
        early = ISMCTSAgent(seed=4, iterations=300)
        full = FullBudget(seed=4, iterations=300)
        assert early.act(state) == full.act(state.clone())
        assert full.last_iterations == 300
        stopped += early.last_iterations < 300
    assert stopped > 0, "some of these searches should be decided before their budget ends"


class _Recording(ISMCTSAgent):
    """Records how many visits each search's root already had when it started."""

    def __init__(self, **params) -> None:
        super().__init__(**params)
        self.started_with: list[int] = []

    def _root_for(self, state, player):
        root = super()._root_for(state, player)
        self.started_with.append(sum(c.visits for c in root.children.values()))
        return root


def _own_follow_ups(game_id: str, seed: int) -> list:
    """Decision positions of a seeded random game whose player, after a move, decides again
    at once (a payment, an activation); few enough choices that 40 iterations revisit some."""
    found = []
    for state in _decision_states(game_id, 2, seed=seed, every=1):
        player = state.current_player
        if len(state.legal_actions()) > 12:
            continue
        after = state.clone()
        after.apply(after.legal_actions()[0])
        if after.current_player == player and len(after.legal_actions()) > 1:
            found.append(state)
    return found


@pytest.mark.parametrize("game_id", ["mythotopia", "mythic-battles"])
def test_ismcts_reuses_its_tree_within_a_turn_and_stays_blind(game_id):
    """Right after its own move the agent searches on from that move's subtree, and two
    positions its player cannot tell apart still give the same moves, chain and all."""
    reused = 0
    for state in _own_follow_ups(game_id, seed=5)[:4]:
        player = state.current_player
        other = state.determinize(player, random.Random(11))
        assert other.view(player) == state.view(player)
        moves = []
        for start in (state, other):
            agent = _Recording(seed=2, iterations=40)
            position = start.clone()
            chain = []
            while position.current_player == player and len(chain) < 3:
                move = agent.act(position)
                assert move in position.legal_actions()
                chain.append(move)
                position.apply(move)
            moves.append(chain)
            reused += sum(1 for visits in agent.started_with[1:] if visits > 0)
        assert moves[0] == moves[1], f"{game_id}: the chain of moves differs for the same view"
    assert reused > 0, "some of these searches should start from the kept subtree"


def test_ismcts_forgets_its_tree_when_anything_else_happened():
    """A kept subtree is used only after the agent's own move: not after another move (a
    hint not taken), not after another player's move or a draw."""
    state = _own_follow_ups("mythotopia", seed=5)[0]
    player = state.current_player
    agent = _Recording(seed=2, iterations=40)
    move = agent.act(state)
    other_moves = [a for a in state.legal_actions() if a != move]
    elsewhere = state.clone()
    elsewhere.apply(other_moves[0])
    if elsewhere.current_player == player and len(elsewhere.legal_actions()) > 1:
        agent.act(elsewhere)
        assert agent.started_with[-1] == 0, "a move the agent did not choose was applied"
    assert agent._kept is None or agent._kept[3] != move
    # The agent's own move, then its next search: the subtree is used.
    agent = _Recording(seed=2, iterations=40)
    position = state.clone()
    position.apply(agent.act(position))
    if position.current_player == player and len(position.legal_actions()) > 1:
        agent.act(position)
        assert agent.started_with[-1] > 0
    # Off: every search starts empty.
    agent = _Recording(seed=2, iterations=40, reuse=0)
    position = state.clone()
    position.apply(agent.act(position))
    if position.current_player == player and len(position.legal_actions()) > 1:
        agent.act(position)
    assert set(agent.started_with) == {0}


def test_ismcts_time_budget_is_the_one_clocked_mode():
    state = _decision_states("mythic-arena", 2, seed=1, every=5)[0]
    agent = agents.make("ismcts", seed=1, budget_ms=30)
    assert agent.act(state) in state.legal_actions()
    assert agent.last_iterations >= 1


@pytest.mark.parametrize(
    ("name", "params"), [("mcts", {"iterations": 150}), ("ismcts", {"iterations": 60})]
)
def test_search_beats_random_at_mythic_arena(name, params):
    score = 0.0
    for seed in range(6):
        bots = [agents.make(name, seed=seed, **params), agents.make("random", seed=seed)]
        if seed % 2:
            bots.reverse()
        end = theomachy.simulate("mythic-arena", agents=bots, seed=seed)
        score += end.returns()[seed % 2]
    assert score >= 5
