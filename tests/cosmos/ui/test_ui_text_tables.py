"""Every text exists in every language, with the same placeholders."""
from __future__ import annotations

import pytest

from cosmos.text import LANGS, Texts, placeholders, table


def test_every_language_has_exactly_the_keys_of_english() -> None:
    english = set(table("en"))
    for lang in LANGS:
        assert set(table(lang)) == english, lang


@pytest.mark.parametrize("lang", LANGS)
def test_every_text_has_the_placeholders_of_english(lang: str) -> None:
    english = table("en")
    for key, template in table(lang).items():
        assert placeholders(template) == placeholders(english[key]), (lang, key)


def indent(text: str) -> int:
    """How many spaces a text starts with."""
    return len(text) - len(text.lstrip(" "))


@pytest.mark.parametrize("lang", LANGS)
def test_no_text_is_empty_and_indents_match_english(lang: str) -> None:
    english = table("en")
    for key, template in table(lang).items():
        assert template.strip(), (lang, key)
        assert template == template.rstrip(), (lang, key)
        assert indent(template) == indent(english[key]), (lang, key)


def test_unknown_language_is_refused_with_the_list() -> None:
    with pytest.raises(ValueError, match="bg, de, en, es"):
        Texts("fr")


def test_placeholders_are_found_once_each() -> None:
    assert placeholders("{a} and {b}, then {a}") == ("a", "b")


@pytest.mark.parametrize("lang", LANGS)
def test_every_engine_message_has_a_text_with_exactly_its_placeholders(lang: str) -> None:
    from cosmos.messages import MESSAGE_KEYS

    entries = table(lang)
    for key, names in MESSAGE_KEYS.items():
        assert key in entries, (lang, key)
        assert placeholders(entries[key]) == tuple(sorted(names)), (lang, key)
