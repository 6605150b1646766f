"""German and English texts of the table and the bot.

German is the default (informal "du", the game's own words); English on
request. ``t(lang, key, **params)`` formats one entry; a missing English text
falls back to German, a missing key to the key itself (never an exception:
a typo must not crash a click).
"""

from __future__ import annotations

import logging
from typing import Any

from dokobot.engine import BreakdownItem

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
    "btn.remove_computer": ("Computer entfernen", "Remove computer"),
    "btn.gesund": ("Gesund", "No reservation"),
    "btn.hochzeit": ("Hochzeit", "Wedding"),
    "btn.armut": ("Armut", "Poverty"),
    "btn.schmeissen": ("Schmeißen", "Throw in"),
    "btn.armut_take": ("Armut mitnehmen", "Take the poverty"),
    "btn.armut_pass": ("Passen", "Pass"),
    "btn.armut_give": ("Trümpfe abgeben", "Hand over trumps"),
    "btn.armut_decline": ("Zurückgeben (nicht mitnehmen)", "Hand back (do not take)"),
    "btn.klopfen": ("Klopfen", "Knock (Klopfen)"),
    "select.hochzeit": ("Hochzeit: Karte nennen …", "Wedding: name a card …"),
    "select.solo": ("Solo ansagen …", "Declare a solo …"),
    "select.armut_return": ("{n} Karten zurückgeben …", "Return {n} cards …"),
    # --- lobby
    "lobby.title": ("Doppelkopf · Tisch", "Doppelkopf · table"),
    "lobby.host": ("Gastgeber: {host}", "Host: {host}"),
    "lobby.rules": ("Regeln: {preset}", "Rules: {preset}"),
    "lobby.seats": ("Plätze", "Seats"),
    "lobby.free": ("– frei –", "– free –"),
    "lobby.hint": (
        "Beitreten, bis vier am Tisch sitzen; dann startet der Gastgeber. Freie Plätze füllt er mit „Computer dazu“.",
        "Join until four are seated; then the host starts. “Add computer” fills a free seat.",
    ),
    "lobby.playing": ("Das Spiel läuft – siehe unten.", "The game is on – see below."),
    "lobby.closed": ("Der Tisch ist geschlossen.", "The table is closed."),
    # --- public table
    "table.title": ("Doppelkopf · Spiel {no} · Regeln: {preset}", "Doppelkopf · game {no} · rules: {preset}"),
    "table.bock": ("Bock ×{m} · noch {n} Bockspiele", "Bock ×{m} · {n} more Bock games"),
    "table.bock_one": ("Bock ×{m} · noch 1 Bockspiel", "Bock ×{m} · 1 more Bock game"),
    "table.bock_last": ("Bock ×{m} · letztes Bockspiel", "Bock ×{m} · last Bock game"),
    "table.dealer": ("Geber: {dealer} · Vorhand: {lead}", "Dealer: {dealer} · lead: {lead}"),
    "table.list": ("Liste: Spiel {n} von {total}", "List: game {n} of {total}"),
    "table.list_pflicht": (
        "Pflichtsolo von {name}: zusätzlich zu den {total} Listenspielen, {name} spielt aus",
        "Pflichtsolo of {name}: on top of the {total} list games, {name} leads",
    ),
    "table.list_vorgefuehrt": (
        "{name} ist vorgeführt und muss in diesem Spiel ein Solo nach Wahl spielen (Pflichtsolo)",
        "{name} is vorgeführt and must play a solo of their choice in this game (Pflichtsolo)",
    ),
    "table.list_owing": ("Pflichtsolo offen: {list}", "Pflichtsolo still owed: {list}"),
    "table.list_owing_none": ("Alle Pflichtsoli sind gespielt.", "Every Pflichtsolo has been played."),
    "table.announcements": ("Ansagen: {list}", "Announcements: {list}"),
    "table.knocks": ("{n}× geklopft ({list})", "knocked {n}× ({list})"),
    "table.hochzeit_card": ("Wer zuerst ein {suit}-Ass spielt, heiratet.", "Whoever first plays the ace of {suit} is the partner."),
    "table.armut_announced": ("{name} hat {n} Trümpfe{alte}.", "{name} holds {n} trumps{alte}."),
    "table.armut_announced_one": ("{name} hat einen Trumpf{alte}.", "{name} holds one trump{alte}."),
    "table.armut_announced_none": ("{name} hat keinen Trumpf.", "{name} holds no trump."),
    "table.armut_alte": (", eine Alte darunter", ", a queen of clubs among them"),
    "table.contract": ("Spiel: {contract}", "Game: {contract}"),
    "table.parties": ("Parteien: {list}", "Parties: {list}"),
    "table.reserve": ("Vorbehalt: {list}", "Reservations: {list}"),
    "table.trick": ("Stich {n}: {cards}", "Trick {n}: {cards}"),
    "table.last_trick": ("Letzter Stich: {winner} ({cards}) – {augen} Augen", "Last trick: {winner} ({cards}) – {augen} points"),
    "table.tricks": ("Stiche: {list}", "Tricks: {list}"),
    "table.to_act": ("am Zug: {name}", "to act: {name}"),
    "table.armut": ("Armut: {name} sucht jemanden, der mitnimmt", "Poverty: {name} looks for a taker"),
    "table.armut_exchange": ("Armut: Karten werden getauscht", "Poverty: cards are being exchanged"),
    "table.none": ("–", "–"),
    "table.vorbehalt": ("Vorbehalt", "reservation"),
    "table.gesund": ("gesund", "no reservation"),
    "table.waiting": ("…", "…"),
    # --- contracts
    "contract.normal": ("Normalspiel", "normal game"),
    "contract.hochzeit": ("Hochzeit", "wedding"),
    "contract.stille_hochzeit": ("stille Hochzeit", "silent wedding"),
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
    "ann.keine90": ("keine 90", "keine 90"),
    "ann.keine60": ("keine 60", "keine 60"),
    "ann.keine30": ("keine 30", "keine 30"),
    "ann.schwarz": ("schwarz", "schwarz"),
    "party.re": ("Re", "Re"),
    "party.kontra": ("Kontra", "Kontra"),
    # --- public notices
    "notice.announced": ("{name} sagt {what}", "{name} says {what}"),
    "notice.solo": ("{name} spielt ein {contract}.", "{name} plays a {contract}."),
    "notice.hochzeit": ("{name} hat eine Hochzeit.", "{name} has a wedding."),
    "notice.armut": ("{name} hat Armut.", "{name} is poor (Armut)."),
    "notice.hochzeit_partner": ("{partner} heiratet {name}.", "{partner} marries {name}."),
    "notice.hochzeit_alone": ("{name} spielt die Hochzeit allein.", "{name} plays the wedding alone."),
    "notice.armut_taken": ("{name} nimmt die Armut mit.", "{name} takes the poverty."),
    "notice.armut_exchanged": ("{n} Trümpfe gehen zurück.", "{n} trumps are returned."),
    "notice.armut_declined": ("{name} gibt die Armut zurück.", "{name} hands the poverty back."),
    "notice.klopfen": ("{name} klopft ({n}× geklopft).", "{name} knocks (knocked {n}×)."),
    "notice.redeal": ("Die Karten werden neu gegeben ({reason}).", "The cards are dealt again ({reason})."),
    "notice.redeal.schmeissen": ("{name} schmeißt", "{name} throws in"),
    "notice.redeal.armut": ("niemand nimmt die Armut", "nobody takes the poverty"),
    "notice.redeal.klopfen": ("niemand hat geklopft", "nobody knocked"),
    "notice.redeal.other": ("kein Spiel zustande gekommen", "no game came about"),
    "notice.game_started": ("Spiel {no} beginnt. Geber: {dealer}. Deine Karten: „Meine Karten“.", "Game {no} starts. Dealer: {dealer}. Your cards: “My hand”."),
    "notice.aborted": ("Spiel {no} wurde von {name} abgebrochen.", "Game {no} was aborted by {name}."),
    "notice.closed": ("Der Tisch wurde von {name} geschlossen.", "The table was closed by {name}."),
    "notice.your_turn": ("{mention}, du bist am Zug.", "{mention}, it is your turn."),
    # --- private hand
    "hand.title": ("Deine Karten · Spiel {no}", "Your hand · game {no}"),
    "hand.party": ("du bist {party}", "you are {party}"),
    "hand.your_turn": ("du bist am Zug", "it is your turn"),
    "hand.wait": ("am Zug: {name}", "to act: {name}"),
    "hand.reserve": ("Hast du einen Vorbehalt?", "Any reservation?"),
    "hand.schwein_ask": ("Karo-Ass als Schwein spielen?", "Play the ace of diamonds as Schwein?"),
    "btn.as_schwein": ("als Schwein", "as Schwein"),
    "hand.schwein_played": ("Karo-Ass als Schwein gespielt.", "Ace of diamonds played as Schwein."),
    "hand.fuchs_played": ("Karo-Ass als Fuchs gespielt.", "Ace of diamonds played as Fuchs."),
    "btn.as_fuchs": ("als Fuchs", "as Fuchs"),
    "card.schwein": ("🐷 Schwein", "🐷 Schwein"),
    "hand.vorgefuehrt": (
        "Du bist vorgeführt: sag ein Solo deiner Wahl an (dein Pflichtsolo, du spielst aus).",
        "You are vorgeführt: announce a solo of your choice (your Pflichtsolo, you lead).",
    ),
    "hand.pflicht_owed": (
        "Ein Solo wäre dein Pflichtsolo (du spielst aus, danach gibt derselbe Geber noch einmal).",
        "A solo would be your Pflichtsolo (you lead, and the same dealer deals again after it).",
    ),
    "hand.armut_take": ("{name} hat Armut: nimmst du sie mit?", "{name} is poor: do you take it?"),
    "hand.armut_give": ("Gib deine Trümpfe ab.", "Hand over your trumps."),
    "hand.armut_return": ("Gib {n} Karten zurück.", "Return {n} cards."),
    "hand.done": ("Das Spiel ist vorbei.", "The game is over."),
    "hand.trumps": ("Trumpf", "Trumps"),
    "hand.announce": ("Ansagen: ", "Announce: "),
    "hand.refreshed": ("Deine Ansicht ist aktualisiert.", "Your view is up to date."),
    # --- summary
    "table.resumed": ("Der Bot wurde neu gestartet – das Spiel geht weiter, alle Knöpfe funktionieren.", "The bot was restarted – the game goes on, every button still works."),
    "sum.title": ("Spiel {no} · {contract}", "Game {no} · {contract}"),
    "sum.winner": ("{party} gewinnt: {re} : {kontra} Augen · Spielwert {value}", "{party} wins: {re} : {kontra} points · game value {value}"),
    "sum.no_winner": ("Keiner gewinnt: {re} : {kontra} Augen · Spielwert {value}", "Nobody wins: {re} : {kontra} points · game value {value}"),
    "sum.parties": ("Re: {re}   Kontra: {kontra}", "Re: {re}   Kontra: {kontra}"),
    "sum.breakdown": ("Wertung", "Breakdown"),
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
    "bd.extra.fuchs": ("Fuchs gefangen", "fox caught"),
    "bd.extra.karlchen": ("Karlchen", "Charlie"),
    "bd.extra.karlchen_caught": ("Karlchen gefangen", "Charlie caught"),
    "bd.extra.alte_caught": ("Alte gefangen", "queen of clubs caught"),
    "bd.extra.dulle_caught": ("Dulle gefangen", "Dulle caught"),
    "bd.extra.karlchen_caught_any": ("Karlchen gefangen", "Charlie caught"),
    "sum.points": ("Punkte: {list}", "Points: {list}"),
    "sum.points_bock": ("Punkte (Bock ×{m}): {list}", "Points (Bock ×{m}): {list}"),
    "sum.bock.tie": ("Gleichstand 120:120 – die nächste Runde ist Bock", "Tie 120:120 – the next round is Bock"),
    "sum.bock.lost_solo": ("Solo verloren – die nächste Runde ist Bock", "Solo lost – the next round is Bock"),
    "sum.bock.heart_trick": ("Ein Herz-Stich ging rum – die nächste Runde ist Bock", "A heart trick went round – the next round is Bock"),
    "sum.bock.lost_announcement": (
        "Ansage verloren – die nächste Runde ist Bock", "Announcement lost – the next round is Bock",
    ),
    "sum.sheet": ("Spielliste: {list}", "Score sheet: {list}"),
    "sheet.pflicht": ("Pflichtsolo", "Pflichtsolo"),
    "sheet.vorgefuehrt": ("vorgeführt", "vorgeführt"),
    "sum.list_game": ("Listenspiel {n} von {total}", "List game {n} of {total}"),
    "sum.list_pflicht": (
        "Pflichtsolo von {name}: zählt nicht als Listenspiel, {dealer} gibt noch einmal.",
        "Pflichtsolo of {name}: not one of the list games, {dealer} deals again.",
    ),
    "sum.list_vorgefuehrt": ("Vorgeführtes Solo von {name} (Pflichtsolo)", "Vorgeführtes Solo of {name} (Pflichtsolo)"),
    "sum.list_end": ("Die Liste ({total} Spiele) ist zu Ende. Endstand:", "The list ({total} games) is over. Final ranking:"),
    "sum.redeal": ("Kein Spiel – es wird neu gegeben.", "No game – the cards are dealt again."),
    # --- confirmations (ephemeral)
    "ok.announced": ("Du hast {what} gesagt.", "You said {what}."),
    "ok.klopfen": ("Du hast geklopft.", "You knocked."),
    "ok.lang": ("Sprache: Deutsch.", "Language: English."),
    "rules.changed": ("Geänderte Schalter: {switches}", "Changed switches: {switches}"),
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
    "err.no_table": ("Hier ist kein Tisch. Öffne einen mit /doko tisch.", "There is no table here. Open one with /doko tisch."),
    "err.not_seated": ("Du sitzt nicht an diesem Tisch.", "You are not seated at this table."),
    "err.already_seated": ("Du sitzt schon am Tisch.", "You are already seated."),
    "err.table_full": ("Der Tisch ist schon voll.", "The table is full."),
    "err.not_host": ("Das darf nur der Gastgeber ({host}) oder wer Kanäle verwalten darf.", "Only the host ({host}) or someone who may manage channels can do that."),
    "err.manage_only": ("Das darf nur, wer Kanäle verwalten darf.", "Only someone who may manage channels can do that."),
    "err.need_human": ("Mindestens ein Mensch muss mitspielen.", "At least one person has to play."),
    "err.no_computer": ("Hier sitzt kein solcher Computer.", "There is no such computer at this table."),
    "err.need_four": ("Zum Starten braucht es genau vier Spieler (jetzt {n}).", "Starting needs exactly four players (now {n})."),
    "err.game_running": ("Es läuft gerade ein Spiel.", "A game is in progress."),
    "err.no_game": ("Gerade läuft kein Spiel.", "No game is in progress."),
    "err.stale": ("Diese Nachricht ist veraltet. „Meine Karten“ zeigt dir den aktuellen Stand.", "This message is out of date. “My hand” shows you the current state."),
    "err.closed": ("Dieser Tisch ist geschlossen.", "This table is closed."),
    "err.leave_running": ("Während eines Spiels kannst du nicht aufstehen.", "You cannot leave during a game."),
    "err.not_in_guild": ("Doppelkopf gibt es nur in einem Server-Kanal.", "Doppelkopf is played in a server channel."),
    "err.unknown_card": ("Diese Karte kenne ich nicht.", "I do not know that card."),
    "err.bad_preset": ("Unbekannte Regeln: {preset}.", "Unknown rules: {preset}."),
    "err.switch_syntax": (
        "„{name}“ verstehe ich nicht: Schalter bitte als name=wert, z. B. `dulle=second_wins armut=ja`.",
        "I don't understand “{name}”: write switches as name=value, e.g. `dulle=second_wins armut=yes`.",
    ),
    "err.switch_unknown": (
        "Einen Schalter „{name}“ gibt es hier nicht. Die Schalter: {allowed}.",
        "There is no switch “{name}” here. The switches: {allowed}.",
    ),
    "err.switch_value": (
        "„{value}“ passt nicht zum Schalter „{name}“. Erlaubt: {allowed}.",
        "“{value}” is not a value for the switch “{name}”. Allowed: {allowed}.",
    ),
    "err.internal": ("Da ist etwas schiefgegangen. Versuch es noch einmal.", "Something went wrong. Please try again."),
    "err.storage": ("Das konnte ich nicht speichern, darum hat sich nichts geändert. Versuch es gleich noch einmal.", "I could not save that, so nothing changed. Please try again in a moment."),
    "err.busy": ("Einen Moment, der Tisch ist beschäftigt.", "One moment, the table is busy."),
    "err.broken": (
        "Dieses Spiel lässt sich nicht fortsetzen: der gespeicherte Stand passt nicht mehr. Der Gastgeber bricht es mit /doko abbrechen ab.",
        "This game cannot go on: its saved state no longer fits. The host aborts it with /doko abbrechen.",
    ),
    "err.bad_option": ("Diese Angabe passt nicht. Versuch es noch einmal.", "That option does not fit. Please try again."),
    "err.wrong_channel": ("Dieser Knopf gehört zu einem anderen Kanal.", "This button belongs to another channel."),
    "table.broken": (
        "Spiel {no} lässt sich nach dem Neustart nicht fortsetzen: der gespeicherte Stand passt nicht mehr. Der Gastgeber bricht es mit /doko abbrechen ab; danach geht es mit **Nächstes Spiel** weiter.",
        "Game {no} cannot go on after the restart: its saved state no longer fits. The host aborts it with /doko abbrechen; then **Next game** goes on.",
    ),
    # --- engine errors (IllegalAction.code)
    "illegal.malformed": ("Das verstehe ich nicht.", "I do not understand that."),
    "illegal.bad_seat": ("Diesen Platz gibt es nicht.", "There is no such seat."),
    "illegal.game_over": ("Das Spiel ist schon vorbei.", "The game is already over."),
    "illegal.not_your_turn": ("Du bist nicht am Zug – {name} ist dran.", "It is not your turn – {name} is to act."),
    "illegal.not_your_turn_nobody": ("Du bist gerade nicht am Zug.", "It is not your turn."),
    "illegal.wrong_phase": ("Das geht gerade nicht.", "You cannot do that now."),
    "illegal.vorgefuehrt_self": (
        "Du bist vorgeführt: in diesem Spiel musst du ein Solo ansagen.",
        "You are vorgeführt: you must announce a solo in this game.",
    ),
    "illegal.vorgefuehrt_other": (
        "In diesem Spiel spielt {name} das vorgeführte Solo: ein anderes Solo geht nicht.",
        "In this game {name} plays the vorgeführte solo: no other solo.",
    ),
    "illegal.reserve_not_allowed": ("Diesen Vorbehalt erlaubt deine Hand oder die Regel nicht.", "Your hand or the rules do not allow that reservation."),
    "illegal.not_in_hand": ("Diese Karte hast du nicht (mehr).", "You do not hold that card (any more)."),
    "illegal.must_follow": ("Du musst {suit} bedienen.", "You must follow suit: {suit}."),
    "illegal.must_overtrump": ("Du musst den höchsten Trumpf im Stich überstechen.", "You must beat the highest trump in the trick."),
    "illegal.schwein_not_allowed": ("Diese Karte kannst du nicht als Schwein spielen.", "You cannot play that card as a Schwein."),
    "illegal.announce_party": ("{what} kann nur die {party}-Partei sagen.", "Only the {party} party can say {what}."),
    "illegal.announce_repeat": ("{what} ist schon gesagt.", "{what} has already been said."),
    "illegal.announce_too_late": ("Für {what} ist es zu spät.", "It is too late for {what}."),
    "illegal.announce_blocked": ("{what} geht jetzt nicht.", "You cannot say {what} now."),
    "illegal.armut_give": ("Du musst genau deine Trümpfe abgeben.", "You must hand over exactly your trumps."),
    "illegal.armut_return": ("Du musst genau {n} Karten zurückgeben.", "You must return exactly {n} cards."),
    "illegal.klopfen": ("Klopfen geht jetzt nicht.", "You cannot knock now."),
    "illegal.bad_card": ("Diese Karte kannst du für die Hochzeit nicht nennen.", "You cannot name that card for the wedding."),
    "illegal.armut_decline": ("Zurückgeben geht bei diesen Regeln nicht.", "These rules do not let you hand it back."),
    "illegal.single_limit": ("Es gibt nur eine Absage pro Spiel – schon gesagt.", "Only one limit announcement per game – already said."),
    "illegal.unknown": ("Das ist nach den Regeln gerade nicht erlaubt.", "The rules do not allow that now."),
    # DDV deadlines (TSR 6): a step must be said before the seat plays its n-th card.
    "too_late.own": ("{what} geht nur bis zu deiner {card} Karte.", "{what} is only possible before your {card} card."),
    "too_late.skipped": (
        "{what} schließt {step} ein, und {step} geht nur bis zu deiner {card} Karte.",
        "{what} includes {step}, which is only possible before your {card} card.",
    ),
    "ordinal.2": ("zweiten", "second"),
    "ordinal.3": ("dritten", "third"),
    "ordinal.4": ("vierten", "fourth"),
    "ordinal.5": ("fünften", "fifth"),
    "ordinal.6": ("sechsten", "sixth"),
    "ordinal.7": ("siebten", "seventh"),
    "ordinal.8": ("achten", "eighth"),
    "suit.C": ("Kreuz", "clubs"),
    "suit.S": ("Pik", "spades"),
    "suit.H": ("Herz", "hearts"),
    "suit.D": ("Karo", "diamonds"),
    "suit.trump": ("Trumpf", "trump"),
    # --- slash commands (German names; descriptions translated for English clients)
    "cmd.doko": ("Doppelkopf am Tisch in diesem Kanal", "Doppelkopf at the table in this channel"),
    "cmd.tisch": ("Öffnet einen Doppelkopf-Tisch in diesem Kanal", "Open a Doppelkopf table in this channel"),
    "cmd.hand": ("Zeigt dir deine Karten (nur für dich)", "Show your hand (only to you)"),
    "cmd.regeln": ("Zeigt die Regeln oder stellt sie um (Gastgeber)", "Show the rules or change them (host)"),
    "cmd.regeln.preset": ("Regelwerk: ddv, haus oder klassisch", "Rule set: ddv, haus or klassisch"),
    "cmd.regeln.schalter": (
        "Einzelne Schalter, z. B. dulle=second_wins armut=ja solos=karo,damen",
        "Single switches, e.g. dulle=second_wins armut=yes solos=karo,damen",
    ),
    "cmd.abbrechen": ("Bricht das laufende Spiel ohne Wertung ab (Gastgeber)", "Abort the running game without score (host)"),
    "cmd.schliessen": ("Schließt den Tisch (Gastgeber)", "Close the table (host)"),
    "cmd.entfernen": ("Nimmt jemanden vom Tisch (Gastgeber, zwischen den Spielen)", "Remove someone from the table (host, between games)"),
    "cmd.entfernen.spieler": ("Wer den Tisch verlassen soll", "Who should leave the table"),
    "cmd.computer": ("Setzt einen Computer auf einen freien Platz oder nimmt ihn weg (Gastgeber)", "Seat a computer player on a free seat or remove one (host)"),
    "cmd.computer.aktion": ("dazu oder entfernen", "add (dazu) or remove (entfernen)"),
    "cmd.computer.name": ("Welcher Computer (sonst der zuletzt gesetzte)", "Which computer (default: the last one seated)"),
    "cmd.sprache": ("Stellt deine Sprache ein (oder die des Kanals)", "Set your language (or the channel's)"),
    "cmd.sprache.sprache": ("Deutsch oder Englisch", "German or English"),
    "cmd.sprache.kanal": ("Für den ganzen Kanal (Gastgeber/Kanäle verwalten)", "For the whole channel (manage channels)"),
    "cmd.liste": ("Zeigt die Spielliste dieses Tisches", "Show this table's score sheet"),
    "cmd.re": ("Sagt Re an", "Announce Re"),
    "cmd.kontra": ("Sagt Kontra an", "Announce Kontra"),
    "cmd.keine90": ("Sagt keine 90 an", "Announce no 90 (keine 90)"),
    "cmd.keine60": ("Sagt keine 60 an", "Announce no 60 (keine 60)"),
    "cmd.keine30": ("Sagt keine 30 an", "Announce no 30 (keine 30)"),
    "cmd.schwarz": ("Sagt schwarz an", "Announce schwarz (no trick)"),
    "cmd.klopfen": ("Klopft (vor dem ersten Ausspiel, wo die Regeln Klopfen spielen)", "Knock (before the first lead, where the rules play Klopfen)"),
    "cmd.rangliste": ("Zeigt die Rangliste dieses Kanals", "Show this channel's leaderboard"),
    "cmd.rangliste.zeitraum": ("alle, jahr, monat oder woche", "all (alle), year (jahr), month (monat) or week (woche)"),
    "cmd.rangliste.ordnung": ("punkte, ppg (Punkte pro Spiel) oder siege", "points (punkte), ppg or wins (siege)"),
    "cmd.statistik": ("Zeigt die Statistik eines Spielers in diesem Kanal", "Show a player's statistics in this channel"),
    "cmd.statistik.spieler": ("Wessen Statistik (sonst deine)", "Whose statistics (default: yours)"),
    "cmd.protokoll": ("Hängt ein beendetes Spiel als Protokoll an", "Attach a finished game as a game record"),
    "cmd.protokoll.spiel": ("Nummer des Spiels auf der Spielliste (sonst das letzte)", "Number of the game on the score sheet (default: the last)"),
    "stats.no_db": ("Ranglisten und Statistiken brauchen die Datenbank.", "Leaderboards and statistics need the database."),
    "stats.no_games": ("Hier gibt es noch keine beendeten Spiele.", "No finished games here yet."),
    "stats.board": ("Rangliste · {period} · nach {order}", "Leaderboard · {period} · by {order}"),
    "stats.row": ("{rank}. {name} – {points} Punkte · {games} Spiele · {ppg} pro Spiel · {wins} Siege", "{rank}. {name} – {points} points · {games} games · {ppg} per game · {wins} wins"),
    "stats.rating": ("gewertet {rating}", "rated {rating}"),
    "stats.bots": ("Computerspieler (eigene Wertung)", "Computer players (ranked apart)"),
    "stats.no_humans": ("Noch keine menschlichen Spieler in diesem Zeitraum.", "No human players in this period yet."),
    "stats.page": ("Seite {page}/{pages}", "Page {page}/{pages}"),
    "stats.method": (
        "Punkte pro Spiel werden geglättet: (Punkte + {k} × {prior}) / (Spiele + {k}) – {k} gedachte Spiele zum Kanalschnitt {prior}, damit zwei Glücksspiele nicht an die Spitze reichen.",
        "Points per game are shrunk: (points + {k} × {prior}) / (games + {k}) – {k} imagined games at the channel average {prior}, so two lucky games cannot lead.",
    ),
    "period.alle": ("alle Spiele", "all time"),
    "period.jahr": ("dieses Jahr", "this year"),
    "period.monat": ("dieser Monat", "this month"),
    "period.woche": ("diese Woche", "this week"),
    "order.punkte": ("Punkten", "points"),
    "order.ppg": ("Punkten pro Spiel", "points per game"),
    "order.siege": ("Siegen", "wins"),
    "stats.running": ("Spiel {no} läuft noch; ein Protokoll gibt es erst, wenn es beendet ist.", "Game {no} is still running; its record is available once it is over."),
    "stats.no_such_game": ("Ein beendetes Spiel {no} steht nicht auf der Spielliste dieses Kanals (/doko liste).", "There is no finished game {no} on this channel's score sheet (/doko liste)."),
    "stats.title": ("Statistik · {name}", "Statistics · {name}"),
    "stats.body": (
        "Spiele: {games} · Punkte: {points} · pro Spiel: {ppg}\nSiege: {wins} ({rate})\nRe: {re_wins}/{re_games} gewonnen ({re_rate}) · Kontra: {kontra_wins}/{kontra_games} gewonnen ({kontra_rate})\nSoli: {soli_won}/{soli} gewonnen · Hochzeiten: {hochzeiten} · stille Hochzeiten: {stille}\nAnsagen: {ann_won}/{ann} gewonnen\nDoppelköpfe: {dk} · Füchse gefangen: {fc} · verloren: {fl} · Karlchen: {karlchen}",
        "Games: {games} · points: {points} · per game: {ppg}\nWins: {wins} ({rate})\nRe: won {re_wins}/{re_games} ({re_rate}) · Kontra: won {kontra_wins}/{kontra_games} ({kontra_rate})\nSolos: won {soli_won}/{soli} · weddings: {hochzeiten} · silent weddings: {stille}\nAnnouncements: won {ann_won}/{ann}\nDoppelköpfe: {dk} · foxes caught: {fc} · lost: {fl} · Charlies: {karlchen}",
    ),
    "sheet.title": ("Spielliste · {games} Spiele", "Score sheet · {games} games"),
    "sheet.older": ("… {n} ältere Spiele", "… {n} earlier games"),
    "stats.redeal_rule": (
        "Neu gegebene Spiele (eingeworfen, Armut nicht genommen) zählen nirgends als Spiel.",
        "Redealt games (thrown in, poverty not taken) never count as games.",
    ),
    "sheet.empty": ("Noch keine Spiele gewertet.", "No games scored yet."),
    # --- rules overview
    "rules.title": ("Regeln: {preset}", "Rules: {preset}"),
    "rules.preset.ddv": ("DDV-Turnierregeln", "DDV tournament rules"),
    "rules.preset.haus": ("Hausregeln (Schweine, Armut, Schmeißen bei fünf Neunen)", "House rules (Schweine, poverty, throw in with five nines)"),
    "rules.preset.klassisch": ("Klassisch (ohne Dullen, Verdoppeln)", "Classic (no Dullen, doubling)"),
    "rules.on": ("an", "on"),
    "rules.list": ("Liste: {n} Spiele", "List: {n} games"),
    "rules.pflichtsolo": ("mit Pflichtsolo", "with Pflichtsolo"),
    "rules.off": ("aus", "off"),
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


