"""JSON Schemas of exercise.json and hidden.json (FORMAT.md), and a small validator for them.

`python -m graders_instructor.authoring.schemas` writes graders_instructor/authoring/schema/exercise.schema.json and
hidden.schema.json from the dictionaries below, for editors to use; `problems` checks a document against them
with every error at once.
The loader (graders.exercise) checks more than a schema can say (a check's call names a contract entry, its
answer has the declared type); the schema is the shape, for editors and for `validate`'s list of what is missing.
"""

from __future__ import annotations

import json
import re
import sys
from importlib import resources
from pathlib import Path

HERE = Path(str(resources.files("graders_instructor.authoring") / "schema"))  # package data of the wheel, too
DIALECT = "https://json-schema.org/draft/2020-12/schema"
POSITIVE = {"type": "number", "exclusiveMinimum": 0}
CHECK = {
    "type": "object",
    "description": "one call with a known right answer (or several)",
    "required": ["name", "call"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "minLength": 1, "description": "what the student reads, unique in the exercise"},
        "call": {"type": "string", "pattern": r"^[A-Za-z_][A-Za-z0-9_]*$", "description": "a name of the contract"},
        "args": {"type": "array", "description": "a function's arguments, or a class's constructor arguments"},
        "stdin": {"type": "string", "description": "a program's standard input"},
        "script": {
            "type": "array", "minItems": 1, "description": "a class: steps [method, [args]] on one instance",
            "items": {"type": "array", "minItems": 2, "maxItems": 2,
                      "prefixItems": [{"type": "string"}, {"type": "array"}]},
        },
        "expect": {"description": "the right answer, as JSON (a tuple as a list)"},
        "expect_any": {"type": "array", "minItems": 1, "description": "every acceptable answer"},
        "points": POSITIVE,
        "compare": {"enum": ["exact", "lines"]},
        "tolerance": {"type": "number", "minimum": 0},
        "hint": {"type": "string", "description": "shown when the check fails; never the input or the answer"},
    },
    "oneOf": [{"required": ["expect"]}, {"required": ["expect_any"]}],
}
CONTRACT = {
    "type": "object",
    "required": ["kind"],
    "additionalProperties": False,
    "properties": {
        "kind": {"enum": ["function", "program", "class"]},
        "params": {"type": "array", "items": {"type": "string"}},
        "returns": {"type": "string", "minLength": 1, "description": "int, str, list[int], tuple[int, bool], ..."},
        "methods": {"type": "array", "minItems": 1, "items": {"type": "string"}},
    },
}
EXERCISE = {
    "$schema": DIALECT,
    "$id": "exercise.schema.json",
    "title": "exercise.json: an exercise's public side (graders/FORMAT.md)",
    "type": "object",
    "required": ["format", "title", "notebook", "contract", "checks"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": 1},
        "title": {"type": "string", "minLength": 1},
        "notebook": {"type": "string", "pattern": r"^[^/\\]+\.ipynb$"},
        "limits": {
            "type": "object", "additionalProperties": False,
            "properties": {"timeout": POSITIVE, "check_timeout": POSITIVE, "memory_mb": POSITIVE},
        },
        "contract": {
            "type": "object", "minProperties": 1,
            "propertyNames": {"pattern": r"^[A-Za-z_][A-Za-z0-9_]*$"},
            "additionalProperties": {"$ref": "#/$defs/contract"},
        },
        "checks": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/check"}},
    },
    "$defs": {"contract": CONTRACT, "check": CHECK},
}
HIDDEN = {
    "$schema": DIALECT,
    "$id": "hidden.schema.json",
    "title": "hidden.json: an exercise's hidden checks (graders/FORMAT.md)",
    "type": "object",
    "required": ["format", "checks"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": 1},
        "checks": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/check"}},
    },
    "$defs": {"check": CHECK},
}
SCHEMAS = {"exercise.schema.json": EXERCISE, "hidden.schema.json": HIDDEN}
TYPES = {
    "object": dict, "array": list, "string": str, "boolean": bool, "null": type(None),
}  # fmt: skip


