"""German and English texts of the table and the bot.

German is the default (informal "du", the game's own words); English on
request. ``t(lang, key, **params)`` formats one entry; a missing English text
falls back to German, a missing key to the key itself (never an exception:
a typo must not crash a click).
"""

from __future__ import annotations

import logging
import re
from typing import Any

from dokobot.engine import BreakdownItem
from dokobot.engine.announce import rank as announce_rank
from dokobot.engine.contracts import solo_kind
from dokobot.engine.errors import Reason
from dokobot.text.numbers import integer, plural_form, signed

log = logging.getLogger(__name__)

LANGUAGES = ("de", "en")
DEFAULT_LANGUAGE = "de"

# key -> (German, English)
_TEXTS: dict[str, tuple[str, str]] = {
    # --- buttons
    "btn.join": ("Beitreten", "Join"),
    "btn.leave": ("Verlassen", "Leave"),
    "btn.start": ("Starten", "Start"),
    "btn.rules": ("Regeln", "Rules"),
    "btn.hand": ("Meine Karten", "My hand"),
    "btn.next": ("Nächstes Spiel", "Next game"),
    "btn.close": ("Tisch schließen", "Close table"),
    "btn.record": ("Protokoll", "Game record"),
    "btn.add_computer": ("Computer dazu", "Add computer"),
    "btn.add_computer_level": ("Computer dazu: {level}", "Add computer: {level}"),
    "level.leicht": ("leicht", "easy"),
    "level.mittel": ("mittel", "medium"),
    "level.schwer": ("schwer", "hard"),
    "btn.remove_computer": ("Computer entfernen", "Remove computer"),
    "btn.gesund": ("Gesund", "No reservation"),
    "btn.hochzeit": ("Hochzeit", "Wedding"),
    "btn.armut": ("Armut", "Poverty"),
    "btn.schmeissen": ("Schmeißen", "Throw in"),
    "btn.armut_take": ("Armut mitnehmen", "Take the poverty"),
    "btn.armut_pass": ("Passen", "Pass"),
    "btn.armut_give": ("Trümpfe abgeben", "Hand over trumps"),
    "btn.armut_decline": ("Zurückgeben (nicht mitnehmen)", "Hand back (do not take)"),
    "btn.klopfen": ("Klopfen", "Knock"),
    "select.hochzeit": ("Hochzeit: Karte nennen …", "Wedding: name a card …"),
    "select.solo": ("Solo ansagen …", "Declare a solo …"),
    "select.solo_gross": ("Großes Solo ansagen …", "Declare a big solo …"),
    "select.solo_klein": ("Kleines Solo ansagen (mit Partner) …", "Declare a small solo (with a partner) …"),
    "sixsolo.pflicht": ("Pflicht", "compulsory"),
    "sixsolo.lust": ("Lust", "voluntary"),
    "btn.pass": ("Passe", "Pass"),
    "hand.bid": ("Gleiche Soli: reize mit einer Ansage-Stufe, halte oder passe.", "Equal solos: bid a step, hold or pass."),
    "select.armut_return.one": ("{n} Karte zurückgeben …", "Return {n} card …"),
    "select.armut_return.other": ("{n} Karten zurückgeben …", "Return {n} cards …"),
    # --- lobby
    "lobby.title": ("Doppelkopf · Tisch", "Doppelkopf · table"),
    "lobby.host": ("Gastgeber: {host}", "Host: {host}"),
    "lobby.rules": ("Regeln: {preset}", "Rules: {preset}"),
    "lobby.seats": ("Plätze", "Seats"),
    "lobby.free": ("– frei –", "– free –"),
    "lobby.hint": (
        "Beitreten, bis vier (oder fünf, sechs) am Tisch sitzen; dann startet der Gastgeber. Freie Plätze füllt er mit „Computer dazu“ (leicht, mittel oder schwer).",
        "Join until four (or five, six) are seated; then the host starts. “Add computer” fills a free seat (easy, medium or hard).",
    ),
    "lobby.playing": ("Das Spiel läuft – siehe unten.", "The game is on – see below."),
    "lobby.closed": ("Der Tisch ist geschlossen.", "The table is closed."),
    # --- public table
    "table.title": ("Doppelkopf · Spiel {no} · Regeln: {preset}", "Doppelkopf · game {no} · rules: {preset}"),
    "table.bock.one": ("Bock ×{m} · noch {n} Bockspiel", "Bock ×{m} · {n} more Bock game"),
    "table.bock.other": ("Bock ×{m} · noch {n} Bockspiele", "Bock ×{m} · {n} more Bock games"),
    "table.bock_last": ("Bock ×{m} · letztes Bockspiel", "Bock ×{m} · last Bock game"),
    "table.dealer": ("Geber: {dealer} · Vorhand: {lead}", "Dealer: {dealer} · lead: {lead}"),
    "table.list": ("Liste: Spiel {n} von {total}", "List: game {n} of {total}"),
    "table.list_pflicht.one": (
        "Pflichtsolo von {name}: zusätzlich zu {n} Listenspiel, {name} spielt aus",
        "Pflichtsolo of {name}: on top of the {n} list game, {name} leads",
    ),
    "table.list_pflicht.other": (
        "Pflichtsolo von {name}: zusätzlich zu den {n} Listenspielen, {name} spielt aus",
        "Pflichtsolo of {name}: on top of the {n} list games, {name} leads",
    ),
    "table.list_vorgefuehrt": (
        "{name} ist vorgeführt und muss in diesem Spiel ein Solo nach Wahl spielen (Pflichtsolo)",
        "{name} is vorgeführt and must play a solo of their choice in this game (Pflichtsolo)",
    ),
    "table.list_owing": ("Pflichtsolo offen: {list}", "Pflichtsolo still owed: {list}"),
    "table.list_owing_none": ("Alle Pflichtsoli sind gespielt.", "Every Pflichtsolo has been played."),
    "table.announcements": ("Ansagen: {list}", "Announcements: {list}"),
    "table.klopfen": ("{n}× geklopft ({list})", "knocked {n}× ({list})"),
    "table.hochzeit_card": ("Wer zuerst ein {suit}-Ass spielt, heiratet.", "Whoever first plays the ace of {suit} is the partner."),
    "table.armut_announced.one": ("{name} hat einen Trumpf{alte}.", "{name} holds one trump{alte}."),
    "table.armut_announced.other": ("{name} hat {n} Trümpfe{alte}.", "{name} holds {n} trumps{alte}."),
    "table.armut_announced_none": ("{name} hat keinen Trumpf.", "{name} holds no trump."),
    "table.armut_alte": (", eine Alte darunter", ", a queen of clubs among them"),
    "table.contract": ("Spiel: {contract}", "Game: {contract}"),
    "table.parties": ("Parteien: {list}", "Parties: {list}"),
    "table.reserve": ("Vorbehalt: {list}", "Reservations: {list}"),
    "table.trick": ("Stich {n}: {cards}", "Trick {n}: {cards}"),
    "table.last_trick": ("Letzter Stich an {winner}, {augen} Augen: {cards}", "Last trick to {winner}, {augen} card points: {cards}"),
    "table.tricks": ("Stiche: {list}", "Tricks: {list}"),
    "table.to_act": ("am Zug: {name}", "to act: {name}"),
    "table.armut": ("Armut: {name} sucht jemanden, der mitnimmt", "Poverty: {name} looks for a taker"),
    "table.armut_exchange": ("Armut: Karten werden getauscht", "Poverty: cards are being exchanged"),
    "table.none": ("–", "–"),
    "table.vorbehalt": ("Vorbehalt", "reservation"),
    "table.gesund": ("gesund", "no reservation"),
    "table.waiting": ("…", "…"),
    # --- the picture of the table (dokobot.text.picture)
    "pic.game": ("Spiel {no}", "Game {no}"),
    "pic.trick": ("Stich {n}", "Trick {n}"),
    "pic.dealer": ("Geber", "dealer"),
    "pic.seat": ("Platz {n}", "Seat {n}"),
    "pic.reserve": ("Vorbehalt?", "Reservations?"),
    "pic.to_act": ("am Zug: {name}", "to act: {name}"),
    "pic.last": ("Letzter Stich", "Last trick"),
    "pic.last_winner": ("{name} · {augen} Augen", "{name} · {augen} card points"),
    "pic.announcements": ("Ansagen", "Announcements"),
    "pic.sits_out": ("setzt aus", "sits out"),
    "pic.trick_augen": ("{augen} Augen", "{augen} card points"),
    "pic.klopfen": ("{n}× geklopft", "knocked {n}×"),
    "pic.bock": ("Dieses Spiel: Bock ×{m}", "This game: Bock ×{m}"),
    "pic.bock_left.one": ("danach noch {n} Bockspiel", "then {n} more Bock game"),
    "pic.bock_left.other": ("danach noch {n} Bockspiele", "then {n} more Bock games"),
    "pic.bock_last": ("das letzte Bockspiel", "the last Bock game"),
    "pic.hochzeit_card": ("Partner: erstes {suit}-Ass", "Partner: first ace of {suit}"),
    "pic.vorgefuehrt": ("{name} ist vorgeführt", "{name} is vorgeführt"),
    "pic.party_augen": ("{augen} Augen · {tricks}", "{augen} card points · {tricks}"),
    "pic.trump_key": ("= Trumpf", "= trump"),
    "pic.legend_trump": ("goldener Rand: Trumpf", "gold frame: trump"),
    "pic.no_tricks": ("keinen Stich", "no trick"),
    "pic.winner": ("{party} gewinnt · Re {re} : Kontra {kontra} Augen", "{party} wins · Re {re} : Kontra {kontra} card points"),
    "pic.no_winner": ("Keiner gewinnt · Re {re} : Kontra {kontra} Augen", "Nobody wins · Re {re} : Kontra {kontra} card points"),
    # --- contracts
    "contract.normal": ("Normalspiel", "normal game"),
    "contract.hochzeit": ("Hochzeit", "wedding"),
    "contract.stille_hochzeit": ("stille Hochzeit", "silent wedding"),
    "contract.hochzeit:klein": ("kleine Hochzeit", "small wedding"),
    "contract.hochzeit:gross": ("große Hochzeit", "big wedding"),
    "contract.armut": ("Armut", "poverty"),
    "contract.redeal": ("neu geben", "redeal"),
    "solo.karo": ("Karo-Solo", "diamonds solo"),
    "solo.herz": ("Herz-Solo", "hearts solo"),
    "solo.pik": ("Pik-Solo", "spades solo"),
    "solo.kreuz": ("Kreuz-Solo", "clubs solo"),
    "solo.damen": ("Damen-Solo", "queens solo"),
    "solo.buben": ("Buben-Solo", "jacks solo"),
    "solo.fleischlos": ("Fleischloser", "no-trump solo"),
    "solo.damen_buben": ("Damen-Buben-Solo", "queens-and-jacks solo"),
    "solo.buben_koenige": ("Buben-Könige-Solo", "jacks-and-kings solo"),
    "solo.reines_kreuz": ("reines Kreuz-Solo", "pure clubs solo"),
    "solo.reines_pik": ("reines Pik-Solo", "pure spades solo"),
    "solo.reines_herz": ("reines Herz-Solo", "pure hearts solo"),
    "solo.reines_karo": ("reines Karo-Solo", "pure diamonds solo"),
    # --- announcements (the words stay the same in English)
    "ann.re": ("Re", "Re"),
    "ann.kontra": ("Kontra", "Kontra"),
    "ann.keine135": ("keine 135", "keine 135"),
    "ann.keine90": ("keine 90", "keine 90"),
    "ann.keine60": ("keine 60", "keine 60"),
    "ann.keine30": ("keine 30", "keine 30"),
    "ann.schwarz": ("schwarz", "schwarz"),
    # --- the pictures' descriptions (a screen reader says them instead of the file name)
    "alt.table": ("Bild des Tisches: Spiel {no}", "Picture of the table: game {no}"),
    "alt.table_trick": ("Bild des Tisches: Spiel {no}, Stich {n}", "Picture of the table: game {no}, trick {n}"),
    "alt.seats": ("Plätze: {list}", "Seats: {list}"),
    "alt.trick": ("Im Stich: {cards}", "In the trick: {cards}"),
    "alt.no_trick": ("Der Stich ist leer", "The trick is empty"),
    "alt.last": ("Letzter Stich an {name} ({augen} Augen): {cards}", "Last trick to {name} ({augen} card points): {cards}"),
    "alt.announcements": ("Ansagen: {list}", "Announcements: {list}"),
    "alt.summary": ("Bild der Stiche jeder Partei, Spiel {no} ({contract})", "Picture of each party's tricks, game {no} ({contract})"),
    "alt.party": ("{party}: {names}, {augen} Augen, {tricks}", "{party}: {names}, {augen} card points, {tricks}"),
    "alt.rating": ("{title} über {games}: {values}", "{title} over {games}: {values}"),
    "alt.curve_colours": ("Die Linie ist blau, wo Re vorn liegt, rot, wo Kontra vorn liegt", "The line is blue where Re is ahead, red where Kontra is ahead"),
    "alt.curve": ("Bild: {title}", "Picture: {title}"),
    "party.re": ("Re", "Re"),
    "party.kontra": ("Kontra", "Kontra"),
    # --- public notices
    "notice.announced": ("{name} sagt {what} an.", "{name} announces {what}."),
    "notice.solo": ("{name} spielt ein {contract}.", "{name} plays a {contract}."),
    "notice.hochzeit": ("{name} hat eine Hochzeit.", "{name} has a wedding."),
    "notice.armut": ("{name} hat Armut.", "{name} declares poverty."),
    "notice.hochzeit_partner": ("{partner} heiratet {name}.", "{partner} marries {name}."),
    "notice.hochzeit_alone": ("{name} spielt die Hochzeit allein.", "{name} plays the wedding alone."),
    "notice.armut_taken": ("{name} nimmt die Armut mit.", "{name} takes the poverty."),
    "notice.armut_exchanged.one": ("{n} Trumpf geht zurück.", "{n} trump is returned."),
    "notice.armut_exchanged.other": ("{n} Trümpfe gehen zurück.", "{n} trumps are returned."),
    "notice.armut_declined": ("{name} gibt die Armut zurück.", "{name} hands the poverty back."),
    "notice.klopfen": ("{name} klopft ({n}× geklopft).", "{name} knocks (knocked {n}×)."),
    "notice.redeal": ("Die Karten werden neu gegeben ({reason}).", "The cards are dealt again ({reason})."),
    "notice.redeal.schmeissen": ("{name} schmeißt", "{name} throws in"),
    "notice.redeal.armut": ("niemand nimmt die Armut", "nobody takes the poverty"),
    "notice.redeal.klopfen": ("niemand hat geklopft", "nobody knocked"),
    "notice.redeal.other": ("kein Spiel zustande gekommen", "no game came about"),
    "notice.aborted": ("Spiel {no} wurde von {name} abgebrochen.", "Game {no} was aborted by {name}."),
    "notice.closed": ("Der Tisch wurde von {name} geschlossen.", "The table was closed by {name}."),
    "turn.mention": ("{mention} ist am Zug.", "{mention}, it is your turn."),
    "turn.reminder": (
        "{mention}, du bist noch am Zug – in {s} s spielt {what}.",
        "{mention}, it is still your turn – in {s} s {what} plays.",
    ),
    "turn.reminder.computer": ("ein Computer für dich", "a computer for you"),
    "turn.reminder.wait": ("entscheidet der Gastgeber", "the host decides"),
    "turn.computer": (
        "{name} war zu lange weg: ein Computer spielt für {name}, bis {name} wieder etwas anklickt.",
        "{name} took too long: a computer plays for {name} until {name} clicks again.",
    ),
    "turn.wait": (
        "{name} ist zu lange nicht am Zug erschienen. Gastgeber: Platz an einen Computer geben oder das Spiel abbrechen.",
        "{name} took too long. Host: give the seat to a computer or abort the game.",
    ),
    "notice.waiting": ("{name} wartet auf einen freien Platz.", "{name} waits for a free seat."),
    "notice.seated": ("{name} setzt sich an den Tisch (Platz {n}).", "{name} takes seat {n}."),
    "notice.handed_over": ("{new} übernimmt den Platz von {old}.", "{new} takes over the seat of {old}."),
    "notice.computer_on": ("Ein Computer spielt für {name}.", "A computer plays for {name}."),
    "notice.computer_off": ("{name} spielt wieder selbst.", "{name} plays again."),
    "notice.size": ("Das nächste Spiel: {form}", "The next game: {form}"),
    "notice.host": ("{name} ist jetzt Gastgeber des Tisches.", "{name} is the table's host now."),
    "ok.joined_next": (
        "Du sitzt auf Platz {n} und spielst ab dem nächsten Spiel mit.",
        "You have seat {n} and play from the next game on.",
    ),
    "ok.joined_waiting": (
        "Du stehst auf der Warteliste (Nummer {n}) und bekommst den nächsten freien Platz.",
        "You are on the waiting list (number {n}) and get the next free seat.",
    ),
    "err.not_host_former": (
        "Das darf nur der Gastgeber ({host}) oder wer Kanäle verwalten darf: mit deinem Platz sind die Gastgeberrechte weitergegangen.",
        "Only the host ({host}) or someone who may manage channels can do that: the host rights went with your seat.",
    ),
    "hand.stale": (
        "*veraltet: „Meine Karten“ öffnet die aktuelle Hand*",
        "*out of date: “My hand” opens the current hand*",
    ),
    "hand.gone": ("Dieser Platz gehört jetzt jemand anderem.", "This seat belongs to someone else now."),
    "hand.sits_out": (
        "**Spiel {no}:** du gibst und setzt dieses Spiel aus (zu fünft am Tisch). Du bekommst 0 Punkte.",
        "**Game {no}:** you deal and sit this game out (five at the table). You score 0.",
    ),
    "hand.away": (
        "Ein Computer spielt gerade für dich – klick etwas an, dann spielst du wieder selbst.",
        "A computer is playing for you – click anything to play yourself again.",
    ),
    "table.sits_out": ("{name} gibt und setzt aus.", "{name} deals and sits out."),
    "table.computer_for": ("Computer für {names}", "Computer for {names}"),
    "lobby.waiting": ("Warteliste: {list}", "Waiting: {list}"),
    "lobby.five": ("Zu fünft: der Geber setzt jeweils aus.", "Five at the table: the dealer sits out."),
    "lobby.five_all": ("Zu fünft: alle spielen mit (ohne Neunen, Überstich).", "Five at the table: all five play (no nines, overtrump)."),
    "lobby.six": ("Zu sechst: Münchener Regeln (drei Blätter, 12 Karten je Hand).", "Six at the table: the Munich rules (three decks, 12 cards a hand)."),
    "btn.take_over": ("Computer übernimmt", "Computer takes over"),
    "btn.abort": ("Spiel abbrechen", "Abort game"),
    "rules.timeout_off": ("keine", "none"),
    "setting.turn_timeout": ("Zugzeit", "Turn time"),
    "setting.turn_timeout.help": (
        "so viele Sekunden hat, wer am Zug ist; nach der Hälfte eine Erinnerung (`0` = aus).",
        "seconds for whoever is to act; a reminder at half time (`0` = off).",
    ),
    "setting.on_timeout": ("Nach der Zugzeit", "When the time is up"),
    "setting.on_timeout.help": (
        "ein Computer spielt für den Platz, bis die Person wieder etwas anklickt, oder der Gastgeber entscheidet.",
        "a computer plays the seat until its person clicks again, or the host decides.",
    ),
    "setting.on_timeout.computer": ("Computer spielt", "a computer plays"),
    "setting.on_timeout.wait": ("warten, Gastgeber entscheidet", "wait, the host decides"),
    "setting.mentions": ("Erwähnungen", "Mentions"),
    "setting.mentions.help": (
        "eine kurze Zeile erwähnt, wer zuerst im Spiel am Zug ist (`ja`/`nein`).",
        "a short line mentions whoever acts first in a game (`on`/`off`).",
    ),
    "setting.tipps": ("Tipps", "Hints"),
    "setting.tipps.help": (
        "die eigene Hand bietet **Tipp**: was `schwer` jetzt spielen würde und warum; "
        "die Liste zählt, wer wie oft fragte (`an`/`aus`).",
        "your hand offers **Hint**: what the hard computer would play now and why; "
        "the score sheet counts who asked how often (`on`/`off`, default off).",
    ),
    "setting.bilder": ("Bilder", "Pictures"),
    "setting.bilder.help": (
        "die Tischnachricht zeigt ein Bild des Tisches (`ja`/`nein`).",
        "the table message shows a picture of the table (`on`/`off`).",
    ),
    "rules.yes_no": (
        "Ja/Nein-Schalter: `ja`/`nein` (auch `an`/`aus`).",
        "Yes/no switches: `on`/`off` (also `yes`/`no`).",
    ),
    "rules.sw.list_games": ("Liste", "List"),
    "rules.sw.list_games.help": (
        "so viele Spiele hat eine Liste, danach kommt der Endstand (`0` = keine Liste, bis 999).",
        "a list has this many games, then the final ranking (`0` = no list, up to 999).",
    ),
    "rules.sw.pflichtsolo": ("Pflichtsolo", "Pflichtsolo"),
    "rules.sw.pflichtsolo.help": (
        "in einer Liste schuldet jeder ein Solo; wer zum Ende noch eins schuldet, wird vorgeführt und muss es spielen.",
        "in a list everyone owes one solo; whoever still owes it near the end is vorgeführt and must play it.",
    ),
    "rules.next_table": ("Gilt für den nächsten Tisch in diesem Kanal.", "For the next table in this channel."),
    "sheet.games_played": ("Spiele: {list}", "Games played: {list}"),
    "sheet.closed": ("(Tisch geschlossen)", "(table closed)"),
    "sheet.bock": ("Bock ×{m}", "Bock ×{m}"),
    "err.already_waiting": ("Du stehst schon auf der Warteliste.", "You are already waiting for a seat."),
    "err.no_seat": ("Diesen Platz gibt es nicht (1 bis {n}).", "There is no such seat (1 to {n})."),
    "err.already_seated_other": ("Diese Person sitzt schon am Tisch.", "That person is already seated."),
    "err.computer_already": ("Für diesen Platz spielt schon ein Computer.", "A computer already plays this seat."),
    "err.setting_value": (
        "„{value}“ geht für {name} nicht (turn_timeout: Sekunden, 0 = aus; on_timeout: wait oder computer; mentions, tipps: an/aus; "
        "kiebitz: aus, zustimmung oder offen).",
        "“{value}” does not work for {name} (turn_timeout: seconds, 0 = off; on_timeout: wait or computer; mentions, tipps: on/off; "
        "kiebitz: off, consent or open).",
    ),
    "ok.channel_rules": ("Gespeichert: der nächste Tisch hier spielt {preset}.", "Saved: the next table here plays {preset}."),
    "ok.handed_over": ("{name} spielt jetzt auf Platz {n}.", "{name} now plays seat {n}."),
    "ok.computer_on": ("Ein Computer spielt jetzt für Platz {n}.", "A computer now plays seat {n}."),
    "ok.computer_off": ("Platz {n} spielt wieder selbst.", "Seat {n} plays again."),
    # --- private hand
    "hand.title": ("Deine Karten · Spiel {no}", "Your hand · game {no}"),
    "hand.party": ("du bist {party}", "you are {party}"),
    "hand.your_turn": ("du bist am Zug", "it is your turn"),
    "hand.wait": ("am Zug: {name}", "to act: {name}"),
    "hand.reserve": ("Hast du einen Vorbehalt?", "Any reservation?"),
    "hand.schwein_ask": ("Karo-Ass als Schwein spielen?", "Play the ace of diamonds as Schwein?"),
    "btn.as_schwein": ("als Schwein", "as Schwein"),
    "hand.schwein_played": ("Karo-Ass als Schwein gespielt.", "Ace of diamonds played as Schwein."),
    "hand.fuchs_played": ("Karo-Ass als Fuchs gespielt.", "Ace of diamonds played as a fox."),
    "btn.as_fuchs": ("als Fuchs", "as fox"),
    "card.schwein": ("🐷 Schwein", "🐷 Schwein"),
    "hand.vorgefuehrt": (
        "Du bist vorgeführt: sag ein Solo deiner Wahl an (dein Pflichtsolo, du spielst aus).",
        "You are vorgeführt: announce a solo of your choice (your Pflichtsolo, you lead).",
    ),
    "hand.pflicht_owed": (
        "Ein Solo wäre dein Pflichtsolo (du spielst aus, danach gibt derselbe Geber noch einmal).",
        "A solo would be your Pflichtsolo (you lead, and the same dealer deals again after it).",
    ),
    "hand.vorgefuehrt_six": ("Dein Pflichtsolo offen: {sizes}.", "Your Pflichtsolo still owed: {sizes}."),
    "hand.pflicht_owed_six": (
        "Du schuldest noch dein Pflichtsolo ({sizes}): ein Solo geht nur als solches, ein Lustsolo erst danach.",
        "You still owe your Pflichtsolo ({sizes}): a solo is possible only as that, a Lustsolo only after.",
    ),
    "why.pflicht_not_owed": ("Du schuldest kein Pflichtsolo: ein Solo geht nur als Lustsolo.",
                             "You owe no Pflichtsolo: a solo is possible only as a Lustsolo."),
    "why.owes_gross": ("Du schuldest nur noch dein großes Pflichtsolo: ein kleines Solo geht erst danach.",
                       "You owe only your großes Pflichtsolo: a kleines Solo comes only after it."),
    "why.owes_klein": ("Du schuldest nur noch dein kleines Pflichtsolo: ein großes Solo geht erst danach.",
                       "You owe only your kleines Pflichtsolo: a großes Solo comes only after it."),
    "why.lust_before_pflicht": ("Ein Lustsolo geht erst nach deinen Pflichtsoli: sag es als Pflichtsolo an.",
                                "A Lustsolo comes only after your Pflichtsoli: declare it as your Pflichtsolo."),
    "hand.armut_take": ("{name} hat Armut: nimmst du sie mit?", "{name} is poor: do you take it?"),
    "hand.armut_give": ("Gib deine Trümpfe ab.", "Hand over your trumps."),
    "hand.armut_return.one": ("Gib {n} Karte zurück.", "Return {n} card."),
    "hand.armut_return.other": ("Gib {n} Karten zurück.", "Return {n} cards."),
    "hand.done": ("das Spiel ist vorbei", "the game is over"),
    "hand.trumps": ("Trumpf", "Trumps"),
    # --- summary
    "table.resumed": ("Der Bot wurde neu gestartet – das Spiel geht weiter, alle Knöpfe funktionieren.", "The bot was restarted – the game goes on, every button still works."),
    "sum.title": ("Spiel {no} · {contract}", "Game {no} · {contract}"),
    "sum.winner": ("{party} gewinnt · {augen} · Spielwert {value}", "{party} wins · {augen} · game value {value}"),
    "sum.no_winner": ("Keiner gewinnt · {augen} · Spielwert {value}", "Nobody wins · {augen} · game value {value}"),
    "sum.parties": ("Re: {re}   Kontra: {kontra}", "Re: {re}   Kontra: {kontra}"),
    # --- breakdown lines of the game value (GameResult label keys)
    "bd.won": ("gewonnen", "won"),
    "bd.under": ("unter {limit}", "under {limit}"),
    "bd.schwarz": ("schwarz", "schwarz"),
    "bd.schneider": ("Schneider", "Schneider"),
    "bd.announced": ("{what} angesagt", "{what} announced"),
    "bd.against": ("{augen} gegen {what}", "{augen} against {what}"),
    "bd.against_re": ("gegen Re/Solist", "against Re/the soloist"),
    "bd.solo_won": ("Solo gewonnen", "solo won"),
    "bd.knocked": ("geklopft", "knocked"),
    "bd.reached": ("{what} erreicht", "{what} reached"),
    "bd.extra.gegen_die_alten": ("gegen die Alten", "against the queens of clubs"),
    "bd.extra.doppelkopf": ("Doppelkopf", "Doppelkopf"),
    "bd.superdoppelkopf": ("Superdoppelkopf", "Superdoppelkopf"),
    "bd.extra.fuchs": ("Fuchs gefangen", "fox caught"),
    "bd.extra.karlchen": ("Karlchen", "Charlie"),
    "bd.extra.karlchen_caught": ("Karlchen gefangen", "Charlie caught"),
    "bd.extra.alte_caught": ("Alte gefangen", "queen of clubs caught"),
    "bd.extra.dulle_caught": ("Dulle gefangen", "Dulle caught"),
    "bd.extra.karlchen_caught_any": ("Karlchen gefangen", "Charlie caught"),
    "sum.extras": ("Sonderpunkte: {list}", "Extra points: {list}"),
    "sum.points": ("Punkte: {list}", "Points: {list}"),
    "sum.points_bock": ("Punkte (Bock ×{m}): {list}", "Points (Bock ×{m}): {list}"),
    "sum.uneven": (
        "{re_n} gegen {kontra_n}: jeder von Re {re_k} × {v} ({re_p}), jeder von Kontra {kontra_k} × {v} ({kontra_p}) – "
        "jede Seite zählt den Spielwert so oft, wie die andere Spieler hat (gekürzt), damit beide Seiten gleich viel wiegen.",
        "{re_n} against {kontra_n}: each Re player {re_k} × {v} ({re_p}), each Kontra player {kontra_k} × {v} ({kontra_p}) – "
        "each side counts the game value as often as the other side has players (reduced), so both sides weigh the same.",
    ),
    "sum.bock.tie": ("Gleichstand 120:120 – die nächste Runde ist Bock", "Tie 120:120 – the next round is Bock"),
    "sum.bock.lost_solo": ("Solo verloren – die nächste Runde ist Bock", "Solo lost – the next round is Bock"),
    "sum.bock.heart_trick": ("Ein Herz-Stich ging rum – die nächste Runde ist Bock", "A heart trick went round – the next round is Bock"),
    "sum.bock.lost_announcement": (
        "Ansage verloren – die nächste Runde ist Bock", "Announcement lost – the next round is Bock",
    ),
    "sum.sheet": ("Spielliste: {list}", "Score sheet: {list}"),
    "sheet.pflicht": ("Pflichtsolo", "Pflichtsolo"),
    "sheet.vorgefuehrt": ("vorgeführt", "vorgeführt"),
    "sheet.pflicht.gross": ("großes Pflichtsolo", "großes Pflichtsolo"),
    "sheet.pflicht.klein": ("kleines Pflichtsolo", "kleines Pflichtsolo"),
    "sheet.vorgefuehrt.gross": ("vorgeführt, großes Pflichtsolo", "vorgeführt, großes Pflichtsolo"),
    "sheet.vorgefuehrt.klein": ("vorgeführt, kleines Pflichtsolo", "vorgeführt, kleines Pflichtsolo"),
    "list.size.gross": ("groß", "großes"),
    "list.size.klein": ("klein", "kleines"),
    "sum.list_game": ("Listenspiel {n} von {total}", "List game {n} of {total}"),
    "sum.list_pflicht": (
        "Pflichtsolo von {name}: zählt nicht als Listenspiel, {dealer} gibt noch einmal.",
        "Pflichtsolo of {name}: not one of the list games, {dealer} deals again.",
    ),
    "sum.list_vorgefuehrt": ("Vorgeführtes Solo von {name} (Pflichtsolo)", "Vorgeführtes Solo of {name} (Pflichtsolo)"),
    "sum.list_end.one": ("Die Liste ({n} Spiel) ist zu Ende. Endstand:", "The list ({n} game) is over. Final ranking:"),
    "sum.list_end.other": ("Die Liste ({n} Spiele) ist zu Ende. Endstand:", "The list ({n} games) is over. Final ranking:"),
    "sum.redeal": ("Kein Spiel – es wird neu gegeben.", "No game – the cards are dealt again."),
    # --- confirmations (ephemeral)
    "ok.announced": ("Du hast {what} angesagt.", "You announced {what}."),
    "ok.klopfen": ("Du hast geklopft.", "You knocked."),
    "ok.lang": ("Sprache: Deutsch.", "Language: English."),
    "ok.lang_auto": ("Sprache: automatisch, vom Kanal oder deinem Discord (jetzt {language}).", "Language: automatic, from the channel or your Discord (now {language})."),
    "ok.preset": ("Regeln für die nächsten Spiele: {preset}.", "Rules for the next games: {preset}."),
    "ok.aborted": ("Spiel abgebrochen.", "Game aborted."),
    "table.aborted": (
        "Spiel {no} wurde abgebrochen und zählt nicht. Mit **Nächstes Spiel** gibt {dealer} neu.",
        "Game {no} was aborted and does not count. **Next game** lets {dealer} deal again.",
    ),
    "ok.opened": ("Der Tisch ist offen: {url}", "The table is open: {url}"),
    "ok.kicked": ("{name} ist nicht mehr am Tisch.", "{name} is no longer seated."),
    "ok.computer_added": ("{name} sitzt jetzt mit am Tisch.", "{name} now sits at the table."),
    "ok.computer_removed": ("Der Computer ist nicht mehr am Tisch.", "The computer is no longer seated."),
    # --- table errors
    "err.table_exists": ("Hier gibt es schon einen Tisch: {url}", "There is already a table in this channel: {url}"),
    "err.no_table": ("Hier ist kein Tisch. Öffne einen mit /doko tisch.", "There is no table here. Open one with /doko table."),
    "err.not_seated": ("Du sitzt nicht an diesem Tisch.", "You are not seated at this table."),
    "err.already_seated": ("Du sitzt schon am Tisch.", "You are already seated."),
    "err.table_full": ("Der Tisch ist schon voll.", "The table is full."),
    "err.not_host": ("Das darf nur der Gastgeber ({host}) oder wer Kanäle verwalten darf.", "Only the host ({host}) or someone who may manage channels can do that."),
    "err.manage_only": ("Das darf nur, wer Kanäle verwalten darf.", "Only someone who may manage channels can do that."),
    "err.need_human": ("Mindestens ein Mensch muss mitspielen.", "At least one person has to play."),
    "err.no_computer": ("Hier sitzt kein solcher Computer.", "There is no such computer at this table."),
    "err.bad_level": ("Unbekannte Stufe „{level}“: leicht, mittel oder schwer.", "Unknown level “{level}”: easy (`leicht`), medium (`mittel`) or hard (`schwer`)."),
    "err.need_four": ("Zum Starten braucht es vier bis sechs Spieler (jetzt {n}).", "Starting needs four to six players (now {n})."),
    "err.game_running": ("Es läuft gerade ein Spiel.", "A game is in progress."),
    "err.no_game": ("Gerade läuft kein Spiel.", "No game is in progress."),
    "err.stale": ("Diese Nachricht ist veraltet. „Meine Karten“ zeigt dir den aktuellen Stand.", "This message is out of date. “My hand” shows you the current state."),
    "err.closed": ("Dieser Tisch ist geschlossen.", "This table is closed."),
    "err.leave_running": ("Während eines Spiels kannst du nicht aufstehen.", "You cannot leave during a game."),
    "err.not_in_guild": ("Doppelkopf gibt es nur in einem Server-Kanal.", "Doppelkopf is played in a server channel."),
    "err.unknown_card": ("Diese Karte kenne ich nicht.", "I do not know that card."),
    "err.bad_list": (
        "Die Liste geht so nicht: `list_games` ist eine ganze Zahl ab 0 (jetzt „{games}“), `pflichtsolo` ja oder nein (jetzt „{pflicht}“).",
        "The list cannot be set like that: `list_games` is a whole number from 0 (now “{games}”), `pflichtsolo` yes or no (now “{pflicht}”).",
    ),
    # rules the engine cannot build (RuleError, by its code: engine/errors.py RULE_MESSAGES)
    "err.rule.not_object": ("Die Regeln müssen Schalter mit Werten sein (name=wert).", "The rules must be switches with values (name=value)."),
    "err.rule.unknown_preset": ("Unbekannte Regeln „{preset}“. Es gibt: {known}.", "Unknown rules “{preset}”. There are: {known}."),
    "err.rule.six_muenchen": (
        "Zu sechst wird `muenchen` gespielt, und `muenchen` braucht sechs Spieler.",
        "Six at the table play `muenchen`, and `muenchen` needs six players.",
    ),
    "err.rule.fine_steps": (
        "`fine_steps` geht nur mit `scoring` doubling oder plus (die anderen Wertungen zählen jede Stufe schon).",
        "`fine_steps` needs `scoring` doubling or plus (the other schemes already count each level).",
    ),
    "err.rule.switch_bool": ("Der Schalter „{name}“ ist ja oder nein, nicht „{value}“.", "The switch “{name}” is yes or no, not “{value}”."),
    "err.rule.switch_choice": (
        "„{value}“ passt nicht zum Schalter „{name}“. Erlaubt: {allowed}.",
        "“{value}” is not a value for the switch “{name}”. Allowed: {allowed}.",
    ),
    "err.rule.switch_list": (
        "Der Schalter „{name}“ nimmt eine Liste, durch Kommas getrennt. Erlaubt: {allowed}.",
        "The switch “{name}” takes a list, separated by commas. Allowed: {allowed}.",
    ),
    "err.rule.switch_list_value": (
        "„{value}“ passt nicht zum Schalter „{name}“. Erlaubt: {allowed}.",
        "“{value}” is not a value for the switch “{name}”. Allowed: {allowed}.",
    ),
    "err.rule.switch_number": (
        "Der Schalter „{name}“ ist eine ganze Zahl von {lo} bis {hi}, nicht „{value}“.",
        "The switch “{name}” is a whole number from {lo} to {hi}, not “{value}”.",
    ),
    "err.rule.unknown_switch": (
        "Einen Schalter „{name}“ gibt es hier nicht. Mit /doko regeln siehst du die Regeln des Tisches.",
        "There is no switch “{name}” here. /doko rules shows the table's rules.",
    ),
    "err.switch_syntax": (
        "„{name}“ verstehe ich nicht: Schalter bitte als name=wert, z. B. `dulle=second_wins armut=ja`.",
        "I don't understand “{name}”: write switches as name=value, e.g. `dulle=second_wins armut=yes`.",
    ),
    "err.switch_unknown": (
        "Einen Schalter „{name}“ gibt es hier nicht. Mit /doko regeln siehst du die Regeln des Tisches; beim Tippen schlägt /doko regeln die Schalter vor.",
        "There is no switch “{name}” here. /doko rules shows the table's rules and suggests the switches as you type.",
    ),
    "err.switch_unknown_near": (
        "Einen Schalter „{name}“ gibt es hier nicht. Meintest du: {allowed}?",
        "There is no switch “{name}” here. Did you mean: {allowed}?",
    ),
    "err.switch_value": (
        "„{value}“ passt nicht zum Schalter „{name}“. Erlaubt: {allowed}.",
        "“{value}” is not a value for the switch “{name}”. Allowed: {allowed}.",
    ),
    "err.fine_steps": (
        "„{name}={value}“ passt nicht zu den anderen Schaltern: `fine_steps` geht nur mit `scoring` doubling oder plus.",
        "“{name}={value}” does not go with the other switches: `fine_steps` needs `scoring` doubling or plus.",
    ),
    "err.internal": ("Da ist etwas schiefgegangen. Versuch es noch einmal.", "Something went wrong. Please try again."),
    "err.permissions": (
        "Mir fehlen in diesem Kanal Rechte: {list}. Bitte gib sie mir (Kanal bearbeiten → Berechtigungen); bis dahin ändert sich hier nichts, und nichts geht verloren.",
        "I lack permissions in this channel: {list}. Please grant them (Edit Channel → Permissions); until then nothing changes here, and nothing is lost.",
    ),
    "perm.view_channel": ("Kanal ansehen", "View Channel"),
    "perm.send_messages": ("Nachrichten senden", "Send Messages"),
    "perm.send_messages_in_threads": ("Nachrichten in Threads senden", "Send Messages in Threads"),
    "perm.embed_links": ("Links einbetten", "Embed Links"),
    "perm.attach_files": ("Dateien anhängen", "Attach Files"),
    "perm.read_message_history": ("Nachrichtenverlauf anzeigen", "Read Message History"),
    "err.storage": ("Das konnte ich nicht speichern, darum hat sich nichts geändert. Versuch es gleich noch einmal.", "I could not save that, so nothing changed. Please try again in a moment."),
    "err.busy": ("Einen Moment, der Tisch ist beschäftigt.", "One moment, the table is busy."),
    "err.broken": (
        "Dieses Spiel lässt sich nicht fortsetzen: der gespeicherte Stand passt nicht mehr. Der Gastgeber bricht es mit /doko abbrechen ab.",
        "This game cannot go on: its saved state no longer fits. The host aborts it with /doko abort.",
    ),
    "err.bad_option": ("Diese Angabe passt nicht. Versuch es noch einmal.", "That option does not fit. Please try again."),
    "err.wrong_channel": ("Dieser Knopf gehört zu einem anderen Kanal.", "This button belongs to another channel."),
    "table.broken": (
        "Spiel {no} lässt sich nach dem Neustart nicht fortsetzen: der gespeicherte Stand passt nicht mehr. Der Gastgeber bricht es mit /doko abbrechen ab; danach geht es mit **Nächstes Spiel** weiter.",
        "Game {no} cannot go on after the restart: its saved state no longer fits. The host aborts it with /doko abort; then **Next game** goes on.",
    ),
    # --- engine errors (IllegalAction.code)
    "illegal.malformed": ("Das verstehe ich nicht.", "I do not understand that."),
    "illegal.bad_seat": ("Diesen Platz gibt es nicht.", "There is no such seat."),
    "illegal.game_over": ("Das Spiel ist schon vorbei.", "The game is already over."),
    "illegal.not_your_turn": ("Du bist nicht am Zug – {name} ist dran.", "It is not your turn – {name} is to act."),
    "illegal.not_your_turn_nobody": ("Du bist gerade nicht am Zug.", "It is not your turn."),
    "illegal.wrong_phase": ("Das geht gerade nicht.", "You cannot do that now."),
    "illegal.vorgefuehrt": (
        "Du bist vorgeführt: in diesem Spiel musst du ein Solo ansagen.",
        "You are vorgeführt: you must announce a solo in this game.",
    ),
    "vorgefuehrt.other": (
        "In diesem Spiel spielt {name} das vorgeführte Solo: ein anderes Solo geht nicht.",
        "In this game {name} plays the vorgeführte solo: no other solo.",
    ),
    "illegal.reserve_not_allowed": ("Diesen Vorbehalt erlaubt deine Hand oder die Regel nicht.", "Your hand or the rules do not allow that reservation."),
    "illegal.not_in_hand": ("Diese Karte hast du nicht (mehr).", "You do not hold that card (any more)."),
    "illegal.must_follow": ("Du musst {suit} bedienen.", "You must follow suit: {suit}."),
    "illegal.must_overtrump": ("Du musst den höchsten Trumpf im Stich überstechen.", "You must beat the highest trump in the trick."),
    "illegal.schwein_not_allowed": ("Diese Karte kannst du nicht als Schwein spielen.", "You cannot play that card as a Schwein."),
    "illegal.announce_party": ("{what} kann nur die {party}-Partei ansagen; du bist nicht {party}.", "Only the {party} party can announce {what}; you are not {party}."),
    "illegal.announce_repeat": ("{what} ist für deine Partei schon angesagt.", "{what} has already been announced for your party."),
    "illegal.announce_too_late": ("Für {what} ist es zu spät.", "It is too late to announce {what}."),
    "illegal.announce_blocked": ("{what} geht jetzt nicht.", "You cannot announce {what} now."),
    "illegal.armut_give": ("Du musst genau deine Trümpfe abgeben.", "You must hand over exactly your trumps."),
    "illegal.armut_return": ("Du musst genau so viele Karten zurückgeben, wie du bekommen hast: {cards}.", "You must return exactly as many cards as you received: {cards}."),
    "count.cards.one": ("{n} Karte", "{n} card"),
    "count.cards.other": ("{n} Karten", "{n} cards"),
    "illegal.klopfen": ("Klopfen geht jetzt nicht.", "You cannot knock now."),
    "illegal.bad_card": ("Diese Karte kannst du für die Hochzeit nicht nennen.", "You cannot name that card for the wedding."),
    "illegal.armut_decline": ("Zurückgeben geht bei diesen Regeln nicht.", "These rules do not let you hand it back."),
    "illegal.single_limit": ("An diesem Tisch gibt es nur eine Absage (keine 90 … schwarz) pro Spiel, und die ist schon angesagt.", "At this table there is only one limit announcement (keine 90 … schwarz) per game, and it has already been made."),
    "illegal.sits_out": ("Du setzt dieses Spiel aus (Geber zu fünft).", "You sit out this game (the dealer at five)."),
    "illegal.out_of_turn": ("Du bist beim Reizen nicht dran.", "It is not your turn to bid."),
    "illegal.bad_bid": ("Dieses Gebot geht nicht: nenne eine höhere Stufe, halte oder passe.", "You cannot bid that: name a higher step, hold or pass."),
    "illegal.unknown": ("Das ist nach den Regeln gerade nicht erlaubt.", "The rules do not allow that now."),
    # DDV deadlines (TSR 6): a step must be said before the seat plays its n-th card.
    "too_late.own": ("{what} geht nur, bevor du deine {card} Karte spielst.", "{what} is only possible before you play your {card} card."),
    "too_late.skipped": (
        "{what} schließt {step} ein, und {step} geht nur, bevor du deine {card} Karte spielst.",
        "{what} includes {step}, which is only possible before you play your {card} card.",
    ),
    "ordinal.2": ("zweite", "second"),
    "ordinal.3": ("dritte", "third"),
    "ordinal.4": ("vierte", "fourth"),
    "ordinal.5": ("fünfte", "fifth"),
    "ordinal.6": ("sechste", "sixth"),
    "ordinal.7": ("siebte", "seventh"),
    "ordinal.8": ("achte", "eighth"),
    "suit.C": ("Kreuz", "clubs"),
    "suit.S": ("Pik", "spades"),
    "suit.H": ("Herz", "hearts"),
    "suit.D": ("Karo", "diamonds"),
    "suit.trump": ("Trumpf", "trump"),
    # --- /doko hilfe
    "help.title": ("Doppelkopf · Hilfe", "Doppelkopf · help"),
    "help.about": (
        "Dieser Bot spielt Doppelkopf in diesem Server: ein Tisch pro Kanal, mit vier, fünf oder sechs"
        " am Tisch, nach den DDV-Turnierregeln oder euren Hausregeln. Deine Karten siehst nur du."
        " Freie Plätze füllen Computer-Spieler. Punkte, Spielliste und Rangliste bleiben gespeichert,"
        " auch über einen Neustart des Bots hinweg.",
        "This bot plays Doppelkopf in this server: one table per channel, four, five or six players,"
        " by the DDV tournament rules or your house rules. Only you see your cards. Computer players"
        " fill free seats. Points, score sheet and leaderboard are kept, also across a restart of the bot.",
    ),
    "help.start_title": ("So geht's los", "How to start"),
    "help.start": (
        "1. {tisch} öffnet den Tisch in diesem Kanal.\n"
        "2. Alle klicken **{join}**; der Gastgeber kann mit **{add}** Plätze füllen.\n"
        "3. Der Gastgeber klickt **{start}**, sobald vier bis sechs am Tisch sitzen.\n"
        "4. **{cards}** (oder {hand}) zeigt dir deine Hand; dort spielst du deine Karten.",
        "1. {tisch} opens the table in this channel.\n"
        "2. Everyone clicks **{join}**; the host may fill seats with **{add}**.\n"
        "3. The host clicks **{start}** once four to six are seated.\n"
        "4. **{cards}** (or {hand}) shows your hand; that is where you play your cards.",
    ),
    "help.commands_title": ("Befehle", "Commands"),
    "help.commands_more": ("Befehle (weiter)", "Commands (continued)"),
    "help.announce_title": ("Ansagen", "Announcements"),
    "help.announce": (
        "{commands}: Ansage zu jedem Zeitpunkt, den die Regeln erlauben (auch als Knöpfe in deiner Hand).",
        "{commands}: announce at any moment the rules allow (also as buttons in your hand).",
    ),
    "help.guide_title": ("Anleitung", "Guide"),
    "help.guide": (
        "Alles zum Spielen am Tisch (Ansagen, Regeln, Listen, Computer, Analyse, Sprache): {guide}",
        "Everything about playing at the table (announcements, rules, lists, computers, analysis, language): {guide}",
    ),
    "help.footer": (
        "Alle Regeln: {regeln} · Sprache: {sprache}",
        "All rules: {regeln} · Language: {sprache}",
    ),
    # --- slash commands (German names; descriptions translated for English clients)
    "cmd.doko": ("Doppelkopf am Tisch in diesem Kanal", "Doppelkopf at the table in this channel"),
    "cmd.tisch": ("Öffnet einen Doppelkopf-Tisch in diesem Kanal", "Open a Doppelkopf table in this channel"),
    "cmd.hand": ("Zeigt dir deine Karten (nur für dich)", "Show your hand (only to you)"),
    "cmd.regeln": ("Zeigt die Regeln oder stellt sie um (Gastgeber)", "Show the rules or change them (host)"),
    "cmd.regeln.alle": ("Alle Regeln mit Erklärung zeigen (sonst nur das Regelwerk und was davon abweicht)", "Show every rule explained (else only the rule set and what differs from it)"),
    "cmd.regeln.preset": ("Regelwerk: DDV, Hausregeln oder klassisch", "Rule set: DDV, house rules or classic"),
    "cmd.regeln.schalter": (
        "Einzelne Schalter, z. B. dulle=second_wins armut=ja solos=karo,damen",
        "Single switches, e.g. dulle=second_wins armut=yes solos=karo,damen",
    ),
    "cmd.abbrechen": ("Bricht das laufende Spiel ohne Wertung ab (Gastgeber)", "Abort the running game without score (host)"),
    "cmd.schliessen": ("Schließt den Tisch (Gastgeber)", "Close the table (host)"),
    "cmd.entfernen": ("Nimmt jemanden vom Tisch (Gastgeber, zwischen den Spielen)", "Remove someone from the table (host, between games)"),
    "cmd.entfernen.spieler": ("Wer den Tisch verlassen soll", "Who should leave the table"),
    "cmd.platz": ("Gibt einen Platz weiter oder lässt einen Computer dafür spielen (Gastgeber)", "Hand a seat to someone or let a computer play it (host)"),
    "cmd.platz.nummer": ("Platznummer (1 bis 6)", "Seat number (1 to 6)"),
    "cmd.platz.aktion": ("übergeben, computer oder zurück", "hand over, computer plays, or back"),
    "cmd.platz.spieler": ("Wer den Platz übernimmt (bei übergeben)", "Who takes the seat (when handing over)"),
    "cmd.computer": ("Setzt einen Computer auf einen freien Platz oder nimmt ihn weg (Gastgeber)", "Seat a computer player on a free seat or remove one (host)"),
    "cmd.computer.aktion": ("dazu oder entfernen", "add or remove"),
    "cmd.computer.name": ("Welcher Computer (sonst der zuletzt gesetzte)", "Which computer (default: the last one seated)"),
    "cmd.computer.stufe": ("Wie stark er spielt: leicht, mittel (Standard) oder schwer", "How strong it plays: easy, medium (default) or hard"),
    "cmd.sprache": ("Stellt deine Sprache ein (oder die des Kanals)", "Set your language (or the channel's)"),
    "cmd.sprache.sprache": ("Deutsch, Englisch oder wie dein Discord", "German, English or like your Discord"),
    "cmd.sprache.kanal": ("Für den ganzen Kanal (Gastgeber/Kanäle verwalten)", "For the whole channel (manage channels)"),
    "cmd.sprache.blatt": (
        "Kartenblatt: französisch (♣♠♥♦) oder deutsch (Eichel, Grün, Rot, Schellen)",
        "Deck: French (♣♠♥♦) or German (acorns, leaves, hearts, bells)",
    ),
    "ok.deck": ("Deine Karten zeige ich dir im {deck}en Blatt.", "Your cards are shown in the {deck} deck."),
    "ok.deck_channel": ("Die Bilder des Tisches zeigen das {deck}e Blatt.", "The table's pictures show the {deck} deck."),
    "ok.pictures_on": ("Der Tisch zeigt wieder ein Bild.", "The table shows a picture again."),
    "ok.pictures_off": ("Der Tisch zeigt kein Bild mehr, nur Text.", "The table shows no picture any more, only text."),
    "err.sprache_empty": (
        "Gib eine Sprache (sprache) oder ein Kartenblatt (blatt) an.",
        "Give a language (sprache) or a deck (blatt).",
    ),
    "cmd.liste": ("Zeigt die Spielliste dieses Tisches", "Show this table's score sheet"),
    "cmd.re": ("Sagt Re an", "Announce Re"),
    "cmd.kontra": ("Sagt Kontra an", "Announce Kontra"),
    "cmd.keine90": ("Sagt keine 90 an", "Announce no 90 (keine 90)"),
    "cmd.keine60": ("Sagt keine 60 an", "Announce no 60 (keine 60)"),
    "cmd.keine30": ("Sagt keine 30 an", "Announce no 30 (keine 30)"),
    "cmd.schwarz": ("Sagt schwarz an", "Announce schwarz (no trick)"),
    "cmd.klopfen": ("Klopft (vor dem ersten Ausspiel, wo die Regeln Klopfen spielen)", "Knock (before the first lead, where the rules use knocking)"),
    "cmd.rangliste": ("Zeigt die Rangliste dieses Kanals", "Show this channel's leaderboard"),
    "cmd.rangliste.zeitraum": ("alle, jahr, monat oder woche", "all time, this year, this month or this week"),
    "cmd.rangliste.ordnung": ("Punkte, Punkte pro Spiel oder Siege", "points, points per game or wins"),
    "cmd.statistik": ("Zeigt die Statistik eines Spielers in diesem Kanal", "Show a player's statistics in this channel"),
    "cmd.statistik.spieler": ("Wessen Statistik (sonst deine)", "Whose statistics (default: yours)"),
    "cmd.tischgroesse": (
        "Nur Spiele mit so vielen Mitspielern (sonst alle, nach Tischgröße aufgeteilt)",
        "Only games with this many players (default: all, split by table size)",
    ),
    "cmd.hilfe": ("Zeigt, was der Bot kann, und wie es losgeht (nur für dich)", "Show what the bot does and how to start (only to you)"),
    "cmd.protokoll": ("Hängt ein beendetes Spiel als Protokoll an", "Attach a finished game as a game record"),
    "cmd.protokoll.spiel": ("Nummer des Spiels auf der Spielliste (sonst das letzte)", "Number of the game on the score sheet (default: the last)"),
    "stats.no_db": ("Ranglisten und Statistiken brauchen die Datenbank.", "Leaderboards and statistics need the database."),
    "stats.no_games": ("Hier gibt es noch keine beendeten Spiele.", "No finished games here yet."),
    "stats.board": ("Rangliste · {period} · nach {order}", "Leaderboard · {period} · by {order}"),
    "stats.row": ("{rank}. {name} – {points} · {games} · {ppg} pro Spiel · {wins}", "{rank}. {name} – {points} · {games} · {ppg} per game · {wins}"),
    "stats.rating": ("gewertet {rating}", "rated {rating}"),
    "stats.bots": ("Computerspieler (eigene Wertung; Spielstärke je Stufe)", "Computer players (ranked apart; skill rating per level)"),
    "stats.no_humans": ("Noch keine menschlichen Spieler in diesem Zeitraum.", "No human players in this period yet."),
    "stats.page": ("Seite {page}/{pages}", "Page {page}/{pages}"),
    "stats.shrunk.one": (
        "Punkte pro Spiel werden geglättet: (Punkte + {n} × {prior}) / (Spiele + {n}) – {n} gedachtes Spiel zum Kanalschnitt {prior}, damit zwei Glücksspiele nicht an die Spitze reichen.",
        "Points per game are shrunk: (points + {n} × {prior}) / (games + {n}) – {n} imagined game at the channel average {prior}, so two lucky games cannot lead.",
    ),
    "stats.shrunk.other": (
        "Punkte pro Spiel werden geglättet: (Punkte + {n} × {prior}) / (Spiele + {n}) – {n} gedachte Spiele zum Kanalschnitt {prior}, damit zwei Glücksspiele nicht an die Spitze reichen.",
        "Points per game are shrunk: (points + {n} × {prior}) / (games + {n}) – {n} imagined games at the channel average {prior}, so two lucky games cannot lead.",
    ),
    "stats.method.punkte": (
        "Sortiert nach der Summe der Punkte; „pro Spiel“ ist der einfache Schnitt (Punkte / Spiele), nicht geglättet.",
        "Sorted by the sum of points; “per game” is the plain average (points / games), not shrunk.",
    ),
    "stats.method.siege": (
        "Sortiert nach gewonnenen Spielen; „pro Spiel“ ist der einfache Schnitt (Punkte / Spiele), nicht geglättet.",
        "Sorted by games won; “per game” is the plain average (points / games), not shrunk.",
    ),
    "period.alle": ("alle Spiele", "all time"),
    "period.jahr": ("dieses Jahr", "this year"),
    "period.monat": ("dieser Monat", "this month"),
    "period.woche": ("diese Woche", "this week"),
    "order.punkte": ("Punkten", "points"),
    "order.ppg": ("Punkten pro Spiel", "points per game"),
    "order.siege": ("Siegen", "wins"),
    "stats.running": ("Spiel {no} läuft noch; ein Protokoll gibt es erst, wenn es beendet ist.", "Game {no} is still running; its record is available once it is over."),
    "stats.no_such_game": ("Ein beendetes Spiel {no} steht nicht auf der Spielliste dieses Kanals (/doko liste).", "There is no finished game {no} on this channel's score sheet (/doko scoresheet)."),
    "stats.title": ("Statistik · {name}", "Statistics · {name}"),
    "stats.body": (
        "Spiele: {games} · Punkte: {points} · pro Spiel: {ppg}\nSiege: {wins} ({rate})\nRe: {re_wins}/{re_games} gewonnen ({re_rate}) · Kontra: {kontra_wins}/{kontra_games} gewonnen ({kontra_rate})\nSoli: {soli_won}/{soli} gewonnen · Hochzeiten: {hochzeiten} · stille Hochzeiten: {stille}\nAnsagen: {ann_won}/{ann} gewonnen\nDoppelköpfe: {dk} · Füchse gefangen: {fc} · verloren: {fl} · Karlchen: {karlchen}",
        "Games: {games} · points: {points} · per game: {ppg}\nWins: {wins} ({rate})\nRe: won {re_wins}/{re_games} ({re_rate}) · Kontra: won {kontra_wins}/{kontra_games} ({kontra_rate})\nSolos: won {soli_won}/{soli} · weddings: {hochzeiten} · silent weddings: {stille}\nAnnouncements: won {ann_won}/{ann}\nDoppelkopf tricks: {dk} · foxes caught: {fc} · lost: {fl} · Charlies: {karlchen}",
    ),
    "sheet.title": ("Spielliste · {games}", "Score sheet · {games}"),
    "sheet.older.one": ("… 1 älteres Spiel", "… 1 earlier game"),
    "sheet.older.other": ("… {n} ältere Spiele", "… {n} earlier games"),
    "sheet.newer.one": ("… 1 neueres Spiel", "… 1 later game"),
    "sheet.newer.other": ("… {n} neuere Spiele", "… {n} later games"),
    "stats.redeal_rule": (
        "Neu gegebene Spiele (eingeworfen, Armut nicht genommen) zählen nirgends als Spiel.",
        "Redealt games (thrown in, poverty not taken) never count as games.",
    ),
    "sheet.empty": ("Noch keine Spiele gewertet.", "No games scored yet."),
    # --- table sizes (players who got cards): points per game compare only within one size
    "size.4": ("zu viert", "4 players"),
    "size.5": ("zu fünft", "5 players"),
    "size.6": ("zu sechst", "6 players"),
    "stats.size_row": ("↳ pro Spiel {list}", "↳ per game {list}"),
    "stats.mixed_note": (
        "Punkte pro Spiel vergleichen sich nur bei gleicher Tischgröße (zu sechst zählt ein Solo 1:5); {command} filtert.",
        "Points per game only compare at one table size (a solo at six is settled 1:5); {command} filters.",
    ),
    "stats.no_games_size": ("Hier gibt es noch keine beendeten Spiele {size}.", "No finished games with {size} here yet."),
    "stats.by_size": ("Nach Tischgröße", "By table size"),
    "stats.size_line": (
        "{size}: {games} · {points} · {ppg} pro Spiel · {wins} ({rate})",
        "{size}: {games} · {points} · {ppg} per game · {wins} ({rate})",
    ),
    "sheet.empty_size": ("Noch keine Spiele {size} gewertet.", "No games with {size} scored yet."),
    "sheet.per_game": ("Pro Spiel {size}: {list}", "Per game, {size}: {list}"),
    # --- rules overview
    "rules.title": ("Regeln: {preset}", "Rules: {preset}"),
    "rules.preset.ddv": ("DDV-Turnierregeln", "DDV tournament rules"),
    "rules.preset.haus": ("Hausregeln (Schweine, Armut, Schmeißen bei fünf Neunen, Bock)", "House rules (Schweine, poverty, throwing in with five nines, Bock)"),
    "rules.preset.klassisch": ("Klassisch (ohne Dullen, Ansagen im ersten Stich, Verdoppeln)", "Classic (no Dullen, announcements in the first trick, doubling)"),
    "rules.preset.muenchen": ("Münchener Regeln zu sechst (drei Blätter, kleine und große Soli, Reizen)", "Munich rules for six (three decks, small and big solos, bidding)"),
    "rules.on": ("an", "on"),
    "rules.list.one": ("Liste: {n} Spiel", "List: {n} game"),
    "rules.list.other": ("Liste: {n} Spiele", "List: {n} games"),
    "rules.pflichtsolo": ("mit Pflichtsolo", "with Pflichtsolo"),
    "rules.off": ("aus", "off"),
    # --- counts: one text per CLDR plural category (``tn``)
    "count.points.one": ("{n} Punkt", "{n} point"),
    "count.points.other": ("{n} Punkte", "{n} points"),
    "count.games.one": ("{n} Spiel", "{n} game"),
    "count.games.other": ("{n} Spiele", "{n} games"),
    # the dative, after "nach", "mit", "aus": "nach 2 Spielen"
    "count.games_dat.one": ("{n} Spiel", "{n} game"),
    "count.games_dat.other": ("{n} Spielen", "{n} games"),
    "count.wins.one": ("{n} Sieg", "{n} win"),
    "count.wins.other": ("{n} Siege", "{n} wins"),
    "count.tricks.one": ("{n} Stich", "{n} trick"),
    "count.tricks.other": ("{n} Stiche", "{n} tricks"),
    # --- summary: the parties with their Augen, and why the winner won
    "sum.augen": ("Re {re} : Kontra {kontra} Augen", "Re {re} : Kontra {kontra} card points"),
    "why.step": (
        "{party} hat {step} angesagt und {augen} Augen erreicht, nötig waren {need}.",
        "{party} announced {step} and reached {augen} card points; {need} were needed.",
    ),
    "why.schwarz_made": ("{party} hat schwarz angesagt und alle Stiche gewonnen.", "{party} announced schwarz and won every trick."),
    "why.schwarz_failed": (
        "{party} hat schwarz angesagt, aber nicht alle Stiche gewonnen.",
        "{party} announced schwarz but did not win every trick.",
    ),
    "why.trick_made": (
        "Gegen schwarz brauchte {party} einen Stich und hat {tricks} gewonnen.",
        "Against schwarz {party} needed one trick and won {tricks}.",
    ),
    "why.trick_failed": ("Gegen schwarz hat {party} keinen Stich gewonnen.", "Against schwarz {party} won no trick."),
    "why.plain": ("{party} hat {augen} Augen erreicht, nötig waren {need}.", "{party} reached {augen} card points; {need} were needed."),
    "why.only_kontra": (
        "(Nur Kontra hat angesagt: da reichen Re {re} Augen, Kontra braucht {kontra}.)",
        "(Only Kontra announced: Re then needs {re} card points, Kontra {kontra}.)",
    ),
    # --- refusals that say what would work
    "repeat.included": (
        "{what} ist schon angesagt (in {said} enthalten).",
        "{what} has already been announced (included in {said}).",
    ),
    "too_late.first_trick": (
        "Für {what} ist es zu spät: an diesem Tisch wird nur bis zum Ende des ersten Stichs angesagt.",
        "It is too late to announce {what}: at this table announcements end with the first trick.",
    ),
    "too_late.before_play": (
        "Für {what} ist es zu spät: an diesem Tisch wird nur angesagt, bevor die erste Karte fällt.",
        "It is too late to announce {what}: at this table announcements end when the first card is played.",
    ),
    "too_late.until_trick_5": (
        "Für {what} ist es zu spät: an diesem Tisch wird nur bis zum fünften Stich angesagt.",
        "It is too late to announce {what}: at this table announcements end when the fifth trick starts.",
    ),
    "blocked.done": ("{what} geht nicht mehr: das Spiel ist vorbei.", "You cannot announce {what}: the game is over."),
    "blocked.reserve": (
        "{what} geht erst, wenn alle ihren Vorbehalt gesagt haben und gespielt wird.",
        "{what} can only be announced once everyone has answered the reservations and play has begun.",
    ),
    "blocked.not_playing": ("Du spielst dieses Spiel nicht mit.", "You do not play in this game."),
    "blocked.hochzeit": (
        "Vor der Klärung der Hochzeit kann niemand ansagen; danach geht {what} wieder.",
        "Nobody can announce before the wedding partner is found; after that {what} works again.",
    ),
    "blocked.klopfen": (
        "An diesem Tisch wird geklopft statt Re und Kontra angesagt.",
        "At this table players knock instead of announcing Re and Kontra.",
    ),
    "blocked.late_reply": (
        "Nach einer späten Antwort darf deine Partei nichts mehr ansagen.",
        "After a late reply your party may announce nothing more.",
    ),
    # the engine's reasons (``why`` of an IllegalAction), said after the refusal itself
    "why.phase.reserve": ("Erst müssen alle ihren Vorbehalt sagen.", "Everyone has to answer the reservations first."),
    "why.phase.bid": ("Erst wird zwischen den gleichen Soli gereizt.", "The equal solos are being bid first."),
    "why.phase.armut_take": ("Gerade wird die Armut angeboten.", "The poverty is being offered right now."),
    "why.phase.armut_exchange": ("Erst muss der Kartentausch der Armut fertig sein.", "The poverty exchange has to finish first."),
    "why.phase.play": ("Es wird schon gespielt.", "The cards are already being played."),
    "why.phase.done": ("Das Spiel ist vorbei.", "The game is over."),
    "why.hochzeit_cq": ("Eine Hochzeit braucht beide Kreuz-Damen.", "A wedding needs both queens of clubs."),
    "why.solo_off": (
        "Dieses Solo wird an diesem Tisch nicht gespielt; /doko regeln zeigt, welche Soli gehen.",
        "This solo is not played at this table; /doko rules shows which are.",
    ),
    "why.armut_off": ("Armut wird an diesem Tisch nicht gespielt.", "Poverty is not played at this table."),
    "why.armut_trumps": ("Armut geht nur mit höchstens drei Trümpfen; du hast {n}.", "Poverty needs at most three trumps; you hold {n}."),
    "why.schmeissen": ("Mit dieser Hand darfst du an diesem Tisch nicht schmeißen.", "This hand may not be thrown in at this table."),
    "why.schwein_off": ("Schweine werden an diesem Tisch nicht gespielt.", "Schweine are not played at this table."),
    "why.schwein_trump": ("Nur ein Fuchs, der Trumpf ist, kann ein Schwein sein.", "Only a fox (♦A) that is trump can be a Schwein."),
    "why.schwein_every": ("Ein Schwein braucht alle Füchse in einer Hand (zu sechst alle drei).", "A Schwein needs every fox (♦A) in one hand (all three at six)."),
    "why.schwein_once": ("Nur ein Fuchs wird zum Schwein.", "Only one fox becomes a Schwein."),
    "why.klopfen_off": ("An diesem Tisch wird nicht geklopft.", "Knocking is not played at this table."),
    "why.klopfen_late": ("Klopfen geht nur vor der ersten Karte.", "You can only knock before the first card."),
    "why.klopfen_four": ("Öfter als viermal wird nicht geklopft.", "Four knocks are the most."),
    "why.klopfen_twice": ("Niemand klopft zweimal hintereinander.", "Nobody knocks twice in a row."),
    "why.vorgefuehrt_self": ("Du bist vorgeführt: du musst ein Solo spielen.", "You are vorgeführt: you must play a solo."),
    "why.vorgefuehrt_other": ("Dieses Spiel gehört dem Pflichtsolo eines Vorgeführten.", "This game belongs to the Pflichtsolo of a player who is vorgeführt."),
    "why.hochzeit_cq_six": ("Eine Hochzeit braucht zwei Kreuz-Damen.", "A wedding needs two queens of clubs."),
    "why.klein_six": ("Ein kleines Solo gibt es nur zu sechst.", "A kleines Solo is played only with six at the table."),
    "why.card_missing": ("Nenne mit der Hochzeit eine Karte.", "Name a card with the wedding."),
    "why.card_offer": ("Nenne eine Karte außer der Kreuz-Dame, die du nicht in jedem Exemplar hast.", "Name a card other than the queen of clubs that you do not hold in every copy."),
    "why.bid_step": ("Ein Gebot ist eine Stufe ab Re, oder Passen.", "A bid is a step from Re up, or a pass."),
    "why.bid_above": ("Nenne eine Stufe über {step}.", "Name a step above {step}."),
    "why.bid_hold": ("Halte {step} oder passe.", "Hold {step} or pass."),
    "why.armut_before": ("An diesem Tisch wird über die Armut entschieden, bevor man die Karten sieht.", "At this table the poverty is decided before seeing the cards."),
    "blocked.six": ("{what} gibt es nur zu sechst.", "{what} exists only with six at the table."),
    # --- the readable game record (/doko protokoll)
    "rec.title": ("Protokoll · Spiel {no}", "Game record · game {no}"),
    "rec.file": ("Protokoll von Spiel {no}: die Datei für `dokobot replay` und der Verlauf zum Lesen.", "Record of game {no}: the file for `dokobot replay` and the course of play to read."),
    "rec.rules": ("Regeln: {preset}", "Rules: {preset}"),
    "rec.dealer": ("Geber: {dealer}", "Dealer: {dealer}"),
    "rec.hand": ("{name}: {cards}", "{name}: {cards}"),
    "rec.hands": ("Karten wie gegeben:", "Cards as dealt:"),
    "rec.reserved": ("{name}: {what}", "{name}: {what}"),
    "rec.contract": ("Gespielt wird: {contract}", "Contract: {contract}"),
    "rec.contract_by": ("Gespielt wird: {contract} ({name})", "Contract: {contract} ({name})"),
    "rec.announced": ("{name} sagt {what} an.", "{name} announces {what}."),
    "rec.klopfen": ("{name} klopft.", "{name} knocks."),
    "rec.trick": ("Stich {n}: {name} spielt aus.", "Trick {n}: {name} leads."),
    "rec.played": ("{name} {card}", "{name} {card}"),
    "rec.schwein": ("{name} {card} (Schwein)", "{name} {card} (Schwein)"),
    "rec.won": ("→ {name} gewinnt den Stich, {augen} Augen.", "→ {name} wins the trick, {augen} card points."),
    "rec.partner": ("{name} ist der Partner der Hochzeit.", "{name} is the wedding partner."),
    "rec.alone": ("Die Hochzeit spielt allein.", "The wedding plays alone."),
    "rec.armut_taken": ("{name} nimmt die Armut mit.", "{name} takes the poverty."),
    "rec.armut_passed": ("{name} passt.", "{name} passes."),
    "rec.armut_given": ("{name} gibt {trumps} ab.", "{name} hands over {trumps}."),
    "count.trumps.one": ("{n} Trumpf", "{n} trump"),
    "count.trumps.other": ("{n} Trümpfe", "{n} trumps"),
    "rec.result": ("Ergebnis", "Result"),
    "rec.unfinished": ("Das Spiel ist nicht zu Ende gespielt.", "The game was not played to the end."),
    # --- the rules page: every switch, its value, what it means
    "rules.how": (
        "Ändern (Gastgeber): /doko regeln schalter: name=wert, z. B. `dulle=second_wins`.",
        "To change (host): /doko rules switches: name=value, e.g. `dulle=second_wins`.",
    ),
    "rules.values": ("Werte: {values}", "Values: {values}"),
    # --- the short rules page: the preset, then only what differs from it
    "rules.changed": ("**{preset}**, geändert:", "**{preset}**, changed:"),
    "rules.unchanged": ("**{preset}**, ohne Änderung.", "**{preset}**, unchanged."),
    "rules.change": ("• **{label}** (`{switch}`): {value} (Vorgabe: {default})", "• **{label}** (`{switch}`): {value} (preset: {default})"),
    "rules.setting": ("• **{label}** (`{switch}`): {value}", "• **{label}** (`{switch}`): {value}"),
    "rules.all_hint": (
        "Alle Regeln mit Erklärung: „Alle Regeln“ oder `/doko regeln alle:True`.",
        "Every rule explained: “All rules” or `/doko rules all:True`.",
    ),
    "btn.rules_all": ("Alle Regeln", "All rules"),
    # --- the public line when the host changes the rules
    "notice.rules_changed": ("⚙️ {name} hat die Regeln geändert: {list}", "⚙️ {name} changed the rules: {list}"),
    "notice.rules_change": ("**{label}**: {value} (vorher: {was})", "**{label}**: {value} (was: {was})"),
    "rules.sw.preset": ("Regelwerk", "Rule set"),
    "rules.none": ("keine", "none"),
    "rules.line": ("**{label}** (`{switch}`): {value} – {help}", "**{label}** (`{switch}`): {value} – {help}"),
    "switch.nines": ("Neunen", "Nines"),
    "switch.nines.help": ("an: 48 Karten, 12 pro Hand; aus: ohne Neunen, 40 Karten, 10 pro Hand.", "on: 48 cards, 12 each; off: no nines, 40 cards, 10 each."),
    "switch.dullen": ("Dullen", "Dullen"),
    "switch.dullen.help": ("die ♥10 (Dulle) ist der höchste Trumpf.", "the ♥10 (Dulle) is the highest trump."),
    "switch.dulle": ("Zwei Dullen im Stich", "Two Dullen in a trick"),
    "switch.dulle.help": ("welche Dulle den Stich bekommt, wenn beide fallen.", "which Dulle takes the trick when both are played."),
    "switch.schweine": ("Schweine", "Schweine"),
    "switch.schweine.help": ("wer beide ♦A hat, darf eines als Schwein spielen: höher als die Dullen.", "whoever holds both ♦A may play one as Schwein, above the Dullen."),
    "switch.joker": ("Joker", "Joker"),
    "switch.joker.help": ("ein ♦K wird zum Joker, mit den 4 Augen des Königs: der höchste Trumpf im Normalspiel und in den Farbsoli, der niedrigste im reinen Karo-Solo, sonst die niedrigste Karo.", "one ♦K becomes the joker, worth the king's 4 card points: the highest trump in normal games and suit solos, the lowest trump in the pure diamonds solo, else the lowest diamond."),
    "switch.overtrump": ("Überstechen", "Overtrumping"),
    "switch.overtrump.help": ("wer Trumpf auf einen Trumpfstich spielt, muss den höchsten Trumpf überstechen, wenn er kann.", "whoever plays trump on a trick holding trump must beat the highest trump if possible."),
    "switch.solos": ("Soli", "Solos"),
    "switch.solos.help": ("diese Soli dürfen angesagt werden.", "these solos may be declared."),
    "switch.solo_lead": ("Ausspiel im Solo", "Lead in a solo"),
    "switch.solo_lead.help": ("wer im Solo zum ersten Stich ausspielt.", "who leads the first trick of a solo."),
    "switch.solo_priority": ("Vorrang der Soli", "Solo priority"),
    "switch.solo_priority.help": ("wer spielt, wenn mehrere ein Solo ansagen.", "who plays when several declare a solo."),
    "switch.hochzeit": ("Klärung der Hochzeit", "Wedding partner"),
    "switch.hochzeit.help": ("welcher Stich den Partner der Hochzeit bestimmt.", "which trick decides the wedding partner."),
    "switch.hochzeit_window": ("Stiche zur Klärung", "Tricks to find a partner"),
    "switch.hochzeit_window.help": ("so viele Stiche hat die Hochzeit, einen Partner zu finden; sonst spielt sie allein.", "the wedding has this many tricks to find a partner, else it plays alone."),
    "switch.armut": ("Armut", "Poverty"),
    "switch.armut.help": ("wer höchstens drei Trümpfe hat, darf sie abgeben; wer sie mitnimmt, spielt mit ihm.", "whoever holds at most three trumps may hand them over; whoever takes them is the partner."),
    "switch.schmeissen": ("Schmeißen", "Throwing in"),
    "switch.schmeissen.help": ("mit diesen Blättern darf man die Karten zurückgeben; derselbe Geber gibt neu.", "with these hands one may throw the cards in; the same dealer deals again."),
    "switch.announcements": ("Ansagen", "Announcements"),
    "switch.announcements.help": ("bis wann Re, Kontra, keine 90 … angesagt werden dürfen.", "until when Re, Kontra, keine 90 … may be announced."),
    "switch.klopfen": ("Klopfen", "Knocking"),
    "switch.klopfen.help": ("vor dem ersten Ausspiel darf geklopft werden, statt Re und Kontra; ein Klopfen zählt wie eine Re/Kontra-Ansage: {worth}.", "before the first lead players may knock, instead of Re and Kontra; a knock counts like a Re/Kontra announcement: {worth}."),
    # what a knock is worth in each scheme (reading 16): like one Re/Kontra of the scheme
    "klopfen.worth.ddv": ("2 Punkte mehr für die Gewinner", "2 more points for the winners"),
    "klopfen.worth.steps": ("1 Punkt mehr für die Gewinner", "1 more point for the winners"),
    "klopfen.worth.plus": ("1 Punkt mehr für die Gewinner", "1 more point for the winners"),
    "klopfen.worth.doubling": ("es verdoppelt den Spielwert", "it doubles the game value"),
    "klopfen.worth.tally": ("einmal Klopfen verdoppelt die Punkte, ab dem zweiten vervierfacht es sie (mit Re und Kontra zusammengezählt)", "one knock doubles the points, from the second they are quadrupled (counted together with Re and Kontra)"),
    "switch.scoring": ("Abrechnung", "Scoring"),
    "switch.scoring.help": ("wie der Spielwert entsteht.", "how the game value is counted."),
    "switch.zero_sum": ("Nullsumme", "Zero sum"),
    "switch.zero_sum.help": ("an: die Verlierer zahlen, was die Gewinner bekommen; aus: nur die Gewinner schreiben.", "on: the losers pay what the winners get; off: only the winners score."),
    "switch.base": ("Grundwert", "Base value"),
    "switch.base.help": ("jeder Spielwert wird damit malgenommen.", "every game value is multiplied by it."),
    "switch.solo_factor": ("Solofaktor", "Solo factor"),
    "switch.solo_factor.help": ("so oft bekommt oder zahlt der Solist den Spielwert.", "how many times the soloist gets or pays the game value."),
    "switch.extras": ("Sonderpunkte", "Extra points"),
    "switch.extras.help": ("diese Sonderpunkte zählen (nur im Normalspiel).", "these extra points count (normal games only)."),
    "switch.bock": ("Bock", "Bock"),
    "switch.bock.help": ("nach diesen Ereignissen zählt die nächste Runde doppelt.", "after these events the next round counts double."),
    "value.dulle.first_wins": ("die erste sticht", "the first one wins"),
    "value.dulle.second_wins": ("die zweite sticht", "the second one wins"),
    "value.dulle.second_wins_except_last": ("die zweite sticht, außer im letzten Stich", "the second one wins, except in the last trick"),
    "value.solo_lead.left_of_dealer": ("wer links vom Geber sitzt", "the player left of the dealer"),
    "value.solo_lead.soloist": ("der Solist", "the soloist"),
    "value.solo_priority.seat": ("wer zuerst an der Reihe ist", "whoever comes first in seat order"),
    "value.solo_priority.rank": ("das ranghöhere Solo (Karo, Damen, Buben, … zuerst)", "the higher solo (diamonds, queens, jacks, … first)"),
    "value.hochzeit.first_trick": ("der erste Stich, den ein anderer gewinnt", "the first trick another player wins"),
    "value.hochzeit.first_color_trick": ("der erste Fehlstich (mit Farbe ausgespielt)", "the first trick led with a plain suit"),
    "value.hochzeit.first_trump_trick": ("der erste Trumpfstich", "the first trick led with trump"),
    "value.announcements.ddv": ("DDV-Fristen: Re/Kontra, bevor du deine zweite Karte spielst, jede weitere Stufe eine Karte später", "DDV deadlines: Re/Kontra before you play your second card, each further step one card later"),
    "value.announcements.first_trick": ("bis der erste Stich vorbei ist", "until the first trick is complete"),
    "value.announcements.before_play": ("bevor die erste Karte fällt", "before the first card is played"),
    "value.announcements.until_trick_5": ("bis der fünfte Stich beginnt", "until the fifth trick starts"),
    "value.scoring.ddv": ("DDV: gewonnen, unter 90 …, Ansagen, Sonderpunkte", "DDV: won, under 90 …, announcements, extra points"),
    "value.scoring.steps": ("Stufen: je Stufe unter 120, 90, 60, 30, schwarz ein Punkt", "steps: one point per step under 120, 90, 60, 30, schwarz"),
    "value.scoring.doubling": ("Verdoppeln: Schneider, schwarz, Doppelkopf und Ansagen verdoppeln", "doubling: Schneider, schwarz, Doppelkopf and announcements double"),
    "value.scoring.tally": ("Strichliste: Punkte zusammenzählen, Re/Kontra verdoppeln", "tally: points added up, Re/Kontra double"),
    "value.scoring.plus": ("Plus eins: Re gewinnt 1, Kontra 2; Schneider, schwarz, Doppelkopf, Ansagen und erreichte Absagen je +1", "plus one: Re wins 1, Kontra 2; Schneider, schwarz, Doppelkopf, announcements and steps reached +1 each"),
    "switch.fine_steps": ("Feine Stufen", "Fine steps"),
    "switch.fine_steps.help": ("nur mit Verdoppeln oder Plus eins: statt Schneider und schwarz zählen unter 90, unter 60, unter 30 und schwarz (zu sechst ab unter 135) als Stufe 1 bis 4, die höchste zählt: ×2 bis ×16 oder +1 bis +4.", "only with doubling or plus one: instead of Schneider and schwarz, under 90, under 60, under 30 and schwarz (at six from under 135) count as levels 1 to 4, the highest counts: ×2 to ×16 or +1 to +4."),
    "value.schmeissen.nines": ("fünf Neunen", "five nines"),
    "value.schmeissen.kings": ("fünf Könige", "five kings"),
    "value.schmeissen.top_dj": ("kein Trumpf höher als ♦B", "no trump higher than ♦J"),
    "value.bock.tie": ("120 : 120", "120 : 120"),
    "value.bock.lost_solo": ("verlorenes Solo", "a lost solo"),
    "value.bock.lost_announcement": ("verlorene Ansage", "a lost announcement"),
    # house forms (rules.md "House forms"): shown once the engine has the switches
    "switch.armut_taker": ("Wer die Armut mitnimmt", "Who takes the poverty"),
    "switch.armut_taker.help": ("wer der Armut antworten darf.", "who may answer the poverty."),
    "switch.armut_decide": ("Entscheidung bei der Armut", "Poverty decision"),
    "switch.armut_decide.help": ("ob man vor oder nach dem Erhalt der Trümpfe mitnimmt.", "whether one takes before or after receiving the trumps."),
    "switch.armut_announce": ("Armut zeigen", "Poverty shown"),
    "switch.armut_announce.help": ("der Tisch erfährt, wie viele Trümpfe die Armut hat und ob eine Alte dabei ist.", "the table learns how many trumps the poverty holds and whether a queen of clubs is among them."),
    "switch.solo_extras": ("Sonderpunkte im Solo", "Extra points in solos"),
    "switch.solo_extras.help": ("ob Sonderpunkte auch im Karo-Solo und in der stillen Hochzeit zählen.", "whether extra points also count in a diamonds solo and a silent wedding."),
    "switch.players": ("Spieler am Tisch", "Players at the table"),
    "switch.players.help": ("4, 5 oder 6 – der Tisch setzt es nach der Zahl der Sitzenden.", "4, 5 or 6 – the table sets it from the number seated."),
    "switch.five": ("Zu fünft", "Five at the table"),
    "switch.five.help": ("ob der Geber aussetzt oder alle fünf ohne Neunen spielen.", "whether the dealer sits out or all five play without nines."),
    "value.five.dealer_sits_out": ("der Geber setzt aus", "the dealer sits out"),
    "value.five.all_play": ("alle spielen mit", "all five play"),
    "switch.single_limit": ("Nur eine Absage", "Only one limit"),
    "switch.single_limit.help": ("pro Spiel nur eine Stufe (keine 90 … schwarz), von welcher Partei auch immer.", "only one step (keine 90 … schwarz) per game, by either party."),
    "switch.klopfen_redeal": ("Neu geben ohne Klopfen", "Redeal without knocking"),
    "switch.klopfen_redeal.help": ("mit Klopfen: klopft niemand vor dem ersten Ausspiel, gibt derselbe Geber neu.", "with knocking: if nobody knocks before the first lead, the same dealer deals again."),
    "value.armut_taker.volunteer": ("wer will, reihum", "anyone, in turn"),
    "value.armut_taker.partner": ("nur der Partner aus dem Normalspiel", "only the partner of the normal game"),
    "value.armut_decide.before": ("vor dem Erhalt der Trümpfe", "before receiving the trumps"),
    "value.armut_decide.after": ("nach dem Erhalt der Trümpfe", "after receiving the trumps"),
    "value.solo_extras.none": ("nein", "no"),
    "value.solo_extras.trumpfsolo_still": ("auch im Karo-Solo und in der stillen Hochzeit", "also in a diamonds solo and a silent wedding"),
    "value.hochzeit.named_card": ("wer zuerst die genannte Karte spielt", "whoever first plays the named card"),
    "value.hochzeit.first_pure_color_trick": ("der erste Stich ganz ohne Trumpf", "the first trick without any trump"),
    "value.schmeissen.top_da": ("kein Trumpf höher als ♦A", "no trump higher than ♦A"),
    "value.bock.heart_trick": ("ein Herz-Stich geht rum", "a heart trick goes round"),
    # the rest of the seeds (issue 22, readings 37-43)
    "value.hochzeit.choice": ("wie der Hochzeiter es mit dem Vorbehalt ansagt", "as the wedding player names it with the reservation"),
    "switch.six_lustsolo_lead": ("Ausspiel im Lustsolo zu sechst", "Lead in a voluntary solo at six"),
    "switch.six_lustsolo_lead.help": ("zu sechst: wer im großen Lustsolo ausspielt; Pflichtsoli und kleine Soli spielt der Solist aus.", "at six: who leads a big voluntary solo; compulsory and small solos are led by the soloist."),
    "value.six_lustsolo_lead.soloist": ("der Solist", "the soloist"),
    "value.six_lustsolo_lead.left_of_dealer": ("wer links vom Geber sitzt (ohne Aufspielrecht)", "the player left of the dealer (no lead)"),
    "switch.hochzeit_partner": ("Partner der Hochzeit", "Wedding partner's answer"),
    "switch.hochzeit_partner.help": ("ob der gefundene Partner mitspielen muss oder ablehnen darf; lehnt er ab, sucht die Hochzeit weiter.", "whether the partner found must play along or may decline; declined, the wedding searches on."),
    "value.hochzeit_partner.must": ("muss mitspielen", "must play along"),
    "value.hochzeit_partner.may": ("darf ablehnen", "may decline"),
    "select.hochzeit_form": ("Hochzeit: Klärung wählen …", "Wedding: choose how the partner is found …"),
    "select.hochzeit_card": ("Hochzeit mit genannter Karte …", "Wedding with a named card …"),
    "hochzeit.card_option": ("{card} · {group}", "{card} · {group}"),
    "cardword.A": ("Ass", "ace"), "cardword.T": ("Zehn", "ten"), "cardword.K": ("König", "king"),
    "cardword.Q": ("Dame", "queen"), "cardword.J": ("Bube", "jack"), "cardword.9": ("Neun", "nine"),
    "cardword.card": ("{suit}-{rank}", "the {rank} of {suit}"),
    "cardword.JO": ("den Joker", "the joker"),
    "table.hochzeit_named": ("Wer zuerst {card} spielt, heiratet.", "Whoever first plays {card} is the partner."),
    "table.hochzeit_form": ("Klärung der Hochzeit: {form}.", "The wedding partner: {form}."),
    "hand.partner_ask": ("Du hast den Stich gewonnen: spielst du mit {name} die Hochzeit?", "You won the trick: do you play the wedding with {name}?"),
    "hand.reserved": ("Vorbehalt gesagt.", "Reservation made."),
    "btn.partner_yes": ("Ja, ich spiele mit", "Yes, I play along"),
    "btn.partner_no": ("Nein, ablehnen", "No, decline"),
    "notice.hochzeit_form": ("{name} sagt die Hochzeit an: {form}.", "{name} names the wedding: {form}."),
    "notice.partner_asked": ("{partner} hat den Stich: spielt {partner} mit {name}?", "{partner} won the trick: does {partner} play with {name}?"),
    "notice.partner_declined": ("{partner} lehnt die Hochzeit mit {name} ab; die Suche geht weiter.", "{partner} declines the wedding with {name}; the search goes on."),
    "notice.thrown": ("{name} zeigt das Blatt ({trigger}): {cards}", "{name} shows the hand ({trigger}): {cards}"),
    "illegal.partner_must": ("An diesem Tisch muss der gefundene Partner mitspielen.", "At this table the partner found must play along."),
    "why.bid_re": ("Zu sechst beginnt das Reizen mit Re.", "At six the bidding begins with Re."),
    "why.partner_answers": ("Erst antwortet der gefundene Partner der Hochzeit.", "The wedding's partner answers first."),
    "preset.ddv": ("DDV", "DDV"),
    "preset.haus": ("Haus", "House"),
    "preset.klassisch": ("Klassisch", "Classic"),
    "preset.muenchen": ("Münchener Regeln", "Munich rules"),
    # --- choices of the slash commands (values stay, names follow the language)
    "choice.ddv": ("DDV", "DDV"),
    "choice.haus": ("Hausregeln", "house rules"),
    "choice.klassisch": ("klassisch", "classic"),
    "choice.dazu": ("dazu", "add"),
    "choice.entfernen": ("entfernen", "remove"),
    "choice.leicht": ("leicht", "easy"),
    "choice.mittel": ("mittel", "medium"),
    "choice.schwer": ("schwer", "hard"),
    "choice.de": ("Deutsch", "German"),
    "choice.en": ("Englisch", "English"),
    "choice.auto": ("wie mein Discord", "like my Discord"),
    "choice.french": ("französisch", "French"),
    "choice.german": ("deutsch", "German"),
    "choice.alle": ("alle", "all time"),
    "choice.jahr": ("Jahr", "year"),
    "choice.monat": ("Monat", "month"),
    "choice.woche": ("Woche", "week"),
    "choice.punkte": ("Punkte", "points"),
    "choice.ppg": ("Punkte pro Spiel", "points per game"),
    "choice.siege": ("Siege", "wins"),
    "choice.size4": ("zu viert (auch zu fünft, wenn der Geber aussetzt)", "4 players (also five with the dealer sitting out)"),
    "choice.size5": ("zu fünft (alle spielen)", "5 players (all play)"),
    "choice.size6": ("zu sechst", "6 players"),
    "choice.übergeben": ("übergeben", "hand over"),
    "choice.computer": ("Computer spielt", "computer plays"),
    "choice.zurück": ("zurück", "back"),
    # --- slash command and option names for English clients (the German names are the code's)
    "name.doko": ("doko", "doko"),
    "name.tisch": ("tisch", "table"),
    "name.hand": ("hand", "hand"),
    "name.regeln": ("regeln", "rules"),
    "name.abbrechen": ("abbrechen", "abort"),
    "name.schliessen": ("schliessen", "close"),
    "name.entfernen": ("entfernen", "remove"),
    "name.computer": ("computer", "computer"),
    "name.sprache": ("sprache", "language"),
    "name.liste": ("liste", "scoresheet"),
    "name.rangliste": ("rangliste", "leaderboard"),
    "name.statistik": ("statistik", "statistics"),
    "name.protokoll": ("protokoll", "record"),
    "name.platz": ("platz", "seat"),
    "name.hilfe": ("hilfe", "help"),
    "name.re": ("re", "re"),
    "name.kontra": ("kontra", "kontra"),
    "name.keine90": ("keine90", "keine90"),
    "name.keine60": ("keine60", "keine60"),
    "name.keine30": ("keine30", "keine30"),
    "name.schwarz": ("schwarz", "schwarz"),
    "name.klopfen": ("klopfen", "knock"),
    "opt.preset": ("preset", "preset"),
    "opt.alle": ("alle", "all"),
    "opt.schalter": ("schalter", "switches"),
    "opt.spieler": ("spieler", "player"),
    "opt.aktion": ("aktion", "action"),
    "opt.name": ("name", "name"),
    "opt.stufe": ("stufe", "level"),
    "opt.sprache": ("sprache", "language"),
    "opt.kanal": ("kanal", "channel"),
    "opt.blatt": ("blatt", "deck"),
    "opt.zeitraum": ("zeitraum", "period"),
    "opt.ordnung": ("ordnung", "order"),
    "opt.spiel": ("spiel", "game"),
    "opt.nummer": ("nummer", "number"),
    "opt.tisch": ("tisch", "table"),
    # ---- learning from the games (issue 24) ----
    "btn.analyse": ("Analyse", "Analysis"),
    "btn.tipp": ("Tipp", "Hint"),
    # ---- kiebitz: watching a seat at any table (the table setting, the buttons, the private view) ----
    "setting.kiebitz": ("Zuschauen", "Watching"),
    "setting.kiebitz.help": (
        "privat, einen Stich zurück; `aus`, `zustimmung`, `offen`.",
        "privately, one trick behind; `off`, `consent`, `open`.",
    ),
    "setting.kiebitz.off": ("aus", "off"),
    "setting.kiebitz.consent": ("mit Zustimmung", "with consent"),
    "setting.kiebitz.open": ("offen", "open"),
    "btn.watch": ("Zuschauen", "Watch"),
    "btn.watch_more": ("Weiter zuschauen", "Keep watching"),
    "btn.watch_stop": ("Nicht mehr zuschauen", "Stop watching"),
    "btn.watch_allow": ("Erlauben", "Allow"),
    "btn.watch_deny": ("Ablehnen", "Decline"),
    "kiebitz.pick": (
        "Wem möchtest du über die Schulter schauen? Du siehst das Spiel privat, immer einen Stich zurück.",
        "Whose seat would you like to follow? You see the game privately, always one trick behind.",
    ),
    "kiebitz.pick_seat": ("Platz wählen", "Choose a seat"),
    "kiebitz.seat": ("Platz {n}: {name}", "Seat {n}: {name}"),
    "kiebitz.ask": (
        "{player}, {watcher} möchte dir in diesem Spiel über die Schulter schauen "
        "(privat, einen Stich zurück, nie eine Karte auf deiner Hand). Erlaubst du das?",
        "{player}, {watcher} would like to follow your seat in this game "
        "(privately, one trick behind, never a card in your hand). Do you allow it?",
    ),
    "kiebitz.asked_before": (
        "Du hast {name} schon gefragt; warte auf die Antwort.",
        "You have already asked {name}; wait for the answer.",
    ),
    "kiebitz.declined_before": (
        "{name} möchte in diesem Spiel keinen Kiebitz; frag im nächsten Spiel wieder.",
        "{name} wants no Kiebitz in this game; ask again in the next game.",
    ),
    "kiebitz.asked": (
        "{name} ist gefragt. Sobald {name} zustimmt, siehst du hier das Spiel.",
        "{name} has been asked. Once {name} agrees, you see the game here.",
    ),
    "kiebitz.allowed": ("{player} lässt {watcher} zuschauen.", "{player} lets {watcher} watch."),
    "kiebitz.declined": ("{player} möchte in diesem Spiel keinen Kiebitz.", "{player} prefers not to be watched this game."),
    "kiebitz.declined_you": ("{name} möchte nicht, dass du zuschaust.", "{name} prefers not to be watched."),
    "kiebitz.only": ("Das kann nur {name} beantworten.", "Only {name} can answer this."),
    "kiebitz.stale": (
        "Diese Frage gehört zu einem Spiel, das nicht mehr läuft.", "This question belongs to a game that is over.",
    ),
    "kiebitz.no_game": ("Gerade läuft kein Spiel, dem du zuschauen kannst.", "No game is running that you could watch."),
    "kiebitz.bad_seat": ("Diesen Platz gibt es in diesem Spiel nicht.", "That seat is not in this game."),
    "kiebitz.not_watching": (
        "Du schaust gerade niemandem zu: **Zuschauen** an der Tischnachricht startet es.",
        "You are not watching anyone: **Watch** on the table message starts it.",
    ),
    "kiebitz.stopped": ("Du schaust nicht mehr zu.", "You stopped watching."),
    "kiebitz.ended.seated": (
        "Du sitzt jetzt selbst am Tisch: dein Zuschauen ist beendet.",
        "You are seated at the table now: your watching has ended.",
    ),
    "kiebitz.ended.over": ("Das Spiel ist vorbei: dein Zuschauen ist beendet.", "The game is over: your watching has ended."),
    "kiebitz.ended.stale": (
        "Diese Ansicht wird nicht mehr aktualisiert: **Weiter zuschauen** holt eine neue.",
        "This view is no longer updated: **Keep watching** gets a fresh one.",
    ),
    "kiebitz.watching.one": ("👀 {n} schaut zu", "👀 {n} watcher"),
    "kiebitz.watching.other": ("👀 {n} schauen zu", "👀 {n} watchers"),
    "curve.title": ("Spiel {no}: erwartete Punkte je Re-Spieler ({names})", "Game {no}: expected points per Re player ({names})"),
    "curve.legend_re": ("Re liegt vorn", "Re ahead"),
    "curve.legend_kontra": ("Kontra liegt vorn", "Kontra ahead"),
    "curve.x": ("vor Stich … Ende (nur was der ganze Tisch sah)", "before trick … end (only what the whole table saw)"),
    "curve.message": (
        "Verlauf von Spiel {no}: was jeder Re-Spieler ({names}) vor jedem Stich erwarten durfte, aus der Sicht "
        "des ganzen Tisches, bis zu den gebuchten Punkten.",
        "The curve of game {no}: what each Re player ({names}) could expect before each trick, as the whole "
        "table saw it, up to the points booked.",
    ),
    "curve.text": ("Verlauf für Re: {values}", "Curve for Re: {values}"),
    "curve.moments": ("Wendepunkte: {list}", "Turning points: {list}"),
    "curve.extra": ("{extra} ({name})", "{extra} ({name})"),
    "curve.announce": ("{name}: {what}", "{name}: {what}"),
    "curve.partner.hochzeit": ("Hochzeit: {name} ist Partner", "wedding: {name} is the partner"),
    "curve.alone.hochzeit": ("Hochzeit: kein Partner für {name}", "wedding: no partner for {name}"),
    "curve.partner.solo": ("kleines Solo: {name} ist Partner", "small solo: {name} is the partner"),
    "curve.alone.solo": ("kleines Solo: kein Partner für {name}", "small solo: no partner for {name}"),
    "curve.trick": ("Stich {trick} an {name}", "trick {trick} to {name}"),
    # store42 (issue 42): what a table of an event refuses (dokobot.table.table)
    "err.event_table": (
        "Dieser Tisch gehört zum Turnier: Plätze und Regeln legt das Turnier fest.",
        "This table belongs to the tournament: the tournament sets its seats and rules.",
    ),
    "err.not_event_table": ("Dieser Tisch gehört zu keinem Turnier.", "This table belongs to no tournament."),
    "err.held": (
        "Das Turnier ist pausiert: Ein neues Spiel wird erst gegeben, wenn es weitergeht.",
        "The tournament is paused: no new game is dealt until it goes on.",
    ),
    "err.list_over": (
        "Die Liste an diesem Tisch ist zu Ende: Hier wird in dieser Runde nicht mehr gespielt.",
        "This table's list is over: no more games are played here this round.",
    ),
    "an.title": ("Deine Analyse von Spiel {no}", "Your analysis of game {no}"),
    "an.line": (
        "**Stich {trick}:** du spieltest {played}; {best} hätte im Schnitt **{cost}** Punkte mehr gebracht.",
        "**Trick {trick}:** you played {played}; {best} would have scored **{cost}** points more on average.",
    ),
    "an.none": (
        "Keine deiner Karten hat nach der Rechnung von `schwer` {min} Punkte oder mehr gekostet. Gut gespielt!",
        "None of your cards cost {min} points or more by the judgement of the hard computer. Well played!",
    ),
    "an.footer": (
        "Nur aus dem, was du damals wusstest: deine Karten und was auf dem Tisch lag.",
        "Only from what you knew then: your own cards and what the table showed.",
    ),
    "an.not_seated": (
        "Eine Analyse gibt es nur für die eigenen Karten: du hast in Spiel {no} nicht mitgespielt.",
        "An analysis is only of your own cards: you did not play in game {no}.",
    ),
    "an.gone": ("Spiel {no} ist nicht mehr zu finden.", "Game {no} can no longer be found."),
    "an.redeal": ("Ein eingeworfenes Spiel hat nichts zu analysieren.", "A thrown-in game has nothing to analyse."),
    "tip.line": ("Tipp: {card} – {why}{value}", "Hint: {card} – {why}{value}"),
    "tip.sure": ("sticht sicher, {augen} Augen", "takes the trick for sure, {augen} card points"),
    "tip.wins": ("sticht vorerst, {augen} Augen", "takes the trick for now, {augen} card points"),
    "tip.smear": ("schmiert dem Partner, {augen} Augen im Stich", "gives your partner points, {augen} card points in the trick"),
    "tip.low": ("gibt wenig ab ({augen} Augen)", "gives little away ({augen} card points)"),
    "tip.lead": ("spielt an", "leads"),
    "tip.value": (" · im Schnitt {value}", " · {value} on average"),
    "tip.count": ("Dein {n}. Tipp in diesem Spiel; die Liste zählt mit.", "Your hint no. {n} in this game; the score sheet counts them."),
    "tip.off": (
        "Tipps sind an diesem Tisch aus; der Gastgeber schaltet sie mit `/doko regeln schalter:tipps=ja` an.",
        "Hints are off at this table; the host turns them on with `/doko regeln schalter:tipps=on`.",
    ),
    "learn.queued": (
        "Deine Analyse wartet, {n} vor dir. Sie kommt hierher, sobald sie fertig ist.",
        "Your analysis is queued, {n} ahead of it. It will appear here once it is ready.",
    ),
    "learn.busy": (
        "Gerade warten zu viele Analysen. Versuch es in ein paar Minuten noch einmal.",
        "Too many analyses are waiting right now. Try again in a few minutes.",
    ),
    "learn.yours": (
        "Du wartest schon auf eine Analyse. Frag nach der nächsten, sobald sie da ist.",
        "You are already waiting for an analysis. Ask for the next one once it has arrived.",
    ),
    "tip.not_now": ("Gerade ist keine Karte von dir dran.", "It is not your turn to play a card."),
    "sheet.hints": ("Tipps genutzt: {list}", "Hints used: {list}"),
    "stats.skill": ("Spielstärke {rating}", "skill {rating}"),
    "stats.skill_field": ("Spielstärke", "Skill rating"),
    "stats.skill_body": (
        "**{rating}** nach {games}. {about}",
        "**{rating}** after {games}. {about}",
    ),
    "stats.skill_about": (
        "Die Spielstärke beginnt bei 0, steigt mit Siegen (mehr gegen Starke) und sinkt mit Niederlagen (mehr gegen Schwache); wer wenig gespielt hat, steht vorsichtig niedrig.",
        "The skill rating starts at 0, rises with wins (more against strong players) and falls with losses (more against weak ones); few games keep it cautiously low.",
    ),
    "stats.skill_note": (
        "Spielstärke: steigt mit Siegen gegen Starke; Computer werden je Stufe bewertet.",
        "Skill rating: rises with wins against strong players; computers are rated per level.",
    ),
    "stats.skill_chart": ("Spielstärke von {name}", "Skill rating of {name}"),
    "stats.skill_x": ("gewertete Spiele", "rated games"),
    # ---- a Doppelkopf night: the event, its standings, Kiebitze (issue 42) ----
    "event.err.value": ("`{name}={value}` geht nicht; erlaubt: {allowed}.", "`{name}={value}` is not possible; allowed: {allowed}."),
    "event.err.preset": (
        "Ein Turnierabend spielt an Tischen zu viert oder fünft; `{preset}` ist für sechs am Tisch.",
        "An event plays at tables of four or five; `{preset}` is for six at a table.",
    ),
    "event.err.switch": (
        "`{name}` stellt das Turnier selbst ein (Runden, Spiele je Runde, Pflichtsolo), nicht die Schalter.",
        "The event sets `{name}` itself (rounds, games per round, Pflichtsolo), not the switches.",
    ),
    "event.err.not_host": ("Das darf nur die Turnierleitung.", "Only the host of the event may do that."),
    "event.err.ended": ("Das Turnier ist vorbei.", "The event is over."),
    "event.err.already": ("Du bist schon angemeldet.", "You have already signed up."),
    "event.err.last_round": (
        "Die letzte Runde läuft schon: eine Anmeldung gilt erst ab der nächsten Runde, und es kommt keine mehr.",
        "The last round is already on: a sign-up counts from the next round, and there is none.",
    ),
    "event.err.full": ("Das Turnier ist voll ({n} Anmeldungen).", "The event is full ({n} entrants)."),
    "event.err.not_entrant": ("Du bist nicht angemeldet.", "You have not signed up."),
    "event.err.started": ("Das Turnier läuft schon.", "The event has already started."),
    "event.err.not_between": (
        "Eine neue Runde beginnt erst, wenn alle Tische der laufenden fertig sind.",
        "A new round begins only when every table of the current one is done.",
    ),
    "event.err.not_running": ("Gerade läuft nichts, was sich anhalten ließe.", "Nothing is running that could be paused."),
    "event.err.not_paused": ("Das Turnier ist nicht angehalten.", "The event is not paused."),
    "event.err.nobody": ("Noch hat sich niemand angemeldet.", "Nobody has signed up yet."),
    "event.err.numbers": (
        "Mit {n} Leuten gehen keine Tische zu viert oder fünft. Erlaube Computer in den Einstellungen oder warte auf mehr Anmeldungen.",
        "{n} people do not make tables of four or five. Allow computers in the settings or wait for more entrants.",
    ),
    "event.err.stale": (
        "Runde {round}, Tisch {table} läuft nicht mehr.", "Round {round}, table {table} is no longer running.",
    ),
    # ---- board42: what a Doppelkopf night shows (its message, picture, past events, reminder) ----
    "board.title.signup": ("Doppelkopf-Turnier · Anmeldung", "Doppelkopf event · sign-up"),
    "board.title.between": ("Doppelkopf-Turnier · Runde {round} von {rounds} fertig",
                            "Doppelkopf event · round {round} of {rounds} done"),
    "board.title.paused": ("Doppelkopf-Turnier · angehalten", "Doppelkopf event · paused"),
    "board.title.ended": ("Doppelkopf-Turnier · Endstand", "Doppelkopf event · final standings"),
    "board.starts": ("Beginn: {at} ({rel})", "Starts: {at} ({rel})"),
    "board.phase.signup": (
        "Melde dich mit dem Knopf an; die Turnierleitung startet das Turnier.",
        "Sign up with the button; the host starts the event.",
    ),
    "board.phase.playing": ("Runde {round} läuft an {tables}.", "Round {round} is on at {tables}."),
    "board.deadline": ("Zeitlimit: {at}.", "Time limit: {at}."),
    "board.phase.between": (
        "Runde {round} ist fertig; die Turnierleitung beginnt die nächste.",
        "Round {round} is done; the host begins the next one.",
    ),
    "board.phase.paused": (
        "Angehalten: laufende Spiele werden zu Ende gespielt, kein neues beginnt.",
        "Paused: games in play are finished, no new one begins.",
    ),
    "board.phase.ended": ("Das Turnier ist vorbei.", "The event is over."),
    "board.tables.one": ("{n} Tisch", "{n} table"),
    "board.tables.other": ("{n} Tischen", "{n} tables"),
    "board.entrants": ("Angemeldet: {n}", "Signed up: {n}"),
    "board.nobody": ("Noch niemand.", "Nobody yet."),
    "board.tables_title": ("Tische der Runde {round}", "Tables of round {round}"),
    "board.table": ("**Tisch {no}** {thread} · {seats}", "**Table {no}** {thread} · {seats}"),
    "board.done": ("fertig", "done"),
    "board.more_tables.one": ("… und {n} weiterer Tisch", "… and {n} more table"),
    "board.more_tables.other": ("… und {n} weitere Tische", "… and {n} more tables"),
    "board.rule": (
        "Rang: Schnitt je gespielter Runde (wer alle spielte: die Summe), dann mehr Runden, dann mehr "
        "gewonnene Spiele; sonst gleicher Rang. Computer werden getrennt gewertet. Alle Zeilen: Export als CSV oder JSON.",
        "Rank: average per round played (for those who played all: the total), then more rounds, then more "
        "games won; otherwise the same rank. Computers are ranked apart. Every row: export as CSV or JSON.",
    ),
    "board.people.one": ("{n} Person", "{n} person"),
    "board.people.other": ("{n} Personen", "{n} people"),
    "board.pic.name": ("Name", "Name"),
    "board.pic.round": ("R{n}", "R{n}"),
    "board.pic.games": ("Sp.", "gm."),
    "board.alt": ("{title}: die Rangliste von {people}", "{title}: the ranking of {people}"),
    "board.alt.row": ("{rank}. {name}: {rounds}, Summe {total}, {games}", "{rank}. {name}: {rounds}, total {total}, {games}"),
    "board.past.none": ("In diesem Kanal gab es noch kein Turnier.", "This channel has had no event yet."),
    "board.past.line": ("**#{id}** · {at} · {phase} · {entrants}", "**#{id}** · {at} · {phase} · {entrants}"),
    "board.past.signup": ("Anmeldung", "sign-up"),
    "board.past.playing": ("läuft", "running"),
    "board.past.between": ("zwischen zwei Runden", "between rounds"),
    "board.past.paused": ("angehalten", "paused"),
    "board.past.ended": ("vorbei", "over"),
    "board.past.title": ("Turniere in diesem Kanal", "Events in this channel"),
    "board.past.unknown": ("Turnier #{id} gibt es in diesem Kanal nicht.", "There is no event #{id} in this channel."),
    "board.more_events.one": ("… und {n} älteres Turnier", "… and {n} older event"),
    "board.more_events.other": ("… und {n} ältere Turniere", "… and {n} older events"),
    "board.reminder": ("⏰ Das Doppelkopf-Turnier beginnt um {at} ({rel}):", "⏰ The Doppelkopf event starts at {at} ({rel}):"),
    "board.scheduled.name": ("Doppelkopf-Turnier", "Doppelkopf event"),
    "board.scheduled.where": ("Discord: #{channel}", "Discord: #{channel}"),
    "board.no_events": (
        "Einen Termin im Server-Kalender kann ich nicht anlegen: mir fehlt die Berechtigung „Events verwalten“. "
        "Das Turnier läuft trotzdem, die Erinnerung kommt auch.",
        "I cannot add the event to the server's calendar: I lack the permission “Manage Events”. "
        "The event goes on anyway, and the reminder comes too.",
    ),
    "board.export": ("Der Stand als CSV und JSON.", "The standings as CSV and JSON."),
    "kiebitz.err.seated": (
        "Du sitzt selbst an diesem Tisch: zuschauen geht nur bei Tischen, an denen du nicht spielst.",
        "You sit at this table yourself: you can only watch tables you do not play at.",
    ),
    "kiebitz.err.off": ("An diesem Tisch ist Zuschauen aus (`kiebitz=aus`).", "Watching is off at this table (`kiebitz=off`)."),
    "kiebitz.err.consent": (
        "Hier schaust du nur mit Zustimmung zu: wer auf dem Platz spielt, wird gefragt.",
        "Here you watch only with consent: whoever plays that seat is asked.",
    ),
    # ---- the event in the bot: /doko turnier, sign-up, threads (issue 42, bot42) ----
    "name.turnier": ("turnier", "tournament"),
    "cmd.turnier": ("Turnierabend: Tische in Threads, ein Stand", "An event: tables in threads, one standings"),
    "name.eroeffnen": ("eroeffnen", "open"),
    "cmd.eroeffnen": ("Eröffnet ein Turnier in diesem Kanal; du leitest es", "Open an event in this channel; you host it"),
    "name.anmelden": ("anmelden", "signup"),
    "cmd.anmelden": ("Meldet dich zum Turnier dieses Kanals an", "Sign up for this channel's event"),
    "name.abmelden": ("abmelden", "leave"),
    "cmd.abmelden": ("Meldet dich ab; dein Platz wird weitergegeben", "Leave the event; your seat is handed over"),
    "name.starten": ("starten", "start"),
    "cmd.starten": ("Startet das Turnier: Runde 1 wird ausgelost (Turnierleitung)", "Start the event: round 1 is drawn (host)"),
    "name.runde": ("runde", "round"),
    "cmd.runde": ("Beginnt die nächste Runde (Turnierleitung)", "Begin the next round (host)"),
    "name.pause": ("pause", "pause"),
    "cmd.pause": ("Hält das Turnier an: kein neues Spiel, die Zeit steht (Turnierleitung)", "Pause the event: no new game, the clock stops (host)"),
    "name.weiter": ("weiter", "resume"),
    "cmd.weiter": ("Setzt das angehaltene Turnier fort (Turnierleitung)", "Resume the paused event (host)"),
    "name.beenden": ("beenden", "end"),
    "cmd.beenden": ("Beendet das Turnier; der Stand bleibt (Turnierleitung)", "End the event; the standings stay (host)"),
    "name.stand": ("stand", "standings"),
    "cmd.stand": ("Zeigt die Turniere dieses Kanals oder den Stand von einem", "Show this channel's events, or one's standings"),
    "cmd.stand.nummer": ("Nummer des Turniers (ohne: die Liste)", "The event's number (none: the list)"),
    "cmd.stand.export": ("Mit CSV und JSON zum Herunterladen", "With CSV and JSON to download"),
    "opt.export": ("export", "export"),
    "opt.runden": ("runden", "rounds"),
    "opt.spiele": ("spiele", "games"),
    "opt.pflichtsolo": ("pflichtsolo", "pflichtsolo"),
    "opt.zeitlimit": ("zeitlimit", "time_limit"),
    "opt.computer": ("computer", "computers"),
    "opt.kiebitz": ("kiebitz", "kiebitz"),
    "opt.beginn": ("beginn", "start"),
    "cmd.eroeffnen.runden": ("Runden (1 bis 8, Standard 3)", "Rounds (1 to 8, default 3)"),
    "cmd.eroeffnen.spiele": ("Spiele je Runde am Vierertisch (Standard 24, die DDV-Liste)", "Games per round at a table of four (default 24, the DDV list)"),
    "cmd.eroeffnen.pflichtsolo": ("Je ein Pflichtsolo pro Runde (Standard: ja)", "One Pflichtsolo each per round (default: yes)"),
    "cmd.eroeffnen.zeitlimit": ("Zeitlimit je Runde in Minuten (0: keins)", "Time limit per round in minutes (0: none)"),
    "cmd.eroeffnen.computer": ("Computer dürfen Plätze füllen (Standard: nein)", "Computers may fill seats (default: no)"),
    "cmd.eroeffnen.kiebitz": ("Zuschauen: aus, mit Zustimmung (Standard) oder offen", "Watching: off, with consent (default) or open"),
    "cmd.eroeffnen.beginn": ("Beginn, z. B. 20:00 oder 24.12.2026 19:30 (deutsche Zeit)", "Start, e.g. 20:00 or 2026-12-24 19:30 (German time)"),
    "choice.off": ("aus", "off"),
    "choice.consent": ("mit Zustimmung", "with consent"),
    "choice.open": ("offen", "open"),
    "btn.event_in": ("Anmelden", "Sign up"),
    "btn.event_out": ("Abmelden", "Leave"),
    "perm.create_public_threads": ("Öffentliche Threads erstellen", "Create Public Threads"),
    "event.ok.opened": (
        "Das Turnier ist eröffnet: {url}. Wer mitspielt, meldet sich mit dem Knopf an; du startest es mit `/doko turnier starten`.",
        "The event is open: {url}. Players sign up with the button; you start it with `/doko tournament start`.",
    ),
    "event.ok.signed_up": ("Du bist angemeldet, ab Runde {round}.", "You have signed up, from round {round} on."),
    "event.ok.left": ("Du bist abgemeldet.", "You have left the event."),
    "event.ok.left_seat": (
        "Du bist abgemeldet; {name} spielt deinen Platz weiter. Deine Punkte bis hier bleiben deine.",
        "You have left the event; {name} plays your seat on. The points you made so far stay yours.",
    ),
    "event.ok.round": ("Runde {round} läuft.", "Round {round} is on."),
    "event.ok.paused": (
        "Das Turnier ist angehalten: laufende Spiele werden zu Ende gespielt, kein neues wird gegeben, die Zeit steht.",
        "The event is paused: games in play are finished, no new game is dealt, the clock stands still.",
    ),
    "event.ok.resumed": ("Das Turnier geht weiter.", "The event goes on."),
    "event.ok.ended": ("Das Turnier ist beendet; der Stand bleibt.", "The event has ended; the standings stay."),
    "event.line.round_ended": (
        "**Runde {round}** ist vorbei. Die nächste beginnt mit `/doko turnier runde`.",
        "**Round {round}** is over. The next one begins with `/doko tournament round`.",
    ),
    "event.line.failed": (
        "Tisch {table} konnte nicht geöffnet werden: Discord hat den Thread abgelehnt. Ein Neustart des Bots versucht es noch einmal; sonst beendet `/doko turnier beenden` das Turnier.",
        "Table {table} could not be opened: Discord refused its thread. A restart of the bot tries again; else `/doko tournament end` ends the event.",
    ),
    "event.thread.name": ("Runde {round} · Tisch {table}", "Round {round} · table {table}"),
    "event.thread.seated": (
        "Runde {round}, Tisch {table}: {names}. Eure Karten zeigt „Meine Karten“ an der Tischnachricht. Viel Glück!",
        "Round {round}, table {table}: {names}. “My cards” at the table message shows your hand. Good luck!",
    ),
    "event.thread.handed": (
        "{old} hat das Turnier verlassen; {new} spielt den Platz weiter.",
        "{old} has left the event; {new} plays the seat on.",
    ),
    "event.thread.done": ("Dieser Tisch ist fertig: die Liste dieser Runde ist gespielt.", "This table is done: the list of this round has been played."),
    "event.thread.ended": ("Die Turnierleitung hat das Turnier beendet; dieser Tisch ist geschlossen.", "The host has ended the event; this table is closed."),
    "event.thread.struck": (
        "Die Zeit ist um: das laufende Spiel wird zu Ende gespielt, die übrigen normalen Spiele fallen weg; offene Pflichtsoli werden vorgeführt.",
        "Time is up: the game in play is finished, the remaining normal games are struck; owed Pflichtsoli are still played.",
    ),
    "event.thread.held": ("Pause: das laufende Spiel wird zu Ende gespielt, dann wartet der Tisch.", "Pause: the game in play is finished, then the table waits."),
    "event.thread.resumed": ("Weiter geht's: der Tisch spielt wieder.", "On we go: the table plays again."),
    "event.err.none": (
        "Hier läuft kein Turnier. Eröffne eins mit `/doko turnier eroeffnen`.",
        "There is no event running here. Open one with `/doko tournament open`.",
    ),
    "event.err.exists": ("In diesem Kanal läuft schon ein Turnier: {url}", "This channel already has an event running: {url}"),
    "event.err.gone": ("Dieses Turnier gibt es nicht mehr.", "This event no longer exists."),
    "event.err.thread": (
        "Ein Turnier eröffnest du in einem Textkanal, nicht in einem Thread: seine Tische bekommen eigene Threads.",
        "Open an event in a text channel, not in a thread: its tables get threads of their own.",
    ),
    "event.err.start_time": (
        "„{value}“ verstehe ich nicht als Beginn. Schreib z. B. `20:00`, `24.12.2026 19:30` oder einen Discord-Zeitstempel `<t:…>`; der Beginn liegt in der Zukunft.",
        "I do not understand “{value}” as a start. Write e.g. `20:00`, `2026-12-24 19:30` or a Discord timestamp `<t:…>`; the start lies in the future.",
    ),
    "event.title": ("Doppelkopf-Turnier · Runde {round} von {rounds}", "Doppelkopf event · round {round} of {rounds}"),
    "event.settings": ("{rounds} · {games} ({five} am Fünfertisch) · Regeln: {preset}",
                       "{rounds} · {games} ({five} at five) · rules: {preset}"),
    "event.rounds.one": ("{n} Runde", "{n} round"),
    "event.rounds.other": ("{n} Runden", "{n} rounds"),
    "event.games.one": ("{n} Spiel je Runde am Vierertisch", "{n} game per round at a table of four"),
    "event.games.other": ("{n} Spiele je Runde am Vierertisch", "{n} games per round at a table of four"),
    "event.pflichtsolo": ("je ein Pflichtsolo", "one Pflichtsolo each"),
    "event.time_limit": ("Zeitlimit {minutes} Minuten je Runde", "time limit {minutes} minutes per round"),
    "event.computers": ("Computer füllen Plätze", "computers fill seats"),
    "event.kiebitz.off": ("Zuschauen: aus", "Kiebitz: off"),
    "event.kiebitz.consent": ("Zuschauen: mit Zustimmung", "Kiebitz: with consent"),
    "event.kiebitz.open": ("Zuschauen: offen", "Kiebitz: open"),
    "event.standings": ("Stand", "Standings"),
    "event.standings_empty": ("Noch ist keine Runde gespielt.", "No round has been played yet."),
    "event.row": ("**{rank}.** {name} · {rounds} · Σ {total} · {games}", "**{rank}.** {name} · {rounds} · Σ {total} · {games}"),
    "event.round_short": ("R{n} {points}", "R{n} {points}"),
    "event.missed": ("R{n} –", "R{n} –"),
    "event.average": ("Ø {average} je Runde", "Ø {average} per round"),
    "event.computers_apart": ("Computer (eigene Wertung)", "Computers (ranked apart)"),
    "event.more.one": ("… und {n} weiterer Spieler", "… and {n} more player"),
    "event.more.other": ("… und {n} weitere Spieler", "… and {n} more players"),
    "event.rule": (
        "Rang: Schnitt je gespielter Runde (wer alle spielte: die Summe), dann mehr Runden, dann mehr gewonnene Spiele.",
        "Rank: average per round played (for those who played all: the total), then more rounds, then more games won.",
    ),
    "kiebitz.title": ("Du schaust {name} über die Schulter", "You are watching {name}"),
    "kiebitz.late": ("einen Stich zurück", "one trick behind"),
    "kiebitz.waiting": (
        "Sobald der erste Stich liegt, siehst du das Spiel, immer einen Stich zurück.",
        "Once the first trick is done you see the game, always one trick behind.",
    ),
    "kiebitz.end": ("Spiel vorbei", "game over"),
    "kiebitz.none": ("Noch ist kein Stich zu sehen.", "No trick to show yet."),
    "kiebitz.trick": ("Stich {n}: {cards} → {winner} ({augen})", "Trick {n}: {cards} → {winner} ({augen})"),
    "kiebitz.more.one": ("… {n} Stich davor", "… {n} trick before"),
    "kiebitz.more.other": ("… {n} Stiche davor", "… {n} tricks before"),
    "kiebitz.played": ("{name} hat gespielt: {cards}", "{name} played: {cards}"),
    "kiebitz.said": ("{name} hat angesagt: {what}", "{name} announced: {what}"),
    "kiebitz.points": ("Augen bisher: {points}", "Card points so far: {points}"),
    "kiebitz.count": ("👀 {n}", "👀 {n}"),
}

