"""Finding again, from the stored log, the moves the seat to play may take back (after a
restart): the same positions the live table kept, by the same rule."""

from __future__ import annotations

import random

import pytest

from theomachy.engine.chance import sample_outcome
from theomachy.engine.core import CHANCE, CorruptDocument, Game, State
from theomachy.engine.registry import load
from theomachy.server.takeback import MAX_TAKEBACK, rebuild, trailing_moves


def played(game: Game, seed: int, run: int) -> tuple[list[str], list[int]]:
    """Random moves until the seat to play has just made ``run`` moves in a row."""
    rng = random.Random(seed)
    state = game.new_game()
    actions: list[str] = []
    actors: list[int] = []
    while not state.is_terminal():
        player = state.current_player
        legal = None if player == CHANCE else state.legal_actions()
        action = sample_outcome(state, rng) if legal is None else rng.choice(legal)
        actors.append(player)
        actions.append(action)
        state.apply(action)
        if state.current_player >= 0 and trailing_moves(actors, state.current_player) >= run:
            return actions, actors
    raise AssertionError("no seat made that many moves in a row")


def kept_live(game: Game, actions: list[str], actors: list[int]) -> list[State]:
    """The positions the live table keeps, move by move (TableService._note_takeback)."""
    state = game.new_game()
    kept: list[State] = []
    kept_seat: int | None = None
    for action, actor in zip(actions, actors, strict=True):
        safe = actor >= 0 and state.undo_safe(action)
        before = state.clone()
        state.apply(action)
        if not safe or state.current_player != actor:
            kept, kept_seat = [], None
            continue
        if kept_seat != actor:
            kept = []
        kept_seat = actor
        kept = [*kept, before][-MAX_TAKEBACK:]
    return kept


@pytest.fixture
def game() -> Game:
    return load("arena-of-the-gods", 2, {})


def test_trailing_moves_counts_one_seats_last_run() -> None:
    assert trailing_moves([0, 1, 1, 1], 1) == 3
    assert trailing_moves([0, 1, 1, 1], 0) == 0
    assert trailing_moves([1] * 50, 1) == MAX_TAKEBACK
    assert trailing_moves([], 0) == 0


def test_the_rebuilt_undo_is_the_one_the_live_table_kept(game: Game) -> None:
    actions, actors = played(game, seed=0, run=3)
    rebuilt = rebuild(game, actions, actors, driven=set())
    expected = kept_live(game, actions, actors)
    assert len(expected) == 3  # the game's own answers: discarding is safe to take back
    assert rebuilt.state.history() == actions
    assert [len(s.history()) for s in rebuilt.takeback] == [len(s.history()) for s in expected]
    seat = rebuilt.state.current_player
    assert rebuilt.seat == seat
    for position, live in zip(rebuilt.takeback, expected, strict=True):
        assert position.view(seat) == live.view(seat)


def test_every_move_safe_keeps_the_whole_run(game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    actions, actors = played(game, seed=1, run=3)
    monkeypatch.setattr(type(game.new_game()), "undo_safe", lambda self, action: True)
    rebuilt = rebuild(game, actions, actors, driven=set())
    seat = rebuilt.state.current_player
    run = trailing_moves(actors, seat)
    assert rebuilt.seat == seat and len(rebuilt.takeback) == run
    assert [len(s.history()) for s in rebuilt.takeback] == list(
        range(len(actions) - run, len(actions))
    )


def test_an_unsafe_move_forgets_the_moves_before_it(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    actions, actors = played(game, seed=2, run=3)
    unsafe_at = len(actions) - 2  # the run's second-to-last move shows something hidden
    kind = type(game.new_game())
    monkeypatch.setattr(kind, "undo_safe", lambda self, action: len(self._history) != unsafe_at)
    rebuilt = rebuild(game, actions, actors, driven=set())
    assert [len(s.history()) for s in rebuilt.takeback] == [len(actions) - 1]


def test_a_bot_or_a_stand_in_seat_and_an_old_log_give_nothing_to_take_back(
    game: Game, monkeypatch: pytest.MonkeyPatch
) -> None:
    actions, actors = played(game, seed=0, run=3)
    monkeypatch.setattr(type(game.new_game()), "undo_safe", lambda self, action: True)
    seat = actors[-1]
    assert rebuild(game, actions, actors, driven={seat}).takeback == []
    older = rebuild(game, actions, [], driven=set())  # a log stored without its actors
    assert older.takeback == [] and older.state.history() == actions


def test_a_log_that_does_not_replay_is_named(game: Game) -> None:
    actions, actors = played(game, seed=0, run=1)
    with pytest.raises(CorruptDocument, match="action 1"):
        rebuild(game, [actions[0], "no such move", *actions[2:]], actors, driven=set())