def is_type(value: object, name: str) -> bool:
    """Whether value is of the JSON type name (a bool is no number)."""
    if name in ("number", "integer"):
        if type(value) is int or type(value) is float:
            return name == "number" or float(value).is_integer()
        return False
    return isinstance(value, TYPES[name])


def problems(value: object, schema: dict, root: dict | None = None, where: str = "") -> list[str]:
    """Every way value breaks the schema, as "path: what" (the keywords the schemas above use)."""
    root = root if root is not None else schema
    if "$ref" in schema:
        target = root
        for part in schema["$ref"].removeprefix("#/").split("/"):
            target = target[part]
        return problems(value, target, root, where)
    at = where or "(top)"
    if "const" in schema and value != schema["const"]:
        return [f"{at}: must be {json.dumps(schema['const'])}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{at}: must be one of {', '.join(json.dumps(v) for v in schema['enum'])}"]
    if "type" in schema and not is_type(value, schema["type"]):
        return [f"{at}: must be {'an' if schema['type'][0] in 'aeiou' else 'a'} {schema['type']}"]
    found = scalar_problems(value, schema, at)
    if isinstance(value, list):
        found += list_problems(value, schema, root, where)
    if isinstance(value, dict):
        found += object_problems(value, schema, root, where)
    if "oneOf" in schema:
        fits = [not problems(value, option, root, where) for option in schema["oneOf"]]
        if sum(fits) != 1:
            keys = " or ".join(json.dumps(option.get("required", ["?"])[0]) for option in schema["oneOf"])
            found.append(f"{at}: give exactly one of {keys}")
    return found


def scalar_problems(value: object, schema: dict, at: str) -> list[str]:
    """A string's or a number's problems: its length and pattern, its minimum."""
    found: list[str] = []
    if isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            found.append(f"{at}: must not be empty")
        if "pattern" in schema and not re.search(schema["pattern"], value):
            found.append(f"{at}: {json.dumps(value)} does not match {schema['pattern']}")
    if isinstance(value, int | float) and type(value) is not bool:
        if "minimum" in schema and value < schema["minimum"]:
            found.append(f"{at}: must be at least {schema['minimum']}")
        if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
            found.append(f"{at}: must be more than {schema['exclusiveMinimum']}")
    return found


def list_problems(value: list, schema: dict, root: dict, where: str) -> list[str]:
    """An array's problems: its length, its first items, every item."""
    at = where or "(top)"
    found = []
    if len(value) < schema.get("minItems", 0):
        found.append(f"{at}: needs at least {schema['minItems']} item(s)")
    if len(value) > schema.get("maxItems", len(value)):
        found.append(f"{at}: has at most {schema['maxItems']} item(s)")
    prefix = schema.get("prefixItems", [])
    for index, item in enumerate(value):
        if index < len(prefix):
            found += problems(item, prefix[index], root, f"{where}[{index}]")
        elif "items" in schema:
            found += problems(item, schema["items"], root, f"{where}[{index}]")
    return found


def object_problems(value: dict, schema: dict, root: dict, where: str) -> list[str]:
    """An object's problems: required and unknown keys, every value."""
    at = where or "(top)"
    found = [f"{at}: {json.dumps(key)} is missing" for key in schema.get("required", []) if key not in value]
    if len(value) < schema.get("minProperties", 0):
        found.append(f"{at}: needs at least {schema['minProperties']} entry")
    properties = schema.get("properties", {})
    extra = schema.get("additionalProperties", True)
    for key, item in value.items():
        path = f"{where}.{key}" if where else key
        if "propertyNames" in schema:
            found += problems(key, schema["propertyNames"], root, f"{path} (the name)")
        if key in properties:
            found += problems(item, properties[key], root, path)
        elif extra is False:
            found.append(f"{at}: unknown key {json.dumps(key)} (allowed: {', '.join(sorted(properties))})")
        elif isinstance(extra, dict):
            found += problems(item, extra, root, path)
    return found


def write(folder: Path = HERE) -> list[Path]:
    """Write the schema files (what editors read)."""
    written = []
    for name, schema in SCHEMAS.items():
        path = folder / name
        path.write_text(json.dumps(schema, indent=1) + "\n", encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    print("\n".join(str(path) for path in write()))
    sys.exit(0)
