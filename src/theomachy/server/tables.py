"""Live tables: the game states the server holds, and the one path by which they change.

Every change goes the same way, under the table's lock: check the action against the live
state, apply it to a copy, resolve the chance nodes that follow with the table's seeded
generator, commit every new log entry to the database, and only then make the copy the live
state and push each connection its own view. A crash at any point therefore loses nothing that
was acknowledged, and a restarted server rebuilds each table by replaying its log.

Bots think in a thread pool, on a copy of the state, so the event loop keeps serving every other
table while they do. Chance outcomes and bot seeds are derived from the table's seed and the log
length, so a table replays and resumes exactly, whenever the server restarts.
"""

from __future__ import annotations

import asyncio
import json
import logging
import multiprocessing
import random
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from pydantic import BaseModel

from theomachy.agents.specs import build, parse_spec
from theomachy.engine.chance import sample_outcome
from theomachy.engine.core import (
    CHANCE,
    TERMINAL,
    CorruptDocument,
    Game,
    State,
    replay_document,
)
from theomachy.engine.registry import load
from theomachy.engine.simulate import derive_seed
from theomachy.server.auth import hash_token, new_table_id, new_token, seat_of
from theomachy.server.storage import Seat, Store, TableSummary

log = logging.getLogger("theomachy.server")

T = TypeVar("T")

SPECTATOR = None


class ServerSettings(BaseModel):
    """What an operator may tune."""

    db_url: str | None = None
    max_body_bytes: int = 64 * 1024
    # A client answering at once can make ~30 moves a second on loopback; the limit is for abuse.
    ws_rate: float = 60.0
    ws_burst: float = 120.0
    http_rate: float = 100.0
    http_burst: float = 200.0
    bot_workers: int = 2
    # "process": bots think in worker processes (real parallelism, the event loop never waits
    # for the interpreter lock); "thread": in threads (cheaper to start; used by tests).
    bot_pool: Literal["process", "thread"] = "process"
    max_live_tables: int = 512
    max_bots_per_table: int = 8


class TableError(Exception):
    """A request about a table that cannot be served; ``status`` is its HTTP status."""

    status = 400

    def __init__(self, message: str, **details: Any) -> None:
        super().__init__(message)
        self.details = details


class NotFound(TableError):
    status = 404


class Unauthorized(TableError):
    status = 401


class Forbidden(TableError):
    status = 403


class Stale(TableError):
    status = 409


class BrokenTable(TableError):
    """A stored table that cannot be rebuilt (its game is gone, or its log does not replay)."""

    status = 500


class Outbox:
    """Messages waiting for one connection. Views are whole positions, so a newer view replaces
    one not yet sent: a slow connection never makes the server queue without bound."""

    def __init__(self) -> None:
        self._messages: deque[str] = deque(maxlen=64)
        self._view: str | None = None
        self._ready = asyncio.Event()

    def put_view(self, text: str) -> None:
        """Queue a view, replacing an unsent one."""
        self._view = text
        self._ready.set()

    def put(self, text: str) -> None:
        """Queue another message (an error reply)."""
        self._messages.append(text)
        self._ready.set()

    async def get(self) -> str:
        """The next message to send (replies first, then the latest view)."""
        while True:
            if self._messages:
                return self._messages.popleft()
            if self._view is not None:
                text, self._view = self._view, None
                return text
            self._ready.clear()
            await self._ready.wait()


@dataclass(eq=False)
class Subscriber:
    """A connection watching a table as one seat (or as a spectator)."""

    seat: int | None
    outbox: Outbox = field(default_factory=Outbox)


@dataclass(eq=False)
class LiveTable:
    """A table in memory: its set-up, live state, lock and watchers."""

    id: str
    game: Game
    seed: int
    seats: tuple[Seat, ...]
    state: State
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    driver: asyncio.Task[None] | None = None
    used: float = field(default_factory=time.monotonic)
    # Rendered payload per seat for the current log length (views are computed once per change).
    rendered: dict[int | None, tuple[int, str]] = field(default_factory=dict)

    @property
    def bots(self) -> dict[int, str]:
        """Bot seats and their agent specs."""
        return {s.seat: s.bot for s in self.seats if s.bot is not None}

    @property
    def length(self) -> int:
        """The length of the action log."""
        return len(self.state._history)

    def waiting(self, state: State | None = None) -> str:
        """Who ``state`` (default: the live one) waits for: seat, bot, chance or none."""
        player = (state or self.state).current_player
        if player == TERMINAL:
            return "none"
        if player == CHANCE:
            return "chance"
        return "bot" if player in self.bots else "seat"


