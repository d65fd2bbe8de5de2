"""Mythic Battles: what each observer learns of an action (``State.action_seen_by``).

The game's private moves are the cards that reach a hand unseen: a draw (``draw ?`` for the
others) and the card taken by Search for Card (``search ?``, MB-RULING-SEARCH). Everything
else is public. The engine's conformance helper checks that actions an observer sees as the
same string leave that observer's view the same; it runs here at positions with such moves.
"""

from __future__ import annotations

import random

import pytest

from theomachy import CHANCE
from theomachy.engine import conformance

from .scenario import act, draw, fresh, game, position, roll

rules = pytest.mark.rules


def check(state, where: str) -> None:
    """The engine's check of private decisions at this node."""
    conformance.check_private_decisions(state, where)


def seen(state, action: str) -> list[str]:
    """``action`` as seats 0, 1 and a spectator see it."""
    return [state.action_seen_by(action, observer) for observer in (0, 1, None)]


@rules("MB-RULING-SEARCH", "MB-MAN-2")
def test_mb_ruling_search_only_the_searcher_sees_the_card_taken():
    state = position(hands={0: ["aow"]})
    assert seen(state, "search achilles") == ["search achilles", "search ?", "search ?"]
    assert seen(state, "end") == ["end", "end", "end"]  # the rest is public
    check(state, "search at B1")
    # Searching during another player's ATTACK: the searcher is the one asked.
    armies = [["zeus", "achilles"], ["hades", "medusa"]]
    state = position(
        armies, at={"achilles": 12, "medusa": 12}, hands={0: ["achilles"], 1: ["aow", "aow"]}
    )
    act(state, "activate achilles", "simple", "attack medusa")
    roll(state, 1, 1, 1, 1, 1)
    assert state.current_player == 1
    assert seen(state, "search hades") == ["search ?", "search hades", "search ?"]
    check(state, "search at a retaliation question")


@rules("MB-RULING-HIDDEN", "MB-NOTATION-2")
def test_mb_ruling_hidden_a_draw_is_seen_by_the_drawer_alone():
    state = fresh()
    assert state.current_player == CHANCE and state.draws[0] == 0
    assert seen(state, "draw zeus") == ["draw zeus", "draw ?", "draw ?"]
    check(state, "an opening draw")
    draw(state, "zeus", "zeus", "aow")
    assert state.draws[0] == 1
    assert seen(state, "draw hades") == ["draw ?", "draw hades", "draw ?"]
    check(state, "seat 1's opening draw")
    # The dice are public.
    armies = [["zeus", "achilles"], ["hades", "medusa"]]
    state = position(armies, at={"achilles": 12, "medusa": 12}, hands={0: ["achilles"]})
    act(state, "activate achilles", "simple", "attack medusa")
    assert seen(state, "roll 6") == ["roll 6", "roll 6", "roll 6"]
    check(state, "a die")


@rules("MB-RULING-HIDDEN", "MB-RULING-RESHUFFLE", "MB-MAN-1")
def test_mb_ruling_hidden_draw_cards_and_a_reshuffled_deck_stay_hidden():
    state = position(hands={0: ["aow", "aow"]})
    act(state, "draw-cards 2")
    check(state, "Draw Cards")
    state = position(hands={0: ["aow"]}, decks={0: []})
    state.discard[0] = ["zeus", "achilles"]
    act(state, "draw-cards 1")
    check(state, "a draw from the discard pile, reshuffled")


@rules("MB-RULING-HIDDEN", "MB-RULING-SEARCH")
def test_mb_ruling_hidden_private_moves_leak_nothing_in_whole_games():
    """Every node of seeded random games, 2 to 4 players: no two actions seen alike change
    an observer's view differently."""
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        rng = random.Random(seed)
        state = game(players, max_rounds=3).new_game()
        step = 0
        while not state.is_terminal():
            check(state, f"players={players} seed={seed} step={step}")
            if state.current_player == CHANCE:
                outcomes = state.chance_outcomes()
                action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(state.legal_actions())
            state.apply(action)
            step += 1
