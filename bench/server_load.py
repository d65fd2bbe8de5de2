"""The server under load: simulated clients over WebSockets on loopback playing mythic-wars.

A real ``theomachy serve`` process runs over a fresh SQLite file. The load generator (one or a
few client processes, asyncio and the ``websockets`` library) keeps ``--clients`` people seated
at mythic-wars tables, ``--players`` to a table and no bots: each table is created through
``POST /api/tables``, each seat opens ``/api/tables/{id}/ws?token=...``, and whenever the pushed
view says it is that seat's turn it sends a legal action picked with a seeded ``random.Random``
together with the ``seq`` it saw. An action is acknowledged by the first view whose ``seq`` is
greater than the one sent (the server pushes views only after the log entries are committed),
and its latency is the time from the send to that view. When a table finishes, its seats move
to a new table, so the load stays at ``--clients`` until the time is up.

Then nothing may have been lost: every table's log (``GET /api/tables/{id}/log``, as spectator
and as each seat) must be exactly as long as the highest ``seq`` its clients saw, and hold every
acknowledged action at the position it was sent; the server is killed with SIGKILL, started
again over the same database, and every log must come back identical. For context, an anchor is
measured in the same run, in this process and without network or database: the engine replays
the same logs doing the in-memory work the server does for each action (clone, apply, resolve
chance, render each seat's view as JSON), so the server's rate is also given as a ratio to it.

Usage: ``python bench/server_load.py --clients 100 --seconds 60 [--players 2]``.
``bench/run.py`` imports :func:`measure` and :func:`section`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

import theomachy

GAME = "mythic-wars"

ACK_TIMEOUT = 30.0
"""Seconds a client waits for the view that acknowledges its action before calling it lost."""

HTTP_RATE = 80.0
"""Requests a second the load generator allows itself in all (the server's per-address HTTP
limit is 100/s with a burst of 200, and every simulated client shares the loopback address)."""

RETRY_AFTER_429 = 0.1
"""Seconds a client waits before playing again after its action was refused with a 429."""

ANCHOR_ROUNDS = 3
"""Times the anchor replays the logs; the report gives the median rate."""

SERVER_START_TIMEOUT = 60.0

STDERR_MARKERS = ("Traceback", "ERROR", "Exception", "exception")
"""Lines of the server's stderr that mean something went wrong."""


# --- the server process ----------------------------------------------------------------------


def free_port() -> int:
    """A loopback port nothing listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Server:
    """``theomachy serve`` in a child process over a SQLite file; stderr goes to a file (a pipe
    nobody reads could fill up and block the server)."""

    def __init__(self, db_path: Path, stderr_path: Path) -> None:
        self.db_url = f"sqlite:///{db_path}"
        self.stderr_path = stderr_path
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        """Start it and wait until ``GET /api/games`` answers."""
        command = [sys.executable, "-m", "theomachy", "serve", "--port", str(self.port)]
        command += ["--db", self.db_url]
        with self.stderr_path.open("ab") as stderr:
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=stderr)
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited at start:\n{self.stderr_path.read_text()}")
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(f"{self.url}/api/games", timeout=1.0).status_code == 200:
                    return self
            time.sleep(0.1)
        self.kill()
        raise RuntimeError("server did not answer in time")

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def cpu_seconds(self) -> tuple[float, float]:
        """User + system CPU time of the server so far: (its main thread, which runs the event
        loop; its other threads: the database writer and any worker)."""
        loop = other = 0.0
        for task in Path(f"/proc/{self.pid}/task").iterdir():
            with contextlib.suppress(OSError):  # a thread may end meanwhile
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
                seconds = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
                if task.name == str(self.pid):
                    loop += seconds
                else:
                    other += seconds
        return loop, other

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None


def machine_busy_seconds() -> float:
    """CPU seconds every process on the machine has used since boot (all cores)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


# --- the simulated clients (run in worker processes) -----------------------------------------


@dataclass
class TableRecord:
    """What the clients of one table saw: enough to check the server's log afterwards."""

    table_id: str
    seed: int
    tokens: dict[int, str]
    # Per seat: (seq sent with the action, action) for every acknowledged action.
    acked: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    max_seq: int = 0
    finished: bool = False


