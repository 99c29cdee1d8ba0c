"""Digest §7: the scenarios are named as the sheets print them: `--scenario Delta` (capitalised) was refused as an
unknown scenario; the ids are taken in any case, and the names a German or Russian table reads too.
"""

from __future__ import annotations

import pytest
from kaleun.cli import main
from kaleun.fronts.sonar import new, scenario_word


@pytest.mark.parametrize(("typed", "sid"), [("Delta", "delta"), ("DELTA", "delta"), (" echo ", "echo"),
                                            ("Дельта", "delta"), ("эхо", "echo"), ("Charlie", "charlie")])
def test_7_a_scenario_is_named_in_any_case_or_in_the_tables_language(typed, sid):
    """§7: `--scenario Delta` (as the sheet prints it) was refused as an unknown scenario; the ids are taken in any
    case and the names a German or Russian table reads (Дельта) too."""
    assert scenario_word(typed) == sid

    class Options:
        scenario, mode, crew, map, training_aid = typed, "realtime", None, None, False

    assert new(Options(), 1).config["scenario"] == sid


def test_7_an_unknown_scenario_is_still_refused_naming_the_known_ones():
    class Options:
        scenario, mode, crew, map, training_aid = "Foxtrot", "realtime", None, None, False

    from kaleun.core.errors import CommandError

    with pytest.raises(CommandError, match=r"unknown scenario 'Foxtrot' \(known: alpha, bravo, charlie, delta, echo\)"):
        new(Options(), 1)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path / "home"))
    return tmp_path


def test_7_map_check_takes_a_capitalised_scenario(home, capsys):
    """§7: `kaleun map check --scenario Delta` checks the map for Delta."""
    from kaleun.sonar import data

    sea = home / "ice.map"
    sea.write_text(data.text("maps/delta.map"), encoding="utf-8")
    assert main(["map", "check", str(sea), "--scenario", "Delta"]) == 0
    assert "fits scenario delta" in capsys.readouterr().out


@pytest.mark.parametrize(("name", "sid"), [("Дельта", "delta"), ("ЭХО", "echo"), ("Delta", "delta")])
def test_7_a_map_named_in_the_tables_language_plays_and_checks_as_its_scenario(home, capsys, name, sid):
    """§7 Delta's water holes, Echo's Archer mines: an owner at a Russian table types the printed map's name as the
    sheet there reads it (`name: Дельта`). Without --scenario it was checked and played as Alpha, and refused
    with "scenario Alpha has no water holes" on every water hole; it is now the scenario `--scenario Дельта` names."""
    from kaleun.sonar import data

    text = data.text(f"maps/{sid}.map")
    lines = [f"name: {name}" if line.lower().startswith("name:") else line for line in text.splitlines()]
    sea = home / "printed.map"
    sea.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["map", "check", str(sea)]) == 0
    assert f"fits scenario {sid}" in capsys.readouterr().out

    class Options:
        scenario, mode, crew, map, training_aid = None, "realtime", None, str(sea), False

    assert new(Options(), 1).config["scenario"] == sid
