"""The terminal takes a person's move back within their turn (``undo``) where the game calls it
safe, and says the game's reason when a typed move is refused."""

from __future__ import annotations

import random

from rich.console import Console

from theomachy.engine.chance import sample_outcome
from theomachy.engine.core import State
from theomachy.engine.registry import load
from theomachy.terminal import Session, play_game


class Script:
    """Typed lines, and the prompts they answered."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def opening(steps: int) -> State:
    """A Mythic Arena game after ``steps`` random steps of seed 0 (the next move of the
    seat to play, 'place aphrodite e6', keeps the turn: its ability is chosen next)."""
    state = load("mythic-arena", 2).new_game()
    rng = random.Random(0)
    for _ in range(steps):
        if state.current_player < 0:
            state.apply(sample_outcome(state, rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return state


def run(state: State, lines: list[str]) -> tuple[Session, str]:
    console = Console(record=True, width=120, force_terminal=False)
    session = Session(
        state,
        state.current_player,
        {},
        random.Random(1),
        console,
        Script(lines),
        auto_play=False,  # the capture that follows the placement is the only move
    )
    play_game(session)
    return session, console.export_text()


def test_undo_takes_back_a_safe_move_of_this_turn() -> None:
    state = opening(4)
    before = state.history()
    move = "place aphrodite e6"
    assert move in state.legal_actions() and state.undo_safe(move)
    session, text = run(state, [move, "undo", "q"])
    assert session.state.history() == before
    assert "your last move is taken back" in text
    assert "undo takes your last move back" in " ".join(text.split())  # offered when it may


def test_undo_with_nothing_to_take_back_says_why() -> None:
    state = opening(4)
    before = state.history()
    session, text = run(state, ["undo", "q"])
    assert session.state.history() == before
    assert "nothing to take back" in text


def test_a_refused_move_is_explained_in_the_games_words() -> None:
    state = opening(4)  # Sol was placed on e5; the seat to play holds Aphrodite
    _, text = run(state, ["place aphrodite e5", "q"])
    assert "e5 is taken by Sol" in text
