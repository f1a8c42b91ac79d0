"""Diplomacy: peace offers with answers, war, the minimum peace, and the news of each act."""
from __future__ import annotations

import pytest

from cosmos.bus import Event
from cosmos.commands import apply, refusal
from cosmos.diplomacy import (
    OFFER_TURNS,
    PEACE_MIN_TURNS,
    AnswerOffer,
    DeclareWar,
    OfferPeace,
    Stance,
    offer_between,
    offers_to,
    peace_left,
    settle_diplomacy,
)
from cosmos.fleets import at_war
from cosmos.messages import MESSAGE_KEYS, RuleError
from cosmos.turn import NEWS_OF_EVENT, PHASES, end_turn
from cosmos.world import World, new_world

DIPLOMACY_EVENTS = ("peace_offered", "peace_made", "peace_declined", "war_declared")


def galaxy() -> World:
    """A galaxy with a human (0) and three rivals, everyone at war with everyone."""
    world = new_world(2026)
    assert len(world.empires) == 4
    return world


def refused(world: World, command: object) -> str:
    """The key of the message a command is refused with (it must be refused)."""
    message = refusal(world, command)
    assert message is not None, command
    return message.key


def heard(world: World) -> list[tuple[str, int, int]]:
    """Run the diplomacy phase and return what it announced."""
    events: list[Event] = []
    world.bus.subscribe("*", events.append)
    settle_diplomacy(world)
    return [(e.kind, e.data["empire"], e.data["other"]) for e in events]


def test_everyone_starts_at_war_with_everyone() -> None:
    world = galaxy()
    for a in range(4):
        for b in range(4):
            assert at_war(world, a, b) == (a != b)


def test_an_accepted_offer_makes_peace() -> None:
    world = galaxy()
    apply(world, OfferPeace(0, 2))
    assert offers_to(world, 2) == [offer_between(world, 0, 2)]
    assert heard(world) == [("peace_offered", 0, 2)]
    world.turn += 1
    apply(world, AnswerOffer(2, 0, True))
    assert not at_war(world, 0, 2) and at_war(world, 0, 1)
    assert heard(world) == [("peace_made", 0, 2)]
    assert world.offers == []


def test_a_declined_offer_leaves_the_war() -> None:
    world = galaxy()
    apply(world, OfferPeace(1, 3))
    apply(world, AnswerOffer(3, 1, False))
    assert at_war(world, 1, 3)
    assert heard(world) == [("peace_declined", 1, 3)]
    assert world.offers == []


def test_an_unanswered_offer_lapses_after_its_turns() -> None:
    world = galaxy()
    apply(world, OfferPeace(0, 1))
    for _ in range(OFFER_TURNS - 1):
        settle_diplomacy(world)
        world.turn += 1
        assert refusal(world, AnswerOffer(1, 0, True)) is None
    settle_diplomacy(world)
    world.turn += 1
    assert refused(world, AnswerOffer(1, 0, True)) == "err_no_offer"


def test_war_may_be_declared_only_after_the_minimum_peace() -> None:
    world = galaxy()
    apply(world, OfferPeace(0, 3))
    apply(world, AnswerOffer(3, 0, True))
    made = world.turn
    for turn in range(made, made + PEACE_MIN_TURNS):
        world.turn = turn
        assert peace_left(world, 0, 3) == made + PEACE_MIN_TURNS - turn
        message = refusal(world, DeclareWar(3, 0))
        assert message is not None and message.key == "err_peace_young"
        assert message.get("turns") == made + PEACE_MIN_TURNS - turn
    world.turn = made + PEACE_MIN_TURNS
    assert peace_left(world, 0, 3) == 0
    settle_diplomacy(world)
    apply(world, DeclareWar(3, 0))
    assert at_war(world, 0, 3)
    assert heard(world) == [("war_declared", 3, 0)]


def test_pointless_or_impossible_acts_are_refused_and_change_nothing() -> None:
    world = galaxy()
    apply(world, OfferPeace(0, 1))
    world.empires[2].alive = False
    cases = {
        OfferPeace(0, 0): "err_self",
        OfferPeace(0, 7): "err_no_empire",
        OfferPeace(0, 2): "err_fallen",
        OfferPeace(0, 1): "err_offer_open",
        OfferPeace(1, 0): "err_offer_open",  # answer the open one instead
        DeclareWar(0, 3): "err_at_war",
        AnswerOffer(0, 1, True): "err_no_offer",  # 0 made it, 1 must answer
        AnswerOffer(3, 0, True): "err_no_offer",
        AnswerOffer(2, 0, True): "err_fallen",
    }
    before = (dict(world.peace), list(world.offers))
    for command, key in cases.items():
        assert refused(world, command) == key, command
        with pytest.raises(RuleError):
            apply(world, command)
    assert (dict(world.peace), list(world.offers)) == before
    apply(world, AnswerOffer(1, 0, True))
    assert refused(world, OfferPeace(0, 1)) == "err_at_peace"


def test_an_offer_dies_with_an_empire_that_falls() -> None:
    world = galaxy()
    apply(world, OfferPeace(3, 0))
    world.empires[3].alive = False
    settle_diplomacy(world)
    assert offers_to(world, 0) == []


def test_commands_write_the_text_a_player_types() -> None:
    assert OfferPeace(0, 2).to_text() == "peace 3"
    assert DeclareWar(0, 1).to_text() == "war 2"
    assert AnswerOffer(0, 3, True).to_text() == "accept 4"
    assert AnswerOffer(0, 3, False).to_text() == "decline 4"


def test_records_keep_their_stance() -> None:
    world = galaxy()
    apply(world, OfferPeace(0, 1))
    apply(world, AnswerOffer(1, 0, False))
    assert [o.stance for o in world.offers] == [Stance.DECLINED]


def test_the_turn_announces_diplomacy_first_and_the_news_can_be_read() -> None:
    assert PHASES[0][0] == "diplomacy"
    for kind in DIPLOMACY_EVENTS:
        key = NEWS_OF_EVENT[kind]
        assert MESSAGE_KEYS[key] == ("empire", "other")
    world = galaxy()
    apply(world, OfferPeace(0, 1))
    end_turn(world)
    assert [m.key for m in world.turn_news][0] == "news_peace_offered"
