"""Tables of an event (``Tables.open_event_table``): opened with the event's seats and rules
and dealt at once, closed to joins and rule changes, held while the event is paused,
struck by the time limit (the game in play, then the owed Pflichtsoli vorgeführt, then the
list ends), a seat handed over without the host; everything as a restart finds it."""

from __future__ import annotations

import pytest

from dokobot.storage.memory import MemoryStore
from dokobot.table.event.settings import EventSettings
from dokobot.table.store import SeatInfo, StoreError
from dokobot.table.table import Table, TableError, Tables, computer_id, computer_name
from dokobot.text import i18n
from tests.rigged import RiggedDeals
from tests.table.helpers import finish, move

HOST = 1  # the event's host, not seated
PEOPLE = [SeatInfo(11, "Nord"), SeatInfo(12, "Ost"), SeatInfo(13, "Sued"), SeatInfo(14, "West")]
THREAD = 600


def tables_on(store: MemoryStore, rng: RiggedDeals) -> Tables:
    return Tables(store, rng=rng, computer_delay=0)


async def opened(store: MemoryStore, rng: RiggedDeals, games: int = 8, pflichtsolo: bool = True,
                 seats: list[SeatInfo] | None = None) -> tuple[Tables, Table]:
    tables = tables_on(store, rng)
    rules = EventSettings.make(games=games, pflichtsolo=pflichtsolo).rules_config(4)
    table = await tables.open_event_table(THREAD, 7, HOST, seats or PEOPLE, rules)
    return tables, table


async def restarted(store: MemoryStore, rng: RiggedDeals) -> Table:
    tables = tables_on(store, rng)
    restored = await tables.restore()
    assert [t.channel_id for t in restored] == [THREAD]
    return restored[0]


def refused(code: str) -> pytest.RaisesContext:
    return pytest.raises(TableError, match=f"^{code}$")


# ---- opening --------------------------------------------------------------------------------


async def test_an_event_table_opens_with_the_seats_and_rules_given_and_deals_game_one():
    store = MemoryStore()
    name = computer_name(1, "schwer")
    seats = [*PEOPLE[:3], SeatInfo(computer_id(name), name, True)]
    _, table = await opened(store, RiggedDeals(1), games=12, seats=seats)
    assert table.state == "playing" and table.game_no == 1 and table.host_id == HOST
    assert [s.user_id for s in table.seats] == [11, 12, 13, computer_id(name)]
    assert table.seats[3].level == "schwer"  # kept apart from the name, as every computer seat
    assert (table.list_settings.games, table.list_settings.pflichtsolo) == (12, True)
    prefs = await store.channel_prefs(THREAD)  # the thread's rules: a restore reads them
    assert prefs.preset == "ddv" and prefs.overrides["list_games"] == 12
    stored = (await store.open_tables())[0]
    assert stored.event is not None and stored.seats == table.seats
    assert len(await store.running_games()) == 1


async def test_seats_an_event_table_cannot_play_with_open_nothing():
    store = MemoryStore()
    tables = tables_on(store, RiggedDeals(1))
    rules = EventSettings.make().rules_config(4)
    bots = [SeatInfo(-i, computer_name(i, "mittel"), True) for i in range(1, 5)]
    for seats, code in ((PEOPLE[:3], "need_four"), ([*PEOPLE[:3], PEOPLE[0]], "need_four"), (bots, "need_human")):
        with refused(code):
            await tables.open_event_table(THREAD, 7, HOST, seats, rules)
    assert store.tables == {} and store.prefs == {} and tables.get(THREAD) is None
    await tables.open_event_table(THREAD, 7, HOST, PEOPLE, rules)
    with refused("table_exists"):
        await tables.open_event_table(THREAD, 7, HOST, PEOPLE, rules)
    assert len(store.tables) == 1


