"""Mythic Battles: one scenario test per power (RULES.md, MB-POWER-*), named after its unit."""

from __future__ import annotations

import pytest

from theomachy.games.mythic_battles import stats
from theomachy.games.mythic_battles.data import powers, units
from theomachy.games.mythic_battles.model import ACTIONS, ACTIVATE_SECOND, BLOCK, OFF_MAP
from theomachy.games.mythic_battles.table_help import refusal

from .scenario import (
    act,
    activate,
    answers,
    area,
    close_window,
    declines,
    dice_awaited,
    draw,
    phase,
    position,
    roll,
)
from .scenario import vitality as vit

rules = pytest.mark.rules
HADES = units()["hades"].vitality
POWERS = powers()


@rules("MB-POWER-THUNDERBOLT", "MB-ATTACK-8", "MB-RULING-POWER-STATS")
def test_zeus_thunderbolt_is_an_area_attack_for_two_art_of_war_cards():
    armies = [["zeus", "hoplites"], ["hades", "medusa", "spartans"]]
    state = position(
        armies,
        at={"zeus": 7, "medusa": 17, "spartans": 17, "hades": 12},
        hands={0: ["zeus", "aow", "aow"], 1: ["aow"]},
    )
    activate(state, "zeus")
    bolts = [a for a in state.legal_actions() if a.startswith("thunderbolt")]
    assert bolts == ["thunderbolt 12", "thunderbolt 17"]  # 1+ away, never Zeus's own area
    act(state, "thunderbolt 12")
    # Hades may vanish from it with Helm of Darkness; he holds an AoW card.
    assert phase(state) == "helm" and state.current_player == 1
    act(state, "decline")
    # Offence 5: Archer's +1 at range is a talent's number, which a power does not take.
    assert dice_awaited(state) == 5
    roll(state, 3, 3, 3, 6, 1)
    roll(state, 3)  # 5 hits / Defence 2 = 2 wounds
    assert vit(state, "hades") == HADES - 2 and not state.attacks
    assert state.hand[0] == [] and state.bought[0] == ["thunderbolt"]
    # One Art of War card is not enough.
    state = position(armies, at={"zeus": 7, "medusa": 17}, hands={0: ["zeus", "aow"]})
    activate(state, "zeus")
    assert not any(a.startswith("thunderbolt") for a in state.legal_actions())


@rules("MB-POWER-HELM-OF-DARKNESS")
def test_hades_helm_of_darkness_wastes_an_attack_from_another_area():
    armies = [["zeus", "medusa"], ["hades", "spartans"]]
    state = position(
        armies, at={"medusa": 12, "hades": 13}, hands={0: ["medusa", "aow"], 1: ["aow"]}
    )
    act(state, "activate medusa", "simple", "attack hades")
    assert state.legal_actions()[:2] == ["helm", "decline"]
    act(state, "helm")
    assert not state.attacks and state.hand[1] == [] and vit(state, "hades") == HADES
    assert state.activation.done == ["attack"]  # the ATTACK was taken
    # From his own area there is no Helm.
    state = position(
        armies, at={"medusa": 13, "hades": 13}, hands={0: ["medusa", "aow"], 1: ["aow"]}
    )
    act(state, "activate medusa", "simple", "attack hades")
    assert phase(state) != "helm" and dice_awaited(state) == 3
    # Against a Thunderbolt he vanishes alone: the others in the area are still struck.
    armies = [["zeus", "medusa"], ["hades", "spartans"]]
    state = position(
        armies,
        at={"zeus": 7, "hades": 12, "spartans": 12},
        hands={0: ["zeus", "aow", "aow"], 1: ["aow"]},
    )
    activate(state, "zeus")
    act(state, "thunderbolt 12", "helm")
    assert state.attacks[-1].targets == ["spartans"]
    roll(state, 3, 3, 1, 1, 1)  # Offence 5, no Archer (a power)
    assert vit(state, "spartans") == 2 and vit(state, "hades") == HADES


