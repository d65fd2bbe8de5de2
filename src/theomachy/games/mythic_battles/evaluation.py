"""Mythic Battles: a position's value for the agents (greedy play, cut-off roll-outs).

A side's strength counts what wins the game: its divinities' remaining Vitality (a
divinity's death ends its player), omphalos absorbed (the other way to win), omphalos carried
(more the nearer the carrier is to its divinity), omphalos cards (a divinity absorbs one
where it stands) and the free omphalos its units stand near;
then its army: each living unit's Vitality and cost, more once it is on the map; a little
for cards in hand (few: passing to draw is worth less than acting). The value for a player
is their side's share of the total.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from theomachy.games.mythic_battles.data import units

if TYPE_CHECKING:
    from theomachy.games.mythic_battles.rules import BattlesState

UNITS = units()
DIVINITY = 2.0  # per Vitality
UNIT, COST, ON_MAP = 0.6, 1.0, 1.0
ABSORBED, CARRIED, NEAR_GOD, NEAR_TOKEN = 8.0, 2.5, 2.0, 1.0
CARD, CARD_CAP = 0.15, 8
OMPHALOS_CARD = CARRIED + NEAR_GOD  # a token already at its divinity: one ABSORB away


def strength(state: BattlesState, side: int) -> float:
    """How strong ``side`` stands (0 when all its players are out)."""
    distance = state.board.distance
    total = 0.0
    carriers_near: list[int] = []  # areas of the side's units that could claim
    for seat in range(state.game.players):
        if state.sides[seat] != side:
            continue
        total += ABSORBED * state.absorbed[seat]
        if state.out[seat]:
            continue
        god = state.pieces[state.armies[seat][0]] if state.armies[seat] else None
        for unit in state.armies[seat]:
            piece = state.pieces[unit]
            if piece.dead:
                continue
            spec = UNITS[unit]
            if spec.divinity:
                total += DIVINITY * piece.vitality
                continue
            total += UNIT * piece.vitality + COST * spec.cost
            if piece.on_map:
                total += ON_MAP
                if piece.carrying:
                    total += CARRIED
                    if god is not None and god.on_map:
                        total += NEAR_GOD / (1 + distance[piece.area][god.area])
                else:
                    carriers_near.append(piece.area)
        total += CARD * min(CARD_CAP, len(state.hand[seat]))
        total += OMPHALOS_CARD * state.omphalos_cards[seat]
    if carriers_near:
        for area, tokens in enumerate(state.omphalos):
            if tokens and area:
                nearest = min(distance[a][area] for a in carriers_near)
                total += NEAR_TOKEN * tokens / (1 + nearest)
    return total


def evaluate(state: BattlesState, player: int) -> float:
    """``player``'s side's share of the strength of every side, split among the side's seats
    as a win is (1.0 shared by the winners): in the 2v2 the seats' values add up to 1, like
    the returns, so that a search never rates a near win above winning."""
    sides = sorted(set(state.sides))
    values = {side: strength(state, side) for side in sides}
    total = sum(values.values())
    seats = state.sides.count(state.sides[player])
    if total <= 0:
        return 1.0 / len(sides) / seats
    return values[state.sides[player]] / total / seats
