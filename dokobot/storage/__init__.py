"""Layer 3: persistence in SQLite (aiosqlite). Does not import discord."""

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
    "Statistics",
    "StorageError",
    "TableInfo",
    "export_channel",
]
