"""Mythic Wars's entity data: deities and creatures in ``content/entities.toml``, validated on load.

Every entity names one ability by key with its parameters; the keys, what they do and the
parameters each needs are listed in ``ABILITY_PARAMS`` (the effects live in abilities.py).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from theomachy.engine.content import ContentError, package_file, read_toml, validate

ELEMENTS = ("air", "chaos", "earth", "fire", "law", "water")
Element = Literal["air", "chaos", "earth", "fire", "law", "water"]
Kind = Literal["god", "goddess", "creature"]
Stat = Literal["attack", "defense", "power"]
Who = Literal["self", "supporting", "faction", "opposing"]

# Ability key -> (timing, required parameters). Timing: passive (always on while in battle),
# empowered (used as the entity's action when empowered), invoked (when it enters the battle),
# start / end (start or end of each round), attack (after its attacks), defense (after attacks
# on it).
ABILITY_PARAMS: dict[str, tuple[str, tuple[str, ...]]] = {
    "modify": ("passive", ("stat", "amount", "who")),
    "taunt": ("passive", ()),
    "tie-breaker": ("passive", ()),
    "no-crits": ("passive", ()),
    "thorns": ("defense", ("amount", "on")),
    "clash": ("empowered", ("damage",)),
    "blast": ("empowered", ("amount",)),
    "volley": ("empowered", ("amount",)),
    "heal": ("empowered", ("amount",)),
    "summon": ("empowered", ("creature",)),
    "doom": ("invoked", ("threshold",)),
    "ambush": ("invoked", ()),
    "invoke-summon": ("invoked", ("creature",)),
    "invoke-heal": ("invoked", ("amount",)),
    "regenerate": ("start", ("amount",)),
    "burn": ("end", ("amount",)),
    "extra-attack": ("attack", ("parity",)),
    "lifesteal": ("attack", ("amount",)),
}


class AbilityParams(BaseModel):
    """Parameters of an ability; which ones are needed depends on its key."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    stat: Stat | None = None
    amount: int | None = Field(default=None, ge=-5, le=10)
    who: Who | None = None
    on: Literal["hit", "miss"] | None = None
    damage: int | None = Field(default=None, ge=0, le=10)  # 0: roll a die for the damage
    creature: str | None = None
    threshold: int | None = Field(default=None, ge=2, le=20)
    parity: Literal["even", "odd"] | None = None


class Entity(BaseModel):
    """A deity (god or goddess) or a creature."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str = Field(min_length=1)
    # Any slug: the pantheons are whatever the content file names (see ``pantheons()``).
    pantheon: str = Field(pattern=r"^[a-z][a-z-]*$")
    kind: Kind
    element: Element
    power: int = Field(ge=1, le=15)
    attack: int = Field(ge=0, le=15)
    defense: int = Field(ge=0, le=15)
    ability: str
    params: AbilityParams = AbilityParams()
    text: str = Field(min_length=1, max_length=400)

    @model_validator(mode="after")
    def _ability_parameters(self) -> Entity:
        if self.ability not in ABILITY_PARAMS:
            raise ValueError(
                f"unknown ability {self.ability!r}; known: {', '.join(ABILITY_PARAMS)}"
            )
        _, required = ABILITY_PARAMS[self.ability]
        given = {name for name, value in self.params.model_dump().items() if value is not None}
        missing = [name for name in required if name not in given]
        extra = sorted(given - set(required))
        if missing:
            raise ValueError(f"ability {self.ability!r} needs params {missing}")
        if extra:
            raise ValueError(f"ability {self.ability!r} takes no params {extra}")
        return self

    @property
    def is_deity(self) -> bool:
        """Gods and goddesses (not creatures) go into factions."""
        return self.kind != "creature"


class EntityFile(BaseModel):
    """The content file."""

    model_config = ConfigDict(extra="forbid")

    entities: list[Entity] = Field(min_length=1)


def load_entities(path: Path | str) -> tuple[Entity, ...]:
    """Load and validate an entity file (cross-references included)."""
    data = read_toml(path)
    entities = validate(path, data, EntityFile, "entities").entities
    ids = [e.id for e in entities]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    if duplicates:
        raise ContentError(f"{path}: duplicate entity ids {duplicates}")
    by_id = {e.id: e for e in entities}
    summoned: dict[str, str] = {}
    for entity in entities:
        creature = entity.params.creature
        if creature is None:
            continue
        target = by_id.get(creature)
        if target is None or target.kind != "creature":
            raise ContentError(
                f"{path}: entry {entity.id!r}, field params.creature: {creature!r} is not a "
                "creature of this file"
            )
        if creature in summoned:
            raise ContentError(
                f"{path}: creature {creature!r} is summoned by both {summoned[creature]!r} and "
                f"{entity.id!r}; each creature has one summoner"
            )
        summoned[creature] = entity.id
    for entity in entities:
        if entity.kind == "creature" and entity.id not in summoned:
            raise ContentError(f"{path}: creature {entity.id!r} has no summoner")
    return tuple(entities)


@cache
def _content() -> tuple[Entity, ...]:
    """The content file's entities, in file order."""
    return load_entities(package_file("theomachy.games.mythic_wars", "content/entities.toml"))


@cache
def catalog() -> tuple[Entity, ...]:
    """Every entity, sorted by id (an entity's number is its place here)."""
    return tuple(sorted(_content(), key=lambda e: e.id))


@cache
def pantheons() -> tuple[str, ...]:
    """The pantheons, in the order the content file first names them: the content decides
    how many there are (Pantheons of Fate gives one to each player, so they cap that mode)."""
    return tuple(dict.fromkeys(entity.pantheon for entity in _content()))


PANTHEONS = pantheons()
