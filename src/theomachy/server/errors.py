"""The errors a request about a table can end in; each carries its HTTP status."""

from __future__ import annotations

from typing import Any


class TableError(Exception):
    """A request about a table that cannot be served; ``status`` is its HTTP status."""

    status = 400

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.details = details


class NotFound(TableError):
    status = 404


class Unauthorized(TableError):
    status = 401


class Forbidden(TableError):
    status = 403


class Stale(TableError):
    status = 409


class Conflict(TableError):
    """The request is fine but the table's state refuses it (a seat already claimed)."""

    status = 409


class TooMany(TableError):
    """A quota or a rate limit."""

    status = 429


class Unavailable(TableError):
    """The database cannot be reached; the client may try again."""

    status = 503


class BrokenTable(TableError):
    """A stored table that cannot be rebuilt (its game is gone, or its log does not replay)."""

    status = 500
