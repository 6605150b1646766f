"""Layer 3: persistence. The stores behind the table layer's ``TableStore``.

``MemoryStore`` (``memory``, tests and development) and ``SqlStore``
(``sql_store``, on the ``Database`` of this package, SQLite or PostgreSQL: migrations,
repositories, leaderboards, statistics; ``ShardedStore`` wraps it with table leases). May import ``dokobot.engine`` and
``dokobot.table``; never discord or the text layer.
"""

from .database import Database
from .errors import StorageError
from .export import export_channel
from .models import (
    ChannelSettings,
    GameInfo,
    Leaderboard,
    LeaderboardRow,
    RunningGame,
    ScoreSheet,
    Seat,
    SheetPlayer,
    SheetRow,
    SizeTotals,
    Statistics,
    TableInfo,
)

__all__ = [
    "ChannelSettings",
    "Database",
    "GameInfo",
    "Leaderboard",
    "LeaderboardRow",
    "RunningGame",
    "ScoreSheet",
    "Seat",
    "SheetPlayer",
    "SheetRow",
    "SizeTotals",
    "Statistics",
    "StorageError",
    "TableInfo",
    "export_channel",
]
