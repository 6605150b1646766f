"""Reference: rule switches, presets, cards and their ranking (see ref.py)."""

from __future__ import annotations

SUITS = "CSHD"
RANKS = "ATKQJ9"  # plain-suit order, highest first, in every contract
AUGEN = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "O": 4}  # "JO": the DK it replaces (reading 34)

REINE = ["reines_kreuz", "reines_pik", "reines_herz", "reines_karo"]
SOLO_KINDS = ["karo", "herz", "pik", "kreuz", "damen", "buben", "fleischlos",
              "damen_buben", "buben_koenige"] + REINE
# solo_priority: rank; the reine solos come after herz (rules.md "House forms")
SOLO_RANK = ["karo", "damen", "buben", "damen_buben", "buben_koenige", "fleischlos",
             "kreuz", "pik", "herz"] + REINE
SUIT_OF_SOLO = {"karo": "D", "herz": "H", "pik": "S", "kreuz": "C"}
SUIT_OF_REINE = {"reines_kreuz": "C", "reines_pik": "S", "reines_herz": "H", "reines_karo": "D"}
ANNOUNCEMENTS = ["re", "kontra", "keine90", "keine60", "keine30", "schwarz"]
# The limit steps, level 2 upwards (re/kontra = 1), and the Augen the opponents
# stay under (0 for schwarz: no trick). Six: keine135 comes first (reading 25).
STEPS = {4: ["keine90", "keine60", "keine30", "schwarz"],
         6: ["keine135", "keine90", "keine60", "keine30", "schwarz"]}
STEP_X = {"keine135": 135, "keine90": 90, "keine60": 60, "keine30": 30, "schwarz": 0}
STEP_LEVEL = {"keine90": 2, "keine60": 3, "keine30": 4, "schwarz": 5}  # four and five
LEVEL_NAME = {2: "keine90", 3: "keine60", 4: "keine30", 5: "schwarz"}
EXTRAS = ["gegen_die_alten", "doppelkopf", "fuchs", "karlchen",
          "karlchen_caught", "alte_caught", "dulle_caught", "karlchen_caught_any"]
NORMAL_FAMILY = ("normal", "hochzeit", "stille_hochzeit", "armut")

_DDV = {
    "nines": True, "dullen": True, "dulle": "first_wins", "schweine": False,
    "joker": False, "overtrump": False,
    "solos": ["karo", "herz", "pik", "kreuz", "damen", "buben", "fleischlos"],
    "solo_lead": "left_of_dealer", "solo_priority": "seat",
    "hochzeit": "first_trick", "hochzeit_window": 3, "armut": False,
    "schmeissen": [], "announcements": "ddv", "klopfen": False, "scoring": "ddv",
    "zero_sum": True, "base": 1, "solo_factor": 3,
    "extras": ["gegen_die_alten", "doppelkopf", "fuchs", "karlchen"], "bock": [],
    # house forms (rules.md "House forms (seed 000)"): first value = default everywhere
    "armut_taker": "volunteer", "armut_decide": "before", "armut_announce": False,
    "solo_extras": "none", "single_limit": False, "klopfen_redeal": False,
    "fine_steps": False,
    "five": "dealer_sits_out", "players": None,
    # readings 37, 40: the seed 000 variants, off by default
    "six_lustsolo_lead": "soloist", "hochzeit_partner": "must",
}
PRESETS = {
    "ddv": dict(_DDV),
    "haus": dict(_DDV, dulle="second_wins_except_last", schweine=True, armut=True,
                 schmeissen=["nines"], bock=["tie"]),
    # reading 24: ddv plus Überstich, soloist leads, six seats
    "muenchen": dict(_DDV, overtrump=True, solo_lead="soloist", players=6),
    "klassisch": dict(_DDV, dullen=False, dulle="n/a",
                      solos=["karo", "damen", "buben", "fleischlos"], solo_priority="rank",
                      hochzeit="first_color_trick", armut=True, schmeissen=["nines", "kings"],
                      announcements="first_trick", scoring="doubling", extras=["doppelkopf"]),
}
_CHOICES = {
    "dulle": ["first_wins", "second_wins", "second_wins_except_last", "n/a"],
    "solo_lead": ["left_of_dealer", "soloist"],
    "solo_priority": ["seat", "rank"],
    "hochzeit": ["first_trick", "first_color_trick", "first_trump_trick", "named_card",
                 "first_pure_color_trick", "choice"],
    "six_lustsolo_lead": ["soloist", "left_of_dealer"],
    "hochzeit_partner": ["must", "may"],
    "armut_taker": ["volunteer", "partner"],
    "armut_decide": ["before", "after"],
    "solo_extras": ["none", "trumpfsolo_still"],
    "five": ["dealer_sits_out", "all_play"],
    "players": [4, 5, 6],
    "announcements": ["ddv", "first_trick", "before_play", "until_trick_5"],
    "scoring": ["ddv", "steps", "doubling", "tally", "plus"],
}
_LISTS = {
    "solos": SOLO_KINDS,
    "schmeissen": ["nines", "kings", "top_dj", "top_da"],
    "extras": EXTRAS,
    "bock": ["tie", "lost_solo", "lost_announcement", "heart_trick"],
}
_BOOLS = ["nines", "dullen", "schweine", "joker", "overtrump", "armut", "klopfen", "zero_sum",
          "armut_announce", "single_limit", "klopfen_redeal", "fine_steps"]
