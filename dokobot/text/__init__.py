"""Layer 3: the words of the game: i18n catalogues, card texts, rendering to text.

May import ``dokobot.engine`` and ``dokobot.table``; never discord or storage.
"""
