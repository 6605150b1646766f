"""What people and channels chose: languages, decks and pictures, read from the store once.

A mixin of ``DokoBot`` (its ``store`` and ``config``), so every module that asks the bot for
a language or a deck keeps asking the bot.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import discord

from dokobot.bot.config import Config
from dokobot.table.store import TableStore
from dokobot.table.table import Table
from dokobot.text.i18n import LANGUAGES, locale_lang, norm_lang


class Preferences:
    """The choices of people and channels, cached (one store read per person or channel)."""

    store: TableStore
    config: Config

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._user_langs: dict[int, str | None] = {}
        self._channel_langs: dict[int, str] = {}
        self._channel_choice: dict[int, str | None] = {}
        self._locales: dict[int, str] = {}  # user id -> language of the Discord locale last seen
        self._picture_decks: dict[int, str | None] = {}
        self._user_decks: dict[int, str | None] = {}

    # ---- languages ----------------------------------------------------------------------

    async def channel_lang(self, channel_id: int) -> str:
        lang = self._channel_langs.get(channel_id)
        if lang is None:
            prefs = await self.store.channel_prefs(channel_id)
            lang = norm_lang(prefs.language or self.config.language)
            self._channel_langs[channel_id] = lang
        return lang

    async def _chosen_channel_lang(self, channel_id: int) -> str | None:
        """The language the channel chose with /doko sprache kanal (None: none chosen)."""
        if channel_id not in self._channel_choice:
            prefs = await self.store.channel_prefs(channel_id)
            self._channel_choice[channel_id] = prefs.language if prefs.language in LANGUAGES else None
        return self._channel_choice[channel_id]

    async def user_lang(self, user_id: int, channel_id: int | None, locale: object = None) -> str:
        """A member's language: their own choice, else the channel's choice, else their
        Discord client's ``locale`` (``de`` German, ``en-US``/``en-GB`` English), else the
        bot's default (German). A seen locale is remembered for messages without one."""
        if locale is not None:
            self._locales[user_id] = locale_lang(locale) or norm_lang(self.config.language)
        if user_id not in self._user_langs:
            self._user_langs[user_id] = await self.store.user_language(user_id)
        lang = self._user_langs[user_id]
        if lang in LANGUAGES:
            return lang
        chosen = await self._chosen_channel_lang(channel_id) if channel_id else None
        if chosen is not None:
            return chosen
        return self._locales.get(user_id) or norm_lang(self.config.language)

    async def lang_of(self, interaction: discord.Interaction) -> str:
        """The language to answer ``interaction`` in (``user_lang`` with its locale)."""
        return await self.user_lang(interaction.user.id, interaction.channel_id, interaction.locale)

    async def table_lang(self, table: Table) -> str:
        """The language of a table's public messages: the channel's choice, else its
        host's language (choice or Discord locale), else the bot's default."""
        chosen = await self._chosen_channel_lang(table.channel_id)
        if chosen is not None:
            return chosen
        if table.host_id in self._locales or self._user_langs.get(table.host_id) in LANGUAGES:
            return await self.user_lang(table.host_id, table.channel_id)
        return await self.channel_lang(table.channel_id)

    async def set_user_lang(self, user_id: int, lang: str | None) -> None:
        await self.store.set_user_language(user_id, lang)
        self._user_langs[user_id] = lang

    async def set_channel_lang(self, channel_id: int, lang: str | None) -> None:
        """The channel's language choice; None: no choice (each member's own language)."""
        prefs = await self.store.channel_prefs(channel_id)
        await self.store.set_channel_prefs(channel_id, dataclasses.replace(prefs, language=lang))
        self._channel_langs[channel_id] = norm_lang(lang or self.config.language)
        self._channel_choice[channel_id] = lang

    # ---- pictures and decks -----------------------------------------------------------

    async def picture_deck(self, channel_id: int) -> str | None:
        """The deck the channel's pictures are drawn in; None when the channel turned them off."""
        if channel_id not in self._picture_decks:
            prefs = await self.store.channel_prefs(channel_id)
            self._picture_decks[channel_id] = (prefs.deck or "french") if prefs.images else None
        return self._picture_decks[channel_id]

    async def set_channel_pictures(self, channel_id: int, images: bool | None = None, deck: str | None = None) -> None:
        """Turn the channel's pictures on or off and / or choose their deck (stored with its prefs)."""
        prefs = await self.store.channel_prefs(channel_id)
        new = dataclasses.replace(prefs, images=prefs.images if images is None else images, deck=deck or prefs.deck)
        await self.store.set_channel_prefs(channel_id, new)
        self._picture_decks.pop(channel_id, None)

    async def user_deck(self, user_id: int) -> str:
        """The deck a player sees own cards in (french unless they chose german)."""
        if user_id not in self._user_decks:
            self._user_decks[user_id] = await self.store.user_deck(user_id)
        return self._user_decks[user_id] or "french"

    async def set_user_deck(self, user_id: int, deck: str) -> None:
        await self.store.set_user_deck(user_id, deck)
        self._user_decks[user_id] = deck
