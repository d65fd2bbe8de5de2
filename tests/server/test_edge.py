"""The connection edge against real uvicorn servers on loopback: half-open floods, header and
body timeouts, the per-address connection cap (HTTP and WebSocket), the WebSocket connect rate.

Each server runs in its own process (tests/server/edge_server.py) with its own settings; every
client socket binds a source address in 127.0.0.0/8 (Linux routes all of it to lo) so one test
can play several clients.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import pickle
import resource
import select
import selectors
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from theomachy.server.edge import (
    FD_RESERVE,
    ConnectionTracker,
    EdgeHttpProtocol,
    EdgeSettings,
    EdgeWebSocketsProtocol,
    Slot,
    WebSocketConnectLimit,
    connection_cap,
    uvicorn_options,
)

from .live import free_port

HOST = "127.0.0.1"
SCRIPT = Path(__file__).with_name("edge_server.py")
FLOOD = 1500
HALF_OPEN = b"GET /api/games HTTP/1.1\r\nHost: x\r\n"
WS_KEY = "dGhlIHNhbXBsZSBub25jZQ=="

# Each server has the settings its tests are about; a test uses its own source addresses, so
# per-address counts and buckets never mix between tests.
SERVERS: dict[str, dict[str, Any]] = {
    # Timeouts and the WebSocket connect rate; a per-address cap above the flood, so the flood
    # really is held (and must be let go by the header timeout).
    "main": {"max_connections_per_address": 2000, "max_connections": 4000,
             "header_timeout_s": 1.5, "body_timeout_s": 1, "ws_connect_rate": 1,
             "ws_connect_burst": 3},
    # The per-address cap, with nothing timing out during its tests.
    "cap": {"max_connections_per_address": 20, "header_timeout_s": 30, "ws_connect_rate": 1000,
            "ws_connect_burst": 1000},
}  # fmt: skip
HEADER_TIMEOUT = SERVERS["main"]["header_timeout_s"]


def raise_nofile() -> int:
    """Raise this process's soft open-file limit to the hard one; the new soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def connect(source: str, port: int, timeout: float = 5.0) -> socket.socket:
    """A TCP connection to the server from the loopback address ``source``."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    sock.bind((source, 0))
    sock.connect((HOST, port))
    return sock


def read_to_close(sock: socket.socket, timeout: float) -> tuple[bytes, bool]:
    """Everything the server sends until it closes; whether it closed within ``timeout``."""
    deadline = time.monotonic() + timeout
    data = b""
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return data, False
        if not readable(sock, left):
            return data, False
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            return data, True
        if not chunk:
            return data, True
        data += chunk


def is_open(sock: socket.socket) -> bool:
    """Whether the server has neither sent anything on nor closed ``sock`` yet."""
    return not readable(sock, 0.0)


def readable(sock: socket.socket, timeout: float) -> bool:
    """Whether ``sock`` has data or an end to read within ``timeout`` (poll, not select:
    the flood's descriptors go past select's 1024)."""
    poller = select.poll()
    poller.register(sock, select.POLLIN)
    return bool(poller.poll(timeout * 1000))


def parse(raw: bytes) -> tuple[int, dict[str, str], bytes]:
    """Status, headers (lower-case names) and body of one raw HTTP answer."""
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(lines[0].split()[1]), headers, body


def http_get(source: str, port: int, path: str = "/api/games") -> tuple[int, bytes]:
    """One ``GET`` on a new connection from ``source``: status and body."""
    with connect(source, port) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        raw, closed = read_to_close(sock, 5.0)
    assert closed, "the server kept a Connection: close request open"
    status, _, body = parse(raw)
    return status, body


def refused(sock: socket.socket) -> dict[str, Any]:
    """The JSON error of a connection the server refuses at once (503, then closed)."""
    raw, closed = read_to_close(sock, 2.0)
    assert closed, "a connection over the cap was not closed"
    status, headers, body = parse(raw)
    assert status == 503 and headers["content-type"] == "application/json", raw
    return dict(json.loads(body))


def ws_handshake(source: str, port: int, path: str = "/api/tables/nosuchtable/ws") -> bytes:
    """A raw WebSocket opening handshake from ``source``; the answer's head (and body)."""
    with connect(source, port) as sock:
        return ws_open(sock, path, close=True)


