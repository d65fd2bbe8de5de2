"""The play server under load: simulated people over WebSockets on loopback.

Each scenario starts a real ``theomachy serve`` process (``subprocess``, a free loopback port,
SIGTERM at the end) over a fresh database: a SQLite file, or a database in a throwaway
PostgreSQL cluster (``tests/server/postgres.py``) for the one-process-versus-two comparison.
The load generator is one other process (asyncio and the ``websockets`` client). It keeps
``clients / 2`` two-person mythic-arena tables playing: a table is created with
``POST /api/tables``, both invitations are claimed, each seat opens
``/api/tables/{id}/ws`` and says hello with its credential, and whenever the view (a whole view,
then deltas merged into it) says it is that seat's turn, the client waits its think time and
sends a legal action picked with a seeded ``random.Random``, with the log length it saw as
``seq``. The action's latency runs from the send to the arrival of the first message whose
``seq`` is beyond the one sent, and that message's log must hold the action where it was sent.
A finished table's two clients move to a new table, so the load stays steady. Figures cover the
actions sent in the measured window (after a warm-up); when the window closes no new action is
sent, the ones in flight are awaited, and the server is stopped. Then every table's log is
loaded from the database (``Store.load``) and replayed by the engine, and must be as long as
the highest ``seq`` its clients saw and hold every acknowledged action at its position.

A last part measures what one push costs: one person plays a long game against a bot, and
every delta's size is compared with the size of the whole view at the same point.

Usage: ``python bench/server_load.py [--quick] [--out bench/SERVER.md]`` (``--quick``: a few
seconds a scenario, to check that the script works; the full run takes about five minutes).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import datetime as dt
import importlib.util
import json
import math
import multiprocessing
import os
import platform
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

import theomachy

ROOT = Path(__file__).resolve().parent.parent

GAME = "mythic-arena"

LOAD_SETTINGS: dict[str, Any] = {
    "http_rate": 1e6,
    "http_burst": 1e6,
    "max_tables_per_client": 100_000,
    "max_bots_per_client": 100_000,
    "ws_rate": 1e6,
    "ws_burst": 1e6,
    "edge": {
        "max_connections_per_address": 100_000,
        "ws_connect_rate": 1e6,
        "ws_connect_burst": 1e6,
    },
}
"""Server settings for the load (``--settings``): every simulated person shares the loopback
address, so the per-address rate limits, quotas and connection caps are raised out of the way.
Nothing else differs from the defaults."""

THINK = (1.0, 2.0)
"""Seconds a person waits between seeing their turn and moving (uniform at random)."""

ACK_TIMEOUT = 30.0
"""Seconds a client waits for the message that acknowledges its action before calling it lost."""

SERVE = [sys.executable, "-m", "theomachy", "serve"]
"""The command that starts the server (a profiling wrapper may replace it)."""

SERVER_START_TIMEOUT = 60.0
SERVER_STOP_TIMEOUT = 20.0
GOAL_P99_MS = 50.0

STDERR_MARKERS = ("Traceback", "ERROR", "Exception", "exception", "CRITICAL")
"""Lines of the server's stderr that mean something went wrong."""


# --- the machine and its processes --------------------------------------------------------------


def cpu_model() -> str:
    """The CPU model name from /proc/cpuinfo, or whatever platform knows."""
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown"


