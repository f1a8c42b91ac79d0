"""The fixed words of the students' feedback (the pages, the worksheet's comment) in the course's languages.

WORDS holds the page's and the comment's own words. SENTENCES holds the grader's fixed sentences that reach a
verdict or a row's note (graders.scoring's verdicts, graders_instructor.grading.platforms' "no notebook" reasons), each
keyed by its English template: `sentence` matches a line against each template and writes it in the language,
keeping what fills the placeholders (a function's name, a type, an exception's own message) as it was.
"""

from __future__ import annotations

import re
from functools import cache

from cosmos.text.plural import plural

LANGUAGES = ("en", "de", "es", "bg")

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "{title}: feedback", "heading": "{title}: feedback for {who}", "score": "Score: {score}",
        "points": "{score} of {max} {max:point|points}",
        "late_penalty": " (submitted late: {penalty}% taken off the {before} points the checks gave)",
        "late": " (submitted late)", "hidden check": "hidden check", "public check": "public check",
        "check_points": "{points} {points:point|points}", "passed": "passed", "failed": "failed",
        "hint": "Hint: {hint}",
        "hidden_note": "Hidden checks are new inputs of the same kind as the public ones: their inputs and answers "
                       "are not shown, only how they failed and a hint.",
        "checks_passed": "{passed} of {total} checks passed", "none_passed": "No check passed.",
        "failed_list": "Failed: {names}.", "hidden_mark": "{name} (hidden)", "more": "and {count} more",
        "wrong answer": "wrong answer", "input": "input", "expected": "expected", "got": "got",
    },
    "de": {
        "title": "{title}: Rückmeldung", "heading": "{title}: Rückmeldung für {who}", "score": "Ergebnis: {score}",
        "points": "{score} von {max} {max:Punkt|Punkten}",
        "late_penalty": " (verspätet abgegeben: {penalty} % von den {before} Punkten der Prüfungen abgezogen)",
        "late": " (verspätet abgegeben)", "hidden check": "verdeckte Prüfung", "public check": "offene Prüfung",
        "check_points": "{points} {points:Punkt|Punkte}", "passed": "bestanden", "failed": "nicht bestanden",
        "hint": "Tipp: {hint}",
        "hidden_note": "Verdeckte Prüfungen nehmen neue Eingaben derselben Art wie die offenen: ihre Eingaben und "
                       "Antworten bleiben verborgen, gezeigt wird nur, woran sie scheiterten, und ein Tipp.",
        "checks_passed": "{passed} von {total} Prüfungen bestanden", "none_passed": "Keine Prüfung bestanden.",
        "failed_list": "Nicht bestanden: {names}.", "hidden_mark": "{name} (verdeckt)", "more": "und {count} weitere",
        "wrong answer": "falsche Antwort", "input": "Eingabe", "expected": "erwartet", "got": "erhalten",
    },
    "es": {
        "title": "{title}: comentarios", "heading": "{title}: comentarios para {who}", "score": "Nota: {score}",
        "points": "{score} de {max} {max:punto|puntos}",
        "late_penalty": " (entregado con retraso: se restó el {penalty} % a los {before} puntos de las pruebas)",
        "late": " (entregado con retraso)", "hidden check": "prueba oculta", "public check": "prueba a la vista",
        "check_points": "{points} {points:punto|puntos}", "passed": "superada", "failed": "no superada",
        "hint": "Pista: {hint}",
        "hidden_note": "Las pruebas ocultas usan entradas nuevas del mismo tipo que las que están a la vista: sus "
                       "entradas y respuestas no se muestran, solo cómo fallaron y una pista.",
        "checks_passed": "{passed} de {total} pruebas superadas", "none_passed": "Ninguna prueba superada.",
        "failed_list": "No superadas: {names}.", "hidden_mark": "{name} (oculta)", "more": "y {count} más",
        "wrong answer": "respuesta incorrecta", "input": "entrada", "expected": "esperado", "got": "obtenido",
    },
    "bg": {
        "title": "{title}: обратна връзка", "heading": "{title}: обратна връзка за {who}",
        "score": "Резултат: {score}", "points": "{score} от {max} {max:точка|точки}",
        "late_penalty": " (предадено със закъснение: {penalty}% са отнети от {before}-те точки на проверките)",
        "late": " (предадено със закъснение)", "hidden check": "скрита проверка", "public check": "открита проверка",
        "check_points": "{points} {points:точка|точки}", "passed": "успешна", "failed": "неуспешна",
        "hint": "Подсказка: {hint}",
        "hidden_note": "Скритите проверки ползват нови входни данни от същия вид като откритите: входните им данни "
                       "и отговорите не се показват, а само как са се провалили и подсказка.",
        "checks_passed": "{passed} от {total} проверки са успешни",
        "none_passed": "Нито една проверка не е успешна.",
        "failed_list": "Неуспешни: {names}.", "hidden_mark": "{name} (скрита)", "more": "и още {count}",
        "wrong answer": "грешен отговор", "input": "вход", "expected": "очаквано", "got": "получено",
    },
}

