"""What lesson 5's small tasks are compared with (they need lesson 5's random events)."""
from __future__ import annotations


def first_roll_of(key: str) -> int:
    """The smallest roll that means the random event key (-1 if none does)."""
    from cosmos.events import ROLL_SIDES, roll_event

    for roll in range(ROLL_SIDES):
        event = roll_event(roll)
        if event is not None and event.key == key:
            return roll
    return -1
