"""Mythic Arena's cards as the rules read them: numbered specs, action strings built once,
and the cards whose abilities act at each hook."""

from __future__ import annotations

from typing import NamedTuple

from theomachy.games.mythic_arena import abilities
from theomachy.games.mythic_arena.board import SQUARE_NAMES
from theomachy.games.mythic_arena.cards import PANTHEONS, Card, catalog

SHIELD, FRAGILITY, NONE = 0, 1, 2
_SIDE_CODE = {"shield": SHIELD, "fragility": FRAGILITY, "none": NONE}


class Spec(NamedTuple):
    """A card as the rules need it, in fast-to-read form."""

    number: int
    id: str
    name: str
    power: int
    sides: tuple[int, int, int, int]
    icons: int
    pantheon: int
    ability: abilities.Ability | None
    card: Card


def _specs() -> tuple[Spec, ...]:
    # Cards are numbered in id order, so a deck kept sorted by number lists its draw outcomes
    # in the sorted order without sorting at every draw.
    cards = sorted(catalog(), key=lambda card: card.id)
    specs = []
    for i, card in enumerate(cards):
        sides = (
            _SIDE_CODE[card.sides[0]],
            _SIDE_CODE[card.sides[1]],
            _SIDE_CODE[card.sides[2]],
            _SIDE_CODE[card.sides[3]],
        )
        ability = abilities.make(card) if card.ability else None
        pantheon = PANTHEONS.index(card.pantheon)
        specs.append(
            Spec(i, card.id, card.name, card.power, sides, card.icons, pantheon, ability, card)
        )
    return tuple(specs)


SPECS = _specs()
CARD_INDEX = {spec.id: spec.number for spec in SPECS}
DECKS = tuple(
    tuple(spec.number for spec in SPECS if spec.pantheon == p) for p in range(len(PANTHEONS))
)
NO_ABILITY_CARD = next(spec.number for spec in SPECS if spec.ability is None)
DRAW_ACTION = tuple(f"draw {spec.id}" for spec in SPECS)
DRAW_INDEX = {action: i for i, action in enumerate(DRAW_ACTION)}
# "place <card> <square>" for every card and square, built once; parsing is a dict lookup.
PLACE_ACTION = tuple(tuple(f"place {spec.id} {sq}" for sq in SQUARE_NAMES) for spec in SPECS)
PLACE_INDEX = {
    action: (card, square)
    for card, row in enumerate(PLACE_ACTION)
    for square, action in enumerate(row)
}
SHATTER_ACTION = tuple(f"shatter {sq}" for sq in SQUARE_NAMES)
SHATTER_INDEX = {action: square for square, action in enumerate(SHATTER_ACTION)}


def _hooked(hook: str) -> frozenset[int]:
    """The cards whose ability does something at ``hook`` (the others' are not called)."""
    base = getattr(abilities.Ability, hook)
    return frozenset(
        spec.number
        for spec in SPECS
        if spec.ability is not None and getattr(type(spec.ability), hook) is not base
    )


STANDS_OUTSIDE = frozenset(  # Sol/Helios: may be placed beyond the square
    spec.number for spec in SPECS if spec.ability is not None and spec.ability.may_stand_outside
)
RESTING_POWER = _hooked("resting_power")  # Power that depends on the battlefield
ON_PLACED = _hooked("on_placed")
POST_BATTLE = _hooked("post_battle")
SIDES = tuple(spec.sides for spec in SPECS)
