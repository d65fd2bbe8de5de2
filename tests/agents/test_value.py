"""The learned evaluation: its document, its blindness, the search option, the trainer."""

from __future__ import annotations

import json
import math
import random

import pytest
from typer.testing import CliRunner

import theomachy
from theomachy import agents
from theomachy.agents.value import ValueModel, learned_evaluator, parse_model, shipped_model
from theomachy.cli import app
from theomachy.engine import conformance
from theomachy.engine.encoding import encoded
from theomachy.lab.value import TrainConfig, train


def _positions(game_id: str, seed: int = 3) -> list:
    game = theomachy.load(game_id, players=2)
    return [
        state.clone()
        for state in conformance.random_playthrough(game, seed)
        if state.current_player >= 0 and len(state.legal_actions()) > 1
    ]


def _zero_model(game_id: str) -> ValueModel:
    game = theomachy.load(game_id, players=2)
    size = encoded(game).encoding.observation_size()
    return ValueModel(game_id, 2, game.options, 0.0, 1.0, (0.0,) * size, {})


def test_an_untrained_model_is_the_hand_written_evaluation():
    model = _zero_model("mythic-wars")
    for state in _positions("mythic-wars")[::7]:
        for seat in (0, 1):
            hand = state.evaluate(seat)
            if 1e-5 < hand < 1 - 1e-5:
                assert math.isclose(model.value(state, seat), hand, rel_tol=1e-9)


def test_the_document_round_trips_and_bad_ones_are_refused():
    model = _zero_model("mythic-arena")
    assert parse_model(model.to_json()) == model
    good = json.loads(model.to_json())
    for broken, problem in [
        ({k: v for k, v in good.items() if k != "weights"}, "weights"),
        ({**good, "bias": "x"}, "could not convert"),
        ({**good, "scale": float("nan")}, "not a finite number"),
    ]:
        with pytest.raises(ValueError, match=problem):
            parse_model(json.dumps(broken))
    with pytest.raises(ValueError, match="not a value model document"):
        parse_model("[1, 2")


def test_the_shipped_mythic_arena_model_matches_its_game():
    state = theomachy.load("mythic-arena").new_game()
    model = learned_evaluator(state)
    assert len(model.weights) == encoded(state.game).encoding.observation_size()
    assert model.training["command"].startswith("theomachy lab train-value mythic-arena")
    # Trained on the default game only: another set-up has no model.
    match = theomachy.load("mythic-arena", options={"rounds": 3}).new_game()
    assert shipped_model(match) is None


def test_a_game_without_a_model_names_the_command_that_trains_one():
    state = _positions("mythotopia")[0]
    with pytest.raises(ValueError, match="theomachy lab train-value mythotopia"):
        agents.make("ismcts", seed=1, iterations=5, learned=1).act(state)
    with pytest.raises(ValueError, match="learned must be"):
        agents.make("ismcts", seed=1, learned=2)


def test_the_learned_value_reads_only_the_seats_view():
    # Two positions a seat cannot tell apart get the same value and the same move.
    model = learned_evaluator(theomachy.load("mythic-arena").new_game())
    for state in _positions("mythic-arena")[::5]:
        player = state.current_player
        other = state.determinize(player, random.Random(99))
        assert other.view(player) == state.view(player)
        assert model.value(other, player) == model.value(state, player)
        first = agents.make("ismcts", seed=5, iterations=30, learned=1).act(state)
        second = agents.make("ismcts", seed=5, iterations=30, learned=1).act(other)
        assert first == second
        assert first in state.legal_actions()


def test_training_is_seeded_and_the_same_on_any_number_of_processes():
    config = TrainConfig(game="mythic-arena", games=20, agent="random", positions=2, seed=4)
    one = train(config)
    two = train(TrainConfig(**{**config.__dict__, "jobs": 2}))
    assert one.model == two.model
    assert one.report["positions"]["fit"] > 0
    assert set(one.report["test_log_loss"]) == {"hand", "learned"}
    assert one.model.training["command"] == (
        "theomachy lab train-value mythic-arena --players 2 --games 20 --agent random "
        "--positions 2 --seed 4"
    )
    with pytest.raises(ValueError, match="at least 20 games"):
        train(TrainConfig(game="mythic-arena", games=5))


def test_the_train_value_command(tmp_path):
    runner = CliRunner()
    out = tmp_path / "value.json"
    base = ["lab", "train-value", "mythic-arena", "--agent", "random", "--positions", "2"]
    result = runner.invoke(app, [*base, "--games", "20", "--out", str(out)])
    assert result.exit_code == 0, result.output
    model = parse_model(out.read_text(encoding="utf-8"))
    assert model.game == "mythic-arena" and "test_log_loss" in result.output
    for extra, problem in [
        (["--games", "5"], "at least 20 games"),
        (["--games", "20", "--jobs", "0"], "--jobs must be from 1 to 64"),
        (["--games", "20", "--agent", "nobody"], "unknown agent 'nobody'"),
        (["--games", "20", "--positions", "0"], "--positions must be above 0"),
        (["--games", "20", "--options", "[1]"], "--options must be a JSON object"),
        (["--games", "20", "--players", "3"], "3 players is not allowed"),
    ]:
        bad = tmp_path / "bad.json"
        result = runner.invoke(app, [*base, *extra, "--out", str(bad)])
        assert result.exit_code != 0 and problem in result.output, (extra, result.output)
        assert not bad.exists()
