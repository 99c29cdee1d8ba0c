"""The text console keeps parity with the window: a First Officer who types the word a button shows is understood,
in English, German and Russian (the "Smoke break" button's `Zigarettenpause` is `rauchen`, the attack disc's
`Angriffsscheibe` is `scheibe`, `more_lookouts` is `join`). Every screen is walked, the sailor's and the contact's
cards and the stores page too; each button that opens an order's or crew action's sheet or gives a command is
touched, and its label, typed as it shows (`_` for a space: `Smoke_break`, `Fire!`, `Los!`), must name the
console command that does the same. A button's label that names no command, or another one, fails here."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from kaleun.core.messages import Msg
from kaleun.i18n import language
from kaleun.ui.actions import ACTIONS, RELOAD_SOURCES, Action, find
from kaleun.ui.button_words import BUTTON_WORDS, button_word
from kaleun.ui.console import CONSOLE
from kaleun.ui.console_words import fold
from kaleun.ui.contact_list import SORTS
from kaleun.ui.forms import FORMS, Fixed
from kaleun.ui.screens import SCREENS
from kaleun.ui.screens.sheet import FormSheet
from kaleun.ui.widgets import Canvas
from kit import console_typed

from window.fingers import Remembering, render_spying

EVERY = (*ACTIONS, *CONSOLE)


def _gives(form_or_command: dict[str, Any]) -> Action:
    """The console command that gives what a button did: an order, a crew action's command."""
    order, command = form_or_command.get("order"), form_or_command.get("command")
    found = [a for a in ACTIONS if (order is not None and a.order == order)
             or (order is None and command is not None and command in (a.command, a.name))]
    assert len(found) == 1, (form_or_command, [a.name for a in found])
    return found[0]


def _what_it_does(table: Remembering, button: str) -> Action | None:
    """Touch a button: the command whose sheet it opened or which it gave (None: it only shows something)."""
    before = len(table.reached)
    table.tap(button)
    overlay = table.window.overlay
    if isinstance(overlay, FormSheet):
        table.window.close_overlay()
        return _gives({"order": overlay.form.order, "command": overlay.form.command})
    table.window.close_overlay()
    for command in table.reached[before:]:
        if command.get("do") == "order":
            return _gives({"order": command["order"]})
        if command.get("do") not in ("ui",):  # the time buttons (×1, ×4): a view of the window
            return _gives({"command": command["do"]})
    return None


def _labels(table: Remembering) -> dict[str, str]:
    """The usable buttons the next frame draws, with the label each shows (in the table's language)."""
    seen: dict[str, str] = {}
    real = Canvas.button

    def spy(self, id, rect, label, action, **kw):  # type: ignore[no-untyped-def]
        if label is not None and action is not None and kw.get("enabled", True):
            seen.setdefault(id, self.tr(label))
        return real(self, id, rect, label, action, **kw)

    render_spying(table, "button", spy)
    return seen


def _typed(label: str) -> str | None:
    """A label as the console types it, or None when it is no word to type (`×4`, `Chip +1`)."""
    word = label.strip().replace(" ", "_")
    return word if re.fullmatch(r"[\w-]+!?", word) else None


def _table(code: str) -> Remembering:
    """The convoy exercise a few minutes on: a mobilization open, lookouts up and ships reported."""
    table = Remembering(mission="exercise_convoy_battle", seed=0, language=code)
    submit = table.runtime.submit
    submit({"do": "order", "order": "mobilize"})
    submit({"do": "place", "figure": "navigator-square", "section": 8})
    submit({"do": "order", "order": "observe"})
    table.until(600)
    submit({"do": "order", "order": "mobilize"})
    table.runtime.step()
    table.reached.clear()
    return table


