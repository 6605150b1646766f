"""The analyses' queue on its own (no Discord): turns by channel, summaries first,
one waiting request per person, a bound, and the number of jobs ahead."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dokobot.bot.learn_queue import FairQueue


def drain(q: FairQueue) -> list[int]:
    """Run every job to its end, one after the other: the order they ran in."""
    out = []
    while (job := q.next()) is not None:
        out.append(job.key)
        q.done(job.key)
    return out


def test_channels_take_turns():
    q = FairQueue(bound=100)
    for person, key in enumerate(range(10, 16)):  # channel 1 asks six times, by six people
        assert q.ask(key, channel=1, person=person).verdict == "new"
    q.ask(20, channel=2, person=50)
    q.ask(21, channel=2, person=51)
    q.ask(30, channel=3, person=60)
    assert drain(q) == [10, 20, 30, 11, 21, 12, 13, 14, 15]


def test_a_summary_waits_only_for_the_running_job():
    q = FairQueue(bound=100)
    for person in range(8):
        q.ask(100 + person, channel=1, person=person)
    first = q.next()
    assert first is not None and first.key == 100
    ticket = q.ask(7, channel=2, summary=True)
    assert ticket.verdict == "new" and ticket.ahead == 1  # the running one
    q.done(100)
    job = q.next()
    assert job is not None and job.key == 7 and job.summary


def test_summaries_of_several_channels_take_turns_before_requests():
    q = FairQueue(bound=100)
    q.ask(1, channel=1, person=9)
    q.ask(2, channel=1, summary=True)
    q.ask(3, channel=2, summary=True)
    assert q.ahead(1) == 2 and q.ahead(3) == 1
    assert drain(q) == [2, 3, 1]


def test_one_waiting_request_per_person():
    q = FairQueue(bound=100)
    assert q.ask(1, channel=1, person=5).verdict == "new"
    refused = q.ask(2, channel=1, person=5)
    assert refused.verdict == "yours" and refused.key == 1 and not refused.admitted
    again = q.ask(1, channel=1, person=5)  # the same game once more: waits along, no second job
    assert again.verdict == "joined" and again.admitted
    assert q.waiting == 1 and q.waits_for(5) == 1
    job = q.next()
    assert job is not None and q.ask(2, channel=1, person=5).verdict == "yours"  # running counts as waiting
    q.done(job.key)
    assert q.waits_for(5) is None
    assert q.ask(2, channel=1, person=5).verdict == "new"


def test_a_hundred_requests_of_one_person_make_one_job():
    q = FairQueue(bound=3)
    verdicts = [q.ask(1000 + n, channel=1, person=5).verdict for n in range(100)]
    assert verdicts == ["new"] + ["yours"] * 99
    assert q.waiting == 1


def test_joining_a_waiting_game_costs_nothing_and_is_never_refused():
    q = FairQueue(bound=1)
    q.ask(1, channel=1, person=1)
    q.next()  # 1 runs: the bound counts waiting requests only
    assert q.ask(2, channel=1, person=2).verdict == "new"
    assert q.ask(3, channel=1, person=3).verdict == "full"
    joined = q.ask(2, channel=1, person=3)
    assert joined.verdict == "joined" and joined.ahead == 1
    job = q.next()  # 1 still runs: one worker
    assert job is None
    ended = q.done(1)
    assert ended is not None and ended.people == {1}
    job = q.next()
    assert job is not None and job.key == 2 and job.people == {2, 3}


def test_the_bound_refuses_people_but_never_the_bots_own_work():
    q = FairQueue(bound=2)
    assert [q.ask(k, channel=1, person=k).verdict for k in (1, 2, 3)] == ["new", "new", "full"]
    full = q.ask(4, channel=2, person=4)
    assert full.verdict == "full" and full.ahead == 2 and not full.admitted
    assert q.ask(5, channel=2, summary=True).verdict == "new"  # a table's summary
    assert q.ask(6, channel=3).verdict == "new"  # done again after a restart
    assert q.waits_for(4) is None  # refused: not waiting, may ask again
    q.next()
    assert q.ask(4, channel=2, person=4).verdict == "full"  # a summary ran: the requests still wait
    q.done(5)
    job = q.next()
    assert job is not None and job.key == 1
    q.done(1)
    assert q.ask(4, channel=2, person=4).verdict == "full"  # 2 and 6 wait
    job = q.next()
    assert job is not None and job.key == 6  # channel 3's turn before channel 1's second
    assert q.ask(4, channel=2, person=4).verdict == "new"


def test_a_request_that_becomes_the_summary_moves_up():
    q = FairQueue(bound=100)
    for k in range(1, 5):
        q.ask(k, channel=1, person=k)
    assert q.ahead(4) == 3
    ticket = q.ask(4, channel=1, summary=True)
    assert ticket.verdict == "joined" and ticket.ahead == 0
    assert drain(q) == [4, 1, 2, 3]


def test_a_job_dropped_before_its_turn_leaves_the_queue():
    q = FairQueue(bound=100)
    for k in (1, 2, 3):
        q.ask(k, channel=1, person=k)
    q.ask(4, channel=2, summary=True)
    dropped = q.done(2)
    assert dropped is not None and not dropped.summary and q.waits_for(2) is None
    assert q.done(4) is not None and q.order() == [1, 3]
    assert drain(q) == [1, 3]


def test_ahead_counts_the_running_jobs():
    q = FairQueue(bound=100, workers=2)
    for k in range(1, 5):
        q.ask(k, channel=k % 2, person=k)
    started = [q.next(), q.next(), q.next()]
    assert [j.key if j else None for j in started] == [1, 2, None]
    assert q.ahead(1) == 0 and q.ahead(3) == 2 and q.ahead(4) == 3


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 9), st.booleans()), max_size=60), st.integers(0, 2**32))
def test_ahead_is_the_order_jobs_run_in(asks, seed):
    """For any queue, ``ahead`` tells exactly how many jobs start before one (nothing more
    added), every job runs once, and no request runs before a summary that waited."""
    rng = random.Random(seed)
    q = FairQueue(bound=rng.randrange(1, 20))
    for channel, key, summary in asks:
        q.ask(key, channel, None if summary else rng.randrange(6), summary=summary)
    expected = {key: q.ahead(key) for key in q.order()}
    assert sorted(expected.values()) == list(range(len(expected)))
    ran = drain(q)
    assert sorted(ran) == sorted(expected)
    assert {k: ran.index(k) for k in ran} == expected
    summaries = {key for _, key, s in asks if s}
    assert [k in summaries for k in ran] == sorted((k in summaries for k in ran), reverse=True)