def machine_lines() -> list[str]:
    """Markdown bullets describing the machine (as ``bench/run.py`` does)."""
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else "?"
    commit = "unknown"
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        commit = subprocess.run(
            ["git", "describe", "--always", "--dirty"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        ).stdout.strip()
    return [
        f"- CPU: {cpu_model()} ({os.cpu_count()} cores, {usable} usable by this process)",
        f"- Python: {platform.python_version()} ({platform.python_implementation()})",
        f"- Platform: {platform.platform()}",
        f"- theomachy: {theomachy.__version__} (commit {commit})",
    ]


TICK = os.sysconf("SC_CLK_TCK")


def process_table() -> dict[int, tuple[int, float]]:
    """Every process now: pid -> (parent pid, CPU seconds used so far by all its threads and
    by its children that have ended and been waited for, as PostgreSQL's short-lived
    connection processes are)."""
    found: dict[int, tuple[int, float]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            ticks = sum(int(x) for x in fields[11:15])  # utime, stime, cutime, cstime
            found[int(entry.name)] = (int(fields[1]), ticks / TICK)
    return found


def tree(table: dict[int, tuple[int, float]], root: int) -> set[int]:
    """``root`` and all its descendants in a :func:`process_table`."""
    members = {root} if root in table else set()
    grew = True
    while grew:
        grew = False
        for pid, (parent, _) in table.items():
            if parent in members and pid not in members:
                members.add(pid)
                grew = True
    return members


def machine_busy_seconds() -> float:
    """CPU seconds every process on the machine has used since boot (all cores)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return (sum(fields[:8]) - idle) / TICK


@dataclass
class CpuSample:
    """CPU seconds used so far: by the server's processes (each), PostgreSQL, this process and
    the whole machine."""

    server: dict[int, float]
    server_main: float  # the server processes' main threads (their event loops)
    postgres: float
    me: float
    machine: float
    at: float


def cpu_sample(server_pid: int, postgres_pid: int | None) -> CpuSample:
    table = process_table()
    server = {pid: table[pid][1] for pid in tree(table, server_pid)}
    main = sum(thread_cpu(pid, pid) for pid in server)
    postgres = 0.0
    if postgres_pid is not None:
        postgres = sum(table[pid][1] for pid in tree(table, postgres_pid))
    return CpuSample(
        server, main, postgres, time.process_time(), machine_busy_seconds(), time.time()
    )


def thread_cpu(pid: int, tid: int) -> float:
    """CPU seconds thread ``tid`` of process ``pid`` has used (0 if it is gone)."""
    with contextlib.suppress(OSError, IndexError, ValueError):
        fields = Path(f"/proc/{pid}/task/{tid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK
    return 0.0


# --- the server -----------------------------------------------------------------------------------


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """``theomachy serve`` in a child process; stderr goes to a file (a pipe nobody reads could
    fill up and block the server)."""

    def __init__(self, db_url: str, workers: int, stderr_path: Path) -> None:
        self.db_url = db_url
        self.workers = workers
        self.stderr_path = stderr_path
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None
        self.stop_note: str | None = None

    def start(self) -> Server:
        """Start it and wait until ``GET /api/games`` answers."""
        command = [*SERVE, "--host", "127.0.0.1"]
        command += ["--port", str(self.port), "--db", self.db_url]
        command += ["--workers", str(self.workers), "--settings", json.dumps(LOAD_SETTINGS)]
        with self.stderr_path.open("ab") as stderr:
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr)
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited at start:\n{self.stderr_path.read_text()}")
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{self.url}/api/games", timeout=2.0).status_code == 200:
                    if self.workers > 1:
                        self.wait_for_workers(deadline)
                    return self
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("server did not answer in time")

    def wait_for_workers(self, deadline: float) -> None:
        """With several processes, wait until each has started (has its database listener,
        a PostgreSQL connection of its own), so that none of the first connections go to the
        only one ready."""
        while time.monotonic() < deadline and len(self.worker_pids()) < self.workers:
            time.sleep(0.2)
        time.sleep(1.0)

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def worker_pids(self) -> list[int]:
        """The processes that accept connections (those holding the listening socket)."""
        listening = {
            inode for _, _, state, inode in tcp_sockets(self.port, local=True) if state == "0A"
        }
        owners = []
        for pid in sorted(tree(process_table(), self.pid)):
            if listening & socket_inodes(pid):
                owners.append(pid)
        # The supervisor of several workers holds the socket too but accepts nothing.
        if self.workers > 1 and self.pid in owners:
            owners.remove(self.pid)
        return owners

    def stop(self) -> None:
        """SIGTERM, then SIGKILL if it has not stopped in time (noted in ``stop_note``)."""
        if self.process is None or self.process.poll() is not None:
            return
        family = tree(process_table(), self.pid) - {self.pid}
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=SERVER_STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.stop_note = f"did not stop within {SERVER_STOP_TIMEOUT:g} s of SIGTERM"
            self.process.kill()
            self.process.wait(timeout=10)
        # Its workers and bot processes are its descendants: none may outlive it.
        deadline = time.monotonic() + SERVER_STOP_TIMEOUT
        while family and time.monotonic() < deadline:
            family = {pid for pid in family if Path(f"/proc/{pid}").exists()}
            time.sleep(0.1)
        for pid in family:
            self.stop_note = (self.stop_note or "") + f" child {pid} outlived it;"
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)

    def problems(self) -> list[str]:
        """The lines of its stderr that say something went wrong."""
        if not self.stderr_path.exists():
            return []
        lines = self.stderr_path.read_text(errors="replace").splitlines()
        found = [line for line in lines if any(marker in line for marker in STDERR_MARKERS)]
        if self.stop_note:
            found.append(f"server {self.stop_note}")
        return found


def tcp_sockets(port: int, local: bool) -> Iterator[tuple[int, int, str, int]]:
    """IPv4 TCP sockets whose local (``local``) or remote port is ``port``: (local port,
    remote port, state as in /proc/net/tcp, inode)."""
    with contextlib.suppress(OSError):
        lines = Path("/proc/net/tcp").read_text().splitlines()[1:]
        for line in lines:
            parts = line.split()
            mine = int(parts[1].rsplit(":", 1)[1], 16)
            theirs = int(parts[2].rsplit(":", 1)[1], 16)
            if (mine if local else theirs) == port:
                yield mine, theirs, parts[3], int(parts[9])


def socket_inodes(pid: int) -> set[int]:
    """The inodes of the sockets process ``pid`` has open."""
    inodes = set()
    with contextlib.suppress(OSError):
        for fd in os.listdir(f"/proc/{pid}/fd"):
            with contextlib.suppress(OSError):
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
                if target.startswith("socket:["):
                    inodes.add(int(target[8:-1]))
    return inodes


class Owners:
    """Which server process holds each client connection: samples the server's established
    sockets (``/proc/net/tcp``) and the processes' file descriptors. Keyed by the client's
    port, with the times it was seen (ports are reused, so a connection is matched by time)."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.workers = server.worker_pids()
        self.inode_owner: dict[int, int] = {}
        self.seen: dict[int, list[tuple[int, float, float]]] = {}  # port -> (pid, first, last)

    def sample(self) -> None:
        moment = time.time()
        current = [
            (theirs, inode)
            for _, theirs, state, inode in tcp_sockets(self.server.port, local=True)
            if state == "01" and inode
        ]
        if any(inode not in self.inode_owner for _, inode in current):
            for pid in self.workers:
                for inode in socket_inodes(pid):
                    self.inode_owner.setdefault(inode, pid)
        for port, inode in current:
            holder = self.inode_owner.get(inode)
            if holder is None:
                continue
            spans = self.seen.setdefault(port, [])
            if spans and spans[-1][0] == holder and moment - spans[-1][2] < 1.0:
                spans[-1] = (holder, spans[-1][1], moment)
            else:
                spans.append((holder, moment, moment))

    def owner(self, port: int, opened: float, closed: float) -> int | None:
        """The process that held the client connection from ``port`` open in that span."""
        for pid, first, last in self.seen.get(port, []):
            if first <= closed + 0.5 and last >= opened - 0.5:
                return pid
        return None


# --- the load generator (runs in its own process) -------------------------------------------


@dataclass(frozen=True)
class Scenario:
    """One load: how many people, how fast they play, and which server."""

    key: str
    clients: int
    think: tuple[float, float]
    database: str  # "sqlite" or "postgresql"
    workers: int
    warmup: float
    seconds: float
    # Whether the clients offer permessage-deflate, as browsers do.
    compression: bool = True

    @property
    def tables(self) -> int:
        return self.clients // 2

    def think_text(self) -> str:
        lo, hi = self.think
        return "none" if hi <= 0 else f"{lo:g}–{hi:g} s"

    def server_text(self) -> str:
        processes = f"{self.workers} process{'es' if self.workers > 1 else ''}"
        return f"{'SQLite' if self.database == 'sqlite' else 'PostgreSQL'}, {processes}"


@dataclass
class Job:
    """What the load-generator process is asked to do."""

    url: str
    scenario: Scenario
    seed: int
    start_at: float  # time.time() at which the clients start


@dataclass
class TableSeen:
    """What the clients of one table saw: enough to check the stored log afterwards."""

    table_id: str
    max_seq: int = 0
    acked: list[tuple[int, str]] = field(default_factory=list)  # (seq sent, action)
    finished: bool = False
    # A seat's hello was refused: the other person leaves too (once nothing is in flight)
    # and both sit down at a new table, so one refusal does not idle them until the end.
    abandoned: bool = False


@dataclass
class Connection:
    """One client's WebSocket: its port (to find the server process that held it), when it
    was open, and how many of its actions in the window were acknowledged."""

    port: int
    opened: float
    closed: float = 0.0
    acked_in_window: int = 0
    table: int = -1  # index in LoadReport.tables


@dataclass
class LoadReport:
    """What the load generator measured (sent back to the main process)."""

    latencies: list[float] = field(default_factory=list)  # seconds, actions sent in the window
    per_second: list[int] = field(default_factory=list)  # those actions by second of sending
    sent_in_window: int = 0
    sent: int = 0
    acked: int = 0
    warmup_actions: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)  # error kind -> its first message
    extensions: list[str] = field(default_factory=list)  # negotiated on the first connection
    tables: list[TableSeen] = field(default_factory=list)
    connections: list[Connection] = field(default_factory=list)
    messages: Counter[str] = field(default_factory=Counter)
    message_bytes: Counter[str] = field(default_factory=Counter)
    cpu_window: float = 0.0  # this process's CPU seconds in the window
    window: tuple[float, float] = (0.0, 0.0)
    stopped_at: float = 0.0


@dataclass
class Pending:
    seq: int
    action: str
    sent: float  # perf_counter
    in_window: bool
    second: int  # of the window, when in it


def merge(payload: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """The whole payload a delta brings ``payload`` to (as the browser client rebuilds it)."""
    merged = {**payload}
    for key, value in delta.items():
        if key not in ("type", "log_from", "log"):
            merged[key] = value
    view = dict(delta["view"])
    view["log"] = payload["view"]["log"][: delta["log_from"]] + delta["log"]
    merged["view"] = view
    return merged


class Load:
    """The simulated people of one scenario, all in this process's event loop."""

    def __init__(self, job: Job, report: LoadReport) -> None:
        self.job = job
        self.report = report
        scenario = job.scenario
        self.t0 = job.start_at + scenario.warmup
        self.t1 = self.t0 + scenario.seconds
        report.window = (self.t0, self.t1)
        report.per_second = [0] * max(1, math.ceil(scenario.seconds))
        self.ws_url = job.url.replace("http://", "ws://", 1)

    def stopping(self) -> bool:
        return time.time() >= self.t1

    async def run(self) -> None:
        await asyncio.sleep(max(0.0, self.job.start_at - time.time()))
        meter = asyncio.create_task(self.meter())
        limits = httpx.Limits(max_connections=200, max_keepalive_connections=0)
        async with httpx.AsyncClient(base_url=self.job.url, timeout=30.0, limits=limits) as http:
            await asyncio.gather(*(self.slot(http, i) for i in range(self.job.scenario.tables)))
        self.report.stopped_at = time.time()
        await meter

    async def meter(self) -> None:
        """This process's CPU time over the window."""
        await asyncio.sleep(max(0.0, self.t0 - time.time()))
        start = time.process_time()
        await asyncio.sleep(max(0.0, self.t1 - time.time()))
        self.report.cpu_window = time.process_time() - start

    async def slot(self, http: httpx.AsyncClient, slot: int) -> None:
        """Two people at a table until it ends, then at a new one, until the time is up."""
        number = 0
        while not self.stopping():
            seats = await self.create(http)
            if seats is None:
                await asyncio.sleep(1.0)
                continue
            index = len(self.report.tables)
            table_id = seats.pop()
            record = TableSeen(table_id)
            self.report.tables.append(record)
            await asyncio.gather(
                *(
                    self.seat(
                        record,
                        index,
                        seat,
                        credential,
                        random.Random(f"{self.job.seed}:{slot}:{number}:{seat}"),
                    )
                    for seat, credential in enumerate(seats)
                )
            )
            number += 1

    async def create(self, http: httpx.AsyncClient) -> list[str] | None:
        """A new table with both seats claimed: [credential of seat 0, of seat 1, table id]."""
        errors = self.report.errors
        try:
            response = await http.post("/api/tables", json={"game": GAME, "players": 2})
            if response.status_code != 200:
                what = f"create table: HTTP {response.status_code}"
                errors[what] += 1
                self.report.examples.setdefault(what, response.text[:300])
                return None
            answer = response.json()
            table_id = str(answer["table_id"])
            invites = sorted((int(s["seat"]), str(s["invite"])) for s in answer["seats"])
            claims = await asyncio.gather(
                *(
                    http.post(f"/api/tables/{table_id}/claim", json={"invite": invite})
                    for _, invite in invites
                )
            )
        except httpx.HTTPError as error:
            what = f"create or claim: {type(error).__name__}"
            errors[what] += 1
            self.report.examples.setdefault(what, str(error)[:300])
            return None
        credentials = []
        for claim in claims:
            if claim.status_code != 200:
                what = f"claim seat: HTTP {claim.status_code}"
                errors[what] += 1
                self.report.examples.setdefault(what, claim.text[:300])
                return None
            credentials.append(str(claim.json()["credential"]))
        return [*credentials, table_id]

    async def seat(
        self, record: TableSeen, index: int, seat: int, credential: str, rng: random.Random
    ) -> None:
        """One person: play ``seat`` whenever the view says it is its turn."""
        errors = self.report.errors
        url = f"{self.ws_url}/api/tables/{record.table_id}/ws"
        try:
            async with connect(
                url,
                max_size=None,
                open_timeout=ACK_TIMEOUT,
                ping_interval=None,
                compression="deflate" if self.job.scenario.compression else None,
            ) as ws:
                port = int(ws.local_address[1])
                if not self.report.extensions:
                    self.report.extensions = [e.name for e in ws.protocol.extensions] or ["none"]
                conn = Connection(port, time.time(), table=index)
                self.report.connections.append(conn)
                try:
                    await ws.send(json.dumps({"type": "hello", "credential": credential}))
                    await self.play(ws, record, seat, rng, conn)
                finally:
                    conn.closed = time.time()
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd else "none"
            what = f"connection closed by the server (code {code})"
            errors[what] += 1
            reason = closed.rcvd.reason if closed.rcvd else ""
            self.report.examples.setdefault(
                what, f"table {record.table_id} seat {seat}: {reason!r}"
            )
        except (InvalidHandshake, OSError, TimeoutError) as error:
            what = f"connect failed: {type(error).__name__}"
            errors[what] += 1
            self.report.examples.setdefault(what, f"table {record.table_id}: {error}")

    async def play(
        self,
        ws: ClientConnection,
        record: TableSeen,
        seat: int,
        rng: random.Random,
        conn: Connection,
    ) -> None:
        report, errors = self.report, self.report.errors
        lo, hi = self.job.scenario.think
        payload: dict[str, Any] | None = None
        pending: Pending | None = None
        acted_at = -1  # the seq of the last action sent: one action per position
        while True:
            if pending is not None:
                timeout = ACK_TIMEOUT - (time.perf_counter() - pending.sent)
            elif payload is None:
                timeout = ACK_TIMEOUT
            elif self.stopping() or record.abandoned:
                return
            else:  # wait for the other person (looking up now and then: did they leave?)
                timeout = min(self.t1 - time.time(), 1.0)
            try:
                text = await asyncio.wait_for(ws.recv(), max(timeout, 0.001))
            except TimeoutError:
                if pending is not None:
                    errors["action not acknowledged within 30 s"] += 1
                    pending = None
                elif payload is None:
                    errors["no view within 30 s of hello"] += 1
                    return
                continue
            received = time.perf_counter()
            assert isinstance(text, str)
            message = json.loads(text)
            kind = str(message.get("type"))
            report.messages[kind] += 1
            report.message_bytes[kind] += len(text)
            if kind == "presence" or kind == "pong":
                continue
            if kind == "error":
                if payload is None:  # the hello was refused: the server closes the socket
                    what = f"hello refused, status {message.get('status')}"
                else:
                    what = f"error message, status {message.get('status')}"
                errors[what] += 1
                report.examples.setdefault(what, f"table {record.table_id} seat {seat}: {text}")
                if payload is None:
                    record.abandoned = True
                    return
                # Nothing was applied: play again from the next view (or this one after 429).
                pending, acted_at = None, -1
                if message.get("status") == 429:
                    await asyncio.sleep(0.1)
            elif kind == "view":
                payload = message
            elif kind == "delta" and payload is not None:
                payload = merge(payload, message)
            else:
                errors[f"unexpected message {kind!r}"] += 1
                continue
            if payload is None:
                continue
            seq = int(payload["seq"])
            view = payload["view"]
            log = view.get("log", [])
            if len(log) != seq:
                errors["merged log length differs from seq"] += 1
            record.max_seq = max(record.max_seq, seq)
            if pending is not None and seq > pending.seq:
                if pending.seq >= len(log) or log[pending.seq] != pending.action:
                    errors["acknowledging message's log lacks the action"] += 1
                record.acked.append((pending.seq, pending.action))
                report.acked += 1
                if pending.in_window:
                    report.latencies.append(received - pending.sent)
                    report.per_second[pending.second] += 1
                    conn.acked_in_window += 1
                pending = None
            if payload["status"] == "finished":
                record.finished = True
                return
            if (
                pending is not None
                or seq == acted_at
                or view.get("current_player") != seat
                or not view.get("legal_actions")
                or self.stopping()
            ):
                continue
            if hi > 0:
                await asyncio.sleep(rng.uniform(lo, hi))
                if self.stopping():
                    return
            action = str(rng.choice(view["legal_actions"]))
            moment = time.time()
            in_window = self.t0 <= moment < self.t1
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "action", "action": action, "seq": seq}))
            second = min(int(moment - self.t0), len(report.per_second) - 1)
            pending, acted_at = Pending(seq, action, sent, in_window, second), seq
            report.sent += 1
            if in_window:
                report.sent_in_window += 1
            elif moment < self.t0:
                report.warmup_actions += 1


