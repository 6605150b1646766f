"""PostgreSQL for the tests: one fresh schema per test on the server named by
``DOKOBOT_TEST_PG`` (``.ci/run`` starts a local PostgreSQL and sets it). So the
pytest-xdist workers of a parallel run (and several runs on one server) never share
tables: a schema's name carries its worker (``t_gw1_...``) and a random part.

Without a reachable server the PostgreSQL variants are skipped, and the
session header says why in one line (never silently).
"""

from __future__ import annotations

import asyncio
import os
import secrets
from urllib.parse import urlsplit, urlunsplit

import pytest

ENV = "DOKOBOT_TEST_PG"
_status: tuple[str | None, str] | None = None


def _probe() -> tuple[str | None, str]:
    url = os.environ.get(ENV, "").strip()
    if not url:
        return None, f"PostgreSQL tests skipped: {ENV} is not set (.ci/run starts a local PostgreSQL and sets it)"
    try:
        import asyncpg
    except ImportError:
        return None, "PostgreSQL tests skipped: the asyncpg package is not installed"

    async def ping() -> None:
        conn = await asyncpg.connect(url, timeout=5)
        await conn.close()

    try:
        asyncio.run(ping())
    except Exception as exc:  # noqa: BLE001 - any failure: skip with the reason
        from dokobot.storage.postgres import describe, redact

        return None, f"PostgreSQL tests skipped: {redact(url)}: {describe(exc)}"
    return url, f"PostgreSQL tests run against {_shown(url)}"


def _shown(url: str) -> str:
    from dokobot.storage.postgres import redact

    return redact(url)


def status() -> tuple[str | None, str]:
    global _status
    if _status is None:
        _status = _probe()
    return _status


def server_url() -> str:
    """The server's URL, or skip the test with the one-line reason."""
    url, reason = status()
    if url is None:
        pytest.skip(reason)
    return url


# Each test's connections commit without waiting for the server's disk flush: a test never
# outlives a server crash, the only thing the flush guards against, and waiting for it made a
# PostgreSQL test up to ten times slower than its SQLite twin (whose WAL mode does not flush
# at every commit either). Every other behaviour of a commit (visibility, locks, rollback)
# stays the same.
NO_FLUSH = {"synchronous_commit": "off"}


def with_schema(url: str, schema: str) -> str:
    parts = urlsplit(url)
    settings = "&".join(f"{k}={v}" for k, v in NO_FLUSH.items())
    query = "&".join(q for q in (parts.query, f"search_path={schema}", settings) if q)
    return urlunsplit(parts._replace(query=query))


async def new_schema() -> tuple[str, str]:
    """A fresh, empty schema: (its name, a URL whose connections use it)."""
    import asyncpg

    url = server_url()
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")  # gw0, gw1, ... under -n
    name = f"t_{worker}_" + secrets.token_hex(6) if worker.isalnum() else "t_" + secrets.token_hex(6)
    conn = await asyncpg.connect(url, server_settings=NO_FLUSH)
    try:
        await conn.execute(f"CREATE SCHEMA {name}")
    finally:
        await conn.close()
    return name, with_schema(url, name)


async def drop_schema(name: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(server_url(), server_settings=NO_FLUSH)
    try:
        await conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
    finally:
        await conn.close()
