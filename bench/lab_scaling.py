"""How `theomachy lab run` scales: games/s with one and two local jobs and with Ray on this
machine, on the same seeded games (checked), at two run sizes so that the fixed start-up of
the workers (Ray's above all) shows. ``bench/run.py`` puts the table in RESULTS.md; run alone
(``python bench/lab_scaling.py``) it measures and replaces that section of RESULTS.md.
"""

from __future__ import annotations

import argparse
import datetime as dt
import platform
import sys
import tempfile
import time
from pathlib import Path

# Random two-player mythic-wars games per run: about half a minute at --jobs 1, as a quick
# lab run, and about a minute and a half, as a tuning trial with hard bots lasts. Ray's
# workers start (and import the engine) inside the timed run, as they do in a real one.
SIZES = (12_000, 36_000)
VARIANTS = (
    ("--jobs 1", {"jobs": 1}),
    ("--jobs 2", {"jobs": 2}),
    ("--backend ray (2 CPUs)", {"backend": "ray"}),
)
HEADING = "## Lab scaling"

Row = tuple[int, str, float, str]  # games, variant, seconds, note


def measure(sizes: tuple[int, ...] = SIZES) -> list[Row]:
    """Seconds of each variant at each size; a note where results differ from --jobs 1."""
    from theomachy.lab import LabConfig, read_games, run

    rows: list[Row] = []
    for games in sizes:
        reference = None
        for label, changes in VARIANTS:
            note = ""
            ray_used = changes.get("backend") == "ray"
            with tempfile.TemporaryDirectory() as folder:
                config = LabConfig(
                    game="mythic-wars",
                    agents=["random"],
                    games=games,
                    seed=3,
                    out=Path(folder),
                    **changes,
                )
                try:
                    if ray_used:
                        import ray

                        ray.init(
                            address="local", num_cpus=2, include_dashboard=False, logging_level=40
                        )
                    start = time.perf_counter()
                    run(config)
                    elapsed = time.perf_counter() - start
                except ImportError:
                    rows.append((games, label, 0.0, "Ray is not installed"))
                    continue
                finally:
                    if ray_used:
                        import ray

                        ray.shutdown()
                played = read_games(folder)
                if reference is None:
                    reference = played
                elif played != reference:
                    note = "results differ from --jobs 1!"
                rows.append((games, label, elapsed, note))
    return rows


def section(rows: list[Row]) -> list[str]:
    """The markdown section: seconds, games/s and the speed-up over --jobs 1 at each size."""
    now = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d")
    lines = [
        HEADING,
        "",
        "`theomachy lab run mythic-wars --agents random --games N`, two players, measured "
        f"{now} on {platform.machine()} with 2 cores. Ray is started locally with 2 CPUs "
        "before the clock starts; its workers start, and import the engine, inside the "
        "timed run. Games go to workers in batches. Every variant played the same games "
        "(checked). Before batching, one Ray task a game ran at 0.76x of `--jobs 1`.",
        "",
        "| games | backend | seconds | games/s | speed-up over --jobs 1 | note |",
        "|---:|---|---:|---:|---:|---|",
    ]
    base: dict[int, float] = {}
    for games, label, seconds, note in rows:
        if label == "--jobs 1":
            base[games] = seconds
        speed = f"{base[games] / seconds:.2f}" if seconds and games in base else "-"
        rate = f"{games / seconds:,.1f}" if seconds else "-"
        lines.append(f"| {games:,} | {label} | {seconds:.1f} | {rate} | {speed} | {note} |")
    lines += [
        "",
        "Compare `--jobs 1`'s own games/s at both sizes: where one process slows on the longer "
        "run (a shared machine, a growing list of rows), the larger run's speed-ups are "
        "flattered, and the smaller run's are the ones to quote.",
    ]
    return lines


def replace_section(report: Path, lines: list[str]) -> None:
    """Put ``lines`` in place of the Lab scaling section of ``report`` (appended if none)."""
    text = report.read_text(encoding="utf-8") if report.exists() else ""
    block = "\n".join(lines) + "\n"
    if HEADING not in text:
        report.write_text(text.rstrip("\n") + "\n\n" + block, encoding="utf-8")
        return
    before, rest = text.split(HEADING, 1)
    after = rest.split("\n## ", 1)
    tail = "\n## " + after[1] if len(after) == 2 else ""
    report.write_text(before + block + tail, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("bench/RESULTS.md"), help="report")
    args = parser.parse_args(argv)
    lines = section(measure())
    replace_section(args.out, lines)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
