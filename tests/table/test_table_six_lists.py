"""A list of 36 games at six (rules.md "Six at the table", "Lists and Pflichtsoli";
I-sixlist-*): every seat owes a großes and a kleines Pflichtsolo, only the owed sizes
may be reserved and only as Pflicht, a große Hochzeit is none, vorführen counts the
soli owed against the games left and asks for a size still owed, the sheet marks both
Pflichtsoli, the list ends with a final ranking, and a restart derives it all again
from the stored records."""

from __future__ import annotations

import pytest

from dokobot.engine import IllegalAction, replay
from dokobot.engine.actions import Bid, Move, Play, Reserve
from dokobot.storage.memory import MemoryStore
from dokobot.table import lists
from dokobot.table.lists import ListGame, ListSettings, ListState
from dokobot.table.table import Table, TableError, Tables
from dokobot.text.i18n import illegal_text
from dokobot.text.render import hand_text, summary_text, table_text
from tests.engine.helpers import SIX_ACES, reservations
from tests.rigged import RiggedDeals

USERS = [(11, "Nord"), (12, "Ost"), (13, "Sued"), (14, "West"), (15, "Fuenf"), (16, "Sechs")]


def solo(kind: str, size: str, pflicht: bool = True) -> Reserve:
    return Reserve("solo", kind, size, pflicht)


async def six_table(store: MemoryStore, rng: RiggedDeals) -> Table:
    tables = Tables(store, "ddv", rng=rng)
    table = await tables.open(100, 1, *USERS[0])
    for user, name in USERS[1:]:
        await table.join(user, name)
    await table.set_rules(11, False, {"preset": "ddv", "list_games": 36, "pflichtsolo": True})
    return table


async def deal_next(table: Table) -> None:
    if table.game_no == 0:
        await table.start(11, False)
    elif table.state == "between":
        await table.next_game(11, table.game_no)


async def play_game(table: Table, say: dict[int, Move] | None = None) -> None:
    """Deal, say the reservations (``say``: seat -> reservation, else gesund), pass at once
    in a bidding, play the first legal card."""
    await deal_next(table)
    say = say or {}
    while table.state == "playing":
        game = table.game
        seat = game.to_act
        if game.phase == "reserve":
            action = say.get(seat, Reserve("gesund"))
        elif game.phase == "bid":
            action = Bid("pass")
        else:
            action = next(m for m in game.legal_actions(seat) if isinstance(m, Play))
        await table.act(table.seats[seat].user_id, None, action)


async def refused(table: Table, seat: int, action: Move) -> str:
    """The reservation is refused; the German reason the player reads."""
    with pytest.raises(TableError) as exc:
        await table.act(table.seats[seat].user_id, None, action)
    err = exc.value.engine
    assert isinstance(err, IllegalAction)
    return illegal_text("de", err.code, err.params, names=table.names, ddv_deadlines=True)


async def to_seat(table: Table, seat: int) -> None:
    """Say gesund up to ``seat``'s turn in the Vorbehalt."""
    while table.game.to_act != seat:
        await table.act(table.seats[table.game.to_act].user_id, None, Reserve("gesund"))


def owes(table: Table) -> dict[str, tuple[str, ...]]:
    return {s.name: table.list_owes(s.user_id) for s in table.seats}


