"""Fixtures for the server tests: an app over a fresh database (SQLite, and PostgreSQL when
its server programs are installed: CI must have them), and its test client."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from .helpers import make_client
from .postgres import binaries, create_database, temporary_postgres

BACKENDS = ["sqlite", "postgresql"]
_databases = itertools.count()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "server.sqlite3"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """One throwaway PostgreSQL server for this test process (each test gets a database)."""
    if binaries() is None:
        pytest.skip("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    with temporary_postgres() as url:
        yield url


@pytest.fixture
def postgres_url(postgres_server: str) -> str:
    """A fresh, empty PostgreSQL database."""
    return create_database(postgres_server, f"t{next(_databases)}")


@pytest.fixture(params=BACKENDS)
def db_url(request: pytest.FixtureRequest, db_path: Path) -> str:
    """A fresh database of each backend the server supports."""
    if request.param == "sqlite":
        return f"sqlite:///{db_path}"
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with make_client(db_url) as test_client:
        yield test_client
