"""The conformance check of private decisions (``check_private_decisions``) on a toy game.

Secret Pick: the first seat picks a number from 1 to 3 in secret, the second guesses it; a
right guess wins. A faithful toy hides the pick; a leaky one prints it in the other seat's view.
The check must pass the first and catch the second, both directly and through determinize.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from theomachy.engine import conformance
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


def test_a_hidden_pick_passes_the_check():
    state = SecretPick().new_game()
    conformance.check_private_decisions(state, "start")
    state.apply("pick 2")
    conformance.check_private_decisions(state, "guessing")  # public guesses: nothing masked


def test_a_pick_shown_to_the_other_seat_is_caught():
    state = LeakyPick().new_game()
    with pytest.raises(AssertionError, match="sees 'pick \\?' for both 'pick 1' and 'pick 2'"):
        conformance.check_private_decisions(state, "start")


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


def test_a_leak_seen_only_from_another_position_is_caught_through_determinize():
    caught = 0
    state = SealedPick().new_game()
    state.apply("pick 2")
    for seed in range(10):  # a resampled pick is odd two times in three
        try:
            conformance.check_private_decisions(state, "sealing", random.Random(seed))
        except AssertionError as error:
            assert "two positions it cannot tell apart" in str(error)
            caught += 1
    assert caught >= 1


def test_the_default_says_every_action_is_public():
    state = SecretPick().new_game()
    assert State.action_seen_by(state, "pick 1", 1) == "pick 1"
    assert state.action_seen_by("pick 1", 1) == "pick ?"
    assert state.action_seen_by("pick 1", 0) == "pick 1"