@rules("MB-POWER-BLOODLUST", "MB-TURN-B4")
def test_ares_bloodlust_with_an_enemy_in_his_area_at_the_start():
    armies = [["ares", "hoplites"], ["hades", "medusa"]]
    state = position(armies, at={"ares": 12, "medusa": 12}, hands={0: ["ares"]})
    activate(state, "ares")
    assert state.activation.offence_bonus == 1
    act(state, "attack medusa")
    assert dice_awaited(state) == 8  # 6 + Close Combat + Bloodlust
    # An adjacent enemy counts too (his surroundings).
    state = position(armies, at={"ares": 11, "medusa": 12}, hands={0: ["ares"]})
    activate(state, "ares")
    assert state.activation.offence_bonus == 1
    # An enemy reached by a MOVE is too late.
    state = position(armies, at={"ares": 6, "medusa": 12}, hands={0: ["ares"]})
    activate(state, "ares")
    act(state, "move 12", "attack medusa")
    assert dice_awaited(state) == 7  # 6 + Close Combat


@rules("MB-POWER-TACTICIAN", "MB-TURN-C1")
def test_athena_tactician_frees_the_second_activation_of_units_near_her():
    assert POWERS["tactician"].reach == 1  # her surroundings, as the card says
    armies = [["athena", "hoplites", "amazons"], ["hades", "spartans"]]
    # Hoplites beside Athena (7 and 8 share a side): free, though the hand holds no AoW.
    state = position(
        armies,
        at={"athena": 7, "hoplites": 8, "amazons": 10},
        hands={0: ["athena", "hoplites", "amazons"]},
    )
    act(state, "activate athena", "simple", "done")
    assert state.step == ACTIVATE_SECOND
    assert state.second_activation_cost(0, "hoplites") == 0
    assert state.second_activation_cost(0, "athena") == 0  # her own area: reach 0 and up
    # The Amazons three areas away would pay a card, and there is none to pay with.
    assert state.second_activation_cost(0, "amazons") == 1
    assert [a for a in state.legal_actions() if a.startswith("activate")] == ["activate hoplites"]
    assert "Tactician frees only units within 1 area of her" in str(
        refusal(state, "activate amazons", 0)
    )
    act(state, "activate hoplites")
    assert state.discard[0] == ["athena", "hoplites"] and state.bought[0] == ["second"]
    # With an Art of War card, the far unit may still activate, paying it.
    state = position(
        armies, at={"athena": 7, "amazons": 10}, hands={0: ["athena", "amazons", "aow"]}
    )
    act(state, "activate athena", "simple", "done", "activate amazons")
    assert state.hand[0] == [] and "aow" in state.discard[0]
    # Athena off the map frees nobody; a unit off the map is not near her.
    state = position(armies, at={"hoplites": 8}, hands={0: ["hoplites"]})
    state.pieces["athena"].area = OFF_MAP
    assert state.second_activation_cost(0, "hoplites") == 1
    state.pieces["athena"].area = 7
    assert state.second_activation_cost(0, "amazons") == 1


@rules("MB-POWER-NEARLY-INVULNERABLE")
def test_achilles_nearly_invulnerable_in_his_area_exposed_from_afar():
    armies = [["zeus", "medusa"], ["hades", "achilles"]]
    state = position(armies, at={"medusa": 12, "achilles": 12})
    medusa, achilles = state.pieces["medusa"], state.pieces["achilles"]
    assert stats.defence(state, achilles, medusa, 0) == 5
    assert stats.defence(state, achilles, medusa, 1) == 2
    state = position(armies, at={"medusa": 12, "achilles": 13}, hands={0: ["medusa"]})
    act(state, "activate medusa", "simple", "attack achilles")
    roll(state, 3, 3, 3, 3)  # 4 hits / Defence 2 = 2 wounds
    assert vit(state, "achilles") == 3


