from __future__ import annotations

import pytest

from dokobot.storage import Database


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "doko.db"


@pytest.fixture
async def db(db_path):
    database = await Database.open(db_path)
    yield database
    await database.close()
