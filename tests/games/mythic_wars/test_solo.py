"""Solo Destiny (option ``solo``): "Each player assembles a faction before the game starts,
either from a shared copy of the game (Shared Destiny) or from their own personal copy (Solo
Destiny)" (MW-SETUP-5/6, MW-RULING-SHARED, MW-RULING-SOLO). Two factions may then hold the
same deity, so every entity is named ``<id>@<seat>`` (MW-NOTATION-SOLO)."""

from __future__ import annotations

import random

import pytest

import theomachy
from theomachy import CHANCE, IllegalAction, agents
from theomachy.engine.conformance import check_game, check_private_decisions, check_views
from theomachy.engine.encoding import encoded
from theomachy.games.mythic_wars.encoding import DEITY_IDS, IDS, ORDERABLE_IDS
from theomachy.games.mythic_wars.rules import DEITIES, ENTITIES, NUMBER

from .scenario import roll

rules = pytest.mark.rules

GREEK = ["zeus", "hera", "ares", "hades"]
SAME = [["thor", "zeus", "set", "hades"], ["thor", "zeus", "set", "hades"]]


def solo(players: int = 2, **options: object):
    return theomachy.load(
        "mythic-wars", players=players, options={"mode": "destiny", "solo": True, **options}
    )


def assemble(state, factions: list[list[str]]) -> None:
    """Each seat in turn takes its four deities from its own copy."""
    for seat, faction in enumerate(factions):
        for deity in faction:
            assert state.current_player == seat
            state.apply(f"assemble {deity}@{seat}")


def pantheon(deity: str) -> str:
    return ENTITIES[NUMBER[deity.split("@")[0]]].pantheon


# --- options -------------------------------------------------------------------------------------
@rules("MW-SETUP-5", "MW-RULING-SHARED", "MW-RULING-SOLO")
def test_mw_ruling_solo_the_option_belongs_to_the_destiny_modes():
    assert theomachy.load("mythic-wars").options["solo"] is False  # Shared Destiny by default
    for mode in ("hands-of-fate", "guided", "pantheons"):
        with pytest.raises(ValueError, match="option solo is only for the destiny modes"):
            theomachy.load("mythic-wars", options={"mode": mode, "solo": True})
    with pytest.raises(ValueError, match="solo"):
        theomachy.load("mythic-wars", options={"mode": "destiny", "solo": "yes"})
    assert solo(mode="pantheons-of-destiny").options["solo"] is True


@rules("MW-SETUP-5", "MW-RULING-SHARED", "MW-RULING-SOLO")
def test_mw_ruling_shared_repeats_only_across_solo_factions():
    with pytest.raises(ValueError, match="'thor' is in more than one faction"):
        theomachy.load("mythic-wars", options={"mode": "destiny", "factions": SAME})
    assert solo(factions=SAME).new_game().current_player == CHANCE
    with pytest.raises(ValueError, match="'thor' is twice in faction 1"):
        solo(factions=[SAME[0], ["thor", "thor", "set", "hades"]])
    with pytest.raises(ValueError, match="faction 0 mixes pantheons"):
        solo(mode="pantheons-of-destiny", factions=SAME)
    state = solo(mode="pantheons-of-destiny", factions=[GREEK, GREEK], first=0).new_game()
    assert state.legal_actions() == [f"invoke {d}@0" for d in sorted(GREEK)]