async def test_a_36_game_list_at_six_with_two_pflichtsoli_per_seat():
    store, rng = MemoryStore(), RiggedDeals(36)
    table = await six_table(store, rng)
    assert table.pflicht_on

    # Game 1: Nord chooses its großes Pflichtsolo: on top of the list, the same dealer again.
    await play_game(table, {0: solo("fleischlos", "gross")})
    fin = table.last
    assert fin.record["rules"]["preset"] == "muenchen" and fin.result.contract == "solo:fleischlos"
    assert (fin.list_step.mark, fin.list_step.size, fin.list_step.list_game) == ("pflicht", "gross", 0)
    assert replay(fin.record) == fin.result.replay_json()
    assert owes(table)["Nord"] == ("klein",) and owes(table)["Ost"] == ("gross", "klein")

    # Game 2: same dealer. Nord owes only its kleines: a großes or a Lustsolo is refused.
    await table.next_game(11, table.game_no)
    assert table.game.dealer == fin.dealer and table.game.owed[0] == frozenset({"klein"})
    assert "Nord (klein), Ost (groß, klein)" in table_text(table, "de")[1]
    await to_seat(table, 0)
    assert await refused(table, 0, solo("damen", "gross")) == (
        "Diesen Vorbehalt erlaubt deine Hand oder die Regel nicht. Du schuldest nur noch dein kleines Pflichtsolo: ein großes Solo geht erst danach.")
    assert "Lustsolo geht erst nach deinen Pflichtsoli" in await refused(table, 0, solo("damen", "klein", False))
    sizes = {(a["size"], a["pflicht"]) for a in reservations(table.game, 0) if a["reserve"] == "solo"}
    assert sizes == {("klein", True)}
    await table.act(11, None, solo("damen", "klein"))
    await to_seat(table, 1)
    # Ost owes both: a Lustsolo is refused, either Pflicht size is offered
    assert "Lustsolo" in await refused(table, 1, solo("buben", "gross", False))
    sizes = {(a["size"], a["pflicht"]) for a in reservations(table.game, 1) if a["reserve"] == "solo"}
    assert sizes == {("gross", True), ("klein", True)}
    await play_game(table)
    fin = table.last
    assert fin.result.size == "klein" and (fin.list_step.mark, fin.list_step.size) == ("pflicht", "klein")
    assert table.list_state.done == frozenset({11}) and owes(table)["Nord"] == ()

    # Game 3: Nord owes nothing: a Pflicht reservation is refused, a Lustsolo is a list game.
    await table.next_game(11, table.game_no)
    assert table.game.dealer == fin.dealer
    await to_seat(table, 0)
    assert "kein Pflichtsolo" in await refused(table, 0, solo("karo", "gross"))
    await table.act(11, None, solo("karo", "gross", False))
    await play_game(table)
    fin = table.last
    assert fin.list_step.mark is None and fin.list_step.list_game == 1 and table.list_state.counted == 1

    # A große Hochzeit (Ost holds all three CQ) is never a Pflichtsolo (reading 29).
    rng.rig([SIX_ACES])
    await play_game(table, {1: Reserve("hochzeit")})
    fin = table.last
    assert fin.result.contract == "hochzeit:gross" and fin.list_step.mark is None
    assert owes(table)["Ost"] == ("gross", "klein") and table.list_state.counted == 2

    # Two equal reservations (kleines Pflicht): they bid, the survivor's solo is the Pflichtsolo,
    # even when the seat that passed becomes its partner.
    await deal_next(table)
    first, later = [s for s in table.game.seats if "klein" in table.game.owed.get(s, ())][:2]
    await play_game(table, {first: solo("buben", "klein"), later: solo("damen", "klein")})
    fin = table.last
    bids = [a for a in fin.record["actions"] if "bid" in a]
    assert bids == [{"seat": later, "bid": "pass"}] and first in fin.result.re
    assert (fin.list_step.mark, fin.list_step.size) == ("pflicht", "klein")
    assert fin.list_step.pflicht >= {first, later}
    assert owes(table)[table.seats[first].name] == ("gross",)
    assert owes(table)[table.seats[later].name] == ("gross", "klein")
    kleine = [fin]

    # Plain games up to vorführen: 9 soli still owed (Nord none, the first seat one, 4 x 2).
    owed = sum(len(k) for k in owes(table).values())
    assert owed == 9
    while 36 - table.list_state.counted > owed:
        await play_game(table)
        assert table.last.list_step.mark is None
    # A restart in the middle: the list is derived again from the stored records alone.
    before = table.list_state
    again = (await Tables(store, "ddv", rng=rng).restore())[0]
    assert again.list_state == before and again.list_state.played == before.played
    table = again

    # From now on every game is vorgeführt: the seat plays a size it still owes.
    vorg_sizes, dealer, only_gross = [], table.last.dealer, 0
    while table.last.list_step.ended is None:
        await deal_next(table)
        game = table.game
        assert game.dealer == (dealer + 1) % 6  # a vorgeführtes Solo is a list game: the deal moves on
        dealer = game.dealer
        vorg = game.vorgefuehrt
        left_of_dealer = [(dealer + 1 + i) % 6 for i in range(6)]
        assert vorg == next(s for s in left_of_dealer if table.list_owes(table.seats[s].user_id))
        assert vorg in game.owed
        user = table.seats[vorg].user_id
        owed_now = table.list_owes(user)
        assert [s.name for s in table.list_owing()][0] in table_text(table, "de")[1]
        await to_seat(table, vorg)
        shown = {"gross": "groß", "klein": "klein"}
        assert f"Dein Pflichtsolo offen: {', '.join(shown[k] for k in owed_now)}." in hand_text(table, vorg, "de")
        assert "vorgeführt" in await refused(table, vorg, Reserve("gesund"))
        if owed_now == ("gross",):
            assert "großes Pflichtsolo" in await refused(table, vorg, solo("pik", "klein"))
            only_gross += 1
        size = owed_now[-1]  # a seat owing both plays its kleines first, the großes later
        await table.act(user, None, solo("kreuz", size))
        await play_game(table)
        fin = table.last
        assert (fin.list_step.mark, fin.list_step.size, fin.list_step.vorgefuehrt) == ("vorgefuehrt", size, vorg)
        assert size not in table.list_owes(user) or fin.list_step.ended is not None  # (then a new list)
        vorg_sizes.append(size)
        if size == "klein":
            kleine.append(fin)
    assert sorted(vorg_sizes) == ["gross"] * 5 + ["klein"] * 4 and only_gross == 5
    assert any(len(f.result.re) == 2 for f in kleine)  # a kleines Pflichtsolo found its partner

    fin = table.last
    assert fin.list_step.list_game == 36
    ranking = fin.list_step.ended
    booked = [g for g in store.games.values() if g.result is not None and g.table_id == table.table_id]
    expected = {u: sum(g.scores[u] for g in booked) for u, _ in USERS}
    assert dict(ranking) == expected and [p for _, p in ranking] == sorted(expected.values(), reverse=True)
    assert "Die Liste (36 Spiele) ist zu Ende. Endstand:" in summary_text(fin, "de")[1]
    assert table.list_state == lists.ListState(fin.number + 1)

    # The sheet marks both Pflichtsoli of every seat, from the stored records.
    marks = await table.list_marks()
    kinds = sorted(m.split(".")[1] for m in marks.values())
    assert kinds == ["gross"] * 6 + ["klein"] * 6
    assert sum(m.startswith("vorgefuehrt.") for m in marks.values()) == 9
    from dokobot.table.sheet import build_sheet
    from dokobot.text.sheet import sheet_text

    body = sheet_text(build_sheet(booked), "de", marks)[1]  # the last rows: the vorgeführte soli
    assert "(vorgeführt, kleines Pflichtsolo)" in body and "(vorgeführt, großes Pflichtsolo)" in body
    first = sheet_text(build_sheet(sorted(booked, key=lambda g: g.number)[:3]), "de", marks)[1]
    assert "**1.** Fleischloser (großes Pflichtsolo)" in first and "**2.** Damen-Solo (kleines Pflichtsolo)" in first
    assert "**3.** Karo-Solo:" in first  # Nord's Lustsolo: no mark


