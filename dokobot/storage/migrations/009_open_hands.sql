-- dokobot storage schema, version 9: the open private hands (issue 25).
-- A hand is an ephemeral message that only an interaction token can edit, for
-- 15 minutes after the interaction. The presenter keeps one row per hand it
-- keeps current, so after a kill the next process edits each hand whose token
-- still holds once more (it says it is out of date and how to get a fresh one;
-- a clean shutdown does that itself and forgets the rows). Runtime state and a
-- secret: never copied by migrate-db, never exported, never logged.
CREATE TABLE open_hands (
    table_id        INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    application_id  INTEGER NOT NULL,
    token           TEXT NOT NULL,
    opened_at       INTEGER NOT NULL,  -- Unix seconds: the token holds 15 minutes from then
    message_id      INTEGER,           -- the hand message, when Discord named it
    lang            TEXT NOT NULL,     -- the language it is shown in (a Discord locale is not kept)
    PRIMARY KEY (table_id, user_id)
) WITHOUT ROWID;
