"""Bot worker processes for the play server: fair, bounded, and never outliving the server.

A :class:`BotPool` runs every bot move in a worker process of its own making (spawned, one
pipe each), so a bot never blocks the event loop and a stuck or crashed bot costs one worker,
not the server:

* Two lanes. Cheap agents (``random``) have their own worker(s), so they answer at once however
  many expensive moves wait in the heavy lane (the levels ``easy`` to ``expert``, ``ismcts``,
  ``mcts``, ``greedy``: a greedy move takes up to a quarter of a second in Mythotopia, more
  with more samples).
* Fair turns. Within a lane, moves wait in a queue per owner (the client that made the table)
  and owners are served round-robin, so a client with fifty MCTS tables gets one worker turn
  per round, not fifty in a row. Queues are bounded: over the caps a move fails at once with
  :class:`BotBusy`.
* Deadlines. A move may think for its ``budget_ms`` (at most ``max_think_s``; an
  iterations-bounded move gets ``max_think_s``) plus ``grace_s``; past that its worker is
  killed and replaced, and the move fails with :class:`BotTimeout`. A search bot (``mcts``,
  ``ismcts`` or a level) is also told to stop thinking at ``max_think_s`` (``cap_mcts``), so
  that a large iteration count in a slow game plays a weaker move instead of timing out again
  on every retry. A worker that
  dies fails its move with :class:`BotCrashed`; an agent that raises, with :class:`BotError`.
* No orphans. A worker asks Linux to kill it when the server dies (``PR_SET_PDEATHSIG``) and
  a watchdog thread exits it when its parent changes, whatever the platform; ``close()``
  terminates every worker. Workers ignore SIGINT: Ctrl-C is the server's to handle.

The pool serves one event loop; use it from that loop (``close()`` may be called from any
thread). Linux's death signal fires when the *thread* that started a worker ends, so workers
are started from the event loop's thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import json
import logging
import math
import multiprocessing
import os
import pickle
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from enum import Enum
from multiprocessing.connection import Connection
from multiprocessing.context import SpawnContext, SpawnProcess
from typing import Generic, TypeVar

from theomachy.agents.ismcts import ISMCTSAgent
from theomachy.agents.levels import LevelAgent
from theomachy.agents.mcts import MCTSAgent
from theomachy.agents.specs import build, parse_spec
from theomachy.engine.core import State

log = logging.getLogger("theomachy.server")

T = TypeVar("T")

# prctl(2) option: the signal a process gets when its parent dies.
_PR_SET_PDEATHSIG = 1


# --- failures -------------------------------------------------------------------------------
class BotFailure(Exception):
    """A bot move that did not come back with an action."""


class BotTimeout(BotFailure):
    """The worker did not answer by the move's deadline (it was killed and replaced)."""


class BotCrashed(BotFailure):
    """The worker died while thinking or starting (it was replaced)."""


class BotError(BotFailure):
    """The agent raised; the message says what it raised (the worker lives on)."""


class BotBusy(BotFailure):
    """Too many moves wait already (for this owner, or in all); nothing was queued."""


class BotPoolClosed(BotFailure):
    """The pool is closed: the server is shutting down."""


# --- the worker process ---------------------------------------------------------------------
def bot_action(spec: str, seed: int, state: State, think_cap_s: float | None = None) -> str:
    """The action the bot ``spec``, seeded with ``seed``, plays in ``state``; a search bot
    (MCTS, ISMCTS, or a level's ISMCTS) stops thinking after ``think_cap_s`` seconds (if
    given) whatever its budget."""
    agent = build(spec, seed=seed)
    if think_cap_s is not None:
        # A level builds its search for the game it is handed: cap that one.
        search = agent.agent_for(state) if isinstance(agent, LevelAgent) else agent
        if isinstance(search, MCTSAgent | ISMCTSAgent):
            cap_ms = think_cap_s * 1000
            if search.budget_ms is None or search.budget_ms > cap_ms:
                search.budget_ms = cap_ms
    return agent.act(state)