_SUIT_PARAM = {"clubs": "C", "spades": "S", "hearts": "H", "diamonds": "D", "trump": "trump", "trumps": "trump"}


def norm_lang(lang: str | None) -> str:
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def t(lang: str | None, key: str, **params: Any) -> str:
    entry = _TEXTS.get(key)
    if entry is None:
        log.warning("missing text %s", key)
        return key
    text = entry[1] if norm_lang(lang) == "en" and entry[1] else entry[0]
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        log.warning("bad params for text %s", key)
        return text


def has(key: str) -> bool:
    return key in _TEXTS


def tn(lang: str | None, key: str, n: int, *, sign: bool = False, **params: Any) -> str:
    """A count with its noun in the right plural form: ``1 Sieg``, ``2 Siege``, ``−1 Punkt``.

    ``key`` names a family ``key.one`` / ``key.other`` (CLDR categories);
    ``sign``: the number with its sign (points), zero without one."""
    shown = signed(n, norm_lang(lang)) if sign else integer(n, norm_lang(lang))
    return t(lang, f"{key}.{plural_form(n, norm_lang(lang))}", n=shown, **params)


_COMPUTER = re.compile(r"(Computer(?: \d+)?) \((leicht|mittel|schwer)\)")


def computer_words(name: str, lang: str | None) -> str:
    """A name as a player of ``lang`` reads it: a computer's level in the reader's words
    ("Computer 1 (mittel)" -> "Computer 1 (medium)"); the stored name keeps the German level
    (it is the rating's key), every other name stays as it is."""
    m = _COMPUTER.fullmatch(name)
    if m is None or norm_lang(lang) == DEFAULT_LANGUAGE:
        return name
    return f"{m.group(1)} ({t(lang, 'level.' + m.group(2))})"


