"""Mythic Battles's encoding (encoding.py; RULES.md, "Encoding (for the RL adapters)"): tables
that hold every action and outcome seeded random games meet at 2, 3 and 4 players,
observations of the declared size in [0, 1], and the nominal decision bound."""

from __future__ import annotations

import random

import pytest

from theomachy import CHANCE
from theomachy.engine.encoding import encoded
from theomachy.games.mythic_battles.data import units
from theomachy.games.mythic_battles.encoding import (
    ATTACK_PHASES,
    CARDS,
    IDS,
    PER_TURN,
    RECRUITMENT,
    STEPS,
    Encoding,
)

from .scenario import free_game, game

UNITS = units()
# simple verbs, choose/recruit, 5 unit verbs, fetch/lead/recall troops, 6 area verbs, search,
# reroll
FIXED = 21 + 4 + 15 + 5 * 19 + 3 * 6 + 20 + 6
AREAS = {2: 20, 3: 49, 4: 49}


def step(state, rng: random.Random) -> str:
    if state.current_player == CHANCE:
        outcomes = state.chance_outcomes()
        return rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
    return rng.choice(state.legal_actions())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_tables_are_sorted_without_duplicates(players: int):
    loaded = game(players)
    encoding = Encoding(loaded)
    decisions, outcomes = encoding.decisions(), encoding.outcomes()
    assert decisions == sorted(set(decisions))
    assert len(decisions) == FIXED + 6 * AREAS[players]
    assert outcomes[:6] == [f"roll {n}" for n in range(1, 7)]
    assert outcomes[6:] == [f"draw {c}" for c in CARDS] and len(CARDS) == len(UNITS) + 1
    assert {"continue", "pass", "end", "done", "absorb ground", "uproot tree"} <= set(decisions)
    assert "recruit zeus" not in decisions and "choose zeus" in decisions
    assert "lead achilles" not in decisions and "lead hoplites" in decisions
    assert "fetch achilles" not in decisions and "fetch hoplites" in decisions
    assert f"move {AREAS[players]}" in decisions and f"move {AREAS[players] + 1}" not in decisions
    table = encoded(loaded)  # the engine's loader finds this module
    assert list(table.decisions.strings) == decisions
    assert list(table.outcomes.strings) == outcomes


@pytest.mark.parametrize("players", [2, 3, 4])
def test_max_decisions_and_observation_size(players: int):
    encoding = Encoding(game(players, max_rounds=7))
    assert encoding.max_decisions() == RECRUITMENT + 7 * players * PER_TURN
    areas = AREAS[players]
    per_unit = 1 + players + areas + 6
    assert encoding.observation_size() == (
        len(STEPS) + len(ATTACK_PHASES) + 3 + 3 * areas + len(CARDS) + len(IDS) * per_unit
        + players * (6 + len(CARDS)) + 2 * len(IDS) + 12
    )  # fmt: skip


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_play_stays_in_the_tables_and_observations_are_valid(players: int):
    rng = random.Random(700 + players)
    seen: set[str] = set()
    wanted = {"choose", "recruit", "activate", "move", "enter", "attack"}
    # At least 4 games; more (up to 12) until random armies have met in one: two random
    # players at 2 seats often never come within reach of each other.
    for played in range(12):
        if played >= 4 and wanted <= seen:
            break
        loaded = game(players, max_rounds=12)
        table = encoded(loaded)
        encoding = table.encoding
        size = encoding.observation_size()
        decision_set, outcome_set = set(table.decisions.strings), set(table.outcomes.strings)
        state = loaded.new_game()
        decisions = moves = 0
        while not state.is_terminal():
            chance = state.current_player == CHANCE
            legal = state.legal_actions()
            if chance:
                assert set(legal) <= outcome_set, set(legal) - outcome_set
                assert {o for o, _ in state.chance_outcomes()} == set(legal)
            else:
                assert set(legal) <= decision_set, set(legal) - decision_set
                seen.update(a.split(" ")[0] for a in legal)
            if moves % 20 == 0:
                for seat in range(players):
                    vector = encoding.observe(state.view(seat))
                    assert len(vector) == size
                    assert all(0.0 <= x <= 1.0 for x in vector)
            state.apply(step(state, rng))
            decisions += not chance
            moves += 1
        assert decisions <= encoding.max_decisions()
        for seat in range(players):
            vector = encoding.observe(state.view(seat))
            assert len(vector) == size and all(0.0 <= x <= 1.0 for x in vector)
    assert wanted <= seen


def test_equal_views_give_equal_observations_and_hidden_hands_stay_hidden():
    loaded = game(2)
    encoding = encoded(loaded).encoding
    rng = random.Random(3)
    state = loaded.new_game()
    while state.round < 3 and not state.is_terminal():
        state.apply(step(state, rng))
    for seat in range(2):
        vector = encoding.observe(state.view(seat))
        assert encoding.observe(state.clone().view(seat)) == vector
        for seed in range(3):
            sample = state.determinize(seat, random.Random(seed))
            assert encoding.observe(sample.view(seat)) == vector
    assert encoding.observe(state.view(0)) != encoding.observe(state.view(1))


def test_observation_counts_the_viewers_own_hand():
    loaded = free_game([["zeus", "achilles"], ["hades", "medusa"]])
    encoding = encoded(loaded).encoding
    state = loaded.new_game()
    while state.current_player == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    areas = len(loaded.board.areas)
    hand_at = len(STEPS) + len(ATTACK_PHASES) + 3 + 3 * areas
    for seat in range(2):
        counts = encoding.observe(state.view(seat))[hand_at : hand_at + len(CARDS)]
        for card in CARDS:
            assert counts[CARDS.index(card)] == pytest.approx(
                min(1.0, state.hand[seat].count(card) / 6)
            )
