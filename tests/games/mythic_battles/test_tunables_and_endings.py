"""Mythic Battles: how a game ended (MB-WIN-5) and the numbers the balance lab may tune
(content/tunables.toml, MB-RULING-TUNABLES).

Positions come from scenario.py (the Sacred Valley unless said otherwise). Unit numbers used
below (content/roster.toml): Achilles Offence 4 (+1 Close Combat at Range 0), Hades Defence 2.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import theomachy
from scenario_helpers import probe_with_overlay
from theomachy.agents import make
from theomachy.engine import overlay
from theomachy.games.mythic_battles import stats
from theomachy.games.mythic_battles.data import units
from theomachy.games.mythic_battles.model import PASS_OR_GO
from theomachy.games.mythic_battles.rules import BattlesGame
from theomachy.lab.runner import rotated

from .scenario import act, activate, fresh, game, position, roll
from .test_content import TUNED_ACTIVATION

rules = pytest.mark.rules
GAME = "mythic-battles"


def test_the_game_declares_its_three_endings():
    assert BattlesGame.endings == ("divinity-killed", "omphalos", "round-limit")


@rules("MB-WIN-5", "MB-WIN-1")
def test_divinity_killed_when_the_last_rival_divinity_dies():
    armies = [["zeus", "achilles"], ["hades", "medusa"]]
    state = position(
        armies, at={"achilles": 12, "hades": 12}, vitality={"hades": 1}, hands={0: ["achilles"]}
    )
    assert state.ending() is None
    activate(state, "achilles")
    act(state, "attack hades")
    assert state.ending() is None
    roll(state, 3, 3, 3, 3, 3)
    assert state.is_terminal() and state.winners() == [0]
    assert state.ending() == "divinity-killed"
    assert state.clone().ending() == "divinity-killed"


@rules("MB-WIN-5", "MB-WIN-4")
def test_divinity_killed_when_the_first_kill_ends_a_three_player_game():
    armies = [["zeus", "achilles"], ["hades", "medusa"], ["ares"]]
    state = position(
        armies, at={"achilles": 14, "hades": 14}, vitality={"hades": 1}, hands={0: ["achilles"]}
    )
    activate(state, "achilles")
    act(state, "attack hades")
    roll(state, 3, 3, 3, 3, 3)
    assert state.is_terminal() and state.winners() == [0]
    assert state.ending() == "divinity-killed"


@rules("MB-WIN-5", "MB-WIN-2")
def test_omphalos_when_a_side_absorbs_the_scenarios_number():
    state = position(at={"zeus": 12}, omphalos=[12], hands={0: ["zeus"]})
    state.absorbed = [2, 0]  # the Sacred Valley asks 3
    activate(state, "zeus", "complex")
    assert state.ending() is None
    act(state, "absorb ground")
    assert state.is_terminal() and state.winners() == [0]
    assert state.ending() == "omphalos"


@rules("MB-WIN-5", "MB-WIN-3")
def test_round_limit_when_the_last_round_ends_without_a_victory():
    state = position(step=PASS_OR_GO, seat=1, max_rounds=3)
    state.round = 3
    state.absorbed = [1, 0]
    assert state.ending() is None
    act(state, "pass")
    assert state.is_terminal() and state.winners() == [0]
    assert state.ending() == "round-limit"


@rules("MB-WIN-5")
def test_a_random_game_ends_with_one_of_the_endings():
    end = theomachy.simulate(GAME, seed=3)
    assert end.is_terminal() and end.ending() in BattlesGame.endings


@rules("MB-RULING-TUNABLES")
def test_the_divinity_feature_gives_each_seats_divinity():
    state = fresh(None)
    assert state.features()["divinity"] == ["", ""]
    act(state, "choose ares", "choose zeus")
    features = state.features()
    assert features["divinity"] == ["ares", "zeus"]
    assert {"armies", "scenario"} <= set(features)
    assert features["first_pick"] == ""  # nothing recruited yet
    act(state, "recruit medusa")  # seat 1, to the lead player's right, recruits first
    act(state, "recruit hydra")
    assert state.features()["first_pick"] == "medusa"
    json.dumps(features)
    end = theomachy.simulate(GAME, players=3, seed=1)
    assert end.features()["divinity"] == [army[0] for army in end.armies]
    assert end.features()["first_pick"] == end.armies[2][1]  # lead 0: seat 2 starts
    armies = [["zeus", "hydra", "cerberus", "amazons", "hoplites"], ["hades", "achilles",
              "heracles", "atalanta"]]  # fmt: skip
    assert (
        theomachy.load(GAME, options={"armies": armies}).new_game().features()["first_pick"] == ""
    )  # set armies: no draft


@rules("MB-RULING-TUNABLES")
def test_tunables_load_resolve_and_ship_within_their_bounds():
    declared = overlay.declarations(GAME)
    assert declared.faction == "divinity"
    assert 8 <= len(declared.tunables) <= 34
    values = overlay.defaults(GAME)
    assert set(values) == {t.name for t in declared.tunables}
    for tunable in declared.tunables:
        assert tunable.low <= values[tunable.name] <= tunable.high, tunable.name
        # The RP costs are the published game's: never tuned (MB-RULING-TUNABLES).
        assert tunable.path[-1] != "cost", tunable.name
    assert overlay.checked(GAME, values) == values


_PLAY = """
import json
import theomachy
from theomachy.games.mythic_battles.data import scenarios, units
from theomachy.games.mythic_battles.rules import BattlesGame
from theomachy.lab.runner import rotated
u = units()
s = scenarios()
end = theomachy.simulate("mythic-battles", seed=5)
assert end.is_terminal() and end.ending() in BattlesGame.endings, end.ending()
print(json.dumps({
    "zeus-vitality": u["zeus"].vitality,
    "achilles-offence": u["achilles"].offence,
    "sacred-valley-omphalos-to-win": s["sacred-valley"].omphalos_to_win,
    "sacred-valley-recruitment-points": s["sacred-valley"].recruitment_points,
    "ending": end.ending(),
}))
"""


@pytest.mark.parametrize("bound", ["low", "high"])
@rules("MB-RULING-TUNABLES")
def test_every_tunable_at_a_bound_loads_and_plays(bound: str):
    values = {t.name: getattr(t, bound) for t in overlay.declarations(GAME).tunables}
    seen = probe_with_overlay(GAME, values, _PLAY)
    for name in (
        "zeus-vitality",
        "achilles-offence",
        "sacred-valley-omphalos-to-win",
        "sacred-valley-recruitment-points",
    ):
        assert seen[name] == values[name] != overlay.defaults(GAME)[name], name


@rules("MB-RECRUIT-5", "MB-RULING-TUNABLES")
def test_the_lab_rotates_every_divinity_through_every_seat_by_the_divinities_option():
    declared = overlay.declarations(GAME)
    assert declared.rotation is not None and declared.rotation.option == "divinities"
    assert sorted(declared.rotation.values) == sorted(
        u for u, spec in units().items() if spec.divinity
    )
    seen = set()
    for index in range(12):  # 4 divinities, 2 seats: 12 ordered pairs
        option, value = rotated(GAME, 2, index)
        state = theomachy.load(GAME, players=2, options={option: value}).new_game()
        assert [army[0] for army in state.armies] == value
        assert state.features()["divinity"] == value
        seen.add(tuple(value))
    assert len(seen) == 12


@rules("MB-TUNE-1")
def test_the_four_units_of_four_rp_are_even_and_no_one_is_greedys_first_pick_in_most_pairings():
    four = {u.id: u.vitality * u.defence for u in units().values() if u.cost == 4}
    assert four == {"achilles": 15, "heracles": 14, "hydra": 14, "cerberus": 14}
    gods = ["zeus", "hades", "ares", "athena"]
    picks: Counter[str] = Counter()
    for first in gods:
        for other in gods:
            if first != other:
                state = game(divinities=[other, first]).new_game()  # seat 1 recruits first
                picks[make("greedy", seed=1).act(state).split()[1]] += 1
    assert sum(picks.values()) == 12
    assert max(picks.values()) <= 6, picks  # no unit first in more than half the pairings
    assert len(picks) >= 3, picks


# Each divinity's activation cards (MB-SETUP-6) after the balance rounds: Zeus the kind's
# three, Athena, Ares and Hades as tuned (MB-TUNE-2, -3, -4; test_content.py's table).
ACTIVATION_CARDS = {"zeus": 3, **TUNED_ACTIVATION}


@rules("MB-TUNE-2", "MB-TUNE-3", "MB-TUNE-4", "MB-SETUP-6")
@pytest.mark.parametrize("divinity", sorted(ACTIVATION_CARDS))
def test_each_divinity_brings_its_tuned_number_of_activation_cards(divinity):
    count = ACTIVATION_CARDS[divinity]
    assert units()[divinity].activation == count
    if divinity in TUNED_ACTIVATION:
        assert overlay.defaults(GAME)[f"{divinity}-activation"] == count
    rival = "zeus" if divinity != "zeus" else "hades"
    dealt = fresh([[divinity, "achilles", "hoplites"], [rival, "achilles", "hoplites"]])
    assert dealt.deck[0].count(divinity) == count
    assert dealt.deck[1].count(rival) == ACTIVATION_CARDS[rival]


@rules("MB-TUNE-4", "MB-SCEN-1", "MB-SETUP-7a", "MB-RULING-OMPHALOS-CARDS")
def test_mb_tune_4_ships_hades_for_the_race_and_the_valleys_special_rules():
    defaults = overlay.defaults(GAME)
    assert {k: defaults[k] for k in ("hades-offence", "hades-activation", "hades-movement")} == {
        "hades-offence": 6,
        "hades-activation": 4,
        "hades-movement": 3,
    }
    assert defaults["sacred-valley-later-seats-aow"] == 1
    assert defaults["sacred-valley-omphalos-cards-counted"] == 0
    # Hades walks as far as Zeus flies; Athena alone walks 2 (her Tactician acts for her).
    gods = {u.id: u.movement for u in units().values() if u.divinity}
    assert gods["hades"] == gods["zeus"] == 3 and gods["athena"] == 2
    # In play: the second player opens with one Art of War card more, and an absorbed
    # omphalos card is no step toward the 2 (it still counts at the round cap, MB-WIN-3).
    state = position(at={"hades": 12}, hands={1: ["hades"]}, omphalos_cards=[0, 1], seat=1)
    assert fresh().hand == [["aow"] * 3, ["aow"] * 4]
    act(state, "activate hades", "complex", "absorb card")
    assert state.absorbed_cards[1] == 1 and state.counted_omphalos(1) == 0
    assert not state.is_terminal()


@rules("MB-TUNE-5", "MB-MOVE-1")
def test_mb_tune_5_ares_walks_four_areas():
    assert overlay.defaults(GAME)["ares-movement"] == 4
    gods = {u.id: u.movement for u in units().values() if u.divinity}
    assert gods == {"zeus": 3, "hades": 3, "ares": 4, "athena": 2}
    # In play: a MOVE of his reaches an area four steps away, which three steps do not.
    armies = [["ares", "hoplites"], ["zeus", "achilles"]]
    state = position(armies, at={"ares": 11, "zeus": 20}, hands={0: ["ares"]})
    ares = state.pieces["ares"]
    activate(state, "ares")
    moves = [int(a.split()[1]) for a in state.legal_actions() if a.startswith("move ")]
    assert moves == stats.destinations(state, ares, 4)
    farther = set(moves) - set(stats.destinations(state, ares, 3))
    assert farther, "four steps reach no area that three do not"
    act(state, f"move {min(farther)}")
    assert ares.area == min(farther)
