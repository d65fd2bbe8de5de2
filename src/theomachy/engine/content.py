"""Loading game content (TOML data files) with validation.

A bad file fails with :class:`ContentError` naming the file, the entry and the field.
"""

from __future__ import annotations

import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

Model = TypeVar("Model", bound=BaseModel)


class ContentError(ValueError):
    """A content file that is missing, not TOML, or fails validation."""


def read_toml(path: Path | str, overlay: bool = True) -> dict[str, Any]:
    """Parse a TOML file; ``ContentError`` naming the file on any problem. The process's
    content overlay (the balance lab's tuned values, :mod:`theomachy.engine.overlay`) is
    applied unless ``overlay`` is False."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise ContentError(f"{path}: content file not found") from None
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path}: not valid TOML: {error}") from None
    if not overlay:
        return data
    from theomachy.engine import overlay as overlays

    try:
        return overlays.apply(path, data)
    except ValueError as error:
        raise ContentError(str(error)) from None


def package_file(package: str, name: str) -> Path:
    """The path of a data file shipped inside a package."""
    return Path(str(resources.files(package).joinpath(name)))


def validate(path: Path | str, data: dict[str, Any], model: type[Model], list_key: str) -> Model:
    """Validate ``data`` against ``model``; errors name the file, the entry and the field.

    ``list_key`` is the name of the array of tables holding the entries (``cards``), used to
    name an entry by its ``id`` in messages.
    """
    try:
        return model.model_validate(data)
    except ValidationError as error:
        messages = []
        for problem in error.errors():
            location = list(problem["loc"])
            where = ".".join(str(part) for part in location) or "(top level)"
            if len(location) >= 2 and location[0] == list_key and isinstance(location[1], int):
                entries = data.get(list_key) or []
                index = location[1]
                entry_id = (
                    entries[index].get("id")
                    if index < len(entries) and isinstance(entries[index], dict)
                    else None
                )
                field = ".".join(str(part) for part in location[2:]) or "(entry)"
                where = f"entry {index} ({entry_id!r}), field {field}"
            messages.append(f"{where}: {problem['msg']}")
        raise ContentError(f"{path}: " + "; ".join(messages)) from None
