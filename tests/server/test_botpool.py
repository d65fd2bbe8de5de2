"""The bot pool: moves in worker processes, fair turns, two lanes, deadlines, crashes, and no
worker outliving its server."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest

import theomachy
from theomachy.engine import conformance
from theomachy.engine.core import State
from theomachy.server.botpool import (
    BotBusy,
    BotCrashed,
    BotError,
    BotFailure,
    BotPool,
    BotPoolClosed,
    BotTimeout,
    FairQueue,
    bot_action,
)

# Far more iterations than any test waits for: a move that thinks until it is stopped.
FOREVER = "mcts:iterations=100000000"


def decision_state(game_id: str = "mythic-arena", seed: int = 1, skip: int = 6) -> State:
    """A position where a player chooses among several actions."""
    game = theomachy.load(game_id)
    found = 0
    for state in conformance.random_playthrough(game, seed):
        if state.current_player >= 0 and len(state.legal_actions()) > 1:
            if found == skip:
                return state.clone()
            found += 1
    raise AssertionError("no decision position")


STATE = decision_state()


def with_pool(test: Callable[[BotPool], Awaitable[None]], **settings: object) -> None:
    """Run ``test`` on a new pool in a new event loop; the pool is closed afterwards."""
    pool = BotPool(**settings)  # type: ignore[arg-type]

    async def main() -> None:
        try:
            await test(pool)
        finally:
            pool.close()

    asyncio.run(main())


def move(pool: BotPool, spec: str, owner: str = "alice", seed: int = 1) -> Awaitable[str]:
    return pool.move(owner=owner, table_id=f"table-{owner}", spec=spec, seed=seed, state=STATE)


# --- the fair queue (no processes) ----------------------------------------------------------
def test_the_fair_queue_serves_owners_round_robin_and_each_owner_in_order():
    queue: FairQueue[str] = FairQueue(max_per_owner=10, max_total=100)
    for i in range(4):
        queue.push("a", f"a{i}")
    queue.push("b", "b0")
    queue.push("c", "c0")
    queue.push("b", "b1")
    served = [queue.pop() for _ in range(len(queue))]
    assert served == ["a0", "b0", "c0", "a1", "b1", "a2", "a3"]
    with pytest.raises(IndexError):
        queue.pop()


def test_the_fair_queue_is_bounded_and_forgets_discarded_items():
    queue: FairQueue[str] = FairQueue(max_per_owner=2, max_total=3)
    queue.push("a", "a0")
    queue.push("a", "a1")
    with pytest.raises(BotBusy, match="at most 2"):
        queue.push("a", "a2")
    queue.push("b", "b0")
    with pytest.raises(BotBusy, match="3 bot moves waiting"):
        queue.push("c", "c0")
    assert queue.discard("b", "b0") and not queue.discard("b", "b0")
    assert queue.waiting("a") == 2 and queue.waiting("b") == 0 and len(queue) == 2
    queue.push("c", "c0")
    assert [queue.pop(), queue.pop()] == ["a0", "c0"]
    assert queue.drain() == ["a1"] and len(queue) == 0


def test_deadlines_follow_the_spec_within_the_pool_cap():
    pool = BotPool(max_think_s=2.0, grace_s=3.0)
    assert pool.deadline_s("mcts:budget_ms=500") == pytest.approx(3.5)
    assert pool.deadline_s("mcts:budget_ms=60000") == pytest.approx(5.0)
    assert pool.deadline_s("mcts:iterations=20000") == pytest.approx(5.0)
    assert pool.deadline_s("random") == pytest.approx(5.0)
    pool.close()


# --- moves ----------------------------------------------------------------------------------
def test_random_and_mcts_moves_come_back_right():
    async def test(pool: BotPool) -> None:
        action = await move(pool, "random")
        assert action in STATE.legal_actions()
        action = await move(pool, "mcts:iterations=30", seed=7)
        assert action == bot_action("mcts:iterations=30", 7, STATE.clone())
        assert len(pool.worker_pids("light")) == 1
        assert len(pool.worker_pids("heavy")) == 1

    with_pool(test, workers=1)


def test_an_agent_that_raises_is_a_bot_error_and_its_worker_lives_on():
    async def test(pool: BotPool) -> None:
        with pytest.raises(BotError, match="iterations must be an integer of at least 1"):
            await move(pool, "mcts:iterations=0")
        pid = pool.worker_pids("heavy")
        assert await move(pool, "mcts:iterations=5") in STATE.legal_actions()
        assert pool.worker_pids("heavy") == pid
        with pytest.raises(BotError, match="unknown agent"):
            await move(pool, "oracle")

    with_pool(test, workers=1)


def test_owners_take_turns_on_a_busy_worker():
    async def test(pool: BotPool) -> None:
        await pool.warm()
        finished: list[str] = []

        async def one(owner: str, number: int) -> None:
            await move(pool, "mcts:budget_ms=60", owner=owner, seed=number)
            finished.append(f"{owner}{number}")

        flood = [asyncio.create_task(one("A", i)) for i in range(6)]
        await asyncio.sleep(0)  # A's six moves are queued (one thinks already)
        late = asyncio.create_task(one("B", 0))
        await asyncio.gather(*flood, late)
        # A0 was thinking, A1 was next in line, then B had its turn: before A2...A5.
        assert finished.index("B0") <= 2, finished
        assert [f for f in finished if f.startswith("A")] == [f"A{i}" for i in range(6)]

    with_pool(test, workers=1)


def test_a_random_bot_answers_at_once_while_the_heavy_lane_is_flooded():
    async def test(pool: BotPool) -> None:
        await pool.warm()
        flood = [
            asyncio.create_task(move(pool, "mcts:budget_ms=1500", owner="flood", seed=i))
            for i in range(4)
        ]
        await asyncio.sleep(0.3)
        start = time.monotonic()
        action = await move(pool, "random", owner="fresh")
        assert time.monotonic() - start < 1.0
        assert action in STATE.legal_actions()
        assert not any(task.done() for task in flood)
        pool.close()
        results = await asyncio.gather(*flood, return_exceptions=True)
        assert all(isinstance(r, BotPoolClosed) for r in results), results

    with_pool(test, workers=1)


def test_a_move_past_its_deadline_times_out_and_the_worker_is_replaced():
    async def test(pool: BotPool) -> None:
        await pool.warm()
        (before,) = pool.worker_pids("heavy")
        start = time.monotonic()
        with pytest.raises(BotTimeout, match=r"within 0\.8 s"):
            await move(pool, FOREVER)
        assert time.monotonic() - start >= 0.75
        assert not pid_alive(before)
        assert await move(pool, "random") in STATE.legal_actions()
        assert pool.worker_pids("heavy") not in ([], [before])

    # Every agent in the heavy lane: the next move (random) needs the replacement. MCTS is
    # not told to stop at the cap, so it overruns its deadline.
    with_pool(test, workers=1, light_agents=(), max_think_s=0.2, grace_s=0.6, cap_mcts=False)


def test_mcts_stops_at_the_think_cap_instead_of_timing_out():
    async def test(pool: BotPool) -> None:
        await pool.warm()
        start = time.monotonic()
        assert await move(pool, FOREVER) in STATE.legal_actions()
        assert time.monotonic() - start < 0.2 + 0.6

    with_pool(test, workers=1, max_think_s=0.2, grace_s=10)


def test_levels_and_ismcts_think_in_the_heavy_lane():
    async def test(pool: BotPool) -> None:
        for spec in ("easy", "ismcts:iterations=20"):
            action = await move(pool, spec, seed=5)
            assert action == bot_action(spec, 5, STATE.clone())
        assert pool.worker_pids("light") == []  # only random is light
        assert len(pool.worker_pids("heavy")) == 1
        assert pool.deadline_s("hard") == pytest.approx(pool.max_think_s + pool.grace_s)

    with_pool(test, workers=1)


def test_ismcts_and_levels_stop_at_the_think_cap(monkeypatch):
    start = time.monotonic()
    action = bot_action("ismcts:iterations=100000000", 1, STATE.clone(), think_cap_s=0.2)
    assert action in STATE.legal_actions()
    assert time.monotonic() - start < 2.0
    # A level builds its search per game: the cap reaches that search. Make the level's
    # settings endless to see it.
    from theomachy.agents import levels

    real_plan = levels.plan

    def endless(level: str, game_id: str, players: int) -> dict[str, object]:
        return {**real_plan(level, game_id, players), "iterations": 100_000_000}

    monkeypatch.setattr(levels, "plan", endless)
    start = time.monotonic()
    assert bot_action("expert", 1, STATE.clone(), think_cap_s=0.2) in STATE.legal_actions()
    assert time.monotonic() - start < 2.0
    monkeypatch.setattr(levels, "plan", real_plan)
    # Below the cap a level plays as it would uncapped (its budget is in iterations).
    assert bot_action("easy", 3, STATE.clone(), think_cap_s=30) == bot_action(
        "easy", 3, STATE.clone()
    )


def test_a_worker_killed_while_thinking_is_a_crash_and_is_replaced():
    async def test(pool: BotPool) -> None:
        await pool.warm()
        (before,) = pool.worker_pids("heavy")
        thinking = asyncio.create_task(move(pool, FOREVER))
        await asyncio.sleep(0.3)
        os.kill(before, signal.SIGKILL)
        with pytest.raises(BotCrashed, match="SIGKILL"):
            await asyncio.wait_for(thinking, timeout=10)
        assert await move(pool, "mcts:iterations=5") in STATE.legal_actions()
        assert pool.worker_pids("heavy") not in ([], [before])

    with_pool(test, workers=1, max_think_s=60)


def test_workers_ignore_sigint():
    async def test(pool: BotPool) -> None:
        await pool.warm()
        pids = pool.worker_pids()
        for pid in pids:
            os.kill(pid, signal.SIGINT)
        await asyncio.sleep(0.3)
        assert await move(pool, "random") in STATE.legal_actions()
        assert await move(pool, "mcts:iterations=5") in STATE.legal_actions()
        assert pool.worker_pids() == pids

    with_pool(test, workers=1)


def test_queues_are_bounded_per_owner_and_in_all():
    async def test(pool: BotPool) -> None:
        # No worker is ready yet (they start on demand), so every move waits.
        moves = [asyncio.create_task(move(pool, "mcts:iterations=5", owner=o)) for o in "AAABC"]
        await asyncio.sleep(0)
        busy = [isinstance(t.exception(), BotBusy) if t.done() else False for t in moves]
        assert busy == [False, False, True, False, True]
        assert pool.waiting() == 3
        moves[1].cancel()
        await asyncio.sleep(0)
        assert pool.waiting() == 2
        assert await moves[0] in STATE.legal_actions()
        assert await moves[3] in STATE.legal_actions()

    with_pool(test, workers=1, max_queued_per_owner=2, max_queued=3)


def test_a_worker_that_does_not_start_in_time_fails_one_move_and_is_not_restarted():
    async def test(pool: BotPool) -> None:
        with pytest.raises(BotCrashed, match="did not start within"):
            await move(pool, "random")
        assert pool.worker_pids() == [] and pool.waiting() == 0

    with_pool(test, start_timeout_s=0.01)


def test_a_pool_moves_on_to_a_new_event_loop():
    pool = BotPool(workers=1)
    try:
        assert asyncio.run(move(pool, "random")) in STATE.legal_actions()
        (first,) = pool.worker_pids()
        assert asyncio.run(move(pool, "random")) in STATE.legal_actions()
        assert pool.worker_pids() != [first] and not pid_alive(first)
    finally:
        pool.close()


@pytest.mark.parametrize("where", ["loop", "thread"])
def test_close_fails_pending_moves_and_stops_the_workers(where):
    async def test(pool: BotPool) -> None:
        await pool.warm()
        pids = pool.worker_pids()
        moves = [asyncio.create_task(move(pool, FOREVER, seed=i)) for i in range(3)]
        await asyncio.sleep(0.3)
        if where == "loop":
            pool.close()
        else:
            await asyncio.get_running_loop().run_in_executor(None, pool.close)
        results = await asyncio.wait_for(asyncio.gather(*moves, return_exceptions=True), 5)
        assert all(isinstance(r, BotPoolClosed) for r in results), results
        assert not any(pid_alive(pid) for pid in pids)
        pool.close()  # again: nothing happens
        with pytest.raises(BotFailure):
            await move(pool, "random")

    with_pool(test, workers=1, max_think_s=60)


# --- no orphans -----------------------------------------------------------------------------
SERVER = textwrap.dedent(
    """
    import asyncio, signal, sys
    import theomachy
    from theomachy.engine import conformance
    from theomachy.server.botpool import BotFailure, BotPool

    # Start as from a terminal: Ctrl-C handled, not blocked. A child inherits an ignored or
    # blocked SIGINT from whoever starts it (here a pytest worker, whose state earlier tests
    # or plugins may have changed), and the test is about the server, not its parent.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

    async def main(mode):
        pool = BotPool(workers=1, max_think_s=60)
        if mode == "term-close":
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, pool.close)
        await pool.warm()
        game = theomachy.load("mythic-arena")
        state = next(s for s in conformance.random_playthrough(game, 1)
                     if s.current_player >= 0 and len(s.legal_actions()) > 1)
        thinking = asyncio.ensure_future(pool.move(
            owner="o", table_id="t", spec="mcts:iterations=100000000", seed=1, state=state))
        await asyncio.sleep(0.2)
        print(" ".join(map(str, pool.worker_pids())), flush=True)
        try:
            await thinking
        except BotFailure as failure:
            print(type(failure).__name__, flush=True)

    if __name__ == "__main__":
        asyncio.run(main(sys.argv[1]))
    """
)


def process_status(pid: int) -> tuple[str, int] | None:
    """(state letter, parent pid) of a process; None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    return fields[0], int(fields[1])


