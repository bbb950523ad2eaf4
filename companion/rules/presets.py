"""Presets: every system of the catalogue (``shared/VARIANTS.md``) as a named rule set.

Each preset cites its seed and lists the points its seed left open, with what we decided.
The table options (section S: titles, deal, exchanges, scoring) live beside these in
``companion.table``; this module only fixes how the cards are played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.rules.errors import RuleSetError, UnknownPresetError
from companion.rules.options import split_setting
from companion.rules.ruleset import RuleSet, parse_option, with_brought
from companion.words import DEFAULT_LANG, Message, t

__all__ = ["PRESETS", "Preset", "get_preset", "ruleset_from", "split_setting"]

SEEDS = {
    "PAGAT": "000_a529291ef27ec701.txt",
    "PRES53": "001_eac5c91049f12c8a.txt",
    "WIKI": "002_b9b90edddf16e6aa.txt",
    "CONC": "003_1c8d797c51d4cdc8.txt",
    "TDC": "004_f2920cc71cff2dcf.txt",
}


@dataclass(frozen=True)
class Preset:
    """A system of the catalogue; its name is the message ``preset.<id>.name`` (domain
    ``options``)."""

    id: str
    seed: str  # short seed name, a key of SEEDS
    section: str  # where in the seed the system is described
    rules: RuleSet
    players: tuple[int, int]  # fewest and most players the seed allows
    open_points: tuple[str, ...] = field(default=())

    def name(self, lang: str = DEFAULT_LANG) -> str:
        return t(lang, f"preset.{self.id}.name")


def _preset(
    pid: str,
    seed: str,
    section: str,
    players: tuple[int, int],
    open_points: tuple[str, ...] = (),
    base: RuleSet | None = None,
    **options: Any,
) -> Preset:
    values = {**(base.option_values() if base else {}), **options}
    rules = RuleSet.trusted(values)  # tests/rules/test_presets_valid.py validates each one
    return Preset(pid, seed, section, rules, players, open_points)


_PAGAT = _preset(
    "pagat",
    "PAGAT",
    "Le jeu de base",
    (4, 7),
    open_points=(
        "First hand: the player left of the dealer leads (P5a); later hands the Président "
        "leads, as the seed's basic game says.",
        "A player who has gone out is skipped; if he won the trick, the next player in "
        "rotation leads (seed: 'le tour passe au joueur suivant').",
    ),
    deck="52",
    jokers=0,
    rank_order="two_high",
    trick_rounds="until_all_pass",
    first_lead="president",
    first_hand_lead="left_of_dealer",
    lead_after_out="next_left",
)

_WIKI = _preset(
    "trou-du-cul",
    "WIKI",
    "Déroulement d'une partie",
    (3, 8),
    open_points=(
        "Jokers rank just above the 2s with no special power ('le cas échéant, Joker').",
        "The seed says passing players 'ont successivement passé': a pass does not bar.",
        "Later hands follow the first: the player after the dealer (the Trou du cul) leads.",
        "Finishing on a 2 is refused (the base text says 'interdit'); the harsher "
        "'Trou du cul par défaut' penalty is the option forbidden_finish_penalty=last_place.",
        "The 32/30-card decks with order 8…A 7 are options (deck=32 rank_order=seven_high).",
        "« Le joueur pose de une à quatre cartes de même valeur »: sets of one to four cards "
        "(max_set=4), also with two decks.",
        "« atout » is the option twos=atout: a lone 2 beats any combination and n−1 twos beat "
        "n cards; « Le joueur l'ayant placé récupère la main et relance un nouveau tour de "
        "cartes »: the player of the 2s takes the trick at once, so no joker can top a lone 2 "
        "even with jokers in the pack.",
        "Coup d'État (coup_detat=true): the seed does not say when its five cards may be "
        "played; we allow them on one's turn, as a lead or on any play, and they take the "
        "trick at once. They are one combination, not a four of a kind: no revolution. The "
        "guillotine (four of a kind and two jokers) is played the same way; the evening "
        "re-ranks the hand.",
    ),
    deck="52",
    jokers=2,
    rank_order="two_high",
    trick_rounds="until_all_pass",
    first_lead="left_of_dealer",
    first_hand_lead="left_of_dealer",
    lead_after_out="next_right",
    forbidden_finish=frozenset({"2"}),
    forbidden_finish_penalty="illegal",
    max_set=4,
)

_TDC = _preset(
    "classique",
    "TDC",
    "Trou-du-cul classique, articles 1–4",
    (3, 6),
    open_points=(
        "Order 2 3 … A joker (the seed's 'Classique'); 3 … A 2 joker is rank_order=two_high.",
        "After a four of a kind beats a joker, a second joker may beat that four of a kind "
        "(the joker 'beats any combination'); a four of a kind beats only a lone joker.",
        "Self-overplay (Remarque 1): when everyone else has abandoned, the last player may "
        "play once more on his own cards. A play that does not beat his own starts the next "
        "trick; to lead something that would beat it he first says 'pass' (gathers the trick).",
        "When the winner has gone out, the highest-ranked remaining player leads "
        "('le joueur restant de plus haut grade'), ranks as they stood at the start of the hand.",
        "« une carte seule, ou bien une paire, un brelan ou un carré »: sets of one to four "
        "cards (max_set=4).",
    ),
    deck="52",
    jokers=2,
    rank_order="ace_high",
    joker_power="beat_all_but_quad",
    trick_rounds="until_all_pass",
    pass_is_final=True,
    self_overplay="once",
    first_lead="president",
    first_hand_lead="left_of_dealer",
    lead_after_out="highest_ranked",
    max_set=4,
)

PRESETS: dict[str, Preset] = {
    p.id: p
    for p in (
        _PAGAT,
        _preset(
            "president",
            "PRES53",
            "Règles du président",
            (4, 4),
            open_points=(
                "The seed describes one round after the lead ('Le vice-président, puis le "
                "président font de même. Le joueur ayant posé la plus forte combinaison "
                "remporte le pli'): trick_rounds=one_round.",
                "A lone joker on any combination wins the trick at once (it cannot be beaten: "
                "there is one joker).",
                "« en posant de une à quatre cartes »: a four of a kind is the largest "
                "combination (max_set=4).",
            ),
            deck="52",
            jokers=1,
            rank_order="two_high",
            joker_power="beat_all",
            trick_rounds="one_round",
            max_set=4,
            first_lead="scum",
            first_hand_lead="left_of_dealer",
            lead_after_out="next_left",
        ),
        _WIKI,
        _preset(
            "concierge",
            "CONC",
            "Le Concierge",
            (3, 6),
            open_points=(
                "Two Fous for the whole pack, with one or two decks (jokers=2 jokers_per=pack).",
                "A 2 played on a pair stands for a pair of 2s: only a Fou beats it then.",
                "A player must beat if he can ('Le vice-président doit battre… Quand un joueur "
                "ne peut battre…, il passe'): must_beat=true.",
                "The seed does not say who leads when the winner has gone out: the next player "
                "to the left.",
                "Continuous play and ranked suits are the options trick_rounds=until_all_pass "
                "and suits=ranked.",
                "At five or six players « Le jeu se joue essentiellement comme le Concierge à "
                "trois ou quatre joueurs », where a player leads a single card, a pair, three "
                "or four of a kind: two decks do not make sets of five to eight (max_set=4), "
                "and one fewer 2 beats only those sets.",
            ),
            deck="52",
            jokers=2,
            jokers_per="pack",
            decks="auto",
            two_decks_from=5,
            joker_order="white_high",
            joker_power="beat_all",
            twos="one_fewer",
            rank_order="two_high",
            trick_rounds="one_round",
            must_beat=True,
            max_set=4,
            first_lead="president",
            first_hand_lead="left_of_dealer",
            lead_after_out="next_left",
        ),
        _TDC,
        _preset(
            "armix",
            "TDC",
            "Article 5 : le Trou-du-cul d'Armix",
            (3, 6),
            open_points=(
                "One round per trick, so a player never plays on his own card.",
                "Must play if able: a pass is refused when the player's hand (if known) holds "
                "a card that beats.",
            ),
            base=_TDC.rules,
            single_cards_only=True,
            trick_rounds="one_round",
            must_beat=True,
            self_overplay="never",
        ),
        _preset(
            "klootzakken",
            "PAGAT",
            "Paquet de 40 cartes (Klootzakken)",
            (4, 7),
            open_points=(
                "Tricks pile up on the table rather than being set aside: no effect on play.",
                "The loser (Klootzak) leads the next hand.",
            ),
            base=_PAGAT.rules,
            deck="40",
            rank_order="three_high",
            first_lead="scum",
        ),
        _preset(
            "hubere",
            "PAGAT",
            "Jokers, Twos et Threes Wild; Hűbéres",
            (4, 7),
            open_points=(
                "Two jokers per deck; jokers, 2s and 3s are wild. A set of only wild cards "
                "ranks above every natural set, and such sets are equal to each other.",
                "A natural set and the same rank with wild cards are equal (the seed is "
                "silent): neither beats the other.",
            ),
            base=_PAGAT.rules,
            jokers=2,
            wild_cards=frozenset({"joker", "2", "3"}),
            wild_alone="highest",
            wild_vs_natural="equal",
        ),
        _preset(
            "butthead",
            "PAGAT",
            "Échange de cartes (Butthead)",
            (4, 7),
            open_points=("Play as in PAGAT's basic game; only the exchanges differ.",),
            base=_PAGAT.rules,
        ),
        _preset(
            "strutz",
            "WIKI",
            "Le Strutz",
            (3, 10),
            open_points=(
                "Two jokers for the whole pack, even with two decks (the seed: 'Un ou deux "
                "jokers'), wild, never above the Ace: a lone joker counts as an Ace.",
                "A play of 9s (any number) inverts the order once, until the trick ends, and "
                "lets every player who passed come back in.",
                "A play of 8s reverses the direction when it holds an odd number of 8s "
                "('Une paire de 8 n'a aucun effet').",
                "A play of 10s wins the trick at once; 7s skip one player per 7.",
            ),
            deck="52",
            jokers=2,
            jokers_per="pack",
            decks="auto",
            two_decks_from=6,
            rank_order="ace_high",
            wild_cards=frozenset({"joker"}),
            wild_alone="top_natural",
            trick_rounds="until_all_pass",
            pass_is_final=True,
            card_effects="strutz",
            first_lead="scum",
            first_hand_lead="left_of_dealer",
            lead_after_out="next_left",
        ),
        _preset(
            "angevin",
            "WIKI",
            "Le trou du cul angevin",
            (3, 8),
            open_points=(
                "After a 7 the next player may play any rank (same number of cards).",
                "A play of aces ends the trick at once.",
                "Finishing on an ace is allowed but makes the player Trou du cul (the first to "
                "do so is last, the next just above).",
                "Passing does not bar a player from the trick (the seed does not say it does).",
            ),
            base=_WIKI.rules,
            jokers=0,
            rank_order="ace_high",
            card_effects="angevin",
            equal_play="skips_next",
            self_overplay="once",
            revolution="quad",
            forbidden_finish=frozenset({"A"}),
            forbidden_finish_penalty="last_place",
        ),
        _preset(
            "wizz",
            "WIKI",
            "Le Wizz",
            (3, 8),
            open_points=(
                "More cards beat fewer when of the same or a higher rank; a same-rank play "
                "'wizzes' one player plus one per extra card.",
                "The other base rules of the article apply (finishing on a 2 is refused).",
            ),
            base=_WIKI.rules,
            jokers=0,
            larger_sets="higher_rank",
            equal_play="skips_next",
            revolution="quad",
        ),
    )
}


def get_preset(pid: str) -> Preset:
    try:
        return PRESETS[pid.strip().lower()]
    except KeyError:
        known = ", ".join(PRESETS)
        raise UnknownPresetError(
            Message.of("preset.unknown", preset=pid, known=known), preset=pid
        ) from None


def ruleset_from(pid: str, settings: list[str] | None = None) -> RuleSet:
    """The preset's rule set with ``NAME=VALUE`` changes applied (the command line's
    ``--set``). Raises RuleSetError naming the bad option."""
    rules = get_preset(pid).rules
    changes: dict[str, Any] = {}
    for item in settings or []:
        key, val = parse_option(*split_setting(item))
        changes[key] = val
    if not changes:
        return rules
    result = rules.with_options(**changes)
    for part, value in with_brought(changes).items():
        if part in changes:
            continue
        try:
            result = result.with_options(**{part: value})
        except RuleSetError:
            # A part these rules cannot hold (transparent 3s without 3s, a high-and-low 2
            # that is wild…) is not brought: every ruling names it as turned off.
            continue
    return result
