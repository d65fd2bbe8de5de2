"""Random-playout benchmark of every Theomachy game against OpenSpiel anchors.

Every target is driven by the same plain Python loop: at a chance node sample an outcome by
its probability, otherwise pick a legal action uniformly, apply it, repeat until the end.
OpenSpiel's C++ ``backgammon`` and Python ``python_tic_tac_toe`` are measured in the same run,
interleaved with the Theomachy games, so the reported figures are ratios that survive a noisy,
shared machine. A balance section then plays 2000 seeded two-player games of mythic-wars and
mythic-arena with random agents (over worker processes) and reports the win rate of the player
the start favours. Usage: ``python bench/run.py --out bench/RESULTS.md --seconds 5 --seed 0``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gc
import importlib.metadata
import math
import multiprocessing
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress

import lab_scaling
import perf
import theomachy

ROUNDS = 5
"""Interleaved rounds per measurement; the report gives the median round."""

MAX_PLAYER_COUNTS = 4
"""Games with at most this many player counts are measured at each; a game with a larger range
at its minimum, minimum + 1, middle and maximum."""

MIDGAME_POOL = 40
"""Mid-game states sampled per target for the clone and JSON figures."""

BACKGAMMON = "backgammon"
TIC_TAC_TOE = "python_tic_tac_toe"

BALANCE_GAMES = 2000
"""Seeds per game in the balance section: ``simulate(game, players=2, seed=s)``, s < this."""

BALANCE_PROCESSES = 2
"""Worker processes for the balance games (the figures do not depend on it)."""

BALANCE_CHUNK = 50
"""Seeds handed to a worker at a time."""

Z_95 = 1.959963984540054
"""The two-sided 95% normal quantile used by the Wilson score interval."""

Outcomes = Sequence[tuple[Any, float]]


# --- the playout loops (identical shape for both APIs) ---------------------------------------


def sample(outcomes: Outcomes, rng: random.Random) -> Any:
    """Draw one outcome from ``(action, probability)`` pairs."""
    threshold = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if threshold < total:
            return action
    return outcomes[-1][0]


def play_theomachy(state: Any, rng: random.Random) -> int:
    """Play a Theomachy state to the end at random; return the number of applies."""
    chance = theomachy.CHANCE
    steps = 0
    while not state.is_terminal():
        if state.current_player == chance:
            action = sample(state.chance_outcomes(), rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        steps += 1
    return steps


def play_openspiel(state: Any, rng: random.Random) -> int:
    """Play an OpenSpiel state to the end at random; return the number of applies."""
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample(state.chance_outcomes(), rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        steps += 1
    return steps


# --- targets ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    """One thing to measure: how to start a game, play it out, and rebuild a position."""

    name: str
    players: int
    anchor: bool
    new_state: Callable[[], Any]
    playout: Callable[[Any, random.Random], int]
    replay: Callable[[list[Any]], Any]
    round_trip: Callable[[Any], Any] | None = None
    openspiel_game: Any = None


def player_counts(game_id: str) -> list[int]:
    """Every player count of a game when there are few, else min, min + 1, middle and max."""
    game = theomachy.load(game_id)
    low, high = game.min_players, game.max_players
    counts = list(range(low, high + 1))
    if len(counts) <= MAX_PLAYER_COUNTS:
        return counts
    return sorted({low, low + 1, (low + high) // 2, high})


def theomachy_target(game_id: str, players: int) -> Target:
    """A Theomachy game at one player count."""
    game = theomachy.load(game_id, players=players)
    return Target(
        name=game_id,
        players=players,
        anchor=False,
        new_state=game.new_game,
        playout=play_theomachy,
        replay=game.replay,
        round_trip=lambda state: game.from_json(state.to_json()),
    )


def openspiel_target(pyspiel: Any, name: str) -> Target:
    """An OpenSpiel game used as an anchor."""
    game = pyspiel.load_game(name)

    def replay(actions: list[Any]) -> Any:
        state = game.new_initial_state()
        for action in actions:
            state.apply_action(action)
        return state

    return Target(
        name=name,
        players=game.num_players(),
        anchor=True,
        new_state=game.new_initial_state,
        playout=play_openspiel,
        replay=replay,
        openspiel_game=game,
    )


def import_pyspiel() -> tuple[Any | None, str]:
    """Import pyspiel with its Python games registered; return (module or None, note)."""
    try:
        import open_spiel.python.games  # noqa: F401  (registers python_tic_tac_toe)
        import pyspiel
    except ImportError as error:
        return None, f"not importable ({error})"
    try:
        version = importlib.metadata.version("open_spiel")
    except importlib.metadata.PackageNotFoundError:
        version = "version unknown"
    return pyspiel, version


def build_targets(pyspiel: Any | None) -> tuple[list[Target], list[str]]:
    """Every Theomachy game at its player counts, then the OpenSpiel anchors if available.

    Returns the targets and a problem line for each game that could not even be loaded.
    """
    targets: list[Target] = []
    problems: list[str] = []
    for game_id in theomachy.games():
        try:
            targets += [theomachy_target(game_id, n) for n in player_counts(game_id)]
        except Exception as error:  # a broken game must not stop the others
            problems.append(f"- {game_id}: cannot be loaded: {type(error).__name__}: {error}")
    if pyspiel is not None:
        targets += [openspiel_target(pyspiel, name) for name in (BACKGAMMON, TIC_TAC_TOE)]
    return targets, problems


# --- measuring -------------------------------------------------------------------------------


@dataclass
class Result:
    """Per-round figures of one target."""

    steps_per_s: list[float] = field(default_factory=list)
    games_per_s: list[float] = field(default_factory=list)
    steps_per_game: list[float] = field(default_factory=list)
    clones_per_s: float | None = None
    round_trips_per_s: float | None = None
    legal_us: float | None = None
    clone_bytes: float | None = None
    mcts_per_s: float | None = None
    error: str | None = None


def time_playouts(target: Target, seconds: float, rng: random.Random) -> tuple[int, int, float]:
    """Play whole games until ``seconds`` have passed; return (steps, games, elapsed)."""
    new_state, playout, clock = target.new_state, target.playout, time.perf_counter
    steps = games = 0
    gc.collect()
    start = clock()
    while True:
        steps += playout(new_state(), rng)
        games += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return steps, games, elapsed


def time_calls(function: Callable[[Any], Any], pool: list[Any], seconds: float) -> float:
    """Call ``function`` on each state of ``pool`` repeatedly for ``seconds``; return calls/s."""
    clock = time.perf_counter
    calls = 0
    gc.collect()
    start = clock()
    while True:
        for state in pool:
            function(state)
        calls += len(pool)
        elapsed = clock() - start
        if elapsed >= seconds:
            return calls / elapsed


def midgame_pool(target: Target, rng: random.Random) -> list[Any]:
    """States taken at a random point of random games (never the start or the end)."""
    pool = []
    for _ in range(MIDGAME_POOL):
        state = target.new_state()
        target.playout(state, rng)
        history = list(state.history())
        cut = rng.randint(1, max(1, len(history) - 1))
        pool.append(target.replay(history[:cut]))
    return pool


def check_round_trip(target: Target, pool: list[Any]) -> str | None:
    """The contract's ``from_json(s).to_json() == s``; return a problem description or None."""
    assert target.round_trip is not None
    for state in pool:
        document = state.to_json()
        if target.round_trip(state).to_json() != document:
            return "to_json/from_json round trip changed the document"
    return None


