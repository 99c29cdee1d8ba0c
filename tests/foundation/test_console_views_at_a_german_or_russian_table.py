"""The console's views as a German or Russian crew uses them at the text console (`play --console --language`)."""

from __future__ import annotations

from kaleun.uboot.game import new_game
from kit import console_typed


def test_9_chart_without_a_target_area_gives_the_boats_square_and_the_way_home():
    """§9 strategic map: `karte` on a mission whose objectives name no area (shadowing a convoy HQ has not reported
    yet) gives the boat's square by dead reckoning and the course home to the mission's base, not a refusal."""
    said = console_typed("de", "karte", game=new_game(0, "shadow_1941"))
    rows = said.splitlines()
    assert not any(row.startswith("!") for row in rows), said
    assert rows[0] == "Das Boot steht in AK52 (gekoppelt).", said
    assert rows[1].startswith("Heimweg nach St-Nazaire: Kurs "), said
    assert rows[2] == "Noch nennt kein Ziel ein Gebiet: karte QUADRAT setzt einen Kurs ab, z. B. karte AL28.", said
    russian = console_typed("ru", "карта", game=new_game(0, "shadow_1941")).splitlines()
    assert russian[1].startswith("Домой в "), russian
