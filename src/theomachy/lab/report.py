"""``theomachy lab report DIR``: Markdown and HTML reports with PNG plots of a lab run."""

from __future__ import annotations

import html
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from theomachy.lab import metrics, plots
from theomachy.lab.runner import LEAD_SAMPLES
from theomachy.lab.stats import Rate, fmt, wilson
from theomachy.lab.store import read_games

Row = dict[str, Any]


def seat_rates(rows: list[Row]) -> list[tuple[str, Rate]]:
    """Win rate of each seat (first-player advantage shows at seat 0)."""
    players = rows[0]["players"]
    return [
        (f"seat {s}", wilson(sum(r["returns"][s] for r in rows), len(rows))) for s in range(players)
    ]


def first_player_rate(rows: list[Row]) -> Rate | None:
    """Win rate of the player who went first (where the game records it)."""
    known = [r for r in rows if r.get("feature_first") is not None]
    if not known:
        return None
    return wilson(sum(r["returns"][r["feature_first"]] for r in known), len(known))


def agent_rates(rows: list[Row]) -> list[tuple[str, Rate]]:
    """Each agent's score over every seat it played."""
    score: dict[str, float] = defaultdict(float)
    seats: dict[str, int] = defaultdict(int)
    for row in rows:
        for seat, agent in enumerate(row["agents"]):
            score[agent] += row["returns"][seat]
            seats[agent] += 1
    return sorted(((a, wilson(score[a], seats[a])) for a in score), key=lambda x: -x[1].rate)


def feature_rates(rows: list[Row]) -> dict[str, list[tuple[str, Rate]]]:
    """For each per-seat feature (a faction's deities, a seat's pantheon), each value's win
    rate when a seat had it, sorted from best to worst."""
    result: dict[str, list[tuple[str, Rate]]] = {}
    for key in sorted(k for k in rows[0] if k.startswith("feature_") and k != "feature_first"):
        score: dict[str, float] = defaultdict(float)
        count: dict[str, int] = defaultdict(int)
        for row in rows:
            per_seat = row[key]
            if not isinstance(per_seat, list):
                continue
            for seat, value in enumerate(per_seat):
                for item in value if isinstance(value, list) else [value]:
                    score[str(item)] += row["returns"][seat]
                    count[str(item)] += 1
        rates = [(item, wilson(score[item], count[item])) for item in score]
        if rates:  # a feature of the whole game (a scenario) has no per-seat rates
            result[key.removeprefix("feature_")] = sorted(rates, key=lambda x: (-x[1].rate, x[0]))
    return result


def feature_counts(rows: list[Row]) -> dict[str, list[tuple[str, int]]]:
    """For each feature of the whole game (a scenario, the draft's first pick), how many
    games had each value, most frequent first (games without the feature left out)."""
    result: dict[str, list[tuple[str, int]]] = {}
    for key in sorted(k for k in rows[0] if k.startswith("feature_") and k != "feature_first"):
        feature = key.removeprefix("feature_")
        if counted := metrics.game_feature_counts(rows, feature):
            result[feature] = counted
    return result


def ladder(rows: list[Row]) -> tuple[list[str], list[list[float | None]]]:
    """Pairwise score of each agent against each other (two-seat games with two agents)."""
    agents = sorted({a for r in rows for a in r["agents"]})
    score: dict[tuple[str, str], float] = defaultdict(float)
    count: dict[tuple[str, str], int] = defaultdict(int)
    for row in rows:
        if len(row["agents"]) != 2 or row["agents"][0] == row["agents"][1]:
            continue
        for seat in (0, 1):
            pair = (row["agents"][seat], row["agents"][1 - seat])
            score[pair] += row["returns"][seat]
            count[pair] += 1
    matrix: list[list[float | None]] = [
        [score[(a, b)] / count[(a, b)] if count[(a, b)] else None for b in agents] for a in agents
    ]
    return agents, matrix


def faction_feature(game_id: str) -> str | None:
    """The feature naming each seat's faction, as the game's tunables declare it."""
    from theomachy.engine import overlay

    try:
        return overlay.declarations(game_id).faction
    except ValueError:
        return None


