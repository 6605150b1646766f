"""Lists and Pflichtsoli at the table (rules.md "Lists and Pflichtsoli"): game n of N,
Pflichtsolo led by the soloist with the same dealer again, vorgeführt, the final
ranking, records that replay, and the state derived again after a restart."""

from __future__ import annotations

import pytest

from dokobot.engine import IllegalAction, replay
from dokobot.engine.actions import Play, Reserve
from dokobot.storage.memory import MemoryStore
from dokobot.table import lists
from dokobot.table.table import FIRST_DEALER, Table, TableError, Tables
from dokobot.text.i18n import illegal_text
from dokobot.text.render import summary_text, table_text
from tests.engine.helpers import reservations
from tests.rigged import RiggedDeals
from tests.table.helpers import list_table

USERS = [(11, "Nord"), (12, "Ost"), (13, "Sued"), (14, "West")]




async def play_game(table: Table, solo: dict[int, str] | None = None) -> None:
    """Deal (start or next), say the reservations (``solo``: seat -> kind), play the first legal card."""
    if table.state == "lobby" or table.game_no == 0:
        await table.start(11, False)
    elif table.state == "between":
        await table.next_game(11, table.game_no)
    solo = solo or {}
    while table.state == "playing":
        game = table.game
        seat = game.to_act
        user = table.seats[seat].user_id
        if game.phase == "reserve":
            action = Reserve("solo", solo[seat]) if seat in solo else Reserve("gesund")
        else:
            action = next(m for m in game.legal_actions(seat) if isinstance(m, Play))
        await table.act(user, None, action)


def check_replays(table: Table, store: MemoryStore) -> None:
    """The finished game's record and the stored game both replay to the booked result."""
    fin = table.last
    assert replay(fin.record) == fin.result.replay_json()
    stored = next(g for g in store.games.values() if g.number == fin.number and g.table_id == table.table_id)
    record = {"rules": stored.rules, "dealer": stored.dealer, "hands": stored.hands, "actions": stored.actions}
    assert replay(record) == fin.result.replay_json()


