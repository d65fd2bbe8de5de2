"""The README works in a fresh clone: its links point inside the repository, at files that exist."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINK = re.compile(r"\]\(([^)\s]+)\)")


def test_the_readmes_links_resolve_inside_the_clone():
    checked = 0
    for readme in (ROOT / "README.md", ROOT / "bench" / "README.md"):
        for target in LINK.findall(readme.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+://|#|mailto:", target):
                continue
            path = (readme.parent / target.split("#")[0]).resolve()
            assert path.is_relative_to(ROOT), f"{readme.name} links outside the clone: {target}"
            assert path.exists(), f"{readme.name} links to a missing file: {target}"
            checked += 1
    assert checked >= 3
