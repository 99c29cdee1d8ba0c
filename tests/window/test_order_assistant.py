"""The order assistant on the window's order sheet (the console's every order by touch): before an order
is given it says, in the table's language, exactly what is missing — never a field's program name —
and who would carry the order out with how many chips (rulebook §6.5 activation, §6.10 first aid,
§10.3.6 hull breach).
"""

from __future__ import annotations

import pytest

from window.fingers import Table_, shown


def injured_without_cards(language: str) -> Table_:
    """Crew damage in the control room: sailors injured, their wounds cards not yet entered."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    table.runtime.submit({"do": "damage", "kind": "crew", "sections": [3]})
    table.until(5)
    assert table.game.module("crew").status()["health"]["injuries_waiting"]
    return table


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_6_10_first_aid_with_nobody_to_treat_says_what_is_missing_in_words(language: str) -> None:
    """§6.10: first aid treats an ailment card; with injured sailors whose cards are not entered yet
    the sheet says to enter a card first and asks for the patients by the field's name, not by the
    order's program fields ("first_aid: needs the field 'patient'")."""
    table = injured_without_cards(language)
    table.tap("tab.orders")
    table.tap("order.first_aid")
    said = shown(table)
    words = " ".join(said)
    assert "first_aid" not in words and "patient'" not in words and "«patient»" not in words, said
    tr = table.window.tr
    from kaleun.core.messages import Msg

    assert tr(Msg("Choose: {what}", what=Msg("Patients (in one section)"))) in said
    hint = tr(Msg("Nobody waits for first aid: enter an injured sailor's card first."))
    assert hint.split()[0] in words and hint.split()[-1] in words
    assert table.target("sheet.give").action is None  # nothing to give yet


def breach_with_its_crew(language: str) -> Table_:
    """A hull breach in the crew quarters with five sailors there, four of them without the repair
    symbol (each of those pays two chips, §6.5)."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    rt = table.runtime
    rt.submit({"do": "damage", "kind": "hull_breach", "section": 4})
    rt.submit({"do": "order", "order": "mobilize"})
    for figure in ("officer-circle", "officer-hexagon", "navigator-circle", "engineer-circle"):
        rt.table.actuate({"do": "place", "figure": figure, "section": 4})
    rt.submit({"do": "end_mobilize"})
    table.until(5)
    return table


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_10_3_6_the_assistant_names_every_sailor_who_would_seal_the_breach(language: str) -> None:
    """§10.3.6 a hull breach needs five sailors with the repair symbol (others at two chips): the
    assistant shows each of the five with his chips — a touch on the list turns to the next ones —
    and never leaves any as a bare "+2 more"."""
    from kaleun.core.messages import Msg

    table = breach_with_its_crew(language)
    table.tap("tab.damage")
    table.tap("repair.breach.4")
    table.render()
    preview = table.window.overlay.preview
    assert preview["accepted"] and len(preview["activated"]) == 5
    names = table.game.module("crew").status()["sailors"]
    tr = table.window.tr
    wanted = {a["figure"]: tr(Msg("{name} in {section}: {chips}", name=Msg.term(names[a["figure"]]["name"]),
                                  section=a["section"], chips=Msg.plural("{n} chip", "{n} chips", n=a["chips"])))
              for a in preview["activated"]}
    seen = ""
    for _ in range(5):
        seen += " " + " ".join(" ".join(shown(table)).split())
        if table.window.targets.get("sheet.crew") is None:
            break
        table.tap("sheet.crew")
    missing = [words for words in wanted.values() if words not in seen]
    assert not missing, f"not shown: {missing}"


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_4_2_return_to_base_says_why_not_before_it_is_sent(language: str) -> None:
    """§4.2 "return to base" only out of combat, and only on a mission with a base: the sheet asks
    the mission first (`why_not_return`), says why not in the table's language and keeps its button
    grey; on a patrol with a base the crew sets off home."""
    from kaleun.core.messages import Msg

    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    table.tap("tab.orders")
    table.tap("order.return_to_base")
    said = shown(table)
    assert table.window.tr(Msg("this mission has no base to return to")) in " ".join(said)
    table.tap("sheet.give")
    assert not table.named("action_refused") and not table.named("return_to_base")

    patrol = Table_(mission="sc_convoy_1940", seed=0, language=language)
    patrol.tap("tab.orders")
    patrol.tap("order.return_to_base")
    patrol.tap("sheet.give")
    assert patrol.named("return_to_base")


@pytest.mark.parametrize("language", ["de", "ru"])
def test_9_3_the_lookouts_to_choose_are_named_in_the_tables_language(language: str) -> None:
    """§9.3 choosing the lookouts on the bridge (and a sailor for a correction): each button names
    the sailor and his figure in the table's language, never the figure's program id
    ("navigator-square" on a Russian screen)."""
    from kaleun.uboot.figures import figure_term

    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    rt = table.runtime
    rt.submit({"do": "order", "order": "mobilize"})
    for figure in ("navigator-square", "navigator-triangle"):
        rt.table.actuate({"do": "place", "figure": figure, "section": 8})
    rt.submit({"do": "end_mobilize"})
    table.until(2)
    for button, form in (("order.observe", "observe"), (None, "kill")):
        table.tap("tab.orders")
        if button:
            table.tap(button)
        else:
            table.window.open_form(form)
        said = shown(table)
        assert not [words for words in said if "-square" in words or "-triangle" in words], said
        assert table.window.tr(figure_term("navigator-square")) in said
        table.tap("sheet.close")