@dataclass
class ClientJob:
    """One client process's share of the load."""

    url: str
    slots: list[int]
    players: int
    start_at: float  # time.time() at which everyone starts
    seconds: float
    seed: int
    http_rate: float


@dataclass
class ClientReport:
    """What one client process measured."""

    latencies: list[float] = field(default_factory=list)  # seconds, every acknowledged action
    latency_seq: list[int] = field(default_factory=list)  # the seq each of those was sent at
    acked_in_window: int = 0
    acked_total: int = 0
    sent: int = 0
    per_second: list[int] = field(default_factory=list)  # acknowledgements per second of the run
    errors: Counter[str] = field(default_factory=Counter)
    tables: list[TableRecord] = field(default_factory=list)
    views: int = 0
    view_bytes: int = 0
    cpu_seconds: float = 0.0


class Pacer:
    """Spaces a process's HTTP requests ``1 / rate`` seconds apart."""

    def __init__(self, rate: float) -> None:
        self.interval = 1.0 / rate
        self.next = 0.0
        self.lock = asyncio.Lock()

    async def wait(self) -> None:
        async with self.lock:
            moment = time.monotonic()
            if moment < self.next:
                await asyncio.sleep(self.next - moment)
            self.next = max(moment, self.next) + self.interval


class Load:
    """The clients of one process: ``len(job.slots)`` tables at a time, each fully seated."""

    def __init__(self, job: ClientJob, report: ClientReport) -> None:
        self.job = job
        self.report = report
        self.deadline = job.start_at + job.seconds
        self.pacer = Pacer(job.http_rate)
        self.report.per_second = [0] * (math.ceil(job.seconds) + 1)

    def over(self) -> bool:
        return time.time() >= self.deadline

    async def run(self) -> None:
        await asyncio.sleep(max(0.0, self.job.start_at - time.time()))
        async with httpx.AsyncClient(base_url=self.job.url, timeout=30.0) as http:
            await asyncio.gather(*(self.slot(http, slot) for slot in self.job.slots))

    async def slot(self, http: httpx.AsyncClient, slot: int) -> None:
        """Seat a table, play it to the end (or until the time is up), then the next one."""
        number = 0
        while not self.over():
            seed = random.Random(f"{self.job.seed}:table:{slot}:{number}").getrandbits(62)
            record = await self.create(http, seed)
            if record is None:
                await asyncio.sleep(0.5)
                continue
            self.report.tables.append(record)
            await asyncio.gather(
                *(
                    self.seat(record, seat, random.Random(f"{seed}:seat:{seat}"))
                    for seat in range(self.job.players)
                )
            )
            number += 1

    async def create(self, http: httpx.AsyncClient, seed: int) -> TableRecord | None:
        body = {"game": GAME, "players": self.job.players, "seed": seed}
        await self.pacer.wait()
        try:
            response = await http.post("/api/tables", json=body)
        except httpx.HTTPError as error:
            self.report.errors[f"create table: {type(error).__name__}"] += 1
            return None
        if response.status_code != 200:
            self.report.errors[f"create table: HTTP {response.status_code}"] += 1
            return None
        answer = response.json()
        tokens = {int(s["seat"]): str(s["token"]) for s in answer["seats"]}
        if sorted(tokens) != list(range(self.job.players)):
            self.report.errors["create table: not every seat has a token"] += 1
        return TableRecord(answer["table_id"], seed, tokens)

    async def seat(self, record: TableRecord, seat: int, rng: random.Random) -> None:
        """One client: play ``seat`` of the table whenever the pushed view says it is its turn."""
        report = self.report
        acked = record.acked.setdefault(seat, [])
        ws_url = self.job.url.replace("http://", "ws://", 1)
        ws_url += f"/api/tables/{record.table_id}/ws?token={record.tokens[seat]}"
        pending: tuple[int, str, float] | None = None  # (seq sent, action, perf_counter at send)
        acted_at = -1  # the seq of the last action sent: never two actions for one view
        last: dict[str, Any] | None = None  # the latest view

        async def act() -> None:
            nonlocal pending, acted_at
            if last is None or pending is not None or self.over():
                return
            seq, view = int(last["seq"]), last["view"]
            if view["current_player"] != seat or not view["legal_actions"] or seq == acted_at:
                return
            action = rng.choice(view["legal_actions"])
            sent = time.perf_counter()
            await ws.send(json.dumps({"action": action, "seq": seq}))
            pending, acted_at = (seq, action, sent), seq
            report.sent += 1

        try:
            async with connect(ws_url, max_size=None, compression=None) as ws:
                while True:
                    if pending is not None:  # wait for the acknowledgement
                        timeout = ACK_TIMEOUT - (time.perf_counter() - pending[2])
                    elif last is None:  # wait for the first view, even after the time is up
                        timeout = ACK_TIMEOUT
                    elif self.over():
                        return
                    else:  # wait for the other seats until the time is up
                        timeout = self.deadline - time.time()
                    try:
                        text = await asyncio.wait_for(ws.recv(), max(timeout, 0.0))
                    except TimeoutError:
                        if pending is not None:
                            report.errors["action never acknowledged (timeout)"] += 1
                            pending = None
                        elif last is None:
                            report.errors["no view after connecting (timeout)"] += 1
                            return
                        continue
                    received = time.perf_counter()
                    report.views += 1
                    report.view_bytes += len(text)
                    message = json.loads(text)
                    if message.get("type") == "error":
                        status = message.get("status")
                        report.errors[f"WebSocket error {status}"] += 1
                        if pending is not None:
                            # Refused, so nothing was applied; after a 429 wait for the
                            # connection's bucket to refill and play the view again.
                            pending, acted_at = None, -1
                            if status == 429:
                                await asyncio.sleep(RETRY_AFTER_429)
                                await act()
                        continue
                    if message.get("type") != "view":
                        report.errors[f"unexpected message {message.get('type')!r}"] += 1
                        continue
                    seq = int(message["seq"])
                    record.max_seq = max(record.max_seq, seq)
                    last = message
                    if pending is not None and seq > pending[0]:
                        self.acknowledge(acked, pending, received)
                        pending = None
                    if message["status"] == "finished":
                        record.finished = True
                        return
                    await act()
        except ConnectionClosed as closed:
            report.errors[f"connection closed ({closed.rcvd.code if closed.rcvd else 'no'})"] += 1
        except (InvalidStatus, InvalidHandshake, OSError) as error:
            report.errors[f"connect failed: {type(error).__name__}"] += 1

    def acknowledge(
        self, acked: list[tuple[int, str]], pending: tuple[int, str, float], at: float
    ) -> None:
        report = self.report
        sent_seq, action, sent = pending
        acked.append((sent_seq, action))
        report.latencies.append(at - sent)
        report.latency_seq.append(sent_seq)
        report.acked_total += 1
        moment = time.time()
        if moment <= self.deadline:
            report.acked_in_window += 1
            second = int(moment - self.job.start_at)
            if 0 <= second < len(report.per_second):
                report.per_second[second] += 1


