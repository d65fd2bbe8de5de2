"""Golden playthroughs: seeded games recorded to files, compared on every run.

A deliberate rules change re-records them: ``THEOMACHY_REGEN_GOLDEN=1 pytest tests/test_golden.py``
(then read the diff before committing it).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import theomachy
from theomachy.engine.conformance import fingerprint

GOLDEN = Path(__file__).parent / "golden"
CASES = [
    ("arena-of-the-gods", 2, {}, 1),
    ("arena-of-the-gods", 3, {"first": 1}, 2),
    ("mythic-arena", 2, {}, 1),
    ("mythic-battles", 2, {}, 1),
    ("mythic-battles", 4, {"lead": 1, "max_rounds": 6}, 2),
    ("mythic-arena", 2, {}, 2),
    ("mythic-arena", 2, {}, 3),
    ("mythic-arena", 2, {"rounds": 3}, 4),
    ("mythotopia", 2, {"max_rounds": 8}, 1),
    ("mythotopia", 4, {"max_rounds": 5, "choose_provinces": True}, 2),
]


def _record(game_id: str, players: int, options: dict, seed: int) -> dict:
    end = theomachy.simulate(game_id, players=players, options=options, seed=seed)
    view = end.view(None)
    return {
        "game": game_id,
        "players": players,
        "options": end.game.options,
        "seed": seed,
        "history": end.history(),
        "returns": end.returns(),
        "winners": end.winners(),
        "final_view": view,
        "final_text": str(end),
    }


@pytest.mark.parametrize(("game_id", "players", "options", "seed"), CASES)
def test_golden_playthrough(game_id: str, players: int, options: dict, seed: int):
    suffix = "-".join(f"{k}{v}" for k, v in sorted(options.items()))
    path = GOLDEN / f"{game_id}-p{players}-seed{seed}{'-' + suffix if suffix else ''}.json"
    record = _record(game_id, players, options, seed)
    if os.environ.get("THEOMACHY_REGEN_GOLDEN") == "1":
        path.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    golden = json.loads(path.read_text(encoding="utf-8"))
    assert record["history"] == golden["history"], "the same seed played a different game"
    assert record["returns"] == golden["returns"]
    assert record["winners"] == golden["winners"]
    assert json.loads(json.dumps(record["final_view"])) == golden["final_view"]
    assert record["final_text"] == golden["final_text"]
    replayed = theomachy.load(game_id, players, options).replay(golden["history"])
    assert fingerprint(replayed) == fingerprint(
        theomachy.simulate(game_id, players=players, options=options, seed=seed)
    )
