"""Game records on disk: ``DIR/games.parquet`` is a Parquet dataset (a folder of part files),
so a run appends by adding a part, atomically, and an interrupted run loses nothing written."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

DATASET = "games.parquet"


def dataset_path(out: Path | str) -> Path:
    """Where a run's games live."""
    return Path(out) / DATASET


def append_games(out: Path | str, rows: list[dict[str, Any]]) -> None:
    """Write ``rows`` as a new part file (temp file, then rename: never half written)."""
    if not rows:
        return
    import pyarrow as pa
    import pyarrow.parquet as pq

    folder = dataset_path(out)
    folder.mkdir(parents=True, exist_ok=True)
    table = pa.Table.from_pylist(rows)
    name = f"part-{min(r['game_index'] for r in rows):08d}-{uuid.uuid4().hex[:8]}.parquet"
    temporary = folder / f".{name}.tmp"
    pq.write_table(table, temporary)
    os.replace(temporary, folder / name)


def read_games(out: Path | str) -> list[dict[str, Any]]:
    """Every stored game, sorted by index (an empty list when there are none)."""
    import pyarrow.parquet as pq

    folder = dataset_path(out)
    if not folder.exists():
        return []
    rows: list[dict[str, Any]] = []
    for part in sorted(folder.glob("part-*.parquet")):
        rows.extend(pq.read_table(part).to_pylist())
    rows.sort(key=lambda r: r["game_index"])
    return rows


def compact(out: Path | str) -> int:
    """Rewrite the dataset as one part with one row per game index (the first stored),
    dropping duplicates left by runs that overlapped before runs were locked; returns how
    many rows were dropped."""
    folder = dataset_path(out)
    parts = sorted(folder.glob("part-*.parquet"))
    rows = read_games(out)
    unique: dict[int, dict[str, Any]] = {}
    for row in rows:
        unique.setdefault(row["game_index"], row)
    if len(unique) == len(rows) and len(parts) <= 1:
        return 0
    append_games(out, list(unique.values()))
    for part in parts:
        part.unlink()
    return len(rows) - len(unique)


@contextmanager
def exclusive(out: Path | str) -> Iterator[None]:
    """Hold the folder's lock while a run writes to it; a second run fails at once."""
    import fcntl

    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / ".lock").open("w") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ValueError(f"another lab run is writing {folder}; wait for it to end") from None
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def done_indices(out: Path | str) -> set[int]:
    """Indices of the games already stored (a resumed run skips them)."""
    import pyarrow.parquet as pq

    folder = dataset_path(out)
    if not folder.exists():
        return set()
    done: set[int] = set()
    for part in folder.glob("part-*.parquet"):
        done.update(pq.read_table(part, columns=["game_index"]).column(0).to_pylist())
    return done
