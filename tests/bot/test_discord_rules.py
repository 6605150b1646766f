"""The bot within Discord's rules (issue 20): permissions, response kinds, limits."""

from __future__ import annotations

import io

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from dokobot.bot.embeds import fits
from dokobot.bot.permissions import NEEDED, missing_text
from dokobot.engine import GameResult
from dokobot.table.store import SeatInfo
from dokobot.text.i18n import t
from tests import discord_limits
from tests.bot.helpers import cid, components, disabled, message_text


async def test_a_deferred_command_edits_its_thinking_response(doko):
    """After a defer with "thinking" the answer edits that response; a followup in
    its place is the form Discord calls deprecated."""
    await doko.open_and_seat()
    seen = len(doko.env.http_requests)
    res = await doko.players[0].slash(doko.channel, "doko computer")  # defers, then answers
    calls = [(r.method, r.path) for r in doko.env.http_requests[seen:] if r.path.startswith("/webhooks/")]
    assert [m for m, p in calls if p.endswith("/messages/@original")] == ["PATCH"]
    assert not [p for m, p in calls if m == "POST"]  # no followup
    added = t("de", "ok.computer_added", name="Computer 1 \\(mittel\\)")
    assert res.response is not None and res.response.ephemeral
    assert res.response.content == added
    assert res.followups == []


# ---- the validator itself -------------------------------------------------------------


async def test_the_validator_sees_what_the_bot_sends(doko, within_discord_limits):
    """The fixture checks the real requests: a message SimCord takes (1,001 characters)
    but Discord refuses (2,002 UTF-16 units) is caught (then forgiven)."""
    channel = doko.bot.get_partial_messageable(doko.channel.id, guild_id=doko.guild.id)
    await channel.send("🂡" * 1001)
    assert any("content: 2002 > 2000" in p for p in within_discord_limits)
    within_discord_limits.clear()


def test_the_validator_counts_utf16_and_every_limit():
    assert discord_limits.units("🂡") == 2 and discord_limits.units("ä") == 1
    ok = {"title": "t", "description": "d", "fields": [{"name": "n", "value": "v"}]}
    assert discord_limits.message_problems({"content": "🂡" * 1000, "embeds": [ok]}) == []
    assert discord_limits.message_problems({"content": "🂡" * 1001})  # 2,002 units
    big = {"description": "x" * 4096, "fields": [{"name": "n", "value": "y" * 1024}] * 2}
    assert discord_limits.message_problems({"embeds": [big]}) == ["embeds: 6146 characters in all > 6000"]
    assert discord_limits.message_problems({"embeds": [{"title": "😀" * 129}]}) == ["embed 0: title: 258 > 256"]
    assert discord_limits.message_problems({"embeds": [{"fields": [{"name": "", "value": "v"}]}]})
    row = {"type": 1, "components": [{"type": 2, "custom_id": "c" * 101, "label": "l"}] * 6}
    found = discord_limits.components_problems([row] * 6)
    assert any("action rows" in p for p in found) and any("custom_id" in p for p in found)
    assert any("6 components" in p for p in found)
    select = {"type": 3, "custom_id": "s", "placeholder": "p" * 151, "options": [{"label": "o", "value": "o"}] * 26}
    found = discord_limits.components_problems([{"type": 1, "components": [select]}])
    assert any("placeholder" in p for p in found) and any("26 options" in p for p in found)
    alt = discord.File(io.BytesIO(b"png"), filename="a.png", description="😀" * 513)  # 1,026 units
    assert discord_limits.files_problems([alt]) == ["attachment a.png: description > 1024"]
    assert discord_limits.files_problems([discord.File(io.BytesIO(b"png"), filename="a.png", description="😀" * 512)]) == []


def test_the_validator_knows_command_names():
    assert discord_limits.valid_name("keine90") and discord_limits.valid_name("größe")
    assert not discord_limits.valid_name("Tisch") and not discord_limits.valid_name("zwei worte")
    assert not discord_limits.valid_name("x" * 33) and not discord_limits.valid_name("")
    twice = {"name": "doko", "description": "d", "options": [
        {"type": 1, "name": "a", "description": "d", "name_localizations": {"en-US": "b"}},
        {"type": 1, "name": "b", "description": "d"},
    ]}
    assert discord_limits.command_problems(twice) == ["doko: names ['b'] (en-US) not unique among siblings"]
    huge = {"name": "doko", "description": "d" * 100, "options": [
        {"type": 1, "name": f"s{i}", "description": "d" * 100,
         "options": [{"type": 3, "name": f"o{j}", "description": "d" * 100} for j in range(25)]}
        for i in range(4)
    ]}
    assert any("> 8000" in p for p in discord_limits.command_problems(huge))


