"""The open private hands of one table: kept current, ended when their token runs out, kept
on disk for a restart after a kill, and each given a last edit once it goes stale.

A hand is the @original of an ephemeral interaction response: only that interaction's
token (15 minutes) can edit it. ``OpenHands`` remembers each player's newest one; the
presenter's worker asks it to refresh them, and to make the last edits of the hands that
will not be updated again (``take_stale``, ``take_orphans``), in its order.
"""

from __future__ import annotations

import asyncio
import datetime
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import discord

from dokobot.bot.messages import digest, hand_message
from dokobot.table.store import OpenHand, StoreError
from dokobot.table.table import Table
from dokobot.text.i18n import t

if TYPE_CHECKING:
    from dokobot.bot.host import Host

log = logging.getLogger(__name__)

# Edit a private hand only while its token is surely valid (15 minutes, minus slack).
TOKEN_LIFE = datetime.timedelta(minutes=15)
TOKEN_SLACK = datetime.timedelta(seconds=30)
# A click on a hand brings a newer token for the same message: it is stored only once the
# stored one is this old (one write per hand and 5 minutes, not per click; after a kill
# the stored token still has 10 minutes or more for its one edit).
REKEEP = datetime.timedelta(minutes=5)


class OpenHands:
    """The players' open hand messages of one table (``kick``: wakes the presenter's worker)."""

    def __init__(self, bot: Host, table: Table, kick: Callable[[], None]) -> None:
        self.bot, self.table, self._kick = bot, table, kick
        self.interactions: dict[int, discord.Interaction] = {}  # user_id -> interaction whose @original is the hand
        self.message_ids: dict[int, int | None] = {}  # user_id -> the hand's message id, if known
        # user id -> (hand message, digest, text) as last edited: no identical hand edit
        self._sent: dict[int, tuple[int, str, str]] = {}
        self._texts: dict[int, str] = {}  # interaction id -> the text its hand message shows
        self._stale: list[tuple[discord.Interaction, str]] = []  # old hand messages: their last edit
        self._sweeper: asyncio.Task[None] | None = None  # ends the hands whose token runs out
        # the open hands on disk (for a restart after a kill): the people whose hand changed
        # since, the task that writes them, and the hands the process before a kill left open
        self._unkept: set[int] = set()
        self._kept: dict[int, tuple[int | None, float]] = {}  # user id -> (message, opened at) on disk
        self._keeper: asyncio.Task[None] | None = None
        self._orphans: list[OpenHand] = []

    def users(self) -> list[int]:
        """The people whose hand is kept current."""
        return list(self.interactions)

    def open(self, user_id: int, interaction: discord.Interaction, message_id: int | None = None,
             content: str = "") -> None:
        """Remember the newest private hand message (``message_id``) of a player, to keep
        it current. An older one (another message) is told it is out of date in its last edit."""
        old, old_id = self.interactions.get(user_id), self.message_ids.get(user_id)
        self.interactions[user_id], self.message_ids[user_id] = interaction, message_id
        sent = self._sent.get(user_id)
        if sent is not None and (message_id is None or sent[0] != message_id or sent[2] != content):
            del self._sent[user_id]  # that message shows something else: the next refresh edits it
        self._texts[interaction.id] = content
        if old is not None and old is not interaction:
            if message_id is None or message_id != old_id:
                self._stale.append((old, "hand.stale"))
                self._kick()
            else:  # the same message, clicked again: its newer interaction carries it on
                self._texts.pop(old.id, None)
        self.keep(user_id)
        self._watch_expiry()

    def _watch_expiry(self) -> None:
        """One task per table ends the hands whose 15-minute token runs out: shortly
        before, their last edit says they are out of date."""
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.create_task(self._sweep(), name=f"doko-hands-{self.table.channel_id}")

    async def _sweep(self) -> None:
        while self.interactions:
            now = discord.utils.utcnow()
            for user_id, interaction in list(self.interactions.items()):
                if now >= interaction.expires_at - TOKEN_SLACK:
                    self.drop(user_id)
            if not self.interactions:
                return
            due = min(i.expires_at for i in self.interactions.values()) - TOKEN_SLACK
            await asyncio.sleep(max((due - discord.utils.utcnow()).total_seconds(), 0.001))

    def drop(self, user_id: int, reason: str = "hand.stale") -> None:
        """The player's hand will not be updated again: its last edit says why."""
        interaction = self.interactions.pop(user_id, None)
        self._sent.pop(user_id, None)  # its last edit says it is out of date
        if interaction is not None:
            self._stale.append((interaction, reason))
            self.keep(user_id)
            self._kick()

    def keep(self, user_id: int) -> None:
        """The person's open hand changed (or closed): store it for a restart after a kill.
        One task per table writes; a burst of clicks is one write per person."""
        self._unkept.add(user_id)
        if self._keeper is None or self._keeper.done():
            self._keeper = asyncio.create_task(self._keep_hands(), name=f"doko-keep-{self.table.channel_id}")

    async def _keep_hands(self) -> None:
        table_id = self.table.table_id
        while self._unkept:
            user_id = self._unkept.pop()
            interaction = self.interactions.get(user_id)
            try:
                if interaction is None or self.table.state == "closed":
                    self._kept.pop(user_id, None)
                    await self.bot.store.forget_hand(table_id, user_id)
                    continue
                message_id, opened = self.message_ids.get(user_id), interaction.created_at.timestamp()
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
        self._orphans += [h for h in hands if holds(h, now)]
        if self._orphans:
            self._kick()

    def take_stale(self) -> list[tuple[discord.Interaction, str]]:
        """The hand messages due for their last edit, and why (taken: each is edited once)."""
        stale, self._stale = self._stale, []
        return stale

    def take_orphans(self) -> list[OpenHand]:
        """The hands of the process before a kill due for their last edit (taken)."""
        orphans, self._orphans = self._orphans, []
        return orphans

    def retire(self) -> None:
        """Shutdown: every open hand says it is out of date (the bot restarts)."""
        for user_id in self.users():
            self.drop(user_id)
        if self._sweeper is not None:
            self._sweeper.cancel()

    async def kept(self) -> None:
        """Wait until the open hands on disk are written (their last edits are made: the
        next process need not edit them)."""
        if self._keeper is not None:
            await asyncio.shield(self._keeper)

    def stop(self) -> None:
        """The table left this process (its lease is lost): nothing more is edited or written."""
        for task in (self._sweeper, self._keeper):
            if task is not None:
                task.cancel()
        self.interactions.clear()  # on disk they stay: the table's next process edits them
        self._stale, self._unkept, self._orphans = [], set(), []

    async def refresh(self, user_id: int) -> None:
        """Edit the player's hand to show the table's newest state (never an identical edit)."""
        interaction = self.interactions.get(user_id)
        seat = self.table.seat_of(user_id)
        if interaction is None:
            return
        if seat is None or self.table.game is None:
            self.interactions.pop(user_id, None)
            self.keep(user_id)
            return
        if expired(interaction):  # its token runs out: the last edit says so
            self.drop(user_id)
            return
        lang = await self.bot.user_lang(user_id, self.table.channel_id)
        try:
            deck = await self.bot.user_deck(user_id)
            message = hand_message(self.table, seat, lang, deck)
            target, shown = self.message_ids.get(user_id) or interaction.id, digest(message)[0] or ""
            if self._sent.get(user_id) != (target, shown, message["content"]):  # never an identical edit
                await interaction.edit_original_response(**message)
                self._sent[user_id] = (target, shown, message["content"])
            self._texts[interaction.id] = message["content"]
        except discord.HTTPException:
            # Token gone or message dismissed: the player re-opens with "Meine Karten".
            if self.interactions.get(user_id) is interaction:
                self.interactions.pop(user_id, None)
                self.keep(user_id)

    async def mark_stale(self, interaction: discord.Interaction, reason: str) -> None:
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

    async def mark_orphan(self, hand: OpenHand) -> None:
        """The last edit of a hand the process before a kill kept current, as the clean
        shutdown makes it: the note over the hand and its buttons, both drawn anew from the
        restored game (those it has were drawn for the state its process last saw: grey
        where the game moved on since). Like every hand button they work, and a click makes
        the hand current again. One call; none once the token ran out, or when the person
        clicked that message since the restart."""
        if not holds(hand, discord.utils.utcnow().timestamp()):
            return
        if hand.user_id in self.interactions and hand.message_id is not None \
                and self.message_ids.get(hand.user_id) == hand.message_id:
            return  # that message is kept current again
        note, seat = t(hand.lang, "hand.stale"), self.table.seat_of(hand.user_id)
        message: dict[str, Any] = {"content": note, "view": None, "embed": None}  # no seat: nothing to click
        if seat is not None and self.table.game is not None:
            message = hand_message(self.table, seat, hand.lang, await self.bot.user_deck(hand.user_id))
            message["content"] = note + "\n" + message["content"]
        try:
            await edit_original(self.bot.client, hand, **message)
        except discord.HTTPException:
            pass  # dismissed or gone: nothing more to say


