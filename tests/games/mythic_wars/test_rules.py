"""Mythic Wars's numbered rules (RULES.md), one or more tests per rule id."""

from __future__ import annotations

import random

import pytest

import theomachy
from theomachy import CHANCE, IllegalAction
from theomachy.games.mythic_wars.cards import PANTHEONS
from theomachy.games.mythic_wars.rules import DEFEATED, DEITIES, ENTITIES, IN_BATTLE, OVER

from .scenario import battle, energy, game_with, roll, status

rules = pytest.mark.rules


def wars(players: int = 2, **options: object):
    return theomachy.load("mythic-wars", players=players, options=options)


def rest_all(state) -> None:
    """Empower everything that is left to do nothing (ends the Empowerment Phase)."""
    start = state.round
    while (
        state.round == start
        and not state.is_terminal()
        and any(a.startswith("rest ") for a in state.legal_actions())
    ):
        state.apply(next(a for a in state.legal_actions() if a.startswith("rest ")))


# --- the rulebook's worked example ------------------------------------------------------------
@rules("MW-RULING-SET", "MW-SETUP-7", "MW-INVOKE-1", "MW-EMPOWER-1", "MW-PRIME-1", "MW-DICE-1")
def test_rulebook_example_erik_and_cleo_rounds_one_and_two():
    erik, cleo = 0, 1
    factions = [["thor", "fujin", "heimdall", "tyr"], ["set", "chalchiuhtlicue", "hera", "athena"]]
    state = wars(mode="destiny", factions=factions).new_game()
    assert state.current_player == CHANCE
    state.apply("first 0")  # "Erik won the coin toss"
    # Round 1: Erik invokes Thor (7 points), Cleo invokes Set (8 points, MW-RULING-SET).
    assert state.current_player == erik
    state.apply("invoke thor")
    assert state.current_player == cleo
    state.apply("invoke set")
    assert (energy(state, "thor"), energy(state, "set")) == (7, 8)
    # Erik empowers Thor to attack Set (the example gives no dice: 2+7=9 vs 5+6=11, a miss;
    # 9 is odd, so no additional attack).
    state.apply("attack thor set")
    roll(state, 2, 5)
    assert energy(state, "set") == 8 and state.current_player == cleo
    # Cleo empowers Set to clash with Thor: 8+3 (the rulebook writes 12) against 7+3 = 10.
    state.apply("ability set thor")
    roll(state, 3, 3)
    roll(state, 3)  # Set won: a die of 3 removes 3 points
    assert energy(state, "thor") == 4
    # Round 2: Cleo is the prime faction.
    assert state.round == 2 and state.prime == cleo
    state.apply("invoke chalchiuhtlicue")
    state.apply("invoke fujin")
    assert (energy(state, "chalchiuhtlicue"), energy(state, "fujin")) == (6, 8)
    assert state.legal_actions() == [
        "ability chalchiuhtlicue fujin",
        "ability chalchiuhtlicue thor",
        "decline",
    ]
    state.apply("ability chalchiuhtlicue fujin")
    roll(state, 4)  # 6 + 4 = 10 < 11
    assert status(state, "fujin") == "defeated"
    # Cleo: Set clashes with Thor again: 10 v 10, rolled again: 9 v 12, Thor wins.
    state.apply("ability set thor")
    roll(state, 2, 3, 1, 5)
    assert energy(state, "thor") == 4
    # Erik: Thor attacks Set: 10 vs 11 misses, but 10 is even: an additional attack.
    state.apply("attack thor set")
    roll(state, 3, 5)
    assert set(state.legal_actions()) == {
        "attack thor set",
        "attack thor chalchiuhtlicue",
        "decline",
    }
    state.apply("attack thor chalchiuhtlicue")
    roll(state, 5, 2)  # 12 vs 8: 4 points; 12 is even but an extra attack grants no other
    assert energy(state, "chalchiuhtlicue") == 2
    assert state.current_player == cleo
    assert state.legal_actions() == ["attack chalchiuhtlicue thor", "rest chalchiuhtlicue"]
    # Cleo: Chalchiuhtlicue attacks Thor: 13 against a critical 13: a miss.
    state.apply("attack chalchiuhtlicue thor")
    roll(state, 5, 6)
    assert energy(state, "thor") == 4
    # The second round is over; the third begins with Erik as prime.
    assert state.round == 3 and state.prime == erik
    assert [energy(state, e) for e in ("thor", "set", "chalchiuhtlicue")] == [4, 8, 2]


