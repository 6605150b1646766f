"""Bot load benchmark: N tables of four (five, six) simulated members under SimCord.

    python3 bench/bot_load.py                      # 50 tables, then 200 tables, 2 games each
    python3 bench/bot_load.py --tables 50 --seats 6 --no-memory   # six at every table (Münchener Regeln)
    python3 bench/bot_load.py --tables 200 --games 3 --json
    python3 bench/bot_load.py --tables 50 --sqlite /tmp/load.sqlite3   # on the real SQLite store
    python3 bench/bot_load.py --processes 3 --url postgresql://...     # 3 shard processes on one PostgreSQL

One SimCord environment runs the real ``DokoBot`` (real discord.py, real
cogs, real presenter). Every table has its own channel and four members of
its own; they play complete games through exactly the interactions a person
uses: ``/doko tisch``, *Beitreten*, *Starten*, *Meine Karten* once, then the
buttons of the private hand (Vorbehalt *gesund*, a random enabled card, now
and then an enabled announcement), and *Nächstes Spiel*. All tables are open
and in the middle of their games at the same time; the driver interleaves
their interactions in random order.

``--seats 5`` and ``--seats 6`` seat five or six members per table: at five
the host first switches ``five=all_play`` by ``/doko regeln`` (all five play,
8 tricks of five); at six *Starten* plays the Münchener Regeln (12 tricks of
six, keine 135 among the random announcements). Everyone says *gesund*, so no
game has a bidding or an Armut step: the same kind of game at every size. A
table whose state stops moving fails loudly (``Stalled``) instead of clicking
forever (a six-seat run used to click *Starten* forever: the seeded deal this
benchmark swaps in took no dealer argument, so every deal at five or six failed).

SimCord delivers one interaction at a time and settles the bot before the
next (it refuses overlapping operations), so handler latency is service time
without queueing behind other tables; the table count shows in memory, in
cache and dict sizes, and in the garbage collector.

Handler latency is time inside the bot for one interaction, SimCord excluded:

- ``ack``: our interaction callbacks (``interaction_check`` and ``callback``
  of the dynamic items, the slash command tree call) from start to end;
- ``full``: ``ack`` plus the presenter run it triggers (rendering and editing
  the public table message and the open private hands), i.e. until every
  message shows the change.

Both subtract the time spent inside SimCord's fake REST router (the
simulated Discord and the gateway events it feeds back). discord.py's own
work on our behalf (building payloads, views from messages) counts as ours.
There are no computer players yet, so no thinking time is to exclude.

The turn clock runs as in production, but with the longest turn time
(24 h) so that it never fires: the players answer at once, and a reminder or
a computer taking over a seat mid-run (the clock is real time; a run takes
minutes) is not load but a stall SimCord cannot settle.

Pictures of the table (``dokobot.text.picture``) are on, as in production:
every card click renders the new table state once (an LRU per public view).
``picture`` reports the renderer's own time per call and per card click, and
its cache misses; ``--no-pictures`` turns them off in every channel, for the
difference.

Memory runs in a separate child process with tracemalloc on (it slows the
bot down, so latency is never measured under it): peak traced memory over
the run minus the idle bot (started, guild, channels and members created),
divided by N; a snapshot at the end, with every table still open, splits
what is left into ours (dokobot, cogs, discord.py, aiosqlite) and the
simulator's (SimCord's stored messages). RSS: the latency child's peak RSS
(VmHWM) minus its RSS when idle, divided by N.

Each size runs in a fresh child process, so sizes do not share a heap.

The members click without pause and no virtual time passes, so this load runs
with ``NO_PACE``: every change is rendered and edited at once (the bot's
worst case of work). ``--rest`` measures the REST budget instead: one person
and computers per table at their normal pace in virtual time, with Discord's
pace; it counts every request SimCord's HTTP layer receives by route,
separating interaction responses (exempt from the global limit) from counted
calls, and reports the peak per channel per 5 s, the calls beyond the
channel's bucket (throttled), picture uploads, the tables one token keeps
playing within 50 requests/s, and the wall time from each click to the
request that shows its answer::

    python3 bench/bot_load.py --rest --tables 2 --games 2 --seats 4

``--events 10`` runs ten Doppelkopf nights at once (issue 42): each event in its own
channel, sixteen people sign up with the button, the host starts, and four tables of
four play in threads at the people's pace (``THINK_S`` per decision, virtual time,
Discord's pace), one round of ``--games`` list games. The same people's driver first plays
a lone table of four in a channel, for comparison: counted REST calls per table and game
(in the threads, and with the event channel's share: its message and lines), calls beyond
a channel's bucket (throttled), and the wall time from each click to its answer::

    python3 bench/bot_load.py --events 10 --event-tables 4 --games 2
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import gc
import json
import logging
import os
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord  # noqa: E402
import simcord.http.router as sim_router  # noqa: E402
import simcord.interactions as sim_interactions  # noqa: E402

import dokobot.bot.pacing  # noqa: E402
import dokobot.engine  # noqa: E402
import dokobot.table.table  # noqa: E402
from dokobot.bot.client import DokoBot, make_bot  # noqa: E402
from dokobot.bot.components import DYNAMIC_ITEMS  # noqa: E402
from dokobot.bot.config import Config  # noqa: E402
from dokobot.bot.presenter import TablePresenter  # noqa: E402
from dokobot.storage.memory import MemoryStore  # noqa: E402
from dokobot.table.switches import MAX_TIMEOUT  # noqa: E402
from dokobot.table.table import COMPUTER_DELAY  # noqa: E402
from dokobot.text import picture  # noqa: E402

P99_TARGET_MS = 50.0
# every change shown at once (the members click without letting virtual time pass)
UNPACED: dict[str, Any] = {"pace": dokobot.bot.pacing.NO_PACE}
RENDER_TABLE = picture.render_table  # the cached function itself (the meter wraps the module's name)
KB_TARGET = 200.0
DEFAULT_SIZES = (50, 200)
ANNOUNCE_P = 0.03  # chance per card click that the player first clicks an enabled announcement
SEATS = (4, 5, 6)
STALL_STEPS = 50  # steps of one table without progress: the simulated players are stuck


# ---- measuring ----------------------------------------------------------------------------


@dataclass
class Sample:
    kind: str
    ack: float = 0.0  # seconds inside our interaction callbacks, SimCord excluded
    present: float = 0.0  # seconds inside the presenter run it triggered, SimCord excluded
    render: float = 0.0  # of that, seconds drawing and encoding pictures (included in present)


@dataclass
class Meter:
    """Collects per-interaction time; SimCord serialises interactions, so attribution is exact."""

    sim: float = 0.0  # running total of seconds inside SimCord's REST router
    current: Sample | None = None
    samples: list[Sample] = field(default_factory=list)
    renders: list[float] = field(default_factory=list)  # seconds per picture call (cache hits too)
    installed: list[tuple[Any, str, Any]] = field(default_factory=list)

    def _patch(self, owner: Any, name: str, new: Any) -> None:
        self.installed.append((owner, name, owner.__dict__.get(name, getattr(owner, name))))
        setattr(owner, name, new)

    def install(self, bot: DokoBot) -> None:
        meter = self
        real_dispatch = sim_router.dispatch

        def dispatch(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return real_dispatch(*args, **kwargs)
            finally:
                meter.sim += time.perf_counter() - t0

        self._patch(sim_router, "dispatch", dispatch)

        def timed(fn: Callable[..., Any], slot: str) -> Callable[..., Any]:
            async def wrapper(*args: Any, **kwargs: Any) -> Any:
                sample = meter.current
                t0, s0 = time.perf_counter(), meter.sim
                try:
                    return await fn(*args, **kwargs)
                finally:
                    own = time.perf_counter() - t0 - (meter.sim - s0)
                    if sample is not None:
                        setattr(sample, slot, getattr(sample, slot) + own)

            return wrapper

        for cls in DYNAMIC_ITEMS:
            for name in ("interaction_check", "callback"):
                if name in cls.__dict__:
                    self._patch(cls, name, timed(cls.__dict__[name], "ack"))
        self._patch(TablePresenter, "_run", timed(TablePresenter._run, "present"))

        def rendered(fn: Callable[..., Any]) -> Callable[..., Any]:
            def wrapper(*args: Any, **kwargs: Any) -> Any:
                t0 = time.perf_counter()
                try:
                    return fn(*args, **kwargs)
                finally:
                    spent = time.perf_counter() - t0
                    meter.renders.append(spent)
                    if meter.current is not None:
                        meter.current.render += spent

            return wrapper

        for name in ("render_table", "render_summary"):
            self._patch(picture, name, rendered(getattr(picture, name)))
        bot.tree._call = timed(bot.tree._call, "ack")  # type: ignore[method-assign]

    def uninstall(self) -> None:
        for owner, name, old in reversed(self.installed):
            setattr(owner, name, old)
        self.installed.clear()


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] if ordered else 0.0


def summary(values_s: list[float]) -> dict[str, float]:
    ms = [v * 1000 for v in values_s]
    return {"p50": round(pct(ms, 0.5), 3), "p99": round(pct(ms, 0.99), 3), "max": round(max(ms, default=0.0), 3)}


def rss_kb(field_name: str = "VmRSS") -> int:
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith(field_name + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


# ---- the simulated players ----------------------------------------------------------------


def _cid(item: dict[str, Any]) -> str:
    return item.get("custom_id", "")


def _buttons(message: Any) -> list[dict[str, Any]]:
    return [c for row in message.components for c in row.get("components", [])]


class Stalled(RuntimeError):
    """A table's state stopped moving: the simulated players click without effect."""


