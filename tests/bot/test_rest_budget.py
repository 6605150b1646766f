"""Issue 20, "Rate limits and the REST budget" (SimCord, virtual time).

The table message is edited the way Discord's limits want it: a click on it is
answered through the click's own interaction response; the channel edits are
paced (never more than 5 per 5 s per channel, a burst of computer cards is one
edit); no edit repeats what the message shows; the picture is uploaded only
when it changed. People are pinged only when it helps (the first turn of a
game, the reminder), and the last state is always shown, after a restart too.
These bots get Discord's pace (``Pace()``); the other tests' bots show every
change at once, as their clicks take no virtual time. The presenter's paced edits wait on
SimCord's virtual clock alone (``VirtualClock``), and so do the computers' pauses before their
moves: only ``advance_time`` ends them, so a click never waits for them in real time.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import discord
import pytest
import simcord.http.router as sim_router

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.bot.pacing import Pace
from dokobot.storage.memory import MemoryStore
from dokobot.table.table import COMPUTER_DELAY
from dokobot.text import render
from dokobot.text.i18n import t
from tests.bot.helpers import FAST, Driver, VirtualClock, components, message_text, turn_lines

THINK = 2.0  # seconds the person takes for a decision


@dataclass
class Request:
    at: float  # virtual seconds
    method: str
    path: str
    body: Any
    png: str | None  # digest of the uploaded picture, if the request uploads one


class Requests:
    """Every request SimCord's HTTP layer receives, with Discord's (virtual) time."""

    def __init__(self, env: Any) -> None:
        self.env = env
        self.log: list[Request] = []

    def record(self, method: str, path: str, json_body: Any, files: list[Any] | None) -> None:
        png = None
        for f in files or []:
            at = f.fp.tell()
            png = hashlib.sha256(f.fp.read()).hexdigest()
            f.fp.seek(at)
        self.log.append(Request(self.env.now().timestamp(), method, path, json_body, png))

    def channel(self, channel_id: int, since: int = 0) -> list[Request]:
        """The counted calls on the channel (not the interaction responses)."""
        return [r for r in self.log[since:] if r.path.startswith(f"/channels/{channel_id}/")]


@pytest.fixture
def requests(simcord_env, monkeypatch) -> Requests:
    rec = Requests(simcord_env)
    # computers think in threads at their normal pace: on a busy machine settling takes longer
    simcord_env.settle_timeout = 60.0
    real = sim_router.dispatch

    def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        rec.record(method, path, kwargs.get("json"), kwargs.get("files"))
        return real(backend, method, path, **kwargs)

    monkeypatch.setattr(sim_router, "dispatch", dispatch)
    return rec


@pytest.fixture
def pause() -> VirtualClock:
    return VirtualClock(None, "a paced edit of the table message")  # the environment comes with the test (virtual_pause)


@pytest.fixture(autouse=True)
def virtual_pause(pause: VirtualClock, simcord_env: Any) -> None:
    pause.env = simcord_env


def paced_bot(store: MemoryStore, deals: Any, pause: VirtualClock) -> DokoBot:
    """Computers at their normal pace, the table message at Discord's, on virtual time."""
    return DokoBot(Config(), store=store, computer_skill=FAST, computer_delay=COMPUTER_DELAY, rng=deals, pace=Pace(),
                   pace_clock=pause)


@pytest.fixture
def simcord_bot(store: MemoryStore, deals, pause: VirtualClock) -> DokoBot:
    return paced_bot(store, deals, pause)


async def seat_computers(doko: Driver, n: int = 3) -> None:
    host = doko.players[0]
    await host.slash(doko.channel, "doko tisch")
    on_virtual_time(doko)
    for _ in range(n):
        await host.click(doko.table_message(), label="Computer dazu: mittel")


def on_virtual_time(doko: Driver) -> None:
    """The computers' pauses before their moves, too, end only by SimCord's virtual clock."""
    doko.table.computer_driver.pause = doko.bot.pace_clock.sleep


def shows_current_state(doko: Driver) -> bool:
    title, body = render.table_text(doko.table, "de")
    shown = doko.table_message().embeds[0]
    return (shown.title, shown.description) == (title, body)


