"""Settings: the language of a player (or of a whole channel)."""

from __future__ import annotations

import discord
from discord.ext import commands

from dokobot.bot.client import DokoBot, send_ephemeral
from dokobot.bot.ui import error_text
from dokobot.table.table import TableError
from dokobot.text.i18n import t


class SettingsCog(commands.Cog, name="Settings"):
    def __init__(self, bot: DokoBot) -> None:
        self.bot = bot

    async def set_language(self, interaction: discord.Interaction, lang: str, channel: bool) -> None:
        if channel:
            table = self.bot.tables.get(interaction.channel_id or 0)
            is_host = table is not None and table.host_id == interaction.user.id
            if not (interaction.permissions.manage_channels or is_host):
                own = await self.bot.lang_of(interaction)
                if table is None:
                    await send_ephemeral(interaction, t(own, "err.manage_only"))
                else:
                    await send_ephemeral(interaction, error_text(TableError("not_host", host_id=table.host_id), table, own))
                return
            await self.bot.set_channel_lang(interaction.channel_id or 0, None if lang == "auto" else lang)
            if table is not None:
                self.bot.presenter(table).update()
        else:
            await self.bot.set_user_lang(interaction.user.id, None if lang == "auto" else lang)
        if lang == "auto":  # back to the Discord client's language (or the channel's choice)
            now = await self.bot.lang_of(interaction)
            await send_ephemeral(interaction, t(now, "ok.lang_auto", language=t(now, "choice." + now)))
            return
        await send_ephemeral(interaction, t(lang, "ok.lang"))