# --- states and set-up -----------------------------------------------------------------------
@rules("MW-STATE-1", "MW-STATE-2")
def test_abilities_work_only_in_the_battle_and_entities_start_at_their_power():
    # Athena (+2 Defense to her faction) uninvoked does nothing: Thor 7+3=10 vs Set 6+2=8 hits 2.
    state = battle([["thor"], ["set", "athena"]], ["thor", "set"])
    state.apply("attack thor set")
    roll(state, 3, 2)
    assert energy(state, "set") == 6
    # In the battle she gives Set +2: 10 vs 10, a tie, rolled again.
    state = battle([["thor"], ["set", "athena"]], ["thor", "set", "athena"])
    state.apply("attack thor set")
    roll(state, 3, 2)
    assert state.current_player == CHANCE  # rolled again
    assert energy(state, "athena") == ENTITIES[[e.id for e in ENTITIES].index("athena")].power


@rules("MW-SETUP-1", "MW-SETUP-2")
def test_hands_of_fate_deals_four_deities_each_and_never_creatures():
    state = wars(3).new_game()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == len(DEITIES) == sum(e.is_deity for e in ENTITIES)
    assert all(ENTITIES[n].kind != "creature" for n in DEITIES)
    assert "deal anzu" not in dict(outcomes)
    rng = random.Random(1)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    assert state.legal_actions()[0].startswith("first ")
    view = state.view(0)
    mine = [e for e in view["entities"] if e["owner"] == 0]
    others = [e for e in view["entities"] if e["owner"] == 1]
    assert len(mine) == len(others) == 4
    assert all(e["id"] for e in mine) and all(e["id"] is None for e in others)
    assert view["log"][4:8] == ["deal ?"] * 4


@rules("MW-SETUP-3", "MW-RULING-DRAFT", "MW-RULING-HIDDEN")
def test_guided_deals_then_each_drafts_four_secretly():
    state = wars(2, mode="guided", deal=5).new_game()
    rng = random.Random(2)
    for _ in range(10):
        state.apply(rng.choice(state.legal_actions()))
    assert state.current_player == 0
    hand = state.view(0)["hand"]
    assert len(hand) == 5 and state.legal_actions() == [f"draft {d}" for d in hand]
    assert state.view(1)["hand"] != hand and state.view(1)["factions"][0]["hand"] == 5
    for deity in hand[:4]:
        state.apply(f"draft {deity}")
    assert state.current_player == 1  # seat 1 drafts next, without seeing seat 0's choice
    assert state.view(1)["log"][10:14] == ["draft ?"] * 4
    deal = len(DEITIES) // 8 + 1  # one card too many for 8 players (at most 12 a player)
    if deal <= 12:
        with pytest.raises(ValueError, match=f"guided mode deals {deal} to each of 8 players"):
            wars(8, mode="guided", deal=deal)
    with pytest.raises(ValueError, match="deal must be between 4 and 12"):
        wars(2, mode="guided", deal=13)


@rules("MW-SETUP-4")
def test_pantheons_mode_gives_each_player_a_pantheon_to_draft_from():
    state = wars(2, mode="pantheons").new_game()
    assert len(state.chance_outcomes()) == len(PANTHEONS)
    state.apply("deal aztec")
    assert "deal aztec" not in state.legal_actions()
    state.apply("deal japanese")
    assert len(state.legal_actions()) == 8
    assert all(
        ENTITIES[[e.id for e in ENTITIES].index(a.split()[1])].pantheon == "aztec"
        for a in state.legal_actions()
    )
    # The cap is the content's number of pantheons (one each), never a number in the code.
    if len(PANTHEONS) < 8:
        with pytest.raises(ValueError, match=f"at most {len(PANTHEONS)} players"):
            wars(len(PANTHEONS) + 1, mode="pantheons")
    assert wars(len(PANTHEONS), mode="pantheons").players == len(PANTHEONS)


