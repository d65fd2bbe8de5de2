"""One scenario per entity card (64 deities, 8 creatures), named after the card.

Each test puts entities in the battle, plays actions, feeds dice and checks exact numbers.
Scores (Power/Attack/Defense) are those of ``content/entities.toml``; attack dice are the
attacker's first, then the defender's; clash dice the clashing entity's first.
"""

from __future__ import annotations

import pytest

import theomachy
from theomachy.games.mythic_wars.rules import MythicWarsState

from .scenario import battle, energy, game_with, roll, status

rules = pytest.mark.rules


def play(state: MythicWarsState, *actions: str) -> MythicWarsState:
    """Apply player actions in order (each must be legal)."""
    for action in actions:
        assert action in state.legal_actions(), f"{action!r} not in {state.legal_actions()}"
        state.apply(action)
    return state


def phase(state: MythicWarsState) -> str:
    return state.view(None)["phase"]


def rest_all(state: MythicWarsState) -> MythicWarsState:
    """Empower every remaining entity with ``rest`` until the Empowerment Phase is over."""
    while phase(state) == "empowerment" and state.current_player != theomachy.CHANCE:
        rests = [a for a in state.legal_actions() if a.startswith("rest ")]
        if not rests:
            break
        state.apply(rests[0])
    return state


def attack_targets(state: MythicWarsState, attacker: str) -> list[str]:
    prefix = f"attack {attacker} "
    return [a.removeprefix(prefix) for a in state.legal_actions() if a.startswith(prefix)]


def awaits_die(state: MythicWarsState) -> bool:
    return state.current_player == theomachy.CHANCE


# ------------------------------------------------------------------------------------ greek


@rules("MW-ABILITY-VOLLEY")
def test_zeus_thunderbolt_storm_hits_every_opposing_entity_but_not_his_own():
    state = battle([["zeus", "athena"], ["thor", "set"]], ["zeus", "athena", "thor", "set"])
    assert "ability zeus" in state.legal_actions()  # no target to name
    play(state, "ability zeus")
    assert (energy(state, "thor"), energy(state, "set")) == (6, 7)  # 7 -> 6, 8 -> 7
    assert energy(state, "athena") == 7  # supporting: untouched
    assert energy(state, "zeus") == 9
    assert status(state, "zeus") == "empowered"
    assert not awaits_die(state)  # no roll
    assert state.current_player == 1


@rules("MW-ABILITY-TIE")
def test_hera_wins_tied_rolls_for_her_faction():
    # Hera (A6) attacks Set (D6): 6+3 vs 6+3 is tied -> Hera's faction wins: a hit of 1.
    state = battle([["hera"], ["set"]], ["hera", "set"])
    play(state, "attack hera set")
    roll(state, 3, 3)
    assert not awaits_die(state)
    assert energy(state, "set") == 7  # 8 -> 7: at least one point
    # Set (A7) attacks Hera (D8): 7+3 vs 8+2 tied -> Hera's faction wins: a miss, no re-roll.
    state = battle([["hera"], ["set"]], ["hera", "set"], seat=1)
    play(state, "attack set hera")
    roll(state, 3, 2)
    assert not awaits_die(state)
    assert energy(state, "hera") == 7
    # It covers supporting entities too: Set vs Zeus (D5) 7+2 vs 5+4 -> a miss with Hera ...
    state = battle([["hera", "zeus"], ["set"]], ["hera", "zeus", "set"], seat=1)
    play(state, "attack set zeus")
    roll(state, 2, 4)
    assert not awaits_die(state)
    assert energy(state, "zeus") == 9
    # ... but without Hera in the battle the same tie is rolled again.
    state = battle([["hera", "zeus"], ["set"]], ["zeus", "set"], seat=1)
    play(state, "attack set zeus")
    roll(state, 2, 4)
    assert awaits_die(state)
    assert energy(state, "zeus") == 9


@rules("MW-ABILITY-MODIFY")
def test_athena_gives_her_whole_faction_plus_two_defense():
    # Set (A7) attacks Zeus (D5): 7+4 = 11 vs 5+2+2 = 9 -> Zeus loses 2.
    state = battle([["athena", "zeus"], ["set"]], ["athena", "zeus", "set"], seat=1)
    play(state, "attack set zeus")
    roll(state, 4, 2)
    assert energy(state, "zeus") == 7  # 9 -> 7
    # Without Athena: 11 vs 7 -> Zeus loses 4.
    state = battle([["athena", "zeus"], ["set"]], ["zeus", "set"], seat=1)
    play(state, "attack set zeus")
    roll(state, 4, 2)
    assert energy(state, "zeus") == 5
    # Athena herself (D6): 7+4 = 11 vs 6+2+3 = 11 -> tied, rolled again (+1 would be a hit).
    state = battle([["athena"], ["set"]], ["athena", "set"], seat=1)
    play(state, "attack set athena")
    roll(state, 4, 3)
    assert awaits_die(state)
    assert energy(state, "athena") == 7


@rules("MW-ABILITY-MODIFY")
def test_ares_gives_every_opposing_entity_minus_one_defense():
    # Zeus (A7) attacks Set (D6) with Ares beside him: 7+3 = 10 vs 6+4-1 = 9 -> hit 1.
    state = battle([["ares", "zeus"], ["set"]], ["ares", "zeus", "set"])
    play(state, "attack zeus set")
    roll(state, 3, 4)
    assert energy(state, "set") == 7
    # Without Ares: 10 vs 10, rolled again.
    state = battle([["ares", "zeus"], ["set"]], ["zeus", "set"])
    play(state, "attack zeus set")
    roll(state, 3, 4)
    assert awaits_die(state)
    assert energy(state, "set") == 8
    # Ares's own faction keeps its Defense: Set attacks Ares (D5): 7+4 = 11 vs 5+5 = 10 -> 1.
    state = battle([["ares"], ["set"]], ["ares", "set"], seat=1)
    play(state, "attack set ares")
    roll(state, 4, 5)
    assert energy(state, "ares") == 6


@rules("MW-ABILITY-BLAST")
def test_apollo_sunshot_removes_three_points_without_a_roll():
    state = battle([["apollo"], ["thor", "set"]], ["apollo", "thor", "set"])
    assert state.legal_actions() == [
        "attack apollo set",
        "attack apollo thor",
        "ability apollo set",
        "ability apollo thor",
        "rest apollo",
    ]
    play(state, "ability apollo set")
    assert not awaits_die(state)
    assert energy(state, "set") == 5  # 8 -> 5
    assert energy(state, "thor") == 7
    # A summoner protected by its creature cannot be attacked, but can be blasted.
    state = battle([["apollo"], ["hades"]], ["apollo", "hades"], summoned={"cerberus": "hades"})
    assert "attack apollo hades" not in state.legal_actions()
    play(state, "ability apollo hades")
    assert energy(state, "hades") == 5  # 8 -> 5


@rules("MW-ABILITY-AMBUSH")
def test_artemis_attacks_at_once_when_invoked():
    state = game_with([["artemis"], ["thor"]], first=0)
    play(state, "invoke artemis", "invoke thor")
    assert state.current_player == 0
    assert state.legal_actions() == ["attack artemis thor", "decline"]
    play(state, "attack artemis thor")
    roll(state, 4, 2)  # 8+4 = 12 vs 7+2 = 9
    assert energy(state, "thor") == 4  # 7 -> 4
    # The ambush is not her empowerment: she can still act this round.
    assert phase(state) == "empowerment"
    assert status(state, "artemis") == "invoked"
    assert "attack artemis thor" in state.legal_actions()
    # Declining makes no attack.
    state = game_with([["artemis"], ["thor"]], first=0)
    play(state, "invoke artemis", "invoke thor", "decline")
    assert not awaits_die(state)
    assert energy(state, "thor") == 7
    assert phase(state) == "empowerment"


@rules("MW-ABILITY-CLASH")
def test_poseidon_wins_a_clash_for_three_points():
    # Poseidon (P8) clashes Thor (P7): 8+3 = 11 vs 7+3 = 10 -> Thor loses 3.
    state = battle([["poseidon"], ["thor"]], ["poseidon", "thor"])
    assert "ability poseidon thor" in state.legal_actions()
    play(state, "ability poseidon thor")
    roll(state, 3, 3)
    assert not awaits_die(state)  # a fixed 3, no damage die
    assert energy(state, "thor") == 4
    # A lost clash (8+1 = 9 vs 7+5 = 12) does nothing to either side.
    state = battle([["poseidon"], ["thor"]], ["poseidon", "thor"])
    play(state, "ability poseidon thor")
    roll(state, 1, 5)
    assert (energy(state, "thor"), energy(state, "poseidon")) == (7, 8)


