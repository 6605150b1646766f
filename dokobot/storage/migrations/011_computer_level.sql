-- dokobot storage schema, version 11: a computer seat's level kept with the seat (issue 39).
-- The level ("Computer 2 (schwer)") was read back out of the seat's name; the
-- seat now carries it. Backfilled from the names of the seated computers (portable
-- SQL); a computer named without a level plays mittel, as before. The games'
-- players (JSON) carry a "level" from now on; older games are read by the name.
ALTER TABLE seats ADD COLUMN level TEXT;
UPDATE seats SET level = 'leicht' WHERE is_bot = 1 AND name LIKE '% (leicht)';
UPDATE seats SET level = 'schwer' WHERE is_bot = 1 AND name LIKE '% (schwer)';
UPDATE seats SET level = 'mittel' WHERE is_bot = 1 AND level IS NULL;
