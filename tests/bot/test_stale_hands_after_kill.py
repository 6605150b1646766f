"""Issue 25: after a kill (no clean shutdown) the private hands opened before it do not
stay frozen. The presenter keeps each open hand's interaction token on disk; the next
process edits each hand whose token still holds once (the clean shutdown's note, in the
member's language, over the hand and buttons drawn anew from the restored game: they
work, as every hand button does after a restart), none whose token ran out, and forgets
them all. A token is never logged."""

from __future__ import annotations

import asyncio

import discord
import pytest

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.storage.memory import MemoryStore
from dokobot.storage.sql_store import SqlStore
from dokobot.table.store import OpenHand
from dokobot.text.i18n import t
from tests.bot.helpers import cid, components, disabled, set_switches

STALE = t("de", "hand.stale")
TOKEN = "simcord_interaction_"  # how SimCord's tokens look


class Store(MemoryStore):
    """Counts the hands kept; each forget takes a while (the shutdown must wait for it,
    not leave it to luck)."""

    def __init__(self) -> None:
        super().__init__()
        self.keeps = 0

    async def keep_hand(self, hand: OpenHand) -> None:
        self.keeps += 1
        await super().keep_hand(hand)

    async def forget_hand(self, table_id: int, user_id: int) -> None:
        for _ in range(200):
            await asyncio.sleep(0)
        await super().forget_hand(table_id, user_id)


@pytest.fixture
def store() -> Store:
    return Store()


async def kill(doko) -> None:
    """The process dies: nothing of it runs any more (a bare client takes its place)."""
    await doko.env.restart_bot(discord.Client(intents=discord.Intents.none()))


async def start_again(doko, store) -> None:
    await doko.env.restart_bot(DokoBot(Config(), store=store, rng=doko.bot.tables.rng))


def buttons(message) -> list[tuple[str, bool]]:
    return [(cid(b), disabled(b)) for b in components(message)]


def hand_edits(doko, since: int) -> list[str]:
    """The paths of the edits of interaction responses since request ``since``."""
    return [r.path for r in doko.env.http_requests[since:] if r.method == "PATCH" and "/messages/@original" in r.path]


async def test_after_a_kill_each_open_hand_says_it_is_out_of_date(doko, store, locales, caplog):
    west = doko.players[3]
    locales[west.id] = "en-US"  # an English client: the note speaks English to them
    await doko.to_the_first_card()
    before = {p.id: doko.hand_view(p) for p in doko.players}
    assert {user for _, user in store.open_hands} == {p.id for p in doko.players}
    await kill(doko)
    assert all(doko.hand_view(p).content == before[p.id].content for p in doko.players)  # frozen while down
    since = len(doko.env.http_requests)
    await start_again(doko, store)
    assert len(hand_edits(doko, since)) == 4  # one edit per hand
    for p in doko.players:
        view = doko.hand_view(p)
        note = t("en" if p is west else "de", "hand.stale")
        assert view.content == note + "\n" + before[p.id].content
        assert buttons(view) == buttons(before[p.id])  # drawn anew for the same state
    assert doko.hand_view(west).content.startswith("*out of date: “My hand” opens the current hand*")
    assert store.open_hands == {}  # each edited once, then forgotten
    # a button of the old hand acts and makes that hand current again
    actor = doko.player(doko.table.game.to_act)
    played = len(doko.table.game.actions)
    await doko.click_hand(actor, "play")
    assert len(doko.table.game.actions) == played + 1
    assert doko.hand_view(actor).content.startswith("**Deine Karten")
    # "Meine Karten" opens a live hand too
    nord = doko.player(doko.table.game.to_act)
    fresh = await doko.open_hand(nord)
    assert fresh.content.startswith("**Deine Karten") and components(fresh)
    assert not [r.getMessage() for r in caplog.records if TOKEN in r.getMessage()]


async def test_grey_buttons_of_an_older_state_are_drawn_anew(doko, store):
    """The hand's last edit before the kill drew the buttons of its state then (all grey:
    not their turn); the game moved on before the kill (the next edit never came): the
    edit after the restart draws the buttons of the state the game is in."""
    seat = await doko.to_the_first_card()
    actor = doko.player(seat)
    after = doko.player((seat + 1) % 4)  # plays next: their hand has grey cards now
    assert not [b for b in components(doko.hand_view(after)) if cid(b).startswith("doko:play") and not disabled(b)]
    presenter = doko.bot.presenter(doko.table)
    presenter.hands.interactions.pop(after.id)  # as if the process died before it edited that hand
    await doko.click_hand(actor, "play")
    assert doko.table.game.to_act == (seat + 1) % 4
    await kill(doko)
    await start_again(doko, store)
    view = doko.hand_view(after)
    assert view.content.startswith(STALE + "\n**Deine Karten")
    assert [b for b in components(view) if cid(b).startswith("doko:play") and not disabled(b)]
    played = len(doko.table.game.actions)
    await doko.click_hand(after, "play")
    assert len(doko.table.game.actions) == played + 1