# --- assembly ------------------------------------------------------------------------------------
@rules("MW-SETUP-5", "MW-RULING-ASSEMBLE", "MW-RULING-SOLO", "MW-NOTATION-SOLO")
def test_mw_ruling_solo_each_seat_assembles_its_whole_own_copy():
    state = solo(3).new_game()
    assert state.view(0)["phase"] == "assemble"
    assert state.legal_actions() == [f"assemble {IDS[n]}@0" for n in DEITIES]
    for deity in SAME[0]:
        state.apply(f"assemble {deity}@0")
    # Seat 1's own copy is whole: the deities seat 0 took are offered again.
    assert state.current_player == 1
    assert state.legal_actions() == [f"assemble {IDS[n]}@1" for n in DEITIES]
    assert state.view(1)["pool"] == [f"{IDS[n]}@1" for n in DEITIES]
    with pytest.raises(IllegalAction):
        state.apply("assemble thor@0")  # seat 0's copy is not seat 1's
    with pytest.raises(IllegalAction):
        state.apply("assemble thor")  # a solo game's tokens carry the seat
    state.apply("assemble thor@1")
    assert "assemble thor@1" not in state.legal_actions()  # never twice in one faction
    assert len(state.legal_actions()) == len(DEITIES) - 1
    for deity in SAME[1][1:]:
        state.apply(f"assemble {deity}@1")
    for deity in ["thor", "odin", "ra", "tlaloc"]:
        state.apply(f"assemble {deity}@2")
    assert state.current_player == CHANCE and state.pool == []
    assert state.features()["factions"] == [
        sorted(SAME[0]),
        sorted(SAME[1]),
        sorted(["thor", "odin", "ra", "tlaloc"]),
    ]


@rules("MW-SETUP-6", "MW-RULING-ASSEMBLE", "MW-RULING-SOLO")
def test_mw_ruling_solo_pantheons_of_destiny_every_seat_may_take_any_pantheon():
    state = solo(2, mode="pantheons-of-destiny").new_game()
    assemble(state, [GREEK])
    assert len(state.legal_actions()) == len(DEITIES)  # Greek too: seat 1 has its own copy
    state.apply("assemble zeus@1")
    assert {pantheon(a.split(" ")[1]) for a in state.legal_actions()} == {"greek"}
    for deity in GREEK[1:]:
        state.apply(f"assemble {deity}@1")
    assert state.features()["factions"] == [sorted(GREEK), sorted(GREEK)]


@rules("MW-RULING-HIDDEN", "MW-RULING-SOLO")
def test_mw_ruling_solo_picks_are_hidden_and_the_next_seat_learns_nothing():
    state = solo(3).new_game()
    for deity in SAME[0][:3]:
        state.apply(f"assemble {deity}@0")
    for seat in (None, 1, 2):
        view = state.view(seat)
        assert view["log"] == ["assemble ?"] * 3 and view["pool"] == []
        assert [e["id"] for e in view["entities"]] == [None] * 3
    # Seat 0's last pick hands nothing over: seat 1 assembles from its own copy, so it sees
    # the same whole copy whatever seat 0 took.
    assert state.action_seen_by("assemble hades@0", 1) == "assemble ?"
    assert state.action_seen_by("assemble hades@0", 0) == "assemble hades@0"
    check_private_decisions(state, "solo: seat 0's last pick")
    other = solo(3).new_game()
    for deity in ["tiamat", "ea", "nergal"]:
        other.apply(f"assemble {deity}@0")
    state.apply("assemble hades@0")
    other.apply("assemble marduk@0")
    for seat in (None, 1, 2):
        assert other.view(seat) == state.view(seat)


# --- play ----------------------------------------------------------------------------------------
@rules("MW-NOTATION-SOLO", "MW-RULING-SOLO", "MW-COMBAT-3")
def test_mw_notation_solo_the_same_deity_in_two_factions_fights_itself():
    state = solo(factions=SAME, first=0).new_game()
    state.apply("invoke thor@0")
    assert state.legal_actions() == [f"invoke {d}@1" for d in sorted(SAME[1])]
    state.apply("invoke thor@1")
    view = state.view(None)
    assert sorted((e["id"], e["owner"]) for e in view["entities"] if e["id"]) == [
        ("thor@0", 0),
        ("thor@1", 1),
    ]
    assert next(e for e in view["entities"] if e["id"] == "thor@1")["name"] == "Thor"
    assert state.legal_actions() == ["attack thor@0 thor@1", "rest thor@0"]
    state.apply("attack thor@0 thor@1")
    assert state.view(1)["pending"]["attacker"] == "thor@0"
    roll(state, 5, 1)  # 12 vs 8: 4 points; 12 is even: Thor may attack again
    assert state.view(1)["settled"][0]["second"] == "thor@1"
    assert state.units[state.unit_named("thor@1")].energy == 3
    assert state.units[state.unit_named("thor@0")].energy == 7
    assert state.legal_actions() == ["attack thor@0 thor@1", "decline"]
    state.apply("decline")
    assert state.view(0)["log"][-4:] == ["attack thor@0 thor@1", "roll 5", "roll 1", "decline"]
    assert "thor@0(empowered 7/7)" in str(state) and "thor@1(invoked 3/7)" in str(state)
    # Replays, clones and documents keep the notation.
    assert state.game.replay(state.history()).view(0) == state.view(0)
    assert state.game.from_json(state.to_json()).view(1) == state.view(1)


