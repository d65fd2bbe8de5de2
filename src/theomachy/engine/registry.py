"""The registry of games: ids mapped to the module that defines them, imported on first use."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from theomachy.engine.core import Game, State, parse_document

# Game id -> "module:ClassName". Modules are imported only when a game is loaded, so that
# importing theomachy stays cheap however many games there are.
_KNOWN: dict[str, str] = {
    "arena-of-the-gods": "theomachy.games.arena_of_the_gods.rules:ArenaGame",
    "mythic-arena": "theomachy.games.mythic_arena.rules:MythicArenaGame",
    "mythic-battles": "theomachy.games.mythic_battles.rules:BattlesGame",
    "mythic-wars": "theomachy.games.mythic_wars.rules:MythicWarsGame",
    "mythotopia": "theomachy.games.mythotopia.rules:MythotopiaGame",
}
_LOADED: dict[str, type[Game]] = {}


def register(game_class: type[Game], target: str | None = None) -> type[Game]:
    """Register a game class (usable as a decorator); ``target`` is its import path."""
    _LOADED[game_class.id] = game_class
    if target is not None:
        _KNOWN[game_class.id] = target
    elif game_class.id not in _KNOWN:
        _KNOWN[game_class.id] = f"{game_class.__module__}:{game_class.__name__}"
    return game_class


def games() -> list[str]:
    """The registered game ids, sorted."""
    return sorted(_KNOWN)


def game_package(game_id: str) -> str:
    """The package of a registered game (``theomachy.games.mythic_wars``), without importing
    it (content reading needs it while the game's own modules are being imported)."""
    if not isinstance(game_id, str) or game_id not in _KNOWN:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(games())}")
    return _KNOWN[game_id].split(":")[0].rsplit(".", 1)[0]


def game_class(game_id: str) -> type[Game]:
    """The class of a registered game; ``ValueError`` naming the known ids otherwise."""
    if not isinstance(game_id, str) or game_id not in _KNOWN:
        raise ValueError(f"unknown game {game_id!r}; known games: {', '.join(games())}")
    if game_id not in _LOADED:
        module_name, class_name = _KNOWN[game_id].split(":")
        cls = getattr(importlib.import_module(module_name), class_name)
        _LOADED[game_id] = cls
    return _LOADED[game_id]


def load(
    game_id: str, players: int | None = None, options: Mapping[str, Any] | None = None
) -> Game:
    """A game with its player count and options; ``ValueError`` saying what is allowed."""
    return game_class(game_id)(players=players, options=options)


def load_state(document: str) -> State:
    """Load any saved game document, whatever its game."""
    data = parse_document(document)
    try:
        game = load(data["game"], players=data["players"], options=data["options"])
    except ValueError as error:
        from theomachy.engine.core import CorruptDocument

        raise CorruptDocument(f"corrupt saved game: {error}") from None
    return game.from_json(document)