@rules("MW-ABILITY-SUMMON")
def test_hades_summons_cerberus_who_shields_him_once_per_game():
    state = battle([["hades"], ["thor", "set"]], ["hades", "thor", "set"])
    assert "ability hades" in state.legal_actions()
    # Before the summoning Hades is a target: faction 1 could attack him.
    before = battle([["hades"], ["thor", "set"]], ["hades", "thor", "set"], seat=1)
    assert attack_targets(before, "thor") == ["hades"]
    play(state, "ability hades")
    assert status(state, "cerberus") == "invoked"
    assert energy(state, "cerberus") == 5
    # Hades cannot be attacked while Cerberus is in the battle (he can still be clashed with).
    assert attack_targets(state, "thor") == ["cerberus"]
    assert "ability set hades" in state.legal_actions()
    # Thor defeats Cerberus: 7+6 (critical) = 13 vs 4+1 = 5 -> 8 points, Cerberus has 5.
    play(state, "attack thor cerberus")
    roll(state, 6, 1)
    assert status(state, "cerberus") == "defeated"
    # Thor's 13 is odd: no additional attack. Hades's faction has nothing left to empower.
    assert state.current_player == 1
    assert attack_targets(state, "set") == ["hades"]  # unprotected again
    # Next round (faction 1 prime): no second summoning is offered to Hades.
    play(state, "rest set")
    assert (state.round, phase(state), state.current_player) == (3, "invocation", 1)
    play(state, "invoke odin", "invoke athena", "rest odin")
    assert state.current_player == 0
    assert [a for a in state.legal_actions() if "hades" in a.split()[1:2]] == [
        "attack hades odin",
        "attack hades set",
        "attack hades thor",
        "rest hades",
    ]


@rules("MW-ABILITY-SUMMON")
def test_hades_defeated_takes_cerberus_with_him():
    state = battle(
        [["hades"], ["set"]],
        ["hades", "set"],
        energy={"hades": 2},
        summoned={"cerberus": "hades"},
        seat=1,
    )
    play(state, "ability set hades")
    roll(state, 5, 1)  # 8+5 = 13 vs 8+1 = 9: Set wins
    roll(state, 3)  # the damage die: 2 - 3
    assert status(state, "hades") == "defeated"
    assert status(state, "cerberus") == "defeated"


@rules("MW-ABILITY-EXTRA")
def test_cerberus_attacks_again_on_an_odd_roll():
    state = battle(
        [["hades"], ["thor", "set"]],
        ["hades", "thor", "set"],
        summoned={"cerberus": "hades"},
        empowered=["hades"],
    )
    # Cerberus (A5) attacks Thor: 5+2 = 7 (odd) vs 7+1 = 8 -> miss, but an additional attack.
    play(state, "attack cerberus thor")
    roll(state, 2, 1)
    assert energy(state, "thor") == 7
    assert state.legal_actions() == ["attack cerberus set", "attack cerberus thor", "decline"]
    # 5+4 = 9 (odd again) vs Set 6+1 = 7 -> Set loses 2; no third attack.
    play(state, "attack cerberus set")
    roll(state, 4, 1)
    assert energy(state, "set") == 6
    assert state.current_player == 1
    assert not any(a == "decline" for a in state.legal_actions())
    # An even total grants nothing: 5+3 = 8 vs 7+1 = 8 ... re-rolled: 5+5 = 10 vs 7+1 = 8.
    state = battle(
        [["hades"], ["thor"]],
        ["hades", "thor"],
        summoned={"cerberus": "hades"},
        empowered=["hades"],
    )
    play(state, "attack cerberus thor")
    roll(state, 3, 1)
    assert awaits_die(state)  # tied 8 - 8
    roll(state, 5, 1)
    assert energy(state, "thor") == 5  # 10 - 8 = 2
    assert state.current_player == 1


# ------------------------------------------------------------------------------------ norse


@rules("MW-ABILITY-EXTRA")
def test_thor_extra_attack_on_even_roll_does_not_chain():
    # The rulebook example: Thor attacks Set, 7+3 = 10 vs 6+5 = 11: a miss, but 10 is even.
    factions = [["thor", "fujin"], ["set", "chalchiuhtlicue"]]
    state = battle(factions, ["thor", "set", "chalchiuhtlicue"])
    play(state, "attack thor set")
    roll(state, 3, 5)
    assert energy(state, "set") == 8
    assert state.current_player == 0
    assert state.legal_actions() == [
        "attack thor chalchiuhtlicue",
        "attack thor set",
        "decline",
    ]
    # 7+5 = 12 (even) vs Chalchiuhtlicue 6+2 = 8: she loses 4 (6 -> 2).
    play(state, "attack thor chalchiuhtlicue")
    roll(state, 5, 2)
    assert energy(state, "chalchiuhtlicue") == 2
    # No further attack: Set's faction is to act.
    assert state.current_player == 1
    assert "decline" not in state.legal_actions()
    assert "attack set thor" in state.legal_actions()
    # An odd total grants nothing: 7+4 = 11 vs 6+1 = 7 -> Set loses 4.
    state = battle(factions, ["thor", "set", "chalchiuhtlicue"])
    play(state, "attack thor set")
    roll(state, 4, 1)
    assert energy(state, "set") == 4
    assert state.current_player == 1


@rules("MW-ABILITY-NOCRITS")
def test_odin_makes_opposing_rolls_against_his_faction_never_critical():
    # Set (A7) attacks Isis (D8): 7+6 = 13 vs 8+5 = 13. With Odin the 6 is not critical: a
    # tie, rolled again (then 7+1 = 8 vs 13, a miss).
    state = battle([["odin", "isis"], ["set"]], ["odin", "isis", "set"], seat=1)
    play(state, "attack set isis")
    roll(state, 6, 5)
    assert awaits_die(state) and energy(state, "isis") == 7
    roll(state, 1, 5)
    assert not awaits_die(state) and energy(state, "isis") == 7
    # Without Odin the 6 is critical and beats 13: a hit of at least 1.
    state = battle([["odin", "isis"], ["set"]], ["isis", "set"], seat=1)
    play(state, "attack set isis")
    roll(state, 6, 5)
    assert energy(state, "isis") == 6
    # Odin's own faction still rolls criticals: Isis (A5) 5+6 = 11 vs Set 6+5 = 11 -> critical.
    state = battle([["odin", "isis"], ["set"]], ["odin", "isis", "set"])
    play(state, "attack isis set")
    roll(state, 6, 5)
    assert energy(state, "set") == 7


@rules("MW-ABILITY-INVOKE-SUMMON")
def test_loki_summons_fenrir_when_invoked():
    state = game_with([["loki"], ["thor"]], first=0)
    play(state, "invoke loki", "invoke thor")
    assert phase(state) == "empowerment"
    assert status(state, "fenrir") == "invoked"
    assert energy(state, "fenrir") == 6
    assert state.units[state.unit_named("fenrir")].owner == 0
    # Fenrir can be empowered this very round.
    assert state.legal_actions() == [
        "attack fenrir thor",
        "rest fenrir",
        "attack loki thor",
        "rest loki",
    ]
    play(state, "rest fenrir")
    assert attack_targets(state, "thor") == ["fenrir"]  # Loki is shielded


@rules("MW-ABILITY-LIFESTEAL")
def test_freyja_regains_a_point_when_her_attack_hits():
    # 7+4 = 11 vs Set 6+2 = 8: Set loses 3, Freyja 4 -> 5.
    state = battle([["freyja"], ["set"]], ["freyja", "set"], energy={"freyja": 4})
    play(state, "attack freyja set")
    roll(state, 4, 2)
    assert (energy(state, "set"), energy(state, "freyja")) == (5, 5)
    # A miss (7+1 = 8 vs 6+5 = 11) gives nothing.
    state = battle([["freyja"], ["set"]], ["freyja", "set"], energy={"freyja": 4})
    play(state, "attack freyja set")
    roll(state, 1, 5)
    assert (energy(state, "set"), energy(state, "freyja")) == (8, 4)
    # Never above her Power 7: at 7 she stays at 7.
    state = battle([["freyja"], ["set"]], ["freyja", "set"], energy={"freyja": 7})
    play(state, "attack freyja set")
    roll(state, 4, 2)
    assert energy(state, "freyja") == 7


@rules("MW-ABILITY-TAUNT", "MW-RULING-TAUNT")
def test_tyr_oath_bound_shield_leaves_only_guardians_to_attack():
    state = battle([["tyr", "zeus"], ["set"]], ["tyr", "zeus", "set"], seat=1)
    assert state.legal_actions() == [
        "attack set tyr",
        "ability set tyr",
        "ability set zeus",  # clashes still reach Zeus
        "rest set",
    ]
    # Two Guardians do not shield each other: beside Heimdall both can be attacked, Zeus not.
    state = battle(
        [["tyr", "heimdall", "zeus"], ["set"]], ["tyr", "heimdall", "zeus", "set"], seat=1
    )
    assert attack_targets(state, "set") == ["heimdall", "tyr"]
    # Without Týr in the battle Zeus can be attacked.
    state = battle([["tyr", "zeus"], ["set"]], ["zeus", "set"], seat=1)
    assert attack_targets(state, "set") == ["zeus"]


