"""The table's languages: gettext catalogues for what players read.

The game builds sentences as `kaleun.core.messages.Msg` (an English template and its values); the
front ends render them in the table's language with `language(code).render(msg)`. Catalogues are
gettext `.po` files in `kaleun/locale/<code>/LC_MESSAGES/kaleun.po` (maintained with Babel's
`pybabel extract / update`, see host/README.md "Languages"); they are compiled to `.mo` on first
use into the user's cache folder, so a fresh install never needs a compile step by hand.
English is the templates themselves and needs no catalogue. Numbers in a sentence take the
language's decimal and grouping signs, and a day or a moment (`kaleun.core.messages.When`) is written as
the language writes dates, with Babel's date formats ("1 June 1941", "1. Juni 1941", "1 июня 1941 г.";
a moment adds the ship's time as the game writes it: "1 June 1941, 04:00"); `Language.missing(msg)`
names the templates a language has no translation for (the tests and the screens' own checks use it).
"""

from __future__ import annotations

import gettext
import hashlib
import io
import logging
import os
import re
import struct
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from kaleun.core.messages import Msg, When, render

log = logging.getLogger(__name__)

DOMAIN = "kaleun"


@dataclass(frozen=True)
class LanguageName:
    """How a language is named: in itself (the language buttons of the window) and in English
    (what `kaleun config` tells a maker)."""

    own: str
    english: str

    @property
    def both(self) -> str:
        """`German (Deutsch)`; English once."""
        return self.english if self.own == self.english else f"{self.english} ({self.own})"


#: the languages of the rulebooks the table is played from: the one list of languages that the
#: settings, the window's language buttons, the commands' --language and `make i18n` read
LANGUAGES: dict[str, LanguageName] = {
    "en": LanguageName("English", "English"),
    "de": LanguageName("Deutsch", "German"),
    "ru": LanguageName("Русский", "Russian"),
}


def code_of(text: str) -> str | None:
    """The code of the language `text` names, or None: a code in any case (de, DE), a locale name as the system
    writes it (de_DE, de_DE.UTF-8, de-AT, ru_RU.utf8@euro, en_GB: its language, whatever the country), or the
    language's name in English or in itself (German, Deutsch, Русский)."""
    word = text.strip()
    for code, name in LANGUAGES.items():
        if word.casefold() in (code, name.own.casefold(), name.english.casefold()):
            return code
    head = re.match(r"([A-Za-z]{2,3})(?:[_-][A-Za-z0-9]+)?(?:\.[A-Za-z0-9_-]+)?(?:@[A-Za-z0-9_-]+)?$", word)
    if head is not None and head.group(1).lower() in LANGUAGES:
        return head.group(1).lower()
    return None


def own_name(code: str) -> str:
    """A language's name in itself (the code for an unknown one)."""
    known = LANGUAGES.get(code)
    return known.own if known is not None else code


def catalogue_path(code: str) -> Path:
    """The `.po` file of a language (it may not exist yet)."""
    return Path(str(resources.files("kaleun"))) / "locale" / code / "LC_MESSAGES" / f"{DOMAIN}.po"


#: a compiled catalogue of an older `.po` goes once it is this much older than the new one
STALE_MO_SECONDS = 7 * 24 * 3600.0


