"""Spanish texts of the game (as the Spanish source lesson gives them where it shows them)."""
from __future__ import annotations

from types import MappingProxyType

TEXTS = MappingProxyType({
    # the header: turn, empire and score; stock and income; research
    "header_turn": "Turno {turn}/{turns}  {empire} ({letter})",
    "header_score": "puntos {score}",
    "header_science": "ciencia {science}",
    "research_none": "No se investiga nada (r número). Ciencia acumulada: {banked}",
    "research_now": "Investigando {tech}: {banked}/{cost}, {turns} {turns:turno|turnos}",
    # the opening screen
    "intro_start": "{empire} empieza en el sistema {system}: capital, astillero, laboratorio y "
                   "tu primera flota.",
    "intro_rules": "Coloniza planetas, investiga tecnologías, construye una flota. En combate "
                   "I vence a B, B vence a F, F vence a I.",
    "intro_victory": "Victoria: conquista la galaxia, investiga la Puerta Estelar o produce "
                     "{economy}. Tras {turns} {turns:turno|turnos} gana el más fuerte. Escribe help.",
    # footers
    "footer_back": "Enter o map: al mapa   help: comandos",
    "footer_map": "help: comandos   end: fin del turno   sys N: un sistema",
    "footer_end": "Fin de la partida. quit: salir   load K: cargar una partida",
    # a system
    "sys_title": "Sistema {number} {name}, {star}. Rutas a: {lanes}",
    "star_red": "estrella roja",
    "star_yellow": "estrella amarilla",
    "star_blue": "estrella azul",
    "planet_line": "Planeta {number} {name}, {kind} ({owner})",
    "planet_free": "libre",
    "planet_rich": "  riqueza {rich}",
    "planet_buildings": "  minas {mines}  lab {lab}  astillero {yard}  fortaleza {fort}",
    "planet_siege": "  bajo asedio: {turns} {turns:turno|turnos}, murallas {walls}",
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
    # a ship type counted (one|other): 1 frigate, 2 frigates
    "ships_I": "interceptor|interceptores",
    "ships_B": "bombardero|bombarderos",
    "ships_F": "fragata|fragatas",
    "ships_D": "acorazado|acorazados",
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
    "parse_range": "{what} debe estar entre {low} y {high}.",
    "err_option_number": "{option} necesita un número entero, no {value}.",
    "err_option_at_most": "{option} debe ser {high} o menos.",
    "err_option_at_least": "{option} debe ser {low} o más.",
    "parse_too_long": "La línea es demasiado larga (como mucho {limit} {limit:carácter|caracteres}).",
    "parse_bad_chars": "Usa solo letras, cifras y espacios.",
    "parse_game_over": "La partida ha terminado: aún puedes mirar, cargar una partida o salir.",
    "parse_empire": "{word} no es un imperio de esta partida ({letters}).",
    "what_system": "El sistema",
    "what_planet": "El planeta",
    "what_tech": "La tecnología",
    "what_count": "El número de naves",
    "what_turns": "El número de turnos",
    "what_slot": "La ranura",
    "what_empire": "El imperio",
    # help
    "help_title": "Comandos (una línea vacía es map):",
    "help_map": "map            ver el mapa de la galaxia",
    "help_sys": "sys N          ver el sistema N: planetas, edificios, flotas",
    "help_emp": "emp            ver los imperios, las relaciones y las ofertas",
    "help_tech": "tech           ver el árbol de tecnologías",
    "help_fleets": "fleets         ver tus flotas",
    "help_col": "col P          colonizar el planeta P",
    "help_build": "b mine|lab|yard|fort P   construir en el planeta P",
    "help_research": "r X [Y Z]      investigar la tecnología X, luego Y, luego Z",
    "help_ship": "ship T N P     construir N naves T (I B F D) en el planeta P",
    "help_go": "go A B [2I 1F]   enviar tu flota (o esas naves) de A a B",
    "help_end": "end            terminar el turno; wait N: pasar hasta N turnos",
    "help_diplomacy": "peace E, war E   ofrecer la paz a E, declarar la guerra a E",
    "help_save": "save K, load K guardar, cargar (ranuras 1 a 3); quit: salir",
    "help_battle": "report, news   ver el último informe de batalla, las noticias",
    "help_rules": "help battle   ver las reglas: andanadas, daño, fortalezas",
    "help_roles": "En combate I vence a B, B a F, F a I; D es fuerte.",
    "rules_title": "Reglas de batalla:",
    "rules_rounds": ("Una batalla dura como mucho {rounds} {rounds:andanada|andanadas}. En cada una todos los bandos "
                     "disparan a la vez contra las naves que había al empezar; todas las bajas se cuentan juntas al "
                     "final."),
    "rules_damage": ("El daño de cada arma se reparte entre las naves enemigas según su número: {strong} % contra el "
                     "tipo al que vence (I vence a B, B a F, F a I), {weak} % contra el tipo que vence al suyo, "
                     "si no 100 %."),
    "rules_dread": "El acorazado D necesita una tecnología; dispara con {dread} % contra I, B y F.",
    "rules_ships": ("Ataque/puntos de vida: {ships} (las tecnologías los aumentan). Solo mueren naves enteras; el "
                    "resto del daño queda como herida hasta el final de la batalla."),
    "rules_fort": ("Una fortaleza dispara con {fort} de ataque por nivel, 100 % contra cada tipo, y no se le puede "
                   "disparar: el asedio derriba sus murallas ({fort_hp} por nivel) y toma el planeta cuando están a"
                   " 0 tras {siege} {siege:turno|turnos} de asedio."),
    # technologies
    "tech_deep_drilling": "Perforación profunda",
    "tech_gas_siphons": "Sifones de gas",
    "tech_plasma_cannons": "Cañones de plasma",
    "tech_research_grid": "Red de investigación",
    "tech_ion_engines": "Motores iónicos",
    "tech_reinforced_hulls": "Cascos reforzados",
    "tech_bastions": "Bastiones",
    "tech_crystal_lattice": "Red cristalina",
    "tech_dreadnought_yards": "Astilleros de acorazados",
    "tech_uranium_enrichment": "Enriquecimiento de uranio",
    "tech_quantum_computing": "Computación cuántica",
    "tech_siege_engines": "Máquinas de asedio",
    "tech_stargate": "Puerta Estelar",
    # the ways a game ends
    "victory_conquest": "conquista, todos los demás imperios han caído",
    "victory_science": "ciencia, se ha investigado la Puerta Estelar",
    "victory_economy": "economía, se ha alcanzado el objetivo de producción",
    "victory_score": "la puntuación más alta tras el último turno",
    "victory_time": "la puntuación más alta tras el último turno",
    "victory_defeat": "tu imperio ha caído",
    # orders given (they are carried out at the end of the turn)
    "ok_col": "El planeta {planet} se colonizará al final del turno.",
    "ok_build": "Encargo: {building} en el planeta {planet}.",
    "ok_research": "Ahora investigas {tech}.",
    "ok_ship": "Encargo: {count} {kind} en el planeta {planet}.",
    "ok_go": "La flota del sistema {source} pone rumbo al sistema {target}.",
    "ok_peace": "Has ofrecido la paz {empire:al}.",
    "ok_war": "Has declarado la guerra {empire:al}.",
    "ok_accept": "Has aceptado la oferta de paz {empire:del}.",
    "ok_reject": "Has rechazado la oferta de paz {empire:del}.",
    "ok_saved": "La partida está guardada en la ranura {slot}.",
    "ok_loaded": "Ranura {slot} cargada: turno {turn}.",
    "wait_done": "Turnos jugados: {turns}.",
    # the empires
    "emp_title": "Imperios (peace E: ofrecer la paz, war E: declarar la guerra)",
    "emp_row": "{letter} {name}, {character}: {relation}",
    "emp_you_row": "{letter} {name}: tu imperio",
    "emp_stats": "puntos {score}  planetas {planets}  naves {ships}  tecn. {techs}",
    "relation_war": "en guerra",
    "relation_peace": "en paz",
    "relation_fallen": "ha caído",
    "emp_offer": "{empire:El} ofrece la paz: accept {letter} o reject {letter}",
    "emp_no_offers": "No hay ofertas pendientes.",
    # the technology tree
    "tech_title": "Tecnologías (r X: investigar X)",
    "tech_known": "conocida",
    "tech_open": "se puede investigar",
    "tech_needs": "requiere {needs}",
    "tech_researching": "en investigación",
    "tech_now": "{count:Se puede|Se pueden} investigar ahora: {numbers}",
    "tech_none_open": "No queda nada por investigar.",
    # fleets
    "fleets_title": "Flotas {empire:del} (go A B: mover una flota)",
    "fleets_row": "Flota {fleet} en el sistema {system}: {ships}",
    "fleets_row_moving": "Flota {fleet} en el sistema {system}: {ships}, rumbo a {target}",
    "ships_none": "ninguna nave",
    "fleets_none": "No tienes flotas.",
    # the news and the battle report
    "news_title": "Noticias del turno {turn}",
    "news_quiet": "Un turno tranquilo: nada que contar.",
    "news_more": "report: el informe de batalla",
    "report_title": "Batalla en el sistema {system}, turno {turn}",
    "report_side": "{empire}: {before}; bajas: {lost}",
    "report_side_fort": "{empire}: {before} y fortaleza de nivel {fort}; bajas: {lost}",
    "report_none": "Todavía no ha habido ninguna batalla.",
    # the end of the game
    "end_title": "La partida ha terminado en el turno {turn}.",
    "end_won": "Has ganado: {how}.",
    "end_lost": "{empire:El} ha ganado: {how}.",
    "end_scores": "Puntuación final:",
    # the engine's messages: orders refused
    "err_game_over": "La partida ha terminado.",
    "err_fallen": "{empire:El} ha caído.",
    "err_no_empire": "No existe el imperio {empire}.",
    "err_no_planet": "No existe el planeta {planet}.",
    "err_no_system": "No existe el sistema {system}.",
    "err_not_yours": "El planeta {planet} no es tuyo.",
    "err_owned": "El planeta {planet} ya tiene dueño.",
    "err_no_fleet": "No tienes naves en el sistema {system}.",
    "err_claimed": "Ya estás colonizando el planeta {planet}.",
    "err_not_enough": "No hay recursos suficientes: cuesta M{m} G{g} C{c} U{u}; faltan {short}.",
    "err_no_building": "No existe el edificio {building}.",
    "err_max_level": "El nivel de {building} del planeta {planet} ya es el máximo ({level}).",
    "err_queued": "Ya hay una obra en curso en el planeta {planet}: {building}.",
    "err_no_yard": "El planeta {planet} no tiene astillero.",
    "err_no_ship": "No existe el tipo de nave {kind}.",
    "err_ship_locked": "Tipo de nave {kind}: antes hay que investigar {tech} (mira tech).",
    "err_bad_count": "Encarga de 1 a {max} {max:nave|naves}, no {count}.",
    "err_no_tech": "No existe la tecnología {tech}.",
    "err_known": "La tecnología {tech} ya está investigada.",
    "err_prereq": "Para {tech} antes hay que investigar {missing}.",
    "err_same_system": "La flota ya está en el sistema {system}.",
    "err_no_route": "Ninguna ruta lleva del sistema {source} al sistema {target}.",
    # the engine's messages: news of a turn
    "news_colonised": "{empire:El} ha colonizado el planeta {planet}.",
    "news_contested": "Varios imperios han reclamado el planeta {planet}: ninguno se lo ha quedado.",
    "news_colony_failed": "{empire:El} no ha podido colonizar el planeta {planet}.",
    "news_researched": "{empire:El} ha investigado {tech}.",
    "news_built": "{empire:El} ha construido en el planeta {planet}: {building}, nivel {level}.",
    "news_ships_built": "{empire:El} ha construido {count} {kind} en el planeta {planet}.",
    "news_cancelled": "{empire:El} ha perdido los encargos del planeta {planet}.",
    "news_arrived": "La flota {fleet} {empire:del} ha llegado al sistema {system}.",
    "news_battle": "Batalla en el sistema {system} entre {sides} {sides:imperio|imperios}.",
    "news_losses": "{empire:El} ha perdido {lost} {lost:nave|naves} y {left:le queda|le quedan} {left}.",
    "news_besieged": "El planeta {planet} {empire:del} está asediado (murallas: {fort}).",
    "news_taken": "{empire:El} ha tomado el planeta {planet} {previous:del}.",
    "news_capital_moved": "{empire:El} ha trasladado su capital al sistema {system}.",
    "news_fell": "{empire:El} ha caído.",
    "news_victory": "{empire:El} ha ganado: {victory}.",
    # saves
    "err_save_truncated": "Esa partida guardada está incompleta: no se puede cargar.",
    "err_save_foreign": "Ese archivo no es una partida guardada de este juego.",
    "err_save_corrupt": "Esa partida guardada está dañada: no se puede cargar.",
    "err_save_newer": "Esa partida guardada es de una versión más nueva del juego (versión {version}; esta versión "
                      "lee {supported}).",
    "err_save_slot": "No existe la ranura {slot}: las ranuras van de 1 a {slots}.",
    "err_save_write": "No se pudo escribir la ranura {slot}.",
    "err_save_empty": "La ranura {slot} está vacía.",
    "err_save_unreadable": "No se pudo leer la ranura {slot}.",
    "news_title_span": "Noticias de los turnos {first} a {last}",
    # diplomacy refused, and a save that cannot be replayed
    "err_self": "Ese es tu propio imperio.",
    "err_at_peace": "Ya estás en paz con {empire:el}.",
    "err_offer_open": "Ya hay una oferta de paz entre tú y {empire:el} pendiente de respuesta.",
    "err_at_war": "Ya estás en guerra con {empire:el}.",
    "err_peace_young": "La paz con {empire:el} debe durar {turns} {turns:turno|turnos} más antes de que puedas "
                       "declarar la guerra.",
    "err_no_offer": "{empire:El} no te ha hecho ninguna oferta.",
    "err_save_replay": "Esa partida guardada no se puede volver a jugar (línea: {line}).",
    # the engine's messages: diplomacy and random events
    "news_peace_offered": "{empire:El} ha ofrecido la paz {other:al}.",
    "news_peace_made": "{empire:El} y {other:el} han hecho la paz.",
    "news_peace_declined": "{other:El} ha rechazado la paz que ofrecía {empire:el}.",
    "news_war_declared": "{empire:El} ha declarado la guerra {other:al}.",
    "news_meteor": "Un meteorito ha caído en el planeta {planet} {empire:del} y ha destruido una mina.",
    "news_pirates": "Unos piratas han asaltado {empire:al} y se han llevado M{m} G{g}.",
    "news_unrest": "El planeta {planet} se ha rebelado contra {empire:el} y se ha independizado.",
    "news_breakthrough": "Un avance: {empire:el} ha obtenido {science} {science:punto|puntos} de ciencia.",
    "news_convoy": "Un convoy ha llegado {empire:al} con M{m} G{g} C{c}.",
    "news_derelict": "{empire:El} ha encontrado una flota a la deriva ({count} {kind}) y la ha llevado al sistema "
                     "{system}.",
    "research_ready": "Investigando {tech}: {cost}/{cost}, termina este turno",
    "help_queue": "queue          ver los encargos en curso, precios y plazos",
    "help_answer": "accept E, reject E (o decline E)   responder a la oferta de E",
    "help_empire": "E: la letra {letters} o un número de 1 a {highest} (orden de la leyenda)",
    "parse_too_large": "{word} es demasiado grande. {what} debe estar entre {low} y {high}.",
    "list_and": "{rest} y {last}",
    "emp_economy": "producido {produced} de {target} (victoria económica)",
    "effect_mine": "+{amount} {res} por nivel de mina",
    "effect_lab_science": "+{amount} de ciencia por laboratorio",
    "effect_science_pct": "+{amount} % de ciencia",
    "effect_attack": "+{amount} de ataque para las naves {kind}",
    "effect_hp_pct": "+{amount} % de puntos de vida para todas las naves",
    "effect_unlock": "se pueden construir naves {kind}",
    "effect_speed": "flotas +{amount} {amount:ruta|rutas} por turno",
    "effect_fort_max": "fortalezas hasta {amount} {amount:nivel|niveles} más",
    "effect_fort_pct": "fortalezas un {amount} % más fuertes",
    "effect_siege_pct": "asedios un {amount} % más fuertes",
    "effect_stargate": "gana la partida",
    "queue_title": "Encargos en curso (se cumplen al final de cada turno)",
    "queue_colony": "Colonia en el planeta {planet}: {turns:queda|quedan} {turns} "
                    "{turns:turno|turnos}",
    "queue_building": "{building} en el planeta {planet}: {turns:queda|quedan} {turns} "
                      "{turns:turno|turnos}",
    "queue_ships": "{count} {kind} en el planeta {planet}: {turns:queda|quedan} {turns} "
                   "{turns:turno|turnos}",
    "queue_none": "No hay encargos en curso.",
    "price_title": "Precios actuales (M G C U) y plazos",
    "price_colony": "colonia (col)",
    "price_turns": "{turns} {turns:turno|turnos}",
    "price_ship": "{turns} {turns:turno|turnos}, ataque {attack}, vida {hp}",
    "price_rules": "El nivel n de una mina o fortaleza cuesta n veces esto. Cada planeta tuyo "
                   "además del primero encarece la próxima colonia en la mitad del primer "
                   "precio.",
    "unsaved_quit": "Esta partida no está guardada: save K la guarda (ranuras 1 a 3). Escribe "
                    "quit otra vez para salir sin guardar.",
    "unsaved_interrupt": "Esta partida no está guardada: save K la guarda (ranuras 1 a 3). "
                         "Pulsa Ctrl-C otra vez para salir sin guardar.",
    "unsaved_eof": "Esta partida no está guardada: save K la guarda (ranuras 1 a 3). Pulsa "
                   "Ctrl-D otra vez para salir sin guardar.",
    "unsaved_left": "Has salido sin guardar (save K guarda una partida en la ranura K).",
    "price_planet": "Planeta {planet}: próxima mina {mine}, próxima fortaleza {fort}",
    "price_max": "ninguna (nivel máximo)",
    "sim_title": "Equilibrio en {games} {games:partida jugada|partidas jugadas} solo por la IA",
    "sim_length": "duración media: {average} turnos (la más corta {shortest}, la más larga "
                  "{longest})",
    "sim_characters": "victorias por personalidad (proporción de todas las partidas; victorias por imperio jugado; "
                      "victorias si todos los imperios tuvieran la misma oportunidad):",
    "sim_present": "{rate} de {present}",
    "sim_kinds": "cómo terminaron las partidas:",
    "sim_kind_conquest": "conquista",
    "sim_kind_science": "ciencia",
    "sim_kind_economy": "economía",
    "sim_kind_score": "puntuación",
    "cli_usage": "uso:",
    "cli_options": "opciones",
    "cli_description": "Epic Cosmos: estrategia espacial por turnos en la terminal. Diriges un imperio de "
                       "una\ngalaxia creada a partir de una semilla: coloniza planetas, investiga tecnologías, "
                       "construye\nflotas y vence a dos o tres rivales por conquista, con la Puerta Estelar o por "
                       "la economía.",
    "cli_epilog": "En una terminal el juego borra la pantalla y usa colores. Con --plain, o cuando la salida\nno es "
                  "una terminal (una tubería o un archivo), escribe cada pantalla como texto plano y repite\nlos "
                  "comandos que lee: «python -m cosmos --plain < comandos.txt» da una transcripción.\n\nEn el juego "
                  "escribe un comando y pulsa Enter; una línea vacía muestra el mapa y help lista\ntodos los "
                  "comandos: map, sys N, emp, tech, fleets, queue, col P, b mine|lab|yard|fort P, r X,\nship T N P, "
                  "go A B, end, wait N, peace E, war E, accept E, reject E, report, news, save K,\nload K (ranuras "
                  "1 a 3), quit. El final de la entrada también termina la partida.",
    "cli_help_help": "mostrar esta ayuda y salir",
    "cli_help_seed": "la semilla de la galaxia: misma semilla, misma galaxia (por defecto "
                     "{default})",
    "cli_help_lang": "el idioma del juego y de estos textos (por defecto {default})",
    "cli_help_plain": "pantallas de texto plano: sin borrar la pantalla, sin colores",
    "cli_help_simulate": "jugar N partidas solo de la IA (semillas 1 a N) y mostrar el equilibrio",
    "cli_help_saves": "la carpeta de las ranuras de guardado (por defecto ./saves)",
    "cli_help_dask": "con --simulate: jugar las partidas en el clúster Dask cuyo planificador está en DIRECCIÓN (p. "
                     "ej. tcp://10.0.0.5:8786); el informe es el mismo",
    "cli_help_dask_file": "con --simulate: lo mismo, con el planificador que indica un archivo de planificador de "
                          "Dask",
    "cli_dask_alone": "--dask va con --simulate=N",
    "cli_error": "{prog}: error: {detail}",
    "sim_rotated": "personalidades rotadas entre los puestos: cada una ocupa todos los puestos sucesivamente",
    "sim_fixed": "personalidades como las da la galaxia: el puesto 1 es siempre un constructor",
    "sim_fair": "equitativo {fair}",
    "sim_seat": "puesto {seat}",
    "sim_seats": "victorias por puesto (proporción de las partidas con ese puesto), sea cual sea la personalidad:",
    "sim_character_builder": "constructor",
    "sim_character_scholar": "erudito",
    "sim_character_warlord": "señor de la guerra",
    # the command line's placeholders for an option's value
    "cli_metavar_address": "DIRECCIÓN",
    "cli_metavar_file": "ARCHIVO",
    "cli_metavar_dir": "CARPETA",
    # numbers: the decimal mark and a percentage
    "number_decimal": ",",
    "number_percent": "{value} %",
    "err_save_long_seed": ("La semilla de esa partida guardada tiene {digits} cifras, pero "
                           "una semilla tiene como mucho {limit}: no se puede cargar."),
    "err_save_seed": ("La semilla de esta partida tiene más de {digits} cifras: una partida guardada no "
                      "podría contenerla."),
    "err_option_seed": ("--seed admite como mucho {digits} cifras (una semilla más larga no se podría "
                        "guardar), no {value}."),
    "unsaved_load": ("Esta partida no está guardada: cargar la ranura {slot} descarta lo que has "
                     "jugado desde la última vez que guardaste. Escribe load {slot} otra vez para "
                     "cargarla de todos modos, o antes save K."),
    "err_no_input": ("El juego no tiene entrada (la entrada estándar está cerrada): ejecútalo "
                     "con órdenes que leer, desde una terminal o una tubería."),
    "err_output": "No se pudo escribir la salida del juego (llena o cerrada): la partida termina aquí.",
    "sim_sizes": ("según el número de imperios de la galaxia (partidas, duración media; victorias "
                  "por personalidad; cómo terminaron):"),
    "sim_size": "{empires} imperios: {games} {games:partida|partidas}, de media {average} turnos",
    "threat_heading": ("Peligro: una flota {empire:del} ({ships}, fuerza {theirs}) va rumbo a {system} y "
                       "llega en el turno {turn}; tus fuerzas allí: fuerza {ours}, fortaleza {fort}."),
    "threat_near": ("Peligro: una flota {empire:del} ({ships}, fuerza {theirs}) está junto a {system} "
                    "y llegaría en el turno {turn}; tus fuerzas allí: fuerza {ours}, fortaleza "
                    "{fort}."),
    "near_economy": "{empire:El} ha producido {produced} de {target}: una victoria económica está cerca.",
    "near_science": ("{empire:El} conoce todos los requisitos de la Puerta Estelar: una victoria "
                     "científica está cerca."),
    "emp_stargate": "Puerta Estelar: {known} de {needed} requisitos conocidos",
    "sys_incoming": "Se acerca: flota {empire:del}: {ships}, desde {source}, llega en el turno {turn}",
    "sys_unrest": ("revuelta: esta colonia puede independizarse (imperio grande); una fortaleza o "
                   "naves tuyas aquí lo impiden"),
    "sys_siege_rule": ("cae cuando las murallas están a 0 tras {siege} {siege:turno|turnos} de asedio; naves del dueño "
                       "en el sistema levantan el asedio y restauran las murallas"),
    "fleets_threats": "Flotas enemigas cerca de tus sistemas:",
    "err_twice": "{tech} aparece dos veces.",
    "err_too_few_ships": "No tienes tantas naves en el sistema {system}: hay {ships}.",
    "ok_research_then": "Investigando {tech}; después, {missing}.",
    "ok_go_route": ("Encargo: {ships} del sistema {source} al sistema {target}, r"
                    "uta {route}, llegada en el turno {turn}."),
    "forecast_win": ("Si ambos bandos siguen como están: ganas en {rounds} {rounds:andanada|andanadas} y pierdes "
                     "{ours}."),
    "forecast_loss": ("Si ambos bandos siguen como están: pierdes todas tus naves en {rounds} "
                      "{rounds:andanada|andanadas}; el enemigo pierde {theirs}."),
    "forecast_both": ("Si ambos bandos siguen como están: las dos flotas quedan destruidas en {rounds} "
                      "{rounds:andanada|andanadas}."),
    "forecast_draw": ("Si ambos bandos siguen como están: nadie gana tras {rounds} {rounds:andanada|andanadas}; "
                      "pierdes {ours} y el enemigo, {theirs}."),
    "forecast_fort": ("Si ambos bandos siguen como están: en {rounds} {rounds:andanada|andanadas} de la fortaleza "
                      "pierdes {ours}."),
    "forecast_nothing": "nada",
    "help_resources": ("M metal, G gas, C cristal, U uranio: reservas+ingresos/turno. Victoria "
                       "económica: {target} producidos, los cuatro sumados."),
    "tech_queued": "Después: {missing}",
})
