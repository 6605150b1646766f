"""Settings: the language and the deck of a player (or of a whole channel)."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from dokobot.bot.client import DokoBot
from dokobot.bot.replies import error_text, send_ephemeral
from dokobot.table.store import StoreError
from dokobot.table.table import TableError
from dokobot.text.i18n import t

log = logging.getLogger(__name__)


class SettingsCog(commands.Cog, name="Settings"):
    def __init__(self, bot: DokoBot) -> None:
        self.bot = bot

    async def _may_set_channel(self, interaction: discord.Interaction) -> bool:
        """Channel settings: the table's host or Manage Channels; otherwise a private reason."""
        table = self.bot.tables.get(interaction.channel_id or 0)
        is_host = table is not None and table.host_id == interaction.user.id
        if interaction.permissions.manage_channels or is_host:
            return True
        own = await self.bot.lang_of(interaction)
        if table is None:
            await send_ephemeral(interaction, t(own, "err.manage_only"))
        else:
            await send_ephemeral(interaction, error_text(TableError("not_host", host_id=table.host_id), table, own))
        return False

    async def set_deck(self, interaction: discord.Interaction, deck: str, channel: bool) -> None:
        """The German or French deck: a player's own cards, or (``channel``) the table's pictures."""
        lang = await self.bot.lang_of(interaction)
        table = self.bot.tables.get(interaction.channel_id or 0)
        try:
            if channel:
                if not await self._may_set_channel(interaction):
                    return
                await self.bot.set_channel_pictures(interaction.channel_id or 0, deck=deck)
            else:
                await self.bot.set_user_deck(interaction.user.id, deck)
        except StoreError as exc:
            log.error("could not save a deck setting: %s", exc)
            await send_ephemeral(interaction, t(lang, "err.storage"))
            return
        if table is not None:  # the table's picture or the player's open hand, in the new deck
            self.bot.presenter(table).update(actor=None if channel else interaction.user.id)
        await send_ephemeral(interaction, t(lang, "ok.deck_channel" if channel else "ok.deck", deck=t(lang, "choice." + deck)))

    async def set_language(self, interaction: discord.Interaction, lang: str, channel: bool) -> None:
        if channel:
            table = self.bot.tables.get(interaction.channel_id or 0)
            if not await self._may_set_channel(interaction):
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
