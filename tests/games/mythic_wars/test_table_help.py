"""Mythic Wars at the table: what may be taken back (undo_safe), why a move is refused
(refusal, exact words, from what the player sees) and what the finished game reveals."""

from __future__ import annotations

import random

import pytest

import theomachy
from theomachy import CHANCE

from .scenario import battle, game_with, roll

rules = pytest.mark.rules


def wars(players: int = 2, **options: object):
    return theomachy.load("mythic-wars", players=players, options=options)


def refused(state, action: str) -> str | None:
    """The reason ``action`` is refused to the player to move (checked not legal)."""
    assert action not in state.legal_actions(), action
    return state.refusal(action, state.current_player)


def same_from_a_twin(state, action: str) -> None:
    """The reason reads only what the player sees: a determinized twin gives the same."""
    player = state.current_player
    for seed in range(5):
        twin = state.determinize(player, random.Random(seed))
        assert twin.refusal(action, player) == state.refusal(action, player)


def guided_after_deal(deal: int = 4) -> object:
    """A 2-player guided game dealt (seat 0 first), at seat 0's first draft pick."""
    state = wars(mode="guided", deal=deal, first=0).new_game()
    while state.current_player == CHANCE:
        state.apply(state.legal_actions()[0])
    return state


def assembling(mode: str = "destiny", players: int = 2, **options: object):
    return wars(players, mode=mode, first=0, **options).new_game()


# --- undo -----------------------------------------------------------------------------------


@rules("MW-EMPOWER-2")
def test_moves_in_the_battle_may_be_taken_back():
    """Attacking, an ability, resting: nothing hidden turns up (the dice that follow an
    attack or a clash end the undo on the server's side)."""
    state = battle([["thor", "zeus"], ["set"]], ["thor", "zeus", "set"])
    for action in ("attack thor set", "ability zeus", "rest thor", "rest zeus"):
        assert action in state.legal_actions()
        assert state.undo_safe(action) is True, action


@rules("MW-INVOKE-2", "MW-RULING-DECLARE")
def test_declaring_ones_own_deity_may_be_taken_back():
    """A declaration flips the declarer's own deity face up: it tells the others, not the
    declarer, anything new."""
    state = game_with([["thor", "tyr", "odin", "frigg"], ["set", "isis", "ra", "thoth"]])
    assert state.current_player == 0
    assert all(state.undo_safe(a) for a in state.legal_actions())
    state.apply("invoke thor")
    assert all(state.undo_safe(a) for a in state.legal_actions())  # the last declaration too


@rules("MW-ABILITY-EXTRA", "MW-ABILITY-BURN")
def test_an_abilitys_choices_may_be_taken_back():
    state = battle([["thor"], ["set", "isis"]], ["thor", "set", "isis"])
    state.apply("attack thor set")
    roll(state, 3, 1)  # 7+3 = 10, even: an extra attack
    assert state.current_player == 0 and "decline" in state.legal_actions()
    assert all(state.undo_safe(a) for a in state.legal_actions())
    state = battle(
        [["nergal", "isis"], ["set"]], ["nergal", "isis", "set"], empowered=["isis", "set"]
    )
    state.apply("rest nergal")
    assert state.legal_actions() == ["ability nergal set"]  # the end-of-round burn
    assert state.undo_safe("ability nergal set")


@rules("MW-SETUP-3", "MW-RULING-HIDDEN")
def test_the_fourth_draft_pick_seals_the_faction():
    state = guided_after_deal(deal=6)
    assert state.current_player == 0
    for _ in range(3):
        action = state.legal_actions()[0]
        assert state.undo_safe(action), action
        state.apply(action)
    assert not any(state.undo_safe(a) for a in state.legal_actions())
    state.apply(state.legal_actions()[0])
    assert state.current_player == 1
    assert state.undo_safe(state.legal_actions()[0])


@rules("MW-SETUP-5", "MW-RULING-ASSEMBLE")
def test_the_fourth_assembly_pick_hands_the_shared_copy_on():
    """Seat 1 sees which deities are gone once seat 0's fourth pick hands it the copy: that
    pick is never taken back."""
    state = assembling()
    for action in ("assemble thor", "assemble odin", "assemble tyr"):
        assert state.undo_safe(action)
        state.apply(action)
    assert not state.undo_safe("assemble frigg")
    state.apply("assemble frigg")
    assert state.current_player == 1 and state.undo_safe("assemble set")


# --- refusals -------------------------------------------------------------------------------


@rules("MW-EMPOWER-2", "MW-EMPOWER-3")
def test_refusals_of_the_entity_to_empower():
    state = battle(
        [["thor", "zeus", "ares", "hera"], ["set", "isis", "anubis", "ra"]],
        ["thor", "zeus", "ares", "set", "isis"],
        empowered=["zeus"],
        energy={"ares": 0},
    )
    state.units[state.unit_named("ares")] = state.units[state.unit_named("ares")]._replace(
        state=3
    )  # defeated
    state.invalidate_caches()
    assert refused(state, "rest set") == "Set belongs to Seat 1: empower one of your own."
    assert refused(state, "rest zeus") == "Zeus has already been empowered this round."
    assert refused(state, "rest ares") == "Ares has been defeated."
    assert (
        refused(state, "rest hera") == "Hera is face down: it enters the battle when you invoke it."
    )
    # Seat 1's face-down Anubis and a deity in no faction read the same.
    assert (
        refused(state, "attack anubis thor") == "Anubis is not one of your entities in the battle."
    )
    assert refused(state, "attack odin thor") == "Odin is not one of your entities in the battle."
    for action in ("rest set", "rest zeus", "attack anubis thor", "attack odin thor"):
        same_from_a_twin(state, action)


