"""An order's fields are declared once (host/README.md, "Extending Kaleun", an order): by the console's
`Action` (`kaleun.ui.actions`: the field's name and command key, kind, bounds, choices, help). The
window's `Form` (`kaleun.ui.forms`) names that action and its fields name the action's fields; the
window adds only what is its own (the options it reads from the game, defaults, `when`, steppers).
The two once disagreed: the New depth sheet's stepper went from 10 m and the console's `depth` from
1 m (rulebook §7.4: periscope depth is the shallowest a depth order can mean; the game refuses any
shallower one), each with its own copy of the deepest, 300 m."""

from __future__ import annotations

import json
from typing import Any

import pytest
from kaleun.core.errors import CommandError
from kaleun.core.messages import Msg
from kaleun.i18n import language
from kaleun.ui.actions import ACTIONS, Action, for_order
from kaleun.ui.actions import Field as ActionField
from kaleun.ui.forms import FORMS, Form

from window.fingers import Table_, shown
from window.test_screens_render import busy_table

MULTI = ("choices", "wholes", "words")


def console_action(form: Form) -> Action:
    """The console's action a form gives, found without the form's help: the one giving its order,
    or the one sending its command."""
    if form.order is not None:
        found = for_order(form.order)
        assert found is not None, f"{form.id}: no console action gives {form.order}"
        return found
    sending = [a for a in ACTIONS if a.command == form.command]
    assert len(sending) == 1, f"{form.id}: {len(sending)} console actions send {form.command}"
    return sending[0]


def declared(action: Action, key: str) -> ActionField | None:
    return next((f for f in action.fields if key in (f.name, f.field)), None)


def typed(value: Any) -> str:
    """A value as the console would have it typed (lists as a,b,c; true/false)."""
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return value if isinstance(value, str) else json.dumps(value)


def test_6_5_every_form_field_is_a_field_of_its_console_action_with_the_same_bounds() -> None:
    """Each field of each sheet is a field of the console's action for the same order or command:
    the window sends it under the action's key, a stepper counts within the action's bounds, and a
    field taking several values is one the console reads as a list."""
    wrong: list[str] = []
    for form in FORMS.values():
        action = console_action(form)
        for f in form.fields:
            if f.merge:  # a repair job: the fields it fills are checked with its options below
                continue
            a = declared(action, f.key)
            if a is None:
                wrong.append(f"{form.id}.{f.key}: no field of the console's {action.name}")
                continue
            if f.key != a.field:
                wrong.append(f"{form.id}.{f.key}: the console sends it as {a.field}")
            if f.kind == "number" and (f.lo, f.hi) != (a.lo, a.hi):
                wrong.append(f"{form.id}.{f.key}: the window steps from {f.lo} to {f.hi}, the console's "
                             f"{action.name} takes {a.lo} to {a.hi}")
            if (f.kind == "multi") != (a.kind in MULTI):
                wrong.append(f"{form.id}.{f.key}: {f.kind} in the window, {a.kind} in the console")
    assert not wrong, wrong


def test_6_5_every_form_names_its_console_action() -> None:
    for form in FORMS.values():
        assert form.action == console_action(form).name and form.declared is console_action(form), form.id


@pytest.mark.parametrize("mission", ["exercise_convoy_battle", "busy"])
def test_6_5_every_option_a_sheet_offers_is_a_value_its_console_action_reads(mission: str) -> None:
    """The options (fixed ones and those read from the game as it stands: contacts, tubes, jobs,
    patients ...) and a form's fixed fields are values the console's action would read from a
    typed line: within its bounds, one of its choices."""
    table = busy_table("en") if mission == "busy" else Table_(mission=mission, seed=0)
    game = table.game
    offered = 0
    wrong: list[str] = []
    for form in FORMS.values():
        action = console_action(form)
        sent = [(key, value) for key, value in form.fixed.items() if key != "via"]
        for f in form.fields:
            for option in f.options(game, {}) if f.options is not None else []:
                offered += 1
                if f.merge:
                    assert isinstance(option.value, dict), (form.id, f.key, option.value)
                    wrong += [f"{form.id}.{f.key}: {k} is not among the fields it fills"
                              for k in option.value if k not in f.fills]
                    sent += list(option.value.items())
                else:
                    sent.append((f.key, option.value))
        for key, value in sent:
            a = declared(action, key)
            if a is None:
                wrong.append(f"{form.id}: sends {key}, no field of the console's {action.name}")
                continue
            try:
                a.read(typed(value))
            except CommandError as exc:
                wrong.append(f"{form.id}: {key}={value!r}: {exc}")
    assert offered > 60 and not wrong, wrong


