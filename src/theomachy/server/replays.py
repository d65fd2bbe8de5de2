"""Replays served from snapshots: a state every ``every`` log entries, so showing any step
replays at most ``every`` entries instead of the whole game."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence

from theomachy.engine.core import Game, State


class Snapshots:
    """Per table, the states after 0, every, 2*every, ... entries, for the most recently
    replayed tables (a bounded number, so memory stays bounded)."""

    def __init__(self, every: int = 64, tables: int = 32, per_table: int = 32) -> None:
        self.every = max(1, every)
        self.capacity = tables
        # Snapshots a table keeps at most: a state copies its history, so a long game's
        # snapshots would cost memory quadratic in its length; past the cap every other one
        # goes, and a replay walks a longer stretch instead.
        self.per_table = max(2, per_table)
        self._tables: OrderedDict[str, dict[int, State]] = OrderedDict()

    def _of(self, table_id: str) -> dict[int, State]:
        found = self._tables.get(table_id)
        if found is None:
            found = self._tables[table_id] = {}
            while len(self._tables) > self.capacity:
                self._tables.popitem(last=False)
        else:
            self._tables.move_to_end(table_id)
        return found

    def forget(self, table_id: str) -> None:
        """Drop a table's snapshots."""
        self._tables.pop(table_id, None)

    def cost(self, table_id: str, step: int) -> int:
        """How many entries showing ``step`` would replay now (its rate-limit cost)."""
        known = self._tables.get(table_id, {})
        base = max((k for k in known if k <= step), default=0)
        return step - base + 1

    def state_at(self, table_id: str, game: Game, history: Sequence[str], step: int) -> State:
        """The state after the first ``step`` entries of ``history`` (a copy of its own)."""
        known = self._of(table_id)
        base = max((k for k in known if k <= step), default=0)
        state = known[base].clone() if base in known else game.new_game()
        if base == 0 and 0 not in known:
            known[0] = state.clone()
        for position in range(base, step):
            state.apply(history[position])
            done = position + 1
            if done % self.every == 0 and done not in known:
                known[done] = state.clone()
                if len(known) > self.per_table:
                    self._thin(known)
        return state

    @staticmethod
    def _thin(known: dict[int, State]) -> None:
        """Drop every other snapshot (the start and the latest stay)."""
        steps = sorted(known)
        for step in steps[1:-1:2]:
            del known[step]
