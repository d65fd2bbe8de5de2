"""The connection edge: per-address and total connection caps, header and body read timeouts,
and a WebSocket connect rate limit.

What uvicorn 0.54 (h11, the implementation ``http="auto"`` picks without httptools) does and
does not do on its own:

* It starts no timer when a connection is made: the keep-alive timer is armed only after a
  response (``H11Protocol.on_response_complete``) and cancelled by any byte received
  (``data_received``), so a client that sends part of its headers, or nothing, holds the
  connection and its file descriptor for ever.
* ``RequestResponseCycle.receive`` waits for the next body chunk with no deadline, so a request
  whose body never completes holds its task for ever.
* ``limit_concurrency`` is checked when a request's headers are complete and compares it with
  every open connection (idle and half-open ones included): under a flood of half-open
  connections it answers 503 to everyone else, never refuses the flood itself, and does not
  apply to WebSocket upgrades at all.

What this module adds, and how to wire it in::

    from theomachy.server.edge import EdgeSettings, raise_open_file_limit, uvicorn_options, wrap

    edge = EdgeSettings()
    app = wrap(create_app(settings), edge)      # or app.add_middleware(...) in create_app:
    #   app.add_middleware(BodyReadTimeout, timeout_s=edge.body_timeout_s)
    #   app.add_middleware(WebSocketConnectLimit, rate=edge.ws_connect_rate,
    #                      burst=edge.ws_connect_burst)
    raise_open_file_limit()
    uvicorn.run(app, host=host, port=port, log_level=..., ws_max_size=...,
                **uvicorn_options(edge))

``uvicorn_options`` passes the HTTP protocol as a picklable factory (``EdgeHttpProtocol``) and
the WebSocket protocol as a class importable by path, so it also works with
``uvicorn.run("module:factory", factory=True, workers=N)``; each worker process then counts its
own connections, so one address may hold up to ``N * max_connections_per_address``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import math
import resource
import time
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.utils import get_remote_addr
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState

from theomachy.server.ratelimit import ClientLimits, TokenBucket

logger = logging.getLogger("uvicorn.error")

# File descriptors kept free for everything that is not a client connection (the database,
# bot worker pipes, log files, the listening socket): the connection cap stays below the
# process's open-file limit by this much, so accept() never fails with EMFILE (asyncio then
# stops accepting anyone for a second).
FD_RESERVE = 128


class EdgeSettings(BaseModel):
    """Connection limits and timeouts at the edge of the server.

    ``max_connections_per_address`` (256) counts open HTTP and WebSocket connections by peer
    address. Load tests that open hundreds of WebSockets from one loopback address must raise
    it (benchmarks: e.g. 10_000); behind a reverse proxy every client shares the proxy's address,
    so there it should be ``None`` (no per-address cap) and the proxy should enforce its own.
    """

    model_config = ConfigDict(frozen=True)

    # None: no per-address cap.
    max_connections_per_address: int | None = Field(default=256, ge=1)
    # All client connections of one server process; also kept FD_RESERVE below the process's
    # open-file limit whatever this says.
    max_connections: int = Field(default=4096, ge=1)
    # A connection must send complete request headers within this many seconds of being made,
    # and of its previous response on a keep-alive connection, or it is closed (so an idle
    # keep-alive connection lasts the smaller of this and ``keep_alive_timeout_s``).
    header_timeout_s: float = Field(default=10.0, gt=0)
    # A request body must be complete within this many seconds of the app starting to read it,
    # or the request ends with 408 and the connection closes.
    body_timeout_s: float = Field(default=15.0, gt=0)
    # WebSocket connects per address: ``ws_connect_rate`` a second beyond a burst.
    ws_connect_rate: float = Field(default=5.0, gt=0)
    ws_connect_burst: float = Field(default=20.0, ge=1)
    # Seconds an idle keep-alive connection is kept (uvicorn's ``timeout_keep_alive``).
    keep_alive_timeout_s: int = Field(default=5, ge=1)
    # Largest request line plus headers, in bytes (h11 answers 400 beyond it).
    max_header_bytes: int = Field(default=16 * 1024, ge=1024)
    # Listen backlog: connections the kernel completes before the server accepts them.
    backlog: int = Field(default=2048, ge=1)


def raise_open_file_limit() -> int:
    """Raise this process's soft open-file limit to its hard limit; the new soft limit.

    Each connection is a file descriptor; a default soft limit of 1024 would cap the server
    near a thousand connections whatever ``max_connections`` says.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY or soft == hard:
        return int(soft)
    target = max(soft, 65536) if hard == resource.RLIM_INFINITY else hard
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = target
    except (ValueError, OSError):
        pass  # a container may forbid it: the cap follows whatever limit there is
    return int(soft)