async def play_against_computers(doko: Driver, on_turn: Any = None) -> None:
    """Nord plays one game against three computers at the normal pace, thinking THINK s a turn."""
    nord = doko.players[0]
    table = doko.table
    await doko.open_hand(nord)
    while table.state == "playing":
        if table.person_to_act() is None:
            await doko.env.advance_time(COMPUTER_DELAY)
            continue
        await doko.env.advance_time(THINK)
        if on_turn is not None:
            on_turn()
        phase = table.game.phase
        if phase == "reserve":
            await doko.click_hand(nord, "reserve", "gesund")
        elif phase == "armut_take":
            await doko.click_hand(nord, "armut_take", "0")
        else:
            await doko.click_hand(nord, "play")
    await doko.env.advance_time(10)  # whatever waits for its edit goes out


def peak_per_window(times: list[float], window: float = 5.0) -> int:
    ordered = sorted(times)
    best, lo = 0, 0
    for hi, at in enumerate(ordered):
        while at - ordered[lo] >= window:
            lo += 1
        best = max(best, hi - lo + 1)
    return best


def repeated_edits(log: list[Request]) -> int:
    """Edits identical to the previous state of the same message (its text, embed and buttons)."""
    last: dict[str, str] = {}
    same = 0
    for r in log:
        if r.method not in ("POST", "PATCH") or not isinstance(r.body, dict):
            continue
        data = r.body.get("data") if r.path.endswith("/callback") else r.body
        if not isinstance(data, dict):
            continue
        shown = json.dumps({k: data.get(k) for k in ("content", "embeds", "components")}, sort_keys=True)
        # a hand keeps its message whatever interaction edits it; the table message its id
        target = "hand" if str(data.get("content", "")).startswith("**Deine Karten") else r.path.split("?")[0]
        if r.method == "POST" and not r.path.endswith("/callback"):
            target = "post"
        if r.method == "PATCH" and last.get(target) == shown:
            same += 1
        last[target] = shown
    return same


async def test_three_computers_stay_within_the_channel_bucket_and_the_last_state_shows(doko, requests):
    await seat_computers(doko)
    await doko.start()
    start = len(requests.log)
    behind: list[bool] = []
    await play_against_computers(doko, on_turn=lambda: behind.append(not shows_current_state(doko)))

    assert not any(behind), "the table message did not show the trick to the person to act"
    calls = requests.channel(doko.channel.id, start)
    edits = [r for r in calls if r.method == "PATCH"]
    assert 0 < peak_per_window([r.at for r in edits]) <= 5
    assert peak_per_window([r.at for r in calls]) <= 5  # posts and deletes share the bucket
    # a burst of computer cards is one edit: far fewer edits than cards
    assert len(edits) <= 24 < 48
    assert repeated_edits(requests.log[start:]) == 0
    # the final state equals the game's: the summary of the game just played
    number = doko.table.game_no
    summary = doko.table_message()
    assert doko.table.state == "between" and summary.embeds[0].title == render.summary_text(doko.table.last, "de", doko.table.game)[0]
    assert f"Spiel {number}" in summary.embeds[0].title
    assert len(summary.attachments) == 1


async def test_pictures_are_uploaded_only_when_they_change(doko, requests):
    # a settle window under the 30 s reminder of turn_timeout=60: SimCord's real-time fallback
    # for that timer never fires, so only advance_time moves the clock (and no click waits 30 s)
    doko.env.settle_timeout = 25.0
    await seat_computers(doko)
    await doko.players[0].slash(doko.channel, "doko regeln", schalter="turn_timeout=60 on_timeout=wait")
    await doko.start()
    await doko.open_hand(doko.players[0])
    while doko.table.person_to_act() is None or doko.table.game.phase != "play":
        if doko.table.person_to_act() is not None:
            await doko.click_hand(doko.players[0], "reserve", "gesund")
        await doko.env.advance_time(COMPUTER_DELAY)
    await doko.env.advance_time(5)
    before = doko.table_message()
    [picture] = before.attachments
    start = len(requests.log)
    await doko.env.advance_time(61)  # Nord is too slow: the host's buttons appear, the picture stays
    assert doko.table.stalled is not None
    [edit] = [r for r in requests.channel(doko.channel.id, start) if r.method == "PATCH"]
    assert edit.png is None and "attachments" not in edit.body  # no upload: the attachment is kept
    after = doko.table_message()
    assert "Computer übernimmt" in [c.label for c in components(after)]
    assert [a.id for a in after.attachments] == [picture.id]
    assert after.embeds[0].image.url.endswith("doko-table.png")

    # every upload of the table message carries a picture other than the one it replaces
    await doko.players[0].click(doko.table_message(), label="Computer übernimmt")
    while doko.table.state == "playing":  # four computers play the game out
        await doko.env.advance_time(COMPUTER_DELAY)
    await doko.env.advance_time(10)
    uploads = [r.png for r in requests.log if r.png is not None and r.path.startswith(f"/channels/{doko.channel.id}/")]
    assert len(uploads) >= 3 and all(a != b for a, b in zip(uploads, uploads[1:], strict=False))


