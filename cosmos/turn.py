"""The turn: fixed phases in a fixed order publish past-tense events; news and statistics listen.

The victory check belongs to the whole game (cosmos.game adds it as the last phase), so the
turn takes its phases as a parameter and knows nothing of how a game ends.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cosmos.battle import besiege, fight_battles
from cosmos.bus import Event
from cosmos.diplomacy import settle_diplomacy
from cosmos.economy import build, produce, settle_claims
from cosmos.events import random_events
from cosmos.fleets import move_fleets
from cosmos.messages import MESSAGE_KEYS, Message, RuleError, message
from cosmos.tech import research

if TYPE_CHECKING:
    from cosmos.world import World

__all__ = [
    "NEWS_OF_EVENT", "PHASES", "end_turn", "event_line", "install_listeners", "news_of",
    "state_text",
]

Phase = Callable[["World"], None]

# The phases of the galaxy's turn, in their fixed order (the game adds its victory check after them).
PHASES: tuple[tuple[str, Phase], ...] = (
    ("diplomacy", settle_diplomacy),
    ("orders", settle_claims),
    ("production", produce),
    ("research", research),
    ("building", build),
    ("movement", move_fleets),
    ("battle", fight_battles),
    ("siege", besiege),
    ("events", random_events),
)

# Which events make news, and with which message key (its placeholders come from the event's data).
NEWS_OF_EVENT: dict[str, str] = {
    "planet_colonised": "news_colonised",
    "colony_contested": "news_contested",
    "colony_failed": "news_colony_failed",
    "tech_researched": "news_researched",
    "building_completed": "news_built",
    "ships_built": "news_ships_built",
    "build_cancelled": "news_cancelled",
    "fleet_arrived": "news_arrived",
    "battle_fought": "news_battle",
    "ships_lost": "news_losses",
    "planet_besieged": "news_besieged",
    "planet_taken": "news_taken",
    "capital_moved": "news_capital_moved",
    "empire_fell": "news_fell",
    "game_won": "news_victory",
    "peace_offered": "news_peace_offered",
    "peace_made": "news_peace_made",
    "peace_declined": "news_peace_declined",
    "war_declared": "news_war_declared",
    "meteor_struck": "news_meteor",
    "pirates_raided": "news_pirates",
    "colony_rebelled": "news_unrest",
    "breakthrough_made": "news_breakthrough",
    "convoy_arrived": "news_convoy",
    "derelict_found": "news_derelict",
}


def news_of(event: Event) -> Message | None:
    """The news item an event makes (None for events that are not news)."""
    key = NEWS_OF_EVENT.get(event.kind)
    if key is None:
        return None
    return message(key, **{name: event.data[name] for name in MESSAGE_KEYS[key]})


def install_listeners(world: World) -> None:
    """Subscribe the news (world.turn_news) and the statistics (world.stats), once per world."""
    if world.listening:
        return
    world.listening = True

    def collect_news(event: Event) -> None:
        item = news_of(event)
        if item is not None:
            world.turn_news.append(item)

    def count(event: Event) -> None:
        world.stats[event.kind] = world.stats.get(event.kind, 0) + 1
        if event.kind == "ships_lost":
            lost = event.data["lost"]
            world.stats["ships_destroyed"] = world.stats.get("ships_destroyed", 0) + lost

    world.bus.subscribe("*", collect_news)
    world.bus.subscribe("*", count)


def end_turn(world: World, phases: Sequence[tuple[str, Phase]] = PHASES) -> None:
    """Carry out every order of the turn together: run the phases in order, then the next turn."""
    if world.victory is not None:
        raise RuleError(message("err_game_over"))
    install_listeners(world)
    world.turn_news.clear()
    for _name, phase in phases:
        phase(world)
    world.bus.publish(Event("turn_ended", {"turn": world.turn}))
    if world.victory is None:
        world.turn += 1


def event_line(event: Event) -> str:
    """One line for an event log: the kind, then its data sorted by name."""
    return event.kind + "".join(f" {name}={event.data[name]!r}" for name in sorted(event.data))


def state_text(world: World) -> str:
    """The whole state of the game as text, to compare two runs (ids, counts, the generator)."""
    parts = [
        f"turn {world.turn} rng {world.rng.get_state()} victory {world.victory!r}",
        *(repr(planet) for planet in world.planets),
        *(f"{empire.id} {empire.alive} {empire.capital} {empire.stock} {empire.science} "
          f"{empire.research} {empire.techs} {empire.produced} {empire.fell_on}"
          for empire in world.empires),
        *(repr(fleet) for fleet in sorted(world.fleets, key=lambda f: f.id)),
        *(repr(item) for item in world.queue),
        f"peace {sorted(world.peace.items())} forts {sorted(world.fort_left.items())}",
        f"next fleet {world.next_fleet_id}",
    ]
    return "\n".join(parts)
