-- dokobot storage schema, version 12: Doppelkopf nights (issue 42).
-- An event is its state, kept whole as one JSON value (dokobot.table.event.codec),
-- beside what the bot needs to find it without reading that value: its channel,
-- whether it ended, the public message, the scheduled start and the Discord
-- Scheduled Event made for it. Times are Unix seconds.
CREATE TABLE events (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,
    state         TEXT    NOT NULL CHECK (json_valid(state)),
    created_at    INTEGER NOT NULL,
    message_id    INTEGER,
    starts_at     INTEGER,
    scheduled_id  INTEGER,
    reminded      INTEGER NOT NULL DEFAULT 0 CHECK (reminded IN (0, 1)),
    ended         INTEGER NOT NULL DEFAULT 0 CHECK (ended IN (0, 1))
);
-- At most one event per channel that has not ended; the same index finds the
-- running events at a restart.
CREATE UNIQUE INDEX events_running ON events (channel_id) WHERE ended = 0;
-- /doko turnier shows the channel's events, the newest first.
CREATE INDEX events_channel ON events (channel_id, id);

-- One row per table of a round: the thread it plays in and, once opened there,
-- the table (its games are the standings' rows).
CREATE TABLE event_tables (
    event_id    INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round       INTEGER NOT NULL CHECK (round >= 1),
    table_no    INTEGER NOT NULL CHECK (table_no >= 1),
    thread_id   INTEGER NOT NULL,
    table_id    INTEGER REFERENCES tables (id),
    PRIMARY KEY (event_id, round, table_no)
) WITHOUT ROWID;

-- A table of an event keeps what a restart needs beside its seats (JSON, NULL:
-- an ordinary table): that it belongs to an event (no joins, no rule changes),
-- the game after which the time limit cut its list, and whether it is held.
ALTER TABLE tables ADD COLUMN event TEXT CHECK (event IS NULL OR json_valid(event));
