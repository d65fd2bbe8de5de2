"""How a Mythotopia game ended (MT-END-6): End the game, or the round cap."""

from __future__ import annotations

import pytest

import theomachy
from theomachy.games.mythotopia.rules import MythotopiaGame

from .scenario import play, position
from .test_rules import BLUE, RED, finish_turn, fresh

rules = pytest.mark.rules


@rules("MT-END-6")
def test_the_endings_are_the_end_game_action_and_the_round_limit():
    assert MythotopiaGame.endings == ("end-game", "round-limit")


@rules("MT-END-6", "MT-END-1", "MT-END-3", "MT-END-5")
def test_end_the_game_ends_with_end_game():
    # Red 15 + a 2 VP counter against blue's 15, four VP cards empty: red may end the game.
    state = fresh(own={0: RED, 1: BLUE})
    position(state, hand={0: ["start-market"], 1: ["nusus"]}, held={0: [2]})
    for card in ("castle", "city", "road", "patronage"):
        state.counters[card] = ()
    state.invalidate_caches()
    assert state.ending() is None
    play(state, "end-game")
    assert state.is_terminal() and state.winners() == [0]
    assert state.ending() == "end-game"


@rules("MT-END-6", "MT-CAP-1")
def test_the_last_turn_of_the_last_round_ends_with_round_limit():
    state = fresh(own={0: RED, 1: BLUE}, options={"max_rounds": 1})
    position(state, hand={0: ["nusus"], 1: ["nusus"]})
    finish_turn(state)
    assert not state.is_terminal() and state.ending() is None
    finish_turn(state)
    assert state.is_terminal() and state.ending() == "round-limit"


@rules("MT-END-6", "MT-CAP-1")
def test_a_random_game_reaches_the_round_limit():
    # Seed 0, random players, a 3-round cap: nobody empties four VP cards that soon.
    state = theomachy.simulate("mythotopia", seed=0, options={"max_rounds": 3})
    assert state.is_terminal() and state.round == 4
    assert state.ending() == "round-limit"
