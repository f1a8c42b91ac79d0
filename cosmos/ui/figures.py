"""The numbers the header shows for an empire: stock, income, science rate, score, research."""
from __future__ import annotations

from dataclasses import dataclass

from cosmos.world import World

# PROVISIONAL until the rules branch lands cosmos.economy: the start's figures of a capital.
_CAPITAL_INCOME = (8, 4, 3, 1)
_CAPITAL_SCIENCE = 3
_CAPITAL_SCORE = 20


@dataclass(frozen=True)
class Figures:
    """What the header shows about one empire."""

    stock: tuple[int, ...]
    income: tuple[int, ...]
    science: int
    score: int
    banked: int
    research: int  # tech id being researched, or -1
    progress: int
    cost: int


def figures(world: World, empire_id: int) -> Figures:
    """The header's figures for one empire."""
    empire = world.empires[empire_id]
    return Figures(
        stock=tuple(empire.stock),
        income=_CAPITAL_INCOME,
        science=_CAPITAL_SCIENCE,
        score=_CAPITAL_SCORE,
        banked=empire.science,
        research=empire.research,
        progress=0,
        cost=0,
    )
