"""From a parsed line to the engine's command, and the note that confirms an accepted order."""
from __future__ import annotations

from cosmos.commands import Build, BuildShips, Colonize, Command, Move, Research
from cosmos.diplomacy import AnswerOffer, DeclareWar, OfferPeace
from cosmos.ui.commands import Parsed, Verb

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
        return Research(empire, int(args[0]) - 1)
    if parsed.verb is Verb.SHIP:
        return BuildShips(empire, str(args[0]), int(args[1]), int(args[2]) - 1)
    if parsed.verb is Verb.GO:
        return Move(empire, int(args[0]) - 1, int(args[1]) - 1)
    raise ValueError(f"{parsed.verb} is not an order")


def confirmation(command: Command) -> tuple[str, tuple[tuple[str, object], ...]]:
    """The text key and values that confirm an accepted order."""
    if isinstance(command, Colonize):
        return "ok_col", (("planet", command.planet),)
    if isinstance(command, Build):
        return "ok_build", (("building", command.building), ("planet", command.planet))
    if isinstance(command, Research):
        return "ok_research", (("tech", command.tech),)
    if isinstance(command, BuildShips):
        return "ok_ship", (("count", command.count), ("kind", command.kind),
                           ("planet", command.planet))
    if isinstance(command, Move):
        return "ok_go", (("source", command.source), ("target", command.target))
    if isinstance(command, OfferPeace):
        return "ok_peace", (("empire", command.other),)
    if isinstance(command, DeclareWar):
        return "ok_war", (("empire", command.other),)
    if isinstance(command, AnswerOffer):
        return ("ok_accept" if command.accept else "ok_reject"), (("empire", command.offer),)
    raise ValueError(f"no confirmation for {command!r}")
