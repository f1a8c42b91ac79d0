"""From a parsed line to the engine's command, and the note that confirms an accepted order."""
from __future__ import annotations

from cosmos.commands import Build, BuildShips, Colonize, Command, Move, Research
from cosmos.data import SHIP_KINDS
from cosmos.diplomacy import AnswerOffer, DeclareWar, OfferPeace
from cosmos.graph import shortest_path
from cosmos.text import Texts
from cosmos.ui.commands import Parsed, Verb
from cosmos.ui.render import ships_text
from cosmos.ui.threats import arrival_turn, forecast
from cosmos.world import Fleet, World

ORDER_VERBS = frozenset({Verb.COL, Verb.BUILD, Verb.RESEARCH, Verb.SHIP, Verb.GO, Verb.PEACE,
                         Verb.WAR, Verb.ACCEPT, Verb.REJECT})


def to_command(parsed: Parsed, empire: int, letters: str) -> Command:
    """The engine command for an order line (numbers become 0-based ids, letters empire ids)."""
    args = parsed.args
    if parsed.verb in (Verb.PEACE, Verb.WAR, Verb.ACCEPT, Verb.REJECT):
        other = letters.index(str(args[0]))
        if parsed.verb is Verb.PEACE:
            return OfferPeace(empire, other)
        if parsed.verb is Verb.WAR:
            return DeclareWar(empire, other)
        return AnswerOffer(empire, other, parsed.verb is Verb.ACCEPT)
    if parsed.verb is Verb.COL:
        return Colonize(empire, int(args[0]) - 1)
    if parsed.verb is Verb.BUILD:
        return Build(empire, str(args[0]), int(args[1]) - 1)
    if parsed.verb is Verb.RESEARCH:
        return Research(empire, int(args[0]) - 1, tuple(int(arg) - 1 for arg in args[1:]))
    if parsed.verb is Verb.SHIP:
        return BuildShips(empire, str(args[0]), int(args[1]), int(args[2]) - 1)
    if parsed.verb is Verb.GO:
        return Move(empire, int(args[0]) - 1, int(args[1]) - 1, ships_of(args[2:]))
    raise ValueError(f"{parsed.verb} is not an order")


def ships_of(words: tuple[int | str, ...]) -> tuple[int, ...]:
    """Ships as parsed ("2I", "1F") as counts of each kind (empty: none named; a kind named twice adds up)."""
    if not words:
        return ()
    counts = [0] * len(SHIP_KINDS)
    for word in map(str, words):
        counts[SHIP_KINDS.index(word[-1])] += int(word[:-1])
    return tuple(counts)


def confirmation(command: Command, world: World) -> tuple[str, tuple[tuple[str, object], ...]]:
    """The text key and values that confirm an accepted order (given after it was carried out)."""
    if isinstance(command, Colonize):
        return "ok_col", (("planet", command.planet),)
    if isinstance(command, Build):
        return "ok_build", (("building", command.building), ("planet", command.planet))
    if isinstance(command, Research) and command.then:
        return "ok_research_then", (("tech", command.tech), ("missing", command.then))
    if isinstance(command, Research):
        return "ok_research", (("tech", command.tech),)
    if isinstance(command, BuildShips):
        return "ok_ship", (("count", command.count), ("kind", command.kind),
                           ("planet", command.planet))
    if isinstance(command, Move):
        fleet = moving_fleet(command, world)
        route = "→".join(str(system + 1) for system in shortest_path(world.systems, command.source, command.target))
        return "ok_go_route", (("ships", tuple(fleet.ships)), ("source", command.source),
                               ("target", command.target), ("route", route),
                               ("turn", arrival_turn(world, fleet, command.target)))
    if isinstance(command, OfferPeace):
        return "ok_peace", (("empire", command.other),)
    if isinstance(command, DeclareWar):
        return "ok_war", (("empire", command.other),)
    if isinstance(command, AnswerOffer):
        return ("ok_accept" if command.accept else "ok_reject"), (("empire", command.offer),)
    raise ValueError(f"no confirmation for {command!r}")


def moving_fleet(command: Move, world: World) -> Fleet:
    """The fleet an accepted move order sent on its way."""
    return next(f for f in world.fleets if f.owner == command.empire and f.system == command.source
                and f.target == command.target)


def battle_forecast(command: Command, world: World, texts: Texts) -> str | None:
    """For a move toward enemy ships or a fortress: how the battle there would end if both sides
    stayed as they are (None for any other order, or when there would be no battle)."""
    if not isinstance(command, Move):
        return None
    outcome = forecast(world, moving_fleet(command, world), command.target)
    if outcome is None:
        return None
    nothing = texts("forecast_nothing")
    return texts(f"forecast_{outcome.outcome}", rounds=outcome.rounds,
                 ours=ships_text(outcome.lost, nothing), theirs=ships_text(outcome.enemy_lost, nothing))