def locale_lang(locale: object) -> str | None:
    """The language a Discord locale asks for: ``de`` → German, ``en-US``/``en-GB`` →
    English, anything else → None (the caller's default, German)."""
    code = str(getattr(locale, "value", locale) or "")
    if code == "de":
        return "de"
    if code in ("en-US", "en-GB"):
        return "en"
    return None


def contract_name(lang: str | None, contract: str | None) -> str:
    if not contract:
        return t(lang, "table.none")
    if (kind := solo_kind(contract)) is not None:
        return t(lang, "solo." + kind)
    return t(lang, "contract." + contract)


def announcement_name(lang: str | None, what: str) -> str:
    return t(lang, "ann." + what)


def breakdown_label(lang: str | None, item: BreakdownItem) -> str:
    """A breakdown line's label from its key and parameters (``text``: kept as it came)."""
    if item.key == "text":
        return str(item.param("text"))
    if item.key == "extra":
        extra = str(item.param("extra"))
        return t(lang, "bd.superdoppelkopf") if extra == "superdoppelkopf" else t(lang, "bd.extra." + extra)
    params = dict(item.params)
    if "what" in params:
        params["what"] = announcement_name(lang, str(params["what"]))
    return t(lang, "bd." + item.key, **params)


def suit_name(lang: str | None, suit: object) -> str:
    code = _SUIT_PARAM.get(str(suit).lower(), str(suit))
    return t(lang, "suit." + code) if has("suit." + code) else str(suit)