_INTS = ["hochzeit_window", "base", "solo_factor"]


class RefError(Exception):
    """An illegal or malformed record; `action` is the index or None (header)."""

    def __init__(self, message: str, action: int | None):
        super().__init__(message)
        self.message = message
        self.action = action


def make_rules(config) -> dict:
    if config is None:
        config = {"preset": "ddv"}
    if not isinstance(config, dict):
        raise RefError("rules must be an object", None)
    preset = config.get("preset", "ddv")
    if preset not in PRESETS:
        raise RefError(f"unknown preset {preset!r}", None)
    rules = dict(PRESETS[preset])
    rules["preset"] = preset
    for key, value in config.items():
        if key == "preset":
            continue
        if key in _BOOLS:
            if not isinstance(value, bool):
                raise RefError(f"switch {key} must be true or false", None)
        elif key in _INTS:
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise RefError(f"switch {key} must be a positive whole number", None)
        elif key in _CHOICES:
            if isinstance(value, bool) or value not in _CHOICES[key]:
                raise RefError(f"switch {key} has no value {value!r}", None)
        elif key in _LISTS:
            if isinstance(value, str):  # I-01: "karo herz" is accepted like a list
                value = value.split()
            if not isinstance(value, list) or any(v not in _LISTS[key] for v in value):
                raise RefError(f"switch {key} has a bad value {value!r}", None)
            value = list(dict.fromkeys(value))
        else:
            raise RefError(f"unknown switch {key!r}", None)
        rules[key] = value
    if rules["dulle"] == "n/a":
        rules["dulle"] = "first_wins"
    # reading 36: the fine levels replace Schneider/Schwarz, which only doubling and plus have
    if rules["fine_steps"] and rules["scoring"] not in ("doubling", "plus"):
        raise RefError("fine_steps needs scoring doubling or plus", None)
    rules.update(_seats=4, _copies=2, _steps=STEPS[4], _total=240, _gcd=False)
    return rules


def table_rules(rules, hands, dealer):
    """The switches as the table size forces them (rules.md "Five at the table", "Six
    at the table"; readings 20-24), plus the derived keys the game and scoring use:
    _seats, _copies (of each card), _steps (limit ladder), _total (Augen), _gcd (settle
    by the rule for parties of any size)."""
    n = len(hands)
    rules = dict(rules)
    if rules["players"] is not None and rules["players"] != n:
        raise RefError(f"players is {rules['players']} but there are {n} hands", None)
    if (n == 6) != (rules["preset"] == "muenchen"):
        raise RefError("six hands need the preset muenchen, and muenchen six hands", None)
    rules["_seats"] = n
    if n == 5 and rules["five"] == "all_play":
        rules.update(nines=False, overtrump=True, armut=False, schmeissen=[], _gcd=True)
    elif n == 6:
        # reading 43: Armut and Schmeißen follow their switches at six too
        rules.update(nines=True, _copies=3, _steps=STEPS[6],
                     _total=360, _gcd=True)
    return rules


