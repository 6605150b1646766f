-- dokobot storage schema, version 2: people come and go (issue 11).

-- A channel's table settings (turn_timeout, on_timeout, mentions) as JSON;
-- '{}': the defaults.
ALTER TABLE channel_settings ADD COLUMN table_settings TEXT NOT NULL DEFAULT '{}'
    CHECK (json_valid(table_settings));

-- People waiting for a seat at an open table, in order: [{user_id, name, is_bot}].
ALTER TABLE tables ADD COLUMN waiting TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(waiting));

-- The turn timer and who a computer plays for:
-- {"clock": {game_no, seat, step, deadline, reminded} | null, "away": [user_id, ...]}.
-- The deadline is stored so the timer survives a restart.
ALTER TABLE tables ADD COLUMN turn TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(turn));
