"""The German catalogue names the boat's diesel fuel with one word, the Kriegsmarine's "Treiböl" (the engineers'
logs and the boats' war diaries speak of Treiböl for the diesels' oil), never the civilian "Treibstoff" or
"Kraftstoff" nor the broader "Brennstoff": a table reads the same word in the status line, the engineer's
reports, the return's warning and the debrief."""

from __future__ import annotations

from pathlib import Path

import kaleun
from babel.messages.pofile import read_po

PO = Path(kaleun.__file__).parent / "locale" / "de" / "LC_MESSAGES" / "kaleun.po"


def german() -> list[tuple[str, str]]:
    with PO.open("rb") as f:
        catalog = read_po(f)
    out = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strs = message.string if isinstance(message.string, tuple) else (message.string,)
        out += [(i, s) for i in ids for s in strs if i]
    return out


def test_every_german_line_about_the_fuel_says_treiboel() -> None:
    about_fuel = [(i, s) for i, s in german() if "fuel" in i.casefold()]
    assert about_fuel  # the status line, the engineer's reports, the debrief ...
    for msgid, msgstr in about_fuel:
        assert "Treiböl" in msgstr, (msgid, msgstr)


def test_no_other_german_word_for_the_fuel_is_left() -> None:
    for msgid, msgstr in german():
        assert not any(word in msgstr for word in ("Treibstoff", "Kraftstoff", "Brennstoff")), (msgid, msgstr)
