"""Search speed and the levels' thinking time, per game and player count (issue 21).

At up to 12 decision positions spread over one seeded greedy game, measures in the same run:

- iterations per second of today's ``mcts`` (the fixed reference: random roll-outs of 30 steps)
  and of ``ismcts`` (evaluation priors, roll-outs of 10 steps), both with full budgets (no early
  stop), so their ratio survives a noisy machine;
- the seconds each level (``easy`` .. ``expert``) takes per move there, median and maximum,
  with its early stop as played: the proof that ``expert`` thinks at most about a second.

Usage: ``python bench/search.py --out bench/SEARCH.md`` (about 10 minutes on 2 cores).
"""

from __future__ import annotations

import argparse
import datetime as dt
import platform
import random
import statistics
import time
from pathlib import Path

import theomachy
from theomachy import agents
from theomachy.agents.ismcts import ISMCTSAgent
from theomachy.agents.levels import plan
from theomachy.agents.mcts import MCTSAgent
from theomachy.engine.chance import sample_outcome
from theomachy.engine.core import CHANCE, State

TARGETS = [
    ("mythic-arena", 2),
    ("mythic-wars", 2),
    ("mythic-wars", 4),
    ("mythic-wars", 8),
    ("mythotopia", 2),
    ("mythotopia", 4),
    ("arena-of-the-gods", 2),
    ("arena-of-the-gods", 4),
    ("mythic-battles", 2),
    ("mythic-battles", 4),
]
POSITIONS = 12
ITERATIONS = 200


def positions(game_id: str, players: int, seed: int) -> list[State]:
    """Decision positions (more than one legal action) spread over a seeded greedy game."""
    game = theomachy.load(game_id, players=players)
    state = game.new_game()
    rng = random.Random(seed)
    bots = [agents.make("greedy", seed=seed + seat) for seat in range(players)]
    found: list[State] = []
    for _ in range(20_000):  # bounded; greedy games end long before
        if state.is_terminal():
            break
        if state.current_player == CHANCE:
            state.apply(sample_outcome(state, rng))
            continue
        if len(state.legal_actions()) > 1:
            found.append(state.clone())
        state.apply(bots[state.current_player].act(state))
    # Spread over the whole game, the late game included.
    step = len(found) / POSITIONS
    return [found[int(i * step)] for i in range(min(POSITIONS, len(found)))]


def rate(agent: MCTSAgent | ISMCTSAgent, state: State) -> float:
    """Iterations per second of one full-budget search."""
    start = time.perf_counter()
    agent.act(state)
    return ITERATIONS / (time.perf_counter() - start)


class _FullBudget(ISMCTSAgent):
    """ISMCTS without the early stop, so every search does all its iterations."""

    def _decided(self, root: object, legal: list[str], player: int, remaining: int) -> bool:
        return False


def measure(game_id: str, players: int, seed: int) -> dict[str, object]:
    """One row: the two agents' rates and every level's move times."""
    picks = positions(game_id, players, seed)
    mcts = [rate(MCTSAgent(seed=seed, iterations=ITERATIONS), s) for s in picks]
    ismcts = [rate(_FullBudget(seed=seed, iterations=ITERATIONS), s) for s in picks]
    row: dict[str, object] = {
        "target": f"{game_id} ({players}p)",
        "mcts": statistics.median(mcts),
        "ismcts": statistics.median(ismcts),
        "ismcts_worst": min(ismcts),
        "ratio": statistics.median(i / m for i, m in zip(ismcts, mcts, strict=True)),
    }
    for level in agents.LEVELS:
        times = []
        for state in picks:
            agent = agents.make(level, seed=seed)
            start = time.perf_counter()
            agent.act(state)
            times.append(time.perf_counter() - start)
        row[level] = (statistics.median(times), max(times), plan(level, game_id, players))
    return row


def report(rows: list[dict[str, object]], seed: int) -> str:
    """The markdown section."""
    today = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "## Search speed and thinking time",
        "",
        f"Measured {today} on {platform.machine()} ({platform.processor() or 'cpu'}), one "
        f"process; `python bench/search.py` (seed {seed}). Up to {POSITIONS} decision positions "
        f"spread over one greedy game per row; {ITERATIONS} iterations a search. *Before*: "
        "today's `mcts` (UCT, random roll-outs cut at 30 steps); *after*: `ismcts` "
        "(availability counts, evaluation priors, roll-outs cut at 10 steps, its default). "
        "Medians over the positions; the ratio is the median of the per-position ratios, both "
        "measured in the same run. An ISMCTS iteration does more (it scores every new action "
        "once for its prior) and plays fewer random steps. The levels roll out 30 steps in "
        "Mythic Arena, Mythic Wars and Arena of the Gods (`agents/levels.py`), where an "
        "iteration costs 1.2 to 1.35 times as much; the move times below are the levels' own.",
        "",
        "| target | mcts it/s (before) | ismcts it/s (after) | ismcts worst | after / before |",
        "|---|---:|---:|---:|---:|",
    ]
    for row in rows:
        lines.append(
            f"| {row['target']} | {row['mcts']:,.0f} | {row['ismcts']:,.0f} | "
            f"{row['ismcts_worst']:,.0f} | {row['ratio']:.2f} |"
        )
    lines += [
        "",
        "Seconds a move for each level at the same positions (median / maximum; early stop as "
        "played) and its iteration budget:",
        "",
        "| target | " + " | ".join(agents.LEVELS) + " |",
        "|---|" + "---:|" * len(agents.LEVELS),
    ]
    for row in rows:
        cells = []
        for level in agents.LEVELS:
            median, worst, settings = row[level]  # type: ignore[misc]
            cells.append(f"{median:.2f} / {worst:.2f} ({settings['iterations']})")
        lines.append(f"| {row['target']} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("bench/SEARCH.md"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--only", default="", help="comma-separated game ids")
    arguments = parser.parse_args()
    only = {g for g in arguments.only.split(",") if g}
    rows = []
    for game_id, players in TARGETS:
        if only and game_id not in only:
            continue
        rows.append(measure(game_id, players, arguments.seed))
        print(rows[-1]["target"], "done", flush=True)
    arguments.out.write_text(report(rows, arguments.seed))


if __name__ == "__main__":
    main()
