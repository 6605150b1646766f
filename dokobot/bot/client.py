"""``DokoBot``: the discord.py bot that runs Doppelkopf tables.

Layer 4: builds on the table layer (``dokobot.table.table``) and a ``Store`` (``dokobot.table.scores``).
Cogs live in the top-level ``cogs`` folder, one per area, installed as ``dokobot.cogs``.
"""

from __future__ import annotations

import asyncio
import logging
import random
import signal
from concurrent.futures import ThreadPoolExecutor
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from dokobot.bot.components import DYNAMIC_ITEMS, Controls
from dokobot.bot.config import Config
from dokobot.bot.event.buttons import EventButton
from dokobot.bot.event.desk import EventDesk
from dokobot.bot.learn import Learn
from dokobot.bot.pacing import Pace, default_pace
from dokobot.bot.prefs import Preferences
from dokobot.bot.presenter import Clock, TablePresenter
from dokobot.bot.replies import ANSWERED as ANSWERED
from dokobot.bot.replies import error_text, send_ephemeral
from dokobot.bot.sync import sync_on_start
from dokobot.bot.watch import WATCH_ITEMS
from dokobot.players import Skill
from dokobot.players.analysis import DEFAULT_BUDGET, TEST_BUDGET
from dokobot.storage.memory import MemoryStore
from dokobot.storage.sharded import ShardedStore
from dokobot.table.scores import Store
from dokobot.table.store import StoreError
from dokobot.table.table import COMPUTER_DELAY, COMPUTER_RETRY, Outcome, Table, TableError, Tables
from dokobot.text import picture
from dokobot.text.i18n import has, norm_lang, t

log = logging.getLogger(__name__)

def _cogs_package() -> str:
    """``dokobot.cogs`` when installed (pip puts cogs/ inside the package); ``cogs`` in a
    source tree, where cogs/ sits next to dokobot/ (tests, ``PYTHONPATH=$PWD``)."""
    here = Path(__file__).resolve().parent.parent  # the dokobot package
    if here.joinpath("cogs").is_dir():
        return "dokobot.cogs"
    spec = find_spec("cogs")
    if spec is not None and spec.origin and Path(spec.origin).resolve().parent == here.parent / "cogs":
        return "cogs"
    return "dokobot.cogs"  # an editable install maps dokobot.cogs onto the source's cogs/


# One extension: it builds the area cogs with typed references to each other
# and gives the dynamic items their entry points (``DokoBot.controls``).
EXTENSIONS = (f"{_cogs_package()}.doko",)
ENGLISH_LOCALES = (discord.Locale.american_english, discord.Locale.british_english)


def command_text(key: str) -> app_commands.locale_str:
    """A command's or option's name, description or choice from the catalogue: its German
    text is what Discord shows by default, its key gives English clients theirs (one source,
    so the two never drift apart)."""
    if not has(key):
        raise KeyError(f"no catalogue text {key!r} for a slash command")
    return app_commands.locale_str(t("de", key), key=key)


class DokoTranslator(app_commands.Translator):
    """Command names, option names, choices and descriptions are German in the code;
    English clients (en-US, en-GB) get the English catalogue: ``/doko table`` for ``/doko tisch``."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        if key is None or locale not in ENGLISH_LOCALES:
            return None
        return t("en", key) if has(key) else None


class DokoTree(app_commands.CommandTree):
    """Every command error ends in a private, specific answer, never a public or generic one."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        client = interaction.client
        if isinstance(client, DokoBot):
            await client.command_error(interaction, error)


