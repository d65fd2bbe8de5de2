"""Fixtures for the server tests: an app over a fresh SQLite file, and its test client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from theomachy.server.app import create_app
from theomachy.server.tables import ServerSettings


def make_client(db: Path, **settings: Any) -> TestClient:
    """A test client of a fresh app over the SQLite file ``db``."""
    settings.setdefault("bot_pool", "thread")  # the crash test runs the real process pool
    return TestClient(create_app(ServerSettings(db_url=f"sqlite:///{db}", **settings)))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "server.sqlite3"


@pytest.fixture
def client(db_path: Path) -> Iterator[TestClient]:
    with make_client(db_path) as test_client:
        yield test_client
