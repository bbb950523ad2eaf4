"""The end-of-evening summary in words, to paste into a group chat (French or English), and
the phrases the shared image uses too.

Times are shown in ``tz`` (the server's local zone by default: the machine on the table)."""

from __future__ import annotations

import importlib.util
from datetime import datetime, tzinfo

from companion.errors import CompanionError
from companion.rules.presets import get_preset
from companion.table.night_summary import Finisher, NightSummary
from companion.table.places import ordinal

_MONTHS_FR = (
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
)
_MONTHS_EN = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
_DAYS_FR = ("lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche")
_DAYS_EN = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MEDALS = ("🥇", "🥈", "🥉")


def local_start(summary: NightSummary, tz: tzinfo | None = None) -> datetime:
    return summary.started_at.astimezone(tz)


def when(summary: NightSummary, lang: str, tz: tzinfo | None = None) -> str:
    """ "lundi 23 novembre 2026, 20:30" / "Monday 23 November 2026, 8:30 pm"."""
    day, start = summary.date, local_start(summary, tz)
    at = f"{start:%H:%M}"
    if start.date() != day:  # an evening entered for another day: its date, no time
        at = ""
    if lang == "fr":
        text = f"{_DAYS_FR[day.weekday()]} {day.day} {_MONTHS_FR[day.month - 1]} {day.year}"
        return f"{text}, {at}" if at else text
    text = f"{_DAYS_EN[day.weekday()]} {day.day} {_MONTHS_EN[day.month - 1]} {day.year}"
    return f"{text}, {at}" if at else text


def heading(summary: NightSummary, lang: str) -> str:
    """The evening's name, else its place, else "Soirée" / "Evening"."""
    name = summary.title or summary.place
    if name:
        return name
    return "Soirée" if lang == "fr" else "Evening"


def rules_line(summary: NightSummary, lang: str) -> str:
    try:
        preset = get_preset(summary.preset)
        rules = preset.name_fr if lang == "fr" else preset.name_en
    except CompanionError:  # an evening from presets this app does not know: show the id
        rules = summary.preset
    if lang == "fr":
        hands = f"{summary.hands} donne" + ("s" if summary.hands > 1 else "")
        state = "terminée" if summary.ended else "en cours"
    else:
        hands = f"{summary.hands} hand" + ("s" if summary.hands != 1 else "")
        state = "ended" if summary.ended else "still going"
    return f"{rules} · {hands} · {state}"


def _points_words(summary: NightSummary, f: Finisher, lang: str) -> str:
    unit = "pt"
    if summary.scheme == "card_penalty":
        unit = "pt de pénalité" if lang == "fr" else "penalty pt"
    # French: 0 and 1 take the singular ("0 pt", "1 pt"); English: only 1.
    plural = "" if abs(f.total) == 1 or (lang == "fr" and f.total == 0) else "s"
    if summary.scheme == "card_penalty" and lang == "fr" and plural:
        unit = "pts de pénalité"
        plural = ""
    return f"{f.total} {unit}{plural}"


def score_words(summary: NightSummary, f: Finisher, lang: str) -> str:
    """What a finisher is ranked by (``summary.rank_rule``): his points; his average place;
    his times Président; or, for the last hand's order, his points or titles."""
    titles = f"{f.president}× Président, {f.trou_du_cul}× Trou du cul"  # the same in both
    points = _points_words(summary, f, lang) if summary.counts_points else None
    if summary.rank_rule == "average_place" and f.average_place is not None:
        value = f"{f.average_place:.1f}"
        head = (
            f"place moyenne {value.replace('.', ',')}" if lang == "fr" else f"average place {value}"
        )
        return f"{head} · {points}" if points else head
    if summary.rank_rule == "times_president":
        head = f"{f.president}× Président"
        return f"{head} · {points}" if points else titles
    return points if points is not None else titles


def _who(summary: NightSummary, ids: tuple[str, ...], lang: str) -> str:
    names = [summary.names.get(p, p) for p in ids]
    joiner = " et " if lang == "fr" else " and "
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + joiner + names[-1]


def record_lines(summary: NightSummary, lang: str) -> list[tuple[str, str]]:
    """(emoji, sentence) for each distinction the evening has."""
    fr = lang == "fr"
    out = []
    most = summary.most_president
    if most is not None:
        times = f"{most.count} fois" if fr else f"{most.count} time" + "s" * (most.count != 1)
        who = _who(summary, most.player_ids, lang)
        out.append(
            ("👑", f"Le plus souvent Président : {who} ({times})")
            if fr
            else ("👑", f"Most times Président: {who} ({times})")
        )
    streak = summary.longest_streak
    if streak is not None and streak.count >= 2:
        who = _who(summary, streak.player_ids, lang)
        out.append(
            ("🔥", f"Plus longue série : {who}, {streak.count} donnes de suite Président")
            if fr
            else ("🔥", f"Longest streak: {who}, Président {streak.count} hands in a row")
        )
    climb = summary.biggest_climb
    if climb is not None:
        who = summary.names.get(climb.player_id, climb.player_id)
        low, high = ordinal(climb.lowest, lang), ordinal(climb.final, lang)
        out.append(
            ("📈", f"Plus belle remontée : {who}, de la {low} à la {high} place")
            if fr
            else ("📈", f"Biggest climb: {who}, from {low} to {high} place")
        )
    return out


def summary_text(summary: NightSummary, lang: str = "fr", tz: tzinfo | None = None) -> str:
    """The summary as plain text for a chat: heading, date and time, rules, the ranking
    with medals for the podium, then the evening's records."""
    lines = [
        f"🃏 {heading(summary, lang)} — {when(summary, lang, tz)}",
        rules_line(summary, lang),
        "",
    ]
    if not summary.ranking:
        lines.append("Aucune donne jouée." if lang == "fr" else "No hand played.")
    for f in summary.ranking:
        mark = MEDALS[f.place - 1] if f.place <= len(MEDALS) else f"{f.place}."
        lines.append(f"{mark} {f.name} — {score_words(summary, f, lang)}")
    records = record_lines(summary, lang)
    if records:
        lines.append("")
        lines.extend(f"{emoji} {text}" for emoji, text in records)
    return "\n".join(lines) + "\n"


def image_available() -> bool:
    """Whether the summary image can be drawn here: it needs Pillow, which has no build for
    the browser (the phone build), where the text is shared instead."""
    return importlib.util.find_spec("PIL") is not None
