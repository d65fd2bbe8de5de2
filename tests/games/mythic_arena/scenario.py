"""Build Mythic Arena positions for scenario tests: put these cards here, then play."""

from __future__ import annotations

from collections.abc import Mapping

import theomachy
from theomachy.games.mythic_arena.board import SQUARE_INDEX
from theomachy.games.mythic_arena.rules import DECIDE, MythicArenaState, Placed
from theomachy.games.mythic_arena.specs import CARD_INDEX, DECKS, SPECS

GREEK, NORSE = 0, 1


def position(
    board: Mapping[str, str | tuple[str, int]] | None = None,
    *,
    drawn: str | None = None,
    discard: tuple[list[str], list[str]] = ([], []),
    strength: tuple[int, int] = (0, 0),
    glory: tuple[int, int] = (0, 0),
    supply: int | None = None,
    options: Mapping[str, object] | None = None,
) -> MythicArenaState:
    """Player 0 is Greek and to move, player 1 Norse.

    ``board`` maps squares to a card id (its own pantheon's allegiance) or to ``(id,
    allegiance)``. ``drawn`` is the card player 0 has just drawn (removed from the deck).
    """
    state = theomachy.load("mythic-arena", options=options).new_game()
    state.apply("choose greek")
    used: set[int] = set()
    for square, entry in (board or {}).items():
        card_id, allegiance = (entry, None) if isinstance(entry, str) else entry
        card = CARD_INDEX[card_id]
        used.add(card)
        owner = SPECS[card].pantheon if allegiance is None else allegiance
        outside = state.is_outside(SQUARE_INDEX[square])
        state.board[SQUARE_INDEX[square]] = Placed(card, owner, outside=outside)
    for player in (0, 1):
        state.discard[player] = [CARD_INDEX[c] for c in discard[player]]
        used.update(state.discard[player])
    state.rebuild_caches()
    state.strength = list(strength)
    state.glory = list(glory)
    if supply is not None:
        state.supply = supply
    if drawn is not None:
        used.add(CARD_INDEX[drawn])
        state.drawn = CARD_INDEX[drawn]
        state.phase = DECIDE
    state.deck = [[c for c in DECKS[p] if c not in used] for p in (GREEK, NORSE)]
    state.to_move = 0
    state.invalidate_caches()  # legal actions depend on the drawn card set above
    return state


def card_at(state: MythicArenaState, square: str) -> str | None:
    """The id of the card on top at ``square`` (None when empty)."""
    placed = state.board.get(SQUARE_INDEX[square])
    return None if placed is None else SPECS[placed.card].id


def allegiance(state: MythicArenaState, square: str) -> int:
    """0 Greek, 1 Norse."""
    return state.board[SQUARE_INDEX[square]].allegiance


def power(state: MythicArenaState, square: str) -> int:
    """The current Power of the card at ``square``."""
    return state.power_of(SQUARE_INDEX[square])


def play(state: MythicArenaState, *actions: str) -> MythicArenaState:
    """Apply actions in order, then answer every Strength step with ``done``."""
    for action in actions:
        state.apply(action)
    return state