def known_endings(game_id: str) -> tuple[str, ...]:
    """The endings the game declares (none for a game the registry does not know)."""
    from theomachy.engine.registry import game_class

    try:
        return tuple(game_class(game_id).endings)
    except ValueError:
        return ()


def _plots(rows: list[Row], folder: Path) -> dict[str, str]:
    """Draw the PNG plots; returns title -> file name."""
    made: dict[str, str] = {}
    fair = 1 / rows[0]["players"]
    game = rows[0]["game"]

    def bars(name: str, title: str, items: list[tuple[str, Rate]], horizontal: bool) -> None:
        plots.rate_bars(folder / name, f"{game}: {title}", items, fair, horizontal)
        made[title] = name

    bars("seats.png", "win rate by seat", seat_rates(rows), horizontal=False)
    bars("agents.png", "win rate by agent", agent_rates(rows), horizontal=True)
    for feature, items in feature_rates(rows).items():
        bars(f"feature-{feature}.png", f"win rate by {feature}", items, horizontal=True)
    plots.histogram(
        folder / "length.png",
        f"{game}: game length",
        {"games": [r["length"] for r in rows]},
        "game length (actions, chance included)",
    )
    made["game length"] = "length.png"
    faction = faction_feature(game)
    if faction is not None:
        names, table = metrics.matrix(rows, faction)
        if len(names) > 1:
            plots.heatmap(
                folder / "matrix.png",
                f"{game}: row {faction}'s score against column (%)",
                names,
                [[value for value, _ in line] for line in table],
            )
            made[f"who beats whom ({faction})"] = "matrix.png"
    agents, matrix = ladder(rows)
    if len(agents) > 1 and any(v is not None for line in matrix for v in line):
        plots.heatmap(
            folder / "ladder.png",
            f"{game}: row agent's score against column agent (%)",
            agents,
            [[float("nan") if v is None else v for v in line] for line in matrix],
        )
        made["agent ladder"] = "ladder.png"
    return made


def design_metrics(rows: list[Row]) -> list[str]:
    """The report's design section: length, decisiveness, lead changes, draws, endings and
    who beats whom (Markdown lines)."""
    game = rows[0]["game"]
    md: list[str] = ["", "## Design metrics", ""]
    size = metrics.lengths(rows)
    md += _table(
        ["length (actions)", "mean", "10%", "median", "90%", "shortest", "longest"],
        [
            [
                f"{size.games} games",
                f"{size.mean:.1f}",
                f"{size.p10:g}",
                f"{size.median:g}",
                f"{size.p90:g}",
                str(size.shortest),
                str(size.longest),
            ]
        ],
    )
    draws, total = metrics.draw_rate(rows)
    md += ["", f"Draws or shared wins: {draws} of {total} games ({100 * draws / total:.1f}%)."]
    lead = metrics.lead(rows)
    if lead is not None:
        md += [
            "",
            f"Decisiveness (the game's own evaluation at {LEAD_SAMPLES} to {2 * LEAD_SAMPLES} "
            "evenly spaced decisions of each game): "
            f"the eventual winner led for good from {100 * lead.settled_median:.0f}% of the "
            f"game (median); in {100 * lead.settled_by_half:.0f}% of decided games it led "
            f"for good by halfway. The lead changed hands {lead.lead_changes_mean:.1f} times "
            f"a game on average ({lead.games} games).",
        ]
    ends = metrics.endings(rows, known_endings(game))
    if ends:
        decided = sum(n for _, n in ends) or 1
        md += ["", "How games ended:", ""]
        md += _table(
            ["ending", "games", "share"],
            [[name, str(n), f"{100 * n / decided:.1f}%"] for name, n in ends],
        )
    feature = faction_feature(game)
    if feature is not None:
        names, table = metrics.matrix(rows, feature)
        if len(names) > 1:
            md += ["", f"Who beats whom: the row {feature}'s score against the column's:", ""]
            md += _table(
                ["", *names],
                [
                    [a] + ["–" if n == 0 else f"{100 * v:.0f}% ({n})" for v, n in line]
                    for a, line in zip(names, table, strict=True)
                ],
            )
    return md


