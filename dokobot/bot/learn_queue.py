"""Fair turns for the slow analyses of finished games.

One worker does the analyses (seconds of CPU each); everyone who asks waits in
this queue. Its rules, so that nobody can hold back another table:

- a table's own summary curve goes before every request (it waits for the
  job running at most), and summaries of several channels take turns;
- people's requests take turns by channel (round robin), so one busy channel
  gets every n-th turn, not all of them;
- a person has at most one request waiting (asking for the game already
  waited for just waits along);
- at most ``bound`` requests of people wait: the next one is told to try
  again instead of waiting for minutes.

A second request for a game already waiting or running joins that job (it is
computed once). Pure bookkeeping, no I/O: ``dokobot.bot.learn`` runs the jobs.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import Literal

BOUND = 24  # people's requests waiting at most (about a minute of work at 1.5 to 5 s each)

Verdict = Literal["new", "joined", "full", "yours"]


@dataclass
class Job:
    """One game's analysis, waiting or running."""

    key: int  # the game id
    channel: int
    summary: bool  # the table's own summary curve (else: people asked for it)
    people: set[int] = field(default_factory=set)  # who waits for it


@dataclass(frozen=True)
class Ticket:
    """The answer to one request.

    ``new``: queued; ``joined``: that game waits or runs already; ``full``: too
    many requests wait, try again later; ``yours``: the person waits for another
    game (``key`` names it). ``ahead``: jobs served before this one, the
    running ones included (0: it runs now)."""

    verdict: Verdict
    ahead: int = 0
    key: int | None = None

    @property
    def admitted(self) -> bool:
        return self.verdict in ("new", "joined")


class Lanes:
    """Jobs by channel, served one channel after the other (round robin)."""

    def __init__(self) -> None:
        self._by_channel: OrderedDict[int, deque[int]] = OrderedDict()  # in turn order

    def __len__(self) -> int:
        return sum(len(lane) for lane in self._by_channel.values())

    def push(self, channel: int, key: int) -> None:
        self._by_channel.setdefault(channel, deque()).append(key)

    def pop(self) -> int | None:
        """The head of the channel whose turn it is; that channel goes last."""
        for channel, lane in self._by_channel.items():
            key = lane.popleft()
            if lane:
                self._by_channel.move_to_end(channel)
            else:
                del self._by_channel[channel]
            return key
        return None

    def remove(self, channel: int, key: int) -> None:
        lane = self._by_channel.get(channel)
        if lane is not None and key in lane:
            lane.remove(key)
            if not lane:
                del self._by_channel[channel]

    def order(self) -> list[int]:
        """The keys in the order ``pop`` would give them (nothing added meanwhile)."""
        lanes = [list(lane) for lane in self._by_channel.values()]
        out: list[int] = []
        for depth in range(max((len(lane) for lane in lanes), default=0)):
            out += [lane[depth] for lane in lanes if depth < len(lane)]
        return out


class FairQueue:
    """Who is analysed next; see the module doc. ``workers``: jobs running at once."""

    def __init__(self, bound: int = BOUND, workers: int = 1) -> None:
        self.bound = bound
        self.workers = workers
        self._jobs: dict[int, Job] = {}  # waiting and running, by game id
        self._running: set[int] = set()
        self._summaries = Lanes()
        self._requests = Lanes()
        self._people: dict[int, int] = {}  # person -> the game they wait for

    @property
    def waiting(self) -> int:
        return len(self._summaries) + len(self._requests)

    @property
    def running(self) -> int:
        return len(self._running)

    def waits_for(self, person: int) -> int | None:
        """The game a person waits for (None: none)."""
        return self._people.get(person)

    def ask(self, key: int, channel: int, person: int | None = None, *, summary: bool = False) -> Ticket:
        """A request for game ``key``'s analysis. ``person`` None: the bot's own work (a summary
        curve, a job done again after a restart), never refused."""
        mine = self._people.get(person) if person is not None else None
        if mine is not None and mine != key:
            return Ticket("yours", self.ahead(mine), mine)
        job = self._jobs.get(key)
        if job is None and person is not None and len(self._requests) >= self.bound:
            return Ticket("full", self.waiting + self.running)
        verdict: Verdict = "joined"
        if job is None:
            verdict, job = "new", Job(key, channel, summary)
            self._jobs[key] = job
            (self._summaries if summary else self._requests).push(channel, key)
        elif summary and not job.summary and key not in self._running:  # its table shows it now: it goes first
            job.summary = True
            self._requests.remove(job.channel, key)
            self._summaries.push(job.channel, key)
        if person is not None:
            job.people.add(person)
            self._people[person] = key
        return Ticket(verdict, self.ahead(key), key)

    def order(self) -> list[int]:
        """The waiting games in the order they will start if nothing more comes."""
        return self._summaries.order() + self._requests.order()

    def ahead(self, key: int) -> int:
        """Jobs served before ``key`` if nothing more came (running ones included)."""
        order = self.order()
        return self.running + order.index(key) if key in order else 0

    def next(self) -> Job | None:
        """The job to start now (None: every worker busy, or nothing waits)."""
        if self.running >= self.workers:
            return None
        key = self._summaries.pop()
        if key is None:
            key = self._requests.pop()
        if key is None:
            return None
        self._running.add(key)
        return self._jobs[key]

    def done(self, key: int) -> Job | None:
        """The job ended (done, failed, or dropped before its turn): whoever waited for it
        may ask again."""
        job = self._jobs.pop(key, None)
        if job is None:
            return None
        if key in self._running:
            self._running.discard(key)
        else:
            (self._summaries if job.summary else self._requests).remove(job.channel, key)
        for person in job.people:
            if self._people.get(person) == key:
                del self._people[person]
        return job
