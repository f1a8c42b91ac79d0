"""The screens of the game as frames: the header, the opening screen, the map and a system."""
from __future__ import annotations

from collections.abc import Sequence

from cosmos.data import (
    BATTLE_ROUNDS,
    ECONOMY_TARGET,
    FORT_ATTACK,
    FORT_HP,
    MAX_TURNS,
    PLANET_TYPES,
    RESOURCES,
    RPS_PERCENT,
    SHIP_KINDS,
    SHIP_TYPES,
    SIEGE_TURNS,
    STAR_CLASSES,
)
from cosmos.text import Texts
from cosmos.ui.figures import figures
from cosmos.ui.layout import WRAP_WIDTH, Frame, Style, both_ends, wrap
from cosmos.ui.mapdraw import draw_map
from cosmos.ui.render import empire_text, ships_text, system_text, tech_text
from cosmos.ui.threats import arrival_turn, at_risk
from cosmos.world import World

LEGEND_NAME_WIDTH = 13


def player_of(world: World) -> int:
    """The id of the human player's empire (the first empire when nobody is human)."""
    for empire in world.empires:
        if empire.human:
            return empire.id
    return 0


def empire_name(world: World, texts: Texts, empire_id: int) -> str:
    """An empire's name in the player's language (with the forms a sentence may ask for)."""
    return empire_text(world, texts, empire_id)


def header(world: World, texts: Texts) -> list[str]:
    """The three header lines: turn, empire and score; stock and income; research."""
    player = player_of(world)
    empire = world.empires[player]
    numbers = figures(world, player)
    left = texts("header_turn", turn=world.turn, turns=MAX_TURNS,
                 empire=empire_name(world, texts, player), letter=empire.letter)
    first = both_ends(left, texts("header_score", score=numbers.score))
    columns = zip(RESOURCES, numbers.stock, numbers.income, strict=True)
    stock = " ".join(f"{res}{have}{gain:+d}" for res, have, gain in columns)
    second = f"{stock}  {texts('header_science', science=f'{numbers.science:+d}')}"
    if numbers.research < 0:
        third = texts("research_none", banked=numbers.banked)
    elif numbers.banked >= numbers.cost:  # paid for already: learnt at the end of this turn
        third = texts("research_ready", tech=tech_text(texts, numbers.research), cost=numbers.cost)
    else:
        turns = numbers.turns_left if numbers.turns_left else "-"
        third = texts("research_now", tech=tech_text(texts, numbers.research),
                      banked=numbers.banked, cost=numbers.cost, turns=turns)
    return [first, second, third]


Body = list[str | tuple[str, Style]]  # a screen's lines; a bare string is plain text


def frame(world: World, texts: Texts, body: Sequence[str | tuple[str, Style]], footer: str,
          notes: list[tuple[str, Style]] | None = None) -> Frame:
    """A whole screen: the header, the body, a blank line, notes (if any) and the footer."""
    result = Frame()
    result.extend(header(world, texts), Style.HEADER)
    for line in body:
        if isinstance(line, str):
            result.add(line)
        else:
            result.add(*line)
    result.add("")
    for note, style in notes or []:
        for line in wrap(note):
            result.add(line, style)
    if notes:
        result.add("")
    result.add(footer, Style.FOOTER)
    return result


def intro_body(world: World, texts: Texts) -> list[str]:
    """The opening screen's text: where you start, how battle works and how to win."""
    player = player_of(world)
    capital = world.systems[world.empires[player].capital]
    paragraphs = [
        texts("intro_start", empire=empire_name(world, texts, player), system=capital.name),
        texts("intro_rules"),
        texts("intro_victory", economy=ECONOMY_TARGET, turns=MAX_TURNS),
    ]
    return [line for paragraph in paragraphs for line in wrap(paragraph)]


def legend(world: World, texts: Texts) -> str:
    """Each empire as L:name, the name cut or padded to 13 characters, joined by one space."""
    parts = [f"{empire.letter}:{empire_name(world, texts, empire.id)[:LEGEND_NAME_WIDTH]:<13}"
             for empire in world.empires]
    return " ".join(parts).rstrip()


def map_body(world: World, texts: Texts, lanes: Sequence[tuple[int, int]] | None = None) -> Body:
    """The map and, below it, the legend of the empires (lanes: the lanes' dots, if known)."""
    lines: Body = [(line, Style.MAP) for line in draw_map(world, lanes)]
    return [*lines, "", (legend(world, texts), Style.LEGEND)]


