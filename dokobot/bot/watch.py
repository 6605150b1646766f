"""Kiebitze in Discord: the "Zuschauen" button, the seat's consent, the watcher's private view.

Anyone not seated in the running game may follow one seat, as the table setting
``kiebitz`` allows (``off`` / ``consent`` / ``open``; ``dokobot.table.event.kiebitz``
decides). The view is an ephemeral message built only from ``watch_view`` (the game one
trick late: played cards, announcements, public parties, Augen; never a card in a hand),
kept current like a private hand (its interaction's token, 15 minutes; **Weiter
zuschauen** opens a fresh one) and ended when the watcher stops, gets seated, or the game
ends. Who watches whom is stored with the bot's facts (``dokobot.table.kiebitz``), so a
restart keeps it; the table message shows how many watch.

``Watchers`` holds one table's watchers (one per ``Table`` object: a restored table
starts from the stored state). The table's presenter calls ``sync`` before it shows the
table message and ``refresh`` after the hands; the dynamic items here call ``on_click``.
"""

from __future__ import annotations

import dataclasses
import logging
import weakref
from typing import TYPE_CHECKING, Any

import discord

from dokobot.bot.components import controls_for, the_bot
from dokobot.bot.hands import TOKEN_LIFE, edit_original, expired, holds
from dokobot.bot.messages import NO_MENTIONS, digest, dynamic_view, embed
from dokobot.bot.replies import send_ephemeral
from dokobot.engine import Game
from dokobot.table import kiebitz
from dokobot.table.event.errors import EventError
from dokobot.table.event.kiebitz import Delay, WatchView, check_watch, watch_view
from dokobot.table.event.settings import Kiebitz
from dokobot.table.store import OpenHand, StoreError
from dokobot.table.table import Table
from dokobot.text.event import watch_text
from dokobot.text.i18n import t, tn
from dokobot.text.markdown import esc

if TYPE_CHECKING:
    from dokobot.bot.host import Host

log = logging.getLogger(__name__)

# Held by the table's presenter, so weakly here, and keyed by the table's id, not by the table:
# a table (or a weak key, whose value holds the table and the bot) would keep every table a
# process ever had, with its bot, in memory. An id names one table while its watchers live.
_OF_TABLE: weakref.WeakValueDictionary[int, Watchers] = weakref.WeakValueDictionary()


def watchers_of(bot: Host, table: Table) -> Watchers:
    """The watchers of ``table`` (made on first use; they read the stored state once). The
    table's presenter holds them: they live as long as it does."""
    found = _OF_TABLE.get(id(table))
    if found is None or found.table is not table:
        found = _OF_TABLE[id(table)] = Watchers(bot, table)
    return found


View = discord.Interaction | OpenHand  # a live view's interaction, or its stored token (after a restart)


