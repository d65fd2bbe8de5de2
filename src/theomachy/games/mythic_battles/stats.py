"""Mythic Battles: talents, powers and the numbers of an ATTACK or a move, read from a
position (MB-TAL-*, MB-POWER-*, MB-ATTACK-*, MB-MOVE-*). Pure functions of the state."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from theomachy.games.mythic_battles.data import Unit, powers, units
from theomachy.games.mythic_battles.model import OFF_MAP, Piece

if TYPE_CHECKING:
    from theomachy.games.mythic_battles.rules import BattlesState

UNITS = units()
POWERS = powers()


def stripped(state: BattlesState, piece: Piece) -> bool:
    """True while ``piece`` takes a complex action: no talents, only permanent powers
    (MB-TURN-B7)."""
    act = state.activation
    return act is not None and act.unit == piece.id and act.mode == "complex"


def has_talent(state: BattlesState, piece: Piece, talent: str) -> bool:
    return talent in UNITS[piece.id].talents and not stripped(state, piece)


def has_power(state: BattlesState, piece: Piece, power: str) -> bool:
    """``piece`` has ``power`` and may use it now (a complex action keeps only permanent
    powers)."""
    if UNITS[piece.id].power != power:
        return False
    return POWERS[power].timing == "permanent" or not stripped(state, piece)


def friendly(state: BattlesState, a: int, b: int) -> bool:
    """Seats ``a`` and ``b`` are on the same side (MB-TERM-FRIENDLY)."""
    return state.sides[a] == state.sides[b]


def pieces_in(state: BattlesState, area: int) -> list[Piece]:
    """Live units standing in ``area``, in roster order."""
    return [p for p in state.pieces.values() if p.area == area]


def occupancy(state: BattlesState, area: int) -> int:
    return sum(1 for p in state.pieces.values() if p.area == area)


def is_full(state: BattlesState, area: int, ignoring: str | None = None) -> bool:
    """The area holds its capacity of units (MB-MAP-3), not counting ``ignoring``."""
    count = sum(1 for p in state.pieces.values() if p.area == area and p.id != ignoring)
    return count >= state.board.capacity


def others_friendly_in(state: BattlesState, piece: Piece) -> list[Piece]:
    """Friendly units other than ``piece`` in its area."""
    return [
        p
        for p in state.pieces.values()
        if p.area == piece.area and p.id != piece.id and friendly(state, p.owner, piece.owner)
    ]


def enemies_in(state: BattlesState, seat: int, area: int) -> list[Piece]:
    return [
        p for p in state.pieces.values() if p.area == area and not friendly(state, p.owner, seat)
    ]


def complete(piece: Piece) -> bool:
    """A unit of troops with its full complement of miniatures (MB-TERM-COMPLETE)."""
    unit = UNITS[piece.id]
    return unit.kind == "troops" and piece.vitality == unit.miniatures


def _phalanx(state: BattlesState, piece: Piece) -> bool:
    return has_talent(state, piece, "phalanx") and any(
        complete(p) for p in others_friendly_in(state, piece)
    )


def _bolster(state: BattlesState, piece: Piece) -> int:
    """+1 for troops from each friendly unit with Bolster in their area: each such unit's
    talent gives its own bonus (MB-TAL-BOLSTER)."""
    if UNITS[piece.id].kind != "troops":
        return 0
    return sum(has_talent(state, p, "bolster") for p in others_friendly_in(state, piece))


def attack_range(state: BattlesState, piece: Piece, *, power: bool = False) -> int:
    """Range with this activation's Force of Nature bonus (a talent's number: not for a
    power's ATTACK, MB-RULING-POWER-STATS)."""
    bonus = 0
    act = state.activation
    if not power and act is not None and act.unit == piece.id and act.uprooted:
        bonus = 1
    return UNITS[piece.id].range + bonus


def offence(
    state: BattlesState,
    attacker: Piece,
    distance: int,
    *,
    retaliation: bool = False,
    power: bool = False,
    uprooted: bool = False,
) -> int:
    """Dice of the first assault (MB-ATTACK-3): Offence and its modifiers, at least 1.

    ``power``: the ATTACK is a power's (Thunderbolt), which talents' numbers do not modify
    (MB-RULING-POWER-STATS). ``uprooted``: Force of Nature was used for this ATTACK alone (a
    retaliation, MB-TAL-FORCE-OF-NATURE); in an activation the bonus is the activation's."""
    act = state.activation
    own = act is not None and act.unit == attacker.id and not retaliation
    talents = 0
    if distance >= 1 and has_talent(state, attacker, "archer"):
        talents += 1
    if distance == 0 and has_talent(state, attacker, "close-combat"):
        talents += 1
    if others_friendly_in(state, attacker) and has_talent(state, attacker, "sneak-attack"):
        talents += 1
    if _phalanx(state, attacker):
        talents += 1
    talents += _bolster(state, attacker)
    if uprooted or (own and act is not None and act.uprooted):
        talents += 1  # Force of Nature
    value = UNITS[attacker.id].offence + (0 if power else talents)
    if own and act is not None:
        value += act.offence_bonus  # Bloodlust
        if "move" in act.done and has_power(state, attacker, "bull-rush"):
            value += 2
    if has_power(state, attacker, "last-stand") and attacker.vitality <= 2:
        value += 2
    if retaliation and has_power(state, attacker, "three-heads"):
        value += 1
    return max(1, value)


