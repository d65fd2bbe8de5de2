"""Persistence of tables: SQLAlchemy over SQLite (default) or PostgreSQL (by URL).

The action log is the truth. A table row holds its set-up (game, players, options, seed, bot
seats) and a few columns derived from the log for listing (length, status, who is waiting);
the ``actions`` table holds every applied action, chance outcomes included, numbered from 0.
``append`` writes new actions and the derived columns in one transaction that first checks the
log length it expects, so a log can never fork or lose an entry. Nothing here knows the rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError, ProgrammingError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

DEFAULT_DB_PATH = Path("var") / "theomachy.sqlite3"


class Base(DeclarativeBase):
    """Declarative base of the server's tables."""


class TableRow(Base):
    """A game table: its set-up and the listing columns derived from its log."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # 64-bit: the server draws 62-bit seeds (a 32-bit column refused them on PostgreSQL).
    seed: Mapped[int] = mapped_column(BigInteger)
    # The chance secret mixed into the seed (hex, never sent to anyone); None for an open
    # table, whose seed alone makes its chance, and for tables made before secrets existed.
    secret: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    # An open table is for analysis: its creator chose the seed or a secret set-up, and every
    # seat is told that hidden information is predictable there.
    open: Mapped[bool] = mapped_column(Boolean, default=False)
    # The hash of the creator's host credential (re-invites a seat), and of the creator's
    # address (quotas); neither is ever shown.
    host_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    owner: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None, index=True)
    bot_count: Mapped[int] = mapped_column(Integer, default=0)
    # Which server process drives the table's bots and chance, and until when.
    driver: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    lease_until: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, default=None
    )
    length: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default="playing", index=True)
    # Who the table waits for: "seat", "bot", "chance" or "none" (finished); lets a restarted
    # server find the tables it must drive itself without replaying every table.
    waiting: Mapped[str] = mapped_column(String(16), default="seat")
    winners: Mapped[list[int]] = mapped_column(JSON, default=list)
    # What the winners are called at the end ("Norse", "Zeus"), for the lobby's list; null
    # for a game that names no seat and for tables finished before this column.
    winner_names: Mapped[list[str] | None] = mapped_column(JSON, nullable=True, default=None)
    # The table of the rematch, once a seat asked for one (the same seats, the next seed).
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True, default=None)
    # The table's time control and its clocks (server/clocks.py), stored with every move;
    # null for a table without one.
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True, default=None)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class SeatRow(Base):
    """One seat: a person's (the hash of its invitation, and of its credential once someone
    claimed it) or a bot's (with its agent spec)."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    # The seat credential's hash: None until the invitation is claimed (or after a re-invite).
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    # How many times the creator replaced the seat's invitation: public, so a creator who
    # took a seat to look at its hidden cards and then handed it on cannot do so unseen.
    reinvites: Mapped[int] = mapped_column(Integer, default=0)
    bot: Mapped[str | None] = mapped_column(String(200), nullable=True)


class ActionRow(Base):
    """One entry of a table's action log."""

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    action: Mapped[str] = mapped_column(Text)
    # The seat that chose it, or -1 for a chance outcome resolved by the server.
    actor: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    """One table chat message: who wrote it (a seat, or None for a spectator) and its text."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class ChatMessage:
    """A chat message as clients get it."""

    id: int
    seat: int | None
    text: str
    at: datetime

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "seat": self.seat, "text": self.text, "at": self.at.isoformat()}


class LogConflict(RuntimeError):
    """The log in the database is not the length the writer expected (someone else wrote)."""


@dataclass(frozen=True)
class Seat:
    """A seat as stored: for a person the hashes of its invitation and (once claimed) of its
    credential; ``bot`` (an agent spec) for a bot."""

    seat: int
    token_hash: str | None
    bot: str | None
    invite_hash: str | None = None
    reinvites: int = 0

    @property
    def claimed(self) -> bool:
        """Whether a person holds this seat (bots always do)."""
        return self.bot is not None or self.token_hash is not None


@dataclass(frozen=True)
class TableSummary:
    """A table as the lobby lists it (no log, no secrets)."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    status: str
    winners: list[int]
    winner_names: list[str] | None
    created_at: datetime
    updated_at: datetime
    length: int
    open: bool
    bots: dict[int, str]


