"""The console's every order by touch: every order and crew action by touch, the corrections of §6.14 and
undo, the breach puzzle's result and the return to base included. Each action of the one table both
front ends are made from (`kaleun.ui.actions.ACTIONS`) is reached here by touches alone, from the
screen a First Officer would use, and the game receives its command. An action added without a way
to touch it fails `test_1_every_action_has_a_way_by_touch`. (Accepting or refusing it is the rules'
business, tested with each rule; here the touch must reach the game with the right command.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from kaleun.uboot.boat import TELEGRAPH
from kaleun.ui.actions import ACTIONS

from window.fingers import Remembering

#: actions with no touch of their own on the screen, and why
NOT_BY_TOUCH = {
    "turn": "a dial of the built table turned by a hand (the window's telegraph, compass and disc sheet give "
            "what it gives)",
    "dial": "a dial of the built table set by a hand (as above; a dial declared without a control of its own is set "
            "on the Table dials sheet: tests/window/test_table_dials_by_touch.py)",
    "home": "a ring of the attack disc passing its zero mark (the built table's sensor)",
    "press": "a button of the built table (the window's own pause and time buttons are `time`/`pause`)",
    "damage": "the referee's: damage as the sea would do it (tests, table scripts)",
    "weather": "the referee's: set the weather (tests, table scripts)",
    "report": "the referee's: a status report into the event log",
}


class Hands(Remembering):
    """A table whose game remembers every command that reached it, and a hand that sends the open sheet."""

    def give(self) -> None:
        """Send the open sheet, choosing the first option of every choice it still needs."""
        for _ in range(6):
            give = self.target("sheet.give")
            if give.action is not None:
                break
            sheet = self.window.overlay
            unset = next(f for f in sheet.fields() if not f.optional  # type: ignore[union-attr]
                         and sheet.values.get(f.key) in (None, []))  # type: ignore[union-attr]
            option = next(t.id for t in self.window.targets.items if t.id.startswith(f"field.{unset.key}="))
            self.tap(option)
        self.tap("sheet.give")

    def order(self, name: str) -> None:
        self.tap("tab.orders")
        self.tap(f"order.{name}")
        self.give()

    def mobilized(self) -> Hands:
        self.runtime.submit({"do": "order", "order": "mobilize"})
        return self


def convoy(**kw: Any) -> Hands:
    return Hands(mission="exercise_convoy_battle", seed=0, **kw)


def lookouts(t: Hands, wait: float = 300) -> Hands:
    rt = t.runtime
    rt.submit({"do": "order", "order": "mobilize"})
    for figure in ("navigator-square", "navigator-triangle"):
        rt.table.actuate({"do": "place", "figure": figure, "section": 8})
    rt.submit({"do": "order", "order": "observe"})
    rt.submit({"do": "end_mobilize"})
    t.until(wait)
    t.window.dismiss_alarms()
    return t


def on_the_plot(button: str) -> Callable[[], Hands]:
    def route() -> Hands:
        t = lookouts(Hands(mission="exercise_convoy", seed=0), 600)
        t.tap("tab.plot")
        t.render()
        targets = t.window.targets
        contact = next(x.id for x in targets.items if x.id.startswith("contact.")  # one not under another's mark
                       and targets.at(x.rect.center).id == x.id)
        t.tap(contact)
        t.tap(button)
        return t
    return route


def sailor_button(button: str, setup: Callable[[Hands], Any] = lambda t: None,
                  figure: str = "officer-square", sheet: bool = False) -> Callable[[], Hands]:
    def route() -> Hands:
        t = convoy()
        setup(t)
        t.window.dismiss_alarms()
        t.tap("tab.crew")
        t.tap(f"sailor.{figure}")
        t.tap(button)
        if sheet:
            t.give()
        return t
    return route


def by_order(name: str, setup: Callable[[Hands], Any] = lambda t: None, *touches: str,
             mission: str = "training") -> Callable[[], Hands]:
    """The order's sheet on the orders screen (the training patrol's orders go ahead even when the
    crew cannot carry them out), with `touches` on the sheet; the sea must allow the order (the sheet
    greys Give for an order the game would refuse), so `setup` brings the boat there."""
    def route() -> Hands:
        t = Hands(mission=mission, seed=0)
        setup(t)
        t.window.dismiss_alarms()
        t.tap("tab.orders")
        t.tap(f"order.{name}")
        for touch in touches:
            t.tap(touch)
        t.give()
        return t
    return route


def submerged(t: Hands) -> None:
    t.runtime.submit({"do": "crew_options", "rules": "advise"})  # whoever stands where: the boat dives
    t.runtime.submit({"do": "order", "order": "dive"})
    t.until(t.game.t + 120, step=10)


def at_periscope_depth(t: Hands) -> None:
    submerged(t)
    t.runtime.submit({"do": "order", "order": "new_depth", "depth_m": 10})
    t.until(t.game.t + 300, step=10)


def armed(t: Hands) -> None:
    """The convoy battle: lookouts, two tubes flooded, the TDC on the nearest ship."""
    lookouts(t, 290)
    rt = t.runtime
    rt.submit({"do": "order", "order": "flood_tubes", "tubes": [1, 2]})
    t.until(t.game.t + 300)
    ship = next(c["contact"] for c in t.game.module("sea").status()["contacts"] if c["kind"] == "ship")
    rt.submit({"do": "order", "order": "tdc", "contact": ship})


def aircraft_in_range(t: Hands) -> None:
    lookouts(t, 0)
    for _ in range(200):
        if any(c["kind"] == "aircraft" and c["range_nm"] < 1 for c in t.game.module("sea").status()["contacts"]):
            return
        t.until(t.game.t + 5, step=5)


def fired(t: Hands) -> None:
    armed(t)
    t.runtime.submit({"do": "order", "order": "fire_torpedoes", "tubes": [1]})
    t.until(t.game.t + 60)


def ship_in_gun_range() -> Hands:
    from kit import do, order
    from weapons.weaponskit import range_game

    g = range_game(3, vessels=[{"class": "tramp", "bearing": 40, "range_m": 2500, "course": 40, "speed_kn": 0}],
                   surfaced=True, flooded=[])
    order(g, "mobilize")
    for figure in ("navigator-square", "navigator-triangle"):
        do(g, {"do": "place", "figure": figure, "section": 8})
    order(g, "observe")
    while not [c for c in g.module("sea").picture.active() if c["kind"] == "ship"]:
        g.advance_to(g.t + 30)
    return Hands(game=g)


def mines() -> Hands:
    """The shallows off Hartlepool (20 m of water), mines in the bow tubes (as tests/weapons/test_mines.py)."""
    from weapons.weaponskit import range_game

    t = Hands(game=range_game(0, start="1939-11-20T22:00:00", flooded=[], position=[54.7, -0.86], course=270,
                              loadout="tmb_1939"))
    t.tap("tab.orders")
    t.tap("order.lay_mines")
    t.give()
    return t


def gun() -> Hands:
    t = ship_in_gun_range()
    t.tap("tab.orders")
    t.tap("order.gun_88")
    t.give()
    return t


def tdc() -> Hands:
    """The TDC from a contact whose course the lookouts have estimated."""
    t = lookouts(Hands(mission="exercise_convoy", seed=0), 600)
    known = {c["contact"] for c in t.game.module("sea").status()["contacts"] if c.get("course") is not None}
    t.tap("tab.orders")
    t.tap("order.tdc")
    t.render()
    ship = next(x.id for x in t.window.targets.items if x.id.removeprefix("field.contact=") in known)
    t.tap(ship)
    t.give()
    return t


def tap_then(first: str, *then: str, setup: Callable[[Hands], Any] = lambda t: None,
             sheet: bool = False) -> Callable[[], Hands]:
    def route() -> Hands:
        t = convoy()
        setup(t)
        t.window.dismiss_alarms()
        for name in (first, *then):
            t.tap(name)
        if sheet:
            t.give()
        return t
    return route


def place() -> Hands:
    t = convoy()
    t.drag("figure.engineer-square", "section.5")
    return t


def lift() -> Hands:
    t = convoy()
    t.drag("figure.engineer-square", "tray")
    return t


def telegraph() -> Hands:
    t = convoy()
    t.tap("tab.helm")
    t.render()
    scale = t.window.screens["helm"].telegraph  # type: ignore[attr-defined]
    t.tap("telegraph", scale.point(TELEGRAPH.index("half_ahead"), 0.7))
    return t


def move_fix() -> Hands:
    t = Hands(mission="patrol_atlantic")
    t.drag("figure.engineer-square", "section.5")
    t.tap("move_fix.mobilize")
    return t


def carry() -> Hands:
    t = convoy()
    t.runtime.submit({"do": "damage", "kind": "environmental", "condition": "leak", "section": 2})
    t.window.dismiss_alarms()
    t.tap("tab.boat")
    t.tap("mobilize")
    t.tap("sheet.give")
    t.drag("figure.captain-circle", "section.2")
    t.tap("tab.damage")
    t.tap("carry.water_pump.2")
    t.give()
    return t


def cease() -> Hands:
    t = ship_in_gun_range()
    ship = next(c["id"] for c in t.game.module("sea").picture.active() if c["kind"] == "ship")
    t.runtime.submit({"do": "order", "order": "gun_88", "target": ship, "rounds": 40})
    t.tap("tab.attack")
    t.tap("weapon.cease.gun_88")
    return t


def breach(t: Hands) -> None:
    t.runtime.submit({"do": "damage", "kind": "hull_breach", "section": 3})


def puzzle() -> Hands:
    t = Hands(mission="exercise_convoy")
    breach(t)
    t.window.dismiss_alarms()
    t.tap("tab.damage")
    t.tap("repair.breach.3")
    t.tap("sheet.give")
    t.tap("puzzle.3.solved")
    return t


def fire(t: Hands) -> None:
    t.runtime.submit({"do": "damage", "kind": "environmental", "condition": "fire", "section": 3})


def periscope_failure(t: Hands) -> None:
    t.runtime.submit({"do": "damage", "kind": "technical", "component": "periscope", "severity": "failure"})


def hurt(t: Hands) -> None:
    t.runtime.submit({"do": "damage", "kind": "crew", "sections": [3]})
    for injury in t.game.module("crew").status()["health"]["injuries_waiting"]:
        t.runtime.submit({"do": "ailment", "injury": injury["id"], "wounds": 1})


def ailing(t: Hands) -> None:
    t.runtime.submit({"do": "ailment", "figure": "officer-square", "deck": "event"})


def cook() -> Hands:
    t = convoy()
    rt = t.runtime
    rt.submit({"do": "order", "order": "mobilize"})
    rt.table.actuate({"do": "place", "figure": "navigator-circle", "section": 4})
    rt.submit({"do": "end_mobilize"})
    t.until(3)
    t.tap("tab.crew")
    t.tap("crew.page.stores")
    t.tap("crew.meal")
    t.tap("field.replace=2")
    t.tap("sheet.give")
    t.until(5)
    t.tap("crew.meal")  # the same button now finishes the meal
    t.tap("field.take=1")
    t.tap("sheet.give")
    return t


def move_item() -> Hands:
    t = convoy()
    fire(t)
    t.window.dismiss_alarms()
    t.tap("tab.damage")
    t.render()
    item = next(x.id for x in t.window.targets.items if x.id.startswith("item."))
    t.tap(item)
    return t


def settings_rules() -> Hands:
    t = convoy()
    t.tap("settings")
    t.render()
    rule = next(x.id for x in t.window.targets.items if x.id.startswith("rules.") and x.action is not None
                and not x.id.endswith(str(t.game.module("crew").status().get("rules"))))
    t.tap(rule)
    return t


def undo() -> Hands:
    t = convoy()
    t.runtime.submit({"do": "chips", "figure": "officer-square", "add": 1})
    t.tap("tab.orders")
    t.tap("action.undo")
    return t


#: action -> (how a finger reaches it, the command the game must receive)
ROUTES: dict[str, tuple[Callable[[], Hands], dict[str, Any]]] = {
    "place": (place, {"do": "place"}),
    "lift": (lift, {"do": "lift"}),
    "telegraph": (telegraph, {"do": "order", "order": "new_speed"}),
    "time": (tap_then("mode.fast_forward"), {"do": "ui", "action": "time_compression"}),
    "pause": (tap_then("mode.pause"), {"do": "ui"}),
    "mobilize": (by_order("mobilize"), {"do": "order", "order": "mobilize"}),
    "end_mobilize": (tap_then("tab.orders", "action.end_mobilize", setup=Hands.mobilized), {"do": "end_mobilize"}),
    "move_fix": (move_fix, {"do": "move_fix"}),
    "carry": (carry, {"do": "carry"}),
    "speed": (by_order("new_speed", lambda t: None, "field.speed=half_ahead"), {"do": "order", "order": "new_speed"}),
    "course": (by_order("new_course", lambda t: None, "field.course.+10"), {"do": "order", "order": "new_course"}),
    "depth": (by_order("new_depth", submerged, "field.depth_m.+10"), {"do": "order", "order": "new_depth"}),
    "dive": (by_order("dive"), {"do": "order", "order": "dive"}),
    "surface": (by_order("surface", submerged), {"do": "order", "order": "surface"}),
    "sextant": (by_order("sextant"), {"do": "order", "order": "sextant"}),
    "return": (by_order("return_to_base", mission="patrol_atlantic"), {"do": "return_to_base"}),
    "end_exercise": (tap_then("tab.map", "map.mission", "mission.end_exercise", sheet=True), {"do": "end_exercise"}),
    "observe": (by_order("observe"), {"do": "order", "order": "observe"}),
    "join": (tap_then("tab.orders", "action.lookouts", sheet=True), {"do": "join_task"}),
    "stop_task": (sailor_button("sailor.stop", lambda t: lookouts(t, 5), figure="navigator-square"),
                  {"do": "stop_task"}),
    "periscope": (by_order("periscope", at_periscope_depth), {"do": "order", "order": "periscope"}),
    "hydrophone": (by_order("hydrophone", submerged), {"do": "order", "order": "hydrophone"}),
    "target": (on_the_plot("target.data"), {"do": "target"}),
    "identify": (on_the_plot("target.identify"), {"do": "identify"}),
    "enigma": (by_order("enigma", lambda t: None, "field.report=position", mission="prize_rules_1939"),
               {"do": "order", "order": "enigma"}),
    "disc": (tap_then("tab.attack", "weapon.disc", sheet=True), {"do": "attack_disc"}),
    "tdc": (tdc, {"do": "order", "order": "tdc"}),
    "flood": (by_order("flood_tubes"), {"do": "order", "order": "flood_tubes"}),
    "fire": (by_order("fire_torpedoes", armed, mission="exercise_convoy_battle"),
             {"do": "order", "order": "fire_torpedoes"}),
    "reload": (by_order("reload_torpedo", fired, mission="exercise_convoy_battle"),
               {"do": "order", "order": "reload_torpedo"}),
    "mines": (mines, {"do": "order", "order": "lay_mines"}),
    "gun": (gun, {"do": "order", "order": "gun_88"}),
    "flak": (by_order("gun_20", aircraft_in_range, mission="exercise_aircraft"), {"do": "order", "order": "gun_20"}),
    "cease": (cease, {"do": "cease_fire"}),
    "repair": (by_order("repair", periscope_failure), {"do": "order", "order": "repair"}),
    "puzzle": (puzzle, {"do": "puzzle", "section": 3, "result": "solved"}),
    "first_aid": (by_order("first_aid", hurt), {"do": "order", "order": "first_aid"}),
    "kit": (tap_then("tab.orders", "action.first_aid_kit"), {"do": "first_aid_kit"}),
    "address": (by_order("address_crew"), {"do": "order", "order": "address_crew"}),
    "meal": (by_order("prepare_meal"), {"do": "order", "order": "prepare_meal"}),
    "cook": (cook, {"do": "cook"}),
    "smoke": (tap_then("tab.orders", "action.smoke", sheet=True), {"do": "smoke"}),
    "undo": (undo, {"do": "undo"}),
    "morale": (tap_then("tab.crew", "crew.page.stores", "bars.morale-"), {"do": "adjust_morale", "by": -1}),
    "command_bar": (tap_then("tab.crew", "crew.page.stores", "bars.command+"), {"do": "adjust_command", "by": 1}),
    "ailment": (sailor_button("sailor.card", sheet=True), {"do": "ailment", "figure": "officer-square"}),
    "cure": (sailor_button("sailor.cure", ailing, sheet=True), {"do": "cure", "figure": "officer-square"}),
    "chips": (sailor_button("sailor.chip+"), {"do": "chips", "figure": "officer-square", "add": 1}),
    "kill": (sailor_button("sailor.kill", sheet=True), {"do": "kill", "figure": "officer-square"}),
    "move_item": (move_item, {"do": "move_item"}),
    "crew_options": (settings_rules, {"do": "crew_options"}),
}


def test_1_every_action_has_a_way_by_touch() -> None:
    names = {a.name for a in ACTIONS}
    assert set(ROUTES) | set(NOT_BY_TOUCH) == names, sorted(names ^ (set(ROUTES) | set(NOT_BY_TOUCH)))
    assert not set(ROUTES) & set(NOT_BY_TOUCH)


@pytest.mark.parametrize("action", sorted(ROUTES))
def test_1_each_action_reaches_the_game_by_touch_alone(action: str) -> None:
    route, wanted = ROUTES[action]
    table = route()
    for _ in range(3):  # what the table's hands posted (a paused game's clock stands still)
        table.clock.now += 1
        table.runtime.step()
    reached = [c for c in table.reached if all(c.get(k) == v for k, v in wanted.items())]
    assert reached, f"{action}: no {wanted} reached the game; it got {table.reached}"
