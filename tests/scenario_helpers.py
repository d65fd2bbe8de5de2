"""Helpers shared by the games' scenario tests: play actions that must be legal."""

from __future__ import annotations

from typing import TypeVar

from theomachy.engine.core import State

S = TypeVar("S", bound=State)


def act(state: S, *actions: str) -> S:
    """Apply player actions in order (each must be legal)."""
    for action in actions:
        assert state.current_player >= 0, f"{action!r}: nobody to decide ({state.current_player})"
        legal = state.legal_actions()
        assert action in legal, f"{action!r} not in {legal}"
        state.apply(action)
    return state
