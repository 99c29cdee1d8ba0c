"""Shapes of saved state: what each module's `to_state()` may hold, checked before loading.

A save is read from a file that may have been cut short, edited or damaged. Each module
declares the shape of its state with these few building blocks (`Module.state_shape`) and
the engine checks it before `load_state` runs, so a damaged save is refused with the place
and the reason ("modules.sea.vessels.v3.track[4]: a number from 0 to 60 was expected, found
1e+300") instead of failing later inside the rules. Numbers must be finite and within their
bounds; texts have a length limit; lists and maps a size limit; objects name every key.

    BOAT = Obj(surfaced=BOOL, telegraph=Text(choices=TELEGRAPH), course=Num(0, 360),
               drift=List(Num(-100, 100), size=2), lost=Maybe(Text()))
    check(BOAT, state, "modules.boat")       # raises ShapeError (a SaveError)
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from kaleun.core.errors import SaveError
from kaleun.core.messages import Msg

#: the longest text a state may hold (feed texts, causes, notes)
MAX_TEXT = 2000
#: the most entries a list or map may hold unless a shape says otherwise
MAX_ITEMS = 10_000


class ShapeError(SaveError):
    """A value does not have its shape; str() is `path: what was expected, what was found` (in English; raised
    with a `Msg`, so `of_error` says it in the table's language)."""


class UnknownKey(ShapeError):
    """An object holds a key its shape does not name: damage, or a newer Kaleun that keeps more."""


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _found(value: Any) -> Msg | str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        text = repr(value)
        return text if len(text) <= 24 else Msg("a number of {digits} digits", digits=str(len(text)))
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else Msg("a text of {count} characters", count=str(len(value)))
    if isinstance(value, list):
        return Msg("a list of {count}", count=str(len(value)))
    if isinstance(value, dict):
        return Msg("an object")
    return type(value).__name__


class Shape:
    """One kind of value. `check` raises ShapeError naming `path`."""

    def check(self, value: Any, path: str) -> None:
        raise NotImplementedError

    def fail(self, value: Any, path: str, expected: Msg | str) -> ShapeError:
        return ShapeError(Msg("{path}: {expected} was expected, found {found}", path=path, expected=expected,
                              found=_found(value)))


class Num(Shape):
    """A finite number (whole or not, never true/false), optionally within [lo, hi]."""

    def __init__(self, lo: float | None = None, hi: float | None = None, whole: bool = False) -> None:
        self.lo, self.hi, self.whole = lo, hi, whole

    def _words(self) -> Msg:
        noun = Msg("a whole number") if self.whole else Msg("a number")
        if self.lo is not None and self.hi is not None:
            return Msg("{noun} from {lo} to {hi}", noun=noun, lo=f"{self.lo:g}", hi=f"{self.hi:g}")
        if self.lo is not None:
            return Msg("{noun} of at least {lo}", noun=noun, lo=f"{self.lo:g}")
        if self.hi is not None:
            return Msg("{noun} of at most {hi}", noun=noun, hi=f"{self.hi:g}")
        return noun

    def check(self, value: Any, path: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self.fail(value, path, self._words())
        if self.whole and not isinstance(value, int):
            raise self.fail(value, path, self._words())
        if isinstance(value, float) and not math.isfinite(value):
            raise self.fail(value, path, self._words())
        try:
            out = (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi)
        except OverflowError:  # pragma: no cover - int/float comparisons do not overflow in CPython
            out = True
        if out or (not isinstance(value, float) and abs(value) > 2**1023):
            raise self.fail(value, path, self._words())


def Int(lo: float | None = None, hi: float | None = None) -> Num:
    """A whole number (a JSON integer) within [lo, hi]."""
    return Num(lo, hi, whole=True)


class Bool(Shape):
    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, bool):
            raise self.fail(value, path, Msg("true or false"))


class Text(Shape):
    """Text, optionally one of `choices` (any iterable of strings, read when checking)."""

    def __init__(self, choices: Iterable[str] | Callable[[], Iterable[str]] | None = None,
                 max_len: int = MAX_TEXT, pattern: str | None = None) -> None:
        self.choices = choices
        self.max_len = max_len
        self.pattern = re.compile(pattern) if pattern is not None else None

    def options(self) -> Iterable[str] | None:
        choices = self.choices
        return choices() if callable(choices) else choices

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, str):
            raise self.fail(value, path, Msg("text"))
        if len(value) > self.max_len:
            raise self.fail(value, path, Msg("a text of at most {count} characters", count=str(self.max_len)))
        if self.pattern is not None and not self.pattern.fullmatch(value):
            raise self.fail(value, path, Msg("a text like {pattern}", pattern=self.pattern.pattern))
        options = self.options()
        if options is not None and value not in options:
            known = sorted(options)
            listed = ", ".join(known[:12]) + (", ..." if len(known) > 12 else "")
            raise self.fail(value, path, Msg("one of {listed}", listed=listed))


