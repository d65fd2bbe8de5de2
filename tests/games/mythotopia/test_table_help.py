"""Help at the table (player_help.py): what may be taken back (undo_safe), why a move is
refused (in words, from what the player sees) and everything hidden for the replay of a
finished game (revealed). The undo ruling is in RULES.md, "At the table"."""

from __future__ import annotations

import random

import pytest

import theomachy
from theomachy import CHANCE
from theomachy.engine.conformance import check_player_help
from theomachy.games.mythotopia.rules import MythotopiaState

from .scenario import draw, play, position
from .test_rules import BLUE, RED, fresh, to_seat

rules = pytest.mark.rules


def safe(state: MythotopiaState, action: str) -> bool:
    assert action in state.legal_actions(), (action, state.legal_actions())
    return state.undo_safe(action)


def why(state: MythotopiaState, action: str) -> str | None:
    assert action not in state.legal_actions()
    return state.refusal(action, state.current_player)


def red_to_play(**piles) -> MythotopiaState:
    state = fresh(own={0: RED, 1: BLUE})
    return position(state, **piles)


# --- undo ---------------------------------------------------------------------------------------
def test_paying_placing_drafting_and_the_reserve_may_be_taken_back():
    state = red_to_play(
        hand={0: ["palmain", "start-army", "start-market", "start-build", "army"]}, discard={0: []}
    )
    # An invasion and each of its payments: nothing new is shown.
    assert safe(state, "invade blore palmain")
    assert safe(state, "draft hero") and safe(state, "reserve army") and safe(state, "pass")
    play(state, "invade blore palmain")
    assert safe(state, "pay start-army army") and safe(state, "pay start-market food")
    play(state, "pay start-army army", "pay start-market food")
    assert safe(state, "done")
    play(state, "done")
    assert safe(state, "reserve army") and safe(state, "discard army")


def test_the_end_of_the_turn_and_of_the_game_are_never_taken_back():
    state = red_to_play(hand={0: ["start-army"]})
    play(state, "pass", "pass")
    assert not safe(state, "end-turn")  # the refill draws and the turn passes
    assert not state.undo_safe("end-game")


def test_cards_that_draw_at_once_are_not_taken_back():
    state = red_to_play(hand={0: ["providence", "philosopher", "counsellor", "start-army"]})
    assert not safe(state, "play providence")  # draws two cards
    assert not safe(state, "play philosopher")  # draws three Improvement cards
    # Counsellor: choosing the discards shows nothing; Done draws the replacements, and so
    # does discarding the last card (the discards end by themselves).
    assert safe(state, "play counsellor")
    play(state, "play counsellor")
    assert safe(state, "discard start-army")
    play(state, "discard start-army")
    assert not safe(state, "done")
    assert safe(state, "discard philosopher")  # Providence is left: the discards go on


def test_counsellor_discarding_the_last_card_is_not_taken_back():
    state = red_to_play(hand={0: ["counsellor", "start-army"]}, reserve={0: []})
    play(state, "play counsellor")
    assert not safe(state, "discard start-army")


def test_ending_a_war_is_taken_back_unless_it_shows_where_a_hidden_card_was():
    state = red_to_play(
        hand={0: ["start-army"]},
        discard={0: [], 1: []},
        armies={("blore", 0): 5, ("trogle", 0): 6},
        owner={"blore": None},
    )
    # Neutral Blore: its card comes from the supply, in sight.
    assert safe(state, "end-war blore")
    # Blue's Trogle: its card is in his hand or draw deck, which red cannot see.
    position(state, deck={1: ["trogle"]}, hand={1: ["margent"]})
    assert not safe(state, "end-war trogle")
    # The same card on Blue's discard pile: nothing hidden comes to light.
    position(state, deck={1: []}, discard={1: ["trogle"]})
    assert safe(state, "end-war trogle")


def test_a_secret_setup_choice_is_taken_back_unless_it_reveals_them_all():
    game = theomachy.load("mythotopia", players=2)
    state = game.new_game()
    while not state.legal_actions()[0].startswith("vpcard"):
        state.apply(state.legal_actions()[0])
    for card in ("citadel", "patronage", "spoils-of-war", "roadside-inns"):
        state.apply(f"vpcard {card}")
    first = state.legal_actions()[0]
    assert state.undo_safe(first)  # seat 0's choice stays secret
    state.apply(first)
    assert not state.undo_safe(state.legal_actions()[0])  # the last one reveals both


