"""The `companion judge` contract (issue §6), exactly as written, through a subprocess.

```
companion judge --rules PRESET [--set NAME=VALUE]... --players NAME,NAME,...
                [--ranks NAME,NAME,...] [--history "NAME: PLAY"]... [--hand "NAME: CARDS"]...
                [--revolution] [--lang fr|en] --play "NAME: PLAY"
```
Output: one JSON object {"legal", "code", "message", "next", "to_beat", "reason", "source",
"option"}; exit 0 when legal, 1 when illegal, 2 when the input is malformed or a history item
is itself illegal (stderr names the item and why).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass

import pytest

import companion.rules.codes as codes

DOCUMENTED = {*re.findall(r"^``([a-z-]+)``", codes.__doc__ or "", re.M), "ok"}
KEYS = {"legal", "code", "message", "next", "to_beat", "reason", "source", "option"}


@dataclass
class Result:
    rc: int
    out: dict | None
    stdout: str
    stderr: str


def judge(
    rules,
    players,
    play,
    *,
    history=(),
    hands=(),
    sets=(),
    ranks=None,
    revolution=False,
    lang=None,
    extra=(),
):
    """Run `companion judge` in a fresh interpreter."""
    args = [sys.executable, "-m", "companion.cli", "judge", "--rules", rules, "--players", players]
    for s in sets:
        args += ["--set", s]
    if ranks:
        args += ["--ranks", ranks]
    for h in history:
        args += ["--history", h]
    for h in hands:
        args += ["--hand", h]
    if revolution:
        args.append("--revolution")
    if lang:
        args += ["--lang", lang]
    args += [*extra, "--play", play]
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    proc = subprocess.run(
        args, capture_output=True, text=True, encoding="utf-8", env=env, timeout=60, check=False
    )
    out = None
    if proc.returncode in (0, 1):
        out = json.loads(proc.stdout)
    return Result(proc.returncode, out, proc.stdout, proc.stderr)


def ruled(result, *, legal, code, next, to_beat):
    """Check a ruling printed by `judge`: the contract's shape and the expected values."""
    assert result.rc == (0 if legal else 1), (result.rc, result.stdout, result.stderr)
    assert result.stdout.count("\n") == 1 and result.stdout.endswith("\n"), result.stdout
    out = result.out
    assert isinstance(out, dict) and set(out) == KEYS, out
    assert out["legal"] is legal
    assert out["code"] == code and out["code"] in DOCUMENTED, out
    assert isinstance(out["message"], str) and out["message"].strip()
    assert out["next"] == next, out
    assert out["to_beat"] == to_beat, out
    assert "Traceback" not in result.stderr
    return out


def malformed(result, *needles):
    """Exit 2, nothing on stdout, one clear line on stderr naming the culprit."""
    assert result.rc == 2, (result.rc, result.stdout, result.stderr)
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    for needle in needles:
        assert needle in lines[0], (needle, lines[0])
    return lines[0]


# === the headline disputes of the issue ==========================================================


def test_you_cant_play_a_single_two_on_my_pair():
    """Issue: "you can't play a single 2 on my pair" — PAGAT: « Un ensemble de cartes ne peut
    être battu que par un ensemble supérieur contenant le même nombre de cartes »."""
    r = judge("pagat", "Léa,Tom,Zoé,Max", "Tom: 2", history=["Léa: 7 7"])
    ruled(r, legal=False, code="count-mismatch", next="Tom", to_beat="7 7")


def test_you_passed_you_cant_come_back():
    """Issue: "you passed, you can't come back" — TDC: « Ce faisant, il n'a pas le droit de
    rejouer au tour suivant. Il abandonne donc la tournée. »"""
    r = judge(
        "classique",
        "Léa,Tom,Zoé,Max",
        "Tom: 10",
        history=["Léa: 7", "Tom: pass", "Zoé: 9", "Max: pass"],
    )
    out = ruled(r, legal=False, code="already-passed", next="Léa", to_beat="9")
    assert "Trou-du-cul classique" in out["message"]
    assert "abandonne" in out["message"] or "passe" in out["message"]


def test_a_quad_on_a_joker_wins():
    """Issue: "a quad on a joker wins" — TDC: « Cependant, un carré posé sur un joker
    l'emporte. »"""
    r = judge("classique", "Léa,Tom,Zoé,Max", "Tom: 5 5 5 5", history=["Léa: JK"])
    ruled(r, legal=True, code="ok", next="Zoé", to_beat="5 5 5 5")


