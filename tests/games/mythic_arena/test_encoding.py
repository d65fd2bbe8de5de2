"""Mythic Arena's encoding for the RL adapters (tables, observation, bound): RULES.md, Encoding."""

from __future__ import annotations

import random
import time

import pytest

import theomachy
from theomachy import CHANCE
from theomachy.engine.encoding import encoded
from theomachy.games.mythic_arena.encoding import Encoding

from .scenario import position

DECISIONS = 1945
OUTCOMES = 34
OBSERVATION = 3318
VERBS = ("choose", "discard", "place", "recycle", "raise", "capture", "power", "shatter", "done")

OPTION_SETS = [
    {},
    {"rounds": 3, "first_player": 1, "strength_supply": 40},
    {"strength_supply": 0},
]


def _encoding(**options: object) -> Encoding:
    encoding = encoded(theomachy.load("mythic-arena", options=options)).encoding
    assert isinstance(encoding, Encoding)
    return encoding


def test_the_tables_have_fixed_sizes_and_no_duplicates():
    for options in OPTION_SETS:
        game = theomachy.load("mythic-arena", options=options)
        started = time.perf_counter()
        encoding = Encoding(game)
        decisions, outcomes = encoding.decisions(), encoding.outcomes()
        assert time.perf_counter() - started < 0.2
        assert len(decisions) == len(set(decisions)) == DECISIONS
        assert len(outcomes) == len(set(outcomes)) == OUTCOMES
        assert encoding.observation_size() == OBSERVATION
        table = encoded(game)
        assert len(table.decisions) == DECISIONS and len(table.outcomes) == OUTCOMES


def test_the_decision_table_follows_the_notation_order():
    decisions = _encoding().decisions()
    verbs = [d.split(" ")[0] for d in decisions]
    # Each verb is one contiguous block, in the notation's order.
    blocks = [v for i, v in enumerate(verbs) if i == 0 or verbs[i - 1] != v]
    assert blocks == list(VERBS)
    counts = {verb: verbs.count(verb) for verb in VERBS}
    assert counts == {
        "choose": 2,
        "discard": 1,
        "place": 32 * 49 + 2 * 77,
        "recycle": 32,
        "raise": 32,
        "capture": 77,
        "power": 1,
        "shatter": 77,
        "done": 1,
    }
    assert decisions[:4] == ["choose greek", "choose norse", "discard", "place helios b1"]
    assert decisions[-1] == "done"
    assert "recycle heracles" not in decisions and "raise hela" not in decisions
    assert "place sol a5" in decisions and "place zeus a5" not in decisions
    assert _encoding().outcomes()[:2] == ["draw helios", "draw heracles"]


def test_max_decisions_follows_rounds_and_the_supply():
    assert _encoding().max_decisions() == 1 + 66 + 10
    # A match may last 2 * rounds games (drawn games are played again, MA-RULING-MATCH).
    assert _encoding(rounds=7, strength_supply=40).max_decisions() == 1 + 14 * (66 + 40)
    assert _encoding(strength_supply=0).max_decisions() == 1 + 66


def _playout(state, rng: random.Random, encoding: Encoding, observe: bool) -> int:
    """Play ``state`` out at random, checking every step; return the decisions taken."""
    decisions, outcomes = set(encoding.decisions()), set(encoding.outcomes())
    size = encoding.observation_size()
    taken = 0
    while not state.is_terminal():
        if observe:
            for seat in (0, 1):
                vector = encoding.observe(state.view(seat))
                assert len(vector) == size
                assert all(0.0 <= x <= 1.0 for x in vector)
        legal = state.legal_actions()
        if state.current_player == CHANCE:
            assert set(legal) <= outcomes
            action = rng.choice(legal)
        else:
            missing = [a for a in legal if a not in decisions]
            assert missing == [], missing
            # Spend tokens more often than at random, to reach long Strength steps.
            spend = [a for a in legal if a == "power" or a.startswith("shatter")]
            action = rng.choice(spend) if spend and rng.random() < 0.7 else rng.choice(legal)
            taken += 1
        state.apply(action)
    if observe:
        for seat in (0, 1):
            assert len(encoding.observe(state.view(seat))) == size
    return taken


@pytest.mark.parametrize("options", OPTION_SETS)
def test_random_playouts_stay_inside_the_tables_and_the_bound(options):
    game = theomachy.load("mythic-arena", options=options)
    encoding = encoded(game).encoding
    assert isinstance(encoding, Encoding)
    bound = encoding.max_decisions()
    rng = random.Random(7)
    for number in range(150):
        taken = _playout(game.new_game(), rng, encoding, observe=number < 3)
        assert taken < bound


def test_the_fifth_card_and_outside_squares_are_in_the_tables():
    # Row 5 complete from b5 to e5: Helios may stand beyond either end (a5 and f5).
    state = position({"b5": "gaia", "c5": "dionysus", "d5": "zeus", "e5": "athena"}, drawn="helios")
    decisions = set(_encoding().decisions())
    legal = state.legal_actions()
    assert "place helios a5" in legal and "place helios f5" in legal
    assert set(legal) <= decisions


def test_equal_views_give_equal_observations_and_moves_change_them():
    encoding = _encoding()
    game = theomachy.load("mythic-arena")
    state = game.new_game()
    rng = random.Random(3)
    for _ in range(60):
        if state.is_terminal():
            break
        before = [encoding.observe(state.view(seat)) for seat in (0, 1)]
        copy = game.replay(state.history())
        assert [encoding.observe(copy.view(seat)) for seat in (0, 1)] == before
        state.apply(rng.choice(state.legal_actions()))
        after = [encoding.observe(state.view(seat)) for seat in (0, 1)]
        assert after[0] != before[0] and after[1] != before[1]


def test_the_observation_hides_the_drawn_card_from_the_opponent():
    encoding = _encoding()
    zeus = position({"e5": "gaia"}, drawn="zeus")
    gaia_board = position({"e5": "gaia"}, drawn="athena")
    # Player 0 drew: they see which card; player 1 only that one is drawn and unseen.
    assert encoding.observe(zeus.view(0)) != encoding.observe(gaia_board.view(0))
    assert encoding.observe(zeus.view(1)) == encoding.observe(gaia_board.view(1))


def test_the_observation_is_written_from_the_viewers_seat():
    encoding = _encoding()
    state = theomachy.load("mythic-arena").new_game()
    state.apply("choose greek")
    mirrored = theomachy.load("mythic-arena", options={"first_player": 1}).new_game()
    mirrored.apply("choose greek")
    # Seat 0 choosing Greek and seat 1 choosing Greek look the same from the chooser's seat.
    assert encoding.observe(state.view(0)) == encoding.observe(mirrored.view(1))
    with pytest.raises(ValueError, match="player"):
        encoding.observe(state.view(None))