class Null(Shape):
    def check(self, value: Any, path: str) -> None:
        if value is not None:
            raise self.fail(value, path, "null")


class Maybe(Shape):
    """null, or a value of `shape`."""

    def __init__(self, shape: Shape) -> None:
        self.shape = shape

    def check(self, value: Any, path: str) -> None:
        if value is not None:
            self.shape.check(value, path)


class Either(Shape):
    """A value of one of the shapes (the first that fits)."""

    def __init__(self, *shapes: Shape) -> None:
        self.shapes = shapes

    def check(self, value: Any, path: str) -> None:
        first: ShapeError | None = None
        for shape in self.shapes:
            try:
                shape.check(value, path)
                return
            except ShapeError as exc:
                first = first or exc
        assert first is not None
        raise first


class List(Shape):
    """A list of `item`s: exactly `size` long, or between `least` and `most`."""

    def __init__(self, item: Shape, size: int | None = None, least: int = 0, most: int = MAX_ITEMS) -> None:
        self.item = item
        self.least, self.most = (size, size) if size is not None else (least, most)

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, list):
            raise self.fail(value, path, Msg("a list"))
        if not self.least <= len(value) <= self.most:
            words = (str(self.least) if self.least == self.most
                     else Msg("{least} to {most}", least=str(self.least), most=str(self.most)))
            raise self.fail(value, path, Msg("a list of {count} entries", count=words))
        for index, item in enumerate(value):
            self.item.check(item, f"{path}[{index}]")


class Tuple(Shape):
    """A list with one entry of each shape, in order."""

    def __init__(self, *items: Shape) -> None:
        self.items = items

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, list) or len(value) != len(self.items):
            raise self.fail(value, path, Msg("a list of {count} entries", count=str(len(self.items))))
        for index, (item, shape) in enumerate(zip(value, self.items, strict=True)):
            shape.check(item, f"{path}[{index}]")


class Obj(Shape):
    """An object with exactly these keys (`optional` ones may be missing; `extra` allows any other)."""

    def __init__(self, fields: Mapping[str, Shape] | None = None, optional: Mapping[str, Shape] | None = None,
                 extra: Shape | None = None, **named: Shape) -> None:
        self.fields = {**(fields or {}), **named}
        self.optional = dict(optional or {})
        self.extra = extra

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, dict):
            raise self.fail(value, path, Msg("an object"))
        for key, shape in self.fields.items():
            if key not in value:
                raise ShapeError(Msg("{path}: the key '{key}' is missing", path=path or Msg("its top level"), key=key))
            shape.check(value[key], _join(path, key))
        for key, item in value.items():
            if key in self.fields:
                continue
            other = self.optional.get(key, self.extra)
            if other is None:
                raise UnknownKey(Msg("{path}: unknown key {key}", path=path or Msg("its top level"), key=_found(key)))
            other.check(item, _join(path, key))


class Map(Shape):
    """An object whose keys are `keys` (text) and values `value`, at most `most` entries."""

    def __init__(self, value: Shape, keys: Shape | None = None, most: int = MAX_ITEMS) -> None:
        self.value = value
        self.keys = keys or Text(max_len=200)
        self.most = most

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, dict):
            raise self.fail(value, path, Msg("an object"))
        if len(value) > self.most:
            raise self.fail(value, path, Msg("at most {count} entries", count=str(self.most)))
        for key, item in value.items():
            self.keys.check(key, f"{path} (key)")
            self.value.check(item, _join(path, key))


class Whole(Shape):
    """A whole number written as text (JSON object keys such as section numbers)."""

    def __init__(self, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, str) or not value.lstrip("-").isdigit() or len(value) > 12 \
                or not self.lo <= int(value) <= self.hi:
            raise self.fail(value, path, Msg("{noun} from {lo} to {hi}", noun=Msg("a whole number"), lo=str(self.lo),
                                                hi=str(self.hi)))