def indented(text: str, indent: str = "    ") -> list[str]:
    """A note under a planet, wrapped, every line indented."""
    return [indent + line for line in wrap(text, WRAP_WIDTH - len(indent))]


def sys_body(world: World, texts: Texts, system_id: int) -> list[str]:
    """One system: its star and lanes, each planet (owner, richness, buildings), its fleets."""
    system = world.systems[system_id]
    lanes = ", ".join(str(link + 1) for link in system.links)
    star = texts(f"star_{STAR_CLASSES[system.cls]}")
    lines = [texts("sys_title", number=system.id + 1, name=system.name, star=star, lanes=lanes)]
    for planet_id in system.planets:
        planet = world.planets[planet_id]
        owner = (texts("planet_free") if planet.owner < 0
                 else empire_name(world, texts, planet.owner))
        kind = texts(f"planet_type_{PLANET_TYPES[planet.type_index].key}")
        lines.append(texts("planet_line", number=planet.id + 1, name=world.planet_name(planet.id),
                           kind=kind, owner=owner))
        rich = " ".join(f"{res}{value}" for res, value in zip(RESOURCES, planet.rich, strict=True))
        lines.append(texts("planet_rich", rich=rich))
        if planet.owner >= 0:
            lines.append(texts("planet_buildings", mines=planet.mines, fort=planet.fort,
                               lab=texts("yes" if planet.lab else "no"),
                               yard=texts("yes" if planet.yard else "no")))
        if planet.siege > 0:
            walls = world.fort_left.get(planet.id, 0)
            lines.append(texts("planet_siege", turns=planet.siege, walls=walls))
            lines.extend(indented(texts("sys_siege_rule", siege=SIEGE_TURNS)))
        if planet.owner == player_of(world) and at_risk(world, planet.id):
            lines.extend(indented(texts("sys_unrest")))
    for fleet in sorted(world.fleets, key=lambda f: f.id):
        if fleet.system == system_id and sum(fleet.ships) > 0:
            name = empire_name(world, texts, fleet.owner)
            if fleet.target >= 0:
                lines.append(texts("fleet_line_moving", empire=name, ships=ships_text(fleet.ships),
                                   target=fleet.target + 1))
            else:
                lines.append(texts("fleet_line", empire=name, ships=ships_text(fleet.ships)))
    for fleet in sorted(world.fleets, key=lambda f: f.id):
        if fleet.target == system_id and fleet.system != system_id and sum(fleet.ships) > 0:
            lines.extend(wrap(texts("sys_incoming", empire=empire_name(world, texts, fleet.owner),
                                    ships=ships_text(fleet.ships), source=system_text(world, fleet.system),
                                    turn=arrival_turn(world, fleet, system_id))))
    return lines


HELP_KEYS = ("help_map", "help_sys", "help_emp", "help_tech", "help_fleets", "help_queue",
             "help_col", "help_build", "help_research", "help_ship", "help_go", "help_end",
             "help_diplomacy", "help_answer", "help_empire", "help_save", "help_battle", "help_rules",
             "help_roles", "help_resources")


def help_body(world: World, texts: Texts) -> list[str]:
    """The list of commands (the empires are this game's: their letters in the legend's order)."""
    letters = " ".join(empire.letter for empire in world.empires)
    lines = [texts("help_title")]
    for key in HELP_KEYS:
        text = texts(key, letters=letters, highest=len(world.empires), target=ECONOMY_TARGET)
        if key == "help_resources":  # sentences, not a column: each begins a line, wrapped between words
            lines.extend(line for sentence in text.split(". ") for line in wrap(sentence.rstrip(".") + "."))
        else:
            lines.append(text)
    return lines


def rules_body(texts: Texts) -> list[str]:
    """The battle rules (help battle), every number read from the engine's constants."""
    beats = [RPS_PERCENT[k][j] for k in range(3) for j in range(3)]
    ships = ", ".join(f"{ship.key} {ship.attack}/{ship.hp}" for ship in SHIP_TYPES)
    sentences = [
        texts("rules_rounds", rounds=BATTLE_ROUNDS),
        texts("rules_damage", strong=max(beats), weak=min(beats)),
        texts("rules_dread", dread=RPS_PERCENT[SHIP_KINDS.index("D")][0]),
        texts("rules_ships", ships=ships),
        texts("rules_fort", fort=FORT_ATTACK, fort_hp=FORT_HP, siege=SIEGE_TURNS),
    ]
    return [texts("rules_title"), *(line for sentence in sentences for line in wrap(sentence))]


__all__ = ["help_body", "rules_body", "frame", "header", "intro_body", "legend", "map_body", "sys_body"]