async def test_an_event_table_refuses_joins_seats_and_rules_and_says_why():
    store = MemoryStore()
    _, table = await opened(store, RiggedDeals(1))
    await finish(table)
    before = (list(table.seats), table.rules_config, table.list_settings, table.waiting)
    calls = [
        lambda: table.join(99, "Gast"),
        lambda: table.leave(11),
        lambda: table.kick(HOST, True, 12),
        lambda: table.add_computer(HOST, True),
        lambda: table.remove_computer(HOST, True),
        lambda: table.set_rules(HOST, True, {"preset": "haus"}),
        lambda: table.hand_over(HOST, True, 0, 99, "Gast"),
    ]
    for call in calls:
        with refused("event_table"):
            await call()
    assert (list(table.seats), table.rules_config, table.list_settings, table.waiting) == before
    assert store.tables[table.table_id].seats == before[0] and store.tables[table.table_id].waiting == []
    for code in ("event_table", "held", "list_over", "not_event_table"):
        texts = {i18n.t(lang, "err." + code) for lang in ("de", "en")}
        assert len(texts) == 2 and all(text and "err." not in text for text in texts)


async def test_an_ordinary_table_has_no_strike_or_hold():
    tables = Tables(MemoryStore(), rng=RiggedDeals(1))
    table = await tables.open(700, 7, 11, "Nord")
    for call in (table.strike, lambda: table.hold(True)):
        with refused("not_event_table"):
            await call()


# ---- hold ----------------------------------------------------------------------------------


@pytest.mark.parametrize("restart", [False, True])
async def test_a_held_table_finishes_its_game_then_deals_none_until_it_goes_on(restart):
    store, rng = MemoryStore(), RiggedDeals(2)
    _, table = await opened(store, rng)
    await table.hold(True)
    assert table.state == "playing"  # the game in play goes on
    await finish(table)
    if restart:
        table = await restarted(store, rng)
    assert table.event.held and table.dealing() == "held"
    with refused("held"):
        await table.next_game(11, table.game_no)
    assert table.state == "between" and table.game_no == 1 and len(await store.running_games()) == 0
    await table.hold(False)
    if restart:
        table = await restarted(store, rng)
    out = await table.next_game(11, table.game_no)
    assert out.new_game and table.game_no == 2


# ---- the time limit ------------------------------------------------------------------------


async def _struck_run(restart_at: str | None) -> tuple[list[tuple[int, str | None, bool]], dict[int, str], Table]:
    """A list of 8 games, everyone owing a Pflichtsolo, nobody declaring one: the time is up
    during game 2. Returns per booked game (number, mark, ended), the table's list marks, the table."""
    store, rng = MemoryStore(), RiggedDeals(5)
    _, table = await opened(store, rng)
    seen = []
    for _ in range(3):  # half of game 2, then the limit
        await move(table)
    out = await finish(table)
    seen.append(out)
    await table.next_game(11, table.game_no)
    for _ in range(5):
        await move(table)
    assert await table.strike() is False  # the game in play is played to its end
    assert table.list_cut is None
    if restart_at == "struck":
        table = await restarted(store, rng)
    seen.append(await finish(table))
    if restart_at == "limit":
        table = await restarted(store, rng)
    while not table.list_over:
        await table.next_game(11, table.game_no)
        if restart_at == "vorgefuehrt" and table.game_no == 4:
            for _ in range(6):
                await move(table)
            table = await restarted(store, rng)
        seen.append(await finish(table))
    with refused("list_over"):
        await table.next_game(11, table.game_no)
    assert await table.strike() is True
    booked = [(o.finished.number, o.finished.list_step.mark, o.finished.list_step.ended is not None) for o in seen]
    return booked, await table.list_marks(), table


