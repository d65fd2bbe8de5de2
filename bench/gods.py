"""Arena of the Gods balance: each God's win rate with its starter deck, under random play and
under MCTS play, written to bench/GODS.md (bench/run.py copies it into RESULTS.md).

Every ordered pairing of two different Gods (so each God sits first as often as second) is
played ``--random-games`` times with the random agent in both seats and ``--mcts-games`` times
with MCTS in both seats (``--mcts-ms`` per move). Game k of a pairing uses seed
``derive_seed(17, a, b, k)``; games are spread over ``--jobs`` processes and gathered in order,
so the figures do not depend on the process count.

    .venv/bin/python bench/gods.py --random-games 20 --mcts-games 2 --mcts-ms 20
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import platform
import time
from datetime import UTC, datetime
from pathlib import Path

import theomachy
from theomachy import agents
from theomachy.engine import derive_seed
from theomachy.games.arena_of_the_gods.cards import catalog
from theomachy.lab.stats import fmt, wilson

GAME = "arena-of-the-gods"
Job = tuple[str, str, str, int, int]  # (mode, god a, god b, game index, mcts ms)


def gods() -> list[str]:
    return sorted(c.id for c in catalog().values() if c.type == "god")


def play(job: Job) -> tuple[str, str, str, tuple[int, ...], int]:
    """One game; returns (mode, a, b, winners, turns)."""
    mode, a, b, index, budget = job
    seed = derive_seed(17, mode, a, b, index)
    if mode == "random":
        seats: list[object] = ["random", "random"]
    else:
        seats = [
            agents.make("mcts", seed=derive_seed(seed, "seat", i), budget_ms=budget)
            for i in range(2)
        ]
    state = theomachy.simulate(
        GAME,
        players=2,
        agents=seats,
        seed=seed,
        options={"gods": [a, b]},  # type: ignore[arg-type]
    )
    return mode, a, b, tuple(state.winners()), state.turn


def table(mode: str, results: list[tuple[str, str, str, tuple[int, ...], int]]) -> list[str]:
    score: dict[str, float] = {g: 0.0 for g in gods()}
    games: dict[str, int] = {g: 0 for g in gods()}
    turns = []
    for m, a, b, winners, turn in results:
        if m != mode:
            continue
        turns.append(turn)
        for seat, god in enumerate((a, b)):
            games[god] += 1
            if seat in winners:
                score[god] += 1.0 / len(winners)
    lines = ["| God | pantheon | games | win rate (95% Wilson CI) |", "|---|---|---:|---|"]
    for god in sorted(score, key=lambda g: -score[g] / max(1, games[g])):
        lines.append(
            f"| {catalog()[god].name} | {catalog()[god].pantheon} | {games[god]} "
            f"| {fmt(wilson(score[god], games[god]))} |"
        )
    if turns:
        lines += ["", f"Mean game length: {sum(turns) / len(turns):.1f} turns."]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random-games", type=int, default=20)
    parser.add_argument("--mcts-games", type=int, default=2)
    parser.add_argument("--mcts-ms", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name("GODS.md"))
    args = parser.parse_args()
    pairings = list(itertools.permutations(gods(), 2))
    jobs: list[Job] = [
        ("random", a, b, k, 0) for a, b in pairings for k in range(args.random_games)
    ]
    jobs += [("mcts", a, b, k, args.mcts_ms) for a, b in pairings for k in range(args.mcts_games)]
    started = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        results = list(pool.imap(play, jobs, chunksize=4))
    wall = time.perf_counter() - started
    lines = [
        "## Arena of the Gods: each God's win rate with its starter deck",
        "",
        f"Measured {datetime.now(UTC):%Y-%m-%d} on {platform.processor() or platform.machine()}, "
        f"{args.jobs} processes, {wall:.0f} s (`bench/gods.py`). Two players; every ordered "
        f"pairing of different Gods ({len(pairings)}), so each God sits first and second equally "
        "often; a shared win counts half. Game k of a pairing is seeded "
        "`derive_seed(17, mode, a, b, k)`.",
        "",
        f"### Random play ({args.random_games} games a pairing)",
        "",
        *table("random", results),
        "",
        f"### MCTS play ({args.mcts_games} games a pairing, mcts {args.mcts_ms} ms a move in "
        "both seats)",
        "",
        *table("mcts", results),
    ]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
