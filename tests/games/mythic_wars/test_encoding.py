"""Mythic Wars's encoding (encoding.py; RULES.md, "Encoding (for the RL adapters)"): fixed
tables that hold every action random play meets in every mode at every player count,
observations of the declared size in [0, 1], and the nominal decision bound."""

from __future__ import annotations

import random
import time

import pytest

import theomachy
from theomachy import CHANCE
from theomachy.engine.encoding import encoded
from theomachy.games.mythic_wars.cards import PANTHEONS
from theomachy.games.mythic_wars.encoding import (
    DEITY_IDS,
    IDS,
    ORDERABLE_IDS,
    SUMMONER,
    Encoding,
)
from theomachy.games.mythic_wars.rules import ENTITIES

PLAYERS = range(2, 9)
# The sizes follow from the content (RULES.md gives them for the current content: 3799
# decisions, 586 + 72 x players observation numbers with 54 entities, 48 deities and 6
# pantheons), so new content changes the numbers, not these formulas.
E, D, S = len(IDS), len(DEITY_IDS), len(SUMMONER)
TARGETED = {"clash", "blast", "doom", "burn"}
ABILITY_DECISIONS = sum(
    (E - 1 - (e.id in SUMMONER or e.params.creature is not None))
    if e.ability in TARGETED
    else E
    if e.ability == "heal"
    else 1
    if e.ability in ("volley", "summon")
    else 0
    for e in ENTITIES
)
DECISIONS = 3 * D + (E * (E - 1) - 2 * S) + ABILITY_DECISIONS + E + len(ORDERABLE_IDS) + 1
OBSERVATION = {
    n: 19 + n * (10 + len(PANTHEONS)) + D + E * (7 + n) + 2 * E + 10 + 2 * n + 23 for n in PLAYERS
}
ONCE_A_ROUND = sum(
    (not e.is_deity) + (e.ability in ("extra-attack", "doom", "ambush", "burn")) for e in ENTITIES
) + len(ORDERABLE_IDS)
MAX_DECISIONS = {n: 4 * n + 10_000 * (5 * n + ONCE_A_ROUND) for n in PLAYERS}  # nominal


