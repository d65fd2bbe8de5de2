"""Turn clocks and stand-in bots: a table's optional time control.

A table may give each person a clock (minutes for the game, plus seconds added each time their
turn passes on) and a limit on how long a person may be gone while it is their turn. When a
clock runs out, or the person has been away longer than the table allows, a bot takes the seat
(a stand-in, of the table's level) and plays on; the person takes the seat back whenever they
return. Everything here is pure bookkeeping over wall-clock milliseconds; the hub (tables.py)
arms the timers, stores the clock with the log and tells everyone.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from theomachy.server.schemas import ClockSpec

GRACE_MS = 60_000
"""Time a person who takes their seat back with an empty clock gets for the turn at hand."""


def now_ms() -> int:
    """The wall clock in milliseconds (stored: it must mean the same after a restart)."""
    return int(time.time() * 1000)


@dataclass
class Clock:
    """A table's clocks: each seat's time left, since when the seat to play has been
    thinking, and which seats a stand-in bot plays (seat -> "time" or "away")."""

    minutes: float | None
    increment: int
    away: int | None
    bot: str
    left_ms: list[int]
    since_ms: int
    standins: dict[int, str] = field(default_factory=dict)

    @classmethod
    def start(cls, spec: ClockSpec, players: int, bot: str) -> Clock:
        """A fresh clock for a new table."""
        full = int(spec.minutes * 60_000) if spec.minutes is not None else 0
        return cls(spec.minutes, spec.increment, spec.away, bot, [full] * players, now_ms())

    def spec(self) -> ClockSpec:
        """The time control this clock was made from (a rematch keeps it)."""
        return ClockSpec(
            minutes=self.minutes, increment=self.increment, away=self.away, bot=self.bot
        )

    # --- storage ----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The clock as stored with the table."""
        return {
            "minutes": self.minutes,
            "increment": self.increment,
            "away": self.away,
            "bot": self.bot,
            "left_ms": list(self.left_ms),
            "since_ms": self.since_ms,
            "standins": {str(seat): why for seat, why in self.standins.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Clock | None:
        """A stored clock (None: the table has none)."""
        if not data:
            return None
        return cls(
            data.get("minutes"),
            int(data.get("increment", 0)),
            data.get("away"),
            str(data.get("bot")),
            [int(x) for x in data.get("left_ms", [])],
            int(data.get("since_ms", now_ms())),
            {int(seat): str(why) for seat, why in dict(data.get("standins", {})).items()},
        )

    # --- time -------------------------------------------------------------------------------
    @property
    def timed(self) -> bool:
        """Whether the table counts time (not only absences)."""
        return self.minutes is not None

    def charge(self, seat: int | None, passed: bool, at: int | None = None) -> None:
        """A move was made at ``at`` by ``seat`` (a person's seat: its thinking time is taken
        from its clock, and the increment added when ``passed``, the turn went to someone
        else; None for a bot, a stand-in or chance: nobody pays). The next turn starts now."""
        at = now_ms() if at is None else at
        if seat is not None and self.timed and seat not in self.standins:
            spent = max(0, at - self.since_ms)
            self.left_ms[seat] = max(0, self.left_ms[seat] - spent)
            if passed:
                self.left_ms[seat] += self.increment * 1000
        self.since_ms = at

    def left(self, seat: int, running: int | None, at: int | None = None) -> int:
        """``seat``'s time left at ``at``, counting the turn in progress if it is running."""
        at = now_ms() if at is None else at
        left = self.left_ms[seat]
        if seat == running and seat not in self.standins:
            left -= max(0, at - self.since_ms)
        return max(0, left)

    def due(self, seat: int, gone_since_ms: int | None) -> tuple[int, str] | None:
        """When (ms) a stand-in takes ``seat``, the person to play, and why ("time" or
        "away"); None when nothing would: no clock, not gone."""
        if seat in self.standins:
            return None
        moments: list[tuple[int, str]] = []
        if self.timed:
            moments.append((self.since_ms + self.left_ms[seat], "time"))
        if self.away is not None and gone_since_ms is not None:
            moments.append((max(self.since_ms, gone_since_ms) + self.away * 1000, "away"))
        return min(moments) if moments else None

    def take_over(self, seat: int, why: str, at: int | None = None) -> None:
        """A stand-in plays ``seat`` from now (its clock stops where it is: empty when
        the reason is the time, whatever a stepped wall clock says)."""
        at = now_ms() if at is None else at
        if self.timed:
            self.left_ms[seat] = 0 if why == "time" else self.left(seat, seat, at)
        self.standins[seat] = why
        self.since_ms = at

    def give_back(self, seat: int, at: int | None = None) -> None:
        """The person plays ``seat`` again; an empty clock gets a minute's grace."""
        self.standins.pop(seat, None)
        if self.timed and self.left_ms[seat] <= 0:
            self.left_ms[seat] = max(GRACE_MS, self.increment * 1000)
        self.since_ms = now_ms() if at is None else at

    def public(self, running: int | None, at: int | None = None) -> dict[str, Any]:
        """What every seat and spectator is told, as of ``at``: each seat's time left, whose
        clock runs, the table's settings and the stand-ins with their reasons."""
        at = now_ms() if at is None else at
        return {
            "minutes": self.minutes,
            "increment": self.increment,
            "away": self.away,
            "left_ms": [self.left(s, running, at) for s in range(len(self.left_ms))]
            if self.timed
            else None,
            "running": running if running is not None and running not in self.standins else None,
            "standins": {str(seat): why for seat, why in self.standins.items()},
        }
