"""Session-wide: find out once whether the PostgreSQL variants can run, and say so; and the
quick lane's check that no test waits for a clock (tests/waits.py)."""

from __future__ import annotations

from tests import pg

pytest_plugins = ["pytester", "tests.waits"]


def pytest_sessionstart(session):  # noqa: ANN001, ANN201 - pytest hook
    pg.status()  # probe now, outside any event loop


def pytest_report_header(config):  # noqa: ANN001, ANN201
    return pg.status()[1]


def pytest_terminal_summary(terminalreporter):  # noqa: ANN001, ANN201
    url, line = pg.status()
    if url is None:  # one clear line even under -q, never a silent skip
        terminalreporter.write_line(line, yellow=True)