def test_but_a_triple_on_a_joker_does_not():
    """TDC: only a quad beats a joker: three aces on a joker are refused (`joker-unbeatable`), and
    the same player must still act."""
    r = judge("classique", "Léa,Tom,Zoé,Max", "Tom: A A A", history=["Léa: JK"])
    ruled(r, legal=False, code="joker-unbeatable", next="Tom", to_beat="JK")


# === output and exit status ======================================================================


def test_legal_play_exits_0_with_one_json_object():
    """A legal play exits 0 and prints one line: a JSON object with the contract's keys, code `ok`,
    who acts next and what he must beat."""
    r = judge("pagat", "A,B,C,D", "B: 9", history=["A: 7"])
    ruled(r, legal=True, code="ok", next="C", to_beat="9")


def test_a_lead_with_no_history():
    """The first action is a lead: nothing to beat before it, the next must beat it."""
    r = judge("pagat", "A,B,C,D", "A: 4 4")
    ruled(r, legal=True, code="ok", next="B", to_beat="4 4")


def test_next_is_who_must_act_now_when_illegal():
    """`next` is who must act after the proposed play when it is legal, otherwise who must act
    now."""
    r = judge("pagat", "A,B,C,D", "C: 9", history=["A: 7"])
    ruled(r, legal=False, code="not-your-turn", next="B", to_beat="7")


def test_to_beat_is_null_when_the_next_player_leads():
    """`to_beat` is null when the next player leads: here everyone else passed A's 7, so A leads
    anew."""
    r = judge("pagat", "A,B,C,D", "D: pass", history=["A: 7", "B: pass", "C: pass"])
    ruled(r, legal=True, code="ok", next="A", to_beat=None)


def test_to_beat_is_canonical_notation():
    """`to_beat` is written in the canonical notation, not as typed: the French `r r` comes back as
    `K K`."""
    r = judge("pagat", "A,B,C,D", "B: r r", history=["A: th tS"])
    ruled(r, legal=True, code="ok", next="C", to_beat="K K")


def test_history_spans_several_tricks():
    """`--history`: several tricks may follow each other in it (PAGAT's example)."""
    history = [
        "A: 4 4",
        "B: pass",
        "C: pass",
        "D: 6 6",
        "E: 9 9",
        "A: J J",
        "B: pass",
        "C: pass",
        "D: pass",
        "E: K K",
        "A: pass",
        "B: pass",
        "C: A A",
        "D: pass",
        "E: pass",
        "A: pass",
        "B: pass",
        "C: 5",
    ]
    r = judge("pagat", "A,B,C,D,E", "D: 3", history=history)
    ruled(r, legal=False, code="too-low", next="D", to_beat="5")
    r = judge("pagat", "A,B,C,D,E", "D: 6", history=history)
    ruled(r, legal=True, code="ok", next="E", to_beat="6")


def test_lang_en_gives_english():
    """`--lang en` gives the message in English, with the same code, next player and play to beat as
    the default French ruling."""
    args = dict(history=["Léa: 7", "Tom: pass", "Zoé: 9", "Max: pass"])
    fr = judge("classique", "Léa,Tom,Zoé,Max", "Tom: 10", **args)
    en = judge("classique", "Léa,Tom,Zoé,Max", "Tom: 10", lang="en", **args)
    default = ruled(fr, legal=False, code="already-passed", next="Léa", to_beat="9")
    english = ruled(en, legal=False, code="already-passed", next="Léa", to_beat="9")
    assert english["message"] != default["message"]
    assert re.search(r"\b(passe[sd]?|trick|cannot)\b", english["message"]), english
    assert "tournée" in default["message"] or "passe" in default["message"]


def test_lang_fr_is_explicit_and_default():
    """French is the default: `--lang fr` prints the same ruling as no `--lang`."""
    fr = judge("pagat", "A,B", "B: 2", history=["A: 7 7"], lang="fr")
    default = judge("pagat", "A,B", "B: 2", history=["A: 7 7"])
    assert fr.out == default.out


def test_message_names_the_system():
    """Issue §5: the explanation names the rule and the system it comes from."""
    r = judge("concierge", "A,B,C,D", "B: 2", history=["A: 4 4 4"])
    out = ruled(r, legal=False, code="count-mismatch", next="B", to_beat="4 4 4")
    assert "Concierge" in out["message"]