class Watchers:
    """One table's watchers: the stored state, their open views and the views' last edits."""

    def __init__(self, bot: Host, table: Table) -> None:
        self.bot, self.table = bot, table
        self.state = kiebitz.WatchState()
        self._loaded = False
        self.views: dict[int, View] = {}  # watcher -> what edits the view (its @original)
        self.asking: dict[tuple[int, int], discord.Interaction] = {}  # (watcher, seat) -> "asked" answer
        self.declined: set[tuple[int, int, int]] = set()  # (watcher, seat, game no): asked once, said no
        self._sent: dict[int, tuple[float, str]] = {}  # watcher -> (view opened at, digest) as last edited
        self._ends: list[tuple[View, str]] = []  # views due for their last edit, and why
        self._delay: tuple[tuple[int | None, int], Delay] | None = None  # (game id, actions) -> its delay

    async def ready(self) -> None:
        """Read the stored state once (a restart: who watched whom goes on, the views too)."""
        if self._loaded:
            return
        try:
            stored = await self.bot.store.bot_state(kiebitz.state_key(self.table.table_id))
        except StoreError as exc:
            log.warning("table %s: the watchers could not be read: %s", self.table.channel_id, exc)
            return
        self.state, self._loaded = kiebitz.WatchState.from_json(stored, self.table.table_id), True
        self.views = dict(self.state.views)

    def count(self) -> int:
        """How many watch the running game (what the table message shows)."""
        table = self.table
        live = table.state == "playing" and self.state.game_no == table.game_no
        return self.state.watching.count() if live else 0

    def follows(self, watcher: int) -> int | None:
        """The seat ``watcher`` follows in the running game, if any."""
        return self.state.watching.follows.get(watcher) if self.count() else None

    async def change(self, state: kiebitz.WatchState) -> None:
        """Store a new state first, then hold it (a failed write changes nothing: StoreError).
        Only the views of those who still watch are kept."""
        follows = state.watching.follows
        state = dataclasses.replace(state, views={w: v for w, v in state.views.items() if w in follows})
        key = kiebitz.state_key(self.table.table_id)
        if state.watching.count() or state.consents:
            await self.bot.store.set_bot_state(key, state.to_json())
        else:
            await self.bot.store.drop_bot_state(key)
        self.state = state

    async def open(self, watcher: int, interaction: discord.Interaction) -> None:
        """The watcher's newest view: kept current from now on, after a restart too (an older
        one gets its last edit)."""
        old = self.views.get(watcher)
        if old is not None and old is not interaction:
            self._ends.append((old, "kiebitz.ended.stale"))
        self.views[watcher] = interaction
        lang = await self.bot.lang_of(interaction)
        kept = OpenHand(self.table.table_id, watcher, interaction.application_id, interaction.token,
                        interaction.created_at.timestamp(), lang=lang)
        await self._store(dataclasses.replace(self.state, views={**self.state.views, watcher: kept}))

    def retire(self) -> None:
        """Shutdown: every view says it is no longer updated (its button opens a fresh one; the
        next process edits it again while its token holds)."""
        for watcher in list(self.views):
            self.end(watcher, "kiebitz.ended.stale")

    def end(self, watcher: int, reason: str) -> None:
        view = self.views.pop(watcher, None)
        self._sent.pop(watcher, None)
        if view is not None:
            self._ends.append((view, reason))

    async def sync(self) -> None:
        """Before the table message is shown: watchers of another game, or seated now, end."""
        await self.ready()
        table, state = self.table, self.state
        if not state.watching.count() and not state.consents:
            return
        if state.game_no != table.game_no or table.game is None or table.state == "closed":  # over, aborted
            for watcher in list(self.views):
                self.end(watcher, "kiebitz.ended.over")
            await self._store(kiebitz.WatchState(table.game_no))
            return
        watching, gone = state.watching.without_seated(kiebitz.seated(table))
        for watcher in gone:
            self.end(watcher, "kiebitz.ended.seated")
        if gone:
            await self._store(dataclasses.replace(state, watching=watching))

    async def _store(self, state: kiebitz.WatchState) -> None:
        try:
            await self.change(state)
        except StoreError as exc:  # the next update tries again; nobody sees more meanwhile
            self.state = state
            log.warning("table %s: the watchers could not be stored: %s", self.table.channel_id, exc)

    async def refresh(self) -> None:
        """After the hands: each view shows the game one trick late (never an identical edit);
        at the game's end the whole game once more, then the watching ends."""
        table, game = self.table, self.table.game
        ours = game is not None and self.state.game_no == table.game_no and self.state.watching.count() > 0
        if game is not None and ours and self.views:
            delay = self.delay(game)
            now = game.observation(game.seats[0])
            for watcher, view in list(self.views.items()):
                seat = self.state.watching.follows.get(watcher)
                if seat is None or _gone(view):
                    self.end(watcher, "kiebitz.ended.stale")
                    continue
                await self._show(watcher, view, watch_view(seat, now, delay))
        if game is not None and ours and game.finished:  # shown whole: the watching ends with the game
            self.views.clear()
            self._sent.clear()
            await self._store(kiebitz.WatchState(table.game_no))
        ends, self._ends = self._ends, []
        for view, reason in ends:
            await self._last_edit(view, reason)

    def kick(self) -> None:
        """Show the change: the table message's count, the views' last edits."""
        self.bot.presenter(self.table).update()

    def delay(self, game: Game) -> Delay:
        """The running game's delay, replayed once per step of the game."""
        key = (self.table.game_id, len(game.actions))
        if self._delay is None or self._delay[0] != key:
            self._delay = (key, kiebitz.delay_of(game))
        return self._delay[1]

    async def view_message(self, watcher: int, view: WatchView) -> dict[str, Any]:
        lang = await self.bot.user_lang(watcher, self.table.channel_id)
        return view_message(self.table, view, lang)

    async def _show(self, watcher: int, target: View, view: WatchView) -> None:
        message = await self.view_message(watcher, view)
        shown = (_opened(target), digest(message)[0] or "")
        if self._sent.get(watcher) == shown:
            return
        try:
            await self._edit(target, message)
            self._sent[watcher] = shown
        except discord.HTTPException:  # dismissed, or the token is gone: "Weiter zuschauen" opens a new one
            self.views.pop(watcher, None)

    async def _edit(self, target: View, message: dict[str, Any]) -> None:
        if isinstance(target, OpenHand):
            await edit_original(self.bot.client, target, **message)
        else:
            await target.edit_original_response(**message)

    async def _last_edit(self, target: View, reason: str) -> None:
        if _dead(target):
            return
        lang = target.lang if isinstance(target, OpenHand) else await self.bot.lang_of(target)
        view = None
        if reason == "kiebitz.ended.stale" and self.count():
            view = dynamic_view()
            view.add_item(KiebitzButton(self.table.channel_id, "more", self.table.game_no,
                                        label=t(lang, "btn.watch_more")))
        try:
            await self._edit(target, {"content": t(lang, reason), "embed": None, "view": view})
        except discord.HTTPException:
            pass  # dismissed or gone: nothing more to say

    def view_now(self, seat: int) -> WatchView:
        game = self.table.game
        assert game is not None
        return watch_view(seat, game.observation(game.seats[0]), self.delay(game))


