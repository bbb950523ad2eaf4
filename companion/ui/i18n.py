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
    "app.read_only": (
        "Lecture seule : scannez le QR code de la table pour modifier.",
        "Read-only: scan the table's QR code to edit.",
    ),
    "app.not_found": ("Cette page n'existe pas.", "This page does not exist."),
    "app.error": (
        "Cet écran a rencontré une erreur ; revenez en arrière et réessayez.",
        "This screen ran into an error; go back and try again.",
    ),
    "app.back": ("Retour", "Back"),
    "app.other_tab": (
        "L'application est déjà ouverte dans un autre onglet de ce téléphone. Fermez-le : "
        "celui-ci s'ouvrira alors, sans rien perdre.",
        "The app is already open in another tab of this phone. Close it: this one will "
        "then open, with nothing lost.",
    ),
    "app.editor_only": (
        "Réservé aux téléphones qui ont la clé de la table.",
        "Only for phones that have the table's key.",
    ),
    # --- home --------------------------------------------------------------------------------
    "home.title": ("Président", "Président"),
    "home.tagline": (
        "L'arbitre et le marqueur de la soirée.",
        "The evening's referee and scorekeeper.",
    ),
    "home.continue": ("Reprendre la soirée", "Continue tonight's evening"),
    "home.new": ("Nouvelle soirée", "New evening"),
    "home.scoreboard": ("Suivre la soirée", "Follow tonight's evening"),
    "home.history": ("Historique", "History"),
    "home.dispute": ("Litige : qui a raison ?", "Dispute: who is right?"),
    "home.settings": ("Réglages", "Settings"),
    "home.invite": ("Inviter un téléphone", "Invite a phone"),
    # --- screens waiting for the evening model -------------------------------------------------
    "history.title": ("Historique", "History"),
    "history.empty": ("Aucune soirée enregistrée pour l'instant.", "No evening recorded yet."),
    "history.loading": ("Chargement…", "Loading…"),
    "history.failed": ("Lecture impossible : {reason}", "Could not read: {reason}"),
    "history.row": (
        "{day} · {players:# joueur|# joueurs} · {hands:# donne|# donnes}",
        "{day} · {players:# player|# players} · {hands:# hand|# hands}",
    ),
    "history.leader": ("En tête : {name}", "Leading: {name}"),
    "history.winner": ("Vainqueur : {name}", "Winner: {name}"),
    "history.unreadable": ("Fichier illisible", "Unreadable file"),
    "history.damaged": (
        "⚠ Fichier abîmé, gardé tel quel : restaurez sa dernière bonne sauvegarde dans "
        "Réglages › Données.",
        "⚠ Damaged file, kept as it is: restore its latest good backup in Settings › Data.",
    ),
    "history.newer": (
        "⚠ Écrite par une version plus récente de l'application : mettez-la à jour pour lire "
        "cette soirée.",
        "⚠ Written by a newer version of the app: update it to read this evening.",
    ),
    "history.search": (
        "Chercher : nom, lieu, joueur, règles, date",
        "Search: name, place, player, rules, date",
    ),
    "history.year_all": ("Toutes", "All"),
    "history.count": ("{n:# soirée|# soirées}", "{n:# evening|# evenings}"),
    "history.no_match": ("Aucune soirée ne correspond.", "No evening matches."),
    "history.more": ("Voir {n} de plus", "Show {n} more"),
    "history.standings": ("Classement", "Standings"),
    "history.standing": (
        "{place}. {name} — {total:# pt|# pts}",
        "{place}. {name} — {total:# pt|# pts}",
    ),
    "history.standing_unscored": ("{place}. {name}", "{place}. {name}"),
    "history.hands": ("Donne par donne", "Hand by hand"),
    "history.hand": ("Donne {n}", "Hand {n}"),
    "history.no_hands": ("Aucune donne jouée.", "No hand played."),
    "history.under_way": (
        "Soirée en cours : le classement après {n:# donne|# donnes}.",
        "Evening under way: the standings after {n:# hand|# hands}.",
    ),
    "history.tab.evenings": ("Soirées", "Evenings"),
    "history.tab.leaderboard": ("Classement", "Leaderboard"),
    "history.chart_points": ("Les points au fil de la soirée", "Points over the evening"),
    "history.chart_places": ("Les places donne après donne", "Places hand by hand"),
    "history.axis_hands": ("Donnes", "Hands"),
    "history.axis_points": ("Points", "Points"),
    "history.axis_place": ("Place", "Place"),
    # --- leaderboard and head-to-head (in the history) ----------------------------------------
    "board.period.all": ("Toujours", "All time"),
    "board.period.year": ("Cette année", "This year"),
    "board.period.month": ("30 jours", "30 days"),
    "board.empty": ("Aucune donne jouée sur cette période.", "No hand played in this period."),
    "board.left_out": (
        "{n:# soirée laissée|# soirées laissées} de côté : {why}.",
        "{n:# evening|# evenings} left out: {why}.",
    ),
    "board.left_out.corrupt-file": (
        "{n:# fichier abîmé|# fichiers abîmés} (à restaurer dans Réglages › Données)",
        "{n:# damaged file|# damaged files} (to restore in Settings › Data)",
    ),
    "board.left_out.newer-schema": (
        "{n:# écrite|# écrites} par une version plus récente (mettez l'application à jour)",
        "{n} written by a newer version (update the app)",
    ),
    "board.left_out.other": (
        "{n:# fichier illisible|# fichiers illisibles}",
        "{n:# unreadable file|# unreadable files}",
    ),
    "board.line": ("{rank}. {name} — {points:# pt|# pts}", "{rank}. {name} — {points:# pt|# pts}"),
    "board.line_unscored": ("{rank}. {name}", "{rank}. {name}"),
    "board.penalty": (
        " · {penalty:# pénalité|# pénalités}",
        " · {penalty:# penalty|# penalties}",
    ),
    "board.hands": (
        "donnes : {hands}, soirées : {evenings}",
        "hands: {hands}, evenings: {evenings}",
    ),
    "board.roles": (
        "Président {president}×, Trou du cul {last}×",
        "Président {president}×, Trou du cul {last}×",
    ),
    "board.wins": ("soirées gagnées : {wins}", "evenings won: {wins}"),
    "board.chart": ("La place au fil des soirées", "Finishing position over time"),
    "board.chart_help": (
        "Chaque point : la place moyenne d'un joueur dans une soirée (en haut "
        "toujours Président, en bas toujours Trou du cul).",
        "Each point: a player's average place in one evening (top: always "
        "Président, bottom: always Trou du cul).",
    ),
    "board.axis_first": ("1er", "1st"),
    "board.axis_last": ("dern.", "last"),
    "board.axis_evenings": ("Soirées", "Evenings"),
    "board.h2h": ("Face à face", "Head-to-head"),
    "board.h2h_a": ("Joueur", "Player"),
    "board.h2h_b": ("contre", "against"),
    "board.h2h_same": ("Choisissez deux joueurs différents.", "Choose two different players."),
    "board.h2h_none": (
        "{a} et {b} n'ont encore joué aucune donne ensemble.",
        "{a} and {b} have not played a hand together yet.",
    ),
    "board.h2h_result": (
        "Sur {hands:# donne|# donnes} ensemble ({evenings:# soirée|# soirées}) : {a} a "
        "fini devant {a_ahead} fois, {b} {b_ahead} fois.",
        "Over {hands:# hand|# hands} together ({evenings:# evening|# evenings}): {a} "
        "finished ahead {a_ahead:# time|# times}, {b} {b_ahead:# time|# times}.",
    ),
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
    "settings.saved_device": (
        "Enregistré sur cet appareil.",
        "Saved on this device.",
    ),
    "settings.this_phone": (
        "Sans la clé, ces choix ne valent que pour ce téléphone.",
        "Without the key, these choices apply to this phone only.",
    ),
    "settings.data_dir": ("Dossier des données : {path}", "Data folder: {path}"),
    "data.browser_kept": (
        "Les données sont gardées dans ce navigateur, qui a promis de ne pas les effacer.",
        "The data is kept in this browser, which has promised not to erase it.",
    ),
    "data.browser_not_kept": (
        "Les données sont gardées dans ce navigateur, qui a refusé de promettre de les "
        "garder : il pourrait les effacer s'il manque de place. Ajoutez l'application à "
        "l'écran d'accueil et exportez une sauvegarde de temps en temps.",
        "The data is kept in this browser, which would not promise to keep it: it may "
        "erase it when short of space. Add the app to the home screen and export a backup "
        "now and then.",
    ),
    "settings.save_failed": ("Réglages non enregistrés : {reason}", "Settings not saved: {reason}"),
    # --- settings: the data --------------------------------------------------------------------
    "data.title": ("Les données", "The data"),
    "data.export_json": ("Sauvegarde complète (JSON)", "Full backup (JSON)"),
    "data.export_csv": ("Tableur (CSV)", "Spreadsheet (CSV)"),
    "data.exported": ("Écrit dans {folder}", "Written to {folder}"),
    "data.download": ("Télécharger {name}", "Download {name}"),
    "data.download_failed": (
        "Téléchargement impossible ({reason}) : le fichier est dans le dossier indiqué.",
        "Download failed ({reason}): the file is in the folder shown.",
    ),
    "data.import": ("Importer une sauvegarde", "Import a backup"),
    "data.import_help": (
        "Les soirées du fichier s'ajoutent, ou remplacent celles qui ont le "
        "même identifiant ; les autres sont gardées. Une copie des données "
        "d'avant est écrite dans exports/.",
        "The file's evenings are added, or replace those with the same id; "
        "the others are kept. A copy of the data as it was is written to "
        "exports/.",
    ),
    "data.import_unread": (
        "Le fichier n'a pas pu être lu par le navigateur : rien n'a changé.",
        "The browser could not read the file: nothing changed.",
    ),
    "data.import_refused": (
        "Import refusé, rien n'a changé. {name} : {reason}",
        "Import refused, nothing changed. {name}: {reason}",
    ),
    "data.imported": (
        "Importé : {evenings:# soirée|# soirées}, {players:# joueur|# joueurs}. "
        "Les données d'avant : {copy}",
        "Imported: {evenings:# evening|# evenings}, {players:# player|# players}. The data as it "
        "was: {copy}",
    ),
    "data.failed": ("Échec : {reason}", "Failed: {reason}"),
    "data.backups": ("Sauvegardes automatiques", "Automatic backups"),
    "data.no_backups": (
        "Aucune sauvegarde pour l'instant : elles se font avant chaque modification d'un fichier.",
        "No backup yet: they are taken before a file is changed.",
    ),
    "data.all_good": (
        "Tous les fichiers se lisent bien : rien à restaurer.",
        "Every file reads fine: nothing to restore.",
    ),
    "data.moment": ("{day} à {time}", "{day} at {time}"),
    "data.backup_count": (
        "sauvegardes : {count}, la dernière le {when}",
        "backups: {count}, the latest on {when}",
    ),
    "data.damaged": ("Fichier abîmé : il ne se lit plus.", "Damaged file: it no longer reads."),
    "data.restore": ("Restaurer la dernière bonne sauvegarde", "Restore the latest good backup"),
    "data.restored": (
        "Restauré depuis {backup} ; le fichier abîmé est gardé dans corrupt/.",
        "Restored from {backup}; the damaged file is kept in corrupt/.",
    ),
    "data.more_backups": (
        "… et {count} autres fichiers sauvegardés.",
        "… and {count} more backed-up files.",
    ),
    "data.file.players": ("Les joueurs (players.json)", "The players (players.json)"),
    "data.file.index": ("L'index des soirées (index/…)", "The evenings' index (index/…)"),
    # --- invite ------------------------------------------------------------------------------
    "invite.title": ("Inviter un téléphone", "Invite a phone"),
    "invite.no_server": (
        "Cette application tourne sur ce téléphone seul : d'autres téléphones ne peuvent pas "
        "la rejoindre. Pour suivre la soirée à plusieurs, lancez « companion serve » sur un "
        "ordinateur ; pour la continuer ailleurs, exportez une sauvegarde (Réglages › "
        "Données) et importez-la sur l'autre appareil.",
        "This app runs on this phone alone: other phones cannot join it. To follow the "
        "evening on several phones, run 'companion serve' on a computer; to carry it on "
        "elsewhere, export a backup (Settings › Data) and import it on the other device.",
    ),
    "invite.scan_edit": (
        "Scannez ce code avec l'appareil photo : ce téléphone pourra tout noter.",
        "Scan this code with the camera: that phone will be able to record everything.",
    ),
    "invite.scan_watch": (
        "Scannez ce code pour suivre la soirée en lecture seule.",
        "Scan this code to follow the evening read-only.",
    ),
    "invite.scan_open": (
        "Salle ouverte (--open) : tout téléphone qui ouvre cette adresse peut noter.",
        "Open room (--open): any phone that opens this address can record.",
    ),
    "invite.local_open": (
        "Sur cet ordinateur, l'app s'ouvre sans clé et peut tout noter.",
        "On this computer the app opens without a key and can record everything.",
    ),
    "invite.local_address": (
        "Cette adresse ne s'ouvre que sur cet ordinateur (un autre onglet, un autre navigateur).",
        "This address opens only on this computer (another tab, another browser).",
    ),
    "invite.mode_edit": ("Pour noter", "To record"),
    "invite.mode_watch": ("Pour regarder", "To watch"),
    "invite.same_network": (
        "Les téléphones doivent être sur le même réseau Wi-Fi.",
        "Phones must be on the same Wi-Fi network.",
    ),
    "invite.local_only": (
        "Les téléphones ne peuvent pas encore ouvrir cette adresse : l'app n'écoute que sur "
        "cet ordinateur. Arrêtez-la (Ctrl+C) et relancez-la avec "
        "« companion serve --host 0.0.0.0 », puis revenez ici.",
        "Phones cannot open this address yet: the app only listens on this computer. Stop it "
        "(Ctrl+C) and start it again with 'companion serve --host 0.0.0.0', then come back here.",
    ),
    "invite.qr_label": ("QR code de l'adresse", "QR code of the address"),
    # --- dispute -----------------------------------------------------------------------------
    # --- the terminal (companion serve / companion) --------------------------------------------
    "cli.serving": (
        "Companion est servi. Sur les téléphones du même réseau, ouvrez :",
        "Companion is being served. On phones on the same network, open:",
    ),
    "cli.scan": ("ou scannez ce code :", "or scan this code:"),
    "cli.open_room": (
        "Salle ouverte (--open) : tout téléphone qui a l'adresse peut noter.",
        "Open room (--open): any phone with the address can record.",
    ),
    "cli.local_only": (
        "Attention : {host} n'est joignable que depuis cet ordinateur "
        "(--host 0.0.0.0 pour les téléphones).",
        "Note: {host} is reachable from this computer only (--host 0.0.0.0 for phones).",
    ),
    "cli.stop": ("Ctrl+C pour arrêter.", "Ctrl+C to stop."),
    "cli.key_kept": (
        "La clé de la table est gardée dans {path} : après un redémarrage, les téléphones "
        "qui l'ont reviennent sans scanner (--new-key pour en changer).",
        "The table's key is kept in {path}: after a restart, phones that have it come back "
        "without scanning (--new-key to change it).",
    ),
    "cli.key_rotated": (
        "Nouvelle clé (--new-key) : les téléphones doivent scanner ce code à nouveau ; "
        "l'ancienne adresse ne permet plus que de lire.",
        "New key (--new-key): phones must scan this code again; the old address can only read now.",
    ),
    "cli.key_damaged": (
        "{path} ne contenait pas de clé lisible : nouvelle clé, les téléphones doivent "
        "scanner ce code à nouveau.",
        "{path} held no readable key: new key, phones must scan this code again.",
    ),
    "cli.key_unkept": (
        "La clé n'a pas pu être gardée ({reason}) : après un redémarrage, les téléphones "
        "devront scanner à nouveau.",
        "The key could not be kept ({reason}): after a restart, phones will have to scan again.",
    ),
    # --- serve: where it listens, and why it cannot ----------------------------------------------
    "cli.every_network": (
        "(À l'écoute sur {host}, port {port} : toutes les adresses de cet "
        "ordinateur ; ci-dessus, celles de ses réseaux.)",
        "(Listening on {host}, port {port}: every address of this computer; "
        "above, those of its networks.)",
    ),
    "cli.no_lan": (
        "Attention : aucun réseau trouvé ; pour l'instant, seul cet ordinateur peut l'ouvrir.",
        "Note: no network found; for now, only this computer can open it.",
    ),
    "cli.bad_port": (
        "companion : il n'y a pas de port {port} ; choisissez-en un de 1 à 65535 "
        "avec --port (0 : un port libre).",
        "companion: there is no port {port}; choose one from 1 to 65535 with "
        "--port (0: any free port).",
    ),
    "cli.cannot_listen": (
        "companion : impossible d'écouter sur {host}, port {port} ({reason}) ; "
        "vérifiez --host (0.0.0.0 : tous les réseaux de cet ordinateur).",
        "companion: cannot listen on {host}, port {port} ({reason}); check "
        "--host (0.0.0.0: every network of this computer).",
    ),
    "cli.port_busy": (
        "companion : le port {port} est déjà pris sur {host} ; choisissez-en un autre avec --port.",
        "companion: port {port} is already in use on {host}; choose another with --port.",
    ),
    "cli.no_desktop": (
        "Companion tourne pour cet ordinateur seulement : {url} (Ctrl+C pour arrêter).",
        "Companion runs for this computer only: {url} (Ctrl+C to stop).",
    ),
    "cli.browser_opened": (
        "Ouvert dans votre navigateur : {url}",
        "Opened in your browser: {url}",
    ),
    "cli.no_browser": (
        "Aucun navigateur n'a pu s'ouvrir sur cette machine. Ouvrez {url} dans un navigateur "
        "de cet ordinateur ; pour un téléphone, arrêtez-le et lancez "
        "companion serve --host 0.0.0.0, qui donne l'adresse avec la clé de la table.",
        "No browser could be opened on this machine. Open {url} in a browser on this "
        "computer; for a phone, stop it and run companion serve --host 0.0.0.0, which gives "
        "the address with the table's key.",
    ),
    "cli.invite_phones": (
        "Pour inviter des téléphones, arrêtez-le et lancez : companion serve --host 0.0.0.0",
        "To invite phones, stop it and run: companion serve --host 0.0.0.0",
    ),
    "cli.desktop_failed": (
        "Le client de bureau Flet n'a pas démarré ({reason}) : ouverture dans le navigateur.",
        "Flet's desktop client did not start ({reason}): opening in the browser instead.",
    ),
    "dispute.title": ("Litige", "Dispute"),
    "dispute.rules": ("Règles", "Rules"),
    "dispute.preset": ("Variante", "Variant"),
    "dispute.options": ("Options de cette variante", "Options of this variant"),
    "dispute.players": ("Joueurs", "Players"),
    "dispute.names": ("Noms (dans l'ordre du jeu)", "Names (in playing order)"),
    "dispute.name_label": ("Joueur {n}", "Player {n}"),
    "dispute.revolution": (
        "Révolution en cours (ordre inversé)",
        "Revolution under way (order reversed)",
    ),
    "dispute.table": ("Sur la table", "On the table"),
    "dispute.table_empty": (
        "Rien n'a encore été joué : le premier coup entame.",
        "Nothing played yet: the first play leads.",
    ),
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
    "dispute.not_legal_history": (
        "Ce coup ne peut pas être ajouté : {reason}",
        "This play cannot be added: {reason}",
    ),
    "dispute.error": ("{reason}", "{reason}"),
    "dispute.pick_cards": (
        "Touchez d'abord des cartes (ou « Passe »).",
        "Tap some cards first (or 'Pass').",
    ),
    # --- dispute: evening rules, options ---------------------------------------------------------
    "dispute.open_from_evening": ("Litige : arbitrer un coup", "Dispute: rule on a play"),
    "dispute.loading_evening": (
        "Chargement des règles de la soirée…",
        "Loading the evening's rules…",
    ),
    "dispute.evening_failed": (
        "Soirée introuvable ({reason}) : règles par défaut.",
        "Evening not found ({reason}): default rules.",
    ),
    "dispute.back_evening": ("Retour à la soirée", "Back to the evening"),
    "dispute.evening_rules": ("Règles de la soirée {name}", "Rules of the evening {name}"),
    "dispute.evening_rules_changed": (
        "Règles de la soirée {name}, changées ici : {changes}",
        "Rules of the evening {name}, changed here: {changes}",
    ),
    # The evening named as History names it: its title or place, else its day and start.
    "dispute.evening_named": ("« {title} »", "'{title}'"),
    "dispute.evening_dated": ("du {when}", "of {when}"),
    "dispute.options_changed": ("{n} changée(s) ici", "{n} changed here"),
    "dispute.option_reset": ("Revenir aux règles de départ", "Back to the starting rules"),
    "dispute.option_unknown": ("Option inconnue : {name}.", "Unknown option: {name}."),
    "dispute.option_refused": ("Option refusée : {reason}", "Option refused: {reason}"),
    "dispute.cite_evening": (
        "{label} : {value}, option de la soirée (la variante dit : {before})",
        "{label}: {value}, the evening's option (the variant says: {before})",
    ),
    "dispute.cite_here": (
        "{label} : {value}, changée ici (avant : {before})",
        "{label}: {value}, changed here (before: {before})",
    ),
    "dispute.broken": (
        "« {action} » ne tient plus avec ces règles ou ces joueurs : {reason} "
        "Annulez-le, retirez-le ou remettez l'option.",
        "'{action}' no longer holds with these rules or players: {reason} "
        "Undo it, take it off, or put the option back.",
    ),
    "dispute.broken_line": ("{action} — ne tient plus", "{action} — no longer holds"),
    "dispute.drop_broken": ("Retirer ce coup et les suivants", "Take off this play and the next"),
    "dispute.not_at_table": ("{name} n'est pas à la table.", "{name} is not at the table."),
    "dispute.before": (
        "Avant {name} : {names} doit jouer ou passer.",
        "Before {name}: {names} must play or pass.",
    ),
    "dispute.before_many": (
        "Avant {name} : {names} doivent jouer ou passer.",
        "Before {name}: {names} must play or pass.",
    ),
    "dispute.pass_before": (
        "{names} a passé : l'ajouter et rejuger",
        "{names} passed: add it and judge again",
    ),
    "dispute.pass_before_many": (
        "{names} ont passé : les ajouter et rejuger",
        "{names} passed: add them and judge again",
    ),
    "dispute.trick_top": (
        "À battre : {cards} (posé par {name})",
        "To beat: {cards} (laid by {name})",
    ),
    "dispute.trick_passed": ("Ont passé : {names}", "Passed: {names}"),
    "dispute.trick_waiting": ("Peuvent encore jouer : {names}", "May still play: {names}"),
    # --- new evening -------------------------------------------------------------------------
    # --- options in words (new evening, dispute) ---------------------------------------------
    # --- the card picker, the hand and its possible plays (dispute) -------------------------
    "picker.mode_play": ("Coup à juger", "Play to judge"),
    "picker.mode_table": ("Déjà joué", "Already played"),
    "picker.mode_hand": ("Sa main", "Their hand"),
    "picker.table_hint": (
        "Un toucher ajoute le coup de {name} à la table ({count}).",
        "One tap adds {name}'s play to the table ({count}).",
    ),
    "picker.as_trick": ("autant que la tournée", "as many as the trick"),
    "picker.per_tap": ("{n} carte(s) par toucher", "{n} card(s) per tap"),
    "picker.hand_hint": (
        "Touchez les cartes que {name} a en main.",
        "Tap the cards {name} holds.",
    ),
    "picker.hand_line": ("Main de {name} : {cards}", "{name}'s hand: {cards}"),
    "picker.hand_empty": ("Main de {name} : (vide)", "{name}'s hand: (empty)"),
    "picker.hand_clear": ("Vider la main", "Clear the hand"),
    "picker.suit_needed": (
        "Ici les couleurs comptent : donnez la couleur de chaque carte avant de la poser "
        "sur la table.",
        "Suits matter here: give each card's suit before it goes on the table.",
    ),
    "picker.table_suits": (
        "Coup de {name} : {cards} — touchez la couleur de chaque carte",
        "{name}'s play: {cards} — tap each card's suit",
    ),
    "picker.table_suits_clear": ("Annuler ce coup", "Drop this play"),
    "picker.no_turn": (
        "Personne n'a à jouer : la donne est finie.",
        "Nobody is to play: the hand is over.",
    ),
    "picker.possible": ("Coups possibles pour {name}", "Possible plays for {name}"),
    "picker.possible_none": (
        "Aucun coup possible avec cette main.",
        "No possible play with this hand.",
    ),
    "picker.possible_hint": (
        "Donnez la main de {name} (onglet « Sa main ») pour voir ses coups possibles.",
        "Enter {name}'s hand ('Their hand' tab) to see the possible plays.",
    ),
    "dispute.judged_hint": (
        "Coup jugé : la prochaine carte tapée commence un nouveau coup.",
        "Ruled: the next card you tap starts a new play.",
    ),
    "dispute.details": ("Détails : {codes}", "Details: {codes}"),
    "dispute.why": ("Pourquoi : {reason}", "Why: {reason}"),
    "dispute.why_lead": (
        "{name} entame : on entame avec la combinaison de son choix.",
        "{name} leads: a lead may be any combination the rules allow.",
    ),
    "dispute.why_beat": (
        "{play} passe au-dessus de {under} selon « {rule} ».",
        "{play} ranks above {under} under '{rule}'.",
    ),
    "dispute.why_equal": (
        "{play} couvre la même valeur (« {rule} »).",
        "{play} covers the same rank ('{rule}').",
    ),
    "dispute.why_pass": (
        "on peut passer même en pouvant battre (« {rule} »).",
        "a player may pass even when able to beat ('{rule}').",
    ),
    "dispute.why_pass_forced": (
        "{name} ne peut rien battre : il passe.",
        "{name} cannot beat anything: he passes.",
    ),
    "dispute.players_range": (
        "Cette variante se joue de {low} à {high} joueurs (pas {n}).",
        "This variant is played by {low} to {high} players (not {n}).",
    ),
    "words.change": (
        "{label} : {value} (au lieu de : {before})",
        "{label}: {value} (instead of: {before})",
    ),
    "words.changes": (
        "Changé par rapport à la variante :\n{lines}",
        "Changed from the variant:\n{lines}",
    ),
    "words.no_change": (
        "Les règles de la variante, sans changement.",
        "The variant's rules, unchanged.",
    ),
    "words.origin_evening": ("option de la soirée", "the evening's option"),
    "words.origin_here": ("changée ici, avant : {before}", "changed here, before: {before}"),
    "words.seeds": ("Vient de : {seeds}", "Comes from: {seeds}"),
    "words.value": ("Valeur : {label}", "Value: {label}"),
    "words.apply": ("Appliquer", "Apply"),
    "words.details": ("Détails : {oid} · {name} = {value}", "Details: {oid} · {name} = {value}"),
    "new.title": ("Nouvelle soirée", "New evening"),
    "new.players": ("Joueurs", "Players"),
    "new.saved": ("Joueurs déjà venus (touchez pour ajouter)", "Players from before (tap to add)"),
    "new.add_label": ("Nouveau nom", "New name"),
    "new.add": ("Ajouter", "Add"),
    "new.move_up": ("Monter {name} d'une place", "Move {name} up one seat"),
    "new.remove": ("Retirer {name}", "Remove {name}"),
    "new.seating": (
        "Autour de la table, dans le sens des aiguilles d'une montre (le premier distribue) :",
        "Around the table, clockwise (the first one deals):",
    ),
    "new.count": (
        "{n:# joueur|# joueurs} (de {low} à {high} pour cette variante)",
        "{n:# player|# players} ({low} to {high} for this variant)",
    ),
    "new.name_empty": ("Écrivez un nom d'abord.", "Type a name first."),
    "new.name_invalid": (
        "Nom refusé : « {name} » (40 caractères au plus, sans « , » ni « : »).",
        "Name refused: '{name}' (at most 40 characters, no ',' or ':').",
    ),
    "new.name_twice": (
        "« {name} » est déjà à la table : choisissez un autre nom (par exemple avec une initiale).",
        "'{name}' is already at the table: choose another name (add an initial, for instance).",
    ),
    "names.similar": (
        "Attention : « {name} » ressemble à « {other} ». Si c'est la même personne, gardez un "
        "seul des deux noms, sinon ce seront deux joueurs.",
        "Note: '{name}' looks like '{other}'. If they are the same person, keep only one of "
        "the two names, or they will be two players.",
    ),
    "new.rules": ("Règles", "Rules"),
    "new.preset": ("Variante", "Variant"),
    "new.options": ("Options", "Options"),
    "new.options_changed": ("{n} changée(s)", "{n} changed"),
    "new.option_reset": ("Revenir aux options de la variante", "Back to the variant's options"),
    "new.roles": ("Premiers rôles", "First roles"),
    "new.roles.draw": ("Chacun tire une carte", "Everyone draws a card"),
    "new.roles.first_hand": ("Première donne sans échange", "A first hand without exchanges"),
    "new.roles.random": ("Au hasard", "At random"),
    "new.draw_for": ("Carte tirée par {name} :", "Card drawn by {name}:"),
    "new.drawn": ("{name} : {cards}", "{name}: {cards}"),
    "new.tie": (
        "Égalité : {names} tirent une nouvelle carte.",
        "A tie: {names} draw another card.",
    ),
    "new.draw_done": ("Classement tiré : {ranking}", "Drawn ranking: {ranking}"),
    "new.redraw": ("Recommencer le tirage", "Draw again from the start"),
    "new.create": ("Commencer la soirée", "Start the evening"),
    "new.not_ready": (
        "Il faut de {low} à {high} joueurs, et le tirage complet s'il y en a un.",
        "It takes {low} to {high} players, and a complete draw if there is one.",
    ),
    "new.failed": ("Soirée non créée : {reason}", "Evening not created: {reason}"),
    # --- the evening at the table ---------------------------------------------------------------
    "evening.title": ("Soirée", "Evening"),
    "evening.none": ("Aucune soirée en cours.", "No evening under way."),
    "evening.loading": ("Chargement…", "Loading…"),
    "evening.failed": ("Lecture impossible : {reason}", "Could not read: {reason}"),
    "damage.evening": ("Le fichier de cette soirée est abîmé", "This evening's file is damaged"),
    "damage.file": (
        "Le fichier de données « {name} » est abîmé",
        "The data file '{name}' is damaged",
    ),
    "damage.kept": (
        "{what} : il est gardé tel quel, rien n'a été écrit par-dessus.",
        "{what}: it is kept as it is, nothing was written over it.",
    ),
    "damage.backup": (
        "Sa dernière bonne sauvegarde date du {day} à {time} : vous pouvez la restaurer "
        "(Réglages › Données).",
        "Its latest good backup is from {day} at {time}: you can restore it (Settings › Data).",
    ),
    "damage.backup_undated": (
        "Une bonne sauvegarde existe : vous pouvez la restaurer (Réglages › Données).",
        "A good backup exists: you can restore it (Settings › Data).",
    ),
    "damage.no_backup": (
        "Il n'en existe aucune bonne sauvegarde : importez un export de vos données si vous en "
        "avez un (Réglages › Données).",
        "There is no good backup of it: import an export of your data if you have one "
        "(Settings › Data).",
    ),
    "evening.hand": ("Donne {n}", "Hand {n}"),
    "evening.dealer": ("donne", "deals"),
    "evening.leads": ("entame", "leads"),
    "evening.order": ("Ordre de sortie : touchez les joueurs", "Finishing order: tap the players"),
    "evening.order_empty": ("Touchez qui sort en premier…", "Tap who goes out first…"),
    "evening.clear": ("Effacer l'ordre", "Clear the order"),
    "evening.events": ("Événements de la donne", "Events of the hand"),
    "evening.event.revolution": ("Révolution", "Revolution"),
    "evening.event.putsch": ("Putsch", "Putsch"),
    "evening.event.coup_detat": ("Coup d'État", "Coup d'État"),
    "evening.event.forbidden_finish": ("Fin interdite", "Forbidden finish"),
    "evening.event.fault": ("Faute", "Fault"),
    "evening.event_who": (
        "{event} : touchez le joueur concerné.",
        "{event}: tap the player concerned.",
    ),
    "evening.event_line": (
        "{event} — {name} (touchez pour retirer)",
        "{event} — {name} (tap to remove)",
    ),
    "evening.event_plain": ("{event} (touchez pour retirer)", "{event} (tap to remove)"),
    "evening.record": ("Enregistrer la donne", "Record the hand"),
    "evening.undo": ("Annuler : {what}", "Undo: {what}"),
    "evening.redo": ("Rétablir : {what}", "Redo: {what}"),
    "evening.undone": ("Annulé : {what}", "Undone: {what}"),
    "evening.redone": ("Rétabli : {what}", "Redone: {what}"),
    "evening.undo_phone": (
        "Annulé sur un autre téléphone : {what}",
        "Undone on another phone: {what}",
    ),
    "evening.redo_phone": (
        "Rétabli sur un autre téléphone : {what}",
        "Redone on another phone: {what}",
    ),
    "evening.undo_elsewhere": ("Annulé ailleurs : {what}", "Undone elsewhere: {what}"),
    "evening.redo_elsewhere": ("Rétabli ailleurs : {what}", "Redone elsewhere: {what}"),
    "evening.redo_action": ("Rétablir", "Redo"),
    "evening.incomplete": (
        "Il manque dans l'ordre de sortie : {names}.",
        "Missing from the finishing order: {names}.",
    ),
    "evening.conflict": (
        "Quelqu'un d'autre a modifié la soirée : voici son nouvel état. Rien "
        "n'a été perdu ni compté deux fois ; vérifiez et recommencez.",
        "Someone else changed this: here is the new state. Nothing was lost "
        "or counted twice; check and try again.",
    ),
    "evening.duplicate": ("Cette donne était déjà enregistrée.", "This hand was already recorded."),
    "evening.rejected": ("Refusé : {reason}", "Refused: {reason}"),
    "evening.result": ("Résultat de la donne {n}", "Result of hand {n}"),
    "evening.result_line": (
        "{title} : {name} · {points:# pt|# pts} (total {total})",
        "{title}: {name} · {points:# pt|# pts} (total {total})",
    ),
    "evening.result_title": ("{title} : {name}", "{title}: {name}"),
    "evening.no_points": (
        "Ces règles ne comptent pas de points : seuls les titres changent.",
        "These rules keep no points: only the titles change.",
    ),
    "evening.effect": ("{effect} : {name}", "{effect}: {name}"),
    "evening.standings": ("Classement de la soirée", "Evening standings"),
    "evening.standing": (
        "{place}. {name} — {total:# pt|# pts}",
        "{place}. {name} — {total:# pt|# pts}",
    ),
    "evening.next": ("Voir la donne suivante", "See the next hand"),
    "evening.ended": ("La soirée est terminée.", "The evening has ended."),
    "evening.effect.revolution": ("Révolution", "Revolution"),
    "evening.effect.putsch_succeeded": ("Putsch réussi", "Putsch succeeded"),
    "evening.effect.putsch_failed": ("Putsch raté", "Putsch failed"),
    "evening.effect.coup_detat": ("Coup d'État", "Coup d'État"),
    "evening.effect.guillotine": ("Guillotine", "Guillotine"),
    "evening.effect.forbidden_finish": ("Fin interdite", "Forbidden finish"),
    "evening.effect.president_falls": ("Le Président tombe", "The Président falls"),
    "evening.effect.fault": ("Faute", "Fault"),
    "evening.effect.fault_penalty": ("Deuxième faute : en bas", "Second fault: to the bottom"),
    "evening.effect.no_change_penalty": (
        "Rien n'a bougé deux fois : en bas",
        "Nothing moved twice: to the bottom",
    ),
    # --- hands and players ----------------------------------------------------------------------
    "hands.open": ("Donnes et joueurs", "Hands and players"),
    "hands.title": ("Donnes et joueurs", "Hands and players"),
    "hands.tab_hands": ("Donnes", "Hands"),
    "hands.tab_players": ("Joueurs", "Players"),
    "hands.none": ("Aucune donne enregistrée pour l'instant.", "No hand recorded yet."),
    "hands.tap_to_correct": ("Touchez une donne pour la corriger.", "Tap a hand to correct it."),
    "hands.order": ("Ordre de sortie : {order}", "Finishing order: {order}"),
    "hands.edit_title": ("Corriger la donne {n}", "Correct hand {n}"),
    "hands.save": ("Enregistrer la correction", "Save the correction"),
    "hands.close_edit": ("Fermer sans enregistrer", "Close without saving"),
    "hands.unchanged": ("Rien n'a changé dans cette donne.", "Nothing changed in this hand."),
    "hands.saved": (
        "Donne {n} corrigée : les donnes suivantes sont recalculées.",
        "Hand {n} corrected: the later hands are recomputed.",
    ),
    "hands.delete": ("Supprimer cette donne", "Delete this hand"),
    "hands.delete_warning": (
        "La donne {n} sera supprimée et les suivantes recalculées "
        "(« Annuler la dernière action » la rétablit).",
        "Hand {n} will be deleted and the later ones recomputed ('Undo "
        "the last action' brings it back).",
    ),
    "hands.delete_confirm": ("Oui, supprimer la donne {n}", "Yes, delete hand {n}"),
    "hands.deleted": ("Donne {n} supprimée.", "Hand {n} deleted."),
    "hands.present": ("À la table", "At the table"),
    "hands.player": ("{name} — {total:# pt|# pts}", "{name} — {total:# pt|# pts}"),
    "hands.leave": ("Part", "Leaves"),
    "hands.left": ("Partis", "Left"),
    "hands.add": (
        "Ajouter un joueur (il commence en bas)",
        "Add a player (he starts at the bottom)",
    ),
    "hands.joined": ("{name} rejoint la table.", "{name} joins the table."),
    "hands.gone": ("{name} a quitté la table.", "{name} has left the table."),
    "hands.no_join_leave": (
        "Ces règles ne prévoient pas d'arrivée ni de départ en cours de soirée.",
        "These rules do not let players join or leave during the evening.",
    ),
    "hands.end": ("Terminer la soirée", "End the evening"),
    "hands.end_warning": (
        "Plus aucune donne ne pourra être enregistrée (« Annuler la dernière "
        "action » rouvre la soirée).",
        "No more hands can be recorded ('Undo the last action' reopens the evening).",
    ),
    "hands.end_confirm": ("Oui, terminer la soirée", "Yes, end the evening"),
    # --- hand entry: guillotine, cards left ---------------------------------------------------
    "evening.event.guillotine": ("Guillotine", "Guillotine"),
    "evening.guillotine_who": (
        "Guillotine : touchez qui l'a posée (il devient Président).",
        "Guillotine: tap who laid it (he becomes Président).",
    ),
    "evening.guillotine_victim": (
        "Guillotine de {name} : touchez qui il envoie en dernier.",
        "{name}'s guillotine: tap who he sends to the bottom.",
    ),
    "evening.event_victim": ("{event} ({name} → {victim})", "{event} ({name} → {victim})"),
    "evening.event_victim_line": (
        "{event} — {name} → {victim} (touchez pour retirer)",
        "{event} — {name} → {victim} (tap to remove)",
    ),
    "evening.summary": ("À enregistrer : {what}", "To record: {what}"),
    "evening.cards_out": (
        "Qui a posé toutes ses cartes ? Touchez-le",
        "Who laid down all his cards? Tap him",
    ),
    "evening.cards_left": (
        "Cartes restantes : touchez un joueur, puis son nombre",
        "Cards left: tap a player, then his count",
    ),
    "evening.cards_count": ("{name} : {cards}", "{name}: {cards}"),
    "evening.none_played": ("Rien posé", "Played none"),
    "evening.cards_pick": (
        "{name} : combien de cartes en main ?",
        "{name}: how many cards in hand?",
    ),
    "evening.cards_place": ("{name} {penalty:# pt|# pts}", "{name} {penalty:# pt|# pts}"),
    "evening.cards_no_out": (
        "Touchez d'abord qui a posé toutes ses cartes.",
        "First tap who laid down all his cards.",
    ),
    "evening.cards_missing": (
        "Il manque le nombre de cartes de : {names}.",
        "Cards left still missing for: {names}.",
    ),
    # --- the evening at a glance: tabs, the table drawn, exchanges, other phones ------------
    "evening.tab.plan": ("Plan", "Plan"),
    "evening.tab.entry": ("Donne", "Hand"),
    "evening.tab.scores": ("Scores", "Scores"),
    "evening.deck": ("{cards} cartes : {parts}", "{cards} cards: {parts}"),
    "evening.deck_plain": ("{cards:# carte|# cartes}", "{cards:# card|# cards}"),
    "evening.jokers": ("{n:# joker|# jokers}", "{n:# joker|# jokers}"),
    "evening.set_aside": (
        "{n:# carte mise|# cartes mises} de côté",
        "{n:# card|# cards} set aside",
    ),
    "evening.seat_cards": ("{n:# carte|# cartes}", "{n:# card|# cards}"),
    "evening.exchanges": ("Les échanges", "The exchanges"),
    "evening.exchange": ("{giver} → {to} : {what}", "{giver} → {to}: {what}"),
    "evening.merchants": (
        "{a} ⇄ {b} : une carte chacun, marchandée",
        "{a} ⇄ {b}: one card each, bargained",
    ),
    "evening.no_exchange": ("Pas d'échange à cette donne.", "No exchange this hand."),
    "evening.details": ("Détails", "Details"),
    # a lasting revolution (B9 quad_persistent), shown on the felt beside the deck
    "evening.reversed": ("Révolution : ordre inversé", "Revolution: order reversed"),
    "evening.details_hint": (
        "Le plan en phrases complètes",
        "The plan in full sentences",
    ),
    "evening.key_total": ("{total:# pt|# pts}", "{total:# pt|# pts}"),
    "evening.stale_recorded": (
        "Un autre téléphone a enregistré la donne {n} : {order}.",
        "Another phone recorded hand {n}: {order}.",
    ),
    "evening.stale_changed": (
        "Un autre téléphone a changé la soirée : on en est à la donne {n}.",
        "Another phone changed the evening: it is now hand {n}.",
    ),
    "evening.stale_yours": (
        "Vos touches pour la donne {n} sont gardées : {taps}",
        "Your taps for hand {n} are kept: {taps}",
    ),
    "evening.stale_keep": ("Les garder pour la donne {n}", "Keep them for hand {n}"),
    "evening.stale_clear": ("Les effacer", "Clear them"),
    "evening.stale_choose": (
        "Gardez ou effacez d'abord vos touches (en haut de l'écran).",
        "First keep or clear your taps (at the top of the screen).",
    ),
    "evening.new_started": (
        "Une nouvelle soirée a commencé : {title}.",
        "A new evening has started: {title}.",
    ),
    "evening.follow_new": ("Suivre la nouvelle soirée", "Follow the new evening"),
    "evening.untitled": ("soirée du {day}", "evening of {day}"),
    # --- scores: score sheet, podium, ratings, players ---------------------------------------
    "sheet.title": ("Feuille de score", "Score sheet"),
    "sheet.total": ("Tot.", "Tot."),
    "sheet.leader": ("En tête : {name}", "Leading: {name}"),
    "sheet.rank_rule": ("Classement de la soirée : {rule}", "Evening ranked by: {rule}"),
    "sheet.empty": ("Aucune donne jouée pour l'instant.", "No hand played yet."),
    "sheet.tally_line": (
        "Président {president}× · Trou du cul {last}× · série {streak}",
        "Président {president}× · Trou du cul {last}× · streak {streak}",
    ),
    "podium.title": ("Le podium", "The podium"),
    "podium.png": ("Télécharger l'image", "Download the image"),
    "podium.png_missing": (
        "L'image du podium se dessine avec « companion serve » sur un ordinateur ; ici, "
        "partagez le texte.",
        "The podium image is drawn by 'companion serve' on a computer; here, share the text.",
    ),
    "podium.copy": ("Copier le texte", "Copy the text"),
    "podium.text": ("Texte (.txt)", "Text (.txt)"),
    "podium.copied": (
        "Texte copié : collez-le dans la conversation.",
        "Text copied: paste it into the chat.",
    ),
    "podium.download_failed": ("Téléchargement refusé : {reason}", "Download refused: {reason}"),
    "history.item_when": ("{day} à {time}", "{day} at {time}"),
    "board.rating": ("cote {mu} ± {sigma}", "rating {mu} ± {sigma}"),
    "board.rating_provisional": (
        "cote {mu} ± {sigma} (provisoire)",
        "rating {mu} ± {sigma} (provisional)",
    ),
    "rating.explain": (
        "La cote estime le niveau d'après les places de chaque donne, toutes soirées "
        "confondues ; le ± dit l'incertitude, qui baisse à chaque donne jouée. La cote reste "
        "provisoire tant que l'incertitude est forte (environ les 15 à 20 premières donnes).",
        "The rating estimates a player's level from his places in every hand, all evenings "
        "together; the ± is its uncertainty, which shrinks with every hand played. The rating "
        "stays provisional while the uncertainty is high (about the first 15 to 20 hands).",
    ),
    "board.rating_order": (
        "Ce classement suit les points, puis la place moyenne : pas la cote.",
        "This list is ranked by points, then average place: not by the rating.",
    ),
    "board.avg_place": ("place moyenne {place}", "average place {place}"),
    "board.normalise": ("Places ramenées à une table de 5", "Places as at a table of 5"),
    "board.rating_chart": ("La cote au fil des soirées", "Rating over time"),
    "board.rating_help": (
        "Cote openskill (Plackett–Luce) sur l'ordre d'arrivée de chaque donne ; classement "
        "prudent : cote − 3 × incertitude.",
        "openskill rating (Plackett–Luce) over each hand's finishing order; ranked "
        "conservatively: rating − 3 × uncertainty.",
    ),
    "board.axis_rating": ("Cote", "Rating"),
    "players.title": ("Joueurs", "Players"),
    "players.line": (
        "donnes : {hands} · soirées : {evenings}",
        "hands: {hands} · evenings: {evenings}",
    ),
    "players.rename": ("Renommer", "Rename"),
    "players.new_name": ("Nouveau nom", "New name"),
    "players.save": ("Enregistrer", "Save"),
    "players.merge": ("Fusionner…", "Merge…"),
    "players.merge_help": (
        "Touchez le joueur dans lequel fusionner {name} : toutes ses soirées compteront pour lui.",
        "Tap the player to merge {name} into: all his evenings will count as that player's.",
    ),
    "players.renamed": ("{before} s'appelle maintenant {after}.", "{before} is now {after}."),
    "players.merged": (
        "{source} compte désormais comme {target}.",
        "{source} now counts as {target}.",
    ),
    "players.undone": ("Annulé.", "Undone."),
    "players.merge_here": ("Fusionner {name} ici", "Merge {name} here"),
    "players.cancel": ("Annuler", "Cancel"),
    "players.undo": ("Annuler", "Undo"),
    "players.merged_list": ("Fusionnés", "Merged"),
    "players.merged_line": ("{source} → {target}", "{source} → {target}"),
    "players.unmerge": ("Défaire", "Unmerge"),
    "player.titles": (
        "{hands} donnes · Président {president}× · Trou du cul {last}×",
        "{hands} hands · Président {president}× · Trou du cul {last}×",
    ),
    "player.places_chart": ("Ses places au fil des soirées", "Places over time"),
    "player.h2h": ("Face à face", "Head-to-head"),
    "player.h2h_line": (
        "contre {name} : devant {ahead} fois, derrière {behind} ({hands} donnes)",
        "against {name}: ahead {ahead} times, behind {behind} ({hands} hands)",
    ),
    "player.none": ("Aucune donne jouée.", "No hand played."),
}


class _Plurals(Formatter):
    """``{n:# joueur|# joueurs}``: the singular or plural form for the number ``n``, with
    ``#`` standing for the number. French takes the singular below 2 (« 0 point », « 1 pt »),
    English only for one ("0 points", "1 pt")."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: object, format_spec: str) -> str:
        if "|" not in format_spec or not isinstance(value, int):
            return str(super().format_field(value, format_spec))
        one, other = format_spec.split("|", 1)
        single = abs(value) == 1 if self.lang == "en" else abs(value) < 2
        return (one if single else other).replace("#", str(value))


def t(lang: str, key: str, **fields: object) -> str:
    """The text of ``key`` in ``lang`` (French when the language is unknown); counts take
    their plural form (see ``_Plurals``)."""
    fr, en = STRINGS[key]
    text = en if lang == "en" else fr
    return _Plurals("en" if lang == "en" else "fr").format(text, **fields) if fields else text


def fields_of(text: str) -> set[str]:
    """The ``{names}`` a text expects, for checking both languages agree."""
    return {name for _, name, _, _ in Formatter().parse(text) if name}
