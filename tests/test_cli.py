"""The ``theomachy`` command line, driven through typer's CliRunner."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

import theomachy
from theomachy.agents import make
from theomachy.cli import app, parse_options, parse_value
from theomachy.engine import derive_seed
from theomachy.rules_index import rule_ids
from theomachy.terminal import Session, play_game

GAME = "mythic-arena"
runner = CliRunner()


def lines(*items: str) -> str:
    """Scripted input: one line per item."""
    return "".join(f"{item}\n" for item in items)


def test_games_lists_mythic_arena() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert GAME in result.output
    assert "Mythic Arena" in result.output


def test_no_command_shows_help() -> None:
    result = runner.invoke(app, [])
    assert "play" in result.output and "rules" in result.output


def test_play_a_whole_game() -> None:
    result = runner.invoke(app, ["play", GAME, "--seed", "3"], input=lines(*["1"] * 400))
    assert result.exit_code == 0, result.output
    assert "Final count" in result.output
    assert "Returns: [" in result.output


def test_bad_lines_get_a_message_and_the_prompt_again() -> None:
    result = runner.invoke(app, ["play", GAME, "--seed", "3"], input=lines("foo", "999"))
    assert result.exit_code == 0  # end of input: the person left
    assert "'foo' is not legal now" in result.output
    assert "there is no action 999" in result.output
    assert result.output.count("your move>") == 3
    assert "Game left unfinished" in result.output


def expected_state(seed: int, answers: list[str]) -> theomachy.State:
    """The game the CLI plays with ``--seed seed`` and these answers (same seeds as the CLI)."""
    state = theomachy.load(GAME).new_game()
    bots = {1: make("random", seed=derive_seed(seed, "seat", 1))}
    out = Console(file=io.StringIO())
    remaining = list(answers)

    def prompt(text: str) -> str:
        if not remaining:
            raise EOFError
        return remaining.pop(0)

    play_game(Session(state, 0, bots, random.Random(seed), out, prompt))
    return state


def test_save_writes_the_game_after_every_move(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    answers = ["1"] * 9
    result = runner.invoke(
        app, ["play", GAME, "--seed", "11", "--save", str(path)], input=lines(*answers)
    )
    assert result.exit_code == 0, result.output
    saved = theomachy.load_state(path.read_text(encoding="utf-8"))
    assert saved == expected_state(11, answers)
    assert "--replay" in result.output


def test_replay_continues_a_saved_game(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    runner.invoke(app, ["play", GAME, "--seed", "4", "--save", str(path)], input=lines("1", "1"))
    before = theomachy.load_state(path.read_text())
    result = runner.invoke(
        app,
        ["play", "--replay", str(path), "--save", str(path), "--seed", "5"],
        input=lines(*["1"] * 400),
    )
    assert result.exit_code == 0, result.output
    after = theomachy.load_state(path.read_text())
    assert after.is_terminal()
    assert after.history()[: len(before.history())] == before.history()


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "chess.pgn"}', "not a Theomachy saved game"),
        (
            '{"format":"theomachy.state","game":"mythic-arena","history":["choose greek",'
            '"draw nobody"],"options":{"first_player":0,"rounds":1,"strength_supply":10},'
            '"players":2,"version":1}',
            "action 1 ('draw nobody') cannot be replayed",
        ),
    ],
)
def test_replay_of_a_corrupt_file_exits_2(tmp_path: Path, content: str, problem: str) -> None:
    path = tmp_path / "corrupt.json"
    path.write_text(content, encoding="utf-8")
    stamp = path.stat().st_mtime_ns
    result = runner.invoke(app, ["play", GAME, "--replay", str(path)], input=lines("1"))
    assert result.exit_code == 2
    assert problem in result.output
    assert str(path.name) in result.output
    assert path.read_text(encoding="utf-8") == content
    assert path.stat().st_mtime_ns == stamp


def test_replay_of_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["play", "--replay", str(tmp_path / "nope.json")])
    assert result.exit_code == 2
    assert "cannot read saved game" in result.output


def test_replay_of_another_game_id_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    path.write_text(theomachy.load(GAME).new_game().to_json())
    result = runner.invoke(app, ["play", "mythic-wars", "--replay", str(path)])
    assert result.exit_code == 2
    assert "not 'mythic-wars'" in result.output


def test_watch_a_saved_game(tmp_path: Path) -> None:
    final = theomachy.simulate(GAME, seed=8)
    path = tmp_path / "done.json"
    path.write_text(final.to_json())
    moves = len(final.history())
    result = runner.invoke(
        app, ["play", "--replay", str(path), "--watch"], input=lines(*[""] * 400)
    )
    assert result.exit_code == 0, result.output
    assert f"move {moves} of {moves}" in result.output
    assert "Final count" in result.output


def test_options_and_players_are_checked() -> None:
    bad = runner.invoke(app, ["play", GAME, "--option", "rounds=2"])
    assert bad.exit_code == 2
    assert "rounds must be 1" in bad.output
    assert runner.invoke(app, ["play", GAME, "--players", "3"]).exit_code == 2
    assert runner.invoke(app, ["play", GAME, "--option", "rounds"]).exit_code == 2
    assert runner.invoke(app, ["play", "no-such-game"]).exit_code == 2
    assert runner.invoke(app, ["play", GAME, "--vs", "nobody"]).exit_code == 2
    assert runner.invoke(app, ["play", GAME, "--seat", "2"]).exit_code == 2


def test_a_match_option_reaches_the_game() -> None:
    result = runner.invoke(app, ["play", GAME, "-o", "rounds=3", "--seed", "1"], input=lines("1"))
    assert result.exit_code == 0, result.output
    assert "first to 2 wins" in result.output


def test_parse_options() -> None:
    assert parse_options(["rounds=3", "name=odin", "x=-2", "flag=true"]) == {
        "rounds": 3,
        "name": "odin",
        "x": -2,
        "flag": True,
    }
    with pytest.raises(ValueError, match="expected key=value"):
        parse_options(["rounds"])


def test_parse_options_reads_json_values() -> None:
    factions = [["thor", "zeus", "set", "fujin"], ["hera", "anubis", "izanagi", "chalchiuhtlicue"]]
    pairs = [
        'factions=[["thor","zeus","set","fujin"],["hera","anubis","izanagi","chalchiuhtlicue"]]',
        "first=null",
        'name="42"',
        'table={"a": [1, 2]}',
        "count=7",
        "plain=odin",
    ]
    assert parse_options(pairs) == {
        "factions": factions,
        "first": None,
        "name": "42",
        "table": {"a": [1, 2]},
        "count": 7,
        "plain": "odin",
    }
    assert parse_value("[1, true]") == [1, True]
    with pytest.raises(ValueError, match=r"--option factions: .*not valid JSON"):
        parse_options(["factions=[[thor]]"])


def test_seats_on_a_two_player_game() -> None:
    both_bots = runner.invoke(app, ["play", GAME, "--seats", "random,random", "--seed", "3"])
    assert both_bots.exit_code == 0, both_bots.output
    assert "seats 0 random, 1 random" in both_bots.output
    assert "Returns: [" in both_bots.output and "your move>" not in both_bots.output
    short = runner.invoke(app, ["play", GAME, "--seats", "human"])
    assert short.exit_code == 2
    assert "--seats lists 1 seat(s) (human) but mythic-arena takes 2 players" in short.output


def test_rules_prints_the_rules_index() -> None:
    result = runner.invoke(app, ["rules", GAME])
    assert result.exit_code == 0, result.output
    ids = rule_ids(GAME)
    assert ids, "RULES.md should number its rules"
    assert ids[0] in result.output
    assert ids[-1] in result.output


def test_rules_of_an_unknown_game_exits_2() -> None:
    assert runner.invoke(app, ["rules", "no-such-game"]).exit_code == 2


def _marker_file(ids: list[str]) -> str:
    """A test module naming ``ids`` in a rules marker (built so this file names none)."""
    quoted = ", ".join(repr(i) for i in ids)
    return "import pytest\n\n@pytest.mark." + "rules(" + quoted + ")\ndef test_x():\n    pass\n"


def test_rules_coverage(tmp_path: Path) -> None:
    ids = rule_ids(GAME)
    (tmp_path / "test_some.py").write_text(_marker_file(ids[1:]))
    partial = runner.invoke(app, ["rules", GAME, "--coverage", "--tests", str(tmp_path)])
    assert partial.exit_code == 1
    assert f"uncovered: {ids[0]}" in partial.output
    assert f"uncovered: {ids[1]}" not in partial.output

    (tmp_path / "test_some.py").write_text(_marker_file(ids))
    full = runner.invoke(app, ["rules", GAME, "--coverage", "--tests", str(tmp_path)])
    assert full.exit_code == 0, full.output
    assert f"{len(ids)} of {len(ids)}" in full.output


def test_rules_coverage_needs_a_tests_directory(tmp_path: Path) -> None:
    result = runner.invoke(app, ["rules", GAME, "--coverage", "--tests", str(tmp_path / "x")])
    assert result.exit_code == 2


def test_serve_command_takes_host_port_and_database() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db"):
        assert option in result.output


def test_serve_refuses_a_busy_port_before_announcing_a_url() -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = CliRunner().invoke(app, ["serve", "--port", str(port)])
    assert result.exit_code == 1
    assert f"port {port} on 127.0.0.1 is already in use" in result.output
    assert f"make play PORT={port + 1}" in result.output
    assert "serving at" not in result.output
    bad = CliRunner().invoke(app, ["serve", "--port", "70000"])
    assert bad.exit_code == 2 and "65535" in bad.output


# --- theomachy deck (Arena of the Gods) ------------------------------------------------------


def _deck_file(path: Path, god: str, cards: dict[str, int], name: str = "mine") -> Path:
    lines = [f'name = "{name}"', f'god = "{god}"', "[cards]"]
    lines += [f'"{card}" = {count}' for card, count in sorted(cards.items())]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.rules("AG-DECK-4")
def test_deck_check_accepts_a_legal_deck(tmp_path: Path):
    from theomachy.games.arena_of_the_gods.cards import starter_decks

    starter = starter_decks()["zeus-starter"]
    path = _deck_file(tmp_path / "zeus.toml", "zeus", dict(starter.cards))
    result = CliRunner().invoke(app, ["deck", "check", str(path)])
    assert result.exit_code == 0, result.output
    assert "is legal" in result.output


@pytest.mark.rules("AG-DECK-1", "AG-DECK-3", "AG-DECK-4")
def test_deck_check_names_every_problem(tmp_path: Path):
    path = _deck_file(tmp_path / "bad.toml", "zeus", {"hoplite": 40, "heracles": 2, "nothing": 1})
    result = CliRunner().invoke(app, ["deck", "check", str(path)])
    assert result.exit_code == 1
    for words in (
        "'heracles' has 2 copies",
        "'nothing' does not exist",
        "43 cards",
        "starts with 2 x 'market'",
        "starts with 1 x 'temple'",
    ):
        assert words in result.output


def test_deck_check_reports_malformed_files(tmp_path: Path):
    broken = tmp_path / "broken.toml"
    broken.write_text("god = [", encoding="utf-8")
    result = CliRunner().invoke(app, ["deck", "check", str(broken)])
    assert result.exit_code == 2 and "not valid TOML" in result.output
    missing = CliRunner().invoke(app, ["deck", "check", str(tmp_path / "none.toml")])
    assert missing.exit_code == 2 and "not found" in missing.output
    wrong = tmp_path / "wrong.toml"
    wrong.write_text('god = "zeus"\ncards = 3\n', encoding="utf-8")
    result = CliRunner().invoke(app, ["deck", "check", str(wrong)])
    assert result.exit_code == 1 and "cards: expected a table" in result.output
    assert "the deck has 0 cards" in result.output
    # Malformed entries hide no other problem: they are named and left out, and deck
    # construction is checked on what is left.
    mixed = tmp_path / "mixed.toml"
    mixed.write_text(
        'name = "mine"\ngod = "zeus"\ncolour = "red"\n[cards]\nmarket = "two"\nheracles = 2\n',
        encoding="utf-8",
    )
    result = CliRunner().invoke(app, ["deck", "check", str(mixed)])
    assert result.exit_code == 1
    output = " ".join(result.output.split())  # rich wraps long lines
    assert "6 problem(s)" in output
    for words in (
        "cards.market: copies must be a whole number from 1 to 50, not 'two'",
        "'colour': unknown key",
        "'heracles' has 2 copies",
        "the deck has 2 cards",
        "starts with 2 x 'market'; the deck has 0",
        "starts with 1 x 'temple'; the deck has 0",
    ):
        assert words in output, words
    nogod = tmp_path / "nogod.toml"
    nogod.write_text("[cards]\nthor = 2\n", encoding="utf-8")
    result = CliRunner().invoke(app, ["deck", "check", str(nogod)])
    output = " ".join(result.output.split())
    assert result.exit_code == 1 and "god: missing" in output
    assert "'thor' has 2 copies" in output and "the deck has 2 cards" in output


@pytest.mark.rules("AG-DECK-4")
def test_deck_check_refuses_a_file_over_the_size_cap(tmp_path: Path):
    from theomachy.deck_cli import MAX_DECK_FILE_BYTES

    big = tmp_path / "big.toml"
    big.write_text("# padding\n" * (MAX_DECK_FILE_BYTES // 10 + 1), encoding="utf-8")
    result = CliRunner().invoke(app, ["deck", "check", str(big)])
    assert result.exit_code == 2 and "over 256 KiB" in result.output
    folder = CliRunner().invoke(app, ["deck", "check", str(tmp_path)])
    assert folder.exit_code == 2 and "not a deck file" in folder.output


@pytest.mark.rules("AG-SETUP-1")
def test_play_reads_a_deck_file_and_the_saved_game_carries_it_inline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    from theomachy.games.arena_of_the_gods.cards import starter_decks

    starter = starter_decks()["zeus-starter"]
    _deck_file(tmp_path / "my-deck.toml", "zeus", dict(starter.cards), name="my-zeus")
    monkeypatch.chdir(tmp_path)  # the README's relative path: decks=["my-deck.toml", ...]
    saved = tmp_path / "saved.json"
    result = runner.invoke(
        app,
        [
            "play",
            "arena-of-the-gods",
            "--seats",
            "random,random",
            "--seed",
            "2",
            "-o",
            "max_rounds=3",
            "--option",
            'decks=["my-deck.toml","ra-starter"]',
            "--save",
            str(saved),
        ],
        input="",
    )
    assert result.exit_code == 0, result.output
    (tmp_path / "my-deck.toml").unlink()  # the saved game needs the file no more
    state = theomachy.load_state(saved.read_text(encoding="utf-8"))
    assert state.game.options["decks"][0] == {**starter.model_dump(), "name": "my-zeus"}
    assert state.game.options["decks"][1] == "ra-starter"
    assert state.game.gods == ["zeus", "ra"]
    again = runner.invoke(app, ["play", "--replay", str(saved), "--seats", "random,random"])
    assert again.exit_code == 0, again.output


def test_play_names_a_bad_deck_file_and_its_entry(tmp_path: Path):
    bad = _deck_file(tmp_path / "bad.toml", "zeus", {"hoplite": 2})
    play = ["play", "arena-of-the-gods", "--seats", "random,random"]
    result = runner.invoke(app, [*play, "--option", f'decks=["ra-starter","{bad}"]'])
    output = " ".join(result.output.split())
    assert result.exit_code == 2 and "decks entry 1" in output and "bad.toml" in output
    assert "the deck has 2 cards" in output
    missing = runner.invoke(app, [*play, "--option", 'decks=["ra-starter","nowhere.toml"]'])
    output = " ".join(missing.output.split())
    assert missing.exit_code == 2 and "neither a starter deck" in output
    assert "zeus-starter" in output


def test_inline_deck_files_leaves_other_games_and_inline_decks_alone(tmp_path: Path):
    from theomachy.deck_cli import inline_deck_files
    from theomachy.games.arena_of_the_gods.cards import starter_decks

    options = {"decks": ["x.toml"], "rounds": 3}
    assert inline_deck_files("mythic-arena", options) is options
    inline = starter_decks()["odin-starter"].model_dump()
    same = {"decks": ["ra-starter", inline]}
    assert inline_deck_files("arena-of-the-gods", same) == same


def test_deck_starters_lists_every_starter_deck():
    result = CliRunner().invoke(app, ["deck", "starters"])
    assert result.exit_code == 0
    assert "zeus" in result.output and "dagda" in result.output


def test_play_against_a_level_or_any_agent_spec() -> None:
    for spec in ("hard", "ismcts:iterations=20", "Easy"):
        result = runner.invoke(app, ["play", GAME, "--vs", spec, "--seed", "3"], input=lines("1"))
        assert result.exit_code == 0, result.output
        assert f"against {spec.lower()} (seed 3)" in result.output
    both = runner.invoke(app, ["play", GAME, "--seats", "easy,ismcts:iterations=10", "--seed", "4"])
    assert both.exit_code == 0, both.output
    assert "seats 0 easy, 1 ismcts:iterations=10" in both.output and "Returns: [" in both.output


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("hard:iterations=5", "hard is a level and takes no parameters"),
        ("ismcts:iterations=0", "bad agent spec 'ismcts:iterations=0': ismcts: iterations must"),
        ("ismcts:budget_ms=-5", "budget_ms must be positive"),
        ("ismcts:bogus=1", "bogus"),
        ("mcts:fast", "expected key=value"),
        ("legendary", "unknown agent 'legendary': choose human for a person, a level (easy, "),
    ],
)
def test_a_bad_agent_spec_is_refused_naming_the_problem(spec: str, words: str) -> None:
    result = runner.invoke(app, ["play", GAME, "--vs", spec])
    assert result.exit_code == 2
    assert words in " ".join(result.output.split()), result.output
    seats = runner.invoke(app, ["play", GAME, "--seats", f"human,{spec}"])
    assert seats.exit_code == 2 and words in " ".join(seats.output.split())


def test_play_help_lists_the_levels() -> None:
    result = runner.invoke(app, ["play", "--help"])
    assert result.exit_code == 0
    text = " ".join(result.output.replace("│", " ").split())
    assert "a level (easy, medium, hard, expert)" in text
    assert "ismcts:iterations=300" in text
