"""El kit en español: cada botón, etiqueta, ayuda emergente y veredicto que muestran los widgets de las lecciones."""

TEXTS = {
    # veredictos de cada tipo de pregunta
    "right": "¡Correcto!",
    "not_quite": "Todavía no.",
    "pick_option": "Elige primero una de las opciones.",
    "pick_output": "Elige primero una de las salidas.",
    "predict_question": "¿Qué imprime el programa?",
    "click_line": "Haz clic en la línea que crees culpable.",
    "bug_right": "¡Correcto: es la línea {line}! {explanation} Con la línea original, el programa imprime: {output}",
    "bug_wrong": "Esta no: la línea {line} está tal cual en la función {name} del juego. {note} Busca la línea "
                 "que ha cambiado.",
    "gap_first": "Escribe primero lo que falta en el hueco.",
    "gap_wrong": "Todavía no: para {case}, la tuya responde {got} y la función {name} del juego responde {want}.",
    "does_not_run": "Así no se puede ejecutar: {error}",
    # botones y lo que muestra una página sin núcleo
    "check": "Comprobar",
    "check_option_tip": "Comprueba la opción que has elegido",
    "check_gap_tip": "Ejecuta tu versión con los casos y compárala con la del juego",
    "run_it": "Ejecutar",
    "run_it_tip": "Después de comprobar: ejecuta el código y mira lo que imprime",
    "it_prints": "Imprime:",
    "line_tip": "Línea {n}: ¿es esta la culpable?",
    "quiz_later": "Pregunta: {title} (ejecuta el cuaderno para responder)",
    "run_to_answer": "Ejecuta el cuaderno desde el principio para responder aquí.",
    # pistas, una o por niveles
    "hint": "Pista",
    "hint_tier": "Pista {number} de {count}",
    "hint_first": "Pista (1 de {count})",
    "hint_next": "Siguiente pista ({number} de {count})",
    "hint_none": "No quedan más pistas",
    "hint_tip": "Muestra una pista (cuenta en tu progreso)",
    # un conjunto de preguntas
    "your_score": "Tu puntuación",
    "question_of": "Pregunta {number} de {count}",
    "question": "Pregunta {number}",
    "score": "{title}: {right} de {count} bien",
    "answered": "({answered} {answered:respondida|respondidas})",
    "questions_later": "{count} {count:pregunta|preguntas} (ejecuta el cuaderno para responder)",
    # tareas: escribir una función
    "not_a_function": "{name} todavía no es una función: defínela con def {name}(...): en la celda de arriba.",
    "all_cases": "¡Correcto! La tuya se comporta como {whose} en {count} de {count} {count:caso|casos}.",
    "never_stops": "Para {case}, la tuya no termina nunca: tras {steps} pasos seguía en marcha, así que algún "
                   "bucle no llega a su fin.{printed}",
    "stops_with": "Para {case}, la tuya se detiene con {error}.{printed}",
    "gives": "Para {case}, la tuya da {got} y {whose} da {want}.{printed}",
    "it_printed": " (imprimió {text})",
    "whose_owner": "la función {name} del {owner}",
    "whose_expected": "la función {name} esperada",
    "owner_game": "juego",
    "owner_puzzle": "rompecabezas",
    "not_tried": "Aún sin intentar: escribe {name} en la celda de arriba (en lugar de los ...), ejecuta esa celda "
                 "y después esta comprobación.",
    "task_head": "Te toca: escribe {name}",
    "task_how": "Escríbela en la celda siguiente, ejecútala y luego ejecuta la celda de comprobación.",
    "task_title": "escribir {name}",
    "last_checked": "La última vez que comprobaste: {message}",
    # problemas de Parsons
    "parsons_title": "Ordena las líneas de {name}",
    "parsons_lines": "Las líneas, desordenadas (alguna sobra):",
    "parsons_how": "Arrastra cada línea a su sitio (suéltala más a la derecha para sangrarla, más a la izquierda "
                   "para quitarle sangría) o usa los botones de cada fila: subir o bajar la línea, quitarle o "
                   "añadirle sangría, o dejarla fuera (si sobra). Con Tab llegas a todos los botones; Intro o la "
                   "barra espaciadora los pulsan.",
    "parsons_check_tip": "Ejecuta tu orden con los casos y compáralo con la función del juego",
    "start_again": "Empezar de nuevo",
    "start_again_tip": "Volver a las líneas desordenadas",
    "move_up": "Subir",
    "move_down": "Bajar",
    "indent_less": "Un nivel menos de sangría",
    "indent_more": "Un nivel más de sangría",
    "leave_out": "Dejar fuera",
    "use_again": "Volver a usar",
    "leave_out_tip": "Deja fuera esta línea (o vuelve a usarla): {line}",
    "all_left_out": "Usa primero alguna línea: ahora todas están fuera.",
    "cannot_read": "Python todavía no puede leerlo: línea {line}: {message}. Revisa el orden y la sangría (la "
                   "línea que sigue a dos puntos va un nivel más adentro).",
    "defining_fails": "Al definirla falla: {error}",
    "first_line_def": "La primera línea debe empezar la función: def {name}(...).",
    # progreso
    "progress_static": "<p><b>Tu progreso</b>: lo que ya has hecho en esta lección aparece aquí cuando se ejecuta el "
                       "cuaderno. Se guarda fuera del cuaderno: en tu carpeta de datos de usuario o, en el sitio en "
                       "línea, en el almacenamiento de tu navegador.</p>",
    "progress_later": "Tu progreso (ejecuta el cuaderno para verlo)",
    "still_to_do": "Te falta: {parts}.",
    "progress_lesson": "<b>Tu progreso en esta lección:</b> <span class=\"cosmos-done\">{right} de {known}</span> "
                       "partes bien hechas ({tried} {tried:intentada|intentadas}, {hints} {hints:pista "
                       "abierta|pistas abiertas} hasta ahora). <small>Se guarda en {where}, no en el cuaderno; "
                       "<code>progress()</code> muestra el curso entero.</small>",
    "reset_lesson": "Reiniciar esta lección",
    "reset_lesson_tip": "Olvida tus respuestas de esta lección (pulsa dos veces para confirmar)",
    "press_again": "Pulsa otra vez para olvidarlas",
    # el progreso del curso entero
    "course_title": "Tu progreso en el curso",
    "course_later": "<p><b>Tu progreso en el curso</b> (ejecuta la celda para verlo)</p>",
    "reset_course": "Reiniciar todo el curso",
    "reset_course_tip": "Olvida todas las respuestas y notas (pulsa dos veces para confirmar)",
    "press_again_all": "Pulsa otra vez para olvidarlo todo",
    "not_started": "{lesson}: sin empezar",
    "lesson_line": "{lesson}: {right} de {known} partes bien hechas, {tried} {tried:intentada|intentadas}, "
                   "{hints} {hints:pista abierta|pistas abiertas}",
    "exercise_line": "ejercicio {name}: última autocomprobación {score}/{max_score}",
}
