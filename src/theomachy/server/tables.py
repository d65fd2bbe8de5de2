"""Live tables: the game states the server holds, and the one path by which they change.

Every change goes the same way, under the table's lock: check the action against the live
state, apply it to a copy, resolve the chance nodes that follow with the table's generator,
commit every new log entry to the database (checking the log length it expects, so a log never
forks), and only then make the copy the live state and push each connection its own view. A
crash at any point therefore loses nothing that was acknowledged, and a restarted server
rebuilds each table by replaying its log.

Chance comes from the table's seed mixed with a secret that never leaves the server (an open
table, made for analysis, has no secret: its chosen seed alone decides its chance). Bots think
in worker processes, fairly scheduled across clients (``botpool``). With several server
processes over one PostgreSQL database, a process that commits announces it, the others catch
up from the database and push to their own sockets, and one process at a time (a lease in the
database) drives a table's bots and chance.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import secrets
import socket
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, TypeVar

from sqlalchemy.exc import DBAPIError, OperationalError, PendingRollbackError

from theomachy.engine.chance import sample_outcome
from theomachy.engine.core import (
    CHANCE,
    TERMINAL,
    CorruptDocument,
    Game,
    State,
    replay_document,
)
from theomachy.engine.narration import Chronicle, chronicle
from theomachy.engine.registry import load
from theomachy.engine.simulate import derive_seed
from theomachy.server.auth import hash_token, new_table_id, new_token, seat_of
from theomachy.server.bots import BotFailure, BotRunner, make_bot_runner, validate_bot
from theomachy.server.broker import Listener
from theomachy.server.clocks import Clock, now_ms
from theomachy.server.errors import (
    BrokenTable,
    Conflict,
    Forbidden,
    NotFound,
    Stale,
    TableError,
    TooMany,
    Unauthorized,
    Unavailable,
)
from theomachy.server.push import Outbox, Rendering, Subscriber, delta_text, presence_text
from theomachy.server.ratelimit import TokenBucket
from theomachy.server.replays import Snapshots
from theomachy.server.schemas import ClockSpec
from theomachy.server.settings import ServerSettings
from theomachy.server.storage import (
    ChatMessage,
    LogConflict,
    Seat,
    Store,
    TableSummary,
    now,
    server_played,
)
from theomachy.server.takeback import MAX_TAKEBACK, rebuild

__all__ = [
    "BrokenTable",
    "Forbidden",
    "LiveTable",
    "NotFound",
    "Outbox",
    "ServerSettings",
    "Stale",
    "Subscriber",
    "TableError",
    "TableHub",
    "Unauthorized",
    "visible_log",
]

log = logging.getLogger("theomachy.server")

T = TypeVar("T")

SPECTATOR = None

DEFAULT_STANDIN = "medium"
"""The stand-in's level at a table with a clock and no bots (one with bots uses theirs)."""

SEAT_REVOKED = json.dumps(
    {"type": "error", "status": 403, "error": "your seat was given to someone else by the creator"}
)

# The database errors that mean "unreachable now", as opposed to a bug.
DATABASE_DOWN = (OperationalError, DBAPIError, ConnectionError)


@dataclass(eq=False)
class LiveTable:
    """A table in memory: its set-up, live state, lock and watchers."""

    id: str
    game: Game
    seed: int
    secret: str | None
    open: bool
    host_hash: str | None
    owner: str
    seats: tuple[Seat, ...]
    state: State
    # The log in words, as each seat and the spectators saw it (follows ``state``).
    chronicle: Chronicle
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    driver: asyncio.Task[None] | None = None
    used: float = field(default_factory=time.monotonic)
    # Rendered payload per seat for the current log length (views are computed once per change).
    rendered: dict[int | None, Rendering] = field(default_factory=dict)
    # Deltas rendered for the current length, by seat and the log the connection last got.
    deltas: dict[tuple[int | None, int], str] = field(default_factory=dict)
    # Why a bot seat is not moving (shown to everyone), by seat.
    problems: dict[int, str] = field(default_factory=dict)
    # Seats connected through other server processes, by process.
    remote_presence: dict[str, tuple[set[int], int]] = field(default_factory=dict)
    seats_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    presence_pending: bool = False
    # Chat: the ids of the messages pushed here (another process's notice brings the rest),
    # and what the whole table may still send.
    chat_sent: set[int] = field(default_factory=set)
    chat_bucket: TokenBucket | None = None
    # The rematch's table, once a seat asked for one; its creation, one at a time.
    rematch: str | None = None
    rematch_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # The positions before the latest moves ``takeback_seat`` may still take back (an undo
    # within its turn), oldest first. Emptied by a chance event, another seat's move, a move
    # the game says shows something hidden and the end of the turn; found again from the log
    # when the table is loaded (after a restart, say).
    takeback: list[State] = field(default_factory=list)
    takeback_seat: int | None = None
    # The table's time control (None: no clocks, no stand-ins), the timer that fires when
    # a stand-in is due, and since when (ms) each claimed seat has had no connection.
    clock: Clock | None = None
    clock_timer: asyncio.TimerHandle | None = None
    gone_since: dict[int, int] = field(default_factory=dict)

    @property
    def bots(self) -> dict[int, str]:
        """Bot seats and their agent specs (as the table was made)."""
        return {s.seat: s.bot for s in self.seats if s.bot is not None}

    @property
    def driven(self) -> dict[int, str]:
        """The seats the server plays, with their agent specs: the bots, and the people's
        seats a stand-in plays for now (their clock ran out, or they were away too long)."""
        driven = self.bots
        if self.clock is not None:
            for seat in self.clock.standins:
                driven[seat] = self.clock.bot
        return driven

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
        return "bot" if player in self.driven else "seat"

    def undoable(self, seat: int | None) -> int:
        """How many of its latest moves ``seat`` may take back now (0 for anyone else)."""
        if seat is None or seat != self.takeback_seat or self.state.current_player != seat:
            return 0
        return len(self.takeback)

    def reset_renderings(self) -> None:
        """Forget rendered payloads (the state, the seats or a problem changed)."""
        self.rendered.clear()
        self.deltas.clear()


def chance_seed(seed: int, secret: str | None, *labels: object) -> int:
    """A seed derived from a table's seed and its secret (the seed alone at an open table)."""
    if secret is None:
        return derive_seed(seed, *labels)
    return derive_seed(seed, secret, *labels)


def status_of(state: State) -> str:
    """ "finished" once the game is over, else "playing"."""
    return "finished" if state.is_terminal() else "playing"