# === --hand ======================================================================================


def test_hand_empty_means_out():
    """`--hand "NAME:"` (nothing after the colon) means that player has gone out."""
    r = judge("pagat", "A,B,C,D", "C: 9", history=["A: 7"], hands=["B:"])
    ruled(r, legal=True, code="ok", next="D", to_beat="9")
    r = judge("pagat", "A,B,C,D", "B: 9", history=["A: 7"], hands=["B:"])
    ruled(r, legal=False, code="already-out", next="C", to_beat="7")


def test_hand_drives_must_play():
    """TDC Armix: « Un joueur doit jouer s'il le peut »: with the hand known, a pass while
    holding a higher card is refused; without it, allowed."""
    r = judge("armix", "S,L,TC,P", "L: pass", history=["S: 8"], hands=["L: 3♣ 9♥"])
    ruled(r, legal=False, code="must-play", next="L", to_beat="8")
    r = judge("armix", "S,L,TC,P", "L: pass", history=["S: 8"], hands=["L: 3♣ 4♥"])
    ruled(r, legal=True, code="ok", next="TC", to_beat="8")
    r = judge("armix", "S,L,TC,P", "L: pass", history=["S: 8"])
    ruled(r, legal=True, code="ok", next="TC", to_beat="8")


def test_hand_drives_forbidden_finish():
    """WIKI: « Il est interdit pour un joueur de finir par la carte « deux ». » — only when
    the hand shows it is the last card."""
    r = judge("trou-du-cul", "A,B,C,D", "B: 2", history=["A: 9"], hands=["B: 2♠"])
    ruled(r, legal=False, code="forbidden-finish", next="B", to_beat="9")
    r = judge("trou-du-cul", "A,B,C,D", "B: 2", history=["A: 9"], hands=["B: 2♠ 5♥"])
    ruled(r, legal=True, code="ok", next="C", to_beat="2")
    r = judge("trou-du-cul", "A,B,C,D", "B: 2", history=["A: 9"])
    ruled(r, legal=True, code="ok", next="C", to_beat="2")


def test_hand_is_the_cards_held_now():
    """`--hand`: the cards a player holds now, before the proposed play; what he played in
    the history is no longer in it."""
    history = ["A: 5", "B: pass", "C: pass", "D: pass"]
    r = judge("pagat", "A,B,C,D", "A: 5", history=history, hands=["A: 5♥ 8♣"])
    ruled(r, legal=True, code="ok", next="B", to_beat="5")
    r = judge("pagat", "A,B,C,D", "A: 9", history=history, hands=["A: 5♥ 8♣"])
    ruled(r, legal=False, code="not-in-hand", next="A", to_beat=None)
    r = judge("pagat", "A,B,C,D", "A: 5 5", history=history, hands=["A: 5♥ 8♣"])
    ruled(r, legal=False, code="not-in-hand", next="A", to_beat=None)


def test_tdc_fin_de_session_exemple_1_on_the_command_line():
    """TDC Exemple 1: P jette sa dernière carte (un 10); S joue un Roi; L As; TC abandonne;
    S abandonne; L prend la main."""
    r = judge(
        "classique",
        "S,L,TC,P",
        "S: pass",
        ranks="P,S,L,TC",
        history=["P: 10", "S: R", "L: A", "TC: pass"],
        hands=["P:"],
    )
    assert r.rc == 0 and set(r.out) == KEYS
    assert r.out["legal"] is True and r.out["code"] == "ok"
    assert r.out["next"] == "L"
    # L may lead anew or, once, play on his own ace (TDC Remarque 1)
    assert r.out["to_beat"] in (None, "A")
    r = judge(
        "classique",
        "S,L,TC,P",
        "TC: 3",
        ranks="P,S,L,TC",
        history=["P: 10", "S: R", "L: A", "TC: pass", "S: pass"],
        hands=["P:"],
    )
    ruled(r, legal=False, code="already-passed", next="L", to_beat=r.out["to_beat"])


# === --ranks =====================================================================================


