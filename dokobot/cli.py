"""The ``dokobot`` command: run the bot, sync its commands, replay a game record, export a
channel, back up the database, move to PostgreSQL."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any


def _replay(path: str) -> int:
    from .engine.record import ReplayError, replay_game

    try:
        text = sys.stdin.read() if path == "-" else open(path, encoding="utf-8").read()
    except OSError as exc:
        return _fail({"error": f"cannot read {path}: {exc.strerror}", "action": None})
    except UnicodeDecodeError:
        return _fail({"error": f"{path} is not UTF-8 text", "action": None})
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        return _fail({"error": f"not valid JSON: {exc.msg} (line {exc.lineno})", "action": None})
    except RecursionError:  # the JSON parser itself recurses per nesting level
        return _fail({"error": "the record is nested too deeply", "action": None})
    except ValueError:  # an integer of more digits than Python converts (4,300: sys.get_int_max_str_digits)
        return _fail({"error": "a number in the record is too long", "action": None})
    try:
        game = replay_game(record)
        result = game.game_result().replay_json() if game.finished else game.result()
    except ReplayError as exc:
        return _fail(exc.to_json())
    except RecursionError:
        return _fail({"error": "the record is nested too deeply", "action": None})
    _out(json.dumps(result, ensure_ascii=False))
    return 0


def _out(line: str) -> None:
    """Print to stdout, which may be a pipe closed early (``| head``): no traceback then."""
    try:
        print(line, flush=True)
    except BrokenPipeError:
        # Python flushes stdout again at exit: point it at devnull so that stays quiet.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _fail(error: dict[str, Any]) -> int:
    print(json.dumps(error, ensure_ascii=False), file=sys.stderr)
    return 2


def _run(config: str | None) -> int:
    from .bot.runner import run_bot

    return run_bot(config)


def _sync(config: str | None) -> int:
    from .bot.runner import sync_now

    return sync_now(config)


def _backup(db: str, to: str) -> int:
    from .storage.backup import backup_file
    from .storage.errors import StorageError
    from .storage.postgres import is_postgres_url

    if is_postgres_url(db):
        print("dokobot: backup copies an SQLite file; back up PostgreSQL with pg_dump", file=sys.stderr)
        return 2
    try:
        backup_file(db, to)
    except StorageError as exc:
        print(f"dokobot: {exc}", file=sys.stderr)
        return 2
    _out(f"backed up {db} to {to}")
    return 0


def _export(channel: int, out: str, db: str | None, config: str | None) -> int:
    import asyncio

    from .bot.config import ConfigError, load_config
    from .storage.export import export_channel
    from .storage.postgres import is_postgres_url

    if db is None:
        try:
            db = load_config(config, require_token=False).database
        except ConfigError as exc:
            print(f"dokobot: {exc}", file=sys.stderr)
            return 2
    if not str(db).startswith("file:") and not is_postgres_url(db) and not Path(db).is_file():
        # opening would create an empty database: a typo must not look like "0 games"
        print(f"dokobot: database not found: {db}", file=sys.stderr)
        return 2
    try:
        n = asyncio.run(export_channel(db, channel, out, known_only=True))
    except Exception as exc:  # storage errors carry a clear message; never a traceback
        print(f"dokobot: export failed: {exc}", file=sys.stderr)
        return 2
    _out(f"{n} games written to {out}")
    return 0


def _migrate_db(source: str, target: str) -> int:
    import asyncio

    from .storage.errors import StorageError
    from .storage.migrate import migrate_db
    from .storage.postgres import redact

    try:
        report = asyncio.run(migrate_db(source, target, progress=print))
    except (StorageError, OSError) as exc:
        print(f"dokobot: migrate-db failed: {exc}", file=sys.stderr)
        return 2
    games = report.counts.get("games", 0)
    print(f"copied {games} games of {report.channels} channels from {source} to {redact(target)}")
    return 0


def _rerate(db: str) -> int:
    import asyncio

    from .storage import Database
    from .storage.errors import StorageError
    from .storage.postgres import is_postgres_url, redact

    if not db.startswith("file:") and not is_postgres_url(db) and not Path(db).is_file():
        print(f"dokobot: database not found: {db}", file=sys.stderr)  # opening would create one
        return 2

    async def go() -> int:
        database = await Database.open(db)
        try:
            return await database.rerate()
        finally:
            await database.close()

    try:
        n = asyncio.run(go())
    except (StorageError, OSError) as exc:
        print(f"dokobot: rerate failed: {exc}", file=sys.stderr)
        return 2
    _out(f"ratings computed again from {n} games in {redact(db)}")
    return 0


RERATE_HELP = """\
Compute every channel's rating (the OpenSkill team rating of /doko rangliste)
again from the stored finished games, oldest first, exactly as the bot updates
it when a game ends. Throw-ins are no game; a dealer sitting out is not rated.
Safe to run again. Run it while the bot is stopped: a game finishing during
the run could be rated on the numbers from before.

Exit status: 0 done (the number of games is printed); 2 the database cannot
be read or written (one line on standard error).
"""

REPLAY_HELP = """\
Replay a dokobot-game/1 game record (docs/game-record.md): every action is
checked against the rules of the record.

Prints on standard output one JSON object, the replay result: contract,
re, kontra, augen, tricks, winner, game_value, score (per seat) and
breakdown (German labels). A record that stops before the last trick
prints the state so far with "finished": false and no score.

Exit status:
  0  the record replays (finished or not); the result is on standard output
  2  the record is illegal or malformed, or the file cannot be read: one
     JSON object {"error": "...", "action": INDEX} on standard error names
     the first bad action (null: a problem in the header); nothing on
     standard output