def winner_names(state: State) -> list[str] | None:
    """What the winners of a finished game are called ("Norse"), when the game names every
    one of them; None while the game goes on or where it names none."""
    if not state.is_terminal():
        return None
    names = []
    for seat in state.winners():
        name = state.seat_label(seat)
        if not name:
            return None  # a seat the game does not name: the lobby says "Seat N" for all
        names.append(name)
    return names or None


def visible_log(state: State, seat: int | None) -> list[str]:
    """The action log as ``seat`` may see it: the game's own masked log when its view has one;
    otherwise each entry as the game says ``seat`` saw it (``State.action_seen_by``). A game
    that does not say how its chance outcomes are seen gets them all redacted (``draw ?``),
    which can hide too much but never leaks."""
    view_log = state.view(seat).get("log")
    if isinstance(view_log, list):
        return [str(entry) for entry in view_log]
    game = state.game
    masks_chance = type(state).action_seen_by is not State.action_seen_by
    redacted = []
    replayed = game.new_game()
    for action in state.history():
        if replayed.current_player == CHANCE and not masks_chance:
            redacted.append(action.split(" ")[0] + " ?")
        else:
            redacted.append(replayed.action_seen_by(action, seat))
        replayed.apply(action)
    return redacted


def clean_chat(text: str, limit: int) -> str:
    """A chat message as stored: control characters (line breaks included) become spaces,
    runs of spaces one, the ends trimmed. ``TableError`` if nothing is left or it is longer
    than ``limit``."""
    flat = "".join(" " if unicodedata.category(c)[0] == "C" else c for c in text)
    cleaned = " ".join(flat.split())
    if not cleaned:
        raise TableError("an empty chat message: type something to say")
    if len(cleaned) > limit:
        raise TableError(
            f"a chat message is at most {limit} characters; this one has {len(cleaned)}"
        )
    return cleaned


def chat_text(messages: list[ChatMessage]) -> str:
    """The push that carries chat messages."""
    return json.dumps(
        {"type": "chat", "messages": [m.as_json() for m in messages]}, separators=(",", ":")
    )


def process_name() -> str:
    """A name for this server process, unique among the processes sharing a database."""
    return f"{socket.gethostname()[:24]}:{os.getpid()}:{secrets.token_hex(4)}"


