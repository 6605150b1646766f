-- dokobot storage schema, version 3: table leases.
-- Several bot processes (shards) share one PostgreSQL database; each open
-- table is written by the one process holding its lease. The owner renews
-- it; another process takes it over only after expires_ms (milliseconds
-- since the epoch, the database's clock) has passed.
CREATE TABLE table_leases (
    table_id    INTEGER NOT NULL PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    owner       TEXT    NOT NULL,
    expires_ms  INTEGER NOT NULL
);
CREATE INDEX table_leases_owner ON table_leases (owner);
