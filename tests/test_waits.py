"""The quick lane's check (tests/waits.py): a test outside the slow lane that waits for a
clock fails; waiting for work (a thread thinking, I/O) and the slow lane do not count."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.waits import METER


def _busy(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


def test_a_sleep_counts_what_it_slept() -> None:
    METER.reset()
    time.sleep(0.1)
    assert 0.09 <= METER.waited <= 0.11


async def test_an_idle_event_loop_counts_its_timers_but_not_a_thread_at_work() -> None:
    METER.reset()
    await asyncio.sleep(0.1)
    slept = METER.waited
    assert 0.09 <= slept <= 0.12
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(asyncio.Event().wait(), 0.1)
    assert 0.18 <= METER.waited <= 0.24
    METER.reset()
    await asyncio.wait([asyncio.ensure_future(asyncio.to_thread(_busy, 0.3))], timeout=5)
    assert METER.waited < 0.05  # the loop waited for the thread's work, not for a clock


SLEEPER = """
import asyncio, time
import pytest

def test_sleeps():
    time.sleep(0.15)

async def test_awaits_a_timer():
    await asyncio.sleep(0.15)

@pytest.mark.slow
def test_sleeps_in_the_slow_lane():
    time.sleep(0.15)

def test_fails_by_itself():
    time.sleep(0.15)
    assert False, "its own failure"
"""


def test_a_quick_test_that_waits_fails_and_a_slow_one_may(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_sleeper=SLEEPER)
    pytester.makeconftest('pytest_plugins = ["tests.waits"]')
    result = pytester.runpytest_inprocess("-o", "asyncio_mode=auto", "-o", "asyncio_default_fixture_loop_scope=function",
                                          "-o", "quick_lane_max_wait=0.1", "-o", "markers=slow: slow")
    result.assert_outcomes(passed=1, failed=3)
    waited = "waited 0.1? s of real time for a clock (sleeps, idle timers)*quick lane's 0.1 s*"
    result.stdout.fnmatch_lines(["*_ test_sleeps _*", waited, "*_ test_awaits_a_timer _*", waited,
                                 "*_ test_fails_by_itself _*", "*its own failure*", "*real-time waits*", waited])
