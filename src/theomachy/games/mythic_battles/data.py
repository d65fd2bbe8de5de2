"""Mythic Battles content: the roster (units and powers), the maps and the scenarios, and the
talents' and manoeuvres' texts for the table, read from ``content/*.toml`` and validated (a
bad file fails naming the entry and the field)."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from theomachy.engine.content import ContentError, package_file, read_toml, validate

PACKAGE = "theomachy.games.mythic_battles.content"

TALENTS = (
    "archer", "block", "bolster", "climb", "close-protection", "close-combat",
    "force-of-nature", "gem-collector", "guard", "initiative", "leader", "mighty-throw",
    "mobility", "monster-slayer", "phalanx", "sneak-attack", "torment",
)  # fmt: skip
"""The rulebook's seventeen talents, as slugs."""

Slug = str


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Power(_Model):
    """A unit's power (MB-POWER-*): when it works, its Art of War cost if invoked."""

    id: Slug
    name: str
    timing: Literal["permanent", "start", "invoke"]
    cost: int = Field(ge=0, le=3)
    # How far from its unit the power works, in areas (0: the unit's own area); None where
    # it works anywhere or has no reach (Tactician's, MB-POWER-TACTICIAN).
    reach: int | None = Field(default=None, ge=0, le=9)
    text: str


class Unit(_Model):
    """A unit's dashboard (or troop card): stats, talents, its power, its cards."""

    id: Slug
    name: str
    kind: Literal["god", "hero", "monster", "troops"]
    cost: int = Field(ge=0, le=10)
    offence: int = Field(ge=1, le=8)
    defence: int = Field(ge=1, le=6)
    range: int = Field(ge=0, le=4)
    movement: int = Field(ge=0, le=5)
    vitality: int = Field(ge=1, le=15)
    miniatures: int = Field(default=1, ge=1, le=6)
    flying: bool = False
    talents: tuple[str, ...] = ()
    activation: int = Field(ge=1, le=4)
    aow: int = Field(ge=0, le=4)
    power: Slug | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Unit:
        for talent in self.talents:
            if talent not in TALENTS:
                raise ValueError(f"unknown talent {talent!r}; talents: {', '.join(TALENTS)}")
        if self.kind == "troops" and self.miniatures != self.vitality:
            raise ValueError("troops have one Vitality per miniature")
        if self.kind != "troops" and self.miniatures != 1:
            raise ValueError("only troops have several miniatures")
        if self.kind == "god" and self.cost != 0:
            raise ValueError("divinities are chosen, not bought: cost 0")
        return self

    @property
    def divinity(self) -> bool:
        return self.kind == "god"


class Roster(_Model):
    units: list[Unit]
    powers: list[Power]

    @model_validator(mode="after")
    def _links(self) -> Roster:
        powers = {p.id for p in self.powers}
        ids = [u.id for u in self.units]
        if len(ids) != len(set(ids)):
            raise ValueError("a unit id is listed twice")
        for unit in self.units:
            if unit.power is not None and unit.power not in powers:
                raise ValueError(f"unit {unit.id!r} names an unknown power {unit.power!r}")
        return self


class Talent(_Model):
    """A talent as players read it (MB-TAL-*): its name and text, and the rule behind it."""

    id: Slug
    name: str
    rule: str = Field(pattern=r"^MB-TAL-[A-Z-]+$")
    text: str = Field(min_length=1)


class Manoeuvre(_Model):
    """A manoeuvre bought with Art of War cards (MB-MAN-*): its cost (None: as the power
    says), when it is bought and what it does."""

    id: Slug
    name: str
    rule: str = Field(pattern=r"^MB-MAN-[0-9]+$")
    cost: int | None = Field(default=None, ge=0, le=3)
    when: str
    text: str = Field(min_length=1)


class CardText(_Model):
    """A card that is not a unit's: the Art of War card."""

    id: Slug
    name: str
    text: str = Field(min_length=1)


class Texts(_Model):
    """What the table tells of talents, manoeuvres and cards (content/texts.toml)."""

    talents: list[Talent]
    manoeuvres: list[Manoeuvre]
    cards: list[CardText]

    @model_validator(mode="after")
    def _every_talent(self) -> Texts:
        ids = [t.id for t in self.talents]
        missing = [t for t in TALENTS if t not in ids]
        unknown = [t for t in ids if t not in TALENTS]
        if missing or unknown or len(ids) != len(set(ids)):
            raise ValueError(
                f"one text per talent of the rulebook: missing {missing}, unknown {unknown}"
            )
        return self


class MapData(_Model):
    """A grid of numbered areas with terrain, omphalos and cliffs (MB-MAP-*)."""

    id: Slug
    name: str
    columns: int = Field(ge=2, le=12)
    rows: int = Field(ge=2, le=12)
    capacity: int = Field(ge=1, le=8)
    cliffs: list[tuple[int, int]] = []
    impenetrable: list[int] = []
    ruins: list[int] = []
    trees: list[int] = []
    omphalos: list[int] = []

    @model_validator(mode="after")
    def _areas_exist(self) -> MapData:
        count = self.columns * self.rows
        listed = [*self.impenetrable, *self.ruins, *self.trees, *self.omphalos]
        listed += [a for pair in self.cliffs for a in pair]
        for area in listed:
            if not 1 <= area <= count:
                raise ValueError(f"area {area} is not on a {self.columns}x{self.rows} map")
        for a, b in self.cliffs:
            if b not in grid_neighbours(a, self.columns, self.rows):
                raise ValueError(f"cliff {a}-{b}: the areas are not adjacent")
        for area in self.omphalos:
            if area in self.impenetrable:
                raise ValueError(f"omphalos in impenetrable area {area}")
        return self

    @property
    def areas(self) -> range:
        return range(1, self.columns * self.rows + 1)