@rules("MW-ABILITY-MODIFY")
def test_frigg_gives_plus_one_defense_to_supporters_not_herself():
    # Set (A7) attacks Zeus (D5): 7+4 = 11 vs 5+1+2 = 8 -> Zeus loses 3.
    state = battle([["frigg", "zeus"], ["set"]], ["frigg", "zeus", "set"], seat=1)
    play(state, "attack set zeus")
    roll(state, 4, 2)
    assert energy(state, "zeus") == 6
    # Frigg (D8) herself: 7+4 = 11 vs 8+3 = 11 -> tied (no +1 for her), rolled again.
    state = battle([["frigg", "zeus"], ["set"]], ["frigg", "zeus", "set"], seat=1)
    play(state, "attack set frigg")
    roll(state, 4, 3)
    assert awaits_die(state)
    roll(state, 4, 1)  # 11 vs 9
    assert energy(state, "frigg") == 5


@rules("MW-ABILITY-TAUNT", "MW-RULING-TAUNT")
def test_heimdall_bridge_warden_shields_supporters_until_he_falls():
    state = battle(
        [["heimdall", "zeus"], ["thor", "set"]],
        ["heimdall", "zeus", "thor", "set"],
        energy={"heimdall": 1},
        seat=1,
    )
    assert attack_targets(state, "thor") == ["heimdall"]
    assert attack_targets(state, "set") == ["heimdall"]
    assert "ability set zeus" in state.legal_actions()  # a clash still reaches Zeus
    # Thor: 7+4 = 11 (odd) vs 8+1 = 9 -> Heimdall (1 point) is defeated.
    play(state, "attack thor heimdall")
    roll(state, 4, 1)
    assert status(state, "heimdall") == "defeated"
    play(state, "rest zeus")
    assert attack_targets(state, "set") == ["zeus"]
    # With Týr beside him, Heimdall's fall leaves Týr the only one to attack, not Zeus.
    state = battle(
        [["heimdall", "tyr", "zeus"], ["thor", "set"]],
        ["heimdall", "tyr", "zeus", "thor", "set"],
        energy={"heimdall": 1},
        seat=1,
    )
    play(state, "attack thor heimdall")
    roll(state, 4, 1)
    assert status(state, "heimdall") == "defeated"
    play(state, "rest zeus")
    assert attack_targets(state, "set") == ["tyr"]


@rules("MW-ABILITY-LIFESTEAL")
def test_hel_regains_three_points_on_a_hit_up_to_her_power():
    # 7+4 = 11 vs Set 6+2 = 8: Set 8 -> 5, Hel 3 -> 6.
    state = battle([["hel"], ["set"]], ["hel", "set"], energy={"hel": 3})
    play(state, "attack hel set")
    roll(state, 4, 2)
    assert (energy(state, "set"), energy(state, "hel")) == (5, 6)
    # From 5 she reaches her Power 7, not 8.
    state = battle([["hel"], ["set"]], ["hel", "set"], energy={"hel": 5})
    play(state, "attack hel set")
    roll(state, 4, 2)
    assert energy(state, "hel") == 7


@rules("MW-ABILITY-LIFESTEAL")
def test_fenrir_regains_one_point_when_it_hits():
    state = battle(
        [["loki"], ["set"]],
        ["loki", "set"],
        summoned={"fenrir": "loki"},
        energy={"fenrir": 4},
    )
    # Fenrir (A6): 6+4 = 10 vs Set 6+1 = 7 -> Set 8 -> 5, Fenrir 4 -> 5.
    play(state, "attack fenrir set")
    roll(state, 4, 1)
    assert (energy(state, "set"), energy(state, "fenrir")) == (5, 5)
    # A miss: 6+1 = 7 vs 6+4 = 10.
    state = battle(
        [["loki"], ["set"]], ["loki", "set"], summoned={"fenrir": "loki"}, energy={"fenrir": 4}
    )
    play(state, "attack fenrir set")
    roll(state, 1, 4)
    assert energy(state, "fenrir") == 4


# ------------------------------------------------------------------------------------ egyptian


@rules("MW-ABILITY-CLASH")
def test_set_clash_removes_a_die_of_points():
    # The rulebook example: Set 8+3 = 11 vs Thor 7+3 = 10 -> Set wins; a die of 3: Thor 7 -> 4.
    state = battle([["thor"], ["set"]], ["thor", "set"], seat=1)
    assert state.legal_actions() == ["attack set thor", "ability set thor", "rest set"]
    play(state, "ability set thor")
    roll(state, 3, 3)
    assert awaits_die(state)  # the damage die
    assert energy(state, "thor") == 7
    roll(state, 3)
    assert energy(state, "thor") == 4
    assert energy(state, "set") == 8
    # The second example: 8+2 = 10 vs 7+3 = 10 tied, rolled again: 8+1 = 9 vs 7+5 = 12.
    state = battle([["thor"], ["set"]], ["thor", "set"], seat=1)
    play(state, "ability set thor")
    roll(state, 2, 3)
    assert awaits_die(state)
    roll(state, 1, 5)
    assert not awaits_die(state)  # Thor won: no damage die
    assert energy(state, "thor") == 7
    assert state.current_player == 0


@rules("MW-ABILITY-DOOM", "MW-RULING-DOOM")
def test_anubis_defeats_an_entity_whose_defense_roll_is_under_ten():
    state = game_with([["anubis"], ["zeus"]], first=0)
    play(state, "invoke anubis", "invoke zeus")
    assert state.current_player == 0
    assert state.legal_actions() == ["ability anubis zeus", "decline"]
    play(state, "ability anubis zeus")
    roll(state, 4)  # Zeus D5: 5+4 = 9 < 10 (Weighing of the Heart, under 10: MW-TUNE-8)
    assert status(state, "zeus") == "defeated"
    # 5+5 = 10 is not under 10 (the total decides).
    state = game_with([["anubis"], ["zeus"]], first=0)
    play(state, "invoke anubis", "invoke zeus", "ability anubis zeus")
    roll(state, 5)
    assert status(state, "zeus") == "invoked"
    assert energy(state, "zeus") == 9
    # Declining forces no roll.
    state = game_with([["anubis"], ["zeus"]], first=0)
    play(state, "invoke anubis", "invoke zeus", "decline")
    assert not awaits_die(state)
    assert status(state, "zeus") == "invoked"
    # Faction 1 prime: Loki's Fenrir enters first and can be chosen. Fenrir (D3): 3+5 = 8
    # is defeated; 3+6 = 9 is under 10 too: only the total counts, a natural 6 does not save.
    state = game_with([["anubis"], ["loki"]], first=1)
    play(state, "invoke loki", "invoke anubis")
    assert state.legal_actions() == ["ability anubis fenrir", "ability anubis loki", "decline"]
    play(state, "ability anubis fenrir")
    roll(state, 5)
    assert status(state, "fenrir") == "defeated"
    assert status(state, "loki") == "invoked"
    state = game_with([["anubis"], ["loki"]], first=1)
    play(state, "invoke loki", "invoke anubis", "ability anubis fenrir")
    roll(state, 6)
    assert status(state, "fenrir") == "defeated"
    assert status(state, "loki") == "invoked"


@rules("MW-ABILITY-MODIFY")
def test_ra_gives_his_whole_faction_plus_one_attack():
    # Zeus (A7) attacks Set (D6): 7+3+1 = 11 vs 6+4 = 10 -> hit 1.
    state = battle([["ra", "zeus"], ["set"]], ["ra", "zeus", "set"])
    play(state, "attack zeus set")
    roll(state, 3, 4)
    assert energy(state, "set") == 7
    # Without Ra: 10 vs 10, rolled again.
    state = battle([["ra", "zeus"], ["set"]], ["zeus", "set"])
    play(state, "attack zeus set")
    roll(state, 3, 4)
    assert awaits_die(state)
    # Ra himself (A5): 5+5+1 = 11 vs 6+4 = 10 -> hit 1.
    state = battle([["ra"], ["set"]], ["ra", "set"])
    play(state, "attack ra set")
    roll(state, 5, 4)
    assert energy(state, "set") == 7


@rules("MW-ABILITY-HEAL")
def test_isis_restores_three_points_up_to_power():
    state = battle(
        [["isis", "zeus"], ["set"]], ["isis", "zeus", "set"], energy={"zeus": 3, "isis": 2}
    )
    assert [a for a in state.legal_actions() if a.startswith("ability isis")] == [
        "ability isis isis",
        "ability isis zeus",
    ]
    play(state, "ability isis zeus")
    assert energy(state, "zeus") == 6  # 3 -> 6
    assert energy(state, "isis") == 2
    # Herself, and never above Power: Zeus at 7 of 9 reaches 9, not 10.
    state = battle(
        [["isis", "zeus"], ["set"]], ["isis", "zeus", "set"], energy={"zeus": 7, "isis": 2}
    )
    play(state, "ability isis isis")
    assert energy(state, "isis") == 5  # 2 -> 5
    state = battle([["isis", "zeus"], ["set"]], ["isis", "zeus", "set"], energy={"zeus": 7})
    play(state, "ability isis zeus")
    assert energy(state, "zeus") == 9


