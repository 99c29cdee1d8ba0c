"""The words typed at a console in the table's language, for every game's console (U-BOOT's First Officer,
the Captain Sonar teams).

A command's or a field's word is a catalogue entry under its console's message context (gettext's
msgctxt), its English word the id: `Msg.pterm("U-BOOT console", "course")` is `kurs` at a German table
and `курс` at a Russian one. The English ids are typed at every table, the table's words beside them;
the console turns what was typed into the ids, so the game, table scripts and event logs only ever see
the ids (byte-exact replays in any language).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from typing import TypeVar

from kaleun.core.messages import COMMAND_WORDS, Msg
from kaleun.i18n import Language

T = TypeVar("T")

#: the message context of the words typed at the U-BOOT console (`kaleun.ui.actions`, `kaleun.ui.console`)
UBOOT = COMMAND_WORDS
#: the message context of the words typed for a field's fixed values at the U-BOOT console (`fahrt halbe`,
#: `скорость средний` for `speed half_ahead`): a value's id is its English word, as for the commands
UBOOT_VALUE = "U-BOOT console value"
#: a U-BOOT console command as a table also says it, beside the console's word: the status as a Russian table calls
#: it («статус» beside the console's «состояние», as the Captain Sonar console takes it), leaving as a Russian table
#: calls it («выход» beside «выйти»). A catalogue entry under the context "U-BOOT console, as called", its English
#: word the command's id; a language without such a word repeats its own. A new one is declared here alone:
#: `kaleun.ui.actions.find` reads them all.
UBOOT_ALSO_CALLED: tuple[Msg, ...] = (Msg.pterm("U-BOOT console, as called", "status"),
                                      Msg.pterm("U-BOOT console, as called", "quit"))


#: letters a keyboard without them types as two (German ä as ae, ß as ss) or as another (Russian ё as е, the
#: window's × of a time compression as x)
FOLDED = str.maketrans({"ё": "е", "ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "×": "x"})


#: the Russian letters that look like Latin ones, as the Latin letter: a name written in Latin letters (a square of
#: the strategic map, AE76) typed with them at a Russian keyboard (АЕ76) is that name
LATIN_LOOKALIKES = str.maketrans("АВЕКМНОРСТХаеорсх", "ABEKMHOPCTXaeopcx")


def fold(word: str) -> str:
    """A typed word as the lookups compare it: lower case, a Russian ё as е and a German umlaut or ß as its two
    letters (most keyboards type them so: `rueckgaengig` is `rückgängig`, `pruefen` is `prüfen`), × as x."""
    return word.lower().translate(FOLDED)


def typed_word(word: Msg, lang: Language) -> str:
    """A command's, field's or value's word as the table types it: its translation, lower case, `_` for a space
    (its id where the catalogue has none)."""
    text = lang.render(word) if word.values else lang.text(word.template, word.context)
    return text.strip().lower().replace(" ", "_") or word.template


def local_words(declared: Iterable[tuple[Msg, T]], ids: Collection[str], lang: Language,
                typed: Callable[[Msg, Language], str] = typed_word) -> dict[str, T]:
    """The table's words (`fold`ed) -> what each names, for words declared as (word, what it names), each as
    `typed` writes it. A word that is one of the `ids` (typed at every table) stays theirs, and a word two
    declarations share names neither: the English words work at every table and a typed word never means two
    things."""
    out: dict[str, T] = {}
    shared: set[str] = set()
    for word, named in declared:
        text = fold(typed(word, lang))
        if text in ids or text in shared:
            continue
        if text in out and out[text] != named:
            shared.add(text)
            del out[text]
            continue
        out[text] = named
    return out
