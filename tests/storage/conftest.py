from __future__ import annotations

import pytest

from dokobot.storage import Database
from tests import pg

# Every storage test runs on both stores: an SQLite file and a PostgreSQL schema of its own.
DIALECTS = ("sqlite", "postgresql")


@pytest.fixture(params=DIALECTS)
def dialect(request):
    return request.param


@pytest.fixture
async def db_path(dialect, tmp_path):
    """Where the test's database lives: a new file path, or the ``postgresql://`` URL of a
    schema migrated to the current version without rows (what a first open leaves)."""
    if dialect == "sqlite":
        yield tmp_path / "doko.db"
        return
    schema, url = await pg.migrated_schema()
    yield url
    await pg.give_back(schema)


@pytest.fixture
async def new_db_path(dialect, tmp_path):
    """For the tests of migrations: a new file path, or the URL of an empty schema (no tables)."""
    if dialect == "sqlite":
        yield tmp_path / "doko.db"
        return
    schema, url = await pg.new_schema()
    yield url
    await pg.drop_schema(schema)


@pytest.fixture
async def db(db_path):
    database = await Database.open(db_path)
    yield database
    await database.close()
