"""The server's fallback log (a game whose view has no log of its own) masks what the game
says an observer does not see (``State.action_seen_by``)."""

from __future__ import annotations

from theomachy.server.tables import visible_log
from toy_games import SecretPick


def test_the_fallback_log_shows_each_seat_what_the_game_says_it_saw():
    state = SecretPick().new_game()
    state.apply("pick 3")
    state.apply("guess 1")
    assert visible_log(state, 0) == ["pick 3", "guess 1"]
    assert visible_log(state, 1) == ["pick ?", "guess 1"]
    assert visible_log(state, None) == ["pick ?", "guess 1"]
