"""Arena of the Gods's content (content/cards.toml, content/decks.toml; cards.py): the shipped
cards and starter decks load and are varied and legal; malformed files fail with a
ContentError naming the file, the entry and the field; deck_problems names every problem."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from theomachy.deck_cli import read_deck_file
from theomachy.engine.content import ContentError
from theomachy.games.arena_of_the_gods.cards import (
    DECK_SIZE,
    EFFECTS,
    PANTHEONS,
    Deck,
    catalog,
    check_deck,
    deck_problems,
    load_cards,
    load_decks,
    parse_deck,
    starter_decks,
)

from . import test_cards

CARDS = catalog()
GODS = [c for c in CARDS.values() if c.type == "god"]

# A small valid card file that the malformed variants below change one thing in.
GOOD_CARDS = """
[[cards]]
id = "zeus"
name = "Zeus"
type = "god"
pantheon = "greek"
starting = ["market"]
pantheon_ability = "Command"
blessing = "Bolt"
text = "A God."

[[cards]]
id = "market"
name = "Market"
type = "building"
pantheon = "neutral"
gold = 2
economy = "gold"
text = "At the start of your turn, gain 1 Gold."

[[cards]]
id = "hoplite"
name = "Hoplite"
type = "unit"
pantheon = "greek"
gold = 2
power = 2
health = 3
class = "mortal"
text = "A soldier."
abilities = [{ when = "play", effect = "damage", target = "enemy-unit", amount = 1 }]
"""


def write(tmp_path: Path, text: str, name: str = "cards.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


# --- the shipped content -------------------------------------------------------------------------
def test_shipped_content_loads():
    assert catalog() is CARDS  # cached
    assert len(starter_decks()) >= 6


def test_gods_from_at_least_four_pantheons():
    assert len(GODS) >= 6
    assert len({g.pantheon for g in GODS}) >= 4
    for god in GODS:
        assert god.pantheon_ability and god.blessing and god.starting
        assert all(CARDS[b].type == "building" for b in god.starting)


def test_at_least_eighty_cards_of_every_type_class_and_kind():
    cards = [c for c in CARDS.values() if c.type != "god"]
    assert len(cards) >= 80 and len({c.id for c in cards}) == len(cards)
    assert {c.type for c in cards} == {"unit", "evocation", "building", "supply"}
    assert {c.unit_class for c in cards if c.type == "unit"} == {"mortal", "mythical", "heroic"}
    assert {c.kind for c in cards if c.type == "evocation"} == {"binding", "ceremonial", "combat"}
    assert {c.supply_class for c in cards if c.type == "supply"} == {"mortal", "mythical"}
    assert {c.economy for c in cards if c.economy} == {"gold", "favor"}
    assert {c.pantheon for c in CARDS.values()} <= set(PANTHEONS)
    used = {a.effect for c in CARDS.values() for a in c.abilities}
    assert used == set(EFFECTS), "every effect abilities.py carries out is on some card"
    for card in CARDS.values():
        assert card.text.strip()
        assert card.name.strip()


def test_every_starter_deck_is_legal_one_per_god():
    decks = starter_decks()
    assert {d.god for d in decks.values()} == {g.id for g in GODS}
    for name, deck in decks.items():
        assert deck.name == name
        assert deck_problems(deck, CARDS) == [], name
        assert sum(deck.cards.values()) == DECK_SIZE
        assert len(deck.card_list()) == DECK_SIZE


def test_every_card_with_an_ability_has_its_scenario_test_and_the_rest_are_vanilla():
    """One test per card (RULES.md, "Card abilities"): a card with an ability (an income, for
    Temples and Markets) has ``test_<slug>`` in test_cards.py; every other card is in the
    shared vanilla list there, which checks its text and numbers."""
    tests = {
        name
        for name, value in vars(test_cards).items()
        if name.startswith("test_") and callable(value)
    }
    vanilla = set(test_cards.VANILLA)
    untested, not_vanilla, wrongly_vanilla = [], [], []
    for card in CARDS.values():
        test = "test_" + card.id.replace("-", "_")
        if card.abilities or card.economy:
            if test not in tests:
                untested.append(card.id)
            if card.id in vanilla:
                wrongly_vanilla.append(card.id)
        elif card.id not in vanilla:
            not_vanilla.append(card.id)
    assert untested == [], "cards with an ability and no test_<slug> in test_cards.py"
    assert not_vanilla == [], "cards without an ability missing from test_cards.VANILLA"
    assert wrongly_vanilla == []
    assert vanilla <= set(CARDS)


def test_the_good_test_file_loads(tmp_path: Path):
    cards = load_cards(write(tmp_path, GOOD_CARDS))
    assert sorted(cards) == ["hoplite", "market", "zeus"]


# --- malformed content ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("old", "new", "entry", "field"),
    [
        ("power = 2\n", 'power = "two"\n', "'hoplite'", "power"),
        ('class = "mortal"', 'class = "legendary"', "'hoplite'", "class"),
        ('type = "unit"', 'type = "hero"', "'hoplite'", "type"),
        ("gold = 2\npower", 'gold = 2\ncolour = "red"\npower', "'hoplite'", "colour"),
        ("health = 3\n", "", "'hoplite'", "(entry)"),  # a Unit without Health
        ('effect = "damage"', 'effect = "explode"', "'hoplite'", "abilities.0"),
        (", amount = 1 }", " }", "'hoplite'", "abilities.0"),  # damage needs an amount
        ('target = "enemy-unit"', 'target = "somebody"', "'hoplite'", "abilities.0"),
        ('pantheon = "neutral"', 'pantheon = "roman"', "'market'", "(entry)"),
        ('economy = "gold"', 'economy = "mana"', "'market'", "economy"),
        ('blessing = "Bolt"\n', "", "'zeus'", "(entry)"),
        ('id = "hoplite"', 'id = "Hoplite!"', "'Hoplite!'", "id"),
    ],
)
def test_malformed_cards_name_file_entry_and_field(
    tmp_path: Path, old: str, new: str, entry: str, field: str
):
    assert old in GOOD_CARDS
    path = write(tmp_path, GOOD_CARDS.replace(old, new, 1))
    with pytest.raises(ContentError) as error:
        load_cards(path)
    message = str(error.value)
    assert str(path) in message
    assert f"({entry}), field {field}" in message, message


def test_cross_reference_and_syntax_errors_name_the_file(tmp_path: Path):
    path = write(tmp_path, GOOD_CARDS + GOOD_CARDS[GOOD_CARDS.index('[[cards]]\nid = "market"') :])
    with pytest.raises(ContentError, match="duplicate card ids \\['hoplite', 'market'\\]"):
        load_cards(path)
    path = write(tmp_path, GOOD_CARDS.replace('starting = ["market"]', 'starting = ["hoplite"]'))
    with pytest.raises(ContentError, match="god 'zeus': starting card 'hoplite' is not a building"):
        load_cards(path)
    path = write(tmp_path, GOOD_CARDS + "\n[[cards]\n")
    with pytest.raises(ContentError, match="not valid TOML") as error:
        load_cards(path)
    assert str(path) in str(error.value)
    with pytest.raises(ContentError, match="not found"):
        load_cards(tmp_path / "missing.toml")
    with pytest.raises(ContentError, match="cards"):
        load_cards(write(tmp_path, "cards = []\n"))


def test_malformed_decks_name_file_deck_and_problem(tmp_path: Path):
    cards = load_cards(write(tmp_path, GOOD_CARDS))
    good = '[[decks]]\nname = "one"\ngod = "zeus"\n[decks.cards]\nmarket = 2\nhoplite = 48\n'
    assert list(load_decks(write(tmp_path, good, "decks.toml"), cards)) == ["one"]
    path = write(tmp_path, good + good, "decks.toml")
    with pytest.raises(ContentError, match="duplicate deck name 'one'") as error:
        load_decks(path, cards)
    assert str(path) in str(error.value)
    path = write(tmp_path, good.replace("hoplite = 48", "hoplite = 47"), "decks.toml")
    with pytest.raises(ContentError, match="deck 'one': the deck has 49 cards"):
        load_decks(path, cards)
    path = write(tmp_path, good.replace('god = "zeus"', 'god = "zeus"\ncolour = 1'), "decks.toml")
    with pytest.raises(ContentError, match="colour") as error:
        load_decks(path, cards)
    assert str(path) in str(error.value)
    path = write(tmp_path, good.replace("hoplite = 48", 'hoplite = "many"'), "decks.toml")
    with pytest.raises(ContentError, match="hoplite"):
        load_decks(path, cards)


# --- deck problems ------------------------------------------------------------------------------
def test_deck_problems_names_every_problem():
    deck = Deck(
        god="zeus",
        cards={"market": 1, "temple": 1, "heracles": 2, "pegasus": 4, "nectar": 3, "odin": 1},
    )
    assert deck_problems(deck, CARDS) == [
        "card 'heracles' has 2 copies; the limit for its type is 1",
        "card 'nectar' does not exist",
        "card 'odin' is a God: Gods are chosen, not put in the deck",
        "card 'pegasus' has 4 copies; the limit for its type is 3",
        "the deck has 12 cards; it must have exactly 50",
        "the God 'zeus' starts with 2 x 'market'; the deck has 1",
    ]
    missing = Deck(god="hades", cards={"market": 0, "spearman": 50})
    assert deck_problems(missing, CARDS) == [
        "god 'hades' is not a God",
        "card 'market' has 0 copies (at least 1)",
    ]
    assert deck_problems(Deck(god="market", cards={"spearman": 50}), CARDS) == [
        "god 'market' is not a God"
    ]


def test_deck_files_are_read_and_checked(tmp_path: Path):
    starter = starter_decks()["odin-starter"]
    body = "\n".join(f"{card} = {count}" for card, count in starter.cards.items())
    path = write(tmp_path, f'name = "mine"\ngod = "odin"\n[cards]\n{body}\n', "mine.toml")
    deck = read_deck_file(path)
    assert deck.name == "mine" and deck.cards == starter.cards
    path = write(tmp_path, 'god = "odin"\n[cards]\nthor = 2\n', "bad.toml")
    with pytest.raises(ValueError, match="'thor' has 2 copies") as error:
        read_deck_file(path)
    assert str(path) in str(error.value) and "2 cards; it must have exactly 50" in str(error.value)
    with pytest.raises(ValueError, match="cards"):
        read_deck_file(write(tmp_path, 'god = "odin"\n', "nocards.toml"))


def test_parse_deck_names_every_problem_malformed_entries_included():
    data = {"god": "zeus", "colour": "red", "cards": {"market": "two", "heracles": 2}}
    with pytest.raises(ValueError) as error:
        parse_deck(data, "deck 0", CARDS)
    assert str(error.value) == (
        "deck 0: 'colour': unknown key; a deck has only name, god, cards; "
        "cards.market: copies must be a whole number from 1 to 50, not 'two'; "
        "card 'heracles' has 2 copies; the limit for its type is 1; "
        "the deck has 2 cards; it must have exactly 50; "
        "the God 'zeus' starts with 2 x 'market'; the deck has 0; "
        "the God 'zeus' starts with 1 x 'temple'; the deck has 0"
    )
    deck, problems = check_deck({"god": 7, "name": "", "cards": {"thor": 2}}, CARDS)
    assert deck is None
    assert [p.split(":")[0] for p in problems[:2]] == ["name", "god"]
    assert problems[2:] == [
        "card 'thor' has 2 copies; the limit for its type is 1",
        "the deck has 2 cards; it must have exactly 50",
    ]
    assert check_deck([], CARDS) == (
        None,
        ["(top level): a deck is a table with 'god' and 'cards'"],
    )
    starter = starter_decks()["zeus-starter"]
    assert check_deck(starter.model_dump(), CARDS) == (starter, [])


def test_rules_list_every_invented_card_and_deck():
    """RULES.md's "Invented content (not in the rulebook)" names every God, card and starter
    deck we ship, so an owner of the physical game can compare them with theirs."""
    rules = Path(__file__).resolve().parents[3] / "src/theomachy/games/arena_of_the_gods/RULES.md"
    text = rules.read_text(encoding="utf-8")
    section = text.split("## Invented content (not in the rulebook)", 1)[1].split("\n## ", 1)[0]
    words = set(re.findall(r"[a-z][a-z0-9-]*", section))
    for card in CARDS.values():
        assert card.id in words or card.name in section, card.id
    for name in starter_decks():
        assert name in words, name
    assert f"{len(CARDS) - len(GODS)} beside the Gods" in section
