"""``theomachy lab run``: play many seeded games, on local processes or a Ray cluster.

Game ``i`` uses the seed ``derive_seed(run seed, "lab", i)`` and the seat rotation ``i``
(seat ``s`` gets agent ``(s + i) % len(agents)``), so every game is the same whatever the
number of jobs or the backend. Finished games are appended to ``DIR/games.parquet``; a run
started again skips the indices already stored.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable, Iterator
from math import perm
from multiprocessing import get_context
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from theomachy.agents.levels import LEVELS, plan
from theomachy.agents.specs import build, parse_spec
from theomachy.engine import overlay
from theomachy.engine.core import State
from theomachy.engine.registry import load
from theomachy.engine.simulate import derive_seed, simulate
from theomachy.lab.store import append_games, done_indices, exclusive

FLUSH_EVERY = 25  # games per part file
# Batches per worker (local process or Ray CPU): games go to workers in batches, since one
# task per game costs more to send than a short game takes to play (Ray was 0.76x of one
# process that way on 2 CPUs).
BATCHES_PER_WORKER = 4
# Decisions of each game at which the lab asks the game's evaluation who leads (decisiveness
# and lead changes in the report): this many to twice as many, spread evenly over the game.
LEAD_SAMPLES = 16


def checked_specs(specs: list[str]) -> list[str]:
    """``specs`` unchanged when every agent spec is valid, parameters included (a negative
    budget, an unknown key); else ``ValueError`` naming the problem."""
    for spec in specs:
        parse_spec(spec)
        build(spec, seed=0)
    return specs


class LabConfig(BaseModel):
    """One lab run."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str
    players: int | None = None
    agents: list[str] = Field(min_length=1)
    games: int = Field(ge=1)
    seed: int = 0
    jobs: int = Field(default=1, ge=1)
    backend: Literal["local", "ray"] = "local"
    address: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    # Tuned values of the game's declared tunables (engine.overlay): the games are played
    # in fresh worker processes that read the content with them.
    content: dict[str, int] = Field(default_factory=dict)
    # Rotate the factions (the game's declared rotation, engine.overlay.Rotation): game i
    # gives the seats the i-th ordered choice of distinct factions, so each meets each from
    # every seat equally often.
    rotate: bool = False
    out: Path

    @field_validator("agents")
    @classmethod
    def _agents(cls, value: list[str]) -> list[str]:
        return checked_specs(value)

    def checked(self) -> LabConfig:
        """Validate against the game (player count, options, one agent per seat or one for
        all); returns the config with the player count filled in."""
        overlay.checked(self.game, self.content)
        game = load(self.game, players=self.players, options=self.options)
        if self.rotate:
            rotation = overlay.declarations(self.game).rotation
            if rotation is None:
                raise ValueError(f"{self.game} declares no faction rotation")
            if rotation.option in self.options:
                raise ValueError(
                    f"the factions rotate through the option {rotation.option!r}: "
                    "leave it out of --options"
                )
            if len(rotation.values) < game.players:
                raise ValueError(f"{len(rotation.values)} factions for {game.players} seats")
        if len(self.agents) not in (1, game.players):
            raise ValueError(
                f"{len(self.agents)} agents for {game.players} players: give one agent per "
                "seat (they rotate between games) or a single agent for every seat"
            )
        return self.model_copy(update={"players": game.players})

    def seat_agents(self, index: int) -> list[str]:
        """The agent spec of each seat in game ``index`` (rotated)."""
        assert self.players is not None
        n = len(self.agents)
        return [self.agents[(seat + index) % n] for seat in range(self.players)]


