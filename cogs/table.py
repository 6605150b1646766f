"""The table area: the /doko group and the buttons of the public table message.

``TableCog`` owns the ``/doko`` group; the commands of the other areas
(hand, language, statistics) go to those cogs through typed references
given at construction (``cogs.doko`` builds them), never ``get_cog("…")``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from dokobot.bot import permissions
from dokobot.bot.changes import perform
from dokobot.bot.client import DokoBot
from dokobot.bot.client import command_text as _  # every command text from the catalogue
from dokobot.bot.components import TableButton
from dokobot.bot.messages import dynamic_view, embed, record_files
from dokobot.bot.replies import answer, error_text, send_ephemeral
from dokobot.engine import RuleError, RuleSet
from dokobot.players import DEFAULT_LEVEL, LEVELS
from dokobot.table import switches
from dokobot.table.lists import ListSettings
from dokobot.table.store import StoreError, TableSettings
from dokobot.table.table import MAX_SEATS, Outcome, Table, TableError, rule_refusal
from dokobot.text import render, rulespage
from dokobot.text.i18n import t

from .help import help_embed

if TYPE_CHECKING:
    from .play import PlayCog
    from .settings import SettingsCog
    from .stats import StatsCog

log = logging.getLogger(__name__)


def choices(*values: str) -> list[app_commands.Choice[str]]:
    """Fixed choices of an option: the value stays, the name follows the client's language."""
    return [app_commands.Choice(name=_(f"choice.{v}"), value=v) for v in values]


def _size_choices() -> list[app_commands.Choice[int]]:
    """The table sizes a score sheet, leaderboard or statistics can be filtered on:
    players who got cards (a dealer sitting out at five makes a game of four)."""
    return [
        app_commands.Choice(name=_(f"choice.size{n}"), value=n) for n in (4, 5, 6)
    ]


def can_manage(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions.manage_channels)


