"""The terminal's last-move marks on the Mythic Arena battlefield: the last card placed (★) and
the cards it captured (✦, from the view's ``captured``), with the legend saying so."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from theomachy.terminal.mythic_arena import (
    JUST_CAPTURED_MARK,
    LAST_MARK,
    MythicArenaRenderer,
    legend,
)

from .scenario import NORSE, position

rules = pytest.mark.rules


def render(view: dict) -> str:
    out = Console(file=io.StringIO(), width=100, color_system=None)
    out.print(MythicArenaRenderer().position(view))
    file = out.file
    assert isinstance(file, io.StringIO)
    return file.getvalue()


@rules("MA-CAPTURE-1")
def test_the_last_card_and_its_captures_are_marked():
    state = position({"d5": ("hera", NORSE), "e6": ("gaia", NORSE)}, drawn="zeus")
    state.apply("place zeus e5")
    state.apply("draw thor")  # the other player's turn: the marks stay until a placement
    text = render(state.view(1))
    assert text.count(LAST_MARK) == 2  # on Zeus, and in the legend
    assert text.count(JUST_CAPTURED_MARK) == 2  # on Hera (d5), and in the legend
    assert "it captured" in text
    lines = text.splitlines()
    row = next(i for i, line in enumerate(lines) if "Hera" in line)
    top = lines[row - 1]  # the line above a card's name holds its corner marks
    assert top.index(JUST_CAPTURED_MARK) < top.index(LAST_MARK)  # d5 is west of e5


def test_the_legend_fits_80_columns():
    assert len(legend().plain) <= 80
    assert len(legend(True).plain) <= 80
