"""The report of a tuning run (``tune.md``, ``tune.html`` and PNG plots): what changed and
why, how the search went, and the shipped content beside the tuned one on fresh seeds, with
intervals corrected for the number of comparisons."""

from __future__ import annotations

from pathlib import Path
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

from theomachy.lab import metrics, plots
from theomachy.lab.objective import faction_rates
from theomachy.lab.report import _html, _table
from theomachy.lab.stats import Rate, wilson
from theomachy.lab.store import read_games

if TYPE_CHECKING:
    from theomachy.lab.tune import Plan, Trial

Row = dict[str, Any]
FAMILY_ALPHA = 0.05


def corrected_z(comparisons: int, alpha: float = FAMILY_ALPHA) -> float:
    """The z of two-sided intervals whose family of ``comparisons`` holds at ``1 - alpha``
    (Bonferroni: each interval at ``1 - alpha / comparisons``)."""
    return NormalDist().inv_cdf(1 - alpha / (2 * max(1, comparisons)))


def _pct(rate: Rate) -> str:
    return f"{100 * rate.rate:.1f}% ({100 * rate.low:.1f}–{100 * rate.high:.1f}%)"


def _rates(rows: list[Row], the_plan: Plan, z: float, players: int) -> list[tuple[str, Rate]]:
    """Each faction's then each seat's win rate, with intervals at ``z``."""
    found: list[tuple[str, Rate]] = []
    if the_plan.faction is not None:
        for name, (score, count) in faction_rates(rows, the_plan.faction).items():
            found.append((name, wilson(score, count, z)))
    for seat in range(players):
        found.append((f"seat {seat}", wilson(sum(r["returns"][seat] for r in rows), len(rows), z)))
    return found


def _verdict(rate: Rate, the_plan: Plan, players: int) -> str:
    low, high = the_plan.band_at(players)
    inside = low <= rate.rate <= high
    fair = rate.low <= 1 / players <= rate.high
    return ("in band" if inside else "OUT of band") + (
        ", fair in CI" if fair else ", fair NOT in CI"
    )


def _endings_line(rows: list[Row], known: tuple[str, ...]) -> str:
    counted = metrics.endings(rows, known)
    decided = sum(n for _, n in counted) or 1
    return ", ".join(f"{name} {100 * n / decided:.0f}%" for name, n in counted) or "not recorded"


def _design(rows: list[Row], known: tuple[str, ...]) -> list[str]:
    size = metrics.lengths(rows)
    draws, total = metrics.draw_rate(rows)
    lead = metrics.lead(rows)
    cells = [
        f"{size.mean:.1f} ({size.p10:g}–{size.p90:g})",
        f"{100 * draws / total:.1f}%",
        f"{100 * lead.settled_median:.0f}%" if lead else "–",
        f"{lead.lead_changes_mean:.1f}" if lead else "–",
        _endings_line(rows, known),
    ]
    return cells


def write_report(
    the_plan: Plan, found: list[Trial], chosen: Trial, folders: dict[str, str]
) -> Path:
    """Write the report into the run's folder; returns the Markdown file's path."""
    config = the_plan.config
    out = config.out
    game = config.game
    changes = the_plan.changes(chosen.values)
    md: list[str] = [f"# Tuning report: {game}", ""]
    counts = " and ".join(str(n) for n in the_plan.counts)
    md.append(
        f"{counts} players, agents {', '.join(config.agents)}, objective "
        f"`{config.objective}`, {len(found)} trials (trial 0: the shipped content) of "
        f"{config.games} games each on the same seeds, searched with Optuna's TPE sampler "
        f"(run seed {config.seed}). "
        + (
            f"The chosen candidate and the shipped content were then played again on "
            f"{config.validate_games} fresh games each that no trial saw."
            if changes
            else f"No candidate beat the shipped content, which was then played again on "
            f"{config.validate_games} fresh games that no trial saw (before and after below "
            "are those same games)."
        )
    )
    md += ["", "## What changes", ""]
    if changes:
        md += _table(
            ["tunable", "shipped", "tuned", "bounds", "what it is"],
            [
                [
                    name,
                    str(old),
                    str(new),
                    f"{the_plan.tunables[name].low}..{the_plan.tunables[name].high}",
                    the_plan.tunables[name].why,
                ]
                for name, (old, new) in sorted(changes.items())
            ],
        )
    else:
        md.append("Nothing: no candidate scored better than the shipped content.")
    md += ["", "## The search", ""]
    baseline = found[0].loss
    terms = [k for k in chosen.loss if k != "total"] or ["total"]
    md += _table(
        ["", "loss", *terms],
        [
            [
                "shipped (trial 0)",
                f"{baseline['total']:.4f}",
                *[f"{baseline.get(t, 0):.4f}" for t in terms],
            ],
            [
                f"chosen (trial {chosen.number})",
                f"{chosen.loss['total']:.4f}",
                *[f"{chosen.loss.get(t, 0):.4f}" for t in terms],
            ],
        ],
    )
    made: dict[str, str] = {}
    plots.history(
        out / "tune-history.png", f"{game}: loss of each trial", [t.loss["total"] for t in found]
    )
    made["search history"] = "tune-history.png"
    verdicts: list[str] = []
    several = len(the_plan.counts) > 1
    for players in the_plan.counts:
        for label in ("agents", "random"):
            section = _fresh_section(the_plan, folders, players, label, made)
            if section is None:
                continue
            lines, misses = section
            md += lines
            if label == "agents":
                verdicts += [f"{players} players: {m}" if several else m for m in misses]
    md += ["", "## Verdict", ""]
    if verdicts:
        md.append(
            f"With {', '.join(config.agents)}: not every rate meets the target: "
            f"{', '.join(verdicts)}."
        )
    else:
        md.append(
            f"With {', '.join(config.agents)}: every rate lies in the target band and every "
            "corrected interval contains the fair share."
        )
    md += ["", "## Plots", ""] + [f"![{title}]({name})" for title, name in made.items()]
    (out / "tune.md").write_text("\n".join(md) + "\n", encoding="utf-8")
    (out / "tune.html").write_text(_html(md), encoding="utf-8")
    return out / "tune.md"


