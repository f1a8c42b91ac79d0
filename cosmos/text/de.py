"""German texts of the game (our own translation: the source lessons show no German screens)."""
from __future__ import annotations

from types import MappingProxyType

TEXTS = MappingProxyType({
    # the header: turn, empire and score; stock and income; research
    "header_turn": "Zug {turn}/{turns}  {empire} ({letter})",
    "header_score": "Punkte {score}",
    "header_science": "Forschung {science}",
    "research_none": "Es wird nichts erforscht (r Nummer). Forschungsvorrat: {banked}",
    "research_now": "Forschung: {tech} {banked}/{cost}, noch {turns} {turns:Zug|Züge}",
    # the opening screen
    "intro_start": "{empire:Nom} beginnt im System {system}: eine Hauptstadt, eine Werft, ein "
                   "Labor und deine erste Flotte.",
    "intro_rules": "Besiedle Planeten, erforsche Technologien, baue eine Flotte. Im Kampf "
                   "schlägt I B, B schlägt F, F schlägt I.",
    "intro_victory": "Sieg: erobere alle, erforsche das Sternentor oder produziere {economy}. "
                     "Nach {turns} {turns:Zug|Zügen} gewinnt der Stärkste. Tippe help.",
    # footers
    "footer_back": "Enter oder map: zurück zur Karte   help: Befehle",
    "footer_map": "help: Befehle   end: Zug beenden   sys N: ein System",
    "footer_end": "Das Spiel ist vorbei. quit: beenden   load K: Spielstand laden",
    # a system
    "sys_title": "System {number} {name}, {star}. Routen nach: {lanes}",
    "star_red": "roter Stern",
    "star_yellow": "gelber Stern",
    "star_blue": "blauer Stern",
    "planet_line": "Planet {number} {name}, {kind} ({owner})",
    "planet_free": "frei",
    "planet_rich": "  Vorkommen {rich}",
    "planet_buildings": "  Minen {mines}  Labor {lab}  Werft {yard}  Festung {fort}",
    "planet_siege": "  belagert: {turns} {turns:Zug|Züge}, Mauern noch {walls}",
    "yes": "ja",
    "no": "nein",
    "fleet_line": "Flotte {empire:gen}: {ships}",
    "fleet_line_moving": "Flotte {empire:gen}: {ships}, unterwegs nach {target}",
    # kinds of things
    "planet_type_rocky": "Felswelt",
    "planet_type_gas_giant": "Gasriese",
    "planet_type_icy": "Eiswelt",
    "planet_type_ocean": "Ozeanwelt",
    "planet_type_volcanic": "Vulkanwelt",
    "ship_I": "Abfangjäger",
    "ship_B": "Bomber",
    "ship_F": "Fregatte",
    "ship_D": "Schlachtschiff",
    # a ship type counted (one|other): 1 frigate, 2 frigates
    "ships_I": "Abfangjäger|Abfangjäger",
    "ships_B": "Bomber|Bomber",
    "ships_F": "Fregatte|Fregatten",
    "ships_D": "Schlachtschiff|Schlachtschiffe",
    "building_mine": "Mine",
    "building_lab": "Labor",
    "building_yard": "Werft",
    "building_fort": "Festung",
    "personality_warlord": "Kriegsherr",
    "personality_builder": "Baumeister",
    "personality_scholar": "Gelehrter",
    # commands: bad input (nothing happens, the turn goes on)
    "parse_unknown": "Unbekannter Befehl {word}. Tippe help für die Liste.",
    "parse_usage": "Aufruf: {usage}",
    "parse_not_number": "{word} ist keine Zahl. Aufruf: {usage}",
    "parse_range": "{what} muss zwischen {low} und {high} liegen.",
    "err_option_number": "{option} erwartet eine ganze Zahl, nicht {value}.",
    "err_option_at_most": "{option} darf höchstens {high} sein.",
    "err_option_at_least": "{option} muss mindestens {low} sein.",
    "parse_too_long": "Die Zeile ist zu lang (höchstens {limit} {limit:Zeichen|Zeichen}).",
    "parse_bad_chars": "Erlaubt sind nur Buchstaben, Ziffern und Leerzeichen.",
    "parse_game_over": "Das Spiel ist vorbei: Du kannst dich noch umsehen, einen Spielstand laden oder das Spiel "
                       "verlassen.",
    "parse_empire": "{word} ist kein Reich dieses Spiels ({letters}).",
    "what_system": "Das System",
    "what_planet": "Der Planet",
    "what_tech": "Die Technologie",
    "what_count": "Die Anzahl der Schiffe",
    "what_turns": "Die Anzahl der Züge",
    "what_slot": "Der Speicherplatz",
    "what_empire": "Das Reich",
    # help
    "help_title": "Befehle (eine leere Zeile ist map):",
    "help_map": "map            die Karte der Galaxis zeigen",
    "help_sys": "sys N          System N zeigen: Planeten, Gebäude, Flotten",
    "help_emp": "emp            die Reiche, ihre Beziehungen und Angebote zeigen",
    "help_tech": "tech           den Technologiebaum zeigen",
    "help_fleets": "fleets         deine Flotten zeigen",
    "help_col": "col P          Planet P besiedeln",
    "help_build": "b mine|lab|yard|fort P   auf Planet P ein Gebäude bauen",
    "help_research": "r X [Y Z]      Technologie X, danach Y, dann Z erforschen",
    "help_ship": "ship T N P     N Schiffe vom Typ T (I B F D) auf Planet P bauen",
    "help_go": "go A B [2I 1F]   Flotte (oder nur diese) von A nach B schicken",
    "help_end": "end            den Zug beenden; wait N: bis zu N Züge beenden",
    "help_diplomacy": "peace E, war E   E Frieden anbieten, E den Krieg erklären",
    "help_save": "save K, load K speichern, laden (Platz 1 bis 3); quit: beenden",
    "help_battle": "report, news   Kampfbericht, Nachrichten des Zugs zeigen",
    "help_rules": "help battle   Kampfregeln zeigen: Schüsse, Schaden, Festungen",
    "help_roles": "Im Kampf schlägt I B, B schlägt F, F schlägt I; D ist stark.",
    "rules_title": "Kampfregeln:",
    "rules_rounds": ("Ein Kampf dauert höchstens {rounds} {rounds:Schusswechsel|Schusswechsel}. In jedem feuern alle "
                     "Seiten zugleich auf die Schiffe, die zu seinem Beginn da waren; alle Verluste zählen erst "
                     "an seinem Ende."),
    "rules_damage": ("Der Schaden einer Waffe verteilt sich nach ihrer Zahl auf die feindlichen Schiffe: {strong} % "
                     "gegen die Art, über die sie siegt (I schlägt B, B schlägt F, F schlägt I), {weak} % gegen die "
                     "Art, der sie unterliegt, sonst 100 %."),
    "rules_dread": "Das Schlachtschiff D braucht eine Technologie; es feuert mit {dread} % auf I, B und F.",
    "rules_ships": ("Angriff/Trefferpunkte: {ships} (Technologien erhöhen sie). Nur ganze Schiffe gehen verloren; "
                    "der übrige Schaden bleibt bis zum Ende des Kampfes als Wunde."),
    "rules_fort": ("Eine Festung feuert mit {fort} Angriff je Stufe, 100 % auf jede Art, und kann nicht beschossen "
                   "werden: Eine Belagerung zerstört ihre Mauern ({fort_hp} je Stufe) und nimmt den Planeten, "
                   "sobald sie nach {siege} {siege:Zug|Zügen} Belagerung bei 0 sind."),
    # technologies
    "tech_deep_drilling": "Tiefbohrung",
    "tech_gas_siphons": "Gasabsaugung",
    "tech_plasma_cannons": "Plasmakanonen",
    "tech_research_grid": "Forschungsnetz",
    "tech_ion_engines": "Ionenantrieb",
    "tech_reinforced_hulls": "Verstärkte Rümpfe",
    "tech_bastions": "Bastionen",
    "tech_crystal_lattice": "Kristallgitter",
    "tech_dreadnought_yards": "Schlachtschiffwerften",
    "tech_uranium_enrichment": "Urananreicherung",
    "tech_quantum_computing": "Quantenrechner",
    "tech_siege_engines": "Belagerungsmaschinen",
    "tech_stargate": "Sternentor",
    # the ways a game ends
    "victory_conquest": "Eroberung, alle anderen Reiche sind gefallen",
    "victory_science": "Wissenschaft, das Sternentor ist erforscht",
    "victory_economy": "Wirtschaft, das Produktionsziel ist erreicht",
    "victory_score": "die meisten Punkte nach dem letzten Zug",
    "victory_time": "die meisten Punkte nach dem letzten Zug",
    "victory_defeat": "dein Reich ist gefallen",
    # orders given (they are carried out at the end of the turn)
    "ok_col": "Planet {planet} wird am Ende des Zugs besiedelt.",
    "ok_build": "In Auftrag: {building} auf Planet {planet}.",
    "ok_research": "Du erforschst jetzt {tech}.",
    "ok_ship": "In Auftrag: {count} {kind} auf Planet {planet}.",
    "ok_go": "Die Flotte in System {source} fliegt nach System {target}.",
    "ok_peace": "Du hast {empire:dat} Frieden angeboten.",
    "ok_war": "Du hast {empire:dat} den Krieg erklärt.",
    "ok_accept": "Du hast das Friedensangebot {empire:gen} angenommen.",
    "ok_reject": "Du hast das Friedensangebot {empire:gen} abgelehnt.",
    "ok_saved": "Das Spiel ist in Speicherplatz {slot} gespeichert.",
    "ok_loaded": "Speicherplatz {slot} geladen: Zug {turn}.",
    "wait_done": "Gespielte Züge: {turns}.",
    # the empires
    "emp_title": "Reiche (peace E: Frieden anbieten, war E: Krieg erklären)",
    "emp_row": "{letter} {name}, {character}: {relation}",
    "emp_you_row": "{letter} {name}: dein Reich",
    "emp_stats": "Punkte {score}  Planeten {planets}  Schiffe {ships}  Techn. {techs}",
    "relation_war": "im Krieg",
    "relation_peace": "in Frieden",
    "relation_fallen": "gefallen",
    "emp_offer": "{empire:Nom} bietet Frieden an: accept {letter} oder reject {letter}",
    "emp_no_offers": "Es liegen keine Angebote vor.",
    # the technology tree
    "tech_title": "Technologien (r X: X erforschen)",
    "tech_known": "bekannt",
    "tech_open": "erforschbar",
    "tech_needs": "braucht {needs}",
    "tech_researching": "wird erforscht",
    "tech_now": "Jetzt {count:erforschbar|erforschbar}: {numbers}",
    "tech_none_open": "Es gibt nichts mehr zu erforschen.",
    # fleets
    "fleets_title": "Flotten {empire:gen} (go A B: eine Flotte bewegen)",
    "fleets_row": "Flotte {fleet} in System {system}: {ships}",
    "fleets_row_moving": "Flotte {fleet} in System {system}: {ships}, unterwegs nach {target}",
    "ships_none": "keine Schiffe",
    "fleets_none": "Du hast keine Flotten.",
    # the news and the battle report
    "news_title": "Nachrichten von Zug {turn}",
    "news_quiet": "Ein ruhiger Zug: nichts zu berichten.",
    "news_more": "report: der Kampfbericht",
    "report_title": "Kampf in System {system}, Zug {turn}",
    "report_side": "{empire}: {before}, Verluste: {lost}",
    "report_side_fort": "{empire}: {before} und Festung Stufe {fort}, Verluste: {lost}",
    "report_none": "Es gab noch keinen Kampf.",
    # the end of the game
    "end_title": "Das Spiel ist in Zug {turn} zu Ende.",
    "end_won": "Du hast gewonnen: {how}.",
    "end_lost": "{empire:Nom} hat gewonnen: {how}.",
    "end_scores": "Endstand:",
    # the engine's messages: orders refused
    "err_game_over": "Das Spiel ist vorbei.",
    "err_fallen": "{empire:Nom} ist gefallen.",
    "err_no_empire": "Es gibt kein Reich {empire}.",
    "err_no_planet": "Es gibt keinen Planeten {planet}.",
    "err_no_system": "Es gibt kein System {system}.",
    "err_not_yours": "Planet {planet} gehört dir nicht.",
    "err_owned": "Planet {planet} hat schon einen Besitzer.",
    "err_no_fleet": "Du hast keine Schiffe in System {system}.",
    "err_claimed": "Du besiedelst Planet {planet} schon.",
    "err_not_enough": "Nicht genug Rohstoffe: Das kostet M{m} G{g} C{c} U{u}; es fehlen {short}.",
    "err_no_building": "Es gibt kein Gebäude {building}.",
    "err_max_level": "{building} auf Planet {planet}: schon auf der höchsten Stufe ({level}).",
    "err_queued": "Auf Planet {planet} läuft schon ein Bauauftrag: {building}.",
    "err_no_yard": "Planet {planet} hat keine Werft.",
    "err_no_ship": "Es gibt keinen Schiffstyp {kind}.",
    "err_ship_locked": "Schiffstyp {kind}: zuerst {tech} erforschen (siehe tech).",
    "err_bad_count": "Bestelle 1 bis {max} {max:Schiff|Schiffe}, nicht {count}.",
    "err_no_tech": "Es gibt keine Technologie {tech}.",
    "err_known": "Die Technologie {tech} ist schon erforscht.",
    "err_prereq": "Für {tech} musst du zuerst {missing} erforschen.",
    "err_same_system": "Die Flotte ist schon in System {system}.",
    "err_no_route": "Keine Route führt von System {source} nach System {target}.",
    # the engine's messages: news of a turn
    "news_colonised": "{empire:Nom} hat Planet {planet} besiedelt.",
    "news_contested": "Mehrere Reiche wollten Planet {planet} besiedeln: Keines hat ihn bekommen.",
    "news_colony_failed": "{empire:Nom} konnte Planet {planet} nicht besiedeln.",
    "news_researched": "{empire:Nom} hat {tech} erforscht.",
    "news_built": "{empire:Nom} hat auf Planet {planet} gebaut: {building}, Stufe {level}.",
    "news_ships_built": "{empire:Nom} hat {count} {kind} auf Planet {planet} gebaut.",
    "news_cancelled": "{empire:Nom} hat die Aufträge auf Planet {planet} verloren.",
    "news_arrived": "Flotte {fleet} {empire:gen} ist in System {system} angekommen.",
    "news_battle": "Kampf in System {system} zwischen {sides} {sides:Reich|Reichen}.",
    "news_losses": "{empire:Nom} hat {lost} {lost:Schiff|Schiffe} verloren, übrig {left:ist|sind} {left}.",
    "news_besieged": "Planet {planet} {empire:gen} wird belagert (Mauern noch {fort}).",
    "news_taken": "{empire:Nom} hat {previous:dat} Planet {planet} abgenommen.",
    "news_capital_moved": "{empire:Nom} hat die Hauptstadt nach System {system} verlegt.",
    "news_fell": "{empire:Nom} ist gefallen.",
    "news_victory": "{empire:Nom} hat gewonnen: {victory}.",
    # saves
    "err_save_truncated": "Dieser Spielstand ist abgeschnitten: Er kann nicht geladen werden.",
    "err_save_foreign": "Diese Datei ist kein Spielstand dieses Spiels.",
    "err_save_corrupt": "Dieser Spielstand ist beschädigt: Er kann nicht geladen werden.",
    "err_save_newer": "Dieser Spielstand stammt aus einer neueren Version des Spiels (Version {version}; diese "
                      "Version liest {supported}).",
    "err_save_slot": "Es gibt keinen Speicherplatz {slot}: Die Speicherplätze sind 1 bis {slots}.",
    "err_save_write": "Speicherplatz {slot} konnte nicht geschrieben werden.",
    "err_save_empty": "Speicherplatz {slot} ist leer.",
    "err_save_unreadable": "Speicherplatz {slot} konnte nicht gelesen werden.",
    "news_title_span": "Nachrichten der Züge {first} bis {last}",
    # diplomacy refused, and a save that cannot be replayed
    "err_self": "Das ist dein eigenes Reich.",
    "err_at_peace": "Mit {empire:dat} herrscht schon Frieden.",
    "err_offer_open": "Zwischen dir und {empire:dat} wartet schon ein Friedensangebot auf Antwort.",
    "err_at_war": "Du bist schon im Krieg mit {empire:dat}.",
    "err_peace_young": "Der Frieden mit {empire:dat} muss noch {turns} {turns:Zug|Züge} "
                       "halten, bevor Krieg möglich ist.",
    "err_no_offer": "{empire:Nom} hat dir kein Angebot gemacht.",
    "err_save_replay": "Dieser Spielstand lässt sich nicht nachspielen (Zeile: {line}).",
    # the engine's messages: diplomacy and random events
    "news_peace_offered": "{empire:Nom} hat {other:dat} Frieden angeboten.",
    "news_peace_made": "{empire:Nom} und {other:nom} haben Frieden geschlossen.",
    "news_peace_declined": "{other:Nom} hat das Friedensangebot {empire:gen} abgelehnt.",
    "news_war_declared": "{empire:Nom} hat {other:dat} den Krieg erklärt.",
    "news_meteor": "Ein Meteorit ist auf Planet {planet} {empire:gen} eingeschlagen und hat eine Mine zerstört.",
    "news_pirates": "Piraten haben {empire:acc} überfallen und M{m} G{g} erbeutet.",
    "news_unrest": "Planet {planet} hat sich gegen {empire:acc} erhoben und ist abgefallen.",
    "news_breakthrough": "Ein Durchbruch: {empire:Nom} hat {science} {science:Forschungspunkt|Forschungspunkte} "
                         "gewonnen.",
    "news_convoy": "Ein Konvoi hat {empire:dat} M{m} G{g} C{c} gebracht.",
    "news_derelict": "{empire:Nom} hat eine treibende Flotte gefunden ({count} {kind}) und nach System {system} "
                     "geschleppt.",
    "research_ready": "Forschung: {tech} {cost}/{cost}, fertig am Ende des Zugs",
    "help_queue": "queue          laufende Aufträge, Preise und Bauzeiten zeigen",
    "help_answer": "accept E, reject E (auch decline E)   Angebot von E beantworten",
    "help_empire": "E: Buchstabe {letters} oder Nummer 1 bis {highest} (wie in der Legende)",
    "parse_too_large": "{word} ist zu groß. {what} muss zwischen {low} und {high} liegen.",
    "list_and": "{rest} und {last}",
    "emp_economy": "produziert {produced} von {target} (Wirtschaftssieg)",
    "effect_mine": "+{amount} {res} je Minenstufe",
    "effect_lab_science": "+{amount} Forschung je Labor",
    "effect_science_pct": "+{amount} % Forschung",
    "effect_attack": "+{amount} Angriff für Schiffe {kind}",
    "effect_hp_pct": "+{amount} % Trefferpunkte für alle Schiffe",
    "effect_unlock": "Schiffe {kind} können gebaut werden",
    "effect_speed": "Flotten +{amount} {amount:Route|Routen} je Zug",
    "effect_fort_max": "Festungen bis zu {amount} {amount:Stufe|Stufen} höher",
    "effect_fort_pct": "Festungen +{amount} % stärker",
    "effect_siege_pct": "Belagerungen +{amount} % stärker",
    "effect_stargate": "gewinnt das Spiel",
    "queue_title": "Laufende Aufträge (jeweils am Ende des Zugs ausgeführt)",
    "queue_colony": "Kolonie auf Planet {planet}: noch {turns} {turns:Zug|Züge}",
    "queue_building": "{building} auf Planet {planet}: noch {turns} {turns:Zug|Züge}",
    "queue_ships": "{count} {kind} auf Planet {planet}: noch {turns} {turns:Zug|Züge}",
    "queue_none": "Keine laufenden Aufträge.",
    "price_title": "Aktuelle Preise (M G C U) und Bauzeiten",
    "price_colony": "Kolonie (col)",
    "price_turns": "{turns} {turns:Zug|Züge}",
    "price_ship": "{turns} {turns:Zug|Züge}, Angriff {attack}, TP {hp}",
    "price_rules": "Stufe n einer Mine oder Festung kostet das n-Fache. Jeder eigene Planet "
                   "über den ersten hinaus verteuert die nächste Kolonie um die Hälfte des "
                   "ersten Preises.",
    "unsaved_quit": "Dieses Spiel ist nicht gespeichert: save K speichert es (Speicherplatz 1 bis 3). Tippe noch "
                    "einmal quit, um das Spiel ohne Speichern zu verlassen.",
    "unsaved_interrupt": "Dieses Spiel ist nicht gespeichert: save K speichert es (Speicherplatz 1 bis 3). Drücke "
                         "noch einmal Strg-C, um das Spiel ohne Speichern zu verlassen.",
    "unsaved_eof": "Dieses Spiel ist nicht gespeichert: save K speichert es (Speicherplatz 1 bis 3). Drücke noch "
                   "einmal Strg-D, um das Spiel ohne Speichern zu verlassen.",
    "unsaved_left": "Ohne Speichern beendet (save K speichert ein Spiel in Speicherplatz K).",
    "price_planet": "Planet {planet}: nächste Mine {mine}, nächste Festung {fort}",
    "price_max": "keine (höchste Stufe)",
    "sim_title": "Balance aus {games} {games:Spiel|Spielen} nur mit der KI",
    "sim_length": "durchschnittliche Länge: {average} Züge (kürzestes Spiel {shortest}, längstes {longest})",
    "sim_characters": "Siege je Charakter (Anteil an allen Spielen; Siege je gespieltem Reich; Siege, wenn jedes "
                      "Reich dieselbe Chance hätte):",
    "sim_present": "{rate} von {present}",
    "sim_kinds": "wie die Spiele endeten:",
    "sim_kind_conquest": "Eroberung",
    "sim_kind_science": "Wissenschaft",
    "sim_kind_economy": "Wirtschaft",
    "sim_kind_score": "Punkte",
    "cli_usage": "Aufruf:",
    "cli_options": "Optionen",
    "cli_description": "Epic Cosmos: Weltraumstrategie Zug um Zug, im Terminal. Du führst ein Reich in einer "
                       "Galaxis,\ndie aus einem Startwert entsteht: Besiedle Planeten, erforsche Technologien, baue "
                       "Flotten\nund schlage zwei oder drei Rivalen durch Eroberung, mit dem Sternentor oder durch "
                       "die Wirtschaft.",
    "cli_epilog": "Im Terminal löscht das Spiel den Bildschirm und nutzt Farben. Mit --plain, oder wenn die "
                  "Ausgabe\nkein Terminal ist (eine Pipe oder eine Datei), schreibt es jedes Bild als reinen Text "
                  "und\nwiederholt die gelesenen Befehle: „python -m cosmos --plain < befehle.txt“ ergibt ein "
                  "Protokoll.\n\nIm Spiel tippst du einen Befehl und drückst Enter; eine leere Zeile zeigt die "
                  "Karte, help\nlistet alle Befehle: map, sys N, emp, tech, fleets, queue, col P, b "
                  "mine|lab|yard|fort P, r X,\nship T N P, go A B, end, wait N, peace E, war E, accept E, reject E, "
                  "report, news, save K,\nload K (Speicherplatz 1 bis 3), quit. Auch das Ende der Eingabe beendet "
                  "das Spiel.",
    "cli_help_help": "diese Hilfe zeigen und beenden",
    "cli_help_seed": "der Startwert der Galaxis: gleicher Wert, gleiche Galaxis (Vorgabe {default})",
    "cli_help_lang": "die Sprache des Spiels und dieser Texte (Vorgabe {default})",
    "cli_help_plain": "Bilder als reiner Text: kein Löschen, keine Farben",
    "cli_help_simulate": "N Spiele nur mit der KI spielen (Startwerte 1 bis N) und die Balance zeigen",
    "cli_help_saves": "der Ordner der Speicherplätze (Vorgabe ./saves)",
    "cli_help_dask": "mit --simulate: die Spiele auf dem Dask-Cluster spielen, dessen Scheduler unter ADRESSE läuft "
                     "(z. B. tcp://10.0.0.5:8786); der Bericht bleibt gleich",
    "cli_help_dask_file": "mit --simulate: dasselbe, der Scheduler steht in einer Dask-Scheduler-Datei",
    "cli_dask_alone": "--dask gehört zu --simulate=N",
    "cli_error": "{prog}: Fehler: {detail}",
    "sim_rotated": "Charaktere reihum auf den Positionen: Jeder spielt nacheinander jede Position",
    "sim_fixed": "Charaktere, wie die Galaxis sie vergibt: Position 1 ist immer ein Baumeister",
    "sim_fair": "bei gleicher Chance {fair}",
    "sim_seat": "Position {seat}",
    "sim_seats": "Siege je Position (Anteil an den Spielen mit dieser Position), gleich welcher Charakter:",
    "sim_character_builder": "Baumeister",
    "sim_character_scholar": "Gelehrter",
    "sim_character_warlord": "Kriegsherr",
    # the command line's placeholders for an option's value
    "cli_metavar_address": "ADRESSE",
    "cli_metavar_file": "DATEI",
    "cli_metavar_dir": "ORDNER",
    # numbers: the decimal mark and a percentage
    "number_decimal": ",",
    "number_percent": "{value} %",
    "err_save_long_seed": ("Der Startwert dieses Spielstands hat {digits} Ziffern, ein Startwert "
                           "hat aber höchstens {limit}: Er lässt sich nicht laden."),
    "err_save_seed": ("Der Startwert dieses Spiels hat mehr als {digits} Ziffern: Ein Spielstand kann "
                      "ihn nicht aufnehmen."),
    "err_option_seed": ("--seed nimmt höchstens {digits} Ziffern (ein längerer Startwert ließe sich nicht "
                        "speichern), nicht {value}."),
    "unsaved_load": ("Dieses Spiel ist nicht gespeichert: Das Laden von Speicherplatz {slot} verwirft, "
                     "was du seit dem letzten Speichern gespielt hast. Tippe noch einmal load {slot}, "
                     "um trotzdem zu laden, oder zuerst save K."),
    "err_no_input": ("Das Spiel hat keine Eingabe (die Standardeingabe ist geschlossen): Starte "
                     "es mit Befehlen zum Lesen, aus einem Terminal oder einer Pipe."),
    "err_output": "Die Ausgabe des Spiels ließ sich nicht schreiben (voll oder geschlossen): Das Spiel endet hier.",
    "sim_sizes": ("nach der Zahl der Reiche in der Galaxis (Spiele, durchschnittliche Länge; Siege "
                  "je Charakter; wie sie endeten):"),
    "sim_size": "{empires} Reiche: {games} {games:Spiel|Spiele}, im Schnitt {average} Züge",
    "threat_heading": ("Gefahr: Eine Flotte {empire:gen} ({ships}, Stärke {theirs}) ist unterwegs nach "
                       "{system}, dort in Zug {turn}; deine Kräfte dort: Stärke {ours}, Festung {fort}."),
    "threat_near": ("Gefahr: Eine Flotte {empire:gen} ({ships}, Stärke {theirs}) steht gleich neben "
                    "{system}, dort in Zug {turn}, wenn sie kommt; deine Kräfte dort: Stärke {ours}, "
                    "Festung {fort}."),
    "near_economy": "{empire:Nom} hat {produced} von {target} produziert: Ein Wirtschaftssieg ist nah.",
    "near_science": "{empire:Nom} kennt alle Voraussetzungen des Sternentors: Ein Wissenschaftssieg ist nah.",
    "emp_stargate": "Sternentor: {known} von {needed} Voraussetzungen bekannt",
    "sys_incoming": "Im Anflug: Flotte {empire:gen}: {ships}, aus {source}, dort in Zug {turn}",
    "sys_unrest": ("Unruhe: diese Kolonie kann abfallen (großes Reich); eine Festung oder eigene "
                   "Schiffe hier verhindern es"),
    "sys_siege_rule": ("fällt, wenn die Mauern nach {siege} {siege:Zug|Zügen} Belagerung bei 0 sind; Schiffe des "
                       "Besitzers im System heben die Belagerung auf und stellen die Mauern wieder her"),
    "fleets_threats": "Feindliche Flotten nahe deinen Systemen:",
    "err_twice": "{tech} steht zweimal in der Liste.",
    "err_too_few_ships": "So viele Schiffe hast du in System {system} nicht: Dort sind {ships}.",
    "ok_research_then": "Du erforschst jetzt {tech}, danach {missing}.",
    "ok_go_route": ("In Auftrag: {ships} von System {source} nach System {target}"
                    ", Route {route}, dort in Zug {turn}."),
    "forecast_win": ("Wenn beide Seiten bleiben, wie sie sind: Du siegst in {rounds} "
                     "{rounds:Schusswechsel|Schusswechseln} und verlierst {ours}."),
    "forecast_loss": ("Wenn beide Seiten bleiben, wie sie sind: Du verlierst in {rounds} "
                      "{rounds:Schusswechsel|Schusswechseln} alle Schiffe, der Feind verliert {theirs}."),
    "forecast_both": ("Wenn beide Seiten bleiben, wie sie sind: Beide Flotten gehen in {rounds} "
                      "{rounds:Schusswechsel|Schusswechseln} unter."),
    "forecast_draw": ("Wenn beide Seiten bleiben, wie sie sind: Nach {rounds} {rounds:Schusswechsel|Schusswechseln} "
                      "siegt niemand; du verlierst {ours}, der Feind {theirs}."),
    "forecast_fort": ("Wenn beide Seiten bleiben, wie sie sind: In {rounds} {rounds:Schusswechsel|Schusswechseln} mit "
                      "der Festung verlierst du {ours}."),
    "forecast_nothing": "nichts",
    "help_resources": ("M Metall, G Gas, C Kristall, U Uran: Vorrat+Einkommen je Zug. Wirtschaftssieg: "
                       "{target} produziert, alle vier zusammen."),
    "tech_queued": "Danach: {missing}",
})