def run_clients(job: ClientJob) -> ClientReport:
    """A client process: play until the time is up, then report (picklable)."""
    report = ClientReport()
    cpu = time.process_time()
    asyncio.run(Load(job, report).run())
    report.cpu_seconds = time.process_time() - cpu
    return report


# --- checking that nothing was lost ----------------------------------------------------------


class Checker:
    """Reads every table's log over HTTP, paced under the server's per-address limit."""

    def __init__(self, url: str) -> None:
        self.http = httpx.Client(base_url=url, timeout=60.0)
        self.interval = 1.0 / HTTP_RATE
        self.next = 0.0
        self.requests = 0

    def close(self) -> None:
        self.http.close()

    def log(self, table_id: str, token: str | None) -> list[str] | str:
        """The log as the spectator (no token) or a seat sees it; a string describes a failure."""
        moment = time.monotonic()
        if moment < self.next:
            time.sleep(self.next - moment)
        self.next = max(moment, self.next) + self.interval
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.requests += 1
        try:
            response = self.http.get(f"/api/tables/{table_id}/log", headers=headers)
        except httpx.HTTPError as error:
            return f"{type(error).__name__}"
        if response.status_code != 200:
            return f"HTTP {response.status_code}"
        return [str(entry) for entry in response.json()["log"]]

    def logs(self, tables: list[TableRecord]) -> dict[tuple[str, int | None], list[str] | str]:
        """Every table's log as spectator and as each seat."""
        found: dict[tuple[str, int | None], list[str] | str] = {}
        for record in tables:
            found[record.table_id, None] = self.log(record.table_id, None)
            for seat, token in sorted(record.tokens.items()):
                found[record.table_id, seat] = self.log(record.table_id, token)
        return found


