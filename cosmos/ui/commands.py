"""Reading a line the player typed: a verb and its arguments, checked, or a parse error."""
from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from cosmos.data import SHIP_KINDS, TECHS

MAX_LINE = 200  # longer lines are refused as a whole
MAX_WORD_SHOWN = 24  # an unknown word is echoed back at most this long
MAX_SHIPS = 99  # ships ordered by one command
MAX_SHIPS_MOVED = 999_999  # ships of one kind sent by one go
MAX_WAIT = 150
SLOTS = 3
BUILDINGS = ("mine", "lab", "yard", "fort")
TOPICS = ("battle",)  # what help explains on a page of its own (help battle)
NUMBER = re.compile(r"[+-]?[0-9]{1,12}")
DIGITS = re.compile(r"[+]?[0-9]+")  # a number, however long (longer than NUMBER: too large)


class Verb(Enum):
    """What a line asks for: a screen, an order for the empire or a game action."""

    MAP = "map"
    SYS = "sys"
    EMP = "emp"
    TECH = "tech"
    FLEETS = "fleets"
    QUEUE = "queue"
    HELP = "help"
    REPORT = "report"
    NEWS = "news"
    COL = "col"
    BUILD = "b"
    RESEARCH = "r"
    SHIP = "ship"
    GO = "go"
    END = "end"
    WAIT = "wait"
    SAVE = "save"
    LOAD = "load"
    PEACE = "peace"
    WAR = "war"
    ACCEPT = "accept"
    REJECT = "reject"
    QUIT = "quit"


class Arg(Enum):
    """The kind of one argument, which decides how it is read and checked."""

    SYSTEM = "system"
    PLANET = "planet"
    TECH = "tech"
    COUNT = "count"
    TURNS = "turns"
    SLOT = "slot"
    EMPIRE = "empire"
    BUILDING = "building"
    KIND = "kind"
    SHIPS = "ships"  # ships of one kind to move, as 2I or 1F
    TOPIC = "topic"  # a page of help, as help battle


# verb -> the kinds of its arguments and how to use it (the same in every language)
SYNTAX: dict[Verb, tuple[tuple[Arg, ...], str]] = {
    Verb.MAP: ((), "map"),
    Verb.SYS: ((Arg.SYSTEM,), "sys N"),
    Verb.EMP: ((), "emp"),
    Verb.TECH: ((), "tech"),
    Verb.FLEETS: ((), "fleets"),
    Verb.QUEUE: ((), "queue"),
    Verb.HELP: ((), "help [battle]"),
    Verb.REPORT: ((), "report"),
    Verb.NEWS: ((), "news"),
    Verb.COL: ((Arg.PLANET,), "col P"),
    Verb.BUILD: ((Arg.BUILDING, Arg.PLANET), "b mine|lab|yard|fort P"),
    Verb.RESEARCH: ((Arg.TECH,), "r X [Y Z ...]"),
    Verb.SHIP: ((Arg.KIND, Arg.COUNT, Arg.PLANET), "ship I|B|F|D N P"),
    Verb.GO: ((Arg.SYSTEM, Arg.SYSTEM), "go A B [2I 1F ...]"),
    Verb.END: ((), "end"),
    Verb.WAIT: ((Arg.TURNS,), "wait N"),
    Verb.SAVE: ((Arg.SLOT,), "save K"),
    Verb.LOAD: ((Arg.SLOT,), "load K"),
    Verb.PEACE: ((Arg.EMPIRE,), "peace E"),
    Verb.WAR: ((Arg.EMPIRE,), "war E"),
    Verb.ACCEPT: ((Arg.EMPIRE,), "accept E"),
    Verb.REJECT: ((Arg.EMPIRE,), "reject E"),
    Verb.QUIT: ((), "quit"),
}
# verbs that take more arguments of one kind after their own, and how many at most
MORE: dict[Verb, tuple[Arg, int]] = {Verb.RESEARCH: (Arg.TECH, len(TECHS) - 1), Verb.GO: (Arg.SHIPS, len(SHIP_KINDS)),
                                     Verb.HELP: (Arg.TOPIC, 1)}
ALIASES = {"?": Verb.HELP, "exit": Verb.QUIT, "m": Verb.MAP, "s": Verb.SYS, "build": Verb.BUILD,
           "research": Verb.RESEARCH, "colonise": Verb.COL, "colonize": Verb.COL, "q": Verb.QUIT,
           "decline": Verb.REJECT, "orders": Verb.QUEUE, "costs": Verb.QUEUE, "prices": Verb.QUEUE}


@dataclass(frozen=True)
class Limits:
    """How big the numbers of this galaxy may be (all 1-based, as the player types them)."""

    systems: int
    planets: int
    techs: int
    letters: str  # the letters of the empires in the game, e.g. "ABCD"


