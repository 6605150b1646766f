"""Table leases: which bot process may write to which open table.

Several processes (shard ranges) share one database. Each open table is
written by the process holding its lease; the holder renews it well before
it expires, and another process takes it over only once it has expired.
Times are the database's clock (``doko_now_ms()``), so processes on machines
with different clocks still agree. A trigger fence (``postgres._FENCE``;
TEMP triggers in ``core._fence`` for SQLite) also refuses, in the writing
transaction itself, every write by a process that does not hold the table's
lease any more.
"""

from __future__ import annotations

from collections.abc import Iterable

from .core import Core, _all

_ACQUIRE = (
    "INSERT INTO table_leases (table_id, owner, expires_ms) VALUES (?, ?, doko_now_ms() + ?)"
    " ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, expires_ms = excluded.expires_ms"
    " WHERE table_leases.owner = excluded.owner OR table_leases.expires_ms <= doko_now_ms()"
    " RETURNING table_id"
)


class LeasesRepo(Core):
    async def acquire_lease(self, table_id: int, owner: str, ttl_ms: int) -> bool:
        """Take (or extend) the table's lease; False while another owner's lease runs."""
        async with self._transaction(f"lease table {table_id}") as conn:
            rows = await _all(
                conn, "SELECT 1 FROM tables WHERE id = ? AND status = 'open'", (table_id,)
            )
            if not rows:
                return False
            return bool(await _all(conn, _ACQUIRE, (table_id, owner, int(ttl_ms))))

    async def renew_leases(self, owner: str, table_ids: Iterable[int], ttl_ms: int) -> set[int]:
        """Extend the owner's unexpired leases among ``table_ids``; returns those still held."""
        held: set[int] = set()
        async with self._transaction("renew table leases") as conn:
            for table_id in table_ids:
                rows = await _all(
                    conn,
                    "UPDATE table_leases SET expires_ms = doko_now_ms() + ?"
                    " WHERE table_id = ? AND owner = ? AND expires_ms > doko_now_ms() RETURNING table_id",
                    (int(ttl_ms), table_id, owner),
                )
                held.update(int(r[0]) for r in rows)
        return held

    async def release_leases(self, owner: str, table_ids: Iterable[int] | None = None) -> None:
        """Give leases up (clean shutdown, closed table): others may take them at once."""
        async with self._transaction("release table leases") as conn:
            if table_ids is None:
                await conn.execute("DELETE FROM table_leases WHERE owner = ?", (owner,))
            else:
                await conn.executemany(
                    "DELETE FROM table_leases WHERE table_id = ? AND owner = ?",
                    [(t, owner) for t in table_ids],
                )