def _fresh_section(
    the_plan: Plan,
    folders: dict[str, str],
    players: int,
    label: str,
    made: dict[str, str],
) -> tuple[list[str], list[str]] | None:
    """The before/after section of one player count and one kind of play (the run's agents
    or random play), its plots added to ``made``; with the rates that miss the target.
    ``None`` when that measurement was not made."""
    config = the_plan.config
    out, game = config.out, config.game
    before_name = folders.get(the_plan.folder(f"before-{label}", players))
    after_name = folders.get(the_plan.folder(f"after-{label}", players))
    if before_name is None or after_name is None:
        return None
    before, after = read_games(out / before_name), read_games(out / after_name)
    who = ", ".join(config.agents) if label == "agents" else "random play"
    several = len(the_plan.counts) > 1
    if several:
        who += f", {players} players"
    suffix = f"-p{players}" if several else ""
    rates_count = len(_rates(before, the_plan, 1.96, players))
    z = corrected_z(2 * rates_count)
    level = 100 * (1 - FAMILY_ALPHA / (2 * rates_count))
    then, now = _rates(before, the_plan, z, players), _rates(after, the_plan, z, players)
    low, high = the_plan.band_at(players)
    md = [
        "",
        f"## Fresh seeds: {who}",
        "",
        f"{len(before)} games before and {len(after)} after. Intervals are Wilson "
        f"intervals at {level:.2f}% each (Bonferroni over the {2 * rates_count} rates of "
        f"this section: together at least 95%). Target band "
        f"{round(100 * low, 1):g}–{round(100 * high, 1):g}%.",
        "",
    ]
    md += _table(
        ["", "before (shipped)", "after (tuned)", "after: verdict"],
        [
            [name, _pct(old), _pct(new), _verdict(new, the_plan, players)]
            for (name, old), (_, new) in zip(then, now, strict=True)
        ],
    )
    misses = [
        name
        for name, rate in now
        if not _verdict(rate, the_plan, players).startswith("in band, fair in")
    ]
    md += ["", "Design metrics:", ""]
    md += _table(
        [
            "",
            "length (mean, 10–90%)",
            "draws",
            "winner settled (median)",
            "lead changes",
            "endings",
        ],
        [
            ["before", *_design(before, the_plan.endings)],
            ["after", *_design(after, the_plan.endings)],
        ],
    )
    for kind, seat_rows in (("factions", False), ("seats", True)):
        group = [
            (n, old, new)
            for (n, old), (_, new) in zip(then, now, strict=True)
            if n.startswith("seat ") == seat_rows
        ]
        if not group:
            continue
        what = "seat" if seat_rows else str(the_plan.faction)
        name = f"tune-{kind}-{label}{suffix}.png"
        plots.compare_bars(
            out / name,
            f"{game}: {what} win rates, {who}",
            [n for n, _, _ in group],
            [old for _, old, _ in group],
            [new for _, _, new in group],
            1 / players,
            f"{level:.2f}% intervals (Bonferroni)",
            (low, high),
        )
        made[f"{what}, {who}"] = name
    name = f"tune-length-{label}{suffix}.png"
    plots.histogram(
        out / name,
        f"{game}: game length, {who}",
        {"before": [r["length"] for r in before], "after": [r["length"] for r in after]},
        "game length (actions, chance included)",
    )
    made[f"length, {who}"] = name
    return md, misses