@rules("MW-SETUP-4")
@pytest.mark.parametrize(
    "players",
    [
        pytest.param(
            n,
            marks=pytest.mark.skipif(
                len(PANTHEONS) < n, reason=f"{n} players need {n} pantheons in the content"
            ),
        )
        for n in (7, 8)
    ],
)
def test_mw_setup_4_seven_and_eight_players_play_pantheons_of_fate_to_the_end(players: int):
    game = wars(players, mode="pantheons")
    for seed in range(2):
        state = theomachy.simulate(
            "mythic-wars",
            players=players,
            agents=["random"] * players,
            seed=seed,
            options={"mode": "pantheons"},
        )
        assert state.is_terminal() and state.winners()
        pantheons = [f["pantheon"] for f in state.view(None)["factions"]]
        assert len(set(pantheons)) == players and set(pantheons) <= set(PANTHEONS)
        assert game.replay(state.history()).winners() == state.winners()


@rules("MW-SETUP-5", "MW-RULING-SHARED")
@pytest.mark.parametrize(
    ("factions", "message"),
    [
        ([["thor", "zeus", "set", "fujin"]], "1 lists for 2 players"),
        ([["thor", "zeus", "set"], ["hera", "ra", "isis", "enlil"]], "faction 0 has 3"),
        (
            [["thor", "zeus", "set", "wotan"], ["hera", "ra", "isis", "enlil"]],
            "'wotan' is not a deity",
        ),
        (
            [["thor", "zeus", "set", "anzu"], ["hera", "ra", "isis", "enlil"]],
            "'anzu' is not a deity",
        ),
        (
            [["thor", "zeus", "set", "ra"], ["hera", "ra", "isis", "enlil"]],
            "'ra' is in more than one",
        ),
    ],
)
def test_destiny_factions_are_validated(factions, message):
    with pytest.raises(ValueError, match=message):
        wars(2, mode="destiny", factions=factions)


@rules("MW-SETUP-5")
def test_destiny_factions_are_dealt_as_given():
    state = game_with([["thor", "zeus", "set", "fujin"], ["hera", "ra", "isis", "enlil"]])
    mine = {e["id"] for e in state.view(0)["entities"] if e["owner"] == 0}
    assert mine == {"thor", "zeus", "set", "fujin"}
    with pytest.raises(ValueError, match="only for the destiny modes"):
        wars(2, factions=[["thor"]])


@rules("MW-SETUP-6")
def test_pantheons_of_destiny_needs_one_pantheon_per_faction():
    with pytest.raises(ValueError, match="faction 1 mixes pantheons"):
        wars(
            2,
            mode="pantheons-of-destiny",
            factions=[["zeus", "hera", "ares", "hades"], ["thor", "odin", "set", "loki"]],
        )
    game = wars(
        2,
        mode="pantheons-of-destiny",
        factions=[["zeus", "hera", "ares", "hades"], ["thor", "odin", "freyja", "loki"]],
    )
    assert game.new_game().current_player == CHANCE


@rules("MW-SETUP-7")
def test_first_prime_is_a_die_unless_given():
    state = wars(
        4,
        mode="destiny",
        factions=[
            ["thor", "zeus", "set", "fujin"],
            ["hera", "ra", "isis", "enlil"],
            ["odin", "loki", "anubis", "izanagi"],
            ["ares", "horus", "tlaloc", "marduk"],
        ],
    ).new_game()
    assert state.chance_outcomes() == [(f"first {i}", 0.25) for i in range(4)]
    given = game_with([["thor"], ["set"]], first=1)
    assert given.current_player == 1 and given.prime == 1
    with pytest.raises(ValueError, match="first must be a seat from 0 to 1"):
        wars(
            2,
            mode="destiny",
            factions=[["thor", "zeus", "set", "fujin"], ["hera", "ra", "isis", "enlil"]],
            first=2,
        )


# --- the round --------------------------------------------------------------------------------
@rules("MW-ROUND-1", "MW-ROUND-4", "MW-ROUND-5")
def test_a_round_without_uninvoked_deities_skips_invocation_and_resets_at_the_end():
    state = battle([["thor"], ["set"]], ["thor", "set"])
    _everything_invoked(state)  # nothing left to invoke anywhere
    state.apply("rest thor")
    assert status(state, "thor") == "empowered"
    state.apply("rest set")
    assert state.round == 3 and state.phase == 6  # straight to the Empowerment Phase
    assert status(state, "thor") == "invoked" and status(state, "set") == "invoked"


@rules("MW-ROUND-2", "MW-ROUND-3", "MW-ABILITY-BURN")
def test_end_of_round_abilities_resolve_from_the_prime_faction_clockwise():
    state = battle(
        [["thor"], ["izanami"], ["nergal"]], ["thor", "izanami", "nergal"], prime=2, seat=2
    )
    state.apply("rest nergal")
    state.apply("rest thor")
    state.apply("rest izanami")
    assert state.current_player == 2  # Nergal (prime faction) chooses first
    state.apply("ability nergal thor")
    assert state.current_player == 1  # then Izanami, clockwise after seat 2 comes 0, then 1
    state.apply("ability izanami thor")
    assert energy(state, "thor") == 7 - 2 - 1


