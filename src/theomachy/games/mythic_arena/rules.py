"""Mythic Arena: the state machine (rule ids refer to RULES.md).

Turn: draw (chance) -> discard and draw again, or place -> placement ability (may ask a
decision) -> Strength tokens (optional decisions) -> battle -> post-battle effect -> Glory.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from itertools import repeat
from typing import TYPE_CHECKING, Any, NamedTuple

from pydantic import Field, field_validator

from theomachy.engine.core import CHANCE, TERMINAL, Game, GameOptions, State
from theomachy.games.mythic_arena import abilities, evaluation, table_help
from theomachy.games.mythic_arena.board import (
    ALL_LINES,
    CENTER,
    COL,
    FACING_NEIGHBOURS,
    LINES,
    NEIGHBOURS,
    OPPOSITE,
    ROW,
    ROW_BITS,
    RUNS_OF_THREE,
    SIDE_NAMES,
    SIZE,
    SQUARE,
    SQUARE_NAMES,
    bounds,
    cell,
    col_of,
    open_cells,
    opposite,
    row_of,
    run_starts,
)
from theomachy.games.mythic_arena.cards import PANTHEONS, catalog, setup
from theomachy.games.mythic_arena.match import match_games, wins_needed
from theomachy.games.mythic_arena.specs import (
    DECKS,
    DRAW_ACTION,
    DRAW_INDEX,
    FRAGILITY,
    NO_ABILITY_CARD,
    ON_PLACED,
    PLACE_ACTION,
    PLACE_INDEX,
    POST_BATTLE,
    RESTING_POWER,
    SHATTER_ACTION,
    SHATTER_INDEX,
    SHIELD,
    SIDES,
    SPECS,
    STANDS_OUTSIDE,
)

if TYPE_CHECKING:
    from theomachy.engine.narration import Narrator

# Phases of play.
PANTHEON, DRAW, DECIDE, DRAW_AGAIN, PLACE, ABILITY, STRENGTH, OVER = range(8)
PHASE_NAMES = ("pantheon", "draw", "decide", "draw-again", "place", "ability", "strength", "over")

MAJORITY_BONUS = 3  # MA-END-3
# The endings (MA-END-7): more Glory (MA-END-4), equal Glory and more unused Strength tokens
# (MA-END-5), equal on both (MA-END-6).
ENDING_GLORY, ENDING_STRENGTH, ENDING_DRAW = "glory", "strength-tie-break", "draw"
HIDDEN_DRAW = "draw ?"  # a draw as those who may not see the card know it (MA-RULING-PUBLIC)


_CENTER_ONLY = (CENTER,)


# The open squares depend only on the shape of the square's cards, wherever it lies: shape
# (the occupancy shifted so that its corner is at b2) -> the open cells, shifted the same way.
# Filled as shapes appear; a shape fits in 4 by 4, so there are at most 2**16 entries.
_OPEN_BY_SHAPE: dict[int, tuple[int, ...]] = {}


class Placed(NamedTuple):
    """A card on the battlefield. ``allegiance`` is a pantheon index (0 Greek, 1 Norse)."""

    card: int
    allegiance: int
    plus: int = 0  # "+1 Power" Strength tokens on it
    shattered: int = 0  # bit mask of sides whose shield a token destroyed
    under: int = -1  # Hela/Hades beneath a card placed over her/him
    outside: bool = False  # Sol/Helios as a fifth card outside the square


class MythicArenaOptions(GameOptions):
    """Options: ``rounds`` (1 for a single game, or 3/5/7 for a match won by the first to win
    2/3/4 games), ``first_player`` (who chooses the pantheon and starts the first game),
    ``strength_supply`` (tokens in the supply)."""

    rounds: int = Field(
        default=1,
        title="Games",
        description="1 for a single game, or 3, 5 or 7 for a match won by the first to win "
        "2, 3 or 4 games.",
    )
    first_player: int = Field(
        default=0,
        title="First player",
        description="The seat that chooses its pantheon and plays first (0 or 1).",
    )
    strength_supply: int = Field(
        default=10,
        title="Strength tokens",
        description="How many Strength tokens the supply holds (0 to 40).",
    )

    @field_validator("rounds")
    @classmethod
    def _odd_rounds(cls, value: int) -> int:
        if value not in (1, 3, 5, 7):
            raise ValueError(
                "rounds must be 1 (a single game) or 3, 5 or 7 (a match won by the first "
                "player to win 2, 3 or 4 games)"
            )
        return value

    @field_validator("first_player")
    @classmethod
    def _seat(cls, value: int) -> int:
        if value not in (0, 1):
            raise ValueError("first_player must be 0 or 1")
        return value

    @field_validator("strength_supply")
    @classmethod
    def _supply(cls, value: int) -> int:
        if not 0 <= value <= 40:
            raise ValueError("strength_supply must be between 0 and 40")
        return value


class MythicArenaGame(Game):
    """Mythic Arena: two players, Greek against Norse, a 4x4 battlefield of captures."""

    id = "mythic-arena"
    title = "Mythic Arena"
    description = (
        "Two pantheons fight over a 4×4 battlefield of cards: place, capture, align three for"
        " Glory."
    )
    min_players = 2
    max_players = 2
    default_players = 2
    Options = MythicArenaOptions
    # MA-END-7: how the (last) game was decided, State.ending().
    endings = (ENDING_GLORY, ENDING_STRENGTH, ENDING_DRAW)

    @classmethod
    def catalog(cls) -> dict[str, dict[str, Any]]:
        """Every card's printed facts, by id."""
        fields = {"name", "pantheon", "power", "sides", "icons", "ability", "text"}
        return {card.id: card.model_dump(include=fields) for card in catalog()}

    @classmethod
    def narrator(cls) -> Narrator:
        """Mythic Arena's events in words (narration.py)."""
        from theomachy.games.mythic_arena.narration import NARRATOR

        return NARRATOR

    def new_game(self) -> MythicArenaState:
        return MythicArenaState(self)


