"""Counted words agree with their number in every language: no "1 turns", no "2 x фрегата"."""
from __future__ import annotations

import re

import pytest

from cosmos.text import LANGS, Texts, placeholders, plural_specs, table
from cosmos.text.plural import plural, plural_index
from cosmos.ui.render import render
from cosmos.world import new_world

NUMBERS = (0, 1, 2, 5, 11, 21)
# the numbers of a message that count something (a label such as "score 20" needs no agreement)
COUNTED = frozenset({"turns", "count", "lost", "left", "sides", "max", "limit", "games"})
INVARIABLE = frozenset({"more", "left", "AI-only"})  # words that read the same after any number


@pytest.mark.parametrize("lang", LANGS)
def test_only_exactly_one_takes_the_singular(lang: str) -> None:
    assert [plural_index(lang, n) for n in NUMBERS] == [1, 0, 1, 1, 1, 1]
    assert plural(lang, 1, ("one", "other")) == "one"
    assert plural(lang, "-", ("one", "other")) == "other"


def test_a_language_without_a_rule_or_a_word_without_two_forms_is_refused() -> None:
    with pytest.raises(ValueError):
        plural_index("fr", 1)
    with pytest.raises(ValueError):
        plural("en", 1, ("only",))


# the counted phrase of the research line, by language and number, as a native speaker writes it
RESEARCH_TURNS = {
    "en": {0: "0 turns", 1: "1 turn", 2: "2 turns", 5: "5 turns", 11: "11 turns", 21: "21 turns"},
    "de": {0: "noch 0 Züge", 1: "noch 1 Zug", 2: "noch 2 Züge", 5: "noch 5 Züge", 11: "noch 11 Züge",
           21: "noch 21 Züge"},
    "es": {0: "0 turnos", 1: "1 turno", 2: "2 turnos", 5: "5 turnos", 11: "11 turnos", 21: "21 turnos"},
    "bg": {0: "0 хода", 1: "1 ход", 2: "2 хода", 5: "5 хода", 11: "11 хода", 21: "21 хода"},
}
LOSSES = {
    "en": {1: "lost 1 ship, 0 left", 2: "lost 2 ships, 1 left", 21: "lost 21 ships, 21 left"},
    "de": {1: "hat 1 Schiff verloren, übrig sind 0", 2: "hat 2 Schiffe verloren, übrig ist 1",
           21: "hat 21 Schiffe verloren, übrig sind 21"},
    "es": {1: "ha perdido 1 nave y le quedan 0", 2: "ha perdido 2 naves y le queda 1",
           21: "ha perdido 21 naves y le quedan 21"},
    "bg": {1: "загуби 1 кораб, остават 0", 2: "загуби 2 кораба, остава 1",
           21: "загуби 21 кораба, остават 21"},
}
SHIPS = {  # ok_ship: the number and the ship type
    "en": {(1, "F"): "1 frigate", (2, "F"): "2 frigates", (11, "I"): "11 interceptors",
           (1, "D"): "1 dreadnought", (21, "B"): "21 bombers"},
    "de": {(1, "F"): "1 Fregatte", (2, "F"): "2 Fregatten", (11, "I"): "11 Abfangjäger",
           (1, "D"): "1 Schlachtschiff", (21, "D"): "21 Schlachtschiffe"},
    "es": {(1, "F"): "1 fragata", (2, "F"): "2 fragatas", (11, "I"): "11 interceptores",
           (1, "D"): "1 acorazado", (21, "B"): "21 bombarderos"},
    "bg": {(1, "F"): "1 фрегата", (2, "F"): "2 фрегати", (11, "I"): "11 прехващача",
           (1, "D"): "1 дредноут", (21, "B"): "21 бомбардировача", (5, "D"): "5 дредноута"},
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_research_line_counts_turns_in_each_language(lang: str) -> None:
    texts = Texts(lang)
    for n, phrase in RESEARCH_TURNS[lang].items():
        line = texts("research_now", tech="X", banked=0, cost=30, turns=n)
        assert line.endswith(phrase), (lang, n, line)


@pytest.mark.parametrize("lang", LANGS)
def test_losses_agree_with_the_ships_lost_and_left(lang: str) -> None:
    world, texts = new_world(2026), Texts(lang)
    for lost, phrase in LOSSES[lang].items():
        left = {1: 0, 2: 1, 21: 21}[lost]
        line = render(world, texts, "news_losses", (("empire", 0), ("lost", lost), ("left", left)))
        assert phrase in line, (lang, line)


@pytest.mark.parametrize("lang", LANGS)
def test_ordered_ships_name_their_type_in_the_form_of_the_number(lang: str) -> None:
    world, texts = new_world(2026), Texts(lang)
    for (count, kind), phrase in SHIPS[lang].items():
        line = render(world, texts, "ok_ship", (("count", count), ("kind", kind), ("planet", 0)))
        assert f" {phrase} " in line and " x " not in line, (lang, line)


def counted_without_agreement(template: str) -> list[str]:
    """The counted numbers of a template followed by a plain word instead of an agreeing one."""
    bad = []
    for name in COUNTED & set(placeholders(template)):
        for match in re.finditer(r"\{" + name + r"\}( \S+)?", template):
            after = match.group(1) or ""
            agreeing = after.startswith((" {" + name + ":", " {kind}"))
            plain_word = (bool(re.match(r" [^\W\d_]", after)) and not after.startswith(" {")
                          and after.strip(" .,") not in INVARIABLE)
            if plain_word or (after.startswith(" {") and not agreeing):
                bad.append(match.group(0))
    return bad


@pytest.mark.parametrize("lang", LANGS)
def test_every_counted_number_is_followed_by_a_word_that_agrees_with_it(lang: str) -> None:
    offenders = {key: counted_without_agreement(template) for key, template in table(lang).items()}
    assert {key: bad for key, bad in offenders.items() if bad} == {}


@pytest.mark.parametrize("lang", LANGS)
def test_every_counted_word_has_two_forms_and_every_ship_type_too(lang: str) -> None:
    entries = table(lang)
    for key, template in entries.items():
        for _name, forms in plural_specs(template):
            assert len(forms) == 2 and all(forms), (lang, key)
    for kind in "IBFD":
        forms = entries[f"ships_{kind}"].split("|")
        assert len(forms) == 2 and all(forms), (lang, kind)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("n", NUMBERS)
def test_no_message_with_a_number_says_one_with_a_plural_or_x(lang: str, n: int) -> None:
    """Every engine message that counts, filled with n: the English tell-tales never appear."""
    from cosmos.messages import MESSAGE_KEYS

    world, texts = new_world(2026), Texts(lang)
    values = {"empire": 0, "other": 1, "previous": 1, "planet": 0, "system": 0, "source": 0,
              "target": 1, "fleet": 0, "kind": "F", "building": "mine", "tech": 0, "missing": 1,
              "victory": "economy", "level": 1, "fort": 1, "m": 1, "g": 1, "c": 1, "u": 1,
              "science": 1, "slot": 1, "slots": 3, "line": "x", "version": 2, "supported": 1,
              "digits": 20, "short": "M1 C2", "ships": (1, 0, 2, 0)}
    for key, names in MESSAGE_KEYS.items():
        args = tuple((name, n if name in COUNTED else values[name]) for name in names)
        line = render(world, texts, key, args)
        assert " x " not in line, (lang, key, line)
        if n == 1:
            for word in ("turns", "ships", "Züge", "Schiffe", "turnos", "naves", "хода", "кораба"):
                assert f"1 {word}" not in line, (lang, key, line)


def test_what_can_be_researched_now_agrees_with_how_many_there_are() -> None:
    assert Texts("es")("tech_now", count=1, numbers="3") == "Se puede investigar ahora: 3"
    assert Texts("es")("tech_now", count=4, numbers="1 2 3 4") == "Se pueden investigar ahora: 1 2 3 4"
    assert Texts("bg")("tech_now", count=2, numbers="1 2") == "Могат да се проучат сега: 1 2"
    from cosmos.ui.session import Session

    assert "Se pueden investigar ahora: 1 2 3 4" in Session(seed=2026, lang="es").send("tech")


@pytest.mark.parametrize("lang", LANGS)
def test_helps_last_sentences_each_begin_a_line(lang: str) -> None:
    from cosmos.ui.screens import help_body

    lines = help_body(new_world(2026), Texts(lang))
    victory = {"bg": "Икономическа победа", "de": "Wirtschaftssieg", "en": "Economy victory",
               "es": "Victoria económica"}[lang]
    assert [line for line in lines if victory in line][0].startswith(victory)
    assert lines[-2].endswith(".") and all(len(line) <= 62 for line in lines[-2:])
