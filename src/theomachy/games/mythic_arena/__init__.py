"""Mythic Arena (2 players, Greek vs Norse): see RULES.md beside this file."""

from theomachy.games.mythic_arena.rules import MythicArenaGame, MythicArenaState

__all__ = ["MythicArenaGame", "MythicArenaState"]
