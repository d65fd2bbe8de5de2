"""Strict validation of untrusted agent specs (what a play-server client may ask of a bot)."""

from __future__ import annotations

import pytest

import theomachy
from theomachy.agents import LEVELS, GreedyAgent, ISMCTSAgent, LevelAgent, MCTSAgent, RandomAgent
from theomachy.agents.limits import SpecLimits, params_model, validate_spec
from theomachy.agents.specs import build, parse_spec
from theomachy.engine import conformance

LIMITS = SpecLimits()

BAD = [
    # (spec, the agent the message starts with, a fragment the message names)
    ("random:seed=5", "random", "seed"),
    ("mcts:seed=5", "mcts", "seed"),
    ("mcts:budget_ms=inf", "mcts", "budget_ms must be a finite number from 1 to 2000, got 'inf'"),
    ("mcts:budget_ms=-inf", "mcts", "budget_ms"),
    ("mcts:budget_ms=nan", "mcts", "budget_ms"),
    ("mcts:budget_ms=Infinity", "mcts", "budget_ms"),
    ("mcts:budget_ms=1e400", "mcts", "budget_ms"),
    ("mcts:budget_ms=fast", "mcts", "budget_ms"),
    ("mcts:budget_ms=", "mcts", "budget_ms"),
    ("mcts:budget_ms=0", "mcts", "budget_ms"),
    ("mcts:budget_ms=2000.5", "mcts", "budget_ms"),
    ("mcts:budget_ms=99999999", "mcts", "budget_ms"),
    ("mcts:iterations=20001", "mcts", "iterations must be an integer from 1 to 20000"),
    ("mcts:iterations=100000000000000000000000000000", "mcts", "iterations"),
    ("mcts:iterations=0", "mcts", "iterations"),
    ("mcts:iterations=400.0", "mcts", "iterations"),
    ("mcts:iterations=1e3", "mcts", "iterations"),
    ("mcts:iterations=true", "mcts", "iterations"),
    ("mcts:iterations=1_000", "mcts", "iterations"),
    ("mcts:iterations= 100", "mcts", "iterations"),
    ("mcts:rollout_depth=201", "mcts", "rollout_depth"),
    ("mcts:rollout_depth=-1", "mcts", "rollout_depth"),
    ("mcts:exploration=nan", "mcts", "exploration"),
    ("mcts:exploration=-0.5", "mcts", "exploration"),
    ("mcts:exploration=11", "mcts", "exploration"),
    ("greedy:samples=33", "greedy", "samples must be an integer from 1 to 32"),
    ("greedy:samples=0", "greedy", "samples"),
    ("greedy:samples=2.5", "greedy", "samples"),
    ("greedy:samples=many", "greedy", "samples"),
    ("mcts:depth=3", "mcts", "'depth'"),
    ("random:samples=3", "random", "'samples'"),
    ("greedy:iterations=3", "greedy", "'iterations'"),
    ("mcts:iterations", "mcts", "'iterations'"),
    ("mcts:=5", "mcts", "'=5'"),
    ("mcts:Iterations=5", "mcts", "'Iterations=5'"),
    ("mcts:iterations=5:iterations=6", "mcts", "iterations is given twice"),
    ("mcts::", "mcts", "bad parameter"),
    ("mcts:" + ":".join(["iterations=5"] * 7), "mcts", "too many parameters"),
    # A level takes no parameters; the message names the level.
    ("hard:iterations=5", "hard", "hard is a level and takes no parameters"),
    ("easy:temperature=0", "easy", "'temperature=0'"),
    ("expert:budget_ms=100", "expert", "use ismcts"),
    ("medium:seed=1", "medium", "takes no parameters"),
    ("medium:", "medium", "takes no parameters"),
    # ismcts: the search the levels use, with its parameters under the limits.
    ("ismcts:seed=5", "ismcts", "seed"),
    ("ismcts:budget_ms=-5", "ismcts", "budget_ms must be a finite number from 1 to 2000"),
    ("ismcts:budget_ms=0", "ismcts", "budget_ms"),
    ("ismcts:budget_ms=inf", "ismcts", "budget_ms"),
    ("ismcts:iterations=-1", "ismcts", "iterations must be an integer from 1 to 20000"),
    ("ismcts:iterations=20001", "ismcts", "iterations"),
    ("ismcts:iterations=2.5", "ismcts", "iterations"),
    ("ismcts:exploration=-1", "ismcts", "exploration"),
    ("ismcts:exploration=11", "ismcts", "exploration"),
    ("ismcts:prior_temperature=10.5", "ismcts", "prior_temperature must be a finite number"),
    ("ismcts:prior_temperature=-0.1", "ismcts", "prior_temperature"),
    ("ismcts:temperature=nan", "ismcts", "temperature"),
    ("ismcts:temperature=11", "ismcts", "temperature must be a finite number from 0 to 10"),
    ("ismcts:prior_samples=0", "ismcts", "prior_samples must be an integer from 1 to 32"),
    ("ismcts:prior_samples=2.5", "ismcts", "prior_samples"),
    ("ismcts:open_loop=2", "ismcts", "open_loop must be an integer from 0 to 1"),
    ("ismcts:rollout_greedy=2", "ismcts", "rollout_greedy must be a finite number from 0 to 1"),
    ("ismcts:rollout_depth=-1", "ismcts", "rollout_depth"),
    ("ismcts:rollout_depth=201", "ismcts", "rollout_depth"),
    ("ismcts:samples=3", "ismcts", "ismcts has no parameter 'samples'"),
    ("ismcts:depth=3", "ismcts", "'depth'"),
]


