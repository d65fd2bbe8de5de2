"""Arena of the Gods's encoding (encoding.py; RULES.md, "Encoding (for the RL adapters)"):
tables that hold every action random play meets at every player count, observations of the
declared size in [0, 1], and the nominal decision bound."""

from __future__ import annotations

import random
import time

import pytest

import theomachy
from theomachy import CHANCE
from theomachy.engine import conformance
from theomachy.engine.encoding import encoded
from theomachy.games.arena_of_the_gods.cards import catalog, starter_decks
from theomachy.games.arena_of_the_gods.encoding import IDS, PER_SEAT, PER_TURN, STEPS, Encoding
from theomachy.games.arena_of_the_gods.rules import ArenaState

from .positions import setup

PLAYERS = range(2, 7)
CARDS = catalog()
# Decision table sizes with the default Gods and their starter decks (RULES.md, "Encoding").
DECISIONS = {2: 2101, 4: 9067, 6: 22608}
HEAD = len(STEPS) + 5 + 5 * len(IDS)  # step, turn, flags; hand, triggers, battle, stack


def arena(players: int, **options: object) -> theomachy.Game:
    return theomachy.load("arena-of-the-gods", players=players, options=options)


def step(state, rng: random.Random) -> str:
    if state.current_player == CHANCE:
        outcomes = state.chance_outcomes()
        return rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
    return rng.choice(state.legal_actions())


# --- tables --------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_tables_are_built_sorted_and_without_duplicates(players: int):
    game = arena(players)
    start = time.perf_counter()
    encoding = Encoding(game)
    decisions, outcomes = encoding.decisions(), encoding.outcomes()
    assert time.perf_counter() - start < 1.0
    assert decisions == sorted(set(decisions))
    if players in DECISIONS:
        assert len(decisions) == DECISIONS[players]
    assert (
        len(outcomes) == len(set(outcomes)) == 6 + sum(1 for c in CARDS.values() if c.type != "god")
    )
    assert outcomes[:6] == [f"roll {n}" for n in range(1, 7)]
    assert encoding.observation_size() == HEAD + 2 * players + players * PER_SEAT
    assert encoding.max_decisions() == 10_000 * players * PER_TURN  # nominal: no cap
    table = encoded(game)  # the engine's loader finds this module
    assert list(table.decisions.strings) == decisions
    assert list(table.outcomes.strings) == outcomes


def test_tables_depend_on_the_decks_and_the_player_count():
    two = Encoding(arena(2)).decisions()
    four = Encoding(arena(4)).decisions()
    assert len(two) < len(four)
    assert set(two) - set(four) == set()  # seats 0 and 1 play the same decks
    other = Encoding(arena(2, decks=["ra-starter", "dagda-starter"])).decisions()
    assert other != two
    # the simple verbs and every card's play/trigger/decline/discard are always there
    for decisions in (two, four, other):
        assert {"done", "end", "hold", "pass", "redirect"} <= set(decisions)
        for card in IDS:
            assert {f"play {card}", f"discard {card}", f"trigger {card}"} <= set(decisions)
    # attacks: a seat's Unit names against every other seat's Unit and God names, never its own
    assert "attack hoplite@0 odin@1" in two and "attack hoplite@0.4 berserker@1.3" in two
    assert "attack hoplite@0.5 odin@1" not in two  # the Zeus starter has four Hoplites
    assert not any(d.startswith("attack ") and d.endswith("@0") and "@0 " in d for d in two)
    assert not any(d.startswith("attack zeus@0") for d in two)  # Gods never attack


def test_max_decisions_follows_the_round_cap():
    assert Encoding(arena(3, max_rounds=5)).max_decisions() == 5 * 3 * PER_TURN
    assert Encoding(arena(3, max_rounds=None)).max_decisions() == 10_000 * 3 * PER_TURN
    assert Encoding(arena(3)).max_decisions() == 10_000 * 3 * PER_TURN


@pytest.mark.rules("AG-CAP-1", "AG-RULING-STALL")
def test_a_stalled_game_ends_within_the_decision_bound():
    assert Encoding.short_game_options == {"max_rounds": 30}

    def stalled(**options: object) -> tuple[ArenaState, int]:
        # Odin and Ra with nothing left: no Units, empty decks and hands; neither God can
        # hurt the other.
        state = setup(("odin", "ra"), **options)
        state.deck = [[], []]
        state.stall_cards = 0  # no card left to draw since the turn before
        state.invalidate_caches()
        rng = random.Random(1)
        steps = 0
        while not state.is_terminal():
            state.apply(step(state, rng))
            steps += 1
        return state, steps

    # The rulebook's game: a draw after 20 quiet rounds (AG-RULING-STALL).
    state, steps = stalled()
    assert state.turn == 40 and state.winners() == [0, 1]
    assert steps <= Encoding(state.game).max_decisions()
    # A shorter cap ends it first, the most Life winning (AG-CAP-1).
    state, steps = stalled(max_rounds=10)
    assert state.turn == 20 and state.winners() in ([0], [1], [0, 1])
    assert steps <= Encoding(state.game).max_decisions()