class TableDriver:
    """One channel, ``load.seats`` members; ``step`` performs the next interaction of this table."""

    def __init__(self, load: Load, index: int) -> None:
        self.load = load
        env = load.env
        self.channel = load.guild.create_text_channel(f"doko-{index}")
        self.players = [load.guild.add_member(env.create_user(f"P{index}-{s}")) for s in range(load.seats)]
        self.hands: dict[int, Any] = {}  # user id -> InteractionResult of "Meine Karten"
        self.games_done = 0
        self.done = False
        self._progress: tuple[Any, ...] = ()
        self._idle = 0  # steps since the table's state last changed

    @property
    def table(self) -> dokobot.table.table.Table | None:
        return self.load.bot.tables.get(self.channel.id)

    def table_message(self) -> Any:
        """The public table message as the members see it (looked up by id, not by history)."""
        table = self.table
        assert table is not None and table.message_id is not None
        stored = self.load.env.backend.get_message(self.channel.id, table.message_id)
        return simcord.ResponseMessage(self.load.env, stored)

    async def interact(self, kind: str, call: Callable[[], Any]) -> Any:
        meter = self.load.meter
        meter.current = sample = Sample(kind)
        try:
            return await call()
        finally:
            meter.current = None
            meter.samples.append(sample)
            # SimCord logs every request and gateway event (deep copies) for test
            # transcripts; nobody reads them here, and they would dwarf the bot's memory.
            backend = self.load.env.backend
            backend.http_requests.clear()
            backend.transcript.clear()
            # Its fake CDN keeps every uploaded picture; Discord keeps them on its side, not in our process.
            backend.cdn._blobs.clear()

    def player_of(self, user_id: int) -> Any:
        return next(p for p in self.players if p.id == user_id)

    def _check_progress(self) -> None:
        """Every few steps something must change (state, seats, rules, hands opened,
        actions); otherwise the players repeat a click the bot refuses."""
        table = self.table
        game = table.game if table is not None else None
        key = (
            table is not None and table.state, table is not None and len(table.seats),
            table is not None and table.rules_config.get("five"), table is not None and table.game_no,
            len(self.hands), len(game.actions) if game is not None else -1,
        )
        if key != self._progress:
            self._progress, self._idle = key, 0
            return
        self._idle += 1
        if self._idle >= STALL_STEPS:
            phase = game.phase if game is not None else None
            raise Stalled(f"{self.channel.name}: no progress in {STALL_STEPS} steps at {key}, phase {phase}")

    async def step(self) -> None:
        self._check_progress()
        table = self.table
        rng = self.load.rng
        if table is None:
            host = self.players[0]
            res = await self.interact("slash", lambda: host.slash(self.channel, "doko tisch"))
            assert res.acknowledged
            return
        if table.state == "lobby":
            seated = {s.user_id for s in table.seats}
            waiting = [p for p in self.players if p.id not in seated]
            if waiting:
                await self.interact("join", lambda: waiting[0].click(self.table_message(), label="Beitreten"))
            elif len(self.players) == 5 and table.rules_config.get("five") != "all_play":
                host = self.players[0]  # five all play: the host's choice (else the dealer sits out)
                res = await self.interact("rules", lambda: host.slash(self.channel, "doko regeln", schalter="five=all_play"))
                assert res.ephemeral
            else:
                await self.interact("start", lambda: self.players[0].click(self.table_message(), label="Starten"))
            return
        if table.state == "between":
            if table.last is not None and table.last.number > self.games_done:
                self.games_done = table.last.number
            if self.games_done >= self.load.games:
                self.done = True
                return
            who = rng.choice(self.players)
            await self.interact("next", lambda: who.click(self.table_message(), label="Nächstes Spiel"))
            return
        assert table.state == "playing" and table.game is not None, table.state
        closed = [p for p in self.players if p.id not in self.hands]
        if closed:
            p = closed[0]
            res = await self.interact("hand", lambda: p.click(self.table_message(), label="Meine Karten"))
            assert res.ephemeral and res.response is not None
            self.hands[p.id] = res
            return
        game = table.game
        actor = self.player_of(table.seats[game.to_act].user_id)
        view = self.hands[actor.id].response
        items = [b for b in _buttons(view) if not b.get("disabled")]
        if game.phase == "reserve":
            pick = next(b for b in items if _cid(b).split(":")[1] == "reserve" and _cid(b).split(":")[5] == "gesund")
            kind = "reserve"
        else:
            # everyone says gesund: no bidding between equal solos, no Armut, no Hochzeit to marry
            assert game.phase == "play", f"{self.channel.name}: unexpected phase {game.phase}"
            announce = [b for b in items if _cid(b).split(":")[1] == "announce"]
            cards = [b for b in items if _cid(b).split(":")[1] == "play"]
            assert cards, f"no enabled card for the seat to act: {[_cid(b) for b in _buttons(view)]}"
            if announce and rng.random() < ANNOUNCE_P:
                pick, kind = rng.choice(announce), "announce"
            else:
                pick, kind = rng.choice(cards), "play"
        await self.interact(kind, lambda: actor.click(view, custom_id=_cid(pick)))


@dataclass
class Load:
    env: Any
    bot: DokoBot
    guild: Any
    games: int
    rng: random.Random
    meter: Meter
    seats: int = 4


# ---- one run ------------------------------------------------------------------------------


