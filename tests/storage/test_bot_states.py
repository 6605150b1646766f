"""The bot's facts by prefix (``bot_states``) and dropped ones (``drop_bot_state``): the
analyses someone asked for survive a restart this way, in every store."""

from __future__ import annotations

from dokobot.storage.memory import MemoryStore
from dokobot.storage.sql_store import SqlStore


async def check(store) -> None:
    await store.set_bot_state("analyse:12", '{"n": 1}')
    await store.set_bot_state("analyse:3", '{"n": 2}')
    await store.set_bot_state("analysed", "not under the prefix")
    await store.set_bot_state("commands:global", "abc")
    await store.set_bot_state("a_x:1", "an underscore is no wildcard")
    assert await store.bot_states("analyse:") == {"analyse:12": '{"n": 1}', "analyse:3": '{"n": 2}'}
    assert await store.bot_states("a_") == {"a_x:1": "an underscore is no wildcard"}
    await store.drop_bot_state("analyse:12")
    await store.drop_bot_state("analyse:99")  # not there: nothing happens
    assert await store.bot_states("analyse:") == {"analyse:3": '{"n": 2}'}
    assert await store.bot_state("commands:global") == "abc"


async def test_the_sql_stores(db_path):
    store = await SqlStore.open(db_path)
    try:
        await check(store)
    finally:
        await store.close()
    store = await SqlStore.open(db_path)  # kept across a restart
    try:
        assert await store.bot_states("analyse:") == {"analyse:3": '{"n": 2}'}
    finally:
        await store.close()


async def test_the_memory_store():
    await check(MemoryStore())
