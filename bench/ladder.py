"""The agent ladder: every pairing of mcts (200 ms), mcts (50 ms), greedy and random, for
mythic-arena and two-player mythic-wars, played with the balance lab (seats alternate between
games, seeds derive from the pairing), written to bench/LADDER.md.

Runs are stored under bench/ladder/<game>/<a>-vs-<b>/ and resume where they stopped, so an
interrupted `make ladder` loses nothing. bench/run.py copies LADDER.md into RESULTS.md.
"""

from __future__ import annotations

import argparse
import itertools
import platform
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from theomachy.lab import LabConfig, read_games, run
from theomachy.lab.stats import Rate, fmt, wilson

AGENTS = ["mcts:budget_ms=200", "mcts:budget_ms=50", "greedy", "random"]


@dataclass(frozen=True)
class Ladder:
    """One game's ladder: its agents, games per pairing (None: --games) and options."""

    agents: tuple[str, ...] = tuple(AGENTS)
    games: int | None = None
    options: tuple[tuple[str, Any], ...] = ()


GAMES: dict[str, Ladder] = {
    "arena-of-the-gods": Ladder(agents=("mcts:budget_ms=50", "greedy", "random"), games=30),
    "mythic-arena": Ladder(),
    # Mythic Battles: the recruitment draft is part of each game (agents draft too).
    "mythic-battles": Ladder(agents=("mcts:budget_ms=50", "greedy", "random"), games=20),
    "mythic-wars": Ladder(),
    # A Mythotopia game is about a hundred decisions a player even when capped at 10 rounds,
    # so its ladder is smaller: the 50 ms search, 30 games a pairing, max_rounds 10.
    "mythotopia": Ladder(
        agents=("mcts:budget_ms=50", "greedy", "random"), games=30, options=(("max_rounds", 10),)
    ),
}
TARGETS = {
    ("mcts:budget_ms=200", "random"): 0.90,
    ("mcts:budget_ms=200", "greedy"): 0.60,
    ("greedy", "random"): 0.70,
}


def folder(root: Path, game: str, a: str, b: str) -> Path:
    def slug(spec: str) -> str:
        return spec.replace(":", "-").replace("=", "")

    return root / game / f"{slug(a)}-vs-{slug(b)}"


def pairing_rate(out: Path, a: str) -> Rate:
    """Agent ``a``'s score in a pairing's stored games (one row per game index)."""
    rows = list({r["game_index"]: r for r in read_games(out)}.values())
    score = sum(r["returns"][r["agents"].index(a)] for r in rows)
    return wilson(score, len(rows))


def cell(rate: Rate, wanted: int) -> str:
    """A table cell: the rate, or how far the pairing got."""
    if rate.games == 0:
        return "not played yet"
    text = fmt(rate)
    return text if rate.games >= wanted else f"{text}, {rate.games} games so far"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--root", type=Path, default=Path("bench/ladder"))
    parser.add_argument("--out", type=Path, default=Path("bench/LADDER.md"))
    parser.add_argument(
        "--report-only", action="store_true", help="write LADDER.md from the games stored so far"
    )
    args = parser.parse_args()
    started = time.perf_counter()
    lines = [
        "## Agent ladder",
        "",
        f"Measured {datetime.now(UTC):%Y-%m-%d} on {platform.processor() or platform.machine()}, "
        f"{args.jobs} processes; {args.games} games per pairing (`theomachy lab run`, seats "
        "alternating, each game seeded from its index); MCTS budgets are wall-clock per move, so "
        "they buy fewer iterations on a loaded machine. Row agent's score against the column "
        "agent (a draw counts half), with its 95% Wilson interval.",
    ]
    for game, ladder in GAMES.items():
        agents = list(ladder.agents)
        wanted = ladder.games or args.games
        results: dict[tuple[str, str], Rate] = {}
        # The pairings with a target first, so a partial run measures what matters most.
        pairings = sorted(itertools.combinations(agents, 2), key=lambda p: p not in TARGETS)
        for a, b in pairings:
            out = folder(args.root, game, a, b)
            config = LabConfig(
                game=game,
                players=2,
                agents=[a, b],
                games=wanted,
                seed=17,
                jobs=args.jobs,
                options=dict(ladder.options),
                out=out,
            )
            if not args.report_only:
                run(config)
            rate = pairing_rate(out, a) if out.exists() else wilson(0, 0)
            results[(a, b)] = rate
            results[(b, a)] = wilson(rate.games - rate.score, rate.games)
            print(f"{game}: {a} vs {b}: {fmt(rate)}", flush=True)
        options = ", ".join(f"{k}={v}" for k, v in ladder.options)
        lines += ["", f"### {game} (two players{', ' + options if options else ''})", ""]
        if ladder.games:
            lines += [f"{wanted} games per pairing.", ""]
        lines.append("| | " + " | ".join(agents) + " |")
        lines.append("|---|" + "---|" * len(agents))
        for a in agents:
            cells = [cell(results[(a, b)], wanted) if a != b else "–" for b in agents]
            lines.append(f"| {a} | " + " | ".join(cells) + " |")
        lines += ["", "Targets:"]
        for (a, b), target in TARGETS.items():
            if (a, b) not in results:
                continue
            rate = results[(a, b)]
            verdict = "met" if rate.rate >= target else "NOT met"
            if rate.games < wanted:
                verdict = f"not measured yet ({rate.games} of {wanted} games)"
            lines.append(f"- {a} beats {b} in at least {target:.0%}: {fmt(rate)}, {verdict}")
    if not args.report_only:
        lines += ["", f"Wall time: {time.perf_counter() - started:.0f} s."]
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
