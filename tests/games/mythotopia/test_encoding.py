"""Mythotopia's encoding: the tables hold every legal string, observations are well formed.

Sizes are written in RULES.md ("Encoding (for the RL adapters)"); a change to the grammar or
the content changes them, and this file says so.
"""

from __future__ import annotations

import random
import time

import pytest

import theomachy
from theomachy.engine.chance import sample_outcome
from theomachy.engine.core import CHANCE
from theomachy.engine.encoding import encoded
from theomachy.games.mythotopia.encoding import (
    CARD_IDS,
    TURN_DECISIONS,
    Encoding,
    decision_strings,
    outcome_strings,
)

DECISIONS = {2: 60832, 3: 60912, 4: 60952}
OUTCOMES = {2: 234, 3: 235, 4: 236}
OBSERVATION = {2: 1868, 3: 2352, 4: 2836}


def _game(players: int, **options: object) -> theomachy.Game:
    return theomachy.load("mythotopia", players=players, options=dict(options))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_table_sizes_are_fixed_and_have_no_duplicates(players: int) -> None:
    enc = encoded(_game(players))  # ActionTable refuses a string listed twice
    assert len(enc.decisions) == DECISIONS[players]
    assert len(enc.outcomes) == OUTCOMES[players]
    assert enc.encoding.observation_size() == OBSERVATION[players]
    assert len(set(decision_strings(players))) == DECISIONS[players]
    assert len(set(outcome_strings(players))) == OUTCOMES[players]


@pytest.mark.parametrize("players", [3, 4])
def test_tables_do_not_depend_on_options(players: int) -> None:
    plain = Encoding(_game(players))
    other = Encoding(_game(players, choose_provinces=True, max_rounds=7))
    assert plain.decisions() == other.decisions()
    assert plain.outcomes() == other.outcomes()
    assert plain.observation_size() == other.observation_size()


def test_tables_are_built_fast() -> None:
    start = time.perf_counter()
    for players in (2, 3, 4):
        Encoding(_game(players)).decisions()
    assert time.perf_counter() - start < 1.0  # about 0.02 s each


def test_table_order_follows_the_notation() -> None:
    table = decision_strings(3)
    verbs: list[str] = []
    for action in table:
        verb = action.split(" ")[0]
        if not verbs or verbs[-1] != verb:
            verbs.append(verb)
    assert verbs == [
        "reject", "citadel", "invade", "place-armies", "remove-armies", "place-ships",
        "remove-ships", "end-war", "buy", "draft", "reserve", "discard", "remove", "play",
        "patronage", "pass", "end-game", "warehouse", "move", "pay", "done", "decline", "keep",
        "claim", "end-turn",
    ]  # fmt: skip
    assert "reject palmain" not in decision_strings(2)  # choose_provinces is refused with two
    outcomes = outcome_strings(2)
    assert outcomes[:2] == ["deal ambsace", "deal aporia"]
    assert outcomes[-len(CARD_IDS) :] == [f"draw {card}" for card in CARD_IDS]


def test_notation_examples_are_in_the_table() -> None:
    table = set(decision_strings(2))
    examples = (
        "invade blore palmain", "invade ictus nesh sea", "invade blore nusus palmain",
        "invade blore general palmain", "invade trogle portal", "place-armies blore",
        "remove-armies talion 2 1", "place-ships serpent", "remove-ships beast 1",
        "end-war blore", "end-war blore hero", "buy 2 1", "draft scribe", "draft start-ship",
        "draft palmain", "reserve limes", "discard blore", "remove start-market",
        "play start-build city palmain", "play build road palmain blore", "play diplomat blore",
        "play marauders blore 1", "play mercenary blore 2", "play alchemist 1",
        "play philosopher", "play counsellor", "play providence", "play mystic blore",
        "play militia", "play start-build castle blore general", "patronage", "pass",
        "end-game", "warehouse hero", "move palmain blore 3", "pay start-army army",
        "pay start-ship cross", "pay nusus gold merchant", "pay iracund food water-mill",
        "pay start-build food farming", "done", "decline", "keep queen", "claim city",
        "claim stock", "end-turn",
    )  # fmt: skip
    assert [e for e in examples if e not in table] == []
    assert "play mystic mystic" not in table  # one copy, and it is the card being played
    assert "pay merchant gold merchant" not in table


def test_max_decisions_follows_the_round_cap() -> None:
    for players in (2, 3, 4):
        for rounds in (1, 100, 1000):
            encoding = Encoding(_game(players, max_rounds=rounds))
            assert encoding.max_decisions() == 3 * players + rounds * players * TURN_DECISIONS
    assert TURN_DECISIONS == 271


def _playout(players: int, seed: int, options: dict[str, object]) -> None:
    game = _game(players, max_rounds=5, **options)
    enc = encoded(game)
    encoding = enc.encoding
    size = encoding.observation_size()
    rng = random.Random(seed)
    state = game.new_game()
    decisions = steps = 0
    while not state.is_terminal():
        if state.current_player == CHANCE:
            outcomes = [o for o, _ in state.chance_outcomes()]
            assert [o for o in outcomes if o not in enc.outcomes] == []
            action = sample_outcome(state, rng)
        else:
            legal = state.legal_actions()
            assert [a for a in legal if a not in enc.decisions] == []
            action = rng.choice(legal)
            decisions += 1
        if steps % 25 == 0:
            for seat in range(players):
                vector = encoding.observe(state.view(seat))
                assert len(vector) == size
                assert all(0.0 <= x <= 1.0 for x in vector)
        state.apply(action)
        steps += 1
    assert decisions < encoding.max_decisions()
    for seat in range(players):
        assert len(encoding.observe(state.view(seat))) == size


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {}), (3, {}), (3, {"choose_provinces": True}), (4, {}), (4, {"choose_provinces": True})],
)
def test_random_playouts_stay_inside_the_tables(players: int, options: dict[str, object]) -> None:
    for seed in range(2):
        _playout(players, seed, options)


def _in_play(players: int, seed: int) -> theomachy.State:
    game = _game(players)
    rng = random.Random(seed)
    state = game.new_game()
    while state.current_player == CHANCE:
        state.apply(sample_outcome(state, rng))
    while state.current_player < 0 or state.view(state.current_player)["phase"] != "play":
        state.apply(
            sample_outcome(state, rng)
            if state.current_player == CHANCE
            else rng.choice(state.legal_actions())
        )
    return state


def test_observations_follow_the_view() -> None:
    state = _in_play(3, 4)
    encoding = encoded(state.game).encoding
    seat = state.current_player
    before = encoding.observe(state.view(seat))
    # Equal views give equal observations (a copy, and a copy through JSON).
    assert encoding.observe(state.clone().view(seat)) == before
    assert encoding.observe(state.game.from_json(state.to_json()).view(seat)) == before
    # Each seat sees itself first: the vectors differ between seats.
    others = [encoding.observe(state.view(s)) for s in range(3) if s != seat]
    assert all(vector != before for vector in others)
    # A move changes the observation.
    legal = state.legal_actions()
    placing = next((a for a in legal if a.startswith("place-armies")), legal[0])
    state.apply(placing)
    after = encoding.observe(state.view(seat))
    assert after != before
