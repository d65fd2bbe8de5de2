"""Mythic Arena's card data: the two 17-card decks in ``content/``, validated on load.

The decks mirror each other card for card (MA-RULING-CONTENT). The Powers of our own design are
given once for both decks, in ``content/powers.toml``; a deck file gives a card's Power only
where the rulebook states it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from theomachy.engine.content import ContentError, package_file, read_toml, validate

PANTHEONS = ("greek", "norse")
Side = Literal["shield", "fragility", "none"]
ABILITY_KEYS = (
    "fifth-card",
    "recycle",
    "discard-power",
    "icon-power",
    "ignore-shields",
    "capture-any",
    "raise-dead",
    "extra-glory",
    "gain-strength",
    "strength-per-capture",
    "leave-game",
    "double-icon",
    "partner-power",
)
DECK_SIZE = 17


class Card(BaseModel):
    """One character card. ``sides`` are north, east, south, west."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str = Field(min_length=1)
    power: int = Field(ge=0, le=20)
    sides: tuple[Side, Side, Side, Side]
    icons: int = Field(default=1, ge=0, le=3)
    text: str = Field(min_length=1, max_length=300)  # the card text players read
    ability: str | None = None
    amount: int | None = Field(default=None, ge=0, le=10)
    partner: str | None = None
    pantheon: str = ""  # filled from the deck file

    @field_validator("ability")
    @classmethod
    def _known_ability(cls, value: str | None) -> str | None:
        if value is not None and value not in ABILITY_KEYS:
            raise ValueError(f"unknown ability {value!r}; known: {', '.join(ABILITY_KEYS)}")
        return value

    @model_validator(mode="after")
    def _parameters(self) -> Card:
        if self.ability in ("gain-strength", "partner-power") and self.amount is None:
            raise ValueError(f"ability {self.ability!r} needs an 'amount'")
        if self.ability == "partner-power" and not self.partner:
            raise ValueError("ability 'partner-power' needs a 'partner' card id")
        return self


class Deck(BaseModel):
    """A pantheon's deck file."""

    model_config = ConfigDict(extra="forbid")

    pantheon: Literal["greek", "norse"]
    cards: list[Card] = Field(min_length=DECK_SIZE, max_length=DECK_SIZE)


class DesignedPower(BaseModel):
    """The Power of a mirrored pair of cards, one Greek and one Norse (``powers.toml``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    greek: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    norse: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    power: int = Field(ge=0, le=20)


class DesignedPowers(BaseModel):
    """``powers.toml``: the Powers of our own design, one per mirrored pair."""

    model_config = ConfigDict(extra="forbid")

    powers: list[DesignedPower] = Field(min_length=1)


def load_powers(path: Path | str) -> DesignedPowers:
    """Load and validate ``powers.toml``; no card may be listed twice."""
    designed = validate(path, read_toml(path), DesignedPowers, "powers")
    for pantheon in PANTHEONS:
        ids = [getattr(entry, pantheon) for entry in designed.powers]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise ContentError(f"{path}: {pantheon} cards listed twice: {twice}")
    return designed


def load_deck(path: Path | str, powers: Mapping[str, int] | None = None) -> Deck:
    """Load and validate one deck file; ``powers`` gives the Powers its cards leave out
    (by card id; each card takes its Power from exactly one of the two)."""
    data = read_toml(path)
    given = dict(powers or {})
    entries: Any = data.get("cards")
    if given and isinstance(entries, list):
        listed: set[str] = set()
        for entry in entries:
            if not isinstance(entry, dict) or entry.get("id") not in given:
                continue
            card_id = entry["id"]
            listed.add(card_id)
            if "power" in entry:
                raise ContentError(
                    f"{path}: entry {card_id!r}, field power: given here and in powers.toml"
                )
            entry["power"] = given[card_id]
        unknown = sorted(set(given) - listed)
        if unknown:
            raise ContentError(f"{path}: powers.toml names cards not in this deck: {unknown}")
    deck = validate(path, data, Deck, "cards")
    ids = [card.id for card in deck.cards]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ContentError(f"{path}: duplicate card ids {duplicates}")
    for card in deck.cards:
        if card.partner is not None and card.partner not in ids:
            raise ContentError(
                f"{path}: entry {card.id!r}, field partner: {card.partner!r} is not in this deck"
            )
    return deck.model_copy(
        update={"cards": [c.model_copy(update={"pantheon": deck.pantheon}) for c in deck.cards]}
    )


class Setup(BaseModel):
    """``setup.toml``: the numbers of the setup that are our design."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    second_player_strength: int = Field(ge=0, le=5)


@cache
def setup() -> Setup:
    """The setup numbers (MA-RULING-SECOND)."""
    path = package_file("theomachy.games.mythic_arena", "content/setup.toml")
    return validate(path, read_toml(path), Setup, "setup")


@cache
def catalog() -> tuple[Card, ...]:
    """All cards: the Greek deck then the Norse deck; a card's index is its number here."""
    powers_path = package_file("theomachy.games.mythic_arena", "content/powers.toml")
    designed = load_powers(powers_path)
    decks: list[Deck] = []
    for pantheon in PANTHEONS:
        path = package_file("theomachy.games.mythic_arena", f"content/{pantheon}.toml")
        powers = {getattr(entry, pantheon): entry.power for entry in designed.powers}
        deck = load_deck(path, powers)
        if deck.pantheon != pantheon:
            raise ContentError(f"{path}: pantheon is {deck.pantheon!r}, expected {pantheon!r}")
        decks.append(deck)
    # A designed Power belongs to a mirrored pair: the same place in both decks.
    places = [{card.id: i for i, card in enumerate(deck.cards)} for deck in decks]
    for entry in designed.powers:
        if places[0][entry.greek] != places[1][entry.norse]:
            raise ContentError(
                f"{powers_path}: {entry.greek!r} and {entry.norse!r} are not at the same place "
                "in their decks (the decks mirror each other card for card)"
            )
    cards = [card for deck in decks for card in deck.cards]
    ids = [card.id for card in cards]
    if len(set(ids)) != len(ids):
        raise ContentError("mythic-arena content: a card id appears in both decks")
    return tuple(cards)
