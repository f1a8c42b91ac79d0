"""English texts of the game: every line the player sees, as str.format templates."""
from __future__ import annotations

from types import MappingProxyType

TEXTS = MappingProxyType({
    # the header: turn, empire and score; stock and income; research
    "header_turn": "Turn {turn}/{turns}  {empire} ({letter})",
    "header_score": "score {score}",
    "header_science": "science {science}",
    "research_none": "Nothing is being researched (r number). Banked science: {banked}",
    "research_now": "Researching {tech}: {progress}/{cost}. Banked science: {banked}",
    # the opening screen
    "intro_start": "{empire} starts in the {system} system: a capital, a shipyard, a lab and "
                   "your first fleet.",
    "intro_rules": "Colonise planets, research technologies, build a fleet. In battle I beats B, "
                   "B beats F, F beats I.",
    "intro_victory": "Victory: conquer everyone, research the Stargate or produce {economy}. "
                     "After {turns} turns the strongest wins. Type help.",
    # footers
    "footer_back": "Enter or map: back to the map   help: commands",
    "footer_map": "help: commands   end: end the turn   sys N: a system",
    "footer_end": "The game is over. quit: leave   load K: load a saved game",
    # a system
    "sys_title": "System {number} {name}, {star}. Lanes to: {lanes}",
    "star_red": "red star",
    "star_yellow": "yellow star",
    "star_blue": "blue star",
    "planet_line": "Planet {number} {name}, {kind} ({owner})",
    "planet_free": "free",
    "planet_rich": "  richness {rich}",
    "planet_buildings": "  mines {mines}  lab {lab}  yard {yard}  fort {fort}",
    "planet_siege": "  under siege: {turns}",
    "yes": "yes",
    "no": "no",
    "fleet_line": "Fleet of {empire}: {ships}",
    "fleet_line_moving": "Fleet of {empire}: {ships}, heading to {target}",
    # kinds of things
    "planet_type_rocky": "rocky",
    "planet_type_gas_giant": "gas giant",
    "planet_type_icy": "icy",
    "planet_type_ocean": "ocean",
    "planet_type_volcanic": "volcanic",
    "ship_I": "interceptor",
    "ship_B": "bomber",
    "ship_F": "frigate",
    "ship_D": "dreadnought",
    "building_mine": "mine",
    "building_lab": "lab",
    "building_yard": "shipyard",
    "building_fort": "fortress",
    "personality_warlord": "Warlord",
    "personality_builder": "Builder",
    "personality_scholar": "Scholar",
    # commands: bad input (nothing happens, the turn goes on)
    "parse_unknown": "Unknown command {word}. Type help for the list.",
    "parse_usage": "Usage: {usage}",
    "parse_not_number": "{word} is not a number. Usage: {usage}",
    "parse_range": "{what} must be from {low} to {high}.",
    "parse_too_long": "That line is too long (at most {limit} characters).",
    "parse_bad_chars": "Use letters, digits and spaces only.",
    "parse_game_over": "The game is over: only map, sys, emp, tech, fleets, help, load and "
                       "quit work.",
    "parse_empire": "{word} is not an empire of this game ({letters}).",
    "parse_no_offers": "There is no offer to answer.",
    "not_ready": "This command is not available yet.",
    "what_system": "The system",
    "what_planet": "The planet",
    "what_tech": "The technology",
    "what_count": "The number of ships",
    "what_turns": "The number of turns",
    "what_slot": "The slot",
    "what_offer": "The offer",
    "what_empire": "The empire",
    # help
    "help_title": "Commands (an empty line is map):",
    "help_map": "map            the map of the galaxy",
    "help_sys": "sys N          system N: planets, buildings, fleets",
    "help_emp": "emp            the empires, relations and offers",
    "help_tech": "tech           the technology tree",
    "help_fleets": "fleets         your fleets",
    "help_col": "col P          colonise planet P",
    "help_build": "b mine|lab|yard|fort P   build on planet P",
    "help_research": "r X            research technology X",
    "help_ship": "ship T N P     build N ships of type T (I B F D) at planet P",
    "help_go": "go A B         send your fleet from system A to system B",
    "help_end": "end            end the turn; wait N: end up to N turns",
    "help_diplomacy": "peace E, war E, accept N, reject N   diplomacy (E: A to D)",
    "help_save": "save K, load K slots 1 to 3;  quit: leave the game",
    "help_battle": "report         the last battle report; news: the news of the turn",
    "help_roles": "In battle I beats B, B beats F, F beats I; D is strong against all.",
})
