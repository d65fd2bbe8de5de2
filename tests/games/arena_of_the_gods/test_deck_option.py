"""The ``decks`` option from outside (AG-SETUP-1, AG-DECK-4): an entry is a starter deck's
name or an inline deck, never a file; the game opens no file whatever an entry looks like,
its message does not depend on the server's files, and inline decks are strictly typed and
size-limited before any deck rule runs."""

from __future__ import annotations

import builtins
import io
import pathlib
import tomllib
from pathlib import Path
from typing import Any

import pytest

import theomachy
from theomachy.games.arena_of_the_gods.cards import (
    MAX_DECK_ENTRIES,
    MAX_DECK_KEYS,
    SHOWN_LENGTH,
    catalog,
    check_deck,
    starter_decks,
)

rules = pytest.mark.rules
GAME = "arena-of-the-gods"
CARDS = catalog()
STARTERS = starter_decks()
REPO = Path(__file__).resolve().parents[3]
ZEUS = STARTERS["zeus-starter"].model_dump()


@pytest.fixture
def no_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if anything opens, reads or looks at a file (the content is loaded
    and cached before the patch)."""
    catalog(), starter_decks()

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"a file was touched: {args!r}")

    monkeypatch.setattr(builtins, "open", refuse)
    monkeypatch.setattr(io, "open", refuse)
    monkeypatch.setattr(tomllib, "load", refuse)
    for name in ("open", "read_text", "read_bytes", "stat", "exists", "is_file"):
        monkeypatch.setattr(pathlib.Path, name, refuse)


def refusal(entry: object, seat: int = 0) -> str:
    """The message of loading a two-player game whose seat ``seat`` deck is ``entry``."""
    decks: list[object] = ["odin-starter", "odin-starter"]
    decks[seat] = entry
    with pytest.raises(ValueError) as error:
        theomachy.load(GAME, options={"decks": decks})
    return str(error.value)


@rules("AG-SETUP-1")
@pytest.mark.parametrize(
    ("existing", "missing"),
    [
        ("/etc/passwd", "/etc/no-such-file-theomachy"),
        ("/etc/shadow", "/etc/no-such-shadow-theomachy"),
        ("../../pyproject.toml", "../../no-such-project.toml"),
        (str(REPO / "pyproject.toml"), str(REPO / "no-such-project.toml")),
        ("pyproject.toml", "nosuchproject.toml"),
    ],
)
def test_a_path_is_refused_alike_whether_or_not_the_file_exists(
    no_files: None, existing: str, missing: str
) -> None:
    said = refusal(existing, seat=1).replace(existing, "ENTRY")
    assert said == refusal(missing, seat=1).replace(missing, "ENTRY")
    assert said.startswith("arena-of-the-gods: deck 1: 'ENTRY' is not a starter deck")
    for name in STARTERS:
        assert name in said
    assert "inline deck" in said and "not valid TOML" not in said


@rules("AG-SETUP-1")
def test_a_long_string_is_repeated_only_cut_short(no_files: None) -> None:
    entry = "/" + "a" * 5000
    said = refusal(entry)
    assert f"deck 0: {entry[:SHOWN_LENGTH]!r}... is not a starter deck" in said
    assert entry[: SHOWN_LENGTH + 1] not in said and len(said) < 600
    god = "h" * 5000
    with pytest.raises(ValueError) as error:
        theomachy.load(GAME, options={"gods": [god, "odin"]})
    assert god[: SHOWN_LENGTH + 1] not in str(error.value)


@rules("AG-SETUP-1", "AG-DECK-4")
def test_inline_decks_load_without_touching_a_file(no_files: None) -> None:
    game = theomachy.load(GAME, options={"decks": [ZEUS, "odin-starter"]})
    assert game.options["decks"] == [ZEUS, "odin-starter"]
    assert game.gods == ["zeus", "odin"]


def problems_of(deck: object) -> list[str]:
    """check_deck's problems of ``deck``, which must be refused."""
    checked, problems = check_deck(deck, CARDS)
    assert checked is None and problems
    return problems


@rules("AG-DECK-4")
@pytest.mark.parametrize(
    ("count", "shown"),
    [
        (True, "True (a bool)"),
        (False, "False (a bool)"),
        (2.0, "2.0"),
        (float("inf"), "inf"),
        (float("nan"), "nan"),
        ("3", "'3'"),
        (None, "a value of type NoneType"),
        ([3], "a value of type list"),
    ],
)
def test_a_count_must_be_a_whole_number(count: object, shown: str) -> None:
    deck = {**ZEUS, "cards": {**ZEUS["cards"], "hoplite": count}}
    problems = problems_of(deck)
    assert problems[0] == f"cards.hoplite: copies must be a whole number from 1 to 50, not {shown}"
    with pytest.raises(ValueError, match=r"deck 0: cards\.hoplite: copies must be a whole"):
        theomachy.load(GAME, options={"decks": [deck, "odin-starter"]})


