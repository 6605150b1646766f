"""Helpers of the text tests: the words that are German only (no English player sees them)."""

from __future__ import annotations

import re

# Words that are German only: none of them may reach an English player. The game's own
# words that stay in English (Re, Kontra, keine 90, schwarz, Dulle, Schwein, Bock,
# Doppelkopf, Schneider, Solo) are not among them.
GERMAN_ONLY = (
    "Spiel", "Spiele", "Spieler", "Spielwert", "Stich", "Stiche", "Punkt", "Punkte", "Augen", "gewinnt",
    "gewonnen", "angesagt", "ansagen", "Ansage", "Ansagen", "Absage", "sagt", "gesagt", "Karte", "Karten",
    "Regeln", "Sieg", "Siege", "und", "oder", "nicht", "ist", "der", "die", "das", "den", "dem", "mit",
    "ohne", "für", "bis", "noch", "schon", "keiner", "Keiner", "niemand", "Geber", "Vorhand",
    "Spielliste", "Rangliste", "Statistik", "Gastgeber", "Tisch", "Sonderpunkte", "Neunen", "Könige",
    "Wertung", "pro", "nötig", "erreicht", "Letzter", "Trumpf", "Trümpfe", "bedienen", "Fuchs",
    "gefangen", "Karlchen", "Hochzeit", "stille", "Armut", "Vorbehalt", "gesund", "Schmeißen",
    "schmeißt", "Beitreten", "Verlassen", "Starten", "Meine", "Nächstes", "Protokoll", "unter",
    "gegen", "Alten", "Alte", "Herz", "Karo", "Pik", "Kreuz", "Damen", "Buben", "Fleischloser",
    "Partei", "Parteien", "Doppelköpfe", "Füchse", "Soli", "Hochzeiten", "aus", "ja", "nein", "Seite", "alle", "Jahr", "Monat",
    "Woche", "Klopfen", "geklopft", "klopft", "Neu", "neu", "gegeben", "Ergebnis", "Deine", "du", "dich",
    "dein", "deine", "Zug", "am", "Ändern", "Schalter", "Werte", "leicht", "mittel", "schwer", "Stufe",
    "Spielstärke", "geändert", "erste", "zweite", "links", "rechts", "vom", "zum", "zur", "Tipp", "Tipps",
)


# "an" (on) is not on the list: it is also the English article.
_WORD = re.compile(r"(?<![\w`/])(" + "|".join(map(re.escape, GERMAN_ONLY)) + r")(?![\w`])")


def german_words(text: str) -> list[str]:
    """German-only words in ``text``; code (in backticks) and command names do not count."""
    text = re.sub(r"`[^`]*`|\{\w+\}", "", text)
    return _WORD.findall(text)
