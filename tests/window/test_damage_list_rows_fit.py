"""§10 damage, §11 first aid: the Damage screen's list of what to do, at 800x480 in Russian. A row's button grew as
wide as its label ("Медицинская помощь", 220 px), so the row's words took two lines and the row grew: a sailor
waiting for first aid went to a second page of the list under a page with room left. A long label now takes two
lines in its button, and the four rows (a fire, two injuries waiting for their card, the torpedo officer needing
first aid) show on one page, each button there to touch."""

from __future__ import annotations

from kaleun.ui.theme import MIN_TARGET
from weapons.weaponskit import range_game

from window.fingers import Table_


def test_10_a_fire_two_injuries_and_first_aid_on_one_page_in_russian() -> None:
    g = range_game(3, surfaced=True, flooded=[])
    table = Table_(game=g, language="ru")
    rt = table.runtime
    rt.submit({"do": "damage", "kind": "environmental", "condition": "fire", "section": 5})
    rt.submit({"do": "damage", "kind": "crew", "sections": [2, 3]})
    table.until(g.t + 5, step=5)
    table.window.dismiss_alarms()
    table.tap("tab.damage")
    table.tap("card.1")  # the first injured sailor's card: a wound, bandages
    for field in ("field.wounds=1", "field.exhaustion=1", "field.supplies=bandages"):
        table.tap(field)
    table.tap("sheet.give")
    table.until(g.t + 5, step=5)
    table.window.dismiss_alarms()
    table.tap("tab.damage")
    table.window.cut.clear()
    table.render()
    ids = table.window.targets.ids()
    assert "damage.more" not in ids, "the list pages though its rows fit on one"
    assert [i for i in ids if i.startswith(("repair.", "card.", "first_aid."))] == [
        "repair.fire.5", "card.2", "card.3", "first_aid.captain-triangle"]
    aid = table.target("first_aid.captain-triangle").rect
    assert min(aid.size) >= MIN_TARGET and aid.bottom <= table.window.layout.ticker.y
    assert not table.window.cut, table.window.cut
    table.tap("first_aid.captain-triangle")
    assert table.window.overlay.values["patients"] == ["captain-triangle"]  # type: ignore[union-attr]