def defence(
    state: BattlesState, target: Piece, attacker: Piece, distance: int, *, power: bool = False
) -> int:
    """Hits needed for each wound (MB-ATTACK-6): Defence and its modifiers, at least 1. The
    target's own talents count against a power's ATTACK too; the attacker's (Torment) do
    not (MB-RULING-POWER-STATS)."""
    value = UNITS[target.id].defence
    if others_friendly_in(state, target) and has_talent(state, target, "close-protection"):
        value += 1
    if _phalanx(state, target):
        value += 1
    value += _bolster(state, target)
    if distance >= 1 and state.ruins[target.area] > 0:
        value += 1  # MB-TERRAIN-2: ruins give cover
    if has_power(state, target, "nearly-invulnerable"):
        value += 2 if distance == 0 else -1
    if distance == 0 and not power and has_talent(state, attacker, "torment"):
        value -= 1
    return max(1, value)


def screening(state: BattlesState) -> frozenset[int]:
    """Areas that block line of sight: impenetrable terrain and standing trees."""
    trees = {a for a in state.board.areas if state.trees[a] > 0}
    return state.board.impenetrable | trees


def can_target(state: BattlesState, attacker: Piece, target: Piece, reach: int) -> bool:
    """``target`` may be declared the target of ``attacker``'s ATTACK with range ``reach``
    (MB-RANGE-*, MB-MAN-6)."""
    if target.area == OFF_MAP or friendly(state, attacker.owner, target.owner):
        return False
    distance = state.board.distance[attacker.area][target.area]
    if distance > reach:
        return False
    if distance == 0 and target.evaded and not UNITS[attacker.id].flying:
        return False
    return state.board.in_sight(attacker.area, target.area, screening(state))


def targets(state: BattlesState, attacker: Piece, reach: int | None = None) -> list[Piece]:
    """Enemy units ``attacker`` may ATTACK, in roster order."""
    if attacker.area == OFF_MAP:
        return []
    if reach is None:
        reach = attack_range(state, attacker)
    return [p for p in state.pieces.values() if can_target(state, attacker, p, reach)]


def may_cross(state: BattlesState, piece: Piece, frm: int, to: int, *, climbs: bool) -> bool:
    """Terrain lets ``piece`` step from ``frm`` into the adjacent ``to`` (MB-TERRAIN-1)."""
    board = state.board
    if UNITS[piece.id].flying or climbs:
        return True
    return to not in board.impenetrable and not board.is_cliff(frm, to)


def may_stand(state: BattlesState, piece: Piece, area: int, *, climbs: bool) -> bool:
    """``piece`` may be put in ``area`` (thrown, swapped): terrain and room allowing."""
    if area in state.board.impenetrable and not (UNITS[piece.id].flying or climbs):
        return False
    return not is_full(state, area, ignoring=piece.id)


def free_of_block(state: BattlesState, piece: Piece) -> bool:
    """Block never holds ``piece``: it flies, has Block itself, or Fleet of Foot frees it
    (MB-TAL-BLOCK, MB-POWER-FLEET-OF-FOOT)."""
    return (
        UNITS[piece.id].flying
        or has_talent(state, piece, "block")
        or has_power(state, piece, "fleet-of-foot")
    )


def blocking_seats(state: BattlesState, piece: Piece, area: int) -> set[int]:
    """The seats with a Block unit in ``area`` that is an enemy of ``piece``."""
    return {p.owner for p in enemies_in(state, piece.owner, area) if has_talent(state, p, "block")}


def block_used(state: BattlesState, seat: int, piece: Piece) -> bool:
    """``seat`` uses its Block against ``piece``: its answer for the active unit's
    activation (MB-TAL-OPTIONAL); Block holds until its owner has let the unit go."""
    act = state.activation
    if act is not None and act.unit == piece.id:
        return act.block.get(seat, True)
    return True


def held_by_block(state: BattlesState, piece: Piece) -> bool:
    """An enemy Block holds ``piece`` in its area (MB-TAL-BLOCK)."""
    if free_of_block(state, piece):
        return False
    return any(block_used(state, s, piece) for s in blocking_seats(state, piece, piece.area))


def destinations(
    state: BattlesState, piece: Piece, steps: int, *, unheld: bool = False
) -> list[int]:
    """Areas ``piece`` can end a MOVE or RUN of up to ``steps`` areas in (MB-MOVE-*):
    ascending, its own area excluded. ``unheld``: as if no Block held it."""
    if steps <= 0 or piece.area == OFF_MAP:
        return []
    if not unheld and held_by_block(state, piece):
        return []
    unit: Unit = UNITS[piece.id]
    climbs = has_talent(state, piece, "climb")
    stops = not unit.flying and not has_power(state, piece, "fleet-of-foot")
    start = piece.area
    # Who stands where, counted once for the whole search (is_full and enemies_in, per area).
    sides = state.sides
    side = sides[piece.owner]
    others: dict[int, int] = {}
    enemy_areas = set()
    for other in state.pieces.values():
        if other.id != piece.id:
            others[other.area] = others.get(other.area, 0) + 1
        if sides[other.owner] != side:
            enemy_areas.add(other.area)
    capacity = state.board.capacity
    seen = {start: 0}
    queue = deque([start])
    while queue:
        area = queue.popleft()
        if seen[area] == steps:
            continue
        if area != start and stops and area in enemy_areas:
            continue  # entering an area with an enemy ends the move (MB-MOVE-3)
        for nxt in state.board.neighbours[area]:
            if nxt in seen or not may_cross(state, piece, area, nxt, climbs=climbs):
                continue
            if others.get(nxt, 0) >= capacity:  # full (MB-MAP-3)
                continue
            seen[nxt] = seen[area] + 1
            queue.append(nxt)
    return sorted(a for a in seen if a != start)
