"""The event state as JSON: every state the transitions can reach reads back equal, and a
damaged stored value is refused with a one-line reason (never a half-read state)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dokobot.table.event import codec, flow
from dokobot.table.event.errors import EventError
from dokobot.table.event.settings import EventSettings
from dokobot.table.event.state import EventState

HOST = 1
T0 = 1_700_000_000.0

SETTINGS = st.builds(
    EventSettings.make, rounds=st.integers(1, 4), games=st.integers(1, 30), pflichtsolo=st.booleans(),
    time_limit=st.sampled_from([0, 1, 90]), preset=st.sampled_from(["ddv", "haus", "klassisch"]),
    switches=st.sampled_from([None, {"armut": True}, {"solos": ["karo", "damen"]}]),
    computers=st.booleans(), kiebitz=st.sampled_from(["off", "consent", "open"]),
)
# one step each: (what, a number the step uses); the event is mostly played, rarely ended
KINDS = ["sign_up", "withdraw", "begin", "done", "done", "done", "time_up", "pause", "resume", "game", "start"]
STEPS = st.tuples(
    st.integers(0, 14),  # sign-ups before the start
    st.lists(st.tuples(st.sampled_from(KINDS), st.integers(1, 40)), max_size=40),
    st.booleans(),  # the host ends it at the end
)


def run(settings_: EventSettings, plan: tuple[int, list[tuple[str, int]], bool]) -> list[EventState]:
    """Every state the steps reach through ``flow`` (refused steps change nothing)."""
    first, middle, ending = plan
    steps = [("sign_up", n) for n in range(first)] + [("start", 0)] + middle + ([("end", 0)] if ending else [])
    state = flow.open_event(7, HOST, settings_, seed=3)
    seen, now = [state], T0
    for what, n in steps:
        now += 37.5
        try:
            state = _step(state, what, n, now)
        except EventError:
            continue
        seen.append(state)
    return seen


def _step(state: EventState, what: str, n: int, now: float) -> EventState:
    run_ = state.current
    table = run_.tables[n % len(run_.tables)].no if run_ is not None else 1
    round_no = run_.no if run_ is not None else 1
    steps = {
        "sign_up": lambda: flow.sign_up(state, 100 + n, f"Spieler {n} 🂡"),
        "withdraw": lambda: flow.withdraw(state, 100 + n),
        "start": lambda: flow.start(state, HOST, now),
        "begin": lambda: flow.begin_round(state, HOST, now),
        "done": lambda: flow.table_done(state, round_no, table),
        "time_up": lambda: flow.time_up(state, now + 10_000),
        "pause": lambda: flow.pause(state, HOST, now),
        "resume": lambda: flow.resume(state, HOST, now),
        "end": lambda: flow.end(state, HOST),
        "game": lambda: flow.game_finished(state, round_no, table),
    }
    return steps[what]().state


@settings(max_examples=80, deadline=None)
@given(SETTINGS, STEPS)
def test_every_reachable_state_reads_back_equal(settings_, steps):
    for state in run(settings_, steps):
        text = codec.dumps(state)
        assert codec.loads(text) == state
        assert codec.loads(text.encode("utf-8")) == state


def _rich() -> EventState:
    """A state with every field set: entrants (one left), a round with computers, a struck
    table, a pause, the draw of two rounds."""
    s = EventSettings.make(rounds=3, games=8, time_limit=30, switches={"solos": ["karo"]}, computers=True,
                           kiebitz="open")
    state = flow.open_event(9, HOST, s, seed=11)
    for k in range(2, 8):
        state = flow.sign_up(state, k, f"P{k}").state
    state = flow.start(state, HOST, T0).state
    for t in state.current.tables:
        state = flow.table_done(state, 1, t.no).state
    state = flow.begin_round(state, HOST, T0 + 4000).state
    state = flow.time_up(state, T0 + 4000 + 1800).state
    state = flow.withdraw(state, 3).state
    state = flow.pause(state, HOST, T0 + 6000).state
    return state


def test_a_rich_state_keeps_every_field():
    state = _rich()
    assert state.current is not None and state.current.time_up and state.paused_at is not None
    assert state.computers > 0 and any(e.left for e in state.entrants) and len(state.drawn) == 2
    assert any(s.computer for t in state.current.tables for s in t.seats)
    back = codec.loads(codec.dumps(state))
    assert back == state
    assert back.settings.switches == (("solos", ["karo"]),) and back.settings.kiebitz == "open"


@pytest.mark.parametrize("damage", [
    lambda d: "not json {",
    lambda d: json.dumps([1, 2]),
    lambda d: json.dumps({**d, "format": 99}),
    lambda d: json.dumps({**d, "phase": "dancing"}),
    lambda d: json.dumps({**d, "host": "1"}),
    lambda d: json.dumps({**d, "host": True}),
    lambda d: json.dumps({**d, "entrants": [[1, "A", 1]]}),
    lambda d: json.dumps({**d, "settings": {**d["settings"], "kiebitz": "maybe"}}),
    lambda d: json.dumps({**d, "settings": {**d["settings"], "switches": [["armut"]]}}),
    lambda d: json.dumps({**d, "drawn": [[[1, "x"]]]}),
    lambda d: json.dumps({**d, "current": {**d["current"], "tables": [{"no": 1}]}}),
    lambda d: json.dumps({**d, "paused_at": "soon"}),
    lambda d: json.dumps({k: v for k, v in d.items() if k != "seed"}),
])
def test_a_damaged_value_is_refused_with_a_reason(damage):
    text = damage(codec.to_json(_rich()))
    with pytest.raises(codec.CodecError) as err:
        codec.loads(text)
    assert "\n" not in str(err.value) and str(err.value)
    assert isinstance(err.value, ValueError)  # the stores turn a ValueError into StoreError
