"""Mythic Wars: Clash of the Gods (2 to 8 factions of four deities): see RULES.md here."""

from theomachy.games.mythic_wars.rules import MythicWarsGame, MythicWarsState

__all__ = ["MythicWarsGame", "MythicWarsState"]
