"""Which events this process carries on: a sharded bot runs one process per group of
shards, and each process serves only its own guilds' events (as with its tables)."""

from __future__ import annotations

import discord

__all__ = ["serves"]


def serves(client: discord.Client, guild_id: int | None) -> bool:
    """Whether this process serves the guild (a sharded bot serves some shards only)."""
    count, ids = client.shard_count, getattr(client, "shard_ids", None)
    if guild_id is None or not count or ids is None:
        return True
    return (guild_id >> 22) % count in ids
