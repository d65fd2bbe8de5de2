"""Theomachy: one engine for five mythological strategy games.

>>> import theomachy
>>> "mythic-arena" in theomachy.games()
True
"""

from theomachy.engine import (
    CHANCE,
    TERMINAL,
    CorruptDocument,
    Game,
    IllegalAction,
    State,
    games,
    load,
    load_state,
    simulate,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "CorruptDocument",
    "Game",
    "IllegalAction",
    "State",
    "games",
    "load",
    "load_state",
    "simulate",
]
__version__ = "0.1.0"
