"""Is a world read from a checkpoint one the rules could have made? Types, ranges and references.

A checkpoint's digest only proves that it was not damaged by accident; a hand-edited one can
carry a digest that fits. check_world looks at every value the rules rely on (exact types, numbers
in their ranges, ids that name a real system, planet, empire or technology, the galaxy the seed
makes) and raises ValueError at the first doubt, so that the caller replays the save instead.
"""
from __future__ import annotations

from collections.abc import Callable

from cosmos.battle import BattleReport
from cosmos.bus import EventBus
from cosmos.data import BUILDINGS, PERSONALITIES, RES_COUNT, SHIP_KINDS, TECHS, VICTORY_KINDS
from cosmos.diplomacy import Offer, Stance
from cosmos.economy import QueueItem
from cosmos.messages import Message
from cosmos.rng import Random
from cosmos.text import LANGS, placeholders, table
from cosmos.victory import Victory
from cosmos.world import Empire, Fleet, World

__all__ = ["check_world"]

BIG = 10**12  # far beyond any stock, science or count a real game reaches
MAX_SHIPS = 10**6  # ships of one kind in one fleet
MAX_LEVEL = 10  # a building's level (the highest is 5, fortresses 3 plus technologies)
MAX_TEXT = 200  # characters of a stored line or a message's word
QUEUE_KINDS = {"colony": ("",), "building": tuple(BUILDINGS), "ships": SHIP_KINDS}


def _doubt(what: str) -> ValueError:
    """The error that makes the caller replay: what looked wrong."""
    return ValueError(f"checkpoint doubt: {what}")


def _int(value: object, low: int, high: int, what: str) -> int:
    """A whole number (not a bool, not a float) from low to high."""
    if type(value) is not int or not low <= value <= high:
        raise _doubt(what)
    return value


def _bool(value: object, what: str) -> None:
    """True or False, nothing else."""
    if type(value) is not bool:
        raise _doubt(what)


def _ints(value: object, kind: type, length: int, low: int, high: int, what: str) -> None:
    """A list (or tuple) of exactly length whole numbers from low to high."""
    if not isinstance(value, (list, tuple)) or type(value) is not kind or len(value) != length:
        raise _doubt(what)
    for item in value:
        _int(item, low, high, what)


def _list_of(value: object, kind: type, what: str) -> list:
    """A list whose items are all exactly of one class."""
    if type(value) is not list or any(type(item) is not kind for item in value):
        raise _doubt(what)
    return value


def _texts(value: object, what: str) -> None:
    """A list of short strings (lines the game stored)."""
    for item in _list_of(value, str, what):
        if len(item) > MAX_TEXT:
            raise _doubt(what)


def check_world(world: World, fresh: World, turn: int) -> None:
    """ValueError unless world could be the game of fresh's seed after turn - 1 ends (fresh: new_world(seed))."""
    if type(world) is not World or type(world.rng) is not Random or type(world.bus) is not EventBus:
        raise _doubt("not a world")
    if world.seed != fresh.seed or type(world.seed) is not int:
        raise _doubt("another seed")
    ended = world.victory is not None and world.turn == turn - 1  # the last turn does not count on
    if type(world.turn) is not int or (world.turn != turn and not ended):
        raise _doubt("another turn")
    _int(world.rng.state, 0, 2**32 - 1, "generator")
    if world.systems != fresh.systems:
        raise _doubt("another galaxy")
    empires = len(fresh.empires)
    ids = Ids(len(world.systems), len(world.planets), empires)
    _check_planets(world, fresh, ids)
    _check_empires(world, fresh, ids)
    _check_fleets(world, ids)
    _check_orders(world, ids)
    _check_records(world, ids)
    for flag in ("quiet", "events_enabled", "listening"):
        _bool(getattr(world, flag), flag)
    _int(world.alert, -BIG, BIG, "alert")
    if world.pace != fresh.pace:
        raise _doubt("pace")