@rules("MW-COMBAT-1", "MW-SUMMON-2", "MW-ABILITY-TAUNT", "MW-RULING-TAUNT")
def test_refusals_of_attack_targets():
    state = battle(
        [["thor", "zeus", "ares", "hera"], ["hades", "tyr", "heimdall", "isis"]],
        ["thor", "zeus", "hades", "isis", "tyr"],
        summoned={"cerberus": "hades"},
    )
    assert refused(state, "attack thor zeus") == "Zeus is on your side: attack an opposing entity."
    assert refused(state, "attack thor thor") == "Thor cannot attack itself."
    assert refused(state, "attack thor hera") == "Hera is not in the battle: it is face down."
    assert refused(state, "attack thor heimdall") == "Heimdall is not in the battle."
    assert refused(state, "attack thor hades") == (
        "Hades cannot be attacked while its creature Cerberus is in the battle."
    )
    assert refused(state, "attack thor isis") == (
        "Isis cannot be attacked while its Guardian Týr is in the battle: attack the Guardian."
    )
    assert "attack thor tyr" in state.legal_actions()
    for action in ("attack thor heimdall", "attack thor isis", "attack thor hades"):
        same_from_a_twin(state, action)


@rules("MW-ABILITY-CLASH", "MW-ABILITY-HEAL", "MW-ABILITY-SUMMON", "MW-RULING-SUMMON")
def test_refusals_of_abilities():
    state = battle(
        [["isis", "set", "hades", "ares"], ["thor", "zeus", "tyr", "hera"]],
        ["isis", "set", "hades", "ares", "thor", "zeus"],
    )
    assert refused(state, "ability ares thor") == (
        "Ares's Panic and Terror is always on while it is in the battle: it is not used by "
        "empowering."
    )
    assert refused(state, "ability set isis") == (
        "Isis is on your side: Desert Fury targets an opposing entity."
    )
    assert refused(state, "ability set") == "Set's Desert Fury needs a target."
    assert refused(state, "ability hades thor") == "Hades's Call the Hound takes no target."
    assert refused(state, "ability isis thor") == (
        "Words of Restoring heals Isis or an entity on your side, not Thor."
    )
    assert refused(state, "ability set tyr") == "Týr is not in the battle."
    state.apply("ability hades")  # Cerberus enters
    state.apply("rest thor")
    assert refused(state, "ability hades") == "Hades has already been empowered this round."


@rules("MW-RULING-SUMMON")
def test_a_summon_is_refused_once_used():
    state = battle([["hades", "ares"], ["thor"]], ["hades", "ares", "thor"])
    # Cerberus came and was defeated: it cannot be summoned again.
    state.apply("ability hades")
    cerberus = state.unit_named("cerberus")
    state.units[cerberus] = state.units[cerberus]._replace(state=3)
    state.invalidate_caches()
    state.units[state.unit_named("hades")] = state.units[state.unit_named("hades")]._replace(
        state=1
    )
    state.seat = 0
    state.invalidate_caches()
    assert refused(state, "ability hades") == "Hades has already summoned Cerberus: once per game."


@rules("MW-INVOKE-1")
def test_refusals_in_the_invocation_phase():
    state = game_with([["thor", "tyr", "odin", "frigg"], ["set", "isis", "ra", "thoth"]], first=1)
    state.apply("invoke set")  # seat 1 declares; Set is face up
    assert state.current_player == 0
    assert refused(state, "invoke set") == (
        "Set belongs to Seat 1: declare one of your own face-down deities."
    )
    assert refused(state, "invoke isis") == "Isis is not one of your face-down deities."
    assert refused(state, "invoke zeus") == "Zeus is not one of your face-down deities."
    assert refused(state, "attack thor set") == (
        "Now is the Invocation Phase: declare one of your face-down deities first."
    )
    for action in ("invoke isis", "invoke zeus"):
        same_from_a_twin(state, action)
    state.apply("invoke thor")
    assert state.current_player == 1  # Empowerment, Seat 1 prime
    state.apply("rest set")
    assert refused(state, "invoke tyr") == (
        "Týr stays face down until the next Invocation Phase; now is the Empowerment Phase."
    )
    assert refused(state, "invoke thor") == (
        "Deities are invoked in the Invocation Phase; now is the Empowerment Phase."
    )


