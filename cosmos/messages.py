"""Messages for the player, free of any language: a key and named values; RuleError carries one."""
from __future__ import annotations

from dataclasses import dataclass

__all__ = ["MESSAGE_KEYS", "Message", "RuleError", "message", "refuse"]

# Every key the engine can emit -> the names of its placeholders, in order.
# Conventions for the values: planet, system, tech, empire, fleet (and source, target, previous)
# are 0-based ids that the UI shows as numbers or names; kind is a ship kind ("I".."D");
# building is a building key ("mine", "lab", "yard", "fort"); victory is a victory key
# ("conquest", "science", "economy", "score", "defeat"); m, g, c, u are amounts of resources.
MESSAGE_KEYS: dict[str, tuple[str, ...]] = {
    # orders refused
    "err_game_over": (),
    "err_fallen": ("empire",),
    "err_no_empire": ("empire",),
    "err_no_planet": ("planet",),
    "err_no_system": ("system",),
    "err_not_yours": ("planet",),
    "err_owned": ("planet",),
    "err_no_fleet": ("system",),
    "err_claimed": ("planet",),
    "err_not_enough": ("m", "g", "c", "u", "short"),
    "err_twice": ("tech",),
    "err_too_few_ships": ("system", "ships"),
    "err_no_building": ("building",),
    "err_max_level": ("building", "planet", "level"),
    "err_queued": ("building", "planet"),
    "err_no_yard": ("planet",),
    "err_no_ship": ("kind",),
    "err_ship_locked": ("kind", "tech"),
    "err_bad_count": ("count", "max"),
    "err_no_tech": ("tech",),
    "err_known": ("tech",),
    "err_prereq": ("tech", "missing"),  # missing: every prerequisite not yet known (a tuple of ids)
    "err_same_system": ("system",),
    "err_no_route": ("source", "target"),
    # news of a turn (past tense)
    "news_colonised": ("empire", "planet"),
    "news_contested": ("planet",),
    "news_colony_failed": ("empire", "planet"),
    "news_researched": ("empire", "tech"),
    "news_built": ("empire", "building", "planet", "level"),
    "news_ships_built": ("empire", "kind", "count", "planet"),
    "news_cancelled": ("empire", "planet"),
    "news_arrived": ("empire", "fleet", "system"),
    "news_battle": ("system", "sides"),
    "news_losses": ("empire", "lost", "left"),
    "news_besieged": ("empire", "planet", "fort"),
    "news_taken": ("empire", "planet", "previous"),
    "news_capital_moved": ("empire", "system"),
    "news_fell": ("empire",),
    "news_victory": ("empire", "victory"),
    # diplomacy refused (empire = the other empire's id)
    "err_self": (),
    "err_at_peace": ("empire",),
    "err_at_war": ("empire",),
    "err_offer_open": ("empire",),
    "err_peace_young": ("empire", "turns"),
    "err_no_offer": ("empire",),
    # diplomacy news (empire made the offer or declared; other received it)
    "news_peace_offered": ("empire", "other"),
    "news_peace_made": ("empire", "other"),
    "news_peace_declined": ("empire", "other"),
    "news_war_declared": ("empire", "other"),
    # random events
    "news_meteor": ("empire", "planet"),
    "news_pirates": ("empire", "m", "g"),
    "news_unrest": ("empire", "planet"),
    "news_breakthrough": ("empire", "science"),
    "news_convoy": ("empire", "m", "g", "c"),
    "news_derelict": ("empire", "count", "kind", "system"),
    # saves (slot is 1..3 as the player typed it)
    "err_save_empty": ("slot",),
    "err_save_slot": ("slot", "slots"),
    "err_save_unreadable": ("slot",),
    "err_save_foreign": (),
    "err_save_newer": ("version", "supported"),
    "err_save_truncated": (),
    "err_save_corrupt": (),
    "err_save_write": ("slot",),
    "err_save_replay": ("line",),
    "err_save_seed": ("digits",),
    "err_save_long_seed": ("digits", "limit"),
}


@dataclass(frozen=True)
class Message:
    """Something to show the player, language-free: a key and (name, value) pairs."""

    key: str
    args: tuple[tuple[str, object], ...] = ()

    def get(self, name: str) -> object:
        """The value of one placeholder (KeyError if the message has none of that name)."""
        for arg_name, value in self.args:
            if arg_name == name:
                return value
        raise KeyError(name)

    def as_dict(self) -> dict[str, object]:
        """The placeholders as a dict, ready for str.format(**...)."""
        return dict(self.args)


class RuleError(Exception):
    """A rule violation: the order is refused with a message and nothing changes."""

    def __init__(self, message: Message) -> None:
        super().__init__(f"{message.key} {dict(message.args)}")
        self.message = message


def message(key: str, **values: object) -> Message:
    """Make a Message, checking the key and that exactly its placeholders are given."""
    names = MESSAGE_KEYS.get(key)
    if names is None:
        raise KeyError(f"unknown message key {key!r}")
    if set(values) != set(names):
        raise ValueError(f"message {key!r} takes {names}, not {tuple(sorted(values))}")
    return Message(key, tuple((name, values[name]) for name in names))


def refuse(key: str, **values: object) -> RuleError:
    """A RuleError with a Message (raise the result)."""
    return RuleError(message(key, **values))