def set_parent_death_signal() -> None:
    """Ask Linux to SIGKILL this process when its parent dies (nothing elsewhere)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(
            ctypes.c_int(_PR_SET_PDEATHSIG),
            ctypes.c_ulong(signal.SIGKILL),
            ctypes.c_ulong(0),
            ctypes.c_ulong(0),
            ctypes.c_ulong(0),
        )
    except (OSError, AttributeError):
        pass  # no prctl: the watchdog alone will do


def start_watchdog(parent_pid: int, interval_s: float = 0.5) -> threading.Thread:
    """A daemon thread that ends this process as soon as its parent is no longer
    ``parent_pid`` (the parent died and the process was re-parented)."""

    def watch() -> None:
        while True:
            if os.getppid() != parent_pid:
                os._exit(1)
            time.sleep(interval_s)

    thread = threading.Thread(target=watch, name="theomachy-bot-watchdog", daemon=True)
    thread.start()
    return thread


def worker_main(conn: Connection, parent_pid: int) -> None:
    """A worker's life: say it is ready, then answer one move after another. A request is a
    pickled ``(spec, seed, state, think_cap_s)``; the answer is JSON: ``["ok", action]`` or
    ``["error", message]``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    set_parent_death_signal()
    if os.getppid() != parent_pid:  # the parent died before the death signal was set
        os._exit(1)
    start_watchdog(parent_pid)
    reply: list[str] = ["ready"]
    while True:
        try:
            conn.send_bytes(json.dumps(reply).encode())
            request = conn.recv_bytes()
        except (EOFError, OSError):
            os._exit(0)  # the server closed the pipe
        try:
            spec, seed, state, think_cap_s = pickle.loads(request)
            reply = ["ok", bot_action(spec, seed, state, think_cap_s)]
        except Exception as error:
            reply = ["error", _short(f"{type(error).__name__}: {error}")]


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


@contextlib.contextmanager
def _sigint_blocked() -> Iterator[None]:
    """Block SIGINT in this thread while a worker starts: the worker inherits the mask, so a
    Ctrl-C that lands while it is still importing cannot interrupt it (the parent gets the
    signal once it is unblocked)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


# --- the parent's side ----------------------------------------------------------------------
class FairQueue(Generic[T]):
    """Waiting items, one FIFO queue per owner; ``pop`` serves owners round-robin. Bounded:
    ``push`` raises :class:`BotBusy` beyond ``max_per_owner`` items of one owner or
    ``max_total`` in all."""

    def __init__(self, max_per_owner: int, max_total: int) -> None:
        self.max_per_owner = max_per_owner
        self.max_total = max_total
        self._queues: dict[str, deque[T]] = {}
        self._turns: deque[str] = deque()  # owners with waiting items, next to serve first
        self._size = 0

    def __len__(self) -> int:
        return self._size

    def waiting(self, owner: str) -> int:
        """How many of ``owner``'s items wait."""
        return len(self._queues.get(owner, ()))

    def push(self, owner: str, item: T) -> None:
        """Queue ``item`` last among ``owner``'s."""
        if self._size >= self.max_total:
            raise BotBusy(f"the server has {self._size} bot moves waiting; try again later")
        queue = self._queues.get(owner)
        if queue is None:
            queue = self._queues[owner] = deque()
            self._turns.append(owner)
        elif len(queue) >= self.max_per_owner:
            raise BotBusy(
                f"{len(queue)} bot moves of this client wait already; at most {self.max_per_owner}"
            )
        queue.append(item)
        self._size += 1

    def pop(self) -> T:
        """The first item of the owner whose turn it is (``IndexError`` when empty)."""
        owner = self._turns.popleft()
        queue = self._queues[owner]
        item = queue.popleft()
        self._size -= 1
        if queue:
            self._turns.append(owner)
        else:
            del self._queues[owner]
        return item

    def discard(self, owner: str, item: T) -> bool:
        """Remove ``item`` if it still waits; whether it did."""
        queue = self._queues.get(owner)
        if queue is None or item not in queue:
            return False
        queue.remove(item)
        self._size -= 1
        if not queue:
            del self._queues[owner]
            self._turns.remove(owner)
        return True

    def drain(self) -> list[T]:
        """Remove and return every waiting item."""
        items = [item for queue in self._queues.values() for item in queue]
        self._queues.clear()
        self._turns.clear()
        self._size = 0
        return items


@dataclass(eq=False)
class _Job:
    """One move: who asked, what to send, how long it may take, and where the answer goes."""

    owner: str
    table_id: str
    spec: str
    request: bytes
    deadline_s: float
    future: asyncio.Future[str]


class _Phase(Enum):
    STARTING = "starting"
    IDLE = "idle"
    BUSY = "busy"


