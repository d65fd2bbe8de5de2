"""``theomachy lab run``, ``report``, ``ladder`` and ``train-value`` (a typer sub-command
group)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Literal, cast

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from theomachy.cli_errors import fail
from theomachy.deck_cli import inline_deck_files
from theomachy.lab.report import build_report
from theomachy.lab.runner import LabConfig, run

lab_app = typer.Typer(help="Simulate many games and report balance.", no_args_is_help=True)


START_LIMIT = 64 * 1024


def start_values(path: Path, flag: str = "--start") -> dict[str, int]:
    """The ``--start`` (or ``--content``) file: a JSON object of tunable values, flat or as a
    ``tuned.json`` (``{"values": {...}}``); ``ValueError`` naming the problem (names and
    bounds are checked against the game's declarations later)."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(START_LIMIT + 1)
    except OSError as error:
        raise ValueError(f"{flag}: cannot read {path.name}: {error.strerror}") from None
    if len(raw) > START_LIMIT:
        raise ValueError(f"{flag}: {path.name} is larger than {START_LIMIT // 1024} KiB")
    try:
        document = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ValueError(f"{flag}: {path.name} is not valid JSON: {error}") from None
    if isinstance(document, dict) and isinstance(document.get("values"), dict):
        document = document["values"]
    if not isinstance(document, dict) or not all(
        isinstance(v, int) and not isinstance(v, bool) for v in document.values()
    ):
        raise ValueError(f"{flag}: {path.name} must map tunable names to integers")
    return {str(k): v for k, v in document.items()}


def game_options(game: str, options: str) -> Any:
    """The ``--options`` JSON, with Arena of the Gods deck files read in (a game opens no
    file); a clear failure when it is not JSON or a deck file is bad."""
    try:
        parsed: Any = json.loads(options)
    except json.JSONDecodeError as error:
        fail(f"--options is not valid JSON: {error}")
    if isinstance(parsed, dict):
        try:
            parsed = inline_deck_files(game, parsed)
        except ValueError as error:
            fail(f"--options: {error}")
    return parsed


def validation_message(error: ValidationError) -> str:
    """A config's problems in one line: ``games: Input should be greater than 0; ...``."""
    return "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in error.errors())


@lab_app.command("run")
def run_command(
    game: Annotated[str, typer.Argument(help="game id, e.g. mythic-wars")],
    agents: Annotated[
        str,
        typer.Option(
            help="agents per seat, comma-separated (rotated): levels (easy, medium, hard, "
            "expert) or agent specs, e.g. hard,greedy or random,mcts:budget_ms=200"
        ),
    ],
    out: Annotated[Path, typer.Option(help="folder for games.parquet and the report")],
    players: Annotated[int | None, typer.Option(help="player count (default: the game's)")] = None,
    games: Annotated[int, typer.Option(help="how many games")] = 100,
    seed: Annotated[int, typer.Option(help="run seed (each game's seed derives from it)")] = 0,
    jobs: Annotated[int, typer.Option(help="parallel processes (local) ")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address")] = None,
    options: Annotated[str, typer.Option(help="game options as JSON")] = "{}",
    rotate: Annotated[
        bool,
        typer.Option(
            help="rotate the factions the game declares (each meets each from every seat)"
        ),
    ] = False,
    content: Annotated[
        Path | None,
        typer.Option(
            help="JSON of tunable values to play instead of the shipped ones (a tune's "
            "tuned.json, say, re-measured with other agents)"
        ),
    ] = None,
) -> None:
    """Play GAMES seeded games with bots in every seat; results go to OUT/games.parquet.
    Run again to continue an interrupted run."""
    parsed = game_options(game, options)
    values: dict[str, int] = {}
    if content is not None:
        try:
            values = start_values(content, "--content")
        except ValueError as error:
            fail(str(error))
    if backend not in ("local", "ray"):
        fail(f"--backend must be local or ray, not {backend!r}")
    try:
        config = LabConfig(
            game=game,
            players=players,
            agents=[a for a in agents.split(",") if a],
            games=games,
            seed=seed,
            jobs=jobs,
            backend=cast(Literal["local", "ray"], backend),
            address=address,
            options=parsed,
            rotate=rotate,
            content=values,
            out=out,
        ).checked()
    except ValidationError as error:
        fail(validation_message(error))
    except ValueError as error:
        fail(str(error))
    console = Console(stderr=True)
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, disable=not console.is_terminal) as progress:
        task = progress.add_task(game, total=config.games, rate="")

        def advance(_: dict[str, Any]) -> None:
            progress.advance(task)
            speed = progress.tasks[0].speed
            progress.update(task, rate=f"{speed:.2f} games/s" if speed else "")

        try:
            before, played = run(config, on_game=advance)
        except ValueError as error:
            fail(str(error))
    Console().print(
        f"{game}: {before + played} of {config.games} games in {out / 'games.parquet'} "
        f"({played} played now, {before} already there)"
    )


@lab_app.command("report")
def report_command(
    folder: Annotated[Path, typer.Argument(help="a lab run's --out folder")],
) -> None:
    """Write report.md, report.html and PNG plots into FOLDER."""
    try:
        path = build_report(folder)
    except ValueError as error:
        fail(str(error))
    Console().print(f"report: {path} (and {path.with_suffix('.html')})")


@lab_app.command("ladder")
def ladder_command(
    game: Annotated[str, typer.Argument(help="game id, e.g. mythic-arena")],
    out: Annotated[Path, typer.Option(help="folder for each pairing's games and ladder.md")],
    agents: Annotated[
        str,
        typer.Option(
            help="the agents, comma-separated: levels (easy, medium, hard, expert) or agent specs"
        ),
    ] = "random,greedy,mcts:budget_ms=50",
    players: Annotated[int | None, typer.Option(help="player count (default: 2)")] = None,
    games: Annotated[int, typer.Option(help="games per pair of agents")] = 20,
    seed: Annotated[int, typer.Option(help="ladder seed (each game's seed derives from it)")] = 0,
    jobs: Annotated[int, typer.Option(help="parallel processes")] = 1,
    options: Annotated[str, typer.Option(help="game options as JSON")] = "{}",
    anchor: Annotated[str, typer.Option(help="the agent rated 0")] = "random",
    report_only: Annotated[
        bool, typer.Option(help="rate the games stored so far, play none")
    ] = False,
) -> None:
    """Play a round robin between AGENTS (each pair GAMES games, seats rotated) and rate them
    in Elo with 95% intervals (Bradley-Terry, ANCHOR at 0). Run again to continue."""
    from theomachy.lab.ladder import LadderConfig, markdown, play, ratings

    parsed = game_options(game, options)
    try:
        config = LadderConfig(
            game=game,
            players=players,
            agents=[a for a in agents.split(",") if a],
            games=games,
            seed=seed,
            jobs=jobs,
            options=parsed,
            anchor=anchor,
            out=out,
        )
        if not report_only:
            play(
                config,
                on_pair=lambda a, b, before, played: Console(stderr=True).print(
                    f"{a} vs {b}: {before + played} games ({played} played now)"
                ),
            )
        rated, total = ratings(config)
    except ValidationError as error:
        fail(validation_message(error))
    except ValueError as error:
        fail(str(error))
    text = markdown(config, rated, total)
    (out / "ladder.md").write_text(text, encoding="utf-8")
    Console().print(text)


@lab_app.command("train-value")
def train_value_command(
    game: Annotated[str, typer.Argument(help="game id, e.g. mythic-arena")],
    out: Annotated[Path, typer.Option(help="where to write the model (value.json)")],
    players: Annotated[int, typer.Option(help="player count")] = 2,
    games: Annotated[int, typer.Option(help="self-play games (at least 20)")] = 2000,
    agent: Annotated[str, typer.Option(help="the agent in every seat (a level or spec)")] = "easy",
    positions: Annotated[
        float, typer.Option(help="decision positions kept per game, on average")
    ] = 6.0,
    seed: Annotated[int, typer.Option(help="seed (each game's derives from it)")] = 0,
    jobs: Annotated[int, typer.Option(help="parallel processes")] = 1,
    options: Annotated[str, typer.Option(help="game options as JSON")] = "{}",
) -> None:
    """Train a learned evaluation by self-play and write it to OUT; ship it as the game
    package's content/value.json, then use it with ``ismcts:learned=1``."""
    from theomachy.agents.specs import build
    from theomachy.lab.value import TrainConfig, train

    parsed = game_options(game, options)
    if not 1 <= jobs <= 64:
        fail(f"--jobs must be from 1 to 64, got {jobs}")
    if not 0 < positions <= 1000:
        fail(f"--positions must be above 0 and at most 1000, got {positions:g}")
    if not isinstance(parsed, dict):
        fail("--options must be a JSON object")
    try:
        build(agent, seed=0)
        config = TrainConfig(
            game=game,
            players=players,
            games=games,
            agent=agent,
            positions=positions,
            seed=seed,
            jobs=jobs,
            options=parsed,
        )
        with Progress(
            TextColumn("self-play"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=True,
        ) as bar:
            task = bar.add_task("games", total=games)
            result = train(config, progress=lambda done: bar.update(task, completed=done))
    except ValueError as error:
        fail(str(error))
    try:
        out.write_text(result.model.to_json(), encoding="utf-8")
    except OSError as error:
        fail(f"cannot write --out {out}: {error.strerror}")
    Console().print_json(json.dumps(result.report))
    Console().print(f"model: {out}")


@lab_app.command("tunables")
def tunables_command(
    game: Annotated[str, typer.Argument(help="game id, e.g. arena-of-the-gods")],
) -> None:
    """List the numbers GAME lets the tuner change (content/tunables.toml), with their
    shipped values and bounds."""
    from rich.table import Table

    from theomachy.engine import overlay

    try:
        declared = overlay.declarations(game)
        shipped = overlay.defaults(game)
    except ValueError as error:
        fail(str(error))
    if not declared.tunables:
        Console().print(f"{game} declares no tunables")
        return
    table = Table(title=f"{game}: tunables (factions by {declared.faction or 'none'})")
    for column in ("name", "shipped", "bounds", "what it is"):
        table.add_column(column)
    for tunable in declared.tunables:
        table.add_row(
            tunable.name, str(shipped[tunable.name]), f"{tunable.low}..{tunable.high}", tunable.why
        )
    Console().print(table)


@lab_app.command("tune")
def tune_command(
    game: Annotated[str, typer.Argument(help="game id, e.g. arena-of-the-gods")],
    out: Annotated[Path, typer.Option(help="folder for the trials, the study and the report")],
    objective: Annotated[
        str,
        typer.Option(
            help="comma-separated terms: factions[=W], seats[=W], length=LO..HI, "
            "ending:NAME>=SHARE, reach:NAME, most:FEATURE<=SHARE, edits=X, size=X"
        ),
    ] = "factions,seats",
    agents: Annotated[
        str, typer.Option(help="agents per seat, comma-separated (rotated); default hard")
    ] = "hard",
    parameters: Annotated[
        str, typer.Option(help="tunables to search, comma-separated names or patterns (zeus-*)")
    ] = "*",
    trials: Annotated[int, typer.Option(help="trials, the shipped content first")] = 40,
    games: Annotated[int, typer.Option(help="games a trial (the same seeds each trial)")] = 200,
    validate: Annotated[
        int, typer.Option(help="fresh games to re-measure the shipped and the tuned content")
    ] = 400,
    random_check: Annotated[
        bool, typer.Option(help="also re-measure with random play, reported beside")
    ] = True,
    band: Annotated[
        str | None, typer.Option(help="target band of a win rate, LOW,HIGH (default fair +-5%)")
    ] = None,
    players: Annotated[
        str | None,
        typer.Option(
            help="player count, or counts tuned together (2,4: each trial plays both, the "
            "loss is their mean; --band is read at the first); default: the game's"
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="run seed")] = 0,
    jobs: Annotated[int, typer.Option(help="parallel processes (local)")] = 1,
    backend: Annotated[str, typer.Option(help="local or ray")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address")] = None,
    options: Annotated[str, typer.Option(help="game options as JSON")] = "{}",
    start: Annotated[
        Path | None,
        typer.Option(help="JSON of tunable values to try first (a guess, or a tuned.json)"),
    ] = None,
) -> None:
    """Search GAME's tunables for the smallest change that meets the objective, then
    re-measure it on fresh seeds beside the shipped content (OUT/tune.md). Run again to
    continue an interrupted run, or with more --trials to search further."""
    from theomachy.lab.tune import TuneConfig, tune

    parsed = game_options(game, options)
    if backend not in ("local", "ray"):
        fail(f"--backend must be local or ray, not {backend!r}")
    bounds: tuple[float, float] | None = None
    if band is not None:
        try:
            low, high = (float(x) for x in band.split(","))
        except ValueError:
            fail(f"--band must be LOW,HIGH (for example 0.45,0.55), not {band[:40]!r}")
        bounds = (low, high)
    counts: list[int] | None = None
    if players is not None:
        try:
            counts = [int(n) for n in players.split(",")]
        except ValueError:
            fail(f"--players must be a count or counts such as 2,4, not {players[:40]!r}")
    console = Console(stderr=True)
    try:
        config = TuneConfig(
            game=game,
            players=counts,
            agents=[a for a in agents.split(",") if a],
            objective=objective,
            parameters=[p for p in parameters.split(",") if p],
            trials=trials,
            games=games,
            validate_games=validate,
            random_check=random_check,
            band=bounds,
            seed=seed,
            jobs=jobs,
            backend=cast(Literal["local", "ray"], backend),
            address=address,
            options=parsed,
            start=start_values(start) if start is not None else {},
            out=out,
        )
        path = tune(
            config,
            on_trial=lambda t: console.print(
                f"trial {t.number}: loss {t.loss['total']:.4f} "
                f"({', '.join(f'{k} {v:.3f}' for k, v in t.loss.items() if k != 'total')})"
            ),
        )
    except ValidationError as error:
        fail(validation_message(error))
    except ValueError as error:
        fail(str(error))
    Console().print(
        f"report: {path} (and {path.with_suffix('.html')}); values: {out / 'tuned.json'}"
    )