def pid_alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie has ended; it waits only to be reaped)."""
    status = process_status(pid)
    return status is not None and status[0] not in ("Z", "X")


def children_of(pid: int) -> list[int]:
    pids = [int(name) for name in os.listdir("/proc") if name.isdigit()]
    return [p for p in pids if (process_status(p) or ("", 0))[1] == pid]


def wait_until_dead(pids: list[int], within_s: float) -> list[int]:
    """The pids still alive after ``within_s`` seconds."""
    deadline = time.monotonic() + within_s
    while True:
        alive = [pid for pid in pids if pid_alive(pid)]
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.05)


@contextlib.contextmanager
def killing(process: subprocess.Popen[str]) -> Iterator[None]:
    """Kill ``process`` on the way out if it still runs (a failed test must not wait for it)."""
    try:
        yield
    finally:
        if process.poll() is None:
            process.kill()


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


@needs_proc
@pytest.mark.parametrize("mode", ["kill", "term", "term-close", "ctrl-c"])
def test_workers_do_not_outlive_their_server(mode, tmp_path):
    script = tmp_path / "server.py"
    script.write_text(SERVER)
    server = subprocess.Popen(
        [sys.executable, str(script), mode],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal would give it
    )
    with server, killing(server):
        assert server.stdout is not None
        workers = [int(pid) for pid in server.stdout.readline().split()]
        assert len(workers) == 2  # one light worker, one heavy one (thinking)
        children = children_of(server.pid)  # the workers, and multiprocessing's tracker
        assert set(workers) <= set(children)
        if mode == "ctrl-c":  # the whole group gets SIGINT, as from a terminal
            os.killpg(server.pid, signal.SIGINT)
        else:
            server.send_signal(signal.SIGKILL if mode == "kill" else signal.SIGTERM)
        out, err = server.communicate(timeout=10)
        assert wait_until_dead(children, within_s=5) == []
        if mode == "term-close":
            assert out.strip() == "BotPoolClosed"
            assert server.returncode == 0
        if mode == "ctrl-c":  # one traceback, the server's own: none from a worker
            assert err.splitlines().count("KeyboardInterrupt") == 1, err
            assert "worker_main" not in err and "spawn_main" not in err, err
        else:
            assert err == ""


GUARDIAN = textwrap.dedent(
    """
    import subprocess, sys, time
    child = subprocess.Popen([sys.executable, "-c", sys.argv[1]])
    print(child.pid, flush=True)
    time.sleep(60)
    """
)
WATCHED = textwrap.dedent(
    """
    import os, sys, time
    from theomachy.server import botpool
    if sys.argv[1] == "watchdog":
        botpool.start_watchdog(os.getppid(), interval_s=0.1)
    else:
        botpool.set_parent_death_signal()
    print("watching", flush=True)
    time.sleep(60)
    """
)


@needs_proc
@pytest.mark.parametrize("guard", ["watchdog", "death-signal"])
def test_each_guard_alone_ends_a_worker_whose_parent_died(guard):
    if guard == "death-signal" and not sys.platform.startswith("linux"):
        pytest.skip("PR_SET_PDEATHSIG is Linux's")
    watched = WATCHED.replace("sys.argv[1]", repr(guard))
    with (
        subprocess.Popen(
            [sys.executable, "-c", GUARDIAN, watched], stdout=subprocess.PIPE, text=True
        ) as parent,
        killing(parent),
    ):
        assert parent.stdout is not None
        child = int(parent.stdout.readline())
        assert parent.stdout.readline().strip() == "watching"
        assert pid_alive(child)
        parent.kill()
        parent.wait(timeout=10)
        assert wait_until_dead([child], within_s=5) == []