@rules("MW-INVOKE-1", "MW-INVOKE-2", "MW-INVOKE-3", "MW-RULING-DECLARE")
def test_invocation_in_order_declared_cards_public_all_enter_together():
    state = game_with([["thor"], ["set"], ["anubis"]], first=1)
    assert state.current_player == 1
    state.apply("invoke set")
    view = state.view(2)
    set_view = next(e for e in view["entities"] if e["id"] == "set")
    assert set_view["state"] == "uninvoked" and set_view["declared"]
    assert state.current_player == 2
    state.apply("invoke anubis")  # Anubis's doom waits: nothing has entered yet
    assert state.current_player == 0
    assert status(state, "set") == "uninvoked"
    state.apply("invoke thor")
    assert [status(state, e) for e in ("thor", "set", "anubis")] == ["invoked"] * 3
    assert energy(state, "set") == 8


@rules("MW-INVOKE-4", "MW-ABILITY-DOOM")
def test_invoke_abilities_resolve_after_all_entered():
    state = game_with([["fujin"], ["chalchiuhtlicue"]], first=1)
    state.apply("invoke chalchiuhtlicue")
    state.apply("invoke fujin")
    state.apply("ability chalchiuhtlicue fujin")  # Fujin entered with her: a target
    roll(state, 5)  # 6 + 5 = 11, not under 11
    assert status(state, "fujin") == "invoked"


@rules("MW-RULING-DOOM", "MW-ABILITY-DOOM", "MW-CRIT-1")
def test_mw_ruling_doom_only_the_total_counts_a_natural_six_does_not_save():
    # Loki's faction is prime: Fenrir (Defense 3) enters first, then Chalchiuhtlicue dooms it.
    state = game_with([["chalchiuhtlicue"], ["loki"]], first=1)
    state.apply("invoke loki")
    state.apply("invoke chalchiuhtlicue")
    state.apply("ability chalchiuhtlicue fenrir")
    roll(state, 6)  # 3 + 6 = 9: under 11. A natural 6, but nothing for it to beat.
    assert status(state, "fenrir") == "defeated"
    settled = state.view(None)["settled"]
    assert [(r["kind"], r["first_total"], r["first_critical"], r["result"]) for r in settled] == [
        ("defense-test", 9, True, "defeated")
    ]
    # The threshold itself is met: 11 is not under 11 (Fujin, Defense 6, rolls 5).
    state = game_with([["fujin"], ["chalchiuhtlicue"]], first=1)
    state.apply("invoke chalchiuhtlicue")
    state.apply("invoke fujin")
    state.apply("ability chalchiuhtlicue fujin")
    roll(state, 5)
    assert status(state, "fujin") == "invoked"


@rules("MW-EMPOWER-1", "MW-EMPOWER-2", "MW-EMPOWER-3")
def test_factions_alternate_and_skip_when_they_have_nothing_left():
    state = battle([["thor", "zeus"], ["set"]], ["thor", "zeus", "set"])
    assert state.current_player == 0
    assert state.legal_actions()[-1] == "rest zeus"
    state.apply("rest thor")
    assert status(state, "thor") == "empowered"
    assert state.current_player == 1
    state.apply("rest set")
    assert state.current_player == 0  # Set's faction has nothing left: skipped
    assert state.legal_actions() == ["attack zeus set", "ability zeus", "rest zeus"]
    with pytest.raises(IllegalAction):
        state.apply("rest thor")  # already empowered


# --- combat -----------------------------------------------------------------------------------
@rules("MW-COMBAT-1", "MW-COMBAT-2", "MW-COMBAT-3")
def test_a_hit_removes_the_difference():
    state = battle([["thor"], ["set"]], ["thor", "set"])
    assert [a for a in state.legal_actions() if a.startswith("attack")] == ["attack thor set"]
    state.apply("attack thor set")
    roll(state, 5, 1)  # 12 vs 7
    assert energy(state, "set") == 3


