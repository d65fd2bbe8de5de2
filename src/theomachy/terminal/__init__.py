"""Playing in the terminal: the interactive loop and the renderers of each game's views."""

from theomachy.terminal.play import Session, play_game, save_state, show_result, watch_game
from theomachy.terminal.render import Renderer, register, renderer_for

__all__ = [
    "Renderer",
    "Session",
    "play_game",
    "register",
    "renderer_for",
    "save_state",
    "show_result",
    "watch_game",
]
