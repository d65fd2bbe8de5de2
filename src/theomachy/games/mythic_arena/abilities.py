"""Mythic Arena's character abilities, registered by key and hooked into the rules.

Each card names its ability by key in the content files (``ability = "recycle"``). The rules
call the hooks at fixed moments of the turn: ``extra_squares`` while listing placements,
``on_placed`` right after placement (MA-TURN-3), ``choices``/``choose`` for a decision the
ability asks for, ``post_battle`` after the battle (MA-TURN-5), ``resting_power`` whenever the
card's Power is read, ``final_icons`` in the final count.
"""

from __future__ import annotations

import bisect
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from theomachy.games.mythic_arena.board import SQUARE_INDEX, SQUARE_NAMES, cell, col_of, row_of
from theomachy.games.mythic_arena.cards import Card

if TYPE_CHECKING:
    from theomachy.games.mythic_arena.rules import MythicArenaState
    from theomachy.games.mythic_arena.specs import Spec


class Ability:
    """Base: an ability that does nothing at any moment. Subclasses override hooks."""

    key: ClassVar[str] = ""
    timing: ClassVar[str] = "none"  # placement, post-battle, end-game or none
    ignores_shields: ClassVar[bool] = False
    extra_glory: ClassVar[bool] = False
    may_stand_outside: ClassVar[bool] = False  # may lie outside the 4x4 square

    def __init__(self, card: Card | None) -> None:
        self.card = card

    def extra_squares(self, state: MythicArenaState, in_square: list[int]) -> list[int]:
        """Squares this card may take beyond the usual ones."""
        return []

    def on_placed(self, state: MythicArenaState, square: int) -> None:
        """The placement ability; may call ``state.ask(key)`` for a decision."""
        return None

    def choices(self, state: MythicArenaState) -> list[str]:
        """The actions of the decision this ability asked for."""
        return []

    def choose(self, state: MythicArenaState, action: str) -> None:
        """Carry out the chosen action (already checked to be legal)."""
        return None

    def post_battle(self, state: MythicArenaState, square: int, captured: int) -> None:
        """The post-battle effect; ``captured`` is how many cards the battle captured."""
        return None

    def resting_power(self, state: MythicArenaState, spec: Spec, base: int) -> int:
        """The card's Power outside its own placement turn."""
        return base

    def placement_power(self, state: MythicArenaState, spec: Spec) -> int | None:
        """The Power this card would have if the player to move placed it now (before any
        token), when its placement changes its Power; None when it does not."""
        return None

    def final_icons(self, spec: Spec, allegiance: int, count: int) -> int:
        """How many allegiance icons the card counts for in the final count."""
        return count


class FifthCard(Ability):
    """Sol/Helios: may be placed as a fifth card at the end of a complete row or column,
    outside the 4x4 square (MA-CARD-SOL)."""

    key = "fifth-card"
    timing = "placement"
    may_stand_outside = True

    def extra_squares(self, state: MythicArenaState, in_square: list[int]) -> list[int]:
        if len(in_square) < 4:
            return []  # no complete row or column yet
        rows: dict[int, list[int]] = {}
        cols: dict[int, list[int]] = {}
        for square in in_square:
            rows.setdefault(row_of(square), []).append(col_of(square))
            cols.setdefault(col_of(square), []).append(row_of(square))
        found = []
        for row, columns in rows.items():
            if len(columns) == 4:  # a complete row of the square
                for col in (min(columns) - 1, max(columns) + 1):
                    if 0 <= col < 9 and cell(col, row) not in state.board:
                        found.append(cell(col, row))
        for col, row_list in cols.items():
            if len(row_list) == 4:
                for row in (min(row_list) - 1, max(row_list) + 1):
                    if 0 <= row < 9 and cell(col, row) not in state.board:
                        found.append(cell(col, row))
        return found