async def test_a_click_on_the_table_message_is_answered_through_its_response(doko, requests):
    nord, ost = doko.players[0], doko.players[1]
    await nord.slash(doko.channel, "doko tisch")
    start = len(requests.log)
    await ost.click(doko.table_message(), label="Beitreten")
    assert requests.channel(doko.channel.id, start) == []  # no counted call at all
    edits = [r for r in requests.log[start:] if r.method == "PATCH"]
    assert [r.path.split("/")[1] for r in edits] == ["webhooks"] and r"Ost" in message_text(doko.table_message())

    # the hand's click edits the hand through its response; the table follows through the channel
    await nord.click(doko.table_message(), label="Computer dazu: mittel")
    await nord.click(doko.table_message(), label="Computer dazu: mittel")
    await doko.start()
    await doko.env.advance_time(10)
    for p in (nord, ost):
        await doko.open_hand(p)
    actor = doko.player(doko.table.game.to_act)
    start = len(requests.log)
    await doko.click_hand(actor, "reserve", "gesund")
    hand_edits = [r for r in requests.log[start:] if r.method == "PATCH" and r.path.startswith("/webhooks/")]
    assert hand_edits and all(not r.path.startswith("/channels/") for r in hand_edits)
    await doko.env.advance_time(10)
    assert shows_current_state(doko)


async def test_a_turn_passes_without_a_post_and_the_same_leader_gets_no_new_ping(doko, requests):
    """Issue 25: the turn line is not deleted and re-posted (pinging twice) when the same
    person wins a trick and leads the next; no turn posts or deletes a line at all."""
    await doko.to_the_first_card()
    assert turn_lines(doko) == []  # the first turn's ping went once that person acted
    same_leader = 0
    while doko.table.state == "playing":
        game = doko.table.game
        seat = game.to_act
        start = len(requests.log)
        await doko.click_hand(doko.player(seat), "play")
        if doko.table.state == "playing" and not doko.table.game.current_trick and doko.table.game.to_act == seat:
            same_leader += 1  # the person who closed the trick won it and leads the next
        posts = [r for r in requests.channel(doko.channel.id, start) if r.method in ("POST", "DELETE")]
        if doko.table.state == "playing":
            assert posts == [] and turn_lines(doko) == []
    assert same_leader >= 1


async def test_after_a_restart_the_next_state_is_rendered(doko, store, deals, requests, pause):
    await seat_computers(doko)
    await doko.start()
    nord = doko.players[0]
    await doko.open_hand(nord)
    while doko.table.person_to_act() is None:
        await doko.env.advance_time(COMPUTER_DELAY)
    await doko.env.advance_time(THINK)
    await doko.click_hand(nord, "reserve", "gesund")
    while doko.table.person_to_act() is None:  # the computers play on up to a person
        await doko.env.advance_time(COMPUTER_DELAY)
    await doko.bot.close()  # a clean shutdown
    state = (doko.table.game_no, len(doko.table.game.actions))
    bot = paced_bot(store, deals, pause)
    start = len(requests.log)
    await doko.env.restart_bot(bot)
    on_virtual_time(doko)
    assert (doko.table.game_no, len(doko.table.game.actions)) == state
    message = doko.table_message()
    # a fresh process knows nothing of what the message shows: it edits it, picture included
    [edit] = [r for r in requests.channel(doko.channel.id, start) if r.method == "PATCH"]
    assert edit.png is not None
    assert message.embeds[0].description == render.table_text(doko.table, "de")[1]
    assert message.embeds[0].footer.text == t("de", "table.resumed")
    if doko.table.person_to_act() is not None:  # the new process pings the person to act, once
        assert len(turn_lines(doko)) == 1
    await play_against_computers(doko)
    assert doko.table.state == "between"


