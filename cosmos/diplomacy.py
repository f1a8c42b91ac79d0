"""Diplomacy: war and peace between every pair of empires, peace offers, a minimum peace."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from cosmos.bus import Event
from cosmos.commands import valid_id
from cosmos.fleets import at_war, end_peace, make_peace, pair
from cosmos.messages import Message, message

if TYPE_CHECKING:
    from cosmos.world import World

__all__ = [
    "OFFER_TURNS",
    "PEACE_MIN_TURNS",
    "AnswerOffer",
    "DeclareWar",
    "Offer",
    "OfferPeace",
    "Stance",
    "offer_between",
    "offers_to",
    "peace_left",
    "settle_diplomacy",
]

PEACE_MIN_TURNS = 10  # a peace lasts at least this many turns before war may be declared again
OFFER_TURNS = 3  # an unanswered offer lapses after this many turns


class Stance(Enum):
    """What a record in world.offers is: an open peace offer, an answer, or a declaration of war."""

    OFFERED = "offered"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    WAR = "war"


@dataclass
class Offer:
    """A diplomatic act of one empire towards another in a turn; open offers wait for an answer."""

    sender: int
    receiver: int
    turn: int
    stance: Stance = Stance.OFFERED


def peace_left(world: World, a: int, b: int) -> int:
    """How many more turns two empires at peace must keep it before war may be declared (0: may)."""
    made = world.peace.get(pair(a, b))
    if made is None:
        return 0
    return max(0, made + PEACE_MIN_TURNS - world.turn)


def offer_between(world: World, a: int, b: int) -> Offer | None:
    """The open peace offer between two empires, in either direction (None: there is none)."""
    for offer in world.offers:
        if offer.stance is Stance.OFFERED and {offer.sender, offer.receiver} == {a, b}:
            return offer
    return None


def offers_to(world: World, empire_id: int) -> list[Offer]:
    """The open peace offers an empire may answer, oldest first."""
    return [o for o in world.offers if o.stance is Stance.OFFERED and o.receiver == empire_id]


def check_other(world: World, empire_id: int, other: int) -> Message | None:
    """The other side must be another empire that is still in the game."""
    if not valid_id(other, len(world.empires)):
        return message("err_no_empire", empire=other)
    if other == empire_id:
        return message("err_self")
    if not world.empires[other].alive:
        return message("err_fallen", empire=other)
    return None


@dataclass(frozen=True)
class OfferPeace:
    """peace E: offer peace to an empire you are at war with; it answers within a few turns."""

    empire: int
    other: int

    def check(self, world: World) -> Message | None:
        """Another living empire, at war with you, and no offer open between you already."""
        refused = check_other(world, self.empire, self.other)
        if refused:
            return refused
        if not at_war(world, self.empire, self.other):
            return message("err_at_peace", empire=self.other)
        if offer_between(world, self.empire, self.other) is not None:
            return message("err_offer_open", empire=self.other)
        return None

    def perform(self, world: World) -> None:
        """The offer waits in world.offers for the other side."""
        world.offers.append(Offer(self.empire, self.other, world.turn))

    def to_text(self) -> str:
        """peace E (the empire's number, from 1)."""
        return f"peace {self.other + 1}"


@dataclass(frozen=True)
class DeclareWar:
    """war E: end a peace; only after it has lasted PEACE_MIN_TURNS turns."""

    empire: int
    other: int

    def check(self, world: World) -> Message | None:
        """Another living empire, at peace with you long enough."""
        refused = check_other(world, self.empire, self.other)
        if refused:
            return refused
        if at_war(world, self.empire, self.other):
            return message("err_at_war", empire=self.other)
        left = peace_left(world, self.empire, self.other)
        if left > 0:
            return message("err_peace_young", empire=self.other, turns=left)
        return None

    def perform(self, world: World) -> None:
        """The peace ends at once; the declaration is announced at the end of the turn."""
        end_peace(world, self.empire, self.other)
        world.offers.append(Offer(self.empire, self.other, world.turn, Stance.WAR))

    def to_text(self) -> str:
        """war E."""
        return f"war {self.other + 1}"


@dataclass(frozen=True)
class AnswerOffer:
    """accept E / decline E: answer the peace offer that empire E made you."""

    empire: int
    offer: int  # the empire that made the offer: between two empires only one offer is open
    accept: bool

    def check(self, world: World) -> Message | None:
        """That empire must have an open offer to you."""
        refused = check_other(world, self.empire, self.offer)
        if refused:
            return refused
        found = offer_between(world, self.empire, self.offer)
        if found is None or found.receiver != self.empire:
            return message("err_no_offer", empire=self.offer)
        return None

    def perform(self, world: World) -> None:
        """Accepting makes peace at once; either answer is announced at the end of the turn."""
        found = offer_between(world, self.empire, self.offer)
        assert found is not None
        found.stance = Stance.ACCEPTED if self.accept else Stance.DECLINED
        if self.accept:
            make_peace(world, self.empire, self.offer)

    def to_text(self) -> str:
        """accept E or decline E."""
        return f"{'accept' if self.accept else 'decline'} {self.offer + 1}"


# what each record of world.offers tells at the end of the turn it was made in
EVENT_OF_STANCE = {
    Stance.OFFERED: "peace_offered",
    Stance.ACCEPTED: "peace_made",
    Stance.DECLINED: "peace_declined",
    Stance.WAR: "war_declared",
}


def settle_diplomacy(world: World) -> None:
    """Diplomacy phase: announce this turn's acts; answered, lapsed and pointless offers go."""
    kept = []
    for offer in world.offers:
        both_alive = world.empires[offer.sender].alive and world.empires[offer.receiver].alive
        is_open = offer.stance is Stance.OFFERED
        if offer.turn == world.turn or not is_open:
            world.bus.publish(Event(EVENT_OF_STANCE[offer.stance], {
                "empire": offer.sender, "other": offer.receiver}))
        lapsed = world.turn - offer.turn + 1 >= OFFER_TURNS
        if is_open and both_alive and not lapsed and at_war(world, offer.sender, offer.receiver):
            kept.append(offer)
    world.offers[:] = kept

