"""Turning the engine's language-free messages into the player's language."""
from __future__ import annotations

from collections.abc import Sequence

from cosmos.data import SHIP_KINDS, TECHS
from cosmos.text import Texts
from cosmos.text.names import Named, forms_of
from cosmos.world import World

EMPIRE_ARGS = frozenset({"empire", "previous", "winner", "other", "attacker", "defender"})
SYSTEM_ARGS = frozenset({"system", "source", "target"})
TECH_ARGS = frozenset({"tech", "missing"})
SHIPS_ARGS = frozenset({"lost", "left", "ships"})


def ships_text(ships: Sequence[int], none: str = "0") -> str:
    """Ships as "3I 2B 2F" (kinds with no ships left out; none when there are no ships)."""
    pairs = zip(SHIP_KINDS, ships, strict=False)
    return " ".join(f"{count}{kind}" for kind, count in pairs if count) or none


def empire_text(world: World, texts: Texts, empire_id: object) -> str:
    """An empire's name in the player's language (its number if there is no such empire)."""
    if isinstance(empire_id, int) and 0 <= empire_id < len(world.empires):
        empire = world.empires[empire_id]
        return Named(empire.name_in(texts.lang), forms_of(texts.lang, empire.definition.key))
    return str(empire_id)


def system_text(world: World, system_id: object) -> str:
    """A system as "3 Mira" (just the number if there is no such system)."""
    if isinstance(system_id, int) and 0 <= system_id < len(world.systems):
        return f"{system_id + 1} {world.systems[system_id].name}"
    return number_text(system_id)


def planet_text(world: World, planet_id: object) -> str:
    """A planet as "2 Elara II" (just the number if there is no such planet)."""
    if isinstance(planet_id, int) and 0 <= planet_id < len(world.planets):
        return f"{planet_id + 1} {world.planet_name(planet_id)}"
    return number_text(planet_id)


def number_text(value: object) -> str:
    """A 0-based id as the 1-based number the player types."""
    return str(value + 1) if isinstance(value, int) and not isinstance(value, bool) else str(value)


def keyed_text(texts: Texts, prefix: str, value: object) -> str:
    """A translated word for a key such as a ship kind or a building (the key itself if unknown)."""
    key = f"{prefix}_{value}"
    return texts(key) if texts.has(key) else str(value)


def tech_text(texts: Texts, tech_id: object) -> str:
    """A technology's name in the player's language (its number if there is no such technology)."""
    if isinstance(tech_id, int) and 0 <= tech_id < len(TECHS):
        return texts(f"tech_{TECHS[tech_id].key}")
    return number_text(tech_id)


def list_text(texts: Texts, items: Sequence[str]) -> str:
    """Words as a list the way the language says it: "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return texts("list_and", rest=", ".join(items[:-1]), last=items[-1])


def arg_text(world: World, texts: Texts, name: str, value: object) -> str | object:
    """One value of a message as the player reads it, chosen by the placeholder's name."""
    if name in EMPIRE_ARGS:
        return empire_text(world, texts, value)
    if name in SYSTEM_ARGS:
        return system_text(world, value)
    if name == "planet":
        return planet_text(world, value)
    if name in TECH_ARGS and isinstance(value, (tuple, list)):
        return list_text(texts, [tech_text(texts, tech) for tech in value])
    if name in TECH_ARGS:
        return tech_text(texts, value)
    if name == "fleet":
        return number_text(value)
    if name == "kind":
        return keyed_text(texts, "ship", value)
    if name == "building":
        return keyed_text(texts, "building", value)
    if name == "victory":
        return keyed_text(texts, "victory", value)
    if name in SHIPS_ARGS and isinstance(value, (tuple, list)):
        return ships_text(value)
    return value


def counted_kind(texts: Texts, kind: object, count: object) -> str:
    """A ship type's name in the form that goes with a number: 1 frigate, 2 frigates."""
    key = f"ships_{kind}"
    return texts.counted(key, count) if texts.has(key) else str(kind)


def render(world: World, texts: Texts, key: str, args: Sequence[tuple[str, object]]) -> str:
    """A message (key and named values) in the player's language; a counted ship type agrees."""
    values = {name: arg_text(world, texts, name, value) for name, value in args}
    given = dict(args)
    if "kind" in given and "count" in given:
        values["kind"] = counted_kind(texts, given["kind"], given["count"])
    return texts(key, **values)
