"""What the server pushes to a table's connections: a whole view once, then deltas.

A connection first gets its seat's whole payload (``type: view``). After that each change
sends a ``delta``: the view without its log, plus the log entries that differ from what this
connection last received (``log_from``: the first position that changed, ``log``: the entries
from there on), and likewise the story, the log in words (``story_from``, ``story``). Logs are
compared, not assumed to grow, because a game may unmask an earlier entry when a secret is
revealed. So a push stays small however long the game runs.

Presence (who is connected) is its own small message, so a connect or a close never re-sends
anyone's view.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


class Outbox:
    """Messages waiting for one connection. A pending view is rendered when it is sent, for
    the state of that moment: a slow connection skips the states it was too slow for, and
    the server never queues views without bound."""

    def __init__(self) -> None:
        self._messages: deque[str] = deque(maxlen=64)
        self._view: Callable[[], str | None] | None = None
        self._ready = asyncio.Event()
        self.closed = False

    def put_view(self, render: Callable[[], str | None]) -> None:
        """Queue the view, rendered at send time (replaces a view not yet sent)."""
        self._view = render
        self._ready.set()

    def put(self, text: str) -> None:
        """Queue another message (a reply, a presence change)."""
        self._messages.append(text)
        self._ready.set()

    def close(self) -> None:
        """No more messages: the connection is to be closed."""
        self.closed = True
        self._ready.set()

    async def get(self) -> str | None:
        """The next message to send (replies first, then the latest view); None once closed
        and every queued message is sent."""
        while True:
            if self._messages:
                return self._messages.popleft()
            if self.closed:
                return None
            if self._view is not None:
                render, self._view = self._view, None
                text = render()
                if text is not None:
                    return text
                continue
            self._ready.clear()
            await self._ready.wait()


@dataclass(eq=False)
class Subscriber:
    """A connection watching a table as one seat (or as a spectator)."""

    seat: int | None
    # The credential's hash the connection authenticated with: a re-invite revokes it.
    token_hash: str | None = None
    outbox: Outbox = field(default_factory=Outbox)
    # The rendering this connection last received (None: it has had no view yet).
    sent: Rendering | None = None


SET_UP = frozenset({"type", "table_id", "game", "players", "options", "open", "seat", "seed"})
"""Payload fields fixed for a connection's life: a delta leaves them out."""


class Rendering:
    """One seat's payload at one log length: the parts of a delta, and the whole text (made
    only when asked for: after a connection's first view, changes go out as deltas)."""

    __slots__ = ("_full", "delta_head", "length", "log", "payload", "story")

    def __init__(self, payload: dict[str, Any]) -> None:
        self.payload = payload
        self.length: int = payload["seq"]
        view = dict(payload["view"])
        raw_log = view.pop("log", None)
        self.log: list[str] = [str(entry) for entry in raw_log] if isinstance(raw_log, list) else []
        # Each line of the story as JSON, compared as text (lines are small and few change).
        self.story: list[str] = [
            json.dumps(line, separators=(",", ":")) for line in payload.get("story") or ()
        ]
        # Everything that may change (the set-up does not): the log and story go as tails.
        head = {k: v for k, v in payload.items() if k not in SET_UP and k != "story"}
        head["view"] = view
        # The delta's fields but the log and the story, as JSON object members without braces.
        self.delta_head = json.dumps(head, separators=(",", ":"))[1:-1]
        self._full: str | None = None

    @property
    def full(self) -> str:
        """The whole payload as JSON."""
        if self._full is None:
            self._full = json.dumps(self.payload, separators=(",", ":"))
        return self._full


def common_prefix(old: Sequence[str], new: Sequence[str]) -> int:
    """How many leading entries two logs share."""
    limit = min(len(old), len(new))
    if limit and old[limit - 1] == new[limit - 1] and old[:limit] == new[:limit]:
        return limit
    index = 0
    while index < limit and old[index] == new[index]:
        index += 1
    return index


def delta_text(rendering: Rendering, sent: Rendering) -> str:
    """The delta that brings a connection that received ``sent`` to ``rendering``."""
    start = common_prefix(sent.log, rendering.log)
    tail = json.dumps(rendering.log[start:], separators=(",", ":"))
    told = common_prefix(sent.story, rendering.story)
    lines = ",".join(rendering.story[told:])
    return (
        f'{{"type":"delta",{rendering.delta_head},"log_from":{start},"log":{tail},'
        f'"story_from":{told},"story":[{lines}]}}'
    )


def presence_text(connected: Sequence[int], spectators: int) -> str:
    """Who is at the table now."""
    return json.dumps(
        {"type": "presence", "connected": sorted(set(connected)), "spectators": spectators},
        separators=(",", ":"),
    )
