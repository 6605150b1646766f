"""SimCord's settling polls every 2 ms instead of every 50 ms.

After each step a SimCord operation settles the bot: it runs the loop until every bot task
is parked and no tracked callback is left. When a bot task ends, SimCord's own inspection
of it is queued as a callback one loop turn later; if settling looks in between, it sees
that callback, and waits its idle interval on the parked tasks, which never wake it: the
callback runs at once, but the wait lasts the whole interval. A game against computers
meets that a few hundred times, 50 ms each, seconds of a test spent idle. A shorter
interval costs the same few checks (the waits still end early when a task or a thread
finishes) and changes nothing of what settling waits for, only how soon it looks again.
"""

from __future__ import annotations

import pytest
import simcord.env

IDLE = 0.002  # seconds between two looks of a settling that has nothing to wait for

_SET = pytest.StashKey[float]()  # the interval this run replaced; unset in a run inside a test


def pytest_configure(config: pytest.Config) -> None:
    defaults = simcord.env.Env._settle_internal.__kwdefaults__
    if defaults is None or defaults.get("idle", IDLE) == IDLE:
        return  # not SimCord's known shape, or set already (a pytest run inside a test)
    config.stash[_SET] = defaults["idle"]
    defaults["idle"] = IDLE


def pytest_unconfigure(config: pytest.Config) -> None:
    defaults = simcord.env.Env._settle_internal.__kwdefaults__
    if defaults is not None and _SET in config.stash:
        defaults["idle"] = config.stash[_SET]