def modes(players: int, rng: random.Random) -> list[dict[str, object]]:
    """Every mode's options that this player count allows (random destiny factions, and the
    destiny modes assembled in the game)."""
    result: list[dict[str, object]] = [{"mode": "hands-of-fate"}]
    result.append({"mode": "guided", "deal": min(12, len(DEITY_IDS) // players)})
    if players <= len(PANTHEONS):
        result.append({"mode": "pantheons"})
    deities = list(DEITY_IDS)
    rng.shuffle(deities)
    result.append(
        {"mode": "destiny", "factions": [deities[4 * s : 4 * s + 4] for s in range(players)]}
    )
    pools = []  # two factions per pantheon at most: 8 deities each
    for pantheon in PANTHEONS:
        members = [e.id for e in ENTITIES if e.is_deity and e.pantheon == pantheon]
        rng.shuffle(members)
        pools += [members[:4], members[4:]]
    rng.shuffle(pools)
    result.append({"mode": "pantheons-of-destiny", "factions": pools[:players]})
    result += [{"mode": "destiny"}, {"mode": "pantheons-of-destiny"}]
    return result


def step(state, rng: random.Random) -> str:
    if state.current_player == CHANCE:
        outcomes = state.chance_outcomes()
        return rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
    return rng.choice(state.legal_actions())


# --- tables --------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_tables_have_fixed_sizes_and_no_duplicates(players: int):
    rng = random.Random(players)
    sizes = set()
    for options in modes(players, rng):
        game = theomachy.load("mythic-wars", players=players, options=options)
        start = time.perf_counter()
        encoding = Encoding(game)
        decisions, outcomes = encoding.decisions(), encoding.outcomes()
        assert time.perf_counter() - start < 0.2
        assert len(decisions) == len(set(decisions)) == DECISIONS
        assert len(outcomes) == len(set(outcomes)) == D + len(PANTHEONS) + 6 + players
        assert encoding.observation_size() == OBSERVATION[players]
        assert encoding.max_decisions() == MAX_DECISIONS[players]
        sizes.add((tuple(decisions), tuple(outcomes)))
        table = encoded(game)  # the engine's loader finds this module; no duplicates
        assert len(table.decisions) == DECISIONS
    assert len(sizes) == 1, "the tables do not depend on the mode"


def test_table_order_follows_the_notation():
    decisions = Encoding(theomachy.load("mythic-wars", players=3)).decisions()
    verbs = [d.split(" ")[0] for d in decisions]
    order = ["draft", "assemble", "invoke", "attack", "ability", "rest", "order", "decline"]
    assert [v for i, v in enumerate(verbs) if i == 0 or verbs[i - 1] != v] == order
    attacks = [tuple(d.split(" ")[1:]) for d in decisions if d.startswith("attack ")]
    assert attacks == sorted(attacks, key=lambda pair: (IDS.index(pair[0]), IDS.index(pair[1])))
    assert len(attacks) == len(IDS) * (len(IDS) - 1) - 2 * len(SUMMONER)
    assert ("hades", "cerberus") not in attacks and ("cerberus", "hades") not in attacks
    assert "ability isis isis" in decisions  # heal may target itself
    assert "ability zeus" in decisions and "ability hades" in decisions  # volley, summon
    assert "ability kitsune inari" not in decisions  # its own summoner never opposes it
    assert not any(d.startswith(("ability thor", "ability loki")) for d in decisions)
    outcomes = Encoding(theomachy.load("mythic-wars", players=3)).outcomes()
    assert outcomes[-9:] == ["first 0", "first 1", "first 2"] + [f"roll {n}" for n in range(1, 7)]
    assert outcomes[D : D + len(PANTHEONS)] == [f"deal {p}" for p in PANTHEONS]


# --- random play ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_random_play_stays_in_the_tables_and_observations_are_valid(players: int):
    rng = random.Random(100 + players)
    for options in modes(players, rng):
        game = theomachy.load("mythic-wars", players=players, options=options)
        table = encoded(game)
        encoding = table.encoding
        size = encoding.observation_size()
        decision_set, outcome_set = set(table.decisions.strings), set(table.outcomes.strings)
        for playout in range(3):
            state = game.new_game()
            decisions = 0
            for moves in range(400):  # a prefix: the whole game can run for thousands
                if state.is_terminal():
                    break
                actor = state.current_player
                chance = actor == CHANCE
                legal = set(state.legal_actions())
                assert legal <= (outcome_set if chance else decision_set), legal - decision_set
                observed = playout == 0 and moves < 200  # observations on the first playout
                if observed and moves % 10 == 0:
                    for seat in range(players):
                        vector = encoding.observe(state.view(seat))
                        assert len(vector) == size
                        assert all(0.0 <= x <= 1.0 for x in vector)
                before = encoding.observe(state.view(actor)) if observed and not chance else None
                state.apply(step(state, rng))
                decisions += not chance
                if before is not None:  # every decision changes what its player sees
                    after = encoding.observe(state.view(actor))
                    assert after != before
                    assert len(after) == size and all(0.0 <= x <= 1.0 for x in after)
            assert decisions <= encoding.max_decisions()


@pytest.mark.parametrize("players", PLAYERS)
def test_whole_random_games_stay_under_the_nominal_bound(players: int):
    encoding = encoded(theomachy.load("mythic-wars", players=players)).encoding
    rng = random.Random(7 * players)
    game = theomachy.load("mythic-wars", players=players)
    for _ in range(6):
        state = game.new_game()
        decisions = 0
        while not state.is_terminal():
            if state.current_player != CHANCE:
                decisions += 1
            state.apply(step(state, rng))
        assert decisions < encoding.max_decisions()


# --- observations --------------------------------------------------------------------------------
def test_equal_views_give_equal_observations_and_seats_rotate():
    game = theomachy.load("mythic-wars", players=3)
    encoding = encoded(game).encoding
    rng = random.Random(3)
    state = game.new_game()
    while state.round < 3 and not state.is_terminal():
        state.apply(step(state, rng))
    for seat in range(3):
        vector = encoding.observe(state.view(seat))
        assert encoding.observe(state.clone().view(seat)) == vector
        sample = state.determinize(seat, random.Random(seat))
        assert sample.view(seat)["entities"] == state.view(seat)["entities"]
        assert encoding.observe(sample.view(seat)) == vector
    # the viewer is always first: seat 0's own block differs from seat 1's
    assert encoding.observe(state.view(0)) != encoding.observe(state.view(1))


def test_observation_sees_own_hand_and_not_others_face_down_cards():
    factions = [["thor", "fujin", "heimdall", "tyr"], ["set", "chalchiuhtlicue", "hera", "athena"]]
    options = {"mode": "destiny", "factions": factions, "first": 0}
    game = theomachy.load("mythic-wars", players=2, options=options)
    encoding = encoded(game).encoding
    state = game.new_game()
    size = encoding.entity_size
    base = 5 + 11 + 3 + 2 * (10 + len(PANTHEONS)) + len(DEITY_IDS)  # the entity blocks

    def seen(vector: list[float], entity: str) -> float:
        return vector[base + IDS.index(entity) * size]

    mine, theirs = encoding.observe(state.view(0)), encoding.observe(state.view(1))
    assert seen(mine, "thor") == 1.0 and seen(mine, "set") == 0.0
    assert seen(theirs, "set") == 1.0 and seen(theirs, "thor") == 0.0
    state.apply("invoke thor")  # declared: face up for everyone
    assert seen(encoding.observe(state.view(1)), "thor") == 1.0
    # relative owner: thor is the viewer's own for seat 0, the next seat's for seat 1
    assert encoding.observe(state.view(0))[base + IDS.index("thor") * size + 1] == 1.0
    assert encoding.observe(state.view(1))[base + IDS.index("thor") * size + 2] == 1.0


def test_the_assembling_seat_observes_the_shared_copy_and_the_others_do_not():
    game = theomachy.load("mythic-wars", players=2, options={"mode": "destiny"})
    encoding = encoded(game).encoding
    state = game.new_game()
    for deity in ["thor", "zeus", "set", "fujin"]:
        state.apply(f"assemble {deity}")
    decisions = encoding.decisions()
    assert decisions[D : 2 * D] == [f"assemble {d}" for d in DEITY_IDS]
    hand = 5 + 11 + 3 + 2 * (10 + len(PANTHEONS))  # the hand slots start here

    def slots(seat: int) -> list[float]:
        return encoding.observe(state.view(seat))[hand : hand + len(DEITY_IDS)]

    assert slots(1) == [0.0 if d in ("thor", "zeus", "set", "fujin") else 1.0 for d in DEITY_IDS]
    assert slots(0) == [0.0] * len(DEITY_IDS)
