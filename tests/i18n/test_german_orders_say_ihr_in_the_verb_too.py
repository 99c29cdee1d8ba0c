"""The German table speaks to the group as "ihr" (tests/i18n/test_forms_of_address.py checks the pronouns). A
request made with a verb alone must say "ihr" too: "wählt auf der ersten Seite …", "deaktiviert einen", never
the "du" imperative "wähle …", "deaktiviere …" (the set-up screen's hint for a new linked patrol and
`kaleun service status`'s warning about two services both used to)."""

from __future__ import annotations

import re

from kit import translations

#: "du" imperatives of the verbs the table's requests use, opening a request (the line's start, or after a
#: colon, semicolon, bracket, comma or full stop); the "ihr" form ends in -t ("wählt", "deaktiviert"). Not "setze":
#: "kaleun: setze … fort" is the program saying what it does, as German programs do ("Lade …")
DU_IMPERATIVE = re.compile(
    r"(?:^|[:;(,.]\s)(deaktiviere|aktiviere|prüfe|gib|starte|installiere|lies|nimm|wähle|tippe|drücke|"
    r"schreibe|lege|führe|öffne|schließe|stelle|drehe|ändere|kopiere|lösche|entferne|versuche|füge|trage|"
    r"ersetze|nenne|sage|mache)\s")


def test_a_german_request_uses_the_ihr_form_of_its_verb():
    wrong = [(msgid, text) for msgid, text in translations("de") if DU_IMPERATIVE.search(text)]
    assert not wrong, f"a 'du' imperative where the table says 'ihr': {wrong}"
