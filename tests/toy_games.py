"""Toy games for testing the engine's checks and the server's generic paths.

Secret Pick: the first seat picks a number from 1 to 3 in secret, the second guesses it; a
right guess wins. ``SecretPick`` hides the pick; ``LeakyPick`` prints it in every view;
``SealedPick`` adds a private "seal" whose result tells the others whether the pick was odd.
"""

from __future__ import annotations

import random
from typing import Any

from theomachy.engine.core import TERMINAL, Game, State


class SecretPickState(State):
    __slots__ = ("guess", "pick")
    leaky = False

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.pick = 0
        self.guess = 0

    @property
    def current_player(self) -> int:
        if self.guess:
            return TERMINAL
        return 1 if self.pick else 0

    def _legal_actions(self) -> list[str]:
        verb = "guess" if self.pick else "pick"
        return [f"{verb} {n}" for n in (1, 2, 3)]

    def _chance_outcomes(self) -> list[tuple[str, float]]:
        return []

    def _apply(self, action: str) -> None:
        verb, number = action.split()
        setattr(self, verb, int(number))

    def _returns(self) -> list[float]:
        return [0.0, 1.0] if self.guess == self.pick else [1.0, 0.0]

    def _winners(self) -> list[int]:
        return [1] if self.guess == self.pick else [0]

    def _copy(self) -> State:
        other = type(self)(self.game)
        other.pick, other.guess = self.pick, self.guess
        return other

    def view(self, player: int | None) -> dict[str, Any]:
        shown = self.pick if player == 0 or self.leaky or self.guess else None
        return {
            "player": player,
            "current_player": self.current_player,
            "legal_actions": self.legal_actions() if player == self.current_player else [],
            "terminal": self.is_terminal(),
            "winners": self.winners(),
            "picked": bool(self.pick),
            "pick": shown,
        }

    def determinize(self, player: int, rng: random.Random) -> State:
        other = self._copy()
        if player != 0 and self.pick and not self.guess:
            other.pick = rng.choice((1, 2, 3))
        other._history = list(self._history)
        return other

    def action_seen_by(self, action: str, observer: int | None) -> str:
        if action.startswith("pick") and observer != 0:
            return "pick ?"
        return action

    def __str__(self) -> str:
        return f"pick {self.pick} guess {self.guess}"


class LeakyPickState(SecretPickState):
    __slots__ = ()
    leaky = True


class SecretPick(Game):
    id = "secret-pick"
    title = "Secret Pick"
    min_players = max_players = default_players = 2
    state_class: type[SecretPickState] = SecretPickState

    def new_game(self) -> State:
        return self.state_class(self)


class LeakyPick(SecretPick):
    state_class = LeakyPickState


class SealedPickState(SecretPickState):
    """Seat 0 picks, then seals (its only action, private too), then seat 1 guesses; the
    seal shows the other seat whether the pick was odd: every seal looks alike from one
    position, but not from another position the other seat cannot tell apart."""

    __slots__ = ("sealed",)

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.sealed = False

    @property
    def current_player(self) -> int:
        if self.pick and not self.sealed:
            return 0
        return super().current_player

    def _legal_actions(self) -> list[str]:
        return ["seal"] if self.pick and not self.sealed else super()._legal_actions()

    def _apply(self, action: str) -> None:
        if action == "seal":
            self.sealed = True
        else:
            super()._apply(action)

    def _copy(self) -> State:
        other = super()._copy()
        assert isinstance(other, SealedPickState)
        other.sealed = self.sealed
        return other

    def view(self, player: int | None) -> dict[str, Any]:
        return {**super().view(player), "odd": self.pick % 2 if self.sealed else None}

    def action_seen_by(self, action: str, observer: int | None) -> str:
        return (
            "seal ?"
            if action == "seal" and observer != 0
            else super().action_seen_by(action, observer)
        )


class SealedPick(SecretPick):
    state_class = SealedPickState
