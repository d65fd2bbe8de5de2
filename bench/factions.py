"""Faction balance: each God's (or divinity's) win rate under random play and under MCTS play,
for the games whose sides differ from the start, written to bench/<GAME>.md (bench/run.py
copies each file into RESULTS.md).

- arena-of-the-gods (GODS.md): each God with its starter deck.
- mythic-battles (BATTLES.md): each divinity, the rest of each army drafted at random within
  the scenario's Recruitment Points (a seeded random draft, the same for both play modes).

Every ordered pairing of two different factions (so each sits first as often as second) is
played ``--random-games`` times with the random agent in both seats and ``--mcts-games``
times with MCTS in both seats (``--mcts-ms`` per move). Game k of a pairing uses seed
``derive_seed(17, mode, a, b, k)``; games are spread over ``--jobs`` processes and gathered in
order, so the figures do not depend on the process count.

    .venv/bin/python bench/factions.py arena-of-the-gods --random-games 20 --mcts-games 2
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import platform
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import theomachy
from theomachy import agents
from theomachy.engine import derive_seed
from theomachy.engine.core import State
from theomachy.lab.stats import fmt, wilson

Job = tuple[str, str, str, str, int, int]  # (game, mode, faction a, faction b, index, mcts ms)
Result = tuple[str, str, str, tuple[int, ...], int]  # (mode, a, b, winners, length)


@dataclass(frozen=True)
class Setup:
    """How one game's factions are listed, named, put in the options and a game measured."""

    title: str
    out: str
    factions: Callable[[], list[str]]
    label: Callable[[str], str]  # a table row's first columns
    header: str
    options: Callable[[str, str, int], dict[str, Any]]
    length: Callable[[State], int]
    unit: str


def _arena_factions() -> list[str]:
    from theomachy.games.arena_of_the_gods.cards import catalog

    return sorted(c.id for c in catalog().values() if c.type == "god")


def _arena_label(god: str) -> str:
    from theomachy.games.arena_of_the_gods.cards import catalog

    card = catalog()[god]
    return f"{card.name} | {card.pantheon}"


def _battles_factions() -> list[str]:
    from theomachy.games.mythic_battles.data import units

    return [u.id for u in units().values() if u.divinity]


def _battles_label(divinity: str) -> str:
    from theomachy.games.mythic_battles.data import units

    return units()[divinity].name


def battles_armies(a: str, b: str, seed: int) -> dict[str, Any]:
    """Two armies for divinities ``a`` and ``b``: a seeded random draft in the rulebook's
    order (the seat to the lead player's right first, alternating) within the RP."""
    from theomachy.games.mythic_battles.data import default_scenario, units

    rng = random.Random(seed)
    rp = [default_scenario(2).recruitment_points] * 2
    armies = [[a], [b]]
    pool = [u for u in units().values() if not u.divinity]
    seat = 1
    while True:
        choices = [u for u in pool if u.cost <= rp[seat]]
        if not choices:
            if not any(u.cost <= rp[1 - seat] for u in pool):
                break
            seat = 1 - seat
            continue
        unit = rng.choice(choices)
        pool.remove(unit)
        armies[seat].append(unit.id)
        rp[seat] -= unit.cost
        seat = 1 - seat
    return {"armies": armies}


SETUPS: dict[str, Setup] = {
    "arena-of-the-gods": Setup(
        title="Arena of the Gods: each God's win rate with its starter deck",
        out="GODS.md",
        factions=_arena_factions,
        label=_arena_label,
        header="| God | pantheon |",
        options=lambda a, b, seed: {"gods": [a, b]},
        length=lambda state: int(getattr(state, "turn", 0)),
        unit="turns",
    ),
    "mythic-battles": Setup(
        title="Mythic Battles: each divinity's win rate (armies drafted at random)",
        out="BATTLES.md",
        factions=_battles_factions,
        label=_battles_label,
        header="| divinity |",
        options=battles_armies,
        length=lambda state: int(getattr(state, "round", 0)),
        unit="rounds",
    ),
}


def play(job: Job) -> Result:
    """One game; returns (mode, a, b, winners, length)."""
    game, mode, a, b, index, budget = job
    setup = SETUPS[game]
    seed = derive_seed(17, mode, a, b, index)
    if mode == "random":
        seats: list[Any] = ["random", "random"]
    else:
        seats = [
            agents.make("mcts", seed=derive_seed(seed, "seat", i), budget_ms=budget)
            for i in range(2)
        ]
    state = theomachy.simulate(
        game, players=2, agents=seats, seed=seed, options=setup.options(a, b, seed)
    )
    return mode, a, b, tuple(state.winners()), setup.length(state)


def table(setup: Setup, mode: str, results: list[Result]) -> list[str]:
    factions = setup.factions()
    score: dict[str, float] = {f: 0.0 for f in factions}
    games: dict[str, int] = {f: 0 for f in factions}
    lengths = []
    for m, a, b, winners, length in results:
        if m != mode:
            continue
        lengths.append(length)
        for seat, faction in enumerate((a, b)):
            games[faction] += 1
            if seat in winners:
                score[faction] += 1.0 / len(winners)
    columns = setup.header.count("|") - 1
    lines = [
        f"{setup.header} games | win rate (95% Wilson CI) |",
        "|" + "---|" * columns + "---:|---|",
    ]
    for faction in sorted(score, key=lambda f: -score[f] / max(1, games[f])):
        lines.append(
            f"| {setup.label(faction)} | {games[faction]} "
            f"| {fmt(wilson(score[faction], games[faction]))} |"
        )
    if lengths:
        lines += ["", f"Mean game length: {sum(lengths) / len(lengths):.1f} {setup.unit}."]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(SETUPS))
    parser.add_argument("--random-games", type=int, default=20)
    parser.add_argument("--mcts-games", type=int, default=2)
    parser.add_argument("--mcts-ms", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    setup = SETUPS[args.game]
    out = args.out or Path(__file__).with_name(setup.out)
    pairings = list(itertools.permutations(setup.factions(), 2))
    jobs: list[Job] = [
        (args.game, "random", a, b, k, 0) for a, b in pairings for k in range(args.random_games)
    ]
    jobs += [
        (args.game, "mcts", a, b, k, args.mcts_ms)
        for a, b in pairings
        for k in range(args.mcts_games)
    ]
    started = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        results = list(pool.imap(play, jobs, chunksize=4))
    wall = time.perf_counter() - started
    lines = [
        f"## {setup.title}",
        "",
        f"Measured {datetime.now(UTC):%Y-%m-%d} on {platform.processor() or platform.machine()}, "
        f"{args.jobs} processes, {wall:.0f} s (`bench/factions.py {args.game}`). Two players; "
        f"every ordered pairing of different factions ({len(pairings)}), so each sits first "
        "and second equally often; a shared win counts half. Game k of a pairing is seeded "
        "`derive_seed(17, mode, a, b, k)`.",
        "",
        f"### Random play ({args.random_games} games a pairing)",
        "",
        *table(setup, "random", results),
        "",
        f"### MCTS play ({args.mcts_games} games a pairing, mcts {args.mcts_ms} ms a move in "
        "both seats)",
        "",
        *table(setup, "mcts", results),
    ]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
