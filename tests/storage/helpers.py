"""Helpers of the storage tests: a filled database to migrate, and the leaderboard and
statistics computed independently in Python."""

from __future__ import annotations

import random
from collections import defaultdict
from datetime import datetime
from zoneinfo import ZoneInfo

from dokobot.storage import Database

from .gen import pool, random_game, store_game

FOUR = [{"user_id": i, "name": f"P{i}"} for i in (1, 2, 3, 4)]


async def _fill(path) -> dict:
    db = await Database.open(path)
    rng = random.Random(5)
    players = pool(rng)
    old = {c: await db.open_table(c, 7, 1000) for c in (100, 200)}
    for _ in range(120):
        await store_game(db, old[rng.choice([100, 100, 200])], random_game(rng, players, 400, big=True))
    for table in old.values():
        await db.close_table(table)
    await db.set_settings(100, preset="haus", overrides={"bock": True}, language="en")
    await db.set_user_language(1, "en")
    live = await db.open_table(100, 7, 1, FOUR, message_id=99)
    aborted = await db.create_game(live, {"preset": "haus"}, FOUR, 0, [["CQ"], ["HT"], ["CJ"], ["HA"]])
    await db.append_action(aborted, 0, {"seat": 1, "reserve": "gesund"})
    await db.abort_game(aborted)
    running = await db.create_game(live, {"preset": "haus"}, FOUR, 1, [["CQ"], ["HT"], ["CJ"], ["HA"]])
    for i, seat in enumerate((2, 3, 0)):
        await db.append_action(running, i, {"seat": seat, "reserve": "gesund"})
    state = {
        "running": await db.unfinished_games(),
        "tables": await db.open_tables(),
        "settings": await db.get_settings(100),
        "record": await db.game_record((await db.finished_games(100))[0]),
        "stats": await db.statistics(100, players[0]["user_id"]),
        "sheet": await db.score_sheet(old[100]),
    }
    await db.close()
    return state


BERLIN = ZoneInfo("Europe/Berlin")


K = 10


def _key(player):
    """Players are identified by user id; computer players without one by name."""
    return player["user_id"] if player["user_id"] is not None else player["name"]


def _in_period(when: datetime, period: str, now: datetime) -> bool:
    day, today = when.astimezone(BERLIN).date(), now.astimezone(BERLIN).date()
    return {
        "alle": True,
        "jahr": day.year == today.year,
        "monat": (day.year, day.month) == (today.year, today.month),
        "woche": day.isocalendar()[:2] == today.isocalendar()[:2],
    }[period]


def _seats_played(game):
    """(seat, player, party) of everyone who played a scored game."""
    if game.result["contract"] == "redeal":
        return []
    out = []
    for seat, player in enumerate(game.players):
        if game.hands[seat]:
            party = "re" if seat in game.result["re"] else "kontra"
            out.append((seat, player, party))
    return out


def expected_board(games, period, now):
    acc = defaultdict(lambda: {"games": 0, "points": 0, "wins": 0, "bot": False, "name": ""})
    for game in games:
        if not _in_period(game.finished_at, period, now):
            continue
        for seat, player, party in _seats_played(game):
            row = acc[_key(player)]
            row["games"] += 1
            row["points"] += game.points[seat]
            row["wins"] += party == game.result["winner"]
            row["bot"], row["name"] = player["is_bot"], player["name"]
    total_games = sum(r["games"] for r in acc.values())
    prior = sum(r["points"] for r in acc.values()) / total_games if total_games else 0.0
    return acc, prior


def _sort_key(order, prior):
    return {
        "punkte": lambda r: (-r["points"], r["games"], r["name"].casefold()),
        "ppg": lambda r: (-(r["points"] + K * prior) / (r["games"] + K), -r["games"], r["name"].casefold()),
        "siege": lambda r: (-r["wins"], -r["points"], r["name"].casefold()),
    }[order]


def expected_stats(games, user_key):
    s = defaultdict(int)
    for game in games:
        result = game.result
        for seat, player, party in _seats_played(game):
            if _key(player) != user_key:
                continue
            won = party == result["winner"]
            s["games"] += 1
            s["points"] += game.points[seat]
            s["wins"] += won
            s[f"{party}_games"] += 1
            s[f"{party}_wins"] += won
            solo = result["contract"].startswith("solo:") and party == "re"
            s["soli"] += solo
            s["soli_won"] += solo and won
            said_hochzeit = {"seat": seat, "reserve": "hochzeit"} in game.actions
            s["hochzeiten"] += result["contract"] == "hochzeit" and said_hochzeit
            s["stille_hochzeiten"] += result["contract"] == "stille_hochzeit" and party == "re"
            said = sum(1 for a in game.actions if a.get("seat") == seat and "announce" in a)
            s["announcements"] += said
            s["announcements_won"] += said if won else 0
            for extra in result["extras"]:
                s["doppelkoepfe"] += extra["key"] == "doppelkopf" and extra["seat"] == seat
                s["karlchen"] += extra["key"] == "karlchen" and extra["seat"] == seat
                s["fuechse_caught"] += extra["key"] == "fuchs" and extra["seat"] == seat
                s["fuechse_lost"] += extra["key"] == "fuchs" and extra["victim"] == seat
    return s
