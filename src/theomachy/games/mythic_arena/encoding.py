"""Mythic Arena's encoding for the RL adapters: action tables, observation vector, length bound.

See "Encoding (for the RL adapters)" in RULES.md for the table order, the observation layout
and the derivation of :meth:`Encoding.max_decisions`. Everything is built from the card
content (``cards.catalog()``), the lattice (``board.SQUARE_NAMES``) and the ability classes,
never from sampled games.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from theomachy.engine.core import CHANCE, TERMINAL, Game
from theomachy.engine.encoding import Encoding as BaseEncoding
from theomachy.engine.encoding import Features, seats_from
from theomachy.games.mythic_arena.abilities import CLASSES
from theomachy.games.mythic_arena.board import (
    CELLS,
    CENTER,
    COL,
    ROW,
    SIDE_NAMES,
    SQUARE,
    SQUARE_INDEX,
    SQUARE_NAMES,
)
from theomachy.games.mythic_arena.cards import PANTHEONS, Card, catalog
from theomachy.games.mythic_arena.match import match_games, wins_needed

PHASES = ("pantheon", "draw", "decide", "draw-again", "place", "ability", "strength", "over")
PENDING = ("recycle", "raise-dead", "capture-any")  # the ability decisions (abilities.REGISTRY)
ROUNDS = (1, 3, 5, 7)

# Per-game counts behind max_decisions (see RULES.md, "Encoding"):
# at most 20 turns with decisions (16 squares + 2 Sol/Helios outside + 2 Váli/Erinyes leaving)
# and at most 6 ability decisions (2 raise, 2 recycle, 2 capture: each card acts once a game).
MAX_TURNS_PER_GAME = SQUARE * SQUARE + 2 + 2
MAX_ABILITY_DECISIONS_PER_GAME = 6

POWER_HIGH = 20.0  # Ullr/Artemis's placement Power reaches 2 + the discard pile (<= 16)
GLORY_HIGH = 30.0
ICONS_HIGH = 20.0  # 16 squares + 2 Sol/Helios outside + Balder/Apollo's second icon

# Board planes, each a 9x9 lattice (square index order a1, b1, ..., i9).
PLANE_OCCUPIED = 0
PLANE_MINE = 1  # allegiance of the viewer
PLANE_THEIRS = 2  # allegiance of the opponent
PLANE_OWN_CARD = 3  # the card belongs to the viewer's pantheon (printed)
PLANE_CHARACTER = 4  # 17 planes: the character slot (same slot for mirrored cards)
CHARACTERS = 17
PLANE_POWER = PLANE_CHARACTER + CHARACTERS
PLANE_PLUS = PLANE_POWER + 1
PLANE_SHIELD = PLANE_PLUS + 1  # 4 planes (north, east, south, west): an intact shield
PLANE_FRAGILITY = PLANE_SHIELD + 4  # 4 planes: a fragility
PLANE_SHATTERED = PLANE_FRAGILITY + 4  # 4 planes: a shield a token destroyed
PLANE_UNDER = PLANE_SHATTERED + 4  # Hela/Hades beneath
PLANE_OUTSIDE = PLANE_UNDER + 1  # Sol/Helios outside the 4x4 square
PLANE_PLACED = PLANE_OUTSIDE + 1  # the card just played
PLANE_OPEN = PLANE_PLACED + 1  # an open square (any card may be placed there)
PLANES = PLANE_OPEN + 1  # 39

SEAT_SIZE = 2 + 1 + CHARACTERS + CHARACTERS + 1 + 1 + 1 + 1 + 1  # 42
GLOBAL_SIZE = len(PHASES) + 4 + 1 + len(PENDING) + CHARACTERS + 1 + 1 + 2 * CHARACTERS
GLOBAL_SIZE += len(ROUNDS) + 1 + 1  # 75
OBSERVATION_SIZE = PLANES * CELLS + 2 * SEAT_SIZE + GLOBAL_SIZE  # 3159 + 84 + 75 = 3318


def _reachable_squares(outside: bool) -> list[int]:
    """Squares a card can ever stand on, in square order.

    The first card stands on e5 and stays (only Váli/Erinyes leaves, on its own turn), so
    the square's cards lie within 3 columns and 3 rows of e5 (b2..h8). A card allowed outside
    (Sol/Helios) can also stand one step beyond a complete row or column: a2..a8, i2..i8,
    b1..h1, b9..h9."""
    cx, cy = COL[CENTER], ROW[CENTER]
    reach = SQUARE - 1
    found = []
    for square in range(CELLS):
        dx, dy = abs(COL[square] - cx), abs(ROW[square] - cy)
        if (dx <= reach and dy <= reach) or (
            outside and max(dx, dy) == reach + 1 and min(dx, dy) <= reach
        ):
            found.append(square)
    return found


def _sole_holder(card: Card, cards: Sequence[Card], ability: str) -> bool:
    """Is ``card`` the only card of its deck with ``ability`` (so it is on the battlefield,
    not in the discard pile, whenever that ability asks)?"""
    holders = [c for c in cards if c.pantheon == card.pantheon and c.ability == ability]
    return holders == [card]


class Encoding(BaseEncoding):
    """Mythic Arena (2 players): 1945 decisions, 34 chance outcomes, 3318 observation numbers."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        cards = catalog()  # content order: the Greek deck, then the Norse deck
        self._supply = int(game.options["strength_supply"])
        self._rounds = int(game.options["rounds"])
        self._token_high = float(max(self._supply, 1))
        self._wins_high = float(wins_needed(self._rounds))
        self._games_high = match_games(self._rounds)
        # Each card's pantheon and character slot (its position in its deck file; the decks
        # mirror each other, so Zeus and Odin share a slot).
        slots: dict[str, tuple[int, int]] = {}
        seen = [0] * len(PANTHEONS)
        for card in cards:
            pantheon = PANTHEONS.index(card.pantheon)
            slots[card.id] = (pantheon, seen[pantheon])
            seen[pantheon] += 1
        self._slot = slots
        self._pantheon_index = {name: i for i, name in enumerate(PANTHEONS)}

        squares = _reachable_squares(outside=False)
        outside_squares = _reachable_squares(outside=True)
        names = [SQUARE_NAMES[s] for s in outside_squares]
        decisions = ["choose " + pantheon for pantheon in PANTHEONS]
        decisions.append("discard")
        for card in cards:
            ability = CLASSES[card.ability] if card.ability else None
            where = (
                outside_squares if ability is not None and ability.may_stand_outside else squares
            )
            decisions.extend(f"place {card.id} {SQUARE_NAMES[s]}" for s in where)
        decisions.extend(
            f"recycle {card.id}" for card in cards if not _sole_holder(card, cards, "recycle")
        )
        decisions.extend(
            f"raise {card.id}" for card in cards if not _sole_holder(card, cards, "raise-dead")
        )
        decisions.extend(f"capture {name}" for name in names)
        decisions.append("power")
        decisions.extend(f"shatter {name}" for name in names)
        decisions.append("done")
        self._decisions = decisions
        self._outcomes = [f"draw {card.id}" for card in cards]

    # --- tables -------------------------------------------------------------------------------
    def decisions(self) -> list[str]:
        """choose, discard, place (card in content order, then square), recycle, raise,
        capture, power, shatter, done: 2 + 1 + 1722 + 32 + 32 + 77 + 1 + 77 + 1 = 1945."""
        return list(self._decisions)

    def outcomes(self) -> list[str]:
        """``draw <card>`` for the 34 cards in content order (Greek deck, then Norse)."""
        return list(self._outcomes)

    def max_decisions(self) -> int:
        """``1 + games * (66 + strength_supply)`` (77 with the defaults), where ``games`` is
        the most games the match may last: 1 for a single game, ``2 * rounds`` for a match
        (drawn games are played again, MA-RULING-MATCH).

        One ``choose`` per match. Per game: at most 20 turns with decisions (each such turn
        places exactly one card; the square's count grows by one per placement except for
        Sol/Helios outside, at most 2, and drops only when Váli/Erinyes leaves, at most 2, and
        the game ends when it reaches 16), each with at most one ``discard``, one ``place``
        and one ``done``; at most 6 ability decisions (``raise`` by the 2 Hela/Hades,
        ``recycle`` by the 2 Sigurd/Heracles, ``capture`` by the 2 Freyja/Aphrodite: every
        card is played at most once a game, since the battlefield and the box keep it); and
        one ``power``/``shatter`` per token spent, at most the supply (tokens never return to
        it during a game)."""
        per_game = 3 * MAX_TURNS_PER_GAME + MAX_ABILITY_DECISIONS_PER_GAME + self._supply
        return 1 + self._games_high * per_game

    # --- observation ------------------------------------------------------------------------
    def observation_size(self) -> int:
        return OBSERVATION_SIZE

    def observe(self, view: Mapping[str, Any]) -> list[float]:
        viewer = view["player"]
        if not isinstance(viewer, int):
            raise ValueError("observe needs a player's view (view(None) is not supported)")
        seats = seats_from(viewer, 2)
        opponent = seats[1]
        players = view["players"]
        mine = players[viewer]["pantheon"]
        own = self._pantheon_index.get(mine, 0) if mine is not None else -1
        theirs = players[opponent]["pantheon"]

        planes = [0.0] * (PLANES * CELLS)
        slot_of = self._slot
        for entry in view["battlefield"]:
            at = SQUARE_INDEX[entry["square"]]
            card = entry["card"]
            pantheon, slot = slot_of[card]
            planes[PLANE_OCCUPIED * CELLS + at] = 1.0
            allegiance = entry["allegiance"]
            if allegiance == mine:
                planes[PLANE_MINE * CELLS + at] = 1.0
            elif allegiance == theirs:
                planes[PLANE_THEIRS * CELLS + at] = 1.0
            if pantheon == own:
                planes[PLANE_OWN_CARD * CELLS + at] = 1.0
            planes[(PLANE_CHARACTER + slot) * CELLS + at] = 1.0
            planes[PLANE_POWER * CELLS + at] = min(entry["power"] / POWER_HIGH, 1.0)
            planes[PLANE_PLUS * CELLS + at] = min(entry["plus"] / self._token_high, 1.0)
            card_sides = entry["sides"]
            for side, name in enumerate(SIDE_NAMES):
                kind = card_sides[name]
                if kind == "shield":
                    planes[(PLANE_SHIELD + side) * CELLS + at] = 1.0
                elif kind == "fragility":
                    planes[(PLANE_FRAGILITY + side) * CELLS + at] = 1.0
                elif kind == "shattered":
                    planes[(PLANE_SHATTERED + side) * CELLS + at] = 1.0
            if entry["under"] is not None:
                planes[PLANE_UNDER * CELLS + at] = 1.0
            if entry["outside"]:
                planes[PLANE_OUTSIDE * CELLS + at] = 1.0
        placed = view["placed"]
        if placed is not None:
            planes[PLANE_PLACED * CELLS + SQUARE_INDEX[placed]] = 1.0
        for name in view["open_squares"]:
            planes[PLANE_OPEN * CELLS + SQUARE_INDEX[name]] = 1.0

        features = Features()
        features.values.extend(planes)
        winners = view["winners"]
        for seat in seats:
            self._seat(features, players[seat], seat in winners)
        self._global(features, view, viewer, own)
        return features.done(OBSERVATION_SIZE)

    def _slots(self, cards: Sequence[str]) -> list[int]:
        return [self._slot[card][1] for card in cards]

    def _seat(self, features: Features, player: Mapping[str, Any], winner: bool) -> None:
        """One seat: pantheon, deck (count and contents), discard pile, Strength tokens, Glory,
        visible icons, game wins, winner flag (42 numbers)."""
        features.one_hot(player["pantheon"], PANTHEONS)
        features.scalar(player["deck"], 17)
        features.many_hot(self._slots(player["deck_cards"]), range(CHARACTERS))
        features.many_hot(self._slots(player["discard"]), range(CHARACTERS))
        features.scalar(player["strength"], self._token_high)
        features.scalar(player["glory"], GLORY_HIGH)
        features.scalar(player["icons"], ICONS_HIGH)
        features.scalar(player["wins"], self._wins_high)
        features.flag(winner)

    def _global(self, features: Features, view: Mapping[str, Any], viewer: int, own: int) -> None:
        """Phase, who moves, the pending decision, the drawn card, supply, box, match (75)."""
        features.one_hot(view["phase"], PHASES)
        current = view["current_player"]
        features.flag(current == viewer)
        features.flag(current not in (viewer, CHANCE, TERMINAL))
        features.flag(current == CHANCE)
        features.flag(current == TERMINAL)
        features.flag(view["to_move"] == viewer)
        features.one_hot(view["pending"], PENDING)
        drawn = view["drawn"]
        known = drawn if drawn is not None and drawn != "hidden" else None
        features.one_hot(self._slot[known][1] if known is not None else None, range(CHARACTERS))
        features.flag(drawn == "hidden")
        features.scalar(view["supply"], self._token_high)
        # The box by character slot: the viewer's pantheon's cards, then the opponent's.
        box_own: list[int] = []
        box_other: list[int] = []
        for card in view["box"]:
            pantheon, slot = self._slot[card]
            (box_own if pantheon == own else box_other).append(slot)
        features.many_hot(box_own, range(CHARACTERS))
        features.many_hot(box_other, range(CHARACTERS))
        features.one_hot(view["rounds"], ROUNDS)
        features.scalar(len(view["results"]), self._games_high)
        features.scalar(sum(1 for e in view["battlefield"] if not e["outside"]), SQUARE * SQUARE)


__all__ = ["OBSERVATION_SIZE", "Encoding"]
