"""The app's routes and the home screen's entries, as plain data the screens and tests share."""

from __future__ import annotations

from dataclasses import dataclass

HOME = "/"
EVENING = "/evening"
NEW_EVENING = "/new-evening"
HISTORY = "/history"
DISPUTE = "/dispute"
SETTINGS = "/settings"
INVITE = "/invite"

# Routes that change the table's data: a phone without the key never reaches them. (The
# evening itself reads as a scoreboard without the key, with no control that edits.)
EDITOR_ONLY = frozenset({NEW_EVENING})


@dataclass(frozen=True)
class HomeEntry:
    label: str  # i18n key
    route: str
    icon: str  # a name of ft.Icons
    ident: str  # stable semantics identifier, for tests
    primary: bool = False


def home_entries(editor: bool) -> list[HomeEntry]:
    """What the home screen offers: a phone without the key sees only what reads."""
    entries = []
    if editor:
        entries += [
            HomeEntry("home.continue", EVENING, "PLAY_ARROW", "home-continue", primary=True),
            HomeEntry("home.new", NEW_EVENING, "ADD", "home-new"),
        ]
    else:  # tonight's evening, to follow
        entries.append(HomeEntry("home.scoreboard", EVENING, "SCOREBOARD", "home-scoreboard"))
    entries += [
        HomeEntry("home.dispute", DISPUTE, "GAVEL", "home-dispute", primary=not editor),
        HomeEntry("home.history", HISTORY, "HISTORY", "home-history"),
        HomeEntry("home.invite", INVITE, "QR_CODE_2", "home-invite"),
        HomeEntry("home.settings", SETTINGS, "SETTINGS", "home-settings"),
    ]
    return entries