def _views(table: Remembering) -> list[tuple[str, Callable[[], None]]]:
    """Every screen, and the cards and pages only a touch opens: a sailor's card, a contact's, the stores."""
    win = table.window

    def tab(name: str, **ui: Any) -> Callable[[], None]:
        def show() -> None:
            win.close_overlay()
            win.show(name)
            win.ui.update(ui)
            win.touch()
        return show

    contacts = table.game.module("sea").picture.active()
    assert contacts, "the convoy is not reported yet"
    views = [(cls.id, tab(cls.id)) for cls in SCREENS if not getattr(cls, "full", False)]
    views += [("crew: sailor", tab("crew", sailor="navigator-triangle")),
              ("plot: contact", tab("plot", contact=str(contacts[0]["id"])))]

    def stores() -> None:
        tab("crew")()
        table.tap("crew.page.stores")

    def damaged() -> None:
        """The damage screen in a fight: a breach to seal, a leak whose pump lies elsewhere (carried along in the
        mobilization, or moved there as a correction), and a repair of the diesels paused with too few sailors."""
        if not table.game.module("crew").status().get("breaches"):
            rt = table.runtime
            rt.submit({"do": "damage", "kind": "technical", "component": "diesels", "severity": "failure"})
            rt.submit({"do": "damage", "kind": "environmental", "condition": "leak", "section": 2})
            rt.submit({"do": "damage", "kind": "hull_breach", "section": 4})
            for figure in ("engineer-square", "engineer-triangle", "engineer-hexagon"):
                rt.table.actuate({"do": "place", "figure": figure, "section": 5})
            rt.submit({"do": "order", "order": "repair", "component": "diesels"})
            table.until(table.game.t + 60, step=10)
            rt.submit({"do": "order", "order": "mobilize"})
            rt.table.actuate({"do": "place", "figure": "engineer-hexagon", "section": 3})
            table.until(table.game.t + 30, step=10)
            table.reached.clear()
        table.window.dismiss_alarms()
        tab("damage")()

    return [*views, ("crew: stores", stores), ("damage: in a fight", damaged)]


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_12_every_buttons_word_typed_at_the_console_gives_what_the_button_gives(code):
    table = _table(code)
    checked: dict[str, str] = {}
    wrong: list[tuple[str, str, str, str | None]] = []
    for view, show in _views(table):
        show()
        for button, label in _labels(table).items():
            word = _typed(label)
            if word is None or button.startswith(("tab.", "field.")):
                continue
            show()
            table.render()  # a button an earlier touch did away with (the pump moved here: no Carry) is not touched
            if button not in table.window.targets.ids():
                continue
            gives = _what_it_does(table, button)
            show()
            if gives is None:
                continue
            checked[f"{view}/{button}"] = word
            typed = find(word, EVERY, code)
            if typed is not gives:
                wrong.append((view, button, word, typed and typed.name))
    assert not wrong, wrong
    assert len(checked) >= 30, checked  # the walk reached the orders, the crew actions, the cards


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_12_no_two_commands_share_a_word(code):
    """Every word a command answers to at a table (its id, its aliases, its word in the table's language, the labels
    of its buttons) names it and no other, in every language: a label shared by two commands (it would name neither)
    or that is another command's id or word (that one would win) fails here."""
    lang = language(code)
    owner: dict[str, str] = {}
    for action in EVERY:
        labels = [button_word(label, lang) for label in BUTTON_WORDS.get(action.name, ())]
        for word in {*action.words, action.local(lang), *labels}:
            found = find(word, EVERY, code)
            assert found is action, (action.name, word, found and found.name)
            assert owner.setdefault(fold(word), action.name) == action.name, (word, owner[fold(word)], action.name)
    assert set(BUTTON_WORDS) <= {a.name for a in EVERY}


