"""Every string the app shows, keyed, in French (first) and English.

Screens never hold text of their own: they call ``t(lang, key, **fields)``. Texts built from
the engine (rulings, preset names) come translated from the engine itself.
``tests/ui/test_i18n.py`` checks that every key has both languages with the same fields and
that the screens use no literal text.
"""

from __future__ import annotations

from string import Formatter
from typing import Final

LANGS: Final = ("fr", "en")
DEFAULT_LANG: Final = "fr"

# key -> (French, English)
STRINGS: Final[dict[str, tuple[str, str]]] = {
    # --- the shell ---------------------------------------------------------------------------
    "app.title": ("Président — l'arbitre", "Président — the referee"),
    "app.read_only": ("Lecture seule : scannez le QR code de la table pour modifier.",
                      "Read-only: scan the table's QR code to edit."),
    "app.not_found": ("Cette page n'existe pas.", "This page does not exist."),
    "app.error": ("Cet écran a rencontré une erreur ; revenez en arrière et réessayez.",
                  "This screen ran into an error; go back and try again."),
    "app.home": ("Accueil", "Home"),
    "app.back": ("Retour", "Back"),
    "app.editor_only": ("Réservé aux téléphones qui ont la clé de la table.",
                        "Only for phones that have the table's key."),
    # --- home --------------------------------------------------------------------------------
    "home.title": ("Président", "Président"),
    "home.tagline": ("L'arbitre et le marqueur de la soirée.",
                     "The evening's referee and scorekeeper."),
    "home.continue": ("Reprendre la soirée", "Continue tonight's evening"),
    "home.new": ("Nouvelle soirée", "New evening"),
    "home.history": ("Historique", "History"),
    "home.dispute": ("Litige : qui a raison ?", "Dispute: who is right?"),
    "home.settings": ("Réglages", "Settings"),
    "home.invite": ("Inviter un téléphone", "Invite a phone"),
    # --- screens waiting for the evening model -------------------------------------------------
    "pending.body": ("Cet écran n'est pas encore construit : il arrive avec la suite de "
                     "l'application (le modèle de soirée est prêt).",
                     "This screen is not built yet: it comes with the next part of the app "
                     "(the evening model is ready)."),
    # --- history -----------------------------------------------------------------------------
    "history.title": ("Historique", "History"),
    "history.empty": ("Aucune soirée enregistrée pour l'instant.",
                      "No evening recorded yet."),
    "history.loading": ("Chargement…", "Loading…"),
    "history.failed": ("Lecture impossible : {reason}", "Could not read: {reason}"),
    "history.row": ("{day} · {players} joueurs · {hands} donnes",
                    "{day} · {players} players · {hands} hands"),
    "history.leader": ("En tête : {name}", "Leading: {name}"),
    "history.winner": ("Vainqueur : {name}", "Winner: {name}"),
    "history.unreadable": ("Fichier illisible", "Unreadable file"),
    "history.standings": ("Classement", "Standings"),
    "history.standing": ("{place}. {name} — {total} pts", "{place}. {name} — {total} pts"),
    "history.hands": ("Donne par donne", "Hand by hand"),
    "history.hand": ("Donne {n}", "Hand {n}"),
    "history.no_hands": ("Aucune donne jouée.", "No hand played."),
    # --- settings ----------------------------------------------------------------------------
    "settings.title": ("Réglages", "Settings"),
    "settings.language": ("Langue", "Language"),
    "settings.lang.fr": ("Français", "Français"),
    "settings.lang.en": ("English", "English"),
    "settings.theme": ("Thème", "Theme"),
    "settings.theme.light": ("Clair", "Light"),
    "settings.theme.dark": ("Sombre", "Dark"),
    "settings.theme.system": ("Système", "System"),
    "settings.saved_server": ("Enregistré pour toute la table.", "Saved for the whole table."),
    "settings.this_phone": ("Sans la clé, ces choix ne valent que pour ce téléphone.",
                            "Without the key, these choices apply to this phone only."),
    "settings.data_dir": ("Dossier des données : {path}", "Data folder: {path}"),
    "settings.save_failed": ("Réglages non enregistrés : {reason}",
                             "Settings not saved: {reason}"),
    # --- invite ------------------------------------------------------------------------------
    "invite.title": ("Inviter un téléphone", "Invite a phone"),
    "invite.scan_edit": ("Scannez ce code avec l'appareil photo : ce téléphone pourra tout "
                         "noter.",
                         "Scan this code with the camera: that phone will be able to record "
                         "everything."),
    "invite.scan_watch": ("Scannez ce code pour suivre la soirée en lecture seule.",
                          "Scan this code to follow the evening read-only."),
    "invite.scan_open": ("Salle ouverte (--open) : tout téléphone qui ouvre cette adresse peut "
                         "noter.",
                         "Open room (--open): any phone that opens this address can record."),
    "invite.mode_edit": ("Pour noter", "To record"),
    "invite.mode_watch": ("Pour regarder", "To watch"),
    "invite.same_network": ("Les téléphones doivent être sur le même réseau Wi-Fi.",
                            "Phones must be on the same Wi-Fi network."),
    "invite.local_only": ("Ce serveur n'écoute que sur cet ordinateur : lancez "
                          "« companion serve » pour inviter des téléphones.",
                          "This server only listens on this computer: run "
                          "'companion serve' to invite phones."),
    "invite.qr_label": ("QR code de l'adresse", "QR code of the address"),
    # --- dispute -----------------------------------------------------------------------------
    # --- the terminal (companion serve / companion) --------------------------------------------
    "cli.serving": ("Companion est servi. Sur les téléphones du même réseau, ouvrez :",
                    "Companion is being served. On phones on the same network, open:"),
    "cli.scan": ("ou scannez ce code :", "or scan this code:"),
    "cli.open_room": ("Salle ouverte (--open) : tout téléphone qui a l'adresse peut noter.",
                      "Open room (--open): any phone with the address can record."),
    "cli.local_only": ("Attention : {host} n'est joignable que depuis cet ordinateur "
                       "(--host 0.0.0.0 pour les téléphones).",
                       "Note: {host} is reachable from this computer only "
                       "(--host 0.0.0.0 for phones)."),
    "cli.stop": ("Ctrl+C pour arrêter.", "Ctrl+C to stop."),
    "cli.port_busy": ("companion : le port {port} est déjà pris sur {host} ; choisissez-en un "
                      "autre avec --port.",
                      "companion: port {port} is already in use on {host}; choose another "
                      "with --port."),
    "cli.no_desktop": ("Pas de client de bureau Flet ici : companion s'ouvre dans votre "
                       "navigateur ({url}). Ctrl+C pour arrêter.",
                       "No Flet desktop client here: companion opens in your browser "
                       "({url}). Ctrl+C to stop."),
    "cli.desktop_failed": ("Le client de bureau Flet n'a pas démarré ({reason}) : ouverture "
                           "dans le navigateur.",
                           "Flet's desktop client did not start ({reason}): opening in the "
                           "browser instead."),
    "dispute.title": ("Litige", "Dispute"),
    "dispute.rules": ("Règles", "Rules"),
    "dispute.preset": ("Variante", "Variant"),
    "dispute.options": ("Options de cette variante", "Options of this variant"),
    "dispute.source": ("Source : {seed} — {section}", "Source: {seed} — {section}"),
    "dispute.players": ("Joueurs", "Players"),
    "dispute.names": ("Noms (dans l'ordre du jeu)", "Names (in playing order)"),
    "dispute.name_label": ("Joueur {n}", "Player {n}"),
    "dispute.revolution": ("Révolution en cours (ordre inversé)",
                           "Revolution under way (order reversed)"),
    "dispute.table": ("Sur la table", "On the table"),
    "dispute.table_empty": ("Rien n'a encore été joué : le premier coup entame.",
                            "Nothing played yet: the first play leads."),
    "dispute.trick_end": ("— fin de la tournée —", "— end of the trick —"),
    "dispute.undo": ("Annuler", "Undo"),
    "dispute.clear_table": ("Tout effacer", "Clear all"),
    "dispute.who": ("Qui joue ?", "Who plays?"),
    "dispute.to_play": ("{name} (son tour)", "{name} (their turn)"),
    "dispute.cards": ("Les cartes posées", "The cards played"),
    "dispute.play_line": ("{name} : {play}", "{name}: {play}"),
    "dispute.tray_empty": ("Touchez les cartes…", "Tap the cards…"),
    "dispute.count": ("Nombre de cartes égales", "Number of equal cards"),
    "dispute.suit": ("Couleur", "Suit"),
    "dispute.joker_colour": ("Quel joker ?", "Which joker?"),
    "dispute.joker_coloured": ("Joker couleur", "Coloured joker"),
    "dispute.joker_black": ("Joker noir", "Black joker"),
    "dispute.pass": ("Passe", "Pass"),
    "dispute.delete": ("Effacer une carte", "Delete a card"),
    "dispute.clear_tray": ("Vider", "Clear"),
    "dispute.judge": ("Juger ce coup", "Judge this play"),
    "dispute.add": ("Déjà joué : l'ajouter à la table", "Already played: add it to the table"),
    "dispute.legal": ("Coup valable", "Legal play"),
    "dispute.illegal": ("Coup interdit", "Illegal play"),
    "dispute.rule": ("Règle : {rule}", "Rule: {rule}"),
    "dispute.next_beat": ("À {name} de battre {cards}", "{name} must beat {cards}"),
    "dispute.next_lead": ("À {name} d'entamer", "{name} leads"),
    "dispute.hand_over": ("La donne est terminée.", "The hand is over."),
    "dispute.continue": ("Continuer la tournée", "Continue the trick"),
    "dispute.close": ("Fermer", "Close"),
    "dispute.history_cleared": ("La table a été vidée : ces coups ne tiennent plus avec ces "
                                "règles ou ces joueurs.",
                                "The table was cleared: those plays no longer hold with these "
                                "rules or players."),
    "dispute.not_legal_history": ("Ce coup ne peut pas être ajouté : {reason}",
                                  "This play cannot be added: {reason}"),
    "dispute.name_invalid": ("Nom refusé : vide, en double, ou avec « : » ou « , ».",
                             "Name refused: empty, used twice, or containing ':' or ','."),
    "dispute.error": ("{reason}", "{reason}"),
    "dispute.pick_cards": ("Touchez d'abord des cartes (ou « Passe »).",
                           "Tap some cards first (or 'Pass')."),
}


def t(lang: str, key: str, **fields: object) -> str:
    """The text of ``key`` in ``lang`` (French when the language is unknown)."""
    fr, en = STRINGS[key]
    text = en if lang == "en" else fr
    return text.format(**fields) if fields else text


def fields_of(text: str) -> set[str]:
    """The ``{names}`` a text expects, for checking both languages agree."""
    return {name for _, name, _, _ in Formatter().parse(text) if name}
