"""The terminal loop with scripted input, and the renderers."""

from __future__ import annotations

import io
import os
import random
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import theomachy
from theomachy.agents import make
from theomachy.engine import CHANCE, State, derive_seed
from theomachy.engine.narration import apply_and_tell
from theomachy.terminal import Session, play_game, renderer_for, save_state, watch_game
from theomachy.terminal.mythic_arena import MythicArenaRenderer, card_name
from theomachy.terminal.play import HelpRequested, Quit, announce, parse_choice
from theomachy.terminal.render import GENERIC, Renderer

GAME = "mythic-arena"


class Script:
    """A prompt that answers with scripted lines, then raises EOFError (end of input)."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = list(lines)
        self.prompts: list[str] = []

    def __call__(self, text: str) -> str:
        self.prompts.append(text)
        if not self.lines:
            raise EOFError
        return self.lines.pop(0)


def console() -> Console:
    """A console writing plain text to a buffer."""
    return Console(file=io.StringIO(), width=100, color_system=None, force_terminal=False)


def output(session: Session) -> str:
    """Everything the session printed."""
    file = session.console.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def new_session(
    lines: Iterable[str], seed: int = 3, save: Path | None = None, seat: int = 0
) -> tuple[Session, Script]:
    """A person at ``seat`` against the random bot, the way the CLI sets it up."""
    state = theomachy.load(GAME).new_game()
    other = 1 - seat
    bots = {other: make("random", seed=derive_seed(seed, "seat", other))}
    prompt = Script(lines)
    session = Session(state, seat, bots, random.Random(seed), console(), prompt, save)
    return session, prompt


def test_a_whole_game_played_with_number_one() -> None:
    session, prompt = new_session(["1"] * 500)
    assert play_game(session) is True
    assert session.state.is_terminal()
    text = output(session)
    assert "Final count" in text
    assert "Returns: [" in text
    assert ("You win!" in text) or ("wins." in text) or ("Shared victory" in text)
    assert len(prompt.lines) < 500


def test_bad_lines_get_a_message_and_the_prompt_again() -> None:
    session, prompt = new_session(["foo", "999", "", "1"])
    assert play_game(session) is False  # the script runs out: the person leaves
    text = output(session)
    assert "'foo' is not legal now" in text
    assert "there is no action 999: choose from 1 to 2" in text
    assert "type the number of an action" in text
    assert session.state.history()[0] == "choose greek"
    assert prompt.prompts.count("your move> ") == 5  # four lines, then end of input


def test_actions_may_be_typed_in_any_case_and_spacing() -> None:
    session, _ = new_session(["  CHOOSE   Norse "])
    play_game(session)
    assert session.state.history()[0] == "choose norse"


def test_help_lists_the_actions_again() -> None:
    session, _ = new_session(["?"])
    play_game(session)
    assert output(session).count("1. choose greek") == 2


def test_quit_word_leaves_and_saves(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    session, _ = new_session(["1", "q"], save=path)
    assert play_game(session) is False
    assert theomachy.load_state(path.read_text()) == session.state
    assert "Resume with: theomachy play --replay" in output(session)


def test_save_after_every_move_reads_back_equal(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    session, _ = new_session(["1"] * 12, save=path)
    play_game(session)
    loaded = theomachy.load_state(path.read_text(encoding="utf-8"))
    assert loaded == session.state
    assert loaded.history() == session.state.history()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]  # no temp file left


def test_save_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    path.write_text("previous save")
    state = theomachy.load(GAME).new_game()

    def crash(src: Any, dst: Any) -> None:
        raise OSError("disk on fire")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk on fire"):
        save_state(path, state)
    assert path.read_text() == "previous save"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_the_person_may_take_the_second_seat() -> None:
    session, _ = new_session(["1"] * 500, seat=1)
    assert play_game(session) is True
    assert session.state.history()[0] in ("choose greek", "choose norse")


def test_parse_choice() -> None:
    legal = ["discard", "place zeus e5"]
    assert parse_choice("2", legal) == "place zeus e5"
    assert parse_choice(" Place  ZEUS e5", legal) == "place zeus e5"
    assert parse_choice("place zeus e6", legal) == "place zeus e6"  # the state judges it
    with pytest.raises(theomachy.IllegalAction, match="choose from 1 to 2"):
        parse_choice("3", legal)
    with pytest.raises(Quit):
        parse_choice("quit", legal)
    with pytest.raises(HelpRequested):
        parse_choice("?", legal)


def _hidden_draw_state() -> tuple[State, str]:
    """Player 0 placed a card; player 1 has just drawn one that player 0 may not see."""
    state = theomachy.load(GAME).new_game()
    for action in ("choose greek", "draw zeus", "place zeus e5", "draw odin"):
        state.apply(action)
    return state, "Odin"


def test_the_opponents_draw_is_masked() -> None:
    state, secret = _hidden_draw_state()
    view = state.view(0)
    text = render(MythicArenaRenderer().position(view))
    assert secret not in text
    assert "has drawn a card (hidden)" in text


def test_announcing_a_hidden_draw_names_no_card() -> None:
    state = theomachy.load(GAME).new_game()
    for action in ("choose greek", "draw zeus", "place zeus e5"):
        state.apply(action)
    session = Session(state, 0, {}, random.Random(0), console(), Script([]))
    assert state.action_seen_by("draw odin", 0) == "draw ?"
    announce(session, CHANCE, apply_and_tell(state, "draw odin", 0))
    text = output(session)
    assert "chance: Norse draws a card" in text
    assert "Odin" not in text and "odin" not in text


def test_own_draw_is_shown() -> None:
    state = theomachy.load(GAME).new_game()
    state.apply("choose greek")
    state.apply("draw zeus")
    text = render(MythicArenaRenderer().position(state.view(0)))
    assert "You drew" in text and "Zeus" in text
    assert "#2" in text  # the numbered place action shown on its square (1 is discard)


@pytest.mark.rules("MA-RULING-ULLR")
def test_ma_ruling_ullr_the_drawn_card_shows_the_power_it_would_fight_with() -> None:
    state = theomachy.load(GAME).new_game()
    for action in ("choose greek", "draw zeus", "discard", "draw artemis"):
        state.apply(action)
    text = render(MythicArenaRenderer().position(state.view(0)))
    assert "Power 3 if placed now (printed 2)" in text  # 2 + Zeus in the discard pile
    hidden = render(MythicArenaRenderer().position(state.view(1)))
    assert "Artemis" not in hidden and "placed now" not in hidden


@pytest.mark.rules("MA-MATCH-1")
def test_ma_match_1_the_header_names_the_wins_a_match_needs() -> None:
    state = theomachy.load(GAME, options={"rounds": 5}).new_game()
    state.apply("choose greek")
    text = render(MythicArenaRenderer().position(state.view(0)))
    assert "game 1 (first to 3 wins)" in text


def test_battlefield_shows_cards_sides_and_players() -> None:
    state = theomachy.load(GAME).new_game()
    for action in ("choose greek", "draw zeus", "place zeus e5", "draw odin", "place odin e6"):
        state.apply(action)
    text = render(MythicArenaRenderer().position(state.view(None)))
    for expected in ("Zeus", "Odin", "Glory", "Strength", "Discard pile", "■", "✕", "·"):
        assert expected in text


def test_events_name_captures_over_a_game() -> None:
    final = theomachy.simulate(GAME, seed=5)
    narrator = final.game.narrator()
    state = final.game.new_game()
    texts = []
    for action in final.history():
        before = state.view(0)
        actor = state.current_player
        seen = state.action_seen_by(action, 0)
        state.apply(action)
        told = narrator.tell(before, state.view(0), actor, seen)
        assert told is not None
        texts.append(told.text)
    assert any(" captures " in t for t in texts)
    assert "Norse draws a card" in texts


def test_watch_steps_through_a_saved_game() -> None:
    final = theomachy.simulate(GAME, seed=2)
    session = Session(final.game.new_game(), 0, {}, random.Random(0), console(), Script([""] * 500))
    watch_game(session, final.history())
    assert session.state == final
    text = output(session)
    moves = len(final.history())
    assert f"move {moves} of {moves}" in text
    assert "Final count" in text


def test_watch_stops_on_q() -> None:
    final = theomachy.simulate(GAME, seed=2)
    session = Session(final.game.new_game(), 0, {}, random.Random(0), console(), Script(["q"]))
    watch_game(session, final.history())
    assert len(session.state.history()) < len(final.history())


def test_renderer_registry_falls_back_to_the_generic_one() -> None:
    assert isinstance(renderer_for(GAME), MythicArenaRenderer)
    assert renderer_for("no-such-game") is GENERIC
    view: dict[str, Any] = {"player": 0, "legal_actions": ["x"], "score": [3, 4], "log": []}
    text = render(Renderer().position(view))
    assert "score" in text and "legal_actions" not in text


def test_card_names() -> None:
    assert card_name("tyr") == "Týr"
    assert card_name("unknown-card") == "unknown-card"


def render(renderable: Any) -> str:
    """Plain text of a rich renderable."""
    out = console()
    out.print(renderable)
    file = out.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


def test_hot_seat_asks_to_pass_and_tells_moves_from_the_public_view() -> None:
    state = theomachy.load(GAME).new_game()
    prompt = Script(["1"] * 12)  # a hand-over takes any line
    session = Session(state, 0, {}, random.Random(4), console(), prompt, people=[0, 1])
    assert session.hot_seat and session.viewer is None
    assert play_game(session) is False  # the script runs out
    assert prompt.prompts[:2] == [
        "Player 0, press Enter when you have the keyboard> ",
        "your move> ",
    ]
    handovers = [p for p in prompt.prompts if "press Enter" in p]
    assert len(handovers) >= 2 and "(P1)" in handovers[1]
    text = output(session)
    assert "pass to seat 0" in text and "pass to seat 1" in text
    # Every draw is told hidden on the shared screen, even the person's own.
    assert "draws a card" in text
    for action in state.history():
        if action.startswith("draw "):
            assert f"draws {card_name(action.split()[1])}" not in text


def test_all_bot_seats_play_to_the_end_without_prompts() -> None:
    state = theomachy.load(GAME).new_game()
    bots = {p: make("random", seed=p) for p in (0, 1)}
    prompt = Script([])
    session = Session(state, 0, bots, random.Random(1), console(), prompt, people=[])
    assert play_game(session) is True
    assert prompt.prompts == []
    assert "You win" not in output(session)