class Recycle(Ability):
    """Sigurd/Heracles: choose a card of your discard pile and shuffle it into your deck
    (MA-CARD-SIGURD)."""

    key = "recycle"
    timing = "placement"

    def on_placed(self, state: MythicArenaState, square: int) -> None:
        if state.discard[state.to_move]:
            state.ask(self.key)

    def choices(self, state: MythicArenaState) -> list[str]:
        return _discard_choices(state, "recycle")

    def choose(self, state: MythicArenaState, action: str) -> None:
        card = _card_named(action)
        state.discard[state.to_move].remove(card)
        # Decks are unordered (the draw is the shuffle) and kept sorted by card number.
        bisect.insort(state.deck[state.to_move], card)


class DiscardPower(Ability):
    """Ullr/Artemis: +1 Power per card in your discard pile, on top of its printed Power, when
    placed and for that battle; afterwards its printed Power alone (MA-CARD-ULLR,
    MA-RULING-ULLR)."""

    key = "discard-power"
    timing = "placement"

    def placement_power(self, state: MythicArenaState, spec: Spec) -> int:
        # Counted when it is placed: a card raised by Hela/Hades has already left the pile.
        return spec.power + len(state.discard[state.to_move])

    def on_placed(self, state: MythicArenaState, square: int) -> None:
        from theomachy.games.mythic_arena.specs import SPECS

        state.turn_power = self.placement_power(state, SPECS[state.board[square].card])


class IconPower(Ability):
    """Frigg/Hera: +1 Power per visible icon of your pantheon, hers included, on top of her
    printed Power, when placed and for that battle; afterwards her printed Power alone
    (MA-CARD-FRIGG, MA-RULING-ULLR)."""

    key = "icon-power"
    timing = "placement"

    def placement_power(self, state: MythicArenaState, spec: Spec) -> int:
        # Not on the battlefield yet: her own icons are added to those already showing.
        return spec.power + _own_icons(state) + spec.icons

    def on_placed(self, state: MythicArenaState, square: int) -> None:
        from theomachy.games.mythic_arena.specs import SPECS

        # On the battlefield now: her icons are among those counted.
        state.turn_power = SPECS[state.board[square].card].power + _own_icons(state)


def _own_icons(state: MythicArenaState) -> int:
    """The allegiance icons of the player to move visible on the battlefield (the card on top
    of each square: Hela/Hades beneath a card shows nothing)."""
    from theomachy.games.mythic_arena.specs import SPECS

    own = state.pantheon[state.to_move]
    return sum(SPECS[p.card].icons for p in state.board.values() if p.allegiance == own)


class IgnoreShields(Ability):
    """Thor/Ares: ignores the shields of adjacent opposing cards in this battle (MA-CARD-THOR)."""

    key = "ignore-shields"
    timing = "placement"
    ignores_shields = True


class CaptureAny(Ability):
    """Freyja/Aphrodite: capture any one opposing card in the game (MA-CARD-FREYJA)."""

    key = "capture-any"
    timing = "placement"

    def on_placed(self, state: MythicArenaState, square: int) -> None:
        if self.choices(state):
            state.ask(self.key)

    def choices(self, state: MythicArenaState) -> list[str]:
        own = state.pantheon[state.to_move]
        return [
            f"capture {SQUARE_NAMES[s]}"
            for s in sorted(state.board)
            if state.board[s].allegiance != own
        ]

    def choose(self, state: MythicArenaState, action: str) -> None:
        state.capture(SQUARE_INDEX[action.split(" ")[1]])


class RaiseDead(Ability):
    """Hela/Hades: place a card of your discard pile over her/him; its effect triggers as
    usual (MA-CARD-HELA)."""

    key = "raise-dead"
    timing = "placement"

    def on_placed(self, state: MythicArenaState, square: int) -> None:
        if state.discard[state.to_move]:
            state.ask(self.key)

    def choices(self, state: MythicArenaState) -> list[str]:
        return _discard_choices(state, "raise")

    def choose(self, state: MythicArenaState, action: str) -> None:
        card = _card_named(action)
        state.discard[state.to_move].remove(card)
        square = state.placed
        beneath = state.board[square]
        state.board[square] = beneath._replace(card=card, under=beneath.card)
        state.turn_power = None
        state.run_placement_ability(square)