def _table(header: list[str], lines: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out.extend("| " + " | ".join(line) + " |" for line in lines)
    return out


def build_report(folder: Path | str) -> Path:
    """Write ``report.md``, ``report.html`` and the plots into the run's folder."""
    folder = Path(folder)
    rows = read_games(folder)
    if not rows:
        raise ValueError(
            f"{folder}: no games found (run `theomachy lab run ... --out {folder}` first)"
        )
    settings_path = folder / "run.json"
    settings = (
        json.loads(settings_path.read_text(encoding="utf-8")) if settings_path.exists() else {}
    )
    made = _plots(rows, folder)
    md: list[str] = [f"# Lab report: {rows[0]['game']}", ""]
    md.append(
        f"{len(rows)} games, {rows[0]['players']} players, agents "
        f"{', '.join(sorted({a for r in rows for a in r['agents']}))}, "
        f"options {rows[0]['options']}, "
        + (f"tuned content {rows[0]['content']}, " if rows[0].get("content", "{}") != "{}" else "")
        + f"run seed {settings.get('seed', '?')}. Win rates count a shared win as its share; "
        "intervals are 95% Wilson score intervals."
    )
    md += ["", "## By seat", ""]
    md += _table(
        ["seat", "score", "games", "win rate (95% CI)"],
        [[s, f"{r.score:g}", str(r.games), fmt(r)] for s, r in seat_rates(rows)],
    )
    first = first_player_rate(rows)
    if first is not None:
        md += ["", f"The player who went first won {fmt(first)} of {first.games} games."]
    md += ["", "## By agent", ""]
    md += _table(
        ["agent", "score", "seats played", "win rate (95% CI)"],
        [[a, f"{r.score:g}", str(r.games), fmt(r)] for a, r in agent_rates(rows)],
    )
    agents, matrix = ladder(rows)
    if "agent ladder" in made:
        md += ["", "## Agent ladder", "", "Row agent's score against the column agent:", ""]
        md += _table(
            ["", *agents],
            [
                [a] + ["–" if v is None else f"{100 * v:.1f}%" for v in line]
                for a, line in zip(agents, matrix, strict=True)
            ],
        )
    for feature, items in feature_rates(rows).items():
        md += ["", f"## By {feature}", ""]
        md += _table(
            [feature, "score", "games", "win rate (95% CI)"],
            [[i, f"{r.score:g}", str(r.games), fmt(r)] for i, r in items],
        )
    for feature, counted in feature_counts(rows).items():
        total = sum(n for _, n in counted)
        md += ["", f"## How often: {feature}", ""]
        md += _table(
            [feature, "games", "share"],
            [[value, str(n), f"{100 * n / total:.1f}%"] for value, n in counted],
        )
    md += design_metrics(rows)
    md += ["", "## Plots", ""] + [f"![{title}]({name})" for title, name in made.items()]
    (folder / "report.md").write_text("\n".join(md) + "\n", encoding="utf-8")
    (folder / "report.html").write_text(_html(md), encoding="utf-8")
    return folder / "report.md"


def _html(markdown: list[str]) -> str:
    """The same report as a plain HTML page (tables, headings, images)."""
    body: list[str] = []
    in_table = False
    for line in markdown:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(set(c) <= {"-"} for c in cells):
                continue
            if not in_table:
                body.append("<table>")
                in_table = True
                body.append("<tr>" + "".join(f"<th>{html.escape(c)}</th>" for c in cells) + "</tr>")
            else:
                body.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
            continue
        if in_table:
            body.append("</table>")
            in_table = False
        if line.startswith("## "):
            body.append(f"<h2>{html.escape(line[3:])}</h2>")
        elif line.startswith("# "):
            body.append(f"<h1>{html.escape(line[2:])}</h1>")
        elif line.startswith("!["):
            title, name = line[2:].split("](")
            body.append(f'<p><img src="{html.escape(name[:-1])}" alt="{html.escape(title)}"></p>')
        elif line:
            body.append(f"<p>{html.escape(line)}</p>")
    if in_table:
        body.append("</table>")
    style = "body{font-family:sans-serif;max-width:60em;margin:2em auto}td,th{padding:2px 8px}"
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><style>{style}</style>"
        f"<title>Lab report</title></head><body>{''.join(body)}</body></html>\n"
    )
