"""Theomachy: one engine for five mythological strategy games.

>>> import theomachy
>>> "mythic-arena" in theomachy.games()
True
"""

# The subpackage theomachy.games is imported first on purpose: importing a submodule binds it
# as an attribute of its parent, which would hide the function theomachy.games() if it
# happened after the function was bound below.
import theomachy.games as _games_package  # noqa: F401
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