def measure_playouts(
    targets: list[Target], results: dict[str, Result], seconds: float, seed: int
) -> None:
    """Interleave the targets over ``ROUNDS`` rounds of ``seconds / ROUNDS`` each."""
    for round_index in range(ROUNDS):
        for target in targets:
            result = results[key(target)]
            if result.error is not None:
                continue
            rng = random.Random(f"{seed}:{key(target)}:{round_index}")
            try:
                steps, games, elapsed = time_playouts(target, seconds / ROUNDS, rng)
            except Exception as error:  # report a broken game instead of stopping the run
                result.error = f"playout failed: {type(error).__name__}: {error}"
                continue
            result.steps_per_s.append(steps / elapsed)
            result.games_per_s.append(games / elapsed)
            result.steps_per_game.append(steps / games)
            progress(f"round {round_index + 1}: {key(target)}: {steps / elapsed:,.0f} steps/s")


def measure_secondary(target: Target, result: Result, seconds: float, seed: int) -> None:
    """clone() per second, and for Theomachy to_json/from_json round trips per second."""
    try:
        pool = midgame_pool(target, random.Random(f"{seed}:{key(target)}:pool"))
        result.clones_per_s = time_calls(lambda state: state.clone(), pool, seconds)
        if target.round_trip is not None:
            result.error = result.error or check_round_trip(target, pool)
            result.round_trips_per_s = time_calls(target.round_trip, pool, seconds)
    except Exception as error:
        result.error = f"clone/JSON failed: {type(error).__name__}: {error}"
        return
    try:
        result.legal_us = perf.legal_actions_us(pool, seconds)
        result.clone_bytes = perf.clone_bytes(pool)
        if target.anchor:
            result.mcts_per_s = perf.openspiel_mcts_rate(target.openspiel_game, pool, seconds, seed)
        else:
            result.mcts_per_s = perf.theomachy_mcts_rate(pool, seconds, seed)
    except Exception as error:
        result.error = f"per-state costs failed: {type(error).__name__}: {error}"


