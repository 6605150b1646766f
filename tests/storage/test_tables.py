"""Channel settings, user language, tables and seats."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from dokobot.storage import ChannelSettings, Database, Seat, StorageError

from .reads import get_table, open_table_in

FOUR = [{"user_id": i, "name": f"P{i}"} for i in (11, 12, 13, 14)]


@dataclass(frozen=True)
class SeatInfo:  # shaped like the table layer's seat objects
    user_id: int
    name: str
    is_bot: bool = False


async def test_settings_default_set_partial_and_unset(db):
    assert await db.get_settings(5) == ChannelSettings(5, None, {}, None)
    s = await db.set_settings(5, preset="haus", overrides={"dulle": "second_wins"})
    assert s == ChannelSettings(5, "haus", {"dulle": "second_wins"}, None)
    s = await db.set_settings(5, language="en")  # keeps preset and overrides
    assert s == await db.get_settings(5) == ChannelSettings(5, "haus", {"dulle": "second_wins"}, "en")
    assert s.rules_config() == {"preset": "haus", "dulle": "second_wins"}
    s = await db.set_settings(5, preset=None, overrides=None)
    assert s == await db.get_settings(5) == ChannelSettings(5, None, {}, "en")
    assert s.rules_config("klassisch") == {"preset": "klassisch"}


async def test_bad_language_is_refused_and_nothing_changes(db):
    await db.set_settings(5, language="de")
    with pytest.raises(StorageError, match="language"):
        await db.set_settings(5, language="fr")
    with pytest.raises(StorageError):
        await db.set_settings(5, overrides={"x": object()})  # not JSON
    assert (await db.get_settings(5)).language == "de"


async def test_user_language(db):
    assert await db.get_user_language(7) is None
    await db.set_user_language(7, "en")
    assert await db.get_user_language(7) == "en"
    await db.set_user_language(7, None)
    assert await db.get_user_language(7) is None
    with pytest.raises(StorageError):
        await db.set_user_language(7, "xx")


async def test_one_open_table_per_channel(db):
    t1 = await db.open_table(100, 9, 11, FOUR[:1], message_id=555)
    with pytest.raises(StorageError, match="already has an open table"):
        await db.open_table(100, 9, 12)
    other = await db.open_table(101, 9, 12)
    info = await open_table_in(db, 100)
    assert (info.id, info.channel_id, info.guild_id, info.host_id, info.message_id, info.status) == (
        t1, 100, 9, 11, 555, "open",
    )
    assert info.seats == [Seat(0, 11, "P11", False)]
    await db.close_table(t1)
    assert await open_table_in(db, 100) is None
    assert (await get_table(db, t1)).status == "closed"
    with pytest.raises(StorageError, match="already closed"):
        await db.close_table(t1)
    t2 = await db.open_table(100, 9, 13)  # a closed table frees the channel
    assert {t.id for t in await db.open_tables()} == {other, t2}


async def test_seats_host_and_message(db):
    t = await db.open_table(100, None, 11)
    await db.set_seats(t, [SeatInfo(11, "Anna"), {"user_id": 12, "name": "Bernd"},
                           Seat(7, None, "Computer", True)], host_id=12)
    await db.set_message_id(t, 999)
    info = await get_table(db, t)
    assert info.host_id == 12 and info.message_id == 999
    assert info.seats == [Seat(0, 11, "Anna"), Seat(1, 12, "Bernd"), Seat(2, None, "Computer", True)]
    await db.set_seats(t, [SeatInfo(12, "Bernd")])
    assert [s.name for s in (await get_table(db, t)).seats] == ["Bernd"]
    with pytest.raises(StorageError, match="does not exist"):
        await db.set_message_id(12345, 1)
    await db.close_table(t)
    with pytest.raises(StorageError, match="closed"):
        await db.set_seats(t, FOUR)


async def test_close_table_aborts_its_running_game(db):
    t = await db.open_table(100, None, 11, FOUR)
    g = await db.create_game(t, {"preset": "ddv"}, FOUR, 0, [["CQ"]] * 4)
    await db.close_table(t)
    assert await db.unfinished_games() == []
    with pytest.raises(StorageError, match="aborted"):
        await db.append_action(g, 0, {"seat": 1, "reserve": "gesund"})


async def test_tables_survive_reopen(db_path):
    db = await Database.open(db_path)
    t = await db.open_table(100, 3, 11, FOUR, message_id=42)
    await db.close()
    db = await Database.open(db_path)
    [info] = await db.open_tables()
    assert info.id == t and info.message_id == 42 and len(info.seats) == 4
    await db.close()


async def test_pictures_and_decks_are_stored_and_kept_apart(db):
    """Pictures on/off and the deck live beside preset and language; a partial write keeps the rest."""
    assert (await db.get_settings(6)).images is None and (await db.get_settings(6)).deck is None
    await db.set_settings(6, preset="haus", language="en")
    s = await db.set_settings(6, images=False, deck="german")
    assert s == await db.get_settings(6) == ChannelSettings(6, "haus", {}, "en", images=False, deck="german")
    s = await db.set_settings(6, language="de")  # keeps the pictures setting
    assert (s.images, s.deck) == (False, "german")
    s = await db.set_settings(6, images=True, deck=None)
    assert (s.images, s.deck) == (True, None)
    with pytest.raises(StorageError, match="deck"):
        await db.set_settings(6, deck="tarot")
    assert (await db.get_settings(6)).deck is None

    assert await db.get_user_deck(9) is None
    await db.set_user_language(9, "en")
    await db.set_user_deck(9, "german")
    assert (await db.get_user_deck(9), await db.get_user_language(9)) == ("german", "en")
    await db.set_user_language(9, None)  # the language goes, the deck stays
    assert await db.get_user_deck(9) == "german"
    with pytest.raises(StorageError, match="deck"):
        await db.set_user_deck(9, "tarot")
    assert await db.get_user_deck(9) == "german"
