"""The one extension of the bot: the area cogs with typed references to each other.

``TableCog`` owns the ``/doko`` group and reaches the other areas through the
cogs handed to it here; the dynamic items of ``dokobot.bot.components`` reach them
through ``DokoControls`` (the bot's ``controls``): no ``get_cog("…")``.
"""

from __future__ import annotations

import discord

from dokobot.bot.client import DokoBot
from dokobot.bot.components import Click

from .announcements import AnnouncementsCog
from .event import EventCog
from .play import PlayCog
from .settings import SettingsCog
from .stats import StatsCog
from .table import TableCog


class DokoControls:
    """The entry points of the buttons (``dokobot.bot.components.Controls``)."""

    def __init__(self, table: TableCog, play: PlayCog, stats: StatsCog, event: EventCog) -> None:
        self.table, self.play, self.stats, self.event = table, play, stats, event

    async def on_table_button(self, interaction: discord.Interaction, action: str, game_no: int) -> None:
        await self.table.on_table_button(interaction, action, game_no)

    async def check_owner(self, interaction: discord.Interaction, seat: int) -> bool:
        return await self.play.check_owner(interaction, seat)

    async def on_hand_click(self, interaction: discord.Interaction, game_no: int, click: Click) -> None:
        await self.play.on_hand_click(interaction, game_no, click)

    async def on_board_page(
        self, interaction: discord.Interaction, period: str, order: str, page: int, size: int | None = None,
    ) -> None:
        await self.stats.on_board_page(interaction, period, order, page, size)

    async def on_sheet_page(
        self, interaction: discord.Interaction, table_id: int, direction: str, number: int, size: int | None,
    ) -> None:
        await self.stats.on_sheet_page(interaction, table_id, direction, number, size)

    async def on_event_button(self, interaction: discord.Interaction, event_id: int, action: str) -> None:
        await self.event.on_event_button(interaction, event_id, action)


async def setup(bot: DokoBot) -> None:
    play, stats, settings = PlayCog(bot), StatsCog(bot), SettingsCog(bot)
    table, event = TableCog(bot, play, stats, settings), EventCog(bot)
    # /doko turnier: a group under /doko, its commands bound to the event cog when it was made;
    # that cog is not added itself (the tree would add its group's root, /doko, a second time)
    table.doko.add_command(event.turnier)
    for cog in (table, play, AnnouncementsCog(bot), settings, stats):
        await bot.add_cog(cog)
    bot.controls = DokoControls(table, play, stats, event)


async def teardown(bot: DokoBot) -> None:
    bot.controls = None