@rules("MW-ABILITY-INVOKE-SUMMON")
def test_osiris_summons_ammit_when_invoked():
    state = game_with([["osiris"], ["thor"]], first=1)
    play(state, "invoke thor", "invoke osiris")
    assert status(state, "ammit") == "invoked"
    assert energy(state, "ammit") == 4
    assert phase(state) == "empowerment"
    assert state.current_player == 1
    assert attack_targets(state, "thor") == ["ammit"]  # not Osiris


@rules("MW-ABILITY-AMBUSH")
def test_horus_strikes_when_invoked_in_a_later_round():
    # Horus waits uninvoked; after the round ends faction 1 is prime and both invoke.
    state = battle([["horus", "zeus"], ["set"]], ["zeus", "set"])
    rest_all(state)
    assert phase(state) == "invocation"
    assert state.current_player == 1
    play(state, "invoke apollo", "invoke horus")
    assert state.current_player == 0
    assert state.legal_actions() == ["attack horus apollo", "attack horus set", "decline"]
    play(state, "attack horus set")
    roll(state, 5, 1)  # 7+5 = 12 vs 6+1 = 7
    assert energy(state, "set") == 3
    assert phase(state) == "empowerment"
    assert status(state, "horus") == "invoked"


@rules("MW-ABILITY-TIE")
def test_thoth_wins_tied_clash_rolls():
    # Set (P8) clashes Thoth (P6): 8+1 = 9 vs 6+3 = 9 -> tied, Thoth's faction wins.
    state = battle([["thoth", "zeus"], ["set"]], ["thoth", "zeus", "set"], seat=1)
    play(state, "ability set thoth")
    roll(state, 1, 3)
    assert not awaits_die(state)  # no re-roll, no damage die
    assert energy(state, "thoth") == 6
    # A supporter too: Set vs Zeus (P9) 8+3 vs 9+2 -> Zeus wins.
    state = battle([["thoth", "zeus"], ["set"]], ["thoth", "zeus", "set"], seat=1)
    play(state, "ability set zeus")
    roll(state, 3, 2)
    assert not awaits_die(state)
    assert energy(state, "zeus") == 9
    # Without Thoth: rolled again.
    state = battle([["thoth", "zeus"], ["set"]], ["zeus", "set"], seat=1)
    play(state, "ability set zeus")
    roll(state, 3, 2)
    assert awaits_die(state)


@rules("MW-ABILITY-LIFESTEAL")
def test_sekhmet_regains_two_points_when_she_hits():
    # Sekhmet (A8): 8+2 = 10 vs Set 6+3 = 9 -> Set 8 -> 7, Sekhmet 3 -> 5.
    state = battle([["sekhmet"], ["set"]], ["sekhmet", "set"], energy={"sekhmet": 3})
    play(state, "attack sekhmet set")
    roll(state, 2, 3)
    assert (energy(state, "set"), energy(state, "sekhmet")) == (7, 5)
    # A miss: 8+1 = 9 vs 6+4 = 10.
    state = battle([["sekhmet"], ["set"]], ["sekhmet", "set"], energy={"sekhmet": 3})
    play(state, "attack sekhmet set")
    roll(state, 1, 4)
    assert (energy(state, "set"), energy(state, "sekhmet")) == (8, 3)


@rules("MW-ABILITY-BLAST")
def test_ammit_devours_two_points():
    state = battle(
        [["osiris"], ["thor", "set"]],
        ["osiris", "thor", "set"],
        summoned={"ammit": "osiris"},
        energy={"thor": 2},
    )
    assert [a for a in state.legal_actions() if a.startswith("ability ammit")] == [
        "ability ammit set",
        "ability ammit thor",
    ]
    play(state, "ability ammit thor")
    assert status(state, "thor") == "defeated"  # 2 - 2 = 0
    state = battle(
        [["osiris"], ["thor", "set"]], ["osiris", "thor", "set"], summoned={"ammit": "osiris"}
    )
    play(state, "ability ammit set")
    assert energy(state, "set") == 6


# ------------------------------------------------------------------------------------ aztec


@rules("MW-ABILITY-DOOM")
def test_chalchiuhtlicue_drowns_fujin_as_in_the_rulebook():
    # Round 2 of the rulebook example: Cleo (faction 1) is prime and invokes Chalchiuhtlicue,
    # Erik (faction 0) invokes Fujin; Thor is at 4 after Set's clash in round 1.
    factions = [["thor", "fujin"], ["set", "chalchiuhtlicue"]]
    state = battle(factions, ["thor", "set"], energy={"thor": 4}, round_number=1)
    rest_all(state)
    assert (phase(state), state.current_player) == ("invocation", 1)
    play(state, "invoke chalchiuhtlicue", "invoke fujin")
    assert energy(state, "fujin") == 8
    assert state.current_player == 1
    assert state.legal_actions() == [
        "ability chalchiuhtlicue fujin",
        "ability chalchiuhtlicue thor",
        "decline",
    ]
    play(state, "ability chalchiuhtlicue fujin")
    roll(state, 4)  # Fujin D6: 6+4 = 10 < 11
    assert status(state, "fujin") == "defeated"
    assert phase(state) == "empowerment"
    # The rest of the round: Set's clash is tied (10-10), re-rolled 9 vs 12: Thor wins.
    play(state, "ability set thor")
    roll(state, 2, 3, 1, 5)
    assert energy(state, "thor") == 4
    # Thor 10 vs Set 11 misses, even: extra attack 12 vs 8 on Chalchiuhtlicue (6 -> 2).
    play(state, "attack thor set")
    roll(state, 3, 5)
    play(state, "attack thor chalchiuhtlicue")
    roll(state, 5, 2)
    assert energy(state, "chalchiuhtlicue") == 2
    # Chalchiuhtlicue 8+5 = 13 vs Thor 7+6 = 13: Thor's natural 6 is critical, a miss.
    assert state.legal_actions() == [
        "attack chalchiuhtlicue thor",
        "rest chalchiuhtlicue",
    ]
    play(state, "attack chalchiuhtlicue thor")
    roll(state, 5, 6)
    assert energy(state, "thor") == 4
    assert (energy(state, "set"), energy(state, "chalchiuhtlicue")) == (8, 2)
    assert state.round == 3
    # Contrast: a 5 (6+5 = 11, not under 11) saves Fujin.
    state = battle(factions, ["thor", "set"], round_number=1)
    rest_all(state)
    play(state, "invoke chalchiuhtlicue", "invoke fujin", "ability chalchiuhtlicue fujin")
    roll(state, 5)
    assert status(state, "fujin") == "invoked"
    assert energy(state, "fujin") == 8


@rules("MW-ABILITY-INVOKE-SUMMON")
def test_tezcatlipoca_summons_cipactli_which_falls_with_him():
    state = game_with([["tezcatlipoca"], ["susanoo"]], first=0)
    play(state, "invoke tezcatlipoca", "invoke susanoo")
    assert status(state, "cipactli") == "invoked"
    assert energy(state, "cipactli") == 6
    play(state, "rest cipactli")
    assert attack_targets(state, "susanoo") == ["cipactli"]
    # A blast can reach him (3 points) ... at 3 points he is defeated, Cipactli with him.
    state = battle(
        [["tezcatlipoca"], ["susanoo"]],
        ["tezcatlipoca", "susanoo"],
        summoned={"cipactli": "tezcatlipoca"},
        energy={"tezcatlipoca": 3},
        seat=1,
    )
    play(state, "ability susanoo tezcatlipoca")
    assert status(state, "tezcatlipoca") == "defeated"
    assert status(state, "cipactli") == "defeated"


@rules("MW-ABILITY-EXTRA")
def test_quetzalcoatl_sweeping_wind_once_on_even():
    state = battle([["quetzalcoatl"], ["set", "thor"]], ["quetzalcoatl", "set", "thor"])
    # Quetzalcōātl (A6): 6+2 = 8 (even) vs Set 6+1 = 7 -> Set loses 1; an additional attack.
    play(state, "attack quetzalcoatl set")
    roll(state, 2, 1)
    assert energy(state, "set") == 7
    assert state.legal_actions() == [
        "attack quetzalcoatl set",
        "attack quetzalcoatl thor",
        "decline",
    ]
    # 6+4 = 10 (even) vs Thor 7+1 = 8 -> Thor loses 2; no third attack.
    play(state, "attack quetzalcoatl thor")
    roll(state, 4, 1)
    assert energy(state, "thor") == 5
    assert state.current_player == 1
    # Declining ends his action.
    state = battle([["quetzalcoatl"], ["set", "thor"]], ["quetzalcoatl", "set", "thor"])
    play(state, "attack quetzalcoatl set")
    roll(state, 2, 1)
    play(state, "decline")
    assert state.current_player == 1
    assert energy(state, "thor") == 7


