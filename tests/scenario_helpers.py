"""Helpers shared by the games' tests: play actions that must be legal, and run a probe
script in a fresh process under a content overlay."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any, TypeVar

from theomachy.engine import overlay
from theomachy.engine.core import State

S = TypeVar("S", bound=State)


def act(state: S, *actions: str) -> S:
    """Apply player actions in order (each must be legal)."""
    for action in actions:
        assert state.current_player >= 0, f"{action!r}: nobody to decide ({state.current_player})"
        legal = state.legal_actions()
        assert action in legal, f"{action!r} not in {legal}"
        state.apply(action)
    return state


def probe_with_overlay(game_id: str, values: dict[str, int], script: str) -> Any:
    """Run ``script`` in a fresh Python process with ``values`` overlaid on ``game_id``'s
    content (content is read once a process, so an overlay needs its own); returns the JSON
    of the script's last printed line."""
    env = {**os.environ, overlay.ENV: overlay.encode(game_id, values)}
    done = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])
