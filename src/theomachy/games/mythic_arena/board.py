"""The battlefield lattice: squares, neighbours, lines, and the 4x4 limit.

The battlefield has no fixed edges until it has grown to four cards across, so positions are
named on a 9x9 lattice centred on the first card: columns ``a``..``i`` (west to east), rows
``1``..``9`` (south to north), the first card at ``e5``. A 4x4 square grown from ``e5`` stays
within ``b2``..``h8``; Sol/Helios, a fifth card beyond a row or column end, can reach the rim.
"""

from __future__ import annotations

from typing import NamedTuple

SIZE = 9
CELLS = SIZE * SIZE
CENTER = (SIZE // 2) * SIZE + SIZE // 2  # e5
SQUARE = 4  # the battlefield is a 4 by 4 square

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
SIDE_NAMES = ("north", "east", "south", "west")
_STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))  # (dcol, drow) for N, E, S, W


def cell(col: int, row: int) -> int:
    """Cell index of a column and row (0-based)."""
    return row * SIZE + col


def col_of(index: int) -> int:
    """Column (0-based) of a cell."""
    return index % SIZE


def row_of(index: int) -> int:
    """Row (0-based) of a cell."""
    return index // SIZE


def square_name(index: int) -> str:
    """``e5``-style name of a cell."""
    return "abcdefghi"[index % SIZE] + str(index // SIZE + 1)


SQUARE_NAMES = tuple(square_name(i) for i in range(CELLS))
SQUARE_INDEX = {name: i for i, name in enumerate(SQUARE_NAMES)}


def _neighbours(index: int) -> tuple[int, int, int, int]:
    col, row = col_of(index), row_of(index)
    found = []
    for dcol, drow in _STEPS:
        c, r = col + dcol, row + drow
        found.append(cell(c, r) if 0 <= c < SIZE and 0 <= r < SIZE else -1)
    return (found[0], found[1], found[2], found[3])


NEIGHBOURS: tuple[tuple[int, int, int, int], ...] = tuple(_neighbours(i) for i in range(CELLS))
"""For each cell, its neighbour to the north, east, south and west (-1 off the lattice)."""

LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(cell(c, r) for c in range(SIZE)) for r in range(SIZE)
) + tuple(tuple(cell(c, r) for r in range(SIZE)) for c in range(SIZE))
"""Every row (west to east) then every column (south to north) of the lattice."""


def _runs_of_three(mask: int) -> tuple[int, ...]:
    """Start positions of the runs of exactly three set bits (maximal runs) in a line mask."""
    starts = []
    position = 0
    while position < SIZE:
        if mask >> position & 1:
            end = position
            while end < SIZE and mask >> end & 1:
                end += 1
            if end - position == 3:
                starts.append(position)
            position = end
        else:
            position += 1
    return tuple(starts)


RUNS_OF_THREE: tuple[tuple[int, ...], ...] = tuple(_runs_of_three(m) for m in range(1 << SIZE))
"""For every 9-bit line mask (bit i = a card at position i), where its runs of exactly 3 start."""


def opposite(side: int) -> int:
    """The side facing ``side`` on a neighbouring card."""
    return (side + 2) % 4


class Bounds(NamedTuple):
    """The extent of the cards in the square (Sol/Helios outside it are not counted)."""

    min_col: int
    max_col: int
    min_row: int
    max_row: int

    def window(self) -> tuple[int, int, int, int]:
        """The columns and rows a card may take and keep the square within 4 by 4:
        ``(first col, last col, first row, last row)``."""
        reach = SQUARE - 1
        return (
            self.max_col - reach,
            self.min_col + reach,
            self.max_row - reach,
            self.min_row + reach,
        )

    def fits(self, index: int) -> bool:
        """Would a card at ``index`` keep the square within 4 by 4?"""
        first_col, last_col, first_row, last_row = self.window()
        return first_col <= COL[index] <= last_col and first_row <= ROW[index] <= last_row


