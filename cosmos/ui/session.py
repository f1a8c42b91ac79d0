"""The console session: one game, the screen stack and one line of input at a time."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from cosmos.checkpoint import checkpoint_text
from cosmos.commands import apply
from cosmos.data import TECHS
from cosmos.game import load_game, play_turn, restore, save_game
from cosmos.messages import Message, RuleError, message
from cosmos.save import SEED_DIGITS, SaveError, SaveGame, read_save, seed_fits
from cosmos.text import Texts
from cosmos.ui import panels, screens
from cosmos.ui.commands import Limits, Parsed, ParseError, Verb, parse
from cosmos.ui.layout import Frame, Style
from cosmos.ui.mapdraw import lane_cells
from cosmos.ui.orders import ORDER_VERBS, battle_forecast, confirmation, to_command
from cosmos.ui.render import render
from cosmos.world import World, new_world


class Kind(Enum):
    """The screens no command of their own asks for: the opening screen, the end of the game and
    the battle rules (help battle)."""

    INTRO = "intro"
    END = "end"
    RULES = "rules"


VIEW_VERBS = frozenset({Verb.MAP, Verb.SYS, Verb.EMP, Verb.TECH, Verb.FLEETS, Verb.QUEUE, Verb.HELP,
                        Verb.REPORT, Verb.NEWS})  # the commands that only show a screen
AFTER_THE_END = frozenset({*VIEW_VERBS, Verb.LOAD, Verb.QUIT})


@dataclass(frozen=True)
class Screen:
    """An entry of the screen stack: a view command (or INTRO, END) and its 0-based system id."""

    kind: Verb | Kind
    arg: int = -1


class Session:
    """One game in the console: frame() is the current screen, send(line) plays one line."""

    def __init__(self, seed: int = 2026, lang: str = "en", saves_dir: Path | None = None) -> None:
        self.texts = Texts(lang)
        self.saves_dir = saves_dir
        self.memory_saves: dict[int, tuple[str, str]] = {}  # save and checkpoint, when there is no folder
        self.world: World = new_world(seed)
        self.lanes = lane_cells(self.world)  # the galaxy's lanes never change: drawn once
        self.log: list[str] = []  # the language-free lines that made this game (what saves keep)
        self.news: list[Message] = []
        self.news_turns = (0, 0)  # the first and last turn the news are from
        self.stack: list[Screen] = [Screen(Verb.MAP), Screen(Kind.INTRO)]
        self.notes: list[tuple[str, Style]] = []
        self.finished = False  # the game is over or the player quit
        self.left = False  # the player quit
        self.saved_log: list[str] = []  # the lines of the last save or load: what is kept
        self.warned = False  # the player was told the game is not saved; quitting again leaves
        self.warned_load = -1  # the slot a load was refused for (unsaved game); loading it again loads

    # -- what the player sees -------------------------------------------------------------
    def frame(self) -> str:
        """The current screen as plain text, lines joined by newlines, ending with a newline."""
        return self.render().text()

    def render(self) -> Frame:
        """The current screen with its line styles (a terminal colours them)."""
        world, texts = self.world, self.texts
        top = self.stack[-1]
        footer = texts("footer_back")
        body: Sequence[str | tuple[str, Style]]
        if top.kind is Verb.MAP:
            body, footer = screens.map_body(world, texts, self.lanes), texts("footer_map")
        elif top.kind is Verb.SYS:
            body = screens.sys_body(world, texts, top.arg)
        elif top.kind is Kind.INTRO:
            body = screens.intro_body(world, texts)
        elif top.kind is Verb.EMP:
            body = panels.emp_body(world, texts)
        elif top.kind is Verb.TECH:
            body = panels.tech_body(world, texts)
        elif top.kind is Verb.FLEETS:
            body = panels.fleets_body(world, texts)
        elif top.kind is Verb.QUEUE:
            body = panels.queue_body(world, texts)
        elif top.kind is Verb.REPORT:
            body = panels.report_body(world, texts)
        elif top.kind is Verb.NEWS:
            battle = any(item.key == "news_battle" for item in self.news)
            body = panels.news_body(world, texts, self.news_turns, self.news, battle)
        elif top.kind is Kind.END:
            body, footer = panels.end_body(world, texts), texts("footer_end")
        elif top.kind is Kind.RULES:
            body = screens.rules_body(texts)
        else:
            body = screens.help_body(world, texts)
        return screens.frame(world, texts, body, footer, self.notes)

    def show(self, kind: Verb | Kind, arg: int = -1) -> None:
        """Put a screen on top of the map (the map itself clears the stack)."""
        base = [Screen(Verb.MAP)]
        self.stack = base if kind is Verb.MAP else [*base, Screen(kind, arg)]

    @property
    def player(self) -> int:
        """The id of the human player's empire."""
        return screens.player_of(self.world)

    def note(self, text: str, style: Style) -> None:
        """A line shown under the screen until the next input."""
        self.notes.append((text, style))

    def note_message(self, key: str, args: tuple[tuple[str, object], ...], style: Style) -> None:
        """Show an engine or UI message in the player's language."""
        self.note(render(self.world, self.texts, key, args), style)

    # -- what the player does -------------------------------------------------------------
    def limits(self) -> Limits:
        """How big the numbers the player types may be in this galaxy."""
        return Limits(systems=len(self.world.systems), planets=len(self.world.planets),
                      techs=len(TECHS),
                      letters="".join(empire.letter for empire in self.world.empires))

    def unsaved(self) -> bool:
        """Would leaving now lose something: orders or turns since the last save, game not over?"""
        return self.world.victory is None and self.log != self.saved_log

    def leave(self, how: str = "quit") -> bool:
        """Leave, unless the game is unsaved and the player has not been told yet (then tell)."""
        if self.unsaved() and not self.warned:
            self.warned = True
            self.notes = []
            self.note(self.texts(f"unsaved_{how}"), Style.BAD)
            return False
        self.finished = self.left = True
        return True

    def send(self, line: str) -> str:
        """Play one line of input and return the new frame; bad input only adds a message."""
        self.notes = []
        parsed = parse(line, self.limits())
        if not (isinstance(parsed, Parsed) and parsed.verb is Verb.QUIT):
            self.warned = False  # asked again only after something else was typed
        if not (isinstance(parsed, Parsed) and parsed.verb is Verb.LOAD and int(parsed.args[0]) == self.warned_load):
            self.warned_load = -1
        if isinstance(parsed, ParseError):
            args = tuple((name, self.texts(str(value)) if name == "what" else value)
                         for name, value in parsed.args)
            self.note(self.texts(parsed.key, **dict(args)), Style.BAD)
        elif self.world.victory is not None and parsed.verb not in AFTER_THE_END:
            self.note(self.texts("parse_game_over"), Style.BAD)
        else:
            self.dispatch(parsed)
        return self.frame()

    def dispatch(self, parsed: Parsed) -> None:
        """Carry out a line that makes sense."""
        verb = parsed.verb
        if verb is Verb.QUIT:
            self.leave()
        elif verb is Verb.HELP and parsed.args:
            self.show(Kind.RULES)
        elif verb in VIEW_VERBS:
            self.show(verb, int(parsed.args[0]) - 1 if parsed.args else -1)
        elif verb in ORDER_VERBS:
            self.order(parsed)
        elif verb is Verb.END:
            self.end_turns(1)
        elif verb is Verb.WAIT:
            self.end_turns(int(parsed.args[0]))
        elif verb is Verb.SAVE:
            self.save(int(parsed.args[0]))
        elif verb is Verb.LOAD:
            self.ask_then_load(int(parsed.args[0]))

    def order(self, parsed: Parsed) -> None:
        """Give an order: the engine checks it; a refusal changes nothing and costs no turn."""
        command = to_command(parsed, self.player, self.limits().letters)
        try:
            apply(self.world, command)
        except RuleError as refusal:
            self.note_message(refusal.message.key, refusal.message.args, Style.BAD)
            return
        self.log.append(command.to_text())
        key, args = confirmation(command, self.world)
        self.note_message(key, args, Style.GOOD)
        outlook = battle_forecast(command, self.world, self.texts)
        if outlook is not None:
            self.note(outlook, Style.TEXT)

    def end_turns(self, count: int) -> None:
        """End up to count turns; stop early when the game ends or the player is attacked."""
        played = 0
        self.news, self.news_turns = [], (self.world.turn, self.world.turn)
        while played < count and self.world.victory is None:
            self.news_turns = (self.news_turns[0], self.world.turn)
            play_turn(self.world)
            self.log.append("end")
            self.news = panels.latest_sieges(
                [*self.news, *panels.visible_news(self.world.turn_news, self.player)])
            played += 1
            if self.worth_stopping(self.world.turn_news):
                break
        if self.world.victory is not None:
            self.finished = True
            self.show(Kind.END)
            return
        self.show(Verb.NEWS)
        if count > 1:
            self.note(self.texts("wait_done", turns=played), Style.GOOD)

    def worth_stopping(self, news: list[Message]) -> bool:
        """Does this news need the player: a battle, a siege or a loss, or research done?"""
        player = self.player
        for item in news:
            args = item.as_dict()
            if item.key == "news_researched" and args.get("empire") == player:
                return True
            if item.key in ("news_besieged", "news_taken") and player in (
                    args.get("empire"), args.get("previous")):
                return True
            if item.key == "news_losses" and args.get("empire") == player:
                return True
        return False

    # -- saves ----------------------------------------------------------------------------
    def save(self, slot: int) -> None:
        """Keep the seed and the lines of this game in a slot, and the world's checkpoint beside them."""
        try:
            if self.saves_dir is None:
                if not seed_fits(self.world.seed):
                    raise SaveError(message("err_save_seed", digits=SEED_DIGITS))
                text = SaveGame(self.world.seed, tuple(self.log)).to_text()
                self.memory_saves[slot] = (text, checkpoint_text(self.world, text))
            else:
                save_game(self.saves_dir, slot, self.world, self.log)
        except SaveError as error:
            self.note_message(error.message.key, error.message.args, Style.BAD)
            return
        self.saved_log = list(self.log)
        self.note(self.texts("ok_saved", slot=slot), Style.GOOD)

    def ask_then_load(self, slot: int) -> None:
        """Load a slot; if this game has unsaved turns, first say so (the same load again loads)."""
        if self.unsaved() and self.warned_load != slot:
            try:
                self.read_slot(slot)  # an empty or damaged slot says so at once: nothing to lose
            except SaveError as error:
                self.note_message(error.message.key, error.message.args, Style.BAD)
                return
            self.warned_load = slot
            self.note(self.texts("unsaved_load", slot=slot), Style.BAD)
            return
        self.warned_load = -1
        self.load(slot)

    def read_slot(self, slot: int) -> SaveGame:
        """The save in a slot, read and checked (SaveError if it cannot be loaded)."""
        if self.saves_dir is not None:
            return read_save(self.saves_dir, slot)
        if slot not in self.memory_saves:
            raise SaveError(Message("err_save_empty", (("slot", slot),)))
        return SaveGame.from_text(self.memory_saves[slot][0])

    def load(self, slot: int) -> None:
        """Load a slot (from its checkpoint, or replayed from its seed); a bad save changes nothing."""
        try:
            if self.saves_dir is None:
                save = self.read_slot(slot)
                world = restore(save, self.memory_saves[slot][1])
            else:
                world, save = load_game(self.saves_dir, slot)
        except SaveError as error:
            self.note_message(error.message.key, error.message.args, Style.BAD)
            return
        self.world, self.log = world, list(save.lines)
        self.saved_log = list(self.log)
        self.lanes = lane_cells(world)
        self.news = panels.visible_news(world.turn_news, self.player)  # of the last turn played
        self.news_turns = (world.turn - 1, world.turn - 1)
        self.finished = world.victory is not None
        self.show(Kind.END if self.finished else Verb.MAP)
        self.note(self.texts("ok_loaded", slot=slot, turn=world.turn), Style.GOOD)