def test_the_soloist_of_a_kleines_solo_comes_from_the_reservations_and_bids():
    """The list reads who played a kleines Solo from the record alone: with a partner
    Re has two seats, and the partner may have reserved the same solo and passed."""
    from dokobot.engine import GameResult

    players = (1, 2, 3, 4, 5, 6)
    res = GameResult("solo:damen", (4, 2), (0, 1, 3, 5), (200, 160), (7, 5), "re", 1, (0,) * 6, size="klein")
    actions = [{"seat": 4, "reserve": "solo", "solo": "damen", "size": "klein", "pflicht": True},
               {"seat": 5, "reserve": "gesund"},
               {"seat": 0, "reserve": "solo", "solo": "damen", "size": "gross", "pflicht": False},
               {"seat": 1, "reserve": "gesund"},
               {"seat": 2, "reserve": "solo", "solo": "buben", "size": "klein", "pflicht": True},
               {"seat": 3, "reserve": "gesund"},
               {"seat": 2, "bid": "re"}, {"seat": 4, "bid": "pass"}]
    settings = ListSettings(36, True)
    step = lists.step(settings, ListState(), ListGame(1, players, 3, res, {}, actions))
    assert (step.mark, step.size) == ("pflicht", "klein")
    assert step.after.played == frozenset({(3, "klein")})  # seat 2's player, not seat 4's
    # without the actions a kleines Solo with a partner names no soloist: nothing is marked
    step = lists.step(settings, ListState(), ListGame(1, players, 3, res, {}))
    assert step.mark is None and step.after.played == frozenset()


async def test_vorgefuehrte_computers_at_six_play_both_sizes(caplog):
    """A short list at six: everybody is vorgeführt twice; computer seats pick a size they
    still owe themselves (no refused move), and the list ends after 12 Pflichtsoli."""
    from dokobot.players import Skill

    tables = Tables(MemoryStore(), computer_skill=Skill(scale=0.05), computer_delay=0, rng=RiggedDeals(6))
    table = await tables.open(100, 1, *USERS[0])
    for _ in range(3):  # computers fill up to four seats; two more people join
        await table.add_computer(11, False)
    for user, name in USERS[1:3]:
        await table.join(user, name)
    assert len(table.seats) == 6
    await table.set_rules(11, False, {"preset": "ddv", "list_games": 4, "pflichtsolo": True})
    await table.start(11, False)
    steps = []
    while True:
        await table.computers_idle()
        if table.state == "between":
            steps.append(table.last.list_step)
            if table.last.list_step.ended is not None:
                break
            await table.next_game(11, table.game_no)
            continue
        game = table.game
        seat = game.to_act
        user = table.seats[seat].user_id
        assert not table.seats[seat].is_bot, "a computer seat is to act but idle"
        if game.phase == "reserve":
            mine = [m for m in game.legal_actions(seat) if isinstance(m, Reserve) and m.kind == "solo"]
            action = mine[0] if game.vorgefuehrt == seat else Reserve("gesund")
        elif game.phase == "bid":
            action = Bid("pass")
        else:
            action = Play(game.legal_plays(seat)[0])
        await table.act(user, None, action)
    assert [s.mark for s in steps] == ["vorgefuehrt"] * 12
    assert sorted((s.vorgefuehrt, s.size) for s in steps) == [(v, k) for v in range(6) for k in ("gross", "klein")]
    assert not [r for r in caplog.records if "engine refused" in r.getMessage()]
    table.stop_computers()
