"""Mythic Arena at the table: which moves may be taken back, why a move is refused, and what
the views hid (for the replay of a finished game). Rule ids refer to RULES.md.

Everything here reads only what the player to move sees: the battlefield, the discard piles
and the Strength tokens are public, and the only hidden thing in the game, the card just
drawn, is seen by that player (MA-RULING-PUBLIC).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from theomachy.games.mythic_arena import specs
from theomachy.games.mythic_arena.board import (
    COL,
    NEIGHBOURS,
    ROW,
    SIDE_NAMES,
    SQUARE,
    SQUARE_INDEX,
    bounds,
    opposite,
)
from theomachy.games.mythic_arena.cards import PANTHEONS

if TYPE_CHECKING:
    from theomachy.games.mythic_arena.rules import MythicArenaState

# Verbs whose action shows the player nothing new and may be taken back within the turn
# (RULES.md, "At the table"). Only ``discard`` is missing: the next card is drawn at once.
UNDO_SAFE_VERBS = frozenset(
    {"choose", "place", "recycle", "raise", "capture", "power", "shatter", "done"}
)


def undo_safe(state: MythicArenaState, action: str) -> bool:
    """Whether the player to move may take ``action`` back: every decision but ``discard``
    is played in the open on public cards and resolves without chance (placement, its
    ability, Strength tokens, the battle, Glory); a discard draws the next card."""
    return action.split(" ", 1)[0] in UNDO_SAFE_VERBS


# --- refusals ------------------------------------------------------------------------------------
def _rules() -> Any:
    from theomachy.games.mythic_arena import rules

    return rules


def _name(card: int) -> str:
    return str(specs.SPECS[card].name)


def _card_id(word: str) -> int | None:
    index: int | None = specs.CARD_INDEX.get(word)
    return index


def _own_card_with(state: MythicArenaState, ability: str) -> str:
    """The printed name of the mover's card with ``ability`` (Heracles or Sigurd...)."""
    pantheon = state.pantheon[state.to_move]
    for spec in specs.SPECS:
        if spec.pantheon == pantheon and spec.card.ability == ability:
            return str(spec.name)
    return ability  # pragma: no cover - every deck has each ability


def _placed_name(state: MythicArenaState) -> str:
    placed = state.board.get(state.placed)
    return _name(placed.card) if placed is not None else "your card"


def _not_now(state: MythicArenaState) -> str | None:
    """What the player must do first when the action belongs to another step of the turn."""
    rules = _rules()
    phase = state.phase
    if phase == rules.PANTHEON:
        return "First choose your pantheon, Greek or Norse."
    if phase == rules.ABILITY:
        who = _placed_name(state)
        if state.pending == "capture-any":
            return f"First choose the opposing card {who} captures."
        if state.pending == "recycle":
            return f"First choose the card of your discard pile {who} shuffles back into your deck."
        return f"First choose the card of your discard pile to put over {who}."
    if phase == rules.STRENGTH:
        return (
            f"{_placed_name(state)} is placed: spend a Strength token (+1 Power or a shattered "
            "shield) or go to battle."
        )
    if phase in (rules.DECIDE, rules.PLACE) and state.drawn >= 0:
        return (
            f"First place {_name(state.drawn)} (or discard it)."
            if phase == rules.DECIDE
            else (
                f"First place {_name(state.drawn)}: after a discard the next card must be played."
            )
        )
    return None


def _refuse_place(state: MythicArenaState, card_word: str, square_word: str) -> str | None:
    rules = _rules()
    if state.phase not in (rules.DECIDE, rules.PLACE):
        return _not_now(state)
    card = _card_id(card_word)
    square = SQUARE_INDEX.get(square_word)
    if card is None or square is None:
        return None
    if card != state.drawn:
        return f"You drew {_name(state.drawn)}: that is the card to place, not {_name(card)}."
    board = state.board
    here = board.get(square)
    if here is not None:
        return f"{square_word} is taken by {_name(here.card)}."
    in_square = [s for s, placed in board.items() if not placed.outside]
    if not in_square:
        return "The first card of the battlefield goes on e5."  # MA-PLACE-1, MA-RULING-EMPTY
    name = _name(card)
    stands_outside = card in specs.STANDS_OUTSIDE
    limits = bounds(in_square)
    assert limits is not None
    if not any(n in in_square for n in NEIGHBOURS[square] if n >= 0):
        beside_outside = any(n >= 0 and n in board and board[n].outside for n in NEIGHBOURS[square])
        if beside_outside:
            return (
                f"{square_word} touches only the card beyond the 4 by 4 square: a card goes "
                "next to a card of the square."
            )
        return (
            f"{square_word} is not next to a card: a card goes beside one already on the "
            "battlefield, not diagonally."
        )
    # Next to a card of the square, yet the square would grow past 4 by 4 (MA-PLACE-3).
    cols = max(limits.max_col, COL[square]) - min(limits.min_col, COL[square]) + 1
    rows = max(limits.max_row, ROW[square]) - min(limits.min_row, ROW[square]) + 1
    if stands_outside:
        return (
            f"{name} on {square_word} would leave the 4 by 4 square, which {name} may do only "
            "as the fifth card at the end of a complete row or column."
        )
    if cols > SQUARE:
        return f"A card on {square_word} would make the battlefield {cols} columns wide: at most 4."
    if rows > SQUARE:
        return f"A card on {square_word} would make the battlefield {rows} rows tall: at most 4."
    return None


