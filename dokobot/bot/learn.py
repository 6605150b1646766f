"""Learning from the games in Discord: the curve with the summary, the private
"Analyse" of one's own cards, the Tipp button of the hand.

The analysis of a finished game (``dokobot.table.analysis.analyse``) is pure
and slow (seconds): it runs in a worker process (or thread), never on the
event loop and never under a table's lock, and is stored with the game
(``TableStore.save_analysis``) so a restart keeps it. A Tipp is one
``schwer``-sized judgement (about a computer move's time) in a thread.
"""

from __future__ import annotations

import asyncio
import io
import logging
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from dokobot.bot.replies import send_ephemeral
from dokobot.table.analysis import DEFAULT_BUDGET, VERSION, Budget, analyse, costliest, tip
from dokobot.table.store import StoredGame, StoreError
from dokobot.table.table import FinishedGame, Table, bock_factors
from dokobot.text import learn as words
from dokobot.text.i18n import t

if TYPE_CHECKING:
    from dokobot.bot.client import DokoBot

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Played:
    """A finished game as the analysis needs it."""

    game_id: int
    number: int
    record: dict[str, Any]
    players: list[int]  # user id by seat
    names: list[str]
    redeal: bool
    factor: int = 1  # its Bock factor (the curve is drawn in points as booked)


def _record(g: StoredGame) -> dict[str, Any]:
    return {"format": "dokobot-game/1", "rules": dict(g.rules), "players": [p.name for p in g.players],
            "dealer": g.dealer, "hands": [list(h) for h in g.hands], "actions": [dict(a) for a in g.actions]}


