"""OpenSpiel's own checks on every registered game, through theomachy.interop.openspiel."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import mcts as openspiel_mcts  # noqa: E402

import theomachy  # noqa: E402
from theomachy import agents  # noqa: E402
from theomachy.engine.encoding import encoded  # noqa: E402
from theomachy.interop.openspiel import load_game, short_name  # noqa: E402

from .cases import CASES, GAMES, short_options  # noqa: E402


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_random_sim_test(game_id: str, players: int) -> None:
    """pyspiel.random_sim_test: clones, legal actions sorted and masked, chance, returns."""
    game = load_game(game_id, players=players, **short_options(game_id))
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_random_sim_test_with_serialisation(game_id: str, players: int) -> None:
    """The same with serialize_game_and_state / deserialize_game_and_state on the way."""
    game = load_game(game_id, players=players, **short_options(game_id))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_game_facts_match_the_encoding(game_id: str) -> None:
    game = load_game(game_id)
    ours = theomachy.load(game_id)
    tables = encoded(ours)
    assert game.num_players() == ours.players
    assert game.num_distinct_actions() == len(tables.decisions)
    assert game.max_chance_outcomes() == len(tables.outcomes)
    assert game.max_game_length() == tables.encoding.max_decisions()
    assert game.observation_tensor_size() == tables.encoding.observation_size()
    assert game.information_state_tensor_size() > game.observation_tensor_size()
    assert game.get_type().short_name == short_name(game_id)
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (0.0, 1.0, 1.0)


@pytest.mark.parametrize("game_id", GAMES)
def test_actions_are_our_notation_and_tensors_are_views(game_id: str) -> None:
    game = load_game(game_id)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(60):
        if state.is_terminal():
            break
        inner = state.theomachy_state
        if state.is_chance_node():
            numbers = [action for action, _ in state.chance_outcomes()]
            player = pyspiel.PlayerId.CHANCE
        else:
            numbers = state.legal_actions()
            player = state.current_player()
            tensor = state.observation_tensor(player)
            assert len(tensor) == game.observation_tensor_size()
            assert all(0.0 <= value <= 1.0 for value in tensor)
            assert state.information_state_string(player) != state.observation_string(player)
        strings = sorted(state.action_to_string(player, number) for number in numbers)
        assert strings == sorted(inner.legal_actions())
        state.apply_action(rng.choice(numbers))
    assert state.history_str() is not None


def test_options_travel_by_name_and_survive_serialisation() -> None:
    game = load_game("mythic-arena", rounds=3, first_player=1)
    assert game.get_parameters()["rounds"] == 3
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.history()) < 5:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game)
    assert str(state2) == str(state)
    assert state2.theomachy_state.game.options["rounds"] == 3
    assert state2.theomachy_state.history() == state.theomachy_state.history()


def test_list_options_travel_as_json() -> None:
    factions = [["thor", "zeus", "set", "fujin"], ["chalchiuhtlicue", "anubis", "izanagi", "hera"]]
    game = load_game("mythic-wars", players=2, mode="destiny", factions=factions)
    inner = game.new_initial_state().theomachy_state
    assert inner.game.options["factions"] == factions
    again = pyspiel.load_game(str(game))
    assert again.new_initial_state().theomachy_state.game.options["factions"] == factions


def test_bad_requests_name_the_problem() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        load_game("no-such-game")
    with pytest.raises(ValueError, match="players"):
        load_game("mythic-arena", players=5)
    with pytest.raises(ValueError, match="rounds"):
        load_game("mythic-arena", rounds=4)


def test_openspiel_mcts_bot_plays_against_our_mcts() -> None:
    """OpenSpiel's own MCTS bot (random roll-outs) against Theomachy's MCTS agent."""
    game = load_game("mythic-arena")
    theirs = openspiel_mcts.MCTSBot(
        game,
        uct_c=1.4,
        max_simulations=20,
        evaluator=openspiel_mcts.RandomRolloutEvaluator(1, np.random.RandomState(3)),
        random_state=np.random.RandomState(4),
    )
    ours = agents.make("mcts", seed=2, iterations=40)
    table = encoded(theomachy.load("mythic-arena")).decisions
    rng = random.Random(9)
    state = game.new_initial_state()
    moves = {0: 0, 1: 0}
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
            continue
        player = state.current_player()
        if player == 0:
            action = theirs.step(state)
        else:
            action = table.number(ours.act(state.theomachy_state))
        assert action in state.legal_actions()
        state.apply_action(action)
        moves[player] += 1
    assert moves[0] > 0 and moves[1] > 0
    assert sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])


def test_one_of_our_levels_plays_in_an_openspiel_loop() -> None:
    game = load_game("mythic-arena")
    bot = agents.make("easy", seed=3)
    table = encoded(theomachy.load("mythic-arena")).decisions
    rng = random.Random(5)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        elif state.current_player() == 1:
            action = table.number(bot.act(state.theomachy_state))
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert moves > 0 and sorted(state.returns()) in ([0.0, 1.0], [0.5, 0.5])


def test_tensors_and_strings_follow_the_position() -> None:
    """Each position's tensors and strings are those of its own view, never a stale one."""
    game = load_game("mythic-arena")
    ours = theomachy.load("mythic-arena")
    tables = encoded(ours)
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        if not state.is_chance_node():
            player = state.current_player()
            view = state.theomachy_state.view(player)
            assert list(state.observation_tensor(player)) == pytest.approx(
                tables.encoding.observe(view)
            )
            assert f'"log":{json.dumps(view["log"], separators=(",", ":"))}' in (
                state.information_state_string(player)
            )
            assert '"log"' not in state.observation_string(player)
        numbers = (
            [a for a, _ in state.chance_outcomes()]
            if state.is_chance_node()
            else state.legal_actions()
        )
        state.apply_action(rng.choice(numbers))