class MythicArenaState(State):
    """A Mythic Arena position (a single game, or a match of several games)."""

    __slots__ = (
        "board",
        "box",
        "captured_now",
        "deck",
        "discard",
        "drawn",
        "game_winners",
        "glory",
        "held",
        "held_before",
        "outside_cells",
        "pantheon",
        "pending",
        "phase",
        "placed",
        "results",
        "square_bits",
        "square_cols",
        "square_count",
        "starter",
        "strength",
        "supply",
        "to_move",
        "turn_power",
        "wins",
    )

    game: MythicArenaGame

    def __init__(self, game: MythicArenaGame, *, empty: bool = False) -> None:
        super().__init__(game)
        if empty:  # filled in by _copy
            return
        options = game.options
        self.phase = PANTHEON
        self.to_move: int = options["first_player"]  # MA-SETUP-1: the first player chooses
        self.pantheon: list[int] = [-1, -1]
        self.wins: list[int] = [0, 0]
        self.results: list[dict[str, Any]] = []
        self.game_winners: list[int] = []
        self.starter: int = options["first_player"]
        self._reset_battlefield()

    def _reset_battlefield(self) -> None:
        """Everything one game of a match starts afresh (MA-SETUP-2, MA-SETUP-3)."""
        self.board: dict[int, Placed] = {}
        self.box: list[int] = []
        # Decks are unordered (each draw is a chance node) and kept sorted by card number.
        self.deck: list[list[int]] = [[], []]
        self.discard: list[list[int]] = [[], []]
        for player, pantheon in enumerate(self.pantheon):
            if pantheon >= 0:
                self.deck[player] = list(DECKS[pantheon])
        self.drawn = -1
        self.placed = -1
        self.turn_power: int | None = None
        self.pending: str | None = None
        self.strength: list[int] = [0, 0]
        self.supply: int = self.game.options["strength_supply"]
        self.glory: list[int] = [0, 0]
        # Which cells each pantheon holds, as a lattice bit mask per pantheon (bit i = cell i).
        # Derived from the board, kept up to date by every change of allegiance or occupancy,
        # so neither Glory nor the open squares need a board scan.
        self.held: list[int] = [0, 0]
        self.outside_cells: tuple[int, ...] = ()  # Sol/Helios squares beyond the square
        self.held_before = 0  # the mover's cells when this turn's card was placed
        # Squares captured since the last card was placed (its battle, Freyja/Aphrodite):
        # public, so the clients can show what the last move did.
        self.captured_now: tuple[int, ...] = ()
        self.square_count = 0
        self._clear_occupancy()

    def _clear_occupancy(self) -> None:
        # The cards of the square (Sol/Helios beyond it left out) as lattice bits, and the
        # square's columns (bit c). Kept up to date by placement and removal, so listing
        # placements needs no board scan.
        self.square_bits = 0
        self.square_cols = 0

    def _occupy(self, square: int, outside: bool) -> None:
        if not outside:
            self.square_bits |= 1 << square
            self.square_cols |= 1 << COL[square]

    def _copy(self) -> MythicArenaState:
        other = MythicArenaState(self.game, empty=True)
        other.phase = self.phase
        other.to_move = self.to_move
        other.pantheon = self.pantheon[:]
        other.wins = self.wins[:]
        other.results = self.results[:]  # entries are never mutated
        other.game_winners = self.game_winners[:]
        other.starter = self.starter
        other.board = self.board.copy()  # Placed values are immutable
        other.box = self.box[:]
        other.deck = [self.deck[0][:], self.deck[1][:]]
        other.discard = [self.discard[0][:], self.discard[1][:]]
        other.drawn = self.drawn
        other.placed = self.placed
        other.turn_power = self.turn_power
        other.pending = self.pending
        other.strength = self.strength[:]
        other.supply = self.supply
        other.glory = self.glory[:]
        other.held = self.held[:]
        other.held_before = self.held_before
        other.captured_now = self.captured_now
        other.outside_cells = self.outside_cells
        other.square_count = self.square_count
        other.square_bits = self.square_bits
        other.square_cols = self.square_cols
        return other

    # --- whose turn -------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase in (DRAW, DRAW_AGAIN):
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.to_move

    def is_terminal(self) -> bool:
        """True once the game (or match) is over, read from the phase."""
        return self.phase == OVER

    def player_of(self, pantheon: int) -> int:
        """The player whose allegiance is ``pantheon``."""
        return 0 if self.pantheon[0] == pantheon else 1

    # --- legal actions ------------------------------------------------------------------------
    def _legal_actions(self) -> list[str]:
        phase = self.phase
        if phase in (DECIDE, PLACE):
            drawn = self.drawn
            row = PLACE_ACTION[drawn]
            if drawn in STANDS_OUTSIDE:
                places = [row[square] for square in self.placement_squares(drawn)]
            else:
                cells, shift = self._open_cells()
                places = [row[cell + shift] for cell in cells]
            # MA-TURN-2: discarding obliges you to play the next card, so it needs one.
            if phase == DECIDE and self.deck[self.to_move]:
                places.insert(0, "discard")
            return places
        if phase == ABILITY:
            assert self.pending is not None
            return abilities.REGISTRY[self.pending].choices(self)
        if phase == STRENGTH:
            return ["done", "power"] + [SHATTER_ACTION[s] for s in self.shatter_targets()]
        return ["choose greek", "choose norse"]  # PANTHEON

    def _chance_outcomes(self) -> list[tuple[str, float]]:
        deck = self.deck[self.to_move]  # kept sorted by card number, which is id order
        return list(zip(map(DRAW_ACTION.__getitem__, deck), repeat(1.0 / len(deck))))

    def placement_squares(self, card: int) -> list[int]:
        """Squares where ``card`` may be placed now (MA-PLACE-1..3, Sol/Helios MA-CARD-SOL),
        in square order.

        Read from the occupancy bit masks: a square is open when it is empty, next to a card
        of the square, and inside the window that keeps the square within 4 by 4."""
        cells, shift = self._open_cells()
        found = [cell + shift for cell in cells]
        if card in STANDS_OUTSIDE:
            ability = SPECS[card].ability
            assert ability is not None
            in_square_cells = [s for s, placed in self.board.items() if not placed.outside]
            found = sorted(set(found).union(ability.extra_squares(self, in_square_cells)))
        return found

    def _open_cells(self) -> tuple[Sequence[int], int]:
        """The squares open to any card as ``(cells, shift)``: each square is a cell + shift
        (MA-PLACE-1..3)."""
        inside = self.square_bits
        if not inside:
            return _CENTER_ONLY, 0  # MA-PLACE-1 (and after every card has left: MA-RULING-EMPTY)
        cols = self.square_cols
        first_row = ((inside & -inside).bit_length() - 1) // SIZE
        min_col = (cols & -cols).bit_length() - 1
        occupied = self.held[0] | self.held[1]
        if (
            occupied == inside  # no Sol/Helios beyond the square
            and first_row > 0
            and min_col > 0
            and inside.bit_length() <= (SIZE - 1) * SIZE  # last row below the top one
            and cols.bit_length() < SIZE  # last column left of the rim
        ):
            # Away from the rim the answer only depends on the shape: look it up.
            shift = (first_row - 1) * SIZE + min_col - 1
            shape = inside >> shift
            cells = _OPEN_BY_SHAPE.get(shape)
            if cells is None:
                cells = _OPEN_BY_SHAPE[shape] = tuple(open_cells(shape, cols >> min_col - 1, shape))
            return cells, shift
        return open_cells(inside, cols, occupied), 0

    def open_squares(self) -> list[int]:
        """Squares any card may be placed on now (Sol/Helios's fifth squares aside)."""
        return self.placement_squares(NO_ABILITY_CARD)

    def last_draw_index(self) -> int:
        """Where the hidden drawn card's ``draw`` stands in the history (-1 if none)."""
        if self.drawn < 0:
            return -1
        for index in range(len(self._history) - 1, -1, -1):
            if self._history[index].startswith("draw "):
                return index
        return -1

    def shatter_targets(self) -> list[int]:
        """Adjacent opposing cards with an intact shield facing the card just placed."""
        own = self.board[self.placed].allegiance
        targets = []
        for side, n in enumerate(NEIGHBOURS[self.placed]):
            other = self.board.get(n)  # None off the lattice too (n == -1)
            if other is None or other.allegiance == own:
                continue
            facing = OPPOSITE[side]
            if SPECS[other.card].sides[facing] == SHIELD and not other.shattered >> facing & 1:
                targets.append(n)
        return sorted(targets)

    # --- applying -------------------------------------------------------------------------------
    def _apply(self, action: str) -> None:
        phase = self.phase
        if phase in (DRAW, DRAW_AGAIN):
            card = DRAW_INDEX[action]
            self.deck[self.to_move].remove(card)
            self.drawn = card
            self.phase = DECIDE if phase == DRAW else PLACE
        elif phase in (DECIDE, PLACE):
            if action == "discard":
                self.discard[self.to_move].append(self.drawn)
                self.drawn = -1
                self.phase = DRAW_AGAIN
            else:
                card, square = PLACE_INDEX[action]
                self._place(card, square)
        elif phase == ABILITY:
            key = self.pending
            assert key is not None
            self.pending = None
            abilities.REGISTRY[key].choose(self, action)
            if self.pending is None:
                self._after_placement_ability()
        elif phase == STRENGTH:
            self._use_strength(action)
        else:  # PANTHEON
            chosen = PANTHEONS.index(action.split(" ")[1])
            self.pantheon[self.to_move] = chosen
            self.pantheon[1 - self.to_move] = 1 - chosen
            self._start_game(self.starter)

    def _start_game(self, starter: int) -> None:
        self._reset_battlefield()
        self.starter = starter
        # MA-RULING-SECOND: the player who does not start takes tokens from the supply.
        self.take_strength(setup().second_player_strength, 1 - starter)
        self._start_turn(starter)

    def _start_turn(self, player: int) -> None:
        """Begin ``player``'s turn at the draw (MA-TURN-1); see MA-RULING-DECKOUT."""
        for candidate in (player, 1 - player):
            if not self.deck[candidate] and self.discard[candidate]:
                self.deck[candidate] = sorted(self.discard[candidate])
                self.discard[candidate] = []
            if self.deck[candidate]:
                self.to_move = candidate
                self.phase = DRAW
                return
        self._end_game()

    def _place(self, card: int, square: int) -> None:
        """MA-PLACE: put the drawn card on the battlefield and trigger its placement ability."""
        own = self.pantheon[self.to_move]
        held = self.held
        self.held_before = held[own]
        ability = SPECS[card].ability
        outside = ability is not None and ability.may_stand_outside and self.is_outside(square)
        self.board[square] = Placed(card, own, 0, 0, -1, outside)
        held[own] |= 1 << square  # _hold, inline: this is the hottest path
        self._occupy(square, outside)
        if outside:
            self.outside_cells += (square,)
        else:
            self.square_count += 1
        self.drawn = -1
        self.placed = square
        self.captured_now = ()
        self.turn_power = None
        if card in ON_PLACED:
            self.run_placement_ability(square)
        if self.pending is None:
            self._after_placement_ability()

    def is_outside(self, square: int) -> bool:
        """Would a card at ``square`` lie outside the 4x4 square (only Sol/Helios may)?"""
        limits = bounds([s for s, p in self.board.items() if not p.outside])
        return limits is not None and not limits.fits(square)

    def run_placement_ability(self, square: int) -> None:
        """Trigger the placement ability of the card on top at ``square`` (MA-TURN-3)."""
        ability = SPECS[self.board[square].card].ability
        if ability is not None:
            ability.on_placed(self, square)

    def ask(self, key: str) -> None:
        """Make the player to move decide for the ability ``key``."""
        self.pending = key
        self.phase = ABILITY

    def _after_placement_ability(self) -> None:
        if self.strength[self.to_move] > 0:
            self.phase = STRENGTH  # MA-STRENGTH-1
        else:
            self._battle()

    def _use_strength(self, action: str) -> None:
        """MA-STRENGTH-2/3: one token per action, until ``done`` or none is left."""
        if action != "done":
            placed = self.board[self.placed]
            if action == "power":
                self.board[self.placed] = placed._replace(plus=placed.plus + 1)
            else:
                target = SHATTER_INDEX[action]
                side = opposite(NEIGHBOURS[self.placed].index(target))
                other = self.board[target]
                self.board[target] = other._replace(shattered=other.shattered | (1 << side))
            self.strength[self.to_move] -= 1
            if self.strength[self.to_move] > 0:
                return
        self._battle()

    # --- battle, effects, glory -------------------------------------------------------------
    def power_of(self, square: int) -> int:
        """The current Power of the card on top at ``square`` (MA-POWER-1..3)."""
        placed = self.board[square]
        if square == self.placed and self.turn_power is not None:
            return self.turn_power + placed.plus
        spec = SPECS[placed.card]
        base = spec.power
        if placed.card in RESTING_POWER:
            assert spec.ability is not None
            base = spec.ability.resting_power(self, spec, base)
        return base + placed.plus

    def drawn_power(self) -> int:
        """The Power the drawn card would fight with if placed now, before any token: its
        placement Power (Ullr/Artemis, Frigg/Hera), else its Power as the battlefield stands
        (Njord/Poseidon), else its printed Power (MA-POWER-1/2)."""
        spec = SPECS[self.drawn]
        ability = spec.ability
        if ability is None:
            return spec.power
        placing = ability.placement_power(self, spec)
        if placing is not None:
            return placing
        return ability.resting_power(self, spec, spec.power)

    def _battle(self) -> None:
        """MA-BATTLE-1..5: resolve against each orthogonally adjacent opposing card."""
        square = self.placed
        board = self.board
        placed = board[square]
        own = placed.allegiance
        ability = SPECS[placed.card].ability
        ignore_shields = ability is not None and ability.ignores_shields
        power = self.power_of(square)
        captured = []
        for n, facing in FACING_NEIGHBOURS[square]:
            other = board.get(n)
            if other is None or other.allegiance == own:
                continue
            kind = SIDES[other.card][facing]
            if kind == SHIELD and not other.shattered >> facing & 1 and not ignore_shields:
                continue  # MA-BATTLE-2
            if kind == FRAGILITY or power > self.power_of(n):  # MA-BATTLE-3, MA-BATTLE-4
                captured.append(n)
        for n in captured:
            self.capture(n)
        self.turn_power = None  # Ullr/Frigg's bonus lasts for this battle only
        extra_glory = False
        if ability is not None:
            if placed.card in POST_BATTLE:
                ability.post_battle(self, square, len(captured))
            extra_glory = ability.extra_glory
        self._score_glory(extra_glory)
        self._end_turn()

    def capture(self, square: int) -> None:
        """MA-CAPTURE-1: the card at ``square`` takes the allegiance of the player to move."""
        placed = self.board[square]
        own = self.pantheon[self.to_move]
        self._release(square, placed.allegiance)
        self.board[square] = Placed(
            placed.card, own, placed.plus, placed.shattered, placed.under, placed.outside
        )
        self._hold(square, own)
        self.captured_now += (square,)

    def take_strength(self, count: int, player: int | None = None) -> None:
        """``player`` (default: the player to move) takes up to ``count`` tokens from the
        supply (MA-STRENGTH-4)."""
        taken = min(count, self.supply)
        self.supply -= taken
        self.strength[self.to_move if player is None else player] += taken

    def remove_to_box(self, square: int) -> None:
        """Put the card at ``square`` (and Hela/Hades beneath it) back in the box."""
        placed = self.board.pop(square)
        self._release(square, placed.allegiance)
        self.box.append(placed.card)
        if placed.under >= 0:
            self.box.append(placed.under)
        if placed.outside:
            self.outside_cells = tuple(s for s in self.outside_cells if s != square)
        else:
            self.square_count -= 1
        self._count_occupancy()
        if square == self.placed:
            self.placed = -1

    def alignments(
        self,
        pantheon: int,
        board: dict[int, Placed] | None = None,
        lines: Iterable[int] = ALL_LINES,
    ) -> frozenset[tuple[int, int]]:
        """Runs of exactly three adjacent cards of ``pantheon``'s allegiance in a row or
        column (MA-GLORY-1, MA-RULING-ALIGN), on ``board`` (default: the battlefield) and the
        given lines (indexes into LINES), as ``(line, first position)`` pairs."""
        if board is None:
            board = self.board
        # One bit mask per line (rows, then columns) of the squares this pantheon holds.
        masks = [0] * len(LINES)
        for square, placed in board.items():
            if placed.allegiance == pantheon:
                masks[ROW[square]] |= 1 << COL[square]
                masks[SIZE + COL[square]] |= 1 << ROW[square]
        return frozenset((line, start) for line in lines for start in RUNS_OF_THREE[masks[line]])

    def _count_occupancy(self) -> None:
        """Recompute the occupancy masks from the board (after a card left it)."""
        self._clear_occupancy()
        for square, placed in self.board.items():
            self._occupy(square, placed.outside)

    def _hold(self, square: int, pantheon: int) -> None:
        """Mark ``square`` as held by ``pantheon``."""
        self.held[pantheon] |= 1 << square

    def _release(self, square: int, pantheon: int) -> None:
        """Clear ``square`` from ``pantheon``'s cells."""
        self.held[pantheon] &= ~(1 << square)

    @property
    def line_masks(self) -> list[int]:
        """Which squares each pantheon holds, one bit mask per line (rows then columns) per
        pantheon: ``pantheon * LINE_COUNT + line``, read from ``held``."""
        masks = []
        for held in self.held:
            masks += [held >> row * SIZE & ROW_BITS for row in range(SIZE)]
            masks += [
                sum(1 << row for row in range(SIZE) if held >> row * SIZE + col & 1)
                for col in range(SIZE)
            ]
        return masks

    def rebuild_caches(self) -> None:
        """Recompute what is derived from the board (held cells, squares beyond the square,
        the square's card count), for code that edits the board directly."""
        self.held = [0, 0]
        for square, placed in self.board.items():
            self._hold(square, placed.allegiance)
        self.outside_cells = tuple(sorted(s for s, p in self.board.items() if p.outside))
        self.square_count = sum(not p.outside for p in self.board.values())
        self._count_occupancy()
        self.invalidate_caches()

    def _score_glory(self, extra: bool) -> None:
        """MA-GLORY-1..3: 1 Glory per alignment of exactly 3 created this turn (2 with Týr).

        An alignment is created when a line gained a run of three that did not start at the
        same place before the turn (MA-RULING-ALIGN); ``alignments`` is the same rule read
        from the board."""
        rows_before, cols_before = run_starts(self.held_before)
        rows_after, cols_after = run_starts(self.held[self.pantheon[self.to_move]])
        created = (rows_after & ~rows_before).bit_count() + (cols_after & ~cols_before).bit_count()
        self.glory[self.to_move] += created * (2 if extra else 1)
        self.held_before = 0

    def _end_turn(self) -> None:
        self.placed = -1
        if self.square_count == SQUARE * SQUARE:
            self._end_game()  # MA-END-1
        else:
            self._start_turn(1 - self.to_move)

    def visible_icons(self) -> list[int]:
        """Final count: allegiance icons visible per pantheon (MA-END-2, Balder MA-CARD-BALDER)."""
        icons = [0, 0]
        for placed in self.board.values():
            spec = SPECS[placed.card]
            count = spec.icons
            if spec.ability is not None:
                count = spec.ability.final_icons(spec, placed.allegiance, count)
            icons[placed.allegiance] += count
        return icons

    def _end_game(self) -> None:
        """MA-END-2..5: majority bonus, Glory, tie-break; then the match (MA-MATCH)."""
        icons = self.visible_icons()
        if icons[0] != icons[1]:
            leader = self.player_of(0 if icons[0] > icons[1] else 1)
            self.glory[leader] += MAJORITY_BONUS
        keys = [(self.glory[p], self.strength[p]) for p in (0, 1)]
        best = max(keys)
        winners = [p for p in (0, 1) if keys[p] == best]
        self.results.append(
            {
                "game": len(self.results) + 1,
                "starter": self.starter,
                "glory": self.glory[:],
                "icons": [icons[self.pantheon[p]] for p in (0, 1)],
                "strength": self.strength[:],
                "winners": winners,
            }
        )
        if len(winners) == 1:
            self.wins[winners[0]] += 1
        self.game_winners = winners
        rounds = self.game.options["rounds"]
        # MA-MATCH-1: a drawn game is a win for no one, the match plays on (MA-RULING-MATCH).
        if max(self.wins) >= wins_needed(rounds) or len(self.results) >= match_games(rounds):
            self.phase = OVER
            self.drawn = -1
            return
        # MA-MATCH-2: the winner of the last game starts the next; after a draw, the other
        # player (MA-RULING-MATCH).
        next_starter = winners[0] if len(winners) == 1 else 1 - self.starter
        self._start_game(next_starter)

    # --- the end ----------------------------------------------------------------------------------
    def _winners(self) -> list[int]:
        if self.game.options["rounds"] == 1:
            return list(self.game_winners)
        best = max(self.wins)
        return [p for p in (0, 1) if self.wins[p] == best]

    def ending(self) -> str | None:
        """How the game was decided (MA-END-7); in a match, the match's last game."""
        if self.phase != OVER:
            return None
        last = self.results[-1]
        if len(last["winners"]) > 1:
            return ENDING_DRAW
        glory = last["glory"]
        return ENDING_GLORY if glory[0] != glory[1] else ENDING_STRENGTH

    def _returns(self) -> list[float]:
        winners = self._winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in (0, 1)]

    # --- information ------------------------------------------------------------------------------
    def drawn_hidden_from(self, player: int | None) -> bool:
        """Is the drawn card unknown to ``player`` (it is seen only by the one who drew it)?"""
        return self.drawn >= 0 and player != self.to_move

    def action_seen_by(self, action: str, observer: int | None) -> str:
        """The drawn card is seen only by the player who draws it: the others learn that a
        card was drawn, ``draw ?`` (MA-RULING-PUBLIC). Every decision is public: placing and
        discarding show the card, the other choices name public cards and squares."""
        if self.phase in (DRAW, DRAW_AGAIN) and observer != self.to_move:
            return HIDDEN_DRAW
        return action

    def view(self, player: int | None) -> dict[str, Any]:
        current = self.current_player
        hidden = self.drawn_hidden_from(player)
        icons = self.visible_icons()
        players = []
        for p in (0, 1):
            unseen = list(self.deck[p])
            if hidden and p == self.to_move:
                unseen.append(self.drawn)
            players.append(
                {
                    "pantheon": PANTHEONS[self.pantheon[p]] if self.pantheon[p] >= 0 else None,
                    "deck": len(unseen),
                    # The deck's contents follow from the public cards; its order is never kept.
                    "deck_cards": sorted(SPECS[c].id for c in unseen),
                    "discard": [SPECS[c].id for c in self.discard[p]],
                    "strength": self.strength[p],
                    "glory": self.glory[p],
                    "icons": icons[self.pantheon[p]] if self.pantheon[p] >= 0 else 0,
                    "wins": self.wins[p],
                }
            )
        log = list(self._history)
        if hidden:
            log[self.last_draw_index()] = HIDDEN_DRAW
        view: dict[str, Any] = {
            "game": self.game.id,
            "player": player,
            "current_player": current,
            "legal_actions": self.legal_actions()
            if player is not None and player == current
            else [],
            "terminal": current == TERMINAL,
            "winners": self.winners(),
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move,
            "pending": self.pending,
            "drawn": None if self.drawn < 0 else ("hidden" if hidden else SPECS[self.drawn].id),
            # What the shown drawn card would fight with if placed now (MA-RULING-ULLR).
            "drawn_power": None if self.drawn < 0 or hidden else self.drawn_power(),
            "placed": SQUARE_NAMES[self.placed] if self.placed >= 0 else None,
            "battlefield": [self._card_view(s) for s in sorted(self.board)],
            "open_squares": [SQUARE_NAMES[s] for s in self.open_squares()]
            if self.pantheon[0] >= 0 and current != TERMINAL
            else [],
            "players": players,
            "supply": self.supply,
            "box": [SPECS[c].id for c in self.box],
            "rounds": self.game.options["rounds"],
            "wins_needed": wins_needed(self.game.options["rounds"]),
            "results": [dict(r) for r in self.results],
            "log": log,
            # Captured since the last card was placed (that turn's battle or ability), for
            # the clients' last-move marks.
            "captured": [SQUARE_NAMES[s] for s in sorted(self.captured_now)],
        }
        return view

    def _card_view(self, square: int) -> dict[str, Any]:
        placed = self.board[square]
        spec = SPECS[placed.card]
        sides = []
        for side, kind in enumerate(spec.card.sides):
            shattered = kind == "shield" and bool(placed.shattered >> side & 1)
            sides.append("shattered" if shattered else kind)
        return {
            "square": SQUARE_NAMES[square],
            "card": spec.id,
            "name": spec.name,
            "pantheon": PANTHEONS[spec.pantheon],
            "allegiance": PANTHEONS[placed.allegiance],
            "power": self.power_of(square),
            "plus": placed.plus,
            "sides": dict(zip(SIDE_NAMES, sides, strict=True)),
            "ability": spec.card.ability,
            "under": SPECS[placed.under].id if placed.under >= 0 else None,
            "outside": placed.outside,
        }

    # --- at the table (table_help.py) -------------------------------------------------------
    def undo_safe(self, action: str) -> bool:
        """Every decision but ``discard`` (it draws the next card) may be taken back."""
        return table_help.undo_safe(self, action)

    def _refusal(self, action: str, player: int) -> str | None:
        return table_help.refusal(self, action)

    def revealed(self) -> list[dict[str, Any]]:
        """The card just drawn, the only thing the views hide."""
        return table_help.revealed(self)

    def scores(self) -> list[float]:
        """Glory of the current (or last) game."""
        return [float(g) for g in self.glory]

    def seat_label(self, seat: int) -> str | None:
        """The seat's pantheon: "Greek" or "Norse"."""
        chosen = self.pantheon[seat]
        return PANTHEONS[chosen].capitalize() if chosen >= 0 else None

    def features(self) -> dict[str, Any]:
        """Each seat's pantheon and the first player."""
        return {
            "pantheon": [PANTHEONS[p] if p >= 0 else "" for p in self.pantheon],
            "first": self.game.options["first_player"],
        }

    def evaluate(self, player: int) -> float:
        """A heuristic value of the position for ``player`` (see evaluation.py)."""
        return evaluation.evaluate(self, player)

    def determinize(self, player: int, rng: random.Random) -> MythicArenaState:
        """Resample the only hidden thing, the card the opponent has drawn and not yet shown."""
        copy = self._copy()
        copy._history = list(self._history)
        if self.drawn_hidden_from(player):
            pool = sorted([self.drawn, *self.deck[self.to_move]])
            choice = pool[rng.randrange(len(pool))]
            copy.deck[self.to_move] = [c for c in pool if c != choice]
            copy.drawn = choice
            copy._history[self.last_draw_index()] = DRAW_ACTION[choice]
        return copy

    def __str__(self) -> str:
        return describe(self)