@rules("MW-ABILITY-MODIFY")
def test_huitzilopochtli_gets_plus_one_on_his_own_attacks():
    # Fire Serpent +1 (MW-TUNE-8): 7+2+1 = 10 vs Set 6+3 = 9 -> Set loses 1 (without it, a tie).
    state = battle([["huitzilopochtli", "zeus"], ["set"]], ["huitzilopochtli", "zeus", "set"])
    play(state, "attack huitzilopochtli set")
    roll(state, 2, 3)
    assert energy(state, "set") == 7
    # Zeus (A7) beside him gets nothing: 7+3 = 10 vs 6+4 = 10, rolled again.
    state = battle([["huitzilopochtli", "zeus"], ["set"]], ["huitzilopochtli", "zeus", "set"])
    play(state, "attack zeus set")
    roll(state, 3, 4)
    assert awaits_die(state)
    assert energy(state, "set") == 8


@rules("MW-ABILITY-INVOKE-HEAL")
def test_tlaloc_gift_of_rain_heals_supporters_on_invocation():
    state = battle(
        [["tlaloc", "zeus", "ares"], ["set"]],
        ["zeus", "ares", "set"],
        energy={"zeus": 3, "ares": 5, "set": 2},
    )
    rest_all(state)
    assert (phase(state), state.current_player) == ("invocation", 1)
    play(state, "invoke apollo", "invoke tlaloc")
    assert energy(state, "zeus") == 5  # 3 -> 5
    assert energy(state, "ares") == 6  # 5 -> 6: capped at his Power 6
    assert energy(state, "tlaloc") == 7
    assert energy(state, "set") == 2  # opposing: untouched
    assert energy(state, "apollo") == 7


@rules("MW-ABILITY-THORNS")
def test_mictlantecuhtli_costs_a_hitting_attacker_two_points():
    # Set: 7+4 = 11 vs 7+1 = 8 -> Mictlāntēcuhtli 7 -> 4, Set 8 -> 6.
    state = battle([["mictlantecuhtli"], ["set"]], ["mictlantecuhtli", "set"], seat=1)
    play(state, "attack set mictlantecuhtli")
    roll(state, 4, 1)
    assert (energy(state, "mictlantecuhtli"), energy(state, "set")) == (4, 6)
    # A miss costs nothing: 7+1 = 8 vs 7+3 = 10.
    state = battle([["mictlantecuhtli"], ["set"]], ["mictlantecuhtli", "set"], seat=1)
    play(state, "attack set mictlantecuhtli")
    roll(state, 1, 3)
    assert (energy(state, "mictlantecuhtli"), energy(state, "set")) == (7, 8)


@rules("MW-ABILITY-MODIFY")
def test_xipe_totec_renewal_of_spring_gives_his_faction_plus_one_on_clash_rolls():
    # Coatlicue (P8) beside him clashes Thor (P7): 8+2+1 = 11 vs 7+3 = 10 -> Thor 7 -> 5.
    factions = [["xipe-totec", "coatlicue"], ["thor"]]
    state = battle(factions, ["xipe-totec", "coatlicue", "thor"])
    play(state, "ability coatlicue thor")
    roll(state, 2, 3)
    assert not awaits_die(state)
    assert energy(state, "thor") == 5
    # Without Xipe Totec in the battle the same dice tie (10 vs 10) and are rolled again.
    state = battle(factions, ["coatlicue", "thor"])
    play(state, "ability coatlicue thor")
    roll(state, 2, 3)
    assert awaits_die(state)
    assert energy(state, "thor") == 7
    # His own clash roll too: Set (P8) 8+3 = 11 vs Xipe Totec 8+2+1 = 11, rolled again;
    # then 8+1 = 9 vs 8+1+1 = 10: Xipe Totec wins, so no damage die.
    state = battle([["xipe-totec"], ["set"]], ["xipe-totec", "set"], seat=1)
    play(state, "ability set xipe-totec")
    roll(state, 3, 2)
    assert awaits_die(state)
    roll(state, 1, 1)
    assert not awaits_die(state)
    assert energy(state, "xipe-totec") == 8
    # Attack rolls are unchanged: 6+3 = 9 vs Set 6+3 = 9 is tied.
    state = battle([["xipe-totec"], ["set"]], ["xipe-totec", "set"])
    play(state, "attack xipe-totec set")
    roll(state, 3, 3)
    assert awaits_die(state)
    # And he no longer regains points at the start of a round.
    state = battle([["xipe-totec"], ["set"]], ["xipe-totec", "set"], energy={"xipe-totec": 5})
    rest_all(state)
    assert state.round == 3
    assert energy(state, "xipe-totec") == 5


@rules("MW-ABILITY-CLASH")
def test_coatlicue_wins_a_clash_for_two_points():
    # Coatlicue (P8) vs Thor (P7): 8+3 = 11 vs 7+3 = 10 -> Thor 7 -> 5.
    state = battle([["coatlicue"], ["thor"]], ["coatlicue", "thor"])
    play(state, "ability coatlicue thor")
    roll(state, 3, 3)
    assert energy(state, "thor") == 5
    # A critical clash roll wins: 8+5 = 13 vs 7+6 = 13 -> Thor wins, nothing happens.
    state = battle([["coatlicue"], ["thor"]], ["coatlicue", "thor"])
    play(state, "ability coatlicue thor")
    roll(state, 5, 6)
    assert (energy(state, "thor"), energy(state, "coatlicue")) == (7, 8)


@rules("MW-ABILITY-THORNS")
def test_cipactli_bites_a_hitting_attacker_for_one():
    state = battle(
        [["tezcatlipoca"], ["set"]],
        ["tezcatlipoca", "set"],
        summoned={"cipactli": "tezcatlipoca"},
        seat=1,
    )
    assert attack_targets(state, "set") == ["cipactli"]
    # Set: 7+3 = 10 vs Cipactli 5+2 = 7 -> Cipactli 6 -> 3, Set 8 -> 7.
    play(state, "attack set cipactli")
    roll(state, 3, 2)
    assert (energy(state, "cipactli"), energy(state, "set")) == (3, 7)


# ------------------------------------------------------------------------------------ japanese


@rules("MW-ABILITY-VOLLEY")
def test_fujin_wind_bag_hits_every_opposing_faction():
    state = battle(
        [["fujin", "zeus"], ["thor"], ["set", "chalchiuhtlicue"]],
        ["fujin", "zeus", "thor", "set", "chalchiuhtlicue"],
        energy={"chalchiuhtlicue": 1},
    )
    play(state, "ability fujin")
    assert energy(state, "thor") == 6
    assert energy(state, "set") == 7
    assert status(state, "chalchiuhtlicue") == "defeated"  # 1 - 1
    assert energy(state, "zeus") == 9  # supporting
    assert energy(state, "fujin") == 8


@rules("MW-ABILITY-EXTRA")
def test_raijin_drumroll_on_an_odd_roll():
    # Raijin (A7): 7+2 = 9 (odd) vs Set 6+1 = 7 -> Set 8 -> 6; an additional attack.
    state = battle([["raijin"], ["set", "thor"]], ["raijin", "set", "thor"])
    play(state, "attack raijin set")
    roll(state, 2, 1)
    assert energy(state, "set") == 6
    assert state.legal_actions() == ["attack raijin set", "attack raijin thor", "decline"]
    # An even total grants nothing: 7+3 = 10 vs 6+1 = 7.
    state = battle([["raijin"], ["set", "thor"]], ["raijin", "set", "thor"])
    play(state, "attack raijin set")
    roll(state, 3, 1)
    assert energy(state, "set") == 5
    assert state.current_player == 1
    assert "decline" not in state.legal_actions()


@rules("MW-ABILITY-MODIFY")
def test_izanagi_gives_his_faction_plus_one_on_clash_rolls():
    # Set (P8) beside Izanagi clashes Thor (P7): 8+2+1 = 11 vs 7+3 = 10 -> Set wins.
    state = battle([["izanagi", "set"], ["thor"]], ["izanagi", "set", "thor"])
    play(state, "ability set thor")
    roll(state, 2, 3)
    assert awaits_die(state)
    roll(state, 2)  # damage die
    assert energy(state, "thor") == 5
    # Without Izanagi: 10 vs 10, rolled again, and no damage die yet.
    state = battle([["izanagi", "set"], ["thor"]], ["set", "thor"])
    play(state, "ability set thor")
    roll(state, 2, 3)
    roll(state, 1, 5)  # re-roll: 9 vs 12, Thor wins
    assert not awaits_die(state)
    assert energy(state, "thor") == 7
    # Attack rolls are unchanged: Izanagi (A7) 7+3 = 10 vs Thor 7+3 = 10 is tied.
    state = battle([["izanagi"], ["thor"]], ["izanagi", "thor"])
    play(state, "attack izanagi thor")
    roll(state, 3, 3)
    assert awaits_die(state)


