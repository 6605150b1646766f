"""Discord building blocks: embeds, views, and the per-table presenter.

Buttons are ``DynamicItem``s (``dokobot.bot.components``, the one codec of
their ``custom_id``s). Views hold only dynamic items and are
stopped before they are sent (``dynamic_view``): clicks reach the dynamic items
through the bot's registry, and discord.py keeps nothing per message (an
ephemeral hand would otherwise get a 15-minute timeout task holding it).

The ``TablePresenter`` is the only writer of a table's public message and of
the open private hands: one worker task per table renders the *latest*
state right before each edit, so a late edit never shows an older state.
"""

from __future__ import annotations

import asyncio
import collections
import dataclasses
import datetime
import hashlib
import io
import json
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from dokobot.bot import embeds
from dokobot.bot.components import AnalyseButton, HandItem, TableButton, TipButton
from dokobot.bot.learn import curve_file
from dokobot.engine import ReplayError, replay_game
from dokobot.table.ai import LEVELS
from dokobot.table.outcome import Notice
from dokobot.table.store import OpenHand, StoreError
from dokobot.table.table import (
    MAX_SEATS,
    SEATS,
    FinishedGame,
    Outcome,
    Table,
)
from dokobot.text import learn as learn_words
from dokobot.text import picture, render
from dokobot.text.controls import AskKsolo, Control
from dokobot.text.i18n import t
from dokobot.text.notices import notice_text

if TYPE_CHECKING:
    from dokobot.bot.client import DokoBot

log = logging.getLogger(__name__)
_T = TypeVar("_T")  # what a wrapped call gives back

NO_MENTIONS = discord.AllowedMentions.none()
COLOUR = embeds.COLOUR
# Edit a private hand only while its token is surely valid (15 minutes, minus slack).
TOKEN_LIFE = datetime.timedelta(minutes=15)
TOKEN_SLACK = datetime.timedelta(seconds=30)
# A click on a hand brings a newer token for the same message: it is stored only once the
# stored one is this old (one write per hand and 5 minutes, not per click; after a kill
# the stored token still has 10 minutes or more for its one edit).
REKEEP = datetime.timedelta(minutes=5)
# responses that updated the clicked message: a followup of such a click is a new message
_UPDATES = (discord.InteractionResponseType.deferred_message_update, discord.InteractionResponseType.message_update)



@dataclasses.dataclass(frozen=True)
class Pace:
    """How the table message is edited through the channel. Discord allows 5 calls per
    5 s per channel, and every channel call counts against the token's global 50 per
    second; edits through an interaction response count against neither."""

    window: float = 5.0  # seconds of Discord's per-channel bucket
    burst: int = 5  # channel calls per window
    gap: float = 1.0  # seconds between two channel edits of the table: a burst of clicks is one edit
    # While computers play on, an edit waits until a person is to act again: their burst is one
    # edit. It waits at most ``hold`` seconds, longer at a bigger table: the computers' pauses of
    # the longest burst there can be (the rest of a trick and the next one up to a person) and a
    # ``gap``. A table where only computers play, or a slow computer, still shows cards meanwhile.
    hold: float = 4.0

    def hold_for(self, delay: float, players: int) -> float:
        """Seconds an edit may wait while computers move ``delay`` s apart among ``players``."""
        if not self.hold:
            return 0.0
        return max(self.hold, delay * 2 * (players - 1) + self.gap)


PACE = Pace()
NO_PACE = Pace(window=0.0, burst=0, gap=0.0, hold=0.0)  # every change shown at once (tests without time)


def default_pace() -> Pace:
    """The pace a bot gets unless it is given one (read at construction: tests may swap it)."""
    return PACE


# ---- embeds and views -------------------------------------------------------------------


def dynamic_view() -> discord.ui.View:
    """A view for dynamic items only, already stopped: discord.py stores and times nothing.

    discord.py gives a view sent with an ephemeral response a 15-minute
    timeout (a task per private hand, holding the view); a finished view is
    sent as components only. Dynamic items are dispatched by their
    ``custom_id`` template, not through a stored view, so clicks still work.
    """
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


DESCRIPTION_MAX = embeds.DESCRIPTION  # Discord's limits of an embed (dokobot.bot.embeds has them all)
FIELD_MAX = embeds.FIELD_VALUE


def embed(title: str, body: str, footer: str | None = None) -> discord.Embed:
    """An embed within Discord's limits (``dokobot.bot.embeds.build``): a long body goes on in fields."""
    return embeds.build(title, body, footer)


