"""The lab on a real multi-node Ray cluster: a head and a second node started as separate
``ray start`` processes on this machine (one CPU each), and ``theomachy lab run`` as a
separate driver process connecting to it by address. Its games are the local run's, game for
game."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from theomachy.lab import read_games

pytest.importorskip("ray")

# Two Ray nodes, a lab run and a tuning run on them: over a minute of one core, so a scale
# test run by `make bench` (`pytest -m benchmark`), not by `make test`.
pytestmark = pytest.mark.benchmark

RAY = Path(sys.executable).with_name("ray")
THEOMACHY = Path(sys.executable).with_name("theomachy")
# A cluster of this machine only, for a test: no token to share between the nodes.
ENV = {**os.environ, "RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0"}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_node(log: Path, *args: str) -> subprocess.Popen[bytes]:
    """``ray start ... --block`` in a session of its own (stopping it stops its processes)."""
    with log.open("wb") as out:
        return subprocess.Popen(
            [str(RAY), "start", "--num-cpus=1", "--block", *args],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=ENV,
            start_new_session=True,
        )


def stop(*processes: subprocess.Popen[bytes]) -> None:
    """Stop nodes: ``ray start --block`` stops its own processes on SIGTERM; whatever of its
    session is left after that is killed."""
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=20)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


def wait_for(check: object, what: str, seconds: float = 60.0) -> str:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()  # type: ignore[operator]
        if found:
            return str(found)
        time.sleep(0.5)
    raise AssertionError(f"timed out waiting for {what}")


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A two-node Ray cluster's address (the head's GCS)."""
    folder = tmp_path_factory.mktemp("ray-cluster")
    head_log, node_log = folder / "head.log", folder / "node.log"
    head = start_node(head_log, "--head", f"--port={free_port()}", "--include-dashboard=false")
    node = None
    try:
        address = wait_for(
            lambda: (
                (m := re.search(r"ray start --address='([^']+)'", head_log.read_text()))
                and m.group(1)
            ),
            "the head node",
        )
        node = start_node(node_log, f"--address={address}")
        wait_for(lambda: "Ray runtime started" in node_log.read_text(), "the second node")
        yield address
    finally:
        stop(*(p for p in (node, head) if p is not None))


def lab_run(out: Path, *extra: str) -> None:
    command = [
        str(THEOMACHY), "lab", "run", "mythic-wars", "--agents", "random,greedy:samples=1",
        "--games", "24", "--seed", "5", "--out", str(out), *extra,
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, env=ENV, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_lab_run_on_a_two_node_cluster_gives_the_local_games(
    cluster: str, tmp_path: Path
) -> None:
    lab_run(tmp_path / "local")
    lab_run(tmp_path / "cluster", "--backend", "ray", "--address", cluster)
    local = read_games(tmp_path / "local")
    assert len(local) == 24
    assert read_games(tmp_path / "cluster") == local
    # The run saw both nodes: the driver sent its batches to a cluster of two CPUs.
    status = subprocess.run(
        [str(RAY), "status", f"--address={cluster}"],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=60,
    )
    assert status.stdout.count(" node_") == 2, status.stdout


def lab_tune(out: Path, *extra: str) -> None:
    command = [
        str(THEOMACHY), "lab", "tune", "arena-of-the-gods", "--agents", "random",
        "--parameters", "zeus-*", "--trials", "3", "--games", "8", "--validate", "6",
        "--seed", "2", "--out", str(out), *extra,
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, env=ENV, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_lab_tune_on_a_two_node_cluster_finds_what_the_local_one_finds(
    cluster: str, tmp_path: Path
) -> None:
    lab_tune(tmp_path / "local")
    lab_tune(tmp_path / "cluster", "--backend", "ray", "--address", cluster)
    for name in ("tuned.json",):
        assert (tmp_path / "cluster" / name).read_text() == (tmp_path / "local" / name).read_text()
    # Every trial and the re-measurement played the same games with the same content.
    for folder in sorted((tmp_path / "local").glob("*/*/games.parquet")):
        run_folder = folder.parent.relative_to(tmp_path / "local")
        assert read_games(tmp_path / "cluster" / run_folder) == read_games(folder.parent)
    assert len(list((tmp_path / "local").glob("trials/*/games.parquet"))) == 3
    report = (tmp_path / "cluster" / "tune.md").read_text()
    assert "## What changes" in report and "## Fresh seeds" in report
