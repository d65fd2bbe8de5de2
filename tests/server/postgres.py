"""A throwaway PostgreSQL server for the tests that check the server's PostgreSQL backend.

It runs Debian's PostgreSQL binaries on a Unix socket in a temporary folder (no TCP port, no
system cluster touched); as root it runs them as the ``postgres`` user, since PostgreSQL
refuses to run as root.
"""

from __future__ import annotations

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


@contextmanager
def temporary_postgres() -> Iterator[str]:
    """Start a PostgreSQL server in a temporary folder; yields its SQLAlchemy URL."""
    bin_dir = binaries()
    if bin_dir is None:
        raise FileNotFoundError("PostgreSQL's server programs (initdb, pg_ctl) are not installed")
    as_postgres = os.geteuid() == 0
    root = Path(tempfile.mkdtemp(prefix="theomachy-pg-"))
    data = root / "data"
    if as_postgres:
        shutil.chown(root, "postgres")
    user = "postgres" if as_postgres else os.environ.get("USER", "postgres")
    _run([str(bin_dir / "initdb"), "-D", str(data), "-U", user, "--auth=trust"], as_postgres)
    _run(
        [
            str(bin_dir / "pg_ctl"),
            "-D",
            str(data),
            "-o",
            f"-k {root} -c listen_addresses='' -c fsync=off",
            "-w",
            "-l",
            str(root / "log"),
            "start",
        ],
        as_postgres,
    )
    try:
        url = f"postgresql+psycopg://{user}@/postgres?host={root}"
        deadline = time.monotonic() + 30
        while not (root / ".s.PGSQL.5432").exists():
            if time.monotonic() > deadline:
                raise TimeoutError("PostgreSQL did not start")
            time.sleep(0.1)
        yield url
    finally:
        _run([str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], as_postgres)
        shutil.rmtree(root, ignore_errors=True)
