"""Rate candidate settings for a level on a game's ladder scale, before making them a level.

Issue 21 wants consecutive levels at least 100 Elo apart. Where a game's search saturates
(Mythic Arena, Mythic Wars: twice the iterations buy little), the levels are spread by giving
the lower ones less search or more randomness; this tool says where a candidate lands. Each
candidate (an ``ismcts`` spec) plays ``--games`` games against each of ``--against`` (agents
of the game's stored ladder, bench/ladder/<game>/), seats rotated and seeded like the ladder;
then every stored game (the ladder's and the candidates') is fitted together, random at 0,
except games played against a level as it was before it was retuned (run.json records it).
Games are stored under ``--root`` (bench/calibrate/<game>/) per pair and resume like the
ladder's; nothing in bench/ladder/ is written.

Usage: ``python bench/calibrate.py mythic-wars --candidates ismcts:iterations=50,...
--against random,greedy,expert --games 20``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from theomachy.agents.levels import plan
from theomachy.lab.ladder import LadderConfig
from theomachy.lab.ratings import Results, fit
from theomachy.lab.runner import run
from theomachy.lab.stats import fmt, wilson
from theomachy.lab.store import read_games

SEED = 21  # the ladder's seed (bench/ladder.py), so candidates meet the same deals


def stale_levels(folder: Path, game: str) -> list[str]:
    """The levels whose settings have changed since ``folder``'s games were played: their
    games rate another agent under the level's name, so they are left out of the fit."""
    recorded = json.loads((folder / "run.json").read_text(encoding="utf-8")).get("levels", {})
    return [level for level, settings in recorded.items() if settings != plan(level, game, 2)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("--candidates", required=True, help="comma-separated agent specs")
    parser.add_argument("--against", default="random,greedy,expert")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--ladder", type=Path, default=Path("bench/ladder"))
    parser.add_argument("--root", type=Path, default=Path("bench/calibrate"))
    args = parser.parse_args()
    candidates = [c for c in args.candidates.split(",") if c]
    against = [a for a in args.against.split(",") if a]
    root = args.root / args.game
    root.mkdir(parents=True, exist_ok=True)
    for candidate in candidates:
        for opponent in against:
            ladder = LadderConfig(
                game=args.game,
                players=2,
                agents=[opponent, candidate],
                games=args.games,
                seed=SEED,
                jobs=args.jobs,
                out=root,
            )
            before, played = run(ladder.pairing(opponent, candidate))
            print(f"{candidate} against {opponent}: +{played} ({before} stored)", flush=True)
    found = Results()
    for folder in [*sorted((args.ladder / args.game).glob("*-vs-*")), *sorted(root.glob("*-vs-*"))]:
        if stale := stale_levels(folder, args.game):
            print(f"left out {folder}: played before {', '.join(stale)} was retuned")
            continue
        for row in read_games(folder):
            found.add_game(list(row["agents"]), list(row["returns"]))
    rated = {r.agent: r for r in fit(found, anchor="random")}
    print("\n| agent | Elo | 95% interval | games |\n|---|---:|---|---:|")
    for r in sorted(rated.values(), key=lambda r: -r.elo):
        mark = " (candidate)" if r.agent in candidates else ""
        print(f"| {r.agent}{mark} | {r.elo:.0f} | {r.low:.0f} to {r.high:.0f} | {r.games} |")
    print()
    for candidate in candidates:
        for opponent in against:
            score, games = found.score[(candidate, opponent)], found.games[(candidate, opponent)]
            print(f"- {candidate} against {opponent}: {fmt(wilson(score, games))} of {games:.0f}")


if __name__ == "__main__":
    main()
