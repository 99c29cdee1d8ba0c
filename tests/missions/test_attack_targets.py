"""The debrief's attacks (the missions, score and debrief: the patrol's attacks marked) name what each was aimed at as
the crew knew it: a salvo fired on a TDC solution made from a contact's target data (rulebook §7.5.3, §12) names that
contact, and its class once the crew had identified it; a manual or attack disc solution names none, and the
debrief says how it was aimed ("aimed by hand", "aimed with the attack disc"; §9.2.1), a save from before that
was kept "no target chosen" (never null or None)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from kaleun.boards.loader import default_board
from kaleun.i18n import language
from kaleun.runtime.script import ScriptRun
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.debrief import debrief, lines
from kaleun.ui.debrief_chart import render_debrief
from kit import Keeper, one, order
from missionkit import chart_texts

NIGHT_ATTACK = Path(__file__).resolve().parents[1] / "weapons" / "scripts" / "night_attack.jsonl"


def aimed_at_c3(tmp_path: Path) -> Any:
    """The night attack of host/README.md up to its TDC set on contact c3 (the salvo not yet fired)."""
    steps = [json.loads(line) for line in NIGHT_ATTACK.read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    script = tmp_path / "aim.jsonl"
    script.write_text("".join(json.dumps(s) + "\n" for s in steps if s["t"] <= 300), encoding="utf-8")
    g = new_game(0, "exercise_convoy_battle")
    ScriptRun(g, default_board(), Keeper()).run(script)
    assert g.module("weapons").fire_control.tdc["source"] == "contact"
    return g


def last_attack(d):
    """The debrief's line of the last attack (the fuel used follows the attacks)."""
    return next(m for m in reversed(lines(d)) if str(m).startswith("  "))  # an attack's line is indented


def test_12_a_salvo_on_a_contact_s_target_data_names_the_contact(tmp_path):
    g = aimed_at_c3(tmp_path)
    salvo = one(order(g, "fire_torpedoes", tubes=[1, 2, 3]), "salvo")
    assert salvo["target"] == "c3"
    d = debrief(g)
    assert [(a["kind"], a["target"], a["class_name"]) for a in d["attacks"]] == [("torpedoes", "c3", None)]
    assert str(last_attack(d)).endswith("torpedoes: c3")


def test_12_the_debrief_names_the_class_as_the_crew_had_identified_it(tmp_path):
    g = aimed_at_c3(tmp_path)
    contact = g.module("sea").picture.get("c3")
    contact.update(identified=True, type="merchant", **{"class": "tramp"}, name="Tramp steamer", grt=4800)
    order(g, "fire_torpedoes", tubes=[1, 2, 3])
    d = debrief(g)
    assert d["attacks"][0]["class_name"] == "Tramp steamer"
    assert str(last_attack(d)).endswith("torpedoes: c3 (Tramp steamer)")
    german = language("de")
    assert german.render(last_attack(d)).endswith("Torpedos: c3 (Trampdampfer)")


def test_12_a_manual_solution_names_no_target_and_says_it_was_aimed_by_hand(tmp_path, monkeypatch):
    g = aimed_at_c3(tmp_path)
    order(g, "tdc", source="manual", bearing=33, range_m=2200, course=137, speed_kn=7.5, spread_deg=6)
    salvo = one(order(g, "fire_torpedoes", tubes=[1, 2, 3]), "salvo")
    assert salvo["target"] is None
    d = debrief(g)
    assert d["attacks"][0]["target"] is None
    said = [str(m) for m in lines(d)]
    assert str(last_attack(d)).endswith("torpedoes: aimed by hand")
    assert not any("None" in s or "null" in s for s in said)
    # the saved chart's panel lists it the same
    drawn = chart_texts(monkeypatch)
    render_debrief(d)
    assert any(t.endswith("torpedoes: aimed by hand") for t in drawn)


def test_9_2_1_a_salvo_on_the_attack_disc_s_solution_says_it_was_aimed_with_the_disc(tmp_path):
    g = aimed_at_c3(tmp_path)
    heading = round(g.module("boat").heading)
    g.apply({"do": "attack_disc", "own_course": heading, "bearing": 33, "enemy_course": 137, "via": "disc"})
    order(g, "tdc", source="disc", range_m=2200, speed_kn=7.5, spread_deg=6)
    assert g.module("weapons").fire_control.tdc["source"] == "disc"
    salvo = one(order(g, "fire_torpedoes", tubes=[1, 2, 3]), "salvo")
    assert salvo["target"] is None
    d = debrief(g)
    assert d["attacks"][0]["aimed"] == "disc"
    assert str(last_attack(d)).endswith("torpedoes: aimed with the attack disc")
    assert language("de").render(last_attack(d)).endswith("Torpedos: mit der Angriffsscheibe gezielt")


def test_a_save_from_before_the_aim_was_kept_says_no_target_chosen(tmp_path):
    g = aimed_at_c3(tmp_path)
    order(g, "tdc", source="manual", bearing=33, range_m=2200, course=137, speed_kn=7.5, spread_deg=6)
    order(g, "fire_torpedoes", tubes=[1, 2, 3])
    del g.module("mission").log["attacks"][0]["aimed"]  # as such a save is loaded
    assert str(last_attack(debrief(g))).endswith("torpedoes: no target chosen")


def test_12_the_window_s_debrief_names_what_each_attack_was_aimed_at(tmp_path, monkeypatch):
    from kaleun.core.events import Event
    from kaleun.ui.widgets import Canvas
    from window.fingers import Table_

    g = aimed_at_c3(tmp_path)
    order(g, "fire_torpedoes", tubes=[1])
    order(g, "tdc", source="manual", bearing=33, range_m=2200, course=137, speed_kn=7.5)
    order(g, "fire_torpedoes", tubes=[2])
    table = Table_(game=g)
    drawn: list[str] = []
    for name in ("text", "paragraph"):
        real = getattr(Canvas, name)

        def spy(self: Canvas, text: Any, *args: Any, _real: Any = real, **kwargs: Any) -> Any:
            drawn.append(str(text))
            return _real(self, text, *args, **kwargs)

        monkeypatch.setattr(Canvas, name, spy)
    table.window._on_event(Event(g.t, g.now_iso, "mission_end", {"result": "lost", "reason": "time_limit"}))
    table.render()
    assert "torpedoes: c3" in drawn and "torpedoes: aimed by hand" in drawn