# ---- permissions ---------------------------------------------------------------------


def bot_overwrite(doko, channel_id: int, **perms: bool) -> None:
    """A channel permission overwrite for the bot (``send_messages=False``), as a server admin sets one."""
    allow, deny = discord.PermissionOverwrite(**perms).pair()
    backend = doko.env.backend
    backend.set_overwrite(channel_id, Overwrite(backend.bot_user.id, OverwriteType.MEMBER, allow.value, deny.value))


def no_overwrite(doko, channel_id: int) -> None:
    doko.env.backend.delete_overwrite(channel_id, doko.env.backend.bot_user.id)


@pytest.mark.parametrize("perm", NEEDED)
async def test_no_table_where_the_bot_lacks_a_permission(doko, perm):
    bot_overwrite(doko, doko.channel.id, **{perm: False})
    res = await doko.players[0].slash(doko.channel, "doko tisch")
    assert res.ephemeral and res.response.content == missing_text("de", [perm])
    assert t("de", f"perm.{perm}") in res.response.content
    assert doko.bot.tables.get(doko.channel.id) is None and doko.public() == []
    no_overwrite(doko, doko.channel.id)  # given: the table opens
    res = await doko.players[0].slash(doko.channel, "doko tisch")
    assert doko.bot.tables.get(doko.channel.id) is not None and len(doko.public()) == 1


async def test_every_missing_permission_is_named_in_the_members_language(doko, locales):
    locales[doko.players[0].id] = "en-US"
    bot_overwrite(doko, doko.channel.id, embed_links=False, attach_files=False)
    res = await doko.players[0].slash(doko.channel, "doko tisch")
    assert res.response.content == missing_text("en", ["embed_links", "attach_files"])
    assert "Embed Links, Attach Files" in res.response.content
    assert doko.bot.tables.get(doko.channel.id) is None


async def test_in_a_thread_the_bot_needs_send_messages_in_threads(doko):
    parent = doko.bot.get_channel(doko.channel.id)
    await parent.create_thread(name="Runde", type=discord.ChannelType.public_thread)
    thread = doko.channel.threads[0]
    bot_overwrite(doko, doko.channel.id, send_messages_in_threads=False)  # threads take their parent's
    res = await doko.players[0].slash(thread, "doko tisch")
    assert res.response.content == missing_text("de", ["send_messages_in_threads"])
    assert doko.bot.tables.get(thread.id) is None
    bot_overwrite(doko, doko.channel.id, send_messages=False)  # the channel itself: no matter in a thread
    res = await doko.players[0].slash(thread, "doko tisch")
    assert doko.bot.tables.get(thread.id) is not None


def _played(doko) -> int:
    game = doko.table.game
    return sum(len(t.cards) for t in game.tricks) + len(game.current_trick)


@pytest.mark.parametrize("perm", NEEDED)
async def test_a_permission_taken_during_a_game(doko, perm):
    """The next action says what is missing, privately, to the one who acted, and
    changes nothing; once the permission is back the game goes on."""
    await doko.to_the_first_card()
    await doko.click_hand(doko.player(doko.table.game.to_act), "play")
    before, shown = _played(doko), message_text(doko.table_message())
    bot_overwrite(doko, doko.channel.id, **{perm: False})
    actor = doko.player(doko.table.game.to_act)
    res = await doko.click_hand(actor, "play")
    assert res.followups and res.followups[-1].ephemeral
    assert res.followups[-1].content == missing_text("de", [perm])
    seat = doko.table.seat_of(doko.players[0].id)
    assert "re" in doko.table.game.allowed_announcements(seat) or "kontra" in doko.table.game.allowed_announcements(seat)
    what = "re" if "re" in doko.table.game.allowed_announcements(seat) else "kontra"
    res = await doko.players[0].slash(doko.channel, what)
    assert res.ephemeral and res.response.content == missing_text("de", [perm])
    assert _played(doko) == before and what in doko.table.game.allowed_announcements(seat)  # nothing happened
    no_overwrite(doko, doko.channel.id)
    await doko.click_hand(actor, "play")
    assert _played(doko) == before + 1
    assert message_text(doko.table_message()) != shown  # the table message shows the game again


# ---- the commands as Discord gets them -----------------------------------------------


