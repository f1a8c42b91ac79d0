"""The screens beyond the map: empires, technologies, fleets, news, battle report, the end."""
from __future__ import annotations

from typing import cast

from cosmos.battle import ship_attack, ship_hp
from cosmos.data import (
    BUILDINGS,
    ECONOMY_TARGET,
    RESOURCES,
    SHIP_BUILD_TURNS,
    SHIP_TYPES,
    TECHS,
)
from cosmos.diplomacy import offers_to
from cosmos.economy import QueueItem, building_cost, colony_cost, max_level, score
from cosmos.fleets import at_war
from cosmos.messages import Message
from cosmos.tech import missing_prereqs, researchable
from cosmos.text import Texts
from cosmos.ui.layout import Style, wrap
from cosmos.ui.render import (
    counted_kind,
    empire_text,
    keyed_text,
    list_text,
    planet_text,
    render,
    ships_text,
    system_text,
    tech_text,
)
from cosmos.ui.screens import Body, player_of
from cosmos.ui.threats import Threat, near_victory, stargate_needs, threats
from cosmos.victory import ranking
from cosmos.world import World, owned_planets

TECH_NAME_WIDTH = 26  # at least; a language with a longer technology name widens its column
# news about the rivals the player hears of; their building, ships and moves stay their own
PUBLIC_NEWS = frozenset({"news_colonised", "news_contested", "news_researched", "news_battle",
                         "news_besieged", "news_taken", "news_capital_moved", "news_fell",
                         "news_victory", "news_peace_made", "news_war_declared", "news_unrest"})


def relation_text(world: World, texts: Texts, player: int, other: int) -> str:
    """How the player stands with another empire: at war, at peace, or fallen."""
    if not world.empires[other].alive:
        return texts("relation_fallen")
    return texts("relation_war" if at_war(world, player, other) else "relation_peace")


def emp_body(world: World, texts: Texts) -> Body:
    """Every empire: who it is, how you stand with it, its score and size; then the offers."""
    player = player_of(world)
    lines: Body = [(texts("emp_title"), Style.TITLE)]
    for empire in world.empires:
        name = empire_text(world, texts, empire.id)
        if empire.id == player:
            lines.append(texts("emp_you_row", letter=empire.letter, name=name))
        else:
            lines.append(texts("emp_row", letter=empire.letter, name=name,
                               character=keyed_text(texts, "personality", empire.personality),
                               relation=relation_text(world, texts, player, empire.id)))
        ships = sum(sum(f.ships) for f in world.fleets if f.owner == empire.id)
        lines.append("  " + texts("emp_stats", score=score(world, empire.id), ships=ships,
                                  planets=len(owned_planets(world, empire.id)),
                                  techs=len(empire.techs)))
        lines.append("  " + texts("emp_economy", produced=empire.produced, target=ECONOMY_TARGET))
        known, needed = stargate_needs(world, empire.id)
        lines.append("  " + texts("emp_stargate", known=known, needed=needed))
    offers = [offer for offer in offers_to(world, player) if world.empires[offer.sender].alive]
    for offer in offers:
        lines.append((texts("emp_offer", empire=empire_text(world, texts, offer.sender),
                            letter=world.empires[offer.sender].letter), Style.GOOD))
    if not offers:
        lines.append(texts("emp_no_offers"))
    lines.extend(warning_lines(world, texts, player, threats_too=False))
    return lines


def tech_body(world: World, texts: Texts) -> Body:
    """The technology tree: number, name, cost and state of each; then what is open now."""
    empire = world.empires[player_of(world)]
    lines: Body = [(texts("tech_title"), Style.TITLE)]
    width = max(TECH_NAME_WIDTH, *(len(tech_text(texts, tech_id)) for tech_id in range(len(TECHS))))
    for tech_id, tech in enumerate(TECHS):
        if tech_id in empire.techs:
            state = texts("tech_known")
        elif tech_id == empire.research:
            state = texts("tech_researching")
        else:
            missing = missing_prereqs(empire, tech_id)
            needs = ", ".join(str(m + 1) for m in missing)
            state = texts("tech_needs", needs=needs) if missing else texts("tech_open")
        name = tech_text(texts, tech_id)
        lines.append(f"{tech_id + 1:>2} {name:<{width}} {tech.cost:>3}  {state}")
        lines.extend("     " + line for line in wrap(effects_text(texts, tech_id), WRAP_EFFECTS))
    if empire.queued:
        lines.extend(wrap(texts("tech_queued", missing=list_text(texts, [tech_text(texts, t) for t in empire.queued]))))
    open_now = researchable(world, empire.id)
    if open_now:
        lines.append(texts("tech_now", count=len(open_now), numbers=" ".join(str(t + 1) for t in sorted(open_now))))
    else:
        lines.append(texts("tech_none_open"))
    return lines


WRAP_EFFECTS = 57  # an effect line is indented by five under its technology


