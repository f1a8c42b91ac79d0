"""The two things the console does to the game: apply the player's order and play a whole turn."""
from __future__ import annotations

from cosmos.commands import Command, apply
from cosmos.game import play_turn
from cosmos.world import World


def apply_line(world: World, command: Command) -> None:
    """Apply one of the player's commands (RuleError if the rules refuse it; nothing changes)."""
    apply(world, command)


def advance(world: World) -> None:
    """Play one whole turn: the rivals decide, then every order is carried out together."""
    play_turn(world)
