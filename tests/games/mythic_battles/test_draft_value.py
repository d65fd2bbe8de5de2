"""Mythic Battles: how the agents value an army during the recruitment draft (evaluation.py,
``fit`` and ``draft_strength``): cost, hits to destroy, and the fit with the divinity.

Stats used (content/roster.toml): Ares Range 0, Movement 3, Bolster; Zeus Range 2, flies;
Hades Range 1, Movement 2, Leader; Medusa Range 2; Cerberus Range 0, Guard and Block;
Centaurs troops, Movement 3; Hydra Block."""

from __future__ import annotations

import pytest

from theomachy.games.mythic_battles import evaluation
from theomachy.games.mythic_battles.data import units
from theomachy.games.mythic_battles.evaluation import fit

from .scenario import act, game

UNITS = units()


def test_a_melee_divinity_values_cover_from_range():
    ares, zeus = UNITS["ares"], UNITS["zeus"]
    assert fit(UNITS["medusa"], ares, [zeus]) == 1.0  # Medusa strikes from Range 2
    assert fit(UNITS["medusa"], zeus, [ares]) == 0.0  # Zeus has range of his own


def test_a_divinity_that_strikes_from_afar_values_a_unit_that_holds_the_area():
    zeus, hades, ares = UNITS["zeus"], UNITS["hades"], UNITS["ares"]
    # Cerberus (Guard, Block) in front of Hades; against Ares, who must close in, the Guard
    # counts half a point more.
    assert fit(UNITS["cerberus"], hades, [zeus]) == pytest.approx(0.5)  # Block cannot hold Zeus
    assert fit(UNITS["cerberus"], hades, [ares]) == pytest.approx(1.5)
    assert fit(UNITS["hydra"], zeus, [ares]) == 1.0


def test_a_slow_leader_values_fast_troops_twice():
    # Centaurs: troops for the Leader, and Movement 3 to carry omphalos to a slow divinity:
    # Athena walks 2; Hades, a Leader who walks 3 (MB-TUNE-4), values only the troops.
    assert fit(UNITS["centaurs"], UNITS["athena"], [UNITS["hades"]]) == 2.0
    assert fit(UNITS["centaurs"], UNITS["hades"], [UNITS["athena"]]) == 1.0
    assert fit(UNITS["centaurs"], UNITS["zeus"], [UNITS["athena"]]) == 0.0


def test_during_the_draft_an_army_is_worth_its_costs_hits_and_fit():
    state = game(divinities=["zeus", "hades"]).new_game()
    act(state, "recruit cerberus")  # seat 1, Hades, recruits first
    cerberus = UNITS["cerberus"]
    hits = cerberus.vitality * cerberus.defence
    expected = (
        evaluation.DIVINITY * UNITS["hades"].vitality
        + evaluation.COST * cerberus.cost
        + evaluation.DRAFT_HIT * hits
        + evaluation.FIT * fit(cerberus, UNITS["hades"], [UNITS["zeus"]])
    )
    assert evaluation.draft_value(cerberus, UNITS["hades"], [UNITS["zeus"]]) == pytest.approx(
        expected - evaluation.DIVINITY * UNITS["hades"].vitality
    )
    assert evaluation.draft_strength(state, state.sides[1]) == pytest.approx(expected)
    zeus = evaluation.DIVINITY * UNITS["zeus"].vitality
    assert evaluation.draft_strength(state, state.sides[0]) == pytest.approx(zeus)
    assert state.evaluate(1) == pytest.approx(expected / (expected + zeus))


@pytest.mark.parametrize("gods", [["zeus", "ares"], ["athena", "hades"], ["hades", "zeus"]])
def test_the_greedy_drafts_first_pick_is_the_unit_its_divinity_values_most(gods):
    from theomachy.agents import make

    state = game(divinities=gods).new_game()
    drafter, rival = UNITS[gods[1]], UNITS[gods[0]]  # seat 1 recruits first

    def value(unit_id: str) -> float:
        return evaluation.draft_value(UNITS[unit_id], drafter, [rival])

    offered = [a.split()[1] for a in state.legal_actions()]
    best = max(value(u) for u in offered)
    pick = make("greedy", seed=1).act(state).split()[1]
    assert value(pick) == pytest.approx(best)
