"""The end-of-evening summary in words, to paste into a group chat, in the viewer's language
(the ``table`` catalogue's ``table.share.*`` messages), and the phrases the shared image
uses too. Dates, times and numbers are Babel's (``companion.words.formats``).

Times are shown in ``tz`` (the server's local zone by default: the machine on the table)."""

from __future__ import annotations

import importlib.util
from datetime import datetime, tzinfo

from companion.errors import CompanionError
from companion.rules.presets import get_preset
from companion.table.night_summary import Finisher, NightSummary
from companion.table.places import ordinal
from companion.table.words import and_list
from companion.words import t, tn
from companion.words.formats import date_long, decimal, number, time_short

MEDALS = ("🥇", "🥈", "🥉")


def local_start(summary: NightSummary, tz: tzinfo | None = None) -> datetime:
    return summary.started_at.astimezone(tz)


def when(summary: NightSummary, lang: str, tz: tzinfo | None = None) -> str:
    """ "lundi 23 novembre 2026, 20:30" / "Monday, November 23, 2026, 8:30 PM"; an evening
    entered for another day than it started: its date alone."""
    day, start = summary.date, local_start(summary, tz)
    text = date_long(lang, day)
    if start.date() != day:
        return text
    return t(lang, "table.share.when", day=text, time=time_short(lang, start))


def heading(summary: NightSummary, lang: str) -> str:
    """The evening's name, else its place, else "Soirée" / "Evening" / "Spieleabend"."""
    return summary.title or summary.place or t(lang, "table.share.evening")


def rules_line(summary: NightSummary, lang: str) -> str:
    try:
        rules = get_preset(summary.preset).name(lang)
    except CompanionError:  # an evening from presets this app does not know: show the id
        rules = summary.preset
    state = t(lang, "table.share.ended" if summary.ended else "table.share.going")
    return t(lang, "table.share.rules", rules=rules, hands=summary.hands, state=state)


def _points_words(summary: NightSummary, f: Finisher, lang: str) -> str:
    """ "6 pts", "1 pt", "−1 pt": the form is the count's, the sign the total's."""
    key = "table.share.penalty" if summary.scheme == "card_penalty" else "table.share.points"
    return tn(lang, key, abs(f.total), points=number(lang, f.total))


def score_words(summary: NightSummary, f: Finisher, lang: str) -> str:
    """What a finisher is ranked by (``summary.rank_rule``): his points; his average place;
    his times Président; or, for the last hand's order, his points or titles."""
    president = t(lang, "table.share.times_president", count=number(lang, f.president))
    scum = t(lang, "table.share.times_scum", count=number(lang, f.trou_du_cul))
    titles = f"{president}, {scum}"
    points = _points_words(summary, f, lang) if summary.counts_points else None
    if summary.rank_rule == "average_place" and f.average_place is not None:
        head = t(lang, "table.share.average", place=decimal(lang, f.average_place))
        return f"{head} · {points}" if points else head
    if summary.rank_rule == "times_president":
        return f"{president} · {points}" if points else titles
    return points if points is not None else titles


def _who(summary: NightSummary, ids: tuple[str, ...], lang: str) -> str:
    return and_list(lang, [summary.names.get(p, p) for p in ids])


def record_lines(summary: NightSummary, lang: str) -> list[tuple[str, str]]:
    """(emoji, sentence) for each distinction the evening has."""
    out = []
    most = summary.most_president
    if most is not None:
        who = _who(summary, most.player_ids, lang)
        out.append(("👑", t(lang, "table.share.most", who=who, times=most.count)))
    streak = summary.longest_streak
    if streak is not None and streak.count >= 2:
        who = _who(summary, streak.player_ids, lang)
        out.append(("🔥", t(lang, "table.share.streak", who=who, count=streak.count)))
    climb = summary.biggest_climb
    if climb is not None:
        who = summary.names.get(climb.player_id, climb.player_id)
        low, high = ordinal(climb.lowest, lang), ordinal(climb.final, lang)
        out.append(("📈", t(lang, "table.share.climb", who=who, low=low, high=high)))
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
        lines.append(t(lang, "table.share.no_hand"))
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
