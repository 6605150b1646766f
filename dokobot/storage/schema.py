"""Numbered SQL migrations shipped as package data (``migrations/NNN_name.sql``)."""

from __future__ import annotations

import re
import sqlite3
from dataclasses import dataclass
from importlib import resources

_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str

    def statements(self) -> list[str]:
        """Split the script into single statements.

        ``executescript`` would commit the surrounding transaction first, so the
        migrations are run statement by statement inside our own transaction.
        ``sqlite3.complete_statement`` keeps trigger bodies (``BEGIN ... END;``)
        in one piece.
        """
        out: list[str] = []
        buf = ""
        for line in self.sql.splitlines(keepends=True):
            buf += line
            if sqlite3.complete_statement(buf):
                if _strip_comments(buf):
                    out.append(buf.strip())
                buf = ""
        if _strip_comments(buf):
            raise ValueError(f"migration {self.name}: unterminated statement at the end")
        return out


def _strip_comments(sql: str) -> str:
    return "\n".join(
        line for line in sql.splitlines() if line.strip() and not line.strip().startswith("--")
    ).strip()


def load_migrations() -> list[Migration]:
    """All shipped migrations, ordered; numbering must be 1, 2, 3, ... without gaps."""
    folder = resources.files("dokobot.storage") / "migrations"
    found = []
    for entry in folder.iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), entry.name, entry.read_text("utf-8")))
    found.sort(key=lambda m: m.version)
    expected = list(range(1, len(found) + 1))
    if [m.version for m in found] != expected:
        raise RuntimeError(f"migrations are not numbered 1..n: {[m.name for m in found]}")
    return found


def pending(migrations: list[Migration], current: int, where: str) -> list[Migration]:
    """The migrations a database at version ``current`` still needs; a newer
    database than this dokobot knows is refused (``where``: what to use instead)."""
    latest = len(migrations)
    if current > latest:
        from .errors import StorageError

        raise StorageError(
            f"database schema version {current} is newer than this dokobot supports ({latest});"
            f" upgrade dokobot or use another {where}"
        )
    return migrations[current:]
