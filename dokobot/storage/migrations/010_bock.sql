-- dokobot storage schema, version 10: the Bock factor stored with the game (issue 39).
-- Bock is a running state of the table, so the Spielliste showed a game's factor
-- by replaying every finished game of the table on each view (1.2 s at 1,000
-- games). finish_game now stores the factor the game counted with. NULL: a game
-- finished before this version; the store replays such a table once, on the
-- first sheet read of it, and stores the factors of all its games.
ALTER TABLE games ADD COLUMN bock INTEGER;
-- The games still to replay, found without reading the table's others.
CREATE INDEX games_bock_missing ON games (table_id) WHERE bock IS NULL AND status = 'finished';
