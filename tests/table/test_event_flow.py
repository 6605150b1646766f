"""The event's settings and transitions: effects for the bot layer, refusals that change nothing."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dokobot.table.event import effects as fx
from dokobot.table.event import flow
from dokobot.table.event.errors import EventError
from dokobot.table.event.settings import EventSettings
from dokobot.table.event.state import EventState
from dokobot.table.switches import SwitchError
from dokobot.text import i18n

HOST = 1
T0 = 1_000_000.0


def signed(n: int, settings: EventSettings | None = None) -> EventState:
    state = flow.open_event(42, HOST, settings or EventSettings.make(), seed=5)
    for k in range(1, n + 1):
        state = flow.sign_up(state, k, f"P{k}").state
    return state


def refused(key: str, call, *args, **kwargs) -> None:
    with pytest.raises(EventError) as err:
        call(*args, **kwargs)
    assert err.value.key == key


def finish_round(state: EventState) -> flow.Step:
    assert state.current is not None
    step = flow.Step(state, ())
    for t in state.current.tables:
        step = flow.table_done(step.state, state.current.no, t.no)
    return step


# ---- settings --------------------------------------------------------------------------------


def test_settings_default_to_the_ddv_list_and_check_every_value():
    s = EventSettings.make()
    assert (s.rounds, s.games, s.pflichtsolo, s.time_limit, s.kiebitz) == (3, 24, True, 0, "consent")
    assert s.list_for(4).games == 24 and s.list_for(5).games == 30 and s.list_for(4).pflichtsolo
    config = s.rules_config(5)
    assert config["preset"] == "ddv" and config["list_games"] == 30 and config["pflichtsolo"] is True
    assert EventSettings.make(time_limit=90).round_seconds == 5400 and s.round_seconds is None
    for bad in ({"rounds": 0}, {"rounds": 9}, {"games": 0}, {"time_limit": -1}, {"rounds": True},
                {"kiebitz": "maybe"}):
        refused("event.err.value", EventSettings.make, **bad)
    refused("event.err.preset", EventSettings.make, preset="muenchen")
    refused("event.err.switch", EventSettings.make, switches={"list_games": 12})
    refused("err.rule.unknown_preset", EventSettings.make, preset="nonesuch")
    with pytest.raises(SwitchError):
        EventSettings.make(switches={"armut": "vielleicht"})
    assert EventSettings.make(switches={"armut": True}).rules_config(4)["armut"] is True


# ---- sign-up and start -----------------------------------------------------------------------


def test_sign_up_start_and_the_first_round_opens_its_tables():
    state = signed(13)
    refused("event.err.already", flow.sign_up, state, 3, "P3")
    refused("event.err.not_host", flow.start, state, 2, T0)
    step = flow.start(state, HOST, T0)
    begun, *opened, changed = step.effects
    assert begun == fx.RoundBegun(1, None) and changed == fx.StandingsChanged()
    assert [len(o.seats) for o in opened] == [5, 4, 4]  # fives before computers
    assert [o.list.games for o in opened] == [30, 24, 24] and all(o.round == 1 for o in opened)
    assert sorted(s.key for o in opened for s in o.seats) == list(range(1, 14))
    assert step.state.phase == "playing" and step.state.current is not None
    refused("event.err.started", flow.start, step.state, HOST, T0)


def test_numbers_that_need_computers_are_refused_without_them_and_filled_with_them():
    refused("event.err.numbers", flow.start, signed(6), HOST, T0)
    refused("event.err.nobody", flow.start, signed(0), HOST, T0)
    refused("event.err.nobody", flow.start, signed(0, EventSettings.make(computers=True)), HOST, T0)
    step = flow.start(signed(6, EventSettings.make(computers=True)), HOST, T0)
    opened = [e for e in step.effects if isinstance(e, fx.OpenTable)]
    assert [len(o.seats) for o in opened] == [4, 4]
    bots = [s for o in opened for s in o.seats if s.computer]
    assert len(bots) == 2 and len({s.key for s in bots}) == 2 and all(s.key < 0 for s in bots)


def test_a_late_entrant_joins_from_the_next_round():
    state = flow.start(signed(8), HOST, T0).state
    step = flow.sign_up(state, 9, "Late")
    assert fx.EntrantAdded(9, 2) in step.effects
    assert 9 not in step.state.current.seated()
    state = finish_round(step.state).state
    assert state.phase == "between"
    refused("event.err.not_host", flow.begin_round, state, 2, T0)
    opened = [e for e in flow.begin_round(state, HOST, T0).effects if isinstance(e, fx.OpenTable)]
    assert sorted(s.key for o in opened for s in o.seats) == list(range(1, 10))


# ---- leaving mid-round -----------------------------------------------------------------------


def test_a_leaver_hands_the_seat_to_a_waiting_entrant_else_a_computer():
    state = flow.start(signed(8, EventSettings.make(computers=True)), HOST, T0).state
    state = flow.sign_up(state, 9, "Late").state
    table = next(t for t in state.current.tables if any(s.key == 3 for s in t.seats))
    step = flow.withdraw(state, 3)
    hand = step.effects[1]
    assert step.effects[0] == fx.EntrantLeft(3) and isinstance(hand, fx.HandOverSeat)
    assert (hand.round, hand.table, hand.old, hand.new.key, hand.new.computer) == (1, table.no, 3, 9, False)
    keys = [s.key for s in step.state.current.table(table.no).seats]
    assert keys == [9 if k == 3 else k for k in (s.key for s in table.seats)]
    step = flow.withdraw(step.state, 4)
    new = step.effects[1].new
    assert new.computer and new.key < 0  # nobody waits: a computer plays on
    state = finish_round(step.state).state
    opened = [e for e in flow.begin_round(state, HOST, T0).effects if isinstance(e, fx.OpenTable)]
    keys = sorted(s.key for o in opened for s in o.seats if not s.computer)
    assert 3 not in keys and 4 not in keys and 9 in keys
    refused("event.err.not_entrant", flow.withdraw, state, 3)


# ---- time, pause, the end ------------------------------------------------------------------------


def test_the_time_limit_strikes_each_running_table_once_and_stands_still_in_a_pause():
    state = flow.start(signed(12, EventSettings.make(time_limit=60)), HOST, T0).state
    assert state.current.deadline == T0 + 3600
    state = flow.table_done(state, 1, 2).state
    assert flow.time_up(state, T0 + 3599).effects == ()
    paused = flow.pause(state, HOST, T0 + 1800)
    assert paused.effects == (fx.HoldTables(1),)
    assert flow.time_up(paused.state, T0 + 4000).effects == ()  # paused: the time stands still
    refused("event.err.not_paused", flow.resume, state, HOST, T0)
    resumed = flow.resume(paused.state, HOST, T0 + 2400)
    assert resumed.effects == (fx.ResumeTables(1, T0 + 4200),)
    assert flow.time_up(resumed.state, T0 + 4199).effects == ()
    struck = flow.time_up(resumed.state, T0 + 4200)
    assert struck.effects == (fx.StrikeGames(1, 1), fx.StrikeGames(1, 3))
    assert flow.time_up(struck.state, T0 + 5000).effects == ()


def test_rounds_end_and_the_last_ends_the_event():
    state = flow.start(signed(8, EventSettings.make(rounds=2)), HOST, T0).state
    refused("event.err.stale", flow.table_done, state, 2, 1)
    refused("event.err.stale", flow.game_finished, state, 1, 9)
    assert flow.game_finished(state, 1, 1).effects == (fx.StandingsChanged(),)
    step = finish_round(state)
    assert fx.RoundEnded(1) in step.effects and step.state.phase == "between"
    refused("event.err.not_between", flow.begin_round, state, HOST, T0)
    step = finish_round(flow.begin_round(step.state, HOST, T0).state)
    assert step.effects[-2:] == (fx.RoundEnded(2), fx.EventEnded()) and step.state.phase == "ended"
    refused("event.err.ended", flow.sign_up, step.state, 50, "Too late")
    refused("event.err.ended", flow.end, step.state, HOST)


def test_the_host_ends_the_event_and_open_tables_close():
    state = flow.start(signed(12), HOST, T0).state
    state = flow.table_done(state, 1, 1).state
    refused("event.err.not_host", flow.end, state, 2)
    step = flow.end(state, HOST)
    assert step.effects == (fx.CloseTable(1, 2), fx.CloseTable(1, 3), fx.StandingsChanged(), fx.EventEnded())
    assert step.state.phase == "ended"


def test_sign_up_for_the_last_round_is_refused_once_it_runs():
    state = flow.start(signed(4, EventSettings.make(rounds=1)), HOST, T0).state
    refused("event.err.last_round", flow.sign_up, state, 9, "Late")


def test_a_whole_night_of_thirteen_over_three_rounds():
    """Thirteen people, a late one, a leaver, a time limit: every round seats every entrant
    drawn once, and no pair meets more often than the numbers force."""
    state = signed(13, EventSettings.make(time_limit=100))
    step = flow.start(state, HOST, T0)
    seen: list[list[tuple[int, ...]]] = []
    for r in (1, 2, 3):
        run = step.state.current
        assert run is not None and run.no == r
        people = [tuple(s.key for s in t.seats if not s.computer) for t in run.tables]
        assert len(sum(people, ())) == len(set(sum(people, ()))) == len(step.state.eligible(r))
        seen.append(people)
        if r == 1:
            step = flow.sign_up(step.state, 14, "Late")
            step = flow.withdraw(step.state, 5)
        step = flow.time_up(step.state, T0 + r * 10_000)
        assert {e.table for e in step.effects if isinstance(e, fx.StrikeGames)} == {t.no for t in run.tables}
        step = finish_round(step.state)
        if r < 3:
            step = flow.begin_round(step.state, HOST, T0 + r * 10_000 + 60)
    assert step.state.phase == "ended"
    met: dict[frozenset[int], int] = {}
    for people in seen:
        for table in people:
            for pair in combinations(table, 2):
                met[frozenset(pair)] = met.get(frozenset(pair), 0) + 1
    assert max(met.values()) <= 2


OPS = st.lists(st.tuples(st.sampled_from(["sign_up", "withdraw", "start", "begin", "done", "time", "pause",
                                          "resume", "end", "finished"]),
                         st.integers(1, 20), st.integers(1, 6)), max_size=60)


def _apply(state: EventState, op: str, a: int, b: int, now: float) -> flow.Step:
    run = state.current
    calls = {
        "sign_up": lambda: flow.sign_up(state, a, f"P{a}"), "withdraw": lambda: flow.withdraw(state, a),
        "start": lambda: flow.start(state, HOST, now), "begin": lambda: flow.begin_round(state, HOST, now),
        "done": lambda: flow.table_done(state, run.no if run else 1, b),
        "finished": lambda: flow.game_finished(state, run.no if run else 1, b),
        "time": lambda: flow.time_up(state, now), "pause": lambda: flow.pause(state, HOST, now),
        "resume": lambda: flow.resume(state, HOST, now), "end": lambda: flow.end(state, HOST),
    }
    return calls[op]()


@settings(max_examples=80, deadline=None)
@given(ops=OPS, computers=st.booleans(), limit=st.sampled_from([0, 30]))
def test_any_sequence_of_steps_keeps_the_event_sound(ops, computers, limit):
    """Whatever comes in whatever order: a refusal changes nothing, every seat of a running
    round is one person or one computer, people seated are entrants, tables are four or five."""
    state = signed(9, EventSettings.make(rounds=3, computers=computers, time_limit=limit))
    now = T0
    for op, a, b in ops:
        now += 700
        try:
            state = _apply(state, op, a, b, now).state
        except EventError as err:
            assert i18n.has(err.key)
            continue
        run = state.current
        if run is None:
            continue
        keys = [s.key for t in run.tables for s in t.seats]
        assert len(keys) == len(set(keys)) and all(len(t.seats) in (4, 5) for t in run.tables)
        entrants = {e.key for e in state.entrants}
        assert all(s.key in entrants for t in run.tables for s in t.seats if not s.computer)
        assert all(s.key < 0 for t in run.tables for s in t.seats if s.computer)
        assert state.phase in ("playing", "paused") and run.no <= state.settings.rounds