# The grader's fixed sentences (graders.scoring, graders_instructor.grading.platforms), with German, Spanish, Bulgarian.
SENTENCES: dict[str, tuple[str, str, str]] = {
    "wrong type: the answer must be {returns}": (
        "falscher Typ: die Antwort muss {returns} sein", "tipo incorrecto: la respuesta debe ser {returns}",
        "грешен тип: отговорът трябва да бъде {returns}"),
    "error: the call raised an exception, or its answer could not be read": (
        "Fehler: der Aufruf hat eine Ausnahme ausgelöst, oder seine Antwort war nicht lesbar",
        "error: la llamada lanzó una excepción, o su respuesta no se pudo leer",
        "грешка: извикването предизвика изключение или отговорът му не можа да бъде прочетен"),
    "timeout: the check did not finish in time (an endless loop?)": (
        "Zeitüberschreitung: die Prüfung wurde nicht rechtzeitig fertig (eine Endlosschleife?)",
        "tiempo agotado: la prueba no terminó a tiempo (¿un bucle infinito?)",
        "изтекло време: проверката не завърши навреме (безкраен цикъл?)"),
    "the kernel died (os._exit, a crash, or a resource limit)": (
        "der Kernel ist beendet worden (os._exit, ein Absturz oder eine Ressourcengrenze)",
        "el kernel se detuvo (os._exit, un fallo o un límite de recursos)",
        "ядрото спря (os._exit, срив или ограничение на ресурсите)"),
    "`{name}` is not defined in the notebook as a function": (
        "`{name}` ist im Notebook nicht als Funktion definiert",
        "`{name}` no está definida en el cuaderno como función", "`{name}` не е дефинирана в тетрадката като функция"),
    "`{name}` is not defined in the notebook": (
        "`{name}` ist im Notebook nicht definiert", "`{name}` no está definida en el cuaderno",
        "`{name}` не е дефинирана в тетрадката"),
    "`{name}` is not a function": (
        "`{name}` ist keine Funktion", "`{name}` no es una función", "`{name}` не е функция"),
    "wrong type: the answer must be {returns}, got {got}": (
        "falscher Typ: die Antwort muss {returns} sein, erhalten: {got}",
        "tipo incorrecto: la respuesta debe ser {returns}, se obtuvo {got}",
        "грешен тип: отговорът трябва да бъде {returns}, получено: {got}"),
    "code cell {number} raised {error}": (
        "Codezelle {number} hat eine Ausnahme ausgelöst: {error}", "la celda de código {number} lanzó {error}",
        "кодовата клетка {number} предизвика {error}"),
    "timeout: code cell {number} was still running after the time limit of {limit} (an endless loop?); "
    "no check could run": (
        "Zeitüberschreitung: Codezelle {number} lief nach der Zeitgrenze von {limit} noch (eine Endlosschleife?); "
        "keine Prüfung konnte laufen",
        "tiempo agotado: la celda de código {number} seguía ejecutándose tras el límite de {limit} (¿un bucle "
        "infinito?); no se pudo ejecutar ninguna prueba",
        "изтекло време: кодовата клетка {number} още работеше след ограничението от {limit} (безкраен цикъл?); "
        "не можа да се изпълни нито една проверка"),
    "raised {error}": ("hat eine Ausnahme ausgelöst: {error}", "lanzó {error}", "предизвика {error}"),
    "not run: the grader could not grade this submission": (
        "nicht gelaufen: der Bewerter konnte diese Abgabe nicht bewerten",
        "no ejecutada: el corrector no pudo calificar esta entrega",
        "неизпълнена: проверяващият не можа да оцени това предаване"),
    "not run: the grader could not read the report": (
        "nicht gelaufen: der Bewerter konnte den Bericht nicht lesen",
        "no ejecutada: el corrector no pudo leer el informe", "неизпълнена: проверяващият не можа да прочете отчета"),
    "no answer came back from the notebook": (
        "vom Notebook kam keine Antwort zurück", "el cuaderno no devolvió ninguna respuesta",
        "от тетрадката не дойде отговор"),
    "the answer could not be read": (
        "die Antwort war nicht lesbar", "la respuesta no se pudo leer", "отговорът не можа да бъде прочетен"),
    "the answer could not be read ({error})": (
        "die Antwort war nicht lesbar ({error})", "la respuesta no se pudo leer ({error})",
        "отговорът не можа да бъде прочетен ({error})"),
    "the answer is too large": (
        "die Antwort ist zu groß", "la respuesta es demasiado grande", "отговорът е твърде голям"),
    "the check could not run in the notebook's kernel ({error})": (
        "die Prüfung konnte im Kernel des Notebooks nicht laufen ({error})",
        "la prueba no pudo ejecutarse en el kernel del cuaderno ({error})",
        "проверката не можа да се изпълни в ядрото на тетрадката ({error})"),
    "the check could not run: the kernel sent something unreadable (out of memory?)": (
        "die Prüfung konnte nicht laufen: der Kernel sandte Unlesbares (kein Speicher mehr?)",
        "la prueba no pudo ejecutarse: el kernel envió algo ilegible (¿sin memoria?)",
        "проверката не можа да се изпълни: ядрото изпрати нещо нечетимо (свърши паметта?)"),
    "the kernel died in code cell {number} (os._exit, a crash, or a resource limit such as memory or CPU time); "
    "no check could run": (
        "der Kernel ist in Codezelle {number} beendet worden (os._exit, ein Absturz oder eine Ressourcengrenze wie "
        "Speicher oder CPU-Zeit); keine Prüfung konnte laufen",
        "el kernel se detuvo en la celda de código {number} (os._exit, un fallo o un límite de recursos como la "
        "memoria o el tiempo de CPU); no se pudo ejecutar ninguna prueba",
        "ядрото спря в кодовата клетка {number} (os._exit, срив или ограничение на ресурсите като памет или "
        "процесорно време); не можа да се изпълни нито една проверка"),
    "the kernel sent something unreadable while running code cell {number} (out of memory?); no check could run": (
        "der Kernel sandte Unlesbares, während Codezelle {number} lief (kein Speicher mehr?); keine Prüfung konnte "
        "laufen",
        "el kernel envió algo ilegible mientras se ejecutaba la celda de código {number} (¿sin memoria?); no se pudo "
        "ejecutar ninguna prueba",
        "ядрото изпрати нещо нечетимо, докато се изпълняваше кодовата клетка {number} (свърши паметта?); не можа да "
        "се изпълни нито една проверка"),
    "no notebook: only a Python file was submitted ({files}); submit {notebook}": (
        "kein Notebook: nur eine Python-Datei wurde abgegeben ({files}); gib {notebook} ab",
        "sin cuaderno: solo se entregó un archivo de Python ({files}); entrega {notebook}",
        "няма тетрадка: предаден е само файл на Python ({files}); предайте {notebook}"),
    "no notebook: nothing the grader can read was submitted ({files}); submit {notebook}": (
        "kein Notebook: nichts Lesbares wurde abgegeben ({files}); gib {notebook} ab",
        "sin cuaderno: no se entregó nada que el corrector pueda leer ({files}); entrega {notebook}",
        "няма тетрадка: не е предадено нищо, което проверяващият да може да прочете ({files}); предайте {notebook}"),
    "no notebook: nothing was submitted; submit {notebook}": (
        "kein Notebook: nichts wurde abgegeben; gib {notebook} ab",
        "sin cuaderno: no se entregó nada; entrega {notebook}",
        "няма тетрадка: нищо не е предадено; предайте {notebook}"),
}
# graders.values.type_problem's phrases ("a list", "a tuple holding a str", "a tuple of 2 items"), per language
TYPE_PHRASES: dict[str, tuple[str, str, str, str]] = {  # a type, holding, of n items, an object of a type
    "de": ("Typ {name}", "Typ {name}, darin {inner}", "Typ tuple mit {count} {count:Element|Elementen}",
           "ein Objekt vom Typ {name}"),
    "es": ("tipo {name}", "tipo {name} que contiene {inner}", "tipo tuple de {count} {count:elemento|elementos}",
           "un objeto de tipo {name}"),
    "bg": ("тип {name}", "тип {name}, съдържащ {inner}", "тип tuple с {count} {count:елемент|елемента}",
           "обект от тип {name}"),
}
LABEL = re.compile(r"^  (input|expected|got):\s+(.*)$")  # graders.scoring's aligned wrong-answer lines