def key(target: Target) -> str:
    """A target's label: the game id and, for Theomachy, its player count."""
    return target.name if target.anchor else f"{target.name} ({target.players}p)"


def progress(message: str) -> None:
    """One progress line on stderr."""
    print(message, file=sys.stderr, flush=True)


# --- balance: who the start favours under random play ----------------------------------------


def first_prime_faction(state: Any) -> int:
    """Mythic Wars: the seat the chance node ``first N`` made the first prime faction."""
    firsts = [action for action in state.history() if action.startswith("first ")]
    if len(firsts) != 1:
        raise RuntimeError(f"expected one 'first N' chance outcome in the history, got {firsts}")
    return int(firsts[0].split(" ", 1)[1])


def first_player(state: Any) -> int:
    """Mythic Arena: the seat that chooses the pantheon and starts the first game."""
    return int(state.game.options["first_player"])


def lead_player(state: Any) -> int:
    """Mythic Battles: the lead player (option ``lead``), who chooses the first divinity and
    plays first every round."""
    return int(state.game.options["lead"])


def first_decider(state: Any) -> int:
    """Arena of the Gods: the first player (the dice winner) is the first seat to decide."""
    replay = state.game.new_game()
    for action in state.history():
        if replay.current_player >= 0:
            return int(replay.current_player)
        replay.apply(action)
    raise RuntimeError("the game ended before anyone decided")


BALANCE: dict[str, tuple[str, Callable[[Any], int], int, int | None]] = {
    "arena-of-the-gods": ("first player", first_decider, 2, None),
    "mythic-wars": ("first prime faction", first_prime_faction, 2, None),
    "mythic-arena": ("first player (seat 0)", first_player, 2, None),
    "mythic-battles": ("lead player (seat 0)", lead_player, 2, None),
    # Four-player random Mythotopia runs to the 100-round cap (about 4,000 steps a game), so it
    # gets fewer seeds than --balance-games.
    "mythotopia": ("first player", first_prime_faction, 4, 400),
}
"""Balance rows: game id -> (who is measured, how to find that seat in a finished game,
players, seeds (None: --balance-games))."""


@dataclass(frozen=True)
class GameRecord:
    """What the balance figures need from one finished game."""

    favoured: int
    winners: tuple[int, ...]
    steps: int
    rounds: int | None