@pytest.mark.parametrize(("spec", "agent", "fragment"), BAD)
def test_a_bad_spec_is_a_value_error_naming_the_agent_and_the_parameter(spec, agent, fragment):
    with pytest.raises(ValueError) as caught:
        validate_spec(spec, LIMITS)
    message = str(caught.value)
    assert message.startswith(agent), message
    assert fragment in message, message


@pytest.mark.parametrize(
    ("spec", "fragment"),
    [
        ("nope", "unknown agent 'nope'"),
        ("legendary", "unknown agent 'legendary'; levels: easy, medium, hard, expert"),
        ("Hard", "unknown agent 'Hard'"),
        ("", "unknown agent ''"),
        ("MCTS", "unknown agent 'MCTS'"),
        ("mcts:iterations=" + "9" * 200, "at most 200"),
        (5, "must be a string, got int"),
        (None, "must be a string, got NoneType"),
        (["mcts"], "must be a string, got list"),
    ],
)
def test_other_bad_specs_say_what_is_wrong(spec, fragment):
    with pytest.raises(ValueError, match=fragment):
        validate_spec(spec, LIMITS)


GOOD = [
    ("random", "random"),
    ("  mcts ", "mcts"),
    ("greedy", "greedy"),
    ("greedy:samples=4", "greedy:samples=4"),
    ("greedy:samples=32", "greedy:samples=32"),
    ("mcts:iterations=20", "mcts:iterations=20"),
    ("mcts:iterations=200:exploration=1.0", "mcts:exploration=1:iterations=200"),
    ("mcts:budget_ms=300.0", "mcts:budget_ms=300"),
    ("mcts:rollout_depth=0:budget_ms=1e3", "mcts:budget_ms=1000:rollout_depth=0"),
    ("mcts:budget_ms=2.5:exploration=.25", "mcts:budget_ms=2.5:exploration=0.25"),
    (
        "mcts:rollout_depth=200:iterations=20000:exploration=10:budget_ms=2000",
        "mcts:budget_ms=2000:exploration=10:iterations=20000:rollout_depth=200",
    ),
    ("easy", "easy"),
    (" medium", "medium"),
    ("hard", "hard"),
    ("expert ", "expert"),
    ("ismcts", "ismcts"),
    ("ismcts:iterations=300", "ismcts:iterations=300"),
    ("ismcts:temperature=0.5:budget_ms=300.0", "ismcts:budget_ms=300:temperature=0.5"),
    (
        "ismcts:temperature=10:rollout_depth=200:prior_temperature=0:exploration=10"
        ":budget_ms=2000:iterations=20000",
        "ismcts:budget_ms=2000:exploration=10:iterations=20000:prior_temperature=0"
        ":rollout_depth=200:temperature=10",
    ),
]


@pytest.mark.parametrize(("spec", "canonical"), GOOD)
def test_good_specs_canonicalise_and_build(spec, canonical):
    assert validate_spec(spec, LIMITS) == canonical
    assert validate_spec(canonical, LIMITS) == canonical  # a fixed point
    name, params = parse_spec(canonical)
    agent = build(canonical, seed=3)
    assert agent.name == name
    for key, value in params.items():
        assert getattr(agent, key) == value