def test_6_5_a_form_field_naming_no_field_of_its_action_is_refused_when_the_form_is_made() -> None:
    """FORMS is made at import: a form that disagrees with its action stops the program there,
    naming the form, the field and the action's fields."""
    from kaleun.ui.forms import Field, FormError

    with pytest.raises(FormError, match="field 'heading' is no field of the console's 'course' "
                                        r"\(fields: course\)"):
        Form("new_course", Msg("New course"), order="new_course", fields=(Field("heading", Msg("Heading")),))
    with pytest.raises(FormError, match="declares its kind or bounds"):
        Form("new_depth", Msg("New depth"), order="new_depth", fields=(
            Field("depth_m", Msg("Depth (metres)"), steps=(10,), lo=10, hi=250),))
    with pytest.raises(FormError, match="field 'sector' is no field of the console's 'repair'"):
        Form("repair", Msg("Repair"), order="repair", fields=(
            Field("job", Msg("Job"), fills=("component", "sector")),))
    with pytest.raises(FormError, match="counts, but the console's 'speed' declares it choice"):
        Form("new_speed", Msg("New speed"), order="new_speed", fields=(Field("speed", Msg("Speed"), steps=(1,)),))
    with pytest.raises(FormError, match="no console action gives the order 'warp'"):
        Form("warp", Msg("Warp"), order="warp")
    with pytest.raises(FormError, match="field 'by' is no field of the console's 'cook'"):
        Form("cook", Msg("Cook the meal"), command="cook", fixed={"by": 1})


def test_6_5_a_field_takes_its_label_from_the_actions_help_unless_the_window_names_it() -> None:
    from kaleun.ui.forms import Field

    form = Form("observe", Msg("Assign observation sectors"), order="observe", fields=(
        Field("count", each=True), Field("figures", Msg("Who"))))
    count, figures = form.fields
    assert count.title.template == "how many lookouts (specialists first)"
    assert [o.value for o in count.options(None, {})] == [1, 2, 3, 4, 5, 6]  # the action's bounds, 1 to 6
    assert figures.title.template == "Who" and figures.kind == "multi"


def test_7_4_the_depth_order_goes_from_periscope_depth_to_the_deepest_in_both_front_ends() -> None:
    """The window's stepper stops where the console refuses: periscope depth (10 m) and 300 m."""
    from foundation.test_console_actions import Desk
    from kaleun.uboot.game import new_game

    desk = Desk(new_game(0))
    assert "! depth: depth_m must be from 10 to 300, not 5" in desk.type("depth 5")
    assert "! depth: depth_m must be from 10 to 300, not 301" in desk.type("depth 301")
    table = Table_()
    table.runtime.submit({"do": "order", "order": "dive"})
    table.window.open_form("new_depth")
    table.render()
    sheet = table.window.overlay
    assert sheet.values["depth_m"] == 10
    table.tap("field.depth_m.-10")
    assert sheet.values["depth_m"] == 10
    for _ in range(8):
        table.tap("field.depth_m.+50")
    assert sheet.values["depth_m"] == 300


