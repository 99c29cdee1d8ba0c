"""A mission's briefing has one German name (issue 9, §4 "the briefing"): the console's help said `mission` reads the
"Einsatzbesprechung" and the line it printed began "Einweisung:"; the debrief's chart was called a briefing
("Einsatzbesprechung einer Mission"). Every line naming the briefing now says "Einsatzbesprechung", and none naming
the debrief does. A set-up answer that is not one of the choices is refused in plain German ("keine der
Möglichkeiten", where it said "keine der Wahlen", the word for elections)."""

from __future__ import annotations

import re

from kaleun.uboot.game import new_game
from kit import console_typed, translations


def test_the_german_briefing_is_one_word_and_the_debrief_another():
    every = translations("de")
    briefing = [text for msgid, text in every if re.search(r"\bbriefing\b", msgid, re.IGNORECASE)]
    assert len(briefing) >= 3 and all("Einsatzbesprechung" in text for text in briefing), briefing
    debrief = [text for msgid, text in every if re.search(r"debrief", msgid, re.IGNORECASE)]
    assert debrief and not [text for text in debrief if "Einsatzbesprechung" in text], debrief
    assert [text for _msgid, text in every if "Einweisung" in text or "Wahlen" in text] == []
    said = console_typed("de", "mission", game=new_game(2, mission="shadow_1941"))
    assert "\nEinsatzbesprechung: Mai 1941." in "\n" + said
    assert "liest die Einsatzbesprechung" in console_typed("de", "hilfe")