@rules("MW-COMBAT-4", "MW-COMBAT-5")
def test_a_miss_and_a_tie_rolled_again():
    state = battle([["thor"], ["set"]], ["thor", "set"])
    state.apply("attack thor set")
    roll(state, 3, 4)  # 10 v 10: both roll again
    assert state.current_player == CHANCE
    roll(state, 1, 2)  # 8 v 8 again
    roll(state, 2, 5)  # 9 v 11: a miss (9 is odd: no additional attack)
    assert energy(state, "set") == 8 and state.current_player == 1


@rules("MW-CRIT-1", "MW-CRIT-2", "MW-CRIT-3", "MW-RULING-CRIT")
def test_criticals():
    # A critical attack beating a higher defense removes exactly 1.
    state = battle([["zeus"], ["hera"]], ["zeus", "hera"])  # Zeus A7, Hera D8
    state.apply("attack zeus hera")
    roll(state, 6, 5)  # 13 vs 13+... Hera 8+5 = 13; Zeus's critical wins
    assert energy(state, "hera") == 7 - 1
    # A critical attack with a higher total removes the difference.
    state = battle([["zeus"], ["hera"]], ["zeus", "hera"])
    state.apply("attack zeus hera")
    roll(state, 6, 1)  # 13 vs 9
    assert energy(state, "hera") == 7 - 4
    # Two criticals compare normally.
    state = battle([["zeus"], ["hera"]], ["zeus", "hera"])
    state.apply("attack zeus hera")
    roll(state, 6, 6)  # 13 vs 14: a miss
    assert energy(state, "hera") == 7


@rules("MW-CLASH-1", "MW-CLASH-2", "MW-CLASH-3")
def test_clash_losing_does_nothing_and_ties_roll_again():
    state = battle([["thor"], ["set"]], ["thor", "set"], seat=1)
    assert "ability set thor" in state.legal_actions()
    state.apply("ability set thor")
    roll(state, 1, 2)  # 9 v 9: again
    roll(state, 1, 4)  # 9 v 11: Thor wins, nothing happens
    assert energy(state, "thor") == 7 and state.current_player == 0


@rules("MW-SUMMON-1", "MW-SUMMON-2", "MW-SUMMON-3", "MW-RULING-SUMMON", "MW-RULING-PROTECT")
def test_summoned_creature_guards_its_summoner_and_falls_with_it():
    state = battle([["hades"], ["set", "thor"]], ["hades", "set", "thor"])
    state.apply("ability hades")
    assert status(state, "cerberus") == "invoked" and energy(state, "cerberus") == 5
    assert state.current_player == 1
    actions = state.legal_actions()
    assert "attack set hades" not in actions and "attack set cerberus" in actions
    assert "ability set hades" in actions  # a clash can still target the summoner
    state.apply("ability set hades")
    roll(state, 6, 1)  # Set wins
    roll(state, 6)
    assert energy(state, "hades") == 2
    state.apply("rest cerberus")  # the creature can be empowered this round
    state.apply("attack thor cerberus")
    roll(state, 1, 1)
    # Later: Hades falls, Cerberus with him; no second summon for anyone.
    state.lose(state.unit_named("hades"), 5)
    assert status(state, "cerberus") == "defeated"


@rules("MW-DEFEAT-1", "MW-ABILITY-THORNS")
def test_defeat_is_immediate_even_mid_attack():
    state = battle(
        [["thor"], ["mictlantecuhtli", "set"]],
        ["thor", "mictlantecuhtli", "set"],
        energy={"thor": 2},
    )
    state.apply("attack thor mictlantecuhtli")
    roll(state, 5, 1)  # 12 vs 8: hit, thorns 2 defeats Thor before his extra attack
    assert status(state, "thor") == "defeated"
    assert state.current_player == 1


# --- the next prime faction --------------------------------------------------------------------
def _everything_invoked(state) -> None:
    for index, unit in enumerate(state.units):
        if unit.state == 0:
            state.units[index] = unit._replace(state=DEFEATED)
    state.invalidate_caches()


@rules("MW-PRIME-2", "MW-RULING-CREATURES")
def test_most_entities_becomes_prime_creatures_count():
    state = battle(
        [["thor"], ["hades"], ["set"]],
        ["thor", "hades", "set"],
        summoned={"cerberus": "hades"},
        prime=0,
    )
    _everything_invoked(state)
    rest_all(state)
    assert state.prime == 1  # Hades and Cerberus: 2 entities


