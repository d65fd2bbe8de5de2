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
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
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
    seed: Mapped[int] = mapped_column(Integer)
    length: Mapped[int] = mapped_column(Integer, default=0)
    status: Mapped[str] = mapped_column(String(16), default="playing", index=True)
    # Who the table waits for: "seat", "bot", "chance" or "none" (finished); lets a restarted
    # server find the tables it must drive itself without replaying every table.
    waiting: Mapped[str] = mapped_column(String(16), default="seat")
    winners: Mapped[list[int]] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class SeatRow(Base):
    """One seat: a person's (with the hash of its token) or a bot's (with its agent spec)."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
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


class LogConflict(RuntimeError):
    """The log in the database is not the length the writer expected (someone else wrote)."""


@dataclass(frozen=True)
class Seat:
    """A seat as stored: ``token_hash`` for a person, ``bot`` (an agent spec) for a bot."""

    seat: int
    token_hash: str | None
    bot: str | None


@dataclass(frozen=True)
class TableSummary:
    """A table as the lobby lists it (no log, no secrets)."""

    id: str
    game: str
    players: int
    options: dict[str, Any]
    status: str
    winners: list[int]
    created_at: datetime
    updated_at: datetime
    length: int
    bots: dict[int, str]


@dataclass(frozen=True)
class TableRecord(TableSummary):
    """A table as stored, with its seed, seats and whole log."""

    seed: int
    waiting: str
    seats: tuple[Seat, ...]
    actions: tuple[str, ...]


def _summary_fields(row: TableRow) -> dict[str, Any]:
    return {
        "id": row.id,
        "game": row.game,
        "players": row.players,
        "options": dict(row.options),
        "status": row.status,
        "winners": list(row.winners),
        "created_at": _utc(row.created_at),
        "updated_at": _utc(row.updated_at),
        "length": row.length,
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
        engine = create_engine(url, connect_args={"check_same_thread": False})

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
    return create_engine(url, pool_pre_ping=True)


class Store:
    """Tables, seats and action logs in a SQL database. Methods are synchronous; the server
    calls them from one worker thread."""

    def __init__(self, url: str | None = None) -> None:
        self.url = url or default_url()
        self.engine = make_engine(self.url)
        Base.metadata.create_all(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

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
                    length=0,
                    status="playing",
                    waiting=waiting,
                    winners=[],
                    created_at=stamp,
                    updated_at=stamp,
                )
            )
            session.flush()
            for seat in seats:
                session.add(
                    SeatRow(
                        table_id=table_id, seat=seat.seat, token_hash=seat.token_hash, bot=seat.bot
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
    ) -> None:
        """Append ``(action, actor)`` entries to a log of ``expected_length`` entries and
        update the table's listing columns, all in one transaction; ``LogConflict`` (nothing
        written) if the stored log has another length."""
        stamp = now()
        # SQLAlchemy Core, not the ORM session: this is the server's hottest write path, and
        # one UPDATE plus one multi-row INSERT costs about a third of the ORM unit of work.
        with self.engine.begin() as connection:
            result = connection.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.length == expected_length)
                .values(
                    length=expected_length + len(entries),
                    status=status,
                    waiting=waiting,
                    winners=winners,
                    updated_at=stamp,
                )
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

    def load(self, table_id: str) -> TableRecord | None:
        """A table with its seats and whole log, or None if there is no such table."""
        with self._sessions() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).all()
            actions = session.scalars(
                select(ActionRow.action)
                .where(ActionRow.table_id == table_id)
                .order_by(ActionRow.seq)
            ).all()
            return TableRecord(
                **_summary_fields(row),
                bots={s.seat: s.bot for s in seats if s.bot is not None},
                seed=row.seed,
                waiting=row.waiting,
                seats=tuple(Seat(s.seat, s.token_hash, s.bot) for s in seats),
                actions=tuple(actions),
            )

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

    def tables_waiting_on_server(self) -> list[str]:
        """Unfinished tables whose next move is the server's (a bot's or chance's): after a
        restart the server resumes them itself."""
        with self._sessions() as session:
            return list(
                session.scalars(
                    select(TableRow.id).where(
                        TableRow.status == "playing", TableRow.waiting.in_(("bot", "chance"))
                    )
                )
            )

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
