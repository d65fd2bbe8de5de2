"""Elo ratings by a Bradley-Terry fit (lab/ratings.py): known ratings are recovered from
simulated results, the anchor stays at 0, intervals shrink with games and cover the truth,
a perfect record stays finite, and bad input is refused with a message that names it."""

from __future__ import annotations

import random

import pytest

from theomachy.lab.ratings import Results, expected_score, fit, results_from_rows

TRUE = {"random": 0.0, "greedy": 250.0, "mcts": 500.0, "expert": 650.0}


def simulated(games_per_pair: int, seed: int = 1) -> Results:
    """A round robin between agents of known strength, seats alternating."""
    rng = random.Random(seed)
    results = Results()
    names = sorted(TRUE)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            p = expected_score(TRUE[a], TRUE[b])
            for game in range(games_per_pair):
                won = rng.random() < p
                seats = [a, b] if game % 2 == 0 else [b, a]
                first_won = won == (seats[0] == a)
                results.add_game(seats, [1.0, 0.0] if first_won else [0.0, 1.0])
    return results


def by_agent(results: Results) -> dict:
    return {r.agent: r for r in fit(results)}


def test_known_ratings_are_recovered_within_their_intervals():
    ratings = by_agent(simulated(400))
    assert ratings["random"].elo == 0.0 and ratings["random"].low == ratings["random"].high == 0
    for agent, truth in TRUE.items():
        rating = ratings[agent]
        assert rating.low <= truth <= rating.high, (agent, rating)
        assert rating.games == 3 * 400
    assert [r.agent for r in fit(simulated(400))] == ["expert", "mcts", "greedy", "random"]


def test_intervals_shrink_with_more_games():
    few, many = by_agent(simulated(40)), by_agent(simulated(640))
    for agent in ("greedy", "mcts", "expert"):
        assert many[agent].high - many[agent].low < (few[agent].high - few[agent].low) / 3


def test_a_perfect_record_stays_finite():
    results = Results()
    results.add("mcts", "random", 50.0, 50.0)
    (mcts, random_agent) = fit(results)
    assert mcts.agent == "mcts" and 300 < mcts.elo < 2000 and mcts.high < 3000
    assert random_agent.elo == 0.0


def test_draws_count_half_and_multi_player_games_give_every_pair():
    results = Results()
    results.add_game(["a", "b", "random"], [0.5, 0.5, 0.0])
    assert results.score[("a", "b")] == 0.5 and results.score[("a", "random")] == 1.0
    assert results.games[("b", "random")] == 1.0
    rows = [{"agents": ["a", "random"], "returns": [1.0, 0.0]}] * 3
    assert results_from_rows(rows).score[("a", "random")] == 3.0


def test_bad_input_is_refused_with_a_message_that_names_it():
    results = Results()
    with pytest.raises(ValueError, match="impossible"):
        results.add("a", "b", 3.0, 2.0)
    results.add("a", "b", 1.0, 2.0)
    with pytest.raises(ValueError, match="anchor 'random' played no game"):
        fit(results)
    results.add("c", "random", 1.0, 2.0)
    with pytest.raises(ValueError, match="a, b never met 'random'"):
        fit(results)
