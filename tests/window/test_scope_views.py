"""The first-person views show what the crew would see (the console's first-person views): through the
attack periscope only while it is raised (rulebook §6.5: every look through the periscope is an
order, and only at periscope depth); a lowered periscope shows no ships and says how to raise it.
"""

from __future__ import annotations

from kaleun.core.messages import Msg

from window.fingers import Table_, lookouts_on_watch, shown


def at_periscope_depth() -> Table_:
    """The convoy exercise by day, the boat dived to periscope depth with the convoy in sight."""
    table = Table_(mission="exercise_convoy", seed=0)
    table.runtime.submit({"do": "order", "order": "dive"})
    table.until(200)
    assert table.game.module("boat").at_periscope_depth
    table.tap("tab.scope")
    table.tap("optic.periscope")
    return table


def test_6_5_a_lowered_periscope_shows_no_ships() -> None:
    table = at_periscope_depth()
    scope = table.window.screens["scope"]
    said = shown(table)
    assert not scope.periscope_up
    assert not scope.seen, "ships drawn through a lowered periscope"
    assert table.window.tr(Msg("The periscope is down: raise it (a periscope order).")) in said


def test_6_5_the_raised_periscope_shows_the_escorts() -> None:
    """The hunted exercise by day: the boat at periscope depth, two corvettes 2 to 3 nm off, within the periscope's
    reach (the convoy exercise's ships, 8 nm and more off a dived boat, are beyond it: see below)."""
    table = Table_(mission="exercise_escort", seed=0)
    assert table.game.module("boat").at_periscope_depth
    table.window.dismiss_alarms()
    table.tap("tab.scope")
    table.tap("optic.periscope")
    table.tap("scope.raise")
    table.tap("sheet.give")
    table.until(table.game.t + 5)
    table.render()
    scope = table.window.screens["scope"]
    assert scope.periscope_up and scope.seen
    assert table.named("periscope_view")[-1].data["contacts"]  # the look reported what the view shows
    assert all(s.range_nm <= scope.visible_nm for s in scope.seen if s.cls is not None)