def connection_cap(edge: EdgeSettings) -> int:
    """The total connections one process accepts: ``max_connections``, but at most the
    open-file limit less ``FD_RESERVE``."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return edge.max_connections
    return max(1, min(edge.max_connections, int(soft) - FD_RESERVE))


# --- connection counting -----------------------------------------------------------------------


class Slot:
    """One counted connection; ``release`` gives it back (once, however often it is called)."""

    __slots__ = ("address", "tracker")

    def __init__(self, tracker: ConnectionTracker, address: str | None) -> None:
        self.tracker: ConnectionTracker | None = tracker
        self.address = address

    def release(self) -> None:
        tracker, self.tracker = self.tracker, None
        if tracker is not None:
            tracker.release(self.address)


class ConnectionTracker:
    """Open connections of one server, in total and by peer address (only addresses with an
    open connection are kept, so memory follows the connections)."""

    def __init__(self, per_address: int | None, total: int) -> None:
        self.per_address = per_address
        self.total = total
        self.open = 0
        self.by_address: dict[str, int] = {}
        self.refused = 0
        self._last_report = -math.inf

    def acquire(self, address: str | None) -> Slot | str:
        """A slot for a new connection from ``address`` (None: a Unix socket, no peer
        address, counted in the total only), or why it is refused."""
        if self.open >= self.total:
            return self._refuse("the server has too many open connections")
        if address is not None and self.per_address is not None:
            if self.by_address.get(address, 0) >= self.per_address:
                return self._refuse(
                    f"too many open connections from your address (limit {self.per_address})"
                )
            self.by_address[address] = self.by_address.get(address, 0) + 1
        self.open += 1
        return Slot(self, address)

    def release(self, address: str | None) -> None:
        self.open -= 1
        if address is not None and self.per_address is not None:
            left = self.by_address.get(address, 0) - 1
            if left > 0:
                self.by_address[address] = left
            else:
                self.by_address.pop(address, None)

    def _refuse(self, reason: str) -> str:
        # One warning every 10 s at most (the first at once): a flood must not flood the log.
        self.refused += 1
        moment = time.monotonic()
        if moment - self._last_report >= 10.0:
            logger.warning(
                "refused %d connection(s) since the last report (latest: %s; %d open)",
                self.refused,
                reason,
                self.open,
            )
            self.refused = 0
            self._last_report = moment
        return reason


def tracker_for(server_state: ServerState, edge: EdgeSettings) -> ConnectionTracker:
    """The tracker of one uvicorn server, kept on its ``ServerState`` (one per ``Server``, so
    two servers in one process count apart)."""
    tracker: ConnectionTracker | None = getattr(server_state, "theomachy_edge", None)
    if tracker is None:
        tracker = ConnectionTracker(edge.max_connections_per_address, connection_cap(edge))
        server_state.theomachy_edge = tracker  # type: ignore[attr-defined]
    return tracker


def refusal_bytes(reason: str) -> bytes:
    """A whole 503 answer with a JSON body, written before the refused connection is closed
    (written raw: the connection is closed before any request is parsed)."""
    body = json.dumps({"error": reason}).encode()
    head = (
        "HTTP/1.1 503 Service Unavailable\r\n"
        "content-type: application/json\r\n"
        f"content-length: {len(body)}\r\n"
        "retry-after: 5\r\n"
        "connection: close\r\n\r\n"
    )
    return head.encode() + body


class HoldsSlot(Protocol):
    """A connection protocol that may hold a connection slot."""

    edge_slot: Slot | None


def give_back(connection: HoldsSlot) -> None:
    """Release the connection's slot, if it holds one (at most once)."""
    if connection.edge_slot is not None:
        connection.edge_slot.release()
        connection.edge_slot = None


class EdgeWebSocketsProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (the sans-I/O one, what ``ws="auto"`` picks with websockets
    installed) that gives back the connection slot it took over from the HTTP protocol when
    the connection closes: after an upgrade uvicorn swaps the transport's protocol
    (``transport.set_protocol``), so the HTTP protocol never hears of the close."""

    edge_slot: Slot | None = None
    # A client's pings are answered at once, whatever the socket's back-pressure (uvicorn
    # writes each pong straight to the transport): a client that pings and never reads could
    # pile pongs up in the server's memory without bound. So pings are rate-limited, and a
    # connection whose unread output passes a cap is dropped.
    max_unread_bytes = 1024 * 1024
    ping_rate = 10.0
    ping_burst = 50.0
    _ping_bucket: TokenBucket | None = None

    def handle_ping(self) -> None:
        if self._ping_bucket is None:
            self._ping_bucket = TokenBucket(self.ping_rate, self.ping_burst)
        over_rate = not self._ping_bucket.allow()
        if over_rate or self.transport.get_write_buffer_size() > self.max_unread_bytes:
            self.transport.abort()
            return
        super().handle_ping()

    def connection_lost(self, exc: Exception | None) -> None:
        try:
            super().connection_lost(exc)
        finally:
            give_back(self)


class EdgeH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a connection cap (total and per peer address) and a header
    timeout: a connection that has not sent complete request headers within
    ``header_timeout_s`` of being made, or of its previous response, is closed."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
        *,
        edge: EdgeSettings | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.edge = edge or EdgeSettings()
        self.tracker = tracker_for(server_state, self.edge)
        self.edge_slot: Slot | None = None
        self.refused = False
        self.header_timer: asyncio.TimerHandle | None = None
        # The request cycle current when the header timer was armed: a different one means
        # the next request's headers are complete.
        self.timer_cycle: object = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        peer = get_remote_addr(transport)
        slot = self.tracker.acquire(peer[0] if peer else None)
        if isinstance(slot, str):
            # Refused before uvicorn counts it: answer why and close; nothing else is set up,
            # so connection_lost must not run uvicorn's clean-up either.
            self.refused = True
            self.transport = transport
            transport.write(refusal_bytes(slot))
            transport.close()
            return
        self.edge_slot = slot
        super().connection_made(transport)
        self.arm_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        self.cancel_header_timer()
        if self.refused:
            return
        try:
            super().connection_lost(exc)
        finally:
            give_back(self)

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return
        super().data_received(data)

    def handle_events(self) -> None:
        super().handle_events()
        if self.header_timer is not None and self.cycle is not self.timer_cycle:
            self.cancel_header_timer()  # a new request's headers are complete

    def on_response_complete(self) -> None:
        super().on_response_complete()  # may start a pipelined request already buffered
        if self.transport.is_closing():
            return
        if self.cycle is not None and self.cycle.response_complete:
            # No new request yet: its headers (or the rest of the last body) must come in time.
            self.arm_header_timer()

    def handle_websocket_upgrade(self, event: Any) -> None:
        self.cancel_header_timer()
        super().handle_websocket_upgrade(event)
        # The transport now belongs to the WebSocket protocol: hand it the slot to release.
        slot, self.edge_slot = self.edge_slot, None
        if slot is None:
            return
        websocket = self.transport.get_protocol()
        if isinstance(websocket, EdgeWebSocketsProtocol):
            websocket.edge_slot = slot
        else:
            slot.release()  # another WebSocket class: it would never release it

    def arm_header_timer(self) -> None:
        self.cancel_header_timer()
        self.timer_cycle = self.cycle
        self.header_timer = self.loop.call_later(
            self.edge.header_timeout_s, self.header_timeout_handler
        )

    def cancel_header_timer(self) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None

    def header_timeout_handler(self) -> None:
        """Close a connection whose request headers did not come in time (silently, as nginx
        does: a client this slow, or an attacker, gets no more bytes)."""
        self.header_timer = None
        if self.cycle is self.timer_cycle and not self.transport.is_closing():
            self.transport.close()


class EdgeHttpProtocol:
    """The factory uvicorn calls for each new connection (pass it as ``http=``): an
    ``EdgeH11Protocol`` with these settings. An instance rather than a class so the settings
    travel with it, and picklable, so ``workers=N`` can send it to its worker processes."""

    def __init__(self, edge: EdgeSettings) -> None:
        self.edge = edge

    def __call__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> EdgeH11Protocol:
        return EdgeH11Protocol(config, server_state, app_state, _loop, edge=self.edge)


def uvicorn_options(edge: EdgeSettings) -> dict[str, Any]:
    """Keyword arguments for ``uvicorn.run`` / ``uvicorn.Config`` that put the edge protocols
    in place.

    HTTP is pinned to h11: it is what ``http="auto"`` picks here (httptools is not a
    dependency), and the protocol subclass hooks h11's methods. ``limit_concurrency`` stays
    off: uvicorn counts idle connections into it and answers 503 to every request once a flood
    of half-open connections reaches it; the connection cap refuses the flood instead.
    """
    return {
        "http": EdgeHttpProtocol(edge),
        "ws": EdgeWebSocketsProtocol,
        "timeout_keep_alive": edge.keep_alive_timeout_s,
        "limit_concurrency": None,
        "backlog": edge.backlog,
        "h11_max_incomplete_event_size": edge.max_header_bytes,
    }


# --- ASGI middleware ---------------------------------------------------------------------------


def json_response(status: int, message: str, *extra: tuple[bytes, bytes]) -> list[Message]:
    """The two ASGI messages of a ``{"error": message}`` answer."""
    body = json.dumps({"error": message}).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        *extra,
    ]
    return [
        {"type": "http.response.start", "status": status, "headers": headers},
        {"type": "http.response.body", "body": body},
    ]


class BodyTimedOut(HTTPException):
    """Raised inside ``receive`` when the body is late (an HTTPException, so FastAPI's body
    parsing lets it through and the app's handler answers it as JSON)."""

    def __init__(self, timeout_s: float) -> None:
        super().__init__(408, f"the request body did not arrive within {timeout_s:g} s")


class BodyReadTimeout:
    """408 for a request whose body is not complete within ``timeout_s`` of the app starting
    to read it; the answer says ``connection: close`` so the connection is not reused.

    The clock starts at the app's first ``receive``, not at the request, so an app slow to get
    to the body does not time out a client that sent it at once."""

    def __init__(self, app: ASGIApp, timeout_s: float) -> None:
        self.app = app
        self.timeout_s = timeout_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        deadline: float | None = None
        body_done = False
        timed_out = False
        started = False

        async def timed_receive() -> Message:
            nonlocal deadline, body_done, timed_out
            if body_done:
                # Past the body, receive only waits for a disconnect (streaming responses
                # listen for one): no deadline there.
                return await receive()
            if deadline is None:
                deadline = asyncio.get_running_loop().time() + self.timeout_s
            try:
                # timeout_at with a past deadline still returns a chunk that is already
                # buffered: it cancels only a receive that has to wait.
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                timed_out = True
                raise BodyTimedOut(self.timeout_s) from None
            if message["type"] != "http.request" or not message.get("more_body", False):
                body_done = True
            return message

        async def closing_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                if timed_out:
                    # The rest of the body may still come: the connection cannot be reused.
                    headers = list(message.get("headers", []))
                    if not any(name.lower() == b"connection" for name, _ in headers):
                        headers.append((b"connection", b"close"))
                    message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, timed_receive, closing_send)
        except BodyTimedOut as exc:
            if started:
                raise
            for message in json_response(408, str(exc.detail), (b"connection", b"close")):
                await send(message)