def lobby_message(table: Table, lang: str, *, active: bool = True) -> dict[str, Any]:
    title, body = render.lobby_text(table, lang)
    view = None
    if active and table.state == "lobby":
        view = dynamic_view()
        ch = table.channel_id
        view.add_item(TableButton(ch, "join", 0, label=t(lang, "btn.join"), style=discord.ButtonStyle.success))
        view.add_item(TableButton(ch, "leave", 0, label=t(lang, "btn.leave"), style=discord.ButtonStyle.secondary))
        view.add_item(TableButton(
            ch, "start", 0, label=t(lang, "btn.start"), style=discord.ButtonStyle.primary,
            disabled=not SEATS <= len(table.seats) <= MAX_SEATS,
        ))
        view.add_item(TableButton(ch, "rules", 0, label=t(lang, "btn.rules"), style=discord.ButtonStyle.secondary))
        for level in LEVELS:  # one button per level of computer player
            view.add_item(TableButton(
                ch, f"computer_{level}", 0, style=discord.ButtonStyle.secondary, disabled=len(table.seats) >= MAX_SEATS, row=1,
                label=t(lang, "btn.add_computer_level", level=t(lang, f"level.{level}")),
            ))
        if any(s.is_bot for s in table.seats):
            view.add_item(TableButton(
                ch, "nocomputer", 0, label=t(lang, "btn.remove_computer"), style=discord.ButtonStyle.secondary, row=1,
            ))
    return {"embed": embed(title, body), "view": view}


def game_message(
    table: Table, lang: str, game_no: int, *, active: bool = True, deck: str | None = "french",
) -> dict[str, Any]:
    """The public message of game ``game_no``: running table, or its summary.

    ``files`` holds the picture of the table (or of the summary) unless the
    channel turned pictures off (``deck=None``); the text is complete without it.
    """
    ch = table.channel_id
    finished = table.last if table.last and table.last.number == game_no else None
    if finished is not None and (table.state != "playing" or table.game_no != game_no):
        game = table.game if table.game_no == game_no else None  # the finished game: its last trick
        title, body = render.summary_text(finished, lang, game)
        view = _between_view(table, lang, game_no, record=True) if active else None
        png = _safely(table, lambda: _summary_png(table, finished, deck, lang))
        return _with_curve(_with_picture(embed(title, body), view, png, "summary"), table, finished, deck, lang)
    if table.broken and table.game_no == game_no:  # restored, but no longer replays: only abort helps
        title = t(lang, "table.title", no=game_no, preset=render.preset_name(lang, table.preset))
        return {"embed": embed(title, t(lang, "table.broken", no=game_no)), "view": None, "files": []}
    if table.game is None:  # aborted: nothing to show but the way on
        title = t(lang, "table.title", no=game_no, preset=render.preset_name(lang, table.preset))
        # the aborted game's dealer: the seats may have changed since (someone left)
        players = table.game_players or table.seats
        dealer = players[table.dealer].name if table.dealer < len(players) else "–"
        body = t(lang, "table.aborted", no=game_no, dealer=render.esc(dealer))
        view = _between_view(table, lang, game_no, record=False) if active else None
        return {"embed": embed(title, body), "view": view, "files": []}
    title, body = render.table_text(table, lang)
    view = None
    if active and table.state == "playing":
        view = dynamic_view()
        view.add_item(TableButton(ch, "hand", game_no, label=t(lang, "btn.hand"), style=discord.ButtonStyle.primary))
        view.add_item(TableButton(ch, "rules", game_no, label=t(lang, "btn.rules"), style=discord.ButtonStyle.secondary))
        # someone new waits for the next free seat
        view.add_item(TableButton(ch, "join", game_no, label=t(lang, "btn.join"), style=discord.ButtonStyle.secondary))
        if table.stalled is not None:  # on_timeout wait: the host decides
            view.add_item(TableButton(ch, "takeover", game_no, label=t(lang, "btn.take_over"),
                                      style=discord.ButtonStyle.primary, row=1))
            view.add_item(TableButton(ch, "abort", game_no, label=t(lang, "btn.abort"),
                                      style=discord.ButtonStyle.danger, row=1))
    png = _safely(table, lambda: _table_png(table, deck, lang))
    return _with_picture(embed(title, body), view, png, "table")


def _table_png(table: Table, deck: str | None, lang: str) -> tuple[bytes, str] | None:
    """The table picture and its description (what a screen reader says)."""
    pic = picture.table_view(table, deck=deck, lang=lang) if deck is not None else None
    return (picture.render_table(pic), picture.table_alt(pic)) if pic is not None else None


def _safely(table: Table, draw: Callable[[], _T | None]) -> _T | None:
    """A picture that cannot be drawn is left out: the text says everything, and it must go out."""
    try:
        return draw()
    except Exception:
        log.exception("table %s: the picture could not be drawn", table.channel_id)
        return None


def _with_picture(e: discord.Embed, view: discord.ui.View | None, pic: tuple[bytes, str] | None,
                  name: str) -> dict[str, Any]:
    """The embed shows the picture (PNG, description) inside it; ``files`` is empty without one."""
    if pic is None:
        return {"embed": e, "view": view, "files": []}
    filename = f"doko-{name}.png"
    e.set_image(url=f"attachment://{filename}")
    return {"embed": e, "view": view, "files": [discord.File(io.BytesIO(pic[0]), filename=filename, description=pic[1])]}