@rules("MW-SETUP-3")
def test_refusals_in_the_draft():
    state = guided_after_deal(deal=6)
    hand = state.view(0)["hand"]
    state.apply(f"draft {hand[0]}")
    name = state.view(0)["entities"][0]["name"]
    assert refused(state, f"draft {hand[0]}") == f"You have already kept {name}."
    outside = next(d for d in ("zeus", "thor", "set", "odin", "ra") if d not in hand)
    assert refused(state, f"draft {outside}").endswith("is not among the cards dealt to you.")
    same_from_a_twin(state, f"draft {outside}")
    assert refused(state, "invoke zeus") == (
        "Deities are invoked once the battle begins; now is the draft."
    )
    assert refused(state, "assemble zeus") == (
        "Factions are assembled at set-up; now is the draft."
    )


@rules("MW-SETUP-5", "MW-SETUP-6", "MW-RULING-ASSEMBLE")
def test_refusals_in_the_assembly():
    state = assembling()
    state.apply("assemble thor")
    assert refused(state, "assemble thor") == "Thor is already in your faction."
    assert refused(state, "assemble cerberus") == (
        "Cerberus is a creature: creatures are summoned, never taken into a faction."
    )
    for action in ("assemble odin", "assemble tyr", "assemble frigg"):
        state.apply(action)
    assert refused(state, "assemble thor") == (
        "Thor is no longer in the shared copy: another faction took it."
    )
    assert refused(state, "draft zeus") == (
        "Cards are kept in the draft at set-up; now is the assembly of the factions."
    )
    same_from_a_twin(state, "assemble thor")
    state = assembling("pantheons-of-destiny")
    state.apply("assemble thor")
    assert refused(state, "assemble zeus") == (
        "Your faction is Norse and Zeus is Greek: a faction comes from one pantheon."
    )
    state = assembling("destiny", solo=True)
    assert refused(state, "assemble thor@1") == (
        "You assemble from your own copy: Thor@1 is another seat's copy."
    )


@rules("MW-ABILITY-EXTRA", "MW-ABILITY-BURN", "MW-RULING-ORDER")
def test_refusals_while_a_choice_is_pending():
    state = battle([["thor"], ["set", "isis"]], ["thor", "set", "isis"])
    state.apply("attack thor set")
    roll(state, 3, 1)
    assert refused(state, "rest thor") == (
        "First settle Thor's extra attack: choose a foe or decline."
    )
    assert refused(state, "attack thor thor") == "Thor cannot attack itself."
    state = battle(
        [["nergal", "isis"], ["set"]], ["nergal", "isis", "set"], empowered=["isis", "set"]
    )
    state.apply("rest nergal")
    assert refused(state, "decline") == "Nergal's burn is not optional: choose a foe."
    assert refused(state, "ability nergal isis") == (
        "Isis is on your side: Plague Fever targets an opposing entity."
    )
    state = battle(
        [["nergal", "izanami"], ["set"]], ["nergal", "izanami", "set"], empowered=["nergal", "set"]
    )
    state.apply("rest izanami")
    assert sorted(state.legal_actions()) == ["order izanami", "order nergal"]
    assert (
        refused(state, "order set") == "Set has no ability waiting now: choose Izanami or Nergal."
    )
    assert refused(state, "rest izanami") == (
        "First choose which of your abilities resolves next: Izanami or Nergal."
    )


def test_nothing_to_order_or_decline():
    state = battle([["thor"], ["set"]], ["thor", "set"])
    assert refused(state, "decline") == "There is nothing to decline now."
    assert refused(state, "order thor") == (
        "No abilities of your faction are waiting to be ordered now."
    )


# --- the full reveal ------------------------------------------------------------------------


@rules("MW-RULING-HIDDEN")
def test_revealed_lists_face_down_deities_hands_and_cards_not_kept():
    state = guided_after_deal(deal=6)
    zones = {z["zone"]: z for z in state.revealed()}
    hand0 = sorted(e.name for e in _cards(state.view(0)["hand"]))
    assert zones["Seat 0: dealt cards in hand"] == {
        "zone": "Seat 0: dealt cards in hand",
        "seat": 0,
        "items": hand0,
    }
    assert zones["Seat 1: dealt cards in hand"]["seat"] == 1
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    zones = {z["zone"]: z for z in state.revealed()}
    kept = sorted(e["name"] for e in state.view(0)["entities"] if e["owner"] == 0)
    assert zones["Seat 0: face-down deities"]["items"] == kept
    assert sorted(zones["Seat 0: dealt, not kept"]["items"]) == sorted(set(hand0) - set(kept))
    assert "Seat 0: dealt cards in hand" not in zones


def test_revealed_shows_only_what_is_still_face_down():
    state = game_with([["thor", "tyr", "odin", "frigg"], ["set", "isis", "ra", "thoth"]])
    state.apply("invoke thor")
    state.apply("invoke set")
    zones = state.revealed()
    assert zones == [
        {"zone": "Seat 0: face-down deities", "seat": 0, "items": ["Frigg", "Odin", "Týr"]},
        {"zone": "Seat 1: face-down deities", "seat": 1, "items": ["Isis", "Ra", "Thoth"]},
    ]


def _cards(ids: list[str]):
    from theomachy.games.mythic_wars.cards import catalog

    by_id = {e.id: e for e in catalog()}
    return [by_id[i] for i in ids]
