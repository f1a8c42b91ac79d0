"""The kit's words in each language of the course: tables of templates, chosen by the lesson, never the machine.

A template is written as the game's are (cosmos.text): "{count} {count:question|questions}" agrees a counted
word with its number by the language's plural rule, the game's own (a test holds them equal); the kit does not
import the game's text tables, which a lesson's first cells have no need of.
"""
from __future__ import annotations

from collections.abc import Mapping
from string import Formatter

from graders.text import bg, en, es

LANGS = ("bg", "en", "es")  # the course's languages (the game also speaks German)
TABLES: Mapping[str, Mapping[str, str]] = {"bg": bg.TEXTS, "en": en.TEXTS, "es": es.TEXTS}


def counted_form(n: object, forms: list[str]) -> str:
    """The form of a counted word for n: "one" for exactly 1 (or -1), "other" for any other number, as the game
    says in English, Spanish and Bulgarian (cosmos.text.plural)."""
    one, other = forms
    return one if type(n) is int and abs(n) == 1 else other


class CountingFormatter(Formatter):
    """str.format, except that a spec one|other is the form of a counted word for the value."""

    def format_field(self, value: object, format_spec: str) -> str:
        """The value formatted, or for a one|other spec the word that agrees with it."""
        if "|" in format_spec:
            return counted_form(value, format_spec.split("|"))
        return super().format_field(value, format_spec)


class Words:
    """The kit's texts in one language: words("key", name=value) fills a template."""

    def __init__(self, lang: str) -> None:
        if lang not in TABLES:
            raise ValueError(f"the course has no language {lang!r}: choose from {', '.join(LANGS)}")
        self.lang = lang
        self.entries = TABLES[lang]
        self.formatter = CountingFormatter()

    def __call__(self, key: str, **fields: object) -> str:
        """The text for key with its placeholders filled in (and its counted words agreed)."""
        return self.formatter.vformat(self.entries[key], (), fields)
