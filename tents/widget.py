"""A notebook widget to play a puzzle: a thin ipywidgets view over tents.play.Game."""
from __future__ import annotations

from html import escape

import ipywidgets as widgets

from tents.grid import Cell, Puzzle, cell_name
from tents.play import Button, Game, PlayerMark
from tents.render import data_url, icon_svg, img_html

# Each cell is a button; what it holds is drawn by a CSS class whose background is an SVG picture
# (the same drawings as tents.render), so no emoji font is needed.
CLASSES = {PlayerMark.EMPTY: "", PlayerMark.TENT: "tents-tent", PlayerMark.NO_TENT: "tents-no-tent"}
TREE_CLASS = "tents-tree"
CELL = widgets.Layout(width="2.4em", height="2.4em", padding="0", margin="0")
PLAIN, WRONG, HINTED = "#f4f9ee", "#ffb3b3", "#fff3a0"


def cell_style() -> str:
    """The style sheet that draws trees, tents and "no tent" marks on the cell buttons."""
    rules = [f".{name} {{ background-image: url('{data_url(icon_svg(kind))}') !important; "
             "background-size: 100% 100% !important; background-repeat: no-repeat !important; "
             "opacity: 1 !important; }"
             for name, kind in ((TREE_CLASS, "tree"), ("tents-tent", "tent"), ("tents-no-tent", "no-tent"))]
    return "<style>" + "\n".join(rules) + "</style>"


class PlayView(widgets.VBox):
    """The widgets for one game: a grid of cell buttons with the clues, a mode switch
    (tent / no tent, the source's two mouse buttons), Undo, Check and Hint, a status line, and
    the picture of the solution once every tent is placed."""

    def __init__(self, game: Game) -> None:
        self.game = game
        puzzle = game.puzzle
        self.mode = widgets.ToggleButtons(options=[("tent", Button.LEFT), ("no tent", Button.RIGHT)],
                                          description="click marks:")
        self.cells: dict[Cell, widgets.Button] = {}
        children: list[widgets.Widget] = []
        for row in range(puzzle.height):
            for col in range(puzzle.width):
                button = widgets.Button(description="", layout=CELL, tooltip=f"cell {cell_name((row, col))}")
                if (row, col) in puzzle.trees:
                    button.disabled = True
                    button.tooltip = f"a tree at {cell_name((row, col))}"
                    button.add_class(TREE_CLASS)
                else:
                    button.on_click(lambda _, cell=(row, col): self.click(cell))
                self.cells[(row, col)] = button
                children.append(button)
            children.append(widgets.Label(str(puzzle.row_clues[row]), layout=CELL))
        children += [widgets.Label(str(clue), layout=CELL) for clue in puzzle.col_clues]
        children.append(widgets.HTML(f"<b>{puzzle.total}</b>", layout=CELL))
        self.grid = widgets.GridBox(children, layout=widgets.Layout(
            grid_template_columns=f"repeat({puzzle.width + 1}, 2.4em)", grid_gap="2px"))
        self.undo_button = widgets.Button(description="Undo")
        self.check_button = widgets.Button(description="Check")
        self.hint_button = widgets.Button(description="Hint")
        self.undo_button.on_click(lambda _: self.undo())
        self.check_button.on_click(lambda _: self.check())
        self.hint_button.on_click(lambda _: self.hint())
        self.status = widgets.HTML()
        self.picture = widgets.HTML()
        super().__init__([widgets.HTML(cell_style()), self.mode, self.grid,
                          widgets.HBox([self.undo_button, self.check_button, self.hint_button]),
                          self.status, self.picture])
        self.add_class("tents-play")
        self.refresh()

    def click(self, cell: Cell) -> None:
        """A click on a cell, with the button the mode switch stands for."""
        self.game.click(cell, self.mode.value)
        self.refresh()

    def undo(self) -> None:
        """Take back the last mark."""
        self.refresh("Nothing to undo." if not self.game.undo() else "")

    def check(self) -> None:
        """Colour the wrong marks red and say how it stands."""
        result = self.game.check()
        self.refresh(result.message, wrong=result.errors)

    def hint(self) -> None:
        """Show the next hint and colour the cells it is about."""
        hint = self.game.hint()
        self.refresh(hint.text, hinted=hint.tents + hint.grass)

    def refresh(self, message: str = "", wrong: tuple[Cell, ...] = (), hinted: tuple[Cell, ...] = ()) -> None:
        """Redraw every cell, the status line and (once all tents are placed) the solution."""
        game = self.game
        for cell, button in self.cells.items():
            if cell in game.puzzle.trees:
                continue
            wanted = CLASSES[game.mark(cell)]
            for name in CLASSES.values():
                if name and name != wanted and name in button._dom_classes:
                    button.remove_class(name)
            if wanted and wanted not in button._dom_classes:
                button.add_class(wanted)
            button.disabled = game.revealed
            button.style.button_color = WRONG if cell in wrong else HINTED if cell in hinted else PLAIN
        if game.revealed:
            verdict = "Solved!" if game.solved else "Not quite: the wrong marks are red."
            self.status.value = f"All {game.puzzle.total} tents are placed. {verdict} The solution:"
            self.picture.value = img_html(game.svg(), "the solution")
        else:
            placed = len(game.tents)
            self.status.value = escape(message or f"{placed} of {game.puzzle.total} tents placed.")
            self.picture.value = ""

    def mark_class(self, cell: Cell) -> str:
        """The CSS class that draws a cell ("tents-tree", "tents-tent", "tents-no-tent" or "")."""
        if cell in self.game.puzzle.trees:
            return TREE_CLASS
        return next((name for name in CLASSES.values() if name and name in self.cells[cell]._dom_classes), "")

    def _repr_mimebundle_(self, **kwargs):
        """The widget, plus the grid as an <img> (shown without trust) for viewers that cannot run widgets."""
        bundle = super()._repr_mimebundle_(**kwargs)
        puzzle = self.game.puzzle
        bundle["text/plain"] = (f"Tents {puzzle.width}x{puzzle.height} with {puzzle.total} trees "
                                "(run the notebook to play)")
        bundle["text/html"] = (img_html(self.game.svg(), "the puzzle to play")
                               + "<p><i>Run the notebook to play here.</i></p>")
        return bundle


def play(puzzle: Puzzle | Game) -> PlayView:
    """A widget to play a puzzle (or to go on with a game) in a notebook."""
    return PlayView(puzzle if isinstance(puzzle, Game) else Game(puzzle))
