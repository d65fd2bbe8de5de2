"""Mythotopia's cards: Starting, Improvement and Victory Point cards from ``content/cards.toml``.

Province cards are not listed there: there is one per province of the board, carrying the
province's symbol (board.py). :func:`catalog` loads and validates the file once; a broken
file fails with :class:`~theomachy.engine.content.ContentError` naming the entry and field.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from theomachy.engine.content import ContentError, package_file, read_toml, validate

Symbol = Literal["army", "ship", "food", "stone", "gold"]
Heading = Literal["action", "free", "benefit", "reserve", "none"]
Slug = Annotated[str, Field(pattern=r"^[a-z][a-z0-9-]*$")]
SYMBOLS: tuple[Symbol, ...] = ("army", "ship", "food", "stone", "gold")
RESOURCES: tuple[Symbol, ...] = ("food", "stone", "gold")

IMPROVEMENT_COUNT = 29  # "There are twenty-nine different Improvement cards."
STARTING_COUNT = 5  # "Each player starts with five Starting cards."
VARIABLE_VP_COUNT = 10
FIXED_VP_IDS = ("castle", "city", "road")
# The box's VP counters, by value (MT-RULING-VP-STOCK): every variable card's counters plus
# seven 2VP for each fixed card.
BOX_COUNTERS: Mapping[int, int] = MappingProxyType({1: 25, 2: 31, 3: 2})


class Card(BaseModel):
    """A Starting or Improvement card."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Slug
    name: str = Field(min_length=1)
    symbols: dict[Symbol, int] = Field(default_factory=dict)
    heading: Heading
    crossing: bool = False
    copies: int = Field(default=1, ge=1, le=5)
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _positive_symbols(self) -> Card:
        bad = [name for name, count in self.symbols.items() if not 1 <= count <= 3]
        if bad:
            raise ValueError(f"symbol counts must be 1 to 3: {bad}")
        return self


class VPCard(BaseModel):
    """A Victory Point card; ``counters`` are the values laid on it (fixed cards: by rule)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Slug
    name: str = Field(min_length=1)
    fixed: bool
    counters: tuple[int, ...]
    text: str = Field(min_length=1)


class _CardFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    starting: list[Card]
    improvements: list[Card]
    vp: list[VPCard]


class Catalog:
    """The validated card file: Starting and Improvement cards by id, VP cards by id."""

    def __init__(self, data: _CardFile) -> None:
        self.starting: Mapping[str, Card] = MappingProxyType({c.id: c for c in data.starting})
        self.improvements: Mapping[str, Card] = MappingProxyType(
            {c.id: c for c in sorted(data.improvements, key=lambda c: c.id)}
        )
        self.vp: Mapping[str, VPCard] = MappingProxyType({c.id: c for c in data.vp})
        self.cards: Mapping[str, Card] = MappingProxyType({**self.starting, **self.improvements})
        self.starting_deck: tuple[str, ...] = tuple(
            sorted(c.id for c in data.starting for _ in range(c.copies))
        )
        self.variable_vp: tuple[str, ...] = tuple(sorted(c.id for c in data.vp if not c.fixed))


def _problems(data: _CardFile, province_ids: frozenset[str]) -> list[str]:
    problems = []
    ids = [c.id for c in data.starting] + [c.id for c in data.improvements]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        problems.append(f"card ids used twice: {repeated}")
    clash = sorted(set(ids) & province_ids)
    if clash:
        problems.append(f"card ids equal to province ids: {clash}")
    if sum(c.copies for c in data.starting) != STARTING_COUNT:
        problems.append(f"the starting deck must have {STARTING_COUNT} cards")
    if len(data.improvements) != IMPROVEMENT_COUNT:
        problems.append(f"{len(data.improvements)} Improvement cards, the game has 29")
    if any(c.copies != 1 for c in data.improvements):
        problems.append("Improvement cards are all different: copies must be 1")
    fixed = sorted(c.id for c in data.vp if c.fixed)
    if fixed != sorted(FIXED_VP_IDS):
        problems.append(f"fixed VP cards must be {list(FIXED_VP_IDS)}, got {fixed}")
    if sum(not c.fixed for c in data.vp) != VARIABLE_VP_COUNT:
        problems.append(f"the game has {VARIABLE_VP_COUNT} variable VP cards")
    placed: dict[int, int] = {}
    for card in data.vp:
        if card.fixed and card.counters:
            problems.append(f"vp {card.id!r}: fixed cards get their counters by rule")
        if not card.fixed and not card.counters:
            problems.append(f"vp {card.id!r}: a variable card needs counters")
        for value in card.counters:
            placed[value] = placed.get(value, 0) + 1
    placed[2] = placed.get(2, 0) + 7 * len(FIXED_VP_IDS)
    for value, count in placed.items():
        if count > BOX_COUNTERS.get(value, 0):
            problems.append(f"more {value}VP counters than the box holds")
    return problems


def load_cards(path: Path | str, province_ids: frozenset[str]) -> Catalog:
    """Load and validate a card file; :class:`ContentError` naming file, entry and field."""
    raw = read_toml(path)
    data = validate(path, raw, _CardFile, "improvements")
    problems = _problems(data, province_ids)
    if problems:
        raise ContentError(f"{path}: " + "; ".join(problems))
    return Catalog(data)


@cache
def catalog() -> Catalog:
    """The shipped cards, loaded and validated once."""
    from theomachy.games.mythotopia.board import board

    return load_cards(
        package_file("theomachy.games.mythotopia", "content/cards.toml"),
        frozenset(board().province_index),
    )