def hand_size(rules):
    """H: cards per playing seat."""
    if rules["_seats"] == 5 and rules["five"] == "all_play":
        return 8
    return 12 if rules["nines"] else 10


def playing_seats(rules, n, dealer):
    """Clockwise from left of the dealer; the dealer sits out at five unless all play."""
    order = [(dealer + 1 + i) % n for i in range(n)]
    if n == 5 and rules["five"] == "dealer_sits_out":
        order.remove(dealer)
    return order


# ---------------------------------------------------------------- cards

def deck(rules) -> list[str]:
    ranks = RANKS if rules["nines"] else RANKS[:-1]
    cards = [s + r for s in SUITS for r in ranks] * rules["_copies"]
    if rules["joker"]:
        cards.remove("DK")
        cards.append("JO")
    return sorted(cards)


def augen(card: str) -> int:
    return AUGEN[card[1]]


def trump_list(rules, contract: str) -> list[str]:
    """Trumps highest first (without Schwein and joker, which rank above all)."""
    kind = contract[5:] if contract.startswith("solo:") else "karo"  # normal family = karo
    if kind in SUIT_OF_REINE:  # only the suit, A T K Q J 9; no Dullen (reading 12)
        s = SUIT_OF_REINE[kind]
        return [s + r for r in RANKS if r != "9" or rules["nines"]]
    queens = ["CQ", "SQ", "HQ", "DQ"]
    jacks = ["CJ", "SJ", "HJ", "DJ"]
    if kind in SUIT_OF_SOLO:
        s = SUIT_OF_SOLO[kind]
        dulle = ["HT"] if rules["dullen"] else []
        low = [s + r for r in "ATK9" if s + r != "HT" or not rules["dullen"]]
        if not rules["nines"]:
            low = [c for c in low if c[1] != "9"]
        return dulle + queens + jacks + low
    if kind == "damen":
        return queens
    if kind == "buben":
        return jacks
    if kind == "damen_buben":
        return queens + jacks
    if kind == "buben_koenige":
        return ["CK", "SK", "HK", "DK"] + jacks
    return []  # fleischlos


class Ctx:
    """Card ranking under one contract."""

    def __init__(self, rules, contract):
        self.rules = rules
        self.contract = contract
        self.trumps = trump_list(rules, contract)
        # HT ranks as Dulle, except in reines_herz where it is just a heart (reading 12)
        self.dulle = (rules["dullen"] and "HT" in self.trumps
                      and not contract.endswith("reines_herz"))
        # I-22: Schweine exist only where the Fuchs is a trump.
        self.schwein_ok = rules["schweine"] and "DA" in self.trumps
        # the same ranking as a set: the generators ask millions of times
        joker = self.joker_on_top() or contract == "solo:reines_karo"
        self.trump_set = frozenset(self.trumps) | ({"JO"} if joker else frozenset())

    def joker_on_top(self):
        """Reading 34: the JO is the highest trump of the normal game and of the four
        Trumpfsoli; the lowest trump in reines_karo; else the lowest diamond (plain)."""
        kind = self.contract[5:] if self.contract.startswith("solo:") else "karo"
        return kind in SUIT_OF_SOLO

    def is_trump(self, card):
        return card in self.trump_set  # the JO only where it ranks as a trump (reading 34)

    def kind(self, card):
        if card in self.trump_set:
            return "trump"
        return "D" if card == "JO" else card[0]

    def power(self, card, schwein):
        if card == "JO":
            if self.joker_on_top():
                return 10000
            return 1000 - len(self.trumps) if self.is_trump(card) else 100 - len(RANKS)
        if schwein:
            return 9000
        if card in self.trumps:
            return 1000 - self.trumps.index(card)
        return 100 - RANKS.index(card[1])

    def beats(self, new, best, led_kind, last_trick):
        """Does play `new` (card, schwein) beat the current best play?"""
        nt, bt = self.is_trump(new[0]), self.is_trump(best[0])
        if nt != bt:
            return nt
        if not nt and self.kind(new[0]) != led_kind:
            return False
        pn, pb = self.power(*new), self.power(*best)
        if pn != pb:
            return pn > pb
        if new[0] == "HT" and self.dulle and not new[1]:
            mode = self.rules["dulle"]
            return mode == "second_wins" or (mode == "second_wins_except_last" and not last_trick)
        return False

    def winner_index(self, plays, last_trick):
        led = self.kind(plays[0][1])
        best = 0
        for i in range(1, len(plays)):
            if self.beats(plays[i][1:], plays[best][1:], led, last_trick):
                best = i
        return best


