"""Write docs/rules.md: per preset, the rules as the app applies them — every option the preset
sets away from the defaults (game and table), in French and English — with the points its
seed leaves open and what was decided, all read from the presets' data.

    python scripts/rules_doc.py            # rewrite docs/rules.md
    python scripts/rules_doc.py --check    # exit 1 when docs/rules.md is out of date

``tests/rules/test_seed_rules_doc.py`` regenerates the page and compares it with the file.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from pydantic import BaseModel

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.rules.presets import PRESETS, SEEDS, Preset
from companion.rules.ruleset import BRINGS, RuleSet
from companion.table.table_presets import TABLE_OPEN_POINTS, TABLE_PRESETS
from companion.table.table_rules import TableRules

sys.path.insert(0, str(Path(__file__).resolve().parent))
from open_points_fr import FRENCH

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "rules.md"
_DESCRIPTION = re.compile(
    r"^(?P<id>[A-Z]+\d+[a-z]?)\s*\((?P<seeds>.*?)\):\s*(?P<meaning>.*)$", re.S
)

# What each option is about, in French (the models' descriptions give the English).
LABELS_FR: dict[str, str] = {
    "deck": "cartes d'un paquet",
    "jokers": "jokers par paquet",
    "jokers_per": "les jokers se comptent par paquet ou pour tout le jeu",
    "decks": "nombre de paquets",
    "two_decks_from": "nombre de joueurs à partir duquel on prend deux paquets",
    "rank_order": "ordre des cartes",
    "joker_order": "ordre des deux jokers",
    "wild_cards": "cartes libres (qui remplacent n'importe quel rang)",
    "wild_alone": "cartes libres jouées seules",
    "wild_vs_natural": "combinaison naturelle contre combinaison avec cartes libres",
    "trick_rounds": "durée d'une tournée",
    "must_beat": "obligation de battre si on le peut",
    "pass_is_final": "qui passe abandonne la tournée",
    "self_overplay": "rejouer sur ses propres cartes",
    "first_lead": "qui entame la première tournée d'une donne",
    "first_hand_lead": "qui entame la toute première donne",
    "lead_after_out": "qui reprend la main quand le gagnant de la tournée est sorti",
    "single_cards_only": "une carte à la fois",
    "direction": "sens du jeu",
    "equal_play": "jouer une combinaison de même valeur",
    "larger_sets": "plus de cartes sur moins de cartes",
    "twos": "pouvoir des 2",
    "joker_power": "pouvoir des jokers",
    "special_high_cards": "cartes plus fortes que les 2",
    "transparent": "cartes transparentes",
    "suits": "rôle des couleurs",
    "revolution": "révolution",
    "rule_of_four": "règle des 4",
    "combinations": "combinaisons permises",
    "max_set": "nombre maximal de cartes d'une combinaison",
    "forbidden_finish": "cartes interdites pour finir",
    "forbidden_finish_penalty": "sanction d'une fin interdite",
    "card_effects": "effets des cartes",
    "speed_play": "jeu à la rapidité",
    "coup_detat": "coup d'État et guillotine",
    "titles": "titres",
    "first_roles": "attribution des premiers rôles",
    "draw_order": "ordre des cartes tirées",
    "seating": "places autour de la table",
    "direction_rule": "sens du jeu d'une donne",
    "dealer": "qui distribue",
    "deal": "distribution",
    "first_deal": "distribution de la première donne",
    "exchange": "cartes échangées par paire de rangs",
    "exchange_by_score": "échanges selon les points",
    "exchange_low": "ce que donne le joueur du bas",
    "exchange_high": "ce que rend le joueur du haut",
    "exchange_order": "qui donne le premier",
    "exchange_pairing": "qui échange avec qui",
    "merchants": "marchands",
    "veto": "veto",
    "discards": "défausses",
    "discard_shown": "carte défaussée montrée",
    "putsch": "putsch",
    "rich_man_falls": "l'homme riche tombe",
    "scoring": "points",
    "evening_rank": "classement de la soirée",
    "end": "fin de la soirée",
    "target": "score à atteindre",
    "hands": "nombre de donnes",
    "join_leave": "arrivées et départs entre les donnes",
    "faults": "fautes de procédure",
}


def _shown(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, frozenset):
        return ",".join(sorted(value)) or "none"
    if isinstance(value, tuple):
        if all(isinstance(v, tuple) for v in value):
            return "/".join(f"{a}:{b}" if a != b else str(a) for a, b in value) or "none"
        return ",".join(str(v) for v in value)
    return str(value)


def _meaning(model: type[BaseModel], name: str) -> tuple[str, str]:
    """The option's catalogue ID and its English meaning."""
    match = _DESCRIPTION.match(model.model_fields[name].description or "")
    assert match, name
    return match["id"], " ".join(match["meaning"].split())


