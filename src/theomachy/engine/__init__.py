"""The kernel every game shares: bases, registry, actions, chance, serialisation, simulation."""

from theomachy.engine.actions import is_well_formed, make_action, normalize, slugify, tokens, verb
from theomachy.engine.chance import draw_outcomes, sample_outcome, uniform
from theomachy.engine.core import (
    CHANCE,
    TERMINAL,
    CorruptDocument,
    Game,
    GameOptions,
    IllegalAction,
    State,
)
from theomachy.engine.registry import game_class, games, load, load_state, register
from theomachy.engine.simulate import derive_seed, simulate

__all__ = [
    "CHANCE",
    "TERMINAL",
    "CorruptDocument",
    "Game",
    "GameOptions",
    "IllegalAction",
    "State",
    "derive_seed",
    "draw_outcomes",
    "game_class",
    "games",
    "is_well_formed",
    "load",
    "load_state",
    "make_action",
    "normalize",
    "register",
    "sample_outcome",
    "simulate",
    "slugify",
    "tokens",
    "uniform",
    "verb",
]
