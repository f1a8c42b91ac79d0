"""Spanish texts of the game (as the Spanish source lesson gives them where it shows them)."""
from __future__ import annotations

from types import MappingProxyType

TEXTS = MappingProxyType({
    # the header: turn, empire and score; stock and income; research
    "header_turn": "Turno {turn}/{turns}  {empire} ({letter})",
    "header_score": "puntos {score}",
    "header_science": "ciencia {science}",
    "research_none": "No se investiga nada (r número). Ciencia acumulada: {banked}",
    "research_now": "Investigando {tech}: {progress}/{cost}. Ciencia acumulada: {banked}",
    # the opening screen
    "intro_start": "{empire} empieza en el sistema {system}: capital, astillero, laboratorio y "
                   "tu primera flota.",
    "intro_rules": "Coloniza planetas, investiga tecnologías, construye una flota. En combate "
                   "I vence a B, B vence a F, F vence a I.",
    "intro_victory": "Victoria: conquista la galaxia, investiga la Puerta Estelar o produce "
                     "{economy}. Tras {turns} turnos gana el más fuerte. Escribe help.",
    # footers
    "footer_back": "Enter o map: al mapa   help: comandos",
    "footer_map": "help: comandos   end: fin del turno   sys N: un sistema",
    "footer_end": "La partida ha terminado. quit: salir   load K: cargar una partida",
    # a system
    "sys_title": "Sistema {number} {name}, {star}. Rutas a: {lanes}",
    "star_red": "estrella roja",
    "star_yellow": "estrella amarilla",
    "star_blue": "estrella azul",
    "planet_line": "Planeta {number} {name}, {kind} ({owner})",
    "planet_free": "libre",
    "planet_rich": "  riqueza {rich}",
    "planet_buildings": "  minas {mines}  lab {lab}  astillero {yard}  fortaleza {fort}",
    "planet_siege": "  bajo asedio: {turns}",
    "yes": "sí",
    "no": "no",
    "fleet_line": "Flota de {empire}: {ships}",
    "fleet_line_moving": "Flota de {empire}: {ships}, rumbo a {target}",
    # kinds of things
    "planet_type_rocky": "rocosa",
    "planet_type_gas_giant": "gigante gaseoso",
    "planet_type_icy": "helada",
    "planet_type_ocean": "oceánica",
    "planet_type_volcanic": "volcánica",
    "ship_I": "interceptor",
    "ship_B": "bombardero",
    "ship_F": "fragata",
    "ship_D": "acorazado",
    "building_mine": "mina",
    "building_lab": "laboratorio",
    "building_yard": "astillero",
    "building_fort": "fortaleza",
    "personality_warlord": "Señor de la guerra",
    "personality_builder": "Constructor",
    "personality_scholar": "Erudito",
    # commands: bad input (nothing happens, the turn goes on)
    "parse_unknown": "Comando desconocido {word}. Escribe help para ver la lista.",
    "parse_usage": "Uso: {usage}",
    "parse_not_number": "{word} no es un número. Uso: {usage}",
    "parse_range": "{what} debe ir de {low} a {high}.",
    "parse_too_long": "La línea es demasiado larga (como mucho {limit} caracteres).",
    "parse_bad_chars": "Usa solo letras, cifras y espacios.",
    "parse_game_over": "La partida ha terminado: solo funcionan map, sys, emp, tech, fleets, "
                       "help, load y quit.",
    "parse_empire": "{word} no es un imperio de esta partida ({letters}).",
    "parse_no_offers": "No hay ninguna oferta que responder.",
    "not_ready": "Este comando aún no está disponible.",
    "what_system": "El sistema",
    "what_planet": "El planeta",
    "what_tech": "La tecnología",
    "what_count": "El número de naves",
    "what_turns": "El número de turnos",
    "what_slot": "La ranura",
    "what_offer": "La oferta",
    "what_empire": "El imperio",
    # help
    "help_title": "Comandos (una línea vacía es map):",
    "help_map": "map            el mapa de la galaxia",
    "help_sys": "sys N          el sistema N: planetas, edificios, flotas",
    "help_emp": "emp            los imperios, las relaciones y las ofertas",
    "help_tech": "tech           el árbol de tecnologías",
    "help_fleets": "fleets         tus flotas",
    "help_col": "col P          coloniza el planeta P",
    "help_build": "b mine|lab|yard|fort P   construye en el planeta P",
    "help_research": "r X            investiga la tecnología X",
    "help_ship": "ship T N P     construye N naves de tipo T (I B F D) en el planeta P",
    "help_go": "go A B         envía tu flota del sistema A al sistema B",
    "help_end": "end            termina el turno; wait N: termina hasta N turnos",
    "help_diplomacy": "peace E, war E, accept N, reject N   diplomacia (E: de A a D)",
    "help_save": "save K, load K ranuras 1 a 3;  quit: salir del juego",
    "help_battle": "report         el último informe de batalla; news: las noticias del turno",
    "help_roles": "En combate I vence a B, B vence a F, F vence a I; D es fuerte contra todos.",
})