def run_load(job: Job) -> LoadReport:
    """The load-generator process: play until the time is up, then report."""
    report = LoadReport()
    asyncio.run(Load(job, report).run())
    return report


def ready() -> bool:
    """A no-op the main process calls first, so the load generator has imported everything
    before the clock starts."""
    return True


# --- bytes per push -------------------------------------------------------------------------


@dataclass
class PushReport:
    """One person's messages in a long game against a bot."""

    game: str
    first_view: int = 0
    # Per delta: (seq after it, its size, size of the whole view at that point, entries in it)
    deltas: list[tuple[int, int, int, int]] = field(default_factory=list)
    checked: int = 0  # whole-view sizes compared with the server's own (GET .../view)
    mismatched: int = 0
    finished: bool = False
    errors: Counter[str] = field(default_factory=Counter)


def compact(payload: dict[str, Any]) -> int:
    """Length of a payload as the server writes it (``json.dumps``, compact separators)."""
    return len(json.dumps(payload, separators=(",", ":")))


async def push_sizes(url: str, game: str, limit: int, seconds: float, seed: int) -> PushReport:
    """Play seat 0 of ``game`` against a random bot until the log reaches ``limit`` entries
    (or the game ends, or ``seconds`` pass), recording every push."""
    report = PushReport(game)
    rng = random.Random(f"{seed}:push:{game}")
    deadline = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=url, timeout=30.0) as http:
        body = {"game": game, "players": 2, "bots": {"1": "random"}}
        answer = (await http.post("/api/tables", json=body)).json()
        table_id = answer["table_id"]
        invite = answer["seats"][0]["invite"]
        claim = await http.post(f"/api/tables/{table_id}/claim", json={"invite": invite})
        credential = claim.json()["credential"]
        ws_url = url.replace("http://", "ws://", 1) + f"/api/tables/{table_id}/ws"
        async with connect(ws_url, max_size=None, ping_interval=None) as ws:
            await ws.send(json.dumps({"type": "hello", "credential": credential}))
            payload: dict[str, Any] | None = None
            acted_at = -1
            checked_at = 0
            while time.monotonic() < deadline:
                try:
                    text = await asyncio.wait_for(ws.recv(), ACK_TIMEOUT)
                except TimeoutError:
                    report.errors["no message within 30 s"] += 1
                    break
                assert isinstance(text, str)
                message = json.loads(text)
                if message["type"] == "view":
                    payload = message
                    report.first_view = len(text)
                    if compact(payload) != len(text):
                        report.errors["re-encoded view differs in size"] += 1
                elif message["type"] == "delta" and payload is not None:
                    payload = merge(payload, message)
                    whole = compact({**payload, "type": "view"})
                    report.deltas.append((payload["seq"], len(text), whole, len(message["log"])))
                elif message["type"] == "error":
                    report.errors[f"error message, status {message.get('status')}"] += 1
                    acted_at = -1
                if payload is None or message["type"] not in ("view", "delta", "error"):
                    continue
                seq = int(payload["seq"])
                if payload["status"] == "finished":
                    report.finished = True
                    break
                view = payload["view"]
                if seq >= limit or view["current_player"] != 0 or seq == acted_at:
                    if seq >= limit:
                        break
                    continue
                if len(report.deltas) >= checked_at + 40:
                    checked_at = len(report.deltas)
                    # The bot waits for this seat now, so the server's whole view is this one.
                    served = await http.get(
                        f"/api/tables/{table_id}/view",
                        headers={"Authorization": f"Bearer {credential}"},
                    )
                    report.checked += 1
                    if len(served.text) != compact({**payload, "type": "view"}):
                        report.mismatched += 1
                action = rng.choice(view["legal_actions"])
                await ws.send(json.dumps({"type": "action", "action": action, "seq": seq}))
                acted_at = seq
    return report


