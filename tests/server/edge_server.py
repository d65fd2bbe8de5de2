"""A server process for tests/server/test_edge.py: the real app behind the edge middleware and
protocols, on a loopback port.

Usage: ``python edge_server.py '<json>'`` with ``port``, ``db`` (a SQLite file) and ``edge``
(EdgeSettings fields). It runs until it is terminated.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import uvicorn

from theomachy.server.app import create_app
from theomachy.server.edge import EdgeSettings, raise_open_file_limit, uvicorn_options, wrap
from theomachy.server.settings import ServerSettings


def main() -> None:
    spec = json.loads(sys.argv[1])
    # The flood test holds 1,500 connections: the default soft limit of some systems is 1024.
    raise_open_file_limit()
    edge = EdgeSettings(**spec["edge"])
    settings: dict[str, Any] = {"db_url": f"sqlite:///{spec['db']}", "bot_pool": "thread"}
    app: Any
    if "edge" in ServerSettings.model_fields:
        # create_app puts the edge middleware in place itself, from these settings.
        app = create_app(ServerSettings(**settings, edge=edge))
    else:
        app = wrap(create_app(ServerSettings(**settings)), edge)
    uvicorn.run(
        app, host="127.0.0.1", port=spec["port"], log_level="warning", **uvicorn_options(edge)
    )


if __name__ == "__main__":
    main()
