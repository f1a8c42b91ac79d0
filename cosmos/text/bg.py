"""Bulgarian texts of the game (as the Bulgarian source lesson gives them where it shows them)."""
from __future__ import annotations

from types import MappingProxyType

TEXTS = MappingProxyType({
    # the header: turn, empire and score; stock and income; research
    "header_turn": "Ход {turn}/{turns}  {empire} ({letter})",
    "header_score": "точки {score}",
    "header_science": "наука {science}",
    "research_none": "Нищо не се проучава (r номер). Натрупана наука: {banked}",
    "research_now": "Проучва се {tech}: {progress}/{cost}. Натрупана наука: {banked}",
    # the opening screen
    "intro_start": "{empire} започва от системата {system}: столица, корабостроителница, "
                   "лаборатория и първият ти флот.",
    "intro_rules": "Колонизирай планети, проучвай технологии, строй флот. В битка I бие B, "
                   "B бие F, F бие I.",
    "intro_victory": "Победа: завладей всички, проучи Звездната врата или произведи {economy}. "
                     "След {turns} хода печели най-силният. Напиши help.",
    # footers
    "footer_back": "Enter или map: към картата   help: команди",
    "footer_map": "help: команди   end: край на хода   sys N: система",
    "footer_end": "Играта свърши. quit: изход   load K: зареди запис",
    # a system
    "sys_title": "Система {number} {name}, {star}. Пътища към: {lanes}",
    "star_red": "червена звезда",
    "star_yellow": "жълта звезда",
    "star_blue": "синя звезда",
    "planet_line": "Планета {number} {name}, {kind} ({owner})",
    "planet_free": "свободна",
    "planet_rich": "  богатство {rich}",
    "planet_buildings": "  мини {mines}  лаб {lab}  двор {yard}  крепост {fort}",
    "planet_siege": "  под обсада: {turns}",
    "yes": "да",
    "no": "не",
    "fleet_line": "Флот на {empire}: {ships}",
    "fleet_line_moving": "Флот на {empire}: {ships}, на път към {target}",
    # kinds of things
    "planet_type_rocky": "скалиста",
    "planet_type_gas_giant": "газов гигант",
    "planet_type_icy": "ледена",
    "planet_type_ocean": "океанска",
    "planet_type_volcanic": "вулканична",
    "ship_I": "прехващач",
    "ship_B": "бомбардировач",
    "ship_F": "фрегата",
    "ship_D": "дредноут",
    "building_mine": "мина",
    "building_lab": "лаборатория",
    "building_yard": "корабостроителница",
    "building_fort": "крепост",
    "personality_warlord": "Воин",
    "personality_builder": "Строител",
    "personality_scholar": "Учен",
    # commands: bad input (nothing happens, the turn goes on)
    "parse_unknown": "Непозната команда {word}. Напиши help за списъка.",
    "parse_usage": "Употреба: {usage}",
    "parse_not_number": "{word} не е число. Употреба: {usage}",
    "parse_range": "{what} трябва да е от {low} до {high}.",
    "parse_too_long": "Редът е твърде дълъг (най-много {limit} знака).",
    "parse_bad_chars": "Използвай само букви, цифри и интервали.",
    "parse_game_over": "Играта свърши: работят само map, sys, emp, tech, fleets, help, load "
                       "и quit.",
    "parse_empire": "{word} не е империя в тази игра ({letters}).",
    "parse_no_offers": "Няма предложение, на което да отговориш.",
    "not_ready": "Тази команда още не е достъпна.",
    "what_system": "Системата",
    "what_planet": "Планетата",
    "what_tech": "Технологията",
    "what_count": "Броят кораби",
    "what_turns": "Броят ходове",
    "what_slot": "Слотът",
    "what_offer": "Предложението",
    "what_empire": "Империята",
    # help
    "help_title": "Команди (празен ред е map):",
    "help_map": "map            картата на галактиката",
    "help_sys": "sys N          система N: планети, сгради, флоти",
    "help_emp": "emp            империите, отношенията и предложенията",
    "help_tech": "tech           дървото на технологиите",
    "help_fleets": "fleets         твоите флоти",
    "help_col": "col P          колонизирай планета P",
    "help_build": "b mine|lab|yard|fort P   строй на планета P",
    "help_research": "r X            проучвай технология X",
    "help_ship": "ship T N P     строй N кораба от вид T (I B F D) на планета P",
    "help_go": "go A B         прати флота си от система A към система B",
    "help_end": "end            край на хода; wait N: до N хода наведнъж",
    "help_diplomacy": "peace E, war E, accept N, reject N   дипломация (E: от A до D)",
    "help_save": "save K, load K слотове 1 до 3;  quit: изход от играта",
    "help_battle": "report         последният доклад за битка; news: новините на хода",
    "help_roles": "В битка I бие B, B бие F, F бие I; D е силен срещу всички.",
})
