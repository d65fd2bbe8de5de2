"""Mythic Battles: Pantheon's numbered rules (RULES.md), one or more tests per rule id.

Positions come from scenario.py (the Sacred Valley unless said otherwise; its map is drawn
there). Unit numbers used below (content/roster.toml): Zeus O4 D3 R2 M3 V9 flying; Hades O4
D3 R1 M2 V10; Achilles O4 D3 R0 M2 V5; Medusa O3 D2 R2 M2 V5; Hoplites O2 D3 R0 M2 V3;
Spartans O3 D2 R0 M2 V3.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import theomachy
from theomachy import CHANCE
from theomachy.engine import conformance
from theomachy.games.mythic_battles import stats
from theomachy.games.mythic_battles.data import TALENTS, scenarios, units
from theomachy.games.mythic_battles.model import (
    ACTIONS,
    ACTIVATE_FIRST,
    ACTIVATE_SECOND,
    BLOCK,
    COMPLEX,
    GUARD,
    INITIATIVE,
    LEAD,
    LEAD_ACTIVATE,
    LEAD_FETCH,
    MODE,
    OFF_MAP,
    PASS_OR_GO,
    RECALL,
    RECRUIT_GOD,
    RECRUIT_UNIT,
    REROLL,
    SEARCH_WINDOW,
)
from theomachy.games.mythic_battles.rules import BattlesGame, special_rule_words

from .scenario import (
    act,
    activate,
    answers,
    area,
    close_window,
    declines,
    dice_awaited,
    draw,
    free_game,
    fresh,
    game,
    phase,
    position,
    roll,
    vitality,
)

rules = pytest.mark.rules
UNITS = units()
RULES_MD = Path(theomachy.__file__).parent / "games" / "mythic_battles" / "RULES.md"


def end_turn(state) -> None:
    """The active player ends the turn from B1/C1 (and D1 when it is asked); everyone asked
    in the end-of-turn Search window declines."""
    act(state, "end")
    if state.step == RECALL and state.current_player == state.turn_player:
        act(state, "end")
    close_window(state)


def first_dice(state, attacker: str, target: str) -> int:
    """Declare ``attacker``'s ATTACK on ``target`` (activating it) and answer every prompt
    before the dice with ``decline``: the first assault's dice."""
    activate(state, attacker)
    act(state, f"attack {target}")
    declines(state)
    return dice_awaited(state)


def hits_to_wound(state, attacker: str, target: str) -> int:
    """The target's Defence against this ATTACK: the smallest number of hits that wounds."""
    return stats.defence(state, state.pieces[target], state.pieces[attacker], 0)


def opening(state, hands: dict[int, list[str]]) -> None:
    """Feed the opening draws (the lead player's three first, then clockwise)."""
    while state.current_player == CHANCE and state.step == PASS_OR_GO and state.draws:
        seat = state.draws[0]
        if not hands.get(seat):
            break
        draw(state, hands[seat].pop(0))