"""

EXPORT_HELP = """\
Write every finished game of one Discord channel as a game record
(docs/game-record.md), one file game-<id>.json each, into --out. Each
record is replayed first and must give the stored score. Running and
aborted games are never written (a running game's record shows every hand).
Safe while the bot runs.

The channel id: in Discord, turn on Settings > Advanced > Developer Mode,
then right-click the channel (long-press on a phone) and choose "Copy
Channel ID". A channel where no table was ever opened is an error, not
"0 games".

Exit status: 0 written (the number of games is printed); 2 the database
or config cannot be read, the channel is unknown, or writing failed (one
line on standard error).
"""


BACKUP_HELP = """\
Copy the bot's SQLite database into a new file with SQLite's online backup
API: a consistent snapshot, safe while the bot runs. The bot also makes one
by itself before it migrates the database to a new schema version (next to
the file, named FILE.vN-TIMESTAMP.backup). To restore, stop the bot and put
the copy in place of the database file.

Exit status: 0 copied; 2 the database is missing or not SQLite, the target
exists already, or the copy failed (one line on standard error).
"""


RUN_HELP = """\
Start the bot: connect to Discord with the token (`token` in the config, or
the environment variable DOKOBOT_TOKEN), open the database (`database`;
SQLite by default, created on the first good start), restore every table
and keep running until stopped (Ctrl+C or SIGTERM end it cleanly: open
hands are marked out of date, nothing is lost). Every config key is
documented in config.example.toml.

Exit status: 0 stopped cleanly; 2 the config, the token or the database
cannot be used, or Discord refused the login (one line on standard error;
a start that fails before it connects leaves no new database file behind).
"""

SYNC_HELP = """\
Register the slash commands with Discord now, also when they did not change
(the running bot registers them by itself only when they changed). With
`guild_id` in the config the commands go to that one server and appear at
once; without it they are global. Reads the same config as `dokobot run`.

Exit status: 0 registered; 2 the config or token cannot be used, or Discord
refused (one line on standard error naming what it refused).
"""

MIGRATE_HELP = """\
Copy an SQLite database of the bot into an empty PostgreSQL database, for
running several shard processes on one database (docs/scaling.md). Stop the
bot first. The copy checks the row counts of every table and every
channel's leaderboard against the source; a target that already holds data
is refused, so nothing is overwritten.

Exit status: 0 copied and checked; 2 the source or target cannot be used,
the target is not empty, or a check failed (one line on standard error).
"""


def version() -> str:
    """The version: one source, ``dokobot.__version__`` (pyproject.toml reads it too)."""
    from . import __version__

    return __version__


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="dokobot", description="Doppelkopf for Discord")
    p.add_argument("--version", action="version", version=f"dokobot {version()}")
    sub = p.add_subparsers(dest="command", required=True)
    raw = argparse.RawDescriptionHelpFormatter
    run = sub.add_parser("run", help="start the bot", description=RUN_HELP, formatter_class=raw)
    run.add_argument("--config", metavar="FILE",
                     help="TOML config file (default: config.toml if present, else the built-in defaults)")
    syn = sub.add_parser("sync", help="register the slash commands with Discord now (also when unchanged)",
                         description=SYNC_HELP, formatter_class=raw)
    syn.add_argument("--config", metavar="FILE",
                     help="TOML config file with the token and guild_id (default: config.toml if present)")
    rep = sub.add_parser("replay", help="replay a dokobot-game/1 record and print the result",
                         description=REPLAY_HELP, formatter_class=raw)
    rep.add_argument("file", help="record file, or - for standard input")
    exp = sub.add_parser("export", help="write all finished games of a channel as records",
                         description=EXPORT_HELP, formatter_class=raw)
    exp.add_argument("--channel", type=int, required=True, metavar="ID",
                     help="the Discord channel id (a number; see above how to copy it)")
    exp.add_argument("--out", required=True, metavar="DIR",
                     help="directory for the records (created if missing; files of the same name are replaced)")
    exp.add_argument("--db", metavar="FILE",
                     help="the bot's SQLite database or postgresql:// URL (default: `database` of the config)")
    exp.add_argument("--config", metavar="FILE",
                     help="TOML config file to read the database path from (default: config.toml if present)")
    bak = sub.add_parser("backup", help="copy the SQLite database (safe while the bot runs)",
                         description=BACKUP_HELP, formatter_class=raw)
    bak.add_argument("--db", required=True, metavar="FILE", help="the bot's SQLite database file")
    bak.add_argument("--to", required=True, metavar="FILE", help="the new backup file (must not exist)")
    mig = sub.add_parser("migrate-db", help="copy an SQLite database into an empty PostgreSQL database",
                         description=MIGRATE_HELP, formatter_class=raw)
    mig.add_argument("--from", dest="source", required=True, metavar="FILE", help="the SQLite database file")
    mig.add_argument("--to", dest="target", required=True, metavar="URL", help="postgresql://user:password@host/dbname")
    rer = sub.add_parser("rerate", help="compute the ratings again from the stored games",
                         description=RERATE_HELP, formatter_class=raw)
    rer.add_argument("--db", required=True, metavar="FILE",
                     help="the bot's SQLite database or postgresql:// URL")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "run":
        return _run(args.config)
    if args.command == "sync":
        return _sync(args.config)
    if args.command == "backup":
        return _backup(args.db, args.to)
    if args.command == "migrate-db":
        return _migrate_db(args.source, args.target)
    if args.command == "rerate":
        return _rerate(args.db)
    return _export(args.channel, args.out, args.db, args.config)


if __name__ == "__main__":
    sys.exit(main())
