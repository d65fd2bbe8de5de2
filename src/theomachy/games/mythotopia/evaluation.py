"""Mythotopia's evaluation function (for greedy play and search roll-outs).

A position is worth its score plus what the wars in progress promise: a war an invader leads
is a province (3 VP) moving from the defender to him if he ends it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from theomachy.games.mythotopia import war

if TYPE_CHECKING:
    from theomachy.games.mythotopia.rules import MythotopiaState

WAR_SWING = 3.0  # VP a won war moves
LEAD_CONFIDENCE = 0.6  # a lead today is not a win: wars can be reinforced or ended otherwise
ARMY_VALUE = 0.15  # counters in stock are future invasions


def contested(state: MythotopiaState) -> list[tuple[int, int]]:
    """``(owner, leader)`` of each province at war with a single leader, in province order."""
    found = []
    for p in range(len(state.owner)):
        if not war.at_war(state, p):
            continue
        top = war.leaders(state, p)
        if len(top) == 1:
            found.append((state.owner[p], top[0]))
    return found


def potential(
    state: MythotopiaState, seat: int, wars: list[tuple[int, int]] | None = None
) -> float:
    """The seat's score adjusted by the wars it leads or is losing, and its forces
    (``wars``: ``contested(state)``, when the caller has it already)."""
    value = float(war.score(state, seat))
    for owner, leader in contested(state) if wars is None else wars:
        if leader == seat and owner != seat:
            value += LEAD_CONFIDENCE * WAR_SWING
        elif owner == seat and leader != seat:
            value -= LEAD_CONFIDENCE * WAR_SWING
    value += ARMY_VALUE * (state.army_stock[seat] + state.ship_stock[seat])
    return value


def evaluate(state: MythotopiaState, player: int) -> float:
    """The player's share of everyone's potential; final positions give their returns."""
    if state.is_terminal():
        return state.returns()[player]
    wars = contested(state)  # the same for every seat: found once
    values = [max(potential(state, s, wars), 1.0) for s in range(state.game.players)]
    # Squared, so that a lead counts for more than a proportional share.
    weights = [v * v for v in values]
    return weights[player] / sum(weights)
