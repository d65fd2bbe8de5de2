"""The balance lab: many seeded games with bots in every seat, stored and reported."""

from theomachy.lab.runner import LabConfig, play_game, run
from theomachy.lab.store import read_games

__all__ = ["LabConfig", "play_game", "read_games", "run"]
