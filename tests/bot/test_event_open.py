"""/doko turnier: open, sign up (buttons that outlive a restart), start with 8 people: two
threads with a table dealt in each; host-only steps; missing thread permissions."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.bot.permissions import INVITE, NEEDED, missing_text
from dokobot.text.i18n import t
from tests.bot.event_driver import EventDriver
from tests.bot.helpers import components, message_text


def bot_overwrite(doko, channel_id: int, **perms: bool) -> None:
    allow, deny = discord.PermissionOverwrite(**perms).pair()
    backend = doko.env.backend
    backend.set_overwrite(channel_id, Overwrite(backend.bot_user.id, OverwriteType.MEMBER, allow.value, deny.value))


async def test_open_sign_up_start_two_threads_with_tables(doko):
    ev = EventDriver(doko, 8)
    res = await ev.open(runden=2, spiele=4)
    assert res.response.content.startswith("Das Turnier ist eröffnet")
    event = await ev.event()
    assert event.state.host == ev.host.id and event.state.settings.rounds == 2 and event.state.settings.games == 4
    assert event.message_id is not None and not event.message_id == 0
    await ev.sign_up()
    event = await ev.event()
    assert [e.key for e in event.state.entrants] == [p.id for p in ev.people]
    res = await ev.start()
    assert res.response.content == t("de", "event.ok.round", round=1)
    threads = ev.threads()
    assert len(threads) == 2
    tables = ev.tables()
    assert len(tables) == 2 and all(tb.state == "playing" and tb.game_no == 1 for tb in tables)
    seated = sorted(s.user_id for tb in tables for s in tb.seats)
    assert seated == sorted(p.id for p in ev.people)
    rows = await ev.store.event_tables(event.event_id)
    assert sorted(r.thread_id for r in rows) == [th.id for th in threads]
    assert all(r.table_id == ev.bot.tables.get(r.thread_id).table_id for r in rows)
    for thread, table in zip(threads, tables, strict=True):
        texts = [m.content for m in thread.history()]
        assert any(all(f"<@{s.user_id}>" in c for s in table.seats) for c in texts), texts  # the seated are named
        # that line pinged the first to act too: no turn line of the table to ping (and delete) again
        first = table.seats[table.person_to_act()].user_id
        assert t("de", "turn.mention", mention=f"<@{first}>") not in texts, texts
        assert any(m.id == table.message_id for m in thread.history())  # the table message is in the thread
    # the round's line is folded into the standings message: it names the round and links every thread
    board = message_text(await ev.message())
    assert "Runde 1" in board and all(th.mention in board for th in threads), board
    said = [m.id for m in ev.channel.history() if m.type == discord.MessageType.default]
    assert said == [(await ev.event()).message_id]  # no line beside it (Discord notes the threads itself)


async def test_sign_up_twice_and_leave_get_clear_answers(doko):
    ev = EventDriver(doko, 4)
    await ev.open()
    await ev.sign_up(ev.people[:1])
    res = await ev.people[0].click(await ev.message(), label=t("de", "btn.event_in"))
    assert res.response.content == t("de", "event.err.already")
    res = await ev.people[1].click(await ev.message(), label=t("de", "btn.event_out"))
    assert res.response.content == t("de", "event.err.not_entrant")
    res = await ev.people[0].click(await ev.message(), label=t("de", "btn.event_out"))
    assert res.response.content == t("de", "event.ok.left")
    assert (await ev.event()).state.entrants == ()


async def test_buttons_work_after_a_restart(doko, store):
    ev = EventDriver(doko, 4)
    await ev.open()
    message = await ev.message()
    await doko.env.restart_bot(DokoBot(Config(), store=store, rng=doko.bot.tables.rng))
    res = await ev.people[2].click(message, label=t("de", "btn.event_in"))
    assert res.response.content == t("de", "event.ok.signed_up", round=1)
    assert [e.key for e in (await ev.event()).state.entrants] == [ev.people[2].id]


async def test_only_the_host_runs_host_steps(doko):
    ev = EventDriver(doko, 8)
    await ev.open(runden=1)
    await ev.sign_up()
    for sub in ("starten", "pause", "beenden"):
        res = await ev.slash(ev.people[1], sub)
        assert res.response.content == t("de", "event.err.not_host"), sub
    event = await ev.event()
    assert event.state.phase == "signup" and ev.threads() == []
    wirt = doko.guild.add_member(doko.env.create_user("Wirt"), roles=[
        doko.guild.create_role("Wirt", permissions=discord.Permissions(manage_channels=True))])
    res = await ev.slash(wirt, "starten")  # Manage Channels may run the host's steps
    assert res.response.content == t("de", "event.ok.round", round=1) and len(ev.threads()) == 2


async def test_a_second_event_in_the_channel_is_refused(doko):
    ev = EventDriver(doko, 4)
    await ev.open()
    res = await ev.slash(ev.people[1], "eroeffnen")
    assert res.response.content.startswith("In diesem Kanal läuft schon ein Turnier")
    assert len(await ev.store.channel_events(ev.channel.id)) == 1


@pytest.mark.parametrize("perm", ["create_public_threads", "send_messages_in_threads"])
async def test_missing_thread_permission_opens_nothing(doko, perm):
    ev = EventDriver(doko, 8)
    bot_overwrite(doko, doko.channel.id, **{perm: False})
    res = await ev.slash(ev.host, "eroeffnen")
    assert res.ephemeral and res.response.content == missing_text("de", [perm])
    assert t("de", f"perm.{perm}") in res.response.content
    assert await ev.store.channel_events(ev.channel.id) == [] and doko.public() == []


async def test_missing_thread_permission_at_the_start_changes_nothing(doko):
    ev = EventDriver(doko, 8)
    await ev.open()
    await ev.sign_up()
    before = await ev.event()
    bot_overwrite(doko, doko.channel.id, create_public_threads=False)
    res = await ev.slash(ev.people[1], "starten")  # not the host's to start: that answer first
    assert res.response.content == t("de", "event.err.not_host")
    res = await ev.slash(ev.host, "starten")
    assert res.response.content == missing_text("de", ["create_public_threads"])
    assert (await ev.event()).state == before.state and ev.threads() == []
    assert await ev.store.event_tables(before.event_id) == []


async def test_bad_settings_and_start_get_an_answer(doko):
    ev = EventDriver(doko, 4)
    res = await ev.slash(ev.host, "eroeffnen", schalter="turn_timeout=60")
    assert res.response.content == t("de", "event.err.switch", name="turn_timeout")
    res = await ev.slash(ev.host, "eroeffnen", beginn="morgen früh")
    assert res.response.content.startswith("„morgen früh“ verstehe ich nicht")
    assert await ev.store.channel_events(ev.channel.id) == []


async def test_end_before_the_start_and_show_the_past_event(doko):
    ev = EventDriver(doko, 4)
    await ev.open()
    await ev.sign_up(ev.people[:2])
    res = await ev.slash(ev.host, "beenden")
    assert res.response.content == t("de", "event.ok.ended")
    event = await ev.event()
    assert event.state.phase == "ended"
    await ev.bot.events.board.wait()
    assert components(await ev.message()) == []  # the message of an event over has no buttons
    res = await ev.slash(ev.people[1], "anmelden")
    assert res.response.content == t("de", "event.err.none")
    res = await ev.slash(ev.people[3], "stand")
    assert res.ephemeral and res.response.embeds
    res = await ev.slash(ev.people[3], "stand", nummer=event.event_id)
    assert res.ephemeral and res.response.embeds
    res = await ev.slash(ev.host, "starten")
    assert res.response.content == t("de", "event.err.none")
    res = await ev.slash(ev.host, "eroeffnen")  # the channel is free for the next one
    assert res.response.content.startswith("Das Turnier ist eröffnet")


def test_the_invite_link_asks_for_the_thread_permissions():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    asked = {int(n) for n in re.findall(r"permissions=(\d+)", readme)}
    assert asked == {INVITE.value}
    assert INVITE.create_public_threads and INVITE.send_messages_in_threads and INVITE.manage_events
    assert all(getattr(INVITE, p) for p in NEEDED)
