"""The quick lane's check under SimCord (tests/waits.py): clicks and virtual time cost no
waiting, a bot timer that SimCord lets run out in real time does."""

from __future__ import annotations

import asyncio

from tests.waits import METER


async def test_clicks_on_virtual_time_wait_for_no_clock(doko):
    METER.reset()
    await doko.open_and_seat()
    await doko.start()
    with doko.env._bot_scope():
        asyncio.get_running_loop().create_task(asyncio.sleep(120))  # a bot timer
    await doko.env.advance_time(120)  # moved past on the virtual clock
    assert METER.waited < 0.05


async def test_a_bot_timer_left_to_its_real_time_fallback_is_waited_for(doko):
    await doko.open_and_seat()
    METER.reset()
    with doko.env._bot_scope():
        asyncio.get_running_loop().create_task(asyncio.sleep(0.3))  # nobody advances the clock
    await doko.env.settle()
    assert 0.25 <= METER.waited <= 0.6