def check_logs(
    tables: list[TableRecord],
    logs: dict[tuple[str, int | None], list[str] | str],
    examples: list[str],
) -> Counter[str]:
    """Problems found comparing the logs with what the clients saw acknowledged (a line for
    each goes to ``examples``)."""
    problems: Counter[str] = Counter()
    for record in tables:
        public = logs[record.table_id, None]
        if isinstance(public, str):
            problems[f"log unreadable: {public}"] += 1
            continue
        if len(public) != record.max_seq:
            problems["log length differs from the highest seq the clients saw"] += 1
            examples.append(
                f"{record.table_id}: log {len(public)}, clients saw {record.max_seq}"
                f"{' (finished)' if record.finished else ''}"
            )
        for seat, token_log in ((s, logs[record.table_id, s]) for s in record.tokens):
            if isinstance(token_log, str):
                problems[f"seat log unreadable: {token_log}"] += 1
                continue
            if len(token_log) != len(public):
                problems["a seat's log has another length than the spectator's"] += 1
            for seq, action in record.acked.get(seat, []):
                if seq >= len(token_log) or token_log[seq] != action:
                    problems["acknowledged action not in the log where it was sent"] += 1
                    examples.append(f"{record.table_id} seat {seat}: {action!r} at {seq}")
    return problems


# --- the anchor: the server's in-memory work, in this process ---------------------------------


def server_work(game: Any, logs: list[tuple[str, ...]]) -> int:
    """Replay ``logs`` doing the server's in-memory work per seat action; return the actions."""
    chance, players, seat_actions = theomachy.CHANCE, game.players, 0
    for actions in logs:
        state = game.new_game()
        index = 0
        while index < len(actions) and state.current_player == chance:  # resolved at creation
            state.apply(actions[index])
            index += 1
        while index < len(actions):
            new = state.clone()
            new.apply(actions[index], new.current_player)
            index += 1
            seat_actions += 1
            while index < len(actions) and new.current_player == chance:
                new.apply(actions[index])
                index += 1
            for seat in range(players):
                json.dumps(new.view(seat), separators=(",", ":"))
            state = new
    return seat_actions


def engine_only(game: Any, logs: list[tuple[str, ...]]) -> int:
    """Replay ``logs`` with the engine alone; return the entries applied."""
    entries = 0
    for actions in logs:
        state = game.new_game()
        for action in actions:
            state.apply(action)
        entries += len(actions)
    return entries


def anchor(db_url: str, table_ids: list[str], players: int) -> tuple[float, float, int, int]:
    """Replay every stored log doing what the server does in memory per seat action (clone,
    apply, resolve the chance outcomes that follow, render each seat's view as JSON), and with
    the engine alone; each ``ANCHOR_ROUNDS`` times, keeping the median rate. Returns (seat
    actions/s, engine-only log entries/s, seat actions, entries)."""
    from theomachy.server.storage import Store

    store = Store(db_url)
    try:
        logs = [record.actions for t in table_ids if (record := store.load(t)) is not None]
    finally:
        store.close()
    game = theomachy.load(GAME, players=players)
    rates: dict[str, list[float]] = {"work": [], "engine": []}
    counts = {"work": 0, "engine": 0}
    for _ in range(ANCHOR_ROUNDS):
        for name, replay in (("work", server_work), ("engine", engine_only)):
            start = time.perf_counter()
            counts[name] = replay(game, logs)
            rates[name].append(counts[name] / (time.perf_counter() - start))
    work, engine = statistics.median(rates["work"]), statistics.median(rates["engine"])
    return work, engine, counts["work"], counts["engine"]


