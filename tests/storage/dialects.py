"""What a storage test needs to do differently per dialect: fault injection
(a trigger that fails a write) and a raw snapshot of the tables."""

from __future__ import annotations

SNAPSHOT_TABLES = ("games", "scores", "totals_month", "totals_day", "actions")


async def snapshot(db, tables=SNAPSHOT_TABLES) -> dict[str, list]:
    conn = db._connection()
    return {
        name: sorted((tuple(r) for r in await conn.execute_fetchall(f"SELECT * FROM {name}")), key=repr)
        for name in tables
    }


async def fail_inserts(db, table: str, message: str, *, seat: int | None = None) -> None:
    """From now on inserting into ``table`` (only rows of ``seat``, if given) fails with ``message``."""
    conn = db._connection()
    if db.dialect == "sqlite":
        when = f" WHEN NEW.seat = {int(seat)}" if seat is not None else ""
        await conn.execute(
            f"CREATE TRIGGER boom BEFORE INSERT ON {table}{when}"
            f" BEGIN SELECT RAISE(ABORT, '{message}'); END"
        )
        return
    condition = f"NEW.seat = {int(seat)}" if seat is not None else "true"
    await conn.execute(
        "CREATE OR REPLACE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
        f" IF {condition} THEN RAISE EXCEPTION '{message}'; END IF; RETURN NEW; END $$"
    )
    await conn.execute(f"CREATE TRIGGER boom BEFORE INSERT ON {table} FOR EACH ROW EXECUTE FUNCTION boom()")


async def stop_failing(db, table: str) -> None:
    """Inserts work again; the schema is as before ``fail_inserts`` (so it can be lent again)."""
    conn = db._connection()
    await conn.execute("DROP TRIGGER boom" if db.dialect == "sqlite" else f"DROP TRIGGER boom ON {table}")
    if db.dialect != "sqlite":
        await conn.execute("DROP FUNCTION boom()")
