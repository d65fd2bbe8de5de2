"""Mythic Battles: a position's value for the agents (greedy play, cut-off roll-outs).

A side's strength counts what wins the game: its divinities' remaining Vitality (a
divinity's death ends its player), omphalos absorbed (the other way to win), omphalos carried
(more the nearer the carrier is to its divinity), omphalos cards (a divinity absorbs one
where it stands) and the free omphalos its units stand near;
then its army: each living unit's Vitality and cost, more once it is on the map; a little
for cards in hand (few: passing to draw is worth less than acting). The value for a player
is their side's share of the total.

During the recruitment draft an army is valued differently (``draft_strength``): each unit by
its cost, the hits it takes to destroy (Vitality times Defence, where play counts Vitality
alone) and how it fits its divinity (``fit``): cover for a divinity that fights only in its own
area, a Block or Guard to hold the area in front of one that strikes from afar, a fast carrier
for a slow divinity's omphalos, troops for a Leader, a Guard against a rival who must close in,
a Block that cannot hold a rival who flies. So the draft's first pick depends on who drafts
and against whom, as at a real table; on the map these fits are already in what the units do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from theomachy.games.mythic_battles.data import Unit, units
from theomachy.games.mythic_battles.model import RECRUIT_GOD, RECRUIT_UNIT

if TYPE_CHECKING:
    from theomachy.games.mythic_battles.rules import BattlesState

UNITS = units()
DIVINITY = 2.0  # per Vitality
UNIT, COST, ON_MAP = 0.6, 1.0, 1.0
ABSORBED, CARRIED, NEAR_GOD, NEAR_TOKEN = 8.0, 2.5, 2.0, 1.0
CARD, CARD_CAP = 0.15, 8
OMPHALOS_CARD = CARRIED + NEAR_GOD  # a token already at its divinity: one ABSORB away
# An absorbed omphalos card past the scenario's counted number only breaks the round cap's
# ties (MB-RULING-OMPHALOS-CARDS): worth a little, not a step toward the victory.
UNCOUNTED = 0.5
# The draft: per hit a unit takes to destroy (Vitality x Defence: Defence is hits per wound;
# with the usual Defence 2 this is UNIT per Vitality, as in play), and per point of fit.
DRAFT_HIT, FIT = UNIT / 2, 1.0
RECRUITING = (RECRUIT_GOD, RECRUIT_UNIT)


def fit(unit: Unit, divinity: Unit, rivals: list[Unit]) -> float:
    """How well ``unit`` complements an army led by ``divinity`` against ``rivals``' divinities
    (about -0.5 to 2): what the divinity lacks, and what the rivals call for."""
    talents = set(unit.talents)
    score = 0.0
    if divinity.range == 0 and unit.range >= 1:
        score += 1.0  # cover for a divinity that fights only in its own area
    if divinity.range >= 1 and unit.range == 0 and talents & {"block", "guard"}:
        score += 1.0  # holds the area in front of a divinity that strikes from afar
    if divinity.movement <= 2 and not divinity.flying and unit.movement >= 3:
        score += 1.0  # carries omphalos to a slow divinity
    if "leader" in divinity.talents and unit.kind == "troops":
        score += 1.0  # the Leader activates troops beyond the two activations
    for rival in rivals:
        if rival.flying and "block" in talents:
            score -= 0.5 / len(rivals)  # Block does not hold a flier (MB-TAL-BLOCK)
        if rival.range == 0 and "guard" in talents:
            score += 0.5 / len(rivals)  # a rival who must close in meets the Guard first
    return score


def draft_value(unit: Unit, divinity: Unit, rivals: list[Unit]) -> float:
    """What ``unit`` adds to an army led by ``divinity`` against ``rivals`` in the draft."""
    return (
        COST * unit.cost
        + DRAFT_HIT * unit.vitality * unit.defence
        + FIT * fit(unit, divinity, rivals)
    )


def draft_strength(state: BattlesState, side: int) -> float:
    """How strong ``side``'s recruited armies stand during the draft (``fit``, above)."""
    total = 0.0
    for seat in range(state.game.players):
        army = state.armies[seat]
        if state.sides[seat] != side or not army:
            continue
        divinity = UNITS[army[0]]
        rivals = [
            UNITS[other[0]]
            for rival, other in enumerate(state.armies)
            if other and state.sides[rival] != side
        ]
        total += DIVINITY * divinity.vitality
        total += sum(draft_value(UNITS[unit], divinity, rivals) for unit in army[1:])
    return total


def strength(state: BattlesState, side: int) -> float:
    """How strong ``side`` stands (0 when all its players are out)."""
    distance = state.board.distance
    counted = state.counted_omphalos(side)
    seats = [s for s in range(state.game.players) if state.sides[s] == side]
    absorbed = sum(state.absorbed[s] for s in seats)
    total = ABSORBED * counted + UNCOUNTED * (absorbed - counted)
    # Held omphalos cards are one ABSORB away from counting while the side may count more.
    room = state.game.scenario.omphalos_cards_counted - sum(state.absorbed_cards[s] for s in seats)
    carriers_near: list[int] = []  # areas of the side's units that could claim
    for seat in seats:
        if state.out[seat]:
            continue
        god = state.pieces[state.armies[seat][0]] if state.armies[seat] else None
        for unit in state.armies[seat]:
            piece = state.pieces[unit]
            if piece.dead:
                continue
            spec = UNITS[unit]
            if spec.divinity:
                total += DIVINITY * piece.vitality
                continue
            total += UNIT * piece.vitality + COST * spec.cost
            if piece.on_map:
                total += ON_MAP
                if piece.carrying:
                    total += CARRIED
                    if god is not None and god.on_map:
                        total += NEAR_GOD / (1 + distance[piece.area][god.area])
                else:
                    carriers_near.append(piece.area)
        total += CARD * min(CARD_CAP, len(state.hand[seat]))
        counting = max(0, min(state.omphalos_cards[seat], room))
        room -= counting
        total += OMPHALOS_CARD * counting + UNCOUNTED * (state.omphalos_cards[seat] - counting)
    if carriers_near:
        for area, tokens in enumerate(state.omphalos):
            if tokens and area:
                nearest = min(distance[a][area] for a in carriers_near)
                total += NEAR_TOKEN * tokens / (1 + nearest)
    return total


def evaluate(state: BattlesState, player: int) -> float:
    """``player``'s side's share of the strength of every side, split among the side's seats
    as a win is (1.0 shared by the winners): in the 2v2 the seats' values add up to 1, like
    the returns, so that a search never rates a near win above winning."""
    sides = sorted(set(state.sides))
    value = draft_strength if state.step in RECRUITING else strength
    values = {side: value(state, side) for side in sides}
    total = sum(values.values())
    seats = state.sides.count(state.sides[player])
    if total <= 0:
        return 1.0 / len(sides) / seats
    return values[state.sides[player]] / total / seats
