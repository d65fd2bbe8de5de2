"""Strict checks of agent specs that come from untrusted clients (the play server).

``parse_spec``/``build`` in :mod:`theomachy.agents.specs` stay permissive for local use (the
command line, the lab). A server instead runs :func:`validate_spec` on every spec a client
sends: each agent has a pydantic model of the parameters a client may give (no others, never
``seed``: the server seeds its bots), integers must be integers, numbers must be finite, and
every value must lie within the server's :class:`SpecLimits`. The result is a canonical spec
(parameters sorted, numbers written one way) that ``build(canonical, seed)`` accepts.

A level (``easy``, ``medium``, ``hard``, ``expert``) takes no parameters: its settings are the
project's, chosen per game. ``ismcts`` is the search the levels use, for a client that wants to
set it itself.

>>> validate_spec("mcts:iterations=200:exploration=1.0", SpecLimits())
'mcts:exploration=1:iterations=200'
>>> validate_spec("hard", SpecLimits())
'hard'
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from theomachy.agents import available
from theomachy.agents.greedy import GreedyAgent
from theomachy.agents.ismcts import ISMCTSAgent
from theomachy.agents.levels import LEVELS
from theomachy.agents.mcts import MCTSAgent


@dataclass(frozen=True)
class SpecLimits:
    """The most a client may ask of one bot on this server."""

    max_budget_ms: float = 2000.0
    max_iterations: int = 20000
    max_samples: int = 32
    max_rollout_depth: int = 200
    max_exploration: float = 10.0
    max_temperature: float = 10.0
    max_spec_chars: int = 200
    max_params: int = 6


@dataclass(frozen=True)
class _Param:
    """One parameter a client may set: its kind and its allowed range."""

    kind: type[int] | type[float]
    low: float
    high: float

    def describe(self) -> str:
        noun = "an integer" if self.kind is int else "a finite number"
        return f"{noun} from {_number_text(self.low)} to {_number_text(self.high)}"


def _params(name: str, limits: SpecLimits) -> dict[str, _Param]:
    """The parameters a client may give agent ``name`` under ``limits``."""
    if name == "greedy":
        return {"samples": _Param(int, 1, limits.max_samples)}
    if name == "mcts":
        return {
            "iterations": _Param(int, 1, limits.max_iterations),
            "budget_ms": _Param(float, 1, limits.max_budget_ms),
            "exploration": _Param(float, 0, limits.max_exploration),
            "rollout_depth": _Param(int, 0, limits.max_rollout_depth),
        }
    if name == "ismcts":
        return {
            "iterations": _Param(int, 1, limits.max_iterations),
            "budget_ms": _Param(float, 1, limits.max_budget_ms),
            "exploration": _Param(float, 0, limits.max_exploration),
            "prior_temperature": _Param(float, 0, limits.max_temperature),
            "prior_samples": _Param(int, 1, min(32, limits.max_samples)),
            "open_loop": _Param(int, 0, 1),
            "reuse": _Param(int, 0, 1),
            "rollout_greedy": _Param(float, 0, 1),
            "rollout_depth": _Param(int, 0, limits.max_rollout_depth),
            "temperature": _Param(float, 0, limits.max_temperature),
        }
    return {}  # random and the levels: nothing to set


def parameters(name: str, limits: SpecLimits) -> dict[str, str]:
    """What a client may set of agent ``name`` under ``limits``, in words: parameter ->
    "an integer from 1 to 20000" (none for ``random`` and the levels)."""
    return {key: param.describe() for key, param in _params(name, limits).items()}


@lru_cache(maxsize=64)
def params_model(name: str, limits: SpecLimits) -> type[BaseModel]:
    """The pydantic model of agent ``name``'s client parameters under ``limits``: extra keys
    forbidden, strict types (an int field takes no float or string), finite numbers, ranges."""
    fields: dict[str, Any] = {
        key: (param.kind | None, Field(default=None, ge=param.low, le=param.high))
        for key, param in _params(name, limits).items()
    }
    config = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False, frozen=True)
    return create_model(f"{name.capitalize()}Params", __config__=config, **fields)


_INTEGER = re.compile(r"[+-]?[0-9]{1,18}")
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")
_NON_FINITE = {"inf", "+inf", "-inf", "infinity", "+infinity", "-infinity", "nan", "+nan", "-nan"}
_KEY = re.compile(r"[a-z_][a-z0-9_]*")


def validate_spec(spec: object, limits: SpecLimits) -> str:
    """The canonical form of an untrusted agent spec (``name`` or ``name:key=value:...``),
    or ``ValueError`` whose message names the agent and the parameter at fault."""
    if not isinstance(spec, str):
        raise ValueError(f"an agent spec must be a string, got {type(spec).__name__}")
    if len(spec) > limits.max_spec_chars:
        raise ValueError(
            f"agent spec is {len(spec)} characters long; at most {limits.max_spec_chars}"
        )
    name, *pairs = spec.strip().split(":")
    if name not in available():
        others = ", ".join(agent for agent in available() if agent not in LEVELS)
        raise ValueError(
            f"unknown agent {_show(name)}; levels: {', '.join(LEVELS)}; other agents: {others}"
        )
    if name in LEVELS and pairs:
        raise ValueError(
            f"{name} is a level and takes no parameters (got {_show(':'.join(pairs))}); "
            "to set the search yourself use ismcts, e.g. ismcts:iterations=800"
        )
    if len(pairs) > limits.max_params:
        raise ValueError(f"{name}: too many parameters ({len(pairs)}); at most {limits.max_params}")
    allowed = _params(name, limits)
    raw: dict[str, str] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not _KEY.fullmatch(key):
            raise ValueError(f"{name}: bad parameter {_show(pair)}: expected key=value")
        if key == "seed":
            raise ValueError(f"{name} seed is chosen by the server; a client may not set it")
        if key not in allowed:
            choices = ", ".join(sorted(allowed)) or "none"
            raise ValueError(f"{name} has no parameter {key!r}; its parameters: {choices}")
        if key in raw:
            raise ValueError(f"{name} {key} is given twice")
        raw[key] = text
    values = {key: _literal(text) for key, text in raw.items()}
    try:
        checked = params_model(name, limits).model_validate(values)
    except ValidationError as error:
        key = str(error.errors()[0]["loc"][0])
        raise ValueError(
            f"{name} {key} must be {allowed[key].describe()}, got {_show(raw[key])}"
        ) from None
    given = checked.model_dump(exclude_none=True)
    _check_defaults(name, given, limits)
    return ":".join([name, *(f"{key}={_number_text(given[key])}" for key in sorted(given))])


def _check_defaults(name: str, given: dict[str, Any], limits: SpecLimits) -> None:
    """The agent's own defaults, for what the client left out, must be within limits too.
    (A level's settings are the project's; the server caps its think time instead.)"""
    if name in ("mcts", "ismcts"):
        agent: MCTSAgent | ISMCTSAgent = (
            MCTSAgent(**given) if name == "mcts" else ISMCTSAgent(**given)
        )
        if agent.iterations is not None and agent.iterations > limits.max_iterations:
            raise ValueError(
                f"{name} iterations defaults to {agent.iterations}, more than this server's "
                f"{limits.max_iterations}: give iterations or budget_ms"
            )
        if agent.rollout_depth > limits.max_rollout_depth:
            raise ValueError(
                f"{name} rollout_depth defaults to {agent.rollout_depth}, more than this "
                f"server's {limits.max_rollout_depth}: give rollout_depth"
            )
    elif name == "greedy":
        samples = GreedyAgent(**given).samples
        if samples > limits.max_samples:
            raise ValueError(
                f"greedy samples defaults to {samples}, more than this server's "
                f"{limits.max_samples}: give samples"
            )


def _literal(text: str) -> object:
    """A parameter's text as an int, a float, or (when it is neither) the text itself, which
    the strict model then rejects. Non-finite words become floats so that the model names
    them as such."""
    if _INTEGER.fullmatch(text):
        return int(text)
    if _DECIMAL.fullmatch(text) or text.lower() in _NON_FINITE:
        return float(text)
    return text


def _number_text(value: float) -> str:
    """A number as a canonical spec writes it: integral values without a fraction."""
    if isinstance(value, float) and value.is_integer() and math.isfinite(value):
        return str(int(value))
    return repr(value)


def _show(text: str, limit: int = 40) -> str:
    """``text`` quoted for an error message, cut short."""
    return repr(text if len(text) <= limit else text[:limit] + "…")
