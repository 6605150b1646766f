from __future__ import annotations

import pytest

from dokobot.storage import Database
from tests import pg

# Every storage test runs on both stores: an SQLite file and a fresh PostgreSQL schema.
DIALECTS = ("sqlite", "postgresql")


@pytest.fixture(params=DIALECTS)
def dialect(request):
    return request.param


@pytest.fixture
async def db_path(dialect, tmp_path):
    """Where the test's database lives: a file path or a ``postgresql://`` URL."""
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