class Ids:
    """How many systems, planets and empires there are: what an id may name."""

    def __init__(self, systems: int, planets: int, empires: int) -> None:
        self.systems, self.planets, self.empires = systems, planets, empires

    def system(self, value: object, what: str, none: bool = False) -> None:
        """A system's id (or -1 for none, if allowed)."""
        _int(value, -1 if none else 0, self.systems - 1, what)

    def planet(self, value: object, what: str) -> None:
        """A planet's id."""
        _int(value, 0, self.planets - 1, what)

    def empire(self, value: object, what: str, none: bool = False) -> None:
        """An empire's id (or -1 for none, if allowed)."""
        _int(value, -1 if none else 0, self.empires - 1, what)


def _check_planets(world: World, fresh: World, ids: Ids) -> None:
    """The planets the seed made, each with an owner and buildings in range."""
    if len(world.planets) != len(fresh.planets):
        raise _doubt("planets")
    for planet, made in zip(world.planets, fresh.planets, strict=True):
        if type(planet) is not type(made) or (planet.id, planet.system_id, planet.index, planet.type_index) != (
                made.id, made.system_id, made.index, made.type_index) or planet.rich != made.rich:
            raise _doubt("a planet the seed did not make")
        ids.empire(planet.owner, "a planet's owner", none=True)
        for building in ("mines", "lab", "yard", "fort"):
            _int(getattr(planet, building), 0, MAX_LEVEL, "a building's level")
        _int(planet.siege, 0, BIG, "a siege")


def _check_empires(world: World, fresh: World, ids: Ids) -> None:
    """The empires the seed made, with stock, research and techs in range."""
    if len(world.empires) != len(fresh.empires):
        raise _doubt("empires")
    for empire, made in zip(world.empires, fresh.empires, strict=True):
        if type(empire) is not Empire or (empire.id, empire.definition, empire.human) != (
                made.id, made.definition, made.human):
            raise _doubt("an empire the seed did not make")
        if type(empire.personality) is not str or empire.personality not in PERSONALITIES:
            raise _doubt("a character")
        _bool(empire.alive, "alive")
        ids.system(empire.capital, "a capital", none=True)
        _ints(empire.stock, list, RES_COUNT, 0, BIG, "a stock")
        _int(empire.science, 0, BIG, "science")
        _int(empire.research, -1, len(TECHS) - 1, "research")
        _ints(empire.techs, list, len(empire.techs), 0, len(TECHS) - 1, "techs")
        if len(set(empire.techs)) != len(empire.techs):
            raise _doubt("a technology twice")
        _ints(empire.queued, list, len(empire.queued), 0, len(TECHS) - 1, "queued research")
        _int(empire.produced, 0, BIG, "produced")
        _int(empire.fell_on, 0, world.turn, "fell on")


def _check_fleets(world: World, ids: Ids) -> None:
    """Fleets with distinct ids, in real systems, of real empires (new ids continue past the highest)."""
    _int(world.next_fleet_id, 0, BIG, "next fleet id")
    seen: set[int] = set()
    for fleet in _list_of(world.fleets, Fleet, "fleets"):
        _int(fleet.id, 0, BIG, "a fleet's id")
        if fleet.id in seen:
            raise _doubt("a fleet's id twice")
        seen.add(fleet.id)
        ids.empire(fleet.owner, "a fleet's owner")
        ids.system(fleet.system, "a fleet's system")
        ids.system(fleet.target, "a fleet's target", none=True)
        _ints(fleet.ships, list, len(SHIP_KINDS), 0, MAX_SHIPS, "a fleet's ships")


