"""Reads only the tests make: a table by id, a channel's open table, a table's lease.

The bot never asks for these (it restores ``open_tables`` and the stores keep their
own books), so they live beside the tests instead of in ``dokobot.storage``.
"""

from __future__ import annotations

from dokobot.storage import Database, TableInfo
from dokobot.storage.tables import _tables


async def get_table(db: Database, table_id: int) -> TableInfo | None:
    """The table with its seats, open or closed."""
    async with db.transaction(f"read table {table_id}", write=False) as conn:
        tables = await _tables(conn, "id = ?", (table_id,))
    return tables[0] if tables else None


async def open_table_in(db: Database, channel_id: int) -> TableInfo | None:
    """The channel's open table, if any."""
    return next((t for t in await db.open_tables() if t.channel_id == channel_id), None)


async def lease_holder(db: Database, table_id: int) -> tuple[str, int] | None:
    """(owner, milliseconds left) of the table's lease; None if it has none."""
    async with db.statement(f"read lease of table {table_id}") as conn:
        rows = list(await conn.execute_fetchall(
            "SELECT owner, expires_ms - doko_now_ms() FROM table_leases WHERE table_id = ?", (table_id,),
        ))
    return (str(rows[0][0]), int(rows[0][1])) if rows else None
