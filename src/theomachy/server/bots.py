"""How the hub gets bot moves: a checked spec, and a runner that thinks somewhere else.

``validate_bot`` is the strict check of a spec a client sent (``agents.limits``), under this
server's limits. The runner is the fair, bounded pool of worker processes (``botpool``) on a
real server, or a thread pool in tests that do not need processes.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Protocol

from theomachy.agents import available
from theomachy.agents.levels import DESCRIPTIONS, LEVELS
from theomachy.agents.limits import SpecLimits, parameters, validate_spec
from theomachy.agents.specs import build
from theomachy.engine.core import State
from theomachy.server.botpool import BotError, BotFailure
from theomachy.server.settings import ServerSettings

__all__ = ["BotFailure", "BotRunner", "agent_choices", "make_bot_runner", "validate_bot"]

# The agents a lobby offers after the levels, in this order, in words.
ADVANCED = {
    "random": "Random: any legal move, uniformly at random.",
    "greedy": "Greedy: the move that looks best one step ahead, over sampled hidden cards.",
    "mcts": "MCTS: the first search agent (UCT over sampled hidden information).",
    "ismcts": "ISMCTS: the search the levels use, with its settings in your hands.",
}


def spec_limits(settings: ServerSettings) -> SpecLimits:
    """The most a client may ask of one bot on this server."""
    return SpecLimits(
        max_budget_ms=float(settings.max_bot_budget_ms),
        max_iterations=settings.max_bot_iterations,
    )


def validate_bot(spec: object, settings: ServerSettings, where: str) -> str:
    """The canonical form of a client's bot spec; ``ValueError`` naming ``where`` and the
    parameter otherwise."""
    try:
        return validate_spec(spec, spec_limits(settings))
    except ValueError as error:
        raise ValueError(f"{where}: {error}") from None


def agent_choices(settings: ServerSettings) -> dict[str, list[dict[str, object]]]:
    """The bots a lobby offers: the four ``levels`` first (name and description, no
    parameters), then the ``advanced`` agents with their parameters under this server's
    limits (parameter -> allowed values, in words)."""
    limits = spec_limits(settings)
    known = set(available())
    others = [name for name in ADVANCED if name in known]
    others += sorted(known - set(ADVANCED) - set(LEVELS))  # an agent added later: listed too
    return {
        "levels": [
            {"name": level, "description": DESCRIPTIONS[level]}
            for level in LEVELS
            if level in known
        ],
        "advanced": [
            {
                "name": name,
                "description": ADVANCED.get(name, name),
                "parameters": parameters(name, limits),
            }
            for name in others
        ],
    }


class BotRunner(Protocol):
    """Something that thinks for bots and can be shut down."""

    async def move(self, *, owner: str, table_id: str, spec: str, seed: int, state: State) -> str:
        """The bot's action for ``state``; ``BotFailure`` if it cannot give one."""
        ...

    def close(self) -> None:
        """Stop thinking; pending moves fail."""
        ...


class ThreadBots:
    """Bots in threads of this process (tests: no process start-up; no fairness needed)."""

    def __init__(self, workers: int) -> None:
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="theomachy-bot")

    async def move(self, *, owner: str, table_id: str, spec: str, seed: int, state: State) -> str:
        """The move, thought in a worker thread."""
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool, _think, spec, seed, state)
        except BotFailure:
            raise
        except Exception as error:
            raise BotError(f"{type(error).__name__}: {error}"[:200]) from None

    def close(self) -> None:
        """Stop the threads (a move already thinking finishes on its own)."""
        self._pool.shutdown(wait=False, cancel_futures=True)


def _think(spec: str, seed: int, state: State) -> str:
    return build(spec, seed=seed).act(state)


def make_bot_runner(settings: ServerSettings) -> BotRunner:
    """The runner the settings ask for."""
    if settings.bot_pool == "thread":
        return ThreadBots(settings.bot_workers)
    from theomachy.server.botpool import BotPool

    return BotPool(
        workers=settings.bot_workers,
        light_workers=settings.bot_light_workers,
        max_think_s=settings.max_bot_think_s,
    )
