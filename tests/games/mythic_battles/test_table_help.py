"""Mythic Battles at the table (games/mythic_battles/table_help.py): which moves a player may
take back (``undo_safe``), why a move is refused, in words (``refusal``), and what the views
hid, for the replay of a finished game (``revealed``)."""

from __future__ import annotations

import random

import pytest

from theomachy.games.mythic_battles.model import RECALL, SEARCH_WINDOW

from .scenario import act, activate, draw, fresh, phase, position, roll

rules = pytest.mark.rules

# Sacred Valley: seat 0 (Zeus, Achilles, Hoplites) deploys in 6, 1, 11, 16; area 8 is
# impenetrable; cliffs 12|17 and 14|19.
AT = {"zeus": 7, "achilles": 12, "hoplites": 11, "medusa": 14, "hades": 15, "spartans": 0}


def start(**kwargs: object) -> object:
    """Seat 0 at B1 holding Achilles, Hoplites and an Art of War card."""
    options = {"at": AT, "hands": {0: ["achilles", "hoplites", "aow"], 1: ["medusa"]}}
    options.update(kwargs)
    return position(**options)  # type: ignore[arg-type]


def view_after(state, action, player):
    copy = state.clone()
    copy.apply(action)
    return copy.view(player)


# --- undo ------------------------------------------------------------------------------------


def test_moves_that_show_nothing_new_may_be_taken_back():
    state = start()
    assert state.undo_safe("activate achilles")  # the card goes face up: nothing to learn
    assert state.undo_safe("end")
    assert state.undo_safe("search zeus")  # from one's own deck, whose cards one knows
    activate(state, "achilles")
    for action in ("move 13", "move 6", "done"):
        assert state.undo_safe(action), action
    # The same answer, and the same view after it, from any position the player cannot tell
    # apart from this one (the other player's hand dealt again).
    twin = state.determinize(0, random.Random(3))
    assert twin.undo_safe("move 13")
    assert view_after(state, "move 13", 0) == view_after(twin, "move 13", 0)


def test_complex_actions_recall_and_the_first_question_may_be_taken_back():
    state = start()
    act(state, "activate achilles", "complex")
    assert state.undo_safe("run 17")
    state = position(at={"spartans": 0}, hands={1: ["spartans"]}, seat=1)
    act(state, "activate spartans")
    assert state.undo_safe("enter 10")
    state = position(at={"hoplites": 7, "zeus": 6}, hands={0: ["aow"]}, step=RECALL)
    state.pieces["hoplites"].dead = True
    state.pieces["hoplites"].area = 0
    assert state.undo_safe("recall hoplites")


@rules("MB-TURN-A3", "MB-MAN-1")
def test_draws_are_never_taken_back():
    state = start()
    assert not state.undo_safe("draw-cards 1")  # an unseen card comes
    state = fresh()
    while state.current_player < 0:
        draw(state, state.legal_actions()[0].split()[1])
    assert state.legal_actions()[:2] == ["continue", "pass"]
    assert state.undo_safe("continue")
    assert not state.undo_safe("pass")  # a second card is drawn


@rules("MB-ATTACK-2", "MB-POWER-THUNDERBOLT")
def test_an_attack_and_every_answer_within_it_are_never_taken_back():
    state = position(
        at={"zeus": 7, "achilles": 14, "medusa": 14, "hades": 9, "spartans": 0},
        hands={0: ["achilles", "zeus", "aow", "aow"], 1: ["aow"]},
    )
    activate(state, "achilles")
    assert not state.undo_safe("attack medusa")  # its dice are rolled
    act(state, "attack medusa")
    roll(state, 3, 3, 1, 2, 1)  # Offence 4 and Close Combat
    assert phase(state) == "retaliate" and state.current_player == 1
    assert not state.undo_safe("decline") and not state.undo_safe("retaliate")
    state = position(
        at={"zeus": 7, "medusa": 12, "hades": 15, "spartans": 0},
        hands={0: ["zeus", "aow", "aow"]},
    )
    activate(state, "zeus")
    assert "thunderbolt 12" in state.legal_actions()
    assert not state.undo_safe("thunderbolt 12")


def test_the_end_of_turn_search_window_answer_may_be_taken_back():
    state = start(at={**AT}, hands={0: ["aow"], 1: ["aow"]})
    act(state, "end", "end")
    assert state.step == SEARCH_WINDOW and state.current_player == 1
    assert state.undo_safe("decline") and state.undo_safe("search hades")


# --- refusals --------------------------------------------------------------------------------


