"""The console session: one game, the screen stack and one line of input at a time."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from cosmos.text import Texts
from cosmos.ui import screens
from cosmos.ui.commands import Limits, Parsed, ParseError, Verb, parse
from cosmos.ui.layout import Frame, Style
from cosmos.world import World, new_world

TECH_COUNT = 13  # PROVISIONAL until cosmos.tech lands



class Kind(Enum):
    """The screens of the game."""

    INTRO = "intro"
    MAP = "map"
    SYS = "sys"
    EMP = "emp"
    TECH = "tech"
    FLEETS = "fleets"
    HELP = "help"
    REPORT = "report"
    NEWS = "news"


SCREEN_OF_VERB = {Verb.MAP: Kind.MAP, Verb.SYS: Kind.SYS, Verb.EMP: Kind.EMP, Verb.TECH: Kind.TECH,
                  Verb.FLEETS: Kind.FLEETS, Verb.HELP: Kind.HELP, Verb.REPORT: Kind.REPORT,
                  Verb.NEWS: Kind.NEWS}


@dataclass(frozen=True)
class Screen:
    """An entry of the screen stack: which screen and its argument (a 0-based system id)."""

    kind: Kind
    arg: int = -1


class Session:
    """One game in the console: frame() is the current screen, send(line) plays one line."""

    def __init__(self, seed: int = 2026, lang: str = "en", saves_dir: Path | None = None) -> None:
        self.texts = Texts(lang)
        self.seed = seed
        self.saves_dir = saves_dir
        self.world: World = new_world(seed)
        self.stack: list[Screen] = [Screen(Kind.MAP), Screen(Kind.INTRO)]
        self.notes: list[tuple[str, Style]] = []
        self.log: list[str] = []
        self.finished = False  # the game is over or the player quit
        self.left = False  # the player quit

    # -- what the player sees -------------------------------------------------------------
    def frame(self) -> str:
        """The current screen as plain text, lines joined by newlines, ending with a newline."""
        return self.render().text()

    def render(self) -> Frame:
        """The current screen with its line styles (a terminal colours them)."""
        world, texts = self.world, self.texts
        top = self.stack[-1]
        footer = texts("footer_back")
        if top.kind is Kind.MAP:
            body, footer = screens.map_body(world, texts), texts("footer_map")
        elif top.kind is Kind.SYS:
            body = screens.sys_body(world, texts, top.arg)
        elif top.kind is Kind.INTRO:
            body = screens.intro_body(world, texts)
        else:
            body = screens.help_body(texts)
        return screens.frame(world, texts, body, footer, self.notes)

    # -- what the player does -------------------------------------------------------------
    def limits(self) -> Limits:
        """How big the numbers the player types may be in this galaxy."""
        return Limits(systems=len(self.world.systems), planets=len(self.world.planets),
                      techs=TECH_COUNT, offers=0,
                      letters="".join(empire.letter for empire in self.world.empires))

    def send(self, line: str) -> str:
        """Play one line of input and return the new frame; bad input only adds a message."""
        self.notes = []
        parsed = parse(line, self.limits())
        if isinstance(parsed, ParseError):
            self.note_error(parsed)
        else:
            self.dispatch(parsed)
        return self.frame()

    def note_error(self, error: ParseError) -> None:
        """Show a parse error in the player's language."""
        args = {name: self.texts(value) if name == "what" else value for name, value in error.args}
        self.notes.append((self.texts(error.key, **args), Style.BAD))

    def dispatch(self, parsed: Parsed) -> None:
        """Carry out a line that makes sense."""
        verb = parsed.verb
        if verb is Verb.QUIT:
            self.finished = self.left = True
        elif verb is Verb.MAP:
            self.stack = [Screen(Kind.MAP)]
        elif verb in SCREEN_OF_VERB:
            arg = int(parsed.args[0]) - 1 if parsed.args else -1
            self.stack = [Screen(Kind.MAP), Screen(SCREEN_OF_VERB[verb], arg)]
        else:
            self.notes.append((self.texts("not_ready"), Style.BAD))
