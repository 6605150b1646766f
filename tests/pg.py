"""PostgreSQL for the tests: a schema of its own per test on the server named by
``DOKOBOT_TEST_PG`` (``.ci/run`` starts a local PostgreSQL and sets it). So the
pytest-xdist workers of a parallel run (and several runs on one server) never share
tables: a schema's name carries its worker (``t_gw1_...``) and a random part.

Two kinds: ``new_schema`` is empty (no tables), for the tests of migrations and of
opening; ``migrated_schema`` is at the current version with no rows, as a fresh
``Database.open`` leaves it. Migrating costs a quarter of a second and dropping as much,
so a worker migrates a few schemas once and lends them out again: ``give_back`` deletes
every row and restarts the id sequences, and drops the schema instead if the test
changed anything but rows (tables, columns, keys, indexes, triggers, functions, the
schema version) or left a connection to it open.

Without a reachable server the PostgreSQL variants are skipped, and the
session header says why in one line (never silently).
"""

from __future__ import annotations

import asyncio
import graphlib
import os
import secrets
from dataclasses import dataclass
from typing import Any
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
    # the application name tells the schema's connections apart in pg_stat_activity (give_back)
    query = "&".join(q for q in (parts.query, f"search_path={schema}", settings, f"application_name={schema}") if q)
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


@dataclass(frozen=True)
class _Migrated:
    name: str
    url: str
    shape: str  # _SHAPE of the schema as the migrations left it
    emptying: str  # the statements that delete every row, children first, and restart the ids


_spare: list[_Migrated] = []  # this process's (xdist worker's) schemas ready to lend
_lent: dict[str, _Migrated] = {}

# Everything of a schema but its rows, as one digest: a test that changed any of it does
# not get its schema lent again. The schema version's rows count as its shape.
_SHAPE = """
SELECT md5(string_agg(part, E'\\n' ORDER BY part)) FROM (
  SELECT format('rel %s %s %s %s', relname, relkind, relpersistence, relrowsecurity)
    FROM pg_class WHERE relnamespace = $1::text::regnamespace
  UNION ALL SELECT format('col %s.%s %s %s %s %s %s %s', c.relname, a.attnum, a.attname,
      format_type(a.atttypid, a.atttypmod), a.attnotnull, a.attidentity, a.attgenerated,
      pg_get_expr(d.adbin, d.adrelid))
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE c.relnamespace = $1::text::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL SELECT format('con %s %s', conname, pg_get_constraintdef(oid))
    FROM pg_constraint WHERE connamespace = $1::text::regnamespace
  UNION ALL SELECT format('idx %s', indexdef) FROM pg_indexes WHERE schemaname = $1::text
  UNION ALL SELECT format('trg %s %s', pg_get_triggerdef(t.oid), t.tgenabled)
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relnamespace = $1::text::regnamespace AND NOT t.tgisinternal
  UNION ALL SELECT format('fn %s %s %s', p.oid::regprocedure, md5(p.prosrc), obj_description(p.oid, 'pg_proc'))
    FROM pg_proc p WHERE p.pronamespace = $1::text::regnamespace
  UNION ALL SELECT format('seq %s %s %s %s %s %s', c.relname, s.seqstart, s.seqincrement, s.seqmin,
      s.seqmax, s.seqcycle)
    FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid WHERE c.relnamespace = $1::text::regnamespace
  UNION ALL SELECT format('ver %s %s', version, name) FROM {schema}.schema_version
) AS parts (part)
"""
# The schema's other connections (the test's): still open, they could write into the next test.
_OTHERS = "SELECT count(*) FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()"


async def migrated_schema() -> tuple[str, str]:
    """A schema at the current version without rows: (its name, a URL whose connections
    use it). Hand it back with ``give_back`` (or ``drop_schema``) when the test is done."""
    schema = _spare.pop() if _spare else await _migrate_one()
    _lent[schema.name] = schema
    return schema.name, schema.url


async def _migrate_one() -> _Migrated:
    from dokobot.storage import Database

    name, url = await new_schema()
    await (await Database.open(url)).close()  # the real migrations, as a first start runs them
    conn = await _inside(name)
    try:
        shape = await conn.fetchval(_SHAPE.format(schema=name), name)
        return _Migrated(name, url, shape, await _emptying(conn, name))
    finally:
        await conn.close()


async def _inside(name: str) -> Any:
    """A connection of the lender's own in the schema's path (the DELETEs fire its triggers,
    which call its functions; and _SHAPE reads the same names each time)."""
    import asyncpg

    return await asyncpg.connect(server_url(), server_settings={**NO_FLUSH, "search_path": name})


async def _emptying(conn: Any, name: str) -> str:
    """DELETE of every table but the schema version, tables that others refer to after
    those (the foreign keys hold at every step), then the id sequences from their start."""
    tables = {r[0] for r in await conn.fetch(
        "SELECT tablename FROM pg_tables WHERE schemaname = $1::text AND tablename <> 'schema_version'", name)}
    edges = await conn.fetch(
        "SELECT child.relname, parent.relname FROM pg_constraint k"
        " JOIN pg_class child ON child.oid = k.conrelid JOIN pg_class parent ON parent.oid = k.confrelid"
        " WHERE k.contype = 'f' AND k.connamespace = $1::text::regnamespace", name)
    referrers: dict[str, set[str]] = {t: set() for t in tables}
    for child, parent in edges:
        if child != parent:
            referrers[parent].add(child)  # the child's rows go first
    order = graphlib.TopologicalSorter(referrers).static_order()
    sequences = await conn.fetch(
        "SELECT c.relname, s.seqstart FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid"
        " WHERE c.relnamespace = $1::text::regnamespace", name)
    restarts = ", ".join(f"setval('{name}.{seq}', {int(start)}, false)" for seq, start in sequences)
    return "; ".join([*(f"DELETE FROM {name}.{t}" for t in order), f"SELECT {restarts}" if restarts else ""])


async def give_back(name: str) -> None:
    """Empty a schema of ``migrated_schema`` for the next test, or drop it if the test
    changed its shape or left a connection to it open."""
    import asyncpg

    schema = _lent.pop(name)
    conn = await _inside(name)
    try:
        if await _reusable(conn, schema):
            await conn.execute(schema.emptying)
            _spare.append(schema)
            return
    except asyncpg.PostgresError:
        pass  # e.g. the test dropped a table: the schema goes
    finally:
        await conn.close()
    await drop_schema(name)


async def _reusable(conn: Any, schema: _Migrated) -> bool:
    for _ in range(10):  # a closed connection's server process may take a moment to go
        if not await conn.fetchval(_OTHERS, schema.name):
            return bool(await conn.fetchval(_SHAPE.format(schema=schema.name), schema.name)
                        == schema.shape)
        await asyncio.sleep(0.01)
    return False


def drop_spares() -> None:
    """At the end of the session: drop the schemas this process kept to lend."""
    if not _spare:
        return

    async def drop_all() -> None:
        while _spare:
            await drop_schema(_spare.pop().name)

    asyncio.run(drop_all())