@rules("AG-DECK-4")
@pytest.mark.parametrize(
    ("count", "shown"), [(0, "0"), (-3, "-3"), (51, "51"), (10**400, "a number that large")]
)
def test_a_count_is_from_1_to_50(count: int, shown: str) -> None:
    deck = {**ZEUS, "cards": {**ZEUS["cards"], "hoplite": count}}
    assert problems_of(deck)[0] == f"cards.hoplite: copies must be from 1 to 50, not {shown}"


@rules("AG-DECK-4")
def test_unknown_keys_and_malformed_fields_are_each_named() -> None:
    deck = {
        "name": "x" * 61,
        "god": 7,
        "colour": "red",
        "cards": {"market": "two", "z" * 41: 1, "heracles": 2},
    }
    problems = problems_of(deck)
    assert problems[:5] == [
        "'colour': unknown key; a deck has only name, god, cards",
        "name: 61 characters; at most 60",
        "god: expected text, got a value of type int",
        "cards.market: copies must be a whole number from 1 to 50, not 'two'",
        f"cards: the card id {'z' * 40!r}...: 41 characters; at most 40",
    ]
    # then deck construction, on what is left
    assert "card 'heracles' has 2 copies; the limit for its type is 1" in problems
    assert problems_of({"name": "bell\x07", "god": "zeus", "cards": ZEUS["cards"]}) == [
        "name: has characters that are not printable"
    ]
    assert problems_of({"name": "", "cards": ZEUS["cards"]})[:2] == [
        "name: empty",
        "god: missing (the id of the deck's God)",
    ]
    assert problems_of({"god": "zeus", "cards": 3})[0] == (
        "cards: expected a table (card id -> copies), got a value of type int"
    )
    assert problems_of({"god": "zeus"})[0] == "cards: missing (a table: card id -> copies)"


@rules("AG-DECK-4")
def test_oversized_decks_are_refused_unread() -> None:
    many = {f"card-{i}": 1 for i in range(MAX_DECK_ENTRIES + 1)}
    problems = problems_of({"god": "zeus", "cards": many})
    assert problems[0] == "cards: 101 entries; a deck lists at most 100 distinct cards"
    # no entry of the refused table is named
    assert not any("card-" in p for p in problems)
    keys = {f"k{i}": 1 for i in range(MAX_DECK_KEYS + 1)}
    assert problems_of({"god": "zeus", "cards": ZEUS["cards"], **keys})[0] == (
        "(top level): 11 keys; a deck has only name, god, cards"
    )
    huge = {f"card-{i}": 1 for i in range(200_000)}
    with pytest.raises(ValueError, match="200000 entries; a deck lists at most 100") as error:
        theomachy.load(GAME, options={"decks": [{"god": "zeus", "cards": huge}, "odin-starter"]})
    assert len(str(error.value)) < 600


@rules("AG-DECK-4")
def test_a_legal_inline_deck_at_the_limits_is_accepted() -> None:
    deck = {**ZEUS, "name": "n" * 60}
    checked, problems = check_deck(deck, CARDS)
    assert problems == [] and checked is not None and checked.name == "n" * 60


@rules("AG-DECK-4")
def test_ag_deck_4_deck_check_refuses_counts_that_are_not_positive_whole_numbers(
    tmp_path: Path,
) -> None:
    """Counts given as a string, a bool, a float and a negative number: each is named with
    its card and its problem, none counts toward the 50 (the total is of the well-formed
    entries only: a negative count takes nothing off), and the deck is refused."""
    from typer.testing import CliRunner

    from theomachy.cli import app

    cards = {**ZEUS["cards"]}
    market, temple, hoplite, spartan = (
        cards["market"], cards["temple"], cards["hoplite"], cards["spartan-veteran"]
    )  # fmt: skip
    body = "\n".join(
        f"{card} = {count}"
        for card, count in cards.items()
        if card not in ("market", "temple", "hoplite", "spartan-veteran")
    )
    path = tmp_path / "counts.toml"
    path.write_text(
        'name = "counts"\ngod = "zeus"\n[cards]\n'
        f'market = "{market}"\ntemple = true\nhoplite = {hoplite}.0\n'
        f"spartan-veteran = -{spartan}\n{body}\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(app, ["deck", "check", str(path)])
    assert result.exit_code == 1
    output = " ".join(result.output.split())
    for words in (
        f"cards.market: copies must be a whole number from 1 to 50, not '{market}'",
        "cards.temple: copies must be a whole number from 1 to 50, not True (a bool)",
        f"cards.hoplite: copies must be a whole number from 1 to 50, not {float(hoplite)}",
        f"cards.spartan-veteran: copies must be from 1 to 50, not -{spartan}",
        f"the deck has {50 - market - temple - hoplite - spartan} cards; it must have exactly 50",
    ):
        assert words in output, words
