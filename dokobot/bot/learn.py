"""Learning from the games in Discord: the curve with the summary, the private
"Analyse" of one's own cards, the Tipp button of the hand.

The analysis of a finished game (``dokobot.players.analysis.analyse``) is pure
and slow (seconds): it runs in a worker process (or thread), never on the
event loop and never under a table's lock, and is stored with the game
(``TableStore.save_analysis``) so a restart keeps it. Everyone waits for the
worker in a fair queue (``learn_queue``): a table's summary curve first, the
channels' requests in turn, one waiting request per person, a bound; who would
wait is told so (or to try again). A request people made is noted in the store
(``bot_state`` ``analyse:<game id>``) until its analysis is stored, so a restart
does it again without anyone asking twice. A Tipp is one ``schwer``-sized
judgement (about a computer move's time) in a thread, computed and counted
once per seat and decision however often it is clicked.
"""

from __future__ import annotations

import asyncio
import io
import logging
import multiprocessing
from collections.abc import Coroutine
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from dokobot.bot.asked import WANTED, Asked
from dokobot.bot.learn_queue import BOUND, FairQueue, Ticket
from dokobot.bot.replies import answer, send_ephemeral
from dokobot.bot.tips import Tips
from dokobot.engine import Observation
from dokobot.players.analysis import DEFAULT_BUDGET, VERSION, Budget, Tip, analyse, costliest, tip
from dokobot.table.restore import bock_factors
from dokobot.table.store import StoredGame, StoreError
from dokobot.table.table import FinishedGame, Table
from dokobot.text import learn as words
from dokobot.text.i18n import computer_words, t

if TYPE_CHECKING:
    from dokobot.bot.host import Host

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Work:
    """A finished game to analyse, and where it was played (its place in the queue)."""

    game_id: int
    channel_id: int
    table_id: int
    number: int
    record: dict[str, Any]


@dataclass(frozen=True)
class Played:
    """A finished game as the analysis needs it."""

    work: Work
    players: list[int]  # user id by seat
    names: list[str]
    redeal: bool
    factor: int = 1  # its Bock factor (the curve is drawn in points as booked)

    @property
    def game_id(self) -> int:
        return self.work.game_id


def _record(g: StoredGame) -> dict[str, Any]:
    return {"format": "dokobot-game/1", "rules": dict(g.rules), "players": [p.name for p in g.players],
            "dealer": g.dealer, "hands": [list(h) for h in g.hands], "actions": [dict(a) for a in g.actions]}


def _played(g: StoredGame, channel_id: int, table_id: int, factor: int = 1) -> Played:
    work = Work(g.game_id, channel_id, table_id, g.number, _record(g))
    return Played(work, [p.user_id for p in g.players], [p.name for p in g.players],
                  g.result is None or g.result.is_redeal, factor)


def _retrieve(future: asyncio.Future[Any]) -> None:
    """A failed job nobody waits for any more is not an error of the loop (it was logged)."""
    if not future.cancelled():
        future.exception()


