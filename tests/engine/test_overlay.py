"""Tunable content and overlays (engine.overlay): declarations are checked, values outside
their bounds or unknown names are refused with the reason, and an overlay changes the content
a fresh process reads, nothing else."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from itertools import permutations

import pytest
from pydantic import ValidationError

from theomachy.engine import overlay
from theomachy.engine.content import read_toml
from theomachy.lab.runner import rotated

GAME = "arena-of-the-gods"


def test_values_are_checked_against_the_declarations() -> None:
    shipped = overlay.defaults(GAME)
    name = next(iter(shipped))
    tunable = next(t for t in overlay.declarations(GAME).tunables if t.name == name)
    assert overlay.checked(GAME, {name: tunable.high}) == {name: tunable.high}
    with pytest.raises(ValueError, match="outside"):
        overlay.checked(GAME, {name: tunable.high + 1})
    with pytest.raises(ValueError, match="not an integer"):
        overlay.checked(GAME, {name: True})
    with pytest.raises(ValueError, match="'god-life' is not a tunable"):
        overlay.checked(GAME, {"god-life": 25})  # a rulebook fact: never declared
    assert overlay.encode(GAME, {}) == ""


def test_a_declaration_with_empty_bounds_or_a_twice_used_name_is_refused() -> None:
    entry = {"name": "x", "file": "cards.toml", "path": ["a"], "low": 3, "high": 3, "why": "w"}
    with pytest.raises(ValidationError, match="must be below"):
        overlay.Tunable(**entry)
    good = {**entry, "high": 4}
    with pytest.raises(ValidationError, match="named twice"):
        overlay.Declarations(tunables=[good, good])
    with pytest.raises(ValidationError):
        overlay.Tunable(**{**good, "file": "../../etc/passwd"})


def test_a_path_finds_its_value_or_says_where_it_fails() -> None:
    data = {"cards": [{"id": "a", "cost": [1, 2]}, {"id": "b", "cost": [3]}]}
    container, key = overlay.locate(data, ["cards", {"id": "b"}, "cost", 0], "here")
    assert container[key] == 3
    with pytest.raises(ValueError, match="matches 0 entries"):
        overlay.locate(data, ["cards", {"id": "c"}, "cost"], "here")
    with pytest.raises(ValueError, match="out of range"):
        overlay.locate(data, ["cards", 5], "here")
    with pytest.raises(ValueError, match="'price' is not there"):
        overlay.locate(data, ["cards", 0, "price"], "here")


def test_an_overlay_changes_what_a_fresh_process_reads_and_only_that() -> None:
    name, tunable = next((t.name, t) for t in overlay.declarations(GAME).tunables)
    value = tunable.low if overlay.defaults(GAME)[name] != tunable.low else tunable.high
    code = (
        "import json; from theomachy.engine import overlay; "
        f"print(json.dumps([overlay.active(), overlay.defaults({GAME!r})[{name!r}]]))"
    )
    env = {**os.environ, overlay.ENV: overlay.encode(GAME, {name: value})}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    active, shipped = json.loads(done.stdout)
    assert active == {"game": GAME, "values": {name: value}}
    assert shipped == overlay.defaults(GAME)[name]  # the declarations read the shipped file
    read = (
        "from theomachy.engine import overlay; from theomachy.engine.content import read_toml; "
        f"t = [t for t in overlay.declarations({GAME!r}).tunables if t.name == {name!r}][0]; "
        f"d = read_toml(overlay.content_folder({GAME!r}) / t.file); "
        "c, k = overlay.locate(d, t.path, 'x'); print(c[k])"
    )
    done = subprocess.run([sys.executable, "-c", read], capture_output=True, text=True, env=env)
    assert int(done.stdout) == value
    # This process has no overlay: it reads the shipped value.
    data = read_toml(overlay.content_folder(GAME) / tunable.file)
    container, key = overlay.locate(data, tunable.path, "here")
    assert container[key] == overlay.defaults(GAME)[name]


def test_a_bad_overlay_in_the_environment_is_named() -> None:
    env = {**os.environ, overlay.ENV: json.dumps({"game": GAME, "values": {"nope": 1}})}
    code = "import theomachy; theomachy.load('arena-of-the-gods')"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert done.returncode != 0
    assert "THEOMACHY_CONTENT_OVERLAY is not a valid overlay" in done.stderr
    assert "'nope' is not a tunable" in done.stderr


def test_the_rotation_gives_every_ordered_choice_of_factions_in_turn() -> None:
    rotation = overlay.declarations(GAME).rotation
    assert rotation is not None
    expected = [list(p) for p in permutations(sorted(rotation.values), 2)]
    got = [rotated(GAME, 2, index)[1] for index in range(len(expected) + 1)]
    assert got[:-1] == expected and got[-1] == expected[0]
    # Unranked, not listed: a large rotation costs nothing.
    assert len(set(rotated(GAME, 6, 719)[1])) == 6