def _with_curve(message: dict[str, Any], table: Table, fin: FinishedGame, deck: str | None, lang: str) -> dict[str, Any]:
    """The summary with the game's curve once it is analysed: a second picture, or
    (pictures off) its numbers in words."""
    curve = learn_words.curve_of(fin.analysis) if fin.analysis else None
    if curve is None:
        return message
    if deck is None:
        text = learn_words.curve_text(curve, [p.name for p in fin.players], fin.number, lang, fin.bock)
        message["embed"].add_field(name="\u200b", value=text[:FIELD_MAX], inline=False)
        return message
    file = _safely(table, lambda: curve_file(fin, lang))
    if file is not None:
        message["files"] = [*message["files"], file]
    return message


def _summary_png(table: Table, fin: FinishedGame, deck: str | None, lang: str) -> tuple[bytes, str] | None:
    """The summary picture and its description: the finished game is the table's own, or
    rebuilt from its record."""
    if deck is None:
        return None
    game = table.game if table.game is not None and table.game_no == fin.number else None
    if game is None or game.phase != "done":
        try:
            game = replay_game(fin.record)
        except ReplayError:
            log.warning("table %s: game %s cannot be replayed for its picture", table.channel_id, fin.number)
            return None
    view = picture.summary_view(fin, game, deck=deck, lang=lang)
    return (picture.render_summary(view), picture.summary_alt(view)) if view is not None else None


def _between_view(table: Table, lang: str, game_no: int, *, record: bool) -> discord.ui.View | None:
    """Between two games: next game, the record of a finished one, close the table."""
    if table.state != "between":
        return None
    ch = table.channel_id
    view = dynamic_view()
    view.add_item(TableButton(ch, "next", game_no, label=t(lang, "btn.next"), style=discord.ButtonStyle.success))
    if record:
        view.add_item(TableButton(ch, "record", game_no, label=t(lang, "btn.record"), style=discord.ButtonStyle.secondary))
    view.add_item(TableButton(ch, "close", game_no, label=t(lang, "btn.close"), style=discord.ButtonStyle.danger))
    # between games anyone may take a free seat (or wait for one) and anyone seated may leave
    view.add_item(TableButton(ch, "join", game_no, label=t(lang, "btn.join"), style=discord.ButtonStyle.secondary, row=1))
    view.add_item(TableButton(ch, "leave", game_no, label=t(lang, "btn.leave"), style=discord.ButtonStyle.secondary, row=1))
    if record:  # each player's own costliest cards, privately
        view.add_item(AnalyseButton(ch, game_no, label=t(lang, "btn.analyse"), row=1))
    return view


def record_files(record: dict[str, Any], names: list[str], number: int | None, channel_id: int, lang: str) -> list[discord.File]:
    """The record (``dokobot-game/1``, for ``dokobot replay``) and the same game to read,
    trick by trick, in the reader's language."""
    data = json.dumps(record, ensure_ascii=False, indent=1).encode()
    text = render.record_text(record, names, lang, number).encode()
    stem = f"doko-{channel_id}-{number}"
    return [discord.File(io.BytesIO(data), filename=f"{stem}.json"), discord.File(io.BytesIO(text), filename=f"{stem}.txt")]


def schwein_message(table: Table, seat: int, lang: str) -> dict[str, Any]:
    """The private question of the ♦A button: two buttons, "als Schwein" / "als Fuchs"."""
    content, controls = render.schwein_question(lang)
    view = dynamic_view()
    for i, ctl in enumerate(controls):
        view.add_item(HandItem.build(table.channel_id, table.game_no, seat, ctl, 0, i))
    return {"content": content, "view": view}


def ksolo_message(table: Table, seat: int, ask: AskKsolo, lang: str) -> dict[str, Any]:
    """The private question of a kleines Solo that names its form or card (six, ``choice`` / ``named_card``)."""
    content, rows = render.ksolo_question(table, seat, ask, lang)
    view = dynamic_view()
    for r, row in enumerate(rows):
        for i, ctl in enumerate(row):
            view.add_item(HandItem.build(table.channel_id, table.game_no, seat, ctl, r, i))
    return {"content": content, "view": view}


def hand_message(table: Table, seat: int, lang: str, deck: str = "french") -> dict[str, Any]:
    """The private hand of ``seat`` (content and controls) for its owner only, in the owner's deck."""
    content = render.hand_text(table, seat, lang, deck)
    view = dynamic_view()
    rows = render.hand_controls(table, seat, lang, deck)
    for r, row in enumerate(rows):
        for i, ctl in enumerate(row):
            view.add_item(HandItem.build(table.channel_id, table.game_no, seat, ctl, r, i))
    game = table.game
    if table.settings.tipps and game is not None and game.phase == "play" and game.to_act == seat:
        free = next((r for r, items in enumerate(rows) if len(items) < 5 and not _selects(items)), len(rows))
        if free < 5:  # Discord's five rows: a hand that fills them all has no room (none does at present)
            view.add_item(TipButton(table.channel_id, table.game_no, seat, label=t(lang, "btn.tipp"), row=free))
    return {"content": content, "view": view, "embed": None}