def run_push(url: str, game: str, limit: int, seconds: float, seed: int) -> PushReport:
    return asyncio.run(push_sizes(url, game, limit, seconds, seed))


# --- checking the stored logs ---------------------------------------------------------------


def check_logs(db_url: str, tables: list[TableSeen]) -> tuple[Counter[str], int, int]:
    """Load each table's log from the database and replay it with the engine; compare it with
    what the clients saw. Returns (problems, log entries checked, acknowledged actions)."""
    from theomachy.server.storage import Store

    problems: Counter[str] = Counter()
    entries = actions = 0
    game = theomachy.load(GAME, 2)
    store = Store(db_url)
    try:
        for seen in tables:
            record = store.load(seen.table_id)
            if record is None:
                problems["table missing from the database"] += 1
                continue
            log = list(record.actions)
            entries += len(log)
            try:
                state = game.replay(log)
            except Exception as error:
                problems[f"stored log does not replay ({type(error).__name__})"] += 1
                continue
            if len(log) != seen.max_seq:
                problems["stored log length differs from the highest seq the clients saw"] += 1
            if state.is_terminal() != seen.finished or record.status != (
                "finished" if state.is_terminal() else "playing"
            ):
                problems["finished differs between the clients, the table row and the log"] += 1
            for seq, action in seen.acked:
                actions += 1
                if seq >= len(log) or log[seq] != action:
                    problems["acknowledged action not at its position in the stored log"] += 1
    finally:
        store.close()
    return problems, entries, actions