def chance_rng(seed: int, length: int) -> random.Random:
    """The generator that resolves the chance node at log position ``length``."""
    return random.Random(derive_seed(seed, "chance", length))


def bot_move(spec: str, seed: int, state: State) -> str:
    """A bot's action (run in a worker thread on a copy of the state)."""
    agent = build(spec, seed=derive_seed(seed, "bot", state.current_player, len(state._history)))
    return agent.act(state)


def status_of(state: State) -> str:
    """ "finished" once the game is over, else "playing"."""
    return "finished" if state.is_terminal() else "playing"


def visible_log(state: State, seat: int | None) -> list[str]:
    """The action log as ``seat`` may see it: the game's own masked log when its view has one;
    otherwise every chance outcome is redacted (``draw ?``), which can hide too much but never
    leaks."""
    view_log = state.view(seat).get("log")
    if isinstance(view_log, list):
        return [str(entry) for entry in view_log]
    game = state.game
    redacted = []
    replayed = game.new_game()
    for action in state.history():
        if replayed.current_player == CHANCE:
            redacted.append(action.split(" ")[0] + " ?")
        else:
            redacted.append(action)
        replayed.apply(action)
    return redacted


class TableHub:
    """All tables the server knows: creates them, loads them from the store on demand, applies
    actions, drives bots and chance, and pushes views."""

    def __init__(self, store: Store, settings: ServerSettings) -> None:
        self.store = store
        self.settings = settings
        self._live: OrderedDict[str, LiveTable] = OrderedDict()
        self._loading: dict[str, asyncio.Lock] = {}
        # One thread owns the database: writes are serialized and never block the event loop.
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="theomachy-db")
        self._bots = self._new_bot_pool()
        self._closing = False

    # --- lifecycle --------------------------------------------------------------------------
    async def start(self) -> None:
        """Resume the tables that wait on the server (a bot's move or a chance node)."""
        for table_id in await self._run_db(self.store.tables_waiting_on_server):
            try:
                await self.get(table_id)
            except TableError as error:
                log.error("cannot resume table %s: %s", table_id, error)

    async def stop(self) -> None:
        """Stop the bots and release the database."""
        self._closing = True
        drivers = [t.driver for t in self._live.values() if t.driver is not None]
        for task in drivers:
            task.cancel()
        await asyncio.gather(*drivers, return_exceptions=True)
        self._bots.shutdown(wait=False, cancel_futures=True)
        self._db.shutdown(wait=True)
        self.store.close()

    def _new_bot_pool(self) -> Executor:
        workers = self.settings.bot_workers
        if self.settings.bot_pool == "process":
            # spawn, not fork: the server process has threads (database, event loop helpers).
            context = multiprocessing.get_context("spawn")
            return ProcessPoolExecutor(max_workers=workers, mp_context=context)
        return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="theomachy-bot")

    async def _run_db(self, function: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._db, function, *args)

    # --- tables -----------------------------------------------------------------------------
    async def create(
        self,
        game_id: str,
        players: int | None,
        options: Mapping[str, Any],
        bots: Mapping[int, str],
        seed: int | None = None,
    ) -> tuple[LiveTable, dict[int, str]]:
        """A new table; returns it and the token of each person's seat. ``ValueError`` (nothing
        stored) for an unknown game, a bad player count or option, or a bad bot."""
        game = load(game_id, players=players, options=options)
        for seat, spec in bots.items():
            if not 0 <= seat < game.players:
                raise ValueError(
                    f"bot seat {seat} does not exist: seats are 0 to {game.players - 1}"
                )
            parse_spec(spec)
            build(spec, seed=0)  # checks the agent's parameters too
        if len(bots) >= game.players:
            raise ValueError("every seat is a bot: leave at least one seat for a person")
        tokens = {seat: new_token() for seat in range(game.players) if seat not in bots}
        seats = tuple(
            Seat(seat, hash_token(tokens[seat]) if seat in tokens else None, bots.get(seat))
            for seat in range(game.players)
        )
        table_seed = seed if seed is not None else random.SystemRandom().getrandbits(62)
        table = LiveTable(
            id=new_table_id(), game=game, seed=table_seed, seats=seats, state=game.new_game()
        )
        await self._run_db(
            self.store.create_table,
            table.id,
            game.id,
            game.players,
            game.options,
            table_seed,
            seats,
            table.waiting(),
        )
        self._remember(table)
        async with table.lock:
            await self._settle(table)
        return table, tokens

    async def get(self, table_id: str) -> LiveTable:
        """The live table, loaded from the store (and resumed) if it is not in memory."""
        table = self._live.get(table_id)
        if table is not None:
            self._live.move_to_end(table_id)
            table.used = time.monotonic()
            self._wake_bots(table)  # in case a bot failed earlier: try again
            return table
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            raise NotFound(f"no table {table_id!r}")
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                table = self._live.get(table_id)
                if table is None:
                    table = await self._load(table_id)
                    self._remember(table)
                    async with table.lock:
                        await self._settle(table)
        finally:
            self._loading.pop(table_id, None)
        return table

    async def _load(self, table_id: str) -> LiveTable:
        record = await self._run_db(self.store.load, table_id)
        if record is None:
            raise NotFound(f"no table {table_id!r}")
        try:
            game = load(record.game, players=record.players, options=record.options)
            state = await asyncio.to_thread(replay_document, game, list(record.actions))
        except (ValueError, CorruptDocument) as error:
            raise BrokenTable(f"table {table_id} cannot be rebuilt: {error}") from None
        return LiveTable(id=record.id, game=game, seed=record.seed, seats=record.seats, state=state)

    def _remember(self, table: LiveTable) -> None:
        self._live[table.id] = table
        self._live.move_to_end(table.id)
        # Forget idle tables beyond the cap (they reload from the log when asked for again).
        excess = len(self._live) - self.settings.max_live_tables
        if excess <= 0:
            return
        for other in list(self._live.values()):
            if excess <= 0:
                break
            idle = not other.subscribers and not other.lock.locked()
            if other is not table and idle and (other.driver is None or other.driver.done()):
                del self._live[other.id]
                excess -= 1

    async def list_tables(self, status: str | None, limit: int) -> list[TableSummary]:
        """The lobby's list: most recently active first."""
        return await self._run_db(self.store.list_tables, status, limit)

    # --- seats ------------------------------------------------------------------------------
    def authenticate(self, table: LiveTable, token: str | None) -> int | None:
        """The seat of ``token`` (None: a spectator, when no token is given)."""
        if token is None:
            return SPECTATOR
        if not token:
            raise Unauthorized("empty seat token")
        seat = seat_of(token, ((s.seat, s.token_hash) for s in table.seats))
        if seat is None:
            raise Forbidden("this token is not a seat of this table")
        return seat

    # --- changes ----------------------------------------------------------------------------
    async def act(self, table: LiveTable, seat: int | None, action: str, seq: int | None) -> None:
        """``seat`` plays ``action``; ``seq``, if given, is the log length the player saw."""
        if seat is None:
            raise Unauthorized("a seat token is needed to play; spectators only watch")
        async with table.lock:
            state = table.state
            if seq is not None and seq != table.length:
                raise Stale(
                    f"stale move: you saw {seq} log entries, the table has {table.length}",
                    seq=table.length,
                )
            current = state.current_player
            if current >= 0 and current != seat:
                who = f"seat {current}" + (" (a bot)" if current in table.bots else "")
                raise Forbidden(f"it is {who}'s turn, not seat {seat}'s")
            new = state.clone()
            new.apply(action, seat)  # IllegalAction (nothing changed) if it is not legal
            await self._commit(table, new, [(action, seat)])

    async def _settle(self, table: LiveTable) -> None:
        """Resolve a pending chance node (after creation, or a crash between two writes) and
        start the bots; the caller holds the table's lock."""
        if table.state.current_player == CHANCE:
            await self._commit(table, table.state.clone(), [])
        else:
            self._wake_bots(table)

    async def _commit(
        self,
        table: LiveTable,
        new: State,
        entries: list[tuple[str, int]],
        wake_bots: bool = True,
    ) -> None:
        """Resolve chance after ``new``, store every new entry, then make ``new`` live and push
        views. The caller holds the table's lock; ``entries`` are already applied to ``new``.
        ``wake_bots`` is False when the bot driver itself commits (it goes on by itself)."""
        while new.current_player == CHANCE:
            outcome = sample_outcome(new, chance_rng(table.seed, len(new._history)))
            new.apply(outcome)
            entries.append((outcome, CHANCE))
        if entries:
            await self._run_db(
                self.store.append,
                table.id,
                table.length,
                entries,
                status_of(new),
                table.waiting(new),
                new.winners(),
            )
        table.state = new
        table.rendered.clear()
        self._broadcast(table)
        if wake_bots:
            self._wake_bots(table)

    def _wake_bots(self, table: LiveTable) -> None:
        if self._closing or table.waiting() != "bot":
            return
        if table.driver is None or table.driver.done():
            table.driver = asyncio.create_task(self._drive(table), name=f"bots-{table.id}")

    async def _drive(self, table: LiveTable) -> None:
        """Play the bot seats while it is a bot's turn."""
        loop = asyncio.get_running_loop()
        while not self._closing and table.waiting() == "bot":
            state = table.state
            player = state.current_player
            spec = table.bots[player]
            try:
                action = await loop.run_in_executor(
                    self._bots, bot_move, spec, table.seed, state.clone()
                )
            except BrokenProcessPool:
                # A worker died (killed, out of memory): start new workers and think again.
                log.error("bot workers died; restarting them (table %s)", table.id)
                self._bots.shutdown(wait=False, cancel_futures=True)
                self._bots = self._new_bot_pool()
                continue
            except Exception:
                log.exception("bot %s at table %s failed", spec, table.id)
                return
            async with table.lock:
                if table.state is not state:
                    continue
                new = state.clone()
                new.apply(action, player)
                await self._commit(table, new, [(action, player)], wake_bots=False)

    # --- views ------------------------------------------------------------------------------
    def payload_text(self, table: LiveTable, seat: int | None) -> str:
        """The JSON message for ``seat`` (computed once per change and seat)."""
        cached = table.rendered.get(seat)
        if cached is not None and cached[0] == table.length:
            return cached[1]
        text = json.dumps(self.payload(table, seat), separators=(",", ":"))
        table.rendered[seat] = (table.length, text)
        return text

    def payload(
        self, table: LiveTable, seat: int | None, state: State | None = None
    ) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see of the table, with its set-up."""
        state = state or table.state
        connected = {s.seat for s in table.subscribers if s.seat is not None}
        result = None
        if state.is_terminal():
            result = {
                "winners": state.winners(),
                "returns": state.returns(),
                "scores": state.scores(),
            }
        return {
            "type": "view",
            "table_id": table.id,
            "game": table.game.id,
            "players": table.game.players,
            "options": table.game.public_options(),
            "seat": seat,
            "seq": len(state._history),
            "status": status_of(state),
            "seats": [
                {"seat": s.seat, "bot": s.bot, "connected": s.seat in connected}
                for s in table.seats
            ],
            "result": result,
            "view": state.view(seat),
        }

    def _broadcast(self, table: LiveTable) -> None:
        for subscriber in list(table.subscribers):
            subscriber.outbox.put_view(self.payload_text(table, subscriber.seat))

    def subscribe(self, table: LiveTable, seat: int | None) -> Subscriber:
        """Watch a table; the current view is queued at once."""
        subscriber = Subscriber(seat)
        table.subscribers.add(subscriber)
        table.rendered.clear()  # "connected" changed for everyone
        self._broadcast(table)
        return subscriber

    def unsubscribe(self, table: LiveTable, subscriber: Subscriber) -> None:
        """Stop watching."""
        table.subscribers.discard(subscriber)
        table.rendered.clear()
        self._broadcast(table)

    async def replay_view(self, table: LiveTable, seat: int | None, step: int) -> dict[str, Any]:
        """``seat``'s view after the first ``step`` log entries (for the replay viewer): what
        that seat could see at that moment, nothing more."""
        history = table.state.history()
        if not 0 <= step <= len(history):
            raise TableError(f"step must be between 0 and {len(history)}, got {step}")
        state = await asyncio.to_thread(table.game.replay, history[:step])
        message = self.payload(table, seat, state)
        message["type"] = "replay"
        message["step"] = step
        message["length"] = len(history)
        return message
