"""A throwaway PostgreSQL server for the tests that check the server's PostgreSQL backend.

It runs Debian's PostgreSQL binaries on a Unix socket in a temporary folder (no TCP port, no
system cluster touched); as root it runs them as the ``postgres`` user, since PostgreSQL
refuses to run as root.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def binaries() -> Path | None:
    """The folder of PostgreSQL's server programs, or None if it is not installed."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


def _run(command: list[str], as_postgres: bool) -> None:
    if as_postgres:
        command = ["runuser", "-u", "postgres", "--", *command]
    subprocess.run(command, check=True, capture_output=True, timeout=120)


def create_database(url: str, name: str) -> str:
    """Create database ``name`` on the server of ``url``; the URL of the new database."""
    import psycopg

    from theomachy.server.broker import psycopg_conninfo

    with psycopg.connect(psycopg_conninfo(url), autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return url.replace("/postgres?", f"/{name}?", 1)


class PostgresCluster:
    """A PostgreSQL server in a temporary folder, on a Unix socket only; ``stop()`` and
    ``start()`` simulate a database outage and its end."""

    def __init__(self) -> None:
        bin_dir = binaries()
        if bin_dir is None:
            raise FileNotFoundError(
                "PostgreSQL's server programs (initdb, pg_ctl) are not installed"
            )
        self.bin_dir = bin_dir
        self.as_postgres = os.geteuid() == 0
        self.root = Path(tempfile.mkdtemp(prefix="theomachy-pg-"))
        self.data = self.root / "data"
        if self.as_postgres:
            shutil.chown(self.root, "postgres")
        self.user = "postgres" if self.as_postgres else os.environ.get("USER", "postgres")
        _run(
            [str(bin_dir / "initdb"), "-D", str(self.data), "-U", self.user, "--auth=trust"],
            self.as_postgres,
        )
        self.url = f"postgresql+psycopg://{self.user}@/postgres?host={self.root}"

    def start(self) -> None:
        """Start the server and wait for its socket."""
        _run(
            [
                str(self.bin_dir / "pg_ctl"),
                "-D",
                str(self.data),
                "-o",
                f"-k {self.root} -c listen_addresses='' -c fsync=off -c max_connections=200",
                "-w",
                "-l",
                str(self.root / "log"),
                "start",
            ],
            self.as_postgres,
        )
        deadline = time.monotonic() + 30
        while not (self.root / ".s.PGSQL.5432").exists():
            if time.monotonic() > deadline:
                raise TimeoutError("PostgreSQL did not start")
            time.sleep(0.1)

    def stop(self) -> None:
        """Stop the server at once (every connection drops)."""
        _run(
            [str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"],
            self.as_postgres,
        )

    def remove(self) -> None:
        """Delete the cluster's folder."""
        shutil.rmtree(self.root, ignore_errors=True)


@contextmanager
def temporary_postgres() -> Iterator[str]:
    """Start a PostgreSQL server in a temporary folder; yields its SQLAlchemy URL."""
    with running_postgres() as cluster:
        yield cluster.url


@contextmanager
def running_postgres() -> Iterator[PostgresCluster]:
    """A started :class:`PostgresCluster`, stopped and removed afterwards."""
    cluster = PostgresCluster()
    cluster.start()
    try:
        yield cluster
    finally:
        with contextlib.suppress(subprocess.CalledProcessError):
            cluster.stop()
        cluster.remove()