@pytest.mark.parametrize("restart_at", [None, "struck", "limit", "vorgefuehrt"])
async def test_a_struck_table_plays_its_game_then_the_owed_pflichtsoli_then_its_list_ends(restart_at):
    booked, marks, table = await _struck_run(restart_at)
    # games 1 and 2 as dealt; then each of the four owes a Pflichtsolo: vorgeführt, one by one
    assert booked == [(1, None, False), (2, None, False), (3, "vorgefuehrt", False), (4, "vorgefuehrt", False),
                      (5, "vorgefuehrt", False), (6, "vorgefuehrt", True)]
    assert marks == {3: "vorgefuehrt", 4: "vorgefuehrt", 5: "vorgefuehrt", 6: "vorgefuehrt"}
    assert table.list_cut.games == 2 and table.struck_after == 2
    if restart_at is not None:
        assert (booked, marks) == (await _struck_run(None))[:2]


async def test_struck_between_games_with_nothing_owed_the_list_is_over_at_once():
    store, rng = MemoryStore(), RiggedDeals(3)
    _, table = await opened(store, rng, pflichtsolo=False)
    await finish(table)
    assert await table.strike() is True and table.list_over
    with refused("list_over"):
        await table.next_game(11, 1)
    table = await restarted(store, rng)
    assert table.list_over and table.struck_after == 1
    with refused("list_over"):
        await table.next_game(11, 1)


async def test_the_game_at_the_limit_ends_the_list_when_nobody_owes():
    store, rng = MemoryStore(), RiggedDeals(4)
    _, table = await opened(store, rng, pflichtsolo=False)
    await move(table)
    assert await table.strike() is False
    out = await finish(table)
    assert out.finished.list_step.ended is not None and table.list_over and not out.new_game
    assert (await restarted(store, rng)).list_over


# ---- a seat handed over ----------------------------------------------------------------------


async def test_a_seat_handed_to_a_computer_plays_on_and_the_old_player_keeps_the_booked_points():
    store, rng = MemoryStore(), RiggedDeals(6)
    _, table = await opened(store, rng)
    first = await finish(table)
    await table.next_game(11, 1)
    for _ in range(6):
        await move(table)
    name = computer_name(1, "mittel")
    out = await table.hand_over_seat(12, SeatInfo(computer_id(name), name, True))
    assert out.gone == [12] and table.seat_of(12) is None and table.seats[1].is_bot
    while table.state == "playing" and table.game_no == 2:
        if table.computer_to_act() is not None:
            await table.computers_idle()
            continue
        await move(table)
    await table.computers_idle()
    booked = await store.finished_games(table.table_id)
    assert [g.number for g in booked] == [1, 2]
    assert booked[0].scores[12] == first.finished.points[12]  # game 1 stays Ost's
    assert 12 not in booked[1].scores and computer_id(name) in booked[1].scores
    assert table.totals[12] == first.finished.points[12]
    with refused("not_seated"):
        await table.hand_over_seat(12, SeatInfo(99, "Gast"))
    with refused("already_seated_other"):
        await table.hand_over_seat(computer_id(name), SeatInfo(11, "Nord"))
    out = await table.hand_over_seat(computer_id(name), SeatInfo(15, "Fünf"))  # a waiting entrant
    assert out.gone == [] and table.seats[1] == SeatInfo(15, "Fünf") and not table.seats[1].is_bot
    back = await restarted(store, rng)
    assert back.seats == table.seats and back.host_id == HOST


async def test_a_table_whose_first_deal_fails_is_closed_again_and_can_open_anew():
    class NoDeal(MemoryStore):
        fail = True

        async def create_game(self, *args, **kwargs):
            if self.fail:
                self.fail = False
                raise StoreError("disk full")
            return await super().create_game(*args, **kwargs)

    store = NoDeal()
    tables = tables_on(store, RiggedDeals(1))
    rules = EventSettings.make().rules_config(4)
    with pytest.raises(StoreError):
        await tables.open_event_table(THREAD, 7, HOST, PEOPLE, rules)
    assert tables.get(THREAD) is None and await store.open_tables() == []
    table = await tables.open_event_table(THREAD, 7, HOST, PEOPLE, rules)
    assert table.state == "playing" and table.game_no == 1
