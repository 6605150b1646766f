"""The bot's own permissions in a table's channel.

Without them Discord refuses the table message (or shows it without its
embed or picture) while the interaction itself still works: the bot would
say "the table is open" over a channel that shows nothing. So every command
and click that changes a table first checks what the interaction says the
bot may do in its channel (``app_permissions``), and names what is missing.
"""

from __future__ import annotations

import discord

from dokobot.bot.replies import send_ephemeral
from dokobot.text.i18n import t

# What the table message needs: see the channel, post, its embed, its picture, find it again.
NEEDED = ("view_channel", "send_messages", "embed_links", "attach_files", "read_message_history")
# What an event needs in its channel besides: a thread per table, and the table message there.
EVENT_NEEDED = ("create_public_threads", "send_messages_in_threads")
# The invite link's permissions (README): the table's, the event's threads, and Manage Events
# (optional: an event's start as a Discord Scheduled Event).
INVITE = discord.Permissions(**dict.fromkeys((*NEEDED, *EVENT_NEEDED, "manage_events"), True))
_THREADS = (discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread)


def missing(interaction: discord.Interaction) -> list[str]:
    """The permissions the bot lacks in the interaction's channel (Discord's flag names)."""
    perms = interaction.app_permissions
    channel = interaction.channel
    in_thread = getattr(channel, "type", None) in _THREADS
    needed = [("send_messages_in_threads" if in_thread and p == "send_messages" else p) for p in NEEDED]
    return [p for p in needed if not getattr(perms, p)]


def missing_for_event(interaction: discord.Interaction) -> list[str]:
    """What the bot lacks to run an event in the interaction's channel: the table's
    permissions (they hold in its threads too) and the threads'."""
    perms = interaction.app_permissions
    return list(dict.fromkeys(missing(interaction) + [p for p in EVENT_NEEDED if not getattr(perms, p)]))


def missing_text(lang: str, names: list[str]) -> str:
    """The private answer naming each missing permission as the member's Discord client does."""
    return t(lang, "err.permissions", list=", ".join(t(lang, "perm." + n) for n in names))


async def refused(interaction: discord.Interaction, lang: str) -> bool:
    """True after a private answer when the bot lacks a permission here; nothing was done."""

    lacking = missing(interaction)
    if lacking:
        await send_ephemeral(interaction, missing_text(lang, lacking))
    return bool(lacking)