def test_8_the_view_is_under_the_weather_and_the_daylight_of_the_moment() -> None:
    """The binoculars on the bridge by day show the convoy under a day sky; in fog (0.5 nm of
    visibility) no ship of the convoy beyond it is drawn and the sky is fog-grey; at night the sky is
    the night's."""
    from kaleun.ui.screens import scope as scope_screen

    table = Table_(mission="exercise_convoy", seed=0)
    table.runtime.submit({"do": "weather", "kind": "clear", "hold": True})
    table.until(120)
    table.tap("tab.scope")
    table.tap("optic.binoculars")
    table.render()
    view = table.window.screens["scope"]
    assert view.seen and view.weather["daylight"] == "day"
    area = table.window.layout.content
    width = area.w - 140  # the view, beside its controls
    sky_at = (area.x + 4 + width // 2 - width // 8, area.y + 4 + (area.h - 8) // 5)  # in the sky, off the reticle
    day_sky = tuple(table.surface.get_at(sky_at)[:3])
    assert day_sky == scope_screen.SKIES["day"][0]
    table.runtime.submit({"do": "weather", "kind": "fog", "hold": True})
    table.until(table.game.t + 1, step=1)
    table.render()
    assert all(s.range_nm <= view.visible_nm for s in view.seen if s.cls is not None)
    assert view.visible_nm <= 0.5 and not [s for s in view.seen if s.cls is not None and s.range_nm > 0.5]
    fog_sky = tuple(table.surface.get_at(sky_at)[:3])
    assert fog_sky != day_sky and sum(abs(a - b) for a, b in zip(fog_sky, scope_screen.FOGGY, strict=True)) < 90
    table.runtime.submit({"do": "weather", "kind": "clear", "hold": True})
    while table.game.module("weather").status()["daylight"] != "night":
        table.until(table.game.t + 900, step=300)
    table.render()
    assert tuple(table.surface.get_at(sky_at)[:3]) == scope_screen.SKIES["night"][0]


def test_8_the_target_button_turns_the_view_to_the_nearest_reported_contact() -> None:
    """The first-person views by touch alone: with no contact chosen on the plot, the first-person view's Target
    button turns to the nearest contact the crew has reported (the arrows turn half a field of view
    a touch: a ship 39° off the bow took ten touches of the binoculars); the contact is then chosen
    on the plot as well, and the button says so ("To c1")."""
    from window.test_every_action_by_touch import ship_in_gun_range

    table = ship_in_gun_range()
    table.window.dismiss_alarms()
    table.tap("tab.scope")
    contacts = table.game.module("sea").status()["contacts"]
    nearest = min(contacts, key=lambda x: x["range_nm"])
    scope = table.window.screens["scope"]
    assert scope.bearing == 0 and abs(nearest["bearing"]) > 10
    assert table.target("scope.target").action is not None
    assert table.window.tr(Msg("Nearest: {c}", c=nearest["contact"])) in shown(table)
    table.tap("scope.target")
    table.render()
    assert scope.bearing == int(nearest["bearing"])
    assert table.window.ui["contact"] == nearest["contact"]
    assert table.window.tr(Msg("To {c}", c=nearest["contact"])) in shown(table)
    assert [s for s in scope.seen if s.cls is not None], "the ship is in the view"


def test_8_the_target_button_waits_for_a_contact() -> None:
    table = Table_(mission="training", seed=0)
    table.tap("tab.scope")
    assert table.target("scope.target").action is None  # greyed: nobody has reported anything


def test_6_5_the_periscope_shows_no_ship_beyond_what_a_look_through_it_reports() -> None:
    """Rulebook §6.5 and the first-person views: the convoy 7.6 to 13 nm off by day, the boat at periscope depth
    with the periscope raised. The look reported "Periscope: nothing in sight." while the view drew the whole
    convoy on the horizon out to the weather's visibility; a ship now shows only as far as the periscope's sighting
    range of its size reaches (sensors.toml: the visual range of its size x the periscope's range_share), so the
    view and the report agree."""
    from kaleun.uboot.sea.sensors import PERISCOPE, visual_range

    table = Table_(mission="exercise_convoy", seed=0)
    lookouts_on_watch(table)
    table.until(600, step=10)
    rt = table.runtime
    for figure in ("navigator-square", "navigator-triangle"):
        rt.table.actuate({"do": "place", "figure": figure, "section": 3})
    rt.submit({"do": "order", "order": "dive"})
    table.until(700, step=10)
    rt.submit({"do": "order", "order": "periscope"})
    table.until(705, step=5)
    [look] = table.named("periscope_view")
    assert not look.data["contacts"]  # nothing reported
    table.window.dismiss_alarms()
    table.tap("tab.scope")
    table.tap("optic.periscope")
    table.render()
    scope = table.window.screens["scope"]
    assert scope.periscope_up
    sea = table.game.module("sea")
    cond = sea.conditions()
    sizes = {vid: v.cls.size for vid, v in sea.vessels.items()}
    far = [s for s in sea.vessels if (truth := sea.truth(s, table.game.t)) is not None and truth.range_nm < 15]
    assert far  # the convoy is there, beyond the periscope's reach
    reach = float(PERISCOPE["range_share"])
    beyond = [(s.entity, s.range_nm) for s in scope.seen
              if s.cls is not None and s.range_nm > visual_range(sizes[s.entity], cond) * reach]
    assert not beyond, beyond
    assert not [s for s in scope.seen if s.cls is not None]  # nothing reported, nothing drawn


def test_6_5_10_3_a_damaged_periscope_shows_no_farther_than_a_look_through_it_reaches() -> None:
    """§10.3: an open condition on the periscope cuts its looks' reach (sensors.toml [periscope] degraded_factor);
    the Scope view through it shows what the crew can see through the damaged periscope: each ship only as far as
    that cut range, as a look through it reports, and the note in the dark says the same reach."""
    from kaleun.uboot.crew.technical import SEVERITIES
    from kaleun.uboot.sea.sensors import PERISCOPE, ship_range

    table = Table_(mission="exercise_escort", seed=0)
    table.window.dismiss_alarms()
    table.tap("tab.scope")
    table.tap("optic.periscope")
    table.tap("scope.raise")
    table.tap("sheet.give")
    table.until(table.game.t + 5)
    table.render()
    scope = table.window.screens["scope"]
    healthy = {s.entity: s.limit_nm for s in scope.seen if s.cls is not None}
    assert healthy  # the corvettes in sight through the sound periscope
    table.runtime.submit({"do": "damage", "kind": "technical", "component": "periscope", "severity": SEVERITIES[0]})
    table.until(table.game.t + 1)
    assert table.game.module("technical").degraded("periscope")
    table.render()
    assert scope.periscope_up
    sea = table.game.module("sea")
    cond = sea.conditions()
    assert [s for s in scope.seen if s.cls is not None]  # still in sight, nearer than the cut reach
    share = float(PERISCOPE["range_share"]) * float(PERISCOPE["degraded_factor"])
    assert share < float(PERISCOPE["range_share"])
    for s in scope.seen:
        if s.cls is not None:
            assert s.limit_nm == round(ship_range(sea.vessels[s.entity], cond) * share, 2)
            assert s.range_nm <= s.limit_nm < healthy.get(s.entity, 1e9)
