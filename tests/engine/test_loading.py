"""Registry, loading and options: unknown ids, counts and options are clear ValueErrors."""

from __future__ import annotations

import pytest

import theomachy
from theomachy import agents


def test_games_lists_registered_ids_sorted_and_survives_subpackage_imports():
    import theomachy.games.mythic_arena

    ids = theomachy.games()
    assert ids == sorted(ids) and "mythic-arena" in ids


def test_load_fills_defaults():
    game = theomachy.load("mythic-arena")
    assert (game.id, game.players, game.min_players, game.max_players) == ("mythic-arena", 2, 2, 2)
    assert game.options == {"rounds": 1, "first_player": 0, "strength_supply": 10}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game_id": "chess"}, "unknown game 'chess'; known games: .*mythic-arena"),
        ({"game_id": "mythic-arena", "players": 3}, "2 to 2 players"),
        ({"game_id": "mythic-arena", "players": "2"}, "players must be an integer"),
        ({"game_id": "mythic-arena", "options": {"speed": 1}}, "speed.*allowed options: rounds"),
        ({"game_id": "mythic-arena", "options": {"rounds": "3"}}, "rounds"),
        (
            {"game_id": "mythic-arena", "options": {"first_player": 2}},
            "first_player must be 0 or 1",
        ),
    ],
)
def test_bad_loads_say_what_is_allowed(kwargs, message):
    with pytest.raises(ValueError, match=message):
        theomachy.load(**kwargs)


def test_agents_make_and_unknown_agent():
    bot = agents.make("random", seed=3)
    state = theomachy.load("mythic-arena").new_game()
    assert bot.act(state) in state.legal_actions()
    with pytest.raises(
        ValueError,
        match=r"unknown agent .wizard.; known agents: easy, expert, greedy, hard, ismcts, mcts, "
        "medium, random",
    ):
        agents.make("wizard")


def test_simulate_checks_its_agents_and_is_deterministic():
    with pytest.raises(ValueError, match="need 2 agents"):
        theomachy.simulate("mythic-arena", agents=["random"])
    a = theomachy.simulate("mythic-arena", agents=["random", agents.make("random", seed=1)], seed=4)
    b = theomachy.simulate("mythic-arena", agents=["random", agents.make("random", seed=1)], seed=4)
    assert a.is_terminal() and a.history() == b.history()