@rules("MB-ACT-2", "MB-ACT-3", "MB-TURN-B2")
def test_activation_refusals_name_the_reason():
    state = start()
    assert state.refusal("activate zeus", 0) == "You hold no Zeus activation card"
    assert state.refusal("activate medusa", 0) == "Medusa is in Hades's army, not yours"
    state.pieces["hoplites"].dead = True
    state.pieces["hoplites"].area = 0
    state.invalidate_caches()
    assert state.refusal("activate hoplites", 0) == ("Hoplites is dead (Recall brings troops back)")
    state.pieces["achilles"].petrified_by = 1
    state.invalidate_caches()
    assert state.refusal("activate achilles", 0) == (
        "Achilles is petrified until Hades's next turn"
    )
    state = start(hands={0: ["achilles", "achilles", "zeus", "aow"]})
    act(state, "activate achilles", "simple", "done")
    assert state.refusal("activate achilles", 0) == "Achilles has already activated this turn"
    state = start(hands={0: ["achilles", "zeus"]})
    act(state, "activate achilles", "simple", "done")
    assert state.refusal("activate zeus", 0) == (
        "A second activation costs 1 Art of War card; you have none"
    )


def test_a_move_at_the_wrong_moment_says_what_is_asked():
    state = start()
    assert state.refusal("move 13", 0) == "Not now: activate a unit first (or End)"
    assert state.refusal("attack medusa", 0) == (
        "Medusa cannot be attacked now: activate a unit first (or End)"
    )
    activate(state, "achilles")
    assert state.refusal("activate hoplites", 0) == (
        "Hoplites cannot be activated now: Achilles is taking its simple actions"
    )
    assert state.refusal("run 13", 0) == (
        "RUN is a complex action; Achilles is taking simple actions (MOVE)"
    )


@rules("MB-MOVE-1", "MB-MOVE-2", "MB-MOVE-4", "MB-TERRAIN-1", "MB-TAL-BLOCK")
def test_move_refusals_name_the_reason():
    state = start()
    activate(state, "achilles")
    assert state.refusal("move 8", 0) == (
        "Area 8 is impenetrable: only flying units and units with Climb go there"
    )
    assert state.refusal("move 20", 0) == "Area 20 is 4 areas away; Achilles moves at most 2"
    assert state.refusal("move 12", 0) == "Achilles is already in area 12"
    # Across the cliff 12|17: two steps round it are too many... 17 is adjacent but walled.
    assert state.refusal("move 17", 0).startswith("Achilles cannot reach area 17 in 2:")
    act(state, "move 13")
    assert state.refusal("move 12", 0) == "Achilles has already moved this activation"
    # Block: Cerberus holds Heracles.
    state = position(
        [["zeus", "heracles"], ["hades", "cerberus"]],
        at={"heracles": 12, "cerberus": 12},
        hands={0: ["heracles"]},
    )
    act(state, "activate heracles")
    if state.current_player == 1:
        act(state, "block")
    if "simple" in state.legal_actions():
        act(state, "simple")
    assert state.refusal("move 11", 0) == "Cerberus's Block holds Heracles in area 12"


@rules("MB-ATTACK-1", "MB-RANGE-1", "MB-RANGE-2", "MB-MOVE-2")
def test_attack_refusals_name_the_reason():
    state = start()
    activate(state, "achilles")
    assert state.refusal("attack medusa", 0) == "Medusa is 2 areas away; Achilles's Range is 0"
    assert state.refusal("attack hoplites", 0) == "Hoplites is your own unit"
    assert state.refusal("attack spartans", 0) == "Spartans is not on the map"
    # Zeus (Range 2) from 7 cannot see 9 past the impenetrable 8... 9 is 2 away in a row.
    state = start(at={**AT, "medusa": 9}, hands={0: ["zeus"]}, trees=[])
    activate(state, "zeus")
    assert state.refusal("attack medusa", 0) == (
        "Zeus has no line of sight to Medusa (trees or impenetrable areas between)"
    )
    # After its ATTACK, the Hoplites (no Mobility) may not move.
    state = position(
        at={"hoplites": 14, "medusa": 14, "hades": 15, "zeus": 6, "spartans": 0},
        hands={0: ["hoplites"], 1: []},
    )
    activate(state, "hoplites")
    act(state, "attack medusa")
    roll(state, 1, 1)
    while state.attacks and state.current_player >= 0:
        act(state, "decline")
    assert state.refusal("move 13", 0) == (
        "Hoplites cannot MOVE after its ATTACK (only units with Mobility can)"
    )
    assert state.refusal("attack medusa", 0) == "Hoplites has already attacked this activation"


