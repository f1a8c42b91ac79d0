"""Plural rules: which form of a counted word goes with a number, in each language of the game."""
from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["FORMS", "plural", "plural_index"]


def _one_is_singular(n: int) -> int:
    """Exactly one takes the first form, every other number (0, 2, 11, 21 ...) the second."""
    return 0 if abs(n) == 1 else 1


# Each language has two forms of a counted word: (one, other). The numbers that take "one"
# are the same in these four languages (CLDR: en, de "i = 1 and v = 0"; es, bg "n = 1"), but
# the forms differ: Bulgarian's "other" of a masculine noun is its count form ("2 кораба",
# not the plain plural "кораби"), and 21 takes it too ("21 хода", "101 далматинци"), unlike
# the Slavic languages that go by the last digit; Spanish and German say "0 naves", "0 Schiffe".
RULES: dict[str, Callable[[int], int]] = {
    "bg": _one_is_singular,
    "de": _one_is_singular,
    "en": _one_is_singular,
    "es": _one_is_singular,
}
FORMS = 2  # how many forms a counted word has in every language here


def plural_index(lang: str, n: int) -> int:
    """Which form (0: one, 1: other) goes with n in the language."""
    if lang not in RULES:
        raise ValueError(f"no plural rule for language {lang!r}")
    return RULES[lang](n)


def plural(lang: str, n: object, forms: Sequence[str]) -> str:
    """The form of a counted word that goes with n ("other" when n is not a whole number)."""
    if len(forms) != FORMS:
        raise ValueError(f"a counted word needs {FORMS} forms (one|other), not {list(forms)}")
    if isinstance(n, bool) or not isinstance(n, int):
        return forms[1]
    return forms[plural_index(lang, n)]
