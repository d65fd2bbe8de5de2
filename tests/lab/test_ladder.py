"""``theomachy lab ladder``: a seeded, resumable round robin rated in Elo (lab/ladder.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from theomachy.cli import app
from theomachy.lab.ladder import LadderConfig, play, ratings, results, slug


def config(out: Path, games: int = 6, **changes) -> LadderConfig:
    fields = {"game": "mythic-arena", "agents": ["random", "greedy"], "games": games, **changes}
    return LadderConfig(out=out, **fields)


def test_the_ladder_resumes_and_gives_the_same_ratings(tmp_path: Path):
    once = config(tmp_path / "once")
    play(once)
    in_two = config(tmp_path / "two", games=3)
    play(in_two)
    play(config(tmp_path / "two"))  # continued to 6 games a pair: only the 3 missing played
    first, total = ratings(once)
    second, again = ratings(config(tmp_path / "two"))
    assert total == again == 6 and first == second
    assert {r.agent for r in first} == {"random", "greedy"}
    assert next(r for r in first if r.agent == "random").elo == 0.0


def test_a_table_of_four_seats_the_pair_alternately(tmp_path: Path):
    ladder = LadderConfig(
        game="mythic-wars", players=4, agents=["random", "greedy"], games=2, out=tmp_path
    )
    assert ladder.pairing("random", "greedy").agents == ["random", "greedy"] * 2
    play(ladder)
    found, total = results(ladder)
    assert total == 2 and found.games[("greedy", "random")] == 2 * 4  # 4 cross pairs a game


def test_bad_ladders_are_refused_with_a_message_that_names_the_problem(tmp_path: Path):
    with pytest.raises(ValueError, match="each agent once"):
        config(tmp_path, agents=["random", "random"])
    with pytest.raises(ValueError, match="anchor 'random'"):
        play(config(tmp_path, agents=["greedy", "mcts:budget_ms=10"]))
    with pytest.raises(ValueError, match="budget_ms"):
        config(tmp_path, agents=["random", "mcts:budget_ms=-5"])
    with pytest.raises(ValueError, match="no games stored"):
        ratings(config(tmp_path / "empty"))
    assert slug("mcts:budget_ms=200") == "mcts-budget_ms200"


def test_ladder_command_line(tmp_path: Path):
    runner = CliRunner()
    out = tmp_path / "ladder"
    args = ["lab", "ladder", "mythic-arena", "--out", str(out), "--agents", "random,greedy"]
    result = runner.invoke(app, [*args, "--games", "4"])
    assert result.exit_code == 0, result.output
    assert "| greedy |" in result.output and (out / "ladder.md").exists()
    again = runner.invoke(app, [*args, "--games", "4", "--report-only"])
    assert again.exit_code == 0 and "8 games in all" not in again.output
    bad = runner.invoke(app, [*args, "--agents", "random,nosuch"])
    assert bad.exit_code != 0 and "nosuch" in bad.output