def _compiled(code: str) -> Path | bytes | None:
    """The `.mo` of a language, compiled once for each version of its `.po` (older ones, a week
    unused, are cleared). None without a catalogue. Where the cache cannot be written (a file in its
    place, a read-only home) the catalogue is compiled for this run only: its bytes."""
    po = catalogue_path(code)
    if not po.is_file():
        return None
    from kaleun.paths import cache_dir

    try:
        # named after the catalogue it comes from (its place, time and size): two copies of the
        # program sharing one cache never read each other's translations
        st = po.stat()
        key = hashlib.sha1(f"{po.resolve()}:{st.st_mtime_ns}:{st.st_size}".encode()).hexdigest()[:12]
        mo = cache_dir() / "locale" / code / "LC_MESSAGES" / f"{DOMAIN}-{key}.mo"
        if not mo.is_file():
            from babel.messages import mofile, pofile

            with open(po, "rb") as fh:
                catalog = pofile.read_po(fh, locale=code)
            mo.parent.mkdir(parents=True, exist_ok=True)
            tmp = mo.with_suffix(f".{os.getpid()}.tmp")
            with open(tmp, "wb") as out:
                mofile.write_mo(out, catalog, use_fuzzy=False)
                out.flush()
                os.fsync(out.fileno())  # a power cut after the rename leaves the whole file, not an empty one
            os.replace(tmp, mo)
            for old in mo.parent.glob(f"{DOMAIN}*.mo"):
                if old != mo and old.stat().st_mtime < st.st_mtime - STALE_MO_SECONDS:
                    old.unlink(missing_ok=True)
    except OSError as exc:
        try:
            data = _compile_in_memory(po, code)
        except (OSError, ValueError) as again:
            log.warning("the %s catalogue cannot be compiled (%s): English is used", own_name(code), again)
            return None
        log.info("the %s catalogue cannot be kept in the cache (%s): compiled for this run only",
                 own_name(code), exc.strerror or exc)
        return data
    except ValueError as exc:
        log.warning("the %s catalogue cannot be compiled (%s): English is used", own_name(code), exc)
        return None
    return mo


def _compile_in_memory(po: Path, code: str) -> bytes:
    from babel.messages import mofile, pofile

    with open(po, "rb") as fh:
        catalog = pofile.read_po(fh, locale=code)
    out = io.BytesIO()
    mofile.write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


class _Number:
    """A number as a language writes it: Python's format spec, then the language's decimal and
    grouping signs ("1,234.5" in English is "1.234,5" in German, "1 234,5" in Russian)."""

    __slots__ = ("signs", "value")

    def __init__(self, value: float, signs: dict[int, str]) -> None:
        self.value = value
        self.signs = signs

    def __format__(self, spec: str) -> str:
        return format(self.value, spec).translate(self.signs)

    def __str__(self) -> str:
        return format(self)


def _number_signs(code: str) -> dict[int, str]:
    """The swap of "." and "," a language needs (none for English)."""
    if code == "en":
        return {}
    from babel.numbers import get_decimal_symbol, get_group_symbol

    return str.maketrans({".": get_decimal_symbol(code), ",": get_group_symbol(code)})


#: the Babel locale a table language's dates are written in: English as in Britain ("1 June 1941")
DATE_LOCALES = {"en": "en_GB"}


@cache
def _date_patterns(code: str) -> tuple[str, str, str]:
    """A language's long and short date patterns and how it joins a date and a time ("{1}, {0}")."""
    from babel import Locale

    locale = Locale.parse(DATE_LOCALES.get(code, code))
    return (locale.date_formats["long"].pattern, locale.date_formats["medium"].pattern,
            str(locale.datetime_formats["medium"]))


@cache
def _short_width(code: str) -> int:
    """The widest short date of a language (a two-digit day of its longest month's abbreviation): a table's
    column of dates keeps the columns after it in line."""
    from datetime import date

    from babel.dates import format_date

    pattern = _date_patterns(code)[1]
    return max(len(format_date(date(1999, month, 28), pattern, locale=DATE_LOCALES.get(code, code)))
               for month in range(1, 13))


def written_when(when: When, code: str) -> str:
    """A day or a moment as a language writes it; text that is no ISO date stays as it is."""
    return _written(when.iso, when.time, when.seconds, when.short, code)


@lru_cache(maxsize=512)  # a screen draws the same dates every frame
def _written(iso: str, time: bool, seconds: bool, short_form: bool, code: str) -> str:
    from datetime import date

    when = When(iso, time=time, seconds=seconds, short=short_form)

    try:
        day = date.fromisoformat(when.iso[:10])
    except ValueError:
        return str(when)
    from babel.dates import format_date

    long, short, joined = _date_patterns(code)
    text = str(format_date(day, short if when.short else long, locale=DATE_LOCALES.get(code, code)))
    if when.short and not when.time:  # a column: as wide as the language's widest short date
        text = text.ljust(_short_width(code))
    if not when.time or not when.clock:
        return text
    return joined.replace("{1}", text).replace("{0}", when.clock)