def effect_text(texts: Texts, effect: str, amount: int) -> str:
    """One effect of a technology in words: "+1 M per mine level", "ships D can be built"."""
    if effect.startswith("mine_"):
        return texts("effect_mine", amount=amount, res=effect[len("mine_"):])
    if effect.startswith("attack_"):
        return texts("effect_attack", amount=amount, kind=effect[len("attack_"):])
    if effect.startswith("unlock_"):
        return texts("effect_unlock", kind=effect[len("unlock_"):])
    return texts(f"effect_{effect}", amount=amount)


def effects_text(texts: Texts, tech_id: int) -> str:
    """Everything a technology changes, in words, joined by semicolons."""
    return "; ".join(effect_text(texts, effect, amount) for effect, amount in TECHS[tech_id].effects)


def cost_text(cost: tuple[int, ...] | list[int]) -> str:
    """A cost as "M40 G30 C10" (resources it does not need left out)."""
    return " ".join(f"{res}{amount}" for res, amount in zip(RESOURCES, cost, strict=True) if amount)


KEEP = "\0"  # stands for a space inside a price while a line is wrapped, so that no break falls there
PRICE_NAME_WIDTH = 20  # at least; a language with a longer name widens the column
PRICE_COST_WIDTH = 19


def price_row(name: str, cost: tuple[int, ...] | list[int], rest: str, width: int = PRICE_NAME_WIDTH) -> str:
    """One row of the price list: what, its cost, and how long it takes (or more)."""
    return f"  {name:<{width}}{cost_text(cost):<{PRICE_COST_WIDTH}}{rest}".rstrip()


def queue_row(world: World, texts: Texts, item: QueueItem) -> str:
    """One order under way: what, where and how many turns are left."""
    where = {"planet": planet_text(world, item.planet), "turns": item.turns_left}
    if item.kind == "colony":
        return texts("queue_colony", **where)
    if item.kind == "building":
        return texts("queue_building", building=keyed_text(texts, "building", item.what), **where)
    return texts("queue_ships", count=item.count, kind=counted_kind(texts, item.what, item.count),
                 **where)


def queue_body(world: World, texts: Texts) -> Body:
    """The player's orders under way, then what each thing costs now and how long it takes."""
    player = player_of(world)
    mine = [item for item in world.queue if item.empire == player]
    lines: Body = [(texts("queue_title"), Style.TITLE)]
    for item in mine:
        lines.extend(wrap(queue_row(world, texts, item)))
    if not mine:
        lines.append(texts("queue_none"))
    lines.append((texts("price_title"), Style.TITLE))
    rows = [(texts("price_colony"), colony_cost(world, player), texts("price_turns", turns=1))]
    for key, building in BUILDINGS.items():
        rows.append((f"{keyed_text(texts, 'building', key)} ({key})", building.cost,
                     texts("price_turns", turns=building.turns)))
    for kind, ship in enumerate(SHIP_TYPES):  # attack and hit points with the technologies researched
        hp = ship_hp(world, player, kind)
        hp_text = str(hp.numerator) if hp.denominator == 1 else f"{float(hp):.1f}".replace(".", texts("number_decimal"))
        rows.append((f"{ship.key} {keyed_text(texts, 'ship', ship.key)}", ship.cost,
                     texts("price_ship", turns=SHIP_BUILD_TURNS, attack=ship_attack(world, player, kind), hp=hp_text)))
    width = max(PRICE_NAME_WIDTH, *(len(name) + 1 for name, _cost, _rest in rows))
    lines.extend(price_row(name, cost, rest, width) for name, cost, rest in rows)
    lines.extend(wrap(texts("price_rules")))
    for planet_id in owned_planets(world, player):
        text = texts("price_planet", planet=planet_text(world, planet_id),
                     mine=next_level_text(world, texts, planet_id, "mine").replace(" ", KEEP),
                     fort=next_level_text(world, texts, planet_id, "fort").replace(" ", KEEP))
        lines.extend(line.replace(KEEP, " ") for line in wrap(text))  # a price is never split over two lines
    return lines


def next_level_text(world: World, texts: Texts, planet_id: int, building: str) -> str:
    """The price of a building's next level on a planet, or that it is at its highest level."""
    level = getattr(world.planets[planet_id], BUILDINGS[building].field)
    if level >= max_level(world, world.planets[planet_id].owner, building):
        return texts("price_max")
    return cost_text(building_cost(world, planet_id, building))


def fleets_body(world: World, texts: Texts) -> Body:
    """The player's fleets: where each is, its ships and where it is heading."""
    player = player_of(world)
    lines: Body = [(texts("fleets_title", empire=empire_text(world, texts, player)), Style.TITLE)]
    mine = sorted((f for f in world.fleets if f.owner == player and sum(f.ships) > 0),
                  key=lambda f: f.id)
    for fleet in mine:
        where = {"fleet": fleet.id + 1, "system": system_text(world, fleet.system),
                 "ships": ships_text(fleet.ships)}
        if fleet.target >= 0:
            target = system_text(world, fleet.target)
            lines.append(texts("fleets_row_moving", target=target, **where))
        else:
            lines.append(texts("fleets_row", **where))
    if not mine:
        lines.append(texts("fleets_none"))
    danger = threats(world, player)
    if danger:
        lines.append((texts("fleets_threats"), Style.TITLE))
        lines.extend((line, Style.BAD) for threat in danger for line in wrap(threat_text(world, texts, threat)))
    return lines