async def test_a_24_game_pflichtsolo_list(tmp_path):
    store, rng = MemoryStore(), RiggedDeals(99)
    tables, table = await list_table(store, rng, list_games=24, pflichtsolo=True)
    assert table.rules_config == {"preset": "ddv"}  # the list is the table's, not the engine's
    assert "Liste: 24 Spiele" in summary_or_rules(table)

    # A chosen Pflichtsolo: led by the soloist, not one of the 24, the same dealer again.
    await play_game(table, {0: "damen"})
    fin = table.last
    assert fin.result.contract == "solo:damen" and fin.list_step.mark == "pflicht"
    assert fin.record["rules"] == {"preset": "ddv", "solo_lead": "soloist"}
    assert next(a for a in fin.record["actions"] if "play" in a)["seat"] == 0
    check_replays(table, store)
    assert "Pflichtsolo von Nord: zählt nicht als Listenspiel, West gibt noch einmal." in summary_text(fin, "de")[1]
    dealer = fin.dealer
    await table.next_game(11, table.game_no)
    assert table.game.dealer == dealer == FIRST_DEALER
    assert "Liste: Spiel 1 von 24" in table_text(table, "de")[1]
    assert "Pflichtsolo offen: Ost, Sued, West" in table_text(table, "de")[1]

    for _ in range(5):
        await play_game(table)
    assert table.list_state.counted == 5
    await play_game(table, {1: "buben"})  # Ost's Pflichtsolo
    assert table.last.list_step.mark == "pflicht" and table.list_state.counted == 5
    check_replays(table, store)
    # Nord's second solo is a Lustsolo: one of the list games, led left of the dealer, the deal moves on
    await play_game(table, {0: "fleischlos"})
    lust = table.last
    assert lust.list_step.mark is None and lust.list_step.list_game == 6
    assert next(a for a in lust.record["actions"] if "play" in a)["seat"] == (lust.dealer + 1) % 4
    assert "solo_lead" not in lust.record["rules"]
    await table.next_game(11, table.game_no)
    assert table.game.dealer == (lust.dealer + 1) % 4

    # A restart in the middle: the list is derived again from the stored games.
    before = table.list_state
    again = (await Tables(store, "ddv", rng=rng).restore())[0]
    assert again.list_state == before and again.list_settings == table.list_settings
    assert again.game.pflicht == table.game.pflicht and again.game.dealer == table.game.dealer
    table = again

    while table.list_state.counted < 22:
        await play_game(table)
    # 2 games left, Sued and West still owe: Sued (first from the dealer's left) is vorgeführt
    await table.next_game(11, table.game_no)
    game = table.game
    assert game.dealer == 1 and game.vorgefuehrt == 2 and game.to_act == 2
    text = table_text(table, "de")[1]
    assert "Liste: Spiel 23 von 24" in text and "Sued ist vorgeführt" in text
    with pytest.raises(TableError) as exc:
        await table.act(13, None, Reserve("gesund"))
    err = exc.value.engine
    assert isinstance(err, IllegalAction) and err.code == "vorgefuehrt"
    assert illegal_text("de", err.code, err.params, names=table.names, ddv_deadlines=True) == (
        "Du bist vorgeführt: in diesem Spiel musst du ein Solo ansagen.")
    assert [a["reserve"] for a in reservations(game, 2)] == ["solo"] * len(game.rules.solos)
    await table.act(13, None, Reserve("solo", "karo"))
    with pytest.raises(TableError) as exc:  # another seat's solo: refused in this game
        await table.act(14, None, Reserve("solo", "herz"))
    assert illegal_text("de", "vorgefuehrt", exc.value.engine.params, names=table.names, ddv_deadlines=True) == (
        "In diesem Spiel spielt Sued das vorgeführte Solo: ein anderes Solo geht nicht.")
    await play_game(table)
    fin = table.last
    assert fin.list_step.mark == "vorgefuehrt" and fin.list_step.list_game == 23
    assert next(a for a in fin.record["actions"] if "play" in a)["seat"] == 2  # a Pflichtsolo: Sued leads
    check_replays(table, store)
    assert "Vorgeführtes Solo von Sued (Pflichtsolo)" in summary_text(fin, "de")[1]

    await table.next_game(11, table.game_no)  # the deal moved on; West is vorgeführt in the last game
    assert table.game.dealer == 2 and table.game.vorgefuehrt == 3
    await play_game(table, {3: "pik"})
    fin = table.last
    assert fin.list_step.mark == "vorgefuehrt" and fin.list_step.list_game == 24
    ranking = fin.list_step.ended
    assert ranking is not None and sum(p for _, p in ranking) == 0
    list_games = [g for g in store.games.values() if g.result is not None]
    assert len(list_games) == 26  # 24 list games and two chosen Pflichtsoli
    expected = {u: sum(g.scores[u] for g in list_games) for u, _ in USERS}
    assert dict(ranking) == expected and [p for _, p in ranking] == sorted(expected.values(), reverse=True)
    body = summary_text(fin, "de")[1]
    assert "Die Liste (24 Spiele) ist zu Ende. Endstand:" in body and "\n1. " in body and "\n4. " in body
    assert summary_text(fin, "en")[1].count("Final ranking") == 1
    # the next game starts a new list
    assert table.list_state == lists.ListState(fin.number + 1)
    await table.next_game(11, table.game_no)
    assert "Liste: Spiel 1 von 24" in table_text(table, "de")[1]


def summary_or_rules(table: Table) -> str:
    from dokobot.text.render import rules_text

    return rules_text(table, "de")[1]


async def test_changing_the_list_starts_a_new_one_and_no_list_changes_nothing():
    store, rng = MemoryStore(), RiggedDeals(5)
    _, table = await list_table(store, rng)
    await play_game(table, {0: "damen"})
    assert table.last.list_step is None and "solo_lead" not in table.last.record["rules"]
    await table.set_rules(11, False, {"preset": "ddv", "list_games": 8, "pflichtsolo": True})
    assert table.list_settings.start_game == 2
    await play_game(table, {1: "damen"})
    assert table.last.list_step.mark == "pflicht" and table.list_state.done == frozenset({12})
    await table.set_rules(11, False, {"preset": "haus"})  # another preset: the list goes on
    assert table.list_state.done == frozenset({12}) and table.list_settings.games == 8
    await table.set_rules(11, False, {"preset": "haus", "list_games": 0})
    assert not table.list_settings.active and table.list_owing() == []


