"""Quick speed check of one game against the C++ backgammon anchor, interleaved in one process.

    python bench/speed.py mythotopia --players 2 --seconds 10

Prints the game's and backgammon's random-playout steps/s per round and the median ratio; for
checking an optimisation while working (``make bench`` writes the full report).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from run import (
    BACKGAMMON,
    import_pyspiel,
    openspiel_target,
    theomachy_target,
    time_playouts,
)


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=10.0, help="per target, all rounds")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    pyspiel, note = import_pyspiel()
    if pyspiel is None:
        raise SystemExit(f"open_spiel is needed for the anchor: {note}")
    game = theomachy_target(args.game, args.players)
    anchor = openspiel_target(pyspiel, BACKGAMMON)
    ratios = []
    for round_index in range(args.rounds):
        rates = []
        for target in (game, anchor):
            rng = random.Random(f"speed:{target.name}:{round_index}")
            steps, _games, elapsed = time_playouts(target, args.seconds / args.rounds, rng)
            rates.append(steps / elapsed)
        ratios.append(rates[0] / rates[1])
        print(
            f"round {round_index + 1}: {args.game} {rates[0]:,.0f} steps/s, "
            f"backgammon {rates[1]:,.0f} steps/s, ratio {ratios[-1]:.3f}"
        )
    print(f"median ratio to backgammon: {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
