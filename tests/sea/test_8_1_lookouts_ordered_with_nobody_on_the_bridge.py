"""§8.1/§9.3 the lookouts' order where the crew rules only warn (an exercise): with nobody in section 8 the order
goes ahead with its warning, and the feed says plainly that nobody is on the bridge to keep watch, in each of the
table's languages. It read "Observation sectors assigned: 0 lookouts on the bridge." ("0 Beobachter auf der
Brücke")."""

from __future__ import annotations

import pytest
from kit import console_typed

SAID = {
    "en": ("Observation sectors assigned, but nobody is on the bridge: no one keeps watch until a sailor stands in "
           "section 8.", "Assign observation sectors went ahead without its crew: at least 1 lookout needed in "
           "section 8; found nobody."),
    "de": ("Beobachtungssektoren zugewiesen, aber niemand ist auf der Brücke: Keiner hält Ausschau, bis ein Matrose "
           "in Sektion 8 steht.", "ohne die nötige Besatzung ausgeführt: mindestens 1 Beobachter nötig in Sektion 8"),
    "ru": ("Секторы наблюдения распределены, но на мостике никого нет: наблюдение никто не ведёт, пока моряк не "
           "встанет в отсек 8.", "выполнен без нужных моряков — нужно: не меньше 1 сигнальщика в отсеке 8"),
}


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_8_1_lookouts_ordered_with_nobody_on_the_bridge_say_so_and_the_warning(code):
    said = console_typed(code, "crew_options rules=advise", "observe")
    plain, warning = SAID[code]
    assert plain in said, said
    assert warning in said, said
    assert " 0 " not in said, said


def test_8_1_lookouts_on_the_bridge_are_still_counted():
    said = console_typed("en", "crew_options rules=advise", "mobilize", "place navigator-square 8", "observe")
    assert "Observation sectors assigned: 1 lookout on the bridge." in said, said
