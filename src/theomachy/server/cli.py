"""``theomachy serve``: the web server with its database."""

from __future__ import annotations

import errno
import json
import os
import socket
from typing import Annotated

import typer

from theomachy.server.storage import default_url

MAX_WS_MESSAGE_BYTES = 64 * 1024


def port_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host``:``port``, in words with what to do, or
    None when it can. Checked before the URL is announced: a URL that then fails to open is
    worse than no URL. (Bound the way uvicorn binds, then released at once.)"""
    other = port + 1 if port < 65535 else 8000
    fix = f"pick another: make play PORT={other} or theomachy serve --port {other}"
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror:
        return f"cannot listen on {host!r}: not an address of this machine (--host / HOST)"
    family, kind, proto, _, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                return f"port {port} on {host} is already in use (another server?); {fix}"
            if error.errno == errno.EACCES:
                return f"this user may not listen on port {port}; {fix}"
            return f"cannot listen on {host}:{port} ({error.strerror}); {fix}"
    return None


def serve_command(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="Database URL (SQLAlchemy): sqlite:///path.sqlite3 or "
            "postgresql+psycopg://user:pass@host/db. Default: a SQLite file under ./var/."
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(
            min=1,
            max=64,
            help="Server processes sharing the port. More than one needs PostgreSQL: they "
            "share its tables and tell one another of every move (LISTEN/NOTIFY).",
        ),
    ] = 1,
    settings_json: Annotated[
        str | None,
        typer.Option(
            "--settings",
            help="Server settings as JSON (limits, quotas, bot pool), e.g. "
            '\'{"max_tables_per_client": 50, "edge": {"max_connections_per_address": 1000}}\'.',
        ),
    ] = None,
    log_level: Annotated[str, typer.Option(help="uvicorn log level.")] = "warning",
) -> None:
    """Serve the browser client and the API (docs at /docs) until Ctrl-C."""
    import uvicorn

    from theomachy.server.app import SETTINGS_ENV, create_app
    from theomachy.server.edge import raise_open_file_limit, uvicorn_options
    from theomachy.server.settings import ServerSettings

    url = db or default_url()
    try:
        extra = json.loads(settings_json) if settings_json else {}
        settings = ServerSettings.model_validate({**extra, "db_url": url})
    except ValueError as error:
        raise typer.BadParameter(f"--settings: {error}") from None
    if workers > 1 and not url.startswith("postgresql"):
        raise typer.BadParameter(
            "--workers above 1 needs PostgreSQL (--db postgresql+psycopg://...): SQLite is "
            "the single-process default"
        )
    if problem := port_problem(host, port):
        typer.echo(f"Error: {problem}", err=True)
        raise typer.Exit(1)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    typer.echo(
        f"Theomachy is serving at http://{shown}:{port}/  (API docs: /docs; database: {url}"
        + (f"; {workers} processes" if workers > 1 else "")
        + ")"
    )
    typer.echo("Press Ctrl-C to stop.")
    raise_open_file_limit()
    options = {
        "host": host,
        "port": port,
        "log_level": log_level,
        "ws_max_size": MAX_WS_MESSAGE_BYTES,
        **uvicorn_options(settings.edge),
    }
    if workers == 1:
        uvicorn.run(create_app(settings), **options)
        return
    # The schema is made (or migrated) once here, not by every worker at the same moment.
    from theomachy.server.storage import Store

    Store(url).close()
    # Each worker process builds its own app (uvicorn imports it by name) from these settings.
    os.environ[SETTINGS_ENV] = settings.model_dump_json()
    uvicorn.run("theomachy.server.app:app_from_env", factory=True, workers=workers, **options)
