"""Agent specs as typed on the command line: ``mcts``, ``mcts:budget_ms=200``,
``greedy:samples=4``."""

from __future__ import annotations

from typing import Any

from theomachy.agents import Agent, available, make


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``name:key=value:key=value`` -> (name, params); values are ints or floats when they
    look like numbers."""
    name, *pairs = spec.strip().split(":")
    if name not in available():
        raise ValueError(
            f"unknown agent {name!r} in {spec!r}; known agents: {', '.join(available())}"
        )
    params: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"bad agent parameter {pair!r} in {spec!r}: expected key=value")
        if key == "seed":
            raise ValueError(f"{spec!r}: the seed is given apart from the spec, not as seed=")
        if key in params:
            raise ValueError(f"{spec!r}: {key} is given twice")
        params[key] = _number(raw)
    return name, params


def build(spec: str, seed: int) -> Agent:
    """A seeded agent from its spec."""
    name, params = parse_spec(spec)
    return make(name, seed=seed, **params)


def _number(raw: str) -> Any:
    for kind in (int, float):
        try:
            return kind(raw)
        except ValueError:
            pass
    return raw
