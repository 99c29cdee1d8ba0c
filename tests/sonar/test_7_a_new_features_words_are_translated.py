"""Digest §7 (scenarios as data, open for new ones): a map feature a new scenario adds to the legend without words
of its own in `FEATURE_WORDS` was named to the maker in an English-only sentence (an f-string), whatever the
language of the table. Its problems and its count in `kaleun map check` are catalogue sentences now."""

from __future__ import annotations

import dataclasses

import pytest
from kaleun.i18n import language
from kaleun.sonar.maps import LEGEND, MapError, feature_count, parse_map
from kaleun.sonar.scenarios import check_map, scenario

MAP = """\
name: Own
size: 5 x 4
sectors realtime: 2 2 1 / 2 1 1
sectors turn: 3 2 / 2 2
grid:
    A B C D E
 1  . . . . .
 2  . # . . .
 3  . . . {cell} .
 4  . . . . .
"""


@pytest.fixture()
def vortex(monkeypatch):
    """A new scenario's feature in the legend ('v': a vortex cell), without words of its own."""
    monkeypatch.setitem(LEGEND, "v", "vortex_cell")


def _spoken(problem) -> dict[str, str]:
    for code in ("de", "ru"):
        assert language(code).missing(problem) == [], code
    return {code: language(code).render(problem) for code in ("en", "de", "ru")}


def test_7_a_map_marking_a_feature_its_scenario_lacks_is_told_in_the_table_language(vortex):
    with pytest.raises(MapError) as caught:
        check_map(parse_map(MAP.format(cell="v"), "own.map"), scenario("alpha"), "turn")
    assert caught.value.problems == ["own.map:9: scenario Alpha has no cells of the kind vortex cell ('v'); mark "
                                     "that cell '.'"]
    said = _spoken(caught.value.messages[0])
    assert said["de"].startswith("own.map:9: Szenario Alpha hat keine Felder der Art vortex cell ('v')"), said
    assert said["ru"].startswith("own.map:9: в сценарии"), said


def test_7_a_scenario_needing_a_feature_its_map_lacks_is_told_in_the_table_language(vortex):
    needs = dataclasses.replace(scenario("delta"), surface_outside="vortex_cell")
    with pytest.raises(MapError) as caught:
        check_map(parse_map(MAP.format(cell="."), "own.map"), needs, "turn")
    assert caught.value.problems == ["own.map:7: scenario Delta needs at least one cell of the kind vortex cell ('v') "
                                     "on its map"]
    said = _spoken(caught.value.messages[0])
    assert "mindestens ein Feld der Art vortex cell ('v')" in said["de"], said
    assert "хотя бы одна клетка вида vortex cell ('v')" in said["ru"], said


def test_7_the_map_checks_count_of_such_cells_is_a_catalogue_sentence():
    assert language("en").render(feature_count("vortex_cell", 1)) == "1 cell of the kind vortex cell"
    assert language("en").render(feature_count("vortex_cell", 3)) == "3 cells of the kind vortex cell"
    assert language("de").render(feature_count("vortex_cell", 3)) == "3 Felder der Art vortex cell"
    assert language("ru").render(feature_count("vortex_cell", 5)) == "5 клеток вида vortex cell"
    assert language("ru").missing(feature_count("vortex_cell", 2)) == []
