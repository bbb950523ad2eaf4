# ruff: noqa: E501  (one sentence per line reads better than split strings)
"""The presets' open points in French, keyed by their English text (docs/rules.md shows both;
``tests/rules/test_seed_rules_doc.py`` checks that every open point has its French)."""

from __future__ import annotations

FRENCH: dict[str, str] = {
    "First hand: the player left of the dealer leads (P5a); later hands the Président leads, as the seed's basic game says.": (
        "Première donne : le joueur à gauche du donneur entame (P5a) ; ensuite le Président entame, comme le dit le jeu de base de la source."
    ),
    "A player who has gone out is skipped; if he won the trick, the next player in rotation leads (seed: 'le tour passe au joueur suivant').": (
        "Un joueur sorti est sauté ; s'il a remporté la tournée, le joueur suivant dans la rotation entame (source : « le tour passe au joueur suivant »)."
    ),
    "First hand: no roles and no exchange ('Le joueur à la gauche du croupier commence'); the first player named deals all the cards one by one from his left.": (
        "Première donne : ni rôles ni échange (« Le joueur à la gauche du croupier commence ») ; le premier joueur nommé distribue toutes les cartes une à une en commençant par sa gauche."
    ),
    "Middle places are 'Citoyen' (numbered when there are several); the last is 'Trouduc'.": (
        "Les places du milieu sont « Citoyen » (numérotées quand il y en a plusieurs) ; la dernière est « Trouduc »."
    ),
    "The Trouduc gives his highest card first, then the Président gives back any card.": (
        "Le Trouduc donne d'abord sa carte la plus haute, puis le Président rend une carte de son choix."
    ),
    "Points are the seed's example (2 Président, 1 Vice-Président) to a target of 11.": (
        "Les points sont l'exemple de la source (2 au Président, 1 au Vice-Président), jusqu'à 11."
    ),
    "Joining and leaving between hands is allowed (PAGAT 'Rejoindre et quitter une partie').": (
        "Arriver et partir entre les donnes est permis (PAGAT « Rejoindre et quitter une partie »)."
    ),
    "The seed describes one round after the lead ('Le vice-président, puis le président font de même. Le joueur ayant posé la plus forte combinaison remporte le pli'): trick_rounds=one_round.": (
        "La source décrit un seul tour après l'entame (« Le vice-président, puis le président font de même. Le joueur ayant posé la plus forte combinaison remporte le pli ») : trick_rounds=one_round."
    ),
    "A lone joker on any combination wins the trick at once (it cannot be beaten: there is one joker).": (
        "Un joker seul sur n'importe quelle combinaison remporte la tournée aussitôt (personne ne peut le battre : il n'y a qu'un joker)."
    ),
    "« en posant de une à quatre cartes »: a four of a kind is the largest combination (max_set=4).": (
        "« en posant de une à quatre cartes » : le carré est la plus grande combinaison (max_set=4)."
    ),
    "Roles by drawing a card in the game's order (draw_order=ace_high for 'l'ordre des cartes de la bataille'); the first hand after the draw has the exchanges.": (
        "Rôles par tirage d'une carte dans l'ordre du jeu (draw_order=ace_high pour « l'ordre des cartes de la bataille ») ; la première donne après le tirage a les échanges."
    ),
    "Seats: Vice-Président on the Président's right, Secrétaire opposite, Balayeur on his left; the Président deals the 53 cards from himself, so he has 14.": (
        "Places : le Vice-Président à droite du Président, le Secrétaire en face, le Balayeur à sa gauche ; le Président distribue les 53 cartes en commençant par lui, il en a donc 14."
    ),
    "Points 3/2/1/0 are kept (the seed: 'En principe, il n'y a pas de marque'), with no target: the table stops when it likes. The one-card variant is exchange=1/1.": (
        "Les points 3/2/1/0 sont comptés (la source : « En principe, il n'y a pas de marque »), sans score à atteindre : la table s'arrête quand elle veut. La variante à une carte est exchange=1/1."
    ),
    "Jokers rank just above the 2s with no special power ('le cas échéant, Joker').": (
        "Les jokers se placent juste au-dessus des 2, sans pouvoir particulier (« le cas échéant, Joker »)."
    ),
    "The seed says passing players 'ont successivement passé': a pass does not bar.": (
        "La source dit que les joueurs « ont successivement passé » : passer n'exclut pas de la tournée."
    ),
    "Later hands follow the first: the player after the dealer (the Trou du cul) leads.": (
        "Les donnes suivantes comme la première : le joueur après le donneur (le Trou du cul) entame."
    ),
    "Finishing on a 2 is refused (the base text says 'interdit'); the harsher 'Trou du cul par défaut' penalty is the option forbidden_finish_penalty=last_place.": (
        "Finir sur un 2 est refusé (le texte de base dit « interdit ») ; la sanction plus dure « Trou du cul par défaut » est l'option forbidden_finish_penalty=last_place."
    ),
    "The 32/30-card decks with order 8…A 7 are options (deck=32 rank_order=seven_high).": (
        "Les jeux de 32 et 30 cartes avec l'ordre 8…A 7 sont des options (deck=32 rank_order=seven_high)."
    ),
    "« Le joueur pose de une à quatre cartes de même valeur »: sets of one to four cards (max_set=4), also with two decks.": (
        "« Le joueur pose de une à quatre cartes de même valeur » : des combinaisons d'une à quatre cartes (max_set=4), même avec deux paquets."
    ),
    "« atout » is the option twos=atout: a lone 2 beats any combination and n−1 twos beat n cards; « Le joueur l'ayant placé récupère la main et relance un nouveau tour de cartes »: the player of the 2s takes the trick at once, so no joker can top a lone 2 even with jokers in the pack.": (
        "« atout » est l'option twos=atout : un 2 seul bat n'importe quelle combinaison et n−1 deux battent n cartes ; « Le joueur l'ayant placé récupère la main et relance un nouveau tour de cartes » : le joueur des 2 remporte la tournée aussitôt, donc aucun joker ne peut couvrir un 2 seul, même avec des jokers dans le jeu."
    ),
    "Coup d'État (coup_detat=true): the seed does not say when its five cards may be played; we allow them on one's turn, as a lead or on any play, and they take the trick at once. They are one combination, not a four of a kind: no revolution. The guillotine (four of a kind and two jokers) is played the same way; the evening re-ranks the hand.": (
        "Coup d'État (coup_detat=true) : la source ne dit pas quand ses cinq cartes se jouent ; nous les permettons à son tour, en entame ou sur n'importe quel coup, et elles remportent la tournée aussitôt. C'est une combinaison, pas un carré : pas de révolution. La guillotine (un carré et deux jokers) se joue de même ; la soirée reclasse la donne."
    ),
    "Seats by rank as in PAGAT: Vice-Président on the Président's left … Trou du cul on his right; the Trou du cul deals one by one from his left, so the Président gets the first card (the seed gives no layout and no first card).": (
        "Places par rang comme chez PAGAT : le Vice-Président à gauche du Président … le Trou du cul à sa droite ; le Trou du cul distribue une à une en commençant par sa gauche, donc le Président reçoit la première carte (la source ne donne ni disposition ni première carte)."
    ),
    "First game: the first player named deals; each gets the same number of cards, the extras are shown and set aside; no titles yet and no exchange.": (
        "Première partie : le premier joueur nommé distribue ; chacun reçoit le même nombre de cartes, les cartes en trop sont montrées et mises de côté ; pas encore de titres ni d'échange."
    ),
    "Middle places are all 'Neutre' (numbered when several): they neither give nor receive. The last place is 'Trou du cul' at every count (the seed writes 'Trouduc' at 3).": (
        "Les places du milieu sont toutes « Neutre » (numérotées s'il y en a plusieurs) : elles ne donnent ni ne reçoivent. La dernière place est « Trou du cul » à tout nombre de joueurs (la source écrit « Trouduc » à 3)."
    ),
    "Points n−1 … 0 per hand; the seed's target is 'prédéterminé' without a number: the evening is open unless the table sets target=N.": (
        "Points n−1 … 0 par donne ; le score de la source est « prédéterminé » sans nombre : la soirée est ouverte sauf si la table fixe target=N."
    ),
    "Putsch, coup d'État and the negotiated or collective exchanges are options (putsch=true, coup_detat=true, exchange_low=…, exchange_high=…).": (
        "Le putsch, le coup d'État et les échanges négociés ou collectifs sont des options (putsch=true, coup_detat=true, exchange_low=…, exchange_high=…)."
    ),
    "Two Fous for the whole pack, with one or two decks (jokers=2 jokers_per=pack).": (
        "Deux Fous pour tout le jeu, avec un ou deux paquets (jokers=2 jokers_per=pack)."
    ),
    "A 2 played on a pair stands for a pair of 2s: only a Fou beats it then.": (
        "Un 2 joué sur une paire vaut une paire de 2 : seul un Fou le bat alors."
    ),
    "A player must beat if he can ('Le vice-président doit battre… Quand un joueur ne peut battre…, il passe'): must_beat=true.": (
        "Un joueur doit battre s'il le peut (« Le vice-président doit battre… Quand un joueur ne peut battre…, il passe ») : must_beat=true."
    ),
    "The seed does not say who leads when the winner has gone out: the next player to the left.": (
        "La source ne dit pas qui entame quand le gagnant est sorti : le joueur suivant à gauche."
    ),
    "Continuous play and ranked suits are the options trick_rounds=until_all_pass and suits=ranked.": (
        "Le jeu en continu et la hiérarchie des couleurs sont les options trick_rounds=until_all_pass et suits=ranked."
    ),
    "At five or six players « Le jeu se joue essentiellement comme le Concierge à trois ou quatre joueurs », where a player leads a single card, a pair, three or four of a kind: two decks do not make sets of five to eight (max_set=4), and one fewer 2 beats only those sets.": (
        "À cinq ou six joueurs, « Le jeu se joue essentiellement comme le Concierge à trois ou quatre joueurs », où l'on entame une carte seule, une paire, un brelan ou un carré : deux paquets ne font pas de combinaisons de cinq à huit cartes (max_set=4), et un 2 de moins ne bat que ces combinaisons."
    ),
    "Roles by drawing; the lowest card deals, the highest sits on his left as Président.": (
        "Rôles par tirage ; la carte la plus basse distribue, la plus haute s'assied à sa gauche, Président."
    ),
    "The Président gives 'ses deux cartes les moins intéressantes': cards of his choice; the others give their lowest, as the seed says ('sa plus mauvaise').": (
        "Le Président donne « ses deux cartes les moins intéressantes » : des cartes de son choix ; les autres donnent leur plus basse, comme le dit la source (« sa plus mauvaise »)."
    ),
    "The higher player gives first in each pair, in the seed's order: Président–Concierge, then from the bottom up commis 1–commis 2, secrétaire–commis 1, vice-président–secrétaire (at 5 players: no commis 2).": (
        "Dans chaque paire le joueur du haut donne le premier, dans l'ordre de la source : Président–Concierge, puis de bas en haut commis 1–commis 2, secrétaire–commis 1, vice-président–secrétaire (à 5 joueurs : pas de commis 2)."
    ),
    "At 3 players: Président, Vice-Président, Concierge; only the Président and the Concierge exchange.": (
        "À 3 joueurs : Président, Vice-Président, Concierge ; seuls le Président et le Concierge échangent."
    ),
    "No points in the seed: scoring=none.": ("Pas de points dans la source : scoring=none."),
    "Order 2 3 … A joker (the seed's 'Classique'); 3 … A 2 joker is rank_order=two_high.": (
        "Ordre 2 3 … A joker (le « Classique » de la source) ; 3 … A 2 joker est rank_order=two_high."
    ),
    "After a four of a kind beats a joker, a second joker may beat that four of a kind (the joker 'beats any combination'); a four of a kind beats only a lone joker.": (
        "Après qu'un carré a battu un joker, un second joker peut battre ce carré (le joker « est supérieur à n'importe quelle combinaison ») ; un carré ne bat qu'un joker seul."
    ),
    "Self-overplay (Remarque 1): when everyone else has abandoned, the last player may play once more on his own cards. A play that does not beat his own starts the next trick; to lead something that would beat it he first says 'pass' (gathers the trick).": (
        "Rejouer sur soi (Remarque 1) : quand tous les autres ont abandonné, le dernier joueur peut encore jouer une fois sur ses propres cartes. Un coup qui ne bat pas le sien commence la tournée suivante ; pour entamer quelque chose qui le battrait, il dit d'abord « passe » (il ramasse la tournée)."
    ),
    "When the winner has gone out, the highest-ranked remaining player leads ('le joueur restant de plus haut grade'), ranks as they stood at the start of the hand.": (
        "Quand le gagnant est sorti, le joueur restant de plus haut grade entame (« le joueur restant de plus haut grade »), selon les grades du début de la donne."
    ),
    "« une carte seule, ou bien une paire, un brelan ou un carré »: sets of one to four cards (max_set=4).": (
        "« une carte seule, ou bien une paire, un brelan ou un carré » : des combinaisons d'une à quatre cartes (max_set=4)."
    ),
    "Seats clockwise by rank from the Président, who does not move: the seed's diagram is lost, but its example plays S, L, TC, P in turn.": (
        "Places dans le sens des aiguilles d'une montre par grade depuis le Président, qui ne bouge pas : le schéma de la source est perdu, mais son exemple fait jouer S, L, TC, P dans cet ordre."
    ),
    "Roles by drawing a card, ties redrawn; the first session has the usual exchanges.": (
        "Rôles par tirage d'une carte, égalités départagées par un nouveau tirage ; la première session a les échanges habituels."
    ),
    "After the seed's first cards (e.g. '2 cartes au Trou-du-cul'), the deal goes on one by one clockwise from the Président until the pack is out.": (
        "Après les premières cartes de la source (par ex. « 2 cartes au Trou-du-cul »), la distribution continue une à une dans le sens des aiguilles d'une montre depuis le Président jusqu'à épuisement du paquet."
    ),
    "At 5 and 6 players the Contremaître's discarded card is shown and collected by the Trou-du-cul, as the Secrétaire's at 3 players ('Comme à 4, et…').": (
        "À 5 et 6 joueurs, la carte défaussée par le Contremaître est montrée et ramassée par le Trou-du-cul, comme celle du Secrétaire à 3 joueurs (« Comme à 4, et… »)."
    ),
    "No points ('limité que par le manque de sommeil'): scoring=none, open evening.": (
        "Pas de points (« limité que par le manque de sommeil ») : scoring=none, soirée ouverte."
    ),
    "One round per trick, so a player never plays on his own card.": (
        "Un seul tour par tournée, donc un joueur ne joue jamais sur sa propre carte."
    ),
    "Must play if able: a pass is refused when the player's hand (if known) holds a card that beats.": (
        "Obligation de jouer si on le peut : un passe est refusé quand la main du joueur (si on la connaît) a une carte qui bat."
    ),
    "Tricks pile up on the table rather than being set aside: no effect on play.": (
        "Les plis s'empilent sur la table au lieu d'être mis de côté : sans effet sur le jeu."
    ),
    "The loser (Klootzak) leads the next hand.": (
        "Le perdant (Klootzak) entame la donne suivante."
    ),
    "No seat change: give the seats with --seats (by default the ranking order). The Klootzak deals one by one from his left and leads.": (
        "Pas de changement de place : donnez les places avec --seats (par défaut l'ordre du classement). Le Klootzak distribue une à une en commençant par sa gauche et entame."
    ),
    "Only the winner and the loser exchange: the loser's 2 best for 2 the winner chooses.": (
        "Seuls le gagnant et le perdant échangent : les 2 meilleures cartes du perdant contre 2 cartes choisies par le gagnant."
    ),
    "Points as in PAGAT's basic game (2, 1, 0…, target 11).": (
        "Points comme le jeu de base de PAGAT (2, 1, 0…, jusqu'à 11)."
    ),
    "Two jokers per deck; jokers, 2s and 3s are wild. A set of only wild cards ranks above every natural set, and such sets are equal to each other.": (
        "Deux jokers par paquet ; jokers, 2 et 3 sont libres. Une combinaison faite seulement de cartes libres est au-dessus de toute combinaison naturelle, et ces combinaisons sont égales entre elles."
    ),
    "A natural set and the same rank with wild cards are equal (the seed is silent): neither beats the other.": (
        "Une combinaison naturelle et la même valeur avec des cartes libres sont égales (la source ne dit rien) : aucune ne bat l'autre."
    ),
    "Titles from the six Hűbéres ranks, top and bottom first: at 4 Király, Nagybirtokos, Kisparaszt, Mocsár; an odd middle place is Polgár (burgher), with no exchange.": (
        "Titres tirés des six rangs du Hűbéres, du haut et du bas d'abord : à 4 Király, Nagybirtokos, Kisparaszt, Mocsár ; une place du milieu impaire est Polgár (bourgeois), sans échange."
    ),
    "Exchanges 3, 2, 1 from the outside in; the lower gives his best, the higher any cards.": (
        "Échanges 3, 2, 1 de l'extérieur vers l'intérieur ; le joueur du bas donne ses meilleures, celui du haut des cartes de son choix."
    ),
    "Play as in PAGAT's basic game; only the exchanges differ.": (
        "Jeu comme le jeu de base de PAGAT ; seuls les échanges diffèrent."
    ),
    "Titles Président, Vice-Président, Citoyen…, Vice-Butthead, Butthead (the seed's 'vice-bouton' is the Vice-Butthead).": (
        "Titres Président, Vice-Président, Citoyen…, Vice-Butthead, Butthead (le « vice-bouton » de la source est le Vice-Butthead)."
    ),
    "Butthead gives 2 best, gets 3 chosen; Vice-Butthead gives 1 best, gets 2 chosen.": (
        "Le Butthead donne ses 2 meilleures et reçoit 3 cartes choisies ; le Vice-Butthead donne sa meilleure et en reçoit 2 choisies."
    ),
    "Two jokers for the whole pack, even with two decks (the seed: 'Un ou deux jokers'), wild, never above the Ace: a lone joker counts as an Ace.": (
        "Deux jokers pour tout le jeu, même avec deux paquets (la source : « Un ou deux jokers »), libres, jamais au-dessus de l'As : un joker seul compte comme un As."
    ),
    "A play of 9s (any number) inverts the order once, until the trick ends, and lets every player who passed come back in.": (
        "Un coup de 9 (quel qu'en soit le nombre) inverse l'ordre une fois, jusqu'à la fin de la tournée, et fait revenir tous les joueurs qui avaient passé."
    ),
    "A play of 8s reverses the direction when it holds an odd number of 8s ('Une paire de 8 n'a aucun effet').": (
        "Un coup de 8 change le sens du jeu quand il compte un nombre impair de 8 (« Une paire de 8 n'a aucun effet »)."
    ),
    "A play of 10s wins the trick at once; 7s skip one player per 7.": (
        "Un coup de 10 remporte la tournée aussitôt ; les 7 sautent un joueur par 7."
    ),
    "Seats by rank clockwise from the Président; the play turns so that the Président plays last in the first round (anticlockwise with these seats).": (
        "Places par rang dans le sens des aiguilles d'une montre depuis le Président ; le jeu tourne de sorte que le Président joue le plus tard possible au premier tour (en sens inverse avec ces places)."
    ),
    "The Strutz deals one by one from himself up the ranks, so the extra cards go to the Strutz, then the Sous-Strutz…; first game as in the article (equal hands, extras set aside).": (
        "Le Strutz distribue une à une en commençant par lui puis en remontant les rangs, donc les cartes en trop vont au Strutz, puis au Sous-Strutz… ; première partie comme dans l'article (mains égales, cartes en trop mises de côté)."
    ),
    "At 3 players: Président, Neutre, Strutz; from 5, the middle places are Neutre.": (
        "À 3 joueurs : Président, Neutre, Strutz ; à partir de 5, les places du milieu sont Neutre."
    ),
    "The Sous-Strutz gives his best card except a joker, and may veto as the Strutz does.": (
        "Le Sous-Strutz donne sa meilleure carte sauf un joker, et peut mettre un veto comme le Strutz."
    ),
    "Points n−1 … 0 as in the article's 'Jeu aux points'; open evening.": (
        "Points n−1 … 0 comme au « Jeu aux points » de l'article ; soirée ouverte."
    ),
    "After a 7 the next player may play any rank (same number of cards).": (
        "Après un 7, le joueur suivant peut jouer n'importe quelle valeur (même nombre de cartes)."
    ),
    "A play of aces ends the trick at once.": ("Un coup d'As termine la tournée aussitôt."),
    "Finishing on an ace is allowed but makes the player Trou du cul (the first to do so is last, the next just above).": (
        "Finir sur un As est permis mais fait du joueur le Trou du cul (le premier à le faire est dernier, le suivant juste au-dessus)."
    ),
    "Passing does not bar a player from the trick (the seed does not say it does).": (
        "Passer n'exclut pas un joueur de la tournée (la source ne dit pas le contraire)."
    ),
    "The Trou du cul gives his 2 best, the Président any 2 cards.": (
        "Le Trou du cul donne ses 2 meilleures cartes, le Président 2 cartes de son choix."
    ),
    "More cards beat fewer when of the same or a higher rank; a same-rank play 'wizzes' one player plus one per extra card.": (
        "Plus de cartes battent moins de cartes quand elles sont de même valeur ou plus fortes ; un coup de même valeur « wizze » un joueur plus un par carte en plus."
    ),
    "The other base rules of the article apply (finishing on a 2 is refused).": (
        "Les autres règles de base de l'article s'appliquent (finir sur un 2 est refusé)."
    ),
}