@pytest.mark.parametrize(("code", "line", "same"), [
    ("de", "zigarettenpause", "rauchen"), ("de", "angriffsscheibe", "scheibe"), ("de", "Mehr_Beobachter", "join"),
    ("de", "verbandkasten", "kit"), ("de", "verletzungskarte", "ailment"),
    ("de", "mobilisierung_beenden", "end_mobilize"),
    ("en", "smoke_break", "smoke"), ("en", "lookouts", "observe"), ("en", "more_lookouts", "join"),
    ("en", "first_aid_kit", "kit"), ("en", "injury_card", "ailment"), ("en", "attack_disc", "disc"),
    ("ru", "перекур", "smoke"), ("ru", "Ещё_сигнальщики", "join"), ("ru", "еще_сигнальщики", "join"),
    ("en", "Fire!", "fire"), ("de", "Los!", "fire"), ("ru", "Пуск!", "fire"),
    ("en", "plot", "contacts"), ("de", "Lagekarte", "contacts"), ("ru", "атака", "weapons"),
    ("de", "seekarte", "chart"),
])
def test_12_a_crew_actions_button_word_is_its_command(code, line, same):
    assert find(line, EVERY, code) is find(same, EVERY, code) is not None


@pytest.mark.parametrize(("code", "spaced", "joined"), [
    ("en", ["mobilize", "end mobilization"], ["mobilize", "end_mobilize"]),
    ("en", ["smoke break officer"], ["smoke officer"]),
    ("en", ["first aid kit"], ["kit"]),
    ("en", ["?first aid"], ["?first_aid"]),
    ("en", ["help smoke break"], ["help smoke"]),
    ("de", ["Erste Hilfe"], ["erste_hilfe"]),
    ("de", ["mobilisieren", "Mobilisierung beenden"], ["mobilisieren", "auf_stationen"]),
    ("ru", ["первая помощь"], ["первая_помощь"]),
])
def test_12_a_button_word_of_several_words_typed_with_spaces_is_its_command(code, spaced, joined):
    """A button's label typed as it shows, spaces and all (`smoke break`, `Erste Hilfe`), is its command: the longest
    start of the line that names one."""
    said = console_typed(code, *spaced)
    assert said == console_typed(code, *joined) and "unknown" not in said and "unbekannt" not in said, said


@pytest.mark.parametrize(("code", "word"), [("en", "more_lookouts"), ("de", "Mehr_Beobachter"),
                                            ("ru", "Ещё_сигнальщики")])
def test_9_3_more_lookouts_typed_as_the_button_says_asks_for_no_task(code, word):
    """§9.3: more sailors join the lookouts on the bridge. The window's "More lookouts" sheet asks only how many; its
    word typed at the console is that too, not a `join` that wants to be told the task first (a join naming a
    component still joins that repair)."""
    heard: list[Any] = []
    said = console_typed(code, "mobilize", "place navigator-square 8", "place navigator-triangle 8",
                         "observe count=1", f"{word} count=1", "join component=periscope", heard=heard)
    assert [e.data["count"] for e in heard if e.name == "lookouts"] == [1, 2], said
    assert [s["figure"] for e in heard if e.name == "activation" and e.data["order"] == "join_task"
            for s in e.data["sailors"]] == ["navigator-triangle"]
    assert not any(line.startswith("!") for line in said.splitlines()), said  # no line the console turned back
    # the join naming a component went to that repair: the game says none of the periscope was ordered
    assert [e.data["reason"].template for e in heard if e.name == "action_refused"] == [
        "no repair of the {component} has been ordered"], said


#: the kinds of a console field whose value a sheet's option button names (a flag's button is a toggle, typed
#: `field=yes`, and its label says what it turns on)
VALUE_KINDS = ("choice", "choices", "whole", "wholes")


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_12_every_sheets_fixed_choice_typed_as_its_button_shows_it_is_that_value(code):
    """Every order's and crew action's sheet offers its fixed choices as buttons ("The racks" and "The deck
    containers" on the reload sheet, the card's deck and the medical supplies on the injury card's): each label, typed
    as the button shows it (`_` for a space: `from=the_racks`, `von=die_Lager`, `material=chirurgische_Instrumente`), is
    the value the button gives. A label the console turns back ("from 'the_racks' is not one of: racks, deck") fails
    here."""
    table = _table(code)
    sheet_label = FormSheet._label
    checked, wrong = 0, []
    for form in FORMS.values():
        for f in form.fields:
            declared = next((a for a in form.declared.fields if a.field == f.key), None)
            if not isinstance(f.options, Fixed) or declared is None or declared.kind not in VALUE_KINDS:
                continue
            for option in f.options.options:
                word = sheet_label(table.window.canvas(table.surface), option.label).replace(" ", "_")
                try:
                    value = declared.read(word, language(code))
                except Exception as exc:
                    value = exc
                checked += 1
                if value not in (option.value, [option.value]):
                    wrong.append((form.id, declared.local(language(code)), word, option.value, str(value)))
    assert not wrong, wrong
    assert checked >= 30, checked  # the walk reached the sheets' fixed choices


