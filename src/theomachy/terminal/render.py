"""Renderers turn a player's view (a dict from ``state.view(seat)``) into rich renderables.

Each game may register its own :class:`Renderer`; any other game gets the generic one, which
pretty-prints the view's public fields. Renderers see only views, never states, so they can
show nothing the player could not see at the table. What happened is told in the game's own
words by its narrator (``Game.narrator()``, in the game's package), not here.
"""

from __future__ import annotations

import importlib
from typing import Any

from rich import box
from rich.console import RenderableType
from rich.pretty import Pretty
from rich.table import Table

View = dict[str, Any]
"""A view as returned by ``State.view(player)``."""

# Contract fields of every view the loop itself presents (or that are too long to show).
_CONTRACT_FIELDS = frozenset(
    {"game", "player", "current_player", "legal_actions", "terminal", "winners", "log"}
)


class Renderer:
    """How a game looks in the terminal; this base renders any game generically."""

    def position(self, view: View) -> RenderableType:
        """The position as ``view["player"]`` sees it."""
        table = Table(box=box.SIMPLE, show_header=False, title="Position", title_justify="left")
        table.add_column("field", style="bold")
        table.add_column("value")
        for key, value in view.items():
            if key not in _CONTRACT_FIELDS:
                table.add_row(key, Pretty(value, max_length=24, max_string=60))
        return table

    def seat_name(self, view: View, seat: int) -> str:
        """A short name for a seat (rich markup allowed)."""
        return f"Player {seat}"

    def instruction(self, view: View) -> str | None:
        """What the player to move is asked to decide, in words (markup allowed)."""
        return None

    def result(self, view: View) -> RenderableType | None:
        """Scores or other details of a finished game, if the game has any to show."""
        return None


# Game id -> "module:ClassName", imported on first use (like the game registry).
_KNOWN: dict[str, str] = {
    "arena-of-the-gods": "theomachy.terminal.arena_of_the_gods:ArenaRenderer",
    "mythic-arena": "theomachy.terminal.mythic_arena:MythicArenaRenderer",
    "mythic-battles": "theomachy.terminal.mythic_battles:MythicBattlesRenderer",
    "mythic-wars": "theomachy.terminal.mythic_wars:MythicWarsRenderer",
    "mythotopia": "theomachy.terminal.mythotopia:MythotopiaRenderer",
}
_LOADED: dict[str, Renderer] = {}
GENERIC = Renderer()


def register(game_id: str, renderer: Renderer) -> None:
    """Use ``renderer`` for ``game_id``."""
    _LOADED[game_id] = renderer


def renderer_for(game_id: str) -> Renderer:
    """The renderer of a game: its own if it has one, else the generic one."""
    if game_id not in _LOADED:
        target = _KNOWN.get(game_id)
        if target is None:
            return GENERIC
        module_name, class_name = target.split(":")
        _LOADED[game_id] = getattr(importlib.import_module(module_name), class_name)()
    return _LOADED[game_id]
