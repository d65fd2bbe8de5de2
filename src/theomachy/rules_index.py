"""Each game's numbered rules index (its RULES.md) and which rules the tests cover.

A rule is a line of RULES.md that starts with its id in bold: ``- **MA-BATTLE-1** ...``.
A test names the rules it covers with ``@pytest.mark.rules("MA-BATTLE-1", ...)`` (or an
alias such as ``rules = pytest.mark.rules`` then ``@rules(...)``).
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from theomachy.engine.registry import game_class

_RULE_LINE = re.compile(r"^\s*[-*]\s+\*\*([A-Z]{2,4}(?:-[A-Z0-9]+)+)\*\*")
_MARKER = re.compile(r"\brules\(([^)]*)\)", re.DOTALL)
_ID = re.compile(r"[\"']([A-Z]{2,4}(?:-[A-Z0-9]+)+)[\"']")


def rules_path(game_id: str) -> Path:
    """The RULES.md of a game (shipped inside its package)."""
    module = game_class(game_id).__module__.rsplit(".", 1)[0]
    return Path(str(resources.files(module).joinpath("RULES.md")))


def rules_text(game_id: str) -> str:
    """The text of a game's RULES.md."""
    return rules_path(game_id).read_text(encoding="utf-8")


def rule_ids(game_id: str) -> list[str]:
    """The rule ids of a game, in document order."""
    ids = []
    for line in rules_text(game_id).splitlines():
        match = _RULE_LINE.match(line)
        if match:
            ids.append(match.group(1))
    return ids


def covered_ids(tests_dir: Path | str) -> dict[str, list[str]]:
    """Rule id -> the test files that name it in a ``rules`` marker."""
    covered: dict[str, list[str]] = {}
    for path in sorted(Path(tests_dir).rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for marker in _MARKER.finditer(text):
            for rule in _ID.findall(marker.group(1)):
                covered.setdefault(rule, [])
                if str(path) not in covered[rule]:
                    covered[rule].append(str(path))
    return covered


def uncovered(game_id: str, tests_dir: Path | str) -> list[str]:
    """The rule ids of a game that no test names."""
    covered = covered_ids(tests_dir)
    return [rule for rule in rule_ids(game_id) if rule not in covered]
