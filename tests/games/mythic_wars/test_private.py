"""What each seat learns of an action (``State.action_seen_by``): face-down deals, drafts and
assembly picks are seen only by the seat they go to (MW-RULING-HIDDEN); the conformance
helper checks that what an observer cannot tell apart leaves its view the same."""

from __future__ import annotations

import random

import pytest

import theomachy
from theomachy import CHANCE
from theomachy.engine.conformance import check_private_decisions

rules = pytest.mark.rules


def wars(players: int, **options: object):
    return theomachy.load("mythic-wars", players=players, options=options)


def play_until(state, done, seed: int = 1) -> None:
    """Random play until ``done(state)``."""
    rng = random.Random(seed)
    while not done(state):
        state.apply(rng.choice(state.legal_actions()))


def positions(options: dict[str, object], players: int, steps: int, seed: int = 0):
    """The first ``steps`` positions of a seeded random game."""
    rng = random.Random(seed)
    state = wars(players, **options).new_game()
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state
        state.apply(rng.choice(state.legal_actions()))


@rules("MW-RULING-HIDDEN", "MW-SETUP-2")
def test_mw_ruling_hidden_a_deal_is_seen_by_its_receiver_only():
    state = wars(3).new_game()
    assert state.current_player == CHANCE
    assert state.action_seen_by("deal thor", 0) == "deal thor"  # seat 0 gets the first four
    for observer in (None, 1, 2):
        assert state.action_seen_by("deal thor", observer) == "deal ?"
    play_until(state, lambda s: len(s.history()) == 4)
    assert state.action_seen_by(state.legal_actions()[0], 1) == state.legal_actions()[0]
    assert state.action_seen_by(state.legal_actions()[0], 0) == "deal ?"
    check_private_decisions(state, "hands-of-fate: the fifth deal")


@rules("MW-RULING-HIDDEN", "MW-RULING-DRAFT", "MW-SETUP-3", "MW-SETUP-4")
@pytest.mark.parametrize("options", [{"mode": "guided", "deal": 5}, {"mode": "pantheons"}])
def test_mw_ruling_hidden_drafts_are_seen_by_the_drafter_only(options):
    state = wars(3, **options).new_game()
    play_until(state, lambda s: s.current_player == 0)
    action = state.legal_actions()[0]
    assert action.startswith("draft ")
    assert state.action_seen_by(action, 0) == action
    assert {state.action_seen_by(a, 1) for a in state.legal_actions()} == {"draft ?"}
    for step in range(12):  # every pick of the three drafts
        check_private_decisions(state, f"{options['mode']}: draft {step}")
        state.apply(random.Random(step).choice(state.legal_actions()))


@rules("MW-RULING-HIDDEN", "MW-RULING-ASSEMBLE", "MW-SETUP-5", "MW-SETUP-6")
@pytest.mark.parametrize("mode", ["destiny", "pantheons-of-destiny"])
def test_mw_ruling_hidden_assembly_picks_are_masked_and_leave_nothing_to_see(mode):
    for state in positions({"mode": mode}, 3, 12):  # the twelve picks
        check_private_decisions(state, f"{mode}: step {len(state.history())}")
        mover = state.current_player
        for action in state.legal_actions():
            assert state.action_seen_by(action, mover) == action
            assert state.action_seen_by(action, None) == "assemble ?"


@rules("MW-RULING-HIDDEN", "MW-RULING-ASSEMBLE")
def test_mw_ruling_assemble_the_next_seat_learns_what_is_gone_when_the_copy_passes():
    state = wars(3, mode="destiny").new_game()
    for deity in ["thor", "zeus", "set"]:
        state.apply(f"assemble {deity}")
    # Seat 0's fourth pick hands the shared copy to seat 1, which then sees what is left: it
    # learns which deities are gone, as a set, not which was taken last. Seat 2 learns nothing.
    seen = state.action_seen_by("assemble fujin", 1)
    assert seen == "assemble ? gone fujin set thor zeus"
    assert state.action_seen_by("assemble fujin", 2) == "assemble ?"
    assert state.action_seen_by("assemble fujin", None) == "assemble ?"
    check_private_decisions(state, "destiny: the hand-over")
    state.apply("assemble fujin")
    assert "fujin" not in state.view(1)["pool"] and state.view(1)["log"][-1] == "assemble ?"


@rules("MW-RULING-HIDDEN", "MW-RULING-DECLARE")
def test_mw_ruling_hidden_battle_actions_are_public():
    factions = [["thor", "zeus", "set", "fujin"], ["hera", "ra", "isis", "enlil"]]
    state = wars(2, mode="destiny", factions=factions, first=0).new_game()
    for action in state.legal_actions():
        assert all(state.action_seen_by(action, o) == action for o in (None, 0, 1))
    check_private_decisions(state, "the first invocation")