def _gone(target: View) -> bool:
    """No edit goes through any more (its token runs out)."""
    if isinstance(target, OpenHand):
        return not holds(target, discord.utils.utcnow().timestamp())
    return expired(target)


def _dead(target: View) -> bool:
    """Its token has run out: not even a last edit goes through."""
    if isinstance(target, OpenHand):
        return discord.utils.utcnow().timestamp() >= target.opened_at + TOKEN_LIFE.total_seconds()
    return discord.utils.utcnow() >= target.expires_at


def _opened(target: View) -> float:
    return target.opened_at if isinstance(target, OpenHand) else target.created_at.timestamp()


def view_message(table: Table, view: WatchView, lang: str) -> dict[str, Any]:
    """A watcher's private message: only what ``watch_view`` gives, and its two buttons."""
    title, body = watch_text(lang, table.names, view)
    buttons = None
    if not view.finished:
        buttons = dynamic_view()
        buttons.add_item(KiebitzButton(table.channel_id, "more", table.game_no, label=t(lang, "btn.watch_more")))
        buttons.add_item(KiebitzButton(table.channel_id, "stop", table.game_no, label=t(lang, "btn.watch_stop")))
    return {"content": None, "embed": embed(title, body), "view": buttons}


def with_watchers(message: dict[str, Any], table: Table, lang: str, count: int, active: bool) -> dict[str, Any]:
    """The table message of a running game with its "Zuschauen" button (unless ``kiebitz`` is
    off) and, when anyone watches, how many do (the footer)."""
    if table.state != "playing" or table.game is None:
        return message
    view = message.get("view")
    if active and view is not None and table.settings.kiebitz != "off":
        view.add_item(KiebitzButton(table.channel_id, "watch", table.game_no, label=t(lang, "btn.watch")))
    card = message.get("embed")
    if count and card is not None:
        shown = tn(lang, "kiebitz.watching", count)
        before = card.footer.text if card.footer and card.footer.text else ""
        card.set_footer(text=f"{before} · {shown}" if before else shown)
    return message


