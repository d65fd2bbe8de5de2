"""Mythotopia's hidden information: determinization for every seat at any position
(MT-HIDDEN-5) and what each observer learns of each action (MT-HIDDEN-3/4,
``State.action_seen_by``).

Positions here come from real play (set-up chance outcomes chosen, hands drawn by real draw
nodes), never from editing piles: determinization works from the history alone.
"""

from __future__ import annotations

import random

import pytest

import theomachy
from theomachy import CHANCE
from theomachy.games.mythotopia.rules import MythotopiaState

from .scenario import draw, play, setup

rules = pytest.mark.rules

GILDED_VP = ["gilded-city", "spoils-of-war", "defender-of-the-realm", "patronage"]


def assert_determinizes(state: MythotopiaState, seeds: int = 4) -> None:
    """For every seat (to move or not): samples keep that seat's view, and their history
    replays to the same view."""
    for seat in range(state.game.players):
        view = state.view(seat)
        for s in range(seeds):
            sampled = state.determinize(seat, random.Random(s))
            assert sampled.view(seat) == view, (seat, s)
            assert state.game.replay(sampled.history()).view(seat) == view, (seat, s)


def random_positions(players: int, seed: int, steps: int, every: int):
    """Positions of one random game (chance by its probabilities), every ``every`` steps."""
    state = theomachy.load("mythotopia", players=players).new_game()
    rng = random.Random(seed)
    for step in range(steps):
        if state.is_terminal():
            return
        if step % every == 0:
            yield state
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            action = rng.choices([o for o, _ in outcomes], [w for _, w in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)


# --- determinization ----------------------------------------------------------------------------
@rules("MT-HIDDEN-5", "MT-RULING-OFFER")
def test_mt_hidden_5_determinize_for_others_during_an_offer_that_cannot_be_paid():
    # Red holds no gold card at all: eleven provinces without gold, and his Army card (the
    # one Starting card with gold besides the Markets) played in public. He builds a City
    # with his two Markets for stone; his last card, unseen by blue, pays no gold, so the
    # Gilded City offer leaves him only "decline". The offer is made whether or not gold can
    # be found, so blue's samples need not give red a hand that pays it (they used to insist,
    # found none, and raised an AssertionError when determinizing for blue).
    red = ["palmain", "nusus", "scombroid", "talion", "oxter", "diclesium", "iracund", "blore"]
    red += ["margent", "fadge", "quean"]
    hand = ["start-army", "start-build", "start-market", "start-market", "nusus"]
    state = setup(provinces={0: red}, vp_cards=GILDED_VP, hands={0: hand}, first=0)
    assert state.hand[0] == sorted(hand)
    play(state, "place-armies palmain", "pay start-army army", "done", "pass", "end-turn")
    draw(state, "palmain")
    play(state, "pass", "pass", "end-turn")
    play(state, "play start-build city palmain", "pay start-market stone")
    play(state, "pay start-market stone")
    assert state.current_player == 0 and state.legal_actions() == ["decline"]
    assert state.hand[0] == ["nusus"]
    assert_determinizes(state, seeds=8)
    # Red's one card is unknown to blue: the samples give him other cards too.
    hands = {tuple(state.determinize(1, random.Random(s)).hand[0]) for s in range(8)}
    assert len(hands) > 1 and all(len(h) == 1 for h in hands)


@rules("MT-HIDDEN-5")
@pytest.mark.parametrize(("players", "seed"), [(2, 7), (3, 11), (4, 5)])
def test_mt_hidden_5_determinize_works_for_every_seat_at_many_positions(players, seed):
    checked = 0
    for state in random_positions(players, seed, steps=700, every=23):
        assert_determinizes(state, seeds=1)
        checked += 1
    assert checked >= 20
