"""German texts of the game (our own translation: the source lessons show no German screens)."""
from __future__ import annotations

from types import MappingProxyType

TEXTS = MappingProxyType({
    # the header: turn, empire and score; stock and income; research
    "header_turn": "Zug {turn}/{turns}  {empire} ({letter})",
    "header_score": "Punkte {score}",
    "header_science": "Forschung {science}",
    "research_none": "Es wird nichts erforscht (r Nummer). Forschungsvorrat: {banked}",
    "research_now": "Erforscht wird {tech}: {progress}/{cost}. Forschungsvorrat: {banked}",
    # the opening screen
    "intro_start": "{empire} beginnt im System {system}: eine Hauptstadt, eine Werft, ein Labor "
                   "und deine erste Flotte.",
    "intro_rules": "Besiedle Planeten, erforsche Technologien, baue eine Flotte. Im Kampf "
                   "schlägt I B, B schlägt F, F schlägt I.",
    "intro_victory": "Sieg: erobere alle, erforsche das Sternentor oder produziere {economy}. "
                     "Nach {turns} Zügen gewinnt der Stärkste. Tippe help.",
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
    "planet_rich": "  Reichtum {rich}",
    "planet_buildings": "  Minen {mines}  Labor {lab}  Werft {yard}  Festung {fort}",
    "planet_siege": "  belagert: {turns}",
    "yes": "ja",
    "no": "nein",
    "fleet_line": "Flotte von {empire}: {ships}",
    "fleet_line_moving": "Flotte von {empire}: {ships}, unterwegs nach {target}",
    # kinds of things
    "planet_type_rocky": "Gestein",
    "planet_type_gas_giant": "Gasriese",
    "planet_type_icy": "Eis",
    "planet_type_ocean": "Ozean",
    "planet_type_volcanic": "Vulkan",
    "ship_I": "Abfangjäger",
    "ship_B": "Bomber",
    "ship_F": "Fregatte",
    "ship_D": "Schlachtschiff",
    "building_mine": "Mine",
    "building_lab": "Labor",
    "building_yard": "Werft",
    "building_fort": "Festung",
    "personality_warlord": "Kriegsherr",
    "personality_builder": "Baumeister",
    "personality_scholar": "Gelehrter",
    # commands: bad input (nothing happens, the turn goes on)
    "parse_unknown": "Unbekannter Befehl {word}. Tippe help für die Liste.",
    "parse_usage": "So geht es: {usage}",
    "parse_not_number": "{word} ist keine Zahl. So geht es: {usage}",
    "parse_range": "{what} muss zwischen {low} und {high} liegen.",
    "parse_too_long": "Die Zeile ist zu lang (höchstens {limit} Zeichen).",
    "parse_bad_chars": "Nur Buchstaben, Ziffern und Leerzeichen.",
    "parse_game_over": "Das Spiel ist vorbei: nur map, sys, emp, tech, fleets, help, load und "
                       "quit gehen.",
    "parse_empire": "{word} ist kein Reich dieses Spiels ({letters}).",
    "parse_no_offers": "Es gibt kein Angebot zu beantworten.",
    "not_ready": "Dieser Befehl ist noch nicht verfügbar.",
    "what_system": "Das System",
    "what_planet": "Der Planet",
    "what_tech": "Die Technologie",
    "what_count": "Die Zahl der Schiffe",
    "what_turns": "Die Zahl der Züge",
    "what_slot": "Der Speicherplatz",
    "what_offer": "Das Angebot",
    "what_empire": "Das Reich",
    # help
    "help_title": "Befehle (eine leere Zeile ist map):",
    "help_map": "map            die Karte der Galaxis",
    "help_sys": "sys N          System N: Planeten, Gebäude, Flotten",
    "help_emp": "emp            die Reiche, ihre Beziehungen und Angebote",
    "help_tech": "tech           der Technologiebaum",
    "help_fleets": "fleets         deine Flotten",
    "help_col": "col P          Planet P besiedeln",
    "help_build": "b mine|lab|yard|fort P   auf Planet P bauen",
    "help_research": "r X            Technologie X erforschen",
    "help_ship": "ship T N P     N Schiffe vom Typ T (I B F D) auf Planet P bauen",
    "help_go": "go A B         deine Flotte von System A nach System B schicken",
    "help_end": "end            den Zug beenden; wait N: bis zu N Züge beenden",
    "help_diplomacy": "peace E, war E, accept N, reject N   Diplomatie (E: A bis D)",
    "help_save": "save K, load K Speicherplätze 1 bis 3;  quit: das Spiel verlassen",
    "help_battle": "report         der letzte Kampfbericht; news: die Nachrichten des Zugs",
    "help_roles": "Im Kampf schlägt I B, B schlägt F, F schlägt I; D ist gegen alle stark.",
})