# --- PostgreSQL --------------------------------------------------------------------------------


def postgres_module() -> Any:
    """``tests/server/postgres.py`` imported by path (the throwaway cluster the tests use)."""
    path = ROOT / "tests" / "server" / "postgres.py"
    spec = importlib.util.spec_from_file_location("theomachy_bench_postgres", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def new_database(url: str, name: str) -> str:
    """Create database ``name`` on the cluster of ``url`` (its ``postgres`` database); the
    new database's URL."""
    import psycopg

    from theomachy.server.broker import psycopg_conninfo

    with psycopg.connect(psycopg_conninfo(url), autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return url.replace("/postgres?", f"/{name}?", 1)


def create_schema(url: str) -> None:
    """Create the server's tables before it starts, as in a database that already exists:
    several worker processes starting at once over an empty database race to create them,
    and the loser exits (``UniqueViolation`` on ``pg_type``), which is reported apart."""
    from theomachy.server.storage import Store

    Store(url).close()


def postgres_sessions(url: str) -> int | None:
    """How many connections (sessions) the database has had since it was created."""
    import psycopg

    from theomachy.server.broker import psycopg_conninfo

    with (
        contextlib.suppress(psycopg.Error),
        psycopg.connect(psycopg_conninfo(url), autocommit=True) as connection,
    ):
        row = connection.execute(
            "SELECT sessions FROM pg_stat_database WHERE datname = current_database()"
        ).fetchone()
        return int(row[0]) if row else None
    return None


def postmaster_pid(url: str) -> int | None:
    """The PostgreSQL server's process id (its data folder is beside the socket folder)."""
    folder = url.split("host=", 1)[1].split("&", 1)[0]
    with contextlib.suppress(OSError, ValueError, IndexError):
        return int((Path(folder) / "data" / "postmaster.pid").read_text().split()[0])
    return None


# --- running a scenario ----------------------------------------------------------------------


@dataclass
class Outcome:
    """A scenario's figures."""

    scenario: Scenario
    report: LoadReport
    wall: float  # the window's length as measured
    cpu: dict[str, float]  # share of one core over the window: server, postgres, load, others
    per_worker_cpu: list[float]
    problems: Counter[str]
    log_entries: int
    acked_checked: int
    stderr: list[str]
    per_worker_moves: list[int] = field(default_factory=list)
    unattributed_moves: int = 0
    postgres_sessions: int | None = None
    cross_process_tables: int = 0
    worker_count: int = 1

    @property
    def latencies_ms(self) -> list[float]:
        return sorted(1000 * x for x in self.report.latencies)

    @property
    def rate(self) -> float:
        return len(self.report.latencies) / self.scenario.seconds

    @property
    def errors(self) -> int:
        return sum(self.report.errors.values()) + sum(self.problems.values()) + len(self.stderr)


def run_scenario(
    scenario: Scenario,
    pool: ProcessPoolExecutor,
    seed: int,
    folder: Path,
    postgres_url: str | None,
    say: Any,
) -> Outcome:
    """Start a server, run the load against it, stop it, check every log."""
    if scenario.database == "sqlite":
        db_url = f"sqlite:///{folder / (scenario.key + '.sqlite3')}"
        pg_pid = None
    else:
        assert postgres_url is not None
        db_url = new_database(postgres_url, scenario.key.replace("-", "_"))
        pg_pid = postmaster_pid(postgres_url)
        create_schema(db_url)
    server = Server(db_url, scenario.workers, folder / f"{scenario.key}.stderr").start()
    say(
        f"{scenario.key}: {scenario.clients} clients, think {scenario.think_text()}, "
        f"{scenario.server_text()}, {scenario.warmup:g} s warm-up + {scenario.seconds:g} s"
    )
    owners = Owners(server) if scenario.database == "postgresql" else None
    try:
        job = Job(server.url, scenario, seed, time.time() + 1.0)
        future = pool.submit(run_load, job)
        t0 = job.start_at + scenario.warmup
        t1 = t0 + scenario.seconds
        before = after = None
        limit = t1 + 2 * ACK_TIMEOUT + 30
        interval = 0.25 if owners is not None else 1.0
        while (after is None or not future.done()) and time.time() < limit:
            if owners is not None:
                owners.sample()
            moment = time.time()
            if before is None and moment >= t0:
                before = cpu_sample(server.pid, pg_pid)
            if after is None and moment >= t1:
                after = cpu_sample(server.pid, pg_pid)
            # Wake for the next sample, the window's edges, or the end of the load.
            edges = [e for e in (t0 if before is None else None, t1) if e and e > moment]
            pause = min([interval, *(e - moment for e in edges)]) if after is None else 0.05
            time.sleep(max(0.001, pause))
        report = future.result(timeout=max(1.0, limit - time.time()))
    finally:
        server.stop()
    assert before is not None and after is not None
    wall = after.at - before.at
    load_cpu = report.cpu_window
    server_cpu = sum(after.server.get(p, 0.0) - before.server.get(p, 0.0) for p in after.server)
    cpu = {
        "server": server_cpu / wall,
        "server_main": (after.server_main - before.server_main) / wall,
        "postgres": (after.postgres - before.postgres) / wall,
        "load": load_cpu / wall,
        "machine": (after.machine - before.machine) / wall,
    }
    cpu["me"] = (after.me - before.me) / wall
    cpu["others"] = max(
        0.0, cpu["machine"] - cpu["server"] - cpu["postgres"] - cpu["load"] - cpu["me"]
    )
    worker_pids = owners.workers if owners is not None else [server.pid]
    per_worker_cpu = [
        (after.server.get(pid, 0.0) - before.server.get(pid, 0.0)) / wall for pid in worker_pids
    ]
    say(f"{scenario.key}: {len(report.tables)} tables; checking their logs in the database")
    problems, entries, acked = check_logs(db_url, report.tables)
    outcome = Outcome(
        scenario,
        report,
        wall,
        cpu,
        per_worker_cpu,
        problems,
        entries,
        acked,
        server.problems(),
        worker_count=len(worker_pids),
    )
    if owners is not None:
        attribute(outcome, owners)
        outcome.postgres_sessions = postgres_sessions(db_url)
    say(f"{scenario.key}: actions per second of the window: {report.per_second}")
    for what, example in report.examples.items():
        say(f"{scenario.key}: {what}: first seen: {example[:400]}")
    for line in outcome.stderr[:10]:
        say(f"{scenario.key}: server stderr: {line[:400]}")
    say(
        f"{scenario.key}: {outcome.rate:,.0f} actions/s, p99 "
        f"{percentile(outcome.latencies_ms, 0.99):.1f} ms, errors {outcome.errors}"
    )
    return outcome


def attribute(outcome: Outcome, owners: Owners) -> None:
    """Count the window's acknowledged moves by the server process that took them, and the
    tables whose two people were on different processes."""
    index = {pid: i for i, pid in enumerate(owners.workers)}
    moves = [0] * len(owners.workers)
    by_table: dict[int, set[int]] = {}
    for conn in outcome.report.connections:
        pid = owners.owner(conn.port, conn.opened, conn.closed or conn.opened)
        if pid is None:
            outcome.unattributed_moves += conn.acked_in_window
            continue
        moves[index[pid]] += conn.acked_in_window
        by_table.setdefault(conn.table, set()).add(pid)
    outcome.per_worker_moves = moves
    outcome.cross_process_tables = sum(1 for pids in by_table.values() if len(pids) > 1)


def measure_pushes(
    pool: ProcessPoolExecutor, folder: Path, quick: bool, seed: int, say: Any
) -> list[PushReport]:
    """Bytes per push in long games, one server over SQLite."""
    server = Server(f"sqlite:///{folder / 'push.sqlite3'}", 1, folder / "push.stderr").start()
    reports = []
    try:
        for game, limit in (("mythotopia", 1000), ("mythic-wars", 1000)):
            if quick:
                limit = 120
            say(f"bytes per push: {game}, one person against a random bot, up to {limit} entries")
            future = pool.submit(run_push, server.url, game, limit, 30.0 if quick else 240.0, seed)
            reports.append(future.result(timeout=300.0))
    finally:
        server.stop()
    for line in server.problems():
        reports[-1].errors[f"server stderr: {line[:120]}"] += 1
    return reports


# --- the report ------------------------------------------------------------------------------


def percentile(ordered: list[float], q: float) -> float:
    """Nearest-rank percentile of sorted values."""
    if not ordered:
        return math.nan
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def error_text(outcome: Outcome) -> str:
    kinds = Counter(outcome.report.errors)
    kinds.update(outcome.problems)
    if outcome.stderr:
        kinds["server stderr lines"] = len(outcome.stderr)
    return ", ".join(f"{kind}: {n:,}" for kind, n in sorted(kinds.items())) or "none"


def scenario_rows(outcomes: list[Outcome]) -> list[str]:
    lines = [
        "| scenario | people (tables) | think time | server | actions/s | p50 | p95 | p99 | max "
        "| errors |",
        "|---|---:|---|---|---:|---:|---:|---:|---:|---|",
    ]
    for o in outcomes:
        lat = o.latencies_ms
        s = o.scenario
        lines.append(
            f"| {s.key} | {s.clients} ({s.tables}) | {s.think_text()} | {s.server_text()} "
            f"| {o.rate:,.1f} | {percentile(lat, 0.5):.1f} ms | {percentile(lat, 0.95):.1f} ms "
            f"| **{percentile(lat, 0.99):.1f} ms** | {lat[-1] if lat else math.nan:.0f} ms "
            f"| {error_text(o)} |"
        )
    return lines


def detail_rows(outcomes: list[Outcome]) -> list[str]:
    lines = [
        "| scenario | warm-up + window | actions timed (per second: min – median – max) "
        "| tables played (finished) | log "
        "entries checked | CPU: server (event loops + other threads) | PostgreSQL | load "
        "generator | this script (sampling) | rest of the machine | server CPU per action |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for o in outcomes:
        r = o.report
        per_action = 1000 * o.cpu["server"] / o.rate if o.rate else math.nan
        postgres = f"{o.cpu['postgres']:.0%}" if o.scenario.database == "postgresql" else "–"
        lines.append(
            f"| {o.scenario.key} | {o.scenario.warmup:g} + {o.wall:.1f} s "
            f"| {len(r.latencies):,} ({min(r.per_second):,} – "
            f"{statistics.median(r.per_second):,.0f} – {max(r.per_second):,}) "
            f"| {len(r.tables):,} "
            f"({sum(t.finished for t in r.tables):,}) | {o.log_entries:,} "
            f"| {o.cpu['server']:.0%} ({o.cpu['server_main']:.0%} + "
            f"{o.cpu['server'] - o.cpu['server_main']:.0%}) | {postgres} | {o.cpu['load']:.0%} "
            f"| {o.cpu['me']:.0%} | {o.cpu['others']:.0%} "
            f"| {per_action:.2f} ms |"
        )
    return lines


def goal_lines(outcomes: list[Outcome]) -> list[str]:
    lines = []
    for o in outcomes:
        if o.scenario.think[1] <= 0:
            continue
        p99 = percentile(o.latencies_ms, 0.99)
        met = p99 <= GOAL_P99_MS and o.errors == 0
        lines.append(
            f"- {o.scenario.key}: p99 {p99:.1f} ms, {o.errors} errors: goal (p99 ≤ "
            f"{GOAL_P99_MS:g} ms, no errors) **{'met' if met else 'missed'}**."
        )
    return lines


def workers_lines(outcomes: dict[str, Outcome]) -> list[str]:
    one, two = outcomes.get("pg-1-process"), outcomes.get("pg-2-processes")
    if one is None or two is None:
        return ["Not measured: PostgreSQL's server programs are not installed."]
    ratio = two.rate / one.rate if one.rate else math.nan
    total = sum(two.per_worker_moves) + two.unattributed_moves
    shares = ", ".join(
        f"process {i + 1}: {n:,} ({n / total:.0%}; {cpu:.0%} of a core)"
        for i, (n, cpu) in enumerate(zip(two.per_worker_moves, two.per_worker_cpu, strict=False))
    )
    clean = two.errors == 0 and one.errors == 0
    lines = [
        f"**Throughput ratio, 2 processes / 1 process: {ratio:.2f}** ({two.rate:,.0f} vs "
        f"{one.rate:,.0f} actions/s; p99 {percentile(two.latencies_ms, 0.99):.1f} vs "
        f"{percentile(one.latencies_ms, 0.99):.1f} ms).",
        "",
        f"- Moves in the window by the server process that took them ({two.worker_count} "
        f"processes found holding the listening socket): {shares}"
        + (
            f"; {two.unattributed_moves:,} on connections too short-lived to be sampled"
            if two.unattributed_moves
            else ""
        )
        + ".",
        f"- PostgreSQL connections opened over the whole run (pg_stat_database.sessions): "
        f"{one.postgres_sessions} with 1 process, {two.postgres_sessions} with 2 (each "
        "server process keeps a pool of 5 and opens up to 10 more for a burst, closing them "
        "after use).",
        f"- Tables whose two people were connected to different processes (each move then "
        f"reaches the other seat through PostgreSQL NOTIFY and a catch-up): "
        f"{two.cross_process_tables:,} of {len(two.report.tables):,}.",
        "- Errors: "
        + (
            "none in either run."
            if clean
            else f"{error_text(one)} with 1 process; {error_text(two)} with 2 (see What "
            "went wrong; a table whose hello was refused is left by both people, who sit "
            "down at a new one)."
        ),
        (
            f"- Stored logs: all {len(one.report.tables) + len(two.report.tables):,} "
            f"({one.log_entries + two.log_entries:,} entries) replay with the engine, are as "
            "long as the highest `seq` their clients saw and hold each acknowledged action "
            f"({one.acked_checked + two.acked_checked:,}) where it was sent: **no forked log**."
            if not one.problems and not two.problems
            else "- Stored logs: **PROBLEMS** (see What went wrong)."
        ),
    ]
    return lines


def trouble_lines(outcomes: list[Outcome]) -> list[str]:
    """The first instance of every kind of error, for someone to reproduce it."""
    lines = []
    for o in outcomes:
        for what, example in o.report.examples.items():
            lines.append(
                f"- {o.scenario.key}: {what} ({o.report.errors[what]:,}), first: `{example[:300]}`"
            )
        for kind, count in o.problems.items():
            lines.append(f"- {o.scenario.key}: {kind}: {count:,}")
        for line in o.stderr[:5]:
            lines.append(f"- {o.scenario.key}: server stderr: `{line[:300]}`")
    if not lines:
        return []
    return ["### What went wrong", "", *lines, ""]


def push_rows(reports: list[PushReport]) -> list[str]:
    lines = [
        "| game | part | log length | deltas | delta mean | delta max | whole view mean "
        "| mean delta / whole view |",
        "|---|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in reports:
        count = min(50, len(r.deltas) // 2)
        if count == 0:
            continue
        parts = ((f"first {count} deltas", r.deltas[:count]), (f"last {count}", r.deltas[-count:]))
        for part, rows in parts:
            sizes = [d[1] for d in rows]
            wholes = [d[2] for d in rows]
            lines.append(
                f"| {r.game} | {part} | {rows[0][0]}–{rows[-1][0]} | {len(rows)} "
                f"| {statistics.fmean(sizes):,.0f} B | {max(sizes):,} B "
                f"| {statistics.fmean(wholes):,.0f} B "
                f"| {statistics.fmean(sizes) / statistics.fmean(wholes):.1%} |"
            )
    return lines


def push_notes(reports: list[PushReport]) -> list[str]:
    lines = []
    for r in reports:
        if not r.deltas:
            lines.append(f"- {r.game}: no delta received ({dict(r.errors)}).")
            continue
        end = "finished" if r.finished else f"stopped at {r.deltas[-1][0]} entries"
        errors = ", ".join(f"{k}: {n}" for k, n in sorted(r.errors.items())) or "no errors"
        biggest = max(r.deltas, key=lambda d: d[1])
        lines.append(
            f"- {r.game}: {len(r.deltas):,} deltas, game {end}; first whole view "
            f"{r.first_view:,} B; largest delta {biggest[1]:,} B (log length {biggest[0]}, new "
            f"entries in it: {biggest[3]}); the rebuilt whole view matched the size of "
            f"the server's own `GET /view` {r.checked - r.mismatched} of {r.checked} times; "
            f"{errors}."
        )
    return lines


def compression_text(outcomes: list[Outcome]) -> str:
    """What the clients' WebSockets negotiated."""
    negotiated = sorted({e for o in outcomes for e in o.report.extensions})
    offered = any(o.scenario.compression for o in outcomes)
    if not offered:
        return "The clients offer no WebSocket compression (`--no-compression`)."
    return (
        "The clients offer `permessage-deflate`, as browsers do; negotiated: "
        f"{', '.join(f'`{e}`' for e in negotiated) or 'unknown'}."
    )


def render(
    outcomes: list[Outcome], pushes: list[PushReport], quick: bool, seed: int, took: float
) -> str:
    by_key = {o.scenario.key: o for o in outcomes}
    now = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    settings = json.dumps(LOAD_SETTINGS, separators=(", ", ": "))
    lines = [
        "## Server under load",
        "",
        f"Measured {now} by `bench/server_load.py{' --quick' if quick else ''}` (seed {seed}, "
        f"{took / 60:.1f} min in all)"
        + (
            " — **quick mode: seconds per scenario, a check that the script works**"
            if quick
            else ""
        )
        + ".",
        "",
        *machine_lines(),
        "",
        "The server, its database and the load generator **share this machine's cores**: "
        "every figure includes the clients' own cost, and the CPU table says who used what.",
        "",
        "Method: each scenario starts `theomachy serve --workers N --db URL --settings "
        f"'{settings}'` on a free 127.0.0.1 port over a fresh database (the settings only "
        "lift the per-address limits, since every simulated person comes from 127.0.0.1). "
        "One load-generator process (asyncio, `websockets`, no uvloop) keeps "
        f"people/2 two-person {GAME} tables playing: `POST /api/tables`, both invitations "
        "claimed, each seat's WebSocket says hello with its credential; whenever the view "
        "(the whole view, then deltas merged into it) says it is that seat's turn, the person "
        "waits the think time (uniform at random, drawn per move from a seeded generator) and "
        "sends a random legal action with the `seq` it saw. "
        + compression_text(outcomes)
        + " **Latency** is from the send to "
        "the arrival of the first message whose `seq` is past the one sent (its log must hold "
        "the action at that position). A finished table's people sit down at a new one. "
        + "Each scenario has a warm-up, then a measured window (both in the second table): "
        "the figures are the actions *sent* in the window (actions/s is their count over the "
        "window); at its end no new action is sent, those in flight are awaited and the "
        "server gets SIGTERM. "
        + "**Errors** count every error message, failed request or connection, action not "
        "acknowledged within 30 s, inconsistent delta, problem in the stored logs, and "
        "error line on the server's stderr. Afterwards every table's log is loaded from the "
        "database (`Store.load`) and replayed by the engine.",
        "",
        "### Latency and throughput",
        "",
        *scenario_rows(outcomes),
        "",
        *goal_lines(outcomes),
        "",
        *trouble_lines(outcomes),
        "### Where the CPU went (share of one core over the window)",
        "",
        *detail_rows(outcomes),
        "",
        "Server: the `theomachy serve` processes (all workers and bot processes), split into "
        "their main threads (the event loops: WebSockets, HTTP, the game, rendering views) "
        "and their other threads (database calls run through `asyncio.to_thread`, the "
        "PostgreSQL listener); PostgreSQL: the throwaway cluster's processes; this script: "
        "the main process, which "
        "samples CPU times and (PostgreSQL scenarios) which server process holds each "
        "connection, 4 times a second; rest of the machine: any other work on the machine "
        "(noise: the figures of a run with a large share here are not to be trusted).",
        "",
        "### One server process or two (PostgreSQL, no think time)",
        "",
        *workers_lines(by_key),
        "",
        "### Bytes per push",
        "",
        "One person plays seat 0 (random legal moves, no think time) against the `random` bot "
        "over one WebSocket. Each delta's size (the JSON text, before any per-message "
        "compression) is set beside the size the whole view would have at the same point: "
        "the whole view rebuilt from the deltas and encoded as the server encodes it, checked "
        "now and then against the server's own `GET /api/tables/{id}/view`.",
        "",
        *push_rows(pushes),
        "",
        *push_notes(pushes),
        "",
        "### How to read this",
        "",
        "- The think-time scenarios model people: about one move every 1.5 s at each table, "
        "so the server is mostly idle and latency is the cost of one move (apply, commit to the "
        "database, render and push a delta to both seats) plus loopback and the client's own "
        f"event loop. The goal is p99 ≤ {GOAL_P99_MS:g} ms with no errors.",
        "- The no-think scenarios send the next move the moment a view arrives: that is the "
        "saturation throughput of this machine with its load generator, and the latency "
        "there is mostly queueing, not a goal.",
        "- Actions/s counts person moves; each also commits the chance entries that follow it "
        "(the log grows faster than the count of moves).",
        "- Two processes on two cores share them with PostgreSQL and the load generator, so "
        "the ratio is what this machine gains, not what a larger one would.",
        "- A push is a delta: the view without its log plus the new log entries, so it stays "
        "the same size however long the game; the whole view grows with the log.",
    ]
    return "\n".join(lines) + "\n"


# --- entry point -------------------------------------------------------------------------------


def scenarios(quick: bool, compression: bool = True) -> list[Scenario]:
    warm, window = (1.0, 3.0) if quick else (5.0, 30.0)
    none = (0.0, 0.0)
    chosen = [
        Scenario("100-people", 100, THINK, "sqlite", 1, warm, window),
        Scenario("300-people", 300, THINK, "sqlite", 1, warm + (1.0 if quick else 5.0), window),
        Scenario("100-no-think", 100, none, "sqlite", 1, warm, window),
        Scenario("pg-1-process", 100, none, "postgresql", 1, warm, window),
        Scenario("pg-2-processes", 100, none, "postgresql", 2, warm, window),
    ]
    return [dataclasses.replace(s, compression=compression) for s in chosen]


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few seconds per scenario")
    parser.add_argument("--out", type=Path, default=Path("bench/SERVER.md"), help="report path")
    parser.add_argument("--seed", type=int, default=0, help="seed of every client's choices")
    parser.add_argument(
        "--no-compression",
        action="store_true",
        help="clients do not offer permessage-deflate (browsers do; this shows its cost)",
    )
    parser.add_argument(
        "--keep",
        type=Path,
        help="keep the databases and the servers' stderr in this folder (default: a temporary "
        "folder, removed at the end)",
    )
    parser.add_argument(
        "--only", nargs="*", default=None, help="run only these scenarios (keys), no pushes"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    started = time.monotonic()

    def say(message: str) -> None:
        print(f"[{time.monotonic() - started:6.1f} s] {message}", file=sys.stderr, flush=True)

    chosen = [
        s
        for s in scenarios(args.quick, not args.no_compression)
        if args.only is None or s.key in args.only
    ]
    outcomes: list[Outcome] = []
    pushes: list[PushReport] = []
    context = multiprocessing.get_context("spawn")
    with (
        tempfile.TemporaryDirectory(prefix="theomachy-load-") as name,
        ProcessPoolExecutor(1, mp_context=context) as pool,
    ):
        folder = Path(name)
        if args.keep:
            folder = args.keep
            folder.mkdir(parents=True, exist_ok=True)
        pool.submit(ready).result(timeout=60)
        with contextlib.ExitStack() as stack:
            postgres_url = None
            if any(s.database == "postgresql" for s in chosen):
                module = postgres_module()
                if module.binaries() is None:
                    say("PostgreSQL is not installed: skipping the PostgreSQL scenarios")
                    chosen = [s for s in chosen if s.database != "postgresql"]
                else:
                    postgres_url = stack.enter_context(module.temporary_postgres())
            for scenario in chosen:
                outcomes.append(run_scenario(scenario, pool, args.seed, folder, postgres_url, say))
        if args.only is None:
            pushes = measure_pushes(pool, folder, args.quick, args.seed, say)
    report = render(outcomes, pushes, args.quick, args.seed, time.monotonic() - started)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(report, encoding="utf-8")
    print(report)
    say(f"report written to {args.out}")
    failed = any(o.errors for o in outcomes) or any(p.errors for p in pushes)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
