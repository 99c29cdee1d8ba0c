"""Rulebook §5.2 (a linked patrol over several evenings: the dead and the flooded sections carry over) and §4.3 (a
part whose primary objective was not met is played again): the crew's page of the window's set-up at 800×480 shows
the patrol's line whole in every language, with several sailors dead, a flooded section, the torpedoes and the
fuel, whether the patrol goes on with its next part or plays a part again (a Russian and a German line were cut
short with "…" before the flooded sections and the stores)."""

from __future__ import annotations

import pytest
from kaleun.career import load_career, record_mission, save_career
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for

from window.test_setup_screen import set_up_window

DEAD = ("engineer-square", "officer-square", "captain-square", "navigator-triangle", "engineer-circle")


def _part_played(mission: str, again: bool, dead: int = len(DEAD)) -> None:
    """`mission`, the first part of a linked patrol, played to its time limit with `dead` sailors dead and section 3
    flooded; `again`: its primary objective not met, the record says the part is played again."""
    part = new_game(3, mission, {**changes_for(GameSetup(mission=mission, mode="linked")), "time_limit_h": 1,
                                 "encounter": [], "radio": [], "air_cover": "none"})
    part.apply({"do": "crew_options", "rules": "advise", "wear": False})
    for figure in DEAD[:dead]:
        part.apply({"do": "kill", "figure": figure, "why": "washed overboard"})
    part.module("crew").breaches.flooded = [3]
    part.advance_to(2 * 3600)
    assert record_mission(part) is not None
    record = load_career()
    carry = record["patrol"]["carry"]
    assert carry["flooded"] == [3]
    assert sum(1 for row in carry["sailors"] for s in row.values() if s["dead"]) == dead
    if again:
        record["patrol"]["from"] = record["patrol"]["next"]
        save_career(record)


@pytest.mark.parametrize("language", ["en", "de", "ru"])
@pytest.mark.parametrize("again", [False, True])
def test_5_2_the_linked_patrols_line_with_the_dead_and_flooded_reads_whole(home, language, again) -> None:
    _part_played("sc_convoy_1940", again)
    table, _ = set_up_window(language)
    table.tap("setup.next")
    table.tap("setup.mode.linked")
    line = table.window.tr(table.window.overlay.career_line())
    assert "5" in line and "3" in line and "91 %" in line, line
    table.window.cut.clear()
    table.render()
    assert line not in table.window.cut, table.window.cut.get(line)
    assert not table.window.cut, table.window.cut


@pytest.mark.parametrize(("language", "dead", "said"), [
    ("ru", 1, "Поход «Осень 1940» (связанный): «Метеоразведчик» заново, основная задача не выполнена. 1 моряк "
              "погиб, затоплены отсеки: 3."),
    ("ru", 2, "Поход «Осень 1940» (связанный): «Метеоразведчик» заново, основная задача не выполнена. 2 моряка "
              "погибли, затоплены отсеки: 3."),
    ("ru", 5, "Поход «Осень 1940» (связанный): «Метеоразведчик» заново, основная задача не выполнена. 5 моряков "
              "погибли, затоплены отсеки: 3."),
    ("de", 5, "Feindfahrt „Herbst 1940“ (verknüpft): „Wetterboot“ noch einmal, ein Hauptziel wurde nicht erreicht. "
              "5 Matrosen tot, geflutete Sektionen 3."),
])
def test_4_3_the_part_played_again_is_said_in_the_tables_language(home, language, dead, said) -> None:
    """§4.3: the part played again, the dead counted with the noun and verb agreeing (1 моряк погиб, 2 моряка
    погибли, 5 моряков погибли)."""
    _part_played("sc_convoy_1940", again=True, dead=dead)
    table, _ = set_up_window(language)
    table.tap("setup.next")
    table.tap("setup.mode.linked")
    assert table.window.tr(table.window.overlay.career_line()).startswith(said)


def test_5_2_the_fuel_left_keeps_its_percent_sign_where_a_line_breaks() -> None:
    """The line's fuel ("топливо: 91 %.") broke before "%.", leaving the sign alone on the next line."""
    from kaleun.ui.widgets import words_of

    assert words_of("Торпед: 14, топливо: 91 %.") == ["Торпед:", "14,", "топливо:", "91 %."]
