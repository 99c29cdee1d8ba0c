"""The attack screen's tubes at 800x480 (rulebook §7.5 reloading; torpedoes.toml: a G7e just loaded runs cold until
it has been `warm_h` hours in the tube): in Russian a tube being reloaded read "заряжается, готов через 4:…" — the
countdown cut — and a cold torpedo's "(батарея не прогрета)" never showed at all. Each state of a tube reloaded with
a G7e now reads whole in every language and says the torpedo is cold: after the state where the row has room for
it, else beside the torpedo's type on the line above ("нос · G7e, не прогрета")."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kit import order
from weapons.weaponskit import range_game

from window.fingers import Table_, drawn_with_rects, reload_sheet

COLD = {"en": "cold", "de": "kalt", "ru": "не прогрета"}


def tube_row(table: Table_, tube: int) -> list[str]:
    """The texts drawn on a tube's row of the attack screen."""
    table.tap("tab.attack")
    row = table.target(f"tube.{tube}").rect
    return [text for text, rect in drawn_with_rects(table) if row.contains(rect)]


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_7_5_a_g7e_reloaded_says_its_countdown_and_that_it_is_cold(code: str) -> None:
    g = range_game(3, vessels=[{"class": "tramp", "bearing": 10, "range_m": 1500, "course": 90, "speed_kn": 8}])
    order(g, "periscope")
    g.advance_to(g.t + 30)
    ship = next(c["id"] for c in g.module("sea").picture.active() if c["kind"] == "ship")
    order(g, "tdc", contact=ship, spread_deg=0)
    order(g, "fire_torpedoes", tubes=[1])
    table = reload_sheet(g, language=code)
    table.tap("field.torpedo=G7e")
    table.tap("sheet.give")
    seen: dict[str, list[str]] = {}
    for _ in range(200):  # loading, then loaded; then flooded by touch: flooding, flooded (all within 3 hours: cold)
        table.until(g.t + 10, step=10)
        table.window.dismiss_alarms()
        status = g.module("weapons").status()
        state = next(t["state"] for t in status["tubes"] if t["tube"] == 1)
        if state in seen or any(int(r["tube"]) == 1 for r in status.get("running", [])):
            continue  # while its last torpedo runs, the row shows that run's countdown
        table.window.cut.clear()
        seen[state] = tube_row(table, 1)
        assert not table.window.cut, f"{state} in {code}: {table.window.cut}"
        if state == "loaded":
            table.tap("weapon.flood")
            table.tap("sheet.give")
        if state == "flooded":
            break
    assert {"loading", "loaded", "flooding", "flooded"} <= set(seen), seen
    for state, texts in seen.items():
        assert any(COLD[code] in text for text in texts), f"{state} in {code} does not say cold: {texts}"
    lang = table.window.lang
    assert any(text.startswith(lang.render(Msg("loading, ready in {t}", t="")).strip()) for text in seen["loading"])
