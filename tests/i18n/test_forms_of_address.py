"""The table's words, forms of address: one German catalogue speaks in two voices and never mixes them.
BdU's orders (a mission's briefing, its objectives, the signals and answers of the mission files)
address the commander formally ("Beziehen Sie Position"), as period orders did; everything else the
table says speaks to the group around it as "ihr" ("Schafft Platz und gebt erneut … ein"), never
"Sie" and never "du". The Russian catalogue says "вы" everywhere, with the "-те" imperative, never
"ты" (the rule stands in each catalogue's header)."""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po
from kaleun.catalogue import data_terms
from kaleun.i18n import catalogue_path

#: the data files that speak in BdU's voice: the missions and the answers to a group's signals
BDU_FILES = ("uboot/data/missions/*.toml", "uboot/data/mission_rules.toml")

# a capitalised Sie/Ihr/Ihnen after a lower-case word or a comma stands inside a sentence: only the
# formal address is written so there ("geben Sie", "westlich Ihres Standorts", "und Sie sind")
FORMAL = re.compile(r"(?:[a-zäöüß]|,) (Sie|Ihnen|Ihre?[mnrs]?)\b|\bIhnen\b")
# a sentence that opens with "Ihr Ergebnis" (its result) reads as "your result" at a table that says "ihr":
# the table names the owner instead ("Das Ergebnis der Mission", "Deren Teil")
OPENING_POSSESSIVE = re.compile(r"(?:^|[.:!?;]\s+|\}\s+)(Ihre?[mnrs]?)\s+(?=[A-ZÄÖÜ„{])")
INFORMAL = re.compile(r"\b(euch|euer|eure[mnrs]?|ihr (?:habt|seid|wollt|könnt|müsst))\b", re.IGNORECASE)
DU = re.compile(r"\b(du|dich|dir|dein|deine[mnrs]?)\b", re.IGNORECASE)
TY = re.compile(r"(?<![а-яё])(ты|тебя|тебе|тобой|тво[йяёие]\w*)(?![а-яё])", re.IGNORECASE)


def _bdu_texts() -> set[str]:
    return {text for rel, texts in data_terms().items() for text in texts
            if any(fnmatch.fnmatchcase(rel, pattern) for pattern in BDU_FILES)}


def _entries(code: str) -> Iterator[tuple[str, list[str]]]:
    with open(catalogue_path(code), "rb") as fh:
        catalog = read_po(fh)
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        yield msgid, [s for s in strings if s]


@pytest.fixture(scope="module")
def bdu() -> set[str]:
    texts = _bdu_texts()
    assert "Your contact in {square} received. Act as you see fit." in texts
    return texts


def test_bdus_orders_address_the_commander_as_sie_and_nothing_else_does(bdu):
    """German: BdU's voice is formal, the table's own is "ihr"; a "Sie" in a refusal or an "euer" in
    a briefing is the mix a German group reads as two speakers where there is one."""
    wrong = []
    for msgid, strings in _entries("de"):
        for text in strings:
            if msgid in bdu:
                found = INFORMAL.search(text) or DU.search(text)
            else:
                found = FORMAL.search(text) or OPENING_POSSESSIVE.search(text) or DU.search(text)
            if found:
                wrong.append(f"{msgid!r}: {found.group(0)!r} in {text!r}")
    assert wrong == [], "\n".join(wrong)


def test_bdus_briefings_do_use_the_formal_address(bdu):
    """The rule is kept, not avoided: the briefings still say "Sie"."""
    formal = [msgid for msgid, strings in _entries("de") if msgid in bdu and any(FORMAL.search(s) for s in strings)]
    assert len(formal) >= 10, formal


def test_the_table_speaks_to_the_group_as_ihr():
    """The table's instructions read "ihr" (the save that fails, a Stop!, a surfacing to confirm)."""
    strings = {msgid: texts for msgid, texts in _entries("de")}
    assert strings["The game cannot be saved in {path} ({reason}); {held}. Kaleun tries again every {n} second: "
                   "make room on the storage."][0].endswith("schafft Platz auf dem Speicher.")
    assert "Gebt noch einmal" in strings["No water hole at {cell}: surfacing here costs {n} damage. "
                                         "Type {surface} again to surface all the same."][0]


def test_the_russian_table_says_vy_everywhere():
    wrong = [f"{msgid!r}: {text!r}" for msgid, strings in _entries("ru") for text in strings if TY.search(text)]
    assert wrong == [], "\n".join(wrong)


@pytest.mark.parametrize("text, formal", [
    ("Geben Sie {user} Zugang", True), ("westlich Ihres Standorts", True), ("und Sie sind {me}", True),
    ("Eine Besatzungsaktion: Sie kostet keinen Befehl.", False), ("Ihr habt gewonnen.", False),
    ("gebt erneut {quit} ein", False), ("gefahren: Ihr Teil „{parts}“ wird nicht gefahren", True),
    ("Stop! Ihr aktiviert das Sonar", False), ("So antwortet ihr: {answer}", False),
])
def test_the_check_tells_the_formal_address_from_a_sentences_first_word(text, formal):
    assert bool(FORMAL.search(text) or OPENING_POSSESSIVE.search(text)) is formal
