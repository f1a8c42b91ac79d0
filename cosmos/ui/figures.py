"""The numbers the header shows for an empire: stock, income, science rate, score, research."""
from __future__ import annotations

from dataclasses import dataclass

from cosmos.data import TECHS
from cosmos.economy import income, score
from cosmos.tech import science_per_turn, turns_to_research
from cosmos.world import World


@dataclass(frozen=True)
class Figures:
    """What the header shows about one empire."""

    stock: tuple[int, ...]
    income: tuple[int, ...]
    science: int
    score: int
    banked: int
    research: int  # the technology being researched, or -1
    cost: int  # its cost in science (0 when nothing is researched)
    turns_left: int  # turns until it is researched at the current rate (0: never)


def figures(world: World, empire_id: int) -> Figures:
    """The header's figures for one empire, from the rules' economy."""
    empire = world.empires[empire_id]
    rate = science_per_turn(world, empire_id)
    cost = TECHS[empire.research].cost if empire.research >= 0 else 0
    return Figures(
        stock=tuple(empire.stock),
        income=tuple(income(world, empire_id)),
        science=rate,
        score=score(world, empire_id),
        banked=empire.science,
        research=empire.research,
        cost=cost,
        turns_left=turns_to_research(empire.science, cost, rate) if cost else 0,
    )
