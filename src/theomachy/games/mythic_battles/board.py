"""A Mythic Battles map as the rules use it: adjacency, cliffs, distances and line of sight
(MB-MAP-*, MB-RANGE-*). Built once per map and shared by every state."""

from __future__ import annotations

from collections import deque
from functools import cache

from theomachy.games.mythic_battles.data import MapData, grid_neighbours, maps


class Board:
    """Fixed facts of one map. Areas are numbered from 1; index 0 of the tables is unused."""

    def __init__(self, data: MapData) -> None:
        self.data = data
        self.id = data.id
        self.areas: tuple[int, ...] = tuple(data.areas)
        self.capacity = data.capacity
        self.impenetrable = frozenset(data.impenetrable)
        self.cliffs = frozenset(frozenset(pair) for pair in data.cliffs)
        size = len(self.areas) + 1
        self.neighbours: list[tuple[int, ...]] = [()] * size
        for area in self.areas:
            self.neighbours[area] = tuple(grid_neighbours(area, data.columns, data.rows))
        self.distance: list[list[int]] = [[0] * size for _ in range(size)]
        for area in self.areas:
            self.distance[area] = self._distances_from(area)

    def _distances_from(self, start: int) -> list[int]:
        """Hops from ``start`` to every area (range ignores terrain: MB-RANGE-1)."""
        far = len(self.areas) + 1
        result = [far] * (len(self.areas) + 1)
        result[start] = 0
        queue = deque([start])
        while queue:
            area = queue.popleft()
            for nxt in self.neighbours[area]:
                if result[nxt] == far:
                    result[nxt] = result[area] + 1
                    queue.append(nxt)
        return result

    def is_cliff(self, a: int, b: int) -> bool:
        return frozenset((a, b)) in self.cliffs

    def surroundings(self, area: int) -> tuple[int, ...]:
        """The area and its adjacent areas."""
        return (area, *self.neighbours[area])

    def in_sight(self, a: int, b: int, screening: frozenset[int]) -> bool:
        """Line of sight (MB-RANGE-2): always within 1 area; farther, along some shortest
        path whose areas in between are none of ``screening`` (impenetrable areas and areas
        with trees standing)."""
        d = self.distance[a][b]
        if d <= 1:
            return True
        frontier = {a}
        for step in range(1, d):
            frontier = {
                nxt
                for area in frontier
                for nxt in self.neighbours[area]
                if self.distance[nxt][b] == d - step and nxt not in screening
            }
            if not frontier:
                return False
        return True


@cache
def board(map_id: str) -> Board:
    """The shared Board of a map."""
    return Board(maps()[map_id])
