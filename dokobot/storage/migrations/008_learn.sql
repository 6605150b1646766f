-- dokobot storage schema, version 6: learning from the games (issue 24).
-- A team rating per channel (OpenSkill Plackett-Luce, dokobot/storage/rating.py):
-- mu and sigma per player; computer players are rated per level (one key per
-- level, see rating.rating_key). Updated in the game's finishing transaction and
-- recomputable from the records (dokobot rerate), so it is derived data.
CREATE TABLE ratings (
    channel_id  INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,  -- the rating key: a person's id, or a level's key
    is_bot      INTEGER NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL,
    PRIMARY KEY (channel_id, user_id)
) WITHOUT ROWID;

-- The rating after each rated game: the history /doko statistik draws.
CREATE TABLE rating_history (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
CREATE INDEX rating_history_player ON rating_history (channel_id, user_id, game_id);

-- The analysis of a finished game (curve, each seat's costliest decisions) as
-- JSON, computed off the event loop after the game and kept across restarts.
CREATE TABLE analyses (
    game_id     INTEGER NOT NULL PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    data        TEXT NOT NULL
);

-- Tipps a person asked for in a game (the score sheet counts them).
CREATE TABLE hints (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    count       INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
) WITHOUT ROWID;