class Learn:
    """The bot's analyses: computed once per game off the loop, kept in the store.

    ``auto``: analyse every finished game at once and show its curve with the
    summary (the running bot); without it a game is analysed when someone asks
    (its "Analyse" button, ``/doko protokoll``). ``executor``: where the work
    runs (None: one worker process, started on first use). ``bound``: people's
    requests waiting at most (``learn_queue``)."""

    def __init__(self, bot: Host, *, budget: Budget = DEFAULT_BUDGET, executor: Executor | None = None,
                 auto: bool = True, bound: int = BOUND) -> None:
        self.bot = bot
        self.budget = budget
        self.auto = auto
        self.queue = FairQueue(bound)
        self._executor = executor
        # game id -> the job's task (its result: the analysis), while it waits or runs; and the running ones
        self._jobs: dict[int, asyncio.Task[dict[str, Any]]] = {}
        self._running: dict[int, asyncio.Task[dict[str, Any]]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._closed = False
        self.asked = Asked(bot, self._spawn)
        self.tips = Tips(bot, lambda obs: self.compute_tip(obs), self._spawn)  # late bound: a test may count it

    def executor(self) -> Executor:
        if self._executor is None:  # spawn: a clean interpreter, nothing of the bot's threads or sockets
            self._executor = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
        return self._executor

    async def compute(self, record: dict[str, Any]) -> dict[str, Any]:
        """One analysis, in the executor (the only place one is computed)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor(), analyse, record, self.budget)

    async def compute_tip(self, obs: Observation) -> Tip | None:
        """One Tipp, in a thread (the only place one is computed)."""
        return await asyncio.to_thread(tip, obs, self.budget)

    def _spawn(self, work: Coroutine[Any, Any, Any], name: str) -> asyncio.Task[Any]:
        task = asyncio.create_task(work, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def idle(self) -> None:
        """Until every analysis started after a game is done (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        self._closed = True  # a cancelled job starts no other
        for task in list(self._tasks):  # waiting jobs too: their requests stay noted for the next start
            task.cancel()
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    # ---- after a game, after a restart ---------------------------------------------------

    def finished(self, table: Table, fin: FinishedGame | None) -> None:
        """A game was booked: analyse it in the background, then show its curve."""
        if not self.auto or fin is None or fin.result.is_redeal or table.game_id is None:
            return
        work = Work(table.game_id, table.channel_id, table.table_id, fin.number, fin.record)
        self._spawn(self._after(table, work, fin), f"doko-curve-{table.channel_id}")

    def restored(self, table: Table) -> None:
        """After a restart: the summary on the table message gets its curve back (stored,
        else computed again: its analysis may have been cut off by the restart)."""
        fin = table.last
        if not self.auto or fin is None or fin.result.is_redeal or table.state != "between":
            return
        self._spawn(self._again(table, fin), f"doko-curve-{table.channel_id}")

    async def _again(self, table: Table, fin: FinishedGame) -> None:
        try:
            game = await find_played(self.bot, table.channel_id, table.table_id, fin.number)
        except StoreError as exc:
            log.warning("table %s: game %s not found for its curve: %s", table.channel_id, fin.number, exc)
            return
        if game is not None:
            await self._after(table, game.work, fin)

    async def _after(self, table: Table, work: Work, fin: FinishedGame) -> None:
        data = await self._stored(work.game_id)
        if data is None:
            _, result = self._ask(work, summary=True)  # the bot's own work: never refused
            assert result is not None
            try:
                data = await asyncio.shield(result)
            except asyncio.CancelledError:
                raise
            except Exception:  # logged by the job: the summary stays without its curve
                return
        fin.analysis = data
        if table.last is fin:  # still the summary on the table message: draw it with its curve
            self.bot.presenter(table).update()

    def resume(self) -> None:
        """At start: the analyses people asked for that no process finished are queued again."""
        self._spawn(self._resume(), "doko-analyse-resume")

    async def _resume(self) -> None:
        queued = 0
        for key, value in (await self.asked.wanted()).items():
            game = await _noted(self.bot, value)
            if game is None or key != f"{WANTED}{game.game_id}":  # gone (or not readable): forget it
                await self.asked.forget(key)
                continue
            ticket, _ = self._ask(game.work)
            self.asked.known(game.game_id)  # its note goes once it is stored
            queued += ticket.verdict == "new"
        if queued:
            log.info("%d analysis request(s) from before the restart queued again", queued)

    # ---- the queue -------------------------------------------------------------------------

    async def _stored(self, game_id: int) -> dict[str, Any] | None:
        """The game's analysis if the store has it in the current version."""
        try:
            cached = await self.bot.store.analysis(game_id)
        except StoreError as exc:
            log.warning("game %s: stored analysis not readable: %s", game_id, exc)
            return None
        return cached if cached is not None and cached.get("version") == VERSION else None

    def _ask(self, work: Work, person: int | None = None, *,
             summary: bool = False) -> tuple[Ticket, asyncio.Task[dict[str, Any]] | None]:
        """Queue the game's analysis (or join its job): the ticket, and the job (its result:
        the analysis) unless refused. A person's new request is noted in the store."""
        ticket = self.queue.ask(work.game_id, work.channel_id, person, summary=summary)
        if not ticket.admitted:
            return ticket, None
        if person is not None:  # also when joining a summary's job
            self.asked.note(work)
        if ticket.verdict == "new":
            job = self._spawn(self._job(work), f"doko-analyse-{work.channel_id}")
            job.add_done_callback(_retrieve)
            self._jobs[work.game_id] = job
            self._pump()
        return ticket, self._jobs[work.game_id]

    def _pump(self) -> None:
        """Start the jobs whose turn it is (one at a time: one worker)."""
        while not self._closed and (job := self.queue.next()) is not None:
            self._running[job.key] = self._jobs[job.key]

    async def _job(self, work: Work) -> dict[str, Any]:
        """One game's analysis: waits for its turn (a running job's end), then is done."""
        game_id = work.game_id
        try:
            while game_id not in self._running:
                if not self._running:  # a waiting job always has one running before it
                    raise RuntimeError(f"game {game_id}: its analysis waits for nothing")
                await asyncio.wait(list(self._running.values()))
            return await self._analysed(work)
        except Exception:
            log.exception("game %s could not be analysed", game_id)
            await self.asked.done(game_id)  # not again after a restart: it would fail again
            raise
        finally:
            self._jobs.pop(game_id, None)
            self._running.pop(game_id, None)
            self.queue.done(game_id)
            self._pump()

    async def _analysed(self, work: Work) -> dict[str, Any]:
        data = await self._stored(work.game_id)  # a job done again after a restart may find it done
        if data is not None:
            await self.asked.done(work.game_id)
            return data
        data = await self.compute(work.record)
        await self._keep(work.game_id, data)
        return data

    async def _keep(self, game_id: int, data: dict[str, Any]) -> None:
        try:
            await self.bot.store.save_analysis(game_id, data)
        except StoreError as exc:  # shown anyway; a request stays noted: computed again after a restart
            log.warning("game %s: analysis not stored: %s", game_id, exc)
            self.asked.kept_noted(game_id)
            return
        await self.asked.done(game_id)

    async def _in_line(self, interaction: discord.Interaction, game: Played, lang: str) -> dict[str, Any] | None:
        """The analysis a person asked for: its stored one, else queued and waited for. Who
        would wait is told how many jobs are ahead; a refused request is told why (None)."""
        data = await self._stored(game.game_id)
        if data is not None:
            return data
        ticket, result = self._ask(game.work, interaction.user.id)
        if result is None:
            key = "learn.yours" if ticket.verdict == "yours" else "learn.busy"
            await send_ephemeral(interaction, t(lang, key))
            return None
        if ticket.ahead:
            await send_ephemeral(interaction, t(lang, "learn.queued", n=ticket.ahead))
        elif not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            return await asyncio.shield(result)
        except asyncio.CancelledError:
            raise
        except Exception:  # logged by the job
            await send_ephemeral(interaction, t(lang, "err.internal"))
            return None

    async def send_curve(self, interaction: discord.Interaction, number: int, lang: str) -> None:
        """The curve of finished game ``number`` as a private follow-up (``/doko protokoll``)."""
        game = await played(self.bot, interaction.channel_id or 0, number)
        if game is None or game.redeal:
            return
        data = await self._in_line(interaction, game, lang)
        curve = words.curve_of(data) if data is not None else None
        if curve is None:
            return
        names = [computer_words(n, lang) for n in game.names]
        png = words.curve_picture(curve, names, number, lang, game.factor)
        text = words.curve_text(curve, names, number, lang, game.factor)  # it escapes the names
        alt = words.curve_alt(curve, names, number, lang, game.factor)
        await answer(interaction, text, files=[discord.File(io.BytesIO(png), filename=f"doko-curve-{number}.png",
                                                            description=alt)])

    # ---- the buttons ---------------------------------------------------------------------

    async def on_analyse(self, interaction: discord.Interaction, game_no: int) -> None:
        """The summary's "Analyse": the clicker's own costliest cards, privately."""
        lang = await self.bot.lang_of(interaction)
        game = await played(self.bot, interaction.channel_id or 0, game_no)
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
        data = await self._in_line(interaction, game, lang)
        if data is None:
            return
        deck = await self.bot.user_deck(interaction.user.id)
        body = words.analysis_text(costliest(words.decisions_of(data, seat)), lang, deck)
        card = discord.Embed(title=t(lang, "an.title", no=game_no), description=body)
        await answer(interaction, embed=card)

    async def on_tip(self, interaction: discord.Interaction, game_no: int, seat: int) -> None:
        """The hand's "Tipp" (``tips``)."""
        await self.tips.on_tip(interaction, game_no, seat)


# ---- finding a finished game ---------------------------------------------------------------


async def played(bot: Host, channel_id: int, number: int) -> Played | None:
    """Finished game ``number`` of the channel's table (the Spielliste's numbers)."""
    table_id = await bot.channel_table_id(channel_id)
    return None if table_id is None else await find_played(bot, channel_id, table_id, number)


async def find_played(bot: Host, channel_id: int, table_id: int, number: int) -> Played | None:
    games = await bot.store.finished_games(table_id)
    for g in games:
        if g.number == number:
            return _played(g, channel_id, table_id, bock_factors(games).get(number, 1))
    return None


async def _noted(bot: Host, value: str) -> Played | None:
    """The game a note of a request names (None: gone, or the note is not readable)."""
    try:
        return await find_played(bot, *Asked.parse(value))
    except (ValueError, KeyError, TypeError, StoreError) as exc:
        log.warning("an analysis asked for before the restart is lost: %s", exc)
        return None


def curve_file(fin: FinishedGame, lang: str) -> discord.File | None:
    """The summary's curve picture, once the game is analysed."""
    curve = words.curve_of(fin.analysis) if fin.analysis else None
    if curve is None:
        return None
    names = [computer_words(p.name, lang) for p in fin.players]  # "Computer 1 (medium)" in English
    png = words.curve_picture(curve, names, fin.number, lang, fin.bock)
    return discord.File(io.BytesIO(png), filename="doko-curve.png",
                        description=words.curve_alt(curve, names, fin.number, lang, fin.bock))


async def _private(interaction: discord.Interaction, text: str) -> None:

    await send_ephemeral(interaction, text)
