"""Behaviour digest of one game: a SHA-256 over seeded random games, for checking that a speed
change altered nothing.

    python bench/digest.py mythotopia [--games 19]

Plays ``--games`` seeded random games spread round-robin over the set-up variants (every
player count in the game's range; with each boolean option switched on and each choice of a
``Literal`` option, where the game accepts it) and hashes, in order: every legal-action list,
every chance-outcome list, ``view(p)`` of every seat and of a spectator, the description
(``str``), each seat's evaluation, a determinization every few steps and the final returns.
The same code must print the same digest on any machine; a change that prints another one
changed behaviour. Views carry the game log, so hashing them at every step is quadratic
(minutes); ``--view-every 10`` is a quicker check for work in progress (its own digest).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import typing
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import theomachy
from run import sample

DETERMINIZE_EVERY = 37
"""Steps between two hashed determinizations (they are slow; a prime spreads them over
phases)."""


def variants(game_id: str) -> list[tuple[int, dict[str, Any]]]:
    """(players, options) set-ups the game accepts: defaults at each count, then each count
    with each boolean option flipped and each ``Literal`` option's other values."""
    cls = theomachy.engine.registry.game_class(game_id)
    counts = range(cls.min_players, cls.max_players + 1)
    alternatives: list[dict[str, Any]] = []
    for name, field in cls.Options.model_fields.items():
        annotation = field.annotation
        if annotation is bool:
            alternatives.append({name: not field.default})
        elif typing.get_origin(annotation) is typing.Literal:
            alternatives.extend(
                {name: value} for value in typing.get_args(annotation) if value != field.default
            )
    result: list[tuple[int, dict[str, Any]]] = []
    for options in [{}, *alternatives]:
        for players in counts:
            try:
                theomachy.load(game_id, players=players, options=options)
            except ValueError:
                continue  # not allowed at this count
            result.append((players, options))
    return result


def feed(digest: Any, value: Any) -> None:
    """Add one JSON-able value to the hash (sorted keys, so dict order does not matter)."""
    digest.update(json.dumps(value, sort_keys=True, separators=(",", ":")).encode())
    digest.update(b"\n")


def play(
    game_id: str,
    index: int,
    players: int,
    options: dict[str, Any],
    digest: Any,
    view_every: int = 1,
) -> int:
    """One seeded random game fed to ``digest`` (views, description and evaluations every
    ``view_every`` steps and at the end); returns its number of steps."""
    game = theomachy.load(game_id, players=players, options=options)
    rng = random.Random(f"digest:{game_id}:{index}")
    state = game.new_game()
    seats = range(players)
    steps = 0
    feed(digest, [index, players, options])
    while True:
        terminal = state.is_terminal()
        if terminal or steps % view_every == 0:
            feed(digest, [state.view(p) for p in seats] + [state.view(None), str(state)])
            feed(digest, [state.evaluate(p) for p in seats])
        if terminal:
            break
        if steps % DETERMINIZE_EVERY == 0 and not state.is_chance():
            player = state.current_player
            copy = state.determinize(player, random.Random(f"determinize:{index}:{steps}"))
            feed(digest, [copy.view(player), copy.legal_actions(), copy.history()])
        legal = state.legal_actions()
        feed(digest, legal)
        if state.is_chance():
            outcomes = state.chance_outcomes()
            feed(digest, outcomes)
            action = sample(outcomes, rng)
        else:
            action = rng.choice(legal)
        state.apply(action)
        steps += 1
    feed(digest, [state.returns(), state.winners(), state.history()])
    return steps


def main() -> None:
    """Play, hash and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=19)
    parser.add_argument("--view-every", type=int, default=1, help="steps between hashed views")
    parser.add_argument("--verbose", action="store_true", help="print each game's set-up")
    args = parser.parse_args()
    setups = variants(args.game)
    digest = hashlib.sha256()
    total = 0
    for index in range(args.games):
        players, options = setups[index % len(setups)]
        steps = play(args.game, index, players, options, digest, args.view_every)
        total += steps
        if args.verbose:
            print(f"game {index}: {players} players {options} {steps} steps")
    quick = f", views every {args.view_every} steps" if args.view_every != 1 else ""
    print(f"{args.game}: {args.games} games{quick}, {total} steps, digest {digest.hexdigest()}")


if __name__ == "__main__":
    main()