class _ErrorCount(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


_SIM_PAYLOAD = sim_interactions.base_payload


def _german_client(backend: Any, **kwargs: Any) -> Any:
    """The load's players use a German Discord client (SimCord itself always sends
    ``en-US``, which the bot would answer in English)."""
    record, payload = _SIM_PAYLOAD(backend, **kwargs)
    payload["locale"] = "de"
    return record, payload


@contextlib.contextmanager
def _patched(seed: int) -> Iterator[_ErrorCount]:
    """What every SimCord run of this bench changes while it runs, and puts back: reproducible
    deals (at five and six the table passes the dealer too, who sits out at five), German
    clients, and a count of the errors dokobot and the cogs log."""
    deal_rng = random.Random(seed)
    real_deal, seeded_deal = dokobot.table.table.deal, dokobot.engine.deal
    dokobot.table.table.deal = lambda rules, rng=None, *more: seeded_deal(rules, deal_rng, *more)
    errors = _ErrorCount()
    for name in ("dokobot", "cogs"):
        logging.getLogger(name).addHandler(errors)
    sim_interactions.base_payload = _german_client
    try:
        yield errors
    finally:
        sim_interactions.base_payload = _SIM_PAYLOAD
        dokobot.table.table.deal = real_deal
        for name in ("dokobot", "cogs"):
            logging.getLogger(name).removeHandler(errors)


async def run_load(
    tables: int, games: int, *, seed: int = 1, sqlite: str | None = None, memory: bool = False,
    frames: int = 1, url: str | None = None, shard: int = 0, shards: int = 1, pictures: bool = True,
    seats: int = 4,
) -> dict[str, Any]:
    """Play ``games`` complete games at each of ``tables`` tables of ``seats`` members; return the figures.

    ``memory``: trace allocations (``frames`` deep) and report memory instead of latency.
    ``url``: a PostgreSQL database; the bot runs as shard ``shard`` of ``shards``
    on the leased, sharded store, like one of several processes.
    """
    started_tracing = memory and not tracemalloc.is_tracing()
    if started_tracing:
        tracemalloc.start(frames)
    store: Any
    if url:
        from dokobot.storage.sharded import ShardedStore

        store = await ShardedStore.open(url, shard_count=shards, shard_ids=[shard], owner=f"bench-{shard}")
        bot = make_bot(Config(shard_count=shards, shard_ids=(shard,)), store=store, lease_loop=False, **UNPACED)
    else:
        if sqlite:
            from dokobot.storage.sql_store import SqlStore

            store = await SqlStore.open(sqlite)
        else:
            store = MemoryStore()
        bot = DokoBot(Config(), store=store, **UNPACED)
    meter = Meter()
    with _patched(seed) as errors:
        try:
            # strict_sync=False: each process's SimCord stands for the one Discord, where the
            # commands belong to the application and only the shard-0 process syncs them,
            # and only when they changed (a database reused between runs keeps the hash)
            async with simcord.run(bot, strict_sync=False) as env:
                meter.install(bot)
                if shard:  # every process simulates its own Discord: keep the ids apart
                    await env.advance_time(86_400 * shard)
                guild = env.create_guild("load", shard_id=shard) if url else env.create_guild("load")
                load = Load(env, bot, guild, games, random.Random(seed), meter, seats)
                drivers = [TableDriver(load, i) for i in range(tables)]
                for d in drivers:
                    await _patient(store, d.channel.id)
                if not pictures:
                    for d in drivers:
                        await bot.set_channel_pictures(d.channel.id, images=False)
                RENDER_TABLE.cache_clear()
                gc.collect()
                if memory:
                    tracemalloc.reset_peak()
                    traced_idle = tracemalloc.get_traced_memory()[0]
                rss_idle = rss_kb()
                pauses = _GcPauses()
                gc.callbacks.append(pauses)
                t0, epoch0 = time.perf_counter(), time.time()
                active = list(drivers)
                renewed = t0
                while active:
                    i = load.rng.randrange(len(active))
                    await active[i].step()
                    if active[i].done:
                        active[i] = active[-1]
                        active.pop()
                    if url and time.perf_counter() - renewed > store.ttl / 3:
                        renewed = time.perf_counter()
                        await bot.keep_leases()  # what the lease loop does in a real process
                wall = time.perf_counter() - t0
                gc.callbacks.remove(pauses)
                out: dict[str, Any] = {
                    "tables": tables,
                    "seats": seats,
                    "games_per_table": games,
                    "store": "postgresql" if url else "sqlite" if sqlite else "memory",
                    "shard": shard,
                    "epoch": [epoch0, epoch0 + wall],
                    "pictures": pictures,
                    "games": sum(d.games_done for d in drivers),
                    "interactions": len(meter.samples),
                    "logged_errors": errors.count,
                    "wall_s": round(wall, 3),
                }
                if memory:
                    peak = tracemalloc.get_traced_memory()[1]
                    gc.collect()
                    snapshot = tracemalloc.take_snapshot()
                    shares = _memory_shares(snapshot, traced_idle)
                    out["memory"] = {
                        "traced_idle_kb": round(traced_idle / 1024),
                        "peak_per_table_kb": round((peak - traced_idle) / 1024 / tables, 1),
                        "end_per_table_kb": {k: round(v / 1024 / tables, 1) for k, v in shares.items()},
                        "top_ours_per_table_kb": _top_ours(snapshot, tables),
                    }
                else:
                    samples = meter.samples
                    ack = [s.ack for s in samples]
                    full = [s.ack + s.present for s in samples]
                    busy = sum(full)
                    by_kind: dict[str, list[float]] = {}
                    for s in samples:
                        by_kind.setdefault(s.kind, []).append(s.ack + s.present)
                    out.update({
                        "interactions_per_s": round(len(samples) / wall, 1),
                        "bot_busy_s": round(busy, 3),
                        "bot_capacity_per_s": round(len(samples) / busy, 1) if busy else None,
                        "sim_s": round(meter.sim, 3),
                        "ack_ms": summary(ack),
                        "full_ms": summary(full),
                        "full_ms_by_kind": {k: {"n": len(v), **summary(v)} for k, v in sorted(by_kind.items())},
                        "picture": _picture_figures(meter),
                        "rss_idle_kb": rss_idle,
                        "rss_peak_per_table_kb": round((rss_kb("VmHWM") - rss_idle) / tables, 1),
                        "gc": pauses.figures(),
                    })
                meter.uninstall()
        finally:
            meter.uninstall()
            if sqlite or url:
                await store.close()
            if started_tracing:
                tracemalloc.stop()
    return out


async def _patient(store: Any, channel_id: int) -> None:
    """The longest turn time in the channel. The turn clock still runs (stored and
    rescheduled on every click, as in production), but it must not fire: the
    table's clock is real time, and a run longer than half the default 300 s
    got reminders and then computer players (real threads) in the middle of
    the load, which SimCord cannot settle."""
    prefs = await store.channel_prefs(channel_id)
    settings = dataclasses.replace(prefs.settings, turn_timeout=MAX_TIMEOUT)
    await store.set_channel_prefs(channel_id, dataclasses.replace(prefs, settings=settings))


def _picture_figures(meter: Meter) -> dict[str, Any]:
    """The renderer's share: per call, per card click, and how often the cache answered."""
    cards = [s.render for s in meter.samples if s.kind == "play"]
    info = RENDER_TABLE.cache_info()
    return {
        "calls": len(meter.renders),
        "table_cache_hits": info.hits,
        "table_cache_misses": info.misses,
        "ms_per_call": summary(meter.renders),
        "ms_per_card": {**summary(cards), "mean": round(sum(cards) / len(cards) * 1000, 3) if cards else 0.0},
    }


class _GcPauses:
    """gc.callbacks hook: how often each generation was collected, and the longest pause."""

    def __init__(self) -> None:
        self.t0 = 0.0
        self.count = [0, 0, 0]
        self.longest = [0.0, 0.0, 0.0]

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self.t0 = time.perf_counter()
            return
        gen = info["generation"]
        self.count[gen] += 1
        self.longest[gen] = max(self.longest[gen], time.perf_counter() - self.t0)

    def figures(self) -> dict[str, Any]:
        return {"collections": self.count, "longest_ms": [round(x * 1000, 2) for x in self.longest]}


_OURS = (f"{os.sep}dokobot{os.sep}", f"{os.sep}cogs{os.sep}", f"{os.sep}discord{os.sep}", f"{os.sep}aiosqlite{os.sep}")


def _memory_shares(snapshot: tracemalloc.Snapshot, idle: int) -> dict[str, int]:
    """Live memory at the end by owner: the innermost frame in a known package decides."""
    shares = {"ours": 0, "simcord": 0, "other": 0}
    for stat in snapshot.statistics("traceback"):
        owner = "other"
        for frame in stat.traceback:  # innermost first
            name = frame.filename
            if f"{os.sep}simcord{os.sep}" in name:
                owner = "simcord"
                break
            if any(part in name for part in _OURS):
                owner = "ours"
                break
        shares[owner] += stat.size
    shares["total_minus_idle"] = sum(shares.values()) - idle
    return shares


def _top_ours(snapshot: tracemalloc.Snapshot, tables: int, n: int = 8) -> list[list[Any]]:
    """The biggest live allocation sites in our code and discord.py, per table."""
    stats = [st for st in snapshot.statistics("lineno") if any(p in st.traceback[0].filename for p in _OURS)]
    out = []
    for st in stats[:n]:
        frame = st.traceback[0]
        where = frame.filename.split(f"site-packages{os.sep}")[-1].split(f"main{os.sep}")[-1]
        out.append([f"{where}:{frame.lineno}", round(st.size / 1024 / tables, 1)])
    return out


# ---- the REST budget: one person and computers, virtual time --------------------------------

GLOBAL_LIMIT = 50.0  # Discord's requests per second per bot token, all shards together
CHANNEL_BUCKET = (5, 5.0)  # Discord's edits (calls) per channel: 5 per 5 s
REST_TARGET = 0.25  # counted calls per second per playing table
FEEDBACK_TARGET_MS = 300.0
THINK_S = 3.0  # seconds a person takes per decision (virtual time)


def _route(path: str) -> str:
    """The route template: ids and interaction tokens become ``*``."""
    return "/".join("*" if part.isdigit() or part.startswith(("simcord_", "aW5")) else part for part in path.split("/"))


def _exempt(route: str) -> bool:
    """Interaction responses and their webhook edits: not counted against the global limit."""
    return route.startswith(("/interactions/", "/webhooks/"))


@dataclass
class Call:
    at: float  # virtual seconds since the start of play
    method: str
    route: str
    channel: int | None
    files: bool
    body: Any
    wall: float = 0.0  # perf_counter when the request arrived
    path: str = ""


class RestLog:
    """Every request the SimCord HTTP layer receives, with its virtual time."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.calls: list[Call] = []
        self.t0 = 0.0
        self._real = sim_router.dispatch

    def now(self) -> float:
        return self.env.now().timestamp() - self.t0

    def install(self) -> None:
        log = self

        def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            parts = path.strip("/").split("/")
            channel = int(parts[1]) if parts[0] == "channels" and parts[1:2] and parts[1].isdigit() else None
            log.calls.append(Call(log.now(), method, _route(path), channel, bool(kwargs.get("files")),
                                  kwargs.get("json"), time.perf_counter(), path))
            return log._real(backend, method, path, **kwargs)

        sim_router.dispatch = dispatch

    def uninstall(self) -> None:
        sim_router.dispatch = self._real


def _answers(call: Call) -> bool:
    """A request that shows a click its answer: a message in the interaction response, or an
    edit of the clicked message (through the response, or of the table message in the channel)."""
    if call.route.endswith("/callback"):
        return isinstance(call.body, dict) and call.body.get("type") in (4, 7)
    return call.method == "PATCH"


def _peak(times: list[float], window: float) -> int:
    """The most calls within any ``window`` seconds."""
    ordered = sorted(times)
    best, lo = 0, 0
    for hi, at in enumerate(ordered):
        while at - ordered[lo] >= window:
            lo += 1
        best = max(best, hi - lo + 1)
    return best


def _throttled(times: list[float]) -> int:
    """Calls beyond Discord's per-channel bucket (5 per 5 s): they would wait for it."""
    n, window = CHANNEL_BUCKET
    ordered = sorted(times)
    return sum(1 for i in range(n, len(ordered)) if ordered[i] - ordered[i - n] < window)


def _repeats(calls: list[Call]) -> int:
    """Channel edits that repeat the previous edit of the same message (text, embeds, buttons)."""
    last: dict[str, str] = {}
    same = 0
    for c in calls:
        if c.method != "PATCH" or c.channel is None or not isinstance(c.body, dict):
            continue
        shown = json.dumps({k: c.body.get(k) for k in ("content", "embeds", "components")}, sort_keys=True, default=str)
        same += last.get(c.path) == shown
        last[c.path] = shown
    return same


class RestTable:
    """One channel: one person (the host) and computer players on the other seats."""

    def __init__(self, env: Any, guild: Any, bot: DokoBot, index: int, seats: int, rng: random.Random) -> None:
        self.env, self.bot, self.seats, self.rng = env, bot, seats, rng
        self.channel = guild.create_text_channel(f"rest-{index}")
        self.person = guild.add_member(env.create_user(f"R{index}"))
        self.hand: Any = None
        self.hand_game = 0
        self.due: float | None = None  # virtual time of the person's next click
        self.games_done = 0
        self.feedback: list[float] = []  # wall seconds from a click to the request that shows its answer
        self.rest: RestLog | None = None
        self.decisions = 0  # the person's clicks in the hand
        self.computer_moves = 0  # cards and reservations of the computer seats in finished games

    @property
    def table(self) -> Any:
        return self.bot.tables.get(self.channel.id)

    def message(self) -> Any:
        table = self.table
        stored = self.env.backend.get_message(self.channel.id, table.message_id)
        return simcord.ResponseMessage(self.env, stored)

    async def click(self, message: Any, **what: Any) -> Any:
        t0, n0 = time.perf_counter(), len(self.rest.calls) if self.rest is not None else 0
        res = await self.person.click(message, **what)
        if self.rest is not None:
            answers = [c for c in self.rest.calls[n0:] if _answers(c)]
            self.feedback.append((answers[0].wall if answers else time.perf_counter()) - t0)
        return res

    async def open(self) -> None:
        await self.person.slash(self.channel, "doko tisch")
        for _ in range(self.seats - 1):
            await self.click(self.message(), label="Computer dazu: mittel")
        if self.seats == 5:  # all five play, as in the load above
            await self.person.slash(self.channel, "doko regeln", schalter="five=all_play")

    async def step(self, now: float, games: int) -> bool:
        """The person's next click if it is due; False once the table played its games."""
        table = self.table
        if table.state == "lobby":
            await self.click(self.message(), label="Starten")
            return True
        if table.state == "between":
            if table.last is not None and table.last.number > self.games_done:
                self.games_done = table.last.number
                bots = {i for i, p in enumerate(table.last.players) if p.is_bot}
                self.computer_moves += sum(1 for a in table.last.record["actions"]
                                           if a.get("seat") in bots and ("play" in a or "reserve" in a))
            if self.games_done >= games:
                return False
            await self.click(self.message(), label="Nächstes Spiel")
            return True
        if self.hand is None or self.hand_game != table.game_no:
            res = await self.click(self.message(), label="Meine Karten")
            self.hand, self.hand_game = res.response, table.game_no
            return True
        if table.person_to_act() is None:
            self.due = None
            return True
        if self.due is None:
            self.due = now + THINK_S
        if now < self.due:
            return True
        self.due = None
        self.decisions += 1
        await self._decide(table.game.phase)
        return True

    async def _decide(self, phase: str) -> None:
        view = simcord.ResponseMessage(self.env, self.env.backend.get_message(self.channel.id, self.hand.id))
        await _click_hand(self.click, view, phase, self.rng)


async def run_rest(tables: int, games: int, *, seats: int = 4, seed: int = 1) -> dict[str, Any]:
    """``tables`` tables of one person and ``seats - 1`` computers (``mittel``, normal pace) play
    ``games`` games in virtual time; every request SimCord's HTTP layer receives is counted."""
    bot = DokoBot(Config(), store=MemoryStore(), rng=random.Random(seed))
    rest: RestLog | None = None
    with _patched(seed) as errors:
        try:
            async with simcord.run(bot) as env:
                # A shared machine: the computers' threads may wait for a core. Not longer: a turn
                # clock's reminder due within the settle deadline is waited for in real time.
                env.settle_timeout = 30.0
                guild = env.create_guild("rest")
                rng = random.Random(seed)
                drivers = [RestTable(env, guild, bot, i, seats, rng) for i in range(tables)]
                for d in drivers:
                    await d.open()
                rest = RestLog(env)
                rest.t0 = env.now().timestamp()
                rest.install()
                for d in drivers:
                    d.rest = rest
                wall0 = time.perf_counter()
                playing = list(drivers)
                while playing:
                    now = rest.now()
                    playing = [d for d in playing if await d.step(now, games)]
                    dues = [d.due for d in playing if d.due is not None]
                    step = min([0.8] + [max(due - rest.now(), 0.05) for due in dues])
                    await env.advance_time(step)
                await env.advance_time(10)  # paced edits still due go out
                # The seconds of play at this pace: the person's thinking and the computers' pauses.
                # (SimCord's virtual clock also jumps ahead while a click settles, to the turn
                # clock's reminder at times: time in which nothing is played, so not counted.)
                play_s = sum(d.decisions * THINK_S + d.computer_moves * COMPUTER_DELAY for d in drivers) / tables
                virtual_s = rest.now() - 10
                rest.uninstall()
                wall = time.perf_counter() - wall0
                clicks = [f for d in drivers for f in d.feedback]
        finally:
            if rest is not None:
                rest.uninstall()
    res = _rest_figures(rest.calls, tables, games, seats, play_s, wall, clicks, errors.count)
    res["virtual_s"] = round(virtual_s, 1)
    return res


def _rest_figures(
    calls: list[Call], tables: int, games: int, seats: int, play_s: float, wall: float, clicks: list[float], errors: int,
) -> dict[str, Any]:
    counted = [c for c in calls if not _exempt(c.route)]
    routes: dict[str, int] = {}
    for c in calls:
        key = f"{c.method} {c.route}" + (" +file" if c.files else "")
        routes[key] = routes.get(key, 0) + 1
    n_games = tables * games
    per_table_s = len(counted) / play_s / tables if play_s else 0.0  # play_s: per table
    by_channel: dict[int, list[float]] = {}
    edits: dict[int, list[float]] = {}
    for c in counted:
        if c.channel is not None:
            by_channel.setdefault(c.channel, []).append(c.at)
            if c.method == "PATCH":
                edits.setdefault(c.channel, []).append(c.at)
    table_edits = [c for c in counted if c.method == "PATCH" and c.channel is not None]
    return {
        "mode": "rest", "tables": tables, "seats": seats, "people_per_table": 1, "games": n_games,
        "think_s": THINK_S, "play_s": round(play_s, 1), "wall_s": round(wall, 1), "logged_errors": errors,
        "calls": len(calls), "counted": len(counted), "exempt": len(calls) - len(counted),
        "routes": {k: {"n": v, "per_game": round(v / n_games, 1), "per_s": round(v / play_s / tables, 3)}
                   for k, v in sorted(routes.items(), key=lambda kv: -kv[1])},
        "counted_per_game": round(len(counted) / n_games, 1),
        "counted_per_s_per_table": round(per_table_s, 3),
        "exempt_per_s_per_table": round((len(calls) - len(counted)) / play_s / tables, 3) if play_s else 0.0,
        "peak_per_channel_5s": max((_peak(v, CHANNEL_BUCKET[1]) for v in by_channel.values()), default=0),
        "peak_edits_per_channel_5s": max((_peak(v, CHANNEL_BUCKET[1]) for v in edits.values()), default=0),
        "throttled": sum(_throttled(v) for v in by_channel.values()),
        "table_edits": len(table_edits),
        "identical_edits": _repeats(counted),
        "picture_uploads": sum(1 for c in table_edits if c.files),
        "tables_per_token": int(GLOBAL_LIMIT / per_table_s) if per_table_s else None,
        "click_ms": summary(clicks),
    }


def _print_rest(res: dict[str, Any]) -> None:
    print(f"REST budget: {res['tables']} tables of {res['seats']} (1 person, {res['seats'] - 1} computers mittel),"
          f" {res['games']} games, {res['play_s']} s of play (person thinks {res['think_s']} s), wall {res['wall_s']} s")
    print(f"  seconds of play per table: the person's {THINK_S} s per decision and the computers'"
          f" {COMPUTER_DELAY} s per move (virtual clock {res.get('virtual_s')} s)")
    ok = "ok" if res["counted_per_s_per_table"] <= REST_TARGET else "MISSED"
    print(f"  counted calls: {res['counted']} = {res['counted_per_game']} per game ="
          f" {res['counted_per_s_per_table']}/s per table (target <= {REST_TARGET}: {ok});"
          f" interaction responses {res['exempt']} ({res['exempt_per_s_per_table']}/s per table, not counted)")
    ok = "ok" if res["throttled"] == 0 else "MISSED"
    print(f"  per channel per 5 s: peak {res['peak_per_channel_5s']} calls, {res['peak_edits_per_channel_5s']} edits;"
          f" throttled {res['throttled']} (target 0: {ok})")
    print(f"  table edits {res['table_edits']} ({res['identical_edits']} identical to the one before),"
          f" picture uploads {res['picture_uploads']};"
          f" tables per token within {GLOBAL_LIMIT:.0f}/s: {res['tables_per_token']}")
    c = res["click_ms"]
    ok = "ok" if c["max"] <= FEEDBACK_TARGET_MS else "MISSED"
    print(f"  click to its own feedback ms (wall, SimCord included): p50 {c['p50']:.1f}  p99 {c['p99']:.1f}"
          f"  max {c['max']:.1f} (target <= {FEEDBACK_TARGET_MS:.0f}: {ok})")
    for route, k in res["routes"].items():
        print(f"    {k['n']:>6}  {k['per_game']:>6}/game  {k['per_s']:>7}/s per table  {route}")


# ---- ten events at once: tables in threads, people at their pace ----------------------------

EVENTS = 10
EVENT_TABLES = 4  # tables per event: 16 entrants, tables of four, no computer needed


class _VirtualPause:
    """The bot's pacing clock under SimCord: Discord's (virtual) time, and pauses (a paced
    edit, the event's board, its deadline) that only the virtual clock ends: the run never
    waits for them in real time."""

    env: Any = None

    def now(self) -> float:
        return self.env.now().timestamp()

    async def sleep(self, seconds: float) -> None:
        # At least a millisecond: a wait below the clock's resolution (a float residue of
        # Unix seconds) would end at once with the clock unmoved, and the pacer would wait
        # again at once, for ever: SimCord never settles.
        await self.env.external_wait(asyncio.sleep(max(seconds, 0.001)), reason="a paced edit")


def _choose(items: list[dict[str, Any]], phase: str, rng: random.Random) -> dict[str, Any]:
    """The button a person clicks in the hand: gesund at the reservation (a solo only where it
    is all there is: a Pflichtsolo vorgeführt), the Armut left alone, else a random card."""
    want = {"reserve": ("reserve", "gesund"), "armut_take": ("armut_take", "0")}.get(phase)
    if want is not None:
        pick = [b for b in items if _cid(b).split(":")[1] == want[0] and _cid(b).split(":")[5] == want[1]]
    else:
        pick = [b for b in items if _cid(b).split(":")[1] == "play"]
    if not pick:
        pick = [b for b in items if _cid(b).split(":")[1] not in ("announce", "klopfen")] or items
    return rng.choice(pick)


async def _click_hand(click: Callable[..., Awaitable[Any]], view: Any, phase: str, rng: random.Random) -> None:
    """A person's click in the hand ``view`` (``_choose``), and the Fuchs a card asks for."""
    items = [b for b in _buttons(view) if not b.get("disabled") and _cid(b).startswith("doko:")]
    chosen = _choose(items, phase, rng)
    res = await click(view, custom_id=_cid(chosen))
    if res.response is not None and _cid(chosen).endswith(":ask:" + _cid(chosen).split(":")[-1]):
        fox = next(b for b in _buttons(res.response) if _cid(b).split(":")[1] == "fox")
        await click(res.response, custom_id=_cid(fox))


class PeopleTable:
    """One table of people at their pace (virtual time): each opens "Meine Karten" once a game
    and clicks ``THINK_S`` after their turn came; "Nächstes Spiel" after a game while the
    table wants more. A lone table in its channel, or an event's table in its thread."""

    def __init__(self, env: Any, bot: DokoBot, channel_id: int, people: list[Any], rng: random.Random,
                 rest: RestLog, games: int | None = None) -> None:
        self.env, self.bot, self.channel_id, self.rng, self.rest = env, bot, channel_id, rng, rest
        self.people = {p.id: p for p in people}
        self.games = games  # None: the event's list decides (the table closes when it is over)
        self.hands: dict[int, tuple[int, Any]] = {}  # user id -> (game no, the hand message)
        self.due: float | None = None
        self.games_done = 0
        self.feedback: list[float] = []
        self.decisions = 0
        self.idle = 0  # steps in a row in which nothing was clicked or changed
        self.seen: Any = None  # the table last seen open here

    @property
    def table(self) -> Any:
        return self.bot.tables.get(self.channel_id)

    def message(self) -> Any:
        stored = self.env.backend.get_message(self.channel_id, self.table.message_id)
        return simcord.ResponseMessage(self.env, stored)

    async def click(self, who: Any, message: Any, **what: Any) -> Any:
        t0, n0 = time.perf_counter(), len(self.rest.calls)
        res = await who.click(message, **what)
        answers = [c for c in self.rest.calls[n0:] if _answers(c)]
        self.feedback.append((answers[0].wall if answers else time.perf_counter()) - t0)
        self.idle = 0
        return res

    def _over(self, table: Any) -> bool:
        last = table.last
        if last is not None and last.number > self.games_done:
            self.games_done = last.number
        if self.games is not None:
            return self.games_done >= self.games
        return last is not None and last.list_step is not None and last.list_step.ended is not None

    async def step(self, now: float) -> bool:
        """The next click that is due; False once the table has played its games (or closed)."""
        table = self.table
        if table is None or getattr(table, "gone", False) or table.state == "closed":
            if self.seen is not None:  # closed at the end of its list: count its last game
                self._over(self.seen)
            return False
        self.seen = table
        if table.state == "between":
            if self._over(table):
                return self.games is None and self._waits()  # an event table: the event closes it
            who = next(p for p in self.people.values() if table.seat_of(p.id) is not None)
            await self.click(who, self.message(), label="Nächstes Spiel")
            return True
        if table.state != "playing":
            return self._waits()
        closed = [p for p in self.people.values() if table.seat_of(p.id) is not None
                  and self.hands.get(p.id, (0, None))[0] != table.game_no]
        if closed:
            res = await self.click(closed[0], self.message(), label="Meine Karten")
            self.hands[closed[0].id] = (table.game_no, res.response)
            return True
        return await self._turn(table, now)

    def _waits(self) -> bool:
        self.idle += 1
        if self.idle > 2000:
            raise Stalled(f"table in channel {self.channel_id}: waits and nothing moves ({self.table.state})")
        return True

    async def _turn(self, table: Any, now: float) -> bool:
        seat = table.person_to_act()
        if seat is None:
            self.due = None
            return self._waits()
        if self.due is None:
            self.due = now + THINK_S
        if now < self.due:
            return True
        self.due = None
        self.decisions += 1
        who = self.people[table.seats[seat].user_id]
        view = simcord.ResponseMessage(self.env, self.env.backend.get_message(self.channel_id, self.hands[who.id][1].id))
        await _click_hand(partial(self.click, who), view, table.game.phase, self.rng)
        return True


async def _open_event(env: Any, guild: Any, bot: DokoBot, index: int, tables: int, games: int) -> tuple[Any, list[Any], int]:
    """An event in its own channel: the host opens it (one round of ``games`` list games, no
    Pflichtsolo), four people per table sign up with the button."""
    channel = guild.create_text_channel(f"abend-{index}")
    people = [guild.add_member(env.create_user(f"E{index}-{i}")) for i in range(4 * tables)]
    res = await people[0].slash(channel, "doko turnier eroeffnen", runden=1, spiele=games, pflichtsolo=False)
    assert res.acknowledged
    event = (await bot.store.channel_events(channel.id))[0]
    assert event.message_id is not None
    message = simcord.ResponseMessage(env, env.backend.get_message(channel.id, event.message_id))
    for p in people:
        await p.click(message, label="Anmelden")
    return channel, people, event.event_id


async def _lone(env: Any, guild: Any, bot: DokoBot, rest: RestLog, rng: random.Random, games: int,
                n: int) -> dict[str, Any]:
    """``n`` lone tables of four people, each in its channel, at once: today's load of as many
    tables, their whole life counted as an event table's is (``/doko tisch``, three joins,
    *Starten*, ``games`` games, ``/doko schliessen``)."""
    rest.calls.clear()
    drivers: list[PeopleTable] = []
    hosts: list[tuple[Any, Any]] = []  # (host, channel) of each table
    for i in range(n):
        channel = guild.create_text_channel(f"allein-{i}")
        people = [guild.add_member(env.create_user(f"L{i}-{k}")) for k in range(4)]
        await people[0].slash(channel, "doko tisch")
        lone = PeopleTable(env, bot, channel.id, people, rng, rest, games)
        for p in people[1:]:
            await lone.click(p, lone.message(), label="Beitreten")
        drivers.append(lone)
        hosts.append((people[0], channel))
    for lone, (host, _) in zip(drivers, hosts, strict=True):
        await lone.click(host, lone.message(), label="Starten")
    await _play(env, rest, drivers)
    for host, channel in hosts:
        await host.slash(channel, "doko schliessen")
    await env.advance_time(10)
    counted = [c for c in rest.calls if not _exempt(c.route)]
    by_channel: dict[int, list[float]] = {}
    for c in counted:
        if c.channel is not None:
            by_channel.setdefault(c.channel, []).append(c.at)
    played = sum(d.games_done for d in drivers)
    return {"tables": n, "games": played, "counted": len(counted), "routes": _routes(counted, n),
            "counted_per_table": round(len(counted) / n, 2),
            "counted_per_game": round(len(counted) / max(played, 1), 2),
            "throttled": sum(_throttled(v) for v in by_channel.values()),
            "click_ms": summary([f for d in drivers for f in d.feedback])}


async def _play(env: Any, rest: RestLog, drivers: list[PeopleTable]) -> None:
    """Everyone's clicks in virtual time until every table is over."""
    playing = list(drivers)
    while playing:
        now = rest.now()
        playing = [d for d in playing if await d.step(now)]
        dues = [d.due for d in playing if d.due is not None]
        await env.advance_time(min([0.8] + [max(due - rest.now(), 0.05) for due in dues]))
    await env.advance_time(10)  # paced edits still due go out


async def run_events(events: int = EVENTS, tables: int = EVENT_TABLES, games: int = 2, *,
                     seed: int = 1, lone: int | None = None) -> dict[str, Any]:
    """``lone`` lone tables of four people at once (default: as many as the events have),
    then ``events`` events of ``tables`` tables of four at once; each table plays ``games``
    games in virtual time at Discord's pace: every request SimCord's HTTP layer receives is
    counted, by channel (the threads are channels)."""
    pause = _VirtualPause()
    bot = DokoBot(Config(), store=MemoryStore(), rng=random.Random(seed), pace_clock=pause)
    rest: RestLog | None = None
    with _patched(seed) as errors:
        try:
            async with simcord.run(bot) as env:
                pause.env = env
                # As in the REST run: not longer, or the turn clocks' reminders due within the
                # settle deadline are waited for (and a settle of forty tables never ends).
                env.settle_timeout = 30.0
                guild = env.create_guild("abend")
                rng = random.Random(seed)
                rest = RestLog(env)
                rest.install()
                rest.t0 = env.now().timestamp()
                alone = await _lone(env, guild, bot, rest, rng, games, events * tables if lone is None else lone)
                rest.calls.clear()
                wall0 = time.perf_counter()
                opened = [await _open_event(env, guild, bot, i, tables, games) for i in range(events)]
                drivers: list[PeopleTable] = []
                channels: dict[int, list[int]] = {}  # event channel -> its threads
                for channel, people, event_id in opened:
                    await people[0].slash(channel, "doko turnier starten")
                    threads = [t.thread_id for t in await bot.store.event_tables(event_id)]
                    channels[channel.id] = threads
                    drivers += [PeopleTable(env, bot, th, people, rng, rest) for th in threads]
                await _play(env, rest, drivers)
                wall = time.perf_counter() - wall0
                rest.uninstall()
        finally:
            if rest is not None:
                rest.uninstall()
    figures = _event_figures(rest.calls, drivers, channels, wall)
    return {"mode": "events", "events": events, "tables_per_event": tables, "games": games,
            "logged_errors": errors.count, "lone": alone, **figures}


def _routes(calls: list[Call], per: int) -> dict[str, float]:
    """Calls by route (``+file``: with an upload), divided by ``per`` (tables)."""
    out: dict[str, int] = {}
    for c in calls:
        key = f"{c.method} {c.route}" + (" +file" if c.files else "")
        out[key] = out.get(key, 0) + 1
    return {k: round(v / per, 2) for k, v in sorted(out.items(), key=lambda kv: -kv[1])}


def _throttled_where(counted: list[Call], threads: set[int], channels: dict[int, list[int]]) -> dict[str, int]:
    """The calls beyond a channel's bucket, by where (thread or event channel) and route."""
    n, window = CHANNEL_BUCKET
    by_channel: dict[int, list[Call]] = {}
    for c in counted:
        if c.channel is not None:
            by_channel.setdefault(c.channel, []).append(c)
    out: dict[str, int] = {}
    for channel, calls in by_channel.items():
        calls.sort(key=lambda c: c.at)
        where = "thread" if channel in threads else "event channel" if channel in channels else "other"
        for i in range(n, len(calls)):
            if calls[i].at - calls[i - n].at < window:
                key = f"{where}: {calls[i].method} {calls[i].route}"
                out[key] = out.get(key, 0) + 1
    return out


def _event_figures(calls: list[Call], drivers: list[PeopleTable], channels: dict[int, list[int]],
                   wall: float) -> dict[str, Any]:
    counted = [c for c in calls if not _exempt(c.route)]
    by_channel: dict[int, list[float]] = {}
    for c in counted:
        if c.channel is not None:
            by_channel.setdefault(c.channel, []).append(c.at)
    threads = {d.channel_id for d in drivers}
    in_threads = sum(len(v) for k, v in by_channel.items() if k in threads)
    in_events = sum(len(v) for k, v in by_channel.items() if k in channels)
    games = sum(d.games_done for d in drivers)
    n = len(drivers)
    return {
        "tables": n, "games_played": games, "wall_s": round(wall, 1), "calls": len(calls), "counted": len(counted),
        "counted_per_table_in_threads": round(in_threads / max(n, 1), 2),
        "counted_per_table_with_event_share": round((in_threads + in_events) / max(n, 1), 2),
        "counted_per_game_in_threads": round(in_threads / max(games, 1), 2),
        "counted_per_game_with_event_share": round((in_threads + in_events) / max(games, 1), 2),
        "event_channel_calls_per_table": round(in_events / max(n, 1), 2),
        "other_counted": len(counted) - in_threads - in_events,
        "routes_thread_per_table": _routes([c for c in counted if c.channel in threads], max(n, 1)),
        "routes_event_channel_per_table": _routes([c for c in counted if c.channel in channels], max(n, 1)),
        "throttled": sum(_throttled(v) for v in by_channel.values()),
        "throttled_where": _throttled_where(counted, threads, channels),
        "peak_per_channel_5s": max((_peak(v, CHANNEL_BUCKET[1]) for v in by_channel.values()), default=0),
        "click_ms": summary([f for d in drivers for f in d.feedback]),
    }


def _print_events(res: dict[str, Any]) -> None:
    lone = res["lone"]
    print(f"{res['events']} events x {res['tables_per_event']} tables of four people, {res['games']} games per table"
          f" at the people's pace ({THINK_S} s per decision), virtual time, Discord's pace; wall {res['wall_s']} s")
    print(f"  lone tables ({lone['tables']} at once, each in its channel): {lone['games']} games;"
          f" counted calls per table {lone['counted_per_table']}, per game {lone['counted_per_game']};"
          f" throttled {lone['throttled']}; click feedback ms p50 {lone['click_ms']['p50']:.1f}"
          f"  p99 {lone['click_ms']['p99']:.1f}  max {lone['click_ms']['max']:.1f}")
    ok = "ok" if res["counted_per_table_with_event_share"] <= lone["counted_per_table"] else "MISSED"
    print(f"  event tables: {res['tables']} tables, {res['games_played']} games; counted calls per table"
          f" {res['counted_per_table_in_threads']} in the threads, {res['counted_per_table_with_event_share']} with the"
          f" event channel's share ({res['event_channel_calls_per_table']} per table); per game"
          f" {res['counted_per_game_in_threads']} / {res['counted_per_game_with_event_share']}"
          f" (<= lone table: {ok}); other {res['other_counted']}")
    ok = "ok" if res["throttled"] == 0 else "MISSED"
    print(f"  throttled {res['throttled']} (target 0: {ok}); peak per channel per 5 s {res['peak_per_channel_5s']}"
          + "".join(f"; {k}: {v}" for k, v in res["throttled_where"].items()))
    c = res["click_ms"]
    ok = "ok" if c["max"] <= FEEDBACK_TARGET_MS else "MISSED"
    print(f"  click to its own feedback ms (wall, SimCord included): p50 {c['p50']:.1f}  p99 {c['p99']:.1f}"
          f"  max {c['max']:.1f} (target <= {FEEDBACK_TARGET_MS:.0f}: {ok})")
    for title, routes in (("lone table (its channel)", lone["routes"]),
                          ("event table (its thread)", res["routes_thread_per_table"]),
                          ("event channel, per table", res["routes_event_channel_per_table"])):
        print(f"    {title}: " + "; ".join(f"{k} {v}" for k, v in routes.items()))


# ---- command line -------------------------------------------------------------------------


def _child(args: argparse.Namespace, memory: bool) -> dict[str, Any]:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", "--tables", str(args.tables_one),
           "--games", str(args.games), "--seed", str(args.seed), "--seats", str(args.seats)]
    if memory:
        cmd.append("--memory")
    if args.no_pictures:
        cmd.append("--no-pictures")
    if args.sqlite:
        cmd += ["--sqlite", args.sqlite]
    cmd += ["--frames", str(args.frames)]
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise SystemExit(f"child failed: {' '.join(cmd)}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _child_cmd(args: argparse.Namespace, tables: int) -> list[str]:
    return [sys.executable, str(Path(__file__).resolve()), "--child", "--tables", str(tables),
            "--games", str(args.games), "--seed", str(args.seed), "--seats", str(getattr(args, "seats", 4))]


def _processes(args: argparse.Namespace) -> dict[str, Any]:
    """N bot processes (shards 0..N-1 of N) at once on one PostgreSQL, against one process on SQLite."""
    import asyncpg

    from dokobot.storage.postgres import redact

    tables = (args.tables or [50])[0]
    with tempfile.TemporaryDirectory(prefix="bot_load_base_") as tmp:
        done = subprocess.run(_child_cmd(args, tables) + ["--sqlite", str(Path(tmp) / "base.sqlite3")],
                              capture_output=True, text=True, check=False)
    if done.returncode != 0:
        sys.stderr.write(done.stderr)
        raise SystemExit("baseline child failed")
    base = json.loads(done.stdout.strip().splitlines()[-1])
    schema = f"bot_load_{random.randrange(16**8):08x}"

    async def admin(sql: str) -> None:
        conn = await asyncpg.connect(args.url)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(admin(f"CREATE SCHEMA {schema}"))
    try:
        scoped = f"{args.url}{'&' if '?' in args.url else '?'}search_path={schema}"
        from dokobot.storage import Database

        async def migrate() -> None:  # once, before the processes race to do it
            await (await Database.open(scoped)).close()

        asyncio.run(migrate())
        children = [
            subprocess.Popen(
                _child_cmd(args, tables) + ["--url", scoped, "--shard", str(i), "--shards", str(args.processes)],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            )
            for i in range(args.processes)
        ]
        results = []
        for child in children:
            out, err = child.communicate()
            if child.returncode != 0:
                sys.stderr.write(err)
                raise SystemExit("a bot process failed")
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        asyncio.run(admin(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
    start = min(r["epoch"][0] for r in results)
    end = max(r["epoch"][1] for r in results)
    total = sum(r["interactions"] for r in results)
    return {
        "url": redact(args.url), "processes": args.processes, "tables_per_process": tables,
        "games_per_table": args.games, "cpus": os.cpu_count(), "loadavg_before": os.getloadavg(),
        "baseline": {k: base[k] for k in ("store", "interactions", "wall_s", "interactions_per_s", "full_ms")},
        "per_process": [
            {k: r[k] for k in ("shard", "games", "interactions", "wall_s", "interactions_per_s", "full_ms",
                               "logged_errors")}
            for r in results
        ],
        "total_interactions_per_s": round(total / (end - start), 1),
        "speedup": round(total / (end - start) / base["interactions_per_s"], 2),
        "worst_p99_ms": max(r["full_ms"]["p99"] for r in results),
    }


def _print_processes(res: dict[str, Any]) -> None:
    b = res["baseline"]
    print(f"{res['processes']} processes x {res['tables_per_process']} tables x {res['games_per_table']} games on"
          f" {res['url']} ({res['cpus']} CPUs, load before {res['loadavg_before'][0]:.2f})")
    print(f"  baseline, 1 process on {b['store']}: {b['interactions_per_s']} interactions/s,"
          f" full p99 {b['full_ms']['p99']:.2f} ms")
    for r in res["per_process"]:
        print(f"  shard {r['shard']}: {r['games']} games, {r['interactions']} interactions in {r['wall_s']} s ="
              f" {r['interactions_per_s']}/s, full p50 {r['full_ms']['p50']:.2f} p99 {r['full_ms']['p99']:.2f} ms,"
              f" errors {r['logged_errors']}")
    ok = "ok" if res["speedup"] >= 2.5 and res["worst_p99_ms"] < P99_TARGET_MS else "MISSED"
    print(f"  together: {res['total_interactions_per_s']} interactions/s = {res['speedup']}x one process,"
          f" worst p99 {res['worst_p99_ms']:.2f} ms (target >= 2.5x and p99 < {P99_TARGET_MS:.0f} ms: {ok})")


def _sqlite_path(spec: str, tag: str) -> str:
    path = Path(spec)
    if path.is_dir():
        return str(Path(tempfile.mkdtemp(prefix=f"bot_load_{tag}_", dir=path)) / "doko.sqlite3")
    if path.exists():
        raise SystemExit(f"{path} exists: give a new file or a directory")
    return str(path)


def _print(res: dict[str, Any]) -> None:
    n = res["tables"]
    print(f"{n} tables of {res.get('seats', 4)} x {res['games_per_table']} games ({res['store']} store): "
          f"{res['games']} games, {res['interactions']} interactions in {res['wall_s']} s")
    print(f"  interactions/s (wall, SimCord included): {res['interactions_per_s']}"
          f"   bot-side capacity: {res['bot_capacity_per_s']}/s")
    a, f = res["ack_ms"], res["full_ms"]
    ok = "ok" if f["p99"] < P99_TARGET_MS else "MISSED"
    print(f"  handler ack  ms: p50 {a['p50']:.2f}  p99 {a['p99']:.2f}  max {a['max']:.2f}")
    print(f"  handler full ms: p50 {f['p50']:.2f}  p99 {f['p99']:.2f}  max {f['max']:.2f}"
          f"   (target p99 < {P99_TARGET_MS:.0f} ms: {ok})")
    for kind, k in res["full_ms_by_kind"].items():
        print(f"    {kind:<9} n={k['n']:<6} p50 {k['p50']:.2f}  p99 {k['p99']:.2f}  max {k['max']:.2f}")
    pic = res.get("picture")
    if pic and pic["calls"]:
        c, k = pic["ms_per_call"], pic["ms_per_card"]
        print(f"  pictures: {pic['calls']} renders, table cache {pic['table_cache_hits']} hits / {pic['table_cache_misses']} misses;"
              f" ms per render p50 {c['p50']:.2f}  p99 {c['p99']:.2f};"
              f" per card click mean {k['mean']:.2f}  p50 {k['p50']:.2f}  p99 {k['p99']:.2f}")
    elif pic is not None:
        print("  pictures: off")
    mem = res.get("memory")
    if mem:
        ok = "ok" if mem["peak_per_table_kb"] < KB_TARGET else "MISSED"
        end = mem["end_per_table_kb"]
        print(f"  memory per table: tracemalloc peak {mem['peak_per_table_kb']} KB (target < {KB_TARGET:.0f} KB: {ok}); "
              f"at the end ours {end['ours']} KB, SimCord {end['simcord']} KB, other {end['other']} KB;"
              f" RSS peak {res['rss_peak_per_table_kb']} KB")
        for where, kb in mem.get("top_ours_per_table_kb", []):
            print(f"    {kb:>7} KB  {where}")
    if "gc" in res:
        print(f"  gc collections per generation {res['gc']['collections']}, longest pause ms {res['gc']['longest_ms']}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", type=int, action="append", help="table count (repeatable; default 50 and 200)")
    ap.add_argument("--games", type=int, default=2, help="complete games per table")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seats", type=int, choices=SEATS, default=4,
                    help="members per table: 4, 5 (all five play: five=all_play) or 6 (Münchener Regeln)")
    ap.add_argument("--sqlite", metavar="PATH", help="run on the SQLite store (a new file, or a directory for a temp file)")
    ap.add_argument("--no-memory", action="store_true", help="skip the tracemalloc run")
    ap.add_argument("--no-pictures", action="store_true", help="turn the pictures of the table off in every channel")
    ap.add_argument("--rest", action="store_true",
                    help="the REST budget: one person and computers per table, virtual time, every request counted")
    ap.add_argument("--events", type=int, metavar="N",
                    help="N events of --event-tables tables of four people at once (and a lone table to compare)")
    ap.add_argument("--event-tables", type=int, default=EVENT_TABLES, help="tables per event (with --events)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--memory", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--frames", type=int, default=1, help=argparse.SUPPRESS)
    ap.add_argument("--url", help="PostgreSQL database (postgresql://...) for --processes")
    ap.add_argument("--processes", type=int, help="run N bot processes (shards) at once on --url")
    ap.add_argument("--shard", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--shards", type=int, default=1, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        res = asyncio.run(run_load(
            args.tables[0], args.games, seed=args.seed, sqlite=args.sqlite, memory=args.memory, frames=args.frames,
            url=args.url, shard=args.shard, shards=args.shards, pictures=not args.no_pictures, seats=args.seats,
        ))
        print(json.dumps(res))
        return 0
    if args.events:
        res = asyncio.run(run_events(args.events, args.event_tables, args.games, seed=args.seed))
        if args.json:
            print(json.dumps(res, indent=2))
        else:
            _print_events(res)
        return 0
    if args.rest:
        res = asyncio.run(run_rest((args.tables or [2])[0], args.games, seats=args.seats, seed=args.seed))
        if args.json:
            print(json.dumps(res, indent=2))
        else:
            _print_rest(res)
        return 0
    if args.processes:
        if not args.url:
            ap.error("--processes needs --url postgresql://...")
        res = _processes(args)
        if args.json:
            print(json.dumps(res, indent=2))
        else:
            _print_processes(res)
        return 0
    results = []
    spec = args.sqlite
    for n in args.tables or DEFAULT_SIZES:
        args.tables_one = n
        args.sqlite = _sqlite_path(spec, f"{n}") if spec else None
        res = _child(args, memory=False)
        if not args.no_memory:
            args.sqlite = _sqlite_path(spec, f"{n}m") if spec else None
            res["memory"] = _child(args, memory=True)["memory"]
        results.append(res)
        if not args.json:
            _print(res)
    if args.json:
        print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
