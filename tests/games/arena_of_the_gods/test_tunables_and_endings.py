"""Arena of the Gods for the balance lab: how a game ended (AG-END-3: ``ArenaGame.endings``,
``State.ending()``), the faction feature ``gods``, and the tunable numbers of
``content/tunables.toml`` (each resolves, its shipped value within its bounds, and an overlay
at every low or every high bound still makes a game that plays to its end)."""

from __future__ import annotations

import json

import pytest

from scenario_helpers import probe_with_overlay
from theomachy.engine import overlay
from theomachy.engine.simulate import simulate
from theomachy.games.arena_of_the_gods.cards import catalog
from theomachy.games.arena_of_the_gods.model import STALL_ROUNDS
from theomachy.games.arena_of_the_gods.rules import ArenaGame, ArenaState

from .positions import act, arena, draw_any, setup

rules = pytest.mark.rules
GAME = "arena-of-the-gods"
PLAIN = ("quetzalcoatl", "odin")


def end_turn(state: ArenaState) -> None:
    """The player to move ends the turn and discards nothing."""
    act(state, "end", "done")


def test_the_endings_are_declared():
    assert ArenaGame.endings == ("last-standing", "stalemate", "round-limit")


@rules("AG-END-3", "AG-END-2")
def test_ending_last_standing_when_one_god_is_left():
    state = setup(("zeus", "odin"), life=[20, 1], favor=[5, 0])
    assert state.ending() is None
    act(state, "use zeus@0 odin@1")  # Thunderbolt: 1 damage, Odin at 0 Life
    assert state.is_terminal() and state.winners() == [0]
    assert state.ending() == "last-standing"


@rules("AG-END-3", "AG-END-2")
def test_ending_last_standing_when_the_last_two_fall_together():
    # Ragnarok kills both Tzitzimitls, each taking 2 Life from its controller's opponent.
    state = setup(PLAIN, hands={0: ["ragnarok"]}, field=[("tzitzimitl", 0), ("tzitzimitl", 1)],
                  life=[2, 2], gold=[1, 0], favor=[5, 0])  # fmt: skip
    assert state.ending() is None
    act(state, "play ragnarok")
    assert state.is_terminal() and state.winners() == [0, 1]
    assert state.ending() == "last-standing"


@rules("AG-END-3", "AG-RULING-STALL")
def test_ending_stalemate_after_quiet_rounds():
    state = setup(PLAIN, life=[15, 18])
    state.stall_low = list(state.life)
    state.deck = [[], []]
    state.stall_cards = 0
    for _ in range(2 * STALL_ROUNDS):
        assert not state.is_terminal() and state.ending() is None
        end_turn(state)
        draw_any(state)
    assert state.is_terminal() and state.winners() == [0, 1]
    assert state.ending() == "stalemate"


@rules("AG-END-3", "AG-CAP-1")
def test_ending_round_limit_with_max_rounds():
    state = setup(PLAIN, life=[15, 18], max_rounds=1)
    end_turn(state)
    draw_any(state)
    assert not state.is_terminal() and state.ending() is None
    end_turn(state)
    assert state.is_terminal() and state.winners() == [1]
    assert state.ending() == "round-limit"


def test_random_games_name_their_ending_and_the_gods_feature():
    # Seeds 0-3 of random two-player games all end with one God left.
    for seed in range(4):
        state = simulate(GAME, seed=seed)
        assert state.is_terminal() and state.ending() == "last-standing"
        features = state.features()
        assert features["gods"] == ["zeus", "odin"] and "decks" in features
        json.dumps(features)
    fresh = arena(3, gods=["ra", "dagda", "zeus"]).new_game()
    assert fresh.ending() is None and fresh.features()["gods"] == ["ra", "dagda", "zeus"]


def test_tunables_load_resolve_and_lie_within_their_bounds():
    declared = overlay.declarations(GAME)
    assert declared.faction == "gods"
    assert 8 <= len(declared.tunables) <= 30
    values = overlay.defaults(GAME)
    assert set(values) == {t.name for t in declared.tunables}
    for tunable in declared.tunables:
        assert tunable.file == "cards.toml"
        assert tunable.low <= values[tunable.name] <= tunable.high, tunable.name
    assert overlay.checked(GAME, values) == values
    # Every God is touched by its Pantheon Ability and its Blessing.
    gods = {"zeus", "odin", "ra", "amaterasu", "quetzalcoatl", "dagda"}
    touched = {t.path[1]["id"] for t in declared.tunables if isinstance(t.path[1], dict)}
    assert gods <= touched


PROBE = """
import json
from theomachy.engine.simulate import simulate
from theomachy.games.arena_of_the_gods.cards import catalog

cards = catalog()
state = simulate("arena-of-the-gods", seed=3)
print(json.dumps({
    "ending": state.ending(),
    "thunderbolt_favor": cards["zeus"].abilities[1].favor,
    "flare_damage": cards["ra"].abilities[1].amount,
    "hoplite_health": cards["hoplite"].health,
    "fomorian_favor": cards["fomorian"].favor,
}))
"""


@pytest.mark.parametrize("bound", ["low", "high"])
def test_an_overlay_at_every_bound_loads_and_plays(bound: str):
    declared = {t.name: t for t in overlay.declarations(GAME).tunables}
    values = {name: getattr(t, bound) for name, t in declared.items()}
    seen = probe_with_overlay(GAME, values, PROBE)
    assert seen["ending"] in ArenaGame.endings
    assert seen["thunderbolt_favor"] == values["zeus-thunderbolt-favor"]
    assert seen["flare_damage"] == values["ra-flare-damage"]
    assert seen["hoplite_health"] == values["hoplite-health"]
    assert seen["fomorian_favor"] == values["fomorian-favor"]
    shipped = overlay.defaults(GAME)
    assert seen["hoplite_health"] != shipped["hoplite-health"]


GODS = ("zeus", "odin", "ra", "amaterasu", "quetzalcoatl", "dagda")


def phrases(ability) -> list[str]:
    """What a God's text must say for one of its abilities, from the ability's numbers."""
    said = []
    if ability.when == "activated":
        said.append(f"Pay {ability.favor} Favor")
    if ability.effect == "damage":
        said.append(f"deal {ability.amount} damage")
    elif ability.effect == "draw":
        said.append(f"draw {ability.amount} card")
    elif ability.effect == "prevent":
        said.append(f"prevent the next {ability.amount} damage")
    elif ability.effect == "discount":
        said.append(f"cost {ability.amount} less {ability.resource.title()}")
    elif ability.effect in ("aura", "buff"):
        if ability.power:
            said.append(f"+{ability.power} Power")
        if ability.health:
            said.append(f"+{ability.health} Health")
    return said


def test_every_god_text_says_the_numbers_its_abilities_use():
    """The texts players read follow the numbers the rules use, tuned ones included
    (issue 23: a value taken from the tuner is written into the card's text too)."""
    cards = catalog()
    for god in GODS:
        card = cards[god]
        for ability in card.abilities:
            for phrase in phrases(ability):
                assert phrase in card.text, (god, phrase, card.text)