def word(lang: str, key: str, **values: object) -> str:
    """One of WORDS in the language, its placeholders filled (a counted word as "{n:one|other}")."""
    return fill_in(WORDS[lang][key], lang, **values)


def type_phrase(text: str, lang: str) -> str:
    """graders.values.type_problem's phrase in the language (as it was when it is not one)."""
    if lang == "en":
        return text
    plain, holding, items, foreign = TYPE_PHRASES[lang]
    if match := re.fullmatch(r"an object of type (.+)", text):
        return fill_in(foreign, lang, name=match.group(1))
    if match := re.fullmatch(r"a tuple of (\d+) items", text):
        return fill_in(items, lang, count=int(match.group(1)))
    if match := re.fullmatch(r"an? (\w+) holding (.+)", text):
        return fill_in(holding, lang, name=match.group(1), inner=type_phrase(match.group(2), lang))
    if match := re.fullmatch(r"an? (\w+)", text):
        return fill_in(plain, lang, name=match.group(1))
    return text


def fill_in(template: str, lang: str, **values: object) -> str:
    """A template's placeholders filled, a counted word ("{n:one|other}") in the form that goes with n."""

    def fill(match: re.Match[str]) -> str:
        value, forms = values[match.group(1)], match.group(2)
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if forms is None:
            return f"{value:g}" if isinstance(value, float) else str(value)
        return plural(lang, value, forms.split("|"))

    return re.sub(r"\{(\w+)(?::([^}]*))?\}", fill, template)


