"""A rival's diplomat: which offers it answers and whom it asks for peace or declares war on."""
from __future__ import annotations

from typing import TYPE_CHECKING

from cosmos.diplomacy import AnswerOffer, DeclareWar, OfferPeace, offer_between, offers_to, peace_left
from cosmos.fleets import at_war

if TYPE_CHECKING:
    from cosmos.commands import Command
    from cosmos.view import View

__all__ = ["ACCEPT_IF_STRONGER", "FEAR_OF_WARLORD", "FEAR_PER_RESEARCH", "PREY_MARGIN", "diplomacy_moves"]

ACCEPT_IF_STRONGER = 1.3  # a warlord accepts peace only from an empire 30 percent stronger than itself
PREY_MARGIN = 1.2  # a warlord declares war only on an empire it outguns by 20 percent
FEAR_OF_WARLORD = 1.5  # a warlord asks for peace only from an enemy half again as strong
FEAR_PER_RESEARCH = 0.8  # the others ask sooner, the more they value research (0.8 / weight)


def diplomacy_moves(view: View) -> list[Command]:
    """Answer offers, then seek war (Warlords, against the weak) or peace (with the strong)."""
    world, me, power = view.world, view.me, view.fleet_power
    warlike = view.weight("attack") > max(view.weight("expand"), view.weight("research"))
    mine = power[me]
    moves: list[Command] = []
    for offer in offers_to(world, me):
        moves.append(AnswerOffer(me, offer.sender, not warlike or power[offer.sender] > mine * ACCEPT_IF_STRONGER))
    others = [e.id for e in world.empires if e.id != me and e.alive]
    if warlike:
        targets = [e for e in others if not at_war(world, me, e) and peace_left(world, me, e) == 0
                   and mine > power[e] * PREY_MARGIN]
        if targets:
            moves.append(DeclareWar(me, min(targets, key=lambda e: (power[e], e))))
    fearful = FEAR_OF_WARLORD if warlike else FEAR_PER_RESEARCH / view.weight("research")
    for other in others:
        if (at_war(world, me, other) and power[other] > mine * fearful
                and offer_between(world, me, other) is None):
            moves.append(OfferPeace(me, other))
    return moves
