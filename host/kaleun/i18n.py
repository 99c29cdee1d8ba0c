"""The table's languages: gettext catalogues for what players read.

The game builds sentences as `kaleun.core.messages.Msg` (an English template and its values); the
front ends render them in the table's language with `language(code).render(msg)`. Catalogues are
gettext `.po` files in `kaleun/locale/<code>/LC_MESSAGES/kaleun.po` (maintained with Babel's
`pybabel extract / update`, see host/README.md "Languages"); they are compiled to `.mo` on first
use into the user's cache folder, so a fresh install never needs a compile step by hand.
English is the templates themselves and needs no catalogue.
"""

from __future__ import annotations

import gettext
import logging
import os
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path

from kaleun.core.messages import Msg, render

log = logging.getLogger(__name__)

DOMAIN = "kaleun"
#: the languages of the rulebooks the table is played from
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "ru": "Русский"}


def catalogue_path(code: str) -> Path:
    """The `.po` file of a language (it may not exist yet)."""
    return Path(str(resources.files("kaleun"))) / "locale" / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def _compiled(code: str) -> Path | None:
    """The `.mo` of a language, compiled from its `.po` when missing or older. None without a catalogue."""
    po = catalogue_path(code)
    if not po.is_file():
        return None
    from kaleun.paths import cache_dir

    mo = cache_dir() / "locale" / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        if not mo.is_file() or mo.stat().st_mtime < po.stat().st_mtime:
            from babel.messages import mofile, pofile

            with open(po, "rb") as fh:
                catalog = pofile.read_po(fh, locale=code)
            mo.parent.mkdir(parents=True, exist_ok=True)
            tmp = mo.with_suffix(f".{os.getpid()}.tmp")
            with open(tmp, "wb") as out:
                mofile.write_mo(out, catalog, use_fuzzy=False)
            os.replace(tmp, mo)
    except (OSError, ValueError) as exc:
        log.warning("the %s catalogue cannot be compiled (%s): English is used", LANGUAGES.get(code, code), exc)
        return None
    return mo


@dataclass(frozen=True)
class Language:
    code: str
    translations: gettext.NullTranslations

    @property
    def name(self) -> str:
        return LANGUAGES.get(self.code, self.code)

    def text(self, msgid: str) -> str:
        """A single phrase (a label, a name from the data) in this language."""
        return self.translations.gettext(msgid)

    def plural(self, singular: str, plural: str, n: int) -> str:
        return self.translations.ngettext(singular, plural, n)

    def render(self, text: Msg | str | None) -> str:
        """A sentence for the table: a `Msg` in this language, plain text as it is."""
        return render(text, self.text, self.plural)


@cache
def language(code: str) -> Language:
    """The language of a code (en, de, ru). Unknown codes and missing catalogues fall back to English."""
    if code not in LANGUAGES:
        log.warning("unknown language %r: English is used", code)
        code = "en"
    translations: gettext.NullTranslations = gettext.NullTranslations()
    if code != "en":
        mo = _compiled(code)
        if mo is not None:
            with open(mo, "rb") as fh:
                translations = gettext.GNUTranslations(fh)
    return Language(code, translations)