def describe(state: MythicArenaState) -> str:
    """A plain-text picture of the battlefield and the scores."""
    occupied = list(state.board)
    lines = []
    if occupied:
        cols = [col_of(s) for s in occupied]
        rows = [row_of(s) for s in occupied]
        for r in range(max(rows), min(rows) - 1, -1):
            cells = []
            for c in range(min(cols), max(cols) + 1):
                placed = state.board.get(cell(c, r))
                if placed is None:
                    cells.append(f"{SQUARE_NAMES[cell(c, r)]:^12}")
                else:
                    spec = SPECS[placed.card]
                    mark = "G" if placed.allegiance == 0 else "N"
                    label = f"{spec.id[:7]}{state.power_of(cell(c, r))}{mark}"
                    cells.append(f"[{label:^10}]")
            lines.append(" ".join(cells))
    else:
        lines.append("(empty battlefield)")
    names = [PANTHEONS[p] if p >= 0 else "?" for p in state.pantheon]
    lines.append(
        " | ".join(
            f"P{p} {names[p]}: glory {state.glory[p]}, strength {state.strength[p]}, "
            f"deck {len(state.deck[p])}, wins {state.wins[p]}"
            for p in (0, 1)
        )
    )
    lines.append(f"phase {PHASE_NAMES[state.phase]}, to move: P{state.to_move}")
    return "\n".join(lines)
