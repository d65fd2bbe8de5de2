"""Build Mythotopia positions for scenario tests.

:func:`setup` plays a real set-up with chosen chance outcomes (who is dealt which provinces,
the display, the VP cards in play, the first player), then :func:`position` edits the state
directly: hands, Reserves, decks, armies, ships, castles, roads, counters. ``play`` applies
player actions (each must be legal); ``draw`` feeds the chance nodes of draws.

Example::

    state = setup(provinces={0: ["palmain", "scombroid"], 1: ["trogle"]},
                  vp_cards=["patronage", "spoils-of-war", "citadel", "runestones"])
    position(state, hand={0: ["start-army", "start-market"]})
    play(state, "invade blore palmain", "pay start-army army", ...)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import theomachy
from theomachy.engine.core import CHANCE
from theomachy.games.mythotopia.rules import (
    CHOOSE_DEAL_COUNT,
    DEAL_COUNT,
    P_INDEX,
    PROVINCES,
    S_INDEX,
    MythotopiaState,
)

# Variable VP cards used when a test does not care: none of them changes set-up.
QUIET_VP = ["patronage", "spoils-of-war", "defender-of-the-realm", "roadside-inns"]


def setup(
    players: int = 2,
    provinces: Mapping[int, Sequence[str]] | None = None,
    vp_cards: Sequence[str] = QUIET_VP,
    display: Sequence[str] | None = None,
    first: int = 0,
    options: Mapping[str, object] | None = None,
    dragons: Sequence[str] = (),
    runestones: Sequence[str] = (),
    citadels: Mapping[int, str] | None = None,
    hands: Mapping[int, Sequence[str]] | None = None,
) -> MythotopiaState:
    """A game in play (first player to act, hands drawn), with chosen set-up outcomes.

    ``provinces``: the provinces dealt to each seat; the rest of each seat's deal is filled
    from provinces nobody listed, in id order, avoiding islands so tests stay predictable.
    Hands are then drawn from each deck: the cards ``hands`` names for that seat first, then
    in id order. They can be replaced by :func:`position`, but a hand drawn here is a real
    history (what determinization and the masked log work from).
    """
    game = theomachy.load("mythotopia", players=players, options=dict(options or {}))
    state = game.new_game()
    assert isinstance(state, MythotopiaState)
    per = (CHOOSE_DEAL_COUNT if game.options["choose_provinces"] else DEAL_COUNT)[players]
    wanted = {seat: list((provinces or {}).get(seat, [])) for seat in range(players)}
    listed = {p for cards in wanted.values() for p in cards}
    listed |= set(dragons) | set(runestones)
    spare = [
        p for p in PROVINCES
        if p not in listed and p not in ("ictus", "jeopigia", "nesh", "aporia", "kinabra")
    ]  # fmt: skip
    for seat in range(players):
        while len(wanted[seat]) < per:
            wanted[seat].append(spare.pop(0))
        for card in wanted[seat]:
            state.apply(f"deal {card}")
    shown = list(display) if display is not None else []
    for card in sorted(state.imp_deck):
        if len(shown) >= 16:
            break
        if card not in shown:
            shown.append(card)
    for card in shown[:16]:
        state.apply(f"display {card}")
    for card in vp_cards:
        state.apply(f"vpcard {card}")
    for province in dragons:
        state.apply(f"dragon {province}")
    for province in runestones:
        state.apply(f"runestone {province}")
    while state.current_player != CHANCE or not state.legal_actions()[0].startswith("first"):
        if state.is_terminal():
            raise AssertionError("set-up ended the game")
        legal = state.legal_actions()
        if legal[0].startswith("citadel"):
            choice = (citadels or {}).get(state.current_player)
            state.apply(f"citadel {choice}" if choice else legal[0])
        elif legal[0].startswith("reject") or legal[0].startswith(("dragon", "runestone")):
            state.apply(legal[0])
        else:
            break
    state.apply(f"first {first}")
    wished = {seat: list(cards) for seat, cards in (hands or {}).items()}
    while state.current_player == CHANCE:
        seat = state.queue[0][1]
        chosen = wished.get(seat)
        state.apply(f"draw {chosen.pop(0)}" if chosen else state.legal_actions()[0])
    return state


def position(
    state: MythotopiaState,
    hand: Mapping[int, Iterable[str]] | None = None,
    reserve: Mapping[int, Iterable[str]] | None = None,
    deck: Mapping[int, Iterable[str]] | None = None,
    discard: Mapping[int, Iterable[str]] | None = None,
    armies: Mapping[tuple[str, int], int] | None = None,
    ships: Mapping[tuple[str, int], int] | None = None,
    owner: Mapping[str, int | None] | None = None,
    castles: Iterable[str] = (),
    roads: Iterable[tuple[str, str]] = (),
    held: Mapping[int, Iterable[int]] | None = None,
    army_stock: Mapping[int, int] | None = None,
    ship_stock: Mapping[int, int] | None = None,
) -> MythotopiaState:
    """Edit the position in place (caches forgotten). Cards given for a seat replace that
    pile; hand/deck/discard/reserve cards are not checked against the rest of the deck."""
    for pile, given in (
        (state.hand, hand),
        (state.reserve, reserve),
        (state.deck, deck),
        (state.discard, discard),
    ):
        for seat, cards in (given or {}).items():
            pile[seat] = sorted(cards)
    for (province, seat), n in (armies or {}).items():
        state.armies[P_INDEX[province]][seat] = n
    for (sea, seat), n in (ships or {}).items():
        state.ships[S_INDEX[sea]][seat] = n
    for province, seat in (owner or {}).items():
        p = P_INDEX[province]
        state.owner[p] = -1 if seat is None else seat
        state.piece[p] = 0 if seat is None else 1
    for province in castles:
        state.castle[P_INDEX[province]] = True
    for a, b in roads:
        p, q = P_INDEX[a], P_INDEX[b]
        state.roads.add((min(p, q), max(p, q)))
    for seat, values in (held or {}).items():
        state.held[seat] = tuple(sorted(values))
    for seat, n in (army_stock or {}).items():
        state.army_stock[seat] = n
    for seat, n in (ship_stock or {}).items():
        state.ship_stock[seat] = n
    if owner or held:
        retrack(state)
    state.invalidate_caches()
    return state


def retrack(state: MythotopiaState) -> MythotopiaState:
    """Put every VP token where an edited position says (3 per province plus counters, not
    below 12), as players re-checking the track would: edits bypass the token's moves."""
    for seat in range(state.game.players):
        provinces = sum(1 for o in state.owner if o == seat)
        state.track[seat] = max(12, 3 * provinces + sum(state.held[seat]))
    return state


def play(state: MythotopiaState, *actions: str) -> MythotopiaState:
    """Apply actions in order; each must be legal (the message lists what was)."""
    for action in actions:
        legal = state.legal_actions()
        assert action in legal, f"{action!r} not legal; legal: {legal}"
        state.apply(action)
    return state


def draw(state: MythotopiaState, *cards: str) -> MythotopiaState:
    """Resolve draw chance nodes with the given cards."""
    for card in cards:
        assert state.current_player == CHANCE, "not a chance node"
        state.apply(f"draw {card}")
    return state


def refill(state: MythotopiaState) -> MythotopiaState:
    """Resolve every pending chance node with its first outcome."""
    while state.current_player == CHANCE:
        state.apply(state.legal_actions()[0])
    return state