def normal_trump_count(rules, hand):
    ctx = Ctx(rules, "normal")
    return sum(1 for c in hand if ctx.is_trump(c))


def schmeissen_ok(rules, hand):
    trig = rules["schmeissen"]
    # reading 11: without nines the trigger `nines` counts five kings
    nine = "9" if rules["nines"] else "K"
    if "nines" in trig and sum(c[1] == nine for c in hand) >= 5:
        return True
    if "kings" in trig and sum(c[1] == "K" for c in hand) >= 5:
        return True
    for name, top in (("top_dj", "DJ"), ("top_da", "DA")):
        if name not in trig:
            continue
        # I-14: a hand that would hold a Schwein is never "no better than DJ/DA";
        # a hand without any trump qualifies.
        ctx = Ctx(rules, "normal")
        if ctx.schwein_ok and hand.count("DA") == rules["_copies"]:
            continue
        tr = [c for c in hand if ctx.is_trump(c)]
        if not tr or max(ctx.power(c, False) for c in tr) <= ctx.power(top, False):
            return True
    return False


def hochzeit_ok(rules, hand):
    """Both CQ; at six two or three (kleine / große Hochzeit, reading 29)."""
    return hand.count("CQ") >= 2


HOCHZEIT_FORMS = ["first_trick", "first_color_trick", "first_trump_trick", "named_card",
                  "first_pure_color_trick"]


def _with_form(rules, hand, base, contract="normal"):
    """The reservation as the hochzeit rule wants it: under `choice` (reading 38) one per
    form, with `form`; under named_card one per nameable card (reading 39)."""
    forms = HOCHZEIT_FORMS if rules["hochzeit"] == "choice" else [rules["hochzeit"]]
    out = []
    for f in forms:
        b = dict(base, form=f) if rules["hochzeit"] == "choice" else dict(base)
        if f == "named_card":
            out += [dict(b, card=c) for c in named_card_offer(rules, hand, contract)]
        else:
            out.append(b)
    return out


def allowed_reservations(rules, hand, seat):
    out = [{"seat": seat, "reserve": "gesund"}]
    if hochzeit_ok(rules, hand):
        out += _with_form(rules, hand, {"seat": seat, "reserve": "hochzeit"})
    for k in rules["solos"]:
        if rules["_seats"] != 6:
            out.append({"seat": seat, "reserve": "solo", "solo": k})
            continue
        for pflicht in (False, True):
            out.append({"seat": seat, "reserve": "solo", "solo": k, "size": "gross",
                        "pflicht": pflicht})
            base = {"seat": seat, "reserve": "solo", "solo": k, "size": "klein",
                    "pflicht": pflicht}
            # reading 28 / 38: the kleines Solo names its form and card like a Hochzeit
            out += _with_form(rules, hand, base, "solo:" + k)
    if rules["armut"] and normal_trump_count(rules, hand) <= 3:
        out.append({"seat": seat, "reserve": "armut"})
    if rules["schmeissen"] and schmeissen_ok(rules, hand):
        out.append({"seat": seat, "reserve": "schmeissen"})
    return out


def named_card_offer(rules, hand, contract="normal"):
    """Reading 39 (replacing reading 3): any card of the deck but a CQ that the holder
    does not hold in every copy (two, three at six; the one JO of a joker deck)."""
    copies = {}
    for c in deck(rules):
        copies[c] = copies.get(c, 0) + 1
    return [c for c in sorted(copies) if c != "CQ" and hand.count(c) < copies[c]]


def _multiset_eq(a, b):
    return sorted(a) == sorted(b)


def _multiset_sub(hand, cards):
    """hand minus cards, or None when cards is not contained in hand."""
    rest = list(hand)
    for c in cards:
        if c not in rest:
            return None
        rest.remove(c)
    return rest
