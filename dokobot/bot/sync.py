"""Registering the slash commands with Discord, only when they changed.

Discord keeps the commands an application registered; re-sending the same
payload on every start of every shard process only spends the (low) rate
limit of the commands route. So the payload as ``tree.sync()`` sends it is
hashed, the hash of the last successful sync is kept in the database
(``bot_state``, shared by every process), and a start syncs only when the
hash differs, from one process only (the one with shard 0). A failed sync
is one warning: the bot keeps running with the commands Discord has, and
the next start (or ``dokobot sync``) tries again.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
from discord import app_commands

log = logging.getLogger(__name__)


class SyncError(Exception):
    """A sync Discord refused or that did not reach it; ``str()`` says what to do."""


@dataclass(frozen=True)
class SyncResult:
    synced: bool  # False: the payload was unchanged (or this process does not sync)
    commands: int
    scope: str  # "global" or "guild <id>"


async def command_payload(tree: app_commands.CommandTree, guild: discord.abc.Snowflake | None) -> list[dict[str, Any]]:
    """The commands exactly as ``tree.sync(guild=guild)`` sends them (translations included)."""
    commands = tree.get_commands(guild=guild)  # the same list sync() sends
    translator = tree.translator
    if translator is None:
        return [command.to_dict(tree) for command in commands]
    return [await command.get_translated_payload(tree, translator) for command in commands]


def payload_hash(payload: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(payload, sort_keys=True, ensure_ascii=False).encode()).hexdigest()


def state_key(application_id: int | None, guild_id: int | None) -> str:
    """Per application (another bot token on the same database has its own commands) and scope."""
    return f"commands:{application_id}:{'guild:' + str(guild_id) if guild_id else 'global'}"


def explain(exc: BaseException, guild_id: int | None) -> str:
    """One sentence: what went wrong and what to do."""
    if isinstance(exc, discord.Forbidden) and guild_id:
        return (f"Discord refused the commands for server {guild_id} (403): the bot is not in that server,"
                " or was invited without the applications.commands scope; invite it with the link"
                " in the README, or fix guild_id in the config")
    if isinstance(exc, discord.Forbidden):
        return "Discord refused the commands (403): check the application in the developer portal"
    if isinstance(exc, discord.HTTPException):
        detail = f": {exc.text}" if exc.text else ""
        return f"Discord refused the commands ({exc.status}{detail})"
    return f"could not reach Discord to register the commands ({type(exc).__name__})"


async def sync_commands(bot: Any, guild_id: int | None, *, force: bool = False) -> SyncResult:
    """Sync ``bot.tree`` if its payload differs from the last synced one (always with ``force``).

    Raises ``SyncError`` when Discord refuses or cannot be reached; the stored
    hash is only updated after a successful sync, so a failure is retried.
    """
    tree: app_commands.CommandTree = bot.tree
    guild = discord.Object(id=guild_id) if guild_id else None
    if guild is not None:
        tree.copy_global_to(guild=guild)  # guild commands appear at once (development)
    payload = await command_payload(tree, guild)
    digest, key = payload_hash(payload), state_key(bot.application_id, guild_id)
    scope = f"guild {guild_id}" if guild_id else "global"
    if not force and await bot.store.bot_state(key) == digest:
        return SyncResult(False, len(payload), scope)
    try:
        await tree.sync(guild=guild)
    except (TimeoutError, discord.HTTPException, aiohttp.ClientError, OSError) as exc:
        raise SyncError(explain(exc, guild_id)) from exc
    await bot.store.set_bot_state(key, digest)
    return SyncResult(True, len(payload), scope)


def syncs_here(shard_ids: tuple[int, ...] | None) -> bool:
    """One process of a sharded bot syncs: the one running shard 0 (all shards if None)."""
    return shard_ids is None or 0 in shard_ids


async def sync_on_start(bot: Any) -> None:
    """The start-up sync: only if changed, only in one process, never fatal."""
    if not syncs_here(bot.config.shard_ids):
        log.info("slash commands: synced by the process with shard 0, not this one")
        return
    try:
        result = await sync_commands(bot, bot.config.guild_id)
    except SyncError as exc:
        log.warning("%s; the bot keeps running with the commands Discord has (`dokobot sync` tries again)", exc)
        return
    if result.synced:
        log.info("slash commands synced (%d, %s)", result.commands, result.scope)
    else:
        log.info("slash commands unchanged (%d, %s): not synced", result.commands, result.scope)
