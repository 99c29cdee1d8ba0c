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


def test_a_view_typed_with_words_it_does_not_take_says_so_and_still_shows():
    """`mannschaft x`, `состояние 3`: the view takes no words; the console says in one line, in the table's
    language, that the extra words were not understood, and prints the view all the same."""
    crew = console_typed("de", "mannschaft x").splitlines()
    assert crew[0] == "mannschaft nimmt nichts weiter: „x“ nicht verstanden.", crew
    assert crew[1].startswith("Besatzung der Wache 1"), crew
    status = console_typed("ru", "состояние 3").splitlines()
    assert status[0] == "состояние — больше ничего не нужно: «3» не понято.", status
    assert status[1:] == console_typed("ru", "состояние").splitlines(), status
    assert "not understood" not in console_typed("en", "status")


def test_german_help_calls_a_typed_command_kommando_and_only_an_order_befehl():
    """The German console's `hilfe`: a typed command is a "Kommando" (its header, `hilfe [KOMMANDO]`, an unknown
    word), "Befehl" only the game's orders (the rulebook's word: `prüfen BEFEHL`, "Befehl: neue Fahrt")."""
    said = console_typed("de", "hilfe")
    assert said.startswith("Kommandos (hilfe KOMMANDO zeigt seine Felder;"), said[:200]
    assert "hilfe [KOMMANDO]" in said and "hilfe [BEFEHL]" not in said
    assert "prüfen BEFEHL" in said and "Befehl: neue Fahrt" in said
    assert console_typed("de", "fliegen") == "! unbekanntes Kommando „fliegen“: hilfe eingeben\n"