async def test_pflichtsolo_on_sqlite_restores_and_exports(tmp_path):
    """The stored rules of a Pflichtsolo say solo_lead soloist: the record the database
    gives (/doko protokoll, export) replays, and a restart rebuilds the last game."""
    from dokobot.storage.sql_store import SqlStore

    path, rng = tmp_path / "doko.sqlite3", RiggedDeals(7)
    store = await SqlStore.open(path)
    try:
        _, table = await list_table(store, rng, list_games=24, pflichtsolo=True)
        await play_game(table, {2: "kreuz"})
        fin = table.last
        assert fin.list_step.mark == "pflicht"
        stored = await store.last_game(table.table_id)
        game_id = stored.game_id
        record = await store.db.game_record(game_id)
        assert record["rules"]["solo_lead"] == "soloist" and replay(record) == fin.result.replay_json()
        await table.next_game(11, table.game_no)  # game 2 runs over the restart
    finally:
        await store.close()
    store = await SqlStore.open(path)
    try:
        again = (await Tables(store, "ddv", rng=rng).restore())[0]
        assert again.list_settings.games == 24 and again.list_state.done == frozenset({13})
        assert again.state == "playing" and again.game.dealer == fin.dealer  # same dealer after the Pflichtsolo
        assert again.game.pflicht == frozenset({0, 1, 3})
        text = table_text(again, "de")[1]
        assert "Liste: Spiel 1 von 24" in text and "Pflichtsolo offen: Nord, Ost, West" in text
    finally:
        await store.close()


async def test_vorgefuehrte_computers_choose_their_solo(caplog):
    """A short list: everybody is vorgeführt in turn; a computer seat picks a solo itself
    (no refused move), and the list ends when nobody owes a Pflichtsolo any more."""
    from dokobot.players import Skill

    tables = Tables(MemoryStore(), computer_skill=Skill(scale=0.05), computer_delay=0, rng=RiggedDeals(3))
    table = await tables.open(100, 1, *USERS[0])
    for _ in range(3):
        await table.add_computer(11, False)
    await table.set_rules(11, False, {"preset": "ddv", "list_games": 3, "pflichtsolo": True,
                                      "solos": ["damen", "buben", "fleischlos"]})
    await table.start(11, False)
    marks = []
    while True:
        await table.computers_idle()
        if table.state == "between":
            marks.append((table.last.list_step.mark, table.last.result.re))
            if table.last.list_step.ended is not None:
                break
            await table.next_game(11, table.game_no)
            continue
        game = table.game
        assert table.seats[game.to_act].user_id == 11, "a computer seat is to act but idle"
        if game.phase == "reserve":
            action = Reserve("solo", "buben") if game.vorgefuehrt == game.to_act else Reserve("gesund")
        else:
            action = Play(game.legal_plays(game.to_act)[0])
        await table.act(11, None, action)
    # 4 owing > 3 games left: vorgeführt from the first game on, each from the dealer's left
    assert [m for m, _ in marks] == ["vorgefuehrt"] * 4
    assert [re for _, re in marks] == [(0,), (1,), (2,), (3,)]
    assert not [r for r in caplog.records if "engine refused" in r.getMessage()]
    table.stop_computers()


async def test_at_five_all_play_the_dealer_owes_and_plays_a_pflichtsolo():
    """Five all play: the dealer has cards, so its solo is its Pflichtsolo (with the dealer
    sitting out it could not reserve at all)."""
    store, rng = MemoryStore(), RiggedDeals(5)
    tables = Tables(store, "ddv", rng=rng)
    table = await tables.open(100, 1, *USERS[0])
    for user, name in [*USERS[1:], (15, "Gast")]:
        await table.join(user, name)
    await table.set_rules(11, False, {"preset": "ddv", "five": "all_play", "list_games": 30, "pflichtsolo": True})
    await table.start(11, False)
    dealer = table.game.dealer
    assert table.game.rules.all_play and dealer in table.game.pflicht and len(table.game.pflicht) == 5
    while table.state == "playing":
        game = table.game
        seat = game.to_act
        if game.phase == "reserve":
            action = Reserve("solo", "damen") if seat == dealer else Reserve("gesund")
        else:
            action = next(m for m in game.legal_actions(seat) if isinstance(m, Play))
        await table.act(table.seats[seat].user_id, None, action)
    fin = table.last
    assert fin.result.contract == "solo:damen" and fin.list_step.mark == "pflicht"
    assert table.list_state.done == {table.seats[dealer].user_id}
    assert lists.seat_order(dealer, 5, all_play=True)[-1] == dealer
    assert dealer not in lists.seat_order(dealer, 5)
    check_replays(table, store)
    # the list derived again from the booked games (a restart) agrees
    steps = lists.replay_list(table.list_settings_now(), table.table_id,
                              [lists.ListGame(fin.number, tuple(s.user_id for s in table.seats), fin.dealer,
                                              fin.result, fin.points, fin.record["actions"], True)])
    assert steps[-1].mark == "pflicht"
