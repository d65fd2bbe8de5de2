"""A game's rules page (``/rules/<game>``): its numbered rules index, RULES.md, as HTML.

The page is the game package's own RULES.md, so the rules a player reads at the table are the
rules the engine plays and the tests name. Rendered once per game with markdown-it (raw HTML
in the file is not passed through) and served with the client's style sheet.
"""

from __future__ import annotations

import html
from functools import lru_cache
from importlib import resources

from markdown_it import MarkdownIt

from theomachy.engine.registry import game_class


@lru_cache(maxsize=16)
def rules_page(game_id: str) -> str:
    """The whole HTML page of ``game_id``'s rules; ``ValueError`` for an unknown game."""
    cls = game_class(game_id)
    package = cls.__module__.rsplit(".", 1)[0]
    source = resources.files(package).joinpath("RULES.md").read_text(encoding="utf-8")
    body = MarkdownIt("commonmark", {"html": False}).enable("table").render(source)
    title = html.escape(cls.title)
    return f"""<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>{title} — rules — Theomachy</title>
    <link rel="icon" href="/static/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/static/style.css" />
  </head>
  <body>
    <main class="rules-page">
      <nav class="rules-nav">
        <a class="brand small-brand" href="/"
          ><span class="bolt" aria-hidden="true">ϟ</span>Theomachy</a
        >
        <span class="muted">The rules of {title}, as this site plays them</span>
      </nav>
      <article class="panel rules-text">
{body}      </article>
    </main>
  </body>
</html>
"""
