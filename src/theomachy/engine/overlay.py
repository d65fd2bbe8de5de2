"""Tunable content and content overlays: what the balance lab may change, and how a changed
value reaches a game.

Each game may declare, in ``content/tunables.toml``, the numbers of its own design that the
lab may tune (a card's cost, a unit's recruitment cost, a divinity's stats), each with its
bounds. Facts the rulebook states are never declared: the tuner cannot touch them.

An *overlay* is a set of values for declared tunables. It reaches a game through the
environment variable ``THEOMACHY_CONTENT_OVERLAY`` (JSON: ``{"game": id, "values": {name:
value}}``), read when content files are read (:func:`theomachy.engine.content.read_toml`).
Content is read once per process, so an overlay is set before a process starts, never
changed inside one: the lab plays overlaid games in fresh worker processes.
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, model_validator

ENV = "THEOMACHY_CONTENT_OVERLAY"
DECLARATIONS = "tunables.toml"
Selector = StrictStr | StrictInt | dict[str, StrictStr]


class Tunable(BaseModel):
    """One tunable number: where it lives in a content file, and its bounds."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(pattern=r"^[a-z0-9][a-z0-9.-]*$", max_length=80)
    file: str = Field(pattern=r"^[a-z0-9_-]+\.toml$")
    # Keys of tables, indices of arrays, or {field = value} to pick the array entry whose
    # field has that value (["cards", {id = "zeus"}, "life"]).
    path: list[Selector] = Field(min_length=1)
    low: int
    high: int
    why: str = Field(min_length=1, description="what the number is, and why it may change")

    @model_validator(mode="after")
    def _bounds(self) -> Tunable:
        if self.low >= self.high:
            raise ValueError(f"{self.name}: low {self.low} must be below high {self.high}")
        return self


class Rotation(BaseModel):
    """How the lab gives every faction every seat against every other: game ``i`` sets the
    option to the ``i``-th ordered choice of distinct values, one per seat (where factions
    are an option rather than drawn or drafted in the game)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    option: str = Field(pattern=r"^[a-z_]+$")
    values: list[str] = Field(min_length=2, max_length=64)


class Declarations(BaseModel):
    """A game's ``tunables.toml``."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    faction: str | None = Field(
        default=None, description="the lab feature whose values are the factions to balance"
    )
    rotation: Rotation | None = None
    tunables: list[Tunable] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique(self) -> Declarations:
        names = [t.name for t in self.tunables]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise ValueError(f"tunables named twice: {', '.join(twice)}")
        return self


def content_folder(game_id: str) -> Path:
    """The folder of a game's content files."""
    from theomachy.engine.content import package_file
    from theomachy.engine.registry import game_package

    return package_file(game_package(game_id), "content")


@cache
def declarations(game_id: str) -> Declarations:
    """The game's declared tunables (none when it declares none)."""
    from theomachy.engine.content import read_toml, validate

    path = content_folder(game_id) / DECLARATIONS
    if not path.exists():
        return Declarations()
    return validate(path, read_toml(path, overlay=False), Declarations, "tunables")


def locate(data: Any, path: list[Any], where: str) -> tuple[Any, Any]:
    """The container holding the value at ``path`` in parsed TOML ``data``, and its key;
    ``ValueError`` naming ``where`` when the path leads nowhere."""
    node = data
    for depth, step in enumerate(path):
        last = depth == len(path) - 1
        if isinstance(step, dict):
            if not isinstance(node, list):
                raise ValueError(f"{where}: step {depth} picks an entry of something not an array")
            matches = [
                i
                for i, entry in enumerate(node)
                if isinstance(entry, dict) and all(entry.get(k) == v for k, v in step.items())
            ]
            if len(matches) != 1:
                raise ValueError(f"{where}: step {depth} {step} matches {len(matches)} entries")
            key: Any = matches[0]
        elif isinstance(step, int):
            if not isinstance(node, list) or not 0 <= step < len(node):
                raise ValueError(f"{where}: step {depth} index {step} is out of range")
            key = step
        else:
            if not isinstance(node, dict) or step not in node:
                raise ValueError(f"{where}: step {depth} {step!r} is not there")
            key = step
        if last:
            return node, key
        node = node[key]
    raise AssertionError("unreachable: path is not empty")


def defaults(game_id: str) -> dict[str, int]:
    """Each declared tunable's value in the shipped content."""
    from theomachy.engine.content import read_toml

    folder = content_folder(game_id)
    values: dict[str, int] = {}
    for tunable in declarations(game_id).tunables:
        data = read_toml(folder / tunable.file, overlay=False)
        container, key = locate(data, tunable.path, f"{game_id} tunable {tunable.name}")
        value = container[key]
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{game_id} tunable {tunable.name}: {value!r} is not an integer")
        values[tunable.name] = value
    return values


def checked(game_id: str, values: dict[str, Any]) -> dict[str, int]:
    """``values`` when every name is a declared tunable of the game and every value an
    integer within its bounds; else ``ValueError`` naming the problem."""
    known = {t.name: t for t in declarations(game_id).tunables}
    for name, value in values.items():
        tunable = known.get(name)
        if tunable is None:
            listed = ", ".join(sorted(known)) or "none"
            raise ValueError(f"{game_id}: {name!r} is not a tunable (tunables: {listed})")
        if not isinstance(value, int) or isinstance(value, bool):
            raise ValueError(f"{game_id} tunable {name}: {value!r} is not an integer")
        if not tunable.low <= value <= tunable.high:
            raise ValueError(
                f"{game_id} tunable {name}: {value} is outside {tunable.low}..{tunable.high}"
            )
    return dict(values)


def encode(game_id: str, values: dict[str, int]) -> str:
    """The environment variable's value for an overlay ("" for none)."""
    if not values:
        return ""
    return json.dumps({"game": game_id, "values": checked(game_id, values)}, sort_keys=True)


@cache
def _edits(raw: str) -> dict[Path, list[tuple[list[Any], int]]]:
    """An encoded overlay as the edits to make to each content file."""
    try:
        document = json.loads(raw)
        game_id = document["game"]
        values = checked(game_id, document["values"])
    except (ValueError, KeyError, TypeError) as error:
        raise ValueError(f"{ENV} is not a valid overlay: {error}") from None
    folder = content_folder(game_id)
    known = {t.name: t for t in declarations(game_id).tunables}
    edits: dict[Path, list[tuple[list[Any], int]]] = {}
    for name, value in values.items():
        tunable = known[name]
        path = (folder / tunable.file).resolve()
        edits.setdefault(path, []).append((tunable.path, value))
    return edits


def active() -> dict[str, Any] | None:
    """The overlay this process plays with (``{"game", "values"}``), or None."""
    raw = os.environ.get(ENV, "")
    return json.loads(raw) if raw else None


def apply(path: Path, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` read from ``path`` with this process's overlay applied to it."""
    raw = os.environ.get(ENV, "")
    if not raw:
        return data
    edits = _edits(raw).get(path.resolve())
    for steps, value in edits or ():
        container, key = locate(data, steps, f"{ENV} at {path.name}")
        container[key] = value
    return data
