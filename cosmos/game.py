"""Playing the game: a turn of the rivals then the galaxy, and replaying a save's command lines."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from cosmos import turn
from cosmos.checkpoint import CheckpointError, read_checkpoint, world_from_checkpoint, write_checkpoint
from cosmos.commands import Build, BuildShips, Colonize, Command, Move, Research, apply
from cosmos.data import SHIP_KINDS
from cosmos.diplomacy import AnswerOffer, DeclareWar, OfferPeace
from cosmos.envoy import diplomacy_moves
from cosmos.messages import RuleError, message
from cosmos.rivals import decide
from cosmos.save import SEED_DIGITS, SaveError, SaveGame, read_save, seed_fits, slot_path, write_save
from cosmos.victory import check_victory
from cosmos.view import survey
from cosmos.world import World, new_world
from cosmos.worldcheck import check_world

__all__ = [
    "END", "PHASES", "end_turn", "load_game", "parse_line", "play_line", "play_turn", "replay", "restore",
    "save_game",
]

END = "end"  # the line that ends a turn; `wait N` is saved as N of them

# The phases of a game's turn: the galaxy's (cosmos.turn), then the victory check.
PHASES: tuple[tuple[str, turn.Phase], ...] = (*turn.PHASES, ("victory", check_victory))


def end_turn(world: World) -> None:
    """End the turn of a game: the galaxy's phases in order, the victory check last."""
    turn.end_turn(world, PHASES)


def play_turn(world: World) -> None:
    """Every living rival, by id, decides (its envoy first) and gives its orders; then the turn ends."""
    seen = survey(world)  # what all the rivals see alike: their orders do not change it
    for empire in world.empires:
        if empire.alive and not empire.human and world.victory is None:
            for command in decide(world, empire.id, seen, envoy=diplomacy_moves):
                apply(world, command)
    end_turn(world)


def _number(word: str) -> int:
    """A number as the player typed it, from 1, as an id from 0; ValueError if it is not one."""
    if not word.isascii() or not word.isdigit():
        raise ValueError(word)
    return int(word) - 1


def _ships(words: list[str]) -> tuple[int, ...]:
    """Ships as the player wrote them ("2I", "1F") as counts of I, B, F, D; ValueError if not."""
    counts = [0] * len(SHIP_KINDS)
    for word in words:
        count, kind = word[:-1], word[-1:]
        if kind not in SHIP_KINDS or not count.isascii() or not count.isdigit() or counts[SHIP_KINDS.index(kind)]:
            raise ValueError(word)
        counts[SHIP_KINDS.index(kind)] = int(count)
    return tuple(counts)


def parse_line(line: str, empire: int = 0) -> Command | None:
    """A saved line (the to_text of a command, or `end`) as a command; None for `end`."""
    words = line.split()
    if words == [END]:
        return None
    verb, args = (words[0], words[1:]) if words else ("", [])
    shapes: dict[tuple[str, int], Callable[[], Command]] = {
        ("col", 1): lambda: Colonize(empire, _number(args[0])),
        ("b", 2): lambda: Build(empire, args[0], _number(args[1])),
        ("r", 1): lambda: Research(empire, _number(args[0])),
        ("ship", 3): lambda: BuildShips(empire, args[0], _number(args[1]) + 1, _number(args[2])),
        ("go", 2): lambda: Move(empire, _number(args[0]), _number(args[1])),
        ("peace", 1): lambda: OfferPeace(empire, _number(args[0])),
        ("war", 1): lambda: DeclareWar(empire, _number(args[0])),
        ("accept", 1): lambda: AnswerOffer(empire, _number(args[0]), True),
        ("decline", 1): lambda: AnswerOffer(empire, _number(args[0]), False),
    }
    if verb == "r" and args:
        shapes[("r", len(args))] = lambda: Research(empire, _number(args[0]), tuple(_number(a) for a in args[1:]))
    if verb == "go" and 2 < len(args) <= 2 + len(SHIP_KINDS):
        shapes[("go", len(args))] = lambda: Move(empire, _number(args[0]), _number(args[1]), _ships(args[2:]))
    make = shapes.get((verb, len(args)))
    if make is None:
        raise ValueError(line)
    command = make()
    if command.to_text() != line:  # only the exact form the game writes
        raise ValueError(line)
    return command


def play_line(world: World, line: str) -> None:
    """Carry out one saved line for the player (empire 0): a command, or the end of the turn."""
    command = parse_line(line)
    if command is None:
        play_turn(world)
    else:
        apply(world, command)


def replay(save: SaveGame, lines: Iterable[str] | None = None) -> World:
    """A fresh world from the save's seed with its lines played again: the same game as before."""
    world = new_world(save.seed)
    for line in save.lines if lines is None else lines:
        try:
            play_line(world, line)
        except (ValueError, RuleError):
            raise SaveError(message("err_save_replay", line=line)) from None
    return world


def save_game(saves_dir: Path, slot: int, world: World, lines: Iterable[str]) -> None:
    """Write a slot (seed and lines: SaveError if it cannot be), then the world's checkpoint beside it."""
    if not seed_fits(world.seed):
        raise SaveError(message("err_save_seed", digits=SEED_DIGITS))
    save = SaveGame(world.seed, tuple(lines))
    write_checkpoint(write_save(saves_dir, slot, save), world, save.to_text())


def restore(save: SaveGame, checkpoint: str | None) -> World:
    """The world of a save: from its checkpoint if it was made from this save and is sound, else replayed."""
    if checkpoint is not None:
        try:
            world = world_from_checkpoint(checkpoint, save.to_text())
            check_world(world, new_world(save.seed), 1 + save.lines.count(END))
        except (CheckpointError, ValueError):
            pass  # missing, damaged, edited, of another save or of other rules: the replay is the truth
        else:
            return world
    return replay(save)


def load_game(saves_dir: Path, slot: int) -> tuple[World, SaveGame]:
    """Read a slot and restore its world; SaveError if it cannot be (whatever runs now is untouched)."""
    save = read_save(saves_dir, slot)
    return restore(save, read_checkpoint(slot_path(saves_dir, slot))), save