@rules("MB-POWER-LIONS-HIDE")
def test_heracles_lions_hide_ignores_the_first_wound_each_turn():
    armies = [["zeus", "achilles", "spartans"], ["hades", "heracles"]]
    state = position(
        armies,
        at={"achilles": 12, "heracles": 12, "spartans": 12},
        hands={0: ["achilles", "spartans", "aow"]},
    )
    activate(state, "achilles")
    act(state, "attack heracles")
    roll(state, 3, 3, 3, 3, 1)  # 4 hits / Defence 2 = 2 wounds, one ignored
    assert vit(state, "heracles") == 6 and state.pieces["heracles"].hide_used
    act(state, "decline", "done")
    activate(state, "spartans")
    act(state, "attack heracles")
    roll(state, 3, 3, 1, 1)  # 2 hits: 1 wound, taken this time
    assert vit(state, "heracles") == 5
    act(state, "decline", "done")
    if state.current_player == 0:
        act(state, "end")  # D1
    assert state.turn_player == 1 and not state.pieces["heracles"].hide_used  # a new turn


@rules("MB-POWER-MASTER-OF-STRATAGEMS", "MB-HIER-1")
def test_odysseus_master_of_stratagems_swaps_with_an_adjacent_friend_despite_block():
    armies = [["zeus", "odysseus", "hoplites"], ["hades", "leonidas"]]
    state = position(
        armies,
        at={"odysseus": 12, "leonidas": 12, "hoplites": 13, "zeus": 6},
        hands={0: ["odysseus"]},
    )
    act(state, "activate odysseus")
    assert state.step == BLOCK and state.current_player == 1  # Leonidas's owner decides
    act(state, "block")  # held by Block: no RUN, simple at once
    assert state.legal_actions() == ["swap hoplites", "decline"]
    act(state, "swap hoplites")
    assert area(state, "odysseus") == 13 and area(state, "hoplites") == 12
    assert state.step == ACTIONS
    assert any(a.startswith("move") for a in state.legal_actions())
    # A partner that may not stand in the other's area is not offered: the Hoplites cannot
    # stand in the impenetrable 8 where Zeus flies.
    state = position(
        armies, at={"odysseus": 8, "hoplites": 13}, hands={0: ["odysseus", "odysseus"]}
    )
    activate(state, "odysseus")
    assert state.step == ACTIONS  # no partner: no question


@rules("MB-POWER-LAST-STAND", "MB-ATTACK-3")
def test_leonidas_last_stand_at_two_vitality_or_less():
    armies = [["zeus", "leonidas"], ["hades", "medusa"]]
    state = position(armies, at={"leonidas": 12, "medusa": 12}, vitality={"leonidas": 3})
    leonidas = state.pieces["leonidas"]
    assert stats.offence(state, leonidas, 0) == 3
    leonidas.vitality = 2
    assert stats.offence(state, leonidas, 0) == 5
    leonidas.vitality = 1
    assert stats.offence(state, leonidas, 0, retaliation=True) == 5


@rules("MB-POWER-FLEET-OF-FOOT")
def test_atalanta_fleet_of_foot_is_neither_held_nor_stopped():
    armies = [["zeus", "atalanta", "hoplites"], ["hades", "leonidas", "spartans"]]
    state = position(armies, at={"atalanta": 12, "leonidas": 12, "spartans": 13, "hoplites": 11})
    atalanta = state.pieces["atalanta"]
    assert not stats.held_by_block(state, atalanta)
    assert 14 in stats.destinations(state, atalanta, 2)  # through the Spartans' area
    # The Hoplites, without the power, stop in the Leonidas's area (MB-MOVE-3).
    assert 13 not in stats.destinations(state, state.pieces["hoplites"], 2)
    # Permanent: it still works while she RUNs (her Climb does not).
    state = position(
        armies,
        at={"atalanta": 12, "leonidas": 12, "spartans": 13},
        hands={0: ["atalanta", "aow"]},
    )
    activate(state, "atalanta", "complex")
    runs = [a for a in state.legal_actions() if a.startswith("run")]
    assert "run 15" in runs and "run 8" not in runs


