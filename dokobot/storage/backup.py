"""Copies of an SQLite database file with SQLite's online backup API.

Safe while the bot runs: the backup API copies a consistent snapshot page by
page, whatever another connection writes meanwhile (WAL included). Used before
an automatic migration and by ``dokobot backup``.
"""

from __future__ import annotations

import logging
import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from .errors import StorageError

log = logging.getLogger(__name__)


def backup_name(path: str | Path, version: int, now: datetime | None = None) -> Path:
    """``dokobot.sqlite3`` -> ``dokobot.sqlite3.v5-20261202T003800Z.backup`` next to it
    (``…Z-2.backup`` and so on when a start in the same second made one already)."""
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    path = Path(path)
    target, n = path.with_name(f"{path.name}.v{version}-{stamp}.backup"), 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.v{version}-{stamp}-{n}.backup")
    return target


def backup_file(source: str | Path, target: str | Path) -> None:
    """Copy the database ``source`` into the new file ``target``.

    The source is opened read-only (a missing file is an error, never a new
    empty database); an existing target is refused, never overwritten. The
    copy is written under a temporary name and renamed when complete, so a
    failed backup leaves no half file that looks like one.
    """
    source, target = Path(source), Path(target)
    if not source.is_file():
        raise StorageError(f"database not found: {source}")
    if target.exists():
        raise StorageError(f"backup target exists already: {target}")
    partial = target.with_name(target.name + ".partial")
    try:
        src = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
        try:
            dst = sqlite3.connect(partial)
            try:
                src.backup(dst)
            finally:
                dst.close()
        finally:
            src.close()
        os.replace(partial, target)
    except (sqlite3.Error, OSError) as exc:
        partial.unlink(missing_ok=True)
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise StorageError(f"cannot back up {source} to {target}: {reason}") from exc


def backup_before_migration(path: str | Path, version: int, latest: int) -> Path:
    """The automatic backup of a schema-``version`` file about to be migrated to ``latest``."""
    target = backup_name(path, version)
    backup_file(path, target)
    log.info("database %s is at schema version %d: backed up to %s before migrating to version %d",
             path, version, target, latest)
    return target