def _check_orders(world: World, ids: Ids) -> None:
    """The build queue and the diplomatic offers."""
    for item in _list_of(world.queue, QueueItem, "queue"):
        ids.empire(item.empire, "an order's empire")
        ids.planet(item.planet, "an order's planet")
        if item.kind not in QUEUE_KINDS or item.what not in QUEUE_KINDS[item.kind]:
            raise _doubt("an order")
        _int(item.count, 1, BIG, "an order's count")
        _int(item.turns_left, 0, BIG, "an order's turns")
        _ints(item.paid, tuple, RES_COUNT, 0, BIG, "an order's price")
    for offer in _list_of(world.offers, Offer, "offers"):
        ids.empire(offer.sender, "an offer's sender")
        ids.empire(offer.receiver, "an offer's receiver")
        _int(offer.turn, 0, world.turn, "an offer's turn")
        if type(offer.stance) is not Stance:
            raise _doubt("an offer's stance")
    if type(world.peace) is not dict:
        raise _doubt("peace")
    for pair, made in world.peace.items():
        if type(pair) is not tuple or len(pair) != 2:
            raise _doubt("a peace")
        ids.empire(pair[0], "a peace")
        ids.empire(pair[1], "a peace")
        _int(made, 0, world.turn, "a peace's turn")


def _check_records(world: World, ids: Ids) -> None:
    """What the game remembers: victory, sieges, statistics, battles and the last turn's news."""
    for name in ("news", "turn_lines", "last_battle"):
        _texts(getattr(world, name), name)
    victory = world.victory
    if victory is not None:
        if type(victory) is not Victory or victory.kind not in VICTORY_KINDS:
            raise _doubt("victory")
        ids.empire(victory.winner, "the winner")
        _int(victory.turn, 1, world.turn, "the victory's turn")
    if type(world.fort_left) is not dict or type(world.stats) is not dict:
        raise _doubt("records")
    for planet, left in world.fort_left.items():
        ids.planet(planet, "a siege's planet")
        _int(left, 0, BIG, "a wall")
    for kind, count in world.stats.items():
        if type(kind) is not str:
            raise _doubt("a statistic")
        _int(count, 0, BIG, "a statistic")
    for report in _list_of(world.battle_reports, BattleReport, "battles"):
        _check_battle(report, ids, world.turn)
    for item in _list_of(world.turn_news, Message, "news"):
        _check_message(item, ids)


def _check_battle(report: BattleReport, ids: Ids, turn: int) -> None:
    """A battle report: its sides, their ships before and lost, their forts."""
    _int(report.turn, 0, turn, "a battle's turn")
    ids.system(report.system, "a battle's system")
    sides = len(report.empires) if type(report.empires) is tuple else -1
    _ints(report.empires, tuple, sides, 0, ids.empires - 1, "a battle's sides")
    _ints(report.forts, tuple, sides, 0, BIG, "a battle's forts")
    for rows in (report.before, report.lost):
        if type(rows) is not tuple or len(rows) != sides:
            raise _doubt("a battle's ships")
        for row in rows:
            _ints(row, tuple, len(SHIP_KINDS), 0, MAX_SHIPS, "a battle's ships")


ARG_CHECKS: dict[str, Callable[[Ids, object], object]] = {
    "empire": lambda ids, value: ids.empire(value, "a message's empire"),
    "other": lambda ids, value: ids.empire(value, "a message's empire"),
    "previous": lambda ids, value: ids.empire(value, "a message's empire", none=True),
    "system": lambda ids, value: ids.system(value, "a message's system"),
    "planet": lambda ids, value: ids.planet(value, "a message's planet"),
    "tech": lambda ids, value: _int(value, 0, len(TECHS) - 1, "a message's technology"),
}


def _check_message(item: Message, ids: Ids) -> None:
    """A message of the news: a known text, its placeholders given, each value of a sensible kind."""
    if type(item.key) is not str or any(item.key not in table(lang) for lang in LANGS):
        raise _doubt("a message's text")
    if type(item.args) is not tuple or any(type(arg) is not tuple or len(arg) != 2 for arg in item.args):
        raise _doubt("a message's values")
    names = [name for name, _ in item.args]
    needed = {name for lang in LANGS for name in placeholders(table(lang)[item.key])}
    if any(type(name) is not str for name in names) or len(set(names)) != len(names) or not needed <= set(names):
        raise _doubt("a message's values")
    for name, value in item.args:
        if type(value) is str:
            if len(value) > MAX_TEXT:
                raise _doubt("a message's word")
        elif name in ARG_CHECKS:
            ARG_CHECKS[name](ids, value)
        else:
            _int(value, -BIG, BIG, "a message's number")
