"""Every numbered rule of every game is named by at least one test."""

from __future__ import annotations

from pathlib import Path

import pytest

import theomachy
from theomachy import rules_index

TESTS = Path(__file__).parent


@pytest.mark.parametrize("game_id", theomachy.games())
def test_every_rule_has_a_test_that_names_it(game_id: str):
    ids = rules_index.rule_ids(game_id)
    assert len(ids) >= 20, "a RULES.md with its numbered rules"
    assert len(ids) == len(set(ids)), "duplicate rule ids"
    assert rules_index.uncovered(game_id, TESTS) == []


def test_markers_name_only_rules_that_exist():
    known = {rule for game_id in theomachy.games() for rule in rules_index.rule_ids(game_id)}
    named = set(rules_index.covered_ids(TESTS))
    assert named - known == set()
