"""A line typed at a console, read the same way by every game's console: at most `MAX_LINE`
characters; a JSON object (a table-script line without its `t`, strict JSON: no NaN, no
`1e999`, bounded nesting), or words split like a shell's. Anything else is a `CommandError`
naming what is wrong."""

from __future__ import annotations

import shlex
from typing import Any

from kaleun.core import jsonin
from kaleun.core.errors import CommandError
from kaleun.core.messages import Msg, of_error

MAX_LINE = 4096


def line_text(line: str) -> str:
    """The line without surrounding blanks, refused when it is too long."""
    text = line.strip()
    if len(text) > MAX_LINE:
        raise CommandError(Msg.plural("that line is {n} character long; the console takes {most}",
                                      "that line is {n} characters long; the console takes {most}", n=len(text),
                                      most=MAX_LINE))
    return text


def json_command(text: str) -> dict[str, Any]:
    """A command typed as JSON (`{"do": ...}`); a `t` is dropped: the console acts now."""
    try:
        command = jsonin.loads(text, unique_keys=True)
    except jsonin.JsonInputError as exc:
        raise CommandError(Msg("that is not a JSON command: {problem}", problem=of_error(exc))) from exc
    if not isinstance(command, dict):
        raise CommandError(Msg("a JSON command must be an object"))
    command.pop("t", None)
    return command


def words(text: str) -> list[str]:
    """The line's words, quoted as in a shell."""
    try:
        return shlex.split(text)
    except ValueError as exc:
        raise CommandError(Msg("the line cannot be read as words: {problem}", problem=str(exc))) from exc


def parse_value(text: str) -> Any:
    """A typed value: JSON when it is JSON (numbers, true, lists...), else the text itself.
    Numbers beyond a float's range (1e999) and NaN are refused (CommandError)."""
    try:
        return jsonin.loads(text)
    except jsonin.JsonSyntaxError:
        return text
    except jsonin.JsonInputError as exc:
        raise CommandError(Msg("that value cannot be read: {problem}", problem=of_error(exc))) from exc
