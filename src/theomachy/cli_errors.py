"""How every command-line command reports a bad input: a red message and exit status 2."""

from __future__ import annotations

from typing import NoReturn

import typer
from rich.console import Console
from rich.text import Text


def fail(message: str) -> NoReturn:
    """Print ``message`` in red on stderr and exit with status 2."""
    Console(stderr=True).print(Text(f"error: {message}", style="bold red"), soft_wrap=True)
    raise typer.Exit(code=2)
