"""The kit's English: every button, label, tooltip and verdict the lessons' widgets show."""

TEXTS = {
    # verdicts of every kind of question
    "right": "Right.",
    "not_quite": "Not quite.",
    "pick_option": "Pick one of the options first.",
    "pick_output": "Pick one of the outputs first.",
    "predict_question": "What does the program print?",
    "click_line": "Click the line you think is guilty.",
    "bug_right": "Right: line {line}. {explanation} With the real line the program prints: {output}",
    "bug_wrong": "Not this one: line {line} is exactly as in the game's real {name}. {note} Look for the line "
                 "that changed.",
    "gap_first": "Type what belongs in the gap first.",
    "gap_wrong": "Not quite: for {case} yours answers {got}, the game's {name} answers {want}.",
    "does_not_run": "That does not run: {error}",
    # buttons and what a page without a kernel shows
    "check": "Check",
    "check_option_tip": "Judge the option you picked",
    "check_gap_tip": "Run your version on the cases and compare it with the game's",
    "run_it": "Run it",
    "run_it_tip": "After checking: run the code and see what it prints",
    "it_prints": "It prints:",
    "line_tip": "Line {n}: is this the guilty one?",
    "quiz_later": "Quiz: {title} (run the notebook to answer)",
    "run_to_answer": "Run the notebook from the top to answer here.",
    # hints, one or several tiers
    "hint": "Hint",
    "hint_tier": "Hint {number} of {count}",
    "hint_first": "Hint (1 of {count})",
    "hint_next": "Next hint ({number} of {count})",
    "hint_none": "No more hints",
    "hint_tip": "Show a hint (it is counted in your progress)",
    # a set of questions
    "your_score": "Your score",
    "question_of": "Question {number} of {count}",
    "question": "Question {number}",
    "score": "{title}: {right} of {count} right",
    "answered": "({answered} answered)",
    "questions_later": "{count} {count:question|questions} (run the notebook to answer)",
    # tasks: write a function
    "not_a_function": "{name} is not a function yet: define it with def {name}(...): in the cell above.",
    "all_cases": "Right: yours behaves like {whose} on all {count} cases.",
    "never_stops": "For {case} yours never stops: after {steps} steps it was still running, so some loop never "
                   "reaches its end.{printed}",
    "stops_with": "For {case} yours stops with {error}.{printed}",
    "gives": "For {case} yours gives {got}, {whose} gives {want}.{printed}",
    "it_printed": " (it printed {text})",
    "whose_owner": "the {owner}'s {name}",
    "whose_expected": "the expected {name}",
    "owner_game": "game",
    "owner_puzzle": "puzzle",
    "not_tried": "Not tried yet: write {name} in the cell above (in place of the ...), run that cell, then run "
                 "this check.",
    "task_head": "Your turn: write {name}",
    "task_how": "Write it in the next cell, run it, then run the check cell after it.",
    "task_title": "write {name}",
    "last_checked": "Last time you checked: {message}",
    # Parsons problems
    "parsons_title": "Put the lines of {name} in order",
    "parsons_lines": "The lines, shuffled (some do not belong):",
    "parsons_how": "Drag a line to its place (drop it further right to indent it, further left to indent it "
                   "less), or use each row's buttons: move the line up or down, indent it less or more, or leave "
                   "it out (it does not belong). Tab reaches every button; Enter or Space presses it.",
    "parsons_check_tip": "Run your arrangement on the cases and compare it with the game's",
    "start_again": "Start again",
    "start_again_tip": "Back to the shuffled lines",
    "move_up": "Move up",
    "move_down": "Move down",
    "indent_less": "Indent one step less",
    "indent_more": "Indent one step more",
    "leave_out": "Leave out",
    "use_again": "Use again",
    "leave_out_tip": "Leave this line out (or use it again): {line}",
    "all_left_out": "Use some lines first: every line is left out.",
    "cannot_read": "Python cannot read it yet: line {line}: {message}. Look at the order and the indentation (a "
                   "line after a colon goes one step in).",
    "defining_fails": "Defining it fails: {error}",
    "first_line_def": "The first line must start the function: def {name}(...).",
    # progress
    "progress_static": "<p><b>Your progress</b>: the parts of this lesson you have done show here once the notebook "
                       "runs. They are kept outside the notebook: in your user data folder, or in the online site in "
                       "your browser's storage.</p>",
    "progress_later": "Your progress (run the notebook to see it)",
    "still_to_do": "Still to do: {parts}.",
    "progress_lesson": "<b>Your progress in this lesson:</b> <span class=\"cosmos-done\">{right} of {known}</span> "
                       "parts done right ({tried} tried, {hints} {hints:hint|hints} opened so far). <small>Kept in "
                       "{where}, not in the notebook; <code>progress()</code> shows the whole course.</small>",
    "reset_lesson": "Reset this lesson",
    "reset_lesson_tip": "Forget your answers in this lesson (press twice to confirm)",
    "press_again": "Press again to forget",
}
TEXTS.update({
    # the whole course's progress
    "course_title": "Your progress in the course",
    "course_later": "<p><b>Your progress in the course</b> (run the cell to see it)</p>",
    "reset_course": "Reset the whole course",
    "reset_course_tip": "Forget every answer and score (press twice to confirm)",
    "press_again_all": "Press again to forget all",
    "not_started": "{lesson}: not started",
    "lesson_line": "{lesson}: {right} of {known} parts done right, {tried} tried, {hints} {hints:hint|hints} opened",
    "exercise_line": "exercise {name}: last self-check {score}/{max_score}",
})
