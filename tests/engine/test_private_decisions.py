"""The conformance check of private decisions (``check_private_decisions``) on toy games
(tests/toy_games.py): a faithful toy passes; leaks are caught directly and through determinize.
"""

from __future__ import annotations

import random

import pytest

from theomachy.engine import conformance
from theomachy.engine.core import State
from toy_games import LeakyPick, SealedPick, SecretPick


def test_a_hidden_pick_passes_the_check():
    state = SecretPick().new_game()
    conformance.check_private_decisions(state, "start")
    state.apply("pick 2")
    conformance.check_private_decisions(state, "guessing")  # public guesses: nothing masked


def test_a_pick_shown_to_the_other_seat_is_caught():
    state = LeakyPick().new_game()
    with pytest.raises(AssertionError, match="sees 'pick \\?' for both 'pick 1' and 'pick 2'"):
        conformance.check_private_decisions(state, "start")


def test_a_leak_seen_only_from_another_position_is_caught_through_determinize():
    caught = 0
    state = SealedPick().new_game()
    state.apply("pick 2")
    for seed in range(10):  # a resampled pick is odd two times in three
        try:
            conformance.check_private_decisions(state, "sealing", random.Random(seed))
        except AssertionError as error:
            assert "two positions it cannot tell apart" in str(error)
            caught += 1
    assert caught >= 1


def test_the_default_says_every_action_is_public():
    state = SecretPick().new_game()
    assert State.action_seen_by(state, "pick 1", 1) == "pick 1"
    assert state.action_seen_by("pick 1", 1) == "pick ?"
    assert state.action_seen_by("pick 1", 0) == "pick 1"