def random_game(players: int, seed: int, **options: object):
    """A seeded random game to its end (yields every state)."""
    rng = random.Random(seed)
    state = game(players, **options).new_game()
    while not state.is_terminal():
        yield state
        if state.current_player == CHANCE:
            outcomes = state.chance_outcomes()
            state.apply(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply(rng.choice(state.legal_actions()))
    yield state


# --- notation ------------------------------------------------------------------------------
VERBS = {
    "choose", "recruit", "continue", "pass", "activate", "end", "simple", "complex", "move",
    "run", "attack", "thunderbolt", "uproot", "claim", "done", "absorb", "enter", "swap",
    "lead", "recall", "guard", "helm", "evade", "gaze", "retaliate", "reroll", "keep", "throw",
    "draw-cards", "search", "decline", "block", "priority", "fetch",
}  # fmt: skip


@rules("MB-NOTATION-1", "MB-NOTATION-2")
def test_actions_are_lowercase_verb_first_and_outcomes_are_rolls_and_draws():
    seen: set[str] = set()
    for seed in (1, 2, 3):
        for state in random_game(2, seed, max_rounds=20):
            if state.is_terminal():
                break
            if state.current_player == CHANCE:
                for outcome, _ in state.chance_outcomes():
                    verb, _, rest = outcome.partition(" ")
                    assert verb in ("roll", "draw")
                    if verb == "roll":
                        assert rest in "123456"
                    else:
                        assert rest == "aow" or rest in state.pieces
                continue
            for action in state.legal_actions():
                verb, _, rest = action.partition(" ")
                assert action == action.lower() and action.strip() == action, action
                assert verb in VERBS, action
                seen.add(verb)
                if verb in ("move", "run", "enter", "claim", "throw", "thunderbolt"):
                    assert int(rest) in state.board.areas
                if verb in ("activate", "attack", "recall", "guard", "lead", "swap"):
                    assert rest in state.pieces  # units by roster id, one of each
    assert {"choose", "recruit", "activate", "end", "attack", "move", "enter"} <= seen


@rules("MB-NOTATION-2")
def test_a_deck_is_unordered_each_draw_is_a_chance_node_weighted_by_copies():
    state = fresh()
    assert state.current_player == CHANCE
    # Seat 0's deck: 3 Zeus, 2 Achilles, 2 Hoplites, 3 Art of War (the dealt 3 are in hand).
    assert dict(state.chance_outcomes()) == pytest.approx(
        {"draw achilles": 0.2, "draw aow": 0.3, "draw hoplites": 0.2, "draw zeus": 0.3}
    )
    state = position(at={"achilles": 7, "medusa": 7}, hands={0: ["achilles"]})
    act(state, "activate achilles", "simple", "attack medusa")
    assert dict(state.chance_outcomes()) == pytest.approx({f"roll {n}": 1 / 6 for n in range(1, 7)})
    assert dice_awaited(state) == 5  # one chance node per die, rolled in order
    roll(state, 1, 2)
    assert state.attacks[-1].dice_first == [1, 2]


@rules("MB-NOTATION-3")
def test_a_yes_no_choice_is_the_action_or_decline():
    state = position(at={"achilles": 7, "medusa": 7}, hands={0: ["achilles"], 1: ["aow"]})
    act(state, "activate achilles", "simple", "attack medusa")
    roll(state, 1, 1, 1, 1, 1)
    assert state.current_player == 1
    assert state.legal_actions()[:2] == ["retaliate", "decline"]
    act(state, "decline")
    assert not state.attacks


# --- terms ---------------------------------------------------------------------------------
@rules("MB-TERM-FRIENDLY")
def test_friendly_means_same_side():
    two = position()
    assert stats.friendly(two, 0, 0) and not stats.friendly(two, 0, 1)
    four = position(
        [["zeus", "hoplites"], ["hades", "spartans"], ["ares", "amazons"], ["athena", "centaurs"]],
        at={"hoplites": 14, "amazons": 14, "spartans": 14},
    )
    assert stats.friendly(four, 0, 2) and stats.friendly(four, 1, 3)
    assert not stats.friendly(four, 0, 1) and not stats.friendly(four, 2, 3)
    # An ally's unit is never a target; enemies of either ally are.
    assert [p.id for p in stats.targets(four, four.pieces["hoplites"])] == ["spartans"]
    three = position([["zeus"], ["hades"], ["ares"]])
    assert not any(stats.friendly(three, a, b) for a in range(3) for b in range(3) if a != b)


@rules("MB-TERM-COMPLETE")
def test_troops_are_complete_with_all_their_miniatures():
    state = position(at={"hoplites": 7})
    hoplites = state.pieces["hoplites"]
    assert stats.complete(hoplites)
    hoplites.vitality = 2
    assert not stats.complete(hoplites)
    assert not stats.complete(state.pieces["zeus"])  # only troops are ever complete


@rules("MB-TERM-SURROUNDINGS")
def test_surroundings_are_the_area_and_its_neighbours():
    state = position()
    assert sorted(state.board.surroundings(7)) == [2, 6, 7, 8, 12]
    assert sorted(state.board.surroundings(1)) == [1, 2, 6]
    assert sorted(state.board.surroundings(20)) == [15, 19, 20]


# --- hierarchy -----------------------------------------------------------------------------
@rules("MB-HIER-1")
def test_a_power_overrides_a_talent_fleet_of_foot_frees_atalanta_from_block():
    state = position(
        [["zeus", "atalanta", "hoplites"], ["hades", "leonidas", "spartans"]],
        at={"atalanta": 12, "leonidas": 12},
        hands={0: ["atalanta"]},
    )
    activate(state, "atalanta")
    assert any(a.startswith("move ") for a in state.legal_actions())
    # Hoplites, without the power, are held by Leonidas's Block.
    state = position(
        [["zeus", "atalanta", "hoplites"], ["hades", "leonidas", "spartans"]],
        at={"hoplites": 12, "leonidas": 12},
        hands={0: ["hoplites"]},
    )
    activate(state, "hoplites")
    assert not any(a.startswith("move ") for a in state.legal_actions())


THREE = [["zeus", "heracles", "minotaur"], ["hades", "spartans"], ["ares", "leonidas"]]


def throw_spartans(state, thrower: str, faces: tuple[int, ...]) -> None:
    """``thrower`` (seat 0), in area 30 with the Spartans (seat 1) and Leonidas (seat 2),
    is activated (Leonidas's owner lets it go), attacks the Spartans and rolls ``faces``."""
    act(state, f"activate {thrower}")
    assert state.step == BLOCK and state.current_player == 2
    act(state, "decline", "simple", "attack spartans")
    roll(state, *faces)


@rules("MB-HIER-2", "MB-TAL-MIGHTY-THROW", "MB-TAL-BLOCK")
def test_mb_hier_2_the_active_player_rules_on_block_against_mighty_throw_for_the_game():
    # Leonidas (seat 2) holds the Spartans (seat 1) with Block; Heracles (seat 0) would
    # throw them out: "cannot move out" against "is then moved", two talents.
    state = position(
        THREE,
        at={"heracles": 30, "minotaur": 30, "spartans": 30, "leonidas": 30},
        hands={0: ["heracles", "minotaur", "aow"]},
    )
    throw_spartans(state, "heracles", (1, 3, 3, 3))  # one blank: enough for troops
    assert phase(state) == "throw" and answers(state) == ["throw 23", "throw 29", "decline"]
    act(state, "throw 29")
    # The first time the rules meet, the active player decides which has priority.
    assert phase(state) == "priority" and state.current_player == 0
    assert answers(state) == ["priority block", "priority mighty-throw"]
    act(state, "priority block")
    assert state.priorities == {"block-vs-mighty-throw": "block"}
    # Block wins: its owner may still choose not to use it (MB-TAL-OPTIONAL); it does.
    assert phase(state) == "hold" and state.current_player == 2
    assert answers(state) == ["block", "decline"]
    act(state, "block")
    assert area(state, "spartans") == 30  # not thrown; the ATTACK goes on (no second die)
    assert state.attacks[-1].dice_first == [1, 3, 3, 3]  # the blank was not spent
    act(state, "decline", "done")  # no retaliation
    # The ruling stands for the rest of the game: the Minotaur's throw asks only Block's
    # owner, who lets the Spartans go this time.
    throw_spartans(state, "minotaur", (1, 1, 3, 3, 3))
    act(state, "throw 29")
    assert phase(state) == "hold" and state.current_player == 2
    act(state, "decline")
    assert area(state, "spartans") == 29
    assert state.view(None)["priorities"] == {"block-vs-mighty-throw": "block"}


@rules("MB-HIER-2", "MB-TAL-MIGHTY-THROW")
def test_mb_hier_2_mighty_throw_given_priority_throws_without_asking_block():
    state = position(
        THREE,
        at={"heracles": 30, "spartans": 30, "leonidas": 30},
        hands={0: ["heracles"]},
    )
    throw_spartans(state, "heracles", (1, 3, 3, 3))
    act(state, "throw 23", "priority mighty-throw")
    assert area(state, "spartans") == 23 and phase(state) != "hold"
    # No conflict when the only Block holding the target is the thrower's own side's: its
    # owner, who chose to throw, chose not to hold (2 players, Leonidas beside Heracles).
    state = position(
        [["zeus", "heracles", "leonidas"], ["hades", "spartans"]],
        at={"heracles": 12, "leonidas": 12, "spartans": 12},
        hands={0: ["heracles"]},
    )
    act(state, "activate heracles", "simple", "attack spartans")
    roll(state, 1, 3, 3, 3)
    act(state, "throw 13")
    assert area(state, "spartans") == 13 and state.priorities == {}


# --- set-up --------------------------------------------------------------------------------
@rules("MB-SETUP-1")
def test_the_scenario_defaults_to_the_one_for_the_player_count():
    for players, scenario in ((2, "sacred-valley"), (3, "delphi-three"), (4, "delphi-alliances")):
        loaded = game(players)
        assert loaded.scenario.id == scenario
        assert loaded.options["scenario"] == scenario
    assert game(2, scenario="sacred-valley").scenario.id == "sacred-valley"
    with pytest.raises(ValueError, match="is for \\[3\\] players"):
        game(2, scenario="delphi-three")


@rules("MB-SETUP-2")
def test_no_roll_chooses_the_scenario_the_lead_player_chooses_a_divinity_at_once():
    state = game(2).new_game()
    assert state.current_player == 0
    assert state.step == RECRUIT_GOD
    assert state.history() == []


@rules("MB-SETUP-3")
def test_the_lead_player_chooses_first_and_takes_the_first_turn():
    state = game(3, lead=2).new_game()
    assert state.current_player == 2
    state = fresh([["zeus"], ["hades"], ["ares"]], lead=1)
    assert state.turn_player == 1 and state.draws[:3] == [1, 1, 1]
    with pytest.raises(ValueError, match="lead must be a seat from 0 to 1"):
        game(2, lead=2)


@rules("MB-SETUP-3")
def test_mb_setup_3_the_scenario_names_the_lead_player_the_option_plays_a_variant():
    for players in (2, 3, 4):
        loaded = game(players)
        assert loaded.scenario.lead == 0 and loaded.options["lead"] == 0
        assert loaded.new_game().current_player == 0  # the lead player chooses first
    variant = game(4, lead=3)
    assert variant.options["lead"] == 3 and variant.new_game().current_player == 3


@rules("MB-RECRUIT-1")
def test_divinities_are_chosen_clockwise_from_the_lead_player_one_each():
    state = game(3, lead=1).new_game()
    assert state.current_player == 1
    assert state.legal_actions() == ["choose zeus", "choose hades", "choose ares", "choose athena"]
    act(state, "choose ares")
    assert state.current_player == 2
    assert state.legal_actions() == ["choose zeus", "choose hades", "choose athena"]
    act(state, "choose zeus")
    assert state.current_player == 0
    act(state, "choose hades")
    assert state.step == RECRUIT_UNIT
    assert [a[0] for a in state.armies] == ["hades", "ares", "zeus"]
    assert "athena" not in state.pieces  # the unchosen divinity is removed


@rules("MB-RECRUIT-2")
def test_units_are_recruited_anticlockwise_from_the_lead_players_right_paying_rp():
    state = game(3, lead=1).new_game()
    act(state, "choose ares", "choose zeus", "choose hades")
    assert state.current_player == 0  # the seat before the lead player
    assert state.rp == [9, 9, 9]
    act(state, "recruit achilles")
    assert state.rp == [5, 9, 9]
    assert state.current_player == 2  # anticlockwise
    assert "recruit achilles" not in state.legal_actions()
    act(state, "recruit heracles")
    assert state.current_player == 1
    act(state, "recruit hydra")
    assert state.current_player == 0
    assert state.armies == [["hades", "achilles"], ["ares", "hydra"], ["zeus", "heracles"]]
    assert state.rp == [5, 5, 5]
    # Seat 0 has 5 RP left: 4-RP units are still offered, nothing dearer exists.
    assert "recruit cerberus" in state.legal_actions()


@rules("MB-RECRUIT-3")
def test_a_player_who_cannot_afford_a_unit_turns_rp_into_omphalos_cards_and_is_skipped():
    state = game(2).new_game()
    act(state, "choose zeus", "choose hades")
    assert state.current_player == 1
    act(state, "recruit achilles", "recruit heracles")  # seat 1 then seat 0: 6 RP each
    act(state, "recruit hydra", "recruit cerberus")  # 2 RP each
    act(state, "recruit atalanta")  # seat 1: 0 RP
    # Seat 1 can afford nothing: skipped; seat 0 has 2 RP: troops (1) and nothing else.
    assert state.current_player == 0
    assert state.legal_actions() == [
        "recruit amazons", "recruit hoplites", "recruit spartans", "recruit centaurs",
        "recruit infernal-hounds", "recruit infernal-warriors",
    ]  # fmt: skip
    act(state, "recruit amazons")
    assert state.current_player == 0  # seat 1 is skipped from now on
    act(state, "recruit hoplites")
    assert state.step == PASS_OR_GO  # everyone is done: the table is set up
    assert state.armies == [
        ["zeus", "heracles", "cerberus", "amazons", "hoplites"],
        ["hades", "achilles", "hydra", "atalanta"],
    ]
    assert state.omphalos_cards == [0, 0]
    assert "medusa" not in state.pieces and "spartans" not in state.pieces  # removed
    # RP that buy nothing (every troop taken, 1 RP left) become omphalos cards.
    state = game(2).new_game()
    act(state, "choose zeus", "choose hades", "recruit achilles", "recruit amazons")
    act(state, "recruit hoplites", "recruit spartans", "recruit centaurs")
    act(state, "recruit infernal-hounds", "recruit infernal-warriors", "recruit atalanta")
    act(state, "recruit odysseus", "recruit hydra")
    assert state.rp == [0, 0] and state.omphalos_cards == [1, 0]
    assert state.step == PASS_OR_GO


@rules("MB-RECRUIT-4", "MB-RECRUIT-3")
def test_mb_recruit_4_set_armies_skip_the_draft_unspent_rp_become_omphalos_cards():
    # Seat 1 (to the lead player's right) picks first: five troops then the Hydra; seat 0 a
    # troop, Atalanta, Leonidas and Odysseus. Each ends with 1 RP when every troop is taken.
    armies = [
        ["zeus", "amazons", "atalanta", "leonidas", "odysseus"],
        ["hades", "hoplites", "spartans", "centaurs", "infernal-hounds", "infernal-warriors",
         "hydra"],
    ]  # fmt: skip
    state = game(2, armies=armies).new_game()
    assert state.armies == armies
    assert state.step == PASS_OR_GO
    assert state.rp == [0, 0] and state.omphalos_cards == [1, 1]
    for bad, message in (
        ([["achilles"], ["hades"]], "army 0 must start with a divinity"),
        ([["zeus", "hades"], ["ares"]], "army 0 has more than one divinity"),
        ([["zeus", "achilles"], ["hades", "achilles"]], "'achilles' is recruited twice"),
        ([["zeus", "hydra", "cerberus", "medusa"], ["hades"]], "army 0 costs 11 RP of 10"),
        ([["zeus"]], "1 armies for 2 players"),
        ([["zeus", "pegasus"], ["hades"]], "unknown unit 'pegasus'"),
    ):
        with pytest.raises(ValueError, match=message):
            game(2, armies=bad)


@rules("MB-RECRUIT-4", "MB-RECRUIT-2", "MB-RECRUIT-3")
def test_mb_recruit_4_armies_the_draft_could_not_make_are_refused():
    full = ["hades", "achilles", "heracles", "atalanta"]  # 10 RP
    # A lone divinity, or RP left while a unit within them is free: the draft would have
    # made the player recruit (and 10 RP would be 10 omphalos cards).
    with pytest.raises(ValueError, match="army 0 is complete with 10 RP left while 'amazons'"):
        game(2, armies=[["zeus"], full])
    with pytest.raises(ValueError, match="army 0 is complete with 6 RP left while 'amazons'"):
        game(2, armies=[["zeus", "hydra"], full])
    # The order of the draft decides too: seat 0's three 3-RP units leave it 1 RP while seat
    # 1, picking one unit a turn, has not yet taken all six troops it wants.
    late = ["hades", "amazons", "hoplites", "spartans", "centaurs", "infernal-hounds",
            "infernal-warriors", "hydra"]  # fmt: skip
    with pytest.raises(ValueError, match="army 0 is complete with 1 RP left while 'infernal-"):
        game(2, armies=[["zeus", "leonidas", "odysseus", "medusa"], late])
    # Which seat picks first follows the lead player: the armies that leave 1 RP each when
    # seat 1 starts are refused when seat 0 starts (seat 1 leading), for seat 0 would then
    # complete its army with a troop still free.
    both = [
        ["zeus", "amazons", "atalanta", "leonidas", "odysseus"],
        ["hades", "hoplites", "spartans", "centaurs", "infernal-hounds", "infernal-warriors",
         "hydra"],
    ]  # fmt: skip
    assert game(2, armies=both, lead=0)
    with pytest.raises(ValueError, match="army 0 is complete with 1 RP left while 'spartans'"):
        game(2, armies=both, lead=1)
    # Every RP spent is always an army the draft can make, whatever the units.
    assert game(2, armies=[["zeus", "hydra", "cerberus", "amazons", "hoplites"], full])


@rules("MB-RECRUIT-5", "MB-RECRUIT-2")
def test_mb_recruit_5_set_divinities_then_the_units_are_drafted():
    state = game(3, lead=1, divinities=["athena", "zeus", "ares"]).new_game()
    assert [a for a in state.armies] == [["athena"], ["zeus"], ["ares"]]
    assert "hades" not in state.pieces  # the divinity nobody plays is removed
    assert state.step == RECRUIT_UNIT
    assert state.current_player == 0  # the seat before the lead player recruits first
    assert not any(a.startswith("choose") for a in state.legal_actions())
    act(state, "recruit achilles")
    assert state.current_player == 2  # anticlockwise, as in MB-RECRUIT-2
    assert state.rp == [5, 9, 9]  # the 3-player scenario gives 9 RP
    for bad, message in (
        ({"divinities": ["zeus"]}, "1 divinities for 3 players"),
        ({"divinities": ["zeus", "zeus", "ares"]}, "each seat needs a different divinity"),
        ({"divinities": ["zeus", "ares", "achilles"]}, "'achilles' is not a divinity"),
        ({"divinities": ["zeus", "hades"], "armies": [["zeus"], ["hades"]]}, "not both"),
    ):
        with pytest.raises(ValueError, match=message):
            game(3 if len(bad["divinities"]) != 2 else 2, **bad)


@rules("MB-SETUP-4", "MB-OMPHALOS-1")
def test_the_scenarios_map_with_its_terrain_and_omphalos():
    state = fresh()
    data = state.board.data
    assert data.id == "sacred-valley"
    for a in state.board.areas:
        assert state.omphalos[a] == data.omphalos.count(a)
        assert state.ruins[a] == data.ruins.count(a)
        assert state.trees[a] == data.trees.count(a)
    assert sum(state.omphalos) == 7 and state.ruins[13] == 1 and state.trees[2] == 1


@rules("MB-SETUP-5")
def test_divinities_start_on_their_zones_first_area_and_the_rest_off_the_map():
    state = fresh()
    assert area(state, "zeus") == 6 and area(state, "hades") == 10
    assert state.pieces["zeus"].entered
    for unit in ("achilles", "hoplites", "medusa", "spartans"):
        assert area(state, unit) == OFF_MAP and not state.pieces[unit].entered
    four = fresh([["zeus"], ["hades"], ["ares"], ["athena"]])
    assert [area(four, g) for g in ("zeus", "hades", "ares", "athena")] == [22, 4, 28, 46]


@rules("MB-SETUP-6")
def test_each_deck_holds_the_armys_activation_and_art_of_war_cards():
    state = fresh()
    assert state.deck[0] == sorted(
        ["zeus"] * 3 + ["aow"] * 2 + ["achilles"] * 2 + ["aow"] + ["hoplites"] * 2
    )
    assert sorted(state.deck[1]) == sorted(
        ["hades"] * 4 + ["medusa"] * 2 + ["spartans"] * 2 + ["aow"] * 3
    )


@rules("MB-SETUP-7", "MB-SETUP-7a")
def test_three_art_of_war_cards_from_the_supply_everyone_sees_them():
    state = fresh()
    # The lead (seat 0) gets the rulebook's 3; the Sacred Valley's special rule deals the
    # player after it one more (MB-SETUP-7a, MB-SCEN-1).
    assert state.hand == [["aow"] * 3, ["aow"] * 4]
    assert state.known == [["aow"] * 3, ["aow"] * 4]
    assert state.view(1)["players"][0]["known_hand"] == ["aow"] * 3
    assert state.view(0)["players"][1]["known_hand"] == ["aow"] * 4


@rules("MB-SETUP-7a", "MB-HIER-1")
def test_a_scenarios_special_rule_deals_the_players_after_the_lead_more_art_of_war():
    three = free_game([["zeus"], ["hades"], ["ares"]], lead=1)
    three.scenario = three.scenario.model_copy(update={"later_seats_aow": 2})
    state = three.new_game()
    # Seat 1 leads: its hand is the rulebook's 3; seats 2 and 0 (after it) get 2 more each.
    assert state.hand == [["aow"] * 5, ["aow"] * 3, ["aow"] * 5]
    assert state.known == state.hand  # dealt face up from the supply, as the 3 are
    assert state.view(1)["players"][0]["known_hand"] == ["aow"] * 5
    for _ in range(9):
        state.apply(state.chance_outcomes()[0][0])
    assert [len(h) for h in state.hand] == [8, 6, 8]
    # Of the shipped scenarios only the Sacred Valley uses the rule, with one card for the
    # second player (MB-SCEN-1, MB-TUNE-4); the others deal 3 each, as the rulebook says.
    assert {k: s.later_seats_aow for k, s in scenarios().items() if s.later_seats_aow} == {
        "sacred-valley": 1
    }
    # The lobby says so beside the scenario's name.
    about = {c["value"]: c["about"] for c in BattlesGame.option_choices()["scenario"]["choices"]}
    assert about["sacred-valley"].endswith("2 omphalos to win · second player +1 Art of War")
    assert "Art of War" not in about["delphi-three"]
    assert special_rule_words(three.scenario) == " · players after the lead +2 Art of War"


@rules("MB-SETUP-8")
def test_opening_draws_three_each_lead_first_then_the_first_turns_draw():
    state = fresh([["zeus", "hoplites"], ["hades", "spartans"], ["ares", "amazons"]], lead=1)
    assert state.draws == [1, 1, 1, 2, 2, 2, 0, 0, 0, 1]
    for _ in range(9):
        state.apply(state.chance_outcomes()[0][0])
    assert [len(h) for h in state.hand] == [6, 6, 6]
    assert state.current_player == CHANCE  # the lead player's turn draw (A2)
    state.apply(state.chance_outcomes()[0][0])
    assert [len(h) for h in state.hand] == [6, 7, 6]
    assert state.current_player == 1 and state.step == PASS_OR_GO


# --- the turn ------------------------------------------------------------------------------
@rules("MB-ROUND-1", "MB-TURN-D2")
def test_a_round_is_one_turn_per_player_in_the_game_from_the_lead_clockwise():
    armies = [["zeus"], ["hades"], ["ares"]]
    state = position(armies, seat=1, step=PASS_OR_GO, lead=1)
    state.round = 1
    act(state, "pass")
    assert state.draws == [1]  # the pass's second card, then the turn's end
    draw(state, "hades")
    close_window(state)
    draw(state, "ares")  # the next player's A2 draw
    assert state.turn_player == 2 and state.round == 1
    act(state, "pass")
    draw(state, "ares")
    close_window(state)
    draw(state, "zeus")
    assert state.turn_player == 0 and state.round == 1
    act(state, "pass")
    draw(state, "zeus")
    close_window(state)
    draw(state, "hades")
    assert state.turn_player == 1 and state.round == 2  # back to the lead player
    state.out[2] = True  # a player out takes no more turns
    state.invalidate_caches()
    act(state, "pass")
    draw(state, "hades")
    close_window(state)
    draw(state, "zeus")
    assert state.turn_player == 0 and state.round == 2


@rules("MB-TURN-A1")
def test_turn_start_ends_last_rounds_effects_and_this_turns_flags():
    state = position(
        at={"achilles": 7, "medusa": 7, "hoplites": 9, "spartans": 9},
        hands={0: ["achilles"]},
        seat=0,
    )
    state.pieces["achilles"].petrified_by = 1  # petrified by seat 1 (Medusa's owner)
    state.pieces["hoplites"].petrified_by = 0
    state.pieces["zeus"].evaded = True
    state.pieces["medusa"].activated = True
    state.bought[1] = ["search"]
    state.invalidate_caches()
    assert "activate achilles" not in state.legal_actions()
    end_turn(state)
    draw(state, "hades")
    # Seat 1's turn starts: the petrification seat 1's Medusa caused ends, not seat 0's.
    assert state.pieces["achilles"].petrified_by == -1
    assert state.pieces["hoplites"].petrified_by == 0
    assert not state.pieces["zeus"].evaded and not state.pieces["medusa"].activated
    assert state.bought == [[], []]
    assert state.activations == 0


@rules("MB-TURN-A2")
def test_the_active_player_draws_one_card_at_the_start_of_the_turn():
    state = position(hands={0: ["zeus"], 1: ["hades"]})
    end_turn(state)
    assert state.current_player == CHANCE and state.draws == [1]
    assert dict(state.chance_outcomes()) == pytest.approx(
        {"draw hades": 3 / 10, "draw medusa": 2 / 10, "draw spartans": 2 / 10, "draw aow": 3 / 10}
    )
    draw(state, "medusa")
    assert state.hand[1] == ["hades", "medusa"]
    assert state.step == PASS_OR_GO and state.current_player == 1


@rules("MB-TURN-A3")
def test_pass_draws_a_second_card_and_ends_the_turn_continue_plays_it():
    state = position(step=PASS_OR_GO, hands={0: ["zeus"]})
    legal = state.legal_actions()
    assert legal[:2] == ["continue", "pass"]
    act(state, "pass")
    assert state.draws == [0]
    draw(state, "aow")
    assert state.hand[0] == ["aow", "zeus"]
    close_window(state)
    draw(state, "hades")
    assert state.turn_player == 1 and state.step == PASS_OR_GO
    act(state, "continue")
    assert state.step == ACTIVATE_FIRST and state.current_player == 1


@rules("MB-TURN-B1")
def test_b1_activate_a_unit_or_end_to_d1():
    state = position(hands={0: ["zeus", "achilles", "aow"]})
    assert state.legal_actions() == [
        "activate zeus", "activate achilles", "end", "draw-cards 1", "draw-cards 2",
        "search achilles", "search aow", "search hoplites", "search zeus",
    ]  # fmt: skip
    act(state, "end")
    # D1 is asked: Search for Card is still open (nothing to recall).
    assert state.step == RECALL
    assert state.legal_actions()[0] == "end"
    act(state, "end")
    assert state.turn_player == 1


@rules("MB-TURN-B2")
def test_activating_discards_one_activation_card():
    state = position(hands={0: ["zeus", "zeus"]})
    act(state, "activate zeus")
    assert state.hand[0] == ["zeus"] and state.discard[0] == ["zeus"]
    assert state.pieces["zeus"].activated


@rules("MB-TURN-B3", "MB-RULING-OFF-MAP")
def test_simple_or_complex_is_asked_only_when_both_are_possible():
    state = position(hands={0: ["zeus", "achilles", "aow"]})
    act(state, "activate achilles")  # off the map: only ENTER
    assert state.step == COMPLEX
    assert answers(state) == ["enter 1", "enter 6", "enter 11", "enter 16"]
    act(state, "enter 11")
    assert area(state, "achilles") == 11 and state.pieces["achilles"].entered
    act(state, "activate zeus")
    assert state.step == MODE
    assert state.legal_actions() == ["simple", "complex"]
    # A unit with no complex action (nothing to RUN to, nothing to absorb) goes simple.
    state = position(
        [["zeus", "hoplites"], ["hades", "leonidas"]],
        at={"hoplites": 7, "leonidas": 7},
        hands={0: ["hoplites"]},
    )
    act(state, "activate hoplites", "block")  # held by Block: no RUN, troops never ABSORB
    assert state.step == ACTIONS
    assert state.legal_actions()[:2] == ["attack leonidas", "done"]


@rules("MB-TURN-B4")
def test_start_of_activation_powers_resolve_for_simple_actions_only():
    armies = [["zeus", "hydra"], ["hades", "medusa"]]
    state = position(armies, at={"hydra": 12}, vitality={"hydra": 5}, hands={0: ["hydra"] * 2})
    activate(state, "hydra", "simple")
    assert vitality(state, "hydra") == 6
    state = position(armies, at={"hydra": 12}, vitality={"hydra": 5}, hands={0: ["hydra"]})
    activate(state, "hydra", "complex")
    assert vitality(state, "hydra") == 5  # RUN: no start-of-activation power


@rules("MB-TURN-B5")
def test_up_to_two_different_simple_actions_then_done():
    state = position(at={"achilles": 7}, omphalos=[7], hands={0: ["achilles", "aow"]})
    activate(state, "achilles")
    assert "claim 7" in state.legal_actions() and "done" in state.legal_actions()
    act(state, "claim 7")
    legal = state.legal_actions()
    assert not any(a.startswith("claim") for a in legal)  # different actions only
    assert "move 12" in legal
    act(state, "move 12")
    # Two actions: the activation ended by itself, back to the turn (C1).
    assert state.activation is None and state.step == ACTIVATE_SECOND
    assert area(state, "achilles") == 12 and state.pieces["achilles"].carrying
    state = position(at={"achilles": 7}, hands={0: ["achilles", "aow"]})
    activate(state, "achilles")
    act(state, "done")
    assert state.activation is None and state.step == ACTIVATE_SECOND


@rules("MB-TURN-B6", "MB-TAL-LEADER")
def test_leader_at_the_end_of_the_activation_fetches_and_activates_troops():
    armies = [["athena", "hoplites", "amazons"], ["hades", "spartans"]]
    state = position(armies, at={"athena": 7, "hoplites": 7, "amazons": 12}, hands={0: ["athena"]})
    act(state, "activate athena", "simple", "done")
    assert state.step == LEAD
    assert state.legal_actions() == ["lead hoplites", "decline"]  # only troops in her area
    act(state, "lead hoplites")
    # The troops' owner may search the deck for an activation card: a decision of theirs.
    assert state.step == LEAD_FETCH and state.current_player == 0
    assert state.legal_actions() == ["fetch hoplites", "decline"]
    act(state, "fetch hoplites")
    assert state.hand[0] == ["hoplites"] and state.known[0] == ["hoplites"]
    assert state.deck[0].count("hoplites") == 1
    assert state.step == LEAD_ACTIVATE
    assert state.legal_actions() == ["activate hoplites", "decline"]
    act(state, "activate hoplites")  # no Art of War card needed
    assert state.activation.unit == "hoplites" and state.activations == 2
    assert state.discard[0] == ["athena", "hoplites"]
    act(state, "simple", "move 12", "done")
    # Two activations of seat 0's own army: no C1; D1 has nothing to offer (no card left).
    assert state.turn_player == 1 and state.draws == [1]
    # Declining the fetch: the activation is still offered, with a card already in hand.
    state = position(
        armies, at={"athena": 7, "hoplites": 7}, hands={0: ["athena", "hoplites"]}, decks={0: []}
    )
    act(state, "activate athena", "simple", "done", "lead hoplites")
    assert state.legal_actions() == ["decline"]  # none in the deck to fetch
    act(state, "decline")
    assert state.legal_actions() == ["activate hoplites", "decline"]


@rules("MB-TAL-LEADER", "MB-ACT-1", "MB-ACT-2", "MB-ACT-3")
def test_leader_fetches_for_troops_that_cannot_activate_now():
    armies = [["athena", "hoplites", "amazons"], ["hades", "spartans"]]
    # The Hoplites activated this turn and the Amazons are petrified: the fetch is still theirs.
    state = position(
        armies, at={"athena": 7, "hoplites": 7, "amazons": 7}, hands={0: ["hoplites", "athena"]}
    )
    state.pieces["amazons"].petrified_by = 1
    act(state, "activate hoplites", "simple", "done")
    act(state, "activate athena", "simple", "done")
    assert state.legal_actions() == ["lead hoplites", "lead amazons", "decline"]
    act(state, "lead amazons", "fetch amazons")
    assert "amazons" in state.hand[0] and state.known[0] == ["amazons"]
    assert state.step == RECALL  # no activation offered: the Amazons are petrified
    # At the limit of two activations the Leader's own troops are fetched for, not activated.
    state = position(
        armies, at={"athena": 7, "hoplites": 7}, hands={0: ["amazons", "athena", "aow"]}
    )
    state.pieces["amazons"].area = 12
    act(state, "activate amazons", "simple", "done", "activate athena", "simple", "done")
    assert state.activations == 2
    act(state, "lead hoplites", "fetch hoplites")
    assert "hoplites" in state.hand[0] and state.step == RECALL


@rules("MB-TAL-LEADER")
def test_leader_on_an_allys_troops_does_not_count_for_the_active_player():
    armies = [["athena", "hoplites"], ["hades", "spartans"], ["zeus", "amazons"], ["ares"]]
    # Hoplites beside Athena: Tactician makes their second activation free, so C1 is asked.
    near = {"athena": 14, "amazons": 14, "hoplites": 13}
    state = position(armies, at=near, hands={0: ["athena"]})
    act(state, "activate athena", "simple", "done")
    assert state.legal_actions() == ["lead amazons", "decline"]
    act(state, "lead amazons")
    assert state.current_player == 2  # the ally decides whether to search the deck
    assert state.step == LEAD_FETCH and state.legal_actions() == ["fetch amazons", "decline"]
    act(state, "fetch amazons")
    assert state.hand[2] == ["amazons"] and state.known[2] == ["amazons"]
    assert state.current_player == 2  # and whether to activate them
    assert state.legal_actions() == ["activate amazons", "decline"]
    act(state, "activate amazons")
    assert state.activations == 1  # the ally's activation does not count
    act(state, "simple", "done")
    assert state.current_player == 0 and state.step == ACTIVATE_SECOND
    # The ally may decline the search; without a card they can only decline the activation.
    state = position(armies, at=near, hands={0: ["athena"]})
    act(state, "activate athena", "simple", "done", "lead amazons")
    assert state.current_player == 2
    act(state, "decline")
    assert state.hand[2] == [] and state.step == LEAD_ACTIVATE
    assert state.legal_actions() == ["decline"]
    act(state, "decline")
    assert state.step == ACTIVATE_SECOND


@rules("MB-TURN-B7")
def test_a_complex_action_ends_the_activation_and_strips_talents():
    armies = [["zeus", "heracles"], ["hades", "medusa"]]
    state = position(armies, at={"heracles": 12}, hands={0: ["heracles"] * 2})
    activate(state, "heracles", "simple")
    assert "move 17" in state.legal_actions()  # Climb crosses the cliff 12|17
    state = position(armies, at={"heracles": 12}, hands={0: ["heracles", "aow"]})
    activate(state, "heracles", "complex")
    legal = state.legal_actions()
    # RUN: Movement 2 + 2 but no Climb: no 8 (impenetrable), 17 only around the cliff.
    assert "run 8" not in legal and "run 17" in legal
    assert stats.stripped(state, state.pieces["heracles"])
    act(state, "run 17")
    assert state.activation is None and state.step == ACTIVATE_SECOND


@rules("MB-TURN-C1", "MB-MAN-3")
def test_a_second_activation_costs_an_art_of_war_card():
    state = position(at={"achilles": 11}, hands={0: ["zeus", "achilles", "aow"]})
    act(state, "activate zeus", "simple", "done")
    assert state.step == ACTIVATE_SECOND
    assert state.legal_actions()[:2] == ["activate achilles", "end"]
    act(state, "activate achilles")
    assert state.hand[0] == [] and sorted(state.discard[0]) == ["achilles", "aow", "zeus"]
    assert "second" in state.bought[0]
    # Without a card to pay, no second activation is offered.
    state = position(at={"achilles": 11}, hands={0: ["zeus", "achilles"]}, decks={0: []})
    act(state, "activate zeus", "simple", "done")
    assert state.step == ACTIVATE_SECOND  # asked: seat 0 holds a card (it might be AoW)
    assert state.legal_actions() == ["end"]
    # Nothing to do at C1 at all (no card, empty deck): skipped to D1, then the turn ends.
    state = position(hands={0: ["zeus"]}, decks={0: []})
    act(state, "activate zeus", "simple", "done")
    assert state.turn_player == 1


@rules("MB-TURN-D1", "MB-MAN-4")
def test_recall_brings_troops_back_complete_to_the_divinity_and_ends_the_turn():
    state = position(
        at={"zeus": 12, "hoplites": 19},
        omphalos=[],
        vitality={"hoplites": 1},
        hands={0: ["aow"]},
        decks={0: []},
    )
    state.pieces["hoplites"].carrying = True
    state.pieces["hoplites"].petrified_by = 1
    act(state, "end")
    assert state.step == RECALL
    assert state.legal_actions() == ["recall hoplites", "end"]
    act(state, "recall hoplites")
    hoplites = state.pieces["hoplites"]
    assert hoplites.area == 12 and hoplites.vitality == 3 and stats.complete(hoplites)
    assert not hoplites.carrying and state.omphalos[19] == 1  # dropped first
    assert hoplites.petrified_by == -1
    assert state.turn_player == 1  # the turn ended
    assert state.hand[0] == []


@rules("MB-MAN-4")
def test_recall_needs_entered_unactivated_troops_and_room_even_for_dead_troops():
    state = position(at={"zeus": 12}, hands={0: ["aow"]}, decks={0: []})
    hoplites = state.pieces["hoplites"]
    hoplites.entered, hoplites.dead, hoplites.vitality = True, True, 0  # killed earlier
    state.invalidate_caches()
    act(state, "end")
    assert state.legal_actions() == ["recall hoplites", "end"]
    act(state, "recall hoplites")
    assert hoplites.area == 12 and not hoplites.dead and hoplites.vitality == 3
    # Never entered: no recall (D1 is skipped, the turn ends).
    state = position(at={"zeus": 12}, hands={0: ["aow"]}, decks={0: []})
    act(state, "end")
    assert state.turn_player == 1
    # The divinity's area is full: no recall.
    armies = [["zeus", "hoplites", "achilles"], ["hades", "spartans", "medusa"]]
    state = position(
        armies,
        at={"zeus": 12, "hoplites": 19, "achilles": 12, "spartans": 12, "medusa": 12},
        hands={0: ["aow"]},
        decks={0: []},
    )
    act(state, "end")
    assert state.turn_player == 1


@rules("MB-ACT-1")
def test_at_most_two_activations_a_turn():
    state = position(
        at={"achilles": 11, "hoplites": 1}, hands={0: ["zeus", "achilles", "hoplites", "aow"] * 2}
    )
    act(state, "activate zeus", "simple", "done", "activate achilles", "simple", "done")
    # Two activations: no C1 again; D1 (Search is open) then the turn ends.
    assert state.step == RECALL
    assert not any(a.startswith("activate") for a in state.legal_actions())


@rules("MB-ACT-2")
def test_a_unit_activates_at_most_once_a_turn():
    state = position(at={"achilles": 11}, hands={0: ["zeus", "zeus", "aow"]})
    act(state, "activate zeus", "simple", "done")
    assert "activate zeus" not in state.legal_actions()


@rules("MB-ACT-3")
def test_activating_needs_a_card_and_a_live_unpetrified_unit():
    state = position(at={"achilles": 11, "hoplites": 1}, hands={0: ["achilles", "hoplites"]})
    assert state.legal_actions()[:2] == ["activate achilles", "activate hoplites"]
    state.pieces["achilles"].petrified_by = 1
    hoplites = state.pieces["hoplites"]
    hoplites.area, hoplites.dead = OFF_MAP, True
    state.invalidate_caches()
    assert not any(a.startswith("activate") for a in state.legal_actions())
    state = position(at={"achilles": 11}, hands={0: ["hoplites"]})
    assert "activate achilles" not in state.legal_actions()  # no card


# --- manoeuvres ----------------------------------------------------------------------------
@rules("MB-MAN-1")
def test_draw_cards_one_or_two_in_the_players_own_steps_b_and_c():
    state = position(hands={0: ["aow", "zeus"]})
    act(state, "draw-cards 2")
    assert state.hand[0] == ["zeus"] and state.discard[0] == ["aow"]
    assert state.draws == [0, 0]
    draw(state, "achilles", "hoplites")
    assert state.hand[0] == ["achilles", "hoplites", "zeus"]
    assert state.step == ACTIVATE_FIRST
    assert not any(a.startswith("draw-cards") for a in state.legal_actions())  # once a turn
    # Not at A3 nor D1.
    state = position(step=PASS_OR_GO, hands={0: ["aow"]})
    assert not any(a.startswith("draw-cards") for a in state.legal_actions())
    state = position(step=RECALL, at={"zeus": 12, "hoplites": 19}, hands={0: ["aow"]})
    assert "recall hoplites" in state.legal_actions()
    assert not any(a.startswith("draw-cards") for a in state.legal_actions())


@rules("MB-MAN-1", "MB-MAN-7")
def test_draw_cards_at_every_decision_of_steps_b_and_c_and_not_in_other_players_questions():
    # B3 (simple or complex), then B7 (the complex action) once it is bought.
    state = position(at={"achilles": 12}, hands={0: ["achilles", "aow", "aow"]})
    act(state, "activate achilles")
    assert answers(state) == ["simple", "complex"]
    assert "draw-cards 1" in state.legal_actions()
    act(state, "draw-cards 1")
    draw(state, "hoplites")
    assert state.step == MODE and "hoplites" in state.hand[0]
    act(state, "complex")
    assert not any(a.startswith("draw-cards") for a in state.legal_actions())  # once a turn
    state = position(at={"achilles": 12}, hands={0: ["achilles", "aow"]})
    act(state, "activate achilles", "complex")
    assert state.step == COMPLEX and "draw-cards 2" in state.legal_actions()
    # The player's own ATTACK questions are in step B too: draw, then answer the question.
    armies = [["zeus", "medusa"], ["hades", "spartans"]]
    state = position(armies, at={"medusa": 12, "spartans": 13}, hands={0: ["medusa", "aow"]})
    act(state, "activate medusa", "simple", "attack spartans")
    roll(state, 3, 3, 1, 1)
    assert phase(state) == "gaze" and "draw-cards 2" in state.legal_actions()
    act(state, "draw-cards 2")
    draw(state, "aow", "zeus")
    assert phase(state) == "gaze" and answers(state) == ["gaze", "decline"]
    act(state, "gaze")
    assert state.pieces["spartans"].petrified_by == 0
    # The Leader step (B6).
    armies = [["athena", "hoplites"], ["hades", "spartans"]]
    state = position(armies, at={"athena": 7, "hoplites": 7}, hands={0: ["athena", "aow"]})
    act(state, "activate athena", "simple", "done")
    assert state.step == LEAD and "draw-cards 1" in state.legal_actions()
    # Another player's questions in the active player's turn: no Draw Cards for them.
    armies = [["zeus", "achilles"], ["hades", "medusa"]]
    state = position(armies, at={"achilles": 12, "medusa": 12}, hands={0: ["achilles"], 1: ["aow"]})
    activate(state, "achilles")
    act(state, "attack medusa")
    roll(state, 1, 1, 1, 1, 1)
    assert state.current_player == 1 and phase(state) == "retaliate"
    assert not any(a.startswith("draw-cards") for a in state.legal_actions())


@rules("MB-MAN-2", "MB-RULING-SEARCH")
def test_mb_ruling_search_the_card_taken_stays_hidden_from_the_others():
    state = position(hands={0: ["aow"]})
    act(state, "search achilles")
    assert state.hand[0] == ["achilles"] and state.known[0] == []
    assert state.deck[0].count("achilles") == 1 and state.discard[0] == ["aow"]
    assert not any(a.startswith("search") for a in state.legal_actions())  # bought this turn
    # The searcher sees the card; the other player and spectators see that a search was
    # bought (the Art of War card paid is face up), not what it took.
    assert state.view(0)["log"][-1] == "search achilles"
    for observer in (1, None):
        theirs = state.view(observer)
        assert theirs["log"][-1] == "search ?"
        assert theirs["players"][0]["known_hand"] == []
        assert theirs["players"][0]["discard"] == ["aow"]
    # Another card taken leaves the others' views the same.
    other = position(hands={0: ["aow"]})
    act(other, "search zeus")
    assert other.view(1) == state.view(1) and other.view(None) == state.view(None)


@rules("MB-MAN-5", "MB-MAN-7")
def test_powers_are_manoeuvres_bought_once_a_turn_by_each_player():
    state = position(at={"zeus": 7, "medusa": 17}, hands={0: ["zeus", "zeus", "aow", "aow", "aow"]})
    activate(state, "zeus")
    assert "thunderbolt 17" in state.legal_actions()
    act(state, "thunderbolt 17")
    assert state.hand[0] == ["aow", "zeus"] and state.bought[0] == ["thunderbolt"]
    assert state.attacks[-1].area_attack
    # Each player buys each manoeuvre once a turn, whoever's turn it is: seat 1 searches
    # during seat 0's turn, and could not again.
    state = position(at={"achilles": 7, "medusa": 7}, hands={0: ["achilles"], 1: ["aow", "aow"]})
    act(state, "activate achilles", "simple", "attack medusa")
    roll(state, 1, 1, 1, 1, 1)
    assert "search hades" in state.legal_actions()
    act(state, "search hades")
    assert state.bought == [[], ["search"]]
    assert not any(a.startswith("search") for a in state.legal_actions())
    assert state.legal_actions() == ["retaliate", "decline"]


@rules("MB-MAN-6", "MB-FLY-1")
def test_evade_a_flying_unit_and_the_attacker_may_choose_another_target():
    armies = [["hades", "achilles", "hoplites"], ["zeus", "medusa", "spartans"]]
    state = position(
        armies,
        at={"achilles": 12, "zeus": 12, "medusa": 12, "hades": 6},
        hands={0: ["achilles"], 1: ["aow"]},
    )
    act(state, "activate achilles", "simple", "attack zeus")
    assert state.current_player == 1 and phase(state) == "evade"
    assert state.legal_actions()[:2] == ["evade", "decline"]
    act(state, "evade")
    assert state.pieces["zeus"].evaded and state.hand[1] == []
    assert state.current_player == 0
    assert state.legal_actions() == ["attack medusa", "decline"]
    act(state, "attack medusa")
    assert state.attacks[-1].targets == ["medusa"]
    assert dice_awaited(state) == 5
    roll(state, 1, 1, 1, 1, 1)
    act(state, "decline")  # Medusa does not retaliate
    # Zeus cannot be the target of a Range 0 ATTACK by a non-flying unit this turn.
    assert "attack zeus" not in state.legal_actions()


@rules("MB-MAN-6")
def test_an_evaded_attack_with_no_other_target_is_taken_but_wasted():
    armies = [["hades", "achilles", "hoplites"], ["zeus", "medusa", "spartans"]]
    state = position(armies, at={"achilles": 12, "zeus": 12}, hands={0: ["achilles"], 1: ["aow"]})
    act(state, "activate achilles", "simple", "attack zeus", "evade")
    assert not state.attacks and vitality(state, "zeus") == UNITS["zeus"].vitality
    assert state.activation.done == ["attack"]  # the ATTACK was taken
    # The attacker may also decline another target.
    state = position(
        armies, at={"achilles": 12, "zeus": 12, "medusa": 12}, hands={0: ["achilles"], 1: ["aow"]}
    )
    act(state, "activate achilles", "simple", "attack zeus", "evade", "decline")
    assert not state.attacks and vitality(state, "medusa") == 5


@rules("MB-MAN-6", "MB-RULING-PUBLIC-PROMPTS")
def test_evade_is_asked_if_the_player_holds_a_card_only_decline_without_art_of_war():
    armies = [["hades", "achilles", "hoplites"], ["zeus", "medusa", "spartans"]]
    state = position(armies, at={"achilles": 12, "zeus": 12}, hands={0: ["achilles"], 1: ["zeus"]})
    act(state, "activate achilles", "simple", "attack zeus")
    assert state.current_player == 1 and phase(state) == "evade"
    assert state.legal_actions()[0] == "decline" and "evade" not in state.legal_actions()
    # With no card at all the question is not asked.
    state = position(armies, at={"achilles": 12, "zeus": 12}, hands={0: ["achilles"]})
    act(state, "activate achilles", "simple", "attack zeus")
    assert phase(state) != "evade"


@rules("MB-MAN-6")
def test_no_evade_against_a_flying_attacker_or_at_range():
    armies = [["zeus", "achilles"], ["hades", "medusa"]]
    state = position(armies, at={"zeus": 12, "medusa": 12}, hands={0: ["zeus"], 1: ["aow"]})
    activate(state, "zeus")
    act(state, "attack medusa")
    assert dice_awaited(state) == 5  # Medusa does not fly: no Evade


# --- talents -------------------------------------------------------------------------------
def test_every_talent_has_a_rule_id():
    text = (RULES_MD).read_text()
    for talent in TALENTS:
        assert f"**MB-TAL-{talent.upper()}**" in text


@rules("MB-TAL-ARCHER", "MB-TAL-OPTIONAL")
def test_archer_adds_a_die_at_range_one_or_more():
    armies = [["zeus", "medusa"], ["hades", "achilles"]]
    state = position(armies, at={"medusa": 12, "achilles": 13}, hands={0: ["medusa"]})
    assert first_dice(state, "medusa", "achilles") == 4  # Offence 3 + Archer
    state = position(armies, at={"medusa": 12, "achilles": 12}, hands={0: ["medusa"]})
    assert first_dice(state, "medusa", "achilles") == 3


@rules("MB-TAL-BLOCK", "MB-TAL-OPTIONAL")
def test_mb_tal_optional_block_holds_or_lets_go_as_its_owner_decides():
    armies = [["zeus", "hoplites", "cerberus"], ["hades", "leonidas"]]
    at = {"hoplites": 12, "leonidas": 12}
    state = position(armies, at=at, omphalos=[12], hands={0: ["hoplites", "aow"]})
    act(state, "activate hoplites")
    # Leonidas's Block would stop a move out and the CLAIM: his owner decides.
    assert state.step == BLOCK and state.current_player == 1
    assert answers(state) == ["block", "decline"]
    act(state, "block")
    assert state.legal_actions()[:2] == ["attack leonidas", "done"]  # no move, no claim
    # Let go: for this activation the Hoplites move out and claim like any unit.
    state = position(armies, at=at, omphalos=[12], hands={0: ["hoplites", "aow"]})
    act(state, "activate hoplites", "decline")
    assert state.step == MODE  # RUN is open now
    act(state, "simple")
    assert "claim 12" in state.legal_actions() and "move 13" in state.legal_actions()
    act(state, "claim 12", "move 13")
    assert state.pieces["hoplites"].carrying and area(state, "hoplites") == 13
    # A flying unit is never held: no question. A unit with Block ignores it, but not while
    # it takes a complex action (no talents then, MB-TURN-B7): its RUN is at stake.
    state = position(armies, at={"zeus": 12, "leonidas": 12}, hands={0: ["zeus"]})
    act(state, "activate zeus")
    assert state.step == MODE
    state = position(
        armies, at={"cerberus": 12, "leonidas": 12}, omphalos=[12], hands={0: ["cerberus"]}
    )
    act(state, "activate cerberus")
    assert state.step == BLOCK
    act(state, "block")  # no RUN: simple actions at once
    assert state.step == ACTIONS and "claim 12" in state.legal_actions()
    assert "move 13" in state.legal_actions()  # with its talents again, Block ignores it
    # Block is no help to the blocker's own side: friends move and claim freely.
    state = position(
        [["zeus", "leonidas", "hoplites"], ["hades"]],
        at={"hoplites": 12, "leonidas": 12},
        omphalos=[12],
        hands={0: ["hoplites"]},
    )
    act(state, "activate hoplites")
    assert state.step == MODE
    act(state, "simple")
    assert "claim 12" in state.legal_actions() and "move 13" in state.legal_actions()


@rules("MB-TAL-BLOCK", "MB-TAL-OPTIONAL")
def test_mb_tal_optional_block_is_asked_when_it_would_stop_something_once_an_activation():
    # The Hoplites move into Leonidas's area (and stop there, MB-MOVE-3): nothing to ask
    # until an omphalos there is at stake; the answer then lasts the activation.
    armies = [["zeus", "hoplites"], ["hades", "leonidas"]]
    state = position(armies, at={"hoplites": 11, "leonidas": 12}, hands={0: ["hoplites"]})
    act(state, "activate hoplites", "simple", "move 12")
    assert state.step == ACTIONS and state.current_player == 0  # no move left, no omphalos
    state = position(
        armies, at={"hoplites": 11, "leonidas": 12}, omphalos=[12], hands={0: ["hoplites"]}
    )
    act(state, "activate hoplites", "simple", "move 12")
    assert state.step == BLOCK and state.current_player == 1
    act(state, "decline")
    assert "claim 12" in state.legal_actions()
    assert state.activation.block == {1: False}
    # Only what the unit may still do counts: a carrier cannot CLAIM, so the question is
    # about its move out alone.
    state = position(armies, at={"hoplites": 12, "leonidas": 12}, hands={0: ["hoplites"]})
    state.pieces["hoplites"].carrying = True
    act(state, "activate hoplites")
    assert state.step == BLOCK  # a move out is still at stake
    act(state, "block")
    assert answers(state) == ["attack leonidas", "done"]


@rules("MB-TAL-BOLSTER")
def test_bolster_gives_friendly_troops_in_the_area_offence_and_defence():
    armies = [["zeus", "leonidas", "hoplites"], ["hades", "medusa"]]
    state = position(armies, at={"hoplites": 12, "medusa": 12}, hands={0: ["hoplites"]})
    assert first_dice(state, "hoplites", "medusa") == 2
    state = position(
        armies, at={"hoplites": 12, "leonidas": 12, "medusa": 12}, hands={0: ["hoplites"]}
    )
    hoplites = state.pieces["hoplites"]
    assert stats.defence(state, hoplites, state.pieces["medusa"], 0) == 4
    assert first_dice(state, "hoplites", "medusa") == 3
    # Only troops are bolstered.
    assert stats.offence(state, state.pieces["zeus"], 1) == 6  # Zeus 5 + Archer, elsewhere


@rules("MB-TAL-BOLSTER")
def test_mb_tal_bolster_two_bolster_units_give_their_bonus_each():
    armies = [["athena", "leonidas", "hoplites"], ["hades", "medusa"]]
    state = position(
        armies,
        at={"athena": 12, "leonidas": 12, "hoplites": 12, "medusa": 12},
        hands={0: ["hoplites"]},
    )
    hoplites = state.pieces["hoplites"]
    assert stats.defence(state, hoplites, state.pieces["medusa"], 0) == 5  # 3 + 1 + 1
    assert first_dice(state, "hoplites", "medusa") == 4  # 2 + 1 + 1


@rules("MB-TAL-CLIMB", "MB-TERRAIN-1")
def test_climb_enters_impenetrable_areas_and_crosses_cliffs():
    armies = [["zeus", "heracles", "hoplites"], ["hades", "medusa"]]
    state = position(armies, at={"heracles": 12, "hoplites": 12})
    assert stats.destinations(state, state.pieces["heracles"], 2) == [
        2, 6, 7, 8, 11, 13, 14, 16, 17, 18,
    ]  # fmt: skip
    # Without Climb: not into 8, and 17 not straight across the cliff 12|17.
    assert stats.destinations(state, state.pieces["hoplites"], 2) == [2, 6, 7, 11, 13, 14, 16, 18]
    assert stats.destinations(state, state.pieces["hoplites"], 1) == [7, 11, 13]


@rules("MB-TAL-CLOSE-PROTECTION")
def test_close_protection_adds_defence_with_a_friend_in_the_area():
    armies = [["zeus", "achilles"], ["hades", "medusa", "spartans"]]
    state = position(armies, at={"achilles": 12, "medusa": 12})
    medusa, achilles = state.pieces["medusa"], state.pieces["achilles"]
    assert stats.defence(state, medusa, achilles, 0) == 2
    state.pieces["spartans"].area = 12
    assert stats.defence(state, medusa, achilles, 0) == 3


@rules("MB-TAL-CLOSE-COMBAT")
def test_close_combat_adds_a_die_at_range_zero():
    armies = [["zeus", "achilles"], ["hades", "medusa"]]
    state = position(armies, at={"achilles": 12, "medusa": 12}, hands={0: ["achilles"]})
    assert first_dice(state, "achilles", "medusa") == 5
    assert stats.offence(state, state.pieces["achilles"], 1) == 4


@rules("MB-TAL-FORCE-OF-NATURE", "MB-TERRAIN-3")
def test_force_of_nature_uproots_a_tree_for_offence_and_range_for_good():
    armies = [["zeus", "minotaur"], ["hades", "medusa"]]
    state = position(armies, at={"minotaur": 16, "medusa": 11}, trees=[16], hands={0: ["minotaur"]})
    activate(state, "minotaur")
    legal = state.legal_actions()
    assert "uproot tree" in legal and "uproot ruin" not in legal
    assert not any(a.startswith("attack") for a in legal)  # Range 0: Medusa is 1 away
    act(state, "uproot tree")
    assert state.trees[16] == 0
    assert state.legal_actions() == ["attack medusa"]
    act(state, "attack medusa")
    assert dice_awaited(state) == 5  # Offence 4 + Force of Nature (no Close Combat at range)
    roll(state, 1, 1, 1, 1, 1)
    assert state.activation.uprooted
    assert stats.attack_range(state, state.pieces["minotaur"]) == 1  # for the activation
    assert "uproot tree" not in state.legal_actions()


@rules("MB-TAL-FORCE-OF-NATURE", "MB-ATTACK-9")
def test_force_of_nature_on_a_retaliation_minotaur_and_centaurs():
    # The Minotaur retaliates from an area with a tree: he may uproot it for +1 Offence.
    armies = [["zeus", "achilles"], ["hades", "minotaur", "centaurs"]]
    state = position(
        armies, at={"achilles": 16, "minotaur": 16}, trees=[16], hands={0: ["achilles"]}
    )
    activate(state, "achilles")
    act(state, "attack minotaur")
    roll(state, 1, 1, 1, 1, 1)  # Achilles: Offence 4 + Close Combat, all blank
    act(state, "retaliate")
    assert phase(state) == "uproot" and state.current_player == 1
    assert state.legal_actions() == ["uproot tree", "decline"]
    act(state, "uproot tree")
    assert state.trees[16] == 0
    assert dice_awaited(state) == 6  # Offence 4 + Close Combat + Force of Nature
    roll(state, 3, 3, 3, 3, 3, 3)  # 6 hits / Defence 5 (3 + Nearly Invulnerable) = 1 wound
    assert vitality(state, "achilles") == UNITS["achilles"].vitality - 1
    assert not state.attacks and state.activation.unit == "achilles"
    # The bonus was that ATTACK's alone: the Minotaur's next retaliation has none.
    assert stats.offence(state, state.pieces["minotaur"], 0, retaliation=True) == 5
    # The Centaurs in a ruin may decline; the ruin stays and they roll their Offence.
    state = position(
        armies, at={"achilles": 13, "centaurs": 13}, ruins=[13], hands={0: ["achilles"]}
    )
    activate(state, "achilles")
    act(state, "attack centaurs")
    roll(state, 1, 1, 1, 1, 1)
    act(state, "retaliate")
    assert state.legal_actions() == ["uproot ruin", "decline"]
    act(state, "decline")
    assert state.ruins[13] == 1 and dice_awaited(state) == 3  # no Archer at Range 0
    # Without a ruin or tree in the area the question is not asked.
    state = position(armies, at={"achilles": 12, "minotaur": 12}, hands={0: ["achilles"]})
    activate(state, "achilles")
    act(state, "attack minotaur")
    roll(state, 1, 1, 1, 1, 1)
    act(state, "retaliate")
    assert phase(state) != "uproot" and dice_awaited(state) == 5


@rules("MB-TAL-GEM-COLLECTOR")
def test_gem_collector_claims_in_its_surroundings():
    armies = [["zeus", "infernal-hounds", "hoplites"], ["hades", "leonidas"]]
    state = position(
        armies,
        at={"infernal-hounds": 12, "hoplites": 12, "leonidas": 13},
        omphalos=[7, 13, 18, 12],
        hands={0: ["infernal-hounds", "hoplites", "aow"]},
    )
    act(state, "activate infernal-hounds", "block", "simple")  # Leonidas's owner holds 13
    claims = [a for a in state.legal_actions() if a.startswith("claim")]
    assert claims == ["claim 7", "claim 12"]  # 13: Leonidas's Block; 18 is 2 away
    act(state, "claim 7", "done")
    assert state.omphalos[7] == 0 and state.pieces["infernal-hounds"].carrying
    act(state, "activate hoplites", "simple")
    assert [a for a in state.legal_actions() if a.startswith("claim")] == ["claim 12"]


@rules("MB-TAL-GUARD", "MB-RULING-GUARD-ORDER", "MB-TAL-OPTIONAL")
def test_guard_takes_the_attack_for_a_friend_owner_first_then_allies_clockwise():
    armies = [["hades", "medusa"], ["zeus", "hoplites"], ["ares"], ["athena", "amazons"]]
    state = position(
        armies,
        at={"medusa": 20, "zeus": 20, "hoplites": 20, "athena": 20},
        hands={0: ["medusa"]},
    )
    act(state, "activate medusa", "simple", "attack zeus")
    assert phase(state) == GUARD
    assert state.current_player == 1  # the target's owner first
    assert state.legal_actions() == ["guard hoplites", "decline"]
    act(state, "decline")
    assert state.current_player == 3  # then its ally (seat 3), clockwise
    assert state.legal_actions() == ["guard athena", "decline"]
    act(state, "guard athena")
    assert state.attacks[-1].targets == ["athena"]
    assert dice_awaited(state) == 3  # the ATTACK goes on against the guard
    roll(state, 6, 6, 6)
    roll(state, 3, 3, 3)  # 6 hits / Defence 3 = 2 wounds
    assert vitality(state, "athena") == UNITS["athena"].vitality - 2
    assert vitality(state, "zeus") == UNITS["zeus"].vitality


@rules("MB-TAL-GUARD")
def test_a_petrified_guard_does_not_guard():
    armies = [["hades", "medusa"], ["zeus", "hoplites"]]
    state = position(armies, at={"medusa": 20, "zeus": 20, "hoplites": 20}, hands={0: ["medusa"]})
    state.pieces["hoplites"].petrified_by = 0
    act(state, "activate medusa", "simple", "attack zeus")
    assert phase(state) != GUARD


@rules("MB-TAL-INITIATIVE")
def test_initiative_retaliates_before_the_attack_which_goes_on_if_it_still_can():
    armies = [["hades", "spartans"], ["zeus", "achilles"]]
    state = position(armies, at={"spartans": 12, "achilles": 12}, hands={0: ["spartans"]})
    activate(state, "spartans")
    act(state, "attack achilles")
    assert phase(state) == INITIATIVE and state.current_player == 1
    assert state.legal_actions()[:2] == ["retaliate", "decline"]
    act(state, "retaliate")
    assert state.attacks[-1].retaliation and state.attacks[-1].attacker == "achilles"
    assert dice_awaited(state) == 5
    roll(state, 3, 3, 3, 3, 1)  # 4 hits / Defence 2 = 2 wounds
    assert vitality(state, "spartans") == 1
    assert dice_awaited(state) == 4  # the Spartans go on (Offence 3 + Close Combat)
    roll(state, 1, 1, 1, 1)
    assert not state.attacks  # no second retaliation
    # Killed by the retaliation: the ATTACK does not go on.
    state = position(armies, at={"spartans": 12, "achilles": 12}, hands={0: ["spartans"]})
    activate(state, "spartans")
    act(state, "attack achilles", "retaliate")
    roll(state, 6, 6, 6, 6, 6)
    roll(state, 3, 3, 3, 3, 3)  # 10 hits / Defence 2: 5 wounds
    assert state.pieces["spartans"].dead and not state.attacks
    # An attacker with Initiative ignores it.
    armies = [["hades", "achilles"], ["zeus", "cerberus"]]
    state = position(armies, at={"cerberus": 12, "achilles": 12}, hands={0: ["achilles"]})
    act(state, "activate achilles", "block")  # held by Block: simple at once
    act(state, "attack cerberus")
    assert phase(state) != INITIATIVE and dice_awaited(state) == 5


@rules("MB-TAL-MIGHTY-THROW")
def test_mighty_throw_discards_blanks_moves_the_target_and_the_attack_resolves():
    armies = [["zeus", "heracles"], ["hades", "hydra"]]
    state = position(armies, at={"heracles": 12, "hydra": 12}, hands={0: ["heracles"]})
    state.pieces["hydra"].carrying = True
    act(state, "activate heracles", "block", "attack hydra")  # the Hydra's Block holds him
    roll(state, 1, 3, 6, 4)
    assert state.current_player == 0 and phase(state) == REROLL  # Monster Slayer first
    act(state, "keep")
    # One blank, a monster needs 2: no throw; the second assault follows.
    assert dice_awaited(state) == 1
    state = position(armies, at={"heracles": 12, "hydra": 12}, hands={0: ["heracles"]})
    state.pieces["hydra"].carrying = True
    act(state, "activate heracles", "block", "attack hydra")  # the Hydra's Block holds him
    roll(state, 1, 2, 6, 4)
    act(state, "keep")
    assert state.legal_actions() == ["throw 7", "throw 11", "throw 13", "decline"]
    act(state, "throw 11")
    assert area(state, "hydra") == 11 and state.omphalos[12] == 1
    assert not state.pieces["hydra"].carrying
    assert state.attacks[-1].dice_first == [6, 4]  # the two blanks are gone
    roll(state, 3)  # the critical's die
    # 3 hits / Defence 2 = 1 wound; thrown away, the Hydra cannot retaliate.
    assert vitality(state, "hydra") == 6 and not state.attacks


@rules("MB-TAL-MOBILITY", "MB-MOVE-2")
def test_only_mobility_moves_after_attacking():
    armies = [["zeus", "achilles", "medusa"], ["hades", "spartans"]]
    state = position(
        armies,
        at={"achilles": 12, "medusa": 12, "spartans": 12},
        hands={0: ["achilles", "medusa", "aow"]},
    )
    act(state, "activate achilles", "simple", "attack spartans")
    declines(state)
    roll(state, 1, 1, 1, 1, 1)
    declines(state)
    assert any(a.startswith("move") for a in state.legal_actions())
    act(state, "done", "activate medusa", "simple", "attack spartans")
    roll(state, 1, 1, 1)
    declines(state)
    assert state.activation.unit == "medusa"
    assert not any(a.startswith("move") for a in state.legal_actions())
    assert state.legal_actions()[0] == "done"


@rules("MB-TAL-MONSTER-SLAYER", "MB-ATTACK-4")
def test_monster_slayer_rerolls_up_to_two_dice_each_once_against_a_monster():
    armies = [["zeus", "heracles"], ["hades", "hydra", "medusa"]]
    state = position(armies, at={"heracles": 7, "hydra": 7}, hands={0: ["heracles"]})
    act(state, "activate heracles", "block", "attack hydra")  # the Hydra's Block holds him
    roll(state, 1, 1, 4, 3)
    assert state.legal_actions() == ["reroll 1", "reroll 3", "reroll 4", "keep"]
    act(state, "reroll 1")
    roll(state, 5)
    assert state.attacks[-1].dice_first == [5, 1, 4, 3]
    assert state.legal_actions() == ["reroll 1", "reroll 3", "reroll 4", "keep"]
    act(state, "reroll 1")
    roll(state, 2)
    assert state.attacks[-1].dice_first == [5, 2, 4, 3]
    # Two re-rolls used: no more questions; one blank is not enough to throw a monster.
    assert state.current_player == 1  # Hydra's retaliation question
    assert vitality(state, "hydra") == 6  # 3 hits / Defence 2 - the Hydra has no cover
    # Not against a non-monster.
    state = position(armies, at={"heracles": 7, "hades": 7}, hands={0: ["heracles"]})
    activate(state, "heracles")
    act(state, "attack hades")
    roll(state, 1, 1, 1, 1)
    assert phase(state) != REROLL


@rules("MB-TAL-PHALANX", "MB-RULING-PHALANX-SELF")
def test_phalanx_needs_another_complete_friendly_troop_unit():
    armies = [["zeus", "spartans", "hoplites"], ["hades", "medusa"]]
    state = position(armies, at={"spartans": 12, "medusa": 12}, hands={0: ["spartans"]})
    spartans, medusa = state.pieces["spartans"], state.pieces["medusa"]
    assert stats.offence(state, spartans, 0) == 4  # 3 + Close Combat, itself does not count
    assert stats.defence(state, spartans, medusa, 0) == 2
    state.pieces["hoplites"].area = 12
    assert stats.offence(state, spartans, 0) == 5
    assert stats.defence(state, spartans, medusa, 0) == 3
    assert stats.defence(state, state.pieces["hoplites"], medusa, 0) == 4  # both ways
    state.pieces["hoplites"].vitality = 2  # no longer complete
    assert stats.offence(state, spartans, 0) == 4
    assert stats.defence(state, state.pieces["hoplites"], medusa, 0) == 4  # Spartans complete


@rules("MB-TAL-SNEAK-ATTACK")
def test_sneak_attack_adds_a_die_with_a_friend_in_the_area():
    armies = [["zeus", "odysseus", "hoplites"], ["hades", "medusa"]]
    state = position(armies, at={"odysseus": 12, "medusa": 12}, hands={0: ["odysseus"]})
    odysseus = state.pieces["odysseus"]
    assert stats.offence(state, odysseus, 0) == 3
    state.pieces["hoplites"].area = 12
    assert stats.offence(state, odysseus, 0) == 4
    assert stats.offence(state, odysseus, 1) == 5  # with Archer at range


@rules("MB-TAL-TORMENT")
def test_torment_lowers_the_targets_defence_at_range_zero():
    armies = [["zeus", "hydra"], ["hades", "achilles"]]
    state = position(armies, at={"hydra": 12, "achilles": 12})
    hydra, achilles = state.pieces["hydra"], state.pieces["achilles"]
    assert stats.defence(state, achilles, hydra, 0) == 4  # 3 + 2 (own area) - 1
    assert stats.defence(state, hydra, achilles, 0) == 2
    state = position([["zeus", "hydra"], ["hades", "infernal-hounds"]], at={"hydra": 12})
    hounds = state.pieces["infernal-hounds"]
    hounds.area = 12
    assert stats.defence(state, hounds, state.pieces["hydra"], 0) == 1  # never below 1


# --- dice and the ATTACK -------------------------------------------------------------------
@rules("MB-DICE-1", "MB-ATTACK-5", "MB-ATTACK-6")
def test_blanks_hits_and_criticals_and_the_second_assault():
    armies = [["zeus", "achilles"], ["hades", "medusa"]]
    state = position(armies, at={"achilles": 12, "medusa": 12}, hands={0: ["achilles"]})
    act(state, "activate achilles", "simple", "attack medusa")
    roll(state, 1, 2, 3, 6, 6)  # 3 hits, 2 criticals
    assert dice_awaited(state) == 2  # one die per critical
    roll(state, 6, 2)  # a critical of the second assault only counts as a hit
    assert not dice_awaited(state)
    # 4 hits / Defence 2 = 2 wounds.
    assert vitality(state, "medusa") == 3
    assert state.attacks[-1].dice_second == [6, 2]
    state = position(armies, at={"achilles": 12, "medusa": 12}, hands={0: ["achilles"]})
    act(state, "activate achilles", "simple", "attack medusa")
    roll(state, 1, 2, 3, 4, 5)  # 3 hits: 1 wound, the odd hit is lost; no second assault
    assert vitality(state, "medusa") == 4 and state.attacks[-1].dice_second == []


@rules("MB-ATTACK-1")
def test_attack_targets_enemies_in_range_and_sight():
    armies = [["zeus", "medusa", "hoplites"], ["hades", "achilles", "spartans"]]
    state = position(
        armies,
        at={"medusa": 12, "hoplites": 12, "achilles": 14, "spartans": 19, "hades": 13},
        hands={0: ["medusa"]},
    )
    activate(state, "medusa")
    attacks = [a for a in state.legal_actions() if a.startswith("attack")]
    # Hades 1 away, Achilles 2 away; Spartans 3 away; the Hoplites are friends.
    assert attacks == ["attack hades", "attack achilles"]


@rules("MB-ATTACK-2")
def test_the_attack_runs_its_phases_in_order():
    from theomachy.games.mythic_battles.model import ATTACK_PHASES

    assert ATTACK_PHASES[:-1] == (
        "guard", "helm", "evade", "retarget", "initiative", "uproot", "first-assault",
        "reroll", "throw", "priority", "hold", "thrown", "second-assault", "damage", "gaze",
        "retaliate",
    )  # fmt: skip
    armies = [["zeus", "medusa"], ["hades", "spartans", "hoplites"]]
    state = position(
        armies,
        at={"medusa": 12, "spartans": 12, "hoplites": 12},
        hands={0: ["medusa", "aow"], 1: ["aow"]},
    )
    act(state, "activate medusa", "simple", "attack spartans")
    seen = []
    seen.append((phase(state), state.current_player))
    act(state, "decline")  # no guard
    seen.append((phase(state), state.current_player))
    roll(state, 6, 3, 3)
    seen.append((phase(state), state.current_player))
    roll(state, 3)  # 4 hits / Defence 3 (Phalanx with the Hoplites) = 1 wound
    seen.append((phase(state), state.current_player))
    act(state, "decline")  # no gaze
    seen.append((phase(state), state.current_player))
    assert seen == [
        ("guard", 1),
        ("first-assault", CHANCE),
        ("second-assault", CHANCE),
        ("gaze", 0),
        ("retaliate", 1),
    ]
    assert vitality(state, "spartans") == 2


@rules("MB-ATTACK-3")
def test_first_assault_dice_are_counted_when_it_begins():
    # Leonidas (Last Stand: +2 Offence at 2 Vitality or less) is wounded by Achilles's
    # Initiative retaliation before his own assault begins.
    armies = [["zeus", "leonidas"], ["hades", "achilles"]]
    state = position(armies, at={"leonidas": 12, "achilles": 12}, hands={0: ["leonidas"]})
    assert stats.offence(state, state.pieces["leonidas"], 0) == 3
    activate(state, "leonidas")
    act(state, "attack achilles", "retaliate")
    roll(state, 6, 6, 6, 6, 3)
    roll(state, 3, 3, 3, 3)  # 9 hits / Defence 3 = 3 wounds
    assert vitality(state, "leonidas") == 2
    assert dice_awaited(state) == 5  # 3 + Last Stand, counted now


@rules("MB-ATTACK-7", "MB-OMPHALOS-3")
def test_a_killed_unit_is_removed_and_drops_its_omphalos_troops_lose_miniatures():
    armies = [["zeus", "achilles"], ["hades", "spartans"]]
    state = position(
        armies, at={"achilles": 12, "spartans": 12}, hands={0: ["achilles"], 1: ["aow"]}
    )
    state.pieces["spartans"].carrying = True
    activate(state, "achilles")
    act(state, "attack spartans")
    roll(state, 3, 3, 1, 1, 1)  # 2 hits / Defence 2: one miniature
    assert vitality(state, "spartans") == 2 and not stats.complete(state.pieces["spartans"])
    act(state, "decline")
    state = position(armies, at={"achilles": 12, "spartans": 12}, hands={0: ["achilles"]})
    state.pieces["spartans"].carrying = True
    activate(state, "achilles")
    act(state, "attack spartans")
    roll(state, 3, 3, 3, 3, 3)  # 5 hits / Defence 2 = 2 wounds
    state = position(
        armies,
        at={"achilles": 12, "spartans": 12},
        vitality={"spartans": 1},
        hands={0: ["achilles"]},
    )
    state.pieces["spartans"].carrying = True
    activate(state, "achilles")
    act(state, "attack spartans")
    roll(state, 3, 3, 1, 1, 1)
    spartans = state.pieces["spartans"]
    assert spartans.dead and spartans.area == OFF_MAP and spartans.vitality == 0
    assert state.omphalos[12] == 1 and not spartans.carrying
    assert not state.attacks  # nobody left to retaliate


@rules("MB-ATTACK-8")
def test_an_area_attack_rolls_once_against_every_enemy_there():
    armies = [["zeus", "hoplites"], ["hades", "medusa", "spartans"]]
    state = position(
        armies,
        at={"zeus": 2, "medusa": 12, "spartans": 12, "hoplites": 12},
        hands={0: ["zeus", "aow", "aow"], 1: ["aow"]},
    )
    activate(state, "zeus")
    act(state, "thunderbolt 12")
    assert state.attacks[-1].targets == ["medusa", "spartans"]  # not the Hoplites
    assert dice_awaited(state) == 5  # Offence 5; no Archer for a power (MB-RULING-POWER-STATS)
    roll(state, 3, 3, 3, 1, 1)
    # 3 hits: Medusa (Defence 2 + Close Protection 1) 1 wound; Spartans (Defence 2) 1.
    assert vitality(state, "medusa") == 4 and vitality(state, "spartans") == 2
    assert not state.attacks  # no guard, no evade, no retaliation
    assert state.activation.done == ["attack"]


@rules("MB-ATTACK-9")
def test_retaliation_after_a_range_zero_attack_only():
    armies = [["zeus", "medusa", "achilles"], ["hades", "spartans", "hoplites"]]
    state = position(
        armies,
        at={"medusa": 12, "spartans": 13, "achilles": 12, "hoplites": 12},
        hands={0: ["medusa", "aow"]},
    )
    act(state, "activate medusa", "simple", "attack spartans")
    roll(state, 1, 1, 1, 1)
    assert not state.attacks  # at range 1 nobody retaliates
    act(state, "done")
    state = position(
        armies,
        at={"achilles": 12, "spartans": 12, "hoplites": 12},
        hands={0: ["achilles"], 1: ["aow"]},
    )
    activate(state, "achilles")
    act(state, "attack spartans", "decline")  # no guard
    roll(state, 1, 1, 1, 1, 1)
    act(state, "retaliate")
    retaliation = state.attacks[-1]
    assert retaliation.retaliation and retaliation.targets == ["achilles"]
    assert dice_awaited(state) == 5  # 3 + Close Combat + Phalanx, no Guard question
    roll(state, 3, 3, 3, 3, 3)
    # 5 hits / Defence 5 (3 + 2 in his own area) = 1 wound; no retaliation of a retaliation.
    assert vitality(state, "achilles") == 4 and not state.attacks


@rules("MB-ATTACK-9", "MB-TAL-GUARD", "MB-HIER-1")
def test_mb_attack_9_a_retaliation_is_an_attack_a_guard_may_take():
    # Achilles attacks the Spartans beside his Hoplites (Guard); the Spartans retaliate on
    # Achilles and the Hoplites' owner may make them the target instead.
    armies = [["zeus", "achilles", "hoplites"], ["hades", "spartans"]]
    state = position(
        armies, at={"achilles": 12, "hoplites": 12, "spartans": 12}, hands={0: ["achilles"]}
    )
    activate(state, "achilles")
    act(state, "attack spartans")
    roll(state, 1, 1, 1, 1, 1)
    act(state, "retaliate")
    retaliation = state.attacks[-1]
    assert retaliation.retaliation and phase(state) == GUARD and state.current_player == 0
    assert answers(state) == ["guard hoplites", "decline"]
    act(state, "guard hoplites")
    assert retaliation.targets == ["hoplites"]
    assert dice_awaited(state) == 4  # the Spartans: Offence 3 + Close Combat
    roll(state, 3, 3, 3, 1)  # 3 hits / Defence 3 (no other friendly troops: no Phalanx)
    assert vitality(state, "hoplites") == 2 and vitality(state, "achilles") == 5
    assert not state.attacks  # no retaliation of a retaliation
    # Declined, the retaliation goes on against its attacker.
    state = position(
        armies, at={"achilles": 12, "hoplites": 12, "spartans": 12}, hands={0: ["achilles"]}
    )
    activate(state, "achilles")
    act(state, "attack spartans")
    roll(state, 1, 1, 1, 1, 1)
    act(state, "retaliate", "decline")
    assert state.attacks[-1].targets == ["achilles"] and dice_awaited(state) == 4


@rules("MB-ATTACK-9", "MB-MAN-6")
def test_an_evaded_retaliation_is_wasted():
    armies = [["zeus", "achilles"], ["hades", "spartans"]]
    state = position(armies, at={"zeus": 12, "spartans": 12}, hands={0: ["zeus", "aow"]})
    activate(state, "zeus")
    act(state, "attack spartans")
    roll(state, 1, 1, 1, 1, 1)
    act(state, "retaliate")
    assert phase(state) == "evade" and state.current_player == 0
    act(state, "evade")
    assert not state.attacks and vitality(state, "zeus") == UNITS["zeus"].vitality
    assert state.pieces["zeus"].evaded


# --- range, movement, terrain --------------------------------------------------------------
@rules("MB-RANGE-1")
def test_distance_counts_borders_and_ignores_terrain():
    board = position().board
    assert board.distance[7][9] == 2  # through the impenetrable 8
    assert board.distance[12][17] == 1  # across a cliff
    assert board.distance[1][20] == 7
    assert board.distance[13][13] == 0


@rules("MB-RANGE-2", "MB-TERRAIN-3")
def test_line_of_sight_is_blocked_by_impenetrable_areas_and_standing_trees():
    armies = [["zeus", "medusa"], ["hades", "achilles", "spartans"]]
    state = position(armies, at={"medusa": 7, "achilles": 9, "spartans": 3, "hades": 1}, trees=[2])
    medusa = state.pieces["medusa"]
    # 9: only through 8 (impenetrable); 3: through 2 (trees) or 8; 1: two shortest paths,
    # through 2 (trees) or 6 (open).
    assert [p.id for p in stats.targets(state, medusa)] == ["hades"]
    state.trees[2] = 0
    assert [p.id for p in stats.targets(state, medusa)] == ["hades", "spartans"]
    # Adjacent areas are always in sight, whatever stands in them.
    state.trees[12] = 1
    state.pieces["achilles"].area = 12
    assert "achilles" in [p.id for p in stats.targets(state, medusa)]


@rules("MB-MOVE-1")
def test_move_up_to_movement_areas_naming_the_destination():
    state = position(at={"achilles": 6, "zeus": 1}, hands={0: ["achilles"]})
    activate(state, "achilles")
    moves = [a for a in state.legal_actions() if a.startswith("move")]
    assert moves == ["move 1", "move 2", "move 7", "move 11", "move 12", "move 16"]
    act(state, "move 12")
    assert area(state, "achilles") == 12 and state.activation.done == ["move"]
    assert not any(a.startswith("move") for a in state.legal_actions())


@rules("MB-MOVE-3")
def test_a_non_flying_unit_stops_in_an_area_with_an_enemy():
    state = position(at={"achilles": 11, "spartans": 12})
    achilles = state.pieces["achilles"]
    assert stats.destinations(state, achilles, 2) == [1, 6, 7, 12, 16, 17]  # not 13 past 12
    assert stats.destinations(state, achilles, 3) == [1, 2, 6, 7, 12, 16, 17, 18]


@rules("MB-MOVE-4", "MB-MAP-3")
def test_no_unit_enters_a_full_area():
    armies = [["zeus", "achilles", "hoplites", "amazons", "centaurs"], ["hades", "medusa"]]
    state = position(armies, at={"zeus": 12, "hoplites": 12, "amazons": 12, "centaurs": 12})
    assert state.board.capacity == 4
    assert stats.is_full(state, 12)
    state.pieces["achilles"].area = 11
    assert 12 not in stats.destinations(state, state.pieces["achilles"], 2)
    # ENTER too: a full deployment area is not offered.
    state = position(
        armies, at={"zeus": 6, "hoplites": 6, "amazons": 6, "centaurs": 6}, hands={0: ["achilles"]}
    )
    act(state, "activate achilles")
    assert state.legal_actions() == ["enter 1", "enter 11", "enter 16"]


@rules("MB-RUN-1", "MB-RULING-RUN")
def test_run_is_a_complex_move_of_movement_plus_two():
    state = position(at={"achilles": 11, "zeus": 20}, hands={0: ["achilles", "aow"]})
    activate(state, "achilles", "complex")
    runs = [int(a.split()[1]) for a in state.legal_actions() if a.startswith("run")]
    assert runs == stats.destinations(state, state.pieces["achilles"], 4)
    assert 14 in runs and 9 in runs and 4 not in runs  # 4 areas, not 5
    assert not any(a.startswith(("attack", "move", "claim")) for a in state.legal_actions())
    act(state, "run 14")
    assert area(state, "achilles") == 14 and state.activation is None


@rules("MB-TERRAIN-2")
def test_ruins_give_cover_against_attacks_from_another_area():
    armies = [["zeus", "medusa"], ["hades", "spartans"]]
    state = position(armies, at={"medusa": 12, "spartans": 13}, ruins=[13])
    spartans, medusa = state.pieces["spartans"], state.pieces["medusa"]
    assert stats.defence(state, spartans, medusa, 1) == 3
    assert stats.defence(state, spartans, medusa, 0) == 2
    state.ruins[13] = 0
    assert stats.defence(state, spartans, medusa, 1) == 2


@rules("MB-TERRAIN-1", "MB-FLY-1")
def test_flying_units_ignore_terrain_enemies_and_block():
    armies = [["zeus", "hoplites"], ["hades", "leonidas", "spartans"]]
    state = position(armies, at={"zeus": 12, "leonidas": 12, "spartans": 13, "hades": 7})
    zeus = state.pieces["zeus"]
    assert not stats.held_by_block(state, zeus)
    dest = stats.destinations(state, zeus, 1)
    assert dest == [7, 11, 13, 17]  # across the cliff 12|17
    assert 8 in stats.destinations(state, zeus, 2)  # into the impenetrable area
    assert 14 in stats.destinations(state, zeus, 2)  # through the Spartans' area
    state.pieces["hoplites"].area = 12
    assert stats.destinations(state, state.pieces["hoplites"], 2) == []  # held by Block


# --- omphalos, ENTER, victory --------------------------------------------------------------
@rules("MB-CLAIM-1", "MB-OMPHALOS-2")
def test_claim_picks_up_one_token_in_the_area_not_by_a_divinity():
    state = position(
        at={"achilles": 12, "zeus": 12}, omphalos=[12, 12], hands={0: ["achilles", "zeus", "aow"]}
    )
    activate(state, "achilles")
    act(state, "claim 12")
    assert state.pieces["achilles"].carrying and state.omphalos[12] == 1
    act(state, "move 7")
    assert area(state, "achilles") == 7 and state.pieces["achilles"].carrying
    # Carrying one already: no second claim.
    state.pieces["achilles"].area = 12
    assert state._claimable(state.pieces["achilles"]) == []
    act(state, "activate zeus", "simple")
    assert not any(a.startswith("claim") for a in state.legal_actions())  # divinities absorb


@rules("MB-ABSORB-1", "MB-WIN-2")
def test_absorb_from_the_ground_or_a_friendly_carrier_and_win_at_the_number():
    state = position(at={"zeus": 12, "hoplites": 12}, omphalos=[12], hands={0: ["zeus", "aow"]})
    state.pieces["hoplites"].carrying = True
    activate(state, "zeus", "complex")
    legal = state.legal_actions()
    assert "absorb ground" in legal and "absorb hoplites" in legal
    act(state, "absorb hoplites")
    assert state.absorbed == [1, 0] and not state.pieces["hoplites"].carrying
    assert state.activation is None
    state = position(at={"zeus": 12}, omphalos=[12], hands={0: ["zeus"]})
    state.absorbed = [3, 0]
    activate(state, "zeus", "complex")
    act(state, "absorb ground")
    assert state.omphalos[12] == 0 and state.absorbed == [4, 0]
    assert state.is_terminal() and state.winners() == [0] and state.returns() == [1.0, 0.0]


@rules("MB-WIN-2", "MB-SCEN-3")
def test_an_alliance_wins_with_five_omphalos_absorbed_between_them():
    armies = [["zeus"], ["hades"], ["ares"], ["athena"]]
    state = position(armies, at={"zeus": 14}, omphalos=[14], hands={0: ["zeus"]})
    state.absorbed = [1, 4, 3, 0]
    activate(state, "zeus", "complex")
    act(state, "absorb ground")
    assert state.is_terminal() and state.winners() == [0, 2]
    assert state.returns() == [0.5, 0.0, 0.5, 0.0]


@rules("MB-ENTER-1")
def test_enter_in_the_deployment_zone_once_never_after_being_killed():
    state = position(hands={0: ["achilles", "achilles", "aow"]})
    act(state, "activate achilles")
    assert answers(state) == ["enter 1", "enter 6", "enter 11", "enter 16"]
    act(state, "enter 16")
    piece = state.pieces["achilles"]
    piece.area, piece.dead, piece.vitality = OFF_MAP, True, 0  # killed
    state.activations = 0
    state.pieces["achilles"].activated = False
    state.step = ACTIVATE_FIRST
    state.invalidate_caches()
    assert "activate achilles" not in state.legal_actions()
    # A seat 1 unit enters in seat 1's zone.
    state = position(seat=1, hands={1: ["medusa"]})
    act(state, "activate medusa")
    assert state.legal_actions() == ["enter 5", "enter 10", "enter 15", "enter 20"]


@rules("MB-WIN-1")
def test_killing_a_divinity_takes_its_player_out_and_the_last_side_wins():
    armies = [["zeus", "achilles"], ["hades", "medusa"]]
    state = position(
        armies,
        at={"achilles": 12, "hades": 12, "medusa": 13},
        vitality={"hades": 1},
        hands={0: ["achilles"]},
    )
    state.pieces["medusa"].carrying = True
    activate(state, "achilles")
    act(state, "attack hades")
    roll(state, 3, 3, 3, 3, 3)  # 5 hits / Defence 3 = 1 wound
    assert state.is_terminal() and state.winners() == [0] and state.returns() == [1.0, 0.0]
    assert state.out == [False, True]
    assert state.pieces["medusa"].area == OFF_MAP and state.omphalos[13] == 1


@rules("MB-WIN-1")
def test_with_three_players_the_game_goes_on_without_the_fallen():
    armies = [["zeus", "achilles"], ["hades", "medusa"], ["ares"]]
    state = position(
        armies,
        at={"achilles": 14, "hades": 14, "medusa": 15},
        vitality={"hades": 1},
        hands={0: ["achilles"]},
    )
    # A scenario without MB-WIN-4 (the shipped 3-player one has it).
    game = state.game
    game.scenario = game.scenario.model_copy(update={"first_kill_wins": False})
    activate(state, "achilles")
    act(state, "attack hades")
    roll(state, 3, 3, 3, 3, 3)
    assert not state.is_terminal() and state.out == [False, True, False]
    assert state.pieces["medusa"].area == OFF_MAP and state.pieces["medusa"].dead
    act(state, "done")
    assert state.turn_player == 2  # seat 1 takes no more turns


@rules("MB-WIN-4", "MB-SCEN-2")
def test_with_three_players_the_first_divinity_killed_wins_the_game_for_its_killer():
    armies = [["zeus", "achilles"], ["hades", "medusa"], ["ares"]]
    state = position(
        armies,
        at={"achilles": 14, "hades": 14, "medusa": 15},
        vitality={"hades": 1},
        hands={0: ["achilles"]},
    )
    assert state.game.scenario.first_kill_wins
    activate(state, "achilles")
    act(state, "attack hades")
    roll(state, 3, 3, 3, 3, 3)
    assert state.is_terminal() and state.winners() == [0]
    assert state.returns() == [1.0, 0.0, 0.0]


@rules("MB-WIN-4", "MB-SCEN-3", "MB-ATTACK-9")
def test_with_alliances_a_divinity_killed_by_retaliation_wins_for_the_retaliators_side():
    armies = [["zeus", "achilles"], ["hades", "spartans"], ["ares"], ["athena"]]
    state = position(
        armies,
        at={"zeus": 14, "spartans": 14},
        vitality={"zeus": 1},
        hands={0: ["zeus"]},
    )
    activate(state, "zeus")
    act(state, "attack spartans")
    roll(state, 1, 1, 1, 1, 1)
    act(state, "retaliate")
    if phase(state) == "evade":
        act(state, "decline")
    roll(state, *[3] * dice_awaited(state))
    assert state.is_terminal() and state.winners() == [1, 3]  # Hades' alliance


@rules("MB-WIN-3")
def test_after_the_last_round_most_omphalos_absorbed_wins_ties_shared():
    state = position(step=PASS_OR_GO, seat=1, max_rounds=3)
    state.round = 3
    state.absorbed = [1, 2]
    act(state, "pass")
    assert state.is_terminal() and state.winners() == [1]
    state = position(step=PASS_OR_GO, seat=1, max_rounds=3)
    state.round = 3
    state.absorbed = [2, 2]
    act(state, "pass")
    assert state.winners() == [0, 1] and state.returns() == [0.5, 0.5]
    # Tied on omphalos: the side whose enemies lost more Vitality wins.
    state = position(step=PASS_OR_GO, seat=1, max_rounds=3)
    state.round = 3
    state.absorbed = [1, 1]
    state.pieces["zeus"].vitality -= 2  # seat 0's divinity: seat 1 dealt 2
    state.pieces["hades"].vitality -= 1  # seat 1's divinity: seat 0 dealt 1
    act(state, "pass")
    assert state.winners() == [1]
    # A player out does not win on omphalos.
    state = position([["zeus"], ["hades"], ["ares"]], step=PASS_OR_GO, seat=2, max_rounds=1)
    state.absorbed = [0, 3, 1]
    state.out[1] = True
    act(state, "pass")
    assert state.winners() == [2]


# --- maps and scenarios --------------------------------------------------------------------
@rules("MB-MAP-1")
def test_areas_are_numbered_row_by_row_and_adjacent_when_cells_share_a_side():
    board = position().board
    assert board.areas == tuple(range(1, 21))
    assert board.neighbours[1] == (2, 6)
    assert board.neighbours[7] == (2, 6, 8, 12)
    assert board.neighbours[5] == (4, 10)
    assert board.neighbours[20] == (15, 19)


@rules("MB-MAP-2", "MB-SCEN-1")
def test_the_sacred_valley():
    state = fresh()
    scenario = state.game.scenario
    data = state.board.data
    assert (data.columns, data.rows) == (5, 4)
    assert scenario.recruitment_points == 10 and scenario.omphalos_to_win == 2
    assert scenario.zones == [[6, 1, 11, 16], [10, 5, 15, 20]]
    assert len(data.omphalos) == 7
    assert data.impenetrable == [8] and data.ruins == [13]
    assert state.board.is_cliff(12, 17) and state.board.is_cliff(17, 12)
    assert not state.board.is_cliff(12, 13)


@rules("MB-SCEN-2")
def test_the_crossroads_of_delphi_three_gods():
    state = fresh([["zeus"], ["hades"], ["ares"]])
    scenario = state.game.scenario
    data = state.board.data
    assert scenario.id == "delphi-three" and (data.columns, data.rows) == (7, 7)
    assert scenario.recruitment_points == 9 and scenario.omphalos_to_win == 3
    assert len(data.omphalos) == 8 and state.sides == (0, 1, 2)
    assert [z[0] for z in scenario.zones[:3]] == [22, 28, 46]  # left, right, bottom
    # Half the omphalos stand on cliff-walled heights: only Climb and flying units go there.
    heights = [17, 19, 31, 33]
    assert set(heights) <= set(data.omphalos)
    assert all(state.board.is_cliff(h, n) for h in heights for n in state.board.neighbours[h])


@rules("MB-SCEN-3")
def test_the_crossroads_of_delphi_two_alliances():
    state = fresh([["zeus"], ["hades"], ["ares"], ["athena"]])
    scenario = state.game.scenario
    assert scenario.id == "delphi-alliances" and scenario.map == "delphi-crossroads"
    assert scenario.recruitment_points == 8 and scenario.omphalos_to_win == 5
    assert state.sides == (0, 1, 0, 1)
    assert [z[0] for z in scenario.zones] == [22, 4, 28, 46]  # allies on opposite edges


# --- rulings -------------------------------------------------------------------------------
PUBLISHED_COSTS = {
    "achilles": 4, "heracles": 4, "odysseus": 3, "leonidas": 3, "atalanta": 2, "hydra": 4,
    "cerberus": 4, "minotaur": 3, "medusa": 3,
}  # fmt: skip


@rules("MB-RULING-ROSTER")
def test_the_roster_has_the_published_names_and_costs():
    for unit, cost in PUBLISHED_COSTS.items():
        assert UNITS[unit].cost == cost, unit
    troops = {u.id for u in UNITS.values() if u.kind == "troops"}
    assert troops == {
        "amazons", "hoplites", "spartans", "centaurs", "infernal-hounds", "infernal-warriors",
    }  # fmt: skip
    assert all(UNITS[t].cost == 1 for t in troops)
    assert {u.id for u in UNITS.values() if u.divinity} == {"zeus", "hades", "ares", "athena"}
    used = {t for u in UNITS.values() for t in u.talents}
    assert used == set(TALENTS)


@rules("MB-RULING-MAP")
def test_the_maps_are_symmetric_grids():
    valley = fresh().board.data
    mirror = {a: (a - 1) // 5 * 5 + (4 - (a - 1) % 5) + 1 for a in range(1, 21)}
    for key in ("impenetrable", "ruins", "trees", "omphalos"):
        assert sorted(mirror[a] for a in getattr(valley, key)) == sorted(getattr(valley, key))
    assert {frozenset(mirror[a] for a in c) for c in valley.cliffs} == {
        frozenset(c) for c in valley.cliffs
    }
    delphi = fresh([["zeus"], ["hades"], ["ares"]]).board.data

    def quarter(a: int) -> int:  # a quarter turn clockwise: (row, column) -> (column, 6 - row)
        row, column = divmod(a - 1, 7)
        return column * 7 + (6 - row) + 1

    def flip(a: int) -> int:  # left to right
        row, column = divmod(a - 1, 7)
        return row * 7 + (6 - column) + 1

    for turn in (quarter, flip):
        for key in ("impenetrable", "ruins", "trees", "omphalos"):
            assert sorted(map(turn, getattr(delphi, key))) == sorted(getattr(delphi, key))
        assert {frozenset(map(turn, c)) for c in delphi.cliffs} == {
            frozenset(c) for c in delphi.cliffs
        }
    # The four zones are one zone turned a quarter at a time; three players use three of them.
    four = scenarios()["delphi-alliances"].zones
    for seat in range(4):
        turned = [quarter(a) for a in four[seat]]
        assert turned[0] == four[(seat + 1) % 4][0]
        assert sorted(turned) == sorted(four[(seat + 1) % 4])
    assert scenarios()["delphi-three"].zones == [four[0], four[2], four[3]]


def walking(board, start: int) -> dict[int, int]:
    """Areas a unit without Climb or flight reaches from ``start``, with the steps it takes."""
    steps = {start: 0}
    frontier = [start]
    while frontier:
        following = []
        for a in frontier:
            for b in board.neighbours[a]:
                if b in steps or b in board.impenetrable or board.is_cliff(a, b):
                    continue
                steps[b] = steps[a] + 1
                following.append(b)
        frontier = following
    return steps


@rules("MB-RULING-MAP", "MB-SCEN-1", "MB-SCEN-2", "MB-SCEN-3")
def test_deployment_zones_are_equally_far_apart_and_see_the_same_omphalos():
    from theomachy.games.mythic_battles.board import board as board_of

    for scenario in scenarios().values():
        board = board_of(scenario.map)
        zones = scenario.zones[: max(scenario.players)]
        gods = [z[0] for z in zones]
        pairs = [(a, b) for a in range(len(zones)) for b in range(a + 1, len(zones))]
        # Every divinity is as far from every other, in areas and in a walker's steps.
        assert len({board.distance[gods[a]][gods[b]] for a, b in pairs}) == 1, scenario.id
        assert len({walking(board, gods[a])[gods[b]] for a, b in pairs}) == 1, scenario.id
        # Every zone is as close to every other zone.
        nearest = {min(board.distance[x][y] for x in zones[a] for y in zones[b]) for a, b in pairs}
        assert len(nearest) == 1, scenario.id
        # Every divinity sees the same omphalos at the same distances (and walks as far).
        omphalos = board.data.omphalos
        far = {tuple(sorted(board.distance[g][o] for o in omphalos)) for g in gods}
        steps = {tuple(sorted(walking(board, g).get(o, 99) for o in omphalos)) for g in gods}
        assert len(far) == 1 and len(steps) == 1, scenario.id
    three = scenarios()["delphi-three"]
    delphi = board_of(three.map)
    assert [delphi.distance[a][b] for a, b in ((22, 28), (22, 46), (28, 46))] == [6, 6, 6]


@rules("MB-RULING-PUBLIC-PROMPTS")
def test_helm_and_gaze_are_asked_on_public_facts_answered_from_the_hand():
    armies = [["zeus", "medusa"], ["hades", "spartans"]]
    state = position(armies, at={"medusa": 12, "hades": 13}, hands={0: ["medusa"], 1: ["hades"]})
    act(state, "activate medusa", "simple", "attack hades")
    assert phase(state) == "helm" and state.current_player == 1
    assert state.legal_actions()[0] == "decline" and "helm" not in state.legal_actions()
    act(state, "decline")
    assert dice_awaited(state) == 4
    # Medusa's owner holds a card but no Art of War: the gaze question is asked, decline only.
    state = position(
        armies, at={"medusa": 12, "spartans": 12}, hands={0: ["medusa", "zeus"]}, decks={0: []}
    )
    act(state, "activate medusa", "simple", "attack spartans")
    roll(state, 3, 3, 1)
    assert phase(state) == "gaze" and state.legal_actions() == ["decline"]


@rules("MB-RULING-ANYTIME")
def test_search_is_open_at_the_players_decisions_including_other_players_attacks():
    state = position(step=PASS_OR_GO, hands={0: ["aow"]})
    assert "search achilles" in state.legal_actions()
    armies = [["zeus", "achilles"], ["hades", "medusa"]]
    state = position(
        armies,
        at={"achilles": 12, "medusa": 12},
        hands={0: ["achilles", "aow"], 1: ["aow", "aow"]},
    )
    activate(state, "achilles")
    assert "search zeus" in state.legal_actions()  # during the activation
    act(state, "attack medusa")
    roll(state, 1, 1, 1, 1, 1)
    assert state.current_player == 1 and "search medusa" in state.legal_actions()
    act(state, "search medusa", "retaliate")
    assert state.hand[1] == ["aow", "medusa"]
    # The player's own ATTACK questions too: Medusa's owner searches once the dice are known.
    armies = [["zeus", "medusa"], ["hades", "spartans"]]
    state = position(armies, at={"medusa": 12, "spartans": 13}, hands={0: ["medusa", "aow"]})
    act(state, "activate medusa", "simple", "attack spartans")
    roll(state, 3, 3, 1, 1)
    assert phase(state) == "gaze" and "search zeus" in state.legal_actions()
    # And the simple/complex question.
    state = position(at={"achilles": 12}, hands={0: ["achilles", "aow"]})
    act(state, "activate achilles")
    assert state.step == MODE and "search zeus" in state.legal_actions()


@rules("MB-RULING-ANYTIME", "MB-MAN-2", "MB-MAN-7", "MB-TURN-D2")
def test_mb_ruling_anytime_every_player_may_search_as_each_turn_ends():
    # Seat 0 ends its turn: seat 1, who holds an Art of War card, may search before D2.
    state = position(hands={0: ["zeus"], 1: ["aow", "hades"]})
    act(state, "end", "end")  # B1, then D1 (seat 0 might search there)
    assert state.step == SEARCH_WINDOW and state.current_player == 1
    assert state.turn_player == 0  # still seat 0's turn
    assert answers(state) == ["decline"] and "search medusa" in state.legal_actions()
    act(state, "search medusa")
    assert state.hand[1] == ["hades", "medusa"] and state.discard[1] == ["aow"]
    draw(state, "spartans")  # then seat 1's turn starts (A2), a new turn to buy in
    assert state.turn_player == 1 and state.bought == [[], []]
    assert "search aow" not in state.legal_actions()  # no Art of War card left to pay
    # A player who already searched in this turn is not asked again; one with no card is
    # not asked at all; one with cards but no Art of War card is asked (the question shows
    # nothing of the hand) and may only decline.
    state = position(hands={0: ["zeus"], 1: ["aow"]})
    state.bought[1] = ["search"]
    state.invalidate_caches()
    act(state, "end", "end")  # B1, then D1 (seat 0 might search there)
    assert state.current_player == CHANCE and state.turn_player == 1
    state = position(hands={0: ["zeus"]})
    act(state, "end", "end")  # B1, then D1 (seat 0 might search there)
    assert state.current_player == CHANCE and state.turn_player == 1
    state = position(hands={0: ["zeus"], 1: ["hades"]})
    act(state, "end", "end")  # B1, then D1 (seat 0 might search there)
    assert state.step == SEARCH_WINDOW and state.legal_actions() == ["decline"]


@rules("MB-RULING-ANYTIME", "MB-TURN-A3", "MB-WIN-3")
def test_mb_ruling_anytime_the_passing_player_is_asked_last_and_the_last_turn_has_none():
    armies = [["zeus"], ["hades"], ["ares"]]
    state = position(armies, step=PASS_OR_GO, hands={0: ["aow"], 1: ["aow"], 2: ["aow"]})
    act(state, "pass")
    draw(state, "zeus")  # the pass's second card reaches seat 0 after its last decision
    asked = []
    while state.step == SEARCH_WINDOW:
        asked.append(state.current_player)
        act(state, "decline")
    assert asked == [1, 2, 0]  # clockwise from the next player, the passing player last
    # After the last turn of the last round the game ends at once.
    state = position(hands={0: ["zeus"], 1: ["aow"]}, seat=1, max_rounds=1)
    state.round = 1
    act(state, "end", "end")  # B1, then D1 (seat 0 might search there)
    assert state.is_terminal()


@rules("MB-RULING-ANYTIME", "MB-RULING-SEARCH")
def test_mb_ruling_anytime_the_window_keeps_the_search_private():
    state = position(hands={0: ["zeus"], 1: ["aow", "hades"]})
    act(state, "end", "end")  # B1, then D1 (seat 0 might search there)
    assert state.action_seen_by("search medusa", 0) == "search ?"
    assert state.action_seen_by("decline", 0) == "decline"
    conformance.check_private_decisions(state, "the end-of-turn Search window")


@rules("MB-RULING-RESHUFFLE")
def test_an_empty_deck_is_rebuilt_from_the_discard_pile_with_both_empty_nothing():
    state = position(hands={0: ["aow"]}, decks={0: [], 1: []})
    state.discard[0] = ["zeus", "achilles"]
    state.discard[1] = []
    act(state, "draw-cards 1")  # the Art of War card paid goes to the discard pile first
    assert dict(state.chance_outcomes()) == pytest.approx(
        {"draw achilles": 1 / 3, "draw aow": 1 / 3, "draw zeus": 1 / 3}
    )
    draw(state, "zeus")
    assert state.deck[0] == ["achilles", "aow"] and state.discard[0] == []
    assert state.epoch[0] == 1
    # Seat 1 has nothing to draw: its A2 draw is skipped.
    act(state, "end", "end")
    assert state.turn_player == 1 and state.current_player == 1 and state.hand[1] == []


@rules("MB-RULING-OMPHALOS-CARDS", "MB-MAN-7")
def test_mb_ruling_omphalos_cards_pay_for_nothing_a_divinity_absorbs_them():
    # Manoeuvres are bought with Art of War cards from the hand alone.
    state = position(hands={0: []}, omphalos_cards=[2, 0])
    assert not any(a.startswith(("draw-cards", "search")) for a in state.legal_actions())
    state = position(hands={0: ["aow", "zeus"]}, omphalos_cards=[1, 0])
    act(state, "search achilles")
    assert state.omphalos_cards == [1, 0] and state.discard[0] == ["aow"]
    assert state.view(1)["players"][0]["omphalos_cards"] == 1  # face up
    # The divinity absorbs one where it stands: a complex action, an omphalos for the side.
    state = position(hands={0: ["zeus"]}, omphalos_cards=[2, 0])
    activate(state, "zeus", "complex")
    assert "absorb card" in state.legal_actions()
    act(state, "absorb card")
    assert state.omphalos_cards == [1, 0] and state.absorbed == [1, 0]
    assert state.activation is None  # a complex action ends the activation
    # Only the divinity, and only its owner's cards.
    state = position(at={"achilles": 12}, hands={0: ["achilles"]}, omphalos_cards=[2, 0])
    act(state, "activate achilles")
    assert "absorb card" not in state.legal_actions()
    state = position(hands={0: ["zeus"]}, omphalos_cards=[0, 2])
    activate(state, "zeus", "complex")
    assert "absorb card" not in state.legal_actions()
    # It wins the game like any omphalos absorbed (MB-WIN-2).
    state = position(hands={0: ["zeus"]}, omphalos_cards=[1, 0])
    state.absorbed = [2, 0]
    activate(state, "zeus", "complex")
    act(state, "absorb card")
    assert state.is_terminal() and state.winners() == [0]


@rules("MB-RULING-OMPHALOS-CARDS", "MB-WIN-2", "MB-WIN-3")
def test_absorbed_omphalos_cards_count_toward_victory_up_to_the_scenarios_number():
    def limited(counted: int, cards: int, absorbed: tuple[int, int] = (0, 0)):
        state = position(hands={0: ["zeus"]}, omphalos_cards=[cards, 0])
        scenario = state.game.scenario
        state.game.scenario = scenario.model_copy(update={"omphalos_cards_counted": counted})
        state.absorbed = list(absorbed)
        activate(state, "zeus", "complex")
        return state

    # None counted: the card is absorbed (and shown), but it is no step toward victory.
    state = limited(0, 2, absorbed=(1, 0))
    act(state, "absorb card")
    assert not state.is_terminal() and state.absorbed == [2, 0]
    assert state.absorbed_cards == [1, 0] and state.counted_omphalos(0) == 1
    view = state.view(1)
    assert view["players"][0]["absorbed_cards"] == 1 and view["omphalos_cards_counted"] == 0
    # One counted: the first card counts, a second does not.
    state = limited(1, 2)
    act(state, "absorb card")
    assert state.counted_omphalos(0) == 1 and not state.is_terminal()
    state.absorbed_cards = [2, 0]
    state.absorbed = [2, 0]
    assert state.counted_omphalos(0) == 1
    # A token on top of a counted card wins (2 to win).
    state = limited(1, 1, absorbed=(1, 0))
    act(state, "absorb card")
    assert state.is_terminal() and state.winners() == [0]
    # At the round cap every absorbed omphalos counts, the cards too (MB-WIN-3).
    state = limited(0, 1)
    act(state, "absorb card")
    assert state._cap_score(0)[0] == 1 and state._cap_score(1)[0] == 0


@rules("MB-RULING-DEAD-CARDS")
def test_a_killed_units_cards_stay_in_the_deck_and_hand():
    armies = [["zeus", "achilles"], ["hades", "spartans"]]
    state = position(
        armies,
        at={"achilles": 12, "spartans": 12},
        vitality={"spartans": 1},
        hands={0: ["achilles"], 1: ["spartans", "aow"]},
    )
    activate(state, "achilles")
    act(state, "attack spartans")
    roll(state, 3, 3, 1, 1, 1)
    assert state.pieces["spartans"].dead
    assert state.hand[1] == ["aow", "spartans"] and state.deck[1].count("spartans") == 1
    act(state, "done")
    close_window(state)
    draw(state, "hades")
    act(state, "continue")
    assert "activate spartans" not in state.legal_actions()
    assert "search spartans" in state.legal_actions()


# --- hidden information ----------------------------------------------------------------------
def played_game():
    """A real game with draws, an activation, an ATTACK and a search."""
    state = fresh()
    draw(state, "zeus", "achilles", "aow", "medusa", "spartans", "hades", "hoplites")
    act(state, "continue", "activate achilles", "enter 6")
    act(state, "search zeus", "end")
    close_window(state)
    draw(state, "aow")
    act(state, "continue", "activate medusa", "enter 10", "end")
    return state


@rules("MB-RULING-HIDDEN")
def test_the_view_hides_other_hands_and_draws_but_not_what_everyone_saw():
    state = played_game()
    mine, theirs = state.view(0), state.view(1)
    assert mine["players"][0]["hand"] == state.hand[0]
    assert "hand" not in theirs["players"][0]
    # The 3 dealt Art of War cards less the one that paid for the search, not Zeus, who
    # was searched for unseen.
    assert theirs["players"][0]["known_hand"] == ["aow", "aow"]
    assert theirs["players"][0]["hand_count"] == len(state.hand[0])
    assert theirs["players"][0]["deck_count"] == len(state.deck[0])
    assert "deck" not in theirs["players"][0]
    log = theirs["log"]
    assert log.count("draw ?") == 4  # seat 0's opening draws and its turn draw
    assert "search ?" in log and "search zeus" not in log  # seat 0's search
    assert "draw medusa" in log  # seat 1's own draws
    assert "search zeus" in mine["log"]
    spectator = state.view(None)
    assert all("hand" not in p for p in spectator["players"])
    assert spectator["legal_actions"] == []
    for seat in (0, 1):
        text = repr(state.view(1 - seat)["players"][seat])
        assert "'hand'" not in text


@rules("MB-RULING-HIDDEN")
def test_determinize_resamples_other_hands_and_the_history_still_replays():
    from theomachy.engine.conformance import fingerprint

    state = played_game()
    hands, searched = set(), set()
    for seed in range(12):
        sample = state.determinize(1, random.Random(seed))
        assert sample.view(1) == state.view(1)
        assert sample.hand[1] == state.hand[1]  # own hand kept
        assert sorted(sample.hand[0] + sample.deck[0]) == sorted(state.hand[0] + state.deck[0])
        hands.add(tuple(sample.hand[0]))
        searched.add(next(e for e in sample.history() if e.startswith("search ")))
        replayed = sample.game.replay(sample.history())
        assert fingerprint(replayed) == fingerprint(sample)
    assert len(hands) > 1  # other hands really are resampled
    assert len(searched) > 1  # and so is the card the search took (MB-RULING-SEARCH)


@rules("MB-RULING-HIDDEN", "MB-TAL-LEADER", "MB-RULING-PUBLIC-PROMPTS")
def test_a_leaders_fetch_is_shown_and_a_declined_one_shows_nothing():
    from theomachy.engine.conformance import fingerprint

    state = fresh([["athena", "hoplites"], ["hades", "spartans"]])
    draw(state, "hoplites", "hoplites", "athena", "hades", "hades", "hades", "athena")
    act(state, "continue", "activate hoplites", "enter 6", "end", "end")
    close_window(state)
    draw(state, "spartans")
    act(state, "pass")
    draw(state, "spartans")
    close_window(state)
    draw(state, "aow")
    act(state, "continue", "activate athena", "simple", "done", "lead hoplites")
    # Both Hoplites cards were drawn: nothing to fetch. The question is asked all the same
    # (the view does not tell seat 1 where the cards are), and declining shows nothing.
    assert "hoplites" not in state.deck[0] and state.step == LEAD_FETCH
    assert [a for a in state.legal_actions() if not a.startswith(("search", "draw"))] == ["decline"]
    assert state.view(1)["players"][0]["known_hand"] == ["aow", "aow", "aow"]
    act(state, "decline")
    seen = set()
    for seed in range(12):
        sample = state.determinize(1, random.Random(seed))
        seen.add(sample.hand[0].count("hoplites"))
        replayed = sample.game.replay(sample.history())
        assert fingerprint(replayed) == fingerprint(sample)
    assert len(seen) > 1  # where the Hoplites cards are stays hidden
    # A fetched card is shown.
    armies = [["athena", "hoplites"], ["hades", "spartans"]]
    state = position(armies, at={"athena": 7, "hoplites": 7}, hands={0: ["athena"]})
    act(state, "activate athena", "simple", "done", "lead hoplites", "fetch hoplites")
    assert state.view(1)["players"][0]["known_hand"] == ["hoplites"]


@rules("MB-MAN-4", "MB-TERRAIN-1")
def test_no_recall_to_a_divinity_flying_over_an_impenetrable_area():
    state = position(at={"zeus": 8, "hoplites": 19}, hands={0: ["aow"]}, decks={0: []})
    act(state, "end")
    assert state.turn_player == 1  # D1 had nothing to offer
    state = position(at={"zeus": 7, "hoplites": 19}, hands={0: ["aow"]}, decks={0: []})
    act(state, "end")
    assert state.legal_actions() == ["recall hoplites", "end"]


@rules("MB-ABSORB-1", "MB-TERM-FRIENDLY")
def test_a_divinity_absorbs_an_allys_carried_omphalos_for_the_alliance():
    armies = [["zeus"], ["hades"], ["ares", "amazons"], ["athena"]]
    state = position(armies, at={"zeus": 14, "amazons": 14}, hands={0: ["zeus"]})
    state.pieces["amazons"].carrying = True
    activate(state, "zeus", "complex")
    assert "absorb amazons" in state.legal_actions()
    act(state, "absorb amazons")
    assert state.absorbed == [1, 0, 0, 0] and not state.pieces["amazons"].carrying


def test_evaluation_is_a_share_and_follows_the_result():
    state = position(at={"achilles": 12, "medusa": 12})
    values = [state.evaluate(seat) for seat in (0, 1)]
    assert all(0.0 <= v <= 1.0 for v in values) and sum(values) == pytest.approx(1.0)
    state.absorbed = [2, 0]
    assert state.evaluate(0) > values[0]
    state = position(at={"zeus": 12}, omphalos=[12], hands={0: ["zeus"]})
    state.absorbed = [3, 0]
    activate(state, "zeus", "complex")
    act(state, "absorb ground")
    assert state.evaluate(0) == 1.0 and state.evaluate(1) == 0.0


def test_evaluation_in_the_2v2_is_split_like_a_win():
    """A side's share is split among its seats, as the returns split a win: the four seats'
    values add up to 1, so no position is rated above winning (0.5 a seat)."""
    armies = [["zeus"], ["hades"], ["ares", "amazons"], ["athena"]]
    state = position(armies, at={"zeus": 14, "amazons": 14})
    values = [state.evaluate(seat) for seat in range(4)]
    assert sum(values) == pytest.approx(1.0)
    assert all(0.0 <= v <= 0.5 for v in values)
