"""Arena of the Gods: a position's value for the agents (greedy play, cut-off roll-outs).

Each live player's strength is their Life plus what keeps it coming: Units on the
Battleground (Power and remaining Health), the economy (Temples and Markets), resources and
cards in hand. The value for a player is their share of the total, so it lies in [0, 1] and
a player who is out gets 0.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from theomachy.games.arena_of_the_gods import abilities
from theomachy.games.arena_of_the_gods.cards import catalog

if TYPE_CHECKING:
    from theomachy.games.arena_of_the_gods.rules import ArenaState

CARDS = catalog()
LIFE, UNIT, ECONOMY, RESOURCE, CARD = 1.0, 0.6, 2.0, 0.3, 0.8


def strength(state: ArenaState, seat: int) -> float:
    """How strong ``seat`` stands (0 when out)."""
    if state.out[seat]:
        return 0.0
    total = LIFE * max(0, state.life[seat])
    for perm in state.perms.values():
        if perm.controller != seat:
            continue
        card = CARDS[perm.card]
        if card.type == "unit":
            remaining = max(0, abilities.health(state, perm) - perm.damage)
            total += UNIT * (abilities.power(state, perm) + remaining)
        elif card.economy is not None:
            total += ECONOMY
    total += RESOURCE * (state.gold[seat] + state.favor[seat])
    total += CARD * len(state.hand[seat])
    return total


def evaluate(state: ArenaState, player: int) -> float:
    """``player``'s share of the strength of every live player."""
    strengths = [strength(state, s) for s in range(state.game.players)]
    total = sum(strengths)
    return strengths[player] / total if total > 0 else 1.0 / state.game.players
