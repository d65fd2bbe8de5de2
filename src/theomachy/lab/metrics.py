"""Design metrics of a set of lab games: how long games run, how early the winner is clear,
how often the lead changes hands, draws, seat advantage, how games end, and who beats whom.

Every function takes the rows a lab run stores (``lab.runner.play_game``); rows written
before a metric existed simply do not count toward it.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from itertools import pairwise
from typing import Any, NamedTuple

Row = dict[str, Any]


class Lengths(NamedTuple):
    """The distribution of game lengths (actions, chance included)."""

    games: int
    mean: float
    p10: float
    median: float
    p90: float
    shortest: int
    longest: int


def lengths(rows: list[Row]) -> Lengths:
    """Summary of the games' lengths."""
    values = sorted(int(r["length"]) for r in rows)
    if not values:
        return Lengths(0, 0.0, 0.0, 0.0, 0.0, 0, 0)
    deciles = statistics.quantiles(values, n=10, method="inclusive") if len(values) > 1 else []
    p10, p90 = (deciles[0], deciles[-1]) if deciles else (values[0], values[0])
    return Lengths(
        len(values),
        statistics.fmean(values),
        p10,
        statistics.median(values),
        p90,
        values[0],
        values[-1],
    )


def winner_of(row: Row) -> int | None:
    """The one winner of a decided game; None for a draw, a shared win or no winner."""
    winners = list(row["winners"])
    return int(winners[0]) if len(winners) == 1 else None


def draw_rate(rows: list[Row]) -> tuple[int, int]:
    """(games not won by exactly one seat, games)."""
    return sum(1 for r in rows if winner_of(r) is None), len(rows)


class Lead(NamedTuple):
    """Decisiveness and lead changes over the games that recorded who led."""

    games: int
    # Median fraction of a decided game after which its winner led for good (0: from the
    # start; 1: only at the end). Lower means the winner was clear earlier.
    settled_median: float
    # Share of decided games whose winner already led at the halfway mark and kept the lead.
    settled_by_half: float
    lead_changes_mean: float


def settled_at(leaders: list[int], winner: int) -> float:
    """The fraction of the game from which ``winner`` led at every later sample (1.0 when
    it never led at the samples)."""
    if not leaders:
        return 1.0
    last_other = -1
    for index, leader in enumerate(leaders):
        if leader != winner:
            last_other = index
    return (last_other + 1) / len(leaders)


def lead_changes(leaders: list[int]) -> int:
    """How many times the leader changed hands (ties are skipped, not counted)."""
    clear = [leader for leader in leaders if leader >= 0]
    return sum(1 for a, b in pairwise(clear) if a != b)


def lead(rows: list[Row]) -> Lead | None:
    """Decisiveness and lead changes, or None where no game recorded who led."""
    tracked = [r for r in rows if r.get("leaders")]
    if not tracked:
        return None
    decided = [(r["leaders"], w) for r in tracked if (w := winner_of(r)) is not None]
    settled = [settled_at(list(leaders), w) for leaders, w in decided]
    return Lead(
        len(tracked),
        statistics.median(settled) if settled else 1.0,
        sum(1 for s in settled if s <= 0.5) / len(settled) if settled else 0.0,
        statistics.fmean(lead_changes(list(r["leaders"])) for r in tracked),
    )


def endings(rows: list[Row], known: tuple[str, ...] = ()) -> list[tuple[str, int]]:
    """How many games ended each way: every ending the game declares (``known``, zero
    included, so an unreachable one shows), then any other recorded one."""
    counted = Counter(str(r["ending"]) for r in rows if r.get("ending"))
    names = list(known) + sorted(e for e in counted if e not in known)
    return [(name, counted.get(name, 0)) for name in names]


def game_feature_counts(rows: list[Row], feature: str) -> list[tuple[str, int]]:
    """How many games had each value of a feature of the whole game (a scenario, the
    draft's first pick), most frequent first; games without it (no value, "") left out."""
    counted = Counter(
        value for r in rows if isinstance(value := r.get(f"feature_{feature}"), str) and value
    )
    return sorted(counted.items(), key=lambda item: (-item[1], item[0]))


def faction_values(row: Row, feature: str) -> list[str] | None:
    """Each seat's faction in ``row`` by a per-seat feature (a list holds one value per
    seat; a seat whose value is itself a list is named by its values joined)."""
    per_seat = row.get(f"feature_{feature}")
    if not isinstance(per_seat, list) or len(per_seat) != len(row["returns"]):
        return None
    return ["+".join(map(str, v)) if isinstance(v, list) else str(v) for v in per_seat]


def matrix(rows: list[Row], feature: str) -> tuple[list[str], list[list[tuple[float, int]]]]:
    """Who beats whom: for each ordered pair of factions met in two-seat games, the row
    faction's score against the column faction and the number of games."""
    score: dict[tuple[str, str], float] = defaultdict(float)
    count: dict[tuple[str, str], int] = defaultdict(int)
    for row in rows:
        values = faction_values(row, feature)
        if values is None or len(values) != 2:
            continue
        for seat in (0, 1):
            pair = (values[seat], values[1 - seat])
            score[pair] += row["returns"][seat]
            count[pair] += 1
    names = sorted({name for pair in count for name in pair})
    table = [
        [
            (score[(a, b)] / count[(a, b)] if count[(a, b)] else float("nan"), count[(a, b)])
            for b in names
        ]
        for a in names
    ]
    return names, table