@dataclass(frozen=True)
class Parsed:
    """A line that makes sense: its verb and its arguments (numbers 1-based, words normalised)."""

    verb: Verb
    args: tuple[int | str, ...] = ()

    def text(self) -> str:
        """The canonical, language-independent text of the command (what saves store)."""
        return " ".join([self.verb.value, *(str(arg) for arg in self.args)])


@dataclass(frozen=True)
class ParseError:
    """A line that does not make sense: a text key and its arguments; nothing happens."""

    key: str
    args: tuple[tuple[str, object], ...] = ()


def shown(word: str) -> str:
    """A word of the player's, cut short enough to echo back."""
    return word if len(word) <= MAX_WORD_SHOWN else word[: MAX_WORD_SHOWN - 3] + "..."


def _range(arg: Arg, limits: Limits) -> tuple[int, int]:
    """The smallest and largest value a numeric argument may take."""
    highs = {Arg.SYSTEM: limits.systems, Arg.PLANET: limits.planets, Arg.TECH: limits.techs,
             Arg.COUNT: MAX_SHIPS, Arg.TURNS: MAX_WAIT, Arg.SLOT: SLOTS}
    return 1, highs[arg]


def read_arg(arg: Arg, word: str, usage: str, limits: Limits) -> int | str | ParseError:
    """One argument checked and normalised, or the error that explains what is wrong."""
    if arg is Arg.BUILDING:
        lowered = word.lower()
        return lowered if lowered in BUILDINGS else ParseError("parse_usage", (("usage", usage),))
    if arg is Arg.TOPIC:
        lowered = word.lower()
        return lowered if lowered in TOPICS else ParseError("parse_usage", (("usage", usage),))
    if arg is Arg.KIND:
        upper = word.upper()
        return upper if upper in SHIP_KINDS else ParseError("parse_usage", (("usage", usage),))
    if arg is Arg.SHIPS:
        upper = word.upper()
        if upper[-1:] in SHIP_KINDS and NUMBER.fullmatch(upper[:-1]) and 1 <= int(upper[:-1]) <= MAX_SHIPS_MOVED:
            return f"{int(upper[:-1])}{upper[-1]}"
        return ParseError("parse_usage", (("usage", usage),))
    if arg is Arg.EMPIRE:  # a letter of the map, or the empire's number (its place in the legend)
        upper = word.upper()
        if len(upper) == 1 and upper in limits.letters:
            return upper
        if NUMBER.fullmatch(word) and 1 <= int(word) <= len(limits.letters):
            return limits.letters[int(word) - 1]
        letters = " ".join(sorted(limits.letters))
        return ParseError("parse_empire", (("word", shown(word)), ("letters", letters)))
    low, high = _range(arg, limits)
    if DIGITS.fullmatch(word) and not NUMBER.fullmatch(word):
        what = f"what_{arg.value}"
        return ParseError("parse_too_large", (("word", shown(word)), ("what", what), ("low", low),
                                               ("high", high)))
    if not NUMBER.fullmatch(word):
        return ParseError("parse_not_number", (("word", shown(word)), ("usage", usage)))
    value = int(word)
    if not low <= value <= high:
        what = f"what_{arg.value}"
        return ParseError("parse_range", (("what", what), ("low", low), ("high", high)))
    return value


def parse(line: str, limits: Limits) -> Parsed | ParseError:
    """Read one line: an empty line is map; anything wrong is a ParseError, never an exception."""
    line = line.rstrip()  # spaces (and a line end) after the command do not count
    if len(line) > MAX_LINE:
        return ParseError("parse_too_long", (("limit", MAX_LINE),))
    if any(not (char.isprintable() or char in " \t") for char in line):
        return ParseError("parse_bad_chars")
    words = line.replace("\t", " ").split(" ")
    words = [word for word in words if word]
    if not words:
        return Parsed(Verb.MAP)
    name = words[0].lower()
    verb = ALIASES.get(name) or next((v for v in Verb if v.value == name), None)
    if verb is None:
        return ParseError("parse_unknown", (("word", shown(words[0])),))
    kinds, usage = SYNTAX[verb]
    more, most = MORE.get(verb, (None, 0))
    if more is not None and len(kinds) < len(words) - 1 <= len(kinds) + most:
        kinds = (*kinds, *[more] * (len(words) - 1 - len(kinds)))
    if len(words) - 1 != len(kinds):
        return ParseError("parse_usage", (("usage", usage),))
    args: list[int | str] = []
    for kind, word in zip(kinds, words[1:], strict=True):
        value = read_arg(kind, word, usage, limits)
        if isinstance(value, ParseError):
            return value
        args.append(value)
    return Parsed(verb, tuple(args))
