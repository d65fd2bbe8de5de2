"""The tuner (``theomachy lab tune``), its objective and the design metrics: an objective is
read term by term or refused with the term named; the loss counts what it says; a run is the
same from its seed, and a run stopped and continued gives what an uninterrupted one gives;
the report shows before and after on fresh seeds."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from theomachy.cli import app
from theomachy.engine import overlay
from theomachy.lab import metrics
from theomachy.lab.objective import check_features, loss, parse
from theomachy.lab.store import read_games
from theomachy.lab.tune import TuneConfig, plan, tune
from theomachy.lab.tune_report import corrected_z


def row(winners: list[int], gods: list[str], length: int = 10, **extra: object) -> dict:
    returns = (
        [1.0 / len(winners) if s in winners else 0.0 for s in range(2)] if winners else [0.0, 0.0]
    )
    return {
        "game": "arena-of-the-gods",
        "players": 2,
        "winners": winners,
        "returns": returns,
        "length": length,
        "feature_gods": gods,
        **extra,
    }


def test_an_objective_is_read_term_by_term() -> None:
    goal = parse(
        "factions=2,seats,length=40..120,ending:last-standing>=0.5,reach:stalemate,edits=0"
    )
    assert goal.factions == 2 and goal.seats == 1 and goal.length == (40, 120)
    assert goal.endings == {"last-standing": 0.5} and goal.reach == ("stalemate",)
    assert goal.edits == 0 and goal.size == 0.01
    for bad, reason in (
        ("factions,wizards", "cannot read 'wizards'"),
        ("length=9..3", "is empty"),
        ("ending:omphalos>=2", "not from 0 to 1"),
        ("", "names no term"),
        ("x" * 501, "longer than 500"),
    ):
        with pytest.raises(ValueError, match=reason):
            parse(bad)


def test_the_loss_counts_factions_seats_length_endings_and_edits() -> None:
    rows = [
        row([0], ["zeus", "odin"], 10, ending="last-standing"),
        row([0], ["odin", "zeus"], 50, ending="last-standing"),
        row([1], ["zeus", "odin"], 10, ending="stalemate"),
        row([], ["odin", "zeus"], 10, ending="stalemate"),
    ]
    tunables = {t.name: t for t in overlay.declarations("arena-of-the-gods").tunables}
    name = "zeus-thunderbolt-favor"
    shipped = overlay.defaults("arena-of-the-gods")[name]
    goal = parse("factions,seats,length=5..20,ending:last-standing>=0.8,reach:round-limit")
    parts = loss(rows, goal, "gods", {name: (shipped, shipped + 1)}, tunables)
    # Zeus won 1 of his 4 seats (0.25 below fair), Odin 2 of 4 (fair): the root mean square
    # is 0.25 / sqrt(2). The same for the seats: seat 0 won 2 of 4, seat 1 won 1.
    assert parts["factions"] == pytest.approx(0.25 / 2**0.5)
    assert parts["seats"] == pytest.approx(0.25 / 2**0.5)
    assert parts["length"] == pytest.approx(0.25)  # one game of 50 actions
    assert parts["ending last-standing"] == pytest.approx(0.8 - 2 / 3)  # of decided games
    assert parts["reach round-limit"] == 0.05
    span = tunables[name].high - tunables[name].low
    assert parts["edits"] == 0.005 and parts["size"] == pytest.approx(0.01 / span)
    assert parts["total"] == pytest.approx(sum(v for k, v in parts.items() if k != "total"))


def test_the_most_term_caps_the_commonest_value_of_a_whole_game_feature() -> None:
    goal = parse("most:first_pick<=0.5")
    assert goal.most == {"first_pick": 0.5}
    with pytest.raises(ValueError, match="not from 0 to 1"):
        parse("most:first_pick<=1.5")
    picks = ["hydra", "hydra", "hydra", "medusa", ""]  # the last game had no draft
    rows = [row([0], ["zeus", "odin"], 10, feature_first_pick=p) for p in picks]
    parts = loss(rows, goal, None, {}, {})
    assert parts["most first_pick"] == pytest.approx(0.75 - 0.5)  # 3 of the 4 drafts
    assert loss(rows, parse("most:first_pick<=0.8"), None, {}, {})["most first_pick"] == 0
    with pytest.raises(ValueError, match=r"no feature 'first_pik'.*first_pick"):
        check_features(parse("most:first_pik<=0.5"), {"first_pick", "armies"})


def test_design_metrics_read_the_lead_and_the_endings() -> None:
    assert metrics.settled_at([1, 1, 0, 0], 0) == 0.5
    assert metrics.settled_at([0, 0, 0, 0], 0) == 0.0
    assert metrics.settled_at([0, 1, 0, 1], 0) == 1.0
    assert metrics.lead_changes([0, -1, 0, 1, 1, 0]) == 2
    rows = [
        row([0], ["zeus", "odin"], 10, leaders=[1, 0, 0, 0], ending="last-standing"),
        row([1], ["zeus", "odin"], 30, leaders=[0, 0, 1, 1], ending="last-standing"),
        row([0, 1], ["odin", "zeus"], 20, leaders=[0, 1], ending="stalemate"),
    ]
    lead = metrics.lead(rows)
    assert lead is not None and lead.settled_median == 0.375 and lead.settled_by_half == 1.0
    assert lead.lead_changes_mean == pytest.approx(1.0)
    assert metrics.draw_rate(rows) == (1, 3)
    assert metrics.endings(rows, ("last-standing", "stalemate", "round-limit")) == [
        ("last-standing", 2),
        ("stalemate", 1),
        ("round-limit", 0),
    ]
    names, table = metrics.matrix(rows, "gods")
    assert names == ["odin", "zeus"]
    assert table[1][0] == (0.5, 3) and table[0][1] == (0.5, 3)  # a win, a loss, a share
    sizes = metrics.lengths(rows)
    assert (sizes.shortest, sizes.median, sizes.longest) == (10, 20, 30)


def test_bonferroni_widens_the_intervals_with_the_comparisons() -> None:
    assert corrected_z(1) == pytest.approx(1.95996, abs=1e-4)
    assert corrected_z(12) == pytest.approx(2.8653, abs=1e-4)  # z of 1 - 0.05 / 24


def config(out: Path, trials: int) -> TuneConfig:
    return TuneConfig(
        game="arena-of-the-gods",
        agents=["random"],
        parameters=["zeus-*", "odin-well-*"],
        objective="factions,seats,edits=0.001",
        trials=trials,
        games=4,
        validate_games=4,
        seed=3,
        out=out,
    )


def trials_of(out: Path) -> list[tuple[dict, dict]]:
    from theomachy.lab.tune import _study, trials

    found = trials(_study(plan(config(out, 1))))
    return [(t.values, t.loss) for t in found]


def test_a_tuning_run_is_its_seed_and_a_continued_run_is_an_uninterrupted_one(
    tmp_path: Path,
) -> None:
    whole = tmp_path / "whole"
    report = tune(config(whole, 3))
    text = report.read_text(encoding="utf-8")
    for heading in ("## What changes", "## The search", "## Fresh seeds: random", "## Verdict"):
        assert heading in text
    assert "Bonferroni" in text and "fair share" not in text.split("## Plots")[1]
    for picture in ("tune-history.png", "tune-factions-agents.png", "tune-seats-agents.png"):
        assert (whole / picture).stat().st_size > 1000
    tuned = json.loads((whole / "tuned.json").read_text())
    assert tuned["game"] == "arena-of-the-gods"
    overlay.checked("arena-of-the-gods", tuned["values"])
    # Trial 0 is the shipped content; every trial plays the same seeds.
    first = trials_of(whole)
    assert first[0][0] == {
        n: v for n, v in overlay.defaults("arena-of-the-gods").items() if n in first[0][0]
    }
    seeds = [[r["seed"] for r in read_games(whole / "trials" / f"{k:04d}")] for k in range(3)]
    assert seeds[0] == seeds[1] == seeds[2]
    fresh = {r["seed"] for r in read_games(whole / "validate" / "before-agents")}
    assert not fresh & set(seeds[0])  # the re-measurement's seeds are new
    # Stopped after two trials, then continued to three: the same trials.
    parts = tmp_path / "parts"
    tune(config(parts, 2))
    tune(config(parts, 3))
    assert trials_of(parts) == first
    assert (parts / "tuned.json").read_text() == (whole / "tuned.json").read_text()
    # A continued run must keep its settings.
    with pytest.raises(ValueError, match="other settings"):
        tune(config(parts, 3).model_copy(update={"seed": 4}))


def test_when_the_shipped_content_wins_it_is_re_measured_once(tmp_path: Path) -> None:
    out = tmp_path / "shipped"
    # A penalty of 10 an edit: no candidate can beat the shipped content.
    report = tune(config(out, 2).model_copy(update={"objective": "factions,edits=10"}))
    assert json.loads((out / "tuned.json").read_text())["values"] == {}
    assert (out / "validate" / "before-agents").is_dir()
    assert not (out / "validate" / "after-agents").exists()
    text = report.read_text(encoding="utf-8")
    assert "No candidate beat the shipped content" in text and "## Fresh seeds" in text


def test_a_starting_guess_is_trial_one(tmp_path: Path) -> None:
    guess = {"zeus-thunderbolt-damage": 1, "odin-well-favor": 1}
    out = tmp_path / "guess"
    tune(config(out, 2).model_copy(update={"start": guess}))
    found = trials_of(out)
    shipped = overlay.defaults("arena-of-the-gods")
    assert found[0][0] == {n: shipped[n] for n in found[0][0]}
    assert found[1][0] == {**found[0][0], **guess}
    stored = json.loads((out / "trials" / "0001" / "run.json").read_text())
    assert stored["content"] == {n: v for n, v in guess.items() if v != shipped[n]}
    with pytest.raises(ValueError, match="which --parameters does not search"):
        plan(config(tmp_path / "x", 2).model_copy(update={"start": {"ra-flare-favor": 3}}))
    with pytest.raises(ValueError, match=r"outside 1\.\.3"):
        plan(config(tmp_path / "x", 2).model_copy(update={"start": {"zeus-thunderbolt-damage": 9}}))


def test_the_tune_command_refuses_bad_input_with_the_reason(tmp_path: Path) -> None:
    runner = CliRunner()
    base = ["lab", "tune", "arena-of-the-gods", "--out", str(tmp_path / "t")]
    broken, strings, unknown = (tmp_path / n for n in ("broken.json", "s.json", "u.json"))
    broken.write_text("{")
    strings.write_text('{"values": {"zeus-command-power": "2"}}')
    unknown.write_text('{"no-such-card": 2}')
    for extra, reason in (
        (["--objective", "factions,bogus"], "cannot read 'bogus'"),
        (["--parameters", "nothing-*"], "matches no tunable"),
        (["--objective", "reach:omphalos"], "no ending 'omphalos'"),
        (["--objective", "most:first_pick<=0.5"], "no feature 'first_pick'"),
        (["--band", "0.6,0.4"], "band"),
        (["--band", "half"], "--band must be LOW,HIGH"),
        (["--agents", "wizard"], "unknown agent"),
        (["--trials", "0"], "trials"),
        (["--start", str(tmp_path / "absent.json")], "--start: cannot read absent.json"),
        (["--start", str(broken)], "--start: broken.json is not valid JSON"),
        (["--start", str(strings)], "must map tunable names to integers"),
        (["--start", str(unknown)], "'no-such-card' is not a tunable"),
    ):
        result = runner.invoke(app, [*base, *extra])
        assert result.exit_code != 0, extra
        assert reason in result.output, (extra, result.output)
    result = runner.invoke(app, ["lab", "tune", "mythotopia", "--out", str(tmp_path / "m")])
    assert "declares no tunables" in result.output
    listing = runner.invoke(app, ["lab", "tunables", "arena-of-the-gods"])
    assert listing.exit_code == 0 and "zeus-thunderbolt-favor" in listing.output


def four_player_row(winner: int, pantheons: list[str]) -> dict:
    returns = [1.0 if s == winner else 0.0 for s in range(4)]
    return {"players": 4, "winners": [winner], "returns": returns, "length": 10,
            "feature_pantheon": pantheons}  # fmt: skip


def test_several_player_counts_score_as_the_mean_of_their_losses_with_one_edit_penalty() -> None:
    from theomachy.lab.objective import balance, combined, penalties

    goal = parse("factions,edits=0.01,size=0")
    # Four players: greek won both games, norse, egyptian and aztec none (fair 0.25).
    four = [
        four_player_row(0, ["greek", "norse", "egyptian", "aztec"]),
        four_player_row(1, ["norse", "greek", "egyptian", "aztec"]),
    ]
    own = balance(four, goal, "pantheon")
    # Greek won both of its seats (0.75 above fair), the three others none (0.25 below).
    assert own["factions"] == pytest.approx(((0.75**2 + 3 * 0.25**2) / 4) ** 0.5)
    # Measured in two players' units, a point at four players weighs as two.
    scaled = balance(four, goal, "pantheon", scale_to=2)
    assert scaled["factions"] == pytest.approx(2 * own["factions"])
    two = balance(
        [row([0], ["zeus", "odin"]), row([0], ["odin", "zeus"])], parse("factions"), "gods"
    )
    assert two["factions"] == 0  # each god won one of two
    tunables = {t.name: t for t in overlay.declarations("mythic-wars").tunables}
    edits = penalties(goal, {"zeus-power": (8, 9)}, tunables)
    assert edits == {"edits": 0.01, "size": 0}
    parts = combined({2: two, 4: scaled}, edits)
    assert parts["p2 factions"] == 0 and parts["p4 factions"] == scaled["factions"]
    assert parts["edits"] == 0.01
    assert parts["total"] == pytest.approx(scaled["factions"] / 2 + 0.01)
    # One count alone keeps its plain term names.
    assert set(combined({2: two}, {})) == {"factions", "total"}


def test_a_band_given_at_two_players_is_the_same_share_of_the_fair_share_at_four() -> None:
    given = plan(
        TuneConfig(
            game="mythic-wars",
            players=[2, 4],
            band=(0.40, 0.60),
            options={"mode": "pantheons"},
            out=Path("unused"),
        )
    )
    assert given.counts == (2, 4) and given.band == (0.40, 0.60)
    assert given.band_at(4) == pytest.approx((0.20, 0.30))
    assert given.folder("trials/0001", 4) == "trials/0001/p4"
    default = plan(TuneConfig(game="mythic-wars", players=[2, 4], out=Path("unused")))
    assert default.band_at(4) == pytest.approx((0.20, 0.30))  # fair +- 5 points
    with pytest.raises(ValueError, match="listed twice"):
        TuneConfig(game="mythic-wars", players=[2, 2], out=Path("unused"))
    with pytest.raises(ValueError, match="9 players is not allowed"):
        plan(TuneConfig(game="mythic-wars", players=[2, 9], out=Path("unused")))


def test_a_run_at_two_and_four_players_plays_and_reports_each_count(tmp_path: Path) -> None:
    out = tmp_path / "counts"
    settings = TuneConfig(
        game="mythic-wars",
        players=[2, 4],
        agents=["random"],
        options={"mode": "pantheons"},
        parameters=["zeus-power", "isis-heal"],
        objective="factions,seats",
        trials=2,
        games=4,
        validate_games=4,
        random_check=False,
        seed=5,
        out=out,
    )
    text = tune(settings).read_text(encoding="utf-8")
    for players in (2, 4):
        for folder in ("trials/0000", "trials/0001"):
            games = read_games(out / folder / f"p{players}")
            assert len(games) == 4 and {g["players"] for g in games} == {players}
        assert f"## Fresh seeds: random, {players} players" in text
        assert (out / f"tune-factions-agents-p{players}.png").stat().st_size > 1000
    assert "2 and 4 players" in text and "p4 factions" in text and "Target band 20–30%" in text
    from theomachy.lab.tune import _study, trials

    found = trials(_study(plan(settings)))
    assert {"p2 factions", "p4 factions", "p2 seats", "p4 seats"} <= set(found[0].loss)
    runner = CliRunner()
    base = ["lab", "tune", "mythic-wars", "--out", str(tmp_path / "bad")]
    for extra, reason in (
        (["--players", "two"], "--players must be a count or counts"),
        (["--players", "2,2"], "listed twice"),
    ):
        result = runner.invoke(app, [*base, *extra])
        assert result.exit_code != 0 and reason in result.output, (extra, result.output)