class ExtraGlory(Ability):
    """Týr/Athena: 1 more Glory for each alignment of 3 created by the placement
    (MA-CARD-TYR)."""

    key = "extra-glory"
    timing = "post-battle"
    extra_glory = True


class GainStrength(Ability):
    """Freyr/Demeter (1), Eir/Asclepius (2): take Strength tokens from the supply
    (MA-CARD-FREYR, MA-CARD-EIR)."""

    key = "gain-strength"
    timing = "post-battle"

    def post_battle(self, state: MythicArenaState, square: int, captured: int) -> None:
        assert self.card is not None and self.card.amount is not None
        state.take_strength(self.card.amount)


class StrengthPerCapture(Ability):
    """Loki/Hephaestus: one Strength token per card captured in this battle (MA-CARD-LOKI)."""

    key = "strength-per-capture"
    timing = "post-battle"

    def post_battle(self, state: MythicArenaState, square: int, captured: int) -> None:
        state.take_strength(captured)


class LeaveGame(Ability):
    """Váli/Erinyes: after the battle, back in the box, with Hela/Hades if beneath
    (MA-CARD-VALI)."""

    key = "leave-game"
    timing = "post-battle"

    def post_battle(self, state: MythicArenaState, square: int, captured: int) -> None:
        state.remove_to_box(square)


class DoubleIcon(Ability):
    """Balder/Apollo: counts as 2 icons in the final count while of his own pantheon
    (MA-CARD-BALDER)."""

    key = "double-icon"
    timing = "end-game"

    def final_icons(self, spec: Spec, allegiance: int, count: int) -> int:
        return 2 * count if allegiance == spec.pantheon else count


class PartnerPower(Ability):
    """Njord/Poseidon: Power 2 while Odin/Zeus is on the battlefield (MA-CARD-NJORD)."""

    key = "partner-power"
    timing = "none"

    @cached_property
    def partner(self) -> int:
        """The card number of the partner (resolved on first use: the rules number cards)."""
        from theomachy.games.mythic_arena.specs import CARD_INDEX

        assert self.card is not None and self.card.partner is not None
        return CARD_INDEX[self.card.partner]

    def resting_power(self, state: MythicArenaState, spec: Spec, base: int) -> int:
        assert self.card is not None and self.card.amount is not None
        partner = self.partner
        if any(p.card == partner for p in state.board.values()):
            return self.card.amount
        return base


def _discard_choices(state: MythicArenaState, verb: str) -> list[str]:
    from theomachy.games.mythic_arena.specs import SPECS

    return sorted({f"{verb} {SPECS[c].id}" for c in state.discard[state.to_move]})


def _card_named(action: str) -> int:
    from theomachy.games.mythic_arena.specs import CARD_INDEX

    return CARD_INDEX[action.split(" ")[1]]


CLASSES: dict[str, type[Ability]] = {
    cls.key: cls
    for cls in (
        FifthCard,
        Recycle,
        DiscardPower,
        IconPower,
        IgnoreShields,
        CaptureAny,
        RaiseDead,
        ExtraGlory,
        GainStrength,
        StrengthPerCapture,
        LeaveGame,
        DoubleIcon,
        PartnerPower,
    )
}
# Shared instances for the decisions abilities ask for (they need no card parameters).
REGISTRY: dict[str, Ability] = {
    key: CLASSES[key](None) for key in ("recycle", "raise-dead", "capture-any")
}


def make(card: Card) -> Ability:
    """The ability object of a card."""
    assert card.ability is not None
    return CLASSES[card.ability](card)


__all__ = ["CLASSES", "REGISTRY", "Ability", "make"]
