-- dokobot storage schema, version 6: the Spielliste's sums per table (issue 20).
-- /doko liste read every finished game of the table on each call (3.3 s at
-- 4,000 games, past Discord's 3 seconds). finish_game keeps these sums in the
-- same transaction, as it keeps the leaderboard's: one row per table, player
-- and table size, so a page of the sheet reads its own games and these rows,
-- however long the table has played.
CREATE TABLE sheet_totals (
    table_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    size        INTEGER NOT NULL,
    games       INTEGER NOT NULL,
    points      INTEGER NOT NULL,
    first_game  INTEGER NOT NULL,  -- number of the player's first scored game at that size (sheet order)
    PRIMARY KEY (table_id, user_id, size)
) WITHOUT ROWID;

-- Backfill from the score rows (portable SQL, the same on SQLite and PostgreSQL).
INSERT INTO sheet_totals (table_id, user_id, size, games, points, first_game)
SELECT g.table_id, s.user_id, s.size, COUNT(*), SUM(s.points), MIN(g.number)
FROM scores s JOIN games g ON g.id = s.game_id
WHERE g.status = 'finished'
GROUP BY g.table_id, s.user_id, s.size;
