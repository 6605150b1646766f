"""Issue 11 on SQLite: table settings, waiting list, turn clock, game players
after a hand-over, the channel's last table (migration 002)."""

from __future__ import annotations

import pytest

from dokobot.engine.actions import Play, Reserve
from dokobot.storage.sql_store import SqlStore
from dokobot.table.store import (
    ChannelPrefs,
    SeatInfo,
    StoreError,
    TableSettings,
    TurnClock,
    TurnState,
)
from dokobot.table.table import Tables
from tests.rigged import RiggedDeals

NORD, OST, SUED, WEST, FUENF = (SeatInfo(11, "Nord"), SeatInfo(12, "Ost"), SeatInfo(13, "Sued"),
                                 SeatInfo(14, "West"), SeatInfo(15, "Fünf"))


@pytest.fixture
async def store(tmp_path):
    s = await SqlStore.open(tmp_path / "doko.db")
    yield s
    await s.close()


async def test_settings_waiting_turn_round_trip(store):
    prefs = ChannelPrefs("haus", {"armut": True}, "en", TableSettings(120, "wait", False))
    await store.set_channel_prefs(7, prefs)
    assert await store.channel_prefs(7) == prefs
    assert (await store.channel_prefs(8)).settings == TableSettings()
    table_id = await store.open_table(7, 1, 11, [NORD, OST, SUED, WEST, FUENF])
    await store.set_waiting(table_id, [SeatInfo(16, "Sechs")])
    turn = TurnState(TurnClock(3, 2, 17, 1_700_000_123.5, reminded=True), (12,))
    await store.set_turn(table_id, turn)
    [info] = await store.open_tables()
    assert info.waiting == [SeatInfo(16, "Sechs")] and info.turn == turn and len(info.seats) == 5
    await store.close_table(table_id)
    with pytest.raises(StoreError):
        await store.set_waiting(table_id, [])
    with pytest.raises(StoreError):
        await store.set_turn(table_id, TurnState())
    last = await store.last_table(7)
    assert last is not None and last.table_id == table_id
    assert await store.last_table(99) is None


async def test_game_players_after_a_hand_over(store):
    table_id = await store.open_table(7, 1, 11, [NORD, OST, SUED, WEST])
    game_id = await store.create_game(table_id, 1, {"preset": "ddv"}, [NORD, OST, SUED, WEST], 3, [[]] * 4)
    await store.set_game_players(game_id, [NORD, FUENF, SUED, WEST])
    [running] = await store.running_games()
    assert running.players[1] == FUENF
    with pytest.raises(StoreError):
        await store.set_game_players(game_id, [NORD, FUENF])  # not the game's seat count
    await store.abort_game(game_id)
    with pytest.raises(StoreError):
        await store.set_game_players(game_id, [NORD, OST, SUED, WEST])  # not running


async def test_a_five_seat_table_restores_with_its_list_clock_and_away(store):
    tables = Tables(store, rng=RiggedDeals(5), computer_delay=0, clock=lambda: 1_000.0)
    table = await tables.open(7, 1, 11, "Nord")
    for s in (OST, SUED, WEST, FUENF):
        await table.join(s.user_id, s.name)
    table.settings = TableSettings(turn_timeout=60)
    await table.start(11, False)
    await table.join(16, "Sechs")
    await table.set_computer(11, False, 4 if table.game.to_act != 4 else 0, True)
    clock, away = table.turn, set(table.away)
    tables.stop()
    [again] = await Tables(store, rng=RiggedDeals(5), computer_delay=0, clock=lambda: 1_000.0).restore()
    assert again.turn == clock and again.away == away and [w.user_id for w in again.waiting] == [16]
    assert again.game.n == 5 and not again.game.record()["hands"][again.game.dealer]
    again.stop_computers()
    again.stop_turn()


async def test_five_at_the_table_count_games_played_per_person(store):
    """Five games at five: everyone played four, the dealer's game counts neither
    for the leaderboard nor the statistics, and the sheet agrees."""
    from dokobot.table.sheet import build_sheet

    tables = Tables(store, rng=RiggedDeals(9), computer_delay=0)
    table = await tables.open(7, 1, 11, "Nord")
    for s in (OST, SUED, WEST, FUENF):
        await table.join(s.user_id, s.name)
    table.settings = table.settings.__class__(turn_timeout=0)
    await table.start(11, False)
    games = 0
    while games < 5:
        while table.state == "playing":
            game = table.game
            seat = game.to_act
            action = Reserve("gesund") if game.phase == "reserve" else Play(game.legal_plays(seat)[0])
            await table.act(table.seats[seat].user_id, table.game_no, action)
        if table.last.result.is_redeal:
            continue
        games += 1
        if games < 5:
            await table.next_game(11, table.game_no)
    board = await store.db.leaderboard(7)
    assert {r.user_id: r.games for r in board.rows} == {s.user_id: 4 for s in (NORD, OST, SUED, WEST, FUENF)}
    for s in (NORD, OST, SUED, WEST, FUENF):
        assert (await store.db.statistics(7, s.user_id)).games == 4
    sheet = build_sheet(await store.finished_games(table.table_id))
    assert sheet.played == {s.user_id: 4 for s in (NORD, OST, SUED, WEST, FUENF)}
    assert sheet.totals == table.totals
