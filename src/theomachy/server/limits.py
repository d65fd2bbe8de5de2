"""ASGI middleware at the edge: request body size and per-client request rate."""

from __future__ import annotations

import json
from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from theomachy.server.ratelimit import ClientLimits


async def send_error(send: Send, status: int, message: str) -> None:
    """Answer with ``{"error": message}`` and ``status``."""
    body = json.dumps({"error": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyTooLarge(HTTPException):
    """Raised inside ``receive`` when a streamed body passes the limit (an HTTPException, so
    FastAPI's body parsing lets it through as a 413 instead of calling it malformed)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request body over {limit} bytes")


class BodyLimit:
    """413 for a body over ``limit`` bytes, whether it announces its length or streams."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await send_error(send, 400, "bad Content-Length header")
                    return
                if declared > self.limit:
                    await send_error(send, 413, f"request body over {self.limit} bytes")
                    return
        received = 0
        started = False

        async def limited_receive() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await send_error(send, 413, f"request body over {self.limit} bytes")


class HttpRateLimit:
    """429 for an API client (by address) sending faster than ``rate`` requests a second
    beyond a burst of ``burst``."""

    def __init__(self, app: ASGIApp, rate: float, burst: float) -> None:
        self.app = app
        self.limits = ClientLimits(rate, burst)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":  # every path: static files and catalogs cost too
            client: Any = scope.get("client") or ("unknown", 0)
            if not self.limits.allow(str(client[0])):
                await send_error(send, 429, "too many requests: slow down")
                return
        await self.app(scope, receive, send)
