"""The app's routes and the home screen's entries, as plain data the screens and tests share."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from companion.ui.access import KEY_PARAM

HOME = "/"
EVENING = "/evening"
NEW_EVENING = "/new-evening"
HISTORY = "/history"
DISPUTE = "/dispute"
SETTINGS = "/settings"
INVITE = "/invite"
EVENING_HANDS = EVENING + "/:evening_id/hands"  # past hands corrected, joins and leaves, the end
PLAYERS = "/players"  # every profile: rename, merge (and undo)
PLAYER = PLAYERS + "/:player_id"  # one player: places over time, titles, head-to-head


def player(player_id: str) -> str:
    return f"{PLAYERS}/{player_id}"


def evening_hands(evening_id: str) -> str:
    """The "Hands and players" screen of one evening."""
    return f"{EVENING}/{evening_id}/hands"


# Routes that change the table's data: a phone without the key never reaches them. (The
# evening itself reads as a scoreboard without the key, with no control that edits.)
EDITOR_ONLY = frozenset({NEW_EVENING})

EVENING_PARAM = "evening"  # /dispute?evening=<id>: the dispute under that evening's rules


def dispute_for(evening_id: str, key: str | None = None) -> str:
    """The dispute screen under an evening's rules, with the table's key when the phone has
    it (``route_with_key`` would add a second ``?`` to a route that already has a query)."""
    query = {EVENING_PARAM: evening_id} | ({KEY_PARAM: key} if key else {})
    return f"{DISPUTE}?{urlencode(query)}"


@dataclass(frozen=True)
class HomeEntry:
    label: str  # i18n key
    route: str
    icon: str  # a name of ft.Icons
    ident: str  # stable semantics identifier, for tests
    primary: bool = False


def home_entries(editor: bool, under_way: bool = False) -> list[HomeEntry]:
    """What the home screen offers: a phone without the key sees only what reads. "Continue"
    only while an evening is under way (it is then the main action); otherwise the main
    action is a new evening."""
    entries = []
    if editor:
        if under_way:
            entries.append(
                HomeEntry("home.continue", EVENING, "PLAY_ARROW", "home-continue", primary=True)
            )
        entries.append(HomeEntry("home.new", NEW_EVENING, "ADD", "home-new", primary=not under_way))
    else:  # tonight's evening, to follow
        entries.append(HomeEntry("home.scoreboard", EVENING, "SCOREBOARD", "home-scoreboard"))
    entries += [
        HomeEntry("home.dispute", DISPUTE, "GAVEL", "home-dispute", primary=not editor),
        HomeEntry("home.history", HISTORY, "HISTORY", "home-history"),
        HomeEntry("players.title", PLAYERS, "PEOPLE", "home-players"),
        HomeEntry("home.invite", INVITE, "QR_CODE_2", "home-invite"),
        HomeEntry("home.settings", SETTINGS, "SETTINGS", "home-settings"),
    ]
    return entries
