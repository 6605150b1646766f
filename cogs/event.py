"""The event area: ``/doko turnier`` (``/doko tournament``), a Doppelkopf night.

Thin: each command reads its options and hands them to the bot's ``EventDesk``
(``dokobot.bot.event.desk``), which checks, stores, carries out and answers. The
group hangs under ``/doko`` (``cogs.doko`` adds it to the table cog's group).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from dokobot.bot.client import DokoBot
from dokobot.bot.client import command_text as _  # every command text from the catalogue
from dokobot.bot.event.opener import open_event, show
from dokobot.bot.event.opening import Options
from dokobot.table.event.settings import DDV_GAMES

from .table import choices, complete_switches


class EventCog(commands.Cog, name="Event"):
    turnier = app_commands.Group(name=_("name.turnier"), description=_("cmd.turnier"))

    def __init__(self, bot: DokoBot) -> None:
        self.bot = bot

    @turnier.command(name=_("name.eroeffnen"), description=_("cmd.eroeffnen"))
    @app_commands.rename(runden=_("opt.runden"), spiele=_("opt.spiele"), pflichtsolo=_("opt.pflichtsolo"),
                         zeitlimit=_("opt.zeitlimit"), preset=_("opt.preset"), schalter=_("opt.schalter"),
                         computer=_("opt.computer"), kiebitz=_("opt.kiebitz"), beginn=_("opt.beginn"))
    @app_commands.choices(preset=choices("ddv", "haus", "klassisch"), kiebitz=choices("off", "consent", "open"))
    @app_commands.describe(
        runden=_("cmd.eroeffnen.runden"), spiele=_("cmd.eroeffnen.spiele"), pflichtsolo=_("cmd.eroeffnen.pflichtsolo"),
        zeitlimit=_("cmd.eroeffnen.zeitlimit"), preset=_("cmd.regeln.preset"), schalter=_("cmd.regeln.schalter"),
        computer=_("cmd.eroeffnen.computer"), kiebitz=_("cmd.eroeffnen.kiebitz"), beginn=_("cmd.eroeffnen.beginn"),
    )
    @app_commands.autocomplete(schalter=complete_switches)
    async def eroeffnen(
        self, interaction: discord.Interaction, runden: app_commands.Range[int, 1, 8] = 3,
        spiele: app_commands.Range[int, 1, 99] = DDV_GAMES, pflichtsolo: bool = True,
        zeitlimit: app_commands.Range[int, 0, 600] = 0, preset: app_commands.Choice[str] | None = None,
        schalter: str | None = None, computer: bool = False, kiebitz: app_commands.Choice[str] | None = None,
        beginn: str | None = None,
    ) -> None:
        options = Options(runden, spiele, pflichtsolo, zeitlimit, preset.value if preset else None, schalter,
                          computer, kiebitz.value if kiebitz else None, beginn)
        await open_event(self.bot.events, interaction, options)

    @turnier.command(name=_("name.anmelden"), description=_("cmd.anmelden"))
    async def anmelden(self, interaction: discord.Interaction) -> None:
        await self.bot.events.member_step(interaction, "in")

    @turnier.command(name=_("name.abmelden"), description=_("cmd.abmelden"))
    async def abmelden(self, interaction: discord.Interaction) -> None:
        await self.bot.events.member_step(interaction, "out")

    @turnier.command(name=_("name.starten"), description=_("cmd.starten"))
    async def starten(self, interaction: discord.Interaction) -> None:
        await self.bot.events.host_step(interaction, "start")

    @turnier.command(name=_("name.runde"), description=_("cmd.runde"))
    async def runde(self, interaction: discord.Interaction) -> None:
        await self.bot.events.host_step(interaction, "round")

    @turnier.command(name=_("name.pause"), description=_("cmd.pause"))
    async def pause(self, interaction: discord.Interaction) -> None:
        await self.bot.events.host_step(interaction, "pause")

    @turnier.command(name=_("name.weiter"), description=_("cmd.weiter"))
    async def weiter(self, interaction: discord.Interaction) -> None:
        await self.bot.events.host_step(interaction, "resume")

    @turnier.command(name=_("name.beenden"), description=_("cmd.beenden"))
    async def beenden(self, interaction: discord.Interaction) -> None:
        await self.bot.events.host_step(interaction, "end")

    @turnier.command(name=_("name.stand"), description=_("cmd.stand"))
    @app_commands.rename(nummer=_("opt.nummer"), export=_("opt.export"))
    @app_commands.describe(nummer=_("cmd.stand.nummer"), export=_("cmd.stand.export"))
    async def stand(self, interaction: discord.Interaction, nummer: app_commands.Range[int, 1] | None = None,
                    export: bool = False) -> None:
        await show(self.bot.events, interaction, nummer, export)

    async def on_event_button(self, interaction: discord.Interaction, event_id: int, action: str) -> None:
        await self.bot.events.button(interaction, event_id, action)
