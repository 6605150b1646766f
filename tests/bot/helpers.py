"""Helpers of the bot tests: the SimCord ``Driver`` that acts like people (slash commands
and clicks only), reads of what Discord shows, and games several test modules play."""

from __future__ import annotations

import asyncio
import random
import re
from collections import Counter
from typing import Any

import discord
from simcord.backend.access import can_access_channel
from simcord.results import to_discord_message

import dokobot.table.table
from dokobot.bot.client import DokoBot
from dokobot.engine import CARD_CODES, Game, RuleSet, deal, replay
from dokobot.engine.actions import Play, Reserve
from dokobot.engine.record import replay_game
from dokobot.players import Skill
from dokobot.table.table import FinishedGame
from dokobot.text.cards import card_text
from dokobot.text.i18n import t
from dokobot.text.render import summary_text

CARD_WORD = re.compile(r"\b(" + "|".join(sorted(set(CARD_CODES) | {"JO"})) + r")\b")


FAST = Skill(scale=0.05)  # computer players in tests: quick, and no pause between moves


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
        return self.seen(self.table.message_id)

    def fetch(self, message: Any, viewer: Any) -> discord.Message:
        return self.seen(message.id, viewer)

    def seen(self, message_id: int | None, viewer: Any = None) -> discord.Message:
        """One message of the channel as ``viewer`` (no one: the public) sees it, what
        ``history(viewer=...)`` holds of it. Only that one becomes a discord.Message: the
        whole history, each message copied and parsed, per click is most of a helper's cost."""
        if viewer is not None and not can_access_channel(self.env, self.channel.id, viewer, history=True):
            raise AssertionError(f"{viewer.name} cannot read the channel's history")
        stored = self.env.backend.messages.get(self.channel.id, {}).get(message_id or 0)
        assert stored is not None, f"no message {message_id} in the channel"
        assert stored.visible_to(viewer.id if viewer is not None else None), f"message {message_id} is not shown"
        return to_discord_message(self.env, stored)

    def public_since(self, since: int) -> list[discord.Message]:
        """The public messages from id ``since`` on, oldest first (``public()``, without the older ones)."""
        stored = self.env.backend.messages.get(self.channel.id, {})
        return [to_discord_message(self.env, stored[i]) for i in sorted(stored)
                if i >= since and stored[i].visible_to(None)]

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
        for message in self.public_since(self.table.message_id or 0):
            text = message_text(message)
            for code in CARD_CODES:
                shown = len(re.findall(re.escape(card_text(code)) + r"(?!\d)", text))
                assert shown <= played[code], f"{code} shown {shown}x, played {played[code]}x in: {text}"


def find_deal(pred, dealer: int = 3) -> list[list[str]]:
    """A reproducible deal whose hands satisfy ``pred`` (seat = index)."""
    rules = RuleSet()
    for seed in range(10_000):
        hands = deal(rules, rng=random.Random(seed))
        if pred(hands):
            return hands
    raise AssertionError("no deal found")


def stored_record(store, number: int) -> dict:
    game = next(g for g in store.games.values() if g.number == number)
    return {
        "format": "dokobot-game/1",
        "rules": game.rules,
        "players": [p.name for p in game.players],
        "dealer": game.dealer,
        "hands": game.hands,
        "actions": game.actions,
    }


def assert_summary_matches_replay(doko, store, number: int) -> dict:
    """The public summary is exactly what ``dokobot replay`` says of the stored game."""
    record = stored_record(store, number)
    result = replay(record)
    table = doko.table
    # the typed result of the replayed game: it also knows the announcements (keine 90 ... in the "why" line)
    typed = replay_game(record).game_result()
    assert typed.replay_json() == result
    fin = FinishedGame(number, list(table.seats), record["dealer"], typed, {}, table.totals, record)
    title, body = summary_text(fin, "de", table.game)  # with its last trick, card by card
    shown = next(m for m in doko.public() if m.embeds and m.embeds[0].title == title)
    assert shown.embeds[0].description == body
    assert doko.table.last.result.replay_json() == result
    return result


