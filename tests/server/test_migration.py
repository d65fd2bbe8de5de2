"""A database written by the server before invitations and secrets opens in place: nothing
stored is lost, and old seats keep their tokens."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import theomachy
from theomachy.server.auth import hash_token
from theomachy.server.storage import Store

OLD_SCHEMA = """
CREATE TABLE tables (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64), players INTEGER,
  options JSON, seed INTEGER, length INTEGER, status VARCHAR(16), waiting VARCHAR(16),
  winners JSON, created_at DATETIME, updated_at DATETIME);
CREATE TABLE seats (table_id VARCHAR(32) REFERENCES tables(id), seat INTEGER,
  token_hash VARCHAR(64), bot VARCHAR(200), PRIMARY KEY (table_id, seat));
CREATE TABLE actions (table_id VARCHAR(32) REFERENCES tables(id), seq INTEGER,
  action TEXT, actor INTEGER, at DATETIME, PRIMARY KEY (table_id, seq));
"""


def test_an_old_database_is_migrated_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as old:
        old.executescript(OLD_SCHEMA)
        old.execute(
            "INSERT INTO tables VALUES ('old', 'mythic-arena', 2, '{}', ?, 1, 'playing', "
            "'seat', '[]', '2026-11-01 10:00:00', '2026-11-01 10:00:00')",
            (2**61,),
        )
        old.execute("INSERT INTO seats VALUES ('old', 0, ?, NULL)", (hash_token("tok"),))
        old.execute("INSERT INTO seats VALUES ('old', 1, NULL, 'random')")
        old.execute("INSERT INTO actions VALUES ('old', 0, 'choose greek', 0, '2026-11-01')")
    store = Store(f"sqlite:///{path}")
    try:
        record = store.load("old")
        assert record is not None
        assert record.seed == 2**61 and record.secret is None and not record.open
        assert record.actions == ("choose greek",)
        assert record.seats[0].token_hash == hash_token("tok") and record.seats[0].claimed
        assert record.seats[1].bot == "random" and record.seats[0].reinvites == 0
        assert theomachy.load("mythic-arena").replay(record.actions).history() == ["choose greek"]
        assert record.winner_names is None  # a column added since: empty for old tables
        store.append("old", 1, [("choose norse", 1)], "playing", "seat", [])
        store.append("old", 2, [("resign", 1)], "finished", "none", [0], ["Greek"])
        assert store.load("old").winner_names == ["Greek"]  # type: ignore[union-attr]
    finally:
        store.close()
    again = Store(f"sqlite:///{path}")  # a second start finds nothing to add
    try:
        assert again.count_actions("old") == 3
    finally:
        again.close()
