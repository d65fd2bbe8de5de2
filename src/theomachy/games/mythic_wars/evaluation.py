"""Mythic Wars's evaluation function (for greedy play and search roll-outs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from theomachy.games.mythic_wars.rules import MythicWarsState

UNINVOKED_WEIGHT = 0.9  # a deity still to come is nearly as good as one at full energy
# Each entity still to fight is worth this much energy besides its own: it acts once a round
# (more entities, more attacks) and the count of entities decides the prime faction. Measured
# with greedy play, 300 games a setting (bench/EVALUATION.md): +4 to +12 all win
# 65% (+-5%) against energy alone; 5 sits in that plateau.
ENTITY_WEIGHT = 5.0


def strength(state: MythicWarsState, seat: int) -> float:
    """A faction's remaining might: energy in the battle plus the Power still to invoke, and
    ``ENTITY_WEIGHT`` for each entity (creatures included) still in the game."""
    from theomachy.games.mythic_wars.rules import ENTITIES, IN_BATTLE, UNINVOKED

    total = 0.0
    for unit in state.units:
        if unit.owner != seat:
            continue
        if unit.state in IN_BATTLE:
            if unit.energy > 0:
                total += unit.energy + ENTITY_WEIGHT
        elif unit.state == UNINVOKED:
            total += UNINVOKED_WEIGHT * ENTITIES[unit.entity].power + ENTITY_WEIGHT
    return total


def evaluate(state: MythicWarsState, player: int) -> float:
    """The player's share of all remaining might (1/players before the factions exist);
    final positions give their returns."""
    if state.is_terminal():
        return state.returns()[player]
    might = [strength(state, seat) for seat in range(state.game.players)]
    total = sum(might)
    if total <= 0:
        return 1.0 / state.game.players
    return might[player] / total