class TableHub:
    """All tables the server knows: creates them, loads them from the store on demand, seats
    people, applies actions, drives bots and chance, and pushes views."""

    def __init__(self, store: Store, settings: ServerSettings) -> None:
        self.store = store
        self.settings = settings
        self.name = process_name()
        self._live: OrderedDict[str, LiveTable] = OrderedDict()
        self._loading: dict[str, asyncio.Lock] = {}
        self.bots: BotRunner = make_bot_runner(settings)
        self.snapshots = Snapshots(settings.replay_snapshot_every)
        self._closing = False
        self._listener: Listener | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._catching_up: set[str] = set()
        # Tables told of a newer log while a catch-up was already running: that catch-up may
        # have read the database before the newer move committed, so it goes round again.
        self._catch_up_again: set[str] = set()
        self._tasks: set[asyncio.Future[None]] = set()
        self._owner_locks: dict[str, asyncio.Lock] = {}

    # --- lifecycle --------------------------------------------------------------------------
    async def start(self) -> None:
        """Listen for other processes' changes (PostgreSQL), resume the tables that wait on
        the server (a bot's move or a chance node), and keep looking for orphaned ones."""
        if self.store.shared:
            self._listener = Listener(self.store.url, asyncio.get_running_loop(), self._on_notice)
            self._listener.start()
            await asyncio.to_thread(self._listener.ready.wait, 10)
        warm = getattr(self.bots, "warm", None)
        if warm is not None:  # start the bot workers now, not at the first bot's move
            self._spawn(warm())
        await self._resume_waiting()
        # Loading every table with a running clock may take a while: not in the start-up path.
        self._spawn(self._resume_clocks())
        if self.store.shared:
            self._sweeper = asyncio.create_task(self._sweep(), name="theomachy-sweep")

    async def stop(self) -> None:
        """Stop the bots and release the database."""
        self._closing = True
        if self._sweeper is not None:
            self._sweeper.cancel()
        drivers = [t.driver for t in self._live.values() if t.driver is not None]
        for task in drivers:
            task.cancel()
        for table in self._live.values():
            if table.clock_timer is not None:
                table.clock_timer.cancel()
        await asyncio.gather(*drivers, return_exceptions=True)
        for table in self._live.values():
            for subscriber in table.subscribers:
                subscriber.outbox.close()
        self.bots.close()
        if self._listener is not None:
            await asyncio.to_thread(self._listener.stop)
        if self.store.shared:
            for table in self._live.values():
                try:
                    await self.db(self.store.release_lease, table.id, self.name)
                except TableError:
                    break
        self.store.close()

    async def _resume_waiting(self) -> None:
        holder = self.name if self.store.shared else None
        try:
            waiting = await self.db(self.store.tables_waiting_on_server, holder)
        except Unavailable:
            return
        for table_id in waiting:
            try:
                table = await self.get(table_id)
            except TableError as error:
                log.error("cannot resume table %s: %s", table_id, error)
                continue
            self._wake(table)

    async def _resume_clocks(self) -> None:
        """Load the tables whose clock runs for a person, so that their stand-in timers run
        again after a restart (an absence counts from the restart: when the person left is
        not stored)."""
        try:
            running = await self.db(self.store.tables_with_running_clocks)
        except Unavailable:
            return
        for table_id in running:
            try:
                await self.get(table_id)
            except TableError as error:
                log.error("cannot resume the clock of table %s: %s", table_id, error)

    async def _sweep(self) -> None:
        """Take over tables whose driving process stopped renewing its lease."""
        while not self._closing:
            await asyncio.sleep(self.settings.sweep_s)
            try:
                await self._resume_waiting()
            except Exception:  # keep sweeping whatever one round met
                log.exception("looking for tables to take over failed")

    async def db(self, function: Callable[..., T], *args: Any) -> T:
        """Run a store call in a worker thread; ``Unavailable`` (503) when the database
        cannot be reached."""
        try:
            return await asyncio.to_thread(function, *args)
        except LogConflict:
            raise
        except (*DATABASE_DOWN, PendingRollbackError) as error:
            log.warning("database unavailable: %s", error)
            raise Unavailable("the database is unavailable; try again shortly") from None

    # --- tables -----------------------------------------------------------------------------
    async def create(
        self,
        game_id: str,
        players: int | None,
        options: Mapping[str, Any],
        bots: Mapping[int, str],
        seed: int | None = None,
        *,
        open_table: bool = False,
        owner: str = "",
        clock: ClockSpec | None = None,
    ) -> tuple[LiveTable, dict[int, str], str]:
        """A new table; returns it, each person's seat invitation and the host credential.
        ``clock``: the table's time control and stand-in bot, if it has one.
        ``ValueError`` (nothing stored) for an unknown game, a bad player count, option or
        bot; ``TooMany`` when the client is over its quota."""
        if seed is not None and not open_table:
            raise ValueError(
                "seed: only an open table may choose its seed (its seats are told that hidden "
                'information is predictable there): add "open": true'
            )
        # Options are bounded in size by the caller; their validation (a deck check, say)
        # still runs off the event loop.
        game = await asyncio.to_thread(load, game_id, players, options)
        if not open_table:
            public = game.public_options()
            for name in type(game).secret_options:
                # Refused only where the option holds a secret (the game masks it for the
                # other seats): Arena of the Gods' starter decks are published lists.
                if public.get(name) != game.options.get(name):
                    raise ValueError(
                        f"options.{name}: hidden set-up is chosen by each seat inside the game; "
                        'only an open table ("open": true) may set it in the options'
                    )
        specs: dict[int, str] = {}
        for seat, spec in bots.items():
            if not 0 <= seat < game.players:
                raise ValueError(
                    f"bot seat {seat} does not exist: seats are 0 to {game.players - 1}"
                )
            specs[seat] = validate_bot(spec, self.settings, f"bots.{seat}")
        if len(specs) >= game.players:
            raise ValueError("every seat is a bot: leave at least one seat for a person")
        if len(specs) > self.settings.max_bots_per_table:
            raise ValueError(f"bots: at most {self.settings.max_bots_per_table} bots a table")
        timing = None
        if clock is not None and (clock.minutes is not None or clock.away is not None):
            default = next(iter(specs.values()), DEFAULT_STANDIN)
            standin = validate_bot(clock.bot or default, self.settings, "clock.bot")
            timing = Clock.start(clock, game.players, standin)
        async with self._owner_lock(owner):
            played = server_played(game.players, len(specs), timing is not None)
            await self._check_quota(owner, played)
            return await self._create_table(game, specs, seed, open_table, owner, timing)

    def _owner_lock(self, owner: str) -> asyncio.Lock:
        """One client's table creations, one at a time (a quota check and its insert must not
        interleave with another's: 100 creates at once all passed the count)."""
        lock = self._owner_locks.get(owner)
        if lock is None:
            if len(self._owner_locks) > 10_000:
                for key in [k for k, v in self._owner_locks.items() if not v.locked()]:
                    del self._owner_locks[key]
            lock = self._owner_locks[owner] = asyncio.Lock()
        return lock

    async def _create_table(
        self,
        game: Game,
        specs: dict[int, str],
        seed: int | None,
        open_table: bool,
        owner: str,
        clock: Clock | None = None,
    ) -> tuple[LiveTable, dict[int, str], str]:
        invites = {seat: new_token() for seat in range(game.players) if seat not in specs}
        host = new_token()
        seats = tuple(
            Seat(
                seat,
                None,
                specs.get(seat),
                hash_token(invites[seat]) if seat in invites else None,
            )
            for seat in range(game.players)
        )
        chance_secret = None if open_table else secrets.token_hex(32)
        table_seed = seed if seed is not None else secrets.randbits(62)
        table = LiveTable(
            id=new_table_id(),
            game=game,
            seed=table_seed,
            secret=chance_secret,
            open=open_table,
            host_hash=hash_token(host),
            owner=owner,
            seats=seats,
            state=game.new_game(),
            chronicle=Chronicle(game),
            clock=clock,
        )
        await self.db(
            lambda: self.store.create_table(
                table.id,
                game.id,
                game.players,
                game.options,
                table_seed,
                seats,
                table.waiting(),
                secret=chance_secret,
                open_table=open_table,
                host_hash=table.host_hash,
                owner=owner,
                clock=clock.to_json() if clock is not None else None,
            )
        )
        self._remember(table)
        async with table.lock:
            await self._settle(table)
        return table, invites, host

    async def _check_quota(self, owner: str, bots: int) -> None:
        if not owner:
            return
        since = now() - timedelta(days=1)
        tables, bot_seats = await self.db(self.store.client_load, owner, since)
        if tables >= self.settings.max_tables_per_client:
            raise TooMany(
                f"you have {tables} tables playing (at most "
                f"{self.settings.max_tables_per_client}): finish one first"
            )
        if bot_seats + bots > self.settings.max_bots_per_client:
            raise TooMany(
                f"your playing tables have {bot_seats} bots or stand-in seats (a table "
                f"with a clock counts each seat); {bots} more would pass the limit of "
                f"{self.settings.max_bots_per_client}"
            )

    async def get(self, table_id: str) -> LiveTable:
        """The live table, loaded from the store (and resumed) if it is not in memory."""
        table = self._live.get(table_id)
        if table is not None:
            self._live.move_to_end(table_id)
            table.used = time.monotonic()
            self._wake(table)  # in case a bot failed earlier: try again
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
                    self._note_presence(table)
                    self._arm_clock(table)
        finally:
            self._loading.pop(table_id, None)
        return table

    async def _load(self, table_id: str) -> LiveTable:
        record = await self.db(self.store.load, table_id)
        if record is None:
            raise NotFound(f"no table {table_id!r}")
        try:
            game = await asyncio.to_thread(load, record.game, record.players, record.options)
            clock = Clock.from_json(record.clock)
            driven = set(record.bots) | set(clock.standins if clock is not None else ())
            # The moves the seat to play may still take back are found again from the log.
            rebuilt = await asyncio.to_thread(rebuild, game, record.actions, record.actors, driven)
            state = rebuilt.state
            # Telling a long game to every reader takes a while: off the event loop.
            told = await asyncio.to_thread(chronicle, game, state.history())
        except (ValueError, CorruptDocument) as error:
            raise BrokenTable(f"table {table_id} cannot be rebuilt: {error}") from None
        return LiveTable(
            id=record.id,
            game=game,
            seed=record.seed,
            secret=record.secret,
            open=record.open,
            host_hash=record.host_hash,
            owner=record.owner or "",
            seats=record.seats,
            state=state,
            chronicle=told,
            rematch=record.rematch,
            clock=clock,
            takeback=rebuilt.takeback,
            takeback_seat=rebuilt.seat,
        )

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
            idle = idle and other.clock_timer is None  # a stand-in may be due
            if other is not table and idle and (other.driver is None or other.driver.done()):
                del self._live[other.id]
                self.snapshots.forget(other.id)
                excess -= 1

    async def list_tables(self, status: str | None, limit: int) -> list[TableSummary]:
        """The lobby's list: most recently active first."""
        return await self.db(self.store.list_tables, status, limit)

    # --- seats ------------------------------------------------------------------------------
    async def authenticate(self, table: LiveTable, token: str | None) -> int | None:
        """The seat of a seat credential (None: a spectator, when none is given)."""
        if token is None:
            return SPECTATOR
        if not token:
            raise Unauthorized("empty seat credential")
        seat = seat_of(token, ((s.seat, s.token_hash) for s in table.seats))
        if seat is None:
            # Seated a moment ago (through another process, its notice still on the way, or
            # by a claim whose reload is still running here): the database decides.
            await self.refresh_seats(table)
            seat = seat_of(token, ((s.seat, s.token_hash) for s in table.seats))
        if seat is None:
            raise Forbidden("this credential is not a seat of this table (or it was revoked)")
        return seat

    async def claim(self, table: LiveTable, invite: str) -> tuple[int, str]:
        """The first person to open a seat's invitation takes the seat: a fresh credential
        only they hold. Later openers get 409 and may watch."""
        seat = seat_of(invite, ((s.seat, s.invite_hash) for s in table.seats))
        if seat is None:  # re-invited a moment ago (through another process, say)?
            await self.refresh_seats(table)
            seat = seat_of(invite, ((s.seat, s.invite_hash) for s in table.seats))
        if seat is None:
            raise Forbidden("this invitation is not for this table (or it was replaced)")
        credential = new_token()
        taken = await self.db(
            self.store.claim_seat, table.id, seat, hash_token(credential), hash_token(invite)
        )
        await self.refresh_seats(table)
        if not taken and seat_of(invite, [(seat, table.seats[seat].invite_hash)]) is None:
            raise Forbidden("this invitation is not for this table (or it was replaced)")
        if not taken:
            raise Conflict(
                f"seat {seat} is already taken: this link now only lets you watch",
                seat=seat,
            )
        clock = table.clock
        if clock is not None and table.state.current_player == seat:
            async with table.lock:  # its time starts now, not when the table was made
                clock.since_ms = now_ms()
                await self.db(self.store.set_clock, table.id, clock.to_json())
        self._note_presence(table)
        self._arm_clock(table)
        return seat, credential

    async def reinvite(self, table: LiveTable, host: str | None, seat: int) -> str:
        """A new invitation for a person's seat, asked by the table's creator; whoever held
        the seat loses it (their connections close)."""
        if host is None:
            raise Unauthorized("the host credential is needed: Authorization: Bearer <host>")
        if table.host_hash is None or seat_of(host, [(0, table.host_hash)]) is None:
            raise Forbidden("only the table's creator may re-invite a seat")
        if not 0 <= seat < table.game.players or seat in table.bots:
            raise TableError(f"seat {seat} is not a person's seat of this table")
        invite = new_token()
        await self.db(self.store.reinvite_seat, table.id, seat, hash_token(invite))
        await self.refresh_seats(table)
        return invite

    async def refresh_seats(self, table: LiveTable) -> None:
        """Reload the seats from the store; connections whose credential was revoked close.
        Reloads are serialized per table, so a slower, older read never overwrites a newer
        one (two claims at the same moment each reload)."""
        async with table.seats_lock:
            seats = await self.db(self.store.seats, table.id)
            before = table.clock
            await self._reload_clock(table)
            if seats == table.seats and table.clock is before:
                return
            table.seats = seats
            holders = {s.seat: s.token_hash for s in seats}
            for subscriber in list(table.subscribers):
                if subscriber.seat is not None and holders.get(subscriber.seat) != (
                    subscriber.token_hash
                ):
                    subscriber.outbox.put(SEAT_REVOKED)
                    subscriber.outbox.close()
                    table.subscribers.discard(subscriber)
            table.reset_renderings()
            self._broadcast(table)

    # --- chat -----------------------------------------------------------------------------
    async def chat(self, table: LiveTable, seat: int | None, text: str) -> None:
        """``seat`` (None: a spectator) says ``text`` at the table: cleaned of control
        characters, checked against the length and the table's rate, stored, then pushed to
        every connection (seats and spectators alike)."""
        cleaned = clean_chat(text, self.settings.chat_max_chars)
        if table.chat_bucket is None:
            table.chat_bucket = TokenBucket(
                self.settings.chat_table_rate, self.settings.chat_table_burst
            )
        if not table.chat_bucket.allow():
            raise TooMany("this table's chat is busy: wait a moment")
        message = await self.db(self.store.add_chat, table.id, seat, cleaned)
        self._push_chat(table, [message])

    async def chat_history(self, table: LiveTable) -> list[ChatMessage]:
        """The table's latest chat messages, oldest first."""
        return await self.db(self.store.chat, table.id, 0, self.settings.chat_history)

    def _push_chat(self, table: LiveTable, messages: list[ChatMessage]) -> None:
        fresh = [m for m in messages if m.id not in table.chat_sent]
        if not fresh:
            return
        if len(table.chat_sent) > 4 * self.settings.chat_history:
            table.chat_sent = set(sorted(table.chat_sent)[-self.settings.chat_history :])
        table.chat_sent.update(m.id for m in fresh)
        text = chat_text(fresh)
        for subscriber in list(table.subscribers):
            subscriber.outbox.put(text)

    async def _remote_chat(self, table_id: str) -> None:
        """Another process stored a message: push the ones not pushed here yet."""
        table = self._live.get(table_id)
        if table is not None:
            self._push_chat(table, await self.db(self.store.chat, table_id, 0, 20))

    async def rematch(
        self, table: LiveTable, token: str | None, owner: str = ""
    ) -> tuple[LiveTable, int, str, str | None]:
        """A seat of a finished game asks for a rematch: the same game, options, bots and
        seats, the next seed at an open table (a fresh secret one otherwise). The first
        asker creates it (and gets its host credential); each person seat of the old table
        then takes the same seat there with its old credential. Returns the new table, the
        seat, its new credential and the host credential (None but for the creator)."""
        if token is None:
            raise Unauthorized("a seat credential is needed: only a player asks for a rematch")
        seat = await self.authenticate(table, token)
        if seat is None:
            raise Unauthorized("a seat credential is needed: only a player asks for a rematch")
        if not table.state.is_terminal():
            raise Conflict("the game is not over yet: a rematch follows a finished game")
        host: str | None = None
        async with table.rematch_lock:
            if table.rematch is None:  # asked through another process, maybe
                table.rematch = await self.db(self.store.rematch_of, table.id)
            if table.rematch is None:
                game = table.game
                try:
                    new, _, host = await self.create(
                        game.id,
                        game.players,
                        game.options,
                        table.bots,
                        table.seed + 1 if table.open else None,
                        open_table=table.open,
                        owner=owner,
                        clock=table.clock.spec() if table.clock is not None else None,
                    )
                except ValueError as error:  # a bot level this server no longer offers
                    raise Conflict(f"no rematch: {error}") from None
                chosen = await self.db(self.store.set_rematch, table.id, new.id)
                if chosen != new.id:
                    host = None  # another process's rematch came first: that one is it
                table.rematch = chosen
                table.reset_renderings()
                self._broadcast(table)
        assert table.rematch is not None
        rematch = await self.get(table.rematch)
        credential = new_token()
        if not await self.db(self.store.seat_holder, rematch.id, seat, hash_token(credential)):
            raise Conflict(f"your seat {seat} at the rematch is already taken", seat=seat)
        await self.refresh_seats(rematch)
        return rematch, seat, credential, host

    # --- changes ----------------------------------------------------------------------------
    async def act(self, table: LiveTable, seat: int | None, action: str, seq: int) -> None:
        """``seat`` plays ``action``; ``seq`` is the log length the player saw."""
        if seat is None:
            raise Unauthorized("a seat credential is needed to play; spectators only watch")
        if seq > table.length:  # another process may have moved on: catch up first
            await self.catch_up(table)
        async with table.lock:
            state = table.state
            if seq != table.length:
                raise Stale(
                    f"stale move: you saw {seq} log entries, the table has {table.length}",
                    seq=table.length,
                )
            if table.length >= self.settings.max_log_entries:
                raise Conflict(
                    f"this table reached the server's limit of {self.settings.max_log_entries} "
                    "log entries: start a new table"
                )
            current = state.current_player
            if current >= 0 and current != seat:
                who = f"seat {current}" + (" (a bot)" if current in table.bots else "")
                raise Forbidden(f"it is {who}'s turn, not seat {seat}'s")
            if table.clock is not None and seat in table.clock.standins:
                raise Conflict(
                    "a bot is playing your seat: take it back first (the Take my seat back "
                    "button, or POST /api/tables/{id}/return)"
                )
            new = state.clone()
            new.apply(action, seat)  # IllegalAction (nothing changed) if it is not legal
            # Asked only now, of a legal move: a game answers for legal actions alone.
            before = state if state.undo_safe(action) else None
            await self._commit(table, new, [(action, seat)], undo_from=before)

    async def undo(self, table: LiveTable, seat: int | None, seq: int) -> None:
        """``seat`` takes back its latest move, within its turn, where the game says it
        showed nothing hidden and no chance event or other seat came after it; ``seq`` is the
        log length the player saw. The stored log is cut back in the same way as it grows
        (checking the length it expects), and every connection is pushed the earlier view."""
        if seat is None:
            raise Unauthorized("a seat credential is needed to take a move back")
        if seq > table.length:
            await self.catch_up(table)
        async with table.lock:
            if seq != table.length:
                raise Stale(
                    f"stale undo: you saw {seq} log entries, the table has {table.length}",
                    seq=table.length,
                )
            if not table.undoable(seat):
                raise Conflict(
                    "nothing to take back: only your own moves of this turn can be, and not "
                    "across a draw, a die roll, a revealed card or another player's move"
                )
            target = table.takeback[-1]
            length = len(target._history)
            try:
                await self.db(
                    self.store.take_back,
                    table.id,
                    table.length,
                    length,
                    status_of(target),
                    table.waiting(target),
                )
            except LogConflict:
                await self._catch_up_locked(table)
                raise Stale(
                    f"stale undo: the table has moved on to {table.length} log entries",
                    seq=table.length,
                ) from None
            table.takeback.pop()
            table.state = target
            await self._retell(table, length)
            table.reset_renderings()
            self._broadcast(table)

    async def _retell(self, table: LiveTable, length: int) -> None:
        """The chronicle and replays after the log was cut back to ``length`` entries."""
        self.snapshots.forget(table.id)
        if not table.chronicle.rewind(length):
            told = await asyncio.to_thread(chronicle, table.game, table.state.history())
            table.chronicle = told

    async def why(self, table: LiveTable, seat: int | None, action: str) -> str | None:
        """Why ``seat`` may not play ``action`` now, in the game's words (None: it may)."""
        if seat is None:
            return "spectators only watch: take a seat to play"
        state = table.state
        return await asyncio.to_thread(state.refusal, action, seat)

    async def _settle(self, table: LiveTable) -> None:
        """Resolve a pending chance node (after creation, or a crash between two writes) and
        start the bots; the caller holds the table's lock."""
        if table.state.current_player == CHANCE:
            if not await self._may_drive(table):
                return
            with contextlib.suppress(Stale):  # another process resolved it first
                await self._commit(table, table.state.clone(), [])
        else:
            self._wake(table)

    async def _commit(
        self,
        table: LiveTable,
        new: State,
        entries: list[tuple[str, int]],
        wake_bots: bool = True,
        undo_from: State | None = None,
    ) -> None:
        """Resolve chance after ``new``, store every new entry, then make ``new`` live and push
        views. The caller holds the table's lock; ``entries`` are already applied to ``new``.
        ``wake_bots`` is False when the bot driver itself commits (it goes on by itself).
        ``undo_from``: the position before a seat's move the game says may be taken back."""
        mover = entries[0][1] if entries else None
        while new.current_player == CHANCE:
            rng_seed = chance_seed(table.seed, table.secret, "chance", len(new._history))
            outcome = sample_outcome(new, _rng(rng_seed))
            new.apply(outcome)
            entries.append((outcome, CHANCE))
        clock = table.clock
        if clock is not None and entries:
            # A person pays for the time they thought; a bot, a stand-in or chance does not.
            person = mover if mover is not None and mover >= 0 else None
            if person is not None and person in table.driven:
                person = None
            clock.charge(person, passed=new.current_player != mover)
        if entries:
            try:
                await self.db(
                    self.store.append,
                    table.id,
                    table.length,
                    entries,
                    status_of(new),
                    table.waiting(new),
                    new.winners(),
                    winner_names(new),
                    clock.to_json() if clock is not None else None,
                )
            except LogConflict:
                # Another process wrote first: take its entries, and tell the player.
                await self._catch_up_locked(table)
                raise Stale(
                    f"stale move: the table has moved on to {table.length} log entries",
                    seq=table.length,
                ) from None
        self._note_takeback(table, new, entries, undo_from)
        table.state = new
        table.reset_renderings()
        self._broadcast(table)
        self._arm_clock(table)
        if wake_bots:
            self._wake(table)

    @staticmethod
    def _note_takeback(
        table: LiveTable, new: State, entries: list[tuple[str, int]], undo_from: State | None
    ) -> None:
        """Keep the position before a move its seat may take back: one move by a seat, no
        chance event after it, the same seat still to play. Anything else ends the undo."""
        seat = entries[0][1] if len(entries) == 1 else None
        if undo_from is None or seat is None or seat < 0 or new.current_player != seat:
            table.takeback.clear()
            table.takeback_seat = None
            return
        if table.takeback_seat != seat:
            table.takeback.clear()
        table.takeback_seat = seat
        table.takeback.append(undo_from)
        del table.takeback[:-MAX_TAKEBACK]

    async def catch_up(self, table: LiveTable) -> None:
        """Apply the entries other processes stored since this one last looked."""
        async with table.lock:
            await self._catch_up_locked(table)

    async def _catch_up_locked(self, table: LiveTable) -> None:
        entries = await self.db(self.store.actions_from, table.id, table.length)
        if not entries:
            return
        new = table.state.clone()
        try:
            for action in entries:
                new.apply(action)
        except Exception as error:  # the stored log is the truth; this would be a bug
            log.exception("table %s: stored entries do not apply", table.id)
            raise BrokenTable(f"table {table.id} cannot catch up: {error}") from None
        table.state = new
        table.takeback.clear()
        table.takeback_seat = None
        await self._reload_clock(table)
        table.reset_renderings()
        self._broadcast(table)
        self._wake(table)

    async def _remote_undo(self, table_id: str) -> None:
        """Another process cut a table's log back: rebuild it here from the stored log."""
        table = self._live.get(table_id)
        if table is None:
            return
        async with table.lock:
            stored = await self.db(self.store.actions_from, table.id, 0)
            history = table.state.history()
            if stored == history:
                return
            same = 0
            while same < min(len(stored), len(history)) and stored[same] == history[same]:
                same += 1
            try:
                state = await asyncio.to_thread(replay_document, table.game, stored)
            except CorruptDocument as error:
                raise BrokenTable(f"table {table.id} cannot follow an undo: {error}") from None
            table.state = state
            table.takeback.clear()
            table.takeback_seat = None
            await self._retell(table, same)
            table.reset_renderings()
            self._broadcast(table)
            self._wake(table)

    # --- clocks and stand-ins ---------------------------------------------------------------
    def _connected(self, table: LiveTable) -> set[int]:
        """The seats with a connection, here or through another process."""
        seats = {s.seat for s in table.subscribers if s.seat is not None}
        for remote, _ in table.remote_presence.values():
            seats |= remote
        return seats

    def _note_presence(self, table: LiveTable) -> None:
        """Keep since when each claimed person seat has had no connection, and re-arm."""
        if table.clock is None or table.clock.away is None:
            return
        connected = self._connected(table)
        moment = now_ms()
        for seat in table.seats:
            if seat.bot is not None or seat.seat in connected or not seat.claimed:
                table.gone_since.pop(seat.seat, None)
            else:
                table.gone_since.setdefault(seat.seat, moment)
        self._arm_clock(table)

    def _arm_clock(self, table: LiveTable) -> None:
        """Set the timer for the moment a stand-in is due at the seat to play (its clock
        runs out, or its person has been gone too long); none when nothing is due."""
        if table.clock_timer is not None:
            table.clock_timer.cancel()
            table.clock_timer = None
        clock = table.clock
        seat = table.state.current_player
        if clock is None or self._closing or seat < 0 or seat in table.driven:
            return
        if not table.seats[seat].claimed:
            return  # nobody holds the seat yet: its clock waits for them
        due = clock.due(seat, table.gone_since.get(seat))
        if due is None:
            return
        delay = max(0.0, (due[0] - now_ms()) / 1000)
        loop = asyncio.get_running_loop()
        length = table.length
        table.clock_timer = loop.call_later(
            delay, lambda: self._spawn(self._clock_due(table, length, due[0]))
        )

    async def _clock_due(self, table: LiveTable, length: int, armed_for: int) -> None:
        """A stand-in's moment came: if the same seat is still to play with the time or the
        absence still over the limit, a bot takes its seat and everyone is told.

        ``armed_for`` is the moment (wall clock, ms) the timer was set for. The timer itself
        waits on the loop's monotonic clock, so when nothing changed since it was armed the
        wait is over even if the wall clock was stepped back meanwhile (a time sync, say):
        such a step must not keep a stand-in away."""
        if not await self._may_drive(table):
            return
        async with table.lock:
            clock = table.clock
            seat = table.state.current_player
            if clock is None or seat < 0 or seat in table.driven:
                return
            due = clock.due(seat, table.gone_since.get(seat))
            unchanged = table.length == length and due is not None and due[0] == armed_for
            if due is None or (not unchanged and due[0] > now_ms() + 50):
                self._arm_clock(table)
                return
            clock.take_over(seat, due[1])
            await self.db(self.store.set_clock, table.id, clock.to_json())
            log.info("table %s: a stand-in plays seat %s (%s)", table.id, seat, due[1])
            table.reset_renderings()
            self._broadcast(table)
        self._wake(table)

    async def take_back_seat(self, table: LiveTable, seat: int | None) -> None:
        """The person of ``seat`` plays it again instead of its stand-in (an empty clock
        gets a minute's grace); everyone is told."""
        if seat is None:
            raise Unauthorized("a seat credential is needed to take a seat back")
        async with table.lock:
            clock = table.clock
            if clock is None or seat not in clock.standins:
                raise Conflict("no bot is playing your seat: there is nothing to take back")
            clock.give_back(seat)
            table.gone_since.pop(seat, None)
            await self.db(self.store.set_clock, table.id, clock.to_json())
            table.reset_renderings()
            self._broadcast(table)
            self._arm_clock(table)

    def clock_text(self, table: LiveTable) -> str | None:
        """The clock message, as of now (each seat's time left, whose runs, stand-ins)."""
        if table.clock is None:
            return None
        player = table.state.current_player
        running = player if player >= 0 and table.seats[player].claimed else None
        return json.dumps({"type": "clock", **table.clock.public(running)}, separators=(",", ":"))

    async def _reload_clock(self, table: LiveTable) -> None:
        """Take the stored clock (another process charged it, or seated a stand-in)."""
        if table.clock is None:
            return
        stored = Clock.from_json(await self.db(self.store.clock, table.id))
        if stored is not None and stored != table.clock:
            table.clock = stored
            table.reset_renderings()
        self._arm_clock(table)

    # --- bots and chance ------------------------------------------------------------------
    async def _may_drive(self, table: LiveTable) -> bool:
        """Whether this process drives the table's bots and chance now (always with one
        process; with several, the holder of the table's lease in the database)."""
        if not self.store.shared:
            return True
        try:
            return await self.db(self.store.take_lease, table.id, self.name, self.settings.lease_s)
        except Unavailable:
            return False

    def _wake(self, table: LiveTable) -> None:
        if self._closing or table.waiting() not in ("bot", "chance"):
            return
        if table.driver is None or table.driver.done():
            table.driver = asyncio.create_task(self._drive(table), name=f"bots-{table.id}")

    async def _drive(self, table: LiveTable) -> None:
        """Play the bot seats (and pending chance) while the table waits on the server. A
        failing bot is retried with growing pauses and its seat says why the table waits; a
        database outage is waited out."""
        failures = 0
        pause = 0.5
        while not self._closing and table.waiting() in ("bot", "chance"):
            try:
                if not await self._may_drive(table):
                    return
                if table.waiting() == "chance":
                    async with table.lock:
                        await self._settle(table)
                    continue
                state = table.state
                player = state.current_player
                spec = table.driven[player]
                seed = chance_seed(table.seed, table.secret, "bot", player, len(state._history))
                action = await self.bots.move(
                    owner=table.owner or table.id,
                    table_id=table.id,
                    spec=spec,
                    seed=seed,
                    state=state.clone(),
                )
                async with table.lock:
                    if table.state is not state or player not in table.driven:
                        continue  # moved on meanwhile, or the person took the seat back
                    new = state.clone()
                    new.apply(action, player)
                    await self._commit(table, new, [(action, player)], wake_bots=False)
                failures = 0
                pause = 0.5
                if table.problems.pop(player, None) is not None:
                    table.reset_renderings()
                    self._broadcast(table)
            except BotFailure as failure:
                failures += 1
                player = table.state.current_player
                log.warning("bot at table %s seat %s failed: %s", table.id, player, failure)
                if failures >= self.settings.bot_retries:
                    table.problems[player] = (
                        f"the bot failed to move {failures} times ({failure}); retrying "
                        f"every {self._retry_pause(failures):.0f} s"
                    )
                    table.reset_renderings()
                    self._broadcast(table)
                await asyncio.sleep(self._retry_pause(failures))
            except (Unavailable, Stale):
                await asyncio.sleep(pause)  # the database is back soon, or we caught up
                pause = min(pause * 2, 5.0)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the bots of table %s stopped", table.id)
                return

    def _retry_pause(self, failures: int) -> float:
        return float(min(30, 2 ** max(0, failures - 1)))

    # --- other processes ------------------------------------------------------------------
    def _on_notice(self, message: str) -> None:
        """A message from another process (or this one's own, which changes nothing)."""
        kind, _, rest = message.partition(" ")
        if kind == "resync":
            for table in list(self._live.values()):
                self._spawn(self._remote_log(table.id, None))
            return
        table_id, _, detail = rest.partition(" ")
        if table_id not in self._live:
            return
        if kind == "log":
            length = int(detail) if detail.isdigit() else None
            self._spawn(self._remote_log(table_id, length))
        elif kind == "seats":
            self._spawn(self.refresh_seats(self._live[table_id]))
        elif kind == "presence":
            self._remote_presence(self._live[table_id], detail)
        elif kind == "chat":
            self._spawn(self._remote_chat(table_id))
        elif kind == "undo":
            self._spawn(self._remote_undo(table_id))

    def _spawn(self, work: Awaitable[None]) -> None:
        async def guarded() -> None:
            try:
                await work
            except TableError as error:
                log.warning("could not follow another process's change: %s", error)

        task = asyncio.ensure_future(guarded())
        self._tasks.add(task)  # keep a reference until it is done
        task.add_done_callback(self._tasks.discard)

    async def _remote_log(self, table_id: str, length: int | None) -> None:
        table = self._live.get(table_id)
        if table is None or (length is not None and length <= table.length):
            return
        if table_id in self._catching_up:
            self._catch_up_again.add(table_id)
            return
        self._catching_up.add(table_id)
        try:
            while True:
                self._catch_up_again.discard(table_id)
                await self.catch_up(table)
                if table_id not in self._catch_up_again:
                    break
        finally:
            self._catching_up.discard(table_id)
            self._catch_up_again.discard(table_id)

    # --- views ------------------------------------------------------------------------------
    def rendering(self, table: LiveTable, seat: int | None) -> Rendering:
        """``seat``'s payload for the current state (computed once per change and seat)."""
        cached = table.rendered.get(seat)
        if cached is not None and cached.length == table.length:
            return cached
        made = Rendering(self.payload(table, seat))
        table.rendered[seat] = made
        return made

    def payload_text(self, table: LiveTable, seat: int | None) -> str:
        """The whole JSON payload for ``seat``."""
        return self.rendering(table, seat).full

    def seats_json(self, table: LiveTable) -> list[dict[str, Any]]:
        """Each seat as everyone may see it: a bot's spec, whether a person holds it, how
        many times the creator replaced its invitation, and why it waits if a bot fails."""
        return [
            {
                "seat": s.seat,
                "bot": s.bot,
                "claimed": s.claimed,
                "reinvites": s.reinvites,
                "problem": table.problems.get(s.seat),
                "standin": table.clock.standins.get(s.seat) if table.clock else None,
            }
            for s in table.seats
        ]

    def payload(
        self, table: LiveTable, seat: int | None, state: State | None = None
    ) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see of the table, with its set-up."""
        state = state or table.state
        result = None
        if state.is_terminal():
            result = {
                "winners": state.winners(),
                "returns": state.returns(),
                "scores": state.scores(),
            }
        payload = {
            "type": "view",
            "table_id": table.id,
            "game": table.game.id,
            "players": table.game.players,
            "options": table.game.public_options(),
            "open": table.open,
            "seat": seat,
            "seq": len(state._history),
            "status": status_of(state),
            "seats": self.seats_json(table),
            "result": result,
            "view": state.view(seat),
            "story": self.story(table, seat, len(state._history)),
            "recent": table.chronicle.recent(seat, len(state._history)),
            "clock": table.clock.public(None) if table.clock is not None else None,
            "undo": table.undoable(seat) if state is table.state else 0,
            "rematch": table.rematch,
        }
        if table.open:
            payload["seed"] = table.seed
        return payload

    def story(self, table: LiveTable, seat: int | None, until: int) -> list[dict[str, Any]]:
        """``seat``'s log in words, of the first ``until`` actions."""
        table.chronicle.follow(table.state._history)
        return [line.as_json() for line in table.chronicle.story(seat, until)]

    def _next_message(self, table: LiveTable, subscriber: Subscriber) -> str | None:
        """What a connection is sent now: its first whole view, then deltas."""
        if subscriber not in table.subscribers:
            return None
        made = self.rendering(table, subscriber.seat)
        sent = subscriber.sent
        if sent is made:
            return None  # nothing new since its last message
        if sent is None:
            text = made.full
        else:
            key = (subscriber.seat, id(sent))
            text = table.deltas.get(key) or delta_text(made, sent)
            table.deltas[key] = text
        subscriber.sent = made
        return text

    def _push(self, table: LiveTable, subscriber: Subscriber) -> None:
        subscriber.outbox.put_view(lambda: self._next_message(table, subscriber))

    def _broadcast(self, table: LiveTable) -> None:
        clock = self.clock_text(table)
        for subscriber in list(table.subscribers):
            if clock is not None:
                subscriber.outbox.put(clock)
            self._push(table, subscriber)

    def _presence(self, table: LiveTable) -> str:
        connected = [s.seat for s in table.subscribers if s.seat is not None]
        spectators = sum(1 for s in table.subscribers if s.seat is None)
        for seats, watching in table.remote_presence.values():
            connected.extend(seats)
            spectators += watching
        return presence_text(connected, spectators)

    def _presence_changed(self, table: LiveTable, new: Subscriber | None = None) -> None:
        """Tell a new connection who is here now, and everyone the change a moment later:
        changes within ``presence_delay_s`` go out as one message (a crowd connecting and
        leaving costs one message per connection per delay, not one per change)."""
        if new is not None:
            new.outbox.put(self._presence(table))
        self._note_presence(table)
        if table.presence_pending:
            return
        table.presence_pending = True
        asyncio.get_running_loop().call_later(
            self.settings.presence_delay_s, self._flush_presence, table
        )

    def _flush_presence(self, table: LiveTable) -> None:
        table.presence_pending = False
        text = self._presence(table)
        for subscriber in list(table.subscribers):
            subscriber.outbox.put(text)
        if self.store.shared:
            local = sorted({s.seat for s in table.subscribers if s.seat is not None})
            watching = sum(1 for s in table.subscribers if s.seat is None)
            detail = f"{self.name} {','.join(map(str, local))} {watching}"
            self._spawn(self.db(self.store.announce, f"presence {table.id} {detail}"))

    def _remote_presence(self, table: LiveTable, detail: str) -> None:
        parts = detail.split(" ")
        if len(parts) != 3 or parts[0] == self.name:
            return
        seats = {int(s) for s in parts[1].split(",") if s.isdigit()}
        watching = int(parts[2]) if parts[2].isdigit() else 0
        table.remote_presence[parts[0]] = (seats, watching)
        self._note_presence(table)
        text = self._presence(table)
        for subscriber in list(table.subscribers):
            subscriber.outbox.put(text)

    def subscribe(self, table: LiveTable, seat: int | None, token: str | None) -> Subscriber:
        """Watch a table: this connection gets its whole view, then the presence; everyone
        else only hears of the presence change."""
        if len(table.subscribers) >= self.settings.max_connections_per_table:
            raise TooMany(f"this table has {len(table.subscribers)} connections, the most it takes")
        subscriber = Subscriber(seat, hash_token(token) if token else None, Outbox())
        table.subscribers.add(subscriber)
        first = self._next_message(table, subscriber)
        if first is not None:
            subscriber.outbox.put(first)  # queued before the presence message below
        clock = self.clock_text(table)
        if clock is not None:
            subscriber.outbox.put(clock)
        self._presence_changed(table, subscriber)
        return subscriber

    def unsubscribe(self, table: LiveTable, subscriber: Subscriber) -> None:
        """Stop watching."""
        if subscriber in table.subscribers:
            table.subscribers.discard(subscriber)
            self._presence_changed(table)

    # --- replays ----------------------------------------------------------------------------
    def replay_cost(self, table: LiveTable, step: int) -> int:
        """The rate-limit cost of showing ``step`` (entries to replay from a snapshot)."""
        return self.snapshots.cost(table.id, max(0, min(step, table.length)))

    def replay_reader(
        self, table: LiveTable, seat: int | None, seen_by: str | None, reveal: bool
    ) -> int | None:
        """Whose eyes a replay uses: the caller's own seat (a spectator's) while the game goes
        on; once it is over, any seat (``seen_by``: a number or "spectator"), and ``reveal``
        may show what was hidden. ``Forbidden`` for either before the end."""
        if seen_by is None:
            reader = seat
        elif seen_by == "spectator":
            reader = None
        elif seen_by.isdigit() and int(seen_by) < table.game.players:
            reader = int(seen_by)
        else:
            raise TableError(
                f"as: a seat from 0 to {table.game.players - 1} or 'spectator', "
                f"not {seen_by[:12]!r}"
            )
        if not table.state.is_terminal() and (reveal or reader != seat):
            raise Forbidden("only a finished game's replay shows other seats' eyes or hidden cards")
        return reader

    async def replay_view(
        self, table: LiveTable, seat: int | None, step: int, reveal: bool = False
    ) -> dict[str, Any]:
        """``seat``'s view after the first ``step`` log entries (for the replay viewer): what
        that seat could see at that moment, nothing more; with ``reveal`` (a finished game
        only: the caller checks) also every hidden zone at that moment."""
        history = table.state.history()
        if not 0 <= step <= len(history):
            raise TableError(f"step must be between 0 and {len(history)}, got {step}")
        state = await asyncio.to_thread(
            self.snapshots.state_at, table.id, table.game, history, step
        )
        message = self.payload(table, seat, state)
        message["type"] = "replay"
        message["step"] = step
        message["length"] = len(history)
        if reveal and table.state.is_terminal():
            message["revealed"] = await asyncio.to_thread(state.revealed)
            message["actions"] = history[max(0, step - 40) : step]
            message["actions_from"] = max(0, step - 40)
        return message


def _rng(seed: int) -> random.Random:
    return random.Random(seed)