@rules("MW-RULING-SOLO", "MW-RULING-SUMMON", "MW-SUMMON-1", "MW-SUMMON-2")
def test_mw_ruling_solo_each_copy_summons_its_own_creature():
    state = solo(factions=SAME, first=0).new_game()
    state.apply("invoke hades@0")
    state.apply("invoke hades@1")
    assert "ability hades@0" in state.legal_actions()
    state.apply("ability hades@0")  # Cerberus of seat 0's copy
    assert "ability hades@1" in state.legal_actions()  # seat 1's Cerberus is still in its box
    state.apply("ability hades@1")
    ids = sorted(e["id"] for e in state.view(None)["entities"] if e["id"])
    assert ids == ["cerberus@0", "cerberus@1", "hades@0", "hades@1"]
    summoned = {e["id"]: e["summoner"] for e in state.view(None)["entities"] if e["id"]}
    assert summoned["cerberus@1"] == "hades@1" and summoned["cerberus@0"] == "hades@0"
    # Each Hades is shielded by its own Cerberus: only the creatures can be attacked.
    assert [a for a in state.legal_actions() if a.startswith("attack")] == [
        "attack cerberus@0 cerberus@1"
    ]


@rules("MW-RULING-SOLO", "MW-RULING-SUMMON")
def test_mw_ruling_solo_a_creature_summoned_on_invocation_comes_from_each_copy():
    loki = [["loki", "thor", "odin", "tyr"], ["loki", "thor", "odin", "tyr"]]
    state = solo(factions=loki, first=0).new_game()
    state.apply("invoke loki@0")
    state.apply("invoke loki@1")
    ids = sorted(e["id"] for e in state.view(None)["entities"] if e["id"])
    assert ids == ["fenrir@0", "fenrir@1", "loki@0", "loki@1"]


