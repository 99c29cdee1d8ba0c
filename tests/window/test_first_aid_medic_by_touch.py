"""Rulebook §8.6 and the orders table (first aid: "medic with patient; 1× first aid; +1 activation per
patient") by touch: the first aid sheet offers, once the patients are chosen, the sailors standing with
them as the medic (those with the first aid symbol first), and the order gives the one touched."""

from __future__ import annotations

from window.fingers import Table_


def _sheet_for_navigator() -> Table_:
    table = Table_(mission="training", seed=0)
    rt = table.runtime
    rt.submit({"do": "order", "order": "mobilize"})
    rt.table.actuate({"do": "place", "figure": "officer-hexagon", "section": 4})  # the medic joins them
    rt.submit({"do": "end_mobilize"})
    rt.submit({"do": "ailment", "figure": "navigator-square", "deck": "wounds", "exhaustion": 1,
               "supplies": ["bandages"]})
    table.runtime.step()
    table.window.dismiss_alarms()
    table.tap("tab.orders")
    table.tap("order.first_aid")
    return table


def test_8_6_the_medic_is_chosen_by_touch_and_gives_the_first_aid() -> None:
    table = _sheet_for_navigator()
    table.render()
    assert table.window.targets.get("field.medic=officer-hexagon") is None  # no patient yet: no medic to choose
    table.tap("field.patients=navigator-square")
    table.render()
    offered = [t.id for t in table.window.targets.items if t.id.startswith("field.medic=")]
    # the sailors in section 4 with the patient, the one with the first aid symbol first
    assert offered[0] == "field.medic=officer-hexagon", offered
    assert {"field.medic=navigator-triangle", "field.medic=navigator-square"} <= set(offered), offered
    assert "field.medic=captain-square" not in offered  # in the control room, away from the patient
    table.tap("field.medic=navigator-triangle")
    table.render()  # the assistant asks the desk as the sheet is drawn
    preview = table.window.overlay.preview  # type: ignore[union-attr]
    assert [a["figure"] for a in preview["activated"]] == ["navigator-triangle"]
    table.tap("sheet.give")
    assert table.named("first_aid_given")
    activation = [e for e in table.named("activation") if e.data["order"] == "first_aid"][-1]
    assert [s["figure"] for s in activation.data["sailors"]] == ["navigator-triangle"]




def test_a_choice_too_long_for_the_field_stays_clear_of_the_assistant() -> None:
    """A choice whose words are wider than the sheet's field (a sailor's name and figure in Russian) was drawn as
    wide as its words, under the order assistant's panel; it is squeezed into the field's room instead."""
    from kaleun.ui import forms

    long = forms.Option("navigator-triangle", "Сигнальщик Фишер", "Штурман-треугольник, " + "без символа " * 6)
    field = next(f for f in forms.FORMS["first_aid"].fields if f.key == "medic")
    offered = field.options
    object.__setattr__(field, "options", lambda game, values: [long])  # a frozen declaration, put back below
    try:
        table = _sheet_for_navigator()
        table.tap("field.patients=navigator-square")
        chosen = table.target("field.medic=navigator-triangle")
        assistant = table.target("sheet.give").rect
        assert chosen.rect.right < assistant.x, (chosen.rect, assistant)
    finally:
        object.__setattr__(field, "options", offered)


def test_8_6_a_medic_chosen_goes_when_the_patients_change_section() -> None:
    """The medic chosen for a patient in the crew quarters was kept when the patients changed to the control room,
    and the sheet showed no medic chosen but refused the order for him."""
    table = _sheet_for_navigator()
    table.runtime.submit({"do": "ailment", "figure": "captain-square", "deck": "wounds", "exhaustion": 1,
                          "supplies": ["bandages"]})
    table.runtime.step()
    table.tap("field.patients=navigator-square")
    table.tap("field.medic=navigator-triangle")
    table.tap("field.patients=navigator-square")  # not this patient after all
    table.tap("field.patients=captain-square")  # one in the control room
    table.render()
    sheet = table.window.overlay
    assert sheet.values.get("medic") is None  # type: ignore[union-attr]
    assert sheet.preview is not None and sheet.preview["accepted"], sheet.preview  # type: ignore[union-attr]
