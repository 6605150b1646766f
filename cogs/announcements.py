"""Announcements by slash command: /re /kontra /keine90 /keine60 /keine30 /schwarz, and /klopfen.

Allowed whenever the rules allow, also out of turn; the engine decides. The
same announcements are buttons in the private hand (cogs.play).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from dokobot.bot.changes import perform
from dokobot.bot.client import DokoBot
from dokobot.bot.client import command_text as _  # every command text from the catalogue
from dokobot.bot.replies import answer, send_ephemeral
from dokobot.engine.actions import Announce, Klopfen
from dokobot.text.i18n import announcement_name, t


class AnnouncementsCog(commands.Cog, name="Announcements"):
    def __init__(self, bot: DokoBot) -> None:
        self.bot = bot

    async def announce(self, interaction: discord.Interaction, what: str) -> None:
        await self.act(interaction, Announce(what), "ok.announced", what)

    async def act(self, interaction: discord.Interaction, move: Announce | Klopfen, ok: str, what: str = "") -> None:
        """One announcement-like action of the caller's seat, out of turn too; the engine decides."""
        lang = await self.bot.lang_of(interaction)
        table = self.bot.tables.get(interaction.channel_id or 0)
        if interaction.guild_id is None or table is None:
            await send_ephemeral(interaction, t(lang, "err.no_table" if interaction.guild_id else "err.not_in_guild"))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        op = lambda: table.act(interaction.user.id, None, move)  # noqa: E731
        if await perform(self.bot, interaction, table, op, actor=interaction.user.id) is not None:
            await answer(interaction, t(lang, ok, what=announcement_name(lang, what) if what else ""))

    @app_commands.command(name=_("name.re"), description=_("cmd.re"))
    @app_commands.guild_only()
    async def re(self, interaction: discord.Interaction) -> None:
        await self.announce(interaction, "re")

    @app_commands.command(name=_("name.kontra"), description=_("cmd.kontra"))
    @app_commands.guild_only()
    async def kontra(self, interaction: discord.Interaction) -> None:
        await self.announce(interaction, "kontra")

    @app_commands.command(name=_("name.keine90"), description=_("cmd.keine90"))
    @app_commands.guild_only()
    async def keine90(self, interaction: discord.Interaction) -> None:
        await self.announce(interaction, "keine90")

    @app_commands.command(name=_("name.keine60"), description=_("cmd.keine60"))
    @app_commands.guild_only()
    async def keine60(self, interaction: discord.Interaction) -> None:
        await self.announce(interaction, "keine60")

    @app_commands.command(name=_("name.keine30"), description=_("cmd.keine30"))
    @app_commands.guild_only()
    async def keine30(self, interaction: discord.Interaction) -> None:
        await self.announce(interaction, "keine30")

    @app_commands.command(name=_("name.klopfen"), description=_("cmd.klopfen"))
    @app_commands.guild_only()
    async def klopfen(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, Klopfen(), "ok.klopfen")

    @app_commands.command(name=_("name.schwarz"), description=_("cmd.schwarz"))
    @app_commands.guild_only()
    async def schwarz(self, interaction: discord.Interaction) -> None:
        await self.announce(interaction, "schwarz")