class DokoBot(Preferences, commands.Bot):
    """The bot: its tables and their presenters, the analyses, the commands' errors
    (languages and decks: ``Preferences``)."""

    def __init__(
        self, config: Config | None = None, store: Store | None = None, *,
        computer_skill: Skill | None = None, computer_delay: float = COMPUTER_DELAY,
        computer_retry: float = COMPUTER_RETRY, rng: random.Random | None = None, lease_loop: bool = True,
        sync_only: bool = False, pace: Pace | None = None, pace_clock: Clock | None = None, **kwargs: Any,
    ) -> None:
        intents = discord.Intents.default()
        super().__init__(
            command_prefix=commands.when_mentioned, intents=intents, help_command=None, tree_cls=DokoTree, **kwargs
        )
        self.config = config or Config()
        self.store: Store = store or MemoryStore()
        self._owns_store = store is None
        # False in tests under SimCord, which calls keep_leases() itself (its
        # virtual clock would run a background loop against a real database)
        self._lease_loop = lease_loop
        self.tables = Tables(
            self.store, self.config.preset, computer_skill=computer_skill, computer_delay=computer_delay,
            computer_retry=computer_retry, rng=rng,  # rng: the deals' random source (tests rig it)
            clock=_discord_clock,  # turn deadlines on Discord's clock (virtual under SimCord)
        )
        self.tables.on_outcome = self._computer_moved
        # Analyses: on demand by default (tests, benches); the runner turns on the curve after every game
        # quick test computers (a skill below 1) get a quick analysis in a thread, like their moves
        quick = computer_skill is not None and computer_skill.scale < 1
        self.learn = Learn(self, auto=False, budget=TEST_BUDGET if quick else DEFAULT_BUDGET,
                           executor=ThreadPoolExecutor(1, thread_name_prefix="doko-analyse") if quick else None)
        self.presenters: dict[int, TablePresenter] = {}
        # how the presenters pace the table messages' channel edits (Discord's rate limits)
        self.pace: Pace = pace if pace is not None else default_pace()
        self.pace_clock = pace_clock  # None: Discord's clock; tests give SimCord's virtual sleep
        self.controls: Controls | None = None  # set by the cogs (cogs.doko) when they load
        # `dokobot sync`: log in, build the commands, nothing else (no tables, no leases)
        self._sync_only = sync_only
        self.restored_count = 0  # tables restored at start-up, for the start-up line
        # the events (/doko turnier): their steps, their tables in threads, their deadlines
        self.events = EventDesk(self, clock=pace_clock)
        self._announced = False

    async def setup_hook(self) -> None:
        if self._sync_only:
            await self._load_commands()
            return
        await asyncio.to_thread(picture.warm_up)  # fonts and palette before the first card, not during it
        await self._restore()
        try:  # after the tables: an event's hooks find its tables again
            await self.events.restore()
        except StoreError as exc:  # the tables play on; the events' reports wait for the next start
            log.error("the running events could not be restored: %s", exc)
        self.learn.resume()  # analyses people asked for before a restart: done without asking again
        if isinstance(self.store, ShardedStore) and self._lease_loop:  # keep our leases, pick up expired ones
            self.store.start(self.keep_leases)
        await self._load_commands()
        self.add_dynamic_items(*DYNAMIC_ITEMS, *WATCH_ITEMS, EventButton)
        await sync_on_start(self)  # only if changed, from one process; a failure is a warning

    async def _load_commands(self) -> None:
        await self.tree.set_translator(DokoTranslator())
        for ext in EXTENSIONS:
            await self.load_extension(ext)

    async def on_ready(self) -> None:
        """The start-up line, once (discord.py fires on_ready again after a reconnect)."""
        if self._announced or self._sync_only:
            return
        self._announced = True
        from dokobot import __version__  # the package root sits above the layers: import it late

        log.info("dokobot %s connected as %s: %d server(s), %d table(s) restored",
                 __version__, self.user, len(self.guilds), self.restored_count)

    @property
    def client(self) -> discord.Client:
        """The discord.py client itself (``dokobot.bot.host.Host``): the bot is one."""
        return self

    # ---- tables -------------------------------------------------------------------------

    async def keep_leases(self) -> None:
        """One round of a sharded store's leases: renew ours, drop the tables
        we lost, restore the ones whose previous process died."""
        if not isinstance(self.store, ShardedStore):
            return
        won, lost = await self.store.tick()
        if lost:  # before restoring: a lease lost and won back in one round restores a new object
            await self._lost(lost, won)
        if won:
            await self._restore()

    async def _restore(self) -> None:
        """Restore the open tables the store gives us (at start-up, and when a
        sharded store wins the lease of a table whose process died)."""
        before = {t.table_id for t in self.tables.all() if not t.gone}
        restored = [t for t in await self.tables.restore() if t.table_id not in before]
        self.restored_count += len(restored)
        if restored:
            log.info("restored %d open table(s)", len(restored))
        if restored:  # an event's tables among them: their reports find the event
            try:
                await self.events.attach()
            except StoreError as exc:
                log.warning("the events of restored tables are not known: %s", exc)
        for table in restored:
            if table.message_id and table.state in ("playing", "between"):
                presenter = self.presenter(table)
                presenter.message.resumed = True
                presenter.update()  # the table message says the game goes on; its buttons still work
                self.learn.restored(table)  # a summary gets its stored curve back
            await self._orphaned_hands(table)

    async def _orphaned_hands(self, table: Table) -> None:
        """The hands the table's last process kept current (it was killed: nothing said
        they are out of date) get their last edit from the table's presenter."""
        try:
            hands = await self.store.take_hands(table.table_id)
        except StoreError as exc:  # those hands stay as they are: no worse than before
            log.warning("table %s: the open hands of the last process are not known: %s", table.channel_id, exc)
            return
        if hands:
            self.presenter(table).orphaned(hands)

    async def _lost(self, table_ids: set[int], won: set[int] | None = None) -> None:
        """These tables' leases are lost: their objects die (timer, computers, store) and
        their presenters go quiet; nothing of them reaches the channel any more. Those
        ``won`` back at once stay listed (dead) until the restore replaces them."""
        for table in self.tables.all():
            if table.table_id in table_ids:
                await self.tables.forget(table.channel_id, until_restored=table.table_id in (won or set()))
                presenter = self.presenters.get(table.channel_id)
                if presenter is not None and presenter.table is table:
                    del self.presenters[table.channel_id]
                    presenter.stop()

    def presenter(self, table: Table) -> TablePresenter:
        if table.gone:  # a late click on a forgotten table: its presenter is the current table's
            table = self.tables.get(table.channel_id) or table
        presenter = self.presenters.get(table.channel_id)
        if presenter is None or presenter.table is not table:
            presenter = TablePresenter(self, table, self.pace_clock)
            self.presenters[table.channel_id] = presenter
        return presenter

    def _computer_moved(self, table: Table, outcome: Outcome) -> None:
        """A computer player moved: show it like a click of a person."""
        self.presenter(table).update(outcome)
        self.learn.finished(table, outcome.finished)
        self.table_changed(table, outcome)

    def table_changed(self, table: Table, outcome: Outcome) -> None:
        """Every accepted change at a table, whoever made it: an event hears of its tables' games."""
        self.events.table_changed(table, outcome)

    async def channel_table_id(self, channel_id: int) -> int | None:
        """The channel's table, or after /doko schliessen its last one (its sheet and games)."""
        table = self.tables.get(channel_id)
        if table is not None and table.table_id is not None:
            return table.table_id
        last = await self.store.last_table(channel_id)
        return last.table_id if last is not None else None

    # ---- lifecycle ----------------------------------------------------------------------

    def install_signal_handlers(self) -> None:
        """SIGINT/SIGTERM close the gateway connection and the database cleanly."""
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(sig, self._on_signal, sig)
            except (NotImplementedError, RuntimeError):  # pragma: no cover - e.g. Windows
                pass

    def _on_signal(self, sig: signal.Signals) -> None:
        log.info("received %s, shutting down", sig.name)
        asyncio.get_running_loop().create_task(self.close())

    async def close(self) -> None:
        try:  # no deadline fires after this; the events' messages get their last edit
            await asyncio.wait_for(self.events.retire(), timeout=5)
        except (TimeoutError, Exception):  # pragma: no cover - best effort on shutdown
            log.warning("events: pending updates dropped on shutdown")
        self.events.stop()
        self.tables.stop()  # no computer move after this
        await self.learn.close()
        for presenter in list(self.presenters.values()):
            try:
                # open hands will not be updated by this process again: they say so
                await asyncio.wait_for(presenter.retire(), timeout=5)
            except (TimeoutError, Exception):  # pragma: no cover - best effort on shutdown
                log.warning("table %s: pending updates dropped on shutdown", presenter.table.channel_id)
        await super().close()
        if isinstance(self.store, ShardedStore):  # nothing is written any more: successors may start at once
            await self.store.stop()
        if self._owns_store:
            await self.store.close()

    async def command_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        """Never a traceback to a user, never a public error: the reason, privately."""
        name = getattr(interaction.command, "qualified_name", "?")
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        try:
            lang = await self.lang_of(interaction)
        except StoreError:
            lang = norm_lang(self.config.language)
        table = self.tables.get(interaction.channel_id or 0)
        if isinstance(cause, TableError):
            text = error_text(cause, table, lang)
        elif isinstance(cause, StoreError):
            log.error("command %s: the database failed: %s", name, cause)
            text = t(lang, "err.storage")
        elif isinstance(cause, app_commands.TransformerError):
            log.info("command %s: option not understood (%s)", name, cause.type)
            text = t(lang, "err.bad_option")
        elif isinstance(cause, app_commands.CheckFailure):
            text = t(lang, "err.not_in_guild")
        else:
            log.error("command %s failed", name, exc_info=cause)
            text = t(lang, "err.internal")
        await send_ephemeral(interaction, text)


def _discord_clock() -> float:
    return discord.utils.utcnow().timestamp()


class ShardedDokoBot(DokoBot, commands.AutoShardedBot):
    """The bot on the shards of ``config.shard_ids`` out of ``config.shard_count``."""


def make_bot(config: Config, store: Store | None = None, **kwargs: Any) -> DokoBot:
    """A plain bot, or a sharded one when the config names shards."""
    if not config.sharded:
        bot = DokoBot(config, store, **kwargs)
    else:
        ids = list(config.shard_ids) if config.shard_ids is not None else None
        bot = ShardedDokoBot(config, store, shard_count=config.shard_count, shard_ids=ids, **kwargs)
    return bot