async def complete_switches(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete of ``/doko regeln schalter``: switch names, then their allowed values."""
    lang = await interaction.client.lang_of(interaction) if isinstance(interaction.client, DokoBot) else "de"
    return [app_commands.Choice(name=c, value=c) for c in switches.complete(current, lang)]


class TableCog(commands.Cog, name="Table"):
    doko = app_commands.Group(
        name=_("name.doko"), description=_("cmd.doko"), guild_only=True
    )

    def __init__(self, bot: DokoBot, play: PlayCog, stats: StatsCog, settings: SettingsCog) -> None:
        self.bot = bot
        self.play, self.stats, self.settings = play, stats, settings

    async def lang(self, interaction: discord.Interaction) -> str:
        return await self.bot.lang_of(interaction)

    async def table_or_reply(self, interaction: discord.Interaction) -> Table | None:
        """The open table of the channel the interaction came from; otherwise a
        private explanation and None."""
        if interaction.guild_id is None:
            await send_ephemeral(interaction, t(await self.lang(interaction), "err.not_in_guild"))
            return None
        table = self.bot.tables.get(interaction.channel_id or 0)
        if table is None:
            await send_ephemeral(interaction, t(await self.lang(interaction), "err.no_table"))
        return table

    async def run(
        self, interaction: discord.Interaction, table: Table, op: Callable[[], Awaitable[Outcome]], *,
        actor: int | None = None,
    ) -> bool:
        """Apply one table change; bad input gets a private reason and changes nothing."""
        return await perform(self.bot, interaction, table, op, actor=actor) is not None

    # ---- slash commands -------------------------------------------------------------------

    @doko.command(name=_("name.tisch"), description=_("cmd.tisch"))
    async def tisch(self, interaction: discord.Interaction) -> None:
        lang = await self.lang(interaction)
        existing = self.bot.tables.get(interaction.channel_id or 0)
        if existing is not None:
            url = _jump(interaction, existing)
            await send_ephemeral(interaction, t(lang, "err.table_exists", url=url))
            return
        if await permissions.refused(interaction, lang):  # no table the channel cannot show
            return
        # Private: any error of opening stays between us. The lobby itself is a
        # channel message the presenter sends (and keeps current).
        await interaction.response.defer(ephemeral=True, thinking=True)
        user = interaction.user
        try:
            table = await self.bot.tables.open(interaction.channel_id or 0, interaction.guild_id, user.id, user.display_name)
        except TableError as err:
            existing = self.bot.tables.get(interaction.channel_id or 0)
            await answer(interaction, t(lang, "err." + err.code, url=_jump(interaction, existing)))
            return
        except StoreError as exc:
            log.error("channel %s: could not open a table: %s", interaction.channel_id, exc)
            await answer(interaction, t(lang, "err.storage"))
            return
        presenter = self.bot.presenter(table)
        presenter.update()
        await presenter.wait()
        await answer(interaction, t(lang, "ok.opened", url=_jump(interaction, table)))

    @doko.command(name=_("name.hand"), description=_("cmd.hand"))
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.play.send_hand(interaction, None)

    @doko.command(name=_("name.regeln"), description=_("cmd.regeln"))
    @app_commands.rename(preset=_("opt.preset"), schalter=_("opt.schalter"), alle=_("opt.alle"))
    @app_commands.choices(preset=choices("ddv", "haus", "klassisch"))
    @app_commands.describe(
        preset=_("cmd.regeln.preset"),
        schalter=_("cmd.regeln.schalter"),
        alle=_("cmd.regeln.alle"),
    )
    @app_commands.autocomplete(schalter=complete_switches)
    async def regeln(
        self, interaction: discord.Interaction,
        preset: app_commands.Choice[str] | None = None, schalter: str | None = None, alle: bool = False,
    ) -> None:
        # a Choice annotation: discord.py refuses a value that is not one of them (err.bad_option)
        preset_value = preset.value if preset is not None else None
        if interaction.guild_id is None:
            await send_ephemeral(interaction, t(await self.lang(interaction), "err.not_in_guild"))
            return
        table = self.bot.tables.get(interaction.channel_id or 0)
        if table is None:  # no table yet: the channel's rules for its next table
            await self.channel_rules(interaction, preset_value, schalter, alle)
            return
        lang = await self.lang(interaction)
        if preset_value is None and not schalter:
            await self.send_rules(interaction, table, lang, full=alle)
            return
        try:
            look, schalter = switches.split_look(schalter or "")
            rule_switches, setting_values = switches.split(switches.parse(schalter))
            config = _rules_config(table.rules_config, preset_value, rule_switches)
            settings = switches.settings(setting_values, table.settings) if setting_values else None
        except switches.SwitchError as err:  # name and value come back cut short
            text = t(lang, err.key, name=render.esc(err.name), value=render.esc(err.value), allowed=err.allowed)
            await interaction.response.send_message(text, ephemeral=True)
            return
        except RuleError as exc:  # switches that do not go together: the engine's code says why
            await interaction.response.send_message(error_text(rule_refusal(exc), table, lang), ephemeral=True)
            return
        only_look = preset_value is None and not rule_switches and not setting_values
        if look and not await self.set_look(interaction, table, look, lang, last=only_look):
            return
        if only_look:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        before = (rulespage.shown_rules(table), table.settings)
        try:
            rules = await table.set_rules(interaction.user.id, can_manage(interaction), config, settings)
        except TableError as err:
            await answer(interaction, error_text(err, table, lang))
            return
        except StoreError as exc:
            log.error("table %s: could not save the rules: %s", table.channel_id, exc)
            await answer(interaction, t(lang, "err.storage"))
            return
        text = t(lang, "ok.preset", preset=render.preset_name(lang, rules.preset))
        await answer(interaction, text, embed=embed(*rulespage.rules_summary(table, lang, await self.images(table.channel_id))))
        log.info("table %s: rules now %s", table.channel_id, rules.to_config())
        self.bot.presenter(table).update()
        await self.tell_rules_changed(interaction, table, *before)

    async def tell_rules_changed(self, interaction: discord.Interaction, table: Table, rules: RuleSet,
                                 settings: TableSettings) -> None:
        """The public line at the table once the change is stored: who changed what, in the
        table's language (nothing when the same rules were set again)."""
        lang = await self.bot.table_lang(table)
        who = render.esc(getattr(interaction.user, "display_name", interaction.user.name))
        text = rulespage.rules_change_text(who, rules, rulespage.shown_rules(table), lang, settings, table.settings)
        if text is None:
            return
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        try:
            # a preset's many changes stay within Discord's 2,000 (emoji count twice there)
            await channel.send(text if len(text) <= 1900 else text[:1899] + "…",
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as exc:  # the change stands; only the line is missing
            log.warning("table %s: could not tell the rules change: %s", table.channel_id, exc)

    async def send_rules(self, interaction: discord.Interaction, table: Table, lang: str, *, full: bool) -> None:
        """The rules page, privately: the short one with a button to every rule, or every rule."""
        images = await self.images(table.channel_id)
        if full:
            await interaction.response.send_message(embed=embed(*render.rules_text(table, lang, images)), ephemeral=True)
            return
        view = dynamic_view()
        view.add_item(TableButton(table.channel_id, "rules_all", table.game_no, label=t(lang, "btn.rules_all"),
                                  style=discord.ButtonStyle.secondary))
        await interaction.response.send_message(embed=embed(*rulespage.rules_summary(table, lang, images)), view=view,
                                                ephemeral=True)

    async def set_look(
        self, interaction: discord.Interaction, table: Table, look: dict[str, Any], lang: str, *, last: bool,
    ) -> bool:
        """``bilder=ja|nein``: the channel's pictures, host or Manage Channels, at any time.

        False when refused (the player has the reason); ``last``: nothing else to do, so confirm.
        """
        if not (can_manage(interaction) or table.is_host(interaction.user.id)):
            await send_ephemeral(interaction, error_text(TableError("not_host", host_id=table.host_id), table, lang))
            return False
        try:
            await self.bot.set_channel_pictures(table.channel_id, images=look["bilder"])
        except StoreError as exc:
            log.error("channel %s: could not save the pictures setting: %s", table.channel_id, exc)
            await send_ephemeral(interaction, t(lang, "err.storage"))
            return False
        self.bot.presenter(table).update()
        if last:
            await send_ephemeral(interaction, t(lang, "ok.pictures_on" if look["bilder"] else "ok.pictures_off"))
        return True

    async def images(self, channel_id: int) -> bool:
        """Whether the channel's table message shows pictures."""
        return await self.bot.picture_deck(channel_id) is not None

    async def channel_rules(
        self, interaction: discord.Interaction, preset: str | None, schalter: str | None, full: bool = False,
    ) -> None:
        """``/doko regeln`` before a table is open: show or set the channel's rules for
        its next table (Manage Channels: there is no host yet)."""
        lang = await self.lang(interaction)
        channel_id = interaction.channel_id or 0
        current = await self.bot.tables.rules_for(channel_id)
        settings = await self.bot.tables.settings_for(channel_id)
        try:
            look, schalter = switches.split_look(schalter or "")
            rule_switches, setting_values = switches.split(switches.parse(schalter))
            config = _rules_config(current, preset, rule_switches)
            new_settings = switches.settings(setting_values, settings)
            engine, lists = ListSettings.split({**current, **config})  # the list is the table's
            ruleset = RuleSet.from_config(engine)
        except switches.SwitchError as err:
            text = t(lang, err.key, name=render.esc(err.name), value=render.esc(err.value), allowed=err.allowed)
            await send_ephemeral(interaction, text)
            return
        except RuleError as exc:  # an unknown preset, switches that do not go together: the code says which
            await send_ephemeral(interaction, error_text(rule_refusal(exc), None, lang))
            return
        pflicht = lists.pflichtsolo and lists.active and bool(ruleset.solos)
        images = look.get("bilder", await self.images(channel_id))
        page_of = render.rules_page if full else rulespage.summary_page
        page = embed(*page_of(ruleset, new_settings, lang, lists.games, pflicht, images), t(lang, "rules.next_table"))
        if preset is None and not schalter and not look:
            await interaction.response.send_message(embed=page, ephemeral=True)
            return
        if not can_manage(interaction):
            await send_ephemeral(interaction, t(lang, "err.manage_only"))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            if look:  # the pictures are the channel's, stored with its prefs like the rules
                await self.bot.set_channel_pictures(channel_id, images=look["bilder"])
            rules = await self.bot.tables.set_channel_rules(channel_id, config, new_settings)
        except TableError as err:
            await answer(interaction, error_text(err, None, lang))
            return
        except StoreError as exc:
            log.error("channel %s: could not save the rules: %s", channel_id, exc)
            await answer(interaction, t(lang, "err.storage"))
            return
        text = t(lang, "ok.channel_rules", preset=render.preset_name(lang, rules.preset))
        await answer(interaction, text, embed=page)

    @doko.command(name=_("name.platz"), description=_("cmd.platz"))
    @app_commands.rename(nummer=_("opt.nummer"), aktion=_("opt.aktion"), spieler=_("opt.spieler"))
    @app_commands.choices(aktion=choices("übergeben", "computer", "zurück"))
    @app_commands.describe(
        nummer=_("cmd.platz.nummer"),
        aktion=_("cmd.platz.aktion"),
        spieler=_("cmd.platz.spieler"),
    )
    async def platz(
        self, interaction: discord.Interaction, nummer: app_commands.Range[int, 1, MAX_SEATS],  # a table seats six; 6 at four gets no_seat
        aktion: app_commands.Choice[str], spieler: discord.Member | None = None,
    ) -> None:
        action = aktion.value
        table = await self.table_or_reply(interaction)
        if table is None:
            return
        lang = await self.lang(interaction)
        manage, seat = can_manage(interaction), nummer - 1
        if action == "übergeben":
            if spieler is None or spieler.bot:
                await send_ephemeral(interaction, t(lang, "err.bad_option"))
                return
            target = spieler
            op = lambda: table.hand_over(interaction.user.id, manage, seat, target.id, target.display_name)  # noqa: E731
            done = t(lang, "ok.handed_over", name=render.esc(target.display_name), n=nummer)
        else:
            on = action == "computer"
            op = lambda: table.set_computer(interaction.user.id, manage, seat, on)  # noqa: E731
            done = t(lang, "ok.computer_on" if on else "ok.computer_off", n=nummer)
        await interaction.response.defer(ephemeral=True, thinking=True)
        if await self.run(interaction, table, op):
            await answer(interaction, done)

    @doko.command(name=_("name.abbrechen"), description=_("cmd.abbrechen"))
    async def abbrechen(self, interaction: discord.Interaction) -> None:
        table = await self.table_or_reply(interaction)
        if table is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        if await self.run(interaction, table, lambda: table.abort(interaction.user.id, can_manage(interaction))):
            await answer(interaction, t(await self.lang(interaction), "ok.aborted"))

    @doko.command(name=_("name.schliessen"), description=_("cmd.schliessen"))
    async def schliessen(self, interaction: discord.Interaction) -> None:
        table = await self.table_or_reply(interaction)
        if table is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        if await self.run(interaction, table, lambda: table.close(interaction.user.id, can_manage(interaction))):
            await answer(interaction, t(await self.lang(interaction), "lobby.closed"))

    @doko.command(name=_("name.entfernen"), description=_("cmd.entfernen"))
    @app_commands.rename(spieler=_("opt.spieler"))
    @app_commands.describe(spieler=_("cmd.entfernen.spieler"))
    async def entfernen(self, interaction: discord.Interaction, spieler: discord.User) -> None:
        # discord.User, not Member: someone who left the server can still be taken off the table
        table = await self.table_or_reply(interaction)
        if table is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        op = lambda: table.kick(interaction.user.id, can_manage(interaction), spieler.id)  # noqa: E731
        if await self.run(interaction, table, op):
            lang = await self.lang(interaction)
            await answer(interaction, t(lang, "ok.kicked", name=render.esc(spieler.display_name)))

    @doko.command(name=_("name.computer"), description=_("cmd.computer"))
    @app_commands.rename(aktion=_("opt.aktion"), name=_("opt.name"),
                         stufe=_("opt.stufe"))
    @app_commands.choices(aktion=choices("dazu", "entfernen"), stufe=choices(*LEVELS))
    @app_commands.describe(
        aktion=_("cmd.computer.aktion"),
        name=_("cmd.computer.name"),
        stufe=_("cmd.computer.stufe"),
    )
    async def computer(
        self, interaction: discord.Interaction, aktion: app_commands.Choice[str] | None = None,
        name: str | None = None, stufe: app_commands.Choice[str] | None = None,
    ) -> None:
        action = aktion.value if aktion is not None else "dazu"
        table = await self.table_or_reply(interaction)
        if table is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        manage = can_manage(interaction)
        if action == "dazu":
            level = stufe.value if stufe is not None else DEFAULT_LEVEL
            op = lambda: table.add_computer(interaction.user.id, manage, level)  # noqa: E731
        else:
            op = lambda: table.remove_computer(interaction.user.id, manage, name)  # noqa: E731
        before = {s.name for s in table.seats}
        if await self.run(interaction, table, op):
            lang = await self.lang(interaction)
            if action == "dazu":
                added = next((s.name for s in table.seats if s.is_bot and s.name not in before), "Computer")
                await answer(interaction, t(lang, "ok.computer_added", name=render.esc(added, lang)))
            else:
                await answer(interaction, t(lang, "ok.computer_removed"))

    @doko.command(name=_("name.sprache"), description=_("cmd.sprache"))
    @app_commands.rename(sprache=_("opt.sprache"), kanal=_("opt.kanal"), blatt=_("opt.blatt"))
    @app_commands.choices(sprache=choices("de", "en", "auto"), blatt=choices("french", "german"))
    @app_commands.describe(
        sprache=_("cmd.sprache.sprache"),
        kanal=_("cmd.sprache.kanal"),
        blatt=_("cmd.sprache.blatt"),
    )
    async def sprache(
        self, interaction: discord.Interaction, sprache: app_commands.Choice[str] | None = None, kanal: bool = False,
        blatt: app_commands.Choice[str] | None = None,
    ) -> None:
        if blatt is not None:
            await self.settings.set_deck(interaction, blatt.value, kanal)
        if sprache is not None:
            await self.settings.set_language(interaction, sprache.value, kanal)
        if sprache is None and blatt is None:
            await send_ephemeral(interaction, t(await self.lang(interaction), "err.sprache_empty"))

    @doko.command(name=_("name.liste"), description=_("cmd.liste"))
    @app_commands.rename(tisch=_("opt.tisch"))
    @app_commands.choices(tisch=_size_choices())
    @app_commands.describe(tisch=_("cmd.tischgroesse"))
    async def liste(self, interaction: discord.Interaction, tisch: app_commands.Choice[int] | None = None) -> None:
        await self.stats.send_sheet(interaction, tisch.value if tisch else None)

    @doko.command(name=_("name.rangliste"), description=_("cmd.rangliste"))
    @app_commands.rename(
        zeitraum=_("opt.zeitraum"), ordnung=_("opt.ordnung"), tisch=_("opt.tisch"),
    )
    @app_commands.choices(zeitraum=choices("alle", "jahr", "monat", "woche"), ordnung=choices("punkte", "ppg", "siege"))
    @app_commands.choices(tisch=_size_choices())  # apart: one call takes choices of one type
    @app_commands.describe(
        zeitraum=_("cmd.rangliste.zeitraum"),
        ordnung=_("cmd.rangliste.ordnung"),
        tisch=_("cmd.tischgroesse"),
    )
    async def rangliste(
        self, interaction: discord.Interaction,
        zeitraum: app_commands.Choice[str] | None = None,
        ordnung: app_commands.Choice[str] | None = None,
        tisch: app_commands.Choice[int] | None = None,
    ) -> None:
        await self.stats.send_leaderboard(
            interaction, zeitraum.value if zeitraum else "alle", ordnung.value if ordnung else "punkte",
            tisch.value if tisch else None,
        )

    @doko.command(name=_("name.statistik"), description=_("cmd.statistik"))
    @app_commands.rename(spieler=_("opt.spieler"), tisch=_("opt.tisch"))
    @app_commands.choices(tisch=_size_choices())
    @app_commands.describe(
        spieler=_("cmd.statistik.spieler"),
        tisch=_("cmd.tischgroesse"),
    )
    async def statistik(
        self, interaction: discord.Interaction, spieler: discord.User | None = None,
        tisch: app_commands.Choice[int] | None = None,
    ) -> None:
        # discord.User, not Member: the statistics of someone who left the server stay readable
        await self.stats.send_statistics(interaction, spieler or interaction.user, tisch.value if tisch else None)

    @doko.command(name=_("name.protokoll"), description=_("cmd.protokoll"))
    @app_commands.rename(spiel=_("opt.spiel"))
    @app_commands.describe(spiel=_("cmd.protokoll.spiel"))
    async def protokoll(self, interaction: discord.Interaction, spiel: app_commands.Range[int, 1] | None = None) -> None:
        await self.stats.send_record(interaction, spiel)

    @doko.command(name=_("name.hilfe"), description=_("cmd.hilfe"))
    async def hilfe(self, interaction: discord.Interaction) -> None:
        page = help_embed(self.bot.tree, await self.lang(interaction), self.bot.config.guide_url)
        await interaction.response.send_message(embed=page, ephemeral=True)

    # ---- buttons of the public message ---------------------------------------------------

    async def on_table_button(self, interaction: discord.Interaction, action: str, game_no: int) -> None:
        table = await self.table_or_reply(interaction)
        if table is None:
            return
        if action == "hand":
            await self.play.send_hand(interaction, game_no)
            return
        if action in ("rules", "rules_all"):
            await self.send_rules(interaction, table, await self.lang(interaction), full=action == "rules_all")
            return
        if action == "record":
            await self.send_record(interaction, table, game_no)
            return
        if action == "leave" and await self.bot.events.leave_table(interaction):
            return  # an event's table: leaving is leaving the event, the seat is handed over
        await interaction.response.defer()  # the change itself shows up in the table message
        user = interaction.user
        ops: dict[str, Callable[[], Awaitable[Outcome]]] = {
            "join": lambda: table.join(user.id, user.display_name),
            "leave": lambda: table.leave(user.id),
            "start": lambda: table.start(user.id, can_manage(interaction)),
            "next": lambda: table.next_game(user.id, game_no),
            "close": lambda: table.close(user.id, can_manage(interaction)),
            "computer": lambda: table.add_computer(user.id, can_manage(interaction)),
            **{f"computer_{level}": partial(table.add_computer, user.id, can_manage(interaction), level)
               for level in LEVELS},
            "nocomputer": lambda: table.remove_computer(user.id, can_manage(interaction)),
            "takeover": lambda: _take_over(table, user.id, can_manage(interaction)),
            "abort": lambda: table.abort(user.id, can_manage(interaction)),
        }
        done = await self.run(interaction, table, ops[action])
        if done and action == "join":
            await self.joined(interaction, table)

    async def joined(self, interaction: discord.Interaction, table: Table) -> None:
        """Between games the table message is the last summary, a seat or a place in the
        waiting list shows nowhere near the click: say it privately (the channel has a notice)."""
        user_id = interaction.user.id
        seat = table.seat_of(user_id)
        lang = await self.lang(interaction)
        if seat is None:
            place = next((i + 1 for i, w in enumerate(table.waiting) if w.user_id == user_id), None)
            if place is not None:
                await interaction.followup.send(t(lang, "ok.joined_waiting", n=place), ephemeral=True)
        elif table.game_no:
            await interaction.followup.send(t(lang, "ok.joined_next", n=seat + 1), ephemeral=True)

    async def send_record(self, interaction: discord.Interaction, table: Table, game_no: int) -> None:
        lang = await self.lang(interaction)
        last = table.last
        if last is None or last.number != game_no:
            await send_ephemeral(interaction, t(lang, "err.stale"))
            return
        files = record_files(last.record, [p.name for p in last.players], game_no, table.channel_id, lang)
        await interaction.response.send_message(t(lang, "rec.file", no=game_no), files=files, ephemeral=True)


def _jump(interaction: discord.Interaction, table: Table | None) -> str:
    if table is None or not table.message_id:
        return f"<#{interaction.channel_id}>"
    return f"https://discord.com/channels/{interaction.guild_id}/{table.channel_id}/{table.message_id}"


def _rules_config(current: dict[str, Any], preset: str | None, overrides: dict[str, Any]) -> dict[str, Any]:
    """A new preset starts from its own switches; switches alone change the current rules."""
    if preset is None:
        current = dict(current)
        preset = current.pop("preset", "ddv")
        overrides = {**current, **overrides}
    return switches.build(preset, overrides)


async def _take_over(table: Table, user_id: int, manage: bool) -> Any:
    """The host's button after a timeout with ``on_timeout: wait``: a computer plays that seat."""
    seat = table.stalled
    if seat is None:
        raise TableError("stale")  # the player came back or the game moved on
    return await table.set_computer(user_id, manage, seat, True)
