"""The kit speaks the lesson's language: the same keys and placeholders in every table, chosen by the lesson."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cosmos.text import placeholders, plural_specs
from graders import progress
from graders.parsons import Parsons
from graders.progress import Tracker, course_lines
from graders.progress_view import Overview, overview
from graders.quizzes import Choice, Computed, FillTheGap, MultipleChoice, PredictOutput, QuizSet, hint_rows
from graders.tasks import Task
from graders.text import LANGS, TABLES, Words, counted_form


def biggest(xs):
    best = xs[0]
    for x in xs:
        if x > best:
            best = x
    return best


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(progress, "TRACKER", Tracker())
    return tmp_path


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_every_language_has_every_text_with_the_same_placeholders(lang: str):
    english, other = TABLES["en"], TABLES[lang]
    assert sorted(other) == sorted(english)
    for key, template in english.items():
        assert placeholders(other[key]) == placeholders(template), key
        for _field, forms in plural_specs(other[key]):
            assert len(forms) == 2, (key, forms)  # one|other, as the game's plural rules want


@pytest.mark.parametrize("lang", [lang for lang in LANGS if lang != "en"])
def test_each_language_keeps_its_own_typography(lang: str):
    for key, template in TABLES[lang].items():
        text = re.sub(r"<[^>]+>|\{[^}]*\}|<code>.*?</code>", "", template)
        if lang == "es":
            for sentence in re.findall(r"[^.!?]*\?", text):  # a Spanish question opens with ¿
                assert "¿" in sentence, (key, sentence)
            for sentence in re.findall(r"[^.!?]*!", text):
                assert "¡" in sentence, (key, sentence)
        assert '"' not in text and "'" not in text.replace("'s", ""), (key, text)  # „…“ or «…», never ASCII


@pytest.mark.parametrize("lang", LANGS)
def test_the_kit_counts_as_the_game_counts(lang: str):
    from cosmos.text.plural import plural

    for n in [*range(-3, 130), 1001, 2.0, True]:
        assert counted_form(n, ["one", "other"]) == plural(lang, n, ["one", "other"]), n


def test_a_language_the_course_does_not_speak_is_refused_by_name():
    with pytest.raises(ValueError, match="the course has no language 'fr': choose from bg, en, es"):
        Words("fr")


def test_a_spanish_lesson_speaks_spanish_in_every_widget(home: Path):
    Overview("99-prueba", lang="es")
    choice = MultipleChoice("¿Cuánto es 1 + 1?", [Choice("2", "eso es"), Choice("3", "uno de más")],
                            Computed(lambda: "2"))
    box = choice.widget()
    box.radio.index = 1
    box.button.click()
    assert box.verdict.message == "Todavía no. uno de más" and box.button.description == "Comprobar"
    predict = PredictOutput("print(2 + 2)", {"22": "unidos como texto"}, {})
    assert predict.question == "¿Qué imprime el programa?"
    task = Task("biggest(xs): el mayor de la lista.", reference=biggest, cases={"tres números": ([1, 5, 2],)},
                hint=("Recorre la lista.", "Para [1, 5, 2] debe dar 5.", "return max(xs)"))
    [row] = hint_rows(task.widget())
    assert row.button.description == "Pista (1 de 3)"
    row.button.click()
    assert "Pista 1 de 3: Recorre la lista." in row.text.value and row.button.description == "Siguiente pista (2 de 3)"
    assert task.judge(lambda xs: xs[0]).verdict.message == (
        "Para tres números, la tuya da 1 y la función biggest esperada da 5.")
    assert task.judge(biggest).verdict.message == (
        "¡Correcto! La tuya se comporta como la función biggest esperada en 1 de 1 caso.")
    parsons = Parsons("def biggest(xs):\n    return max(xs)\n", biggest, {"tres": ([1, 5, 2],)},
                      distractors=["return min(xs)"])
    pbox = parsons.widget()
    assert parsons.title == "Ordena las líneas de biggest"
    assert pbox.check_button.description == "Comprobar" and pbox.reset_button.description == "Empezar de nuevo"
    assert {row.use.description for row in pbox.row_widgets.values()} == {"Dejar fuera"}
    gap = FillTheGap("def biggest(xs):\n    return ___(xs)\n", biggest, {"tres": ([1, 5, 2],)})
    assert gap.check("min").message == ("Todavía no: para tres, la tuya responde 1 y la función biggest del juego "
                                        "responde 5.")
    quizzes = QuizSet([MultipleChoice("¿Dos?", [Choice("2", "sí"), Choice("1", "no")], Computed(lambda: "2"))])
    assert "Pregunta 1 de 1" in quizzes.children[0].children[0].value
    assert quizzes.score.value == "<b>Tu puntuación: 0 de 1 bien</b> (0 respondidas)"


def test_a_bulgarian_lesson_counts_in_bulgarian(home: Path):
    view = overview("99-урок", lang="bg")
    assert view.reset_button.description == "Изчисти този урок"
    assert "0 отворени подсказки" in view.summary.value and "Твоят напредък в този урок" in view.summary.value
    data = {"lessons": {"99-урок": {"parts": {"p": {"hints": 1, "correct": True}}}}, "exercises": {}}
    assert course_lines(data, [], "bg") == ["99-урок: 1 от 1 части вярно, 1 опитана, 1 отворена подсказка"]


def test_no_english_word_is_left_on_a_spanish_or_bulgarian_widget(home: Path):
    english_only = {"Check", "Hint", "Right", "Not quite", "Reset", "Start again", "Leave out", "Your"}
    for lang in ("es", "bg"):
        Overview("99-x", lang=lang)
        parsons = Parsons("def biggest(xs):\n    return max(xs)\n", biggest, {"tres": ([1, 5, 2],)},
                          distractors=["return min(xs)"], hint="x")
        texts = []
        stack = [parsons.widget()]
        while stack:
            widget = stack.pop()
            texts += [str(getattr(widget, name, "")) for name in ("description", "tooltip", "value")]
            stack.extend(getattr(widget, "children", ()))
        shown = " ".join(re.sub(r"<[^>]+>|biggest|xs|max|min|return|def|Tab|Enter", "", text) for text in texts)
        assert not [word for word in english_only if word in shown], (lang, shown[:300])
