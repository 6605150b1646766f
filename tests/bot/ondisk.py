"""Fixtures for bot tests on a real database that a killed bot leaves behind: ``stores``
(every connection a test opens, closed only at the very end, since a killed bot closes
nothing) and ``store`` (the first connection, which the ``doko`` fixture's bot uses).
A test module takes them with ``from tests.bot.ondisk import on_disk_store, on_disk_stores``."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from dokobot.storage.sql_store import SqlStore

__all__ = ["on_disk_store", "on_disk_stores"]


@pytest.fixture(name="stores")
async def on_disk_stores(sqlite_path: str) -> AsyncIterator[list[SqlStore]]:
    opened: list[SqlStore] = []
    yield opened
    for s in opened:
        await s.close()


@pytest.fixture(name="store")
async def on_disk_store(sqlite_path: str, stores: list[SqlStore]) -> SqlStore:
    first = await SqlStore.open(sqlite_path)
    stores.append(first)
    return first