@rules("MW-PRIME-3")
def test_tied_with_the_current_prime_it_stays():
    state = battle(
        [["thor", "zeus"], ["set", "ra"]], ["thor", "zeus", "set", "ra"], prime=1, seat=1
    )
    _everything_invoked(state)
    rest_all(state)
    assert state.prime == 1


@rules("MW-PRIME-4")
def test_tied_without_the_current_prime_they_roll():
    state = battle(
        [["thor"], ["set", "ra"], ["zeus", "hera"]], ["thor", "set", "ra", "zeus", "hera"], prime=0
    )
    _everything_invoked(state)
    rest_all(state)
    assert state.current_player == CHANCE  # seats 1 and 2 roll, seat 1 first
    roll(state, 4, 4)  # tied again: both roll again
    roll(state, 2, 5)
    assert state.prime == 2


@rules("MW-PRIME-1", "MW-RULING-PRIME-OUT")
def test_left_of_an_eliminated_prime_faction():
    state = battle(
        [["thor"], ["set"], ["zeus"]], ["thor", "set", "zeus"], prime=1, seat=1, energy={"set": 1}
    )
    state.apply("rest set")
    state.apply("rest zeus")
    state.apply("attack thor set")
    roll(state, 6, 1)
    assert status(state, "set") == "defeated"
    # Seat 1 still has uninvoked deities (fillers): not eliminated, prime passes to seat 2.
    assert state.prime == 2


@rules("MW-RULING-WAITING", "MW-END-2")
def test_a_faction_with_nothing_in_battle_but_cards_to_invoke_stays():
    state = battle([["thor"], ["set"]], ["thor", "set"], energy={"set": 1})
    state.apply("attack thor set")
    roll(state, 6, 1)
    assert not state.is_terminal()  # Cleo still has uninvoked deities
    assert state.current_player in (0, 1)
    assert not state.view(None)["factions"][1]["eliminated"]


# --- the end ------------------------------------------------------------------------------------
@rules("MW-END-1", "MW-RULING-ANYTIME")
def test_the_game_ends_the_moment_one_faction_is_left():
    state = battle([["thor", "zeus"], ["set"]], ["thor", "zeus", "set"], energy={"set": 1})
    _everything_invoked(state)
    state.apply("attack thor set")
    roll(state, 6, 1)  # mid-round, Zeus still unempowered
    assert state.phase == OVER and state.winners() == [0] and state.returns() == [1.0, 0.0]


@rules("MW-RULING-LASTFALL")
def test_last_entities_falling_together_share_the_win():
    state = battle(
        [["thor"], ["mictlantecuhtli"]],
        ["thor", "mictlantecuhtli"],
        energy={"thor": 2, "mictlantecuhtli": 1},
    )
    _everything_invoked(state)
    state.apply("attack thor mictlantecuhtli")
    roll(state, 5, 1)
    assert state.is_terminal() and state.winners() == [0]  # Thor's hit ended it first


@rules("MW-RULING-POWER", "MW-RULING-REGAIN", "MW-ABILITY-0")
def test_power_modifiers_only_touch_clashes_and_regaining_stops_at_power():
    state = battle([["izanagi", "thor"], ["set"]], ["izanagi", "thor", "set"])  # +1 Power faction
    assert energy(state, "thor") == 7
    state.regain(state.unit_named("thor"), 3)
    assert energy(state, "thor") == 7
    state.apply("rest izanagi")
    state.apply("ability set thor")
    roll(state, 3, 3)  # Set 11 vs Thor 7+3+1 = 11: rolled again
    assert state.current_player == CHANCE


@rules("MW-RULING-PARITY", "MW-ABILITY-EXTRA")
def test_the_parity_is_read_on_the_final_total():
    state = battle([["thor"], ["set"]], ["thor", "set"])
    state.apply("attack thor set")
    roll(state, 4, 5)  # 11 v 11 tie, rolled again
    roll(state, 3, 1)  # 10 (even) v 7: hit 3, extra attack offered
    assert "decline" in state.legal_actions()
    state.apply("decline")
    assert state.current_player == 1


@rules("MW-RULING-EMPTY-TARGET", "MW-ABILITY-AMBUSH")
def test_optional_abilities_without_a_target_are_not_offered():
    state = game_with([["artemis"], ["set"]], first=0)
    state.apply("invoke artemis")
    state.apply("invoke set")
    assert state.legal_actions() == ["attack artemis set", "decline"]
    state = game_with([["artemis"], ["hades"]], first=1)
    state.apply("invoke hades")
    state.apply("invoke artemis")
    assert state.legal_actions() == ["attack artemis hades", "decline"]


