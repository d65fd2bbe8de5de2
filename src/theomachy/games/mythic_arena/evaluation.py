"""Mythic Arena's evaluation function (for greedy play and search roll-outs)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from theomachy.games.mythic_arena.match import wins_needed

if TYPE_CHECKING:
    from theomachy.games.mythic_arena.rules import MythicArenaState

MAJORITY_WEIGHT = 3.0  # the end-of-game bonus for more visible icons (MA-END-3)
STRENGTH_WEIGHT = 0.4  # an unused token: a tie-break, and Power or a broken shield later
SCALE = 3.0  # a lead of about 3 Glory makes a game roughly 73% won


def evaluate(state: MythicArenaState, player: int) -> float:
    """Glory lead, plus the majority bonus weighted by how full the battlefield is, plus
    unused Strength tokens, squashed into 0..1. Final positions give their returns; in a
    match, games already won count for most of it."""
    if state.is_terminal():
        return state.returns()[player]
    other = 1 - player
    if state.pantheon[player] < 0:
        return 0.5
    icons = state.visible_icons()
    mine, theirs = icons[state.pantheon[player]], icons[state.pantheon[other]]
    progress = state.square_count / 16
    majority = (mine > theirs) - (mine < theirs)
    lead = (
        state.glory[player]
        - state.glory[other]
        + MAJORITY_WEIGHT * majority * progress
        + STRENGTH_WEIGHT * (state.strength[player] - state.strength[other])
    )
    game_value = 1.0 / (1.0 + math.exp(-lead / SCALE))
    rounds = state.game.options["rounds"]
    if rounds == 1:
        return game_value
    needed = wins_needed(rounds)
    # A match: each game won is worth a share; the current game decides the next share.
    won, lost = state.wins[player], state.wins[other]
    share: float = (won + game_value - lost + needed) / (2 * needed)
    return min(1.0, max(0.0, share))