async def test_a_token_that_ran_out_while_the_bot_was_down_is_not_used(doko, store):
    await doko.open_and_seat()
    await set_switches(doko, "turn_timeout=0")  # nobody is taken over while the time passes
    await doko.start()
    nord, ost = doko.players[:2]
    await doko.open_hand(nord)
    await doko.env.advance_time(10 * 60)
    await doko.open_hand(ost)
    table_id = doko.table.table_id
    old = store.open_hands[table_id, nord.id].token
    nord_before = doko.hand_view(nord).content
    await kill(doko)
    await doko.env.advance_time(6 * 60)  # Nord's token is 16 minutes old now, Ost's 6
    since = len(doko.env.http_requests)
    await start_again(doko, store)
    edits = hand_edits(doko, since)
    assert len(edits) == 1 and old not in edits[0]  # Ost's hand only: no call with a dead token
    assert doko.hand_view(ost).content.startswith(STALE + "\n**Deine Karten")
    assert doko.hand_view(nord).content == nord_before
    assert store.open_hands == {}


async def test_a_clean_shutdown_leaves_nothing_for_the_next_process(doko, store):
    await doko.open_and_seat()
    await doko.start()
    await doko.open_all_hands()
    assert len(store.open_hands) == 4
    await doko.bot.close()  # the hands say they are out of date before the process ends
    assert store.open_hands == {}  # forgotten before close() returned
    since = len(doko.env.http_requests)
    await start_again(doko, store)
    assert hand_edits(doko, since) == []  # no second edit of the same hands
    assert doko.hand_view(doko.players[0]).content.startswith(STALE)


async def test_a_hand_replaced_or_closed_is_forgotten(doko, store):
    await doko.open_and_seat()
    await doko.start()
    nord, ost = doko.players[:2]
    first = await doko.open_hand(nord)
    table_id = doko.table.table_id
    token = store.open_hands[table_id, nord.id].token
    second = await doko.open_hand(nord)  # a fresh hand: the newer token is the one kept
    assert second.id != first.id and store.open_hands[table_id, nord.id].token != token
    await doko.open_hand(ost)
    await doko.players[0].slash(doko.channel, "doko schliessen")
    assert doko.bot.tables.get(doko.channel.id) is None
    assert store.open_hands == {}


async def test_a_hand_clicked_since_the_restart_is_left_live(doko, store):
    """The message the person clicked after the restart is kept current again: the edit
    meant for it before the click is not made (that hand is no longer out of date)."""
    await doko.open_and_seat()
    await doko.start()
    nord, ost = doko.players[:2]
    await doko.open_hand(nord)
    await doko.open_hand(ost)
    rows = [store.open_hands[doko.table.table_id, p.id] for p in (nord, ost)]
    presenter = doko.bot.presenter(doko.table)
    presenter.hands.message_ids[ost.id] = None  # Discord did not name Ost's message: it cannot be told apart
    since = len(doko.env.http_requests)
    presenter.orphaned(rows)
    await doko.env.advance_time(1)
    notes = [r.path for r in doko.env.http_requests[since:]
             if r.method == "PATCH" and (r.json or {}).get("content", "").startswith(STALE)]
    assert len(notes) == 1 and rows[1].token in notes[0]
    assert not doko.hand_view(nord).content.startswith(STALE)
    assert doko.hand_view(ost).content.startswith(STALE)


async def test_clicks_on_a_hand_store_its_token_once_per_five_minutes(doko, store):
    await doko.open_and_seat()
    await set_switches(doko, "turn_timeout=0")
    await doko.start()
    await doko.open_all_hands()
    assert store.keeps == 4
    await doko.reserve_all_gesund()  # four clicks on the same four messages
    assert store.keeps == 4
    actor = doko.player(doko.table.game.to_act)
    key = (doko.table.table_id, actor.id)
    token = store.open_hands[key].token
    await doko.env.advance_time(5 * 60)
    await doko.click_hand(actor, "play")
    assert store.keeps == 5 and store.open_hands[key].token != token  # the newer token, for longer
    newer = store.open_hands[key].token
    await kill(doko)
    since = len(doko.env.http_requests)
    await start_again(doko, store)
    assert len([p for p in hand_edits(doko, since) if newer in p]) == 1
    assert doko.hand_view(actor).content.startswith(STALE + "\n**Deine Karten")


async def test_on_sqlite_and_postgresql_the_next_process_finds_the_hands(doko, sqlite_path):
    first = await SqlStore.open(sqlite_path)
    await start_again(doko, first)  # the bot under test plays on the database
    await doko.open_and_seat()
    await doko.start()
    await doko.open_all_hands()
    before = {p.id: doko.hand_view(p).content for p in doko.players}
    await kill(doko)
    second = await SqlStore.open(sqlite_path)  # a new process opens the database anew
    try:
        since = len(doko.env.http_requests)
        await start_again(doko, second)
        assert len(hand_edits(doko, since)) == 4
        assert all(doko.hand_view(p).content == STALE + "\n" + before[p.id] for p in doko.players)
        assert await second.take_hands(doko.table.table_id) == []
    finally:
        await doko.env.restart_bot(discord.Client(intents=discord.Intents.none()))
        await second.close()
        await first.close()