# The engine's refusal reasons (``Reason`` codes of engine/errors.py REASONS) -> the catalogue's
# words; announce_blocked says its reason alone (with the announcement).
_BLOCKED = {
    "blocked_done": "blocked.done",
    "blocked_reserve": "blocked.reserve",
    "not_playing": "blocked.not_playing",
    "blocked_hochzeit": "blocked.hochzeit",
    "blocked_six": "blocked.six",
    "blocked_klopfen": "blocked.klopfen",
    "blocked_late_reply": "blocked.late_reply",
}
REASON_KEYS = {
    "phase_reserve": "why.phase.reserve",
    "phase_bid": "why.phase.bid",
    "phase_armut_take": "why.phase.armut_take",
    "phase_armut_exchange": "why.phase.armut_exchange",
    "phase_play": "why.phase.play",
    "phase_partner": "why.partner_answers",
    "phase_done": "why.phase.done",
    "vorgefuehrt_self": "why.vorgefuehrt_self",
    "vorgefuehrt_other": "why.vorgefuehrt_other",
    "hochzeit_cq": "why.hochzeit_cq",
    "hochzeit_cq_six": "why.hochzeit_cq_six",
    "solo_off": "why.solo_off",
    "klein_six": "why.klein_six",
    "armut_off": "why.armut_off",
    "armut_trumps": "why.armut_trumps",
    "schmeissen": "why.schmeissen",
    "pflicht_not_owed": "why.pflicht_not_owed",
    "owes_gross": "why.owes_gross",
    "owes_klein": "why.owes_klein",
    "lust_before_pflicht": "why.lust_before_pflicht",
    "card_missing": "why.card_missing",
    "card_offer": "why.card_offer",
    "bid_step": "why.bid_step",
    "bid_above": "why.bid_above",
    "bid_first_re": "why.bid_re",
    "bid_hold": "why.bid_hold",
    "armut_before": "why.armut_before",
    "klopfen_off": "why.klopfen_off",
    "klopfen_late": "why.klopfen_late",
    "not_playing": "blocked.not_playing",
    "klopfen_four": "why.klopfen_four",
    "klopfen_twice": "why.klopfen_twice",
    "schwein_off": "why.schwein_off",
    "schwein_trump": "why.schwein_trump",
    "schwein_every": "why.schwein_every",
    "schwein_once": "why.schwein_once",
    **_BLOCKED,
}


