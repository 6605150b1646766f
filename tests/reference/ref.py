"""Independent reference implementation of one Doppelkopf game (dokobot-game/1).

Written straight from the rules (docs/rules.md, the readings in
docs/rules-interpretations.md, docs/game-record.md), without looking at dokobot.engine. It is deliberately simple and
slow: it exists only to be compared against the real engine
(tests/test_differential.py). Four, five (dealer out or all play) and six seats
(muenchen).

Modules: cards.py (switches, presets, table sizes, card ranking), ref.py (the game:
reservations, bidding, Armut, Klopfen, announcements, play), score.py (winning and
settling).

Public names (all importable from here):
    ref_replay(record) -> result dict            (raises RefError)
    RefError(message, action)                    action index or None (header)
    make_rules(config) -> dict of switches       (raises RefError(.., None))
    RefGame(record)                              step-by-step state, used by the generator
Generators live in tests/reference/gen.py.

Every place where the spec had to be interpreted is listed in
docs/rules-interpretations.md; the comments name the entry (I-nn, I-ref-n) or the
numbered reading ("reading N") there.
"""

from __future__ import annotations

from .cards import (
    ANNOUNCEMENTS,
    HOCHZEIT_FORMS,
    SOLO_KINDS,
    SOLO_RANK,
    Ctx,
    RefError,
    _multiset_eq,
    _multiset_sub,
    allowed_reservations,
    augen,
    deck,
    hand_size,
    hochzeit_ok,
    make_rules,
    named_card_offer,
    normal_trump_count,
    playing_seats,
    schmeissen_ok,
    table_rules,
)
from .score import score_game

# re-exported: tests and the generator import everything from here
__all__ = ["ANNOUNCEMENTS", "SOLO_KINDS", "Ctx", "RefError", "RefGame", "allowed_reservations",
           "deck", "make_rules", "named_card_offer", "ref_replay", "replay_game",
           "schmeissen_ok", "score_game", "hand_size", "playing_seats", "table_rules"]

# ---------------------------------------------------------------- game

ACTION_KEYS = ["reserve", "armut_take", "armut_give", "armut_return", "armut_decline",
               "bid", "klopfen", "announce", "play", "hochzeit_partner"]


