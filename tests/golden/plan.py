"""The recorded player: plans the golden playthrough's command lines by looking at the game.

The command file must reach a victory in about 200 lines, and the rules and rivals are still
tuned now and then; a fixed list would stop winning after a change. So the file is planned:
this player looks at the game after each line (through the same Session the transcript shows)
and writes the next lines. Its orders are the rivals' own planner's (cosmos.rivals.plan) for the
player's empire, with a character of its choice, written as the commands a person types; on top
of that it makes peace with whoever accepts it, answers every offer with yes, researches towards
the Stargate in an order of its own (science first) and may put a lab on every planet. When the
planner has nothing to order on a quiet turn it waits a few turns. Along the way it shows every
screen and a few mistakes (their messages are part of the test).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from cosmos.commands import Build, Command, Research, refusal
from cosmos.data import PERSONALITIES
from cosmos.diplomacy import OfferPeace, offers_to
from cosmos.fleets import at_war
from cosmos.rivals import decide
from cosmos.tech import tech_id
from cosmos.ui.session import Session
from cosmos.view import look
from cosmos.world import World, owned_planets

RESEARCH = ("research_grid", "deep_drilling", "crystal_lattice", "quantum_computing", "gas_siphons",
            "uranium_enrichment", "plasma_cannons", "reinforced_hulls", "dreadnought_yards", "bastions",
            "ion_engines", "siege_engines", "stargate")  # every technology: the Stargate's path, science first
TARGET_LINES = range(180, 231)  # "about 200 commands"


@dataclass(frozen=True)
class Tactics:
    """The knobs of the plan; the recorder tries a few and keeps the first that wins in time."""

    character: str = "scholar"  # whose priorities the planner gives the player's empire
    labs: bool = False  # a lab on every planet as soon as it can be paid, before the planner's orders
    quiet_wait: int = 2  # turns to wait when the planner has nothing to order and no enemy is near (1: end)


TACTICS = tuple(Tactics(character, labs, quiet_wait) for quiet_wait in (2, 3, 4, 1)
                for character in ("scholar", "builder", "warlord") for labs in (False, True))
MAX_LINES = 240
# looking around and a few mistakes, at fixed points of the game: (turn, lines)
SHOWCASE = {
    1: ("help", "map", "sys 1", "sys 2", "emp", "tech", "fleets", "", "sys 99", "sys two",
        "go 1", "colonise 2 now", "b castle 1", "r 13", "ship I 0 1", "warp 3", "MAP", "карта",
        "sys " + "9" * 250),
    2: ("news", "sys 2", "report"),
    3: ("col 1", "b lab 1", "ship D 1 1", "go 1 1", "col 13", "sys 0", "ship F 5", "r 99"),
    5: ("save 4", "load 3", "wait 0", "sys 3", "fleets", "peace A", "war C", "peace D",
        "accept B"),
    10: ("report", "emp", "save 1", "sys 6"),
    11: ("load 1", "load 1", "fleets"),  # the first asks: the turn since the save would be lost
    20: ("sys 3", "news", "tech", "emp"),
    30: ("tech", "map", "fleets", "sys 4"),
    40: ("emp", "sys 4", "report", "news"),
    50: ("sys 2", "news", "tech", "fleets"),
    60: ("emp", "sys 2", "fleets", "report"),
    70: ("map", "emp", "tech", "report"),
    80: ("emp", "news", "sys 1"),
}
AFTER_THE_END = ("end", "col 3", "emp", "news", "report", "fleets", "tech", "map", "sys 2",
                 "quit")


def fleet_power(world: World) -> list[float]:
    """The fighting strength of every empire's ships, as the rivals weigh it."""
    return look(world, 0).fleet_power


def legal(world: World, command: Command) -> bool:
    """Would the rules accept this order now?"""
    return refusal(world, command) is None


