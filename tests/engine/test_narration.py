"""The narration framework: a narrator tells each action from the reader's own views, and a
chronicle keeps every reader's story (what a seat saw, never more)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import theomachy
from theomachy.engine.chance import sample_outcome
from theomachy.engine.narration import (
    GENERIC,
    Chronicle,
    Narrator,
    Told,
    apply_and_tell,
    chronicle,
)
from toy_games import SecretPick

View = dict[str, Any]


class PickNarrator(Narrator):
    """Secret Pick in words, with the reader's views as its only source."""

    def seat_name(self, view: View, seat: int) -> str:
        return ("the picker", "the guesser")[seat]

    def event(self, before: View, after: View, actor: int, entry: str) -> str | Told | None:
        verb, number = entry.split(" ")
        if verb == "pick":
            return "picks a number in secret" if number == "?" else f"picks {number}"
        right = after["winners"] == [1]
        return Told(
            f"guesses {number}: {'right' if right else 'wrong'}, the pick was {after['pick']}",
            "result",
        )


class NarratedPick(SecretPick):
    @classmethod
    def narrator(cls) -> Narrator:
        return PickNarrator()


def test_each_reader_is_told_what_that_reader_saw() -> None:
    told = chronicle(NarratedPick(), ["pick 2", "guess 3"])
    picker = [line.as_json() for line in told.story(0)]
    guesser = [line.as_json() for line in told.story(1)]
    assert picker[0] == {
        "step": 0,
        "seat": 0,
        "text": "picks 2",
        "kind": "move",
        "action": "pick 2",
    }
    assert guesser[0]["text"] == "picks a number in secret"
    assert guesser[0]["action"] == "pick ?"
    assert told.story(None)[0].action == "pick ?"
    # The guess reveals the pick: the line after it may say it, for every reader.
    assert guesser[1]["text"] == "guesses 3: wrong, the pick was 2"
    assert guesser[1]["kind"] == "result"


def test_a_chronicle_grows_with_the_history_and_cuts_at_a_step() -> None:
    game = NarratedPick()
    told = Chronicle(game)
    told.follow(["pick 1"])
    assert told.length == 1 and len(told.story(1)) == 1
    told.follow(["pick 1", "guess 1"])
    assert told.length == 2
    assert [line.step for line in told.story(1)] == [0, 1]
    assert [line.step for line in told.story(1, until=1)] == [0]
    assert told.story(1, until=0) == []


def test_the_default_narrator_tells_the_notation() -> None:
    assert SecretPick.narrator() is GENERIC
    told = chronicle(SecretPick(), ["pick 3", "guess 3"])
    assert [line.text for line in told.story(1)] == ["pick ?", "guess 3"]
    assert [line.text for line in told.story(0)] == ["pick 3", "guess 3"]


def test_a_line_of_an_unknown_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown line kind 'loud'"):
        Told("shouts", "loud")


def test_the_reader_is_you_in_lines_naming_seats() -> None:
    narrator = PickNarrator()
    assert narrator.name({"player": 0}, 0) == "you"
    assert narrator.name({"player": 0}, 1) == "the guesser"
    assert narrator.name({"player": None}, 1) == "the guesser"


@pytest.mark.parametrize(
    "game_id", ["mythic-arena", "mythic-wars", "mythotopia", "arena-of-the-gods", "mythic-battles"]
)
def test_every_game_tells_a_game_to_every_reader_as_that_reader_saw_it(game_id: str) -> None:
    state = _random_game(game_id, players=2, steps=300)
    told = chronicle(state.game, state.history())
    replayed = state.game.new_game()
    seen: dict[int | None, list[str]] = {None: [], 0: [], 1: []}
    for action in state.history():
        for reader in seen:
            seen[reader].append(replayed.action_seen_by(action, reader))
        replayed.apply(action)
    for reader, entries in seen.items():
        lines = told.story(reader)
        assert lines, f"{game_id}: nothing told to reader {reader}"
        for line in lines:
            assert line.text.strip(), f"{game_id}: an empty line at step {line.step}"
            # The notation beside a line is the action as this reader saw it, nothing more.
            assert line.action == entries[line.step]


def _random_game(game_id: str, players: int, steps: int) -> theomachy.State:
    """A random game's first ``steps`` actions (or all of it, if it ends sooner)."""
    rng = random.Random(11)
    state = theomachy.load(game_id, players=players).new_game()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player == theomachy.CHANCE:
            state.apply(sample_outcome(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    return state


def test_apply_and_tell_applies_and_tells_as_the_reader_saw_it() -> None:
    state = NarratedPick().new_game()
    told = apply_and_tell(state, "pick 2", 1)
    assert state.history() == ["pick 2"]
    assert told == Told("picks a number in secret", "move")


def test_a_chronicle_rewinds_its_latest_steps_and_tells_them_again_alike() -> None:
    from theomachy.engine.conformance import play_random
    from theomachy.engine.narration import REWIND_STEPS, chronicle
    from theomachy.engine.registry import load

    game = load("mythic-arena", 2)
    history = play_random(game, 3).history()
    told = chronicle(game, history)
    stories = {r: told.story(r) for r in told.readers}
    recent = {r: told.recent(r) for r in told.readers}
    assert told.rewind(len(history) - 5)
    assert told.length == len(history) - 5
    assert all(line.step < len(history) - 5 for line in told.story(0))
    told.follow(history)
    assert {r: told.story(r) for r in told.readers} == stories
    assert {r: told.recent(r) for r in told.readers} == recent
    # Only the latest steps are kept: further back the caller tells the game again.
    assert not told.rewind(len(history) - REWIND_STEPS - 1)
    assert told.rewind(len(history) + 3)  # not told that far: nothing to forget
