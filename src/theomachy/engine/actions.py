"""Action strings: lowercase tokens separated by single spaces, the verb first.

Helpers to check, split and build them, to turn a person's typing into the canonical form, and
to explain why a string was refused.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from theomachy.engine.core import State

# A token is a slug, optionally qualified by ``@`` and ``.`` parts: ``spearman@0.2`` (Arena
# of the Gods: a card of seat 0, copy 2) or ``zeus@1`` (Mythic Wars' solo copies).
_TOKEN = re.compile(r"[a-z0-9][a-z0-9_\-]*(?:[@.][a-z0-9][a-z0-9_\-]*)*")
_SLUG_CLEAN = re.compile(r"[^a-z0-9]+")


def is_well_formed(action: object) -> bool:
    """True for a non-empty string of lowercase ASCII tokens separated by single spaces
    (a token may be qualified: ``spearman@0.2``)."""
    if not isinstance(action, str) or not action:
        return False
    return all(_TOKEN.fullmatch(token) for token in action.split(" "))


def masked_history(
    history: Sequence[str], owners: Mapping[int, int], player: int | None
) -> list[str]:
    """A game log as ``player`` saw it: each entry whose index ``owners`` gives to another
    seat (a card drawn into a hidden hand, a secret choice) keeps its verb and loses its
    arguments (``draw ?``)."""
    return [
        entry.split(" ", 1)[0] + " ?" if owners.get(index, player) != player else entry
        for index, entry in enumerate(history)
    ]


def tokens(action: str) -> list[str]:
    """Split an action string into its tokens (verb first)."""
    return action.split(" ")


def verb(action: str) -> str:
    """The verb of an action string."""
    return action.split(" ", 1)[0]


def make_action(*parts: object) -> str:
    """Join parts into an action string: ``make_action("place", "zeus", "e5")``."""
    return " ".join(str(part) for part in parts)


def slugify(name: str) -> str:
    """An ASCII slug for a name.

    >>> slugify("Týr"), slugify("Here be Dragons")
    ('tyr', 'here-be-dragons')
    """
    import unicodedata

    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return _SLUG_CLEAN.sub("-", ascii_name.lower()).strip("-")


def normalize(text: str) -> str:
    """A person's typing in canonical form: trimmed, lowercased, single spaces."""
    return " ".join(text.strip().lower().split())


def explain_illegal(
    state: State, action: object, legal: Sequence[str], player: int | None = None
) -> str:
    """A message saying why ``action`` cannot be applied to ``state`` now."""
    from theomachy.engine.core import CHANCE, TERMINAL

    current = state.current_player
    if not isinstance(action, str):
        return f"an action must be a string, got {type(action).__name__}"
    if not is_well_formed(action):
        return (
            f"malformed action {action!r}: actions are lowercase words separated by single "
            "spaces, the verb first (for example 'place zeus e5')"
        )
    if current == TERMINAL:
        return f"{action!r} is not possible: the game is over"
    if player is not None and player != current:
        whose = "chance" if current == CHANCE else f"player {current}"
        return f"it is not player {player}'s turn: {whose} is to move"
    if current == CHANCE:
        if any(state.action_seen_by(outcome, None) != outcome for outcome in legal):
            # The outcomes would tell what a hidden deck holds.
            return f"{action!r} is not a possible outcome: a hidden card is being drawn"
        return f"{action!r} is not a possible outcome of this chance event; outcomes: " + _sample(
            legal
        )
    same_verb = [a for a in legal if verb(a) == verb(action)]
    if not same_verb:
        verbs = sorted({verb(a) for a in legal})
        return (
            f"{action!r} is not legal now: player {current} may not {verb(action)!r} here; "
            f"possible verbs: {', '.join(verbs)}"
        )
    return f"{action!r} is not legal now; legal {verb(action)!r} actions: " + _sample(same_verb)


def _sample(actions: Sequence[str], limit: int = 12) -> str:
    shown = ", ".join(actions[:limit])
    if len(actions) > limit:
        shown += f", ... ({len(actions)} in all)"
    return shown
