"""The event bus: past-tense events go out to every listener, in the order they subscribed."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Event:
    """Something that happened: its kind (e.g. "battle_fought") and all the data a listener needs."""

    kind: str
    data: dict[str, Any] = field(default_factory=dict)


Listener = Callable[[Event], None]


@dataclass
class EventBus:
    """Listeners by event kind; "*" hears everything. Handlers must not publish while handling."""

    listeners: dict[str, list[Listener]] = field(default_factory=dict)
    publishing: bool = False

    def subscribe(self, kind: str, listener: Listener) -> None:
        """Call listener for every event of this kind ("*" for all)."""
        self.listeners.setdefault(kind, []).append(listener)

    def publish(self, event: Event) -> None:
        """Deliver an event to its listeners, then to the catch-all ones."""
        if self.publishing:
            raise RuntimeError(f"a listener published {event.kind!r} while handling another event")
        self.publishing = True
        try:
            for listener in [*self.listeners.get(event.kind, []), *self.listeners.get("*", [])]:
                listener(event)
        finally:
            self.publishing = False
