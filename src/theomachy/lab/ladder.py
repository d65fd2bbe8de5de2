"""``theomachy lab ladder``: a round robin between agents and their Elo ratings.

Every pair of agents plays ``games`` games with ``lab run`` in a folder of its own
(``OUT/<a>-vs-<b>/``): seats rotate between games, each game is seeded from the ladder's seed
and its index, and a ladder started again plays only the games not stored yet. The stored
games of every pairing are then fitted (ratings.py: Bradley-Terry, the anchor at 0) and
written to ``OUT/ladder.md``.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from theomachy.lab.ratings import Rating, Results, fit
from theomachy.lab.runner import LabConfig, checked_specs, run
from theomachy.lab.store import read_games


class LadderConfig(BaseModel):
    """One ladder: the agents (at least two, the anchor among them) and the games a pair."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str
    players: int | None = None
    agents: list[str] = Field(min_length=2)
    games: int = Field(ge=1)
    seed: int = 0
    jobs: int = Field(default=1, ge=1)
    options: dict[str, Any] = Field(default_factory=dict)
    anchor: str = "random"
    out: Path

    @field_validator("agents")
    @classmethod
    def _agents(cls, value: list[str]) -> list[str]:
        checked_specs(value)
        if len(set(value)) != len(value):
            raise ValueError("each agent once: the ladder pairs different agents")
        return value

    def check_anchor(self) -> None:
        if self.anchor not in self.agents:
            raise ValueError(
                f"the anchor {self.anchor!r} (rated 0) must be one of the agents: "
                f"{', '.join(self.agents)}"
            )

    def pairing(self, a: str, b: str) -> LabConfig:
        """The lab run of one pair: at a table of more than two, ``a`` and ``b`` alternate
        seats (and rotate between games)."""
        players = self.players or 2
        agents = [a, b] if players == 2 else [(a, b)[s % 2] for s in range(players)]
        return LabConfig(
            game=self.game,
            players=self.players,
            agents=agents,
            games=self.games,
            seed=self.seed,
            jobs=self.jobs,
            options=self.options,
            out=self.out / f"{slug(a)}-vs-{slug(b)}",
        ).checked()


def slug(spec: str) -> str:
    """A folder name for an agent spec: ``mcts:budget_ms=200`` -> ``mcts-budget_ms200``."""
    return re.sub(r"[^a-z0-9_.-]+", "-", spec.lower().replace("=", "")).strip("-")


def pairs(config: LadderConfig) -> list[tuple[str, str]]:
    return list(itertools.combinations(config.agents, 2))


def play(config: LadderConfig, on_pair: Callable[[str, str, int, int], None] | None = None) -> None:
    """Play every pairing's missing games; ``on_pair(a, b, before, played)`` after each."""
    config.check_anchor()
    runs = [(a, b, config.pairing(a, b)) for a, b in pairs(config)]  # all checked first
    for a, b, lab in runs:
        before, played = run(lab)
        if on_pair is not None:
            on_pair(a, b, before, played)


def results(config: LadderConfig) -> tuple[Results, int]:
    """The pairwise results of the games stored so far, and how many games that is."""
    found = Results()
    total = 0
    for a, b in pairs(config):
        folder = config.out / f"{slug(a)}-vs-{slug(b)}"
        rows = [r for r in read_games(folder) if r["game_index"] < config.games]
        for row in rows:
            found.add_game(list(row["agents"]), list(row["returns"]))
        total += len(rows)
    return found, total


def ratings(config: LadderConfig) -> tuple[list[Rating], int]:
    """The Elo ratings of the stored games (the anchor at 0), and the games they rest on."""
    config.check_anchor()
    found, total = results(config)
    if total == 0:
        raise ValueError(f"no games stored under {config.out} yet: play the ladder first")
    return fit(found, anchor=config.anchor), total


def markdown(config: LadderConfig, rated: list[Rating], total: int) -> str:
    """The ladder as a Markdown section."""
    options = ", ".join(f"{k}={v}" for k, v in sorted(config.options.items())) or "defaults"
    lines = [
        f"### {config.game} ({config.players or 2} players; options: {options})",
        "",
        f"Round robin, {config.games} games a pair (seats rotated, seed {config.seed}), "
        f"{total} games in all; Elo by a Bradley-Terry fit with {config.anchor} fixed at 0 "
        f"(written {datetime.now(UTC):%Y-%m-%d}).",
        "",
        "| agent | Elo | 95% interval | games |",
        "|---|---:|---|---:|",
    ]
    for r in rated:
        interval = "anchor" if r.agent == config.anchor else f"{r.low:.0f} to {r.high:.0f}"
        lines.append(f"| {r.agent} | {r.elo:.0f} | {interval} | {r.games} |")
    return "\n".join(lines) + "\n"