class _Worker:
    """One worker process and the parent's end of its pipe."""

    def __init__(self, context: SpawnContext, name: str, loop: asyncio.AbstractEventLoop) -> None:
        conn, child_conn = context.Pipe(duplex=True)
        self.process: SpawnProcess = context.Process(
            target=worker_main, args=(child_conn, os.getpid()), name=name, daemon=True
        )
        with _sigint_blocked():
            self.process.start()
        child_conn.close()  # the child has its copy; ours would hide the child's death
        self.conn = conn
        self.fd = conn.fileno()
        self.phase = _Phase.STARTING
        self.job: _Job | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.ready: asyncio.Future[None] = loop.create_future()

    @property
    def pid(self) -> int:
        return self.process.pid or 0

    def describe_exit(self) -> str:
        code = self.process.exitcode
        if code is None:
            return "still running"
        if code < 0:
            return f"killed by {signal.Signals(-code).name}"
        return f"exit code {code}"

    def kill(self) -> None:
        """Kill the process (at once) and reap it."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=2.0)


@dataclass(eq=False)
class _Lane:
    """Workers for one kind of agent, and the moves waiting for them."""

    name: str
    size: int
    queue: FairQueue[_Job]
    workers: list[_Worker] = field(default_factory=list)


class BotPool:
    """Bot moves in worker processes: ``await pool.move(...)``; ``pool.close()`` at shutdown.

    ``workers`` heavy-lane processes think for the agents not in ``light_agents``;
    ``light_workers`` processes serve ``light_agents``. A move may think ``max_think_s`` (or
    its ``budget_ms``, if less) plus ``grace_s``; with ``cap_mcts`` a search bot (``mcts``,
    ``ismcts``, a level) stops by itself after ``max_think_s``, whatever its iterations. A
    new worker must be ready within ``start_timeout_s``. At most ``max_queued_per_owner``
    moves of one owner, and ``max_queued`` in all, wait in each lane.
    """

    def __init__(
        self,
        workers: int = 2,
        *,
        light_workers: int = 1,
        light_agents: Collection[str] = ("random",),
        max_think_s: float = 2.0,
        cap_mcts: bool = True,
        grace_s: float = 3.0,
        start_timeout_s: float = 30.0,
        max_queued_per_owner: int = 64,
        max_queued: int = 4096,
    ) -> None:
        if workers < 1 or light_workers < 1:
            raise ValueError("a bot pool needs at least one worker in each lane")
        self.max_think_s = max_think_s
        self.cap_mcts = cap_mcts
        self.grace_s = grace_s
        self.start_timeout_s = start_timeout_s
        self.light_agents = frozenset(light_agents)
        self._light = _Lane("light", light_workers, FairQueue(max_queued_per_owner, max_queued))
        self._heavy = _Lane("heavy", workers, FairQueue(max_queued_per_owner, max_queued))
        self._context = multiprocessing.get_context("spawn")
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closed = False
        self._spawned = 0

    # --- the API ----------------------------------------------------------------------------
    async def move(self, *, owner: str, table_id: str, spec: str, seed: int, state: State) -> str:
        """The bot ``spec``'s action in ``state``, thought in a worker; ``seed`` seeds the
        agent (the caller derives one per move, so that a table's bots replay exactly).
        ``owner`` is the client whose turn the move waits for; ``table_id`` names it in logs.
        Raises a :class:`BotFailure`: :class:`BotBusy`, :class:`BotTimeout`,
        :class:`BotCrashed`, :class:`BotError` or :class:`BotPoolClosed`."""
        if self._closed:
            raise BotPoolClosed("the bot pool is closed")
        loop = self._bind_loop()
        try:
            name = parse_spec(spec)[0]
            cap = self.max_think_s if self.cap_mcts else None
            request = pickle.dumps((spec, seed, state, cap), protocol=pickle.HIGHEST_PROTOCOL)
        except (ValueError, pickle.PicklingError, TypeError, AttributeError) as error:
            raise BotError(_short(str(error))) from None
        lane = self._light if name in self.light_agents else self._heavy
        job = _Job(owner, table_id, spec, request, self.deadline_s(spec), loop.create_future())
        lane.queue.push(owner, job)  # BotBusy over the caps
        self._pump(lane)
        try:
            return await job.future
        except asyncio.CancelledError:
            # Still waiting: forget it. Already thinking: the worker finishes (its deadline
            # still holds) and the answer is dropped.
            lane.queue.discard(owner, job)
            raise

    async def warm(self) -> None:
        """Start every lane's workers now and wait until they are ready (or failed)."""
        if self._closed:
            raise BotPoolClosed("the bot pool is closed")
        self._bind_loop()
        for lane in (self._light, self._heavy):
            for _ in range(lane.size - len(lane.workers)):
                self._spawn(lane)
        waiting = [w.ready for lane in (self._light, self._heavy) for w in lane.workers]
        if waiting:
            await asyncio.wait(waiting)

    def worker_pids(self, lane: str | None = None) -> list[int]:
        """The process ids of the workers (of the ``"light"`` or ``"heavy"`` lane)."""
        lanes = [x for x in (self._light, self._heavy) if lane in (None, x.name)]
        return [w.pid for x in lanes for w in x.workers]

    def waiting(self) -> int:
        """How many moves wait for a worker."""
        return len(self._light.queue) + len(self._heavy.queue)

    def close(self) -> None:
        """Stop every worker (SIGTERM, then SIGKILL after a second) and fail every pending
        move with :class:`BotPoolClosed`. Idempotent; callable from any thread."""
        if self._closed:
            return
        self._closed = True
        workers = [w for lane in (self._light, self._heavy) for w in lane.workers]
        _stop_processes([w.process for w in workers])
        loop = self._loop
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if loop is not None and loop.is_running() and running is not loop:
            try:
                loop.call_soon_threadsafe(self._release)
                return
            except RuntimeError:  # the loop closed meanwhile
                pass
        self._release()

    def __enter__(self) -> BotPool:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    # --- scheduling -------------------------------------------------------------------------
    def deadline_s(self, spec: str) -> float:
        """Seconds a move of ``spec`` may take: its think time (``budget_ms``, at most
        ``max_think_s``; ``max_think_s`` without a budget) plus the grace."""
        think = self.max_think_s
        try:
            budget = parse_spec(spec)[1].get("budget_ms")
        except ValueError:
            budget = None
        if isinstance(budget, int | float) and math.isfinite(budget) and budget > 0:
            think = min(think, budget / 1000)
        return think + self.grace_s

    def _pump(self, lane: _Lane) -> None:
        """Give waiting moves to idle workers, and start workers that are missing."""
        if self._closed:
            return
        idle = [w for w in lane.workers if w.phase is _Phase.IDLE]
        while idle and lane.queue:
            job = lane.queue.pop()
            if not job.future.done():  # (a cancelled move leaves the queue; this is a guard)
                self._dispatch(lane, idle.pop(0), job)
        starting = sum(w.phase is _Phase.STARTING for w in lane.workers)
        for _ in range(min(len(lane.queue) - starting, lane.size - len(lane.workers))):
            self._spawn(lane)

    def _dispatch(self, lane: _Lane, worker: _Worker, job: _Job) -> None:
        loop = self._bound()
        worker.phase = _Phase.BUSY
        worker.job = job
        worker.timer = loop.call_later(job.deadline_s, self._on_deadline, lane, worker)
        with contextlib.suppress(OSError):  # a dead worker: its pipe's end reports the crash
            worker.conn.send_bytes(job.request)

    def _spawn(self, lane: _Lane) -> None:
        loop = self._bound()
        self._spawned += 1
        try:
            worker = _Worker(self._context, f"theomachy-bot-{lane.name}-{self._spawned}", loop)
        except OSError as error:
            log.error("cannot start a %s bot worker: %s", lane.name, error)
            if lane.queue:
                self._fail(lane.queue.pop(), BotCrashed(f"cannot start a bot worker: {error}"))
            return
        lane.workers.append(worker)
        loop.add_reader(worker.fd, self._on_message, lane, worker)
        worker.timer = loop.call_later(self.start_timeout_s, self._on_start_timeout, lane, worker)

    # --- events -----------------------------------------------------------------------------
    def _on_message(self, lane: _Lane, worker: _Worker) -> None:
        if self._closed:
            self._bound().remove_reader(worker.fd)
            return
        try:
            message = json.loads(worker.conn.recv_bytes())
        except (EOFError, OSError, ValueError):
            worker.process.join(timeout=1.0)
            self._lose(lane, worker, f"bot worker {worker.pid} died ({worker.describe_exit()})")
            return
        if worker.timer is not None:
            worker.timer.cancel()
            worker.timer = None
        if message[0] == "ready":
            worker.phase = _Phase.IDLE
            if not worker.ready.done():
                worker.ready.set_result(None)
        else:
            job, worker.job = worker.job, None
            worker.phase = _Phase.IDLE
            if job is not None and not job.future.done():
                if message[0] == "ok" and isinstance(message[1], str):
                    job.future.set_result(message[1])
                else:
                    job.future.set_exception(BotError(str(message[1])))
        self._pump(lane)

    def _on_deadline(self, lane: _Lane, worker: _Worker) -> None:
        job = worker.job
        seconds = job.deadline_s if job is not None else 0.0
        self._lose(lane, worker, f"the bot did not answer within {seconds:g} s", BotTimeout)

    def _on_start_timeout(self, lane: _Lane, worker: _Worker) -> None:
        self._lose(lane, worker, f"a bot worker did not start within {self.start_timeout_s:g} s")

    def _lose(
        self,
        lane: _Lane,
        worker: _Worker,
        reason: str,
        failure: type[BotFailure] = BotCrashed,
    ) -> None:
        """Kill and forget ``worker``; fail its move (or, if it never started, the next
        waiting one: a worker that cannot start must not be restarted for ever)."""
        loop = self._bound()
        loop.remove_reader(worker.fd)
        if worker.timer is not None:
            worker.timer.cancel()
        worker.kill()
        worker.conn.close()
        lane.workers.remove(worker)
        if not worker.ready.done():
            worker.ready.set_result(None)
        job = worker.job
        if job is None and worker.phase is _Phase.STARTING and lane.queue:
            job = lane.queue.pop()
        if job is not None:
            log.error(
                "bot %s at table %s (owner %s): %s", job.spec, job.table_id, job.owner, reason
            )
            self._fail(job, failure(reason))
        else:
            log.error("%s bot worker: %s", lane.name, reason)
        self._pump(lane)

    @staticmethod
    def _fail(job: _Job, failure: BotFailure) -> None:
        if not job.future.done():
            job.future.set_exception(failure)

    # --- the event loop ---------------------------------------------------------------------
    def _bound(self) -> asyncio.AbstractEventLoop:
        assert self._loop is not None, "the pool has no event loop yet"
        return self._loop

    def _bind_loop(self) -> asyncio.AbstractEventLoop:
        """The running loop, which the pool serves from now on. A new loop (the old one has
        stopped) gets fresh workers: the old ones were watched by the old loop."""
        loop = asyncio.get_running_loop()
        if self._loop is loop:
            return loop
        if self._loop is not None:
            if self._loop.is_running():
                raise RuntimeError("a BotPool serves one running event loop at a time")
            workers = [w for lane in (self._light, self._heavy) for w in lane.workers]
            _stop_processes([w.process for w in workers])
            self._release("the bot pool moved to another event loop")
        self._loop = loop
        return loop

    def _release(self, reason: str = "the bot pool was closed") -> None:
        """Forget every worker (already stopped) and fail every pending move with
        :class:`BotPoolClosed`; in the loop's thread, or with no loop running."""
        loop = self._loop
        usable = loop is not None and not loop.is_closed()
        for lane in (self._light, self._heavy):
            jobs = lane.queue.drain()
            for worker in lane.workers:
                if usable and loop is not None:
                    loop.remove_reader(worker.fd)
                if worker.timer is not None:
                    worker.timer.cancel()
                worker.kill()  # stopped already, unless it started during close()
                worker.conn.close()
                if worker.job is not None:
                    jobs.append(worker.job)
                if usable and not worker.ready.done():
                    worker.ready.set_result(None)
            lane.workers.clear()
            if usable:
                for job in jobs:
                    self._fail(job, BotPoolClosed(reason))


def _stop_processes(processes: list[SpawnProcess], patience_s: float = 1.0) -> None:
    """SIGTERM every process, SIGKILL those still alive after ``patience_s``, reap all."""
    for process in processes:
        if process.is_alive():
            process.terminate()
    deadline = time.monotonic() + patience_s
    for process in processes:
        process.join(timeout=max(0.0, deadline - time.monotonic()))
    for process in processes:
        if process.is_alive():
            process.kill()
            process.join(timeout=2.0)