@rules("MW-RULING-HIDDEN")
def test_determinize_keeps_the_view_and_hides_nothing_it_should_not():
    state = wars(3).new_game()
    rng = random.Random(4)
    while state.round < 2:
        state.apply(rng.choice(state.legal_actions()))
    for player in range(3):
        sampled = state.determinize(player, random.Random(9))
        assert sampled.view(player) == state.view(player)
    assert not any(
        e["id"] for e in state.view(0)["entities"] if e["owner"] != 0 and e["state"] == "uninvoked"
    )


@rules("MW-RULING-TAUNT", "MW-ABILITY-TAUNT")
def test_two_taunters_do_not_shield_each_other():
    state = battle([["thor"], ["tyr", "heimdall", "set"]], ["thor", "tyr", "heimdall", "set"])
    attacks = [a for a in state.legal_actions() if a.startswith("attack")]
    assert attacks == ["attack thor heimdall", "attack thor tyr"]


@rules("MW-RULING-TAUNT", "MW-ABILITY-TAUNT", "MW-RULING-PROTECT")
def test_mw_ruling_taunt_attacks_only_taunters_clashes_and_abilities_anyone():
    # Set clashes and Apollo blasts past Tyr; only attacks are held to the taunter.
    state = battle([["set", "apollo"], ["tyr", "thor"]], ["set", "apollo", "tyr", "thor"], seat=0)
    legal = state.legal_actions()
    assert [a for a in legal if a.startswith("attack")] == ["attack apollo tyr", "attack set tyr"]
    assert {"ability set thor", "ability apollo thor"} <= set(legal)
    # Once the taunter is defeated, every entity of its faction may be attacked again.
    state.lose(state.unit_named("tyr"), 99)
    state.invalidate_caches()
    assert "attack set thor" in state.legal_actions()


@rules("MW-RULING-TAUNT", "MW-ABILITY-TAUNT")
def test_mw_ruling_taunt_a_guardian_shields_only_its_own_faction():
    # Three factions: Tyr holds attacks on his own faction to himself; the third faction's
    # entities stay open to attack.
    state = battle([["ra"], ["tyr", "thor"], ["izanagi"]], ["ra", "tyr", "thor", "izanagi"], seat=0)
    attacks = [a for a in state.legal_actions() if a.startswith("attack")]
    assert attacks == ["attack ra izanagi", "attack ra tyr"]


@rules("MW-RULING-THORNS", "MW-ABILITY-THORNS")
def test_thorns_do_not_act_once_their_entity_is_defeated():
    state = battle(
        [["thor", "zeus"], ["mictlantecuhtli", "set"]],
        ["thor", "zeus", "mictlantecuhtli", "set"],
        energy={"mictlantecuhtli": 1},
    )
    state.apply("attack thor mictlantecuhtli")
    roll(state, 5, 1)  # 12 vs 8: defeated; no thorns for Thor
    assert status(state, "mictlantecuhtli") == "defeated" and energy(state, "thor") == 7


@rules("MW-COMBAT-2", "MW-CRIT-1")
def test_the_view_reports_each_settled_roll():
    state = battle([["thor"], ["set", "athena"]], ["thor", "set", "athena"])
    state.apply("attack thor set")
    roll(state, 3)
    assert state.view(None)["settled"] == []  # one die is not a settled roll yet
    roll(state, 6)  # 10 vs 6+6+2 = 14, a critical defense
    (settled,) = state.view(1)["settled"]
    assert settled == {
        "kind": "attack",
        "first": "thor",
        "first_die": 3,
        "first_total": 10,
        "first_critical": False,
        "second": "set",
        "second_die": 6,
        "second_total": 14,
        "second_critical": True,
        "result": "miss",
        "points": 0,
    }


@rules("MW-CAP-1")
@pytest.mark.parametrize("players", [2, 5])
def test_max_rounds_ends_the_game_with_the_most_energy_winning(players: int) -> None:
    game = theomachy.load("mythic-wars", players=players, options={"max_rounds": 2})
    rng = random.Random(players)
    capped = 0
    for _ in range(30):
        state = game.new_game()
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        assert state.round <= 2
        if state.round == 2 and len({u.owner for u in state.units if u.state in IN_BATTLE}) != 1:
            capped += 1
            totals = state.scores()
            assert state.winners() == [p for p, t in enumerate(totals) if t == max(totals)]
    assert capped > 0
    with pytest.raises(ValueError, match="max_rounds"):
        theomachy.load("mythic-wars", options={"max_rounds": 0})