class Json(Shape):
    """Any JSON value nested at most `depth` levels (content the rules pass through as given), its texts of
    at most `max_len` characters."""

    def __init__(self, depth: int = 4, max_len: int = MAX_TEXT) -> None:
        self.depth = depth
        self.text = Text(max_len=max_len)

    def check(self, value: Any, path: str) -> None:
        stack: list[tuple[Any, int]] = [(value, 0)]
        while stack:
            item, depth = stack.pop()
            if isinstance(item, dict | list):
                if depth >= self.depth:
                    raise self.fail(item, path, Msg("a value nested at most {depth} levels", depth=str(self.depth)))
                children = item.items() if isinstance(item, dict) else enumerate(item)
                for key, child in children:
                    if isinstance(key, str):
                        Text().check(key, f"{path} (key)")
                    stack.append((child, depth + 1))
            elif isinstance(item, str):
                self.text.check(item, path)
            elif isinstance(item, int | float) and not isinstance(item, bool):
                Num().check(item, path)
            elif item is not None and not isinstance(item, bool):
                raise self.fail(item, path, Msg("a JSON value"))


class Checked(Shape):
    """A value of a Python type whose content another shape checks later (a module's state)."""

    def __init__(self, kind: type, words: Msg | str) -> None:
        self.kind, self.words = kind, words

    def check(self, value: Any, path: str) -> None:
        if not isinstance(value, self.kind):
            raise self.fail(value, path, self.words)


def check(shape: Shape, value: Any, path: str) -> None:
    """Raise ShapeError unless `value` has `shape` (`path` names it in the message)."""
    shape.check(value, path)


# -- common shapes of game state ------------------------------------------------------------------
BOOL = Bool()
TEXT = Text()


class Message(Shape):
    """A message kept in a save (`kaleun.core.messages.to_json`): plain text, or its template(s) and
    values, where a value is text, a number, true/false, null, a list of those, or a message again
    (at most `depth` levels); a plural's count `n` is a number."""

    def __init__(self, depth: int = 6) -> None:
        self.depth = depth

    def check(self, value: Any, path: str) -> None:
        if isinstance(value, str):
            TEXT.check(value, path)
            return
        if self.depth <= 0:
            raise self.fail(value, path, Msg("a message nested less deeply"))
        Obj(msg=TEXT, values=Checked(dict, Msg("an object")),
            optional={"plural": List(TEXT, size=2)}).check(value, path)
        values = value["values"]
        where = _join(path, "values")
        if len(values) > 32:
            raise self.fail(values, where, Msg("at most {count} values", count="32"))
        for key, item in values.items():
            Text(max_len=64).check(key, f"{where} (key)")
            self._value(item, _join(where, key), 1)
        if "plural" in value and "n" in values:
            NUMBER.check(values["n"], _join(where, "n"))

    def _value(self, item: Any, path: str, depth: int) -> None:
        if isinstance(item, dict):
            Message(self.depth - 1).check(item, path)
        elif isinstance(item, list) and depth == 1:
            if len(item) > 64:
                raise self.fail(item, path, Msg("a list of at most {count} entries", count="64"))
            for index, entry in enumerate(item):
                self._value(entry, f"{path}[{index}]", depth + 1)
        elif isinstance(item, str):
            TEXT.check(item, path)
        elif isinstance(item, int | float) and not isinstance(item, bool):
            NUMBER.check(item, path)
        elif item is not None and not isinstance(item, bool):
            raise self.fail(item, path, Msg("text, a number, a message or a list of them"))


#: a number a message may hold
NUMBER = Num(-1e15, 1e15)
#: a message kept in a save: plain text, or its template(s) and values (`Message`)
MESSAGE = Message()
#: a game time (s since the mission started) or a wake time; far sentinels like -1e9 allowed
TIME = Num(-1e10, 1e10)
#: a duration or an amount that cannot be negative
AMOUNT = Num(0, 1e10)
#: a count
COUNT = Int(0, 1e9)
#: a section of the boat
SECTION = Int(1, 8)
#: a latitude / longitude in degrees
LAT = Num(-90, 90)
LON = Num(-720, 720)
#: an angle in degrees (courses, bearings; may run past 360 while turning)
ANGLE = Num(-7200, 7200)
#: a speed in knots (ships, the boat astern, aircraft)
SPEED = Num(-1000, 1000)
#: a depth or a height in metres
DEPTH_M = Num(-1000, 20000)
#: any other quantity the rules keep (positions in nm, rates): finite and far from overflowing
REAL = Num(-1e12, 1e12)
