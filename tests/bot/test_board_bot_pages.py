"""The leaderboard's computer players: beside the people while the page fits one
message, else on pages of their own (issue 20), every page within Discord's limits."""

from __future__ import annotations

import random
import re

import pytest

from dokobot.bot.embeds import fits
from dokobot.storage.sql_store import SqlStore
from tests.bot.helpers import cid, components, disabled
from tests.storage.gen import pool, random_game, store_game


@pytest.fixture
async def store(sqlite_path):
    store = await SqlStore.open(sqlite_path)
    yield store
    await store.close()


async def test_too_many_computer_players_get_pages_of_their_own(doko, store):
    rng = random.Random(5)
    people = pool(rng, humans=12, bots=70)
    for p in people:  # long names with markdown: each row near its longest
        p["name"] = f"{p['name']}_*~|" * 3
    tid = await store.db.open_table(doko.channel.id, doko.guild.id, 1)
    for _ in range(400):
        await store_game(store.db, tid, random_game(rng, people, 30, big=True))
    await store.db.close_table(tid)
    board = await store.db.leaderboard(doko.channel.id, limit=100)
    assert len(board.bots) == 70 and board.total == 12
    res = await doko.players[0].slash(doko.channel, "doko rangliste")
    card = res.response.embeds[0]
    assert fits(card) and "Computerspieler" not in (card.description or "")
    pages = int(re.search(r"Seite 1/(\d+)", card.footer.text).group(1))
    assert pages > 3  # two pages of people, then the computer players'
    seen: list[str] = []
    message = res.response
    for n in range(2, pages + 1):
        prev, nxt = components(message)
        assert not disabled(nxt)
        page = await doko.players[0].click(message, custom_id=cid(nxt))
        message = doko.fetch(message, doko.players[0])
        card = message.embeds[0]
        assert fits(card) and f"Seite {n}/{pages}" in card.footer.text, page
        if n > 2:
            assert card.description.startswith("**Computerspieler")
            seen += [line for line in card.description.split("\n")[1:] if line and not line.startswith("↳")]
    assert disabled(components(message)[1])
    assert len(seen) == 70  # every computer player once