# --- simultaneous abilities of one faction -----------------------------------------------------
def _end_of_round(state) -> None:
    """Rest every entity still to act this round (the End of Round Phase follows)."""
    rest_all(state)


@rules("MW-RULING-ORDER", "MW-ROUND-3", "MW-ABILITY-BURN")
def test_mw_ruling_order_the_advocate_orders_its_factions_end_of_round_burns():
    # Izanami burns 1, Nergal burns 2; Thor has 2 points left, Zeus 8.
    state = battle(
        [["thor", "zeus"], ["izanami", "nergal"]],
        ["thor", "zeus", "izanami", "nergal"],
        energy={"thor": 2},
    )
    _end_of_round(state)
    assert state.current_player == 1
    assert state.legal_actions() == ["order izanami", "order nergal"]
    pending = state.view(0)["pending"]
    assert (pending["kind"], pending["purpose"], pending["player"]) == ("choice", "order", 1)
    assert state.action_seen_by("order nergal", 0) == "order nergal"  # a public choice
    # Izanami first: both burns can fall on Thor (1, then 2).
    state.apply("order izanami")
    state.apply("ability izanami thor")
    assert energy(state, "thor") == 1
    assert state.legal_actions() == ["ability nergal thor", "ability nergal zeus"]  # no order
    state.apply("ability nergal thor")
    assert status(state, "thor") == "defeated" and energy(state, "zeus") == 9
    # Nergal first: Thor falls to Nergal's 2 and Izanami's burn must go to Zeus.
    state = battle(
        [["thor", "zeus"], ["izanami", "nergal"]],
        ["thor", "zeus", "izanami", "nergal"],
        energy={"thor": 2},
    )
    _end_of_round(state)
    state.apply("order nergal")
    state.apply("ability nergal thor")
    assert status(state, "thor") == "defeated"
    assert state.legal_actions() == ["ability izanami zeus"]
    state.apply("ability izanami zeus")
    assert energy(state, "zeus") == 8


@rules("MW-RULING-ORDER", "MW-ROUND-3", "MW-ABILITY-REGENERATE")
def test_mw_ruling_order_no_choice_when_the_order_cannot_matter():
    # A lone trigger resolves by itself: Tsukuyomi regenerates at the start of the round.
    state = battle([["thor"], ["tsukuyomi"]], ["thor", "tsukuyomi"], energy={"tsukuyomi": 3})
    _everything_invoked(state)
    _end_of_round(state)
    assert state.round == 3 and state.phase == 6  # the Start of Round resolved by itself
    assert energy(state, "tsukuyomi") == 4
    # An order-free trigger (regenerate: its own entity only, no choice) resolves first
    # without a question, whatever else of its faction is due: a Start of Round queue with
    # Tsukuyomi and Izanami (whose start hook does nothing) asks nothing.
    state = battle(
        [["thor"], ["tsukuyomi", "izanami"]],
        ["thor", "tsukuyomi", "izanami"],
        energy={"tsukuyomi": 3},
    )
    state.phase = 3  # START
    state.queue = (state.unit_named("izanami"), state.unit_named("tsukuyomi"))
    state.invalidate_caches()
    state._advance()
    assert not state.stack and energy(state, "tsukuyomi") == 4


@rules("MW-RULING-ORDER", "MW-ABILITY-BURN", "MW-SUMMON-1")
def test_mw_ruling_order_a_summoned_burner_is_ordered_with_its_factions_other():
    # Izanami and Kitsune (summoned by Inari) burn in the same faction, so they are ordered;
    # the lone burner of the prime faction is not.
    state = battle(
        [["nergal"], ["izanami", "inari"]],
        ["nergal", "izanami", "inari"],
        summoned={"kitsune": "inari"},
    )
    _end_of_round(state)
    assert state.current_player == 0 and state.legal_actions() == [
        "ability nergal inari",
        "ability nergal izanami",
        "ability nergal kitsune",
    ]
    state.apply("ability nergal inari")
    assert state.legal_actions() == ["order izanami", "order kitsune"]
    state.apply("order kitsune")
    assert state.legal_actions() == ["ability kitsune nergal"]
    state.apply("ability kitsune nergal")
    assert state.legal_actions() == ["ability izanami nergal"]
