"""The ``theomachy`` command: ``games``, ``play``, ``rules``, ``deck``, ``lab``, ``serve``.

Everything typed here comes from outside and is checked: a bad game id, option, seat or
saved game gets a red message naming the problem and exit status 2, and nothing changes.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from theomachy import agents
from theomachy.agents.base import Agent
from theomachy.agents.levels import LEVELS
from theomachy.agents.specs import build
from theomachy.cli_errors import fail
from theomachy.deck_cli import inline_deck_files
from theomachy.engine import CorruptDocument, State, derive_seed, game_class, load, load_state
from theomachy.engine import games as game_ids
from theomachy.rules_index import rule_ids, rules_path, rules_text, uncovered
from theomachy.terminal import Session, play_game, show_result, watch_game

app = typer.Typer(
    help="Theomachy: mythological strategy games in the terminal.",
    no_args_is_help=True,
    add_completion=False,
)

_INT = re.compile(r"[+-]?\d+")


HUMAN = "human"

_LEVEL_WORDS = f"a level ({', '.join(LEVELS)})"
_SPEC_EXAMPLES = "greedy, mcts:budget_ms=200, ismcts:iterations=300"


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """``key=value`` pairs as a dict; values are parsed by :func:`parse_value`."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--option {pair!r}: expected key=value (for example rounds=3)")
        try:
            options[key.strip()] = parse_value(value.strip())
        except ValueError as error:
            raise ValueError(f"--option {key.strip()}: {error}") from None
    return options


def parse_value(value: str) -> Any:
    """An option value: JSON if it looks like JSON (a list, an object, a quoted string or
    null), an int if it looks like one, a bool for true/false, else the text.

    ``ValueError`` (naming the problem) for a value that looks like JSON but is not valid."""
    if value[:1] in ("[", "{", '"') or value == "null":
        try:
            return json.loads(value)
        except json.JSONDecodeError as error:
            raise ValueError(f"{value!r} is not valid JSON: {error}") from None
    if _INT.fullmatch(value):
        return int(value)
    if value.lower() in ("true", "false"):
        return value.lower() == "true"
    return value


def parse_seats(text: str) -> list[str]:
    """``--seats`` as one entry per seat: ``human`` or an agent spec (not yet checked)."""
    entries = [entry.strip().lower() for entry in text.split(",")]
    if not all(entries):
        raise ValueError(
            f"--seats {text!r}: an empty entry; give one entry per seat, separated by commas "
            f"({HUMAN}, {_LEVEL_WORDS} or an agent spec such as {_SPEC_EXAMPLES}), "
            f"e.g. {HUMAN},hard"
        )
    return entries


def make_bot(spec: str, seed: int) -> Agent:
    """The agent of a ``--vs``/``--seats`` entry: a level or any agent spec
    (``ismcts:iterations=300``); ``ValueError`` naming the entry and the problem."""
    name = spec.split(":", 1)[0]
    if name not in agents.available():
        others = ", ".join(agent for agent in agents.available() if agent not in LEVELS)
        raise ValueError(
            f"unknown agent {name!r}: choose {HUMAN} for a person, {_LEVEL_WORDS}, or one of "
            f"{others} (parameters after a colon, e.g. ismcts:iterations=300)"
        )
    try:
        return build(spec, seed=seed)
    except ValueError as error:
        raise ValueError(f"bad agent spec {spec!r}: {error}") from None


def players_from_seats(game: str, entries: list[str]) -> int:
    """The player count ``--seats`` implies; ``ValueError`` if the game cannot take it."""
    cls = game_class(game)
    low, high = cls.min_players, cls.max_players
    if not low <= len(entries) <= high:
        allowed = str(low) if low == high else f"{low} to {high}"
        raise ValueError(
            f"--seats lists {len(entries)} seat(s) ({','.join(entries)}) but {game} takes "
            f"{allowed} players: give one entry per seat"
        )
    return len(entries)


