"""The table's parts in German, one word each in every message (the bring-up check, the board
checks, the wiring advice, the console's table commands): a maker holding the German output next
to the build guide must never wonder whether two words are two parts.

- dial: "Drehregler" (never "Drehschalter", the German Captain Sonar rulebook's word for its gauges,
  nor "Anzeige", which is a gauge: Captain Sonar's "Anzeige", the quick reference's word)
- encoder (the part inside a dial): "Drehgeber"
- button: "Taster" (never "Knopf")
- home switch (the reed switch at a ring's zero mark): "Nullpunktschalter" (never "Referenzschalter")
"""

from __future__ import annotations

import re

import pytest
from kit import translations

#: English part (as a message names it, not a board file key or a placeholder) -> the German word a
#: message naming it must use, and the words it must not use for it
PARTS = {
    "dial": (r"(?<![{.\w])dials?(?![}\w.])", r"Drehregler", r"Drehschalter|Anzeige|Drehknopf|Wählscheibe"),
    "encoder": (r"(?<![{.\w])encoders?(?![}\w.])", r"Drehgeber", r"Drehschalter|Inkrementalgeber"),
    "button": (r"(?<![{.\w])buttons?(?![}\w.])", r"Taster", r"Knopf|Knöpf|Schaltfläche"),
    "home switch": (r"home switch", r"Nullpunktschalter", r"Referenzschalter|Endschalter"),
}


@pytest.mark.parametrize("part", sorted(PARTS))
def test_each_part_of_the_table_has_one_german_word(part):
    english, word, other = PARTS[part]
    naming = [(msgid, text) for msgid, text in translations("de") if re.search(english, msgid, re.IGNORECASE)
              and not re.search(r"window|screen|touch", msgid, re.IGNORECASE)]  # the window's buttons are not parts
    assert len(naming) >= 3  # the search finds the part's messages
    # a word typed at the console is written lower case ("taster", "drehregler"): the same word
    wrong = [(msgid, text) for msgid, text in naming
             if re.search(other, text, re.IGNORECASE) or not re.search(word, text, re.IGNORECASE)]
    assert wrong == []
