"""Per-state costs for the performance suite: legal_actions(), memory per state, MCTS speed.

Used by bench/run.py on the same mid-game positions it times clone() on, for the Theomachy
games and the OpenSpiel anchors alike.
"""

from __future__ import annotations

import gc
import sys
import time
import types
from collections.abc import Callable
from typing import Any

from theomachy import agents

MCTS_ITERATIONS = 50
"""Iterations (OpenSpiel: simulations) per search when timing MCTS."""

_SKIPPED = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType)


def is_decision(state: Any) -> bool:
    """A position where a player (not chance) is to move and the game is not over."""
    if hasattr(state, "is_chance_node"):
        return not state.is_terminal() and not state.is_chance_node()
    return not state.is_terminal() and not state.is_chance()


def legal_actions_us(pool: list[Any], seconds: float) -> float | None:
    """Microseconds per ``legal_actions()`` computed afresh at decision positions.

    Theomachy states cache their legal list, so the cache is dropped before each call (the
    first call in a position, which is what a playout pays); OpenSpiel computes it every time.
    """
    decisions = [state for state in pool if is_decision(state)]
    if not decisions:
        return None
    fresh = hasattr(decisions[0], "invalidate_caches")
    clock = time.perf_counter
    calls = 0
    gc.collect()
    start = clock()
    while True:
        for state in decisions:
            if fresh:
                state.invalidate_caches()
            state.legal_actions()
        calls += len(decisions)
        elapsed = clock() - start
        if elapsed >= seconds:
            return elapsed / calls * 1e6


def _reachable(root: Any) -> dict[int, Any]:
    """Every object reachable from ``root`` (types, modules and functions left out)."""
    seen: dict[int, Any] = {}
    stack = [root]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, _SKIPPED):
            continue
        seen[id(item)] = item
        stack.extend(gc.get_referents(item))
    return seen


def clone_bytes(pool: list[Any]) -> float | None:
    """Mean bytes a ``clone()`` adds: the objects reachable from the clone that the original
    does not share (so game data and content tables shared by every state are not counted).
    Only meaningful for Python states; a C++ state shows just its wrapper, so None for those."""
    sizes = []
    for state in pool:
        if type(state).__module__ == "pyspiel" or not hasattr(state, "clone"):
            return None
        original = _reachable(state)
        copy = state.clone()
        added = _reachable(copy)
        sizes.append(sum(sys.getsizeof(obj) for key, obj in added.items() if key not in original))
    return sum(sizes) / len(sizes) if sizes else None


def theomachy_mcts_rate(pool: list[Any], seconds: float, seed: int) -> float | None:
    """MCTS iterations per second of Theomachy's ``mcts`` agent at decision positions."""
    decisions = [state for state in pool if is_decision(state)]
    if not decisions:
        return None
    return _search_rate(
        decisions,
        seconds,
        lambda state, n: agents.make("mcts", seed=seed + n, iterations=MCTS_ITERATIONS).act(state),
    )


def openspiel_mcts_rate(game: Any, pool: list[Any], seconds: float, seed: int) -> float | None:
    """Simulations per second of OpenSpiel's Python ``MCTSBot`` (one random roll-out each)."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    decisions = [state for state in pool if is_decision(state)]
    if not decisions:
        return None

    def search(state: Any, n: int) -> Any:
        evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed + n))
        bot = mcts.MCTSBot(
            game,
            uct_c=1.4,
            max_simulations=MCTS_ITERATIONS,
            evaluator=evaluator,
            random_state=np.random.RandomState(seed + n),
        )
        return bot.step(state)

    return _search_rate(decisions, seconds, search)


def _search_rate(positions: list[Any], seconds: float, search: Callable[[Any, int], Any]) -> float:
    clock = time.perf_counter
    searches = 0
    gc.collect()
    start = clock()
    while True:
        for state in positions:
            search(state, searches)
            searches += 1
            elapsed = clock() - start
            if elapsed >= seconds:
                return searches * MCTS_ITERATIONS / elapsed