class Player:
    """Plays the human empire of a session and remembers every line it typed."""

    def __init__(self, session: Session, tactics: Tactics) -> None:
        self.session = session
        self.tactics = tactics
        self.world = session.world
        self.lines: list[str] = []
        self.showcase = dict(SHOWCASE)  # each turn's looks happen once (a load goes back)

    def send(self, line: str) -> None:
        """Type one line."""
        self.session.send(line)
        self.world = self.session.world  # a load replaces the world
        self.lines.append(line)

    def order(self, command: Command, text: str) -> bool:
        """Give an order if the rules accept it."""
        if legal(self.world, command):
            self.send(text)
            return True
        return False

    # -- the plan -------------------------------------------------------------------------
    def diplomacy(self) -> None:
        """Peace with everyone who accepts it; answer every offer with yes."""
        world = self.world
        for offer in offers_to(world, 0):
            self.send(f"accept {world.empires[offer.sender].letter}")
        power = fleet_power(world)
        for empire in world.empires[1:]:
            if not (empire.alive and at_war(world, 0, empire.id)):
                continue
            if (world.turn == 1 or power[0] > power[empire.id] * 1.35):
                self.order(OfferPeace(0, empire.id), f"peace {empire.letter}")

    def research(self) -> None:
        """The next technology of the list, when nothing is being researched."""
        if self.world.empires[0].research >= 0:
            return
        for key in RESEARCH:
            tech = tech_id(key)
            if self.order(Research(0, tech), f"r {tech + 1}"):
                return

    def labs(self) -> None:
        """A lab on every planet that has none, while the stock pays for them."""
        for planet in owned_planets(self.world, 0):
            self.order(Build(0, "lab", planet), f"b lab {planet + 1}")

    def planned(self) -> int:
        """The rivals' planner's orders for my empire, as typed commands; how many were given."""
        given = 0
        for command in decide(self.world, 0, character=PERSONALITIES[self.tactics.character]):
            if not isinstance(command, Research) and self.order(command, command.to_text()):
                given += 1
        return given

    def turn(self) -> Iterator[None]:
        """Play one turn: look around (sometimes), give the orders, end the turn or wait."""
        for line in self.showcase.pop(self.world.turn, ()):
            self.send(line)
        self.diplomacy()
        self.research()
        if self.tactics.labs:
            self.labs()
        given = self.planned()
        quiet = max(look(self.world, 0).danger) == 0
        wait = self.tactics.quiet_wait if quiet and not given and self.world.turn >= 3 else 1
        next_show = min((t for t in self.showcase if t > self.world.turn), default=10**6)
        wait = min(wait, next_show - self.world.turn)
        self.send("end" if wait <= 1 else f"wait {wait}")
        yield

    def play(self) -> list[str]:
        """Play until the game ends (or the line budget runs out); then look and quit."""
        while self.world.victory is None and len(self.lines) < MAX_LINES:
            for _ in self.turn():
                pass
        for line in AFTER_THE_END:
            self.send(line)
        return self.lines


def plan(seed: int = 2026, tactics: Tactics = TACTICS[0]) -> tuple[list[str], World]:
    """The planned command lines of a whole game with these tactics, and the world they end in."""
    player = Player(Session(seed=seed, lang="en", saves_dir=None), tactics)
    lines = player.play()
    return lines, player.world


def won(world: World) -> bool:
    """Did the player win (not by the others' defeat of everyone else)?"""
    victory = world.victory
    return victory is not None and victory.winner == 0 and victory.kind != "defeat"


def best_plan(seed: int = 2026) -> list[str]:
    """A winning plan near 200 lines: the first within 10 of it, else the nearest of the winners
    within TARGET_LINES (the earliest tactics on a tie); ValueError if no tactics wins."""
    tried, winners = [], []
    for tactics in TACTICS:
        lines, world = plan(seed, tactics)
        tried.append(f"{tactics}: {len(lines)} lines, {world.victory}")
        if won(world) and len(lines) in TARGET_LINES:
            if abs(len(lines) - 200) <= 10:
                return lines
            winners.append(lines)
    if winners:
        return min(winners, key=lambda lines: abs(len(lines) - 200))
    raise ValueError("no tactics wins in about 200 lines:\n" + "\n".join(tried))


if __name__ == "__main__":
    for tactics in TACTICS:
        planned, world = plan(tactics=tactics)
        print(tactics, len(planned), world.victory, [e.produced for e in world.empires],
              [len(owned_planets(world, e.id)) for e in world.empires])
