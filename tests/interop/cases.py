"""The games and player counts the outside suites run over: every registered game, at its
smallest and largest player count (a new game is included without changes here).

Suites that play whole random games use each game's ``short_game_options`` (its encoding's
round cap for short games); the others use the defaults.
"""

from __future__ import annotations

from typing import Any

import pytest

import theomachy
from theomachy.engine.encoding import encoding_class


def game_cases() -> list[tuple[str, int]]:
    """(game id, players) for every registered game at its minimum and maximum count."""
    cases = []
    for game_id in theomachy.games():
        cls = theomachy.engine.game_class(game_id)
        for players in sorted({cls.min_players, cls.max_players}):
            cases.append((game_id, players))
    return cases


def short_options(game_id: str) -> dict[str, Any]:
    """The options a game's encoding names for short random games."""
    return dict(encoding_class(theomachy.load(game_id)).short_game_options)


CASES = [
    pytest.param(game_id, players, id=f"{game_id}-{players}p") for game_id, players in game_cases()
]
GAMES = [pytest.param(game_id, id=game_id) for game_id in theomachy.games()]
