"""What an operator may tune: limits, quotas, pools. One model, shared by every module."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from theomachy.server.edge import EdgeSettings


class ServerSettings(BaseModel):
    """The server's settings; the defaults suit a public server on a small machine."""

    db_url: str | None = None
    max_body_bytes: int = 64 * 1024
    # A client answering at once can make ~30 moves a second on loopback; the limit is for abuse.
    ws_rate: float = 60.0
    ws_burst: float = 120.0
    http_rate: float = 100.0
    http_burst: float = 200.0
    # Replays and logs are rate-limited by cost: one token is one log entry replayed (a call
    # replays at most one snapshot interval, so at most ~64 tokens).
    replay_rate: float = 2000.0
    replay_burst: float = 4000.0
    replay_snapshot_every: int = 64
    # The options of a new table, as JSON, at most this long (decks inline included): their
    # validation is bounded work, done off the event loop.
    max_options_bytes: int = 16 * 1024
    bot_workers: int = 2
    bot_light_workers: int = 1
    # "process": bots think in worker processes (real parallelism, the event loop never waits
    # for the interpreter lock); "thread": in threads (cheaper to start; used by tests).
    bot_pool: Literal["process", "thread"] = "process"
    max_bot_think_s: float = 2.0
    max_bot_budget_ms: int = 2000
    max_bot_iterations: int = 20_000
    bot_retries: int = 3
    max_live_tables: int = 512
    # A table's log is bounded: a game whose players never let it end (Arena of the Gods has
    # no round cap by default) stops taking moves here, so loads, views and replays stay
    # bounded. The longest benchmark games are a few thousand entries.
    max_log_entries: int = 20_000
    max_bots_per_table: int = 8
    # Quotas per client address over its tables still playing and active in the last day.
    max_tables_per_client: int = 20
    max_bots_per_client: int = 40
    # How long a process owns the driving of a table's bots and chance before another may
    # take over (only matters with several server processes over one database).
    lease_s: float = 15.0
    sweep_s: float = 5.0
    hello_timeout_s: float = 10.0
    # Connections (seats and spectators) one table takes, in one process.
    max_connections_per_table: int = 256
    # Table chat: a message's length, how many a connection and a whole table may send (a
    # second on average, and in a burst), and how many earlier ones a new connection gets.
    chat_max_chars: int = 300
    chat_rate: float = 0.5
    chat_burst: float = 5.0
    chat_table_rate: float = 2.0
    chat_table_burst: float = 20.0
    chat_history: int = 50
    # Presence changes within this many seconds go out as one message.
    presence_delay_s: float = 0.25
    # Connection caps, read timeouts and the WebSocket connect rate (see ``edge``).
    edge: EdgeSettings = Field(default_factory=EdgeSettings)