# ---- the clicks ---------------------------------------------------------------------------


async def on_click(interaction: discord.Interaction, action: str, game_no: int, seat: int, watcher: int) -> None:
    """Every Kiebitz button and the seat select: refused with a reason, or done."""
    bot = the_bot(interaction)
    if bot is None:
        return
    lang = await bot.lang_of(interaction)
    table = bot.tables.get(interaction.channel_id or 0)
    if table is None or table.state != "playing" or table.game is None or table.game_no != game_no:
        await send_ephemeral(interaction, t(lang, "kiebitz.stale" if action in ("yes", "no") else "kiebitz.no_game"))
        return
    bot.presenter(table)  # the table's presenter holds its watchers (made now if it has none yet)
    watchers = watchers_of(bot, table)
    await watchers.ready()
    try:
        if action == "watch":
            await _offer_seats(interaction, watchers, lang)
        elif action == "seat":
            await _chosen(interaction, watchers, seat, lang)
        elif action in ("yes", "no"):
            await _answered(interaction, watchers, seat, watcher, action == "yes", lang)
        elif action == "more":
            await _more(interaction, watchers, lang)
        else:
            await _stop(interaction, watchers, lang)
    except EventError as err:
        await send_ephemeral(interaction, t(lang, err.key, **err.params))
    except StoreError as exc:
        log.error("table %s: a watcher could not be stored: %s", table.channel_id, exc)
        await send_ephemeral(interaction, t(lang, "err.storage"))


def _mode(table: Table) -> Kiebitz:
    mode = table.settings.kiebitz
    return "off" if mode == "off" else "open" if mode == "open" else "consent"


def _may_ask(watchers: Watchers, watcher: int) -> None:
    """Refused (``EventError``) when ``watcher`` sits in the game or the table allows nobody."""
    check_watch(_mode(watchers.table), watcher, kiebitz.seated(watchers.table), computer=True, consented=True)


async def _offer_seats(interaction: discord.Interaction, watchers: Watchers, lang: str) -> None:
    """The watcher picks a seat of the running game (privately)."""
    _may_ask(watchers, interaction.user.id)
    table, game = watchers.table, watchers.table.game
    assert game is not None
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=f"doko:kw:seat:{table.channel_id}:{table.game_no}", placeholder=t(lang, "kiebitz.pick_seat"),
    )
    for seat in game.seats:  # those dealt cards: the dealer sitting out at five has nothing to follow
        select.add_option(label=t(lang, "kiebitz.seat", n=seat + 1, name=table.names[seat])[:100], value=str(seat))
    view = dynamic_view()
    view.add_item(KiebitzSelect(table.channel_id, table.game_no, select))
    await interaction.response.send_message(t(lang, "kiebitz.pick"), view=view, ephemeral=True)


async def _chosen(interaction: discord.Interaction, watchers: Watchers, seat: int, lang: str) -> None:
    """A seat picked: watch it now (open, a computer's seat, consent given) or ask its player."""
    table, watcher = watchers.table, interaction.user.id
    game = table.game
    assert game is not None
    _may_ask(watchers, watcher)
    if seat not in game.seats:
        await send_ephemeral(interaction, t(lang, "kiebitz.bad_seat"))
        return
    player = table.game_players[seat]
    consented = (watcher, seat) in watchers.state.consents
    try:
        check_watch(_mode(table), watcher, kiebitz.seated(table), player.is_bot, consented)
    except EventError as err:
        if err.key != "kiebitz.err.consent":
            raise
        await _ask(interaction, watchers, seat, lang)
        return
    await _follow(watchers, watcher, seat)
    await interaction.response.send_message(**await watchers.view_message(watcher, watchers.view_now(seat)),
                                            ephemeral=True)
    await watchers.open(watcher, interaction)
    watchers.kick()  # the table message counts the watchers


