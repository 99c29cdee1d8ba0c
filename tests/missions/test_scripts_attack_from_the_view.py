"""Every shipped table script attacks by the book (rulebook §8.3, §8.4): surfaced, the TDC, the salvo and the deck
guns are reached from the lookouts' view (at least one lookout on observation duty in section 8); submerged, the
TDC and the salvo from the periscope's view (the periscope order). The missions' scripts play with the crew rules
advising, so an attack order given without its view would go ahead with a `crew_warning` saying what was missing:
no shipped script's log may carry one."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from kaleun.boards.loader import default_board
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.uboot.game import new_game

TESTS = Path(__file__).resolve().parents[1]
#: the orders given from a view (§8.3: the lookouts' view surfaced; §8.4: the periscope's submerged)
VIEW_ORDERS = ("tdc", "fire_torpedoes", "gun_88", "gun_20")


def _commands(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def _attacking_scripts() -> list[Path]:
    """The shipped table scripts (tests/*/scripts) that give a TDC, firing or gun order."""
    return [path for path in sorted(TESTS.glob("*/scripts/*.jsonl"))
            if any(c.get("do") == "order" and c.get("order") in VIEW_ORDERS for c in _commands(path))]


def _mission_and_seed(path: Path) -> tuple[str, int]:
    """The mission and seed a script is played with: its comment's `kaleun run --mission X --seed N` line, or
    for a mission's own script its name and the seed its first line names."""
    comments = "\n".join(line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("#"))
    mission = re.search(r"--mission (\S+)", comments)
    seed = re.search(r"--seed (\d+)", comments) or re.search(r"\(seed (\d+)\)", comments)
    if mission is None and path.parent.parent.name == "missions":
        return path.name.split(".")[0], int(seed.group(1)) if seed else 0
    assert mission is not None, f"{path}: the script does not say which mission it plays (--mission)"
    return mission.group(1), int(seed.group(1)) if seed else 0


def _without_the_view(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The crew warnings of attack orders that went ahead without their view (not those short of sailors)."""
    return [e for e in events if e["event"] == "crew_warning" and e.get("order") in VIEW_ORDERS
            and "view" in str(e.get("missing", ""))]


def test_8_4_the_check_finds_an_attack_order_given_without_its_view():
    """The check below is not empty: a TDC order on the surface with nobody on the bridge, the crew rules
    advising (the convoy battle exercise), goes ahead with the warning it looks for."""
    game = new_game(0, "exercise_convoy_battle")
    events = [e.to_json() for e in game.apply({"do": "order", "order": "tdc", "bearing": 14, "range_nm": 1.64,
                                               "course": 120, "speed_kn": 7.5})]
    assert len(_without_the_view(events)) == 1


def test_8_4_the_shipped_attack_scripts_are_found():
    names = {f"{p.parent.parent.name}/{p.name}" for p in _attacking_scripts()}
    assert {"missions/hatteras_1942.win.jsonl", "missions/prize_rules_1939.win.jsonl",
            "weapons/night_attack.jsonl", "weapons/periscope_attack.jsonl"} <= names


@pytest.mark.parametrize("path", _attacking_scripts(), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_8_3_8_4_no_shipped_script_attacks_without_the_view(path: Path):
    mission, seed = _mission_and_seed(path)
    game = new_game(seed, mission)
    out = io.StringIO()
    ScriptRun(game, default_board(), EventWriter(out)).run(path)
    events = [json.loads(line) for line in out.getvalue().splitlines()]
    assert any(e["event"] in ("tdc_programmed", "salvo", "gun_round") for e in events), f"{path.name}: no attack"
    warned = _without_the_view(events)
    assert warned == [], [(e["t"], e["feed"]) for e in warned]
