"""Every text the player sees, per language: tables of str.format templates and their lookup."""
from __future__ import annotations

from collections.abc import Mapping
from string import Formatter

from cosmos.text import bg, de, en, es

__all__ = ["DEFAULT_LANG", "LANGS", "Texts", "placeholders", "table"]

LANGS = ("bg", "de", "en", "es")
DEFAULT_LANG = "en"

_TABLES: Mapping[str, Mapping[str, str]] = {
    "bg": bg.TEXTS, "de": de.TEXTS, "en": en.TEXTS, "es": es.TEXTS,
}


def table(lang: str) -> Mapping[str, str]:
    """The whole table of one language; ValueError for a language the game does not speak."""
    if lang not in _TABLES:
        raise ValueError(f"unknown language {lang!r}: choose from {', '.join(LANGS)}")
    return _TABLES[lang]


def placeholders(template: str) -> tuple[str, ...]:
    """The names of a template's {placeholders}, sorted and without repeats."""
    names = {field for _, field, _, _ in Formatter().parse(template) if field is not None}
    return tuple(sorted(names))


class Texts:
    """The texts of one language: texts("key", name=value) fills a template."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.entries = table(lang)

    def __call__(self, key: str, **args: object) -> str:
        """The text for key with its placeholders filled in."""
        return self.entries[key].format(**args)

    def has(self, key: str) -> bool:
        """Whether the table has a text for key."""
        return key in self.entries
