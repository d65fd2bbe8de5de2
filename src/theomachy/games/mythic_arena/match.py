"""Mythic Arena's match arithmetic (option ``rounds``, MA-MATCH-1, MA-RULING-MATCH): how many
game wins take the match and how many games it may last at most."""

from __future__ import annotations


def wins_needed(rounds: int) -> int:
    """The game wins that take the match: 1 for a single game, 2, 3, 4 for 3, 5, 7 rounds
    (the rulebook's advice, "2 winning rounds", is ``rounds`` = 3)."""
    return rounds // 2 + 1


def match_games(rounds: int) -> int:
    """The most games a match may last: a single game is one game; a match plays on after a
    drawn game (a win for no one), up to ``2 * rounds`` games: the bound ends a match only
    after at least ``rounds + 1`` drawn games (MA-RULING-MATCH)."""
    return 1 if rounds == 1 else 2 * rounds


__all__ = ["match_games", "wins_needed"]