@rules("MB-CLAIM-1", "MB-ABSORB-1", "MB-ENTER-1")
def test_claim_and_enter_refusals_name_the_reason():
    state = start(omphalos=[13])
    activate(state, "achilles")
    assert state.refusal("claim 13", 0) == "Achilles can CLAIM only in its own area (area 12)"
    assert state.refusal("claim 12", 0) == "There is no omphalos in area 12"
    state = start(omphalos=[7], hands={0: ["zeus"]})
    activate(state, "zeus")
    assert state.refusal("claim 7", 0) == (
        "Zeus is a divinity: divinities ABSORB an omphalos (complex), never CLAIM"
    )
    state = position(at={"spartans": 0}, hands={1: ["spartans"]}, seat=1)
    act(state, "activate spartans")
    assert state.refusal("enter 6", 1) == (
        "Area 6 is not in your deployment zone (areas 10, 5, 15, 20)"
    )


@rules("MB-MAN-4", "MB-POWER-THUNDERBOLT", "MB-MAN-2")
def test_manoeuvre_refusals_name_their_cost():
    state = position(at={"hoplites": 7, "zeus": 6}, hands={0: ["zeus"]}, step=RECALL)
    state.pieces["hoplites"].dead = True
    state.pieces["hoplites"].area = 0
    assert state.refusal("recall hoplites", 0) == ("Recall costs 1 Art of War card; you have none")
    assert state.refusal("recall zeus", 0) == "Zeus are not troops: only troops are recalled"
    state = position(at={"zeus": 7, "medusa": 9, "hades": 15}, hands={0: ["zeus", "aow"]})
    activate(state, "zeus")
    assert state.refusal("thunderbolt 9", 0) == ("Thunderbolt costs 2 Art of War cards; you have 1")
    assert start(hands={0: ["achilles"]}).refusal("search zeus", 0) == (
        "Search for Card costs 1 Art of War card; you have none"
    )
    assert start().refusal("search medusa", 0) == "Your deck holds no Medusa card"


@rules("MB-RECRUIT-1", "MB-RECRUIT-2")
def test_recruitment_refusals_name_the_reason():
    state = fresh(None)
    assert state.refusal("recruit achilles", 0) == (
        "Choose your divinity first; units are recruited after"
    )
    act(state, "choose zeus")
    assert state.refusal("choose zeus", 1) == "Zeus is already chosen by another player"
    assert state.refusal("choose achilles", 1) == "Achilles is not a divinity"
    act(state, "choose hades")
    picker = state.current_player
    state.rp[picker] = 3
    state.invalidate_caches()
    assert state.refusal("recruit achilles", picker) == "Achilles costs 4 RP; you have 3"
    assert state.refusal("recruit zeus", picker) == (
        "Zeus is a divinity: divinities are chosen, not recruited"
    )


def test_refusals_read_nothing_the_player_cannot_see():
    """The other player's hand dealt again changes no reason."""
    state = start(hands={0: ["achilles", "aow"], 1: ["medusa", "aow", "hades"]})
    activate(state, "achilles")
    probes = ["move 8", "move 20", "attack medusa", "claim 13", "activate zeus", "search zeus"]
    for seed in range(5):
        twin = state.determinize(0, random.Random(seed))
        assert [twin.refusal(a, 0) for a in probes] == [state.refusal(a, 0) for a in probes]


# --- the full reveal -------------------------------------------------------------------------


def test_revealed_lists_each_hand_and_deck_by_printed_name():
    state = start()
    zones = state.revealed()
    assert [(z["zone"], z["seat"]) for z in zones] == [
        ("Zeus's hand", 0),
        ("Zeus's deck (in no order: each draw is at random)", 0),
        ("Hades's hand", 1),
        ("Hades's deck (in no order: each draw is at random)", 1),
    ]
    assert zones[0]["items"] == ["Achilles", "Art of War", "Hoplites"]
    assert zones[2]["items"] == ["Medusa"]
    # The deck is exactly what the next draw may bring (each draw is a chance node).
    state.draws.append(1)
    state.invalidate_caches()
    outcomes = sorted(
        "Art of War" if a == "draw aow" else a.split()[1].title() for a in state.legal_actions()
    )
    assert sorted(set(zones[3]["items"])) == outcomes
    # Before the armies exist the seats are named by number and hold nothing.
    assert fresh(None).revealed()[0] == {"zone": "seat 0's hand", "seat": 0, "items": []}
