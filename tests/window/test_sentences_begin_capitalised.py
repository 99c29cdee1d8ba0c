"""A feed line or a panel that names a sailor first begins with a capital letter (the console's fingers and eyes:
readable at a glance). "hexagon engineer (Control room mate) is dead" and "square navigator moved 4 → 8 without a
Mobilize" began in lower case in English and Russian, as the figure's words do inside a sentence; a contact's id
("c3") at the start of a line keeps its case."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kaleun.uboot.figures import figure_term

from window.fingers import Table_, drawn_with_rects, shown
from window.test_damage_dead import drowned

BEGINS = {"en": "Hexagon engineer", "de": "Maschinist-Sechseck", "ru": "Механик-шестиугольник"}


@pytest.mark.parametrize("language", sorted(BEGINS))
def test_10_the_feed_line_of_a_sailor_drowned_begins_with_a_capital(language: str) -> None:
    table = drowned(language)  # seven sailors drowned in the control room (§10.3.5): the newest line names one
    newest = table.window.scene().feed[-1]
    assert newest.event == "sailor_killed"
    words = table.window.tr(newest.words)
    assert words.startswith(BEGINS[language]), words
    assert words in " ".join(shown(table))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_10_the_move_without_a_mobilize_begins_with_a_capital(language: str) -> None:
    table = Table_(mission="exercise_convoy", seed=0, language=language)
    table.drag("figure.navigator-square", "section.8")  # no Mobilize paid
    said = shown(table)
    figure = table.window.lang.render(figure_term("navigator-square"))
    assert figure[0].islower()  # inside a sentence the figure's words stay as they are
    capital = figure[0].upper() + figure[1:]
    assert any(text.startswith(capital) for text in said), said
    assert not any(text.startswith(figure) for text in said), said


def test_10_a_contact_id_keeps_its_case() -> None:
    table = Table_()
    assert table.window.tr(Msg("{contact} identified: {cls}", contact="c3", cls="tramp")) == "c3 identified: tramp"
    assert table.window.tr(Msg("{who} in {n}", who=Msg("{c}", c="c3"), n=4)) == "c3 in 4"


@pytest.mark.parametrize(("language", "word"), [("en", "Weather:"), ("de", "Wetter:"), ("ru", "Погода:")])
def test_8_the_weather_under_the_scope_view_begins_with_a_capital(language: str, word: str) -> None:
    """The weather in words under the first-person view ("weather: clear, visibility 20 nm, ...") began in
    lower case in English and Russian, as the console's status line of it does inside its table."""
    table = Table_(mission="exercise_convoy", seed=0, language=language)
    table.tap("tab.scope")
    said = shown(table)
    assert any(text.startswith(word) for text in said), [text for text in said if "8" in text]


CHOICES = {"en": ("Fire in 5", "Electrical fault in 6"), "de": ("Feuer in 5", "Elektrischer Defekt in 6"),
           "ru": ("Пожар в отсеке 5", "Электрическая неисправность в отсеке 6")}


@pytest.mark.parametrize(("language", "words"), sorted(CHOICES.items()))
def test_10_a_choice_on_a_sheet_begins_with_a_capital(language: str, words: tuple[str, ...]) -> None:
    """A sheet's choices are buttons and begin with a capital as every other button does: the repair sheet offered
    "Breach in 4" beside "fire in 5" and "electrical fault in 6" (German "elektrischer Defekt in 6"); a contact's id
    keeps its case ("c4 002°" on the TDC sheet)."""
    from window.test_screens_render import busy_table

    table = busy_table(language)  # a fire in 5, an electrical fault in 6
    table.window.dismiss_alarms()
    table.window.open_form("repair")
    said = shown(table)
    for word in words:
        assert word in said, [text for text in said if " 5" in text or " 6" in text]
    table.window.close_overlay()
    table.window.open_form("tdc")
    said = shown(table)
    assert any(text.startswith("c4 ") for text in said), said


NO_EMPTY_TUBE = {"en": "No tube is empty", "de": "Kein Rohr ist leer", "ru": "Нет пустого аппарата"}


@pytest.mark.parametrize(("language", "words"), sorted(NO_EMPTY_TUBE.items()))
def test_7_5_a_refusal_told_in_the_feed_begins_with_a_capital(language: str, words: str) -> None:
    """§7.5 reloading with every tube loaded: the greyed Give of the reload sheet, touched, tells why in the feed.
    The reason is written to follow "Will be refused:" on the sheet, and the feed showed it as its own line in lower
    case ("! no tube is empty", "! нет пустого аппарата"); the line begins as a sentence, in any language, and says so
    again after a change of language."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    table.window.dismiss_alarms()
    table.tap("tab.attack")
    table.tap("weapon.reload")
    table.tap("sheet.give")  # greyed: the touch tells why
    assert not table.named("order_accepted")
    feed_top = table.target("feed").rect.top  # the sheet stays open above the feed ("Will be refused: no ...")
    said = [text for text, rect in drawn_with_rects(table) if rect.top >= feed_top]
    assert any(text.startswith(words) for text in said), said
    assert not any(text.startswith(words[0].lower() + words[1:]) for text in said), said
    other = "de" if language == "en" else "en"
    table.window.set_language(other)
    assert any(text.startswith(NO_EMPTY_TUBE[other]) for text, _ in drawn_with_rects(table))


@pytest.mark.parametrize("language", ["en", "ru"])
def test_8_4_a_refusal_in_the_feed_that_begins_with_a_contact_keeps_its_id_as_it_is(language: str) -> None:
    """§8.4 the 20 mm gun at a ship: the refusal a feed line shows as a sentence of its own begins with the contact's
    id, which is what the crew types and reads on the sheets ("c3"), not "C3"; a reason in lower case begins with a
    capital there ("No tube is empty", not "no tube is empty")."""
    from kaleun.ui.sentences import sentence

    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    said = table.window.tr(sentence(Msg("{contact} is a ship: the 20 mm gun fires at aircraft", contact="c3")))
    assert said.startswith("c3 "), said
    reason = table.window.tr(sentence(Msg("no tube is empty")))
    assert reason[:1].isupper() and reason[1:] == table.window.lang.render(Msg("no tube is empty"))[1:], reason
