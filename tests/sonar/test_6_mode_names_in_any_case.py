"""Digest §6: the two modes are named as a table says them: `--mode` took `turn` and `realtime` only, while the map
format reads `sectors real-time:`, `--scenario` takes `Delta` and `Дельта`, and a console's `new` takes `echtzeit`.
`kaleun play`, `kaleun run` and `kaleun map check` now read `--mode` the same way."""

from __future__ import annotations

import json

import pytest
from kaleun.cli import main
from kaleun.fronts.sonar import mode_word
from kaleun.sonar import data
from sonarkit import start


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path / "home"))
    return tmp_path


@pytest.mark.parametrize(("typed", "mode"), [("Realtime", "realtime"), ("real-time", "realtime"),
                                             ("Turn-Based", "turn"), (" turn ", "turn"), ("Echtzeit", "realtime"),
                                             ("rundenbasiert", "turn"), ("пошаговый режим", "turn"),
                                             ("Реальное время", "realtime")])
def test_6_a_mode_is_named_in_any_case_or_in_the_tables_language(typed, mode):
    """§6 [B] "Echtzeit" / "rundenbasiert": the mode as the map format spells it, in any case, or as a table
    names it, is the mode's id."""
    assert mode_word(typed) == mode


def test_6_kaleun_run_plays_the_mode_named_in_the_tables_language(home):
    """§6: `kaleun run --mode Echtzeit` plays the real-time game (it was "invalid choice: 'Echtzeit'")."""
    script, events = home / "start.jsonl", home / "events.jsonl"
    script.write_text("".join(json.dumps({"t": 0, **line}) + "\n" for line in start("A1", "O15")), encoding="utf-8")
    assert main(["run", "--game", "sonar", "--scenario", "alpha", "--mode", "Echtzeit", "--script", str(script),
                 "--events", str(events)]) == 0
    said = [json.loads(line) for line in events.read_text(encoding="utf-8").splitlines()]
    assert [e["mode"] for e in said if e["event"] == "dive_stations"] == ["realtime"]


def test_6_map_check_takes_the_mode_as_the_map_format_spells_it(home, capsys):
    """§6: `kaleun map check --mode real-time` checks the map for the real-time game, as its 'sectors real-time:'."""
    sea = home / "alpha.map"
    sea.write_text(data.text("maps/alpha.map"), encoding="utf-8")
    assert main(["map", "check", str(sea), "--mode", "Real-Time"]) == 0
    assert "fits scenario alpha (realtime)" in capsys.readouterr().out


def test_6_a_mode_of_neither_name_is_still_refused_naming_the_two(home, capsys):
    sea = home / "alpha.map"
    sea.write_text(data.text("maps/alpha.map"), encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        main(["map", "check", str(sea), "--mode", "slow"])
    assert stopped.value.code == 2
    assert "invalid choice: 'slow' (choose from 'turn', 'realtime')" in capsys.readouterr().err
