"""Positions for the numbered-rule tests of Arena of the Gods (test_rules.py): a game with
these Gods and these cards in hand and on the Battleground, then legal actions and chance
outcomes to drive it.

``setup`` makes a game with option ``first`` (no dice), removes the opening draws and (unless
``buildings``) the starting buildings, and leaves ``seat`` in its main phase.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import theomachy
from theomachy import CHANCE
from theomachy.games.arena_of_the_gods.cards import catalog
from theomachy.games.arena_of_the_gods.model import MAIN, Permanent
from theomachy.games.arena_of_the_gods.rules import ArenaState

CARDS = catalog()


def arena(players: int = 2, **options: object) -> theomachy.Game:
    """The game with these options."""
    return theomachy.load("arena-of-the-gods", players=players, options=options)


def fresh(gods: Sequence[str] = ("zeus", "odin"), **options: object) -> ArenaState:
    """A new game of these Gods with their starter decks."""
    state = arena(len(gods), gods=list(gods), **options).new_game()
    assert isinstance(state, ArenaState)
    return state


def setup(
    gods: Sequence[str] = ("zeus", "odin"),
    *,
    seat: int = 0,
    hands: Mapping[int, Iterable[str]] | None = None,
    field: Iterable[tuple[str, int]] = (),
    gold: Sequence[int] | None = None,
    favor: Sequence[int] | None = None,
    life: Sequence[int] | None = None,
    buildings: bool = False,
    **options: object,
) -> ArenaState:
    """``seat``'s main phase with these hands (default empty; the cards come out of the
    deck), Units on the Battleground (``(card, seat)``, ready), resources and Life."""
    state = fresh(gods, first=seat, **options)
    state.draws = []
    state.order = []
    if not buildings:
        for uid, perm in list(state.perms.items()):
            if CARDS[perm.card].type != "god":
                del state.perms[uid]
    for s in range(len(gods)):
        state.hand[s], state.known[s], state.drawn[s] = [], [], []
    for s, cards in (hands or {}).items():
        for card in cards:
            if card in state.deck[s]:
                state.deck[s].remove(card)
            state.hand[s].append(card)
        state.hand[s].sort()
        state.known[s] = list(state.hand[s])
    for card, owner in field:
        put(state, card, owner)
    if gold is not None:
        state.gold = list(gold)
    if favor is not None:
        state.favor = list(favor)
    if life is not None:
        state.life = list(life)
    state.current = seat
    state.step = MAIN
    state.invalidate_caches()
    return state


def put(
    state: ArenaState, card: str, seat: int, *, ready: bool = True, damage: int = 0
) -> Permanent:
    """``card`` enters the Battleground under ``seat``; a Unit may attack unless not ``ready``."""
    perm = state._enter(card, seat)
    perm.damage = damage
    if CARDS[card].type == "unit" and ready:
        perm.ready, perm.attacks_left = True, 1
    state.invalidate_caches()
    return perm


def act(state: ArenaState, *actions: str) -> ArenaState:
    """Apply these decisions (each must be legal for the player to act)."""
    for action in actions:
        assert state.current_player >= 0, f"{action!r}: no decision now"
        legal = state.legal_actions()
        assert action in legal, f"{action!r} not in {legal}"
        state.apply(action)
    return state


def feed(state: ArenaState, *outcomes: str) -> ArenaState:
    """Apply these chance outcomes (``draw <card>``, ``roll <n>``)."""
    for outcome in outcomes:
        assert state.current_player == CHANCE, f"{outcome!r}: not a chance node"
        state.apply(outcome)
    return state


def draw_any(state: ArenaState) -> ArenaState:
    """Resolve pending chance nodes with their first outcome."""
    while state.current_player == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    return state


def find(state: ArenaState, token: str) -> Permanent:
    """The card on the Battleground named ``token`` (it must be there)."""
    perm = state.find(token)
    assert perm is not None, f"{token} is not on the Battleground"
    return perm


def tokens(state: ArenaState) -> set[str]:
    """The names of every card on the Battleground."""
    return {p.token for p in state.perms.values()}
