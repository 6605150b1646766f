-- Pictures of the table: a channel may turn them off (images 0) or choose the
-- deck they are drawn in; a player may choose the German deck for own views.
-- NULL means "not set": pictures on, French deck.
ALTER TABLE channel_settings ADD COLUMN images INTEGER CHECK (images IS NULL OR images IN (0, 1));
ALTER TABLE channel_settings ADD COLUMN deck TEXT CHECK (deck IS NULL OR deck IN ('french', 'german'));
ALTER TABLE user_settings ADD COLUMN deck TEXT CHECK (deck IS NULL OR deck IN ('french', 'german'));