async def _follow(watchers: Watchers, watcher: int, seat: int) -> None:
    state = watchers.state.for_game(watchers.table.game_no)
    await watchers.change(dataclasses.replace(state, watching=state.watching.follow(watcher, seat)))


async def _ask(interaction: discord.Interaction, watchers: Watchers, seat: int, lang: str) -> None:
    """Consent: a public question to the seat's player only, with buttons only they may answer."""
    table, watcher = watchers.table, interaction.user.id
    player = table.game_players[seat]
    again = _asked_before(watchers, watcher, seat)
    if again is not None:  # one question per watcher, seat and game: a player is never pinged twice
        await send_ephemeral(interaction, t(lang, again, name=esc(player.name)))
        return
    their = await watchers.bot.user_lang(player.user_id, table.channel_id)  # the question is theirs
    name = esc(getattr(interaction.user, "display_name", interaction.user.name))
    view = dynamic_view()
    for action, style in (("yes", discord.ButtonStyle.success), ("no", discord.ButtonStyle.secondary)):
        view.add_item(KiebitzButton(table.channel_id, action, table.game_no, seat, watcher, style=style,
                                    label=t(their, "btn.watch_allow" if action == "yes" else "btn.watch_deny")))
    text = t(their, "kiebitz.ask", player=f"<@{player.user_id}>", watcher=name)
    channel = watchers.bot.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
    await channel.send(text, view=view, allowed_mentions=discord.AllowedMentions(
        everyone=False, roles=False, users=[discord.Object(player.user_id)]))
    await interaction.response.send_message(t(lang, "kiebitz.asked", name=esc(player.name)), ephemeral=True)
    watchers.asking[(watcher, seat)] = interaction


def _asked_before(watchers: Watchers, watcher: int, seat: int) -> str | None:
    """Why ``watcher`` may not ask ``seat`` again in this game (a catalogue key), or None."""
    if (watcher, seat, watchers.table.game_no) in watchers.declined:
        return "kiebitz.declined_before"
    asked = watchers.asking.get((watcher, seat))
    return "kiebitz.asked_before" if asked is not None and not expired(asked) else None


async def _answered(interaction: discord.Interaction, watchers: Watchers, seat: int, watcher: int, allow: bool,
                    lang: str) -> None:
    """The seat's player answers (nobody else may): allowed, the watcher's waiting answer becomes
    the view; declined, it says so and shows nothing."""
    table = watchers.table
    if seat >= len(table.game_players) or table.game_players[seat].user_id != interaction.user.id:
        name = esc(table.game_players[seat].name) if seat < len(table.game_players) else "–"
        await send_ephemeral(interaction, t(lang, "kiebitz.only", name=name))
        return
    asked = watchers.asking.pop((watcher, seat), None)
    watcher_name = _name(interaction, watcher, asked)
    if allow:
        state = watchers.state.for_game(table.game_no)
        await watchers.change(dataclasses.replace(state, consents=state.consents | {(watcher, seat)}))
    done = t(lang, "kiebitz.allowed" if allow else "kiebitz.declined", player=esc(table.game_players[seat].name),
             watcher=watcher_name)
    await interaction.response.edit_message(content=done, view=None, allowed_mentions=NO_MENTIONS)
    if not allow:
        watchers.declined.add((watcher, seat, table.game_no))
        if asked is not None and not expired(asked):
            their = await watchers.bot.lang_of(asked)
            await _quietly(asked.edit_original_response(content=t(their, "kiebitz.declined_you", name=esc(
                table.game_players[seat].name))))
        return
    if watcher in kiebitz.seated(table):
        return  # seated since asking: never a view of another seat
    await _follow(watchers, watcher, seat)
    if asked is not None and not expired(asked):
        message = await watchers.view_message(watcher, watchers.view_now(seat))
        await _quietly(asked.edit_original_response(**message))
        await watchers.open(watcher, asked)
    watchers.kick()


