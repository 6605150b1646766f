"""The one exception type the storage layer raises."""

from __future__ import annotations

import sqlite3


class StorageError(Exception):
    """A storage operation failed; the database is unchanged by it.

    ``str(exc)`` is one line meant for logs and for the bot owner.
    """


def describe(exc: BaseException) -> str:
    """Turn a low-level sqlite error into a short sentence a bot owner can act on."""
    text = str(exc)
    low = text.lower()
    if "locked" in low or "busy" in low:
        return "database is locked by another process (busy timeout exceeded)"
    if "readonly" in low or "read-only" in low:
        return "database is read-only (check file and directory permissions)"
    if "not a database" in low or "malformed" in low or "corrupt" in low:
        return "database file is corrupt or not an SQLite database"
    if "unable to open" in low:
        return "cannot open database file (missing directory or no permission)"
    if isinstance(exc, sqlite3.IntegrityError):
        return f"constraint violated: {text}"
    return text or type(exc).__name__