def table_edits(requests: Requests, doko: Driver, since: int) -> list[Request]:
    """The channel edits of the live table message since ``since``."""
    path = f"/channels/{doko.channel.id}/messages/{doko.table.message_id}"
    return [r for r in requests.log[since:] if r.method == "PATCH" and r.path.split("?")[0] == path]


async def test_at_six_a_burst_of_computer_cards_is_one_edit_shown_at_the_persons_turn(doko, requests):
    """Five computers: up to ten cards (8 s of their pauses) fall between two turns of the
    person, longer than the plain hold of 4 s. The edit waits for the person's turn, so each
    burst is at most one channel edit, and the person always sees the current table."""
    await seat_computers(doko, 5)
    await doko.start()
    nord = doko.players[0]
    await doko.open_hand(nord)
    start = len(requests.log)
    bursts: list[int] = []
    mark = start
    while doko.table.state == "playing" and len(bursts) < 6:
        if doko.table.person_to_act() is None:
            await doko.env.advance_time(COMPUTER_DELAY)
            continue
        await doko.env.advance_time(THINK)
        assert shows_current_state(doko), "the table message did not show the cards to the person to act"
        bursts.append(len(table_edits(requests, doko, mark)))
        mark = len(requests.log)
        phase = doko.table.game.phase
        await doko.click_hand(nord, "reserve", "gesund") if phase == "reserve" else await doko.click_hand(nord, "play")
    assert len(bursts) == 6 and max(bursts[1:]) == 1  # between two turns of the person: one edit
    calls = requests.channel(doko.channel.id, start)
    assert peak_per_window([r.at for r in calls]) <= 5


def turn_line_calls(requests: Requests, since: int = 0) -> list[Request]:
    """Posts of a turn line and deletes of messages: through the channel or a click's webhook."""
    return [r for r in requests.log[since:] if r.method == "DELETE"
            or (r.method == "POST" and isinstance(r.body, dict) and str(r.body.get("content", "")).endswith("ist am Zug."))]


async def test_the_first_turns_ping_is_a_followup_of_the_start_click_and_goes_the_same_way(doko, requests):
    """The ping and its delete go through the interaction of the click that started the game:
    outside the global limit and the channel's bucket."""
    await doko.open_and_seat()
    start = len(requests.log)
    await doko.start()
    [post] = turn_line_calls(requests, start)
    assert post.path.startswith("/webhooks/") and len(turn_lines(doko)) == 1
    first = doko.player(doko.table.game.to_act)
    assert f"<@{first.id}>" in turn_lines(doko)[0].content
    await doko.open_all_hands()
    mark = len(requests.log)
    await doko.reserve_all_gesund()
    [delete] = turn_line_calls(requests, mark)
    assert delete.path.startswith("/webhooks/") and turn_lines(doko) == []
    # besides the new game's table message, no post or delete through the channel
    posts = [r for r in requests.channel(doko.channel.id, start) if r.method in ("POST", "DELETE")]
    assert [r.body.get("embeds") is not None for r in posts] == [True]


def refuse(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """The interaction webhook refuses ``send`` or ``delete_message`` (e.g. its token is no good)."""
    async def refused(*args: Any, **kwargs: Any) -> Any:
        raise discord.HTTPException(SimpleNamespace(status=401, reason="Unauthorized"), "Invalid Webhook Token")

    monkeypatch.setattr(discord.Webhook, name, refused)


@pytest.mark.parametrize("refused", ["send", "delete_message"])
async def test_a_refused_followup_puts_the_turn_line_through_the_channel(doko, requests, monkeypatch, refused):
    await doko.open_and_seat()
    refuse(monkeypatch, refused)
    start = len(requests.log)
    await doko.start()
    [post] = turn_line_calls(requests, start)
    assert post.path.startswith("/channels/" if refused == "send" else "/webhooks/")
    assert len(turn_lines(doko)) == 1
    await doko.open_all_hands()
    mark = len(requests.log)
    await doko.reserve_all_gesund()
    [delete] = turn_line_calls(requests, mark)
    assert delete.path.startswith(f"/channels/{doko.channel.id}/") and turn_lines(doko) == []
