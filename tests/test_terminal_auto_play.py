"""The terminal plays a step with one possible move for the person (unless told not to)."""

from __future__ import annotations

import random
from typing import Any

from rich.console import Console

from theomachy.engine.core import TERMINAL, Game, State
from theomachy.terminal import Session, play_game


class ForcedState(State):
    """Seat 0 must "pass" (its only move), then chooses "left" or "right"; left wins."""

    __slots__ = ("moves",)

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.moves: list[str] = []

    @property
    def current_player(self) -> int:
        return TERMINAL if len(self.moves) == 2 else 0

    def _legal_actions(self) -> list[str]:
        return ["pass"] if not self.moves else ["left", "right"]

    def _chance_outcomes(self) -> list[tuple[str, float]]:
        return []

    def _apply(self, action: str) -> None:
        self.moves.append(action)

    def _returns(self) -> list[float]:
        return [1.0] if self.moves[-1] == "left" else [0.0]

    def _winners(self) -> list[int]:
        return [0] if self.moves[-1] == "left" else []

    def _copy(self) -> State:
        other = ForcedState(self.game)
        other.moves = list(self.moves)
        return other

    def view(self, player: int | None) -> dict[str, Any]:
        return {
            "player": player,
            "current_player": self.current_player,
            "legal_actions": self.legal_actions() if player == self.current_player else [],
            "terminal": self.is_terminal(),
            "winners": self.winners(),
            "moves": list(self.moves),
        }

    def determinize(self, player: int, rng: random.Random) -> State:
        return self.clone()

    def __str__(self) -> str:
        return " ".join(self.moves)


class Forced(Game):
    id = "forced-toy"
    title = "Forced"
    min_players = max_players = default_players = 1

    def new_game(self) -> State:
        return ForcedState(self)


class Script:
    """Typed lines, and the prompts they answered."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def session(auto_play: bool, lines: list[str]) -> tuple[Session, Script]:
    script = Script(lines)
    console = Console(record=True, width=100, force_terminal=False)
    made = Session(
        Forced().new_game(), 0, {}, random.Random(0), console, script, auto_play=auto_play
    )
    return made, script


def test_the_only_possible_move_is_played_for_the_person() -> None:
    played, script = session(True, ["left"])
    assert play_game(played)
    assert played.state.history() == ["pass", "left"]
    assert len(script.prompts) == 1  # asked once: for the real choice
    assert "only one possible move: played for you" in played.console.export_text()


def test_with_auto_play_off_the_person_plays_it() -> None:
    played, script = session(False, ["pass", "right"])
    assert play_game(played)
    assert played.state.history() == ["pass", "right"]
    assert len(script.prompts) == 2
    assert "played for you" not in played.console.export_text()