@rules("MB-POWER-REGROWING-HEADS")
def test_hydra_regrowing_heads_regains_one_vitality_up_to_its_stat():
    armies = [["zeus", "hydra"], ["hades", "medusa"]]
    state = position(armies, at={"hydra": 12}, vitality={"hydra": 6}, hands={0: ["hydra", "aow"]})
    activate(state, "hydra", "simple")
    assert vit(state, "hydra") == 7
    act(state, "done")
    state = position(armies, at={"hydra": 12}, hands={0: ["hydra"]})
    activate(state, "hydra", "simple")
    assert vit(state, "hydra") == 7  # never above the stat (Vitality 7, MB-TUNE-1)


@rules("MB-POWER-THREE-HEADS", "MB-ATTACK-9")
def test_cerberus_three_heads_adds_a_die_to_its_retaliations():
    armies = [["zeus", "achilles"], ["hades", "cerberus"]]
    state = position(armies, at={"achilles": 12, "cerberus": 12}, hands={0: ["achilles"]})
    act(state, "activate achilles", "block")  # Cerberus's owner holds him with Block
    act(state, "attack cerberus")  # Initiative against Initiative: none
    roll(state, 1, 1, 1, 1, 1)
    act(state, "retaliate")
    assert dice_awaited(state) == 5  # 4 + Three Heads
    assert stats.offence(state, state.pieces["cerberus"], 0) == 4


@rules("MB-POWER-BULL-RUSH")
def test_minotaur_bull_rush_after_a_move():
    armies = [["zeus", "minotaur"], ["hades", "medusa"]]
    state = position(armies, at={"minotaur": 11, "medusa": 12}, hands={0: ["minotaur"]})
    activate(state, "minotaur")
    act(state, "move 12", "attack medusa")
    assert dice_awaited(state) == 7  # 4 + Close Combat + Bull Rush
    state = position(armies, at={"minotaur": 12, "medusa": 12}, hands={0: ["minotaur"]})
    activate(state, "minotaur")
    act(state, "attack medusa")
    assert dice_awaited(state) == 5


@rules("MB-POWER-PETRIFYING-GAZE", "MB-TURN-A1")
def test_medusa_petrifying_gaze_until_her_owners_next_turn():
    armies = [["zeus", "medusa"], ["hades", "spartans", "hoplites"]]
    state = position(
        armies,
        at={"medusa": 12, "spartans": 13},
        hands={0: ["medusa", "aow"], 1: ["spartans"]},
    )
    act(state, "activate medusa", "simple", "attack spartans")
    roll(state, 3, 3, 1, 1)  # 2 hits / Defence 2 = 1 wound, the Spartans survive
    assert answers(state) == ["gaze", "decline"]
    act(state, "gaze")
    spartans = state.pieces["spartans"]
    assert spartans.petrified_by == 0 and state.hand[0] == []
    assert state.view(1)["units"][[u["id"] for u in state.view(1)["units"]].index("spartans")][
        "petrified"
    ]
    act(state, "done")
    close_window(state)
    draw(state, "hades")
    act(state, "continue")
    assert "activate spartans" not in state.legal_actions()  # cannot activate
    assert spartans.petrified_by == 0  # still petrified in seat 1's turn
    act(state, "end")
    if state.current_player == 1:
        act(state, "end")
    close_window(state)
    draw(state, "zeus")
    assert spartans.petrified_by == -1  # Medusa's owner's turn began


