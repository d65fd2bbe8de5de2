"""A real server process on a free loopback port, for tests that need one (crash, browser)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx2 as httpx


def free_port() -> int:
    """A port nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """``theomachy serve`` in a child process over a SQLite file; ``kill()`` is ``kill -9``."""

    def __init__(
        self,
        db_path: Path,
        port: int | None = None,
        *,
        db_url: str | None = None,
        args: tuple[str, ...] = (),
    ) -> None:
        self.db_url = db_url or f"sqlite:///{db_path}"
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.stderr_path = Path(db_path).with_suffix(".stderr.log")
        self.args = args

    def start(self, timeout: float = 30.0) -> LiveServer:
        """Start the server and wait until it answers."""
        command = [sys.executable, "-m", "theomachy", "serve", "--port", str(self.port)]
        command += ["--db", self.db_url, *self.args]
        # stderr goes to a file beside the database: a pipe nobody reads could fill and block.
        self.stderr = self.stderr_path.open("ab")
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=self.stderr, env=dict(os.environ)
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                err = self.stderr_path.read_text(errors="replace")
                raise RuntimeError(f"server exited at start: {err}")
            try:
                if httpx.get(f"{self.url}/api/games", timeout=1.0).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError("server did not answer in time")

    def kill(self) -> None:
        """``kill -9``: no shutdown code runs."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def stop(self) -> None:
        """A clean stop (SIGTERM), falling back to SIGKILL."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
        self.process = None

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()