class Learn:
    """The bot's analyses: computed once per game off the loop, kept in the store.

    ``auto``: analyse every finished game at once and show its curve with the
    summary (the running bot); without it a game is analysed when someone asks
    (its "Analyse" button, ``/doko protokoll``). ``executor``: where the work
    runs (None: one worker process, started on first use)."""

    def __init__(self, bot: DokoBot, *, budget: Budget = DEFAULT_BUDGET, executor: Executor | None = None,
                 auto: bool = True) -> None:
        self.bot = bot
        self.budget = budget
        self.auto = auto
        self._executor = executor
        self._running: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def executor(self) -> Executor:
        if self._executor is None:  # spawn: a clean interpreter, nothing of the bot's threads or sockets
            self._executor = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        return self._executor

    async def idle(self) -> None:
        """Until every analysis started after a game is done (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    # ---- after a game --------------------------------------------------------------------

    def finished(self, table: Table, fin: FinishedGame | None) -> None:
        """A game was booked: analyse it in the background, then show its curve."""
        if not self.auto or fin is None or fin.result.is_redeal or table.game_id is None:
            return
        task = asyncio.create_task(self._after(table, table.game_id, fin), name=f"doko-analyse-{table.channel_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def restored(self, table: Table) -> None:
        """After a restart: the summary on the table message gets its curve back (stored)."""
        fin = table.last
        if not self.auto or fin is None or fin.result.is_redeal or table.state != "between":
            return
        task = asyncio.create_task(self._again(table, fin), name=f"doko-analyse-{table.channel_id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _again(self, table: Table, fin: FinishedGame) -> None:
        try:
            game = await self.played(table.channel_id, fin.number)
        except StoreError as exc:
            log.warning("table %s: game %s not found for its curve: %s", table.channel_id, fin.number, exc)
            return
        if game is not None:
            await self._after(table, game.game_id, fin)

    async def _after(self, table: Table, game_id: int, fin: FinishedGame) -> None:
        try:
            data = await self.analysis(game_id, fin.record)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: game %s could not be analysed", table.channel_id, fin.number)
            return
        fin.analysis = data
        if table.last is fin:  # still the summary on the table message: draw it with its curve
            self.bot.presenter(table).update()

    async def analysis(self, game_id: int, record: dict[str, Any]) -> dict[str, Any]:
        """The game's analysis: from the store, else computed once (concurrent askers wait
        for the same computation) and stored."""
        running = self._running.get(game_id)
        if running is not None:
            return await asyncio.shield(running)
        try:
            cached = await self.bot.store.analysis(game_id)
        except StoreError as exc:
            log.warning("game %s: stored analysis not readable: %s", game_id, exc)
            cached = None
        if cached is not None and cached.get("version") == VERSION:
            return cached
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self.executor(), analyse, record, self.budget)
        self._running[game_id] = future
        try:
            data = await asyncio.shield(future)
        finally:
            self._running.pop(game_id, None)
        try:
            await self.bot.store.save_analysis(game_id, data)
        except StoreError as exc:  # shown anyway; computed again after a restart
            log.warning("game %s: analysis not stored: %s", game_id, exc)
        return data

    # ---- finding a finished game ---------------------------------------------------------

    async def played(self, channel_id: int, number: int) -> Played | None:
        """Finished game ``number`` of the channel's table (the Spielliste's numbers)."""
        table_id = await self.bot.channel_table_id(channel_id)
        if table_id is None:
            return None
        games = await self.bot.store.finished_games(table_id)
        for g in games:
            if g.number == number:
                redeal = g.result is None or g.result.is_redeal
                return Played(g.game_id, g.number, _record(g), [p.user_id for p in g.players],
                              [p.name for p in g.players], redeal, bock_factors(games).get(number, 1))
        return None

    async def send_curve(self, interaction: discord.Interaction, number: int, lang: str) -> None:
        """The curve of finished game ``number`` as a private follow-up (``/doko protokoll``)."""
        game = await self.played(interaction.channel_id or 0, number)
        if game is None or game.redeal:
            return
        try:
            data = await self.analysis(game.game_id, game.record)
        except Exception:
            log.exception("game %s: analysis failed", game.game_id)
            return
        curve = words.curve_of(data)
        if curve is None:
            return
        png = words.curve_picture(curve, game.names, number, lang, game.factor)
        text = words.curve_text(curve, game.names, number, lang, game.factor)  # it escapes the names
        alt = words.curve_alt(curve, game.names, number, lang, game.factor)
        await interaction.followup.send(text, file=discord.File(io.BytesIO(png), filename=f"doko-curve-{number}.png",
                                                                description=alt), ephemeral=True)

    # ---- the buttons ---------------------------------------------------------------------

    async def on_analyse(self, interaction: discord.Interaction, game_no: int) -> None:
        """The summary's "Analyse": the clicker's own costliest cards, privately."""
        lang = await self.bot.lang_of(interaction)
        game = await self.played(interaction.channel_id or 0, game_no)
        if game is None:
            await _private(interaction, t(lang, "an.gone", no=game_no))
            return
        if game.redeal:
            await _private(interaction, t(lang, "an.redeal"))
            return
        if interaction.user.id not in game.players:
            await _private(interaction, t(lang, "an.not_seated", no=game_no))
            return
        seat = game.players.index(interaction.user.id)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            data = await self.analysis(game.game_id, game.record)
        except Exception:
            log.exception("game %s: analysis failed", game.game_id)
            await interaction.followup.send(t(lang, "err.internal"), ephemeral=True)
            return
        deck = await self.bot.user_deck(interaction.user.id)
        body = words.analysis_text(costliest(words.decisions_of(data, seat)), lang, deck)
        card = discord.Embed(title=t(lang, "an.title", no=game_no), description=body)
        await interaction.followup.send(embed=card, ephemeral=True)

    async def on_tip(self, interaction: discord.Interaction, game_no: int, seat: int) -> None:
        """The hand's "Tipp": what schwer would play now and why, counted on the score sheet."""
        lang = await self.bot.lang_of(interaction)
        table = self.bot.tables.get(interaction.channel_id or 0)
        if table is None:
            await _private(interaction, t(lang, "err.no_table"))
            return
        if not table.settings.tipps:
            await _private(interaction, t(lang, "tip.off"))
            return
        game = table.game
        if (table.state != "playing" or game is None or table.game_no != game_no or game.phase != "play"
                or game.to_act != seat or table.game_id is None):
            await _private(interaction, t(lang, "tip.not_now"))
            return
        obs, game_id = game.observation(seat), table.game_id  # immutable: the game goes on meanwhile
        await interaction.response.defer(ephemeral=True, thinking=True)
        hint = await asyncio.to_thread(tip, obs, self.budget)
        if hint is None:
            await interaction.followup.send(t(lang, "tip.not_now"), ephemeral=True)
            return
        try:
            n = await self.bot.store.add_hint(game_id, interaction.user.id)  # counted before it is shown
        except StoreError as exc:
            log.error("table %s: a Tipp could not be counted: %s", table.channel_id, exc)
            await interaction.followup.send(t(lang, "err.storage"), ephemeral=True)
            return
        deck = await self.bot.user_deck(interaction.user.id)
        text = words.tip_text(hint, lang, deck) + "\n-# " + t(lang, "tip.count", n=n)
        await interaction.followup.send(text, ephemeral=True)


def curve_file(fin: FinishedGame, lang: str) -> discord.File | None:
    """The summary's curve picture, once the game is analysed."""
    curve = words.curve_of(fin.analysis) if fin.analysis else None
    if curve is None:
        return None
    names = [p.name for p in fin.players]
    png = words.curve_picture(curve, names, fin.number, lang, fin.bock)
    return discord.File(io.BytesIO(png), filename="doko-curve.png",
                        description=words.curve_alt(curve, names, fin.number, lang, fin.bock))


async def _private(interaction: discord.Interaction, text: str) -> None:

    await send_ephemeral(interaction, text)
