"""The bot within Discord's rules (issue 20): permissions, response kinds, limits."""

from __future__ import annotations

from dokobot.text.i18n import t
from tests import discord_limits


async def test_a_deferred_command_edits_its_thinking_response(doko):
    """After a defer with "thinking" the answer edits that response; a followup in
    its place is the form Discord calls deprecated."""
    await doko.open_and_seat()
    res = await doko.players[0].slash(doko.channel, "doko computer")  # defers, then answers
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
