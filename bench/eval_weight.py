"""Mythic Wars' evaluation: greedy play with an entity weight against greedy with another.

Each game seats one greedy agent scoring positions with ``evaluation.ENTITY_WEIGHT`` set to the
candidate and one with the baseline weight (seats alternate, max_rounds 60 so that every game
ends); prints the candidate's score with its 95% interval. The record is bench/EVALUATION.md.

Usage: ``python bench/eval_weight.py --candidate 5 --baseline 0 --games 300``.
"""

from __future__ import annotations

import argparse
import math
from multiprocessing import Pool

from figures import play
from theomachy.agents.greedy import GreedyAgent
from theomachy.engine.core import State
from theomachy.engine.simulate import derive_seed
from theomachy.games.mythic_wars import evaluation


class WeightedGreedy(GreedyAgent):
    """Greedy play with Mythic Wars' entity weight set to ``weight`` while it thinks."""

    def __init__(self, seed: int, weight: float) -> None:
        super().__init__(seed=seed)
        self.weight = weight

    def act(self, state: State) -> str:
        kept = evaluation.ENTITY_WEIGHT
        evaluation.ENTITY_WEIGHT = self.weight
        try:
            return super().act(state)
        finally:
            evaluation.ENTITY_WEIGHT = kept


def one_game(job: tuple[int, float, float]) -> float:
    """The candidate's return in game ``index``."""
    index, candidate, baseline = job
    seat = index % 2
    bots = [
        WeightedGreedy(derive_seed(index, "seat", s), candidate if s == seat else baseline)
        for s in range(2)
    ]
    end = play("mythic-wars", 2, bots, index, options={"max_rounds": 60})
    return end.returns()[seat]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--candidate", type=float, default=5.0)
    parser.add_argument("--baseline", type=float, default=0.0)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    jobs = [(i, args.candidate, args.baseline) for i in range(args.games)]
    with Pool(args.jobs) as pool:
        scores = pool.map(one_game, jobs)
    rate = sum(scores) / len(scores)
    half = 1.96 * math.sqrt(rate * (1 - rate) / len(scores))
    print(f"weight {args.candidate} against {args.baseline}: {rate:.3f} +- {half:.3f}")


if __name__ == "__main__":
    main()