def reason_text(lang: str | None, why: object) -> str | None:
    """The engine's reason in the player's words, by its code (None: not a known reason).
    Announcement steps among its parameters are named; cards never are."""
    if not isinstance(why, Reason) or why.code not in REASON_KEYS:
        if why is not None:
            log.warning("untranslated refusal reason %r", why)
        return None
    params = {k: announcement_name(lang, v) if isinstance(v, str) and has("ann." + v) else v
              for k, v in why.params.items() if k not in ("allowed", "solo")}
    return t(lang, REASON_KEYS[why.code], **params)


def illegal_text(
    lang: str | None, code: str, params: dict[str, Any], *, names: list[str], ddv_deadlines: bool,
    mode: str | None = None, said: str | None = None,
) -> str:
    """Translate an engine ``IllegalAction``; ``names`` are the seat names.

    The answer says why and, where there is one, what would work. ``mode``: the
    table's ``announcements`` switch; ``said``: the highest announcement the
    seat's party has made (for "already announced, included in keine 60").
    Never names a card: the reason goes to the player, but must stay safe to
    show even if it ever reached the wrong eyes.
    """
    what = params.get("what")
    shown = {
        "what": announcement_name(lang, str(what)) if isinstance(what, str) and has("ann." + what) else what,
        "party": t(lang, "party." + str(params.get("party")).lower()) if str(params.get("party")).lower() in ("re", "kontra") else params.get("party"),
        "suit": suit_name(lang, params.get("suit", "")),
        "n": params.get("n", ""),
        "cards": tn(lang, "count.cards", params["n"]) if isinstance(params.get("n"), int) else params.get("n", ""),
    }
    if code == "vorgefuehrt":
        vorg = params.get("vorgefuehrt")
        if vorg == params.get("seat"):
            return t(lang, "illegal.vorgefuehrt")
        name = computer_words(names[vorg], lang) if isinstance(vorg, int) and 0 <= vorg < len(names) else "?"
        return t(lang, "vorgefuehrt.other", name=name)
    if code == "not_your_turn":
        expected = params.get("expected")
        if isinstance(expected, int) and 0 <= expected < len(names):
            return t(lang, "illegal.not_your_turn", name=computer_words(names[expected], lang))
        return t(lang, "illegal.not_your_turn_nobody")
    card, step = params.get("card"), params.get("step")
    if code == "announce_too_late" and ddv_deadlines and has(f"ordinal.{card}") and isinstance(step, str):
        ordinal = t(lang, f"ordinal.{card}")
        if step == what:
            return t(lang, "too_late.own", what=shown["what"], card=ordinal)
        return t(lang, "too_late.skipped", what=shown["what"], step=announcement_name(lang, step), card=ordinal)
    if code == "announce_too_late" and mode in ("first_trick", "before_play", "until_trick_5"):
        return t(lang, "too_late." + mode, what=shown["what"])
    if code == "announce_repeat" and said is not None and said != what and 0 <= announce_rank(what) < announce_rank(said):
        return t(lang, "repeat.included", what=shown["what"], said=announcement_name(lang, said))
    why = params.get("why")
    if code == "announce_blocked" and isinstance(why, Reason) and why.code in _BLOCKED:
        return t(lang, _BLOCKED[why.code], what=shown["what"])
    if has("illegal." + code):
        text = t(lang, "illegal." + code, **shown)
        reason = reason_text(lang, why) if "why" in params else None
        return f"{text} {reason}" if reason else text
    log.warning("untranslated engine code %s", code)
    return t(lang, "illegal.unknown")
