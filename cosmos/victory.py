"""Victory: conquest, science (the Stargate), economy (9800 produced), the best score at the end."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cosmos.bus import Event
from cosmos.data import ECONOMY_TARGET, MAX_TURNS
from cosmos.economy import score
from cosmos.tech import has_effect
from cosmos.world import owned_planets

if TYPE_CHECKING:
    from cosmos.world import World

__all__ = ["Victory", "check_victory", "ranking", "strongest"]


@dataclass(frozen=True)
class Victory:
    """How the game ended: the kind (a key of VICTORY_KINDS), the winner and the turn."""

    kind: str
    winner: int
    turn: int


def ranking(world: World, empire_ids: list[int]) -> list[int]:
    """Strongest first: higher score, then more produced, more planets, then the lower number."""
    return sorted(empire_ids, key=lambda e: (
        -score(world, e), -world.empires[e].produced, -len(owned_planets(world, e)), e))


def strongest(world: World, empire_ids: list[int]) -> int:
    """The first of ranking: the winner among several empires that qualify at once."""
    return ranking(world, empire_ids)[0]


def decide(world: World) -> Victory | None:
    """Has the game ended this turn, and how? Checked in the order the rules list them."""
    living = [e.id for e in world.empires if e.alive]
    if not living:  # the last empires took each other's last planets in the same turn
        return Victory("score", strongest(world, [e.id for e in world.empires
                                                  if e.fell_on == world.turn]), world.turn)
    if len(living) == 1:
        return Victory("conquest", living[0], world.turn)
    scholars = [e for e in living if has_effect(world.empires[e], "stargate")]
    if scholars:
        return Victory("science", strongest(world, scholars), world.turn)
    rich = [e for e in living if world.empires[e].produced >= ECONOMY_TARGET]
    if rich:
        return Victory("economy", strongest(world, rich), world.turn)
    if any(e.human and not e.alive for e in world.empires):
        return Victory("defeat", strongest(world, living), world.turn)
    if world.turn >= MAX_TURNS:
        return Victory("score", strongest(world, living), world.turn)
    return None


def check_victory(world: World) -> None:
    """Victory phase: set world.victory and announce it when the game has ended."""
    if world.victory is not None:
        return
    victory = decide(world)
    if victory is not None:
        world.victory = victory
        world.bus.publish(Event("game_won", {"empire": victory.winner, "victory": victory.kind}))