# --- random play ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_random_play_stays_in_the_tables_and_observations_are_valid(players: int):
    rng = random.Random(300 + players)
    gods = [c.id for c in CARDS.values() if c.type == "god"]
    for _ in range(3):
        chosen = [rng.choice(gods) for _ in range(players)]
        game = arena(players, gods=chosen, max_rounds=8)
        table = encoded(game)
        encoding = table.encoding
        size = encoding.observation_size()
        decision_set, outcome_set = set(table.decisions.strings), set(table.outcomes.strings)
        state = game.new_game()
        decisions = 0
        moves = 0
        while not state.is_terminal():
            actor = state.current_player
            chance = actor == CHANCE
            legal = set(state.legal_actions())
            assert legal <= (outcome_set if chance else decision_set), legal - decision_set
            if moves % 25 == 0:
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


def hel_decks() -> list[dict[str, object]]:
    """Odin's starter deck with Hel for Loki (plays from the Afterlife), twice, and Ra's."""
    cards = dict(starter_decks()["odin-starter"].cards)
    del cards["loki"]
    cards["hel"] = 1
    odin = {"name": "odin-hel", "god": "odin", "cards": cards}
    return [odin, "ra-starter", odin]


def test_plays_from_the_afterlife_are_in_the_tables_and_honour_the_contract():
    game = arena(3, decks=hel_decks(), max_rounds=30)
    table = encoded(game)
    decision_set = set(table.decisions.strings)
    replays = {d for d in decision_set if d.startswith("play-from-afterlife ")}
    # Only seats whose deck holds Hel, only the Mortal Units of their decks
    assert "play-from-afterlife berserker" in replays
    assert "play-from-afterlife skald berserker@0" in replays
    assert not any(d.split()[1] in ("pegasus", "valkyrie", "thor", "hel") for d in replays)
    assert not any(d.split()[1] in ("tomb-guardian", "chariot-archer") for d in replays)
    assert not any(d.startswith("play-from-afterlife") for d in Encoding(arena(3)).decisions())
    played = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_game()
        while not state.is_terminal():
            if state.current_player == CHANCE:
                action = step(state, rng)
            else:
                legal = state.legal_actions()
                assert set(legal) <= decision_set, set(legal) - decision_set
                offered = [a for a in legal if a.startswith("play-from-afterlife")]
                action = rng.choice(offered if offered and rng.random() < 0.5 else legal)
                played += action.startswith("play-from-afterlife")
            state.apply(action)
    assert played > 0
    for seed in range(2):
        conformance.check_game(
            "arena-of-the-gods", 3, seed, {"decks": hel_decks(), "first": 0, "max_rounds": 30}
        )


# --- observations --------------------------------------------------------------------------------
def test_equal_views_give_equal_observations_and_hidden_hands_stay_hidden():
    game = arena(3, first=0)
    encoding = encoded(game).encoding
    rng = random.Random(3)
    state = game.new_game()
    while state.turn < 4 and not state.is_terminal():
        state.apply(step(state, rng))
    for seat in range(3):
        vector = encoding.observe(state.view(seat))
        assert encoding.observe(state.clone().view(seat)) == vector
        sample = state.determinize(seat, random.Random(seat))
        assert encoding.observe(sample.view(seat)) == vector
    assert encoding.observe(state.view(0)) != encoding.observe(state.view(1))


def test_observation_sees_own_hand_first_and_seats_rotate():
    game = arena(2, first=0)
    encoding = encoded(game).encoding
    state = game.new_game()
    while state.current_player == CHANCE:
        state.apply(state.chance_outcomes()[0][0])
    hand_at = len(STEPS) + 5  # the viewer's hand counts follow the step, turn and flags
    for seat in range(2):
        vector = encoding.observe(state.view(seat))
        counts = vector[hand_at : hand_at + len(IDS)]
        for card in set(state.hand[seat]):
            assert counts[IDS.index(card)] == pytest.approx(
                min(1.0, state.hand[seat].count(card) / 3)
            )
        assert sum(1 for x in counts if x) == len(set(state.hand[seat]))
    # the viewer's own block comes first: Life is the third number of a seat block
    state.life[1] = 5
    life_at = HEAD + 2 * 2 + 2
    assert encoding.observe(state.view(1))[life_at] == pytest.approx((5 + 20) / 60)
    assert encoding.observe(state.view(0))[life_at] == pytest.approx((20 + 20) / 60)
    assert encoding.observe(state.view(0))[life_at + PER_SEAT] == pytest.approx((5 + 20) / 60)