def ws_open(sock: socket.socket, path: str, close: bool = False) -> bytes:
    """Send a WebSocket handshake on ``sock`` and read the answer's head (to the close when
    ``close``: a refusal has a body)."""
    sock.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {WS_KEY}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    if close and not data.startswith(b"HTTP/1.1 101"):
        rest, _ = read_to_close(sock, 2.0)
        data += rest
    return data


@dataclass
class Server:
    """One server process."""

    port: int
    process: subprocess.Popen[bytes]
    stderr: Path

    def log(self) -> str:
        return self.stderr.read_text(errors="replace")


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Server]]:
    """The servers, started together (their start-ups overlap)."""
    root = tmp_path_factory.mktemp("edge")
    started: dict[str, Server] = {}
    try:
        for name, edge in SERVERS.items():
            port = free_port()
            spec = {"port": port, "db": str(root / f"{name}.sqlite3"), "edge": edge}
            stderr = root / f"{name}.stderr.log"
            with stderr.open("wb") as err:
                process = subprocess.Popen(
                    [sys.executable, str(SCRIPT), json.dumps(spec)],
                    stdout=subprocess.DEVNULL,
                    stderr=err,
                    env=dict(os.environ),
                )
            started[name] = Server(port, process, stderr)
        deadline = time.monotonic() + 60
        for name, server in started.items():
            while True:
                if server.process.poll() is not None:
                    raise RuntimeError(f"{name} server exited: {server.log()}")
                with contextlib.suppress(OSError):
                    if http_get(HOST, server.port)[0] == 200:
                        break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{name} server did not answer: {server.log()}")
                time.sleep(0.1)
        yield started
    finally:
        for server in started.values():
            if server.process.poll() is None:
                server.process.send_signal(signal.SIGTERM)
        for server in started.values():
            try:
                server.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.process.kill()
                server.process.wait(timeout=10)


def test_a_flood_of_half_open_requests_does_not_stop_other_clients(
    servers: dict[str, Server],
) -> None:
    """1,500 requests from 127.0.0.1 that never finish their headers: another address is
    still served at once, and the server closes every one of them after the header timeout."""
    if raise_nofile() < FLOOD + 200:
        pytest.skip("the open-file limit is too low for the flood")
    server = servers["main"]
    timeout = HEADER_TIMEOUT
    flood: list[socket.socket] = []
    opened: dict[int, float] = {}
    try:
        for _ in range(FLOOD):
            sock = connect("127.0.0.1", server.port)
            sock.sendall(HALF_OPEN)
            flood.append(sock)
            opened[sock.fileno()] = time.monotonic()
        started = time.monotonic()
        status, body = http_get("127.0.0.2", server.port)
        elapsed = time.monotonic() - started
        assert status == 200 and b"games" in body
        assert elapsed < 1.0, f"a normal request took {elapsed:.2f} s during the flood"
        # The flood is held, not refused (a refusal would close at once: the closing times
        # below show none closed before the timeout).

        closed: dict[int, float] = {}
        with selectors.DefaultSelector() as selector:
            for sock in flood:
                sock.setblocking(False)
                selector.register(sock, selectors.EVENT_READ)
            deadline = max(opened.values()) + timeout + 3.0
            while len(closed) < FLOOD and time.monotonic() < deadline:
                for key, _ in selector.select(timeout=0.2):
                    sock = key.fileobj  # type: ignore[assignment]
                    try:
                        data = sock.recv(4096)
                    except ConnectionResetError:
                        data = b""
                    assert data == b"", f"the header timeout sent {data!r}"
                    closed[sock.fileno()] = time.monotonic()
                    selector.unregister(sock)
        assert len(closed) == FLOOD, f"{FLOOD - len(closed)} half-open connections still open"
        soonest = min(closed[fd] - opened[fd] for fd in closed)
        assert soonest >= timeout - 0.1, f"one was closed after {soonest:.2f} s"
        assert http_get("127.0.0.1", server.port)[0] == 200  # the flooding address is not banned
    finally:
        for sock in flood:
            sock.close()


