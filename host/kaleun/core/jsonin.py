"""JSON read from outside the program: finite numbers only, and nesting with a limit.

Python's `json` reads `1e999` as infinity and `NaN`/`Infinity` as numbers, and a file nested
a thousand levels deep ends in a RecursionError. Everything the program reads (script lines,
console input, saves and their journals, `figures.json`) goes through `loads`, which refuses
all of these with a `JsonInputError` saying what is wrong. No file I/O here: callers read the
text and name the file in their own messages.
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any

from kaleun.core.messages import N_, Msg

#: nesting a value may have unless the caller says otherwise (a game command needs about 4)
MAX_DEPTH = 32
#: the largest magnitude a number may have: what a float can hold (about 1.8e308)
FLOAT_MAX = sys.float_info.max


class JsonInputError(ValueError):
    """The text is not JSON this program accepts; str() says why, in words a player can read."""


class JsonSyntaxError(JsonInputError):
    """The text is not JSON at all (as opposed to JSON with a value refused)."""


#: what Python's JSON reader says is wrong, as it says it in English (the catalogues translate it)
_SYNTAX = (N_("Expecting value"), N_("Expecting ',' delimiter"), N_("Expecting ':' delimiter"),
           N_("Expecting property name enclosed in double quotes"), N_("Unterminated string starting"),
           N_("Invalid control character"), N_("Invalid \\escape"), N_("Invalid \\uXXXX escape"), N_("Extra data"),
           N_("Illegal trailing comma before end of array"), N_("Illegal trailing comma before end of object"))


def syntax_reason(said: str) -> Msg | str:
    """What Python's JSON reader said (`JSONDecodeError.msg`) in the table's language (its text for one not known)."""
    said = said.removesuffix(" at")
    return Msg(said) if said in _SYNTAX else said


def _short(text: str) -> str:
    return text if len(text) <= 24 else text[:12] + "..." + text[-6:]


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonInputError(too_large(text))
    return value


def too_large(text: str) -> Msg:
    """What a number beyond a float's range is told (`text` as written, shortened when long)."""
    return Msg("the number {number} is too large (numbers go up to about 1.8e308)", number=_short(text))


def _int(text: str) -> int:
    value = int(text)  # ValueError beyond Python's 4,300 digits
    if len(text) > 300 and abs(value) > FLOAT_MAX:
        raise JsonInputError(too_large(text))
    return value


def _constant(name: str) -> Any:
    raise JsonInputError(Msg("{name} is not a JSON number", name=name))


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise JsonInputError(Msg("the field '{name}' is given twice", name=_short(key)))
        obj[key] = value
    return obj


def loads(text: str | bytes, max_depth: int = MAX_DEPTH, unique_keys: bool = False) -> Any:
    """Parse one JSON value. Raises JsonInputError for bad JSON, NaN, Infinity, numbers beyond
    a float's range (also whole numbers), more than `max_depth` levels of nesting, and text
    with unpaired surrogate escapes; with `unique_keys` also for an object that names a key twice
    (JSON keeps the last silently: in a line a person typed, the first was meant as much)."""
    try:
        value = json.loads(text, parse_float=_float, parse_int=_int, parse_constant=_constant,
                           object_pairs_hook=_unique if unique_keys else None)
    except JsonInputError:
        raise
    except json.JSONDecodeError as exc:
        multiline = "\n" in str(exc.doc).strip()
        where = (Msg("line {line}, column {column}", line=str(exc.lineno), column=str(exc.colno)) if multiline
                 else Msg("column {column}", column=str(exc.colno)))
        # what is wrong in our words ("Unterminated string starting at" ends on its own "at")
        why = syntax_reason(exc.msg)
        raise JsonSyntaxError(Msg("not valid JSON ({why} at {where})", why=why, where=where)) from exc
    except RecursionError as exc:
        raise JsonInputError(_too_deep(max_depth)) from exc
    except ValueError as exc:  # int() beyond Python's digit limit (its message advises a programmer's call)
        raise JsonInputError(Msg("a number with too many digits (more than {digits})",
                                 digits=str(sys.get_int_max_str_digits()))) from exc
    depth = nesting(value, max_depth)
    if depth > max_depth:
        raise JsonInputError(_too_deep(max_depth))
    if _has_surrogate(value):
        raise JsonInputError(Msg("contains an unpaired surrogate escape (\\ud800-\\udfff), not text"))
    return value


def _too_deep(max_depth: int) -> Msg:
    return Msg("not valid JSON here (nested more than {depth} levels deep)", depth=str(max_depth))


def nesting(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply `value` nests (a scalar is 0, [] and {} are 1); stops counting past `limit`."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            items: Any = item.values()
        elif isinstance(item, list):
            items = item
        else:
            continue
        depth += 1
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                return deepest
        stack.extend((child, depth) for child in items if isinstance(child, dict | list))
    return deepest


def _has_surrogate(value: Any) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not item.isascii():
                try:
                    item.encode("utf-8")
                except UnicodeEncodeError:
                    return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False
