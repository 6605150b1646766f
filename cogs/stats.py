"""Statistics: the score sheet (Spielliste) of the table in this channel."""

from __future__ import annotations

import discord
from discord.ext import commands

from dokobot import render
from dokobot.bot import DokoBot, send_ephemeral
from dokobot.i18n import t
from dokobot.ui import embed


class StatsCog(commands.Cog, name="Stats"):
    def __init__(self, bot: DokoBot) -> None:
        self.bot = bot

    async def send_sheet(self, interaction: discord.Interaction) -> None:
        lang = await self.bot.user_lang(interaction.user.id, interaction.channel_id)
        table = self.bot.tables.get(interaction.channel_id or 0)
        if table is None:
            await send_ephemeral(interaction, t(lang, "err.no_table"))
            return
        if not table.totals:
            await send_ephemeral(interaction, t(lang, "sheet.empty"))
            return
        names = {s.user_id: s.name for s in table.seats}
        lines = [
            f"{render.esc(names[uid]) if uid in names else f'<@{uid}>'}: {total:+d}"
            for uid, total in sorted(table.totals.items(), key=lambda kv: -kv[1])
        ]
        title = t(lang, "sheet.title", games=table.game_no)
        await interaction.response.send_message(embed=embed(title, "\n".join(lines)), ephemeral=True)


async def setup(bot: DokoBot) -> None:
    await bot.add_cog(StatsCog(bot))
