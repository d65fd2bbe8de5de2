"""Wars, captures and Victory Point counters (MT-WAR, MT-STRENGTH, MT-CAPTURE, MT-VP).

Functions here read and change a :class:`~theomachy.games.mythotopia.rules.MythotopiaState`;
they never decide who acts next (the state's queue does).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from theomachy.games.mythotopia.board import board
from theomachy.games.mythotopia.cards import catalog

if TYPE_CHECKING:
    from theomachy.games.mythotopia.rules import MythotopiaState

NEUTRAL = -1
NONE, TOWN, CITY, CITADEL = range(4)
_BOARD = board()
_SEAS_OF = _BOARD.province_seas  # the strength tables, read in every war of every position
_RUGGED = _BOARD.rugged
_CIRCLE = _BOARD.neutral_strength
PIECE_NAMES = (None, "town", "city", "citadel")
DRAGON_BONUS = 4
CASTLE_BONUS = 2
PROVINCE_VP = 3  # MT-VPS-1
TRACK_FLOOR = 12  # "You can never go below twelve points on the track" (MT-VPS-3)


def in_reserve(state: MythotopiaState, seat: int, card: str) -> bool:
    """Whether a Reserve effect is on: the card lies in the Reserve (new this turn or not)."""
    return card in state.reserve[seat] or card in state.reserve_new[seat]


def invaders(state: MythotopiaState, p: int) -> list[int]:
    """Players with Army or Mercenary counters in ``p`` who do not control it (MT-TERM-2,
    MT-RULING-INVOLVED: Mercenaries stay when their side's armies are gone)."""
    owner = state.owner[p]
    mercs = state.mercs[p]
    return [s for s, n in enumerate(state.armies[p]) if (n or mercs[s]) and s != owner]


def at_war(state: MythotopiaState, p: int) -> bool:
    """Whether province ``p`` is at war (someone has invaded it)."""
    owner = state.owner[p]
    mercs = state.mercs[p]
    return any((n or mercs[s]) and s != owner for s, n in enumerate(state.armies[p]))


def involved(state: MythotopiaState, p: int, seat: int) -> bool:
    """Whether ``seat`` is involved in the war in ``p`` (an invader or the player defender)."""
    if not at_war(state, p):
        return False
    return state.owner[p] == seat or state.armies[p][seat] > 0 or state.mercs[p][seat] > 0


def strength(state: MythotopiaState, p: int, seat: int) -> int:
    """A player's Military Strength in the war in ``p`` (MT-STRENGTH-1..3)."""
    total = state.armies[p][seat] + state.mercs[p][seat]
    ships = state.ships
    for s in _SEAS_OF[p]:
        total += ships[s][seat]
    reserve, new = state.reserve[seat], state.reserve_new[seat]
    rugged = _RUGGED[p]
    if state.owner[p] == seat:  # defending
        if state.castle[p] or state.piece[p] == CITADEL:
            total += CASTLE_BONUS
        if rugged:
            total += 1
        if "limes" in reserve or "limes" in new:
            total += 1
    elif "cavalry" in reserve or "cavalry" in new:
        total += 1
    if rugged and ("ranger" in reserve or "ranger" in new):
        total += 1
    return total


def neutral_strength(state: MythotopiaState, p: int) -> int:
    """A neutral province's strength: its circle, +4 with a Dragon (MT-STRENGTH-4); rugged
    terrain is already in the circle, and a castle left there adds nothing: the castle's +2
    is a player defender's (MT-RULING-NEUTRAL-CASTLE)."""
    value = _CIRCLE[p]
    if p in state.dragons:
        value += DRAGON_BONUS
    return value


def sides(state: MythotopiaState, p: int) -> dict[int, int]:
    """Every side's strength in the war in ``p``: seat -> strength, NEUTRAL for a neutral."""
    owner = state.owner[p]
    result = {owner: neutral_strength(state, p) if owner == NEUTRAL else strength(state, p, owner)}
    for seat in invaders(state, p):
        result[seat] = strength(state, p, seat)
    return result


def leaders(state: MythotopiaState, p: int) -> list[int]:
    """The sides tied for the highest strength in ``p`` (one element: a clear winner)."""
    # sides() and a sort, without the dict (legal-move generation asks for every war).
    owner = state.owner[p]
    best = neutral_strength(state, p) if owner == NEUTRAL else strength(state, p, owner)
    top = [owner]
    mercs = state.mercs[p]
    for seat, n in enumerate(state.armies[p]):
        if (n or mercs[seat]) and seat != owner:
            value = strength(state, p, seat)
            if value > best:
                best, top = value, [seat]
            elif value == best:
                top.append(seat)
    top.sort()
    return top


def resolve_war(state: MythotopiaState, p: int, winner: int, final: bool = False) -> None:
    """End the war in ``p`` with ``winner`` (a seat or NEUTRAL): capture or defence, then
    every army home and mercenaries to the supply (MT-CAPTURE-1..7)."""
    defender = state.owner[p]
    attackers = invaders(state, p)
    if winner != defender:
        capture(state, p, winner, final)
    elif defender != NEUTRAL and attackers:
        earn(state, defender, "defender-of-the-realm")
    clear_armies(state, p)


def clear_armies(state: MythotopiaState, p: int) -> None:
    """Every Army counter in ``p`` back to its owner's stock, Mercenaries to the supply."""
    for seat in range(state.game.players):
        state.army_stock[seat] += state.armies[p][seat]
        state.mercs_left += state.mercs[p][seat]
    state.armies[p] = [0] * state.game.players
    state.mercs[p] = [0] * state.game.players


def remove_piece(state: MythotopiaState, p: int) -> None:
    """Take the Town, City or Citadel off ``p`` back to its owner (MT-CAPTURE-1)."""
    owner, piece = state.owner[p], state.piece[p]
    if owner == NEUTRAL:
        return
    move_token(state, owner, -PROVINCE_VP)
    if piece == TOWN:
        state.towns[owner] += 1
    elif piece == CITY:
        state.cities[owner] += 1
    elif piece == CITADEL:
        state.citadel[owner] = 2  # back on its Reserve card space, never placed again
    state.owner[p] = NEUTRAL
    state.piece[p] = NONE


def capture(state: MythotopiaState, p: int, winner: int, final: bool) -> None:
    """An invader wins ``p`` (MT-CAPTURE-1..5)."""
    card = board().provinces[p].id
    defender = state.owner[p]
    had_citadel = state.piece[p] == CITADEL
    losers_before = lords(state)
    remove_piece(state, p)
    # The Province card, wherever it is (MT-RULING-CARD-LOCATION).
    if defender != NEUTRAL:
        if state.take_card(defender, card) == "hand" and not final:
            state.queue_draw(defender, 1)
    elif card in state.supply:
        state.supply.remove(card)
    if state.towns[winner] == 0:
        state.supply.append(card)
        state.supply.sort()
        update_lords(state, losers_before)
        return
    state.towns[winner] -= 1
    state.owner[p] = winner
    state.piece[p] = TOWN
    move_token(state, winner, PROVINCE_VP)
    state.discard[winner].append(card)
    state.discard[winner].sort()
    if defender != NEUTRAL:
        earn(state, winner, "spoils-of-war")
    if had_citadel:
        earn(state, winner, "citadel")
    if p in state.dragons:
        state.dragons.discard(p)
        earn(state, winner, "here-be-dragons")
    if p in state.runestones:
        state.runestones.discard(p)
        earn(state, winner, "runestones")
    update_lords(state, losers_before)


ISLAND_SLOT = {"large": 3, "small": 2}


def lords(state: MythotopiaState) -> list[frozenset[str]]:
    """For each seat, the islands (large, small) whose provinces he all controls."""
    b = board()
    result: list[frozenset[str]] = []
    for seat in range(state.game.players):
        held: frozenset[str] = frozenset(
            island
            for island, provinces in b.islands.items()
            if all(state.owner[q] == seat for q in provinces)
        )
        result.append(held)
    return result


def update_lords(state: MythotopiaState, before: list[frozenset[str]]) -> None:
    """Lord of the Isles: a counter the moment an island becomes wholly yours
    (MT-VP-LORD-OF-THE-ISLES, MT-RULING-SCRIBE)."""
    if "lord-of-the-isles" not in state.counters:
        return
    after = lords(state)
    for seat in range(state.game.players):
        for island in sorted(after[seat] - before[seat]):
            earn(state, seat, "lord-of-the-isles", island)


def card_value(card: str, slot: str | None) -> int:
    """The value of a VP card's counters (Lord of the Isles: by island)."""
    if card == "lord-of-the-isles" and slot is not None:
        return ISLAND_SLOT[slot]
    vp = catalog().vp[card]
    return vp.counters[0] if vp.counters else 2


def earn(state: MythotopiaState, seat: int, card: str, slot: str | None = None) -> None:
    """Queue a VP counter earned by ``seat`` from ``card`` (resolved by the state's queue:
    with Scribe the player may choose the unused stock, MT-IMP-SCRIBE)."""
    if card in state.counters:
        state.queue.append(("claim", seat, card, slot or ""))


def claim_options(state: MythotopiaState, seat: int, card: str, slot: str) -> list[str]:
    """Where a counter earned now may come from: ``card`` and/or ``stock``."""
    options = []
    if slot_available(state, card, slot):
        options.append(card)
    if in_reserve(state, seat, "scribe"):
        value = card_value(card, slot or None)
        town_ok = card != "master-of-the-seas" or state.towns[seat] > 0
        if state.stock.get(value, 0) > 0 and town_ok:
            options.append("stock")
    return options


def slot_available(state: MythotopiaState, card: str, slot: str) -> bool:
    """Whether ``card`` still holds the counter for ``slot`` ("" for any)."""
    left = state.counters.get(card, ())
    if not slot:
        return bool(left)
    return slot in left


def take_counter(state: MythotopiaState, seat: int, card: str, slot: str, source: str) -> None:
    """Move a counter to ``seat`` from the card or the stock (MT-VPS-2)."""
    value = card_value(card, slot or None)
    if card == "master-of-the-seas" and in_reserve(state, seat, "scribe") and state.towns[seat]:
        # A Scribe holder marks the condition met with one of his Towns, set on the card for
        # good, whichever source he takes the counter from (MT-RULING-SCRIBE).
        state.towns[seat] -= 1
    if source == "stock":
        state.stock[value] -= 1
    else:
        left = list(state.counters[card])
        left.remove(slot if slot else left[0])
        state.counters[card] = tuple(left)
    state.held[seat] = tuple(sorted((*state.held[seat], value)))
    move_token(state, seat, value)


def track_floor(points: int) -> int:
    """A place on the Victory Point track: never below twelve (MT-VPS-3)."""
    return max(TRACK_FLOOR, points)


def move_token(state: MythotopiaState, seat: int, points: int) -> None:
    """Move ``seat``'s VP token by ``points``; it stops at twelve going down
    (MT-RULING-VP-FLOOR: the track, not a sum, so the floor shapes later scores)."""
    state.track[seat] = track_floor(state.track[seat] + points)


def score(state: MythotopiaState, seat: int) -> int:
    """Where ``seat``'s VP token stands on the track (MT-VPS-3, MT-RULING-VP-FLOOR)."""
    return state.track[seat]
