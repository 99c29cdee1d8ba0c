"""Typed access to the fields of a command, with messages that name the problem.

A problem is a `CommandError` carrying a `Msg` ("fire_torpedoes: field 'tubes' must be ..."): a script
sees its English text, a console or window the table's language. An order's problems name the order,
not the `order` command that carries it."""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable, Mapping
from typing import Any

from kaleun.core.errors import CommandError
from kaleun.core.messages import Msg

_MISSING: Any = object()
#: the longest text a command's field may give (a note, a cause, a reason): a save holds texts of up to 2,000
#: characters (`kaleun.core.shape.MAX_TEXT`), and a field's text may end up there inside a longer sentence [our choice]
MAX_FIELD_TEXT = 500
#: the longest `via` (who gave a command: `console`, `window`, `telegraph`, `button.NAME`) [our choice]
MAX_VIA = 64
#: the builtins, for annotations inside `Args` (whose methods are named after them)
Text = str
Number = float
Whole = int
Flag = bool


def _finite(value: int | float) -> bool:
    """A number a float can hold (no NaN, no infinity, no whole number beyond 1.8e308)."""
    return math.isfinite(value) if isinstance(value, float) else abs(value) <= sys.float_info.max


def finite_number(value: Any) -> bool:
    """A number (not true/false) a float can hold: what a file's number must be before anything
    computes with it (`math.isfinite` raises OverflowError on a whole number of 400 digits)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and _finite(value)


def whole(value: Any) -> int | None:
    """A whole number as a command gives it: an int, or a float that is one (`6.0`, as many JSON writers put
    it; every whole-number field takes it); None for anything else (true/false, 6.5, text, a list)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return None


def wholes(value: Any) -> list[int] | None:
    """A list of whole numbers as a command gives it (`[1, 2.0]` is [1, 2]); None when it is no list or an item
    is no whole number."""
    if not isinstance(value, list):
        return None
    out = [whole(v) for v in value]
    return None if any(v is None for v in out) else [v for v in out if v is not None]


def quoted(text: Text, most: Whole = 60) -> Text:
    """A text a player gave as a refusal quotes it: whole up to `most` characters, else its start, "..." and its
    end (a script line of a megabyte is refused in a line that can be read; a refusal that cuts it shorter still,
    as Captain Sonar's echoes do, shows the same start and end the player typed)."""
    if len(text) <= most:
        return text
    tail = most // 4  # 0 for a `most` under 4: no end (text[-0:] would be the whole text)
    return text[:max(0, most - 3 - tail)] + "..." + text[len(text) - tail:]


def _short(value: Any) -> str:
    return quoted(repr(value), 40)


class Args:
    """Fields of one command. Read every field, then call `finish()` before acting.

    `finish()` rejects fields nobody read, so a typo in a script ("sectoin") is an error
    instead of being silently ignored.
    """

    def __init__(self, raw: Mapping[str, Any], skip: Iterable[Text] = ("do", "t")) -> None:
        if not isinstance(raw, Mapping):
            raise CommandError(Msg("a command must be a JSON object, got {kind}", kind=type(raw).__name__))
        self.raw = raw
        order = raw.get("order")
        #: what the problems name: the command, or the order an `order` command gives
        self.name = quoted(order if raw.get("do") == "order" and isinstance(order, str) and order
                           else str(raw.get("do", "?")))
        self._read: set[Text] = set(skip)

    def has(self, key: Text) -> Flag:
        return key in self.raw

    def _get(self, key: Text, default: Any) -> Any:
        self._read.add(key)
        if key in self.raw:
            return self.raw[key]
        if default is _MISSING:
            raise CommandError(Msg("{command}: needs the field '{field}'", command=self.name, field=key))
        return default

    def str(self, key: Text, default: Any = _MISSING, choices: Iterable[Text] | None = None,
            most: Whole = MAX_FIELD_TEXT) -> Text:
        """A text field; one longer than `most` characters is refused (a line of a script, a typed command: never
        written into the event log and a save whole, where the save's own check would refuse it on resume)."""
        value = self._get(key, default)
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, str):
            raise CommandError(Msg("{command}: field '{field}' must be text, got {value}", command=self.name, field=key,
                                   value=_short(value)))
        if len(value) > most:
            raise CommandError(Msg("{command}: field '{field}' must be a text of at most {most} characters, got "
                                   "{count} characters", command=self.name, field=key, most=f"{most:,}",
                                   count=f"{len(value):,}"))
        if choices is not None:
            options = list(choices)
            if value not in options:
                raise CommandError(Msg("{command}: {field} '{value}' is not one of: {choices}", command=self.name,
                                       field=key, value=quoted(value), choices=", ".join(options)))
        return value

    def int(self, key: Text, default: Any = _MISSING, lo: Whole | None = None, hi: Whole | None = None) -> Whole:
        value = self._get(key, default)
        if value is default and default is not _MISSING:
            return value
        number = whole(value)
        if number is None:
            raise CommandError(Msg("{command}: field '{field}' must be a whole number, got {value}",
                                   command=self.name, field=key, value=_short(value)))
        value = number
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self._range(key, lo, hi, value)
        return value

    def float(self, key: Text, default: Any = _MISSING, lo: Number | None = None,
              hi: Number | None = None) -> Number:
        value = self._get(key, default)
        if value is default and default is not _MISSING:
            return value
        if isinstance(value, bool) or not isinstance(value, int | float) or not _finite(value):
            raise CommandError(Msg("{command}: field '{field}' must be a number, got {value}", command=self.name,
                                   field=key, value=_short(value)))
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self._range(key, lo, hi, value)
        return float(value)

    def _range(self, key: Text, lo: Number | None, hi: Number | None, value: Number) -> CommandError:
        if hi is None:  # a bound on one side only: never "between 1 and None"
            return CommandError(Msg("{command}: {field} must be at least {lo}, got {value}", command=self.name,
                                    field=key, lo=str(lo), value=str(value)))
        if lo is None:
            return CommandError(Msg("{command}: {field} must be at most {hi}, got {value}", command=self.name,
                                    field=key, hi=str(hi), value=str(value)))
        return CommandError(Msg("{command}: {field} must be between {lo} and {hi}, got {value}", command=self.name,
                                field=key, lo=str(lo), hi=str(hi), value=str(value)))

    def bool(self, key: Text, default: Any = _MISSING) -> Flag:
        value = self._get(key, default)
        if not isinstance(value, bool):
            raise CommandError(Msg("{command}: field '{field}' must be true or false, got {value}", command=self.name,
                                   field=key, value=_short(value)))
        return value

    def any(self, key: Text, default: Any = _MISSING) -> Any:
        return self._get(key, default)

    def rest(self) -> dict[Text, Any]:
        """All fields not read yet (marks them read)."""
        out = {k: v for k, v in self.raw.items() if k not in self._read}
        self._read.update(out)
        return out

    def finish(self) -> None:
        extra = sorted(k for k in self.raw if k not in self._read)
        if extra:
            raise CommandError(Msg("{command}: unknown field(s) {fields}", command=self.name,
                                   fields=", ".join(repr(k) for k in extra)))