def _selects(row: list[Control]) -> bool:
    """A row holding a select has no room for a button."""
    return any(ctl.is_select for ctl in row)


# ---- presenter --------------------------------------------------------------------------


class TablePresenter:
    """Keeps a table's public message and its players' open hands up to date."""

    def __init__(self, bot: DokoBot, table: Table) -> None:
        self.bot = bot
        self.table = table
        self.hands: dict[int, discord.Interaction] = {}  # user_id -> interaction whose @original is the hand
        self.hand_ids: dict[int, int | None] = {}  # user_id -> the hand's message id, if known
        self.shown: tuple[Any, ...] | None = self._key() if table.message_id else None
        # The live table message as sent; the table remembers it on disk (for
        # restarts), but an edit always goes to the newest message even when
        # remembering it failed: one live table message per game.
        self.message_id: int | None = table.message_id
        self.resumed = False  # restored after a restart: the table message says the game goes on
        self._notices: list[Notice] = []
        self._first: list[int] = []
        self._dirty = False
        self._task: asyncio.Task[None] | None = None
        # the one short public "whose turn" line of the table: its message and what it says
        self.turn_line: int | None = None
        self.turn_key: tuple[Any, ...] | None = None
        self._reminder: int | None = None  # user id: the next turn line is a reminder
        self._events: list[Any] = []  # TurnEvents to announce
        self._stale: list[tuple[discord.Interaction, str]] = []  # old hand messages: their last edit
        self._sweeper: asyncio.Task[None] | None = None  # ends the hands whose token runs out
        self._texts: dict[int, str] = {}  # interaction id -> the text its hand message shows
        # pacing of the table message (``Pace``): channel calls of the last window, the last
        # channel edit, since when a change waits to be shown, and the task that shows it later
        self._calls: collections.deque[float] = collections.deque()
        self._last_edit: float | None = None
        self._since: float | None = None
        self._timer: asyncio.Task[None] | None = None
        self._timer_at = 0.0
        self._flush = False  # shutdown: show what waits, now
        self._via: discord.Interaction | None = None  # a click on a table message: its answer edits it
        # the newest click on a table message: the turn line is its followup (an interaction call,
        # outside the global limit and the channel's bucket); and the click the turn line came from
        self._hook: discord.Interaction | None = None
        self._line_hook: discord.Interaction | None = None
        # what the live table message shows (payload digest, picture digest): no identical edit,
        # no upload of an unchanged picture
        self._sent: tuple[int | None, str | None, str | None] = (None, None, None)
        # user id -> (hand message, digest, text) as last edited: no identical hand edit
        self._hand_sent: dict[int, tuple[int, str, str]] = {}
        self._pinged: int | None = None  # the game whose first turn was pinged
        # the open hands on disk (for a restart after a kill): the people whose hand changed
        # since, the task that writes them, and the hands the process before a kill left open
        self._unkept: set[int] = set()
        self._kept: dict[int, tuple[int | None, float]] = {}  # user id -> (message, opened at) on disk
        self._keeper: asyncio.Task[None] | None = None
        self._orphans: list[OpenHand] = []

    def _key(self) -> tuple[Any, ...]:
        if self.table.state in ("playing", "between"):
            return ("game", self.table.game_no)
        if self.table.state == "closed" and self.shown is not None:
            return self.shown
        return ("lobby",)

    def open_hand(
        self, user_id: int, interaction: discord.Interaction, message_id: int | None = None, content: str = "",
    ) -> None:
        """Remember the newest private hand message (``message_id``) of a player, to keep
        it current. An older one (another message) is told it is out of date in its last edit."""
        old, old_id = self.hands.get(user_id), self.hand_ids.get(user_id)
        self.hands[user_id], self.hand_ids[user_id] = interaction, message_id
        sent = self._hand_sent.get(user_id)
        if sent is not None and (message_id is None or sent[0] != message_id or sent[2] != content):
            del self._hand_sent[user_id]  # that message shows something else: the next refresh edits it
        self._texts[interaction.id] = content
        if old is not None and old is not interaction:
            if message_id is None or message_id != old_id:
                self._stale.append((old, "hand.stale"))
                self._kick()
            else:  # the same message, clicked again: its newer interaction carries it on
                self._texts.pop(old.id, None)
        self._keep(user_id)
        self._watch_expiry()

    def _watch_expiry(self) -> None:
        """One task per table ends the hands whose 15-minute token runs out: shortly
        before, their last edit says they are out of date."""
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.create_task(self._sweep(), name=f"doko-hands-{self.table.channel_id}")

    async def _sweep(self) -> None:
        while self.hands:
            now = discord.utils.utcnow()
            for user_id, interaction in list(self.hands.items()):
                if now >= interaction.expires_at - TOKEN_SLACK:
                    self.drop_hand(user_id)
            if not self.hands:
                return
            due = min(i.expires_at for i in self.hands.values()) - TOKEN_SLACK
            await asyncio.sleep(max((due - discord.utils.utcnow()).total_seconds(), 0.001))

    def drop_hand(self, user_id: int, reason: str = "hand.stale") -> None:
        """The player's hand will not be updated again: its last edit says why."""
        interaction = self.hands.pop(user_id, None)
        self._hand_sent.pop(user_id, None)  # its last edit says it is out of date
        if interaction is not None:
            self._stale.append((interaction, reason))
            self._keep(user_id)
            self._kick()

    def _keep(self, user_id: int) -> None:
        """The person's open hand changed (or closed): store it for a restart after a kill.
        One task per table writes; a burst of clicks is one write per person."""
        self._unkept.add(user_id)
        if self._keeper is None or self._keeper.done():
            self._keeper = asyncio.create_task(self._keep_hands(), name=f"doko-keep-{self.table.channel_id}")

    async def _keep_hands(self) -> None:
        table_id = self.table.table_id
        while self._unkept:
            user_id = self._unkept.pop()
            interaction = self.hands.get(user_id)
            try:
                if interaction is None or self.table.state == "closed":
                    self._kept.pop(user_id, None)
                    await self.bot.store.forget_hand(table_id, user_id)
                    continue
                message_id, opened = self.hand_ids.get(user_id), interaction.created_at.timestamp()
                kept = self._kept.get(user_id)
                if message_id is not None and kept is not None and kept[0] == message_id \
                        and opened - kept[1] < REKEEP.total_seconds():
                    continue  # the stored token edits the same message, long enough
                lang = await self.bot.user_lang(user_id, self.table.channel_id)
                await self.bot.store.keep_hand(OpenHand(
                    table_id, user_id, interaction.application_id, interaction.token, opened, message_id, lang,
                ))
                self._kept[user_id] = (message_id, opened)
            except StoreError as exc:  # a kill then leaves that hand as it is: no worse than before
                log.warning("table %s: could not store an open hand for restarts: %s", self.table.channel_id, exc)

    def orphaned(self, hands: list[OpenHand]) -> None:
        """Hands the process before a kill kept current: each whose token still holds is
        edited once more, to say it is out of date and how to get a fresh one."""
        now = discord.utils.utcnow().timestamp()
        self._orphans += [h for h in hands if _holds(h, now)]
        if self._orphans:
            self._kick()

    async def retire(self) -> None:
        """Shutdown: every open hand says it is out of date (the bot restarts)."""
        for user_id in list(self.hands):
            self.drop_hand(user_id)
        if self._sweeper is not None:
            self._sweeper.cancel()
        self._flush = True  # a change still waiting for its edit goes out before the process ends
        self._kick()
        await self.wait()
        if self._keeper is not None:  # their last edit is made: the next process need not edit them
            await asyncio.shield(self._keeper)
        if self._timer is not None:
            self._timer.cancel()
        if self.turn_line is not None:  # the next process posts its own turn line
            line, self.turn_line, self.turn_key = self.turn_line, None, None
            try:
                await self._delete_line(line)
            except discord.HTTPException as exc:
                log.warning("table %s: turn line not removed on shutdown: %s", self.table.channel_id, exc)

    def stop(self) -> None:
        """The table left this process (its lease is lost): nothing more is sent or edited."""
        for task in (self._task, self._sweeper, self._keeper):
            if task is not None:
                task.cancel()
        self.hands.clear()  # on disk they stay: the table's next process edits them
        self._notices, self._events, self._stale, self._dirty = [], [], [], False
        self._unkept, self._orphans = set(), []

    def _kick(self) -> None:
        self._dirty = True
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name=f"doko-present-{self.table.channel_id}")

    def update(self, outcome: Outcome | None = None, actor: int | None = None,
               via: discord.Interaction | None = None) -> None:
        """Show the table's newest state. ``via``: the click that caused it; if it was on a
        table message, that message is edited through the click's own response."""
        if via is not None and via.message is not None and not via.message.flags.ephemeral:
            self._via = self._hook = via
        if outcome is not None:
            if outcome.finished is not None:  # the game the restart footer spoke of is over
                self.resumed = False
            self._notices += outcome.notices
            if outcome.turn is not None:
                self._events.append(outcome.turn)
            for user_id in outcome.gone:
                self.drop_hand(user_id, "hand.gone")
        if self.table.state == "closed":  # no process restores the table: none edits its hands after a kill
            for user_id in self.hands:
                self._keep(user_id)
        if actor is not None:
            self._first.append(actor)
        self._dirty = True
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name=f"doko-present-{self.table.channel_id}")

    async def wait(self) -> None:
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    async def _run(self) -> None:
        while self._dirty:
            self._dirty = False
            notices, self._notices = self._notices, []
            first, self._first = list(dict.fromkeys(self._first)), []
            for user_id in first:
                await self._guard(self._refresh_hand(user_id))
            for notice in notices:
                await self._guard(self._send_notice(notice))
            events, self._events = self._events, []
            for event in events:
                await self._guard(self._send_turn_event(event))
            await self._guard(self._show_table())
            await self._guard(self._show_turn())
            for user_id in list(self.hands):
                if user_id not in first:
                    await self._guard(self._refresh_hand(user_id))
            stale, self._stale = self._stale, []
            for interaction, reason in stale:
                await self._guard(self._mark_stale(interaction, reason))
            orphans, self._orphans = self._orphans, []
            for hand in orphans:
                await self._guard(self._mark_orphan(hand))

    async def _guard(self, coro: Any) -> None:
        try:
            await coro
        except discord.HTTPException as exc:
            log.warning("table %s: Discord refused an update: %s", self.table.channel_id, exc)
        except Exception:
            log.exception("table %s: presenting failed", self.table.channel_id)

    @property
    def channel(self) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(self.table.channel_id, guild_id=self.table.guild_id)

    async def _send_notice(self, notice: Notice) -> None:
        lang = await self.bot.table_lang(self.table)
        text = notice_text(self.table, notice, lang)
        if text:
            await self._channel_call(self.channel.send(text, allowed_mentions=NO_MENTIONS))

    async def _send_turn_event(self, event: Any) -> None:
        """The turn timer fired: a reminder (the next turn line mentions again), or
        a computer / the host takes over (a public line without mention)."""
        if event.kind == "reminder":
            self._reminder = event.user_id
            self.turn_key = None  # the turn line is sent again, as a reminder
            return
        lang = await self.bot.table_lang(self.table)
        names = self.table.names
        name = render.esc(names[event.seat]) if event.seat < len(names) else "?"
        await self._channel_call(self.channel.send(t(lang, "turn." + event.kind, name=name), allowed_mentions=NO_MENTIONS))

    async def _show_turn(self) -> None:
        """Ping a person only when it helps: at the first turn of a game that falls to a person
        (and the first after a restart), and as the reminder at half the turn time. The table
        message itself says whose turn it is; the line goes once the person pinged has acted."""
        table = self.table
        seat = table.person_to_act()
        game = table.game
        user_id = table.seats[seat].user_id if seat is not None and game is not None else None
        reminder = self._reminder == user_id and user_id is not None
        self._reminder = None
        first = user_id is not None and table.settings.mentions and self._pinged != table.game_no
        key = (user_id, table.game_no)
        if self.turn_line is not None and (key != self.turn_key or reminder or first):
            old, self.turn_line, self.turn_key = self.turn_line, None, None
            try:
                await self._delete_line(old)
            except discord.NotFound:
                pass
        if user_id is None or not (reminder or first):
            return
        self._pinged = table.game_no
        lang = await self.bot.table_lang(table)
        mention = f"<@{user_id}>"
        if reminder:
            clock = table.turn
            left = max(0, round(clock.deadline - table.clock())) if clock is not None else 0
            what = t(lang, "turn.reminder." + table.settings.on_timeout)
            text = t(lang, "turn.reminder", mention=mention, s=left, what=what)
        else:
            text = t(lang, "turn.mention", mention=mention)
        allowed = discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(id=user_id)])
        self.turn_line, self.turn_key = await self._post_line(text, allowed), key

    def _webhook(self) -> discord.Interaction | None:
        """The newest click on a table message while its token may still post a followup
        (its response updated the message, so a followup is a new public message)."""
        hook = self._hook
        if hook is None or _expired(hook) or hook.response.type not in _UPDATES:
            return None
        return hook

    async def _post_line(self, text: str, allowed: discord.AllowedMentions) -> int:
        """The turn line: a followup of the newest table click if it can (deleted the same way),
        else a channel message."""
        hook = self._webhook()
        if hook is not None:
            try:
                message = await hook.followup.send(text, allowed_mentions=allowed, wait=True)
            except discord.HTTPException as exc:  # the token is no good: the channel then
                log.info("table %s: followup refused, posting in the channel: %s", self.table.channel_id, exc)
            else:
                self._line_hook = hook
                return message.id
        self._line_hook = None
        posted = await self._channel_call(self.channel.send(text, allowed_mentions=allowed))
        return posted.id

    async def _delete_line(self, line: int) -> None:
        """Delete the turn line through the click that posted it while its token lasts."""
        hook, self._line_hook = self._line_hook, None
        if hook is not None and not _expired(hook):
            try:
                await hook.followup.delete_message(line)
                return
            except discord.NotFound:
                raise
            except discord.HTTPException as exc:  # the token is no good: the channel then
                log.info("table %s: followup delete refused: %s", self.table.channel_id, exc)
        await self._channel_call(self.channel.get_partial_message(line).delete())

    async def _mark_stale(self, interaction: discord.Interaction, reason: str) -> None:
        """The last edit of a hand message that will not be updated again."""
        if discord.utils.utcnow() >= interaction.expires_at:
            return  # too late to edit
        lang = await self.bot.lang_of(interaction)
        shown = self._texts.pop(interaction.id, "")
        if reason == "hand.stale":
            # the text as last shown, under the note; the buttons stay as they were
            # (a click on one is judged like any click and makes this view current again)
            message: dict[str, Any] = {"content": (t(lang, reason) + "\n" + shown).strip()}
        else:
            message = {"content": t(lang, reason), "view": None, "embed": None}
        try:
            await interaction.edit_original_response(**message)
        except discord.HTTPException:
            pass  # dismissed or gone: nothing more to say

    async def _mark_orphan(self, hand: OpenHand) -> None:
        """The last edit of a hand the process before a kill kept current, as the clean
        shutdown makes it: the note over the hand and its buttons, both drawn anew from the
        restored game (those it has were drawn for the state its process last saw: grey
        where the game moved on since). Like every hand button they work, and a click makes
        the hand current again. One call; none once the token ran out, or when the person
        clicked that message since the restart."""
        if not _holds(hand, discord.utils.utcnow().timestamp()):
            return
        if hand.user_id in self.hands and hand.message_id is not None and self.hand_ids.get(hand.user_id) == hand.message_id:
            return  # that message is kept current again
        note, seat = t(hand.lang, "hand.stale"), self.table.seat_of(hand.user_id)
        message: dict[str, Any] = {"content": note, "view": None, "embed": None}  # no seat: nothing to click
        if seat is not None and self.table.game is not None:
            message = hand_message(self.table, seat, hand.lang, await self.bot.user_deck(hand.user_id))
            message["content"] = note + "\n" + message["content"]
        try:
            await _edit_original(self.bot, hand, **message)
        except discord.HTTPException:
            pass  # dismissed or gone: nothing more to say

    def _render(self, key: tuple[Any, ...], lang: str, active: bool, deck: str | None = None) -> dict[str, Any]:
        if key[0] == "game":
            message = game_message(self.table, lang, key[1], active=active, deck=deck)
            if self.resumed and key == self.shown:
                message["embed"] = embeds.clamp(message["embed"].set_footer(text=t(lang, "table.resumed")))
            return message
        return lobby_message(self.table, lang, active=active)

    def shows(self, message_id: int, lobby: bool = True) -> None:
        """The message just sent as an interaction response is the live table message."""
        self.shown, self.message_id = ("lobby",) if lobby else self._key(), message_id

    async def _show_table(self) -> None:
        table = self.table
        lang = await self.bot.table_lang(table)
        deck = await self.bot.picture_deck(table.channel_id)
        key = self._key()
        if key != self.shown:
            self.resumed = False  # a new game or the lobby: the restart is history
        via, self._via = self._via, None
        if via is not None and (via.message is None or _expired(via)):
            via = None
        if key == self.shown and self.message_id:
            await self._remember()
            live = via if via is not None and via.message is not None and via.message.id == self.message_id else None
            wait = self._wait() if live is None else 0.0
            if wait > 0:  # Discord's bucket, or more cards coming: a later run shows the newest state
                self._later(wait)
                return
            try:
                await self._edit_live(self._render(key, lang, True, deck), live)
                return
            except discord.NotFound:
                pass  # someone deleted the table message: post a fresh one
        elif self.shown is not None and self.message_id:
            # A new game (or back to the lobby): the old message keeps its text, loses its buttons.
            shown, old_id = self.shown, self.message_id
            old = via if via is not None and via.message is not None and via.message.id == old_id else None
            await self._guard(self._edit(old_id, lambda: _as_edit(self._render(shown, lang, False, deck)), old))
        if table.state == "closed":
            return
        rendered = self._render(key, lang, True, deck)
        body, png = _digest(rendered)
        message = await self._channel_call(self.channel.send(**rendered, allowed_mentions=NO_MENTIONS))
        self.shown, self.message_id = key, message.id
        self._sent, self._since = (message.id, body, png), None
        await self._remember()

    async def _edit_live(self, message: dict[str, Any], via: discord.Interaction | None) -> None:
        """Edit the live table message: never to what it already shows, and its picture is
        uploaded only when it changed (an edit without attachments keeps the one it has).
        Through the click's response when the click was on it, else through the channel."""
        body, png = _digest(message)
        message_id = self.message_id
        if self._sent == (message_id, body, png):
            self._since = None
            return
        edit = _as_edit(message)
        if self._sent[0] == message_id and self._sent[2] == png:
            edit.pop("attachments", None)
        if via is not None:
            try:
                await via.edit_original_response(**edit)
            except discord.NotFound:
                raise
            except discord.HTTPException:  # the token is no good: the channel route then
                via = None
        if via is None:
            await self._channel_call(self.channel.get_partial_message(message_id or 0).edit(**edit), edit=True)
        self._sent, self._since = (message_id, body, png), None

    def _wait(self) -> float:
        """Seconds until the table message may be edited through the channel (0: now)."""
        pace, now = self.bot.pace, _now()
        if self._since is None:
            self._since = now
        wait = 0.0
        table = self.table
        game = table.game
        if not self._flush and table.computer_delay > 0 and game is not None and table.computer_to_act() is not None:
            # a computer moves next: its burst is one edit, shown when a person is to act again
            wait = self._since + pace.hold_for(table.computer_delay, len(game.seats)) - now
        while self._calls and self._calls[0] <= now - pace.window:
            self._calls.popleft()
        if pace.burst and len(self._calls) >= pace.burst:
            wait = max(wait, self._calls[0] + pace.window - now)
        if self._last_edit is not None and not self._flush:
            wait = max(wait, self._last_edit + pace.gap - now)
        return max(wait, 0.0)

    def _later(self, wait: float) -> None:
        """Run again in ``wait`` seconds (one timer per table, the earliest wins)."""
        at = _now() + wait
        if self._timer is not None and not self._timer.done():
            if self._timer_at <= at:
                return
            self._timer.cancel()
        self._timer_at = at
        self._timer = asyncio.create_task(self._wake(wait), name=f"doko-pace-{self.table.channel_id}")

    async def _wake(self, wait: float) -> None:
        await asyncio.sleep(wait)
        self._kick()

    async def _channel_call(self, call: Awaitable[_T], *, edit: bool = False) -> _T:
        """A call on the table's channel: it counts against Discord's bucket of the channel."""
        now = _now()
        self._calls.append(now)
        if edit:
            self._last_edit = now
        return await call

    async def _edit(self, message_id: int, render: Any, via: discord.Interaction | None = None) -> None:
        if via is not None:
            await via.edit_original_response(**render())
            return
        await self._channel_call(self.channel.get_partial_message(message_id).edit(**render()))

    async def _remember(self) -> None:
        """Store the live message id (for restarts); tried again at the next update if it fails."""
        if self.message_id is None or self.message_id == self.table.message_id:
            return
        try:
            await self.table.set_message(self.message_id)
        except StoreError as exc:
            log.warning("table %s: could not remember the table message: %s", self.table.channel_id, exc)

    async def _refresh_hand(self, user_id: int) -> None:
        interaction = self.hands.get(user_id)
        seat = self.table.seat_of(user_id)
        if interaction is None:
            return
        if seat is None or self.table.game is None:
            self.hands.pop(user_id, None)
            self._keep(user_id)
            return
        if _expired(interaction):  # its token runs out: the last edit says so
            self.drop_hand(user_id)
            return
        lang = await self.bot.user_lang(user_id, self.table.channel_id)
        try:
            deck = await self.bot.user_deck(user_id)
            message = hand_message(self.table, seat, lang, deck)
            target, digest = self.hand_ids.get(user_id) or interaction.id, _digest(message)[0] or ""
            if self._hand_sent.get(user_id) != (target, digest, message["content"]):  # never an identical edit
                await interaction.edit_original_response(**message)
                self._hand_sent[user_id] = (target, digest, message["content"])
            self._texts[interaction.id] = message["content"]
        except discord.HTTPException:
            # Token gone or message dismissed: the player re-opens with "Meine Karten".
            if self.hands.get(user_id) is interaction:
                self.hands.pop(user_id, None)
                self._keep(user_id)