@dataclass(frozen=True)
class Language:
    code: str
    translations: gettext.NullTranslations
    signs: dict[int, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return own_name(self.code)

    def text(self, msgid: str, context: str | None = None) -> str:
        """A single phrase (a label, a name from the data) in this language; with a `context` its
        translation within that context (gettext's pgettext, falling back to `msgid`)."""
        if context is not None:
            return self.translations.pgettext(context, msgid)
        return self.translations.gettext(msgid)

    def plural(self, singular: str, plural: str, n: int) -> str:
        return self.translations.ngettext(singular, plural, n)

    def number(self, value: Any) -> Any:
        """A value of a sentence as this language writes it (numbers get its decimal sign)."""
        if self.signs and isinstance(value, int | float) and not isinstance(value, bool):
            return _Number(value, self.signs)
        return value

    def when(self, value: When) -> str:
        """A day or a moment as this language writes it ("1 June 1941", "1. Juni 1941, 04:00")."""
        return written_when(value, self.code)

    def localise(self, value: Any) -> Any:
        """A plain value of a sentence as this language writes it: dates, and numbers with its signs."""
        if isinstance(value, When):
            return self.when(value)
        return self.number(value)

    def render(self, text: Msg | str | None) -> str:
        """A sentence for the table: a `Msg` in this language, plain text as it is."""
        return render(text, self.text, self.plural, self.localise)

    def missing(self, text: Msg | str | None) -> list[str]:
        """The templates of a sentence (its own and its values') this language has no translation
        for; templates of placeholders and punctuation only need none. Empty for English."""
        if self.code == "en" or not isinstance(text, Msg):
            return []
        from kaleun.catalogue import needs_translation

        catalogue: dict[Any, str] = getattr(self.translations, "_catalog", {})
        out = []
        for template in _templates(text):
            if needs_translation(template) and template not in catalogue and (template, 0) not in catalogue:
                out.append(template)
        return out


def _templates(msg: Msg) -> list[str]:
    """The message ids a sentence looks up: a plural sentence by its singular form."""
    out = [msg.plural_form[0] if msg.plural_form is not None else msg.msgid]
    for value in msg.values.values():
        if isinstance(value, Msg):
            out.extend(_templates(value))
    return out


@cache
def language(code: str) -> Language:
    """The language of a code (en, de, ru). Unknown codes and missing catalogues fall back to English."""
    if code not in LANGUAGES:
        log.warning("unknown language %r: English is used", code)
        code = "en"
    translations: gettext.NullTranslations = gettext.NullTranslations()
    if code != "en":
        mo = _compiled(code)
        if isinstance(mo, bytes):
            translations = gettext.GNUTranslations(io.BytesIO(mo))
        elif mo is not None:
            translations = _read_compiled(mo, code)
    return Language(code, translations, _number_signs(code))


def _read_compiled(mo: Path, code: str) -> gettext.NullTranslations:
    """The translations of a compiled catalogue in the cache. A damaged one (cut short by a power cut, a card
    with errors) stopped every start in that language with a traceback: it is deleted and the catalogue compiled
    again (kept in the cache when it can be), else English is used, with a line in the log."""
    try:
        with open(mo, "rb") as fh:
            return gettext.GNUTranslations(fh)
    except (OSError, ValueError, IndexError, struct.error, UnicodeDecodeError) as exc:
        log.warning("the compiled %s catalogue %s is damaged (%s): it is compiled again", own_name(code), mo, exc)
    try:
        mo.unlink(missing_ok=True)
        again = _compiled(code)
        if isinstance(again, bytes):
            return gettext.GNUTranslations(io.BytesIO(again))
        if again is not None:
            with open(again, "rb") as fh:
                return gettext.GNUTranslations(fh)
    except (OSError, ValueError, IndexError, struct.error, UnicodeDecodeError) as exc:
        log.warning("the %s catalogue cannot be read (%s): English is used", own_name(code), exc)
    return gettext.NullTranslations()
