"""The balance lab: deterministic whatever the jobs or backend, resumable, reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

from theomachy.cli import app
from theomachy.lab import LabConfig, read_games, run
from theomachy.lab.report import build_report, feature_counts, feature_rates
from theomachy.lab.stats import wilson


def _config(out: Path, **changes: object) -> LabConfig:
    settings: dict[str, object] = {
        "game": "mythic-wars",
        "agents": ["random", "greedy:samples=1"],
        "games": 12,
        "seed": 7,
        "out": out,
    }
    settings.update(changes)
    return LabConfig(**settings)  # type: ignore[arg-type]


def test_results_are_identical_for_any_number_of_jobs(tmp_path: Path):
    run(_config(tmp_path / "one", jobs=1))
    run(_config(tmp_path / "two", jobs=2))
    one, two = read_games(tmp_path / "one"), read_games(tmp_path / "two")
    assert len(one) == 12 and one == two
    assert {tuple(r["agents"]) for r in one} == {
        ("random", "greedy:samples=1"),
        ("greedy:samples=1", "random"),
    }  # seats rotate
    row = one[0]
    for column in (
        "game_index",
        "seed",
        "players",
        "agents",
        "winners",
        "returns",
        "length",
        "scores",
        "feature_factions",
        "feature_first",
    ):
        assert column in row
    assert len(row["feature_factions"]) == 2 and len(row["feature_factions"][0]) == 4


def test_an_interrupted_run_continues_without_duplicates(tmp_path: Path):
    out = tmp_path / "run"
    count = 0

    def stop_after_five(_: dict) -> None:
        nonlocal count
        count += 1
        if count == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(_config(out), on_game=stop_after_five)
    assert len(read_games(out)) == 5  # kept, though fewer than a part's worth
    before, played = run(_config(out))
    assert (before, played) == (5, 7)
    rows = read_games(out)
    assert [r["game_index"] for r in rows] == list(range(12))
    run(_config(tmp_path / "fresh"))
    assert rows == read_games(tmp_path / "fresh")
    before, played = run(_config(out, games=15))  # asking for more games extends the run
    assert (before, played) == (12, 3)
    with pytest.raises(ValueError, match="other settings"):
        run(_config(out, seed=8))


def test_a_run_remembers_its_levels_and_refuses_to_resume_once_one_is_retuned(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    import json

    from theomachy.agents import levels

    out = tmp_path / "run"
    run(_config(out, game="mythic-arena", agents=["random", "easy"], games=2))
    stored = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert stored["levels"] == {"easy": levels.plan("easy", "mythic-arena", 2)}
    retuned = dict(levels._BASE, easy={**levels._BASE["easy"], "iterations": 5})
    monkeypatch.setattr(levels, "_BASE", retuned)
    with pytest.raises(ValueError, match=r"holds games of easy as set before \(easy: \{"):
        run(_config(out, game="mythic-arena", agents=["random", "easy"], games=3))
    assert len(read_games(out)) == 2  # nothing played, nothing lost


def test_bad_configs_say_what_is_wrong(tmp_path: Path):
    with pytest.raises(ValueError, match="unknown agent 'wizard'"):
        _config(tmp_path, agents=["wizard"])
    with pytest.raises(ValueError, match="3 agents for 2 players"):
        run(_config(tmp_path, agents=["random", "random", "greedy"]))
    with pytest.raises(ValueError, match="bad agent parameter"):
        _config(tmp_path, agents=["mcts:fast"])


def test_report_has_every_section_and_plot(tmp_path: Path):
    out = tmp_path / "run"
    run(_config(out, games=30, jobs=2))
    report = build_report(out).read_text(encoding="utf-8")
    for heading in (
        "## By seat",
        "## By agent",
        "## Agent ladder",
        "## By factions",
        "## Design metrics",
        "length (actions)",
        "Draws or shared wins",
        "Decisiveness",
        "lead changed hands",
        "How games ended",
        "Who beats whom",
        "went first",
    ):
        assert heading in report
    pictures = ("seats.png", "agents.png", "ladder.png", "feature-factions.png", "length.png")
    for picture in (*pictures, "matrix.png"):
        assert (out / picture).stat().st_size > 1000
    assert "<table>" in (out / "report.html").read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="no games found"):
        build_report(tmp_path / "empty")


def test_features_of_the_whole_game_are_counted_not_rated():
    # A per-seat feature (each seat's god) gets win rates; a feature of the whole game (the
    # draft's first pick) is counted, most frequent first, games without it left out.
    rows = [
        {"returns": [1.0, 0.0], "feature_gods": ["ra", "zeus"], "feature_first_pick": "hydra"},
        {"returns": [0.0, 1.0], "feature_gods": ["zeus", "ra"], "feature_first_pick": "medusa"},
        {"returns": [0.5, 0.5], "feature_gods": ["ra", "zeus"], "feature_first_pick": "hydra"},
        {"returns": [1.0, 0.0], "feature_gods": ["zeus", "ra"], "feature_first_pick": ""},
    ]
    rates = feature_rates(rows)
    assert list(rates) == ["gods"]
    assert {god: rate.score for god, rate in rates["gods"]} == {"ra": 2.5, "zeus": 1.5}
    assert feature_counts(rows) == {"first_pick": [("hydra", 2), ("medusa", 1)]}


def test_wilson_interval():
    rate = wilson(60, 100)
    assert rate.rate == 0.6 and 0.50 < rate.low < 0.51 and 0.69 < rate.high < 0.70
    assert wilson(0, 0).games == 0


def test_lab_command_line(tmp_path: Path):
    runner = CliRunner()
    out = tmp_path / "cli"
    result = runner.invoke(
        app,
        [
            "lab",
            "run",
            "mythic-arena",
            "--agents",
            "random,greedy",
            "--games",
            "6",
            "--jobs",
            "2",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "6 of 6 games" in result.output
    result = runner.invoke(app, ["lab", "report", str(out)])
    assert result.exit_code == 0 and (out / "report.md").exists()
    result = runner.invoke(
        app,
        [
            "lab",
            "run",
            "mythic-arena",
            "--agents",
            "random",
            "--options",
            "{bad",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 2 and "not valid JSON" in result.output


def test_lab_run_plays_tuned_content_from_a_file(tmp_path: Path):
    runner = CliRunner()
    tuned, unknown = tmp_path / "tuned.json", tmp_path / "unknown.json"
    tuned.write_text('{"values": {"second-player-strength": 1}}')
    unknown.write_text('{"no-such-power": 2}')
    base = ["lab", "run", "mythic-arena", "--agents", "random", "--games", "2"]
    out = tmp_path / "tuned"
    result = runner.invoke(app, [*base, "--content", str(tuned), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert {row["content"] for row in read_games(out)} == {'{"second-player-strength": 1}'}
    for path, reason in (
        (tmp_path / "absent.json", "--content: cannot read absent.json"),
        (unknown, "'no-such-power' is not a tunable"),
    ):
        result = runner.invoke(app, [*base, "--content", str(path), "--out", str(tmp_path / "x")])
        assert result.exit_code == 2 and reason in result.output, result.output


def test_lab_runs_a_level_against_another_agent(tmp_path: Path):
    runner = CliRunner()
    out = tmp_path / "levels"
    command = ["lab", "run", "mythic-arena", "--games", "2", "--out", str(out)]
    result = runner.invoke(app, [*command, "--agents", "hard,greedy"])
    assert result.exit_code == 0, result.output
    assert "2 of 2 games" in result.output
    rows = read_games(out)
    assert {tuple(r["agents"]) for r in rows} == {("hard", "greedy"), ("greedy", "hard")}
    again = runner.invoke(app, [*command, "--agents", "hard:iterations=5,greedy"])
    assert again.exit_code == 2
    assert "hard is a level and takes no parameters" in " ".join(again.output.split())
    with pytest.raises(ValueError, match="unknown agent 'legendary'"):
        _config(tmp_path, agents=["legendary", "easy"])
    assert _config(tmp_path, agents=["ismcts:iterations=20", "expert"]).agents[1] == "expert"


def test_games_go_to_workers_in_batches_that_cover_every_index_once():
    from theomachy.lab.runner import batches

    todo = [i for i in range(50) if i % 7]  # a resumed run: some indices already done
    cut = batches(todo, workers=2)
    assert [i for batch in cut for i in batch] == todo
    assert len(cut) <= 8 and len({len(batch) for batch in cut[:-1]}) == 1
    assert batches(todo, workers=2, per_worker=100) == [[i] for i in todo]
    assert batches([], workers=4) == []


def test_ray_backend_gives_the_local_results(tmp_path: Path):
    ray = pytest.importorskip("ray")
    run(_config(tmp_path / "local", games=6))
    # A Ray of its own ("local"), even while another test's cluster runs on this machine.
    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level="ERROR")
    try:
        run(_config(tmp_path / "ray", games=6, backend="ray"))
    finally:
        ray.shutdown()
    assert read_games(tmp_path / "ray") == read_games(tmp_path / "local")


def test_two_runs_never_write_one_folder_and_duplicates_can_be_compacted(tmp_path: Path):
    from theomachy.lab.store import append_games, compact, exclusive

    out = tmp_path / "run"
    with exclusive(out), pytest.raises(ValueError, match="another lab run is writing"):
        run(_config(out))
    run(_config(out, games=4))
    rows = read_games(out)
    append_games(out, rows[:2])  # as an overlapping run used to leave them
    assert len(read_games(out)) == 6
    assert compact(out) == 2
    assert read_games(out) == rows
    assert compact(out) == 0


def test_lab_command_line_reads_arena_deck_files(tmp_path: Path):
    """The lab reads a deck file itself and gives the game the deck inline (a game opens
    no file, AG-SETUP-1)."""
    from theomachy.games.arena_of_the_gods.cards import starter_decks

    cards = starter_decks()["zeus-starter"].cards
    deck = tmp_path / "mine.toml"
    body = "\n".join(f"{card} = {count}" for card, count in cards.items())
    deck.write_text(f'name = "mine"\ngod = "zeus"\n[cards]\n{body}\n', encoding="utf-8")
    runner = CliRunner()

    def lab(decks: str, out: str) -> Result:
        options = f'{{"max_rounds": 2, "decks": {decks}}}'
        run = ["lab", "run", "arena-of-the-gods", "--agents", "random", "--games", "1"]
        return runner.invoke(app, [*run, "--options", options, "--out", str(tmp_path / out)])

    result = lab(f'["{deck}", "ra-starter"]', "good")
    assert result.exit_code == 0, result.output
    missing = lab(f'["{tmp_path / "none.toml"}", "ra-starter"]', "bad")
    assert missing.exit_code == 2 and "neither a starter deck" in missing.output
