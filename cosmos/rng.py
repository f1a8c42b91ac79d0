"""mulberry32: the game's one seeded generator, 32-bit integers only, the same in every language."""
from __future__ import annotations

MASK = 0xFFFFFFFF


def _imul(a: int, b: int) -> int:
    """32-bit multiplication that wraps around, as `uint` does in C#."""
    return (a * b) & MASK


class Random:
    """A small seeded generator: the same seed gives the same sequence, everywhere."""

    def __init__(self, seed: int) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"the seed must be an integer, not {type(seed).__name__}")
        self.state = seed & MASK

    def next32(self) -> int:
        """The next raw 32-bit number."""
        self.state = (self.state + 0x6D2B79F5) & MASK
        z = self.state
        z = _imul(z ^ (z >> 15), z | 1)
        z = z ^ ((z + _imul(z ^ (z >> 7), z | 61)) & MASK)
        return z ^ (z >> 14)

    def next_int(self, n: int) -> int:
        """From 0 to n-1, no fractions."""
        if n <= 0:
            raise ValueError(f"next_int needs a positive bound, not {n}")
        return self.next32() % n

    def range(self, low: int, high: int) -> int:
        """From low to high, both included."""
        return low + self.next_int(high - low + 1)

    def chance(self, percent: int) -> bool:
        """True with the given chance in percent."""
        return self.next_int(100) < percent

    def shuffle(self, items: list) -> None:
        """Shuffle the list in place (Fisher-Yates, from the back)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.next_int(i + 1)
            items[i], items[j] = items[j], items[i]

    def get_state(self) -> int:
        """The whole state of the generator: one number."""
        return self.state

    def set_state(self, state: int) -> None:
        """Continue from a state read earlier with get_state."""
        self.state = state & MASK