@rules("MW-ABILITY-BURN")
def test_izanami_curse_takes_one_point_at_the_end_of_the_round():
    state = battle([["izanami"], ["thor", "set"]], ["izanami", "thor", "set"])
    play(state, "rest izanami", "rest thor", "rest set")
    assert phase(state) == "end"
    assert state.current_player == 0
    assert state.legal_actions() == ["ability izanami set", "ability izanami thor"]  # no decline
    play(state, "ability izanami set")
    assert energy(state, "set") == 7
    assert energy(state, "thor") == 7
    assert phase(state) == "invocation"
    assert state.round == 3


@rules("MW-ABILITY-BLAST")
def test_amaterasu_mirror_of_the_sun_removes_two_points():
    state = battle([["amaterasu"], ["set"]], ["amaterasu", "set"])
    play(state, "ability amaterasu set")
    assert energy(state, "set") == 6  # 8 -> 6
    assert not awaits_die(state)
    state = battle(
        [["amaterasu"], ["thor", "set"]], ["amaterasu", "thor", "set"], energy={"thor": 2}
    )
    play(state, "ability amaterasu thor")
    assert status(state, "thor") == "defeated"  # 2 - 2 = 0


@rules("MW-ABILITY-BLAST")
def test_susanoo_storm_reaches_a_shielded_summoner():
    state = battle([["susanoo"], ["loki"]], ["susanoo", "loki"], summoned={"fenrir": "loki"})
    assert attack_targets(state, "susanoo") == ["fenrir"]
    assert [a for a in state.legal_actions() if a.startswith("ability")] == [
        "ability susanoo fenrir",
        "ability susanoo loki",
    ]
    play(state, "ability susanoo loki")
    assert energy(state, "loki") == 3  # 6 -> 3
    assert energy(state, "fenrir") == 6


@rules("MW-ABILITY-REGENERATE")
def test_tsukuyomi_waxing_moon_at_the_start_of_the_round():
    state = battle([["tsukuyomi"], ["set"]], ["tsukuyomi", "set"], energy={"tsukuyomi": 2})
    rest_all(state)
    assert energy(state, "tsukuyomi") == 3
    rest_all(play(state, "invoke frigg", "invoke athena"))  # next round: again
    assert energy(state, "tsukuyomi") == 4
    assert state.round == 4


@rules("MW-ABILITY-SUMMON")
def test_inari_summons_kitsune_who_can_act_this_round():
    state = battle([["inari"], ["thor"]], ["inari", "thor"])
    assert state.legal_actions() == ["attack inari thor", "ability inari", "rest inari"]
    play(state, "ability inari")
    assert (status(state, "kitsune"), energy(state, "kitsune")) == ("invoked", 4)
    assert attack_targets(state, "thor") == ["kitsune"]
    play(state, "rest thor")
    assert state.legal_actions() == ["attack kitsune thor", "rest kitsune"]


@rules("MW-ABILITY-BURN")
def test_kitsune_foxfire_at_the_end_of_the_round():
    state = battle(
        [["inari"], ["thor", "set"]],
        ["inari", "thor", "set"],
        summoned={"kitsune": "inari"},
        empowered=["inari"],
    )
    play(state, "rest kitsune", "rest thor", "rest set")
    assert state.legal_actions() == ["ability kitsune set", "ability kitsune thor"]
    play(state, "ability kitsune thor")
    assert energy(state, "thor") == 6
    assert phase(state) == "invocation"


# ------------------------------------------------------------------------------------ mesopotamian


@rules("MW-ABILITY-SUMMON")
def test_enlil_summons_anzu_who_falls_when_enlil_falls():
    state = battle([["enlil"], ["amaterasu", "thor"]], ["enlil", "amaterasu", "thor"])
    play(state, "ability enlil")
    assert (status(state, "anzu"), energy(state, "anzu")) == ("invoked", 5)
    assert attack_targets(state, "thor") == ["anzu"]
    # Enlil can still be blasted: at 2 points Amaterasu's 2 defeats him, and Anzû with him.
    state = battle(
        [["enlil"], ["amaterasu", "thor"]],
        ["enlil", "amaterasu", "thor"],
        summoned={"anzu": "enlil"},
        energy={"enlil": 2},
        seat=1,
    )
    play(state, "ability amaterasu enlil")  # 2 - 2
    assert status(state, "enlil") == "defeated"
    assert status(state, "anzu") == "defeated"


@rules("MW-ABILITY-MODIFY")
def test_ishtar_gives_supporters_plus_one_attack_but_not_herself():
    # Zeus: 7+3+1 = 11 vs Set 6+4 = 10 -> 1.
    state = battle([["ishtar", "zeus"], ["set"]], ["ishtar", "zeus", "set"])
    play(state, "attack zeus set")
    roll(state, 3, 4)
    assert energy(state, "set") == 7
    # Ishtar (A7): 7+3 = 10 vs 6+4 = 10 -> tied, rolled again.
    state = battle([["ishtar", "zeus"], ["set"]], ["ishtar", "zeus", "set"])
    play(state, "attack ishtar set")
    roll(state, 3, 4)
    assert awaits_die(state)


@rules("MW-ABILITY-CLASH")
def test_marduk_clashes_a_shielded_summoner_for_four():
    state = battle([["marduk"], ["hades"]], ["marduk", "hades"], summoned={"cerberus": "hades"})
    assert attack_targets(state, "marduk") == ["cerberus"]
    play(state, "ability marduk hades")
    roll(state, 4, 2)  # 8+4 = 12 vs 8+2 = 10
    assert energy(state, "hades") == 4  # 8 -> 4
    assert not awaits_die(state)


@rules("MW-ABILITY-VOLLEY")
def test_tiamat_primordial_tide_across_three_factions():
    state = battle(
        [["tiamat", "ea"], ["thor"], ["set"]], ["tiamat", "thor", "set"], energy={"set": 1}
    )
    play(state, "ability tiamat")
    assert energy(state, "thor") == 6
    assert status(state, "set") == "defeated"
    assert energy(state, "tiamat") == 9


@rules("MW-ABILITY-THORNS")
def test_ea_punishes_an_attacker_that_misses():
    # Set: 7+1 = 8 vs Ea 8+1 = 9 -> a miss; Set 8 -> 7.
    state = battle([["ea"], ["set"]], ["ea", "set"], seat=1)
    play(state, "attack set ea")
    roll(state, 1, 1)
    assert (energy(state, "ea"), energy(state, "set")) == (7, 7)
    # A hit costs nothing: 7+4 = 11 vs 8+1 = 9 -> Ea 7 -> 5.
    state = battle([["ea"], ["set"]], ["ea", "set"], seat=1)
    play(state, "attack set ea")
    roll(state, 4, 1)
    assert (energy(state, "ea"), energy(state, "set")) == (5, 8)


@rules("MW-ABILITY-TIE")
def test_shamash_wins_ties_unless_both_sides_break_ties():
    # Shamash (A7) vs Thor (D7): 7+3 vs 7+3 -> Shamash wins, Thor loses 1.
    state = battle([["shamash"], ["thor"]], ["shamash", "thor"])
    play(state, "attack shamash thor")
    roll(state, 3, 3)
    assert not awaits_die(state)
    assert energy(state, "thor") == 6
    # With Hera on Thor's side both factions break ties: rolled again.
    state = battle([["shamash"], ["thor", "hera"]], ["shamash", "thor", "hera"])
    play(state, "attack shamash thor")
    roll(state, 3, 3)
    assert awaits_die(state)
    assert energy(state, "thor") == 7


@rules("MW-ABILITY-BURN")
def test_nergal_plague_fever_can_defeat():
    state = battle([["nergal"], ["thor", "set"]], ["nergal", "thor", "set"], energy={"thor": 2})
    rest_all(state)
    assert state.current_player == 0
    assert state.legal_actions() == ["ability nergal set", "ability nergal thor"]
    play(state, "ability nergal thor")
    assert status(state, "thor") == "defeated"  # 2 - 2
    assert energy(state, "set") == 8


@rules("MW-ABILITY-MODIFY")
def test_ereshkigal_gives_opposing_attacks_minus_one():
    # Set attacks Ereshkigal (D7): 7+4-1 = 10 vs 7+3 = 10 -> tied, rolled again.
    state = battle([["ereshkigal", "zeus"], ["set"]], ["ereshkigal", "zeus", "set"], seat=1)
    play(state, "attack set ereshkigal")
    roll(state, 4, 3)
    assert awaits_die(state)
    # Set attacks Zeus (D5): 7+3-1 = 9 vs 5+3 = 8 -> Zeus loses 1 (2 without Ereshkigal).
    state = battle([["ereshkigal", "zeus"], ["set"]], ["ereshkigal", "zeus", "set"], seat=1)
    play(state, "attack set zeus")
    roll(state, 3, 3)
    assert energy(state, "zeus") == 8
    state = battle([["ereshkigal", "zeus"], ["set"]], ["zeus", "set"], seat=1)
    play(state, "attack set zeus")
    roll(state, 3, 3)
    assert energy(state, "zeus") == 7
    # Her own attacks are not reduced: 6+4 = 10 vs Set 6+3 = 9 -> 1.
    state = battle([["ereshkigal"], ["set"]], ["ereshkigal", "set"])
    play(state, "attack ereshkigal set")
    roll(state, 4, 3)
    assert energy(state, "set") == 7