def rotated(game_id: str, players: int, index: int) -> tuple[str, list[str]]:
    """The option and its value for game ``index`` of a rotating run: the ``index``-th (in
    a cycle) ordered choice of distinct factions, one per seat."""
    rotation = overlay.declarations(game_id).rotation
    assert rotation is not None
    remaining = sorted(rotation.values)
    # Unranked, not listed: 64 factions for 8 seats are 10^14 orderings.
    rank = index % perm(len(remaining), players)
    chosen: list[str] = []
    for seat in range(players):
        block = perm(len(remaining) - 1, players - seat - 1)
        chosen.append(remaining.pop(rank // block))
        rank %= block
    return rotation.option, chosen


def play_game(config: LabConfig, index: int) -> dict[str, Any]:
    """Play game ``index`` of a run and return its record."""
    seed = derive_seed(config.seed, "lab", index)
    specs = config.seat_agents(index)
    bots = [build(spec, derive_seed(seed, "seat", seat)) for seat, spec in enumerate(specs)]
    options = dict(config.options)
    if config.rotate:
        assert config.players is not None
        option, value = rotated(config.game, config.players, index)
        options[option] = value
    lead = LeadTracker()
    end = simulate(
        config.game, players=config.players, agents=bots, seed=seed, options=options, watch=lead
    )
    scores = end.scores()
    row: dict[str, Any] = {
        "game_index": index,
        "seed": seed,
        "game": config.game,
        "players": end.game.players,
        "options": json.dumps(end.game.options, sort_keys=True),
        "agents": specs,
        "winners": end.winners(),
        "returns": end.returns(),
        "length": len(end.history()),
        "scores": [float(s) for s in scores] if scores is not None else None,
        "ending": end.ending(),
        "leaders": lead.leaders,
        "content": json.dumps(config.content, sort_keys=True),
    }
    for key, value in end.features().items():
        row[f"feature_{key}"] = value
    return row


class LeadTracker:
    """Who led, by the game's own evaluation, at evenly spaced decisions of a game, seen as
    it is played (``simulate``'s ``watch``): the seat with the highest value, or -1 where the
    best are tied. It samples every ``stride``-th decision and, when it holds twice
    ``LEAD_SAMPLES``, keeps every other sample and doubles the stride, so it ends with
    ``LEAD_SAMPLES`` to twice that many, evenly spaced, without knowing the game's length.
    The lab's decisiveness and lead changes are read from them."""

    def __init__(self) -> None:
        self.leaders: list[int] = []
        self.stride = 1
        self.seen = 0

    def __call__(self, state: State) -> None:
        if self.seen % self.stride == 0:
            values = [state.evaluate(p) for p in range(state.game.players)]
            best = max(values)
            top = [p for p, v in enumerate(values) if v == best]
            self.leaders.append(top[0] if len(top) == 1 else -1)
            if len(self.leaders) >= 2 * LEAD_SAMPLES:
                self.leaders = self.leaders[::2]
                self.stride *= 2
        self.seen += 1


def play_batch(config: LabConfig, indices: list[int]) -> list[dict[str, Any]]:
    """Play games ``indices`` of a run one after the other (one task of a pool or cluster:
    a short game is cheaper than sending it alone)."""
    return [play_game(config, index) for index in indices]


def _play_packed(args: tuple[LabConfig, list[int]]) -> list[dict[str, Any]]:
    return play_batch(*args)


def batches(todo: list[int], workers: int, per_worker: int = BATCHES_PER_WORKER) -> list[list[int]]:
    """``todo`` cut into consecutive batches, about ``per_worker`` for each worker: enough
    that the workers finish together (games differ in length) and progress shows, few enough
    that sending a task costs little beside its games. Which worker plays a game never
    changes the game (its seed is its index's)."""
    if not todo:
        return []
    size = max(1, -(-len(todo) // (max(1, workers) * per_worker)))
    return [todo[start : start + size] for start in range(0, len(todo), size)]


def _overlay_env(config: LabConfig) -> str:
    """The content overlay the games of ``config`` are played with ("" for none)."""
    return overlay.encode(config.game, config.content)


def _local(config: LabConfig, todo: list[int]) -> Iterator[dict[str, Any]]:
    wanted = _overlay_env(config)
    here = os.environ.get(overlay.ENV, "") == wanted
    if config.jobs == 1 and here:
        for index in todo:
            yield play_game(config, index)
        return
    tasks = [(config, batch) for batch in batches(todo, config.jobs)]
    if here:
        context = get_context("fork")  # the content this process read is the right one
        with context.Pool(config.jobs) as pool:
            yield from _gather(pool, tasks)
        return
    # Content is read once per process: other values need fresh processes that start with
    # them in their environment.
    previous = os.environ.get(overlay.ENV)
    os.environ[overlay.ENV] = wanted
    try:
        pool = get_context("spawn").Pool(config.jobs)
    finally:
        if previous is None:
            os.environ.pop(overlay.ENV, None)
        else:
            os.environ[overlay.ENV] = previous
    with pool:
        yield from _gather(pool, tasks)


def _gather(pool: Any, tasks: list[tuple[LabConfig, list[int]]]) -> Iterator[dict[str, Any]]:
    for rows in pool.imap_unordered(_play_packed, tasks):
        yield from rows


def _ray(config: LabConfig, todo: list[int]) -> Iterator[dict[str, Any]]:
    try:
        import ray
    except ImportError:
        raise ValueError("the ray backend needs Ray: pip install 'theomachy[ray]'") from None
    if not ray.is_initialized():
        ray.init(address=config.address, include_dashboard=False, logging_level=logging.ERROR)
    workers = max(1, int(ray.cluster_resources().get("CPU", 1)))  # type: ignore[no-untyped-call]
    remote = ray.remote(play_batch)
    wanted = _overlay_env(config)
    if wanted:
        # Ray starts workers of their own for a task's runtime environment: they read the
        # content with the overlay.
        remote = remote.options(runtime_env={"env_vars": {overlay.ENV: wanted}})
    shared = ray.put(config)  # sent to the cluster once, not with every task
    pending = [remote.remote(shared, batch) for batch in batches(todo, workers)]
    while pending:
        ready, pending = ray.wait(pending, num_returns=1)
        yield from ray.get(ready[0])


def run(
    config: LabConfig, on_game: Callable[[dict[str, Any]], None] | None = None
) -> tuple[int, int]:
    """Play the games of ``config`` not yet stored in ``config.out``; returns (already done,
    played now). ``on_game`` is called after each game (progress display)."""
    config = config.checked()
    out = Path(config.out)
    with exclusive(out):
        return _run_locked(config, out, on_game)


def _run_locked(
    config: LabConfig, out: Path, on_game: Callable[[dict[str, Any]], None] | None
) -> tuple[int, int]:
    """``run`` once the folder's lock is held."""
    out.mkdir(parents=True, exist_ok=True)
    _write_config(out, config)
    done = done_indices(out)
    todo = [i for i in range(config.games) if i not in done]
    backend = _ray if config.backend == "ray" else _local
    buffer: list[dict[str, Any]] = []
    played = 0
    try:
        for row in backend(config, todo):
            buffer.append(row)
            played += 1
            if on_game is not None:
                on_game(row)
            if len(buffer) >= FLUSH_EVERY:
                append_games(out, buffer)
                buffer = []
    finally:
        append_games(out, buffer)  # what finished is kept, even on an interruption
    return len(done), played


def level_settings(config: LabConfig) -> dict[str, dict[str, Any]]:
    """What each level among the agents plays with in this game at this player count. Stored
    with a run, so that a run resumed after a level was retuned is refused rather than mixing
    two different agents under one name."""
    assert config.players is not None
    return {
        spec: plan(spec, config.game, config.players)
        for spec in sorted(set(config.agents))
        if spec in LEVELS
    }


def _without_levels(settings: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in settings.items() if key != "levels"}


def _write_config(out: Path, config: LabConfig) -> None:
    """Remember the run's settings (with what its levels mean); a resumed run must use the
    same ones."""
    path = out / "run.json"
    settings = config.model_dump(mode="json", exclude={"jobs", "backend", "address", "out"})
    levels = level_settings(config)
    if levels:
        settings["levels"] = levels
    if path.exists():
        previous = json.loads(path.read_text(encoding="utf-8"))
        previous_games = previous.pop("games", None)
        current = dict(settings)
        current.pop("games")
        then, now = previous.get("levels", {}), current.get("levels", {})
        changed = sorted(level for level in now if then.get(level) != now[level])
        if changed and _without_levels(previous) == _without_levels(current):
            played_as = "; ".join(f"{lv}: {then.get(lv, 'not recorded')}" for lv in changed)
            raise ValueError(
                f"{out} holds games of {', '.join(changed)} as set before ({played_as}); "
                "the level is set differently now: use another --out folder"
            )
        if previous != current:
            raise ValueError(
                f"{out} holds a run with other settings ({previous}); use another --out folder"
            )
        settings["games"] = max(settings["games"], previous_games or 0)
    path.write_text(json.dumps(settings, indent=1, sort_keys=True) + "\n", encoding="utf-8")
