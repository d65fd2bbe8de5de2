"""Play one whole game with agents in every seat and chance resolved by a seeded generator."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from theomachy.engine.chance import sample_outcome
from theomachy.engine.core import CHANCE, State
from theomachy.engine.registry import load

if TYPE_CHECKING:
    from theomachy.agents.base import Agent


def derive_seed(seed: int, *labels: object) -> int:
    """A seed for a sub-generator, the same in every process (no use of ``hash()``)."""
    rng = random.Random(":".join([str(seed), *map(str, labels)]))
    return rng.getrandbits(63)


def simulate(
    game: str,
    players: int | None = None,
    agents: Sequence[str | Agent] | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    max_steps: int = 1_000_000,
    watch: Callable[[State], None] | None = None,
) -> State:
    """The terminal state of one game.

    ``agents`` holds one agent (a name for ``agents.make`` or an Agent) per seat; by default
    every seat is ``random``. Chance is resolved by ``random.Random(seed)``; named agents get
    seeds derived from ``seed`` and their seat, so the same call always gives the same game.
    ``watch`` (the lab's lead tracker) sees each position where a player decides, before the
    decision; it must not change the state.
    """
    from theomachy.agents import make

    loaded = load(game, players=players, options=options)
    seats = list(agents) if agents is not None else ["random"] * loaded.players
    if len(seats) != loaded.players:
        raise ValueError(
            f"{game}: {loaded.players} players need {loaded.players} agents, got {len(seats)}"
        )
    bots = [
        make(a, seed=derive_seed(seed, "seat", i)) if isinstance(a, str) else a
        for i, a in enumerate(seats)
    ]
    chance_rng = random.Random(seed)
    state = loaded.new_game()
    for _ in range(max_steps):
        player = state.current_player
        if player == CHANCE:
            state.apply(sample_outcome(state, chance_rng))
        elif player < 0:
            return state
        else:
            if watch is not None:
                watch(state)
            state.apply(bots[player].act(state))
    raise RuntimeError(f"{game}: no end after {max_steps} steps (seed {seed})")
