"""Write reference.ipynb and wrong/*.ipynb for Battle from one text, solution.py beside this script.

Each known-wrong solution is the reference with one realistic mistake, named after it; the
script stops if a mistake no longer applies. Run it after changing solution.py.
"""

from __future__ import annotations

from pathlib import Path

import nbformat

from lessons import nbfile

HERE = Path(__file__).resolve().parent

SIMULTANEOUS = """        to_a, to_b = damage_to(b, a), damage_to(a, b)
        take(a, wounds_a, to_a)
        take(b, wounds_b, to_b)
"""
SHARE = "Fraction(power * enemy[j] * PERCENT[k][j], targets * 100)"

# name -> (what is wrong, [(the reference's text, the wrong text), ...])
WRONG: dict[str, tuple[str, list[tuple[str, str]]]] = {
    "sequential-resolution": (
        "A fires and B loses its ships before B fires back: the first mover's edge.",
        [(SIMULTANEOUS, "        take(b, wounds_b, damage_to(a, b))\n        take(a, wounds_a, damage_to(b, a))\n")]),
    "floats-drift": (
        "The damage is added up in floats, so a sum that should be a whole ship can fall just short.",
        [("damage = [Fraction(0)] * 4", "damage = [0.0] * 4"),
         (SHARE, "power * enemy[j] * PERCENT[k][j] / (targets * 100)")]),
    "wounds-dropped": (
        "Damage that is not enough for a whole ship is forgotten at the end of each round.",
        [("wounds[j] = total - dead * HP[j] if fleet[j] else Fraction(0)", "wounds[j] = Fraction(0)")]),
    "roles-inverted": (
        "The percent table is read the wrong way round (column fires at row): the roles are swapped.",
        [("PERCENT[k][j], targets * 100", "PERCENT[j][k], targets * 100")]),
    "fire-not-split": (
        "Every gun fires its whole attack at every enemy kind instead of splitting it by their numbers.",
        [(SHARE, "Fraction(power * PERCENT[k][j], 100) if enemy[j] else Fraction(0)")]),
    "fire-split-evenly-by-kind": (
        "A gun's attack is split evenly over the enemy kinds present, not by how many ships each has.",
        [(SHARE, "Fraction(power * PERCENT[k][j], 100 * sum(1 for n in enemy if n)) if enemy[j] else Fraction(0)")]),
    "damage-applied-per-gun": (
        "Each kind of gun's damage is applied before the next gun's is added, so later guns aim at fewer ships.",
        [(SIMULTANEOUS, """        start_a, start_b = list(a), list(b)
        for k in range(4):
            gun_a = [start_a[i] if i == k else 0 for i in range(4)]
            gun_b = [start_b[i] if i == k else 0 for i in range(4)]
            to_a, to_b = damage_to(gun_b, a), damage_to(gun_a, b)
            take(a, wounds_a, to_a)
            take(b, wounds_b, to_b)
""")]),
    "kills-rounded": (
        "The ships killed are rounded to the nearest whole number instead of rounded down.",
        [("dead = min(fleet[j], total // HP[j])", "dead = min(fleet[j], round(total / HP[j]))")]),
    "one-round-short": (
        "The duel fights one round fewer than asked.",
        [("    for _ in range(rounds):\n        to_a", "    for _ in range(rounds - 1):\n        to_a")]),
    "returns-tuples": (
        "The ships left come back as tuples, not lists: the contract's types are exact.",
        [("    return [int(n) for n in a], [int(n) for n in b]\n\n\ndef winner",
          "    return tuple(a), tuple(b)\n\n\ndef winner")]),
}


def notebook(title: str, text: str) -> nbformat.NotebookNode:
    """A notebook of one markdown cell and one code cell."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(title), nbformat.v4.new_code_cell(text.rstrip("\n"))]
    for i, cell in enumerate(nb.cells):
        cell.id = f"cell-{i}"
    return nbfile.with_kernel_metadata(nb)


def main() -> None:
    """Write the reference and every wrong solution."""
    reference = (HERE / "solution.py").read_text(encoding="utf-8")
    nbfile.store(notebook("# Battle: the reference solution", reference), HERE / "reference.ipynb")
    (HERE / "wrong").mkdir(exist_ok=True)
    for name, (why, changes) in WRONG.items():
        text = reference
        for old, new in changes:
            if text.count(old) != 1:
                raise SystemExit(f"{name}: {old!r} is not in solution.py exactly once")
            text = text.replace(old, new)
        nbfile.store(notebook(f"# Wrong: {name}\n\n{why}", text), HERE / "wrong" / f"{name}.ipynb")


if __name__ == "__main__":
    main()
