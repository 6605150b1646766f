"""SimCord fixtures: a real DokoBot against an offline Discord.

- ``store``: a ``MemoryStore`` shared by every bot of a test (restart tests).
- ``simcord_bot``: the ``DokoBot`` under test (the simcord plugin's hook).
- ``simcord_env``: simcord's running environment (from its pytest plugin).
- ``doko``: a ``Driver`` with a guild, the channel ``#doko``, four members
  (Nord, Ost, Sued, West) and an outsider; it acts only through slash
  commands and button clicks, like people in the Discord client.
- ``deals``: the bot's injected random source (``RiggedDeals``); a restarted bot gets
  the same one (``rng=doko.bot.tables.rng``).
- ``rig_deal``: fixes the next deals (``rig_deal([hands, ...])``).
- ``locales``: the Discord client locale of each simulated member (user id ->
  ``"en-US"``, ...); members not named there use a German client (``de``),
  as the players of a German table do. SimCord itself sends ``en-US`` always.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from typing import Any

import discord
import pytest
import simcord.http.router
import simcord.interactions

import dokobot.bot.pacing
import dokobot.table.table
from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.bot.pacing import NO_PACE
from dokobot.engine import CARD_CODES
from dokobot.storage.memory import MemoryStore
from dokobot.table.ai import Skill
from dokobot.text.cards import card_text
from dokobot.text.i18n import t
from tests import discord_limits, pg
from tests.rigged import RiggedDeals

CARD_WORD = re.compile(r"\b(" + "|".join(sorted(set(CARD_CODES) | {"JO"})) + r")\b")
FAST = Skill(scale=0.05)  # computer players in tests: quick, and no pause between moves


@pytest.fixture(params=["sqlite", "postgresql"])
async def sqlite_path(request, tmp_path):
    """The database of the tests on a real store: an SQLite file, or a fresh
    schema on PostgreSQL (same store class, same tests)."""
    if request.param == "sqlite":
        yield tmp_path / "doko.sqlite3"
        return
    schema, url = await pg.new_schema()
    yield url
    await pg.drop_schema(schema)


@pytest.fixture(autouse=True)
def no_pace(monkeypatch):
    """The tests click faster than Discord allows (no virtual time passes between clicks),
    so their bots show every change at once; the pacing tests (test_rest_budget.py) give
    their bot Discord's pace (``Pace()``) and let virtual time pass."""
    monkeypatch.setattr(dokobot.bot.pacing, "PACE", NO_PACE)


@pytest.fixture
def store() -> MemoryStore:
    return MemoryStore()


@pytest.fixture
def deals() -> RiggedDeals:
    """The bot's random source: reproducible deals (production deals with secrets.SystemRandom)."""
    return RiggedDeals(4711)


@pytest.fixture
def simcord_bot(store: MemoryStore, deals: RiggedDeals) -> DokoBot:
    return DokoBot(Config(), store=store, computer_skill=FAST, computer_delay=0, rng=deals)


@pytest.fixture
def rig_deal(deals: RiggedDeals):
    """Deal the given hands next, one list of four hands per game (then seeded deals again)."""
    return deals.rig


@pytest.fixture(autouse=True)
def locales():
    """Each member's client locale in the interactions SimCord sends (default ``de``).

    Its own patch, not the test's ``monkeypatch``: a test that undoes its
    patches keeps its members' locales."""
    chosen: dict[int, str] = {}
    original = simcord.interactions.base_payload

    def base_payload(backend: Any, **kwargs: Any) -> Any:
        record, payload = original(backend, **kwargs)
        payload["locale"] = chosen.get(kwargs["user_id"], "de")
        return record, payload

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(simcord.interactions, "base_payload", base_payload)
        yield chosen


@pytest.fixture(autouse=True)
def within_discord_limits():
    """Every request the bot makes is held to Discord's documented limits (not to
    SimCord's): each message, edit, followup, interaction response, embed,
    component and attachment, and the commands as ``tree.sync()`` sends them.
    Yields the list of broken limits; a test that breaks one on purpose empties it."""
    broken: list[str] = []
    original = simcord.http.router.dispatch

    def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        found = discord_limits.problems(method, path, kwargs.get("json"), kwargs.get("files") or ())
        broken.extend(f"{method} {path}: {p}" for p in found)
        return original(backend, method, path, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(simcord.http.router, "dispatch", dispatch)
        yield broken
    assert not broken, broken


@pytest.fixture(autouse=True)
def no_logged_errors(caplog):
    """The presenter logs (instead of raising) what Discord refuses: fail on that too."""
    caplog.set_level(logging.INFO)
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith(("dokobot", "cogs"))]
    assert not errors, [r.getMessage() for r in errors]
    # Logs at INFO and above never name a card (hidden information never leaks into them).
    named = [r.getMessage() for r in caplog.records
             if r.levelno >= logging.INFO and r.name.startswith(("dokobot", "cogs")) and CARD_WORD.search(r.getMessage())]
    assert not named, named


def components(message: Any) -> list[Any]:
    """All buttons/selects of a message (discord.Message or simcord ResponseMessage)."""
    out = []
    for row in message.components:
        if isinstance(row, dict):
            out += row.get("components", [])
        else:
            out += list(row.children)
    return out


def cid(item: Any) -> str:
    return item["custom_id"] if isinstance(item, dict) else item.custom_id


def disabled(item: Any) -> bool:
    return bool(item.get("disabled")) if isinstance(item, dict) else bool(item.disabled)


def message_text(message: discord.Message) -> str:
    parts = [message.content or ""]
    for e in message.embeds:
        parts += [e.title or "", e.description or ""]
        parts += [f"{f.name} {f.value}" for f in e.fields]
    return "\n".join(parts)