def read_saved(path: Path) -> State:
    """Load a saved game; ``CorruptDocument`` naming the file on any problem."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CorruptDocument(f"cannot read saved game {path}: {error}") from None
    try:
        return load_state(text)
    except CorruptDocument as error:
        raise CorruptDocument(f"{path}: {error}") from None


@app.command("games")
def games_command() -> None:
    """List the registered games and their player counts."""
    table = Table("game", "title", "players", "default")
    for game_id in game_ids():
        cls = game_class(game_id)
        low, high = cls.min_players, cls.max_players
        table.add_row(
            game_id,
            cls.title,
            str(low) if low == high else f"{low}-{high}",
            str(cls.default_players),
        )
    Console().print(table)


@app.command("play")
def play_command(
    game: Annotated[
        str | None, typer.Argument(help="Game id (see `theomachy games`); optional with --replay.")
    ] = None,
    vs: Annotated[
        str | None,
        typer.Option(
            help=f"Who plays every other seat (default random): {_LEVEL_WORDS}, or an agent "
            f"spec such as {_SPEC_EXAMPLES}."
        ),
    ] = None,
    seat: Annotated[int | None, typer.Option(help="Your seat (0-based; default 0).")] = None,
    seats: Annotated[
        str | None,
        typer.Option(
            help="Who plays each seat, in seat order: human, a level (easy, medium, hard, "
            "expert) or an agent spec, comma-separated (e.g. human,hard,human,random; several "
            "humans share the keyboard). Replaces --seat/--vs; without --players it sets the "
            "number of players."
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed for chance and the bots (random if omitted).")
    ] = None,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="A game option, key=value; the value may be JSON (e.g. factions=[[...],[...]]).",
        ),
    ] = None,
    save: Annotated[Path | None, typer.Option(help="Save the game here after every move.")] = None,
    replay: Annotated[
        Path | None, typer.Option(help="Load a saved game and play on from it.")
    ] = None,
    watch: Annotated[
        bool, typer.Option("--watch", help="With --replay: step through the saved game.")
    ] = False,
    auto_play: Annotated[
        bool,
        typer.Option(
            "--auto-play/--no-auto-play",
            help="Play a step that has only one possible move (only pass, only end) for you.",
        ),
    ] = True,
) -> None:
    """Play a game against bots, with friends at one keyboard, or continue / watch a saved one."""
    console = Console()
    try:
        entries = parse_seats(seats) if seats is not None else None
        if entries is not None and (seat is not None or vs is not None):
            raise ValueError("--seats names every seat: use it instead of --seat and --vs")
        if entries is not None and players is None and replay is None and game is not None:
            players = players_from_seats(game, entries)
        state = starting_state(game, players, parse_options(option or []), replay)
    except ValueError as error:  # CorruptDocument included
        fail(str(error))
    count = state.game.players
    if watch:
        run_watch(console, state, seat or 0)
        return
    if entries is None:
        seat = 0 if seat is None else seat
        if not 0 <= seat < count:
            fail(f"--seat {seat}: choose a seat from 0 to {count - 1}")
        bot = "random" if vs is None else vs.strip().lower()
        entries = [HUMAN if p == seat else bot for p in range(count)]
    elif len(entries) != count:
        fail(
            f"--seats lists {len(entries)} seat(s) ({','.join(entries)}) but this "
            f"{state.game.id} game has {count} players: give one entry per seat"
        )
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    try:
        bots = {
            p: make_bot(spec, seed=derive_seed(seed, "seat", p))
            for p, spec in enumerate(entries)
            if spec != HUMAN
        }
    except ValueError as error:
        fail(str(error))
    people = [p for p, name in enumerate(entries) if name == HUMAN]
    home = people[0] if people else 0
    session = Session(
        state,
        home,
        bots,
        random.Random(seed),
        console,
        console.input,
        save,
        people=people,
        auto_play=auto_play,
    )
    introduce(session, entries, seed)
    if state.is_terminal():
        show_result(session)
    else:
        play_game(session)


def starting_state(
    game: str | None, players: int | None, options: dict[str, Any], replay: Path | None
) -> State:
    """A new game, or the saved one from ``replay``; ``ValueError`` naming any problem.
    Deck files named in the options are read here, by the person's own process, and given
    to the game inline (a game opens no file)."""
    if replay is None:
        if game is None:
            raise ValueError(f"name a game to play; known games: {', '.join(game_ids())}")
        options = inline_deck_files(game, options)
        return load(game, players=players, options=options).new_game()
    if players is not None or options:
        raise ValueError("--players and --option cannot change a saved game (--replay)")
    state = read_saved(replay)
    if game is not None and game != state.game.id:
        raise ValueError(f"{replay} is a saved {state.game.id!r} game, not {game!r}")
    return state


def introduce(session: Session, entries: list[str], seed: int) -> None:
    """Say who plays what, and how to get the same game again."""
    game = session.state.game
    title = game_class(game.id).title
    console = session.console
    bots = sorted(set(entries) - {HUMAN})
    people = session.humans
    if len(people) == 1 and len(bots) == 1:
        console.print(
            f"[bold]{title}[/]: you play seat {people[0]} of {game.players} against {bots[0]} "
            f"(seed {seed}).",
            highlight=False,
        )
    else:
        who = ", ".join(
            f"{p} {'you' if p == session.viewer else name}" for p, name in enumerate(entries)
        )
        console.print(f"[bold]{title}[/]: seats {who} (seed {seed}).", highlight=False)
        if session.hot_seat:
            console.print(
                f"Hot seat: {len(people)} people share this keyboard; each sees only their own "
                "seat's view, so pass the keyboard when asked.",
                highlight=False,
            )
    if session.save is not None:
        console.print(f"Saving to {session.save} after every move.", markup=False)


def run_watch(console: Console, state: State, seat: int) -> None:
    """Step through a saved game from a new game, showing positions from ``seat``."""
    if not state.history():
        fail("--watch needs a saved game to step through (--replay FILE)")
    if not 0 <= seat < state.game.players:
        fail(f"--seat {seat}: choose a seat from 0 to {state.game.players - 1}")
    session = Session(state.game.new_game(), seat, {}, random.Random(0), console, console.input)
    watch_game(session, state.history())


@app.command("rules")
def rules_command(
    game: Annotated[str, typer.Argument(help="Game id.")],
    coverage: Annotated[
        bool, typer.Option("--coverage", help="List the rule ids no test names.")
    ] = False,
    tests: Annotated[Path, typer.Option(help="Directory of the tests.")] = Path("tests"),
) -> None:
    """Print a game's numbered rules, or which of them no test covers."""
    try:
        text = rules_text(game)
    except ValueError as error:
        fail(str(error))
    except OSError:
        fail(f"{game} has no rules index yet (expected {rules_path(game)})")
    if coverage:
        report_coverage(game, tests)
    else:
        Console().print(Markdown(text))


def report_coverage(game: str, tests: Path) -> None:
    """Print the rules no test names; exit 1 if there are any."""
    if not tests.is_dir():
        fail(f"--tests {tests}: not a directory")
    console = Console()
    missing = uncovered(game, tests)
    total = len(rule_ids(game))
    console.print(f"{game}: {total - len(missing)} of {total} rules named by tests in {tests}")
    for rule in missing:
        console.print(f"  uncovered: {rule}", markup=False, highlight=False)
    if missing:
        raise typer.Exit(code=1)


def _add_lab() -> None:
    from theomachy.lab.cli import lab_app

    app.add_typer(lab_app, name="lab")


def _add_deck() -> None:
    from theomachy.deck_cli import deck_app

    app.add_typer(deck_app, name="deck")


def _add_serve() -> None:
    from theomachy.server.cli import serve_command

    app.command("serve")(serve_command)


_add_lab()
_add_deck()
_add_serve()


def main() -> None:
    """Entry point of the ``theomachy`` console script."""
    app()