@rules("MW-ABILITY-NOCRITS")
def test_anzu_tablet_of_destinies_denies_opposing_criticals():
    # Set (A7) attacks Isis (D8) while Anzû is in the battle: 7+6 = 13 vs 8+5 = 13, not
    # critical: a tie, rolled again (then 7+1 = 8 vs 13, a miss).
    state = battle(
        [["enlil", "isis"], ["set"]],
        ["enlil", "isis", "set"],
        summoned={"anzu": "enlil"},
        seat=1,
    )
    play(state, "attack set isis")
    roll(state, 6, 5)
    assert awaits_die(state) and energy(state, "isis") == 7
    roll(state, 1, 5)
    assert not awaits_die(state) and energy(state, "isis") == 7
    # Anzû's own defense still crits: Set 7+4 = 11 vs Anzû 5+6 = 11 -> Anzû's critical wins.
    state = battle(
        [["enlil", "isis"], ["set"]],
        ["enlil", "isis", "set"],
        summoned={"anzu": "enlil"},
        seat=1,
    )
    play(state, "attack set anzu")
    roll(state, 4, 6)
    assert energy(state, "anzu") == 5
    # Without Anzû, Set's natural 6 against Isis is critical: a hit of 1.
    state = battle([["enlil", "isis"], ["set"]], ["enlil", "isis", "set"], seat=1)
    play(state, "attack set isis")
    roll(state, 6, 5)
    assert energy(state, "isis") == 6


# ------------------------------------------------------------------------------------ celtic


@rules("MW-ABILITY-CLASH")
def test_dagda_club_of_life_and_death_wins_a_clash_for_two_points():
    # The Dagda (P9) clashes Thor (P7): 9+2 = 11 vs 7+3 = 10 -> Thor 7 -> 5, no damage die.
    state = battle([["dagda"], ["thor"]], ["dagda", "thor"])
    play(state, "ability dagda thor")
    roll(state, 2, 3)
    assert not awaits_die(state)
    assert energy(state, "thor") == 5
    # A lost clash (9+1 = 10 vs 7+5 = 12) does nothing.
    state = battle([["dagda"], ["thor"]], ["dagda", "thor"])
    play(state, "ability dagda thor")
    roll(state, 1, 5)
    assert (energy(state, "thor"), energy(state, "dagda")) == (7, 9)


@rules("MW-ABILITY-DOOM", "MW-RULING-DOOM")
def test_morrigan_washer_at_the_ford_defeats_under_ten():
    state = game_with([["morrigan"], ["zeus"]], first=0)
    play(state, "invoke morrigan", "invoke zeus")
    assert state.legal_actions() == ["ability morrigan zeus", "decline"]
    play(state, "ability morrigan zeus")
    roll(state, 4)  # Zeus D5: 5+4 = 9 < 10
    assert status(state, "zeus") == "defeated"
    # 5+5 = 10 is not under 10.
    state = game_with([["morrigan"], ["zeus"]], first=0)
    play(state, "invoke morrigan", "invoke zeus", "ability morrigan zeus")
    roll(state, 5)
    assert (status(state, "zeus"), energy(state, "zeus")) == ("invoked", 9)


@rules("MW-ABILITY-EXTRA")
def test_lugh_spear_of_assal_returns_on_an_odd_roll():
    # Lugh (A8): 8+1 = 9 (odd) vs Set 6+1 = 7 -> Set 8 -> 6; an additional attack.
    state = battle([["lugh"], ["set", "thor"]], ["lugh", "set", "thor"])
    play(state, "attack lugh set")
    roll(state, 1, 1)
    assert energy(state, "set") == 6
    assert state.legal_actions() == ["attack lugh set", "attack lugh thor", "decline"]
    # 8+3 = 11 (odd again) vs Thor 7+1 = 8 -> Thor 7 -> 4, and no third attack.
    play(state, "attack lugh thor")
    roll(state, 3, 1)
    assert energy(state, "thor") == 4
    assert state.current_player == 1
    assert "decline" not in state.legal_actions()
    # An even total grants nothing: 8+2 = 10 vs 6+1 = 7.
    state = battle([["lugh"], ["set", "thor"]], ["lugh", "set", "thor"])
    play(state, "attack lugh set")
    roll(state, 2, 1)
    assert energy(state, "set") == 5
    assert state.current_player == 1


@rules("MW-ABILITY-AMBUSH")
def test_macha_race_at_emain_macha_attacks_as_she_enters():
    state = game_with([["macha"], ["thor"]], first=0)
    play(state, "invoke macha", "invoke thor")
    assert state.legal_actions() == ["attack macha thor", "decline"]
    play(state, "attack macha thor")
    roll(state, 4, 2)  # 8+4 = 12 vs 7+2 = 9
    assert energy(state, "thor") == 4
    # Not her empowerment: she can still act this round.
    assert phase(state) == "empowerment"
    assert status(state, "macha") == "invoked"
    assert "attack macha thor" in state.legal_actions()


@rules("MW-ABILITY-MODIFY")
def test_brigid_forge_gives_her_whole_faction_plus_one_attack():
    # Zeus (A7) beside Brigid: 7+3+1 = 11 vs Set 6+4 = 10 -> Set 8 -> 7.
    state = battle([["brigid", "zeus"], ["set"]], ["brigid", "zeus", "set"])
    play(state, "attack zeus set")
    roll(state, 3, 4)
    assert energy(state, "set") == 7
    # Brigid herself (A6): 6+4+1 = 11 vs 6+4 = 10 -> 1.
    state = battle([["brigid"], ["set"]], ["brigid", "set"])
    play(state, "attack brigid set")
    roll(state, 4, 4)
    assert energy(state, "set") == 7
    # Opposing attacks get nothing: Set 7+3 = 10 vs Brigid 7+3 = 10, rolled again.
    state = battle([["brigid"], ["set"]], ["brigid", "set"], seat=1)
    play(state, "attack set brigid")
    roll(state, 3, 3)
    assert awaits_die(state)


@rules("MW-ABILITY-TAUNT", "MW-RULING-TAUNT")
def test_nuada_silver_hand_leaves_only_guardians_to_attack():
    state = battle([["nuada", "zeus"], ["set"]], ["nuada", "zeus", "set"], seat=1)
    assert attack_targets(state, "set") == ["nuada"]
    assert "ability set zeus" in state.legal_actions()  # a clash still reaches Zeus
    # Beside another Guardian (Heimdall), both can be attacked and Zeus still cannot.
    state = battle(
        [["nuada", "heimdall", "zeus"], ["set"]], ["nuada", "heimdall", "zeus", "set"], seat=1
    )
    assert attack_targets(state, "set") == ["heimdall", "nuada"]


@rules("MW-ABILITY-SUMMON")
def test_manannan_summons_enbarr_once_and_is_shielded():
    state = battle([["manannan"], ["thor", "set"]], ["manannan", "thor", "set"])
    assert "ability manannan" in state.legal_actions()
    play(state, "ability manannan")
    assert (status(state, "enbarr"), energy(state, "enbarr")) == ("invoked", 4)
    assert state.units[state.unit_named("enbarr")].owner == 0
    assert attack_targets(state, "thor") == ["enbarr"]
    assert "ability set manannan" in state.legal_actions()  # clashes still reach him
    # Thor: 7+6 (critical) = 13 vs Énbarr 4+1 = 5 -> defeated; no second summoning later.
    play(state, "attack thor enbarr")
    roll(state, 6, 1)
    assert status(state, "enbarr") == "defeated"
    assert attack_targets(state, "set") == ["manannan"]
    play(state, "rest set")
    play(state, "invoke odin", "invoke athena", "rest odin")
    assert state.current_player == 0
    assert "attack manannan odin" in state.legal_actions()
    assert "ability manannan" not in state.legal_actions()


@rules("MW-ABILITY-MODIFY")
def test_ogma_champion_gives_his_faction_plus_one_on_clash_rolls():
    # The Dagda (P9) beside Ogma clashes Thor (P7): 9+1+1 = 11 vs 7+3 = 10 -> Thor 7 -> 5.
    state = battle([["ogma", "dagda"], ["thor"]], ["ogma", "dagda", "thor"])
    play(state, "ability dagda thor")
    roll(state, 1, 3)
    assert energy(state, "thor") == 5
    # Without Ogma: 10 vs 10, rolled again.
    state = battle([["ogma", "dagda"], ["thor"]], ["dagda", "thor"])
    play(state, "ability dagda thor")
    roll(state, 1, 3)
    assert awaits_die(state)
    # Ogma's own clash roll when Set (P8) clashes him: 8+3 = 11 vs 7+3+1 = 11, rolled again.
    state = battle([["ogma"], ["set"]], ["ogma", "set"], seat=1)
    play(state, "ability set ogma")
    roll(state, 3, 3)
    assert awaits_die(state)
    assert energy(state, "ogma") == 7


