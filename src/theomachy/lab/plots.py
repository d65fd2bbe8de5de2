"""The lab's plots (matplotlib, drawn off-screen to PNG): win rates with their intervals and
a fair-share reference line, before/after comparisons, length histograms, who-beats-whom
matrices and a tuner's history."""

from __future__ import annotations

import math
import textwrap
from pathlib import Path
from typing import Any

from theomachy.lab.stats import Rate

BLUE, ORANGE, GREEN, GREY = "#4c72b0", "#dd8452", "#55a868", "#777777"


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _title(axes: Any, title: str, width: int = 60) -> None:
    """A title wrapped to fit the figure (long faction lists made it run off)."""
    axes.set_title("\n".join(textwrap.wrap(title, width)), fontsize=11)


def _errors(rates: list[Rate]) -> list[list[float]]:
    # Clamped at 0: at a rate of 0 or 1 an interval bound can differ by a rounding.
    return [
        [max(0.0, 100 * (r.rate - r.low)) for r in rates],
        [max(0.0, 100 * (r.high - r.rate)) for r in rates],
    ]


def _fair_line(axes: Any, fair: float, horizontal: bool) -> None:
    label = f"fair share ({100 * fair:.0f}%)"
    if horizontal:
        axes.axvline(100 * fair, color=GREY, linestyle="--", linewidth=1, label=label)
    else:
        axes.axhline(100 * fair, color=GREY, linestyle="--", linewidth=1, label=label)


def rate_bars(
    path: Path,
    title: str,
    items: list[tuple[str, Rate]],
    fair: float,
    horizontal: bool,
    interval: str = "95% Wilson interval",
) -> None:
    """Win rates as bars with their intervals and a dashed fair-share line."""
    plt = _pyplot()
    labels = [label for label, _ in items]
    rates = [r for _, r in items]
    values = [100 * r.rate for r in rates]
    height = max(3.0, 0.3 * len(items) + 1.2) if horizontal else 4.0
    figure, axes = plt.subplots(figsize=(8, height))
    if horizontal:
        errors = _errors(rates)
        axes.barh(labels[::-1], values[::-1], xerr=[e[::-1] for e in errors], color=BLUE)
        axes.set_xlabel(f"win rate (%) with {interval}")
        axes.set_xlim(0, 100)
    else:
        axes.bar(labels, values, yerr=_errors(rates), color=BLUE)
        axes.set_ylabel(f"win rate (%) with {interval}")
        axes.set_ylim(0, 100)
    _fair_line(axes, fair, horizontal)
    _legend_beside(axes)
    _title(axes, title)
    figure.tight_layout()
    figure.savefig(path, dpi=100, bbox_inches="tight")
    plt.close(figure)


def _legend_beside(axes: Any) -> None:
    """The legend right of the axes, where it covers no bar or label."""
    axes.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=8, frameon=False)


def compare_bars(
    path: Path,
    title: str,
    labels: list[str],
    before: list[Rate],
    after: list[Rate],
    fair: float,
    interval: str,
    band: tuple[float, float] | None = None,
) -> None:
    """Before and after side by side for each label, with intervals, the fair-share line
    and (where given) the target band shaded."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(8, max(3.0, 0.55 * len(labels) + 1.4)))
    rows = range(len(labels))
    height = 0.38
    axes.barh(
        [y + height / 2 for y in rows],
        [100 * r.rate for r in before],
        height,
        xerr=_errors(before),
        color=GREY,
        label="before (shipped)",
    )
    axes.barh(
        [y - height / 2 for y in rows],
        [100 * r.rate for r in after],
        height,
        xerr=_errors(after),
        color=BLUE,
        label="after (tuned)",
    )
    if band is not None:
        axes.axvspan(100 * band[0], 100 * band[1], color=GREEN, alpha=0.12, label="target")
    _fair_line(axes, fair, horizontal=True)
    axes.set_yticks(list(rows), labels)
    axes.invert_yaxis()
    axes.set_xlim(0, 100)
    axes.set_xlabel(f"win rate (%) with {interval}")
    _legend_beside(axes)
    _title(axes, title)
    figure.tight_layout()
    figure.savefig(path, dpi=100, bbox_inches="tight")
    plt.close(figure)


def histogram(path: Path, title: str, series: dict[str, list[int]], xlabel: str) -> None:
    """One histogram per series, overlaid."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(8, 4))
    colours = [GREY, BLUE, ORANGE, GREEN]
    for (name, values), colour in zip(series.items(), colours, strict=False):
        axes.hist(values, bins=40, color=colour, alpha=0.6 if len(series) > 1 else 1.0, label=name)
    axes.set_xlabel(xlabel)
    axes.set_ylabel("games")
    if len(series) > 1:
        axes.legend(fontsize=8)
    _title(axes, title)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def heatmap(path: Path, title: str, names: list[str], table: list[list[float]]) -> None:
    """The row's score against the column (percent; blank where they never met)."""
    plt = _pyplot()
    size = len(names)
    figure, axes = plt.subplots(figsize=(2.2 + 0.9 * size, 1.6 + 0.7 * size))
    image = axes.imshow(
        [[100 * v for v in line] for line in table], cmap="RdYlGn", vmin=0, vmax=100
    )
    axes.set_xticks(range(size), names, rotation=30, ha="right")
    axes.set_yticks(range(size), names)
    for i, line in enumerate(table):
        for j, value in enumerate(line):
            if not math.isnan(value):
                axes.text(j, i, f"{100 * value:.0f}", ha="center", va="center", fontsize=8)
    _title(axes, title, width=40)
    figure.colorbar(image, ax=axes)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def history(path: Path, title: str, losses: list[float]) -> None:
    """Each trial's loss and the best so far."""
    plt = _pyplot()
    figure, axes = plt.subplots(figsize=(8, 4))
    trials = list(range(len(losses)))
    best = [min(losses[: k + 1]) for k in trials]
    axes.plot(trials, losses, "o", color=BLUE, markersize=4, label="trial")
    axes.step(trials, best, where="post", color=ORANGE, label="best so far")
    axes.set_xlabel("trial (0: the shipped values)")
    axes.set_ylabel("loss (lower is better)")
    axes.legend(fontsize=8)
    _title(axes, title)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)
