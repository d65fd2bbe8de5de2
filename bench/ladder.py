"""The rating ladder of every game (issue 21): random, greedy, today's mcts (200 ms a move, the
fixed reference) and the four levels, rated in Elo on one scale per game (random at 0) by
``theomachy lab ladder``, written to bench/LADDER.md with the issue's figures checked.

Each game's round robin is stored under bench/ladder/<game>/ and resumes where it stopped, so an
interrupted run loses nothing; ``--games`` caps the games a pair for this run (a later run with
more continues the same seeds). ``--report-only`` writes LADDER.md from what is stored.

Usage: ``python bench/ladder.py --only mythic-arena --games 40 --jobs 2``.
"""

from __future__ import annotations

import argparse
import itertools
import platform
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from theomachy.agents.levels import LEVELS, plan
from theomachy.lab.ladder import LadderConfig, play, results
from theomachy.lab.ratings import Rating, Results, fit
from theomachy.lab.stats import fmt, wilson

REFERENCE = "mcts:budget_ms=200"
AGENTS = ["random", "greedy", REFERENCE, *LEVELS]


@dataclass(frozen=True)
class GameLadder:
    """One game's ladder: games a pair wanted, options (the rulebook's game by default)."""

    games: int
    options: dict[str, Any] = field(default_factory=dict)


GAMES: dict[str, GameLadder] = {
    "mythic-arena": GameLadder(games=200),
    "mythic-wars": GameLadder(games=200),
    "arena-of-the-gods": GameLadder(games=200),
    "mythic-battles": GameLadder(games=200),
    # About 400 decisions a player: the issue allows 40 games. The default options keep only
    # the engine's safety bound of 100 rounds (MT-CAP-1), far beyond where games end.
    "mythotopia": GameLadder(games=40),
}

TARGETS = {("expert", "greedy"): 0.75, ("expert", REFERENCE): 0.70}


def config(root: Path, game: str, games: int, jobs: int) -> LadderConfig:
    ladder = GAMES[game]
    return LadderConfig(
        game=game,
        players=2,
        agents=AGENTS,
        games=games,
        seed=21,
        jobs=jobs,
        options=ladder.options,
        out=root / game,
    )


def pair_score(found: Results, a: str, b: str) -> tuple[float, int]:
    games = int(found.games.get((a, b), 0))
    return found.score.get((a, b), 0.0), games


def section(game: str, ladder: LadderConfig, wanted: int) -> list[str]:
    """One game's ratings, the level gaps and the issue's figures."""
    found, total = results(ladder)
    lines = [f"### {game} (two players)", ""]
    if total == 0:
        return [*lines, "Not played yet.", ""]
    rated: list[Rating] = fit(found, anchor="random")
    by_agent = {r.agent: r for r in rated}
    lines += [
        f"Round robin, up to {wanted} games a pair (seats rotated, seed {ladder.seed}); "
        f"{total} games stored. Elo by a Bradley-Terry fit, random fixed at 0, 95% intervals.",
        "",
        "| agent | Elo | 95% interval | games |",
        "|---|---:|---|---:|",
    ]
    for r in rated:
        interval = "anchor" if r.agent == "random" else f"{r.low:.0f} to {r.high:.0f}"
        lines.append(f"| {r.agent} | {r.elo:.0f} | {interval} | {r.games} |")
    lines += ["", "The levels as played (`ismcts` settings; each pair's run.json records them):"]
    for level in LEVELS:
        settings = ", ".join(f"{k} {v}" for k, v in plan(level, game, 2).items())
        lines.append(f"- {level}: {settings}")
    lines += ["", "Consecutive levels (at least 100 Elo apart, intervals not overlapping):"]
    for lower, upper in itertools.pairwise(LEVELS):
        if lower not in by_agent or upper not in by_agent:
            continue
        low, high = by_agent[lower], by_agent[upper]
        gap = high.elo - low.elo
        ok = gap >= 100 and high.low > low.high
        lines.append(f"- {lower} to {upper}: {gap:+.0f} Elo, {'met' if ok else 'NOT met'}")
    lines += ["", "Figures (the row agent's score, a draw counting half, 95% Wilson interval):"]
    for (a, b), target in TARGETS.items():
        score, games = pair_score(found, a, b)
        if games == 0:
            lines.append(f"- {a} against {b}: not played yet")
            continue
        rate = wilson(score, games)
        # Fewer than 200 games (Mythotopia's 40) also need the interval's lower bound above 50%.
        met = rate.rate >= target and (wanted >= 200 or rate.low > 0.5)
        verdict = "met" if met else "NOT met"
        if games < wanted:
            verdict = f"not measured yet ({games} of {wanted} games)"
        lines.append(f"- {a} beats {b} in at least {target:.0%}: {fmt(rate)}, {verdict}")
    return [*lines, ""]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=None, help="cap games a pair this run")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="", help="comma-separated game ids")
    parser.add_argument("--root", type=Path, default=Path("bench/ladder"))
    parser.add_argument("--out", type=Path, default=Path("bench/LADDER.md"))
    parser.add_argument("--report-only", action="store_true")
    args = parser.parse_args()
    only = [g for g in args.only.split(",") if g] or list(GAMES)
    if not args.report_only:
        for game in only:
            games = min(args.games or GAMES[game].games, GAMES[game].games)
            play(
                config(args.root, game, games, args.jobs),
                on_pair=lambda a, b, before, played: print(f"{a} vs {b}: +{played}", flush=True),
            )
    lines = [
        "## Agent ladder",
        "",
        f"Written {datetime.now(UTC):%Y-%m-%d} on {platform.machine()}; `python bench/ladder.py`"
        " (`theomachy lab ladder` per game). The levels and `greedy` are seeded and budgeted in "
        f"iterations (the same games on any machine); `{REFERENCE}` is today's MCTS with a "
        "wall-clock budget, the fixed reference of issue 21.",
        "",
    ]
    for game in GAMES:
        lines += section(game, config(args.root, game, GAMES[game].games, 1), GAMES[game].games)
    args.out.write_text("\n".join(lines), encoding="utf-8")
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
