-- dokobot storage schema, version 1.
-- Times are integer Unix seconds (UTC). JSON columns hold compact JSON text.
-- Discord ids are 64-bit snowflakes and fit SQLite INTEGER.

-- NULL preset / language: not set, the bot's configured default applies.
CREATE TABLE channel_settings (
    channel_id  INTEGER PRIMARY KEY,
    preset      TEXT,
    overrides   TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(overrides)),
    language    TEXT    CHECK (language IS NULL OR language IN ('de', 'en')),
    updated_at  INTEGER NOT NULL
);

-- A player's own language for private (ephemeral) messages.
CREATE TABLE user_settings (
    user_id     INTEGER PRIMARY KEY,
    language    TEXT    CHECK (language IS NULL OR language IN ('de', 'en')),
    updated_at  INTEGER NOT NULL
);

CREATE TABLE players (
    user_id     INTEGER PRIMARY KEY,
    name        TEXT    NOT NULL,
    is_bot      INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1)),
    updated_at  INTEGER NOT NULL
);

CREATE TABLE tables (
    id          INTEGER PRIMARY KEY,
    channel_id  INTEGER NOT NULL,
    guild_id    INTEGER,
    host_id     INTEGER NOT NULL,
    message_id  INTEGER,
    status      TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    created_at  INTEGER NOT NULL,
    closed_at   INTEGER
);
-- At most one open table per channel; closed tables stay for the score sheets.
CREATE UNIQUE INDEX tables_open_channel ON tables (channel_id) WHERE status = 'open';

CREATE TABLE seats (
    table_id    INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    user_id     INTEGER,
    name        TEXT    NOT NULL,
    is_bot      INTEGER NOT NULL DEFAULT 0 CHECK (is_bot IN (0, 1)),
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;

CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    table_id    INTEGER NOT NULL REFERENCES tables (id),
    channel_id  INTEGER NOT NULL,
    number      INTEGER NOT NULL CHECK (number >= 1),
    rules       TEXT    NOT NULL CHECK (json_valid(rules)),
    players     TEXT    NOT NULL CHECK (json_valid(players)),
    dealer      INTEGER NOT NULL CHECK (dealer >= 0),
    hands       TEXT    NOT NULL CHECK (json_valid(hands)),
    started_at  INTEGER NOT NULL,
    finished_at INTEGER,
    result      TEXT    CHECK (result IS NULL OR json_valid(result)),
    contract    TEXT,
    status      TEXT    NOT NULL DEFAULT 'running'
                        CHECK (status IN ('running', 'finished', 'aborted')),
    UNIQUE (table_id, number),
    -- finished games carry their result; others do not
    CHECK ((status = 'finished') = (result IS NOT NULL AND finished_at IS NOT NULL))
);
-- Start-up recovery reads only the running games.
CREATE INDEX games_running ON games (status) WHERE status = 'running';
-- Export walks the finished games of one channel.
CREATE INDEX games_channel ON games (channel_id, status, id);

CREATE TABLE actions (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    idx         INTEGER NOT NULL CHECK (idx >= 0),
    action      TEXT    NOT NULL CHECK (json_valid(action)),
    PRIMARY KEY (game_id, idx)
) WITHOUT ROWID;

-- One row per seat that played a scored game (not for redeals, not for a
-- seat sitting out). Denormalized (channel, time, user, stat counters) so
-- statistics never need to parse JSON.
CREATE TABLE scores (
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat            INTEGER NOT NULL CHECK (seat >= 0),
    user_id         INTEGER NOT NULL,
    party           TEXT    CHECK (party IS NULL OR party IN ('re', 'kontra')),
    points          INTEGER NOT NULL,
    won             INTEGER NOT NULL CHECK (won IN (0, 1)),
    is_bot          INTEGER NOT NULL CHECK (is_bot IN (0, 1)),
    finished_at     INTEGER NOT NULL,
    channel_id      INTEGER NOT NULL,
    solo            INTEGER NOT NULL DEFAULT 0,
    hochzeit        INTEGER NOT NULL DEFAULT 0,
    stille_hochzeit INTEGER NOT NULL DEFAULT 0,
    announcements   INTEGER NOT NULL DEFAULT 0,
    doppelkopf      INTEGER NOT NULL DEFAULT 0,
    fuchs_caught    INTEGER NOT NULL DEFAULT 0,
    fuchs_lost      INTEGER NOT NULL DEFAULT 0,
    karlchen        INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
-- Per-player statistics: covering index, so /statistik is one range scan of
-- the player's entries instead of thousands of lookups into the table
-- (bench: 23 ms -> a few ms for 9,000 games of one player).
CREATE INDEX scores_player ON scores (
    channel_id, user_id, finished_at, party, won, points, solo, hochzeit, stille_hochzeit,
    announcements, doppelkopf, fuchs_caught, fuchs_lost, karlchen
);

-- Leaderboard aggregates, maintained by finish_game in the same transaction.
-- A scan of 400,000 score rows takes ~100 ms in SQLite; these tables keep a
-- leaderboard to a few thousand rows. Buckets are calendar months / days in
-- the bot's time zone, so every leaderboard period is a whole bucket range.
-- The primary key is the covering index (WITHOUT ROWID = clustered).
CREATE TABLE totals_month (
    channel_id  INTEGER NOT NULL,
    month       INTEGER NOT NULL,  -- year * 12 + month - 1
    user_id     INTEGER NOT NULL,
    is_bot      INTEGER NOT NULL,
    games       INTEGER NOT NULL,
    points      INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    PRIMARY KEY (channel_id, month, user_id)
) WITHOUT ROWID;

CREATE TABLE totals_day (
    channel_id  INTEGER NOT NULL,
    day         INTEGER NOT NULL,  -- proleptic Gregorian ordinal (date.toordinal())
    user_id     INTEGER NOT NULL,
    is_bot      INTEGER NOT NULL,
    games       INTEGER NOT NULL,
    points      INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    PRIMARY KEY (channel_id, day, user_id)
) WITHOUT ROWID;
