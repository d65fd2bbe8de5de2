"""``theomachy deck``: check Arena of the Gods deck files and list the starter decks."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from theomachy.cli_errors import fail
from theomachy.engine.content import ContentError, read_toml

deck_app = typer.Typer(
    help="Arena of the Gods decks: check a deck file, list the starter decks.",
    no_args_is_help=True,
)


@deck_app.command("check")
def check_command(
    path: Annotated[Path, typer.Argument(help="A deck file (TOML: name, god, [cards]).")],
) -> None:
    """Check a deck file against deck construction (AG-DECK); name every problem."""
    from theomachy.games.arena_of_the_gods.cards import catalog, check_deck

    try:
        data = read_toml(path)
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