def periscope_failure(code: str) -> Table_:
    """A failure of the periscope, an engineer card's toolbox beside it in section 3."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language=code)
    rt = table.runtime
    rt.submit({"do": "damage", "kind": "technical", "component": "periscope", "severity": "failure"})
    rt.submit({"do": "move_item", "item": "toolbox_1", "section": 3})  # the card's toolbox, by the periscope
    return table


def paused_periscope_repair(code: str) -> Table_:
    """§10.3: an engineer card (+1) played on the periscope's repair; its one sailor moved away, the
    repair waits with the card still in play."""
    table = periscope_failure(code)
    rt = table.runtime
    rt.submit({"do": "order", "order": "mobilize"})
    rt.table.actuate({"do": "place", "figure": "engineer-square", "section": 3})
    rt.submit({"do": "order", "order": "repair", "component": "periscope", "card": 1})
    table.until(60)
    rt.submit({"do": "order", "order": "mobilize"})
    rt.table.actuate({"do": "place", "figure": "engineer-square", "section": 5})
    table.until(120)
    assert table.named("technical_repair_paused")
    table.window.dismiss_alarms()
    return table


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_10_3_the_repair_sheet_says_the_crew_a_job_needs_and_the_card_in_play(code: str) -> None:
    """The console's `repairs` shows a job's crew and the card played on it (`0/2 +1`); the window's
    repair sheet says both in the job's note, in the table's language."""
    table = paused_periscope_repair(code)
    table.window.open_form("repair")
    lang = language(code)
    said = shown(table)
    note = lang.render(Msg("{severity}, {crew} needed, card +{bonus} played", severity=Msg("failure"), crew=2,
                           bonus=1))
    assert note in said, said
    # §10.3.3: one card per repair, and it stays: no second card is offered on the job, and the sheet says why
    table.window.open_form("repair", {"job": {"component": "periscope"}})
    table.render()
    assert table.window.targets.get("field.card=1") is None
    assert lang.render(Msg("an engineer card is already in play on this repair (one card per repair)")) in shown(table)


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_10_3_the_repair_sheet_plays_an_engineer_cards_advanced_effect(code: str) -> None:
    """§10.3: an engineer card's advanced effect needs the most experienced sailor in the repair crew.
    The sheet offers it once a card is chosen (the console's `repair ... card=1 advanced=true`) and
    says what it needs; without a card it is not offered, nor sent."""
    table = periscope_failure(code)
    table.runtime.submit({"do": "order", "order": "mobilize"})
    table.runtime.table.actuate({"do": "place", "figure": "engineer-square", "section": 3})
    table.until(60)
    lang = language(code)
    table.window.open_form("repair", {"job": {"component": "periscope"}})
    table.render()
    assert table.window.targets.get("field.advanced=True") is None
    table.tap("field.card=1")
    assert lang.render(Msg("needs the most experienced sailor")) in shown(table)
    table.tap("field.advanced=True")
    table.tap("sheet.give")
    given = [e.data for e in table.named("order_accepted") if e.data["order"] == "repair"][-1]
    assert (given["component"], given["card"], given["advanced"]) == ("periscope", 1, True)


def test_10_3_8_the_repair_sheet_offers_an_engineer_card_while_sealing_a_breach() -> None:
    """§10.3.8: "Während der Versiegelung eines Hüllenbruchs kann der Erste Maschinist 1 Karte spielen": the
    console and table scripts took `repair breach=4 card=2`, the window's sheet offered a card for technical
    repairs only. A +2 card (its toolbox lies in section 4) lets three sailors seal the breach by touch too."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language="en")
    rt = table.runtime
    rt.submit({"do": "damage", "kind": "hull_breach", "section": 4})
    rt.submit({"do": "order", "order": "mobilize"})
    for figure in ("engineer-square", "engineer-triangle", "engineer-circle"):
        rt.table.actuate({"do": "place", "figure": figure, "section": 4})
    table.until(60)
    table.window.dismiss_alarms()
    table.window.open_form("repair", {"job": {"breach": 4}})
    table.render()
    assert table.window.targets.get("field.advanced=True") is None  # the advanced effect is a technical repair's
    table.tap("field.card=2")
    table.tap("sheet.give")
    given = [e.data for e in table.named("order_accepted") if e.data["order"] == "repair"][-1]
    assert (given["target"], given["section"], given["card"]) == ("breach", 4, 2), given
    assert len(given["activated"]) == 3