class Scenario(_Model):
    """A scenario (MB-SCEN-*): its map, player counts, RP, zones, sides and victory."""

    id: Slug
    name: str
    players: list[int]
    map: Slug
    recruitment_points: int = Field(ge=1, le=40)
    zones: list[list[int]]
    sides: list[int]
    lead: int = Field(ge=0, le=7)  # MB-SETUP-3: the scenario's lead player
    omphalos_to_win: int = Field(ge=1, le=20)
    # MB-RULING-OMPHALOS-CARDS: how many absorbed omphalos cards a side counts toward the
    # omphalos victory (MB-WIN-2); every absorbed card counts at the round cap (MB-WIN-3).
    omphalos_cards_counted: int = Field(default=20, ge=0, le=20)
    # MB-SETUP-7a, a scenario special rule (first in the rules hierarchy): at set-up the lead
    # player deals each other player this many Art of War cards beyond the 3 every player gets.
    later_seats_aow: int = Field(default=0, ge=0, le=3)
    # MB-WIN-4: the first divinity killed ends the game, won by its killer's side.
    first_kill_wins: bool = False

    @model_validator(mode="after")
    def _seats(self) -> Scenario:
        seats = max(self.players)
        if len(self.zones) != seats or len(self.sides) != seats:
            raise ValueError(f"zones and sides need one entry per seat ({seats})")
        if self.lead >= min(self.players):
            raise ValueError(f"lead {self.lead} is not a seat of every player count")
        return self


class Content(_Model):
    maps: list[MapData]
    scenarios: list[Scenario]

    @model_validator(mode="after")
    def _links(self) -> Content:
        maps = {m.id: m for m in self.maps}
        for scenario in self.scenarios:
            board = maps.get(scenario.map)
            if board is None:
                raise ValueError(f"scenario {scenario.id!r} names an unknown map")
            for zone in scenario.zones:
                for area in zone:
                    if area not in board.areas or area in board.impenetrable:
                        raise ValueError(f"scenario {scenario.id!r}: bad zone area {area}")
        return self


def grid_neighbours(area: int, columns: int, rows: int) -> list[int]:
    """The areas sharing a side with ``area`` on a grid map, ascending."""
    row, column = divmod(area - 1, columns)
    found = []
    if row > 0:
        found.append(area - columns)
    if column > 0:
        found.append(area - 1)
    if column < columns - 1:
        found.append(area + 1)
    if row < rows - 1:
        found.append(area + columns)
    return found


class _Units(_Model):
    units: list[Unit]


class _Powers(_Model):
    powers: list[Power]


class _Talents(_Model):
    talents: list[Talent]


class _Manoeuvres(_Model):
    manoeuvres: list[Manoeuvre]


class _Cards(_Model):
    cards: list[CardText]


class _Maps(_Model):
    maps: list[MapData]


class _Scenarios(_Model):
    scenarios: list[Scenario]


def _validate_lists(path: Path, data: dict[str, Any], lists: dict[str, type[_Model]]) -> None:
    """Each array of tables on its own first, so that an error names its entry's id."""
    for key, model in lists.items():
        validate(path, {key: data.get(key)}, model, key)


def load_roster(path: Path | str) -> Roster:
    """Read and check a roster file (units and powers); ``ContentError`` naming the file, the
    entry and the field on any problem."""
    path = Path(path)
    data = read_toml(path)
    _validate_lists(path, data, {"units": _Units, "powers": _Powers})
    return validate(path, data, Roster, "units")


def load_content(path: Path | str) -> Content:
    """Read and check a maps-and-scenarios file, as :func:`load_roster`."""
    path = Path(path)
    data = read_toml(path)
    _validate_lists(path, data, {"maps": _Maps, "scenarios": _Scenarios})
    return validate(path, data, Content, "scenarios")


def load_texts(path: Path | str) -> Texts:
    """Read and check a texts file (talents, manoeuvres, cards), as :func:`load_roster`."""
    path = Path(path)
    data = read_toml(path)
    lists: dict[str, type[_Model]] = {
        "talents": _Talents,
        "manoeuvres": _Manoeuvres,
        "cards": _Cards,
    }
    _validate_lists(path, data, lists)
    return validate(path, data, Texts, "talents")


@cache
def texts() -> Texts:
    """The talents', manoeuvres' and Art of War card's texts (content/texts.toml)."""
    return load_texts(package_file(PACKAGE, "texts.toml"))


@cache
def talents() -> dict[str, Talent]:
    """Each talent's name and text, by id, in the rulebook's order (TALENTS)."""
    found = {t.id: t for t in texts().talents}
    return {t: found[t] for t in TALENTS}


@cache
def manoeuvres() -> dict[str, Manoeuvre]:
    return {m.id: m for m in texts().manoeuvres}


@cache
def roster() -> Roster:
    """The units and powers (content/roster.toml)."""
    return load_roster(package_file(PACKAGE, "roster.toml"))


@cache
def content() -> Content:
    """The maps and scenarios (content/maps.toml)."""
    return load_content(package_file(PACKAGE, "maps.toml"))


@cache
def units() -> dict[str, Unit]:
    return {u.id: u for u in roster().units}


@cache
def powers() -> dict[str, Power]:
    return {p.id: p for p in roster().powers}


@cache
def maps() -> dict[str, MapData]:
    return {m.id: m for m in content().maps}


@cache
def scenarios() -> dict[str, Scenario]:
    return {s.id: s for s in content().scenarios}


def default_scenario(players: int) -> Scenario:
    """The scenario for ``players`` (each count has exactly one)."""
    for scenario in content().scenarios:
        if players in scenario.players:
            return scenario
    raise ContentError(f"no scenario for {players} players")
