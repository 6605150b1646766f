"""Helpers of the reference tests: hand-checked deals and their plays, shared by the worked
examples."""

from __future__ import annotations

# Deal E: seat 0 holds both CQ (Hochzeit or stille Hochzeit).
E = [
    "D9 CA SA H9 CQ CQ HT SQ SQ HQ HQ DQ".split(),
    "DK CK DJ H9 DQ CJ CJ SJ SJ HJ HJ DJ".split(),
    "DT C9 S9 HA DA DA DT DK D9 CA CT CT".split(),
    "HT C9 SK HK CK SA ST ST SK S9 HA HK".split(),
]


# Its play. Trick winners and Augen (A 11, T 10, K 4, Q 3, J 2, 9 0):
#  T1  seat 3 (HT is the only Dulle)           0+4+10+10 = 24   trump led
#  T2  seat 0 (CA, all follow clubs)           0+11+4+0  = 15   colour, no trump
#  T3  seat 1 (DJ, void in spades, trumps)     11+2+0+4  = 17   colour, trumped
#  T4  seat 2 (HA, all follow hearts)          0+11+4+0  = 15   colour, no trump
#  T5  seat 0 (HT)                             0+4+10+2  = 16
#  T6  seat 0 (CQ)  3+2+4+0 = 9     T7  seat 0 (CQ)  3+2+10+4 = 19
#  T8  seat 0 (SQ)  3+2+11+10 = 26  T9  seat 0 (SQ)  26      (seat 2's DA, a Fuchs, each)
#  T10 seat 0 (HQ)  3+2+11+11 = 27  T11 seat 0 (HQ)  3+2+10+11 = 26
#  T12 seat 0 (first DQ) 3+3+10+4 = 20
# Seat 0: 15 + 16+9+19+26+26+27+26+20 = 184 in 9 tricks; seat 1: 17; seat 2: 15;
# seat 3: 24 (one trick each); 184+17+15+24 = 240.
E_PLAY = """
0:D9 1:DK 2:DT 3:HT | 3:C9 0:CA 1:CK 2:C9 | 0:SA 1:DJ 2:S9 3:SK | 1:H9 2:HA 3:HK 0:H9 |
2:D9 3:CK 0:HT 1:DJ | 0:CQ 1:CJ 2:DK 3:S9 | 0:CQ 1:CJ 2:DT 3:SK | 0:SQ 1:SJ 2:DA 3:ST |
0:SQ 1:SJ 2:DA 3:ST | 0:HQ 1:HJ 2:CA 3:SA | 0:HQ 1:HJ 2:CT 3:HA | 0:DQ 1:DQ 2:CT 3:HK
"""


# Deal F: deal E with seat 0's second CQ swapped for seat 1's DQ: a normal game,
# Re = seats 0 and 1 (one CQ each). Seat 3 (only trump HT) may announce Armut.
F = [
    "D9 CA SA H9 CQ DQ HT SQ SQ HQ HQ DQ".split(),
    "DK CK DJ H9 CQ CJ CJ SJ SJ HJ HJ DJ".split(),
    E[2],
    E[3],
]


# Same play as E except T7 (seat 0 leads DQ, still above CJ) and T12 (seat 1's CQ
# beats seat 0's DQ). Seat 0: 15+16+9+19+26+26+27+26 = 164 (8 tricks), seat 1:
# 17+20 = 37 (2 tricks), seat 2: 15, seat 3: 24. Re (0, 1) 201 in 10 tricks,
# Kontra (2, 3) 39 in 2 tricks. Seat 0 catches both of seat 2's Füchse (T8, T9).
F_PLAY = E_PLAY.replace("0:CQ 1:CJ 2:DT", "0:DQ 1:CJ 2:DT").replace(
    "0:DQ 1:DQ 2:CT 3:HK", "0:DQ 1:CQ 2:CT 3:HK")


# Deal G: seat 0 holds the twelve best trumps, seat 3 no trump at all.
G = [
    "HT HT CQ CQ SQ SQ HQ HQ DQ DQ CJ CJ".split(),
    "SJ SJ HJ HJ DJ DJ DA DA DT DT DK DK".split(),
    "D9 D9 CA CA CT CT CK CK C9 C9 SA SA".split(),
    "ST ST SK SK S9 S9 HA HA HK HK H9 H9".split(),
]


# Seat 0 leads trump twelve times and wins every trick (240 Augen, schwarz):
#  T1, T2 HT DA D9 HA = 32 each (seat 1's Füchse); T3, T4 CQ DT CA ST = 34;
#  T5, T6 SQ DK CT SK = 21; T7, T8 HQ SJ CK S9 = 9; T9, T10 DQ HJ C9 HK = 9;
#  T11, T12 CJ DJ SA H9 = 15 (the last trick is won by a CJ: Karlchen).
G_PLAY = " | ".join(f"0:{a} 1:{b} 2:{c} 3:{d}" for a, b, c, d in [
    ("HT", "DA", "D9", "HA"), ("HT", "DA", "D9", "HA"), ("CQ", "DT", "CA", "ST"),
    ("CQ", "DT", "CA", "ST"), ("SQ", "DK", "CT", "SK"), ("SQ", "DK", "CT", "SK"),
    ("HQ", "SJ", "CK", "S9"), ("HQ", "SJ", "CK", "S9"), ("DQ", "HJ", "C9", "HK"),
    ("DQ", "HJ", "C9", "HK"), ("CJ", "DJ", "SA", "H9"), ("CJ", "DJ", "SA", "H9")])


def plays(text):
    out = []
    for tok in text.replace("|", " ").split():
        seat, card = tok.split(":")
        out.append({"seat": int(seat), "play": card})
    return out


def gesund(*seats):
    return [{"seat": s, "reserve": "gesund"} for s in seats]