@cache
def pattern(template: str) -> re.Pattern[str]:
    """A regular expression matching one whole line the English template writes."""
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(part) if index % 2 == 0 else f"(?P<{part}>.+?)"
                              for index, part in enumerate(parts)) + r"$")


def sentence(line: str, lang: str) -> str:
    """A line of a verdict or a note in the language when it is one of the grader's fixed sentences."""
    if lang == "en":
        return line
    column = LANGUAGES.index(lang) - 1
    for english, translated in sorted(SENTENCES.items(), key=lambda item: -len(item[0])):  # the longest first
        match = pattern(english).match(line)
        if match:
            found = match.groupdict()
            if "got" in found:
                found["got"] = type_phrase(found["got"], lang)
            return translated[column].format(**found)
    for key in ("checks_passed",):
        match = pattern(WORDS["en"][key]).match(line)
        if match:
            return word(lang, key, **match.groupdict())
    return WORDS[lang]["wrong answer"] if line == "wrong answer" else line


def verdict(text: str, lang: str) -> str:
    """A verdict (or a run's summary) in the language: its fixed sentences, and the aligned labels realigned."""
    lines = [sentence(line, lang) for line in text.split("\n")]
    labels = [LABEL.match(line) for line in lines]
    width = max((len(WORDS[lang][match.group(1)]) for match in labels if match), default=0) + 2
    return "\n".join(f"  {(WORDS[lang][match.group(1)] + ':').ljust(width)}{match.group(2)}" if match else line
                     for line, match in zip(lines, labels, strict=True))