# --- refusals -----------------------------------------------------------------------------------
def test_refusals_for_the_turn_in_words():
    state = red_to_play(
        hand={0: ["palmain", "start-build", "alchemist", "start-market", "cavalry", "hero"]},
        discard={0: []},
    )
    assert why(state, "end-turn") == "Take your two actions first (0 of 2 taken)."
    assert why(state, "invade palmain") == (
        "Palmain is yours: you invade only neutral provinces and other players'."
    )
    assert why(state, "invade blore") == "Choose how: 1 way is open (see the moves)."
    assert why(state, "invade ictus palmain") == "Ictus does not border Palmain by land."
    assert why(state, "invade blore trogle") == "You do not hold the Trogle card."
    assert why(state, "play alchemist 1") == "You hold no 1VP counter to exchange."
    assert why(state, "play palmain") == (
        "The Palmain card has no text to play: use it to invade from Palmain (click the "
        "province to invade) or to build there."
    )
    assert why(state, "play cavalry") == (
        "Cavalry works from your Reserve: put it there (the Reserve action)."
    )
    assert why(state, "play hero") == (
        "Hero is a benefit: it is played with End a war, to win a tie."
    )
    assert why(state, "play start-market") == (
        "Market has no text to play: pay with its symbols in an action."
    )
    assert why(state, "play start-build city palmain") == (
        "Build needs 2 stone for this, which your other cards cannot pay."
    )
    assert why(state, "play start-build city trogle") == (
        "You build only in your own provinces; Trogle is not yours."
    )
    assert why(state, "place-ships beast") == "The Beast Sea touches none of your provinces."
    assert why(state, "place-ships serpent") == "You have no card that gives a ship symbol."
    assert why(state, "place-armies trogle") == (
        "You place armies only in your provinces or where your armies already are; Trogle is "
        "neither."
    )
    assert why(state, "end-war blore") == "Blore is not at war."
    assert why(state, "end-game") == ("At least 4 VP cards must be empty to end the game; 0 are.")
    assert why(state, "buy 3 1") == "3 armies and 1 ship cost 5 gold, which your cards cannot pay."
    assert why(state, "draft trogle") == (
        "You may draft the Trogle card only when you control Trogle and have removed its card."
    )
    assert why(state, "reserve trogle") == "The Trogle card is not in your hand."
    # After two actions, only free actions and the end of the turn are left.
    play(state, "pass", "pass")
    assert why(state, "draft hero") == (
        "You have taken your two actions this turn: take a free action, or end the turn."
    )


def test_refusals_of_war_in_words():
    state = red_to_play(
        hand={0: ["start-army"]},
        discard={0: [], 1: []},
        armies={("blore", 0): 4, ("nusus", 1): 1},
        owner={"blore": None},
        army_stock={0: 0},
    )
    assert why(state, "end-war blore") == (
        "No clear winner in Blore (neutral 4 vs Red 4): a war ends only with one highest strength."
    )
    assert why(state, "end-war blore hero") == "You hold no Hero."
    assert why(state, "end-war nusus") == "You are not involved in the war in Nusus."
    assert why(state, "invade nusus palmain") == (
        "You have no Army counters in stock: buy some, or take armies off the board."
    )
    assert why(state, "remove-armies blore 4 0") == (
        "Blore is at war: only ending the war frees the armies there."
    )
    play(state, "pass")
    assert why(state, "end-war blore") == (
        "End a war must be the first action of your turn, before any free action."
    )


def test_refusals_while_paying_in_words():
    state = red_to_play(hand={0: ["palmain", "start-army", "start-market", "scombroid"]})
    play(state, "invade blore palmain")
    assert why(state, "pass") == "First finish paying for the invasion of Blore."
    assert why(state, "pay trogle") == "The Trogle card is not in your hand."
    assert why(state, "done") == "Pay at least one army symbol first."
    play(state, "pay start-army army")
    assert why(state, "done") == "Still to pay: 1 food."


