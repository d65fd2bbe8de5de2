"""Mythic Battles: a position's value for the agents (greedy play, cut-off roll-outs).

A side's strength: its divinities' remaining Vitality (a divinity's death ends its player),
its other units' Vitality and cost, omphalos absorbed (the other way to win) and carried,
and the cards in hand. The value for a player is their side's share of the total, pushed
towards 1 as the side nears the omphalos it needs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from theomachy.games.mythic_battles.data import units

if TYPE_CHECKING:
    from theomachy.games.mythic_battles.rules import BattlesState

UNITS = units()
DIVINITY, UNIT, COST, ABSORBED, CARRIED, CARD = 1.5, 0.6, 1.0, 6.0, 2.0, 0.4


def strength(state: BattlesState, side: int) -> float:
    """How strong ``side`` stands (0 when all its players are out)."""
    total = 0.0
    for seat in range(state.game.players):
        if state.sides[seat] != side or state.out[seat]:
            continue
        for unit in state.armies[seat]:
            piece = state.pieces[unit]
            if piece.dead:
                continue
            spec = UNITS[unit]
            if spec.divinity:
                total += DIVINITY * piece.vitality
            else:
                total += UNIT * piece.vitality + COST * spec.cost
            if piece.carrying:
                total += CARRIED
        total += CARD * (len(state.hand[seat]) + state.omphalos_cards[seat])
    for seat in range(state.game.players):
        if state.sides[seat] == side:
            total += ABSORBED * state.absorbed[seat]
    return total


def evaluate(state: BattlesState, player: int) -> float:
    """``player``'s side's share of the strength of every side."""
    sides = sorted(set(state.sides))
    values = {side: strength(state, side) for side in sides}
    total = sum(values.values())
    if total <= 0:
        return 1.0 / len(sides)
    return values[state.sides[player]] / total
