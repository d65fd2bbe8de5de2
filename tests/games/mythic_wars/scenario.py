"""Build Mythic Wars positions for scenario tests: these deities in the battle, then play.

Factions are given as in destiny mode (4 deity ids per player). ``battle`` puts the listed
entities in the battle (with optional energy) and starts the Empowerment Phase with ``seat``
to act; everything else stays uninvoked. Dice are then fed with ``roll``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import theomachy
from theomachy.games.mythic_wars.rules import (
    EMPOWER,
    EMPOWERED,
    ENTITIES,
    INVOKED,
    NUMBER,
    STATE_NAMES,
    MythicWarsState,
    Unit,
)

# Deities that fill factions up to 4; they stay uninvoked (inactive) unless a test invokes them.
FILLERS = [
    "hera",
    "athena",
    "apollo",
    "artemis",
    "odin",
    "frigg",
    "heimdall",
    "tyr",
    "isis",
    "thoth",
    "horus",
    "tlaloc",
    "coatlicue",
    "tsukuyomi",
    "raijin",
    "ea",
    "shamash",
    "marduk",
    "poseidon",
    "freyja",
    "ishtar",
    "amaterasu",
    "quetzalcoatl",
    "ra",
]


def game_with(factions: list[list[str]], first: int = 0) -> MythicWarsState:
    """A new destiny-mode game with these factions (padded with fillers to 4 each)."""
    used = {d for f in factions for d in f}
    spare = [d for d in FILLERS if d not in used]
    full = []
    for faction in factions:
        padded = list(faction)
        while len(padded) < 4:
            padded.append(spare.pop(0))
        full.append(padded)
    game = theomachy.load(
        "mythic-wars",
        players=len(full),
        options={"mode": "destiny", "factions": full, "first": first},
    )
    state = game.new_game()
    assert isinstance(state, MythicWarsState)
    return state


def battle(
    factions: list[list[str]],
    in_battle: Iterable[str],
    *,
    energy: Mapping[str, int] | None = None,
    empowered: Iterable[str] = (),
    summoned: Mapping[str, str] | None = None,
    seat: int = 0,
    prime: int = 0,
    round_number: int = 2,
) -> MythicWarsState:
    """Destiny factions; ``in_battle`` entities invoked (full energy unless ``energy`` says),
    ``empowered`` ones already turned, ``summoned`` creatures (creature -> summoner) in the
    battle; the Empowerment Phase with ``seat`` to act."""
    state = game_with(factions, first=prime)
    for entity_id in in_battle:
        index = state.unit_named(entity_id)
        unit = state.units[index]
        state.units[index] = unit._replace(state=INVOKED, energy=ENTITIES[unit.entity].power)
    for creature, summoner in (summoned or {}).items():
        owner = state.units[state.unit_named(summoner)].owner
        number = NUMBER[creature]
        state.units.append(
            Unit(number, owner, INVOKED, ENTITIES[number].power, state.unit_named(summoner))
        )
    for entity_id, points in (energy or {}).items():
        index = state.unit_named(entity_id)
        state.units[index] = state.units[index]._replace(energy=points)
    for entity_id in empowered:
        index = state.unit_named(entity_id)
        state.units[index] = state.units[index]._replace(state=EMPOWERED)
    state.phase = EMPOWER
    state.round = round_number
    state.prime = prime
    state.been_prime = frozenset(range(len(factions)))
    state.seat = seat
    state.stack = []
    state.queue = ()
    state.invalidate_caches()
    return state


def roll(state: MythicWarsState, *dice: int) -> MythicWarsState:
    """Feed dice to the chance nodes in order."""
    for die in dice:
        assert state.current_player == theomachy.CHANCE, f"not a die now: {state.legal_actions()}"
        state.apply(f"roll {die}")
    return state


def energy(state: MythicWarsState, entity_id: str) -> int:
    """Current energy points of an entity."""
    return state.units[state.unit_named(entity_id)].energy


def status(state: MythicWarsState, entity_id: str) -> str:
    """``uninvoked``, ``invoked``, ``empowered`` or ``defeated``."""
    return STATE_NAMES[state.units[state.unit_named(entity_id)].state]