def _rows(values: BaseModel, model: type[BaseModel]) -> list[str]:
    default = model.model_construct()
    rows = []
    for name in model.model_fields:
        value = getattr(values, name)
        if value == getattr(default, name):
            continue
        oid, meaning = _meaning(model, name)
        rows.append(f"| `{name}` | {oid} | `{_shown(value)}` | {LABELS_FR[name]} | {meaning} |")
    return rows


def _table(title: str, values: BaseModel, model: type[BaseModel]) -> list[str]:
    rows = _rows(values, model)
    head = [
        f"#### {title}",
        "",
        "| option | ID | valeur / value | en français | in English |",
        "|---|---|---|---|---|",
    ]
    if not rows:
        return [*head[:2], "Toutes par défaut. / All at their defaults.", ""]
    return [*head, *rows, ""]


def _preset(p: Preset) -> list[str]:
    table = TABLE_PRESETS[p.id]
    low, high = p.players
    players = f"{low}–{high}" if low != high else str(low)
    lines = [
        f"## `{p.id}` — {p.name_fr} / {p.name_en}",
        "",
        f"- Source / seed : {p.seed} (`{SEEDS[p.seed]}`), « {p.section} »",
        f"- Joueurs / players : {players}",
        "",
        *_table("Jeu / play (D, P, B, S8)", p.rules, RuleSet),
        *_table("Table (S)", table, TableRules),
        "#### Points ouverts et décisions / open points and decisions",
        "",
    ]
    for point in (*p.open_points, *TABLE_OPEN_POINTS[p.id]):
        lines.append(f"- {' '.join(FRENCH[point].split())}")
        lines.append(f"  / {' '.join(point.split())}")
    return [*lines, ""]


def _brings() -> list[str]:
    lines = [
        "## Ce qu'une option apporte / what an option brings",
        "",
        "Réglée par `--set`, l'option apporte ces valeurs sauf si la table en dit autrement ; "
        "chaque décision nomme alors la partie désactivée. / Set with `--set`, the option "
        "brings these values unless the table says otherwise; every ruling then names the "
        "part turned off.",
        "",
    ]
    for (name, value), parts in BRINGS.items():
        brought = ", ".join(f"`{k}={_shown(v)}`" for k, v in parts.items())
        lines.append(f"- `{name}={value}` → {brought}")
    return [*lines, ""]


def render() -> str:
    lines = [
        "# Les règles appliquées / The rules as the app applies them",
        "",
        "Généré par `python scripts/rules_doc.py` à partir des préréglages (ne pas modifier à la "
        "main). / Generated by `python scripts/rules_doc.py` from the presets (do not edit by "
        "hand).",
        "",
        "Pour chaque préréglage : les options qu'il fixe autrement que par défaut (les autres "
        "sont à leur valeur par défaut, voir `docs/options.md`), puis les points que sa source "
        "laisse ouverts et ce qui a été décidé, en français puis en anglais. / For each preset: "
        "the options it sets away from their defaults (the others keep their defaults, see "
        "`docs/options.md`), then the points its seed leaves open and what was decided, in "
        "French then English.",
        "",
        "Les options de jeu valent par défaut le jeu de base de PAGAT. / The game options "
        "default to PAGAT's basic game.",
        "",
        "## Qui gagne la soirée / who wins the evening",
        "",
        "L'option `evening_rank` dit qui mène la soirée et monte sur la plus haute marche du "
        "podium ; la feuille de score et le podium la nomment. Avec des points, c'est le plus "
        "de points (PRES53 : « c'est évidemment le joueur qui a le plus de points qui gagne ») ; "
        "sans points, l'ordre de la dernière donne (PRES53 : « l'objectif de monter dans la "
        "hiérarchie sociale se suffisant à lui-même » ; TDC : « le joueur qui finit en 1er "
        "devient Président »). Une table peut choisir la meilleure place moyenne ou le plus de "
        "fois Président ; les égalités se départagent par l'ordre de la dernière donne. / The "
        "`evening_rank` option says who leads the evening and tops its podium; the score "
        "sheet and the podium name it. With points, the most points (PRES53); without points, "
        "the last hand's order (PRES53: climbing the social ladder is its own reward; TDC: "
        "whoever finishes first becomes Président). A table may choose the best average place "
        "or the most times Président; ties go by the last hand's order.",
        "",
        *_brings(),
    ]
    for preset in PRESETS.values():
        lines += _preset(preset)
    return "\n".join(lines).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="exit 1 if the page is stale")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        current = OUT.read_text("utf-8") if OUT.exists() else ""
        if current != text:
            print("docs/rules.md is out of date: run python scripts/rules_doc.py")
            return 1
        return 0
    OUT.write_text(text, "utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
