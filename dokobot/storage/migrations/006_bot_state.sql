-- dokobot storage schema, version 6: facts of the bot itself (issue 20).
-- "commands:<scope>" holds the hash of the slash-command payload last synced
-- to Discord for that scope (global, or one guild), so a start syncs only when
-- the commands changed, and every process of a sharded bot sees the same hash.
CREATE TABLE bot_state (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at INTEGER NOT NULL
);
