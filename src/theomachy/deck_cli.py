"""``theomachy deck``: check Arena of the Gods deck files and list the starter decks; and
the reading of deck files for every command that takes Arena of the Gods options.

Deck files are a terminal feature: the game itself opens no file (its options may come from
strangers through the play server, AG-SETUP-1), so the person's own process reads the file
here and hands the game the deck inline.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from theomachy.cli_errors import fail
from theomachy.engine.content import ContentError

if TYPE_CHECKING:
    from theomachy.games.arena_of_the_gods.cards import Deck

ARENA = "arena-of-the-gods"
# A legal deck file is well under 2 KiB; the cap stops a mistyped path (a log, a disk image)
# from being read whole.
MAX_DECK_FILE_BYTES = 256 * 1024

deck_app = typer.Typer(
    help="Arena of the Gods decks: check a deck file, list the starter decks.",
    no_args_is_help=True,
)


def read_deck_table(path: Path) -> dict[str, Any]:
    """A deck file's TOML table (not yet checked as a deck); ``ContentError`` naming the
    file when it is missing, not a plain file, over ``MAX_DECK_FILE_BYTES``, not UTF-8 or
    not TOML."""
    if not path.exists():
        raise ContentError(f"{path}: deck file not found")
    if not path.is_file():
        raise ContentError(f"{path}: not a deck file (a deck file is a TOML file)")
    try:
        with path.open("rb") as handle:
            # One byte over the cap tells a file at the cap from a bigger one, without
            # reading the rest of a big one.
            raw = handle.read(MAX_DECK_FILE_BYTES + 1)
    except OSError as error:
        raise ContentError(f"{path}: cannot read the deck file: {error.strerror}") from None
    if len(raw) > MAX_DECK_FILE_BYTES:
        raise ContentError(
            f"{path}: the deck file is over {MAX_DECK_FILE_BYTES // 1024} KiB; a deck file "
            "is a short TOML table (name, god, [cards])"
        )
    try:
        return tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ContentError(f"{path}: not valid TOML: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path}: not valid TOML: {error}") from None


def read_deck_file(path: Path | str) -> Deck:
    """A legal deck from a deck file (TOML: ``name = "..."``, ``god = "..."``, ``[cards]``
    id = copies); ``ValueError`` naming the file and every problem."""
    from theomachy.games.arena_of_the_gods.cards import catalog, parse_deck

    path = Path(path)
    return parse_deck(read_deck_table(path), str(path), catalog())


def inline_deck_files(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with each Arena of the Gods ``decks`` entry that is a string but not a
    starter deck's name read as a deck file and replaced by its deck, inline (the game takes
    only starter names and inline decks). Other games' options come back unchanged.
    ``ValueError`` naming the entry, the file and the problem."""
    entries = options.get("decks")
    if game != ARENA or not isinstance(entries, list):
        return options
    from theomachy.games.arena_of_the_gods.cards import starter_decks

    starters = starter_decks()
    inline: list[Any] = []
    for seat, entry in enumerate(entries):
        if not isinstance(entry, str) or entry in starters:
            inline.append(entry)
            continue
        path = Path(entry)
        if not path.exists():
            raise ValueError(
                f"decks entry {seat}: {entry!r} is neither a starter deck "
                f"({', '.join(sorted(starters))}) nor a deck file"
            )
        try:
            inline.append(read_deck_file(path).model_dump())
        except ValueError as error:
            raise ValueError(f"decks entry {seat}: {error}") from None
    return {**options, "decks": inline}


@deck_app.command("check")
def check_command(
    path: Annotated[Path, typer.Argument(help="A deck file (TOML: name, god, [cards]).")],
) -> None:
    """Check a deck file against deck construction (AG-DECK); name every problem."""
    from theomachy.games.arena_of_the_gods.cards import catalog, check_deck

    try:
        data = read_deck_table(path)
    except ContentError as error:
        fail(str(error))
    deck, problems = check_deck(data, catalog())
    _report(path, problems, deck)


def _report(path: Path, problems: list[str], deck: object | None = None) -> None:
    console = Console()
    if problems:
        err = Console(stderr=True)
        err.print(f"[bold red]{path}: {len(problems)} problem(s)[/]")
        for problem in problems:
            err.print(f"  - {problem}", markup=False, highlight=False)
        raise typer.Exit(code=1)
    name = getattr(deck, "name", "?")
    god = getattr(deck, "god", "?")
    console.print(f"{path}: deck {name!r} for {god!r} is legal (50 cards)", highlight=False)


@deck_app.command("starters")
def starters_command() -> None:
    """List the starter decks with their Gods."""
    from theomachy.games.arena_of_the_gods.cards import catalog, starter_decks

    table = Table(title="Arena of the Gods starter decks")
    for column in ("deck", "god", "pantheon", "units", "evocations", "buildings", "supplies"):
        table.add_column(column)
    cards = catalog()
    for name, deck in sorted(starter_decks().items()):
        counts = {"unit": 0, "evocation": 0, "building": 0, "supply": 0}
        for card, n in deck.cards.items():
            counts[cards[card].type] += n
        table.add_row(name, deck.god, cards[deck.god].pantheon, *(str(counts[k]) for k in counts))
    Console().print(table)
