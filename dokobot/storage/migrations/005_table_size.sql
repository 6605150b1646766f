-- dokobot storage schema, version 5: the table size of every scored game (issue 13).
-- size = how many players got cards: 4 at a table of four and at five with the
-- dealer sitting out, 5 at five when all play, 6 at six (Münchener Regeln).
-- Points per game are only comparable between games of one size (a soloist
-- wins 3x at 1:3 but 5x at 1:5), so statistics and leaderboards filter and
-- break down by it.
ALTER TABLE scores ADD COLUMN size INTEGER NOT NULL DEFAULT 4 CHECK (size > 0);

-- Backfill: a scored game has one score row per seat that got cards (none for
-- a seat sitting out), so its size is its number of score rows. Portable SQL:
-- no JSON functions, the same statement on SQLite and PostgreSQL.
UPDATE scores SET size = (SELECT COUNT(*) FROM scores s WHERE s.game_id = scores.game_id);

-- The statistics index stays covering, with the size right after the player
-- so /statistik tisch:… is one range scan too.
DROP INDEX scores_player;
CREATE INDEX scores_player ON scores (
    channel_id, user_id, size, finished_at, party, won, points, solo, hochzeit, stille_hochzeit,
    announcements, doppelkopf, fuchs_caught, fuchs_lost, karlchen
);

-- The leaderboard aggregates get the size as the last key column: a filtered
-- leaderboard reads the same bucket range and skips the other sizes. The old
-- totals have no size, so they are rebuilt from the score rows (what
-- rebuild_totals does).
DROP TABLE totals_month;
CREATE TABLE totals_month (
    channel_id  INTEGER NOT NULL,
    month       INTEGER NOT NULL,  -- year * 12 + month - 1
    user_id     INTEGER NOT NULL,
    size        INTEGER NOT NULL,  -- players who got cards, as in scores
    is_bot      INTEGER NOT NULL,
    games       INTEGER NOT NULL,
    points      INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    PRIMARY KEY (channel_id, month, user_id, size)
) WITHOUT ROWID;
INSERT INTO totals_month (channel_id, month, user_id, size, is_bot, games, points, wins)
    SELECT channel_id, doko_month(finished_at), user_id, size, MAX(is_bot), COUNT(*), SUM(points), SUM(won)
    FROM scores GROUP BY channel_id, doko_month(finished_at), user_id, size;

DROP TABLE totals_day;
CREATE TABLE totals_day (
    channel_id  INTEGER NOT NULL,
    day         INTEGER NOT NULL,  -- proleptic Gregorian ordinal (date.toordinal())
    user_id     INTEGER NOT NULL,
    size        INTEGER NOT NULL,
    is_bot      INTEGER NOT NULL,
    games       INTEGER NOT NULL,
    points      INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    PRIMARY KEY (channel_id, day, user_id, size)
) WITHOUT ROWID;
INSERT INTO totals_day (channel_id, day, user_id, size, is_bot, games, points, wins)
    SELECT channel_id, doko_day(finished_at), user_id, size, MAX(is_bot), COUNT(*), SUM(points), SUM(won)
    FROM scores GROUP BY channel_id, doko_day(finished_at), user_id, size;