# --- the measurement ----------------------------------------------------------------------------


def percentile(ordered: list[float], q: float) -> float:
    """Nearest-rank percentile of sorted values."""
    if not ordered:
        return math.nan
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def stderr_problems(path: Path) -> list[str]:
    """The lines of a server's stderr that say something went wrong."""
    if not path.exists():
        return []
    lines = path.read_text(errors="replace").splitlines()
    return [line for line in lines if any(marker in line for marker in STDERR_MARKERS)]


def measure(
    clients: int = 100,
    seconds: float = 60.0,
    players: int = 2,
    seed: int = 0,
    processes: int = 2,
    log: Any = None,
) -> dict[str, Any]:
    """Run the load and the checks; return the figures (see :func:`section`)."""
    say = log or (lambda message: print(message, file=sys.stderr, flush=True))
    if clients % players:
        raise ValueError(f"--clients {clients} is not a multiple of --players {players}")
    slots = list(range(clients // players))
    processes = max(1, min(processes, len(slots)))
    figures: dict[str, Any] = {
        "clients": clients,
        "players": players,
        "seconds": seconds,
        "seed": seed,
        "processes": processes,
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "cpu": f"{cpu_model()} ({os.cpu_count()} cores)",
        "python": f"{platform.python_version()} ({platform.python_implementation()})",
    }
    with tempfile.TemporaryDirectory(prefix="theomachy-load-") as folder:
        db_path = Path(folder) / "load.sqlite3"
        server = Server(db_path, Path(folder) / "server.stderr").start()
        say(f"server {server.url} (pid {server.pid}); {clients} clients for {seconds:g} s")
        start_at = time.time() + 2.0 + 0.5 * processes
        jobs = [
            ClientJob(
                server.url,
                slots[i::processes],
                players,
                start_at,
                seconds,
                seed,
                HTTP_RATE / processes,
            )
            for i in range(processes)
        ]
        context = multiprocessing.get_context("spawn")
        try:
            with context.Pool(processes) as pool:
                pending = pool.map_async(run_clients, jobs)
                time.sleep(max(0.0, start_at - time.time()))
                loop_before, other_before = server.cpu_seconds()
                busy_before = machine_busy_seconds()
                time.sleep(max(0.0, start_at + seconds - time.time()))
                loop_after, other_after = server.cpu_seconds()
                busy = machine_busy_seconds() - busy_before
                reports: list[ClientReport] = pending.get(timeout=seconds + 4 * ACK_TIMEOUT)
            figures["server_cpu_loop"] = (loop_after - loop_before) / seconds
            figures["server_cpu_other"] = (other_after - other_before) / seconds
            figures["server_cpu"] = figures["server_cpu_loop"] + figures["server_cpu_other"]
            figures["machine_cpu"] = busy / seconds
            tables = [t for r in reports for t in r.tables]
            say(f"{len(tables)} tables played; checking their logs")
            checker = Checker(server.url)
            before = checker.logs(tables)
            checker.close()
            examples: list[str] = []
            problems = check_logs(tables, before, examples)
            server.kill()
            say("server killed (SIGKILL); restarting over the same database")
            restarted = Server(db_path, Path(folder) / "restarted.stderr").start()
            checker = Checker(restarted.url)
            after = checker.logs(tables)
            checker.close()
            restarted.kill()
            changed = sum(1 for k, v in before.items() if after.get(k) != v)
            if changed:
                problems["log changed across the kill -9 and restart"] += changed
            for line in examples[:20]:
                say(f"problem: {line}")
            figures["log_reads"] = 2 * len(before)
            figures["stderr"] = stderr_problems(server.stderr_path) + stderr_problems(
                restarted.stderr_path
            )
        finally:
            server.kill()
        say("anchor: the same logs replayed in this process")
        rate, engine_rate, anchor_actions, anchor_entries = anchor(
            server.db_url, [t.table_id for t in tables], players
        )
    latencies = sorted(x for r in reports for x in r.latencies)
    per_second = [sum(r.per_second[i] for r in reports) for i in range(int(seconds))]
    acked = sum(r.acked_in_window for r in reports)
    errors: Counter[str] = Counter()
    for r in reports:
        errors.update(r.errors)
    bands = ("seq < 250", "250 ≤ seq < 1000", "seq ≥ 1000")
    by_length: dict[str, list[float]] = {band: [] for band in bands}
    for r in reports:
        for latency, seq in zip(r.latencies, r.latency_seq, strict=True):
            by_length[bands[0] if seq < 250 else bands[1] if seq < 1000 else bands[2]].append(
                latency
            )
    figures.update(
        {
            "tables": len(tables),
            "tables_finished": sum(t.finished for t in tables),
            "sent": sum(r.sent for r in reports),
            "acked_total": sum(r.acked_total for r in reports),
            "acked_in_window": acked,
            "actions_per_s": acked / seconds,
            "per_second": per_second,
            "log_entries": sum(t.max_seq for t in tables),
            "latency_ms": {
                "p50": 1000 * percentile(latencies, 0.50),
                "p90": 1000 * percentile(latencies, 0.90),
                "p99": 1000 * percentile(latencies, 0.99),
                "max": 1000 * (latencies[-1] if latencies else math.nan),
                "mean": 1000 * (statistics.fmean(latencies) if latencies else math.nan),
            },
            "latency_by_length": {
                band: (
                    len(v),
                    1000 * percentile(sorted(v), 0.5),
                    1000 * percentile(sorted(v), 0.99),
                )
                for band, v in by_length.items()
                if v
            },
            "views": sum(r.views for r in reports),
            "view_bytes": sum(r.view_bytes for r in reports),
            "client_cpu": sum(r.cpu_seconds for r in reports) / seconds,
            "others_cpu": max(
                0.0,
                figures["machine_cpu"]
                - figures["server_cpu"]
                - sum(r.cpu_seconds for r in reports) / seconds,
            ),
            "errors": dict(errors),
            "problems": dict(problems),
            "acked_checked": sum(len(a) for t in tables for a in t.acked.values()),
            "anchor_actions_per_s": rate,
            "anchor_engine_entries_per_s": engine_rate,
            "anchor_actions": anchor_actions,
            "anchor_entries": anchor_entries,
        }
    )
    return figures


def cpu_model() -> str:
    """The CPU model name from /proc/cpuinfo, or whatever platform knows."""
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or "unknown"


# --- the report ----------------------------------------------------------------------------------


def section(f: dict[str, Any]) -> list[str]:
    """The markdown section "Server under load" for ``figures`` from :func:`measure`."""
    lat = f["latency_ms"]
    rates = f["per_second"]
    ratio = f["actions_per_s"] / f["anchor_actions_per_s"] if f["anchor_actions_per_s"] else 0.0
    cpu_per_action = 1000 * f["server_cpu"] / f["actions_per_s"] if f["actions_per_s"] else 0.0
    errors = ", ".join(f"{kind}: {n:,}" for kind, n in sorted(f["errors"].items())) or "none"
    problems = ", ".join(f"{kind}: {n:,}" for kind, n in sorted(f["problems"].items()))
    lost = (
        f"**nothing lost**: all {f['tables']:,} logs read back as spectator and as every seat "
        f"({f['log_reads']:,} reads) were as long as the highest `seq` their clients saw and "
        f"held each of the {f['acked_checked']:,} acknowledged actions at the position it was "
        "sent; after `kill -9` and a restart over the same database every log was identical."
        if not f["problems"]
        else f"**PROBLEMS**: {problems}."
    )
    stderr = (
        "The server wrote no error or traceback to its stderr."
        if not f["stderr"]
        else f"The server's stderr had {len(f['stderr'])} error line(s), first: "
        f"`{f['stderr'][0][:200]}`."
    )
    lines = [
        "## Server under load",
        "",
        f"Measured {f['date']} on {f['cpu']}, Python {f['python']}. `theomachy serve` (uvicorn, "
        f"one process) over a fresh SQLite file, and {f['clients']} simulated clients in "
        f"{f['processes']} client process{'es' if f['processes'] != 1 else ''} "
        "(asyncio, `websockets`), all on this machine over loopback: **the server and the "
        "clients share the same 2 cores**, so the figures are a lower bound for a server with "
        f"a machine to itself. {f['clients'] // f['players']} {GAME} tables of "
        f"{f['players']} people (no bots) are kept full for {f['seconds']:g} s: each table is "
        "created with `POST /api/tables`, each seat connects to `/api/tables/{id}/ws` with "
        "its token and, whenever the pushed view says it is its turn, sends "
        '`{"action": a, "seq": seq}` with a legal action picked by a seeded `random.Random`; '
        "when a table finishes its seats move to a new one. An action is acknowledged by the "
        "first view with a greater `seq` (pushed after the entries are committed); latency is "
        "from the send to that view. The anchor replays the same logs in one process with "
        "no network or database, doing the in-memory work the server does per action (clone, "
        "apply, resolve chance, render each seat's view as JSON), median of "
        f"{ANCHOR_ROUNDS} passes; the ratio divides the server's rate by it, both measured in "
        "this run. Run it alone with "
        f"`python bench/server_load.py --clients {f['clients']} --seconds {f['seconds']:g}`.",
        "",
        "| figure | value |",
        "|---|---:|",
        f"| actions acknowledged / s | {f['actions_per_s']:,.0f} |",
        f"| per-second rate: min – median – max | {min(rates, default=0):,} – "
        f"{statistics.median(rates) if rates else 0:,.0f} – {max(rates, default=0):,} |",
        f"| latency p50 / p90 / p99 | {lat['p50']:.1f} / {lat['p90']:.1f} / {lat['p99']:.1f} ms |",
        f"| latency max (mean) | {lat['max']:.0f} ms ({lat['mean']:.1f} ms) |",
        f"| actions sent / acknowledged (whole run) | {f['sent']:,} / {f['acked_total']:,} |",
        f"| log entries (chance outcomes included) | {f['log_entries']:,} |",
        f"| tables played (finished) | {f['tables']:,} ({f['tables_finished']:,}) |",
        f"| views received (mean size) | {f['views']:,} "
        f"({f['view_bytes'] / max(1, f['views']) / 1024:,.1f} KiB) |",
        "| CPU, share of one core: server (event loop thread + other threads: the database "
        "writer) / all clients "
        f"| {f['server_cpu']:.0%} ({f['server_cpu_loop']:.0%} + {f['server_cpu_other']:.0%}) "
        f"/ {f['client_cpu']:.0%} |",
        f"| CPU used meanwhile by everything else on the machine (noise) | "
        f"{f['others_cpu']:.0%} of a core |",
        f"| server CPU per acknowledged action | {cpu_per_action:.2f} ms |",
        f"| anchor: in-memory server work, one process | {f['anchor_actions_per_s']:,.0f} "
        "actions/s |",
        f"| **ratio: server / anchor** | **{ratio:.3f}** |",
        f"| engine alone (replay, no views) | {f['anchor_engine_entries_per_s']:,.0f} entries/s |",
        f"| errors | {errors} |",
        "",
        "Latency by the log length the action was sent at (every view carries the whole "
        "log, so views grow with the game):",
        "",
        "| log length | actions | p50 | p99 |",
        "|---|---:|---:|---:|",
    ]
    for band, (count, p50, p99) in f["latency_by_length"].items():
        lines.append(f"| {band} | {count:,} | {p50:.1f} ms | {p99:.1f} ms |")
    lines += ["", lost, stderr]
    return lines


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=100, help="simulated people in all")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the load lasts")
    parser.add_argument("--players", type=int, default=2, help="seats per table")
    parser.add_argument("--seed", type=int, default=0, help="seed of tables and choices")
    parser.add_argument("--processes", type=int, default=2, help="client processes")
    parser.add_argument("--json", type=Path, help="also write the figures here as JSON")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    figures = measure(args.clients, args.seconds, args.players, args.seed, args.processes)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2), encoding="utf-8")
    print("\n".join(section(figures)))
    return 0 if not figures["problems"] and not figures["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
