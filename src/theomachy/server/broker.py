"""Changes announced between server processes over one PostgreSQL database.

Every process listens on one channel (``LISTEN``); a process that commits a move announces
the table's new log length in the same transaction (``NOTIFY``, delivered only on commit), and
claims, re-invites and presence changes likewise. A listening thread hands each message to the
event loop, where the hub catches the table up from the database and pushes it to its sockets.
SQLite has no such channel: it is the single-process default.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable

from sqlalchemy.engine import make_url

from theomachy.server.storage import NOTIFY_CHANNEL

log = logging.getLogger("theomachy.server")


def psycopg_conninfo(url: str) -> str:
    """The libpq connection string of a SQLAlchemy ``postgresql+psycopg://`` URL."""
    parsed = make_url(url)
    parts = {
        "host": parsed.host,
        "port": parsed.port,
        "user": parsed.username,
        "password": parsed.password,
        "dbname": parsed.database,
    }
    for key, value in parsed.query.items():
        parts[key] = value if isinstance(value, str) else value[-1]
    from psycopg.conninfo import make_conninfo

    return make_conninfo("", **{k: v for k, v in parts.items() if v not in (None, "")})


class Listener:
    """A thread that LISTENs and calls ``deliver(message)`` on the event loop for each
    notification; it reconnects by itself when the database goes away and comes back (and
    then calls ``deliver("resync")``: messages may have been missed)."""

    def __init__(
        self, url: str, loop: asyncio.AbstractEventLoop, deliver: Callable[[str], None]
    ) -> None:
        self.conninfo = psycopg_conninfo(url)
        self.loop = loop
        self.deliver = deliver
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="theomachy-listen", daemon=True)
        self.ready = threading.Event()

    def start(self) -> None:
        """Start listening (returns at once; ``ready`` is set once LISTEN is in place)."""
        self._thread.start()

    def stop(self) -> None:
        """Stop listening (the thread ends within about a second)."""
        self._stop.set()
        self._thread.join(timeout=5)

    def _run(self) -> None:
        import psycopg

        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True, connect_timeout=5) as conn:
                    conn.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    self.ready.set()
                    if not first:
                        self.loop.call_soon_threadsafe(self.deliver, "resync")
                    first = False
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=1.0):
                            self.loop.call_soon_threadsafe(self.deliver, notice.payload)
            except Exception as error:  # the database went away: try again shortly
                if self._stop.is_set():
                    return
                log.warning("listening for table changes failed (%s); retrying", error)
                self._stop.wait(1.0)