# --- determinize -------------------------------------------------------------------------------
@rules("MW-RULING-HIDDEN", "MW-RULING-SOLO")
@pytest.mark.parametrize("mode", ["destiny", "pantheons-of-destiny"])
@pytest.mark.parametrize("players", [2, 3])
def test_mw_ruling_solo_determinize_keeps_every_view(mode: str, players: int):
    for seed in range(3):
        rng = random.Random(seed)
        state = solo(players, mode=mode).new_game()
        for step in range(4 * players + 30):
            if state.is_terminal():
                break
            check_views(state, f"solo {mode} {players} {seed} {step}", rng, replay_for=step)
            if state.current_player == CHANCE:
                outcomes = state.chance_outcomes()
                state.apply(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                state.apply(rng.choice(state.legal_actions()))


@rules("MW-RULING-HIDDEN", "MW-RULING-SOLO")
def test_mw_ruling_solo_determinize_may_give_others_the_players_own_deities():
    state = solo(2).new_game()
    assemble(state, SAME)
    samples = [state.determinize(0, random.Random(seed)) for seed in range(60)]
    for sample in samples:
        factions = sample.features()["factions"]
        assert factions[0] == sorted(SAME[0])  # its own, as it knows them
        assert len(set(factions[1])) == 4
        assert sample.game.replay(sample.history()).features() == sample.features()
    shared = {d for s in samples for d in s.features()["factions"][1]} & set(SAME[0])
    assert shared  # seat 1 might hold the same deities: the copies are separate
    assert len({tuple(s.features()["factions"][1]) for s in samples}) > 30


@rules("MW-RULING-HIDDEN", "MW-RULING-SOLO")
def test_mw_ruling_solo_determinize_in_pantheons_of_destiny_keeps_one_pantheon_a_faction():
    state = solo(3, mode="pantheons-of-destiny").new_game()
    assemble(state, [GREEK, GREEK, ["thor", "odin", "loki", "freyja"]])
    state.apply("first 1")
    state.apply("invoke zeus@1")  # seat 1's pantheon shows now
    found = set()
    for seed in range(40):
        factions = state.determinize(0, random.Random(seed)).features()["factions"]
        assert factions[0] == sorted(GREEK)
        assert {pantheon(d) for d in factions[1]} == {"greek"} and "zeus" in factions[1]
        assert len({pantheon(d) for d in factions[2]}) == 1
        found.add(pantheon(factions[2][0]))
    assert len(found) > 2  # seat 2's pantheon is unknown to seat 0


# --- the encoding ------------------------------------------------------------------------------
@rules("MW-NOTATION-SOLO")
@pytest.mark.parametrize("players", [2, 5, 8])
def test_mw_notation_solo_encoding_tables_have_a_fixed_size(players: int):
    e, d = len(IDS), len(DEITY_IDS)
    opposing = e * (players - 1)
    abilities = sum(
        opposing
        if x.ability in ("clash", "blast", "doom", "burn")
        else e
        if x.ability == "heal"
        else 1
        if x.ability in ("volley", "summon")
        else 0
        for x in ENTITIES
    )
    size = players * (2 * d + e * opposing + abilities + e + len(ORDERABLE_IDS)) + 1
    for mode in ("destiny", "pantheons-of-destiny"):
        table = encoded(solo(players, mode=mode)).decisions
        assert len(table) == size
        assert "assemble zeus@0" in table and f"attack thor@0 thor@{players - 1}" in table
        assert "attack thor@0 thor@0" not in table and "draft zeus" not in table
    shared = encoded(theomachy.load("mythic-wars", players=players, options={"mode": "destiny"}))
    assert "attack thor zeus" in shared.decisions and "attack thor@0 zeus@1" not in shared.decisions


@rules("MW-NOTATION-SOLO", "MW-RULING-SOLO")
@pytest.mark.parametrize("players", [2, 4, 8])
def test_mw_ruling_solo_games_honour_the_contract(players: int):
    """The conformance suite's checks (clones, documents, views, determinize, illegal input,
    private decisions, encoding tables and observations) on solo games."""
    for mode in ("destiny", "pantheons-of-destiny"):
        for seed in range(2 if players < 8 else 1):
            options = {"mode": mode, "solo": True, "max_rounds": 12}
            check_game("mythic-wars", players, seed, options=options)
    factions = {"mode": "destiny", "solo": True, "factions": [SAME[0]] * 3, "max_rounds": 12}
    check_game("mythic-wars", 3, 0, options=factions)


AGENTS = [("random", {}), ("greedy", {"samples": 3}), ("mcts", {"iterations": 40})]


@rules("MW-RULING-SOLO", "MW-RULING-ASSEMBLE")
@pytest.mark.parametrize(("name", "params"), AGENTS)
def test_mw_ruling_solo_bots_assemble_their_own_factions_from_what_they_see(name, params):
    options = {"mode": "pantheons-of-destiny", "solo": True, "max_rounds": 2}
    end = theomachy.simulate(
        "mythic-wars",
        players=3,
        agents=[agents.make(name, seed=seat, **params) for seat in range(3)],
        seed=4,
        options=options,
    )
    assert end.is_terminal()
    factions = end.features()["factions"]
    assert all(len(f) == 4 and len({pantheon(d) for d in f}) == 1 for f in factions)
    # A bot assembling sees only its view: from a position it cannot tell apart (another
    # seat's picks resampled) it takes the same deity.
    state = theomachy.load("mythic-wars", players=3, options=options).new_game()
    assemble(state, [GREEK])
    state.apply("assemble thor@1")
    twin = state.determinize(1, random.Random(5))
    assert twin.history() != state.history() and twin.view(1) == state.view(1)
    first = agents.make(name, seed=2, **params).act(state)
    assert first == agents.make(name, seed=2, **params).act(twin)
    assert first in state.legal_actions()