def test_header_timeout(servers: dict[str, Server]) -> None:
    """Headers that are not complete within the timeout close the connection: after it is
    made, and after a response on a keep-alive connection; headers in time are served."""
    server = servers["main"]
    source = "127.0.0.6"
    started: dict[str, float] = {}
    silent = connect(source, server.port)  # sends nothing at all
    started["silent"] = time.monotonic()
    partial = connect(source, server.port)
    partial.sendall(HALF_OPEN)
    started["partial"] = time.monotonic()
    keep_alive = connect(source, server.port)
    keep_alive.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\n\r\n")
    head = b""
    while b"\r\n\r\n" not in head:
        head += keep_alive.recv(65536)
    _, headers, body = parse(head)
    while len(body) < int(headers["content-length"]):
        body += keep_alive.recv(65536)
    started["keep-alive"] = time.monotonic()  # the timer started with the response
    keep_alive.sendall(HALF_OPEN)  # the second request never finishes its headers

    slow = connect(source, server.port)  # headers in two parts, complete within the timeout
    slow.sendall(b"GET /api/games HTTP/1.1\r\n")
    time.sleep(HEADER_TIMEOUT / 3)
    slow.sendall(b"Host: x\r\nConnection: close\r\n\r\n")
    raw, closed = read_to_close(slow, 5.0)
    slow.close()
    assert closed and parse(raw)[0] == 200

    for name, sock in (("silent", silent), ("partial", partial), ("keep-alive", keep_alive)):
        data, closed = read_to_close(sock, HEADER_TIMEOUT + 2.0)
        elapsed = time.monotonic() - started[name]
        sock.close()
        assert closed and data == b"", name
        assert elapsed >= HEADER_TIMEOUT - 0.2, f"{name}: closed after {elapsed:.2f} s"


def test_a_body_that_never_completes_gets_408(servers: dict[str, Server]) -> None:
    """Content-Length 100 and 10 bytes sent: 408 with a JSON error, and the connection closes."""
    server = servers["main"]
    with connect("127.0.0.7", server.port) as sock:
        sock.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n" + b'{"game": "'
        )
        started = time.monotonic()
        raw, closed = read_to_close(sock, 4.0)
        elapsed = time.monotonic() - started
    assert closed, "the connection stayed open after the 408"
    status, headers, body = parse(raw)
    assert status == 408, raw
    assert headers["content-type"] == "application/json"
    assert headers["connection"] == "close"
    assert "did not arrive" in json.loads(body)["error"]
    assert 0.9 <= elapsed <= 2.5, f"408 after {elapsed:.2f} s (body timeout 1 s)"
    # A body that does come in time is read as usual (here: a bad request, not a timeout).
    with connect("127.0.0.7", server.port) as sock:
        sock.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Connection: close\r\nContent-Length: 2\r\n\r\n{"
        )
        time.sleep(0.3)
        sock.sendall(b"}")
        raw, closed = read_to_close(sock, 4.0)
    assert closed and parse(raw)[0] not in (408, 500), raw


def test_per_address_connection_cap(servers: dict[str, Server]) -> None:
    """With a cap of 20, the 21st connection from an address is refused (503 JSON, closed)
    while another address is served; closing connections frees their slots."""
    server = servers["cap"]
    cap = SERVERS["cap"]["max_connections_per_address"]
    held = [connect("127.0.0.3", server.port) for _ in range(cap)]
    try:
        assert "too many open connections" in refused(connect("127.0.0.3", server.port))["error"]
        assert http_get("127.0.0.4", server.port)[0] == 200
        assert all(is_open(sock) for sock in held)

        for sock in held[:5]:
            sock.close()
        del held[:5]
        wait_for_a_slot("127.0.0.3", server.port)
        held += [connect("127.0.0.3", server.port) for _ in range(5)]
        refused(connect("127.0.0.3", server.port))  # exactly the five closed were freed
        assert all(is_open(sock) for sock in held)
    finally:
        for sock in held:
            sock.close()
    wait_for_a_slot("127.0.0.3", server.port)