class WebSocketConnectLimit:
    """Per-address token bucket on WebSocket connects: ``rate`` a second beyond a burst of
    ``burst``. Over it the connect is refused before the handshake completes: with a server
    that supports the ``websocket.http.response`` extension (uvicorn's websockets protocols
    do) as HTTP 429 with ``{"error": ...}`` and ``retry-after``; otherwise with a close
    before accept, which the server turns into HTTP 403."""

    def __init__(self, app: ASGIApp, rate: float, burst: float) -> None:
        self.app = app
        self.rate = rate
        self.limits = ClientLimits(rate, burst)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            client: Any = scope.get("client") or ("unknown", 0)
            if not self.limits.allow(str(client[0])):
                await self.refuse(scope, send)
                return
        await self.app(scope, receive, send)

    async def refuse(self, scope: Scope, send: Send) -> None:
        message = "too many WebSocket connects from your address: slow down"
        if "websocket.http.response" not in (scope.get("extensions") or {}):
            await send({"type": "websocket.close", "code": 1008, "reason": message})
            return
        retry = str(max(1, math.ceil(1.0 / self.rate))).encode()
        for part in json_response(429, message, (b"retry-after", retry)):
            await send({**part, "type": "websocket." + part["type"]})
        # uvicorn marks the handshake done only when the transport's close comes back
        # (connection_lost, scheduled by the send above); returning before it runs makes it
        # log "ASGI callable returned without completing handshake" for every refusal.
        await asyncio.sleep(0)


def wrap(app: ASGIApp, edge: EdgeSettings) -> ASGIApp:
    """``app`` behind the body read timeout and the WebSocket connect limit of ``edge``."""
    timed = BodyReadTimeout(app, edge.body_timeout_s)
    return WebSocketConnectLimit(timed, edge.ws_connect_rate, edge.ws_connect_burst)
