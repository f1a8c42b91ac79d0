"""Worlds for testing the rules alone: the same galaxy as new_world, without random events."""
from __future__ import annotations

from cosmos.world import World, new_world


def rules_world(seed: int = 2026, **options: object) -> World:
    """new_world(seed, ...) with the random events switched off."""
    world = new_world(seed, **options)
    world.events_enabled = False
    return world