def balance_game(job: tuple[str, int]) -> GameRecord:
    """Play one random game of ``job = (game id, seed)``; it depends on the seed only."""
    game_id, seed = job
    state = theomachy.simulate(game_id, players=BALANCE[game_id][2], seed=seed)
    rounds = getattr(state, "round", None)
    return GameRecord(
        favoured=BALANCE[game_id][1](state),
        winners=tuple(state.winners()),
        steps=len(state.history()),
        rounds=rounds if isinstance(rounds, int) else None,
    )


@dataclass
class Balance:
    """The balance figures of one game."""

    game: str
    who: str
    players: int = 2
    games: int = 0
    score: float = 0.0
    draws: int = 0
    favoured_seat0: int = 0
    steps: list[int] = field(default_factory=list)
    rounds: list[int] | None = field(default_factory=list)
    error: str | None = None

    def add(self, record: GameRecord) -> None:
        """Count one game: a win 1, a shared win (draw) 1 / number of winners, a loss 0."""
        self.games += 1
        if record.favoured in record.winners:
            self.score += 1.0 / len(record.winners)
        self.draws += len(record.winners) > 1
        self.favoured_seat0 += record.favoured == 0
        self.steps.append(record.steps)
        if self.rounds is not None:
            if record.rounds is None:
                self.rounds = None
            else:
                self.rounds.append(record.rounds)