def test_websockets_hold_and_free_their_slots(servers: dict[str, Server]) -> None:
    """Upgraded connections count against the cap until they close."""
    server = servers["cap"]
    cap = SERVERS["cap"]["max_connections_per_address"]
    sockets: list[socket.socket] = []
    try:
        for _ in range(cap):
            sock = connect("127.0.0.5", server.port)
            sockets.append(sock)
            assert ws_open(sock, "/api/tables/nosuchtable/ws").startswith(b"HTTP/1.1 101")
        refused(connect("127.0.0.5", server.port))
        assert http_get("127.0.0.4", server.port)[0] == 200
    finally:
        for sock in sockets:
            sock.close()
    wait_for_a_slot("127.0.0.5", server.port)
    held = [connect("127.0.0.5", server.port) for _ in range(cap)]
    try:
        refused(connect("127.0.0.5", server.port))  # all 20 WebSocket slots were given back
        assert all(is_open(sock) for sock in held)
    finally:
        for sock in held:
            sock.close()


def wait_for_a_slot(source: str, port: int) -> None:
    """Wait (up to 3 s) until ``source`` is served again: the server sees closes a moment
    after the client makes them."""
    deadline = time.monotonic() + 3.0
    while http_get(source, port)[0] != 200:
        assert time.monotonic() < deadline, f"{source} never got a slot back"
        time.sleep(0.05)


def test_websocket_connect_rate(servers: dict[str, Server]) -> None:
    """A burst of 3 connects, then 429 with a JSON reason; another address is unaffected;
    a second later (1 a second) one more is allowed."""
    server = servers["main"]
    for _ in range(3):
        assert ws_handshake("127.0.0.8", server.port).startswith(b"HTTP/1.1 101")
    answer = ws_handshake("127.0.0.8", server.port)
    status, headers, body = parse(answer)
    assert status == 429, answer
    assert headers["retry-after"] == "1"
    assert "too many WebSocket connects" in json.loads(body)["error"]
    assert ws_handshake("127.0.0.9", server.port).startswith(b"HTTP/1.1 101")
    time.sleep(1.1)
    assert ws_handshake("127.0.0.8", server.port).startswith(b"HTTP/1.1 101")
    # A refusal is no error of the app: uvicorn must not log one for it.
    assert "without completing handshake" not in server.log()


def test_websocket_refusal_without_the_http_response_extension() -> None:
    """A server without ``websocket.http.response`` gets a close before accept (its 403)."""
    sent: list[dict[str, Any]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        raise AssertionError("the refused connect reached the app")

    async def receive() -> dict[str, Any]:
        return {"type": "websocket.connect"}

    async def send(message: Any) -> None:
        sent.append(message)

    limit = WebSocketConnectLimit(app, rate=1.0, burst=1.0)
    limit.limits.allow("127.0.0.1")  # the burst is spent
    scope = {"type": "websocket", "client": ("127.0.0.1", 5000), "path": "/"}
    asyncio.run(limit(scope, receive, send))
    assert [m["type"] for m in sent] == ["websocket.close"] and sent[0]["code"] == 1008


def test_tracker_counts_by_address_and_in_total() -> None:
    tracker = ConnectionTracker(per_address=2, total=3)
    first, second = tracker.acquire("a"), tracker.acquire("a")
    assert isinstance(first, Slot) and isinstance(second, Slot)
    assert "from your address" in str(tracker.acquire("a"))
    third = tracker.acquire("b")
    assert isinstance(third, Slot)
    assert "too many open connections" in str(tracker.acquire("c"))
    first.release()
    first.release()  # a second release gives nothing back twice
    assert tracker.open == 2 and tracker.by_address == {"a": 1, "b": 1}
    assert isinstance(tracker.acquire(None), Slot)  # no peer address: counted in total only
    second.release()
    third.release()
    assert tracker.by_address == {}


def test_connection_cap_stays_below_the_open_file_limit() -> None:
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    assert connection_cap(EdgeSettings(max_connections=10**9)) == soft - FD_RESERVE
    assert connection_cap(EdgeSettings(max_connections=10)) == 10


def test_uvicorn_options_survive_pickling_for_workers() -> None:
    """``workers=N`` pickles the configuration into spawned processes."""
    edge = EdgeSettings(max_connections_per_address=10_000, header_timeout_s=3)
    options = pickle.loads(pickle.dumps(uvicorn_options(edge)))
    assert isinstance(options["http"], EdgeHttpProtocol) and options["http"].edge == edge
    assert options["ws"] is EdgeWebSocketsProtocol
    assert options["limit_concurrency"] is None