class RefGame:
    def __init__(self, record):
        if not isinstance(record, dict):
            raise RefError("a record must be a JSON object", None)
        fmt = record.get("format", "dokobot-game/1")  # I-02: missing format is accepted
        if fmt != "dokobot-game/1":
            raise RefError(f"unknown format {fmt!r}", None)
        self.rules = rules = make_rules(record.get("rules"))
        hands = record.get("hands")
        if not isinstance(hands, list) or len(hands) not in (4, 5, 6):
            raise RefError("hands must be a list of 4, 5 or 6 hands", None)
        self.n = n = len(hands)
        players = record.get("players")
        if players is not None and (not isinstance(players, list) or len(players) != n):
            raise RefError("players and hands differ in length", None)
        dealer = record.get("dealer")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
            raise RefError("dealer must be a seat index", None)
        self.dealer = dealer
        self.rules = rules = table_rules(rules, hands, dealer)
        self.H = hand_size(rules)
        self.six = n == 6
        self.steps = rules["_steps"]  # limit steps, level 2 upwards
        self.words = ["re", "kontra"] + self.steps
        self.valid = valid = frozenset(deck(rules))
        for h in hands:
            if not isinstance(h, list):
                raise RefError("a hand must be a list of cards", None)
            for c in h:
                if not isinstance(c, str) or c not in valid:
                    raise RefError(f"{c!r} is not a card of this deck", None)
        seats = playing_seats(rules, n, dealer)
        for s, h in enumerate(hands):
            want = self.H if s in seats else 0
            if len(h) != want:
                raise RefError(f"seat {s} must be dealt {want} cards", None)
        if sorted(c for h in hands for c in h) != deck(rules):
            raise RefError("the hands are not one complete deck", None)
        self.dealt = [list(h) for h in hands]
        self.hands = [list(h) for h in hands]
        self.order = seats  # clockwise from left of the dealer, seats with cards only
        self.phase = "reserve"
        self.reserves = []  # (seat, action)
        self.contract = None
        self.re = set()
        self.soloist = None
        self.holder = None  # Hochzeit (or the soloist of a kleines Solo at six)
        self.size = None  # six: "klein" for a kleines Solo
        self.third = None  # six, kleine Hochzeit: the seat with the third CQ
        self.bid = None  # six: bidding state between equal solo reservations
        self.named = None  # hochzeit: named_card
        self.form = rules["hochzeit"]  # the form in force; under choice the holder's (reading 38)
        self.asking = None  # hochzeit_partner may (reading 40): (seat, trick no., alone if no)
        self.holder_color_wins = 0  # hochzeit: first_color_trick
        self.clarified = None  # trick number of the clarifying trick (Hochzeit)
        self.poor = None
        self.taker = None
        self.armut_asked = []
        self.armut_gift = None
        self.ctx = Ctx(rules, "normal")
        self.leader = self.order[0]
        self.tricks = []  # dicts: leader, plays [(seat, card, schwein)], winner, augen
        self.trick = []
        self.schwein_played = False
        self.level = {"re": 0, "kontra": 0}  # 1 re/kontra, 2.. the limit steps
        self.late = {"re": False, "kontra": False}
        self.announced = []  # (seat, word) as said
        self.knocks = []
        self.plays = 0

    # ---------------------------------------------------------- helpers
    def next_seat(self, seat):
        i = self.order.index(seat)
        return self.order[(i + 1) % len(self.order)]

    def finished(self):
        # reading 40: a partner found in the last trick answers before the game ends
        return self.contract == "redeal" or (len(self.tricks) == self.H and self.asking is None)

    def to_play(self):
        if self.phase != "play" or self.finished():
            return None
        if not self.trick:
            return self.leader
        return self.next_seat(self.trick[-1][0])

    def party(self, seat):
        """Party of a seat; during an unclarified Hochzeit the holder is Re and the
        others count as Kontra for now (I-31); None before the contract is known."""
        if self.contract is None:
            return None
        return "re" if seat in self.re else "kontra"

    def held(self, seat):
        return len(self.hands[seat])

    # ---------------------------------------------------------- dispatch
    def apply(self, i, a):
        if not isinstance(a, dict):
            raise RefError("an action must be an object", i)
        kinds = [k for k in ACTION_KEYS if k in a]
        if len(kinds) != 1:
            raise RefError("an action must do exactly one thing", i)
        seat = a.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            raise RefError("unknown seat", i)
        if not self.dealt[seat]:
            raise RefError(f"seat {seat} sits out this game", i)
        if self.finished():
            raise RefError("the game is over", i)
        getattr(self, "_" + kinds[0])(i, seat, a[kinds[0]], a)

    def _need_phase(self, i, phase, what):
        if self.phase != phase:
            raise RefError(f"no {what} now (phase {self.phase})", i)

    # ---------------------------------------------------------- reservations
    def _reserve(self, i, seat, value, a):
        self._need_phase(i, "reserve", "reservation")
        expect = self.order[len(self.reserves)]
        if seat != expect:
            raise RefError(f"seat {expect} must declare now, not seat {seat}", i)
        hand = self.dealt[seat]
        if value == "gesund":
            pass
        elif value == "hochzeit":
            if not hochzeit_ok(self.rules, hand):
                raise RefError("a Hochzeit needs both CQ", i)
            self._check_form(i, hand, a, "normal")
        elif value == "solo":
            if a.get("solo") not in self.rules["solos"]:
                raise RefError(f"solo {a.get('solo')!r} is not allowed at this table", i)
            if self.six:
                self._check_six_solo(i, hand, a)
        elif value == "armut":
            if not self.rules["armut"]:
                raise RefError("Armut is not played at this table", i)
            if normal_trump_count(self.rules, hand) > 3:
                raise RefError("Armut needs at most three trumps", i)
        elif value == "schmeissen":
            if not self.rules["schmeissen"] or not schmeissen_ok(self.rules, hand):
                raise RefError("this hand may not be thrown in", i)
        else:
            raise RefError(f"unknown reservation {value!r}", i)
        self.reserves.append((seat, a))
        if len(self.reserves) == len(self.order):
            self._decide()

    def _check_six_solo(self, i, hand, a):
        """Reading 26/28: size gross|klein (default gross), pflicht true|false
        (default false); a kleines Solo under named_card carries its card."""
        if a.get("size", "gross") not in ("gross", "klein"):
            raise RefError(f"bad solo size {a.get('size')!r}", i)
        if not isinstance(a.get("pflicht", False), bool):
            raise RefError("pflicht must be true or false", i)
        if a.get("size", "gross") == "klein":
            self._check_form(i, hand, a, "solo:" + a["solo"])

    def _form_of(self, a):
        """The Hochzeit form a reservation plays: the table's, or under choice its own."""
        return a.get("form") if self.rules["hochzeit"] == "choice" else self.rules["hochzeit"]

    def _check_form(self, i, hand, a, contract):
        """Reading 38: under choice the reservation names a form (malformed otherwise);
        reading 39: under named_card (the table's or the chosen form) a card."""
        form = self._form_of(a)
        if form not in HOCHZEIT_FORMS:
            raise RefError(f"malformed: the Hochzeit needs a form, not {a.get('form')!r}", i)
        if form == "named_card" and a.get("card") not in named_card_offer(self.rules, hand,
                                                                        contract):
            raise RefError(f"bad_card: {a.get('card')!r} cannot be named", i)

    def _set_form(self, a):
        self.form = self._form_of(a)
        self.named = a.get("card") if self.form == "named_card" else None

    def _decide(self):
        by = {}
        for seat, a in self.reserves:
            by.setdefault(a["reserve"], []).append((seat, a))
        if self.six:
            self._decide_six(by)
            return
        if "solo" in by:
            solos = by["solo"]
            if self.rules["solo_priority"] == "rank":
                solos = sorted(solos, key=lambda sa: SOLO_RANK.index(sa[1]["solo"]))  # stable
            seat, a = solos[0]
            self._start_play("solo:" + a["solo"], {seat})
            self.soloist = seat
            if self.rules["solo_lead"] == "soloist":
                self.leader = seat
            return
        if "schmeissen" in by or "armut" in by:
            self._schmeissen_or_armut(by)
            return
        both = [s for s in self.order if self.dealt[s].count("CQ") == self.rules["_copies"]]
        if "hochzeit" in by:
            self.holder, a = by["hochzeit"][0]
            self._set_form(a)
            self._start_play("hochzeit", {self.holder})
            return
        if both:
            self._start_play("stille_hochzeit", {both[0]})
            return
        self._start_play("normal", {s for s in self.order if "CQ" in self.dealt[s]})

    def _schmeissen_or_armut(self, by):
        """Schmeißen before Armut (reading 6); at six the same by the switches (reading 43)."""
        if "schmeissen" in by:
            self._redeal()
            return
        both = [s for s in self.order if self.dealt[s].count("CQ") == self.rules["_copies"]]
        if "armut" in by:
            self.poor = poor = by["armut"][0][0]  # I-12: the first poor seat in order
            if both and both[0] != poor and not self.six:  # reading 43: not at six
                self._redeal()
                return
            if self.rules["armut_taker"] == "partner":
                # reading 7: only the normal-game partner answers; none if poor has
                # every CQ (two; three at six)
                if self.dealt[poor].count("CQ") == self.rules["_copies"]:
                    self._redeal()
                    return
                mine = "CQ" in self.dealt[poor]
                self.armut_asked = [s for s in self.order
                                    if s != poor and ("CQ" in self.dealt[s]) == mine]
            else:
                s = poor
                self.armut_asked = []
                for _ in range(len(self.order) - 1):
                    s = self.next_seat(s)
                    self.armut_asked.append(s)
            if self.rules["armut_decide"] == "after":  # reading 8: give first, then decide
                self.taker = self.armut_asked[0]
                self.phase = "armut_give"
            else:
                self.phase = "armut_take"

    # ---------------------------------------------------------- six: reservations, bidding
    def _decide_six(self, by):
        """Reading 26: any solo beats a Hochzeit; among solos the category decides
        (großes Pflicht, kleines Pflicht, großes Lust, kleines Lust); several seats of
        the best category bid (reading 27)."""
        if "solo" in by:
            def cat(a):
                return (not a.get("pflicht", False), a.get("size", "gross") != "gross")
            best = min(cat(a) for _, a in by["solo"])
            seats = [(s, a) for s, a in by["solo"] if cat(a) == best]
            if len(seats) == 1:
                self._start_six_solo(*seats[0], step=None)
            else:
                self.phase = "bid"
                self.bid = {"cands": seats, "next": 2, "earlier": seats[0], "later": seats[1],
                            "turn": "later", "current": None, "pending": None}
            return
        if "schmeissen" in by or "armut" in by:  # reading 43
            self._schmeissen_or_armut(by)
            return
        cq = [s for s in self.order for _ in range(self.dealt[s].count("CQ"))]
        if "hochzeit" in by:
            self.holder, a = by["hochzeit"][0]
            self._set_form(a)
            if cq.count(self.holder) == 3:
                self._start_play("hochzeit:gross", {self.holder})
            else:  # reading 29: kleine Hochzeit, the third CQ plays along
                self.third = next(s for s in cq if s != self.holder)
                self._start_play("hochzeit:klein", {self.holder, self.third})
            return
        if len(set(cq)) == 1:  # reading 30: all three CQ and gesund
            self._start_play("stille_hochzeit", {cq[0]})
            return
        self._start_play("normal", set(cq))  # two CQ and gesund: 2 against 4

    def _start_six_solo(self, seat, a, step):
        self._start_play("solo:" + a["solo"], {seat})
        self.soloist = seat
        self.leader = seat  # reading 26: both sizes are led by the soloist
        if (self.rules["six_lustsolo_lead"] == "left_of_dealer" and a.get("size", "gross") == "gross"
                and not a.get("pflicht", False)):
            self.leader = self.order[0]  # reading 37: a großes Lustsolo without the lead
        if a.get("size") == "klein":  # reading 28: a partner by the hochzeit rule
            self.size = "klein"
            self.holder = seat
            self._set_form(a)
        if step is not None:  # reading 27: the last named step is Re's announcement
            self.level["re"] = self.words.index(step) if step != "re" else 1
            self.announced.append((seat, step))

    def _bid(self, i, seat, value, a):
        self._need_phase(i, "bid", "bid")
        b = self.bid
        who = b[b["turn"]][0]
        if seat != who:
            raise RefError(f"out_of_turn: seat {who} bids now, not seat {seat}", i)
        ladder = ["re"] + self.steps
        if value != "pass" and value not in ladder:
            raise RefError(f"bad_bid: {value!r}", i)
        if b["turn"] == "later":
            if value == "pass":
                self._bid_survivor(b["earlier"])
                return
            if b["current"] is not None and ladder.index(value) <= ladder.index(b["current"]):
                raise RefError(f"bad_bid: {value} is not above {b['current']}", i)
            if b["current"] is None and value != "re":
                raise RefError("bad_bid: the first bid is re", i)  # reading 42
            b["pending"] = value
            b["turn"] = "earlier"
            return
        if value == "pass":
            b["current"] = b["pending"]
            self._bid_survivor(b["later"])
            return
        if value != b["pending"]:
            raise RefError(f"bad_bid: hold with {b['pending']} or pass", i)
        b["current"] = value
        b["turn"] = "later"

    def _bid_survivor(self, sa):
        b = self.bid
        if b["next"] < len(b["cands"]):  # the survivor bids as the earlier seat on
            b.update(earlier=sa, later=b["cands"][b["next"]], turn="later", pending=None)
            b["next"] += 1
            return
        self._start_six_solo(*sa, step=b["current"])

    def _redeal(self):
        self.contract = "redeal"
        self.phase = "done"
        self.re = set()

    def _start_play(self, contract, re):
        self.contract = contract
        self.re = set(re)
        self.ctx = Ctx(self.rules, contract)
        self.phase = "play"

    # ---------------------------------------------------------- armut
    def _armut_take(self, i, seat, value, a):
        self._need_phase(i, "armut_take", "Armut answer")
        expect = self.armut_asked[0]
        if seat != expect:
            raise RefError(f"seat {expect} must answer the Armut now", i)
        if not isinstance(value, bool):
            raise RefError("armut_take must be true or false", i)
        self.armut_asked.pop(0)
        if value:
            self.taker = seat
            self.phase = "armut_give"
        elif not self.armut_asked:
            self._redeal()

    def _armut_give(self, i, seat, value, a):
        self._need_phase(i, "armut_give", "Armut hand-over")
        if seat != self.poor:
            raise RefError(f"seat {self.poor} must hand over its trumps", i)
        if not isinstance(value, list) or any(not isinstance(c, str) for c in value):
            raise RefError("armut_give must be a list of cards", i)
        trumps = [c for c in self.hands[seat] if self.ctx.is_trump(c)]
        if not _multiset_eq(value, trumps):
            raise RefError("the poor seat must hand over exactly all its trumps", i)
        self.hands[seat] = _multiset_sub(self.hands[seat], value)
        self.hands[self.taker] = self.hands[self.taker] + list(value)
        self.armut_gift = list(value)
        self.phase = "armut_return"

    def _armut_return(self, i, seat, value, a):
        self._need_phase(i, "armut_return", "Armut return")
        if seat != self.taker:
            raise RefError(f"seat {self.taker} must return the cards", i)
        if not isinstance(value, list) or any(not isinstance(c, str) for c in value):
            raise RefError("armut_return must be a list of cards", i)
        if len(value) != len(self.armut_gift):
            raise RefError(f"return exactly {len(self.armut_gift)} cards", i)
        rest = _multiset_sub(self.hands[seat], value)
        if rest is None:
            raise RefError("you can only return cards you hold", i)
        self.hands[seat] = rest
        self.hands[self.poor] = self.hands[self.poor] + list(value)
        self._start_play("armut", {self.poor, self.taker})

    def _armut_decline(self, i, seat, value, a):
        if self.rules["armut_decide"] != "after":
            raise RefError("armut_decline only with armut_decide: after", i)
        self._need_phase(i, "armut_return", "Armut decline")
        if seat != self.taker:
            raise RefError(f"seat {self.taker} must take or decline the Armut", i)
        if value is not True:
            raise RefError("armut_decline must be true", i)
        self.hands[seat] = _multiset_sub(self.hands[seat], self.armut_gift)
        self.hands[self.poor] = self.hands[self.poor] + self.armut_gift
        self.armut_gift = None
        self.armut_asked.pop(0)
        if self.armut_asked:
            self.taker = self.armut_asked[0]
            self.phase = "armut_give"
        else:
            self._redeal()

    # ---------------------------------------------------------- klopfen
    def _klopfen(self, i, seat, value, a):
        if not self.rules["klopfen"]:
            raise RefError("this table does not knock", i)
        self._need_phase(i, "play", "knock")
        if value is not True:
            raise RefError("klopfen must be true", i)
        if self.plays:
            raise RefError("knocking ends with the first lead", i)
        if len(self.knocks) >= 4:
            raise RefError("at most four knocks", i)
        if self.knocks and self.knocks[-1] == seat:
            raise RefError("the same seat may not knock twice in a row", i)
        self.knocks.append(seat)

    # ---------------------------------------------------------- hochzeit_partner (reading 40)
    def _hochzeit_partner(self, i, seat, value, a):
        if self.rules["hochzeit_partner"] != "may":
            raise RefError("the found partner cannot decline at this table", i)
        if self.asking is None:
            raise RefError("no partner is being asked now", i)
        found, k, alone = self.asking
        if seat != found:
            raise RefError(f"seat {found} answers, not seat {seat}", i)
        if not isinstance(value, bool):
            raise RefError("hochzeit_partner must be true or false", i)
        self.asking = None
        self.phase = "play"
        if not value and self.form == "first_color_trick":
            self.holder_color_wins += 1
        if value:
            self.clarified = k
            self._found(found)
        elif alone:  # declined in the last trick of the window (or of the game): alone
            self.clarified = k
            self._found(None)

    # ---------------------------------------------------------- announcements
    def shift(self):
        if self.holder is not None and self.clarified is not None:
            return self.clarified - 1
        return 0

    def _announce(self, i, seat, word, a):
        if word not in self.words:
            raise RefError(f"unknown announcement {word!r}", i)
        self._need_phase(i, "play", "announcement")
        party = self.party(seat)
        if self.holder is not None and self.clarified is None:
            raise RefError("nothing can be announced before the Hochzeit is clarified", i)
        other = "kontra" if party == "re" else "re"
        if word in ("re", "kontra"):
            if self.rules["klopfen"]:
                raise RefError("this table knocks instead of Re/Kontra", i)
            if word != party:
                raise RefError(f"seat {seat} does not play {word}", i)
            target = 1
        else:
            target = self.words.index(word)
        have = self.level[party]
        if target <= have:
            raise RefError(f"{word} is already said for {party}", i)
        if self.rules["single_limit"] and target >= 2 and max(self.level.values()) >= 2:
            raise RefError("single_limit: only one limit step per game", i)  # reading 18
        if have >= 1 and self.late[party]:
            raise RefError(f"{party} replied late and may say no further step", i)
        first = have + 1
        if self.rules["klopfen"]:
            first = max(first, 2)  # I-22: no Re/Kontra with Klopfen, steps stand alone
        late = False
        mode = self.rules["announcements"]
        if mode == "ddv":
            held = self.held(seat)
            sh = self.shift()

            def need(level):
                return self.H - level - sh

            for lv in range(first, target + 1):
                if held >= need(lv):
                    continue
                if lv == 1 and target == 1 and self.level[other] >= 1 \
                        and held >= need(self.level[other]) - 1:
                    late = True  # reply (TSR 6.4.4) after the own deadline
                    continue
                raise RefError(f"too late for {word}", i)
        else:
            p = self.plays
            per = len(self.order)
            ok = {"before_play": p == 0, "first_trick": p < per,
                  "until_trick_5": p <= 4 * per}[mode]
            if not ok:
                raise RefError(f"too late for {word}", i)
        self.level[party] = target
        self.late[party] = late
        self.announced.append((seat, word))

    def legal_announcements(self, seat):
        out = []
        for w in self.words:
            try:
                self._probe()._announce(0, seat, w, {})
            except RefError:
                continue
            out.append(w)
        return out

    # ---------------------------------------------------------- play
    def _play(self, i, seat, card, a):
        self._need_phase(i, "play", "card play")
        if not isinstance(card, str) or card not in self.valid:
            raise RefError(f"{card!r} is not a card", i)
        expect = self.to_play()
        if seat != expect:
            raise RefError(f"it is seat {expect}'s turn, not seat {seat}'s", i)
        schwein = a.get("schwein", False)
        if not isinstance(schwein, bool):
            raise RefError("schwein must be true or false", i)
        self.check_card(i, seat, card, schwein)
        if self.rules["klopfen"] and self.rules["klopfen_redeal"] and self.plays == 0 \
                and not self.knocks:
            self._redeal()  # reading 17: the card is not played
            return
        self.hands[seat].remove(card)
        self.trick.append((seat, card, schwein))
        self.plays += 1
        if schwein:
            self.schwein_played = True
        if len(self.trick) == len(self.order):
            self._close_trick()

    def schwein_allowed(self, seat):
        return (self.ctx.schwein_ok and not self.schwein_played
                and self.dealt[seat].count("DA") == self.rules["_copies"]
                and "DA" in self.hands[seat])

    def check_card(self, i, seat, card, schwein):
        hand = self.hands[seat]
        if card not in hand:
            raise RefError(f"seat {seat} does not hold {card}", i)
        if schwein and (card != "DA" or not self.schwein_allowed(seat)):
            raise RefError("this card cannot be played as Schwein", i)
        ctx = self.ctx
        if self.trick:
            led = ctx.kind(self.trick[0][1])
            if ctx.kind(card) != led and any(ctx.kind(c) == led for c in hand):
                what = "trump" if led == "trump" else {"C": "clubs", "S": "spades",
                                                       "H": "hearts", "D": "diamonds"}[led]
                raise RefError(f"seat {seat} must follow suit: {what}", i)
            if self.rules["overtrump"] and ctx.is_trump(card):
                self._check_overtrump(i, seat, card, schwein, led)

    def _check_overtrump(self, i, seat, card, schwein, led):
        ctx = self.ctx
        if not any(ctx.is_trump(c) for _, c, _ in self.trick):
            return
        last = len(self.tricks) == self.H - 1
        plays = [(s, c, w) for s, c, w in self.trick]
        best = plays[ctx.winner_index(plays, last)][1:]

        def beats(c, w):
            return ctx.beats((c, w), best, led, last)

        if beats(card, schwein):
            return
        hand = self.hands[seat]
        can_follow = any(ctx.kind(c) == led for c in hand)
        options = [(c, False) for c in hand if ctx.is_trump(c)]
        if "DA" in hand and self.schwein_allowed(seat):
            options.append(("DA", True))
        if can_follow:  # led trump; must play trump anyway
            options = [o for o in options if ctx.kind(o[0]) == led]
        if any(beats(*o) for o in options):
            raise RefError(f"seat {seat} must beat the highest trump", i)

    def _close_trick(self):
        last = len(self.tricks) == self.H - 1
        w = self.ctx.winner_index(self.trick, last)
        t = {"leader": self.trick[0][0], "plays": self.trick, "winner": self.trick[w][0],
             "win_card": self.trick[w][1], "win_schwein": self.trick[w][2],
             "augen": sum(augen(c) for _, c, _ in self.trick)}
        self.tricks.append(t)
        self.trick = []
        self.leader = t["winner"]
        if self.holder is not None and self.clarified is None:
            self._clarify(t)

    def _clarify(self, t):
        """Hochzeit: find the partner after trick t (rules.md Parties, House forms;
        readings 1-5). Sets self.clarified (trick number) once the parties are known."""
        k = len(self.tricks)
        last = k == self.H
        holder = self.holder
        mode = self.form
        partner = None
        alone = last  # reading 5: every form is settled by the last trick at the latest
        if mode == "named_card":  # reading 3: whoever else plays the card, no window
            partner = next((s for s, c, _ in t["plays"] if c == self.named and s != holder), None)
        elif mode == "first_pure_color_trick":  # reading 4: no trump in the trick, no window
            if not any(self.ctx.is_trump(c) for _, c, _ in t["plays"]):
                partner = t["winner"] if t["winner"] != holder else None
                alone = alone or partner is None
        elif mode == "first_color_trick":  # reading 1: colour tricks counted, any trick
            if not self.ctx.is_trump(t["plays"][0][1]):
                if t["winner"] != holder:
                    partner = t["winner"]
                else:
                    self.holder_color_wins += 1
                    alone = alone or self.holder_color_wins >= self.rules["hochzeit_window"]
        else:  # first_trick / first_trump_trick: within the window (I-30)
            lead_trump = self.ctx.is_trump(t["plays"][0][1])
            if (mode == "first_trick" or lead_trump) and t["winner"] != holder:
                partner = t["winner"]
            alone = alone or k >= self.rules["hochzeit_window"]
        if partner is not None and self.rules["hochzeit_partner"] == "may":
            # reading 40: the found seat says yes or no before the next card; declined, the
            # window counts on (a declined colour trick counts like one the holder won)
            if mode == "first_color_trick":
                alone = alone or self.holder_color_wins + 1 >= self.rules["hochzeit_window"]
            self.asking = (partner, k, alone)
            self.phase = "partner"
            return
        if partner is not None or alone:
            self.clarified = k
            self._found(partner)

    def _found(self, partner):
        """The clarification: partner or None (alone). Six, kleine Hochzeit (reading
        29): the third CQ plays along; found it or nobody: große Hochzeit 2 against 4."""
        if self.contract == "hochzeit:klein" and partner in (None, self.third):
            self.contract = "hochzeit:gross"
        elif partner is not None:
            self.re.add(partner)

    def legal_plays(self, seat):
        """[(card, schwein)] this seat may play now."""
        if self.to_play() != seat:
            return []
        hand = self.hands[seat]
        if self.trick:  # a card that does not follow never passes check_card: not tried
            led = self.ctx.kind(self.trick[0][1])
            hand = [c for c in hand if self.ctx.kind(c) == led] or hand
        out = []
        for c in sorted(set(hand)):
            for w in ((False, True) if c == "DA" else (False,)):  # only the DA can be a Schwein
                try:
                    self.check_card(0, seat, c, w)
                except RefError:
                    continue
                out.append((c, w))
        return out

    def copy(self):
        g = RefGame.__new__(RefGame)
        g.__dict__ = {k: (v.copy() if isinstance(v, (list, dict, set)) else v)
                      for k, v in self.__dict__.items()}
        g.hands = [list(h) for h in self.hands]
        g.trick = list(self.trick)
        return g

    def _probe(self):
        """A copy to try an announcement on: _announce changes only these three."""
        g = RefGame.__new__(RefGame)
        g.__dict__ = dict(self.__dict__, level=dict(self.level), late=dict(self.late),
                          announced=list(self.announced))
        return g

    # ---------------------------------------------------------- result
    def parties(self):
        re = sorted(s for s in self.order if self.party(s) == "re")
        ko = sorted(s for s in self.order if self.party(s) == "kontra")
        return re, ko

    def result(self):
        if self.contract == "redeal":  # I-30
            return {"finished": True, "contract": "redeal", "re": [], "kontra": [],
                    "augen": {"re": 0, "kontra": 0}, "tricks": {"re": 0, "kontra": 0},
                    "winner": None, "game_value": 0, "score": [0] * self.n,
                    "breakdown": [{"label": "eingeworfen", "points": 0}]}
        if self.contract is None:  # I-31: nothing decided yet
            return {"finished": False, "contract": None}
        re, ko = self.parties()
        aug = {"re": 0, "kontra": 0}
        cnt = {"re": 0, "kontra": 0}
        for t in self.tricks:
            p = self.party(t["winner"])
            if p is not None:
                aug[p] += t["augen"]
                cnt[p] += 1
        res = {"finished": self.finished(), "contract": self.contract, "re": re,
               "kontra": ko, "augen": aug, "tricks": cnt}
        if self.size:
            res["size"] = self.size  # reading 28
        if not self.finished():
            return res
        res.update(score_game(self, aug, cnt))
        return res


# ---------------------------------------------------------------- entry point

def ref_replay(record) -> dict:
    """The replay result of a record, by the reference's own reading of the spec."""
    g = RefGame(record)
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RefError("actions must be a list", None)
    for i, a in enumerate(actions):
        g.apply(i, a)
    return g.result()


def replay_game(record) -> RefGame:
    """Like ref_replay but returns the state (used by the generators)."""
    g = RefGame(record)
    for i, a in enumerate(record.get("actions", [])):
        g.apply(i, a)
    return g