@dataclass(frozen=True)
class TableRecord(TableSummary):
    """A table as stored, with its seed, secret, seats and whole log."""

    seed: int
    secret: str | None
    host_hash: str | None
    owner: str | None
    waiting: str
    seats: tuple[Seat, ...]
    actions: tuple[str, ...]
    # Who chose each entry: a seat, or -1 for a chance outcome.
    actors: tuple[int, ...] = ()
    rematch: str | None = None
    clock: dict[str, Any] | None = None


def server_played(players: int, bots: int, clocked: bool) -> int:
    """How many seats of a table the server may play, for the client's bot quota: its bots
    and, at a table with a clock, every person's seat (a stand-in may take any of them)."""
    return players if clocked else bots


def _summary_fields(row: TableRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "players": row.players,
        "options": dict(row.options),
        "status": row.status,
        "winners": list(row.winners),
        "winner_names": list(row.winner_names) if row.winner_names is not None else None,
        "created_at": _utc(row.created_at),
        "updated_at": _utc(row.updated_at),
        "length": row.length,
        "open": bool(row.open),
    }


def _utc(moment: datetime) -> datetime:
    # SQLite gives back naive datetimes; every stored time is UTC.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def now() -> datetime:
    """The current time in UTC."""
    return datetime.now(UTC)