async def _edit_original(bot: DokoBot, hand: OpenHand, **fields: Any) -> None:
    """Edit the interaction's @original through a stored token, the request
    ``Interaction.edit_original_response`` makes: a new process has no Interaction, and
    discord.py's public ``Webhook`` reaches messages only by id (it escapes "@original")."""
    from discord.http import handle_message_parameters
    from discord.webhook.async_ import async_context

    webhook = discord.Webhook.partial(hand.application_id, hand.token, client=bot)
    with handle_message_parameters(previous_allowed_mentions=bot.allowed_mentions, **fields) as params:
        await async_context.get().edit_original_interaction_response(
            hand.application_id, hand.token, session=webhook.session, proxy=bot.http.proxy,
            proxy_auth=bot.http.proxy_auth, payload=params.payload, multipart=params.multipart, files=params.files,
        )


def _as_edit(message: dict[str, Any]) -> dict[str, Any]:
    """An edit replaces the picture: its new attachment, or none (pictures turned off)."""
    if "files" in message:
        message = dict(message)
        message["attachments"] = message.pop("files")
    return message


def _digest(message: dict[str, Any]) -> tuple[str | None, str | None]:
    """What a rendered message shows (text, embed, components) and its picture, as digests."""
    view = message.get("view")
    e = message.get("embed")
    shown = {
        "content": message.get("content"),
        "embed": e.to_dict() if e is not None else None,
        "components": view.to_components() if view is not None else [],
    }
    body = hashlib.sha256(json.dumps(shown, sort_keys=True, default=str).encode()).hexdigest()
    files = message.get("files") or []
    png = None
    if files:
        png = hashlib.sha256(b"".join(f.fp.getvalue() for f in files if isinstance(f.fp, io.BytesIO))).hexdigest()
    return body, png


def _now() -> float:
    """Discord's clock (virtual under SimCord), for the pacing of edits."""
    return discord.utils.utcnow().timestamp()


def _holds(hand: OpenHand, now: float) -> bool:
    """The stored token may still edit its hand (``now``: Unix seconds, Discord's clock)."""
    return now < hand.opened_at + (TOKEN_LIFE - TOKEN_SLACK).total_seconds()


def _expired(interaction: discord.Interaction) -> bool:
    return discord.utils.utcnow() >= interaction.expires_at - TOKEN_SLACK
