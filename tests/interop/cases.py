"""The games and player counts the outside suites run over: every registered game, at its
smallest and largest player count (a new game is included without changes here)."""

from __future__ import annotations

import pytest

import theomachy


def game_cases() -> list[tuple[str, int]]:
    """(game id, players) for every registered game at its minimum and maximum count."""
    cases = []
    for game_id in theomachy.games():
        cls = theomachy.engine.game_class(game_id)
        for players in sorted({cls.min_players, cls.max_players}):
            cases.append((game_id, players))
    return cases


CASES = [
    pytest.param(game_id, players, id=f"{game_id}-{players}p") for game_id, players in game_cases()
]
GAMES = [pytest.param(game_id, id=game_id) for game_id in theomachy.games()]