def wilson(score: float, n: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score / n``."""
    p = score / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def measure_balance(games: int, processes: int) -> tuple[list[Balance], float]:
    """Play the balance games over ``processes`` workers; return the figures and the wall time."""
    start = time.perf_counter()
    balances = [Balance(game_id, who, players) for game_id, (who, _, players, _) in BALANCE.items()]
    console = Console(stderr=True)
    pool = multiprocessing.Pool(processes) if processes > 1 else None
    try:
        with Progress(console=console, transient=not console.is_terminal) as bar:
            for balance in balances:
                count = BALANCE[balance.game][3] or games
                count = min(count, games)
                jobs = [(balance.game, seed) for seed in range(count)]
                task = bar.add_task(f"balance: {balance.game}", total=count)
                # imap keeps seed order, so the sums are the same for any process count.
                records = (
                    pool.imap(balance_game, jobs, chunksize=BALANCE_CHUNK)
                    if pool is not None
                    else map(balance_game, jobs)
                )
                try:
                    for record in records:
                        balance.add(record)
                        bar.advance(task)
                except Exception as error:  # report a broken game instead of stopping the run
                    balance.error = f"balance failed: {type(error).__name__}: {error}"
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    for balance in balances:
        progress(f"balance: {balance.game}: {balance.games} games, score {balance.score:g}")
    return balances, time.perf_counter() - start


# --- reporting -------------------------------------------------------------------------------


def median(values: list[float]) -> float | None:
    """The median, or None for no values."""
    return statistics.median(values) if values else None


def ratios(result: Result, anchor: Result | None) -> list[float]:
    """Per-round steps/s ratios of a target to an anchor measured in the same round."""
    if anchor is None:
        return []
    # A failed target stops early, so its rounds are a prefix of the anchor's rounds.
    pairs = zip(result.steps_per_s, anchor.steps_per_s, strict=False)
    return [mine / theirs for mine, theirs in pairs]


def cpu_model() -> str:
    """The CPU model name from /proc/cpuinfo, or whatever platform knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine_lines(openspiel_note: str) -> list[str]:
    """Markdown bullet lines describing where the run happened."""
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else "?"
    return [
        f"- CPU: {cpu_model()} ({os.cpu_count()} cores, {usable} usable by this process)",
        f"- Python: {platform.python_version()} ({platform.python_implementation()})",
        f"- Platform: {platform.platform()}",
        f"- theomachy: {theomachy.__version__}; open_spiel: {openspiel_note}",
    ]


def fmt(value: float | None, digits: int = 0) -> str:
    """A number with thousands separators, or a dash when missing."""
    return "–" if value is None else f"{value:,.{digits}f}"


def fmt_ratio(values: list[float], itself: bool = False) -> str:
    """The median ratio with the spread of the rounds, or a dash when missing."""
    if itself:
        return "1 (itself)"
    if not values:
        return "–"
    return f"{statistics.median(values):.3f} ({min(values):.3f}–{max(values):.3f})"


def results_table(targets: list[Target], results: dict[str, Result]) -> list[str]:
    """The main table: playout rates and ratios to both anchors."""
    backgammon, tic_tac_toe = results.get(BACKGAMMON), results.get(TIC_TAC_TOE)
    lines = [
        "| target | players | steps/s | games/s | steps/game "
        "| ratio to backgammon | ratio to python_tic_tac_toe |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for target in targets:
        result = results[key(target)]
        kind = "OpenSpiel " + ("C++" if target.name == BACKGAMMON else "Python")
        name = f"{target.name} ({kind} anchor)" if target.anchor else target.name
        lines.append(
            f"| {name} | {target.players} | {fmt(median(result.steps_per_s))} "
            f"| {fmt(median(result.games_per_s), 1)} | {fmt(median(result.steps_per_game), 1)} "
            f"| {fmt_ratio(ratios(result, backgammon), target.name == BACKGAMMON)} "
            f"| {fmt_ratio(ratios(result, tic_tac_toe), target.name == TIC_TAC_TOE)} |"
        )
    return lines


def speed_ratio(mine: float | None, anchor: float | None, lower_is_faster: bool = False) -> str:
    """How many times faster than the anchor (>1: faster), or a dash."""
    if mine is None or anchor is None or mine == 0 or anchor == 0:
        return "–"
    return f"{(anchor / mine if lower_is_faster else mine / anchor):.2f}"


def secondary_table(targets: list[Target], results: dict[str, Result]) -> list[str]:
    """Per-state costs on mid-game states, with speed ratios to both anchors (bg / ttt)."""
    bg, ttt = results.get(BACKGAMMON, Result()), results.get(TIC_TAC_TOE, Result())
    lines = [
        "| target | clone()/s (× bg, × ttt) | legal_actions() µs (× bg, × ttt) "
        "| bytes per state | MCTS iterations/s (× bg, × ttt) | to_json→from_json/s |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for target in targets:
        r = results[key(target)]
        clone = (
            f"{fmt(r.clones_per_s)} ({speed_ratio(r.clones_per_s, bg.clones_per_s)}, "
            f"{speed_ratio(r.clones_per_s, ttt.clones_per_s)})"
        )
        legal = (
            f"{fmt(r.legal_us, 1)} ({speed_ratio(r.legal_us, bg.legal_us, True)}, "
            f"{speed_ratio(r.legal_us, ttt.legal_us, True)})"
        )
        mcts = (
            f"{fmt(r.mcts_per_s)} ({speed_ratio(r.mcts_per_s, bg.mcts_per_s)}, "
            f"{speed_ratio(r.mcts_per_s, ttt.mcts_per_s)})"
        )
        lines.append(
            f"| {key(target)} | {clone} | {legal} | {fmt(r.clone_bytes)} | {mcts} "
            f"| {fmt(r.round_trips_per_s)} |"
        )
    return lines


GOALS = {"mythic-arena": 1.0, "mythic-wars": 1.0}
"""Issue 7's per-step goals as a fraction of C++ backgammon's steps/s; other games: a third."""

LARGER_GAME_GOAL = 1 / 3


def goal_lines(targets: list[Target], results: dict[str, Result]) -> list[str]:
    """Per game and player count: the steps/s ratio to backgammon against issue 7's goal."""
    if BACKGAMMON not in results:
        return ["**goals**: not measured (the backgammon anchor is missing)."]
    lines = [
        "Issue 7's goals: at least the C++ backgammon per-step rate on mythic-arena and "
        "mythic-wars, at least a third of it on the larger games.",
        "",
        "| game | players | ratio to backgammon (median) | goal | verdict |",
        "|---|---:|---:|---:|---|",
    ]
    for target in targets:
        if target.anchor:
            continue
        values = ratios(results[key(target)], results[BACKGAMMON])
        goal = GOALS.get(target.name, LARGER_GAME_GOAL)
        if not values:
            lines.append(f"| {target.name} | {target.players} | – | {goal:.2f} | not measured |")
            continue
        ratio = statistics.median(values)
        verdict = "met" if ratio >= goal else f"not met (needs {goal / ratio:.1f}× its speed)"
        lines.append(f"| {target.name} | {target.players} | {ratio:.3f} | {goal:.2f} | {verdict} |")
    return lines


def method_paragraph(seconds: float, seed: int) -> str:
    """How the figures were obtained."""
    return (
        "Each target is played by the same single-threaded Python loop: at a chance node an "
        "outcome is sampled from `chance_outcomes()` by probability with a seeded "
        "`random.Random`, otherwise an action is picked uniformly from `legal_actions()`, then "
        "it is applied, until the state is terminal. Every apply is a step, chance outcomes "
        "included; a game counts once it ends. Theomachy states use `current_player == CHANCE` "
        "and `apply(str)`; OpenSpiel states use `is_chance_node()` and `apply_action(int)`. "
        "The anchors therefore pay the same Python driving cost (loop, sampling, binding calls) "
        "as the Theomachy games: the comparison is per step as seen from Python. "
        f"A game with at most {MAX_PLAYER_COUNTS} player counts is measured at each; a larger "
        "range at its minimum, minimum + 1, middle and maximum. "
        f"Each target gets {seconds:g} s of play split over {ROUNDS} interleaved rounds "
        "(every target once per round, in turn), and the table gives the median round. Ratios "
        "divide a target's steps/s by an anchor's steps/s from the same round and give the "
        "median with the range over rounds in brackets, so they hold up on a shared, noisy "
        "machine better than the absolute rates do. The secondary figures time `clone()` and "
        f"a `to_json()`→`from_json()` round trip on {MIDGAME_POOL} states cut at a random point "
        f"of random games (seed {seed})."
    )


def costs_paragraph() -> str:
    """How the per-state costs were obtained."""
    return (
        f"On the same {MIDGAME_POOL} mid-game positions per target: `clone()` per second; "
        "`legal_actions()` in microseconds at the decision positions among them, computed "
        "afresh (Theomachy caches a position's list, so the cache is dropped before each call: "
        "the cost a playout pays once per position; OpenSpiel computes it on every call); bytes "
        "per state, the memory one `clone()` adds (objects reachable from the clone and not "
        "shared with the original, by `sys.getsizeof`; not measurable for a C++ state); MCTS "
        f"iterations per second with {perf.MCTS_ITERATIONS} iterations a search: Theomachy's "
        "`mcts` agent (a determinization per iteration, roll-outs cut at 30 steps and scored "
        "by the game's evaluation) and, for the anchors, OpenSpiel's Python `MCTSBot` with one "
        "random roll-out to the end per simulation (backgammon's ~200-step roll-outs make it "
        "slow). Ratios in brackets are against backgammon (bg) and python_tic_tac_toe (ttt) "
        "measured in the same run: how many times faster the target is (above 1: faster; for "
        "legal_actions(), the anchor's time over the target's)."
    )


def optimisation_section() -> list[str]:
    """The optimisation log: bench/optimisations/*.md, each a game's before/after figures."""
    folder = Path(__file__).with_name("optimisations")
    files = sorted(folder.glob("*.md")) if folder.is_dir() else []
    lines = ["## Optimisations", ""]
    if not files:
        return [*lines, "None recorded yet."]
    lines.append(
        "Each optimisation with its before/after figure, as recorded while it was made "
        "(`bench/optimisations/`; ratios to backgammon from `bench/speed.py`)."
    )
    for path in files:
        text = path.read_text(encoding="utf-8").rstrip().splitlines()
        # Demote the file's headings one level so they nest under this section.
        lines += ["", *(f"#{line}" if line.startswith("#") else line for line in text)]
    return lines


def balance_method(games: int, processes: int, wall: float) -> str:
    """How the balance figures were obtained."""
    return (
        f"Each game is played {games:,} times as `theomachy.simulate(game, players=n, seed=s)` "
        f"for s = 0…{games - 1} (mythotopia: 4 players and the first "
        f"{min(games, BALANCE['mythotopia'][3] or games):,} seeds; the others 2 players; the "
        "`random` agent in every seat, chance drawn from "
        "`random.Random(s)`), spread over "
        f"{processes} process{'es' if processes != 1 else ''} ({wall:.1f} s wall); each game "
        "depends only on its seed, so the figures are the same for any process count. "
        "In mythic-wars the measured player is the first prime faction, read from the one "
        "chance outcome `first N` in the history (a die between the players); in mythic-arena "
        "it is seat 0, the first player (option `first_player`, default 0), who chooses the "
        "pantheon and starts the game; in arena-of-the-gods it is the first player, the winner "
        "of the set-up dice (the first seat to decide); in mythic-battles it is the lead player "
        "(option `lead`, default 0), who picks the first divinity and plays first each round; "
        "in mythotopia it is the first player, "
        "the chance outcome `first N` (with four players the fourth in turn order draws a "
        "sixth card at set-up; "
        "a fair seat wins 25%). A win scores 1, a loss 0, and a shared win 1 / the number of "
        "winners (draws column: games with more than one winner); the win rate is the score "
        "over the games, with a 95% Wilson "
        "score interval (z = 1.96) on that rate (treating the ½ as a Bernoulli outcome, which "
        "slightly widens the interval). Steps are every apply, chance outcomes included "
        "(`len(state.history())`); rounds are `state.round` at the end (mythic-arena has no "
        "rounds); the median and the longest game are given beside the mean because random "
        "play gives a long tail. The figures are reported, not checked against any threshold."
    )


def length(values: list[int] | None) -> str:
    """A game-length cell: the mean, then the median and the maximum in brackets."""
    if not values:
        return "–"
    mean, middle = statistics.mean(values), statistics.median(values)
    return f"{mean:,.1f} ({middle:,g}; {max(values):,})"


def balance_table(balances: list[Balance]) -> list[str]:
    """One row per balance game."""
    lines = [
        "| game | players | measured player | games | score (shared wins split) | win rate "
        "| 95% CI (Wilson) | draws | steps: mean (median; max) | rounds: mean (median; max) "
        "| measured player was seat 0 |",
        "|---|---:|---|---:|---:|---:|---|---:|---:|---:|---:|",
    ]
    for b in balances:
        if not b.games:
            lines.append(f"| {b.game} | {b.players} | {b.who} | 0 | – | – | – | – | – | – | – |")
            continue
        low, high = wilson(b.score, b.games)
        lines.append(
            f"| {b.game} | {b.players} | {b.who} | {b.games:,} | {b.score:g} "
            f"| {b.score / b.games:.1%} "
            f"| {low:.1%} – {high:.1%} | {b.draws:,} | {length(b.steps)} | {length(b.rounds)} "
            f"| {b.favoured_seat0:,} |"
        )
    return lines


def server_section() -> list[str]:
    """The play server under load measured by bench/server_load.py (SERVER.md), if present."""
    path = Path(__file__).with_name("SERVER.md")
    if not path.exists():
        return ["## Server under load", "", "Not measured yet: run `bench/server_load.py`."]
    return path.read_text(encoding="utf-8").rstrip().splitlines()


def ladder_section() -> list[str]:
    """The agent ladder measured by `make ladder` (bench/ladder.py), if present."""
    path = Path(__file__).with_name("LADDER.md")
    if not path.exists():
        return ["## Agent ladder", "", "Not measured yet: run `make ladder`."]
    return path.read_text(encoding="utf-8").rstrip().splitlines()


def search_section() -> list[str]:
    """Search speed before and after, and the levels' thinking time (bench/search.py)."""
    path = Path(__file__).with_name("SEARCH.md")
    if not path.exists():
        return ["## Search speed and thinking time", "", "Not measured yet: run bench/search.py."]
    return path.read_text(encoding="utf-8").rstrip().splitlines()


def factions_section() -> list[str]:
    """Per-faction balance measured by bench/factions.py (GODS.md, BATTLES.md), if present."""
    lines: list[str] = []
    for name, game, title in (
        ("GODS.md", "arena-of-the-gods", "Arena of the Gods: Gods"),
        ("BATTLES.md", "mythic-battles", "Mythic Battles: divinities"),
    ):
        path = Path(__file__).with_name(name)
        if lines:
            lines.append("")
        if not path.exists():
            lines += [f"## {title}", "", f"Not measured yet: run `bench/factions.py {game}`."]
        else:
            lines += path.read_text(encoding="utf-8").rstrip().splitlines()
    return lines


def render(
    targets: list[Target],
    results: dict[str, Result],
    openspiel_note: str,
    seconds: float,
    seed: int,
    load_problems: list[str],
    balance: tuple[list[Balance], int, int, float],
    scaling: list[lab_scaling.Row] | None = None,
) -> str:
    """The whole markdown report."""
    now = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = ["# Theomachy benchmark: random playouts", "", f"Date: {now}", "", "## Machine", ""]
    lines += machine_lines(openspiel_note)
    lines += ["", "## Method", "", method_paragraph(seconds, seed), "", "## Results", ""]
    if not any(t.anchor for t in targets):
        lines += [f"Anchors missing: OpenSpiel is {openspiel_note}; no ratios computed.", ""]
    lines += results_table(targets, results)
    lines += ["", *goal_lines(targets, results), "", "## Per-state costs", ""]
    lines += [costs_paragraph(), "", *secondary_table(targets, results)]
    lines += ["", *optimisation_section()]
    balances, games, processes, wall = balance
    lines += ["", "## Balance (random play)", ""]
    lines += [balance_method(games, processes, wall), "", *balance_table(balances)]
    if scaling:
        lines += ["", *lab_scaling.section(scaling)]
    lines += ["", *server_section()]
    lines += ["", *search_section()]
    lines += ["", *ladder_section()]
    lines += ["", *factions_section()]
    problems = load_problems + [
        f"- {key(t)}: {results[key(t)].error}" for t in targets if results[key(t)].error
    ]
    problems += [f"- {b.game} balance: {b.error}" for b in balances if b.error]
    if problems:
        lines += ["", "## Problems", "", *problems]
    return "\n".join(lines) + "\n"


# --- entry point -----------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    """Command-line options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("bench/RESULTS.md"), help="report path")
    parser.add_argument(
        "--seconds", type=float, default=5.0, help="playout time per target (split over rounds)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of every random generator")
    parser.add_argument(
        "--balance-games", type=int, default=BALANCE_GAMES, help="seeds per balance game"
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=BALANCE_PROCESSES,
        help="worker processes for the balance games (figures do not depend on it)",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    """Measure everything, write the report, print where it went."""
    args = parse_args(argv)
    pyspiel, openspiel_note = import_pyspiel()
    if pyspiel is None:
        progress(f"OpenSpiel {openspiel_note}: measuring Theomachy only, anchors missing")
    targets, load_problems = build_targets(pyspiel)
    results = {key(target): Result() for target in targets}
    measure_playouts(targets, results, args.seconds, args.seed)
    for target in targets:
        measure_secondary(target, results[key(target)], args.seconds / 5, args.seed)
    balances, wall = measure_balance(args.balance_games, args.processes)
    balance = (balances, args.balance_games, args.processes, wall)
    scaling = lab_scaling.measure()
    report = render(
        targets,
        results,
        openspiel_note,
        args.seconds,
        args.seed,
        load_problems,
        balance,
        scaling,
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(report, encoding="utf-8")
    print(report)
    progress(f"report written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