async def test_the_command_payload_keeps_discords_rules_in_every_locale(doko):
    tree = doko.bot.tree
    payload = [await c.get_translated_payload(tree, tree.translator) for c in tree._get_all_commands()]
    assert {c["name"] for c in payload} >= {"doko", "re", "kontra"}
    locales = set().union(*(discord_limits._locales(c) for c in payload))
    assert {"en-US", "en-GB"} <= locales  # the English catalogue is there, and checked
    assert [p for c in payload for p in discord_limits.command_problems(c)] == []
    doko_cmd = next(c for c in payload if c["name"] == "doko")
    for locale in (None, "en-US"):
        size = discord_limits._total(doko_cmd, locale)
        assert size <= discord_limits.COMMAND_TOTAL, (locale, size)
    # and what sync() sent went through the validator too
    assert any(r.method == "PUT" and r.path.endswith("/commands") for r in doko.env.http_requests)


# ---- the Spielliste and the leaderboard within one message ------------------------------


async def _book_games(doko, names: list[str], games: int) -> None:
    """``games`` finished games of the channel's open table, booked directly in its store."""
    table = doko.table
    players = [SeatInfo(10**6 + i, name, False) for i, name in enumerate(names)]
    n = len(players)
    re = list(range(n // 2))
    for number in range(1, games + 1):
        game_id = await doko.bot.store.create_game(table.table_id, number, {"preset": "ddv"}, players, 0, [["CQ"]] * n)
        score = [3 if s in re else -3 for s in range(n)]
        result = GameResult.from_dict({"contract": "normal", "re": re, "kontra": [s for s in range(n) if s not in re],
                                       "winner": "re", "score": score})
        await doko.bot.store.finish_game(game_id, result, score, [])


def _text(card) -> str:  # noqa: ANN001
    return "\n".join([card.description or "", *(f.value for f in card.fields)])


async def test_the_sheet_at_six_with_long_markdown_and_emoji_names_pages(doko):
    """Six names of 31 characters, markdown to escape and emoji (two UTF-16 units each):
    the sheet shows as many games as one message holds, and pages to the rest."""
    await doko.open_and_seat()
    names = [f"{i}" + "*_~|🂡" * 6 for i in range(6)]
    await _book_games(doko, names, 30)
    res = await doko.players[0].slash(doko.channel, "doko liste")
    card = res.response.embeds[0]
    assert fits(card) and discord_limits.embed_problems(card.to_dict())[1] <= 6000
    assert "30" in card.title
    shown = [line for line in _text(card).split("\n") if line.startswith("**")]
    assert 1 <= len(shown) < 20 and shown[-1].startswith("**30.**")  # the newest, fewer than 20: no more fit
    older, newer = components(res.response)
    assert not disabled(older) and disabled(newer)
    first = int(shown[0][2:].split(".")[0])
    page = await doko.players[0].click(res.response, custom_id=cid(older))
    card = page.response.embeds[0] if page.response else doko.fetch(res.response, doko.players[0]).embeds[0]
    rows = [line for line in _text(card).split("\n") if line.startswith("**")]
    assert rows[-1].startswith(f"**{first - 1}.**") and t("de", "sheet.newer.other", n=30 - first + 1) in _text(card)


async def test_the_sheet_of_thousands_of_games_defers_and_shows_the_newest(doko):
    await doko.open_and_seat()
    await _book_games(doko, ["Anna", "Bernd", "Clara", "Dora"], 2000)
    seen = len(doko.env.http_requests)
    res = await doko.players[0].slash(doko.channel, "doko liste")
    kinds = [b.get("type") for r in doko.env.http_requests[seen:] if r.path.endswith("/callback")
             for b in [r.json or {}]]
    assert kinds == [5]  # deferred with "thinking" before the database is read
    card = res.response.embeds[0]
    assert "2.000" in card.title and t("de", "sheet.older.other", n="1.980") in _text(card)
    assert "**2000.**" in _text(card) and "+6.000" in _text(card)  # Anna: 2,000 x 3


def test_many_computer_players_get_leaderboard_pages_of_their_own():
    from cogs.stats import BOTS_ALONE, bot_pages

    many = [f"**{i}.** Computer {i} (schwer) " + "x" * 150 for i in range(60)]
    pages = bot_pages(many)
    assert len(pages) > 1 and [line for p in pages for line in p] == many
    assert all(discord_limits.units("\n".join(p)) <= BOTS_ALONE for p in pages)