@rules("MB-POWER-PETRIFYING-GAZE")
def test_medusa_petrified_units_neither_retaliate_nor_guard_and_divinities_are_immune():
    armies = [["zeus", "medusa", "achilles"], ["hades", "spartans", "hoplites"]]
    state = position(
        armies,
        at={"medusa": 12, "achilles": 12, "spartans": 12, "hoplites": 12},
        hands={0: ["medusa", "achilles", "aow", "aow"], 1: ["aow"]},
    )
    act(state, "activate medusa", "simple", "attack hoplites")  # the Spartans cannot Guard
    roll(state, 6, 3, 3)
    roll(state, 3)  # 4 hits / Defence 4 (3 + Phalanx with the Spartans) = 1 wound
    act(state, "gaze")
    assert phase(state) is None or phase(state) != "retaliate"  # petrified: no retaliation
    assert not state.attacks
    act(state, "done", "activate achilles", "simple", "attack spartans")
    assert phase(state) != "guard"  # the petrified Hoplites cannot Guard
    declines(state)
    # Divinities are never petrified.
    state = position(armies, at={"medusa": 12, "hades": 13}, hands={0: ["medusa", "aow"], 1: []})
    act(state, "activate medusa", "simple", "attack hades")
    roll(state, 3, 3, 3, 3)  # 4 hits / Defence 2 = 2 wounds
    assert vit(state, "hades") == HADES - 2 and not state.attacks


@rules("MB-POWER-PETRIFYING-GAZE", "MB-WIN-1")
def test_medusa_petrification_ends_when_her_owner_is_out():
    armies = [["zeus", "achilles"], ["hades", "medusa"], ["ares", "spartans"]]
    state = position(
        armies,
        at={"achilles": 14, "hades": 14, "spartans": 15},
        vitality={"hades": 1},
        hands={0: ["achilles"]},
    )
    state.pieces["spartans"].petrified_by = 1  # by seat 1's Medusa
    activate(state, "achilles")
    act(state, "attack hades")
    roll(state, 3, 3, 3, 3, 3)
    assert state.out[1] and state.pieces["spartans"].petrified_by == -1


@rules("MB-RULING-ROSTER", "MB-TAL-MOBILITY", "MB-TAL-LEADER", "MB-TAL-BOLSTER", "MB-TAL-CLIMB")
def test_zeus_hades_ares_medusa_third_talents():
    # Zeus (Mobility) still moves after his ATTACK.
    armies = [["zeus", "hoplites"], ["hades", "medusa"]]
    state = position(armies, at={"zeus": 7, "medusa": 12}, hands={0: ["zeus"]})
    act(state, "activate zeus", "simple", "attack medusa")
    roll(state, 1, 1, 1, 1, 1, 1)  # Offence 5 + Archer, all blank
    assert any(a.startswith("move ") for a in state.legal_actions())
    # Hades (Leader) leads the troops beside him at the end of his activation.
    armies = [["hades", "infernal-hounds"], ["zeus", "medusa"]]
    state = position(armies, at={"hades": 12, "infernal-hounds": 12}, hands={0: ["hades"]})
    act(state, "activate hades", "simple", "done")
    assert answers(state) == ["lead infernal-hounds", "decline"]
    # Ares (Bolster) gives friendly troops in his area +1 Offence and +1 Defence.
    armies = [["ares", "hoplites"], ["zeus", "medusa"]]
    state = position(armies, at={"ares": 12, "hoplites": 12, "medusa": 12})
    hoplites, medusa = state.pieces["hoplites"], state.pieces["medusa"]
    assert stats.defence(state, hoplites, medusa, 0) == 4
    assert stats.offence(state, hoplites, 0) == 3
    # Medusa (Climb) goes up into the impenetrable area 8 and across the cliff 12|17.
    state = position(at={"medusa": 7})
    assert 8 in stats.destinations(state, state.pieces["medusa"], 1)
    state = position(at={"medusa": 12})
    assert 17 in stats.destinations(state, state.pieces["medusa"], 1)