async def edit_original(client: discord.Client, hand: OpenHand, **fields: Any) -> None:
    """Edit the interaction's @original through a stored token, the request
    ``Interaction.edit_original_response`` makes: a new process has no Interaction, and
    discord.py's public ``Webhook`` reaches messages only by id (it escapes "@original")."""
    from discord.http import handle_message_parameters
    from discord.webhook.async_ import async_context

    webhook = discord.Webhook.partial(hand.application_id, hand.token, client=client)
    with handle_message_parameters(previous_allowed_mentions=client.allowed_mentions, **fields) as params:
        await async_context.get().edit_original_interaction_response(
            hand.application_id, hand.token, session=webhook.session, proxy=client.http.proxy,
            proxy_auth=client.http.proxy_auth, payload=params.payload, multipart=params.multipart, files=params.files,
        )


def holds(hand: OpenHand, now: float) -> bool:
    """The stored token may still edit its hand (``now``: Unix seconds, Discord's clock)."""
    return now < hand.opened_at + (TOKEN_LIFE - TOKEN_SLACK).total_seconds()


def expired(interaction: discord.Interaction) -> bool:
    """The interaction's token runs out (within the slack): nothing more goes through it."""
    return discord.utils.utcnow() >= interaction.expires_at - TOKEN_SLACK
