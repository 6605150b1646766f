"""Export a channel's finished games as ``dokobot-game/1`` JSON files."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .database import Database
from .errors import StorageError
from .postgres import is_postgres_url


async def export_channel(
    db_path: str | Path, channel_id: int, out_dir: str | Path, *, verify: bool = True, known_only: bool = False
) -> int:
    """Write one ``game-<id>.json`` per finished game of the channel; return how many.

    With ``verify`` every record is replayed by the engine first and must give
    the stored score, so an export never contains a record that does not
    replay. Safe while the bot runs (WAL readers do not block the writer).
    ``known_only``: a channel that never had a table is an error, not 0 games
    (the command line: a mistyped channel id must not look like an empty one).
    """
    replay = _replayer() if verify else None
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StorageError(f"cannot create export directory {out}: {exc.strerror}") from exc
    if not str(db_path).startswith("file:") and not is_postgres_url(str(db_path)) and not Path(db_path).is_file():
        raise StorageError(f"database not found: {db_path}")  # opening would create an empty one
    db = await Database.open(db_path)
    try:
        if known_only and not await db.channel_known(channel_id):
            raise StorageError(f"channel {channel_id} is unknown: no table was ever opened there")
        written = 0
        for game_id in await db.finished_games(channel_id):
            record = await db.game_record(game_id)
            if replay is not None:
                _verify(game_id, record, await db.game_result(game_id), replay)
            _write_json(out / f"game-{game_id}.json", record)
            written += 1
        return written
    finally:
        await db.close()


def _replayer() -> Any:
    # Imported here only: storage (layer 3) must not depend on the engine at import time.
    try:
        from dokobot.engine.record import replay
    except ImportError as exc:
        raise StorageError(f"cannot verify records: engine replay unavailable ({exc})") from exc
    return replay


def _verify(game_id: int, record: dict[str, Any], stored: dict[str, Any] | None, replay: Any) -> None:
    try:
        replayed = replay(record)
    except Exception as exc:  # ReplayError, or any engine bug: name the game and stop
        raise StorageError(f"game {game_id} does not replay: {exc}") from exc
    if stored is not None and replayed.get("score") != stored.get("score"):
        raise StorageError(
            f"game {game_id}: replayed score {replayed.get('score')} differs from stored {stored.get('score')}"
        )


def _write_json(path: Path, record: dict[str, Any]) -> None:
    """Write via a temporary file and rename, so a crash never leaves half a record."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(record, fh, ensure_ascii=False, indent=1)
            fh.write("\n")
        os.replace(tmp, path)
    except OSError as exc:
        raise StorageError(f"cannot write {path}: {exc.strerror}") from exc
