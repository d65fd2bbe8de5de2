"""Helpers shared by the terminal renderer tests: plain-text rendering and seeded games."""

from __future__ import annotations

import io
import random
from typing import Any

from rich.console import Console

import theomachy
from theomachy.engine import CHANCE
from theomachy.engine.chance import sample_outcome


def render(renderable: Any, width: int = 100) -> str:
    """Plain text of a rich renderable."""
    out = Console(file=io.StringIO(), width=width, color_system=None)
    out.print(renderable)
    file = out.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def played_game(
    game_id: str, players: int, seed: int, steps: int, options: dict[str, Any] | None = None
) -> Any:
    """A game after ``steps`` random actions (chance by a seeded generator)."""
    state = theomachy.load(game_id, players=players, options=options or {}).new_game()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player == CHANCE:
            state.apply(sample_outcome(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state