@rules("MW-ABILITY-EXTRA")
def test_enbarr_attacks_again_on_an_even_roll():
    state = battle(
        [["manannan"], ["thor", "set"]],
        ["manannan", "thor", "set"],
        summoned={"enbarr": "manannan"},
        empowered=["manannan"],
    )
    # Énbarr (A6): 6+2 = 8 (even) vs Thor 7+3 = 10 -> a miss, but an additional attack.
    play(state, "attack enbarr thor")
    roll(state, 2, 3)
    assert energy(state, "thor") == 7
    assert state.legal_actions() == ["attack enbarr set", "attack enbarr thor", "decline"]
    # An odd total grants nothing: 6+3 = 9 vs Set 6+1 = 7 -> Set 8 -> 6.
    state = battle(
        [["manannan"], ["set"]],
        ["manannan", "set"],
        summoned={"enbarr": "manannan"},
        empowered=["manannan"],
    )
    play(state, "attack enbarr set")
    roll(state, 3, 1)
    assert energy(state, "set") == 6
    assert state.current_player == 1


# ------------------------------------------------------------------------------------ slavic


@rules("MW-ABILITY-CLASH")
def test_perun_axe_of_thunder_clashes_for_a_die_of_points():
    # Perun (P8) vs Thor (P7): 8+3 = 11 vs 7+3 = 10 -> a damage die of 4: Thor 7 -> 3.
    state = battle([["perun"], ["thor"]], ["perun", "thor"])
    play(state, "ability perun thor")
    roll(state, 3, 3)
    assert awaits_die(state)
    roll(state, 4)
    assert energy(state, "thor") == 3
    # Lost (8+1 = 9 vs 7+4 = 11): no damage die.
    state = battle([["perun"], ["thor"]], ["perun", "thor"])
    play(state, "ability perun thor")
    roll(state, 1, 4)
    assert not awaits_die(state)
    assert energy(state, "thor") == 7


@rules("MW-ABILITY-INVOKE-SUMMON")
def test_veles_summons_zmey_when_invoked():
    state = game_with([["veles"], ["thor"]], first=0)
    play(state, "invoke veles", "invoke thor")
    assert phase(state) == "empowerment"
    assert (status(state, "zmey"), energy(state, "zmey")) == ("invoked", 5)
    assert state.units[state.unit_named("zmey")].owner == 0
    play(state, "rest veles")
    assert attack_targets(state, "thor") == ["zmey"]  # Veles is shielded


@rules("MW-ABILITY-TIE")
def test_mokosh_spindle_of_fate_wins_tied_rolls():
    # Mokosh (A6) vs Set (D6): 6+3 vs 6+3 tied -> her faction wins: a hit of 1.
    state = battle([["mokosh"], ["set"]], ["mokosh", "set"])
    play(state, "attack mokosh set")
    roll(state, 3, 3)
    assert not awaits_die(state)
    assert energy(state, "set") == 7
    # Set (A7) vs Mokosh (D7): 7+3 vs 7+3 tied -> a miss, no re-roll.
    state = battle([["mokosh"], ["set"]], ["mokosh", "set"], seat=1)
    play(state, "attack set mokosh")
    roll(state, 3, 3)
    assert not awaits_die(state)
    assert energy(state, "mokosh") == 8
    # Without her the same tie is rolled again.
    state = battle([["mokosh", "zeus"], ["set"]], ["zeus", "set"], seat=1)
    play(state, "attack set zeus")
    roll(state, 3, 5)  # 7+3 = 10 vs Zeus 5+5 = 10
    assert awaits_die(state)


@rules("MW-ABILITY-MODIFY")
def test_dazhbog_giving_sun_lifts_his_whole_factions_attacks():
    # Zeus (A7) beside him: 7+3+1 = 11 vs Set 6+4 = 10 -> Set 8 -> 7.
    state = battle([["dazhbog", "zeus"], ["set"]], ["dazhbog", "zeus", "set"])
    play(state, "attack zeus set")
    roll(state, 3, 4)
    assert energy(state, "set") == 7
    # Dazhbog (A7) himself: 7+3+1 = 11 vs 6+4 = 10 -> 1.
    state = battle([["dazhbog"], ["set"]], ["dazhbog", "set"])
    play(state, "attack dazhbog set")
    roll(state, 3, 4)
    assert energy(state, "set") == 7
    # Without him: 7+3 = 10 vs 10, rolled again.
    state = battle([["dazhbog", "zeus"], ["set"]], ["zeus", "set"])
    play(state, "attack zeus set")
    roll(state, 3, 4)
    assert awaits_die(state)


@rules("MW-ABILITY-AMBUSH")
def test_stribog_strikes_as_he_enters_in_a_later_round():
    state = battle([["stribog", "zeus"], ["set"]], ["zeus", "set"])
    rest_all(state)
    assert (phase(state), state.current_player) == ("invocation", 1)
    play(state, "invoke apollo", "invoke stribog")
    assert state.current_player == 0
    assert state.legal_actions() == ["attack stribog apollo", "attack stribog set", "decline"]
    play(state, "attack stribog set")
    roll(state, 5, 1)  # 6+5 = 11 vs 6+1 = 7
    assert energy(state, "set") == 4
    assert phase(state) == "empowerment"
    assert status(state, "stribog") == "invoked"


@rules("MW-ABILITY-CLASH")
def test_svarog_hammer_wins_a_clash_for_two_points():
    # Svarog (P9) clashes Thor (P7): 9+1 = 10 vs 7+2 = 9 -> Thor 7 -> 5, no damage die.
    state = battle([["svarog"], ["thor"]], ["svarog", "thor"])
    play(state, "ability svarog thor")
    roll(state, 1, 2)
    assert not awaits_die(state)
    assert energy(state, "thor") == 5
    # A critical clash roll beats him: 9+5 = 14 vs 7+6 = 13 -> Thor wins, nothing happens.
    state = battle([["svarog"], ["thor"]], ["svarog", "thor"])
    play(state, "ability svarog thor")
    roll(state, 5, 6)
    assert (energy(state, "thor"), energy(state, "svarog")) == (7, 9)


@rules("MW-ABILITY-NOCRITS")
def test_svetovid_four_faces_deny_opposing_criticals():
    # Set (A7) attacks Isis (D8) beside Svetovid: 7+6 = 13 vs 8+5 = 13; no critical: a tie,
    # rolled again (then 7+1 = 8 vs 13, a miss).
    factions = [["svetovid", "isis"], ["set"]]
    state = battle(factions, ["svetovid", "isis", "set"], seat=1)
    play(state, "attack set isis")
    roll(state, 6, 5)
    assert awaits_die(state) and energy(state, "isis") == 7
    roll(state, 1, 5)
    assert not awaits_die(state) and energy(state, "isis") == 7
    # Without him the 6 is critical and beats 13: a hit of 1.
    state = battle(factions, ["isis", "set"], seat=1)
    play(state, "attack set isis")
    roll(state, 6, 5)
    assert energy(state, "isis") == 6
    # His own faction still rolls criticals: Isis (A5) 5+6 = 11 vs Set 6+5 = 11 -> critical hit.
    state = battle(factions, ["svetovid", "isis", "set"])
    play(state, "attack isis set")
    roll(state, 6, 5)
    assert energy(state, "set") == 7


@rules("MW-ABILITY-EXTRA")
def test_jarilo_white_horse_attacks_again_on_an_even_roll():
    # Jarilo (A7): 7+3 = 10 (even) vs Set 6+1 = 7 -> Set 8 -> 5; an additional attack.
    state = battle([["jarilo"], ["set", "thor"]], ["jarilo", "set", "thor"])
    play(state, "attack jarilo set")
    roll(state, 3, 1)
    assert energy(state, "set") == 5
    assert state.legal_actions() == ["attack jarilo set", "attack jarilo thor", "decline"]
    play(state, "decline")
    assert state.current_player == 1
    # An odd total grants nothing: 7+2 = 9 vs 6+1 = 7.
    state = battle([["jarilo"], ["set", "thor"]], ["jarilo", "set", "thor"])
    play(state, "attack jarilo set")
    roll(state, 2, 1)
    assert energy(state, "set") == 6
    assert state.current_player == 1


@rules("MW-ABILITY-BLAST")
def test_zmey_fire_breath_reaches_a_shielded_summoner():
    state = battle(
        [["veles"], ["hades", "set"]],
        ["veles", "hades", "set"],
        summoned={"zmey": "veles", "cerberus": "hades"},
        empowered=["veles"],
    )
    assert [a for a in state.legal_actions() if a.startswith("ability zmey")] == [
        "ability zmey cerberus",
        "ability zmey hades",
        "ability zmey set",
    ]
    play(state, "ability zmey hades")
    assert not awaits_die(state)
    assert energy(state, "hades") == 6  # 8 -> 6, behind Cerberus