def test_refusals_of_a_card_that_cannot_pay_in_words():
    state = red_to_play(
        hand={0: ["palmain", "start-army", "start-market", "start-build", "scombroid"]}
    )
    play(state, "invade blore palmain")
    assert why(state, "pay start-build") == (
        "Build gives none of what is still to pay: 1 food and army symbols."
    )
    assert why(state, "pay start-build stone") == (
        "No stone is needed: still to pay 1 food and army symbols."
    )
    assert why(state, "pay start-build food") == "Build gives no food that way."
    assert why(state, "pay reserve start-army army") == "Army is not in your Reserve."
    assert why(state, "pay scombroid") == "Choose how: 1 way is open (see the moves)."
    assert why(state, "draft hero") == "First finish paying for the invasion of Blore."


def test_refusals_of_what_costs_gold_or_stone_in_words():
    state = red_to_play(hand={0: ["start-build", "palmain"]})
    assert why(state, "draft hero") == "Drafting costs 1 gold, which your cards cannot pay."
    assert why(state, "buy 1 0") == "1 army costs 1 gold, which your cards cannot pay."
    assert why(state, "patronage") == "Patronage costs 2 gold, which your cards cannot pay."
    assert why(state, "play start-build") == (
        "Build needs stone (1 for a castle), which your other cards cannot pay."
    )
    assert why(state, "move palmain scombroid 1") == (
        "Palmain and Scombroid are not on one road network of yours."
    )


def test_refusals_in_the_reserve_and_removals():
    state = red_to_play(hand={0: ["limes", "cavalry", "army", "start-army"]}, reserve={0: []})
    play(state, "reserve limes", "reserve cavalry")  # the limit: 2 (no City)
    assert state.pending is None
    to_seat(state, 0)
    assert why(state, "reserve army") == (
        "Your Reserve is full (2 of 2): 2, plus 1 for each City or Citadel, plus 2 with Warehouse."
    )


def test_a_refusal_names_nothing_hidden():
    """Conformance's check on real positions: refusals and undo answers are the same from
    any position the player cannot tell apart."""
    rng = random.Random(4)
    state = theomachy.load("mythotopia", players=3).new_game()
    tried: list[str] = []
    for step in range(900):
        if state.current_player >= 0:
            legal = state.legal_actions()
            tried.extend(rng.sample(legal, min(3, len(legal))))
            if step % 25 == 0:
                check_player_help(state, f"step {step}", rng, tried[-40:])
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply(rng.choice(state.legal_actions()))


# --- revealed -----------------------------------------------------------------------------------
def test_revealed_lists_every_hand_deck_and_the_improvement_deck():
    state = red_to_play(hand={0: ["palmain", "start-army"]}, deck={0: ["scombroid", "market"]})
    zones = {zone["zone"]: zone for zone in state.revealed()}
    assert zones["Red's hand"] == {"zone": "Red's hand", "seat": 0, "items": ["Palmain", "Army"]}
    deck = zones["Red's draw deck (no order: cards are drawn at random)"]
    assert deck["seat"] == 0 and deck["items"] == ["Market", "Scombroid"]
    assert set(zones) >= {"Blue's hand", "Improvement deck (no order: cards are drawn at random)"}
    improvement = zones["Improvement deck (no order: cards are drawn at random)"]
    assert len(improvement["items"]) == len(state.imp_deck) == 13


def test_revealed_shows_philosophers_draw_and_secret_choices():
    state = red_to_play(hand={0: ["philosopher"]})
    play(state, "play philosopher")
    drawn = sorted(state.imp_deck)[:3]
    draw(state, *drawn)
    zones = {zone["zone"]: zone for zone in state.revealed()}
    assert zones["Philosopher's draw"]["seat"] == 0
    assert len(zones["Philosopher's draw"]["items"]) == 3
    game = theomachy.load("mythotopia", players=2)
    setup_state = game.new_game()
    while not setup_state.legal_actions()[0].startswith("vpcard"):
        setup_state.apply(setup_state.legal_actions()[0])
    for card in ("citadel", "patronage", "spoils-of-war", "roadside-inns"):
        setup_state.apply(f"vpcard {card}")
    choice = setup_state.legal_actions()[0]
    setup_state.apply(choice)
    zones = {zone["zone"]: zone for zone in setup_state.revealed()}
    secret = zones["Red's secret Citadel choice"]
    assert secret["seat"] == 0 and len(secret["items"]) == 1