@pytest.mark.parametrize(("code", "line"), [("en", "reload from=the_racks"), ("de", "nachladen von=die_Lager"),
                                            ("ru", "перезарядка откуда=стеллажи"),
                                            ("en", "reload from=the_deck_containers room=6"),
                                            ("de", "nachladen von=die_Oberdeckbehälter raum=6")])
def test_10_2_the_reload_sheets_source_typed_as_the_sheet_shows_it(code, line):
    """§10.2 reload: the reload sheet's "The racks" typed at the console reloads from the racks, and "The deck
    containers" brings a deck torpedo in; the console never answers that the word is none of its values."""
    said = console_typed(code, line)
    assert not any(row.startswith("!") for row in said.splitlines()), said


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_10_2_the_reload_sheets_from_is_the_consoles_field(code):
    """The reload sheet's "From" ("Von", "Откуда") is the field typed at the console: a German First Officer who
    reads "Aus" there typed `aus=` and was told there is no such field."""
    lang = language(code)
    form = FORMS["reload_torpedo"]
    source = next(f for f in form.fields if f.key == "from")
    typed = lang.render(source.title)
    assert form.declared._field(typed, lang) is form.declared._field("from"), typed
    racks = lang.render(Msg(RELOAD_SOURCES["racks"])).replace(" ", "_")
    said = console_typed(code, f"{form.declared.local(lang)} {typed}={racks}")
    assert not any(row.startswith("!") for row in said.splitlines()), said


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_10_3_the_breach_puzzles_buttons_typed_at_the_console_give_their_result(code):
    """§10.3 hull breach: with the repair crew at work the damage screen asks for the puzzle's result with two buttons
    ("Solved", "Gelöst", "Собрана"; "Failed", ...). Each label typed after the console's `puzzle SECTION` gives what
    the button gives: a Russian First Officer who read "Собрана" typed `головоломка 4 собрана` and was told it is
    none of «решено, провал»."""
    table = _table(code)
    table.runtime.submit({"do": "damage", "kind": "hull_breach", "section": 4})
    table.runtime.submit({"do": "order", "order": "repair", "breach": 4})
    table.runtime.step()
    table.window.dismiss_alarms()
    table.window.show("damage")
    labels = {button: label for button, label in _labels(table).items() if button.startswith("puzzle.4.")}
    assert sorted(labels) == ["puzzle.4.failed", "puzzle.4.solved"], labels
    puzzle = find("puzzle", EVERY, code)
    assert puzzle is not None
    for button, label in labels.items():
        table.reached.clear()
        table.tap(button)
        touched = [c for c in table.reached if c.get("do") == "puzzle"]
        typed = puzzle.read(["4", label.replace(" ", "_")], language(code))
        assert touched and puzzle.line(typed) == {k: v for k, v in touched[0].items() if k != "t"}, (label, typed)
        table.game.apply({"do": "undo"})  # the result taken back: the other button is asked again
        table.runtime.step()
        table.window.dismiss_alarms()
        table.window.show("damage")