def test_ranks_decide_who_leads_after_the_winner_went_out():
    """TDC Exemple 2: L jette sa dernière carte; TC, P, S abandonnent; « c'est le joueur
    restant de plus haut "grade" qui prend la main » — P with ranks P,S,L,TC; S with ranks
    S,P,L,TC."""
    history = ["L: 8", "TC: pass", "P: pass", "S: pass"]
    r = judge("classique", "S,L,TC,P", "P: 3", ranks="P,S,L,TC", history=history, hands=["L:"])
    ruled(r, legal=True, code="ok", next="S", to_beat="3")
    r = judge("classique", "S,L,TC,P", "P: 3", ranks="S,P,L,TC", history=history, hands=["L:"])
    ruled(r, legal=False, code="trick-over", next="S", to_beat=None)


def test_ranks_default_to_the_players_order():
    """`--ranks` default: the `--players` order (S first here)."""
    history = ["L: 8", "TC: pass", "P: pass", "S: pass"]
    r = judge("classique", "S,L,TC,P", "S: 3", history=history, hands=["L:"])
    ruled(r, legal=True, code="ok", next="TC", to_beat="3")  # L is out


# === --revolution ================================================================================


def test_revolution_starts_reversed():
    """`--revolution`: the card order is already reversed when the history starts (WIKI: « Le
    3 devient la meilleure carte et le 2 la moins bonne »)."""
    base = dict(history=["A: 9"], sets=["revolution=quad"])
    r = judge("pagat", "A,B,C,D", "B: 5", revolution=True, **base)
    ruled(r, legal=True, code="ok", next="C", to_beat="5")
    r = judge("pagat", "A,B,C,D", "B: 10", revolution=True, **base)
    ruled(r, legal=False, code="too-low", next="B", to_beat="9")
    r = judge("pagat", "A,B,C,D", "B: 10", **base)
    ruled(r, legal=True, code="ok", next="C", to_beat="10")


def test_revolution_in_the_history():
    """WIKI « La révolution »: « Si un joueur pose un carré, il y a révolution et la valeur
    des cartes est inversée »: a four of a kind in the history reverses the order."""
    history = ["A: 6 6 6 6", "B: pass", "C: pass", "D: pass", "A: 9"]
    r = judge("pagat", "A,B,C,D", "B: 10", history=history, sets=["revolution=quad"])
    ruled(r, legal=False, code="too-low", next="B", to_beat="9")
    r = judge("pagat", "A,B,C,D", "B: 8", history=history, sets=["revolution=quad"])
    ruled(r, legal=True, code="ok", next="C", to_beat="8")


# === --set =======================================================================================


def test_set_changes_a_rule():
    """`--set NAME=VALUE` changes one of the preset's rules: with `equal_play=allowed` a pair may be
    played on an equal pair, which PAGAT otherwise refuses (`equal-forbidden`)."""
    r = judge("pagat", "A,B,C,D", "B: 7 7", history=["A: 7 7"], sets=["equal_play=allowed"])
    ruled(r, legal=True, code="ok", next="C", to_beat="7 7")
    r = judge("pagat", "A,B,C,D", "B: 7 7", history=["A: 7 7"])
    ruled(r, legal=False, code="equal-forbidden", next="B", to_beat="7 7")


def test_set_one_round():
    """PAGAT « Jeu à un seul tour »: after E's 9 9 the round is over and E leads."""
    r = judge(
        "pagat",
        "A,B,C,D,E",
        "A: J J",
        sets=["trick_rounds=one_round"],
        history=["A: 4 4", "B: pass", "C: pass", "D: 6 6", "E: 9 9"],
    )
    ruled(r, legal=False, code="trick-over", next="E", to_beat=None)


def test_set_jokers_power():
    """`--set jokers=beat_all` (B5, named `jokers` in VARIANTS.md like D2)."""
    r = judge("trou-du-cul", "A,B,C,D", "B: JK", history=["A: 9 9"], sets=["jokers=beat_all"])
    assert r.rc == 0 and r.out["legal"] is True
    r = judge("trou-du-cul", "A,B,C,D", "B: JK", history=["A: 9 9"])
    ruled(r, legal=False, code="count-mismatch", next="B", to_beat="9 9")


def test_set_deck_32():
    """`--set deck=32 --set rank_order=seven_high` (WIKI: « 8, 9, 10, Valet, Dame, Roi, As,
    7 »)."""
    r = judge(
        "trou-du-cul",
        "A,B,C,D",
        "B: 7",
        history=["A: A"],
        sets=["deck=32", "rank_order=seven_high", "jokers=0"],
    )
    ruled(r, legal=True, code="ok", next="C", to_beat="7")