class Driver:
    def __init__(self, env: Any, bot: DokoBot, guild: Any = None) -> None:
        self.env = env
        self.bot = bot
        self.guild = env.create_guild() if guild is None else guild
        self.channel = self.guild.create_text_channel("doko")
        self.players = [self.guild.add_member(env.create_user(n)) for n in ("Nord", "Ost", "Sued", "West")]
        self.outsider = self.guild.add_member(env.create_user("Kiebitz"))
        self.hands: dict[int, Any] = {}  # user id -> the ephemeral hand message (ResponseMessage)
        self.lang = "de"  # the language of the buttons the driver clicks (an English table: "en")

    def label(self, key: str) -> str:
        return t(self.lang, key)

    # ---- what the channel shows -------------------------------------------------------

    @property
    def table(self) -> dokobot.table.table.Table:
        table = self.env.bot.tables.get(self.channel.id)
        assert table is not None
        return table

    def public(self) -> list[discord.Message]:
        return [m for m in self.channel.history() if not m.flags.ephemeral]

    def table_message(self) -> discord.Message:
        msg_id = self.table.message_id
        return next(m for m in self.channel.history() if m.id == msg_id)

    def fetch(self, message: Any, viewer: Any) -> discord.Message:
        return next(m for m in self.channel.history(viewer=viewer) if m.id == message.id)

    def player(self, seat: int) -> Any:
        user_id = self.table.seats[seat].user_id
        return next(p for p in self.players if p.id == user_id)

    # ---- acting like people -------------------------------------------------------------

    async def open_and_seat(self) -> None:
        res = await self.players[0].slash(self.channel, "doko tisch")
        assert res.acknowledged
        for p in self.players[1:]:
            await p.click(self.table_message(), label=self.label("btn.join"))
        assert [s.user_id for s in self.table.seats] == [p.id for p in self.players]

    async def start(self) -> None:
        await self.players[0].click(self.table_message(), label=self.label("btn.start"))
        assert self.table.state == "playing"

    async def open_hand(self, actor: Any) -> Any:
        res = await actor.click(self.table_message(), label=self.label("btn.hand"))
        assert res.ephemeral and res.response is not None
        self.hands[actor.id] = res.response
        return res.response

    async def open_all_hands(self) -> None:
        for p in self.players:
            await self.open_hand(p)

    def hand_view(self, actor: Any) -> discord.Message:
        return self.fetch(self.hands[actor.id], actor)

    async def click_hand(self, actor: Any, prefix: str, value: str | None = None) -> Any:
        """Click the first enabled hand button whose custom_id starts with doko:<prefix>."""
        view = self.hand_view(actor)
        for item in components(view):
            parts = cid(item).split(":")
            if parts[1] == prefix and not disabled(item) and (value is None or parts[5] == value):
                res = await actor.click(view, custom_id=cid(item))
                if parts[1] == "play" and parts[6:7] == ["ask"] and res.response is not None:
                    # the one ♦A button asks "als Schwein?": answer "als Fuchs", the plain card
                    fox = next(i for i in components(res.response) if cid(i).split(":")[1:2] == ["fox"]
                               and cid(i).split(":")[5] == "f")
                    return await actor.click(res.response, custom_id=cid(fox))
                return res
        raise AssertionError(f"no enabled {prefix}:{value} button for {actor.name}: {[cid(i) for i in components(view)]}")

    async def select_hand(self, actor: Any, prefix: str, values: list[str]) -> Any:
        view = self.hand_view(actor)
        item = next(i for i in components(view) if cid(i).split(":")[1] == prefix)
        return await actor.select(view, values, custom_id=cid(item))

    async def reserve_all_gesund(self) -> None:
        while self.table.game.phase == "reserve":
            seat = self.table.game.to_act
            await self.click_hand(self.player(seat), "reserve", "gesund")

    async def to_the_first_card(self) -> int:
        """Open the table, seat everyone, start, open every hand, all gesund: the seat to play."""
        await self.open_and_seat()
        await self.start()
        await self.open_all_hands()
        await self.reserve_all_gesund()
        return self.table.game.to_act

    async def play_out(self, announce: dict[int, list[str]] | None = None) -> None:
        """Play the game to its end by clicking the first legal card; announce by slash."""
        announce = {k: list(v) for k, v in (announce or {}).items()}
        while self.table.state == "playing":
            game = self.table.game
            seat = game.to_act
            actor = self.player(seat)
            n_played = sum(len(t.cards) for t in game.tricks) + len(game.current_trick)
            for what in list(announce.get(n_played, [])):
                who = next(s for s in range(4) if what in game.allowed_announcements(s))
                res = await self.player(who).slash(self.channel, what)
                assert res.ephemeral
                announce[n_played].remove(what)
            self.assert_private()
            await self.click_hand(actor, "play")

    # ---- checks ---------------------------------------------------------------------

    def assert_private(self) -> None:
        """No public message of the running game names more copies of a card than have
        been played. Messages before its table message belong to finished games (their
        summaries show the last trick: public once played)."""
        game = self.table.game
        if game is None:
            return
        played = Counter(c for t in game.tricks for _, c in t.cards)
        played.update(c for _, c in game.current_trick)
        since = self.table.message_id or 0
        for message in self.public():
            if message.id < since:
                continue
            text = message_text(message)
            for code in CARD_CODES:
                shown = len(re.findall(re.escape(card_text(code)) + r"(?!\d)", text))
                assert shown <= played[code], f"{code} shown {shown}x, played {played[code]}x in: {text}"


@pytest.fixture
def doko(simcord_env, simcord_bot) -> Driver:
    return Driver(simcord_env, simcord_bot)
