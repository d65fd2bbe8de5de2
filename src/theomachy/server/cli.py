"""``theomachy serve``: the web server with its database."""

from __future__ import annotations

from typing import Annotated

import typer

from theomachy.server.storage import default_url

MAX_WS_MESSAGE_BYTES = 64 * 1024


def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL (SQLAlchemy): sqlite:///path.sqlite3 or "
            "postgresql+psycopg://user:pass@host/db. Default: a SQLite file under ./var/."
        ),
    ] = None,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "warning",
) -> None:
    """Serve the browser client and the API (docs at /docs) until Ctrl-C."""
    import uvicorn

    from theomachy.server.app import create_app
    from theomachy.server.tables import ServerSettings

    url = db or default_url()
    app = create_app(ServerSettings(db_url=url))
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    typer.echo(
        f"Theomachy is serving at http://{shown}:{port}/  (API docs: /docs; database: {url})"
    )
    typer.echo("Press Ctrl-C to stop.")
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=MAX_WS_MESSAGE_BYTES)
