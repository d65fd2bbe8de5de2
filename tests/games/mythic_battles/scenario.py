"""Build Mythic Battles positions for scenario tests: these armies, these units in these areas,
these hands, decks, Vitality and omphalos, then play with legal actions and chance outcomes.

``position`` makes a game with option ``armies`` (no draft), throws away the opening draws,
empties the hands (the 3 dealt Art of War cards go back to the supply), clears the map's
terrain pieces and omphalos (``terrain=True`` keeps the map's), puts the units where ``at``
says (the divinities stay on their set-up areas unless ``at`` moves them; area 0 is off the map) and
leaves ``seat`` at step B1 of its turn. The flow is then driven with ``act`` (each action
must be legal), ``roll`` (dice faces) and ``draw`` (cards).

The Sacred Valley (2 players), areas by row; T trees, R ruin, X impenetrable, o omphalos;
cliffs 12|17 and 14|19; seat 0 deploys in 6, 1, 11, 16 and seat 1 in 10, 5, 15, 20::

     1   2T   3o   4T   5
     6   7o   8X   9o  10
    11  12   13Ro 14   15
    16T 17o  18o  19o  20T

The Crossroads of Delphi (3 and 4 players), 7x7; the heights 17, 19, 31, 33 (ruins and
omphalos) are walled by cliffs on every side; zones: seat 0 22, 15, 29, 23 (left), then
clockwise 4, 3, 5, 11 (top, 4 players only), 28, 21, 35, 27 (right), 46, 45, 47, 39 (bottom;
with 3 players the seats are left, right, bottom)::

     1    2    3    4    5    6    7
     8    9X  10   11T  12   13X  14
    15   16   17Ro 18o  19Ro 20   21
    22   23T  24o  25T  26o  27T  28
    29   30   31Ro 32o  33Ro 34   35
    36   37X  38   39T  40   41X  42
    43   44   45   46   47   48   49
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import theomachy
from scenario_helpers import act
from theomachy import CHANCE
from theomachy.games.mythic_battles.model import ACTIVATE_FIRST, OFF_MAP, SEARCH_WINDOW, Piece
from theomachy.games.mythic_battles.rules import BattlesGame, BattlesState

ARMIES = [["zeus", "achilles", "hoplites"], ["hades", "medusa", "spartans"]]


def game(players: int = 2, **options: object) -> BattlesGame:
    """The game with these options."""
    loaded = theomachy.load("mythic-battles", players=players, options=options)
    assert isinstance(loaded, BattlesGame)
    return loaded


def free_game(armies: Sequence[Sequence[str]], **options: object) -> BattlesGame:
    """The game with these armies, whether or not a draft could make them.

    Scenario tests build positions (few units, chosen hands), not drafts: the armies are set
    after the option checks, which MB-RECRUIT-4's own tests cover (an army the draft could
    not make is refused there)."""
    loaded = game(len(armies), **options)
    loaded.options["armies"] = [list(a) for a in armies]
    return loaded


def fresh(armies: Sequence[Sequence[str]] | None = ARMIES, **options: object) -> BattlesState:
    """A new game with these armies (None: the recruitment draft), before the opening draws;
    unspent RP are omphalos cards."""
    if armies is None:
        players = int(options.pop("players", 2))  # type: ignore[call-overload]
        state = game(players, **options).new_game()
    else:
        state = free_game(armies, **options).new_game()
    assert isinstance(state, BattlesState)
    return state


def position(
    armies: Sequence[Sequence[str]] = ARMIES,
    *,
    seat: int = 0,
    at: Mapping[str, int] | None = None,
    hands: Mapping[int, Iterable[str]] | None = None,
    decks: Mapping[int, Iterable[str]] | None = None,
    vitality: Mapping[str, int] | None = None,
    omphalos: Iterable[int] = (),
    ruins: Iterable[int] = (),
    trees: Iterable[int] = (),
    terrain: bool = False,
    omphalos_cards: Sequence[int] | None = None,
    step: str = ACTIVATE_FIRST,
    **options: object,
) -> BattlesState:
    """``seat`` at step B1 (or ``step``) with these units placed (``unit: area``), hands (the
    cards leave the deck when they are in it), decks, Vitality, omphalos tokens and terrain
    pieces (added to the map's when ``terrain``), and omphalos cards (default none)."""
    state = fresh(armies, **options)
    n = len(armies)
    state.draws = []
    for s in range(n):
        state.hand[s], state.known[s], state.drawn[s] = [], [], []  # the dealt AoW go
    for s, cards in (hands or {}).items():
        for card in cards:
            if card in state.deck[s]:
                state.deck[s].remove(card)
            state.hand[s].append(card)
        state.hand[s].sort()
    for s, cards in (decks or {}).items():
        state.deck[s] = sorted(cards)
    size = len(state.board.areas) + 1
    if not terrain:
        state.omphalos = [0] * size
        state.ruins = [0] * size
        state.trees = [0] * size
    for area in omphalos:
        state.omphalos[area] += 1
    for area in ruins:
        state.ruins[area] += 1
    for area in trees:
        state.trees[area] += 1
    for unit, area in (at or {}).items():
        piece = state.pieces[unit]
        piece.area = area
        piece.entered = area != OFF_MAP
    for unit, value in (vitality or {}).items():
        state.pieces[unit].vitality = value
    state.omphalos_cards = list(omphalos_cards) if omphalos_cards is not None else [0] * n
    state.turn_player = seat
    state.prompt_seat = seat
    state.step = step
    state.activations = 0
    state.bought = [[] for _ in range(n)]
    state.invalidate_caches()
    return state


def roll(state: BattlesState, *faces: int) -> BattlesState:
    """Feed ``roll N`` outcomes in order (each must be awaited)."""
    for face in faces:
        assert state.current_player == CHANCE and not state.draws, (
            f"roll {face}: no die awaited ({state.current_player}, {state.legal_actions()})"
        )
        state.apply(f"roll {face}")
    return state


def draw(state: BattlesState, *cards: str) -> BattlesState:
    """Feed ``draw <card>`` outcomes in order (each must be awaited)."""
    for card in cards:
        assert state.current_player == CHANCE and state.draws, f"draw {card}: no draw awaited"
        state.apply(f"draw {card}")
    return state


def answers(state: BattlesState) -> list[str]:
    """The legal actions without the manoeuvres open at most decisions (Draw Cards, Search
    for Card): the decision's own answers."""
    return [a for a in state.legal_actions() if not a.startswith(("draw-cards ", "search "))]


def dice_awaited(state: BattlesState) -> int:
    """Dice still to roll in the current assault (0 when none is awaited)."""
    if state.current_player != CHANCE or state.draws or not state.attacks:
        return 0
    return state.attacks[-1].to_roll


def piece(state: BattlesState, unit: str) -> Piece:
    return state.pieces[unit]


def area(state: BattlesState, unit: str) -> int:
    return state.pieces[unit].area


def vitality(state: BattlesState, unit: str) -> int:
    return state.pieces[unit].vitality


def phase(state: BattlesState) -> str | None:
    """The phase of the ATTACK on top, or None."""
    return state.attacks[-1].phase if state.attacks else None


def attack(state: BattlesState, attacker: str, target: str, *faces: int) -> BattlesState:
    """Activate ``attacker`` for simple actions (if it is not active yet), declare the ATTACK
    on ``target`` and roll its first assault."""
    if state.activation is None or state.activation.unit != attacker:
        activate(state, attacker)
    act(state, f"attack {target}")
    return roll(state, *faces)


def activate(state: BattlesState, unit: str, mode: str = "simple") -> BattlesState:
    """Activate ``unit`` (its card must be in hand) and answer the simple/complex question
    when it is asked."""
    act(state, f"activate {unit}")
    if "simple" in state.legal_actions() and "complex" in state.legal_actions():
        act(state, mode)
    return state


def close_window(state: BattlesState) -> BattlesState:
    """Everyone asked in the end-of-turn Search window declines (MB-RULING-ANYTIME)."""
    while state.step == SEARCH_WINDOW and state.current_player >= 0:
        act(state, "decline")
    return state


def declines(state: BattlesState) -> BattlesState:
    """Answer ``decline`` (or ``keep``) while those are the only ATTACK prompts left."""
    while state.attacks and state.current_player >= 0:
        legal = state.legal_actions()
        if "decline" in legal:
            act(state, "decline")
        elif "keep" in legal:
            act(state, "keep")
        else:
            break
    return state
