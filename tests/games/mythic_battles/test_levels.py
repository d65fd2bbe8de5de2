"""Mythic Battles: the levels' search acts on what a turn can gain (agents/levels.py).

The evaluation is a side's share of the strength on the map, so one turn's moves change it by
a few thousandths; the levels above easy search with exploration 0.05 so that such gains are
followed rather than drowned by exploring `pass`, `continue` and the Search manoeuvres
equally (bench/TUNING.md, "Mythic Battles: exploration")."""

from __future__ import annotations

import pytest

from theomachy import agents
from theomachy.agents.ismcts import ISMCTSAgent
from theomachy.agents.levels import plan
from theomachy.games.mythic_battles.model import PASS_OR_GO
from theomachy.games.mythic_battles.rules import BattlesState

from .scenario import position


def carrier_by_its_divinity() -> BattlesState:
    """Seat 0 at A3: the hoplites carry an omphalos in Zeus's area (6), seat 0 holds Zeus's
    activation cards, and no enemy is in reach (Hades at 20, the rest off the map)."""
    state = position(
        seat=0,
        step=PASS_OR_GO,
        at={"zeus": 6, "hoplites": 6, "achilles": 11, "hades": 20, "medusa": 0, "spartans": 0},
        hands={0: ["zeus", "zeus", "hoplites", "achilles"], 1: ["hades", "medusa"]},
        omphalos=[13, 17],
    )
    state.pieces["hoplites"].carrying = True
    state.invalidate_caches()
    return state


def own_turn(agent: agents.Agent, state: BattlesState) -> list[str]:
    """The moves ``agent`` makes until the turn passes to someone else (at most 8)."""
    moves: list[str] = []
    while state.current_player == 0 and len(moves) < 8:
        move = agent.act(state)
        moves.append(move)
        state.apply(move)
    return moves


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_absorbs_the_omphalos_its_carrier_brought_instead_of_passing(seed):
    state = carrier_by_its_divinity()
    moves = own_turn(agents.make("hard", seed=seed), state)
    assert moves[:4] == ["continue", "activate zeus", "complex", "absorb hoplites"], moves
    assert state.absorbed == [1, 0]


def test_with_the_exploration_of_the_other_games_the_search_passes():
    # Why the levels differ here: the same search at exploration 1.0 passes in that position.
    settings = {**plan("hard", "mythic-battles", 2), "exploration": 1.0}
    state = carrier_by_its_divinity()
    assert own_turn(ISMCTSAgent(seed=0, **settings), state) == ["pass"]
    assert state.absorbed == [0, 0]


def test_the_levels_above_easy_explore_less_in_this_game_only():
    assert plan("easy", "mythic-battles", 2).get("exploration") is None
    for level in ("medium", "hard", "expert"):
        assert plan(level, "mythic-battles", 2)["exploration"] == 0.05
        assert plan(level, "mythic-battles", 4)["exploration"] == 0.05
        assert "exploration" not in plan(level, "mythic-wars", 2)
