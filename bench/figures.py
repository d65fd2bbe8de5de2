"""Issue 21's figures that the two-player ladder does not give, written to bench/FIGURES.md.

- ``multi``: ``expert`` in one seat (rotating) against ``greedy`` in every other seat, at the
  player counts the issue names; its win rate against twice its fair share (1 / players). In
  Mythic Battles' 2v2 the expert plays both seats of one side (rotating sides) against a
  greedy side, a two-sided game, so it is held to the two-player figure (75%).
- ``battles-ends``: two ``hard`` bots in two-player Mythic Battles: how many games are decided
  before the round cap, and how they end (a divinity killed, omphalos, the cap).
- ``duel``: one pair of agents in a two-player game (``--game``, ``--agents A,B``), seats
  alternating: A's score with its interval, a quick reading of a ladder figure where the whole
  round robin would take hours (``duel --game arena-of-the-gods --agents expert,greedy``).

Games are seeded from their index and played over ``--jobs`` processes (the results do not
depend on it). Usage: ``python bench/figures.py battles-ends --games 40``.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Sequence
from datetime import UTC, datetime
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import theomachy
from theomachy.agents.base import Agent
from theomachy.agents.specs import build
from theomachy.engine.chance import sample_outcome
from theomachy.engine.core import CHANCE, State
from theomachy.engine.simulate import derive_seed
from theomachy.lab.stats import fmt, wilson

# Options per multi-player game. Mythic Wars plays with MW-CAP-1's 60 rounds (the energy in the
# battle decides at the cap): without a cap a game where regenerating entities face each other
# need never end (one 4-player game of greedy and expert was still going after 10 minutes).
MULTI_OPTIONS: dict[str, dict[str, Any]] = {"mythic-wars": {"max_rounds": 60}}

MULTI = [
    ("mythic-wars", 4),
    ("mythotopia", 3),
    ("mythotopia", 4),
    ("arena-of-the-gods", 4),
    ("mythic-battles", 4),
]


def play(
    game_id: str,
    players: int,
    bots: Sequence[str | Agent],
    index: int,
    options: dict[str, Any] | None = None,
) -> State:
    """One game seeded from ``index`` with ``bots[seat]`` (an agent, or a spec seeded from
    the index and seat) in each seat."""
    game = theomachy.load(game_id, players=players, options=options)
    seated = [
        build(bot, seed=derive_seed(index, "seat", seat)) if isinstance(bot, str) else bot
        for seat, bot in enumerate(bots)
    ]
    state = game.new_game()
    rng = random.Random(derive_seed(index, "chance"))
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(sample_outcome(state, rng))
        else:
            state.apply(seated[state.current_player].act(state))
    return state


def multi_game(job: tuple[str, int, int]) -> float:
    """The expert's return (its side's, in the 2v2) in one game."""
    game_id, players, index = job
    if game_id == "mythic-battles":
        side = index % 2  # sides are seats 0, 2 and 1, 3
        specs = ["expert" if seat % 2 == side else "greedy" for seat in range(players)]
        end = play(game_id, players, specs, index, MULTI_OPTIONS.get(game_id))
        return sum(end.returns()[seat] for seat in range(players) if seat % 2 == side)
    seat = index % players
    specs = ["expert" if s == seat else "greedy" for s in range(players)]
    return play(game_id, players, specs, index, MULTI_OPTIONS.get(game_id)).returns()[seat]


def battles_end(index: int) -> tuple[str, int]:
    """How a hard-against-hard Mythic Battles game ended, and in which round."""
    end: Any = play("mythic-battles", 2, ["hard", "hard"], index)
    winners = end.winners()
    scenario = end.game.scenario
    sides = {end.sides[s] for s in winners}
    absorbed = {
        side: sum(end.absorbed[s] for s in range(end.game.players) if end.sides[s] == side)
        for side in sides
    }
    if len(sides) == 1 and max(absorbed.values()) >= scenario.omphalos_to_win:
        return "omphalos", end.round
    if any(end.out):
        return "divinity killed", end.round
    return "round cap", end.round


def duel_game(job: tuple[str, str, str, int]) -> float:
    """Agent A's return in one two-player duel game (A sits first in even games)."""
    game_id, first, second, index = job
    seat = index % 2
    specs = [first, second] if seat == 0 else [second, first]
    return play(game_id, 2, specs, index).returns()[seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("figure", choices=["multi", "battles-ends", "duel"])
    parser.add_argument("--game", default="mythic-arena", help="duel: the game id")
    parser.add_argument("--agents", default="expert,greedy", help="duel: two agent specs A,B")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", default="", help="multi: comma-separated game ids")
    parser.add_argument("--out", type=Path, default=Path("bench/FIGURES.md"))
    args = parser.parse_args()
    stamp = f"{datetime.now(UTC):%Y-%m-%d}, {args.games} games, seeds 0..{args.games - 1}"
    lines: list[str] = []
    with Pool(args.jobs) as pool:
        if args.figure == "battles-ends":
            ends = pool.map(battles_end, range(args.games), chunksize=1)
            kinds = Counter(kind for kind, _ in ends)
            decided = args.games - kinds["round cap"]
            lines += [
                "### Mythic Battles: hard against hard",
                "",
                f"Two players, `hard` in both seats ({stamp}). Decided before the round cap: "
                f"{fmt(wilson(decided, args.games))}.",
                "",
                "| how it ended | games | mean round |",
                "|---|---:|---:|",
            ]
            for kind in ("divinity killed", "omphalos", "round cap"):
                rounds = [r for k, r in ends if k == kind]
                mean = f"{sum(rounds) / len(rounds):.1f}" if rounds else "-"
                lines.append(f"| {kind} | {kinds[kind]} | {mean} |")
        elif args.figure == "duel":
            first, second = args.agents.split(",")
            jobs = [(args.game, first, second, i) for i in range(args.games)]
            rate = wilson(sum(pool.map(duel_game, jobs, chunksize=1)), args.games)
            lines += [
                f"### Duel in {args.game}: `{first}` against `{second}`",
                "",
                f"Two players, seats alternating ({stamp}): `{first}` scores {fmt(rate)}.",
            ]
        else:
            only = {g for g in args.only.split(",") if g}
            lines += [
                "### Expert against greedy opponents",
                "",
                f"`expert` in one seat, `greedy` in the others ({stamp}, a row each, seats "
                "rotating); in Mythic Battles the expert plays one whole side of the 2v2, held "
                "to 75%. Mythic Wars is capped at 60 rounds (MW-CAP-1). A target is met when "
                "the interval's lower bound reaches it.",
                "",
                "| game | players | expert's score | target | verdict |",
                "|---|---:|---|---:|---|",
            ]
            for game_id, players in MULTI:
                if only and game_id not in only:
                    continue
                jobs = [(game_id, players, i) for i in range(args.games)]
                rate = wilson(sum(pool.map(multi_game, jobs, chunksize=1)), args.games)
                target = 0.75 if game_id == "mythic-battles" else 2 / players
                if rate.low >= target:
                    verdict = "met"
                elif rate.rate >= target:
                    verdict = "above, interval not yet"
                else:
                    verdict = "NOT met"
                lines.append(f"| {game_id} | {players} | {fmt(rate)} | {target:.0%} | {verdict} |")
                print(lines[-1], flush=True)
    text = "\n".join(lines) + "\n"
    print(text)
    with args.out.open("a", encoding="utf-8") as out:
        out.write("\n" + text)


if __name__ == "__main__":
    main()
