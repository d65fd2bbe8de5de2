"""The two decks: loaded, validated, mirrored; bad files fail with file, entry and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from theomachy.engine.content import ContentError, package_file
from theomachy.games.mythic_arena.cards import catalog, load_deck

rules = pytest.mark.rules


@rules("MA-RULING-CONTENT", "MA-SETUP-2")
def test_the_greek_and_norse_decks_mirror_each_other():
    cards = catalog()
    greek = [c for c in cards if c.pantheon == "greek"]
    norse = [c for c in cards if c.pantheon == "norse"]
    assert len(greek) == len(norse) == 17

    def shape(c):
        return (c.ability, c.power, c.sides, c.icons, c.amount)

    assert [shape(c) for c in greek] == [shape(c) for c in norse]
    assert len({c.id for c in cards}) == 34


@rules("MA-RULING-CONTENT", "MA-CARD-ULLR", "MA-CARD-FRIGG", "MA-CARD-NJORD")
def test_ma_ruling_content_keeps_the_numbers_the_rulebook_gives():
    cards = {c.id: c for c in catalog()}
    # "the Power of Ullr/Artemis is 2", "the Power of Frigg/Hera is 0", Njord/Poseidon's
    # "Its Power is 2 if Odin/Zeus is in play (according to your pantheon)".
    assert cards["ullr"].power == cards["artemis"].power == 2
    assert cards["frigg"].power == cards["hera"].power == 0
    assert (cards["njord"].amount, cards["njord"].partner) == (2, "odin")
    assert (cards["poseidon"].amount, cards["poseidon"].partner) == (2, "zeus")
    # "Take one Strength token" (Freyr/Demeter), "Take 2 Strength tokens" (Eir/Asclepius).
    assert cards["freyr"].amount == cards["demeter"].amount == 1
    assert cards["eir"].amount == cards["asclepius"].amount == 2


@rules("MA-RULING-CONTENT")
def test_ma_ruling_content_the_invented_content_is_listed_in_one_section():
    text = package_file("theomachy.games.mythic_arena", "RULES.md").read_text(encoding="utf-8")
    heading = "## Invented content (not in the rulebook)"
    assert text.count(heading) == 1
    section = text.split(heading)[1].split("\n## ")[0]
    for needed in ("content/greek.toml", "content/norse.toml", "`power`", "`sides`", "`text`"):
        assert needed in section


def test_every_ability_key_is_used_and_implemented():
    from theomachy.games.mythic_arena.abilities import CLASSES

    used = {c.ability for c in catalog() if c.ability}
    assert used == set(CLASSES)


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "deck.toml"
    path.write_text(text, encoding="utf-8")
    return path


CARD = """
[[cards]]
id = "zeus"
name = "Zeus"
power = {power}
sides = ["shield", "none", "none", "fragility"]
text = "No ability."
"""


def test_a_bad_field_names_the_file_the_entry_and_the_field(tmp_path: Path):
    text = 'pantheon = "greek"\n' + CARD.format(power=-3) * 17
    path = _write(tmp_path, text)
    with pytest.raises(ContentError) as error:
        load_deck(path)
    message = str(error.value)
    assert str(path) in message and "'zeus'" in message and "power" in message


def test_bad_toml_missing_file_and_wrong_count(tmp_path: Path):
    with pytest.raises(ContentError, match="not valid TOML"):
        load_deck(_write(tmp_path, "pantheon = [unclosed"))
    with pytest.raises(ContentError, match="not found"):
        load_deck(tmp_path / "absent.toml")
    with pytest.raises(ContentError, match="cards"):
        load_deck(_write(tmp_path, 'pantheon = "greek"\n' + CARD.format(power=3)))


def test_unknown_ability_and_duplicate_ids_are_refused(tmp_path: Path):
    bad = 'pantheon = "greek"\n' + (CARD.format(power=3) + 'ability = "fly"\n') * 17
    with pytest.raises(ContentError, match="unknown ability 'fly'"):
        load_deck(_write(tmp_path, bad))
    duplicate = 'pantheon = "greek"\n' + CARD.format(power=3) * 17
    with pytest.raises(ContentError, match="duplicate card ids"):
        load_deck(_write(tmp_path, duplicate))
