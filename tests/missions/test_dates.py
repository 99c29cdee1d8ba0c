"""The mission's date against the data's dates (rulebook §4.1: the briefing's date and base; §11 of the
digest: the enemy of the mission's year): a mission may not sail from a base before U-boats used it, and
its enemy may not bring a ship class before the first of the class was in service. The catalogue refuses
such a mission with `file:line: problem` when it is read."""

from __future__ import annotations

from datetime import date

import pytest
from kaleun.uboot.missions import catalogue as cat
from kaleun.uboot.missions.catalogue import MissionError, catalogue, check_text

ST_NAZAIRE = """\
name = "Early boat"
start = "{start}"
base = "st_nazaire"
square = "BF54"
time_limit_h = 24
briefing = "A test."

[[objective]]
id = "go"
kind = "reach"
square = "BF45"
text = "Reach BF45."
"""


def test_4_1_no_boat_sails_from_st_nazaire_before_the_first_u_boat_put_in_on_29_september_1940():
    """U-46 was the first U-boat at St-Nazaire, on 29 September 1940; the 7th Flotilla moved there only in
    1941 (bases.toml names the sources). A mission from St-Nazaire a week earlier is refused, to the day."""
    assert cat.base_dates()["st_nazaire"] == date(1940, 9, 29)
    with pytest.raises(MissionError) as err:
        check_text(ST_NAZAIRE.format(start="1940-09-22T08:00:00"), "early.toml", "early")
    assert err.value.problems == ["early.toml:3: early: base: St-Nazaire took U-boats only from 29 September 1940; "
                                  "the mission starts on 22 September 1940"]
    assert check_text(ST_NAZAIRE.format(start="1940-10-01T08:00:00"), "early.toml", "early")


def test_4_1_every_shipped_mission_sails_from_a_base_already_in_use():
    for mid, spec in catalogue().missions.items():
        if "base" in spec:
            assert date.fromisoformat(spec["start"][:10]) >= cat.base_dates()[spec["base"]], mid


def test_a_base_without_a_day_stops_the_catalogue_with_file_and_line(monkeypatch):
    bases = {bid: dict(spec) for bid, spec in cat.BASES.items()}
    bases["st_nazaire"]["from_date"] = "autumn 1940"
    monkeypatch.setattr(cat, "BASES", bases)
    cat.catalogue.cache_clear()
    try:
        with pytest.raises(MissionError) as err:
            cat.catalogue()
    finally:
        monkeypatch.undo()
        cat.catalogue.cache_clear()
    from importlib import resources

    lines = resources.files("kaleun.uboot.data").joinpath("bases.toml").read_text(encoding="utf-8").splitlines()
    table = lines.index("[st_nazaire]")
    line = next(n for n in range(table, len(lines)) if lines[n].startswith("from_date")) + 1
    assert err.value.problems == [f"bases.toml:{line}: bases: st_nazaire: from_date must be a day like \"1940-09-29\", "
                                  "got 'autumn 1940'"]
