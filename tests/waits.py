"""The quick lane never waits for a clock: a test not marked ``slow`` that spends more than
``quick_lane_max_wait`` seconds (pyproject.toml, 1 s) of real time waiting fails.

What counts as waiting, per test (setup, call and teardown together):

- ``time.sleep`` in any thread: the seconds it slept (at most the seconds asked for);
- an event loop idle on a timer: its selector blocked with a timeout and woke with nothing
  to do, while no executor job (a computer player thinking in a thread, a process pool) was
  under way. That is ``asyncio.sleep``, a ``wait_for`` or ``wait`` that runs into its
  timeout, a ``call_later``, and SimCord's real-time fallback for a timer the test never
  moved the virtual clock past, however the wait is written. Counted is the time blocked,
  at most the timeout asked for, so a busy machine does not inflate it.

Waiting for work is not counted: I/O (PostgreSQL, a subprocess, a thread's result wakes the
loop), CPU time, and virtual time (SimCord and ``Table(clock=...)`` move their clocks
without sleeping). Nor are SimCord's own 50 ms settle polls while its bookkeeping settles
(timers made by its ``_settle_internal``), unless a real-time fallback of a bot timer
(``run_real``) is due before the settling gives up: then the poll stands for that wait
and counts. So the check
holds on a loaded machine, where a wall-clock budget per test would fail busy but honest
tests, and whole SimCord games do not add up polls.
"""

from __future__ import annotations

import asyncio
import selectors
import sys
import threading
import time
import weakref
from collections.abc import Callable, Generator
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

BUDGET_INI = "quick_lane_max_wait"


class WaitMeter:
    """Real seconds spent waiting for a clock since the last ``reset``."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.waited = 0.0
        self.jobs = 0  # executor jobs under way: the loop waits for their work, not a clock

    def reset(self) -> None:
        with self._lock:
            self.waited = 0.0

    def add(self, seconds: float) -> None:
        with self._lock:
            self.waited += seconds

    def job_started(self, future: Future[Any]) -> None:
        with self._lock:
            self.jobs += 1
        future.add_done_callback(self._job_done)

    def _job_done(self, _future: Future[Any]) -> None:
        with self._lock:
            self.jobs -= 1


METER = WaitMeter()
_SETTLE_POLLS: weakref.WeakSet[asyncio.TimerHandle] = weakref.WeakSet()


def _made_by_settle() -> bool:
    frame = sys._getframe(2)
    for _ in range(12):
        if frame is None:
            return False
        if frame.f_code.co_name == "_settle_internal" and "simcord" in frame.f_code.co_filename:
            return True
        frame = frame.f_back
    return False


def _metered_call_at(real: Callable[..., asyncio.TimerHandle]) -> Callable[..., asyncio.TimerHandle]:
    def call_at(self: asyncio.AbstractEventLoop, when: float, callback: Any, *args: Any,
                **kwargs: Any) -> asyncio.TimerHandle:
        handle = real(self, when, callback, *args, **kwargs)
        if _made_by_settle():
            _SETTLE_POLLS.add(handle)
        return handle
    return call_at


def _settle_poll_only() -> bool:
    """The loop's next timer is a SimCord settle poll, and no bot timer's real-time fallback
    is due before the settling gives up (a fallback due later is parked: SimCord does not
    wait for it). It reads asyncio's and SimCord's internals: should they change, polls
    count again and the check gets stricter, never blind."""
    loop = asyncio.events._get_running_loop()
    scheduled = getattr(loop, "_scheduled", None)
    if not scheduled or scheduled[0] not in _SETTLE_POLLS:
        return False
    env = _live_simcord_envs().get(loop)
    horizon = time.clock_gettime(time.CLOCK_MONOTONIC) + getattr(env, "settle_timeout", 5.0)
    return not any(getattr(h._callback, "__name__", "") == "run_real" and not h.cancelled()
                   and h.when() <= horizon for h in scheduled)


def _live_simcord_envs() -> Any:
    module = sys.modules.get("simcord.env")
    return getattr(module, "_LIVE_LOOPS", None) or {}


def _metered_sleep(real: Callable[[float], None]) -> Callable[[float], None]:
    def sleep(seconds: float) -> None:
        start = time.perf_counter()
        try:
            real(seconds)
        finally:
            METER.add(min(max(seconds, 0.0), time.perf_counter() - start))
    return sleep


def _metered_select(real: Callable[..., Any]) -> Callable[..., Any]:
    def select(self: selectors.BaseSelector, timeout: float | None = None) -> Any:
        idle = METER.jobs == 0
        start = time.perf_counter()
        ready = real(self, timeout)
        if not ready and timeout is not None and timeout > 0 and idle and METER.jobs == 0 \
                and not _settle_poll_only():
            METER.add(min(timeout, time.perf_counter() - start))
        return ready
    return select


def _metered_submit(real: Callable[..., Future[Any]]) -> Callable[..., Future[Any]]:
    def submit(self: Any, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = real(self, fn, *args, **kwargs)
        METER.job_started(future)
        return future
    return submit


_PATCHES: list[tuple[Any, str, Any]] = []


def install() -> bool:
    """Meter every sleep, idle selector and executor job of this process; False if already
    metered (a pytest run inside a test: the outer run keeps its patches)."""
    if _PATCHES:
        return False
    targets = [(time, "sleep", _metered_sleep), (selectors.DefaultSelector, "select", _metered_select),
               (ThreadPoolExecutor, "submit", _metered_submit), (ProcessPoolExecutor, "submit", _metered_submit),
               (asyncio.BaseEventLoop, "call_at", _metered_call_at)]
    for owner, name, wrap in targets:
        real = getattr(owner, name)
        _PATCHES.append((owner, name, real))
        setattr(owner, name, wrap(real))
    return True


def uninstall() -> None:
    while _PATCHES:
        owner, name, real = _PATCHES.pop()
        setattr(owner, name, real)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(BUDGET_INI, "real seconds a test outside the slow lane may wait for a clock",
                  default="1.0")


_INSTALLED = pytest.StashKey[bool]()
_REPORTED = pytest.StashKey[bool]()


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_INSTALLED] = install()


def pytest_unconfigure(config: pytest.Config) -> None:
    if config.stash.get(_INSTALLED, False):
        uninstall()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None, None, None]:
    METER.reset()
    item.stash[_REPORTED] = False
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    outcome = yield
    report: pytest.TestReport = outcome.get_result()
    budget = float(item.config.getini(BUDGET_INI))
    if item.get_closest_marker("slow") or item.stash.get(_REPORTED, True) or METER.waited <= budget:
        return
    item.stash[_REPORTED] = True
    message = (f"waited {METER.waited:.2f} s of real time for a clock (sleeps, idle timers), more than"
               f" the quick lane's {budget:g} s: put it on virtual time or mark it slow (tests/waits.py)")
    if report.passed:
        report.outcome = "failed"
        report.longrepr = message
    else:
        report.sections.append(("real-time waits", message))
