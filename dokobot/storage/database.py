"""The storage facade: one object per bot, one aiosqlite connection inside."""

from __future__ import annotations

from .events import EventsRepo
from .games import GamesRepo
from .learn import LearnRepo
from .leases import LeasesRepo
from .stats import StatsRepo
from .tables import TablesRepo


class Database(TablesRepo, GamesRepo, StatsRepo, LeasesRepo, LearnRepo, EventsRepo):
    """``db = await Database.open(path)`` ... ``await db.close()``.

    Every method is a coroutine, raises only StorageError for storage problems,
    and either commits completely or leaves the database as it was.
    """