def test_canonical_specs_play_legal_moves():
    game = theomachy.load("mythic-arena")
    state = next(
        s.clone()
        for s in conformance.random_playthrough(game, 2)
        if s.current_player >= 0 and len(s.legal_actions()) > 1
    )
    for spec in (
        "random",
        "greedy:samples=2",
        "mcts:iterations=20:rollout_depth=5",
        "ismcts:iterations=20",
        "easy",
    ):
        move = build(validate_spec(spec, LIMITS), seed=1).act(state)
        assert move in state.legal_actions()
    assert isinstance(build("random", seed=1), RandomAgent)
    assert isinstance(build("greedy", seed=1), GreedyAgent)
    assert isinstance(build("mcts", seed=1), MCTSAgent)
    assert isinstance(build("ismcts", seed=1), ISMCTSAgent)
    for level in LEVELS:
        agent = build(validate_spec(level, LIMITS), seed=1)
        assert isinstance(agent, LevelAgent) and agent.level == level


def test_the_agents_defaults_must_be_within_the_limits():
    assert MCTSAgent().iterations == 400  # what a bare "mcts" means
    assert validate_spec("mcts", SpecLimits(max_iterations=400)) == "mcts"
    with pytest.raises(ValueError, match="mcts iterations defaults to 400"):
        validate_spec("mcts", SpecLimits(max_iterations=100))
    # A time budget alone leaves iterations unbounded, which the budget then bounds.
    assert validate_spec("mcts:budget_ms=50", SpecLimits(max_iterations=100)) == (
        "mcts:budget_ms=50"
    )
    with pytest.raises(ValueError, match="mcts rollout_depth defaults to 30"):
        validate_spec("mcts:iterations=10", SpecLimits(max_rollout_depth=20))
    with pytest.raises(ValueError, match="greedy samples defaults to 6"):
        validate_spec("greedy", SpecLimits(max_samples=4))
    assert validate_spec("greedy:samples=4", SpecLimits(max_samples=4)) == "greedy:samples=4"
    assert ISMCTSAgent().iterations == 400  # what a bare "ismcts" means
    with pytest.raises(ValueError, match="ismcts iterations defaults to 400"):
        validate_spec("ismcts", SpecLimits(max_iterations=100))
    assert validate_spec("ismcts:budget_ms=50", SpecLimits(max_iterations=100)) == (
        "ismcts:budget_ms=50"
    )
    assert validate_spec("ismcts:iterations=100", SpecLimits(max_iterations=100)) == (
        "ismcts:iterations=100"
    )


def test_the_limits_set_the_ranges():
    limits = SpecLimits(max_budget_ms=500, max_iterations=1000, max_params=1, max_spec_chars=20)
    assert validate_spec("mcts:budget_ms=500", limits) == "mcts:budget_ms=500"
    with pytest.raises(ValueError, match="budget_ms must be a finite number from 1 to 500"):
        validate_spec("mcts:budget_ms=501", limits)
    with pytest.raises(ValueError, match="iterations must be an integer from 1 to 1000"):
        validate_spec("mcts:iterations=1001", limits)
    with pytest.raises(ValueError, match="too many parameters"):
        validate_spec("mcts:a=1:b=2", limits)
    with pytest.raises(ValueError, match="at most 20"):
        validate_spec("mcts:iterations=1000 ", limits)


def test_each_agent_has_a_strict_model_without_seed():
    for name in ("random", "greedy", "mcts", "ismcts", *LEVELS):
        model = params_model(name, LIMITS)
        assert "seed" not in model.model_fields
        assert model.model_config.get("extra") == "forbid"
        assert model.model_config.get("strict") is True
    assert set(params_model("mcts", LIMITS).model_fields) == {
        "iterations",
        "budget_ms",
        "exploration",
        "rollout_depth",
    }
    assert set(params_model("ismcts", LIMITS).model_fields) == {
        "iterations",
        "budget_ms",
        "exploration",
        "prior_temperature",
        "prior_samples",
        "open_loop",
        "rollout_greedy",
        "reuse",
        "rollout_depth",
        "temperature",
    }
    for level in LEVELS:
        assert params_model(level, LIMITS).model_fields == {}


def test_local_parse_spec_and_build_stay_permissive():
    # The command line and the lab are trusted: no server limits there.
    assert parse_spec("mcts:iterations=50000") == ("mcts", {"iterations": 50000})
    assert parse_spec("mcts:budget_ms=inf") == ("mcts", {"budget_ms": float("inf")})
    assert build("mcts:iterations=50000", seed=1).iterations == 50000
