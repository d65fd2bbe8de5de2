"""Mythic Arena's endings (MA-END-7) and its tunable content (content/tunables.toml): the
Powers of our own design, one per mirrored pair of cards (content/powers.toml)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scenario_helpers import probe_with_overlay
from theomachy.engine import overlay
from theomachy.engine.content import ContentError
from theomachy.games.mythic_arena import rules as ma_rules
from theomachy.games.mythic_arena.cards import Setup, catalog, load_deck, load_powers, setup
from theomachy.games.mythic_arena.rules import MythicArenaGame

from .scenario import position

rules = pytest.mark.rules

GAME = "mythic-arena"
SQUARES = [f"{c}{r}" for c in "bcde" for r in (2, 3, 4, 5)]
GREEK_IDS = ["zeus", "gaia", "dionysus", "hera", "ares", "athena", "demeter", "hephaestus"]
NORSE_IDS = ["odin", "nerthus", "beyla", "frigg", "thor", "tyr", "freyr", "loki"]


def last_card_to_play(glory: tuple[int, int], strength: tuple[int, int]):
    """A square full but for b2, 8 icons a side, Zeus drawn for b2: placing him captures
    nothing, aligns nothing new (column b becomes 4 Greek cards) and ends the game with
    these Glory and unused Strength tokens (no majority bonus)."""
    board = dict(zip(SQUARES, [*GREEK_IDS, *NORSE_IDS], strict=True))
    del board["b2"]
    state = position(board, drawn="zeus", glory=glory, strength=strength)
    assert state.ending() is None  # MA-END-7: no ending before the end
    state.apply("place zeus b2")
    if strength[0]:
        assert not state.is_terminal()
        assert state.ending() is None
        state.apply("done")  # keep the tokens (MA-STRENGTH-1)
    assert state.is_terminal()
    return state


@rules("MA-END-7", "MA-END-4")
def test_more_glory_ends_with_glory():
    state = last_card_to_play(glory=(3, 1), strength=(0, 2))
    assert state.winners() == [0] and state.ending() == "glory"


@rules("MA-END-7", "MA-END-5")
def test_equal_glory_and_more_unused_strength_ends_with_strength_tie_break():
    state = last_card_to_play(glory=(2, 2), strength=(1, 0))
    assert state.winners() == [0] and state.ending() == "strength-tie-break"


@rules("MA-END-7", "MA-END-6")
def test_equal_glory_and_strength_ends_with_draw():
    state = last_card_to_play(glory=(2, 2), strength=(0, 0))
    assert state.winners() == [0, 1] and state.ending() == "draw"


@rules("MA-END-7")
def test_the_endings_are_declared_and_a_match_names_its_last_game():
    assert MythicArenaGame.endings == ("glory", "strength-tie-break", "draw")
    state = position(options={"rounds": 3})
    board = position(dict(zip(SQUARES, [*GREEK_IDS, *NORSE_IDS], strict=True))).board
    for glory, strength in (((4, 1), (0, 0)), ((2, 2), (0, 3)), ((2, 2), (0, 1))):
        assert state.ending() is None
        state.board = dict(board)
        state.rebuild_caches()
        state.glory, state.strength = list(glory), list(strength)
        state._end_game()
    assert state.is_terminal() and state.winners() == [1]  # two wins of three
    assert state.ending() == "strength-tie-break"


# --- tunables ---------------------------------------------------------------------------------
def greek_card(tunable: overlay.Tunable) -> str:
    """The Greek card of the mirrored pair whose Power ``tunable`` is."""
    assert tunable.file == "powers.toml" and tunable.path[0] == "powers"
    step = tunable.path[1]
    assert isinstance(step, dict)
    return step["greek"]


def test_tunables_load_resolve_and_ship_within_their_bounds():
    declared = overlay.declarations(GAME)
    assert declared.faction == "pantheon"
    assert 8 <= len(declared.tunables) <= 30
    shipped = overlay.defaults(GAME)
    cards = {card.id: card for card in catalog()}
    for tunable in declared.tunables:
        assert tunable.low <= shipped[tunable.name] <= tunable.high, tunable.name
        if tunable.file == "setup.toml":
            assert shipped[tunable.name] == setup().second_player_strength
            continue
        assert cards[greek_card(tunable)].power == shipped[tunable.name]
    # The rulebook's Powers are facts, never tunable (MA-RULING-CONTENT).
    facts = {"artemis", "ullr", "hera", "frigg"}
    powers = [t for t in declared.tunables if t.file == "powers.toml"]
    assert not facts & {greek_card(t) for t in powers}
    features = position().features()
    assert features["pantheon"] == ["greek", "norse"]
    json.dumps(features)


@rules("MA-RULING-CONTENT")
@rules("MA-RULING-SECOND", "MA-SETUP-3", "MA-SETUP-4")
def test_the_player_who_does_not_start_takes_the_second_player_tokens(monkeypatch):
    monkeypatch.setattr(ma_rules, "setup", lambda: Setup(second_player_strength=2))
    state = MythicArenaGame(options={"rounds": 3, "first_player": 1}).new_game()
    state.apply("choose norse")
    # Seat 1 starts; seat 0 holds two tokens taken from the supply of 10.
    assert (state.to_move, state.strength, state.supply) == (1, [2, 0], 8)
    # The next game of the match: its starter is the last winner; the other takes them.
    state.glory = [0, 3]
    state._end_game()
    assert state.starter == 1 and (state.strength, state.supply) == ([2, 0], 8)
    state.glory = [3, 0]
    state._end_game()
    assert state.starter == 0 and (state.strength, state.supply) == ([0, 2], 8)
    # Never more than the supply holds.
    small = MythicArenaGame(options={"strength_supply": 1}).new_game()
    small.apply("choose greek")
    assert (small.strength, small.supply) == ([0, 1], 0)


def test_a_designed_power_is_given_once_for_both_mirrored_cards(tmp_path: Path):
    folder = overlay.content_folder(GAME)
    powers = {e.greek: e.power for e in load_powers(folder / "powers.toml").powers}
    cards = {card.id: card for card in catalog()}
    assert cards["zeus"].power == cards["odin"].power == powers["zeus"]
    deck = (folder / "greek.toml").read_text(encoding="utf-8")
    path = tmp_path / "greek.toml"
    path.write_text(deck, encoding="utf-8")
    with pytest.raises(ContentError, match="names cards not in this deck"):
        load_deck(path, {**powers, "odin": 6})
    twice = deck.replace('id = "zeus"\n', 'id = "zeus"\npower = 6\n', 1)
    path.write_text(twice, encoding="utf-8")
    with pytest.raises(ContentError, match=r"given here and in powers\.toml"):
        load_deck(path, powers)


PLAY = """
import json
import theomachy
from theomachy.games.mythic_arena.rules import MythicArenaGame
cards = MythicArenaGame.catalog()
end = theomachy.simulate("mythic-arena", seed=3)
start = MythicArenaGame().new_game()
start.apply("choose greek")
print(json.dumps({
    "second": start.strength[1],
    "power": {c: cards[c]["power"] for c in ("zeus", "odin", "aphrodite", "freyja", "artemis")},
    "terminal": end.is_terminal(),
    "ending": end.ending(),
}))
"""


@pytest.mark.parametrize("bound", ["low", "high"])
def test_every_tunable_at_a_bound_loads_and_plays_to_the_end(bound: str):
    declared = overlay.declarations(GAME)
    values = {t.name: getattr(t, bound) for t in declared.tunables}
    seen = probe_with_overlay(GAME, values, PLAY)
    assert seen["terminal"] and seen["ending"] in MythicArenaGame.endings
    power = seen["power"]
    # Each tuned Power changes both mirrored cards; the rulebook's Artemis 2 does not move.
    assert power["zeus"] == power["odin"] == values["zeus-odin-power"]
    assert power["zeus"] != overlay.defaults(GAME)["zeus-odin-power"]
    assert power["aphrodite"] == power["freyja"] == values["aphrodite-freyja-power"]
    assert power["artemis"] == 2
    assert seen["second"] == values["second-player-strength"]
