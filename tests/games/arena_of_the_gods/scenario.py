"""Build Arena of the Gods positions for scenario tests: these Gods, these cards in hand and on
the Battleground, this much Gold/Favor/Life, then play.

``position`` makes a 2-player game (option ``first`` skips the dice), throws away the opening
draws and the starting buildings (``buildings=True`` keeps them) and leaves ``seat`` in its main
phase. Cards are put on the Battleground with ``put`` (through ``ArenaState._enter``); the flow
is then driven with legal actions (``act``) and ``draw <card>`` chance outcomes (``draw``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import theomachy
from scenario_helpers import act
from theomachy.games.arena_of_the_gods import abilities
from theomachy.games.arena_of_the_gods.cards import catalog
from theomachy.games.arena_of_the_gods.model import MAIN, Permanent
from theomachy.games.arena_of_the_gods.rules import ArenaState

CARDS = catalog()


def new_game(gods: Sequence[str] = ("zeus", "odin"), first: int = 0) -> ArenaState:
    """A new game with these Gods (their starter decks), ``first`` going first (no dice)."""
    game = theomachy.load(
        "arena-of-the-gods", players=len(gods), options={"gods": list(gods), "first": first}
    )
    state = game.new_game()
    assert isinstance(state, ArenaState)
    return state


def position(
    gods: Sequence[str] = ("zeus", "odin"),
    *,
    seat: int = 0,
    hands: Mapping[int, Iterable[str]] | None = None,
    field: Iterable[tuple[str, int]] = (),
    gold: Sequence[int] | None = None,
    favor: Sequence[int] | None = None,
    life: Sequence[int] | None = None,
    afterlife: Mapping[int, Iterable[str]] | None = None,
    decks: Mapping[int, Iterable[str]] | None = None,
    buildings: bool = False,
) -> ArenaState:
    """``seat``'s main phase with these hands (default: empty), cards on the Battleground
    (``(card, seat)``, Units ready to attack), resources, Life, Afterlives and decks (default:
    the starter deck less the hand). Gods are always there; the starting buildings only with
    ``buildings``."""
    state = new_game(gods)
    n = len(gods)
    state.draws = []
    state.order = []
    state.battle = None
    if not buildings:
        for uid, perm in list(state.perms.items()):
            if CARDS[perm.card].type != "god":
                del state.perms[uid]
    for s in range(n):
        state.hand[s] = []
        state.known[s] = []
        state.drawn[s] = []
    for s, cards in (hands or {}).items():
        for card in cards:
            if card in state.deck[s]:
                state.deck[s].remove(card)
            state.hand[s].append(card)
        state.hand[s].sort()
    for s, cards in (decks or {}).items():
        state.deck[s] = sorted(cards)
    for s, cards in (afterlife or {}).items():
        state.afterlife[s] = list(cards)
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
    state: ArenaState,
    card: str,
    seat: int,
    *,
    damage: int = 0,
    ready: bool = True,
    bound_to: int = -1,
) -> Permanent:
    """Put ``card`` onto the Battleground under ``seat``'s control (a Binding on ``bound_to``);
    a Unit may attack this turn unless ``ready`` is False."""
    perm = state._enter(card, seat, bound_to)
    perm.damage = damage
    if CARDS[card].type == "unit" and ready:
        perm.ready = True
        perm.attacks_left = 1
    state.invalidate_caches()
    return perm


def draw(state: ArenaState, *cards: str) -> ArenaState:
    """Feed ``draw <card>`` chance outcomes in order."""
    for card in cards:
        assert state.current_player == theomachy.CHANCE, f"not a draw now: {state.legal_actions()}"
        state.apply(f"draw {card}")
    return state


def awaits_draw(state: ArenaState) -> bool:
    return state.current_player == theomachy.CHANCE


def perm(state: ArenaState, token: str) -> Permanent:
    """The card on the Battleground named ``token`` (it must be there)."""
    found = state.find(token)
    assert found is not None, f"{token} is not on the Battleground"
    return found


def on_field(state: ArenaState, token: str) -> bool:
    return state.find(token) is not None


def power(state: ArenaState, token: str) -> int:
    return abilities.power(state, perm(state, token))


def health(state: ArenaState, token: str) -> int:
    return abilities.health(state, perm(state, token))


def damage(state: ArenaState, token: str) -> int:
    return perm(state, token).damage


def pass_turn(state: ArenaState) -> ArenaState:
    """The turn player ends the turn and discards nothing; the next turn starts."""
    return act(state, "end", "done")


def close_window(state: ArenaState) -> ArenaState:
    """Both players pass until the current battle window closes (or the battle ends)."""
    window = state.step
    while state.battle is not None and state.step == window:
        act(state, "pass")
    return state


def battle(
    state: ArenaState,
    attacker: str,
    target: str,
    *,
    redirect: bool = False,
    pre: Sequence[str] = (),
    post: Sequence[str] = (),
) -> ArenaState:
    """Declare ``attacker`` against ``target`` (``hold`` or ``redirect`` for a Unit target),
    play the ``pre`` window actions (defender first, alternating: name ``pass`` where a player
    passes), close the window, then the same for ``post``."""
    act(state, f"attack {attacker} {target}")
    if "hold" in state.legal_actions():
        act(state, "redirect" if redirect else "hold")
    for moves in (pre, post):
        if state.battle is None or state.current_player < 0:
            return state
        act(state, *moves)
        close_window(state)
    return state
