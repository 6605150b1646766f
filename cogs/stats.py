"""Statistics: score sheet, leaderboard, a player's statistics, game records.

The sheet works from the table in memory; everything else reads the SQLite
storage (``bot.store.db``) and says so when the bot runs without it.
"""

from __future__ import annotations

import io
import json
from typing import Any

import discord
from discord.ext import commands

from dokobot import render
from dokobot.bot import DokoBot, send_ephemeral
from dokobot.i18n import t
from dokobot.ui import embed


class StatsCog(commands.Cog, name="Stats"):
    def __init__(self, bot: DokoBot) -> None:
        self.bot = bot

    async def lang(self, interaction: discord.Interaction) -> str:
        return await self.bot.user_lang(interaction.user.id, interaction.channel_id)

    @property
    def db(self) -> Any:
        return getattr(self.bot.store, "db", None)

    async def send_sheet(self, interaction: discord.Interaction) -> None:
        lang = await self.lang(interaction)
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

    async def send_leaderboard(self, interaction: discord.Interaction, period: str, order: str) -> None:
        lang = await self.lang(interaction)
        if self.db is None:
            await send_ephemeral(interaction, t(lang, "stats.no_db"))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        board = await self.db.leaderboard(interaction.channel_id, period, order)
        if not board.rows and not board.bots:
            await interaction.followup.send(t(lang, "stats.no_games"), ephemeral=True)
            return
        lines = [
            t(lang, "stats.row", rank=r.rank, name=render.esc(r.name), points=f"{r.points:+d}", games=r.games,
              ppg=f"{r.ppg:.2f}", wins=r.wins)
            for r in [*board.rows, *board.bots]
        ]
        card = embed(t(lang, "stats.board", period=period), "\n".join(lines))
        card.set_footer(text=board.method_text)
        await interaction.followup.send(embed=card, ephemeral=True)

    async def send_statistics(self, interaction: discord.Interaction, member: discord.abc.User) -> None:
        lang = await self.lang(interaction)
        if self.db is None:
            await send_ephemeral(interaction, t(lang, "stats.no_db"))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        s = await self.db.statistics(interaction.channel_id, member.id)
        body = t(
            lang, "stats.body", games=s.games, points=f"{s.points:+d}", ppg=f"{s.ppg:.2f}", wins=s.wins,
            re_wins=s.re_wins, re_games=s.re_games, kontra_wins=s.kontra_wins, kontra_games=s.kontra_games,
            soli_won=s.soli_won, soli=s.soli, hochzeiten=s.hochzeiten, stille=s.stille_hochzeiten,
            ann_won=s.announcements_won, ann=s.announcements, dk=s.doppelkoepfe, fc=s.fuechse_caught,
            fl=s.fuechse_lost, karlchen=s.karlchen,
        )
        name = render.esc(getattr(member, "display_name", member.name))
        await interaction.followup.send(embed=embed(t(lang, "stats.title", name=name), body), ephemeral=True)

    async def send_record(self, interaction: discord.Interaction, number: int | None) -> None:
        """A finished game of this table as a dokobot-game/1 file (never a running one)."""
        lang = await self.lang(interaction)
        table = self.bot.tables.get(interaction.channel_id or 0)
        record = None
        if table is not None and table.last is not None and number in (None, table.last.number):
            record, number = table.last.record, table.last.number
        elif self.db is not None:
            # Storage knows games by id; ``number`` counts the channel's finished games.
            ids = await self.db.finished_games(interaction.channel_id)
            if ids and (number is None or number <= len(ids)):
                record = await self.db.game_record(ids[-1] if number is None else ids[number - 1])
        if record is None:
            await send_ephemeral(interaction, t(lang, "stats.no_games"))
            return
        data = json.dumps(record, ensure_ascii=False, indent=1).encode()
        file = discord.File(io.BytesIO(data), filename=f"doko-{interaction.channel_id}-{number or 'letztes'}.json")
        await interaction.response.send_message(t(lang, "btn.record"), file=file, ephemeral=True)


async def setup(bot: DokoBot) -> None:
    await bot.add_cog(StatsCog(bot))