def _name(interaction: discord.Interaction, user_id: int, asked: discord.Interaction | None) -> str:
    """The watcher's name for a public line (shown as a mention only when no name is known;
    the line pings nobody)."""
    if asked is not None:
        return esc(getattr(asked.user, "display_name", asked.user.name))
    guild = interaction.guild
    member = guild.get_member(user_id) if guild is not None else None
    return esc(member.display_name) if member is not None else f"<@{user_id}>"


async def _quietly(edit: Any) -> None:
    try:
        await edit
    except discord.HTTPException:
        pass  # dismissed or gone


async def _more(interaction: discord.Interaction, watchers: Watchers, lang: str) -> None:
    """A fresh view of the seat followed (the old one's token runs out after 15 minutes)."""
    watcher = interaction.user.id
    seat = watchers.follows(watcher)
    if seat is None:
        await send_ephemeral(interaction, t(lang, "kiebitz.not_watching"))
        return
    await interaction.response.send_message(**await watchers.view_message(watcher, watchers.view_now(seat)),
                                            ephemeral=True)
    await watchers.open(watcher, interaction)
    watchers.kick()  # the older view's last edit


async def _stop(interaction: discord.Interaction, watchers: Watchers, lang: str) -> None:
    watcher = interaction.user.id
    if watchers.follows(watcher) is None:
        await send_ephemeral(interaction, t(lang, "kiebitz.not_watching"))
        return
    await watchers.change(dataclasses.replace(watchers.state, watching=watchers.state.watching.stop(watcher)))
    watchers.end(watcher, "kiebitz.stopped")  # the newest view says so too (it may be another message)
    await interaction.response.edit_message(content=t(lang, "kiebitz.stopped"), embed=None, view=None)
    watchers.kick()


# ---- the items ----------------------------------------------------------------------------


class KiebitzButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"doko:kw:(?P<action>watch|more|stop|yes|no):(?P<ch>\d+):(?P<g>\d+)(?::(?P<seat>\d):(?P<w>\d+))?",
):
    """"Zuschauen" on the table message, a view's "Weiter zuschauen" / "Nicht mehr zuschauen",
    and a consent question's "Erlauben" / "Ablehnen" (with the seat and the watcher)."""

    def __init__(self, channel_id: int, action: str, game_no: int, seat: int | None = None,
                 watcher: int | None = None, **kwargs: Any) -> None:
        tail = f":{seat}:{watcher}" if seat is not None and watcher is not None else ""
        kwargs.setdefault("style", discord.ButtonStyle.secondary)
        super().__init__(discord.ui.Button(custom_id=f"doko:kw:{action}:{channel_id}:{game_no}{tail}", **kwargs))
        self.channel_id, self.action, self.game_no = channel_id, action, game_no
        self.seat, self.watcher = seat or 0, watcher or 0

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> KiebitzButton:
        seat, watcher = match["seat"], match["w"]
        return cls(int(match["ch"]), match["action"], int(match["g"]), int(seat) if seat else None,
                   int(watcher) if watcher else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        if await controls_for(interaction, self.channel_id) is not None:
            await on_click(interaction, self.action, self.game_no, self.seat, self.watcher)


class KiebitzSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"doko:kw:seat:(?P<ch>\d+):(?P<g>\d+)",
):
    """The watcher's choice of a seat."""

    def __init__(self, channel_id: int, game_no: int, select: discord.ui.Select[Any] | None = None) -> None:
        super().__init__(select or discord.ui.Select(custom_id=f"doko:kw:seat:{channel_id}:{game_no}"))
        self.channel_id, self.game_no = channel_id, game_no

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> KiebitzSelect:
        return cls(int(match["ch"]), int(match["g"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list(self.item.values)
        if await controls_for(interaction, self.channel_id) is None:
            return
        if len(values) != 1 or not values[0].isdecimal():
            bot = the_bot(interaction)
            await send_ephemeral(interaction, t(await bot.lang_of(interaction) if bot else "de", "err.stale"))
            return
        await on_click(interaction, "seat", self.game_no, int(values[0]), 0)


WATCH_ITEMS = (KiebitzButton, KiebitzSelect)  # registered with the others in ``DokoBot.setup_hook``