def contract_name(lang: str | None, contract: str | None) -> str:
    if not contract:
        return t(lang, "table.none")
    if contract.startswith("solo:"):
        return t(lang, "solo." + contract[5:])
    return t(lang, "contract." + contract)


def announcement_name(lang: str | None, what: str) -> str:
    return t(lang, "ann." + what)


def breakdown_label(lang: str | None, item: BreakdownItem) -> str:
    """A breakdown line's label from its key and parameters (``text``: kept as it came)."""
    if item.key == "text":
        return str(item.param("text"))
    if item.key == "extra":
        return t(lang, "bd.extra." + str(item.param("extra")))
    params = dict(item.params)
    if "what" in params:
        params["what"] = announcement_name(lang, str(params["what"]))
    return t(lang, "bd." + item.key, **params)


def suit_name(lang: str | None, suit: object) -> str:
    code = _SUIT_PARAM.get(str(suit).lower(), str(suit))
    return t(lang, "suit." + code) if has("suit." + code) else str(suit)


def illegal_text(
    lang: str | None, code: str, params: dict[str, Any], *, names: list[str], ddv_deadlines: bool
) -> str:
    """Translate an engine ``IllegalAction``; ``names`` are the seat names.

    Never names a card: the reason goes to the player, but must stay safe to
    show even if it ever reached the wrong eyes.
    """
    what = params.get("what")
    shown = {
        "what": announcement_name(lang, str(what)) if isinstance(what, str) and has("ann." + what) else what,
        "party": t(lang, "party." + str(params.get("party"))) if params.get("party") in ("re", "kontra") else params.get("party"),
        "suit": suit_name(lang, params.get("suit", "")),
        "n": params.get("n", ""),
    }
    if code == "vorgefuehrt":
        vorg = params.get("vorgefuehrt")
        if vorg == params.get("seat"):
            return t(lang, "illegal.vorgefuehrt_self")
        name = names[vorg] if isinstance(vorg, int) and 0 <= vorg < len(names) else "?"
        return t(lang, "illegal.vorgefuehrt_other", name=name)
    if code == "not_your_turn":
        expected = params.get("expected")
        if isinstance(expected, int) and 0 <= expected < len(names):
            return t(lang, "illegal.not_your_turn", name=names[expected])
        return t(lang, "illegal.not_your_turn_nobody")
    card, step = params.get("card"), params.get("step")
    if code == "announce_too_late" and ddv_deadlines and has(f"ordinal.{card}") and isinstance(step, str):
        ordinal = t(lang, f"ordinal.{card}")
        if step == what:
            return t(lang, "too_late.own", what=shown["what"], card=ordinal)
        return t(lang, "too_late.skipped", what=shown["what"], step=announcement_name(lang, step), card=ordinal)
    if has("illegal." + code):
        return t(lang, "illegal." + code, **shown)
    log.warning("untranslated engine code %s", code)
    return t(lang, "illegal.unknown")