def _value_buttons(table: Remembering, prefix: str) -> dict[str, str]:
    """The usable buttons whose id begins with `prefix`, by the value their id ends with, with their labels."""
    return {button.rsplit(".", 1)[1]: label for button, label in _labels(table).items() if button.startswith(prefix)}


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_6_4_a_move_without_a_mobilize_is_settled_typing_the_boat_screens_buttons(code):
    """§6.4 a figure moved without a Mobilize: the boat screen offers "Pay a Mobilize" and "Put it back"
    ("Mobilisieren bezahlen", "Вернуть"); typed after `move_fix FIGURE` each settles it as its button does (they
    were none of `mobilize|put_back` then)."""
    table = Remembering(mission="exercise_convoy", seed=0, language=code)
    table.runtime.table.actuate({"do": "place", "figure": "engineer-square", "section": 5})
    table.runtime.step()
    table.window.dismiss_alarms()
    table.window.show("boat")
    shown = _value_buttons(table, "move_fix.")
    assert sorted(shown) == ["mobilize", "put_back"], shown
    settle = find("move_fix", EVERY, code)
    assert settle is not None
    for choice, label in shown.items():
        typed = settle.read(["engineer-square", label.replace(" ", "_")], language(code))
        assert typed == {"figure": "engineer-square", "choice": choice}, (label, typed)


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_6_14_the_crew_rules_typed_as_the_settings_show_them(code):
    """The settings' crew rules ("enforce", "advise"; German "durchsetzen", "nur warnen") typed as `crew_options
    rules=...` set what the button sets."""
    table = Remembering(mission="exercise_convoy", seed=0, language=code)
    table.window.open_settings()
    shown = _value_buttons(table, "rules.")
    assert sorted(shown) == ["advise", "enforce"], shown
    options = find("crew_options", EVERY, code)
    assert options is not None
    for rule, label in shown.items():
        typed = options.read([f"rules={label.replace(' ', '_')}"], language(code))
        assert typed == {"rules": rule}, (label, typed)


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_12_the_plots_sort_button_typed_after_contacts_lists_in_that_order(code):
    """The plot's list is sorted by its button ("Nearest first", "Neueste zuerst", "Сначала ближние"): each of its
    labels typed after `contacts` asks for that order (they were none of `ближние|новые|опознанные` then)."""
    table = _table(code)
    table.window.show("plot")
    table.window.ui.update(contact=None)
    contacts = find("contacts", EVERY, code)
    assert contacts is not None
    for order in SORTS:
        label = _labels(table)["list.sort"]
        assert contacts.read([label.replace(" ", "_")], language(code)) == {"order": order}, label
        assert contacts.read(label.split(), language(code)) == {"order": order}, label  # with its spaces too
        table.tap("list.sort")


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_12_every_sheets_field_named_as_the_sheet_labels_it(code):
    """An order's sheet names its fields ("Target" on the TDC's, "Ziel", "Цель"; "Injured", "Verletzter" on the injury
    card's): each label that is a word (`_` for a space) typed as `label=value` at the console is that field. A First
    Officer who read "Target" typed `tdc target=c3` and was told the TDC has no field 'target'."""
    lang = language(code)
    checked, wrong = 0, []
    for form in FORMS.values():
        for f in form.fields:
            declared = next((a for a in form.declared.fields if a.field == f.key), None)
            word = lang.render(f.title).strip().replace(" ", "_")
            if declared is None or not re.fullmatch(r"[\w-]+", word):
                continue
            named = form.declared._field(word, lang)
            if named is not None and named is not declared and fold(word) in (
                    named.name, named.key, fold(named.local(lang))):
                continue  # the label is another field's own name ("Sailor": `sailor=<figure>/1`), which that keeps
            checked += 1
            if named is not declared:
                wrong.append((form.id, word, declared.name))
    assert not wrong, wrong
    assert checked >= 10, checked


@pytest.mark.parametrize(("code", "line"), [("en", "tdc target=c1 spread_deg=4"), ("de", "tdc ziel=c1"),
                                            ("ru", "срп цель=c1"), ("de", "nachladen von=lager")])
def test_7_the_tdc_sheets_target_typed_as_the_sheet_labels_it(code, line):
    """§7 the TDC's sheet asks for its "Target": `tdc target=c1` is `tdc contact=c1` (refused or given alike, never an
    unknown field)."""
    said = console_typed(code, line)
    assert not any(row.startswith("!") for row in said.splitlines()), said
