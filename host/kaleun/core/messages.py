"""Sentences for players, kept as a message id and its values so any language can render them.

The game core never formats a player's sentence into final text. It builds a `Msg`: an English
template with named fields (`str.format` syntax, e.g. ``"Torpedo {tube}: hit after {seconds} s."``)
and the values to put in. The template is the message id of the gettext catalogues
(`kaleun/locale/`); the English text is the template itself. A value may itself be a `Msg` (a
class name, an order's name, a part of a sentence), so a whole sentence translates.

`str(msg)` renders English. Event logs are written in English, so they stay byte-identical
whatever language a table is set to; the window and the console render the same `Msg` in the
table's language (`kaleun.i18n`). Extraction for the catalogues reads every literal passed to
`Msg(...)`, `Msg.plural(...)`, `Msg.term(...)`, `Msg.pterm(...)` and `N_(...)` (`kaleun.catalogue`; see
host/README.md, "Languages").

A word that two games say differently (Captain Sonar's "Captain" is a captain, U-BOOT's a commander)
takes a message context, as gettext's `msgctxt`: `Msg.pterm("Captain Sonar", "Captain")` is looked up
under that context and falls back to the English word.

A calendar day or a moment of the ship's clock in a sentence is a `When` value: its English text (event
log, JSON) stays the ISO form ("1941-06-01", "1941-06-01 04:00"); the front ends write it as the
table's language writes dates ("1 June 1941", "1. Juni 1941", "1 июня 1941 г.", see `kaleun.i18n`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

#: translate(msgid) -> text, and translate_plural(singular, plural, n) -> text
Translate = Callable[[str], str]
TranslatePlural = Callable[[str, str, int], str]
#: localise(value) -> the value as a language writes it (e.g. numbers with a decimal comma)
Localise = Callable[[Any], Any]


def N_(text: str) -> str:
    """Mark a literal for the catalogues without translating it here (data names, table labels)."""
    return text


class When:
    """A calendar day or a moment (day and ship's time) in a sentence, kept as ISO text.

    `When.day("1941-06-01T04:00:00")` is the day, `When.moment(...)` the day and the ship's time as the game
    writes it (HH:MM, or HH:MM:SS with `seconds=True`); `short=True` asks for the language's short form,
    a day as wide as its widest one (a table's column). `str()` is the ISO text the event log and JSON always
    had; `kaleun.i18n` writes it in the table's language. Text that is no date stays as it is."""

    __slots__ = ("iso", "seconds", "short", "time")

    def __init__(self, iso: str, /, *, time: bool = False, seconds: bool = False, short: bool = False) -> None:
        self.iso, self.time, self.seconds, self.short = iso, time, seconds, short

    @classmethod
    def day(cls, iso: str, /, *, short: bool = False) -> When:
        return cls(iso[:10], short=short)

    @classmethod
    def moment(cls, iso: str, /, *, seconds: bool = False, short: bool = False) -> When:
        return cls(iso, time=True, seconds=seconds, short=short)

    @property
    def clock(self) -> str:
        """The ship's time of a moment as the game writes it ("04:00", "04:00:00"); empty for a day."""
        return self.iso[11:19 if self.seconds else 16] if self.time else ""

    def __str__(self) -> str:
        return f"{self.iso[:10]} {self.clock}" if self.time and len(self.iso) > 10 else self.iso[:10]

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"When({self.iso!r}, time={self.time}, seconds={self.seconds}, short={self.short})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, When):
            return (self.iso, self.time, self.seconds, self.short) == (other.iso, other.time, other.seconds,
                                                                        other.short)
        if isinstance(other, str):
            return str(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))

    def to_json(self) -> dict[str, Any]:
        return {"when": self.iso, "time": self.time, "seconds": self.seconds, "short": self.short}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> When:
        return cls(str(data["when"]), time=bool(data.get("time")), seconds=bool(data.get("seconds")),
                   short=bool(data.get("short")))


class Msg:
    """A translatable sentence: an English template and its named values."""

    __slots__ = ("context", "plural_form", "template", "values")

    def __init__(self, template: str, /, **values: Any) -> None:
        self.template = template
        self.plural_form: tuple[str, str] | None = None
        #: the message context (gettext's msgctxt) of a word said differently elsewhere; None for most
        self.context: str | None = None
        self.values = values

    @classmethod
    def plural(cls, singular: str, plural: str, /, n: int | float, **values: Any) -> Msg:
        """A sentence whose wording depends on the number `n` (also a field of both templates). A number
        with a fraction (1.5 hours) reads like the plural of two in every language (`plural_count`)."""
        msg = cls(singular, n=n, **values)
        msg.plural_form = (singular, plural)
        return msg

    @classmethod
    def term(cls, text: str) -> Msg:
        """A word or name from the data files (a ship class, a component), translated as a whole."""
        return cls(text)

    @classmethod
    def pterm(cls, context: str, text: str) -> Msg:
        """A word translated within a context (gettext's pgettext): `Msg.pterm("Captain Sonar", "Captain")`
        has its own translation beside the plain "Captain" of U-BOOT."""
        msg = cls(text)
        msg.context = context
        return msg

    @property
    def msgid(self) -> str:
        """The key of this message in a compiled catalogue: the template, behind its context and the
        gettext separator when it has one."""
        return self.template if self.context is None else f"{self.context}{CONTEXT_SEPARATOR}{self.template}"

    # -- rendering ----------------------------------------------------------------------------
    def render(self, translate: Translate | None = None, translate_plural: TranslatePlural | None = None,
               localise: Localise | None = None) -> str:
        """The sentence in the language of `translate` (English without one); `localise` turns the
        plain values (numbers) into that language's way of writing them."""
        if self.plural_form is not None:
            singular, plural = self.plural_form
            n = plural_count(self.values["n"])
            if translate_plural is not None:
                template = translate_plural(singular, plural, n)
            else:
                template = singular if n == 1 else plural
        elif self.context is not None:
            found = translate(self.msgid) if translate is not None else self.msgid
            template = self.template if found == self.msgid else found
        else:
            template = translate(self.template) if translate is not None else self.template
        if not self.values:
            return template
        values = {k: render(v, translate, translate_plural, localise) if isinstance(v, Msg)
                  else localise(v) if localise is not None else v
                  for k, v in self.values.items()}
        # a translation with a broken placeholder must never silence the feed: fall back to English (a
        # template read from a damaged save, "{x.real}" or "{n[2]}", is shown as it is)
        for text in (template, self.template) if template != self.template else (template,):
            try:
                return text.format(**values)
            except _BROKEN_PLACEHOLDER:
                pass
        return self.template

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Msg({self.template!r}, {self.values!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Msg):
            return (self.template, self.plural_form, self.context, self.values) == \
                (other.template, other.plural_form, other.context, other.values)
        if isinstance(other, str):
            return str(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.template)

    def __contains__(self, text: str) -> bool:
        """Searching a message searches its English text (as the event log has it)."""
        return text in str(self)

    def __add__(self, other: Msg | str) -> Msg:
        """Two sentences read one after the other."""
        return Msg("{a}{b}", a=self, b=other)

    def templates(self) -> list[str]:
        """Every template this sentence uses (its own and those of its values)."""
        out = list(self.plural_form) if self.plural_form is not None else [self.template]
        for v in self.values.values():
            if isinstance(v, Msg):
                out.extend(v.templates())
        return out


#: what separates a message's context from its id in a compiled catalogue (as gettext's pgettext looks it up)
CONTEXT_SEPARATOR = "\x04"


def plural_count(n: Any) -> int:
    """The whole number that picks a plural form: `n` itself, or 2 for a number with a fraction (English
    and German "1.5 hours", Russian "1,5 часа" take the form of two)."""
    value = float(n)
    return int(value) if value.is_integer() else 2


def render(text: Msg | str | None, translate: Translate | None = None,
           translate_plural: TranslatePlural | None = None, localise: Localise | None = None) -> str:
    """Text for a player: a `Msg` rendered in the given language, a plain string as it is."""
    if text is None:
        return ""
    if isinstance(text, Msg):
        return text.render(translate, translate_plural, localise)
    return text


_NOTHING = ""
#: what `str.format` raises for a placeholder its values cannot fill
_BROKEN_PLACEHOLDER = (KeyError, IndexError, ValueError, AttributeError, TypeError)


#: the message context of the words typed at the U-BOOT console (`kaleun.ui.console_words.UBOOT`)
COMMAND_WORDS = "U-BOOT console"


def command_word(name: str) -> Msg:
    """A U-BOOT command's name as the table types it (`target`, German `ziel`): a refusal of the game or the table
    begins with it, as the console's own refusals do (`target: no contact 'c9'`)."""
    return Msg.pterm(COMMAND_WORDS, name)


def join(parts: Sequence[Msg | str], sep: str = ", ") -> Msg:
    """A list read out with a separator (each part translated on its own)."""
    if not parts:
        return Msg(_NOTHING)
    names, template = _joined(len(parts), sep)
    return Msg(template, **dict(zip(names, parts, strict=True)))


@functools.lru_cache(maxsize=256)
def _joined(n: int, sep: str) -> tuple[tuple[str, ...], str]:
    """The field names of a list of n parts and its template ("{p0}, {p1}"): the same for every list."""
    names = tuple(f"p{i}" for i in range(n))
    return names, sep.join("{" + k + "}" for k in names)


def and_list(parts: Sequence[Msg | str]) -> Msg:
    """Parts read out as "a, b and c" (the word "and" translated)."""
    if len(parts) < 2:
        return join(parts)
    return Msg("{list} and {last}", list=join(parts[:-1]), last=parts[-1])


def or_list(parts: Sequence[Msg | str]) -> Msg:
    """Parts read out as "a, b or c" (the word "or" translated)."""
    if len(parts) < 2:
        return join(parts)
    return Msg("{list} or {last}", list=join(parts[:-1]), last=parts[-1])


def of_error(exc: BaseException) -> Msg | str:
    """What an exception says to a player: the `Msg` it was raised with (so it renders in the
    table's language), else its text. `str(exc)` of the same exception is the English text."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Msg) else str(exc)


def as_values(values: Mapping[str, Any]) -> dict[str, Any]:
    """Values of an event rendered to JSON-friendly English text where they are messages (also
    inside lists and objects, e.g. the `report` event's status)."""
    return {k: _plain(v) for k, v in values.items()}


def _plain(value: Any) -> Any:
    if isinstance(value, Msg | When):
        return str(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def to_json(text: Msg | str | None) -> Any:
    """A message kept in a save: its template(s) and values, so it renders in any language later."""
    if isinstance(text, When):
        return text.to_json()
    if not isinstance(text, Msg):
        return text
    out: dict[str, Any] = {"msg": text.template, "values": {k: to_json(v) for k, v in text.values.items()}}
    if text.plural_form is not None:
        out["plural"] = list(text.plural_form)
    if text.context is not None:
        out["context"] = text.context
    return out


def from_json(data: Any) -> Msg | str | None:
    """A message back from `to_json` (plain text, e.g. from an older save, stays text)."""
    if not isinstance(data, dict):
        return None if data is None else str(data)
    values = {k: (When.from_json(v) if "when" in v else from_json(v)) if isinstance(v, dict) else v
              for k, v in dict(data.get("values", {})).items()}
    plural = data.get("plural")
    if isinstance(plural, list) and len(plural) == 2:
        n = values.pop("n", 1)
        count = float(n) if isinstance(n, int | float | str) else 1.0
        return Msg.plural(str(plural[0]), str(plural[1]), n=int(count) if count.is_integer() else count, **values)
    msg = Msg(str(data.get("msg", "")), **values)
    if isinstance(data.get("context"), str):
        msg.context = data["context"]
    return msg