# === malformed input: exit 2 =====================================================================


def test_unknown_preset():
    """An unknown preset is malformed input (exit 2); the line names it and lists the known
    presets."""
    line = malformed(judge("belote", "A,B", "A: 5"), "belote")
    assert "classique" in line


def test_bad_card_in_the_play():
    """A card that does not read in `--play` is malformed input (exit 2); the line names the
    card."""
    malformed(judge("pagat", "A,B", "A: 11"), "11")


def test_bad_card_in_the_history():
    """A card that does not read in a `--history` item is malformed input (exit 2); the line names
    the card."""
    malformed(judge("pagat", "A,B", "B: 5", history=["A: 4 Z"]), "Z")


def test_bad_card_in_a_hand():
    """A card that does not read in a `--hand` is malformed input (exit 2); the line names the
    card."""
    malformed(judge("pagat", "A,B", "A: 5", hands=["A: 5 XX"]), "XX")


def test_unknown_player_in_the_play():
    """A player in `--play` who is not in `--players` is malformed input (exit 2); the line names
    him."""
    malformed(judge("pagat", "A,B", "Zed: 5"), "Zed")


def test_unknown_player_in_the_history():
    """A player in a `--history` item who is not in `--players` is malformed input (exit 2); the
    line names him."""
    malformed(judge("pagat", "A,B", "B: 5", history=["Zed: 4"]), "Zed")


def test_unknown_player_in_a_hand():
    """A player in a `--hand` who is not in `--players` is malformed input (exit 2); the line names
    him."""
    malformed(judge("pagat", "A,B", "A: 5", hands=["Zed: 4"]), "Zed")


def test_play_without_a_name():
    """A `--play` without its `NAME:` is malformed input (exit 2); the line quotes the play
    given."""
    malformed(judge("pagat", "A,B", "5 5"), "5 5")


@pytest.mark.parametrize(
    ("setting", "needle"),
    [
        ("colour=blue", "colour"),
        ("equal_play=sometimes", "equal_play"),
        ("equal_play", "equal_play"),
        ("rule_of_four=follow", "rule_of_four"),  # clashes with equal_play=forbidden
    ],
)
def test_bad_set(setting, needle):
    """A `--set` with an unknown option, a bad value, no value, or a value that clashes with the
    preset's other rules is malformed input (exit 2); the line names the option."""
    malformed(judge("pagat", "A,B", "A: 5", sets=[setting]), needle)


def test_illegal_history_item_exits_2_naming_it():
    """Exit 2 when a history item is itself illegal; stderr names the item and why."""
    line = malformed(judge("pagat", "A,B,C", "C: 9", history=["A: 7", "B: 5"]), "B: 5")
    assert "2" in line  # its position in the history


def test_illegal_history_item_in_english():
    """With `--lang en` the line about an illegal history item is in English and still names the
    item."""
    line = malformed(judge("pagat", "A,B,C", "C: 9", history=["A: 7", "C: 9"], lang="en"), "C: 9")
    assert "History" in line or "history" in line


def test_malformed_input_message_in_english():
    """With `--lang en` a malformed-input line is in English (an unknown preset is said
    "Unknown")."""
    line = malformed(judge("belote", "A,B", "A: 5", lang="en"), "belote")
    assert "Unknown" in line or "unknown" in line


def test_ranks_must_rank_the_players():
    """`--ranks` must rank exactly the players of `--players`: one that leaves a player out is
    malformed input, and the line names `--ranks`."""
    malformed(judge("classique", "S,L,TC,P", "S: 5", ranks="P,S,L"), "--ranks")


def test_a_missing_play_is_a_usage_error():
    """`--play` is required: without it the command line is refused, exit 2, nothing on stdout and
    `--play` named on stderr, no traceback."""
    args = [sys.executable, "-m", "companion.cli", "judge", "--rules", "pagat", "--players", "A,B"]
    proc = subprocess.run(args, capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "--play" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_suit_needed_is_malformed_not_a_crash():
    """Ranked suits (CONC): between equal ranks the suit decides; a play without it cannot be
    judged and is refused as malformed input, with a clear line."""
    r = judge("concierge", "A,B,C,D", "B: 6", history=["A: 6♥"], sets=["suits=ranked"])
    assert r.rc == 2 and "Traceback" not in r.stderr and r.stderr.strip()