def threat_text(world: World, texts: Texts, threat: Threat) -> str:
    """An enemy fleet near one of the player's systems: whose, how strong, when, against what."""
    return texts("threat_heading" if threat.heading else "threat_near",
                 empire=empire_text(world, texts, threat.owner), ships=ships_text(threat.ships),
                 theirs=threat.theirs, system=system_text(world, threat.system), turn=threat.turn,
                 ours=threat.ours, fort=threat.fort)


def warning_lines(world: World, texts: Texts, player: int, threats_too: bool = True) -> Body:
    """What the player must act on: enemy fleets near its systems, rivals close to a victory."""
    lines: Body = []
    if threats_too:
        for threat in threats(world, player):
            lines.extend((line, Style.BAD) for line in wrap(threat_text(world, texts, threat)))
    for empire_id, kind in near_victory(world, player):
        text = texts(f"near_{kind}", empire=empire_text(world, texts, empire_id),
                     produced=world.empires[empire_id].produced, target=ECONOMY_TARGET)
        lines.extend((line, Style.BAD) for line in wrap(text))
    return lines


def visible_news(news: list[Message], player: int) -> list[Message]:
    """The news the player hears: everything about its own empire, the public news of others.

    A battle in which nobody lost a ship (a siege's fortress firing at nothing it can hurt)
    is no news, nor is a side that lost nothing.
    """
    def concerns_player(item: Message) -> bool:
        values = item.as_dict()
        return player in (values.get("empire"), values.get("previous"), values.get("other"))
    heard = []
    for i, item in enumerate(news):
        if item.key == "news_losses" and item.get("lost") == 0:
            continue
        if item.key == "news_battle" and not any(
                later.get("lost") for later in news[i + 1: i + 1 + cast(int, item.get("sides"))]
                if later.key == "news_losses"):
            continue
        if item.key in PUBLIC_NEWS or concerns_player(item):
            heard.append(item)
    return heard


def latest_sieges(news: list[Message]) -> list[Message]:
    """News of several turns with each planet's siege told once, at its latest state."""
    last = {item.get("planet"): i for i, item in enumerate(news) if item.key == "news_besieged"}
    return [item for i, item in enumerate(news)
            if item.key != "news_besieged" or last[item.get("planet")] == i]


def message_lines(world: World, texts: Texts, message: Message) -> list[str]:
    """One message in the player's language, wrapped to the width of running text."""
    return wrap(render(world, texts, message.key, message.args))


def news_body(world: World, texts: Texts, turns: tuple[int, int], news: list[Message],
              battle: bool) -> Body:
    """The news of the turns that just ended (first, last), one item a line (wrapped)."""
    first, last = turns
    title = (texts("news_title", turn=first) if first == last
             else texts("news_title_span", first=first, last=last))
    lines: Body = [(title, Style.TITLE)]
    for item in news:
        style = Style.BAD if item.key in ("news_taken", "news_fell") else Style.TEXT
        lines.extend((line, style) for line in message_lines(world, texts, item))
    warnings = warning_lines(world, texts, player_of(world))
    lines.extend(warnings)
    if not news and not warnings:
        lines.append(texts("news_quiet"))
    if battle:
        lines.append(texts("news_more"))
    return lines


def report_body(world: World, texts: Texts) -> Body:
    """Every battle of the last turn that had one: each side's ships (and fortress), its losses."""
    if not world.battle_reports:
        return [texts("report_none")]
    last_turn = world.battle_reports[-1].turn
    lines: Body = []
    for report in (r for r in world.battle_reports if r.turn == last_turn):
        lines.append((texts("report_title", system=system_text(world, report.system),
                            turn=report.turn), Style.TITLE))
        for i, empire_id in enumerate(report.empires):
            none = texts("ships_none")
            side = {"empire": empire_text(world, texts, empire_id),
                    "before": ships_text(report.before[i], none),
                    "lost": ships_text(report.lost[i], none)}
            if report.forts[i]:
                lines.extend(wrap(texts("report_side_fort", fort=report.forts[i], **side)))
            else:
                lines.extend(wrap(texts("report_side", **side)))
    return lines


def end_body(world: World, texts: Texts) -> Body:
    """The end of the game: when, who won and how, and the final scores."""
    victory = world.victory
    player = player_of(world)
    how = keyed_text(texts, "victory", victory.kind)
    lines: Body = [(texts("end_title", turn=victory.turn), Style.TITLE)]
    if victory.winner == player:
        lines.append((texts("end_won", how=how), Style.GOOD))
    else:
        lines.append((texts("end_lost", empire=empire_text(world, texts, victory.winner), how=how),
                      Style.BAD))
    lines.append(texts("end_scores"))
    others = [e.id for e in world.empires if e.id != victory.winner]
    for empire_id in [victory.winner, *ranking(world, others)]:  # the winner first, whatever its score
        empire = world.empires[empire_id]
        lines.append(f"  {empire.letter} {empire_text(world, texts, empire_id):<24}"
                     f"{score(world, empire_id):>5}")
    return lines
