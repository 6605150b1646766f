"""Session-wide: find out once whether the PostgreSQL variants can run, and say so; and the
quick lane's check that no test waits for a clock (tests/waits.py); SimCord's settling looks
again after 2 ms, not 50 ms (tests/settle.py)."""

from __future__ import annotations

import gc
import logging
import sys
from collections.abc import Iterator

import pytest

from tests import pg

# Where the machine turns bytecode caching off (PYTHONDONTWRITEBYTECODE=1), each pytest-xdist
# worker and each command-line subprocess of a test would compile the package and rewrite every
# test module again: a test run keeps its caches (ignored by git), whatever the environment says.
sys.dont_write_bytecode = False

pytest_plugins = ["pytester", "tests.waits", "tests.settle"]


def pytest_sessionstart(session):  # noqa: ANN001, ANN201 - pytest hook
    pg.status()  # probe now, outside any event loop


def pytest_collection_finish(session):  # noqa: ANN001, ANN201 - pytest hook
    # What the imports and the collection made lives for the whole run: out of the collector's
    # sight, each full collection scans only what the tests make (about 3 % less CPU in bot tests).
    gc.collect()
    gc.freeze()


def pytest_sessionfinish(session):  # noqa: ANN001, ANN201 - pytest hook
    pg.drop_spares()  # the PostgreSQL schemas this process kept to lend to its tests


def pytest_report_header(config):  # noqa: ANN001, ANN201
    return pg.status()[1]


def pytest_terminal_summary(terminalreporter):  # noqa: ANN001, ANN201
    url, line = pg.status()
    if url is None:  # one clear line even under -q, never a silent skip
        terminalreporter.write_line(line, yellow=True)


@pytest.fixture(autouse=True)
def _root_logger_put_back() -> Iterator[None]:
    """A test that starts the bot in-process (``run_bot``) sets the root logger's handler to
    the stderr of that moment, the test's captured stream, closed once the test ends: later
    log lines of the worker would each print a "Logging error" traceback instead."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)