async def play_with_computers(doko) -> None:
    """The people at the table click until the game is over; the computers move by themselves."""
    table = doko.table
    game_no = table.game_no
    humans = [p for p in doko.players if table.seat_of(p.id) is not None]
    for p in humans:
        await doko.open_hand(p)
    while table.state == "playing":
        await table.computers_idle()
        if table.state != "playing":
            break
        if table.game_no != game_no:  # thrown in and dealt again: fresh hands
            game_no = table.game_no
            for p in humans:
                await doko.open_hand(p)
        game = table.game
        seat = game.to_act
        assert not table.seats[seat].is_bot, "a computer seat is to act but nobody moves"
        actor = doko.player(seat)
        doko.assert_private()
        if game.phase == "reserve":
            await doko.click_hand(actor, "reserve", "gesund")
        elif game.phase == "armut_take":
            await doko.click_hand(actor, "armut_take", "0")
        else:
            await doko.click_hand(actor, "play")
    doko.assert_private()


async def quick_game(doko, solo: dict[int, str] | None = None) -> None:
    """Deal if needed and play the game through the table: gesund (or ``solo``), first legal card."""
    table = doko.table
    if table.state == "between":
        await table.next_game(table.seats[0].user_id, table.game_no)
    while table.state == "playing":
        game, seat = table.game, table.game.to_act
        if game.phase == "reserve":
            action = Reserve("solo", solo[seat]) if solo and seat in solo else Reserve("gesund")
        else:
            action = next(m for m in game.legal_actions(seat) if isinstance(m, Play))
        await table.act(table.seats[seat].user_id, None, action)
    assert replay(table.last.record) == table.last.result.replay_json()
    await shown(doko)  # the table message shows this game's summary, as after a click


async def shown(doko) -> str:
    presenter = doko.bot.presenter(doko.table)
    presenter.update()
    await presenter.wait()
    return message_text(doko.table_message())


async def seat_six(doko, n: int = 6) -> None:
    await doko.open_and_seat()
    await seat_more(doko, n - 4)
    assert len(doko.table.seats) == n


async def seat_more(doko, k: int) -> None:
    extra = [doko.outsider] + [doko.guild.add_member(doko.env.create_user(f"Gast{i}")) for i in range(k - 1)]
    for p in extra[:k]:
        await p.click(doko.table_message(), label="Beitreten")
        doko.players.append(p)


TURN = "ist am Zug."


def turn_lines(doko) -> list[discord.Message]:
    return [m for m in doko.public() if m.content.endswith(TURN) or "du bist noch am Zug" in m.content]


async def set_switches(doko, text: str) -> None:
    res = await doko.players[0].slash(doko.channel, "doko regeln", schalter=text)
    assert res.ephemeral, res


HAUS = RuleSet.from_config({"preset": "haus"})


def clicked_result(hands: list[list[str]], dealer: int) -> dict:
    """What the Driver's clicks make of a deal: gesund, then the first enabled card button."""
    g = Game(HAUS, [list(h) for h in hands], dealer=dealer)
    while g.phase != "done":
        s = g.to_act
        if g.phase == "reserve":
            g.apply({"seat": s, "reserve": "gesund"})
        else:
            legal = set(g.legal_plays(s))
            g.apply({"seat": s, "play": next(c for c in g.hand(s) if c in legal)})
    return g.result()


def tie_then_plain() -> list[list[list[str]]]:
    seeds = iter(range(100_000))
    out = []
    for dealer, tie in ((3, True), (0, False)):
        for seed in seeds:
            hands = deal(HAUS, random.Random(seed))
            res = clicked_result(hands, dealer)
            if (res["augen"]["re"] == 120) == tie and any(res["score"]) and res["contract"] != "redeal":
                out.append(hands)
                break
    return out


class VirtualClock:
    """Discord's (virtual) time, and a pause only SimCord's ``advance_time`` ends (``reason``
    says in SimCord's report what waits)."""

    def __init__(self, env: Any, reason: str = "a paced wait") -> None:
        self.env, self.reason = env, reason

    def now(self) -> float:
        return discord.utils.utcnow().timestamp()

    async def sleep(self, seconds: float) -> None:
        await self.env.external_wait(asyncio.sleep(seconds), reason=self.reason)