def _refuse_discard(state: MythicArenaState) -> str | None:
    rules = _rules()
    if state.phase == rules.PLACE:
        return f"You have discarded once this turn: {_name(state.drawn)} must be played."
    if state.phase == rules.DECIDE:  # legal unless the deck is empty (MA-RULING-DECKOUT)
        return (
            f"Your deck is empty, so there is no next card to play: {_name(state.drawn)} "
            "must be played."
        )
    if state.phase in (rules.ABILITY, rules.STRENGTH):
        return f"Only the card just drawn can be discarded; {_placed_name(state)} is placed."
    return _not_now(state)


def _refuse_from_discard(state: MythicArenaState, verb: str, card_word: str) -> str | None:
    rules = _rules()
    ability = "recycle" if verb == "recycle" else "raise-dead"
    if state.phase != rules.ABILITY or state.pending != ability:
        owner = _own_card_with(state, ability)
        doing = (
            "shuffles a card of your discard pile back into your deck"
            if verb == "recycle"
            else "puts a card of your discard pile over itself"
        )
        if state.phase == rules.ABILITY:
            return _not_now(state)
        return f"Only {owner}, when placed, {doing}."
    card = _card_id(card_word)
    if card is None:
        return None
    if card not in state.discard[state.to_move]:
        return f"{_name(card)} is not in your discard pile."
    return None


def _refuse_capture(state: MythicArenaState, square_word: str) -> str | None:
    rules = _rules()
    if state.phase != rules.ABILITY or state.pending != "capture-any":
        if state.phase == rules.ABILITY:
            return _not_now(state)
        owner = _own_card_with(state, "capture-any")
        return (
            f"Only {owner}, when placed, captures a card of your choice; other captures "
            "happen in the battle."
        )
    square = SQUARE_INDEX.get(square_word)
    if square is None:
        return None
    placed = state.board.get(square)
    if placed is None:
        return f"There is no card on {square_word}."
    if placed.allegiance == state.pantheon[state.to_move]:
        return f"{_name(placed.card)} on {square_word} is already yours."
    return None


def _refuse_strength(state: MythicArenaState, verb: str, square_word: str | None) -> str | None:
    rules = _rules()
    if state.phase != rules.STRENGTH:
        if state.phase in (rules.DECIDE, rules.PLACE, rules.ABILITY):
            if not state.strength[state.to_move]:
                return "You have no Strength tokens."
            then = _not_now(state)
            return f"Strength tokens are spent after the placement, before the battle. {then}"
        return _not_now(state)
    if verb != "shatter" or square_word is None:
        return None
    square = SQUARE_INDEX.get(square_word)
    if square is None:
        return None
    target = state.board.get(square)
    if target is None:
        return f"There is no card on {square_word}."
    played = _placed_name(state)
    name = _name(target.card)
    if target.allegiance == state.pantheon[state.to_move]:
        return f"{name} on {square_word} is on your side: only an opposing shield can be shattered."
    neighbours = NEIGHBOURS[state.placed]
    if square not in neighbours:
        return (
            f"{name} on {square_word} is not next to {played}: only a shield facing it can be "
            "shattered."
        )
    facing = opposite(neighbours.index(square))
    kind = specs.SPECS[target.card].sides[facing]
    side = SIDE_NAMES[facing]
    if kind != specs.SHIELD:
        return f"{name} has no shield on its {side} side, facing {played}."
    if target.shattered >> facing & 1:
        return f"The shield of {name} facing {played} is already shattered."
    return None


def refusal(state: MythicArenaState, action: str) -> str | None:
    """Why the player to move may not play ``action`` now (it is well formed and not legal),
    in words, from what that player sees; None when the general explanation will do."""
    rules = _rules()
    words = action.split(" ")
    verb = words[0]
    if verb == "choose":
        if state.phase != rules.PANTHEON and len(words) == 2:
            mine = PANTHEONS[state.pantheon[state.to_move]].capitalize()
            return f"The pantheons are chosen for the whole match: you are {mine}."
        return None
    if verb == "place" and len(words) == 3:
        return _refuse_place(state, words[1], words[2])
    if verb == "discard" and len(words) == 1:
        return _refuse_discard(state)
    if verb in ("recycle", "raise") and len(words) == 2:
        return _refuse_from_discard(state, verb, words[1])
    if verb == "capture" and len(words) == 2:
        return _refuse_capture(state, words[1])
    if verb in ("power", "done") and len(words) == 1:
        return _refuse_strength(state, verb, None)
    if verb == "shatter" and len(words) == 2:
        return _refuse_strength(state, verb, words[1])
    return None


# --- the full reveal ---------------------------------------------------------------------------
def revealed(state: MythicArenaState) -> list[dict[str, Any]]:
    """What the views hide: only the card just drawn, before it is placed or discarded
    (MA-RULING-PUBLIC). Decks have no order (each draw is a chance event, MA-SETUP-2) and
    their contents, the discard piles and the battlefield are public."""
    if state.drawn < 0:
        return []
    seat = state.to_move
    pantheon = PANTHEONS[state.pantheon[seat]].capitalize()
    return [{"zone": f"{pantheon} drawn card", "seat": seat, "items": [_name(state.drawn)]}]