COL: tuple[int, ...] = tuple(i % SIZE for i in range(CELLS))
ROW: tuple[int, ...] = tuple(i // SIZE for i in range(CELLS))


def bounds(cells: list[int]) -> Bounds | None:
    """The bounds of ``cells``; None when there are none."""
    if not cells:
        return None
    cols = [COL[i] for i in cells]
    rows = [ROW[i] for i in cells]
    return Bounds(min(cols), max(cols), min(rows), max(rows))


# --- the lattice as bits (the rules' fast paths) ----------------------------------------------
LINE_COUNT = len(LINES)
ALL_LINES = range(LINE_COUNT)
OPPOSITE = tuple(opposite(side) for side in range(4))


# The whole lattice as one integer, bit i = cell i, so that the open squares are a few shifts
# and masks (see placement_squares). Spans: the cells of rows (or columns) lo..hi.
ROW_BITS = (1 << SIZE) - 1
_NOT_FIRST_COL = sum(1 << i for i in range(CELLS) if COL[i] != 0)
_NOT_LAST_COL = sum(1 << i for i in range(CELLS) if COL[i] != SIZE - 1)
ROW_SPAN = tuple(
    tuple(sum(1 << i for i in range(CELLS) if lo <= ROW[i] <= hi) for hi in range(SIZE))
    for lo in range(SIZE)
)
COL_SPAN = tuple(
    tuple(sum(1 << i for i in range(CELLS) if lo <= COL[i] <= hi) for hi in range(SIZE))
    for lo in range(SIZE)
)
# Row r, 9-bit pattern of its columns -> those cells, in square order.
ROW_CELLS = tuple(
    tuple(tuple(row * SIZE + c for c in range(SIZE) if bits >> c & 1) for bits in range(1 << SIZE))
    for row in range(SIZE)
)
# Cells whose column is at most 5, at most 6, at least 1 (for runs of three along rows).
_COL_UPTO_5 = sum(1 << i for i in range(CELLS) if COL[i] <= SIZE - 4)
_COL_UPTO_6 = sum(1 << i for i in range(CELLS) if COL[i] <= SIZE - 3)
_COL_FROM_1 = _NOT_FIRST_COL


# For each cell, its neighbours on the lattice with the side of theirs that faces it.
FACING_NEIGHBOURS = tuple(
    tuple((n, OPPOSITE[side]) for side, n in enumerate(NEIGHBOURS[cell]) if n >= 0)
    for cell in range(CELLS)
)


def run_starts(held: int) -> tuple[int, int]:
    """Where the runs of exactly three cards in ``held`` (lattice bits) start: along rows
    (bit = the run's west end) and along columns (bit = its south end), MA-RULING-ALIGN."""
    along_rows = (
        held
        & held >> 1
        & held >> 2
        & _COL_UPTO_6  # the three cells are in one row
        & ~(held >> 3 & _COL_UPTO_5)  # no card just east of them in that row
        & ~(held << 1 & _COL_FROM_1)  # nor just west
    )
    along_cols = held & held >> SIZE & held >> 2 * SIZE & ~(held >> 3 * SIZE) & ~(held << SIZE)
    return along_rows, along_cols


def open_cells(inside: int, cols: int, occupied: int) -> list[int]:
    """The empty cells next to a card of the square and inside the window that keeps the
    square within 4 by 4, in square order (MA-PLACE-2/3). ``inside``: the square's cards
    (lattice bits, not empty), ``cols``: its columns (bit c), ``occupied``: every card."""
    first_row = ((inside & -inside).bit_length() - 1) // SIZE
    last_row = (inside.bit_length() - 1) // SIZE
    min_col, max_col = (cols & -cols).bit_length() - 1, cols.bit_length() - 1
    reach = SQUARE - 1
    near = (
        (inside << 1 & _NOT_FIRST_COL)
        | (inside >> 1 & _NOT_LAST_COL)
        | inside << SIZE
        | inside >> SIZE
    )
    # Rows next to the square and inside the window; columns inside the window.
    low = max(last_row - reach, first_row - 1, 0)
    high = min(first_row + reach, last_row + 1, SIZE - 1)
    window = ROW_SPAN[low][high] & COL_SPAN[max(max_col - reach, 0)][min(min_col + reach, SIZE - 1)]
    open_bits = near & window & ~occupied
    found: list[int] = []
    for row in range(low, high + 1):
        bits = open_bits >> row * SIZE & ROW_BITS
        if bits:
            found += ROW_CELLS[row][bits]
    return found