def default_url() -> str:
    """SQLite in a file under ``./var/``."""
    return f"sqlite:///{DEFAULT_DB_PATH}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL journaling so readers never block the writer and
    a killed process loses nothing it committed."""
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # hide_parameters: a logged database error must not carry secrets or hidden draws.
        engine = create_engine(url, connect_args={"check_same_thread": False}, hide_parameters=True)

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            # NORMAL under WAL survives any crash of the process (kill -9); only a power cut
            # can lose the last transactions.
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    # A steady pool: the load bench saw a pool of 5 (plus 10 overflow) open and close hundreds
    # of connections a minute under load; database threads hold at most a dozen at once.
    return create_engine(
        url, pool_pre_ping=True, pool_size=12, max_overflow=4, hide_parameters=True
    )


NOTIFY_CHANNEL = "theomachy"

# Columns added since the first release, with their SQL type: a database made by an older
# server gets them on start (nothing stored is lost; old seats keep their tokens).
_ADDED_COLUMNS: dict[str, dict[str, str]] = {
    "tables": {
        "secret": "VARCHAR(64)",
        "open": "BOOLEAN DEFAULT FALSE",
        "host_hash": "VARCHAR(64)",
        "owner": "VARCHAR(64)",
        "bot_count": "INTEGER DEFAULT 0",
        "driver": "VARCHAR(64)",
        "lease_until": "TIMESTAMP WITH TIME ZONE",
        "winner_names": "JSON",
        "rematch": "VARCHAR(32)",
        "clock": "JSON",
    },
    "seats": {"invite_hash": "VARCHAR(64)", "reinvites": "INTEGER DEFAULT 0"},
}


def migrate(engine: Engine) -> None:
    """Bring a database written by an older server up to date, in place."""
    inspector = inspect(engine)
    with engine.begin() as connection:
        for table, columns in _ADDED_COLUMNS.items():
            present = {column["name"] for column in inspector.get_columns(table)}
            for name, kind in columns.items():
                if name not in present:
                    connection.execute(text(f'ALTER TABLE {table} ADD COLUMN "{name}" {kind}'))
        if engine.dialect.name == "postgresql":
            seed = {c["name"]: c for c in inspector.get_columns("tables")}["seed"]
            if not isinstance(seed["type"], BigInteger):
                connection.execute(text("ALTER TABLE tables ALTER COLUMN seed TYPE BIGINT"))


class Store:
    """Tables, seats and action logs in a SQL database. Methods are synchronous; the server
    calls them from worker threads."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine = make_engine(self.url)
        try:
            Base.metadata.create_all(self.engine)
        except (IntegrityError, ProgrammingError):
            # Another server process created the schema at the same moment: it is there now.
            Base.metadata.create_all(self.engine)
        migrate(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    @property
    def shared(self) -> bool:
        """Whether other server processes may use this database at the same time (and so
        changes are announced with NOTIFY): PostgreSQL yes, SQLite no."""
        return self.engine.dialect.name == "postgresql"

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    def create_table(
        self,
        table_id: str,
        game: str,
        players: int,
        options: dict[str, Any],
        seed: int,
        seats: Sequence[Seat],
        waiting: str,
        *,
        secret: str | None = None,
        open_table: bool = False,
        host_hash: str | None = None,
        owner: str | None = None,
        clock: dict[str, Any] | None = None,
    ) -> None:
        """Store a new table with an empty log."""
        stamp = now()
        with self._sessions.begin() as session:
            session.add(
                TableRow(
                    id=table_id,
                    game=game,
                    players=players,
                    options=options,
                    seed=seed,
                    secret=secret,
                    open=open_table,
                    host_hash=host_hash,
                    owner=owner,
                    bot_count=server_played(
                        len(seats), sum(1 for s in seats if s.bot is not None), clock is not None
                    ),
                    length=0,
                    status="playing",
                    waiting=waiting,
                    winners=[],
                    clock=clock,
                    created_at=stamp,
                    updated_at=stamp,
                )
            )
            session.flush()
            for seat in seats:
                session.add(
                    SeatRow(
                        table_id=table_id,
                        seat=seat.seat,
                        token_hash=seat.token_hash,
                        invite_hash=seat.invite_hash,
                        bot=seat.bot,
                    )
                )

    def append(
        self,
        table_id: str,
        expected_length: int,
        entries: Sequence[tuple[str, int]],
        status: str,
        waiting: str,
        winners: list[int],
        winner_names: list[str] | None = None,
        clock: dict[str, Any] | None = None,
    ) -> None:
        """Append ``(action, actor)`` entries to a log of ``expected_length`` entries and
        update the table's listing columns, all in one transaction; ``LogConflict`` (nothing
        written) if the stored log has another length. On PostgreSQL the same transaction
        announces the new length (NOTIFY), so other server processes push it too."""
        stamp = now()
        # SQLAlchemy Core, not the ORM session: this is the server's hottest write path, and
        # one UPDATE plus one multi-row INSERT costs about a third of the ORM unit of work.
        values: dict[str, Any] = {
            "length": expected_length + len(entries),
            "status": status,
            "waiting": waiting,
            "winners": winners,
            "winner_names": winner_names,
            "updated_at": stamp,
        }
        if clock is not None:
            values["clock"] = clock
        with self.engine.begin() as connection:
            result = connection.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.length == expected_length)
                .values(**values)
            )
            if result.rowcount != 1:
                raise LogConflict(
                    f"table {table_id}: the stored log is not {expected_length} entries long"
                )
            if entries:
                connection.execute(
                    insert(ActionRow),
                    [
                        {
                            "table_id": table_id,
                            "seq": expected_length + offset,
                            "action": action,
                            "actor": actor,
                            "at": stamp,
                        }
                        for offset, (action, actor) in enumerate(entries)
                    ],
                )
            self._notify(connection, f"log {table_id} {expected_length + len(entries)}")

    def take_back(
        self, table_id: str, expected_length: int, length: int, status: str, waiting: str
    ) -> None:
        """Cut a log of ``expected_length`` entries back to its first ``length`` (a seat took
        its latest moves back within its turn), in one transaction; ``LogConflict`` (nothing
        written) if the stored log has another length. Other processes hear ``undo``."""
        with self.engine.begin() as connection:
            result = connection.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.length == expected_length)
                .values(
                    length=length,
                    status=status,
                    waiting=waiting,
                    winners=[],
                    winner_names=None,
                    updated_at=now(),
                )
            )
            if result.rowcount != 1:
                raise LogConflict(
                    f"table {table_id}: the stored log is not {expected_length} entries long"
                )
            connection.execute(
                delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.seq >= length)
            )
            self._notify(connection, f"undo {table_id} {length}")

    def clock(self, table_id: str) -> dict[str, Any] | None:
        """A table's stored clock (None: it has none)."""
        with self._sessions() as session:
            found = session.scalar(select(TableRow.clock).where(TableRow.id == table_id))
            return dict(found) if found else None

    def set_clock(self, table_id: str, clock: dict[str, Any]) -> None:
        """Store a table's clock (a stand-in took a seat, or its person took it back); other
        processes hear ``seats``, and reload the seats and the clock."""
        with self.engine.begin() as connection:
            connection.execute(update(TableRow).where(TableRow.id == table_id).values(clock=clock))
            self._notify(connection, f"seats {table_id}")

    def _notify(self, connection: Any, message: str) -> None:
        if self.shared:
            connection.execute(
                text("SELECT pg_notify(:channel, :message)"),
                {"channel": NOTIFY_CHANNEL, "message": message},
            )

    def announce(self, message: str) -> None:
        """Tell the other server processes something (no-op on SQLite)."""
        if self.shared:
            with self.engine.begin() as connection:
                self._notify(connection, message)

    def load(self, table_id: str) -> TableRecord | None:
        """A table with its seats and whole log, or None if there is no such table."""
        with self._sessions() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = self._seats(session, table_id)
            log = session.execute(
                select(ActionRow.action, ActionRow.actor)
                .where(ActionRow.table_id == table_id)
                .order_by(ActionRow.seq)
            ).all()
            return TableRecord(
                **_summary_fields(row),
                bots={s.seat: s.bot for s in seats if s.bot is not None},
                seed=row.seed,
                secret=row.secret,
                host_hash=row.host_hash,
                owner=row.owner,
                waiting=row.waiting,
                seats=seats,
                actions=tuple(entry.action for entry in log),
                actors=tuple(entry.actor for entry in log),
                rematch=row.rematch,
                clock=row.clock,
            )

    @staticmethod
    def _seats(session: Any, table_id: str) -> tuple[Seat, ...]:
        rows = session.scalars(
            select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
        ).all()
        return tuple(
            Seat(s.seat, s.token_hash, s.bot, s.invite_hash, s.reinvites or 0) for s in rows
        )

    def seats(self, table_id: str) -> tuple[Seat, ...]:
        """A table's seats as stored now."""
        with self._sessions() as session:
            return self._seats(session, table_id)

    def actions_from(self, table_id: str, start: int) -> list[str]:
        """The log entries from position ``start`` on."""
        with self._sessions() as session:
            return list(
                session.scalars(
                    select(ActionRow.action)
                    .where(ActionRow.table_id == table_id, ActionRow.seq >= start)
                    .order_by(ActionRow.seq)
                ).all()
            )

    def claim_seat(self, table_id: str, seat: int, token_hash: str, invite_hash: str) -> bool:
        """Give an unclaimed person's seat its credential, if ``invite_hash`` is still its
        invitation; False if someone claimed it first or the invitation was replaced (the
        check and the write are one statement, so two claims never both win, and a claim
        racing a re-invite never takes the seat with the old invitation)."""
        with self.engine.begin() as connection:
            result = connection.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.bot.is_(None),
                    SeatRow.token_hash.is_(None),
                    SeatRow.invite_hash == invite_hash,
                )
                .values(token_hash=token_hash)
            )
            claimed = result.rowcount == 1
            if claimed:
                self._notify(connection, f"seats {table_id}")
            return claimed

    def add_chat(self, table_id: str, seat: int | None, text: str) -> ChatMessage:
        """Store a chat message (other processes hear of it) and return it."""
        stamp = now()
        with self._sessions.begin() as session:
            row = ChatRow(table_id=table_id, seat=seat, text=text, at=stamp)
            session.add(row)
            session.flush()
            message = ChatMessage(row.id, seat, text, stamp)
        if self.shared:
            self.announce(f"chat {table_id} {message.id}")
        return message

    def chat(self, table_id: str, after: int = 0, limit: int = 100) -> list[ChatMessage]:
        """The table's latest ``limit`` chat messages after id ``after``, oldest first."""
        with self._sessions() as session:
            rows = session.scalars(
                select(ChatRow)
                .where(ChatRow.table_id == table_id, ChatRow.id > after)
                .order_by(ChatRow.id.desc())
                .limit(limit)
            ).all()
            return [ChatMessage(r.id, r.seat, r.text, _utc(r.at)) for r in reversed(rows)]

    def seat_holder(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Give a person's seat nobody holds the credential ``token_hash`` without its
        invitation (a rematch seats the previous game's holder); False if it is held."""
        with self.engine.begin() as connection:
            result = connection.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.bot.is_(None),
                    SeatRow.token_hash.is_(None),
                )
                .values(token_hash=token_hash)
            )
            seated = result.rowcount == 1
            if seated:
                self._notify(connection, f"seats {table_id}")
            return seated

    def rematch_of(self, table_id: str) -> str | None:
        """The table's rematch, if a seat asked for one."""
        with self._sessions() as session:
            chosen = session.scalar(select(TableRow.rematch).where(TableRow.id == table_id))
            return str(chosen) if chosen is not None else None

    def set_rematch(self, table_id: str, rematch_id: str) -> str | None:
        """Record ``rematch_id`` as the table's rematch unless it has one; the one it has
        now (two seats asking at once agree on the first)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.rematch.is_(None))
                .values(rematch=rematch_id)
            )
            chosen = connection.execute(
                select(TableRow.rematch).where(TableRow.id == table_id)
            ).scalar_one_or_none()
            return str(chosen) if chosen is not None else None

    def reinvite_seat(self, table_id: str, seat: int, invite_hash: str) -> bool:
        """A new invitation for a person's seat; the old claim (credential) is revoked."""
        with self.engine.begin() as connection:
            result = connection.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat, SeatRow.bot.is_(None))
                .values(
                    token_hash=None,
                    invite_hash=invite_hash,
                    reinvites=func.coalesce(SeatRow.reinvites, 0) + 1,
                )
            )
            changed = result.rowcount == 1
            if changed:
                self._notify(connection, f"seats {table_id}")
            return changed

    def take_lease(self, table_id: str, holder: str, seconds: float) -> bool:
        """Whether ``holder`` drives the table's bots and chance for the next ``seconds``: it
        does if nobody else holds an unexpired lease (then the lease is its, renewed)."""
        stamp = now()
        with self.engine.begin() as connection:
            result = connection.execute(
                update(TableRow)
                .where(
                    TableRow.id == table_id,
                    (TableRow.driver.is_(None))
                    | (TableRow.driver == holder)
                    | (TableRow.lease_until.is_(None))
                    | (TableRow.lease_until < stamp),
                )
                .values(driver=holder, lease_until=stamp + timedelta(seconds=seconds))
            )
            return result.rowcount == 1

    def release_lease(self, table_id: str, holder: str) -> None:
        """Give up driving a table (another process may take it at once)."""
        with self.engine.begin() as connection:
            connection.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.driver == holder)
                .values(driver=None, lease_until=None)
            )

    def client_load(self, owner: str, since: datetime) -> tuple[int, int]:
        """How many tables still playing, and bot seats at them, a client created that were
        active since ``since``."""
        with self._sessions() as session:
            row = session.execute(
                select(func.count(), func.coalesce(func.sum(TableRow.bot_count), 0)).where(
                    TableRow.owner == owner,
                    TableRow.status == "playing",
                    TableRow.updated_at >= since,
                )
            ).one()
            return int(row[0]), int(row[1])

    def list_tables(self, status: str | None = None, limit: int = 50) -> list[TableSummary]:
        """The most recently active tables, newest first, optionally of one status."""
        with self._sessions() as session:
            query = select(TableRow).order_by(TableRow.updated_at.desc()).limit(limit)
            if status is not None:
                query = query.where(TableRow.status == status)
            rows = session.scalars(query).all()
            ids = [row.id for row in rows]
            bots: dict[str, dict[int, str]] = {table_id: {} for table_id in ids}
            if ids:
                for seat in session.scalars(
                    select(SeatRow).where(SeatRow.table_id.in_(ids), SeatRow.bot.is_not(None))
                ):
                    bots[seat.table_id][seat.seat] = str(seat.bot)
            return [TableSummary(**_summary_fields(row), bots=bots[row.id]) for row in rows]

    def tables_waiting_on_server(self, holder: str | None = None) -> list[str]:
        """Unfinished tables whose next move is the server's (a bot's or chance's) and that no
        other process drives now: after a restart (or another process's death) the server
        resumes them itself."""
        stamp = now()
        with self._sessions() as session:
            query = select(TableRow.id).where(
                TableRow.status == "playing", TableRow.waiting.in_(("bot", "chance"))
            )
            if holder is not None:
                query = query.where(
                    (TableRow.driver.is_(None))
                    | (TableRow.driver == holder)
                    | (TableRow.lease_until.is_(None))
                    | (TableRow.lease_until < stamp)
                )
            return list(session.scalars(query))

    def tables_with_running_clocks(self) -> list[str]:
        """Unfinished tables with a time control that wait for a person: after a restart the
        server loads them, so a stand-in is still seated when their time runs out."""
        with self._sessions() as session:
            rows = session.execute(
                select(TableRow.id, TableRow.clock).where(
                    TableRow.status == "playing", TableRow.waiting == "seat"
                )
            ).all()
            # A table without a clock may hold SQL NULL or JSON null: both are falsy here.
            return [row.id for row in rows if row.clock]

    def count_actions(self, table_id: str) -> int:
        """How many log entries a table has in the database."""
        with self._sessions() as session:
            return int(
                session.scalar(
                    select(func.count())
                    .select_from(ActionRow)
                    .where(ActionRow.table_id == table_id)
                )
                or 0
            )
